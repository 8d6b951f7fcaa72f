/* How long the expert player thinks on a turn: a time in milliseconds
 * (what a player at the table wants) or a count of simulations (what a
 * test wants: the same seed and count give the same game on any
 * machine).  Read from the words of --think: "1000" or "1000ms" for
 * milliseconds, "200sims" for simulations.  The budget is set once for
 * the program by the command that reads it (expert_think_set) and read
 * by every expert player it seats.  No I/O. */
#ifndef ORBAT_RULES_EXPERT_THINK_H
#define ORBAT_RULES_EXPERT_THINK_H

#include <stdbool.h>

/* The default: a second a turn. */
#define EXPERT_THINK_DEFAULT_MS 1000L

typedef struct expert_think {
	long ms;      /* per turn, when sims is 0 */
	long sims;    /* simulations per turn; 0: think for ms */
} expert_think;

/* "1000", "1000ms", "200sims": false when the words say none of these
 * (or zero, or more than a day's worth). */
bool expert_think_parse(const char *text, expert_think *out);
/* The budget of every expert player seated from now on. */
void expert_think_set(const expert_think *t);
expert_think expert_think_get(void);

/* How many turns a simulation plays before its position is valued, for
 * this budget: the searcher's turn and the reply (2), or, on a long
 * budget, both sides' next turns as well (4). */
int expert_think_turns(const expert_think *t);

#endif
