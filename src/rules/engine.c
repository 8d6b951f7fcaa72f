/* The engines by grid, and what every game does the same way through
 * its engine (engine.h). */
#include "engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

/* Each grid's engine, defined in its own folder: named here, and only
 * here, as git's refs.c names its storage backends. */
extern const game_engine hex_engine;
extern const game_engine square_engine;

static const game_engine *const ENGINES[] = { &hex_engine, &square_engine };

const game_engine *game_engine_of_grid(grid_kind grid)
{
	for (size_t i = 0; i < ARRAY_LEN(ENGINES); i++)
		if (ENGINES[i]->grid == grid)
			return ENGINES[i];
	return NULL;
}

const game_engine *game_engine_of(const ruleset *rs, const char **refusal)
{
	const game_engine *e = game_engine_of_grid(rs->grid);
	if (!e && refusal)
		*refusal = "whose games orbat cannot referee yet (its grid has no referee)";
	return e;
}

const game_engine *game_engine_at(size_t i)
{
	return i < ARRAY_LEN(ENGINES) ? ENGINES[i] : NULL;
}

game *game_new(const game_engine *e, size_t size)
{
	game *g = xcalloc(1, size);
	g->impl = e;
	return g;
}

void game_destroy(game *g)
{
	if (g)
		g->impl->destroy(g);
}

game_action *game_action_new(const game_engine *e)
{
	return xcalloc(1, e->action_size);
}

void game_action_free(const game_engine *e, game_action *a)
{
	if (!a)
		return;
	e->action_finish(a);
	free(a);
}

game_action *game_action_parse(const game_engine *e, const char *line, int number, bool *empty, rules_error *why)
{
	*empty = false;
	game_action *a = game_action_new(e);
	if (!e->parse(line, number, a, empty, why)) {
		free(a);
		return NULL;
	}
	if (*empty) {
		game_action_free(e, a);
		return NULL;
	}
	return a;
}

bool game_apply_text(game *g, const char *line, int number, rules_error *err)
{
	bool empty = false;
	game_action *a = game_action_parse(g->impl, line, number, &empty, err);
	if (!a)
		return empty;
	bool ok = game_apply(g, a, err);
	game_action_free(g->impl, a);
	return ok;
}

/* Where the head's lines go. */
typedef struct head_out {
	game *g;
	game_line_fn *put;
	void *ctx;
	rules_error *err;
} head_out;

static bool head_action(void *ctx, game_action *a)
{
	head_out *o = ctx;
	if (!game_apply(o->g, a, o->err))
		return false;
	if (o->put) {
		char *line = o->g->impl->format(a);
		o->put(o->ctx, line);
		free(line);
	}
	return true;
}

static bool head_line(head_out *o, const char *line)
{
	bool empty = false;
	game_action *a = game_action_parse(o->g->impl, line, 0, &empty, o->err);
	bool ok = a && head_action(o, a);
	game_action_free(o->g->impl, a);
	return ok;
}

bool game_deal_head(game *g, const char *scenario_id, unsigned long long seed, rng *dice, game_line_fn *put, void *ctx,
	rules_error *err)
{
	head_out o = { g, put, ctx, err };
	char line[256];
	bool ok = head_line(&o, "orbat-game-log 1");
	snprintf(line, sizeof line, "scenario %s", scenario_id ? scenario_id : "?");
	ok = ok && head_line(&o, line);
	snprintf(line, sizeof line, "seed %llu", seed);
	ok = ok && head_line(&o, line);
	return ok && g->impl->deal(g, dice, head_action, &o, err);
}
