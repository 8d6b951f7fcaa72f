/* The expert's candidate plans for a turn, and their play.  A plan is a
 * way to play the whole turn: its opening (the card and section it
 * plays, where the grid names the ways to open a turn), the player that
 * plays the rest of it (strong, or simple), and the seed of its own
 * choices.  Played from the same position with the same dice, a plan
 * plays the same turn; played on another (the real game after the
 * search, another determinization, other dice), it plays that
 * position's turn in its manner, so a plan never falls out of the rules
 * the way a recorded list of actions would after other dice.
 *
 * Each step offers the plan's proposal to an `accept` callback (the
 * search acts it on its copy; the real game asks whether the referee
 * would take it); when it is refused, the simple player's, going on from
 * where the turn stands.  No I/O. */
#ifndef ORBAT_RULES_EXPERT_PLAN_H
#define ORBAT_RULES_EXPERT_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "../engine.h"
#include "../players.h"
#include "../rng.h"
#include "expert_grid.h"

/* The most candidates a turn weighs: the strong player's own turn, its
 * turn after each other opening, and the simple player's. */
#define EXPERT_PLAN_MAX 24

typedef struct expert_plan {
	const char *base;    /* the player that plays the turn */
	int manner;          /* and its manner (players.h: PLAYER_MANNER_*) */
	uint64_t seed;       /* the plan's choices */
	/* The turn's first action, a log line; empty: the base player's. */
	char opening[EXPERT_LINE_MAX];
} expert_plan;

/* The candidates for the turn `me` is to play on g, into out; how many
 * (at least one: plan 0, the strong player's own turn, which the search
 * keeps unless another does better): at a turn's opening, the strong
 * player's turn in its other manners, where it has them, and after each
 * other opening the grid names; the plans' seeds come from rnd. */
size_t expert_plan_candidates(game *g, int me, const expert_grid *grid, expert_plan out[EXPERT_PLAN_MAX], rng *rnd);

typedef struct expert_play {
	player base, fallback;
	rng choices;
	char opening[EXPERT_LINE_MAX];  /* the plan's opening, "" once played */
	bool open;
} expert_play;

/* Whether an action is taken; ctx the caller's. */
typedef bool expert_accept_fn(void *ctx, game *g, game_action *a);

/* Seat a plan on the grid (false when a player of it plays no game
 * there). */
bool expert_play_open(expert_play *p, const expert_plan *plan, grid_kind grid);
/* One step on g: true with *a the action `accept` took (the caller
 * finishes it); false when no player's proposal was taken. */
bool expert_play_step(expert_play *p, game *g, game_action *a, expert_accept_fn *accept, void *ctx);
void expert_play_close(expert_play *p);
/* A player of that name on the grid, or `simple` where it plays no game
 * (the plans then differ by their choices): false when neither does. */
bool expert_seat(player *pl, const char *name, grid_kind grid);
/* A log line parsed into *a and offered to `accept`: true when taken;
 * else *a emptied (zeroed). */
bool expert_offer_line(game *g, const char *line, game_action *a, expert_accept_fn *accept, void *ctx);
/* One player's proposal offered to `accept`: true when taken; else *a
 * emptied (zeroed). */
bool expert_offer(player *pl, game *g, rng *choices, game_action *a, expert_accept_fn *accept, void *ctx);

#endif
