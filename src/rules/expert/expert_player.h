/* The expert player ("expert" in players.h), the same on every grid that
 * gives it an expert_grid: at the first step of each of its turns it
 * searches (expert_search.h) for the plan to play, within the budget of
 * expert_think.h, then plays that plan's steps.  Each step is offered to
 * the referee on a copy of the game first (as a line, parsed again, so
 * that the caller's action stays for the table to complete): a step the
 * referee would refuse is never proposed, the strong player's is.
 *
 * Its randomness is its own stream, seeded once from the players' choice
 * stream (players.h: from the game's seed), never from the clock; with a
 * count of simulations the same seed plays the same game.  A grid seats
 * it in its player table with an init of its own that names its
 * expert_grid, and the three ops below.  No I/O. */
#ifndef ORBAT_RULES_EXPERT_PLAYER_H
#define ORBAT_RULES_EXPERT_PLAYER_H

#include "../players.h"
#include "expert_plan.h"
#include "expert_search.h"

typedef struct expert_player {
	const expert_grid *grid;
	int side;
	int turn;             /* the turn the plan belongs to, -1 none */
	int turn_side;        /* and the side it plays */
	bool seeded;
	rng own;
	expert_play play;     /* the plan of this turn */
	player helper;        /* the strong player: the other side's answers */
	bool helper_open;
	expert_verdict last;  /* the last search's verdict */
	bool budgeted;        /* a budget of its own (expert_player_budget), */
	expert_think think;   /* else the program's (expert_think_get) */
} expert_player;

void expert_player_init(expert_player *ep, const expert_grid *grid, int side);
/* player_ops' next, answer and free, on an expert_player's notes. */
bool expert_player_next(void *state, game *g, rng *choices, game_action *a);
bool expert_player_answer(void *state, game *g, rng *choices, game_action *a);
void expert_player_free(void *state);
/* player_ops' budget: a budget of this player's own ("100ms" of
 * "expert@100ms"), in expert_think_parse's words. */
bool expert_player_budget(void *state, const char *text);

/* The expert's player_ops as NAME, on the grid whose hooks are HOOKS (an
 * expert_grid that lives as long as the program): what a grid's player
 * table lists. */
#define EXPERT_PLAYER_OPS(NAME, HOOKS) \
	static void NAME##_init(void *state, int side, long max_turns) \
	{ \
		(void)max_turns; \
		expert_player_init(state, &(HOOKS), side); \
	} \
	static const player_ops NAME = { sizeof(expert_player), NAME##_init, expert_player_next, expert_player_free, \
		NULL, expert_player_answer, expert_player_budget, NULL }

#endif
