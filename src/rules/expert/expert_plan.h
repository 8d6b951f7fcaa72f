/* The expert's candidate plans for a turn, and their play.  A plan is a
 * way to play the whole turn: a base player (strong, or simple) that
 * plays it, another that takes over each step with a chance, and the
 * seed of the plan's own choices.  Played from the same position with
 * the same dice, a plan plays the same turn; played on another (the real
 * game after the search, another determinization, other dice), it plays
 * that position's turn in its manner, so a plan never falls out of the
 * rules the way a recorded list of actions would after other dice.
 *
 * Each step offers the plan's proposal, then the other player's, then
 * the strong player's, to an `accept` callback (the search acts it on
 * its copy; the real game asks whether the referee would take it):
 * the first taken is the step.  No I/O. */
#ifndef ORBAT_RULES_EXPERT_PLAN_H
#define ORBAT_RULES_EXPERT_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "../engine.h"
#include "../players.h"
#include "../rng.h"

/* The candidates a turn weighs. */
#define EXPERT_PLAN_COUNT 6

typedef struct expert_plan {
	const char *base;    /* the player that plays the turn */
	const char *other;   /* the player that takes a step in its stead */
	int other_pct;       /* its chance at each step, in percent */
	uint64_t seed;       /* the plan's choices */
} expert_plan;

/* The candidates of a turn, their seeds drawn from rnd. */
void expert_plan_candidates(expert_plan out[EXPERT_PLAN_COUNT], rng *rnd);

/* A plan in play: its players' notes and its choices. */
typedef struct expert_play {
	player base, other, fallback;
	int other_pct;
	rng choices;
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
/* One player's proposal offered to `accept`: true when taken; else *a
 * emptied (zeroed). */
bool expert_offer(player *pl, game *g, rng *choices, game_action *a, expert_accept_fn *accept, void *ctx);

#endif
