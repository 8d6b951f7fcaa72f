/* The expert's advice for the side to play on a game: the expert's search
 * (expert_search.h) within a budget, and what it chose told as a player
 * reads it -- the next action as a game-log line the referee takes, the
 * turn it would play (played on a copy with dice of the advice's own: the
 * dice are assumed, the real ones will differ), its mean value and, when
 * a side is one flag from its target, how many of the simulations of the
 * chosen turn ended in a win.  The real game is never changed.  With a
 * count of simulations the same game and seed give the same advice.
 * `orbat play`'s hint and `orbat review` ask it.  No I/O. */
#ifndef ORBAT_RULES_EXPERT_ADVICE_H
#define ORBAT_RULES_EXPERT_ADVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../engine.h"
#include "expert_search.h"
#include "expert_think.h"

/* A line of the turn the expert would play. */
typedef struct expert_advice_line {
	char *text;     /* as a player types it: no faces, no card drawn */
	int side;       /* whose choice it is (the other side's answers are
	                 * the expert's guess at them) */
} expert_advice_line;

typedef struct expert_advice {
	int side;                   /* the side advised: the side to play */
	expert_verdict verdict;     /* the search's: its plan, mean value, simulations */
	expert_plan plan;           /* the plan chosen */
	bool endgame;               /* a side is one flag (or point) from its target */
	expert_advice_line *lines;  /* the turn, the next action first */
	size_t count;
	bool whole;                 /* the turn ends after its lines (else cut short) */
} expert_advice;

/* The grid hooks of the expert on a grid (its seat in the grid's player
 * table names them); NULL when the expert plays no game there. */
const expert_grid *expert_grid_on(grid_kind grid);

/* Advise the side to play on g within the budget, the search's choices
 * and the assumed dice drawn from `seed`.  False when there is nothing to
 * advise: the game is over, no side is to play, or the expert plays no
 * game on its grid. */
bool expert_advise(game *g, const expert_think *think, uint64_t seed, expert_advice *out);
void expert_advice_finish(expert_advice *a);

/* The value's percent, 0..100, as the words show it. */
int expert_advice_percent(double value);

#endif
