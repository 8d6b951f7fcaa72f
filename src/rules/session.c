/* A game's session on any grid (session.h). */
#include "session.h"

#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "loglex.h"

/* ---- a whole log ---- */

game_action *game_log_at(const game_log *log, size_t i)
{
	return (game_action *)(log->actions + i * log->engine->action_size);
}

/* One line into the next free slot; a blank line or a comment takes
 * none. */
static bool load_line(void *ctx, const char *line, int line_no, rules_error *why)
{
	game_log *log = ctx;
	size_t size = log->engine->action_size;
	grow_array((void **)&log->actions, &log->capacity, log->count + 1, size);
	game_action *slot = game_log_at(log, log->count);
	memset(slot, 0, size);
	bool empty = false;
	if (!log->engine->parse(line, line_no, slot, &empty, why))
		return false;
	if (!empty)
		log->count++;
	else
		log->engine->action_finish(slot);
	return true;
}

size_t game_log_load(game_log *log, const game_engine *e, const char *text, size_t size, const char *name,
	diag_sink *sink)
{
	memset(log, 0, sizeof *log);
	log->engine = e;
	return loglex_each_line(text, size, name, sink, load_line, log);
}

bool game_log_apply(game *g, const game_log *log, rules_error *err, int *line)
{
	for (size_t i = 0; i < log->count; i++) {
		const game_action *a = game_log_at(log, i);
		rules_error_clear(err);
		if (!game_apply(g, a, err)) {
			*line = err->line > 0 ? err->line : log->engine->line(a);
			return false;
		}
	}
	return true;
}

bool game_log_finish(game *g, const game_log *log, rules_error *err, int *line)
{
	*line = log->count ? log->engine->line(game_log_at(log, log->count - 1)) : 0;
	return g->impl->finish(g, err);
}

void game_log_free(game_log *log)
{
	for (size_t i = 0; log->engine && i < log->count; i++)
		log->engine->action_finish(game_log_at(log, i));
	free(log->actions);
	memset(log, 0, sizeof *log);
}

/* ---- undo ---- */

void game_replay_begin(game_replay *r, game **current, const game *start)
{
	r->aside = *current;
	*current = game_clone(start);
}

void game_replay_end(game_replay *r, game **current, bool keep)
{
	if (keep) {
		game_destroy(r->aside);
	} else {
		game_destroy(*current);
		*current = r->aside;
	}
	r->aside = NULL;
}

/* ---- a game being played ---- */

bool game_session_open(game_session *s, const game_engine *e, const scenario *sc, const ruleset *rs,
	rules_error *why)
{
	memset(s, 0, sizeof *s);
	s->engine = e;
	s->game = game_open(e, sc, rs, why);
	return s->game != NULL;
}

bool game_session_play(game_session *s, unsigned long long seed, const char *player_name, bool seats,
	bool manual, rules_error *why)
{
	s->manual = manual;
	rng_seed(&s->dice, seed);
	rng_seed(&s->choices, seed ^ PLAYER_CHOICE_SALT);
	if (!player_open(&s->player, player_name ? player_name : PLAYER_DEFAULT, s->engine->grid, -1, 0, why))
		return false;
	if (seats)
		player_own_choices(&s->player);
	s->start = game_clone(s->game);
	return true;
}

void game_session_close(game_session *s)
{
	game_destroy(s->game);
	game_destroy(s->start);
	game_destroy(s->undo.aside);
	player_close(&s->player);
	memset(s, 0, sizeof *s);
}

bool game_session_head(game_session *s, const char *scenario_id, unsigned long long seed, game_line_fn *put,
	void *ctx, rules_error *err)
{
	return game_deal_head(s->game, scenario_id, seed, &s->dice, put, ctx, err);
}

bool game_session_take(game_session *s, game_action *a, game_author by, bool *undoable, rules_error *err)
{
	const game_engine *e = s->engine;
	if (e->is_head(a))
		return rules_fail(err, RULES_ERROR_LOG_RULE, "orbat play writes the head of the log itself");
	if (!e->prepare(s->game, a, s->manual, by == GAME_BY_COMPUTER, err))
		return false;
	bool seeded = e->seeded(s->game, a);
	bool ok;
	if (s->manual && e->rolls(s->game, a))
		ok = game_apply(s->game, a, err);
	else
		ok = game_act(s->game, &s->dice, a, err);
	if (ok)
		*undoable = !seeded;
	return ok;
}

bool game_session_redo(game_session *s, game_action *a, bool *undoable, rules_error *err)
{
	s->engine->forget_seeded(s->game, a, !s->manual);
	return game_session_take(s, a, GAME_BY_PLAYER, undoable, err);
}

void game_session_replay_begin(game_session *s)
{
	game_replay_begin(&s->undo, &s->game, s->start);
}

void game_session_replay_end(game_session *s, bool keep)
{
	game_replay_end(&s->undo, &s->game, keep);
	if (keep && s->player.ops)
		player_reset(&s->player, 0);
}

bool game_session_propose(game_session *s, game_action *a)
{
	return player_next(&s->player, s->game, &s->choices, a);
}

bool game_session_answer(game_session *s, game_action *a)
{
	return player_answer(&s->player, s->game, &s->choices, a);
}
