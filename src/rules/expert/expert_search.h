/* The expert's search: which candidate plan (expert_plan.h) to play this
 * turn.  Information-set Monte Carlo over determinizations: each
 * simulation takes a copy of the game, deals the cards the searcher
 * cannot see again from what it can know (the grid's determinize), rolls
 * dice of its own, plays the turn by a candidate plan and the other
 * side's next turn by the strong player (on a long budget both sides'
 * next turns too: expert_think_turns), and values the position reached
 * (the grid's evaluate at the cut); in the end game, when a side is one
 * flag from its target, it plays on for some turns, both sides by the
 * strong player, so that who takes the last flag decides the value.  The candidates share the simulations
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
#include "expert_grid.h"
#include "expert_plan.h"
#include "expert_think.h"


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

/* Whether a side is one flag (or point) from its target: the search then
 * plays its simulations on for some turns, toward the game's end. */
bool expert_endgame(game *g);

/* Choose among plans[0..plan_count) for `me`, the side to play on
 * g, within the budget. */
void expert_search(game *g, int me, const expert_grid *grid, const expert_plan *plans, size_t plan_count,
	const expert_think *think, rng *rnd, expert_verdict *out);

/* A way to play the searcher's turn in a simulation: a candidate plan
 * (expert_plan_policy), or a turn a player recorded (expert_review.h).
 * open starts it afresh for each simulation, step offers a step as
 * expert_play_step does, close ends it. */
typedef struct expert_policy {
	bool (*open)(void *self, grid_kind grid);
	bool (*step)(void *self, game *g, game_action *a, expert_accept_fn *accept, void *ctx);
	void (*close)(void *self);
	/* Told when a step of the turn is another side's (an answer), or
	 * NULL. */
	void (*aside)(void *self);
	void *self;
} expert_policy;

/* A plan's policy's notes: the plan and its play between steps. */
typedef struct expert_plan_state {
	const expert_plan *plan;
	expert_play play;
	/* The turn's first steps, up to the first that rolls a die or draws
	 * a card: the same in every simulation of the plan (its players
	 * order and move by what the board shows, never by the dice to come
	 * or the hidden hand), so worked out by the first simulation and
	 * played again from their lines by the others. */
	char **prefix;
	size_t prefix_len, prefix_cap;
	bool recorded;    /* the prefix is complete */
	bool recording;   /* this simulation writes it */
	size_t pos;       /* this simulation's next line of it */
	bool live;        /* this simulation's players play on */
} expert_plan_state;

/* A plan as a policy, its notes in *state (which, with the plan, must
 * outlive the policy, and be finished after it). */
void expert_plan_policy(expert_policy *policy, expert_plan_state *state, const expert_plan *plan);
void expert_plan_state_finish(expert_plan_state *state);

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
