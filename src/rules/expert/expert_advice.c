/* The expert's advice (expert_advice.h). */
#include "expert_advice.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "../players.h"
#include "expert_player.h"

/* A guard on the turn played on the copy: turns are far shorter. */
#define ADVICE_TURN_ACTIONS 200

const expert_grid *expert_grid_on(grid_kind grid)
{
	/* The grid gives the expert its hooks where it seats it (its player
	 * table): seated for a moment, the expert names them, and they are
	 * the grid's for the program's life. */
	player p;
	rules_error why;
	if (!player_open(&p, "expert", grid, -1, 0, &why))
		return NULL;
	const expert_grid *eg = ((const expert_player *)p.state)->grid;
	player_close(&p);
	return eg;
}

/* The copy's step: its line kept as a player types it, then acted with
 * the assumed dice. */
typedef struct turn_copy {
	rng dice;
	expert_advice *out;
	size_t capacity;
} turn_copy;

static bool keep_and_act(void *ctx, game *g, game_action *a)
{
	turn_copy *tc = ctx;
	const game_engine *e = g->impl;
	char *line = e->format(a);
	int side = e->action_side(g, a);
	rules_error why;
	if (!line || !game_act(g, &tc->dice, a, &why)) {
		free(line);
		return false;
	}
	expert_advice *out = tc->out;
	if (out->count == tc->capacity) {
		tc->capacity = tc->capacity ? 2 * tc->capacity : 16;
		out->lines = xrealloc(out->lines, tc->capacity * sizeof *out->lines);
	}
	out->lines[out->count++] = (expert_advice_line){ line, side };
	return true;
}

/* The chosen plan's turn played on a copy of g. */
static void play_turn(game *g, const expert_grid *grid, uint64_t seed, expert_advice *out)
{
	game *copy = game_clone(g);
	const game_engine *e = copy->impl;
	expert_play play;
	turn_copy tc = { .out = out };
	rng_seed(&tc.dice, seed);
	game_action *a = game_action_new(e);
	bool open = expert_play_open(&play, &out->plan, grid->grid);
	for (int n = 0; open && n < ADVICE_TURN_ACTIONS; n++) {
		if (game_over(copy) || game_to_play(copy) != out->side || (n > 0 && game_at_turn_start(copy))) {
			out->whole = true;
			break;
		}
		bool ok = expert_play_step(&play, copy, a, keep_and_act, &tc);
		game_action_finish(e, a);
		memset(a, 0, e->action_size);
		if (!ok)
			break;
	}
	if (open)
		expert_play_close(&play);
	game_action_free(e, a);
	game_destroy(copy);
}

bool expert_advise(game *g, const expert_think *think, uint64_t seed, expert_advice *out)
{
	memset(out, 0, sizeof *out);
	out->side = GAME_NO_SIDE;
	const expert_grid *grid = expert_grid_on(g->impl->grid);
	int side = game_to_play(g);
	if (!grid || game_over(g) || side < 0)
		return false;
	out->side = side;
	rng own;
	rng_seed(&own, seed);
	expert_plan plans[EXPERT_PLAN_MAX];
	size_t count = expert_plan_candidates(g, side, grid, plans, &own);
	expert_search(g, side, grid, plans, count, think, &own, &out->verdict);
	out->plan = plans[out->verdict.plan];
	out->endgame = expert_endgame(g);
	play_turn(g, grid, rng_next(&own), out);
	return true;
}

void expert_advice_finish(expert_advice *a)
{
	for (size_t i = 0; i < a->count; i++)
		free(a->lines[i].text);
	free(a->lines);
	memset(a, 0, sizeof *a);
	a->side = GAME_NO_SIDE;
}

int expert_advice_percent(double value)
{
	return (int)lround(value * 100.0);
}
