/* The expert's search: which candidate plan (expert_plan.h) to play this
 * turn.  Information-set Monte Carlo over determinizations: each
 * simulation takes a copy of the game, deals the cards the searcher
 * cannot see again from what it can know (the grid's determinize), rolls
 * dice of its own, plays the turn by a candidate plan and the other
 * side's next turn by the strong player, and values the position reached
 * (the grid's evaluate at the cut).  The candidates share the simulations
 * by UCB1; the strong player's own turn is played unless another plan's
 * mean beats it by more than a standard error of the difference.
 *
 * The search reads the game only through copies: the real game is never
 * changed, and what it hides from the searcher is dealt again before any
 * simulation looks at it.  Its randomness is the stream it is given.
 * No I/O. */
#ifndef ORBAT_RULES_EXPERT_SEARCH_H
#define ORBAT_RULES_EXPERT_SEARCH_H

#include "../engine.h"
#include "../rng.h"
#include "expert_plan.h"
#include "expert_think.h"

/* What the search needs of a grid beyond the engine's door. */
typedef struct expert_grid {
	grid_kind grid;
	/* Deal again, on a copy, what `viewer` cannot see. */
	void (*determinize)(game *g, int viewer, rng *rnd);
	/* The share of the fighting strength on the board that is `side`'s,
	 * from 0 to 1 (NULL: the flags alone value a position). */
	double (*material)(game *g, int side);
} expert_grid;

typedef struct expert_verdict {
	int plan;            /* index of the plan chosen */
	double value;        /* its mean value, 0 (lost) .. 1 (won) */
	long sims;           /* simulations run, over all plans */
} expert_verdict;

/* The value of g for `side`: 1 won, 0 lost, else from the flags each side
 * still needs and the material share. */
double expert_evaluate(game *g, int side, const expert_grid *grid);

/* Choose among plans[0..EXPERT_PLAN_COUNT) for `me`, the side to play on
 * g, within the budget. */
void expert_search(game *g, int me, const expert_grid *grid, const expert_plan *plans, const expert_think *think,
	rng *rnd, expert_verdict *out);

#endif
