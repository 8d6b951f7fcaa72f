/* The expert's review of a played game: the log refereed from its start
 * as `orbat check` does, and at the start of each turn of the side(s)
 * reviewed, the expert's advice (expert_advice.h) and the turn the player
 * actually played valued by the same simulations as the expert's choice
 * (expert_value: the same deals and the same dice to start from).  The
 * player's turn is played in a simulation as its recorded lines, in
 * order, where the referee takes them on the simulation's copy (the dice
 * differ: a unit may be gone, a battle may end otherwise): at each step
 * the first line not yet taken that the referee takes; when it takes
 * none (a step the log did not owe, a retreat after other dice), the
 * strong player (simple where it plays no game) takes the step.
 *
 * A turn is marked when the expert's value is at least EXPERT_REVIEW_GAP
 * above the player's and above it by more than twice the standard error
 * of the difference: the gap is worth about two victory flags of a
 * six-flag game in the expert's valuation, and the error keeps the noise
 * of a few simulations from marking a sound turn.  No I/O. */
#ifndef ORBAT_RULES_EXPERT_REVIEW_H
#define ORBAT_RULES_EXPERT_REVIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "../session.h"
#include "expert_advice.h"

/* The gap in value (0..1) from which a turn may be marked. */
#define EXPERT_REVIEW_GAP 0.10
/* And the standard errors of the difference it must exceed. */
#define EXPERT_REVIEW_ERRORS 2.0

typedef struct expert_review_turn {
	int turn;               /* the game's turn count once it began */
	int side;               /* the side that played it */
	int line;               /* the log line of its first action */
	char **played;          /* its lines as the log wrote them */
	size_t played_count;
	expert_advice advice;   /* the expert's, at the turn's start */
	double played_value;    /* the player's turn, mean value 0..1 */
	double expert_value;    /* the expert's, by the same simulations */
	double error;           /* the standard error of their difference */
	long sims;              /* simulations of each */
	long played_wins, expert_wins;  /* those that ended in the side's win */
	bool marked;
} expert_review_turn;

/* Each turn reviewed, with the game at its start. */
typedef void expert_review_fn(void *ctx, game *start, const expert_review_turn *t);

/* Referee the log on g (at the scenario's start) and review the turns of
 * `side` (GAME_NO_SIDE: both) within the budget a turn, each through
 * `each`.  False at the first illegal action, with the reason and its
 * line (the turns before it reviewed). */
bool expert_review_log(game *g, const game_log *log, int side, const expert_think *think, expert_review_fn *each,
	void *ctx, rules_error *err, int *line);

#endif
