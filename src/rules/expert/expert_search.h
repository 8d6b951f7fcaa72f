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
	long plan_sims;      /* those of the plan chosen */
	long wins;           /* and of these, those that ended in its side's win */
} expert_verdict;

/* The value of g for `side`: 1 won, 0 lost, else from the flags each side
 * still needs and the material share. */
double expert_evaluate(game *g, int side, const expert_grid *grid);

/* Choose among plans[0..EXPERT_PLAN_COUNT) for `me`, the side to play on
 * g, within the budget. */
void expert_search(game *g, int me, const expert_grid *grid, const expert_plan *plans, const expert_think *think,
	rng *rnd, expert_verdict *out);

/* A way to play the searcher's turn in a simulation: a candidate plan
 * (expert_plan_policy), or a turn a player recorded (expert_review.h).
 * open starts it afresh for each simulation, step offers a step as
 * expert_play_step does, close ends it. */
typedef struct expert_policy {
	bool (*open)(void *self, grid_kind grid);
	bool (*step)(void *self, game *g, game_action *a, expert_accept_fn *accept, void *ctx);
	void (*close)(void *self);
	void *self;
} expert_policy;

/* A plan's policy's notes: the plan and its play between steps. */
typedef struct expert_plan_state {
	const expert_plan *plan;
	expert_play play;
} expert_plan_state;

/* A plan as a policy, its notes in *state (which, with the plan, must
 * outlive the policy). */
void expert_plan_policy(expert_policy *policy, expert_plan_state *state, const expert_plan *plan);

/* What simulations of a policy gave. */
typedef struct expert_tally {
	double sum, squares;  /* of the values */
	long sims;
	long wins;            /* simulations that ended in the side's win */
} expert_tally;

/* Value `policy` for `me`, the side to play on g, over `sims`
 * simulations as the search runs them; the simulations' deals and dice
 * are drawn from `seed`, so that two policies valued with the same seed
 * meet the same deals and start from the same dice. */
void expert_value(game *g, int me, const expert_grid *grid, const expert_policy *policy, long sims, uint64_t seed,
	expert_tally *out);

#endif
