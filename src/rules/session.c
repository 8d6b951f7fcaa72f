/* A game's session on any grid (session.h). */
#include "session.h"

#include <errno.h>
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
	s->seats = seats;
	s->held = game_action_new(s->engine);
	s->start = game_clone(s->game);
	return true;
}

/* Forget a proposal held (undo, the end of the game). */
static void drop_held(game_session *s)
{
	if (s->held) {
		s->engine->action_finish(s->held);
		memset(s->held, 0, s->engine->action_size);
	}
	s->holding = s->chosen = s->released = false;
}

void game_session_close(game_session *s)
{
	drop_held(s);
	free(s->held);
	str_free_words(s->kept.line, s->kept.count);
	game_destroy(s->game);
	game_destroy(s->start);
	game_destroy(s->undo.aside);
	player_close(&s->player);
	memset(s, 0, sizeof *s);
}

void game_session_keep(game_session *s, const char *line, bool undoable)
{
	game_lines *k = &s->kept;
	grow_array((void **)&k->line, &k->capacity, k->count + 1, sizeof *k->line);
	k->line[k->count++] = xstrdup(line);
	if (!undoable)
		k->fixed = k->count;
}

/* A head line: kept, and handed on. */
typedef struct head_keep {
	game_session *s;
	game_line_fn *put;
	void *ctx;
} head_keep;

static void head_put(void *ctx, const char *line)
{
	head_keep *h = ctx;
	if (h->s->start)
		game_session_keep(h->s, line, false);
	if (h->put)
		h->put(h->ctx, line);
}

bool game_session_head(game_session *s, const char *scenario_id, unsigned long long seed, game_line_fn *put,
	void *ctx, rules_error *err)
{
	head_keep h = { s, put, ctx };
	return game_deal_head(s->game, scenario_id, seed, &s->dice, head_put, &h, err);
}

/* Take an action; `saved`: a line of a saved game, judged when it was
 * played, which the seats do not judge again. */
static bool take(game_session *s, game_action *a, game_author by, bool saved, bool *undoable, rules_error *err)
{
	const game_engine *e = s->engine;
	/* With seats, a side types only its own choices. */
	if (s->seats && by == GAME_BY_PLAYER && !saved &&
		!e->own_choice(s->game, a, game_session_decider(s), s->holding, err))
		return false;
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
	if (!ok)
		return false;
	*undoable = !seeded;
	s->passes = 0;
	if (s->start) {
		char *line = e->format(a);
		game_session_keep(s, line, *undoable);
		free(line);
	}
	return true;
}

bool game_session_take(game_session *s, game_action *a, game_author by, bool *undoable, rules_error *err)
{
	return take(s, a, by, false, undoable, err);
}

bool game_session_redo(game_session *s, game_action *a, bool *undoable, rules_error *err)
{
	s->engine->forget_seeded(s->game, a, !s->manual);
	if (!take(s, a, GAME_BY_PLAYER, true, undoable, err))
		return false;
	s->engine->forget_news(s->game);
	return true;
}

void game_session_replay_begin(game_session *s)
{
	drop_held(s);
	s->passes = 0;
	game_replay_begin(&s->undo, &s->game, s->start);
}

void game_session_replay_end(game_session *s, bool keep)
{
	game_replay_end(&s->undo, &s->game, keep);
	drop_held(s);
	if (keep && s->player.ops)
		player_reset(&s->player, 0);
}

/* The position the first `count` kept lines lead to, replayed from the
 * start; the game stays as it was when one is refused. */
static bool rebuild(game_session *s, size_t count)
{
	game_session_replay_begin(s);
	bool ok = true;
	rules_error err;
	for (size_t i = 0; i < count && ok; i++)
		ok = game_apply_text(s->game, s->kept.line[i], (int)i + 1, &err);
	game_session_replay_end(s, ok);
	return ok;
}

game_undo game_session_undo(game_session *s, char **line)
{
	game_lines *k = &s->kept;
	*line = k->count ? k->line[k->count - 1] : NULL;
	if (k->count <= k->fixed) {
		/* The head, a comment, or an action that took from the seed. */
		bool empty = false;
		rules_error why;
		game_action *a = *line ? game_action_parse(s->engine, *line, 0, &empty, &why) : NULL;
		bool head = !a || s->engine->is_head(a);
		game_action_free(s->engine, a);
		return head ? GAME_UNDO_NONE : GAME_UNDO_FIXED;
	}
	if (!rebuild(s, k->count - 1))
		return GAME_UNDO_REFUSED;
	k->count--;
	return GAME_UNDO_DONE;
}

bool game_session_propose(game_session *s, game_action *a)
{
	if (s->chosen) {
		/* The proposal held, with the other side's choice. */
		memcpy(a, s->held, s->engine->action_size);
		memset(s->held, 0, s->engine->action_size);
		s->chosen = false;
		s->released = true;
		return true;
	}
	return player_next(&s->player, s->game, &s->choices, a);
}

bool game_session_answer(game_session *s, game_action *a)
{
	return !s->holding && player_answer(&s->player, s->game, &s->choices, a);
}

game_decision game_session_decide(game_session *s, game_action *a, rules_error *err)
{
	if (s->seats && game_session_decider(s) != game_to_play(s->game)) {
		if (game_session_answer(s, a))
			return GAME_DECIDED_ACTION;
		s->engine->action_finish(a);
		/* Each pass leaves one thing on offer and no step of the rules
		 * offers this many at once: more is a player stuck in a loop. */
		if (s->passes >= GAME_SESSION_PASSES_MAX) {
			rules_fail(err, RULES_ERROR_LOG_RULE, "the automatic player passes again and again, %d times "
				"with no action between", s->passes);
			return GAME_DECIDED_BAD_PASS;
		}
		if (!game_session_pass(s, err))
			return GAME_DECIDED_BAD_PASS;
		s->passes++;
		return GAME_DECIDED_PASS;
	}
	if (!game_session_propose(s, a))
		return GAME_DECIDED_NOTHING;
	if (!game_session_hold(s, a))
		return GAME_DECIDED_ACTION;
	s->engine->action_finish(a);
	return GAME_DECIDED_HELD;
}

/* ---- seats ---- */

int game_session_decider(game_session *s)
{
	if (!s->seats)
		return game_to_play(s->game);
	if (s->holding)
		return s->held_side;
	return s->engine->decider(s->game);
}

bool game_session_hold(game_session *s, const game_action *a)
{
	bool released = s->released;
	s->released = false;
	if (!s->seats || released || s->holding || s->chosen)
		return false;
	if (!s->engine->holds(s->game, a, s->held, &s->held_side)) {
		drop_held(s);
		return false;
	}
	s->holding = true;
	return true;
}

bool game_session_choose(game_session *s, const char *word)
{
	if (!s->holding || !s->engine->choose(s->held, word))
		return false;
	s->holding = false;
	s->chosen = true;
	return true;
}

bool game_session_pass(game_session *s, rules_error *err)
{
	/* A proposal held: its side takes the choice a pass makes. */
	if (s->holding)
		return game_session_choose(s, NULL);
	return s->engine->pass(s->game, s->seats, err);
}

size_t game_session_dues(game_session *s, game_due *out, size_t max)
{
	return s->engine->dues(s->game, s->holding ? s->held : NULL, s->seats, out, max);
}

/* ---- a saved game ---- */

bool game_log_seed(const char *line, unsigned long long *seed)
{
	static const char blank[] = " \t\r";
	const char *p = line + strspn(line, blank);
	if (strncmp(p, "seed", 4) != 0 || !p[4] || !strchr(blank, p[4]))
		return false;
	p += 4;
	p += strspn(p, blank);
	size_t digits = strspn(p, "0123456789");
	const char *end = p + digits;
	end += strspn(end, blank);
	if (digits == 0 || digits > 200 || (*end && *end != '#'))
		return false;
	errno = 0;
	unsigned long long v = strtoull(p, NULL, 10);
	if (errno)
		return false;
	*seed = v;
	return true;
}

bool game_log_manual(const char *first_line)
{
	return strncmp(first_line, "# orbat play ", 13) == 0 && strstr(first_line, ", dice manual") != NULL;
}

bool game_saved_read(game_saved *sv, const char *text, size_t size, rules_error *err, size_t *line)
{
	memset(sv, 0, sizeof *sv);
	*line = 0;
	bool has_seed = false;
	for (size_t at = 0; at < size;) {
		const char *nl = memchr(text + at, '\n', size - at);
		size_t end = nl ? (size_t)(nl - text) : size;
		char *got = xstrndup(text + at, end - at);
		size_t len = strlen(got);
		while (len > 0 && got[len - 1] == '\r')
			got[--len] = '\0';
		if (!nl) {
			/* Read as it stands a cut line could be a shorter action, and
			 * another game. */
			*line = sv->count + 1;
			rules_fail(err, RULES_ERROR_LOG_RULE, "the last line is cut short (it has no end of line): '%s'; the log "
				"was not written whole, so the game cannot go on from it as it stands; delete that line to go on "
				"from the action before it", text + at);
			free(got);
			return false;
		}
		grow_array((void **)&sv->lines, &sv->capacity, sv->count + 1, sizeof *sv->lines);
		sv->lines[sv->count++] = got;
		if (sv->count == 1 && game_log_manual(got))
			sv->manual = true;
		if (!has_seed && game_log_seed(got, &sv->seed))
			has_seed = true;
		at = end + 1;
	}
	if (!has_seed)
		return rules_fail(err, RULES_ERROR_LOG_RULE, "has no 'seed' line: only a log written by orbat play can be "
			"resumed");
	return true;
}

void game_saved_free(game_saved *sv)
{
	str_free_words(sv->lines, sv->count);
	memset(sv, 0, sizeof *sv);
}

/* Whether `saved` (canonical) is the next head line the seed dealt
 * (the first `head` kept lines), the comments and blank lines among them
 * skipped from *at. */
static bool head_dealt(game_session *s, const char *saved, size_t head, size_t *at)
{
	char *const *kept = s->kept.line;
	while (*at < head && (kept[*at][0] == '#' || kept[*at][0] == '\0'))
		(*at)++;
	if (*at >= head)
		return false;
	bool empty = false;
	rules_error why;
	game_action *mine = game_action_parse(s->engine, kept[(*at)++], 0, &empty, &why);
	char *text = mine ? s->engine->format(mine) : NULL;
	bool same = text && strcmp(text, saved) == 0;
	free(text);
	game_action_free(s->engine, mine);
	return same;
}

/* Where a resume stands: the head dealt, the next head line to compare. */
typedef struct resume_at {
	size_t head, at;
	const char *scenario_id;
	unsigned long long seed;
} resume_at;

/* One saved line, parsed as `a` (canonical `saved`): a head line the
 * seed dealt, or an action that comes out of the seed as it was saved. */
static bool resume_line(game_session *s, game_action *a, const char *saved, resume_at *r, rules_error *err)
{
	const game_engine *e = s->engine;
	if (e->is_head(a)) {
		const char *named = e->scenario_named(a);
		if (head_dealt(s, saved, r->head, &r->at))
			return true;
		if (named)
			return rules_fail(err, RULES_ERROR_LOG_RULE, "the log is for scenario '%s', not '%s'", named,
				r->scenario_id ? r->scenario_id : "?");
		return rules_fail(err, RULES_ERROR_LOG_RULE, "'%s' is not what seed %llu deals for this scenario", saved,
			r->seed);
	}
	bool undoable = false;
	if (!game_session_redo(s, a, &undoable, err))
		return false;
	char *mine = e->format(a);
	bool same = strcmp(mine, saved) == 0;
	if (!same)
		rules_fail(err, RULES_ERROR_LOG_RULE, "'%s' does not follow from seed %llu, which gives '%s'", saved, r->seed,
			mine);
	free(mine);
	return same;
}

bool game_session_resume(game_session *s, char *const *lines, size_t count, const char *scenario_id,
	unsigned long long seed, rules_error *err, size_t *line)
{
	const game_engine *e = s->engine;
	resume_at r = { s->kept.count, 0, scenario_id, seed };
	for (size_t i = 0; i < count; i++) {
		*line = i + 1;
		bool empty = false;
		rules_error_clear(err);
		game_action *a = game_action_parse(e, lines[i], (int)i + 1, &empty, err);
		if (!a && !empty)
			return false;
		if (!a)
			continue;
		char *saved = e->format(a);
		bool ok = resume_line(s, a, saved, &r, err);
		free(saved);
		game_action_free(e, a);
		if (!ok)
			return false;
	}
	return true;
}
