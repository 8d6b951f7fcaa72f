/* The candidate plans of a turn and their play (expert_plan.h). */
#include "expert_plan.h"

#include <string.h>

void expert_plan_candidates(expert_plan out[EXPERT_PLAN_COUNT], rng *rnd)
{
	/* The strong player's own turn first (the search keeps it unless
	 * another does better), then turns that leave its choice at some
	 * steps, then the simple player's, which ventures more. */
	static const expert_plan shapes[EXPERT_PLAN_COUNT] = {
		{ "strong", "simple", 0, 0 },
		{ "strong", "simple", 15, 0 },
		{ "strong", "simple", 30, 0 },
		{ "simple", "strong", 0, 0 },
		{ "strong", "simple", 15, 0 },
		{ "simple", "strong", 50, 0 },
	};
	for (int i = 0; i < EXPERT_PLAN_COUNT; i++) {
		out[i] = shapes[i];
		out[i].seed = rng_next(rnd);
	}
}

/* A plan's player, or `simple` on a grid where it plays no game (the
 * square grid has no `strong`): the plans then differ by their choices. */
static bool seat(player *pl, const char *name, grid_kind grid)
{
	rules_error why;
	return player_open(pl, name, grid, -1, 0, &why) || player_open(pl, "simple", grid, -1, 0, &why);
}

bool expert_play_open(expert_play *p, const expert_plan *plan, grid_kind grid)
{
	memset(p, 0, sizeof *p);
	if (!seat(&p->base, plan->base, grid))
		return false;
	if (!seat(&p->other, plan->other, grid)) {
		player_close(&p->base);
		return false;
	}
	if (!seat(&p->fallback, "strong", grid)) {
		player_close(&p->base);
		player_close(&p->other);
		return false;
	}
	p->other_pct = plan->other_pct;
	rng_seed(&p->choices, plan->seed);
	p->open = true;
	return true;
}

bool expert_offer(player *pl, game *g, rng *choices, game_action *a, expert_accept_fn *accept, void *ctx)
{
	const game_engine *e = g->impl;
	memset(a, 0, e->action_size);
	if (!player_next(pl, g, choices, a))
		return false;
	if (accept(ctx, g, a))
		return true;
	game_action_finish(e, a);
	memset(a, 0, e->action_size);
	return false;
}

bool expert_play_step(expert_play *p, game *g, game_action *a, expert_accept_fn *accept, void *ctx)
{
	bool other_first = p->other_pct > 0 && (int)rng_below(&p->choices, 100) < p->other_pct;
	player *first = other_first ? &p->other : &p->base;
	player *second = other_first ? &p->base : &p->other;
	return expert_offer(first, g, &p->choices, a, accept, ctx) ||
		expert_offer(second, g, &p->choices, a, accept, ctx) ||
		expert_offer(&p->fallback, g, &p->choices, a, accept, ctx);
}

void expert_play_close(expert_play *p)
{
	if (!p->open)
		return;
	player_close(&p->base);
	player_close(&p->other);
	player_close(&p->fallback);
	p->open = false;
}
