/* One game on the studio's open scenario (studio_game.h): the library's
 * session with seats, the computer deciding for its side, the log kept
 * whole beside the scenario. */
#include "studio_game.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../base/outdir.h"
#include "../base/util.h"
#include "../cards/diepaint.h"
#include "../rules/expert/expert_advice.h"
#include "../rules/line_words.h"
#include "../rules/players.h"
#include "../rules/session.h"
#include "../rules/standing.h"
#include "studio_guard.h"
#include "studio_offers.h"

struct studio_game {
	const scenario *sc;
	const ruleset *rs;
	game_session s;
	int human;               /* the side the user plays */
	char *player;            /* the computer's player */
	unsigned long long seed;
	char *log_name;          /* the log's file name in the folder */
	char *log_path;
	char *log_error;         /* why the log could not be written, or NULL */
	bool *by_computer;       /* per kept line: the computer took it */
	size_t by_capacity;
	char *stopped;           /* why the computer stopped playing, or NULL */
	bool manual;             /* the user rolls the dice, the computer's too */
	/* With typed dice, the computer's action waiting for the user to
	 * roll its dice: its line without faces, and how many it rolls. */
	char *roll_line;
	int roll_count;
	bool roll_up_to;         /* at most roll_count (a square combat round) */
	deckpng_face *faces[LANG_COUNT]; /* the deck's fronts, drawn when first asked */
	size_t face_count[LANG_COUNT];
};

/* Saved logs, at most this large (as orbat play's --resume). */
#define STUDIO_LOG_MAX (32u * 1024u * 1024u)
/* The most cards a hand shows, and the most dues. */
#define HAND_MAX 16

static const char *scenario_id(const studio_game *g)
{
	return g->sc->id.text ? g->sc->id.text : "?";
}

void studio_game_destroy(studio_game *g)
{
	if (!g)
		return;
	game_session_close(&g->s);
	free(g->player);
	free(g->log_name);
	free(g->log_path);
	free(g->log_error);
	free(g->by_computer);
	free(g->stopped);
	for (int l = 0; l < LANG_COUNT; l++)
		deckpng_free(g->faces[l], g->face_count[l]);
	free(g->roll_line);
	free(g);
}

/* ---- the log ---- */

/* The whole log under a temporary name renamed into place: a failure
 * leaves the last whole log, and the page is told. */
static void log_write(studio_game *g)
{
	char *error = NULL;
	outfile *f = outfile_create(g->log_path, &error);
	for (size_t i = 0; f && i < g->s.kept.count; i++)
		if (!outfile_puts(f, g->s.kept.line[i]) || !outfile_puts(f, "\n"))
			break;
	free(g->log_error);
	g->log_error = NULL;
	if (!f || !outfile_finish(f, true, &error))
		g->log_error = error ? error : xstrdup("the log cannot be written");
}

/* A new log's name beside the scenario: STEM-game.log, or -2, -3... when
 * taken, for a saved game is never overwritten by a new one. */
static char *log_name_new(const char *folder, const char *scenario_file)
{
	size_t stem = strlen(scenario_file);
	if (stem > 4 && strcmp(scenario_file + stem - 4, ".xml") == 0)
		stem -= 4;
	for (unsigned n = 1;; n++) {
		char *name = n == 1 ? xasprintf("%.*s-game.log", (int)stem, scenario_file)
			: xasprintf("%.*s-game-%u.log", (int)stem, scenario_file, n);
		char *path = xasprintf("%s/%s", folder, name);
		struct stat sb;
		bool taken = lstat(path, &sb) == 0;
		free(path);
		if (!taken || n > 9999)
			return name;
		free(name);
	}
}

/* Whose each kept line is: the last one taken is marked. */
static void mark_last(studio_game *g, bool computer)
{
	size_t n = g->s.kept.count;
	if (!n)
		return;
	if (n > g->by_capacity) {
		size_t cap = g->by_capacity ? g->by_capacity * 2 : 64;
		while (cap < n)
			cap *= 2;
		g->by_computer = xrealloc(g->by_computer, cap * sizeof *g->by_computer);
		memset(g->by_computer + g->by_capacity, 0, (cap - g->by_capacity) * sizeof *g->by_computer);
		g->by_capacity = cap;
	}
	g->by_computer[n - 1] = computer;
}

/* ---- the dice ---- */

/* A face of the ruleset's die as the page shows it: {face, name}, the
 * name in the page's language (the square grid's faces are numbers). */
static json_t *face_json(const studio_game *g, const char *face, lang_id lang)
{
	for (size_t i = 0; i < g->rs->face_count; i++)
		if (strcmp(g->rs->faces[i].id, face) == 0) {
			const char *name = l10n_get(&g->rs->faces[i].name, lang);
			return json_pack("{s:s, s:s}", "face", face, "name", name ? name : face);
		}
	return json_pack("{s:s, s:s}", "face", face, "name", face);
}

/* The dice a line of the log rolled: the faces after its ':' (the log's
 * grammar, docs/game-log.md), each a face of the ruleset's die; none for
 * a line that rolled nothing. */
static json_t *dice_json(const studio_game *g, const char *line, lang_id lang)
{
	json_t *dice = json_array();
	const char *colon = strchr(line, ':');
	char **words = NULL;
	size_t n = colon ? str_split_words(colon + 1, &words, 0) : 0;
	for (size_t i = 0; i < n && words[i][0] != '#'; i++)
		if (diepaint_is_face(g->rs, words[i]))
			json_array_append_new(dice, face_json(g, words[i], lang));
	str_free_words(words, n);
	return dice;
}

/* Every face of the ruleset's die, for the player who rolls by hand. */
static json_t *die_json(const studio_game *g, lang_id lang)
{
	json_t *faces = json_array();
	for (size_t i = 0; i < g->rs->face_count; i++)
		json_array_append_new(faces, face_json(g, g->rs->faces[i].id, lang));
	for (int v = 1; g->rs->grid == GRID_SQUARE && v <= g->rs->square.die_faces; v++) {
		char number[16];
		snprintf(number, sizeof number, "%d", v);
		json_array_append_new(faces, face_json(g, number, lang));
	}
	return faces;
}

/* ---- the lines in words ---- */

/* The page's words on the game as it stands (its pieces' names and
 * cells), for the library's sentences of log lines (rules/line_words.h). */
typedef struct game_words {
	standing st;
	render_ctx rc;
	const render_ctx *on;    /* &rc, or NULL without the page's words */
} game_words;

static void words_begin(studio_game *g, const render_ctx *words, game_words *w)
{
	memset(w, 0, sizeof *w);
	if (!words)
		return;
	standing_make(&w->st, g->s.engine, g->s.game, g->sc);
	w->rc = *words;
	w->rc.sc = &w->st.sc;
	w->on = &w->rc;
}

static void words_end(game_words *w)
{
	if (w->on)
		standing_finish(&w->st);
}

/* `key` of object o set to the line in words, when there are words. */
static void said_set(json_t *o, const char *key, char *said)
{
	if (said)
		json_object_set_new(o, key, json_string(said));
	free(said);
}

/* Each action of `list` ({line}) said in words ("said"). */
static void say_actions(const game_words *w, json_t *list)
{
	size_t i;
	json_t *o;
	json_array_foreach(list, i, o)
		if (json_string_value(json_object_get(o, "line")))
			said_set(o, "said", line_words_line(w->on, json_string_value(json_object_get(o, "line"))));
}

static json_t *refusal(const rules_error *err)
{
	return json_pack("{s:s, s:s}", "error", err->message, "rule", err->rule[0] ? err->rule : "log");
}

/* ---- dice rolled by hand ---- */

/* The referee asks for the faces of an action that rolls when the
 * players roll their own dice (engine prepare: "roll N dice and type the
 * faces: LINE : FACE...", "roll up to N dice ..."): how many, read from
 * its answer; false for any other refusal. */
static bool roll_asked(const rules_error *err, int *count, bool *up_to)
{
	*up_to = sscanf(err->message, "roll up to %d ", count) == 1;
	return (*up_to || sscanf(err->message, "roll %d ", count) == 1) && *count > 0 &&
		strstr(err->message, "and type the faces") != NULL;
}

/* The faces the page asks the user for: {line, count, up_to, computer,
 * said (the line in words)}. */
static json_t *roll_json(const game_words *w, const char *line, int count, bool up_to, bool computer)
{
	json_t *roll = json_pack("{s:s, s:i, s:b, s:b}", "line", line, "count", count, "up_to", up_to, "computer", computer);
	said_set(roll, "said", line_words_line(w->on, line));
	return roll;
}

static void roll_clear(studio_game *g)
{
	free(g->roll_line);
	g->roll_line = NULL;
	g->roll_count = 0;
}

/* ---- the computer ---- */

/* The computer decides while the game waits for its side: each action
 * taken goes into `done` ({line}), a pass as {pass: true}, in order. */
static void computer_plays(studio_game *g, json_t *done, lang_id lang)
{
	game_session *s = &g->s;
	const game_engine *e = s->engine;
	while (!g->stopped && !g->roll_line && !game_over(s->game) && game_session_decider(s) != g->human) {
		game_action *a = game_action_new(e);
		rules_error err;
		rules_error_clear(&err);
		game_decision d = game_session_decide(s, a, &err);
		if (d == GAME_DECIDED_ACTION) {
			bool undoable = false;
			char *line = e->format(a);
			if (game_session_take(s, a, GAME_BY_COMPUTER, &undoable, &err)) {
				free(line);
				line = e->format(a);   /* with its dice now */
				mark_last(g, true);
				json_array_append_new(done, json_pack("{s:s, s:o}", "line", line, "dice", dice_json(g, line, lang)));
			} else if (s->manual && e->rolls(s->game, a) && roll_asked(&err, &g->roll_count, &g->roll_up_to)) {
				/* Its dice are the user's to roll: the game waits. */
				g->roll_line = line;
				line = NULL;
				game_action_free(e, a);
				break;
			} else {
				g->stopped = xasprintf("the computer proposed an illegal action: %s (%s [%s])", line,
					err.message, err.rule);
			}
			free(line);
		} else if (d == GAME_DECIDED_PASS) {
			json_array_append_new(done, json_pack("{s:b}", "pass", 1));
		} else if (d == GAME_DECIDED_NOTHING) {
			g->stopped = xstrdup("the computer has nothing to propose: the game stops here");
		} else if (d == GAME_DECIDED_BAD_PASS) {
			g->stopped = xasprintf("the computer passed where it must decide: %s [%s]", err.message, err.rule);
		}
		/* GAME_DECIDED_HELD: the user chooses first; the loop ends. */
		game_action_free(e, a);
	}
}

/* ---- start and resume ---- */

static int side_named(const studio_game *g, const char *id)
{
	for (int s = 0; s < GAME_SIDE_COUNT; s++)
		if (strcmp(game_side_id(g->s.game, s), id) == 0)
			return s;
	return GAME_NO_SIDE;
}

/* The saved log's lines, or false with why. */
static bool saved_load(const char *path, game_saved *sv, char **error, int *status)
{
	memset(sv, 0, sizeof *sv);
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	size_t size = 0;
	if (f) {
		text = xmalloc(STUDIO_LOG_MAX + 1);
		size = fread(text, 1, STUDIO_LOG_MAX + 1, f);
		fclose(f);
	}
	if (!f || size > STUDIO_LOG_MAX) {
		free(text);
		*error = xstrdup(f ? "the log is larger than a game log may be" : "the log cannot be read");
		*status = f ? 413 : 404;
		return false;
	}
	rules_error err;
	size_t line = 0;
	bool ok = game_saved_read(sv, text, size, &err, &line);
	free(text);
	if (!ok) {
		*error = xasprintf("line %zu: %s [%s]", line, err.message, err.rule);
		*status = 422;
	}
	return ok;
}

/* The session open and ready with the seed, the head written and, for a
 * resume, the saved lines taken again. */
static bool game_begin(studio_game *g, const studio_game_options *o, const game_saved *sv, char **error, int *status)
{
	rules_error why;
	rules_error_clear(&why);
	const char *refused = NULL;
	const game_engine *e = game_engine_of(o->rs, &refused);
	*status = 422;
	if (!e) {
		*error = xasprintf("%s uses ruleset %s, %s", o->scenario_file, o->rs->id, refused);
		return false;
	}
	if (!game_session_open(&g->s, e, o->sc, o->rs, &why)) {
		*error = xasprintf("the board cannot be set up: %s", why.message);
		return false;
	}
	if (!game_session_play(&g->s, g->seed, g->player, true, g->manual, &why)) {
		*status = 400;
		*error = xstrdup(why.message);
		game_session_close(&g->s);
		return false;
	}
	char head[256];
	/* As orbat play writes it: --resume reads typed dice from it. */
	snprintf(head, sizeof head, "# orbat play %s, seed %llu%s", scenario_id(g), g->seed, g->manual ? ", dice manual" : "");
	game_session_keep(&g->s, head, false);
	size_t line = 0;
	if (!game_session_head(&g->s, scenario_id(g), g->seed, NULL, NULL, &why)
		|| (sv && !game_session_resume(&g->s, sv->lines, sv->count, scenario_id(g), g->seed, &why, &line))) {
		*error = line ? xasprintf("line %zu: %s [%s]", line, why.message, why.rule)
			: xasprintf("%s [%s]", why.message, why.rule);
		game_session_close(&g->s);
		return false;
	}
	return true;
}

studio_game *studio_game_create(const studio_game_options *o, char **error, int *status)
{
	*error = NULL;
	*status = 200;
	game_saved sv;
	memset(&sv, 0, sizeof sv);
	char *resume_path = NULL;
	if (o->resume) {
		resume_path = studio_path_inside(o->folder, o->resume);
		if (!resume_path) {
			*error = xasprintf("%s is not a file of the folder", o->resume);
			*status = 404;
			return NULL;
		}
		if (!saved_load(resume_path, &sv, error, status)) {
			free(resume_path);
			return NULL;
		}
	}
	studio_game *g = xcalloc(1, sizeof *g);
	g->sc = o->sc;
	g->rs = o->rs;
	g->seed = o->resume ? sv.seed : o->seeded ? o->seed
		: ((unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 20)) % 1000000000ull;
	g->player = xstrdup(o->player ? o->player : player_strongest(o->rs->grid));
	g->manual = o->resume ? sv.manual : o->manual;
	bool ok = game_begin(g, o, o->resume ? &sv : NULL, error, status);
	game_saved_free(&sv);
	if (!ok) {
		free(resume_path);
		free(g->player);
		free(g);
		return NULL;
	}
	g->human = o->side ? side_named(g, o->side) : 0;
	if (g->human == GAME_NO_SIDE) {
		*error = xasprintf("the scenario has no side '%s'", o->side);
		*status = 400;
		free(resume_path);
		studio_game_destroy(g);
		return NULL;
	}
	if (resume_path) {
		g->log_path = resume_path;
		g->log_name = xstrdup(o->resume);
	} else {
		g->log_name = log_name_new(o->folder, o->scenario_file);
		g->log_path = xasprintf("%s/%s", o->folder, g->log_name);
	}
	json_t *done = json_array();
	computer_plays(g, done, LANG_EN);
	json_decref(done);
	log_write(g);
	return g;
}

/* ---- the state ---- */

/* The engine's state fields (turns, winner, sides, units...) as an
 * object. */
static json_t *engine_state(studio_game *g)
{
	json_t *value = json_pack("{s:s}", "grid", g->s.engine->name);
	g->s.engine->state_json(g->s.game, value);
	return value;
}

/* The ways the referee takes a card of the hand now: played as it is, or
 * for a section the player names (the log's words left, centre, right),
 * with the cells of that section for the board to light. */
static json_t *card_plays(studio_game *g, const char *side, const char *id)
{
	static const char *const SECTIONS[] = { NULL, "left", "centre", "right" };
	json_t *plays = json_array();
	for (size_t k = 0; k < sizeof SECTIONS / sizeof *SECTIONS; k++) {
		char *line = SECTIONS[k] ? xasprintf("play %s %s %s", side, id, SECTIONS[k]) : xasprintf("play %s %s", side, id);
		if (studio_offers_would_take(&g->s, line))
			json_array_append_new(plays, json_pack("{s:s, s:s?, s:o?}", "line", line, "section", SECTIONS[k], "cells",
				SECTIONS[k] ? studio_offers_section_cells(g->sc, g->rs, side, SECTIONS[k]) : NULL));
		free(line);
	}
	return plays;
}

/* The user's hand; when a card may be played now (the user's turn
 * starting), each card with the plays the referee takes. */
static json_t *hand_json(studio_game *g, lang_id lang, bool yours)
{
	game_card cards[HAND_MAX];
	size_t n = g->s.engine->hand(g->s.game, g->human, cards, HAND_MAX);
	bool playing = yours && game_to_play(g->s.game) == g->human;
	const char *side = game_side_id(g->s.game, g->human);
	json_t *hand = json_array();
	for (size_t i = 0; i < n; i++) {
		const char *name = l10n_get(&cards[i].card->name, lang);
		char *text = ruleset_card_text(cards[i].card, lang);
		json_t *o = json_pack("{s:s, s:s, s:s, s:s}", "id", cards[i].id, "card", cards[i].card->id, "name",
			name ? name : cards[i].card->id, "text", text ? text : "");
		if (playing)
			json_object_set_new(o, "plays", card_plays(g, side, cards[i].id));
		json_array_append_new(hand, o);
		free(text);
	}
	return hand;
}

static const char *due_kind(game_due_kind k)
{
	return k == GAME_DUE_OWED ? "owed" : k == GAME_DUE_NEXT ? "next" : "may";
}

/* A due's rule as the explain page names it: the ruleset's prefix on a
 * bare section ("5.1" -> "bc-5.1"). */
static const char *due_rule(const studio_game *g, const char *rule)
{
	return !rule || strchr(rule, '-') ? rule : ruleset_rule(g->rs, rule);
}

static json_t *dues_json(studio_game *g, const game_words *w)
{
	game_due dues[GAME_DUES_MAX];
	size_t n = game_session_dues(&g->s, dues, GAME_DUES_MAX);
	json_t *list = json_array();
	for (size_t i = 0; i < n; i++) {
		const game_due *d = &dues[i];
		json_array_append_new(list, json_pack("{s:s, s:s, s:s?, s:s, s:s, s:i, s:s?, s:s}", "kind", due_kind(d->kind),
			"side", d->side >= 0 ? game_side_id(g->s.game, d->side) : "", "step", d->step, "unit", d->unit,
			"other", d->other, "count", d->count, "rule", due_rule(g, d->rule), "text", d->text));
		/* The referee's own sentence in the page's words: the steps it
		 * names. */
		if (d->text[0])
			said_set(json_array_get(list, json_array_size(list) - 1), "said", line_words_owed(w->on, d->text));
	}
	return list;
}

json_t *studio_game_state(studio_game *g, lang_id lang, const render_ctx *words)
{
	game *gm = g->s.game;
	json_t *state = engine_state(g);
	game_result r;
	gm->impl->result(gm, &r);
	int decider = game_session_decider(&g->s);
	bool over = game_over(gm);
	json_t *log = json_array();
	for (size_t i = 0; i < g->s.kept.count; i++)
		json_array_append_new(log, json_pack("{s:s, s:b, s:o}", "line", g->s.kept.line[i], "computer",
			i < g->by_capacity && g->by_computer[i], "dice", dice_json(g, g->s.kept.line[i], lang)));
	json_object_set_new(state, "file", json_string(g->log_name));
	json_object_set_new(state, "seed", json_integer((json_int_t)g->seed));
	json_object_set_new(state, "side", json_string(game_side_id(gm, g->human)));
	json_object_set_new(state, "computer", json_string(game_side_id(gm, 1 - g->human)));
	json_object_set_new(state, "player", json_string(g->player));
	json_object_set_new(state, "over", json_boolean(over));
	json_object_set_new(state, "decider", decider >= 0 ? json_string(game_side_id(gm, decider)) : json_null());
	bool yours = !over && !g->stopped && !g->roll_line && decider == g->human;
	json_object_set_new(state, "yours", json_boolean(yours));
	json_object_set_new(state, "hand", hand_json(g, lang, yours));
	/* Every line the referee takes from the user now, as clicks. */
	json_object_set_new(state, "offers", yours ? studio_offers(&g->s, g->sc, g->rs, g->human, state, words) : json_array());
	/* The pieces' names, for what the page writes of them. */
	if (words)
		studio_offers_name_pieces(&g->s, g->sc, words, state);
	game_words w;
	words_begin(g, words, &w);
	json_object_set_new(state, "dues", dues_json(g, &w));
	/* The faces of the die, for the pictures and the dice rolled by hand. */
	json_object_set_new(state, "die", die_json(g, lang));
	json_object_set_new(state, "manual", json_boolean(g->manual));
	/* The computer's action whose dice the user rolls now. */
	json_object_set_new(state, "roll", g->roll_line ? roll_json(&w, g->roll_line, g->roll_count, g->roll_up_to, true)
		: json_null());
	words_end(&w);
	json_object_set_new(state, "log", log);
	json_t *players = json_array();
	for (size_t i = 0; i < player_kind_count(); i++)
		if (player_kind_on(player_kind_at(i), g->rs->grid))
			json_array_append_new(players, json_string(player_kind_at(i)->name));
	json_object_set_new(state, "players", players);
	json_object_set_new(state, "stopped", g->stopped ? json_string(g->stopped) : json_null());
	json_object_set_new(state, "log_error", g->log_error ? json_string(g->log_error) : json_null());
	return state;
}

/* ---- the user's actions ---- */

/* The user's line taken: a choice word, a pass, or an action. */
static bool user_takes(studio_game *g, const char *line, char **taken, rules_error *err)
{
	game_session *s = &g->s;
	char word[32] = "";
	sscanf(line, "%31s", word);
	if (!word[0] || word[0] == '#')
		return rules_fail(err, "log", "no action: type one as the game log writes it");
	if (strcmp(word, "pass") == 0) {
		if (!game_session_pass(s, err))
			return false;
		*taken = xstrdup("pass");
		return true;
	}
	if (game_session_choose(s, word)) {
		*taken = xstrdup(word);
		return true;
	}
	bool empty = false;
	game_action *a = game_action_parse(s->engine, line, 0, &empty, err);
	if (!a)
		return false;
	bool undoable = false;
	bool ok = game_session_take(s, a, GAME_BY_PLAYER, &undoable, err);
	if (ok) {
		*taken = s->engine->format(a);
		mark_last(g, false);
	}
	game_action_free(s->engine, a);
	return ok;
}

/* With typed dice, the computer's action waiting for its dice, now
 * given by the user: its line again, with the faces. */
static bool computer_rolled(studio_game *g, const char *line, char **taken, rules_error *err)
{
	game_session *s = &g->s;
	size_t n = strlen(g->roll_line);
	while (*line == ' ')
		line++;
	const char *rest = strncmp(line, g->roll_line, n) == 0 ? line + n : "";
	if (strncmp(line, g->roll_line, n) != 0 || (*rest != ' ' && *rest != ':') || !strchr(rest, ':'))
		return rules_fail(err, "log", "roll the computer's dice first: %s : FACE...", g->roll_line);
	bool empty = false, undoable = false;
	game_action *a = game_action_parse(s->engine, line, 0, &empty, err);
	if (!a)
		return false;
	bool ok = game_session_take(s, a, GAME_BY_COMPUTER, &undoable, err);
	if (ok) {
		*taken = s->engine->format(a);
		mark_last(g, true);
		roll_clear(g);
	}
	game_action_free(s->engine, a);
	return ok;
}

json_t *studio_game_act(studio_game *g, const char *line, lang_id lang, const render_ctx *words, int *status)
{
	rules_error err;
	rules_error_clear(&err);
	*status = 422;
	if (game_over(g->s.game))
		return json_pack("{s:s, s:s}", "error", "the game is over", "rule", "log");
	if ((!g->roll_line && game_session_decider(&g->s) != g->human) || g->stopped)
		return json_pack("{s:s, s:s}", "error", "it is not your decision now", "rule", "log");
	char *taken = NULL;
	if (g->roll_line ? !computer_rolled(g, line, &taken, &err) : !user_takes(g, line, &taken, &err)) {
		json_t *answer = refusal(&err);
		int count = 0;
		bool up_to = false;
		/* An action that rolls, its dice the user's: the page asks for
		 * the faces, as many as the referee said. */
		if (g->manual && !g->roll_line && roll_asked(&err, &count, &up_to)) {
			while (*line == ' ')
				line++;
			size_t len = strlen(line);
			while (len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
				len--;
			char *bare = xstrndup(line, len);
			game_words w;
			words_begin(g, words, &w);
			json_object_set_new(answer, "roll", roll_json(&w, bare, count, up_to, false));
			words_end(&w);
			free(bare);
		}
		return answer;
	}
	*status = 200;
	json_t *done = json_array();
	computer_plays(g, done, lang);
	log_write(g);
	game_words w;
	words_begin(g, words, &w);
	say_actions(&w, done);
	char *said = line_words_line(w.on, taken);
	words_end(&w);
	json_t *answer = json_pack("{s:b, s:s, s:o, s:o, s:o}", "ok", 1, "line", taken, "dice", dice_json(g, taken, lang),
		"computer", done, "state", studio_game_state(g, lang, words));
	said_set(answer, "said", said);
	free(taken);
	return answer;
}

json_t *studio_game_undo(studio_game *g, lang_id lang, const render_ctx *words, int *status)
{
	*status = 422;
	char *last = NULL;
	game_undo got = GAME_UNDO_NONE;
	bool yours = false, back = false;
	/* The computer's actions since the user's last one go back first. */
	while (!yours && g->s.kept.count) {
		size_t i = g->s.kept.count - 1;
		bool computer = i < g->by_capacity && g->by_computer[i];
		got = game_session_undo(&g->s, &last);
		if (got != GAME_UNDO_DONE)
			break;
		free(last);
		last = NULL;
		yours = !computer;
		back = true;
	}
	json_t *answer;
	if (yours) {
		*status = 200;
		answer = json_pack("{s:b, s:o}", "ok", 1, "state", studio_game_state(g, lang, words));
	} else {
		const char *why = got == GAME_UNDO_FIXED ? "it rolled dice or drew a card: it stands, and what came before it"
			: got == GAME_UNDO_REFUSED ? "the position before it cannot be rebuilt" : "nothing is left to take back";
		answer = last ? json_pack("{s:s, s:s, s:s}", "error", why, "line", last, "rule", "log")
			: json_pack("{s:s, s:s}", "error", why, "rule", "log");
	}
	/* Whatever went back of the computer's it decides again; a roll it
	 * waits for stays asked when nothing went back. */
	if (back)
		roll_clear(g);
	json_t *done = json_array();
	computer_plays(g, done, lang);
	json_decref(done);
	log_write(g);
	return answer;
}

/* ---- questions ---- */

typedef struct said {
	json_t *reasons;
} said;

void studio_game_standing(studio_game *g, standing *out)
{
	standing_make(out, g->s.engine, g->s.game, g->sc);
}

bool studio_game_standing_at(studio_game *g, size_t lines, standing *out)
{
	if (lines > g->s.kept.count)
		return false;
	/* The log's first lines applied again on a copy of the start, as undo
	 * rebuilds a position. */
	game *then = game_clone(g->s.start);
	bool ok = true;
	rules_error err;
	for (size_t i = 0; i < lines && ok; i++)
		ok = game_apply_text(then, g->s.kept.line[i], (int)i + 1, &err);
	if (ok)
		standing_make(out, g->s.engine, then, g->sc);
	game_destroy(then);
	return ok;
}

const deckpng_face *studio_game_card(studio_game *g, const render_ctx *rc, const char *id, char **error)
{
	*error = NULL;
	lang_id l = rc->lang;
	if (!g->faces[l] && !deckpng_make(rc, &g->faces[l], &g->face_count[l], error))
		return NULL;
	const deckpng_face *f = deckpng_find(g->faces[l], g->face_count[l], id);
	if (!f)
		*error = xasprintf("the deck has no card '%s'", id);
	return f;
}

static void said_one(void *ctx, const char *query, const rules_error *why)
{
	said *sd = ctx;
	json_array_append_new(sd->reasons, json_pack("{s:s, s:s, s:s}", "question", query, "error", why->message,
		"rule", why->rule));
}

/* The expert's advice in the user's turn, as `orbat play`'s hint gives
 * it: the next action and the turn it would play (the dice assumed), each
 * line in the page's words, and the expected outcome.  The game is not
 * changed.  Seeded from the game's seed and its length, so that the same
 * position asked twice gets the same advice. */
json_t *studio_game_hint(studio_game *g, const render_ctx *words, int *status)
{
	int side = game_to_play(g->s.game);
	if (side != g->human || game_over(g->s.game)) {
		*status = 409;
		return json_pack("{s:s}", "error", "the expert advises in your own turn");
	}
	expert_think budget = { 0, STUDIO_HINT_SIMS };
	expert_advice adv;
	uint64_t seed = g->seed ^ ((uint64_t)g->s.kept.count * 0x9e3779b97f4a7c15ull);
	if (!expert_advise(g->s.game, &budget, seed, &adv) || adv.count == 0) {
		expert_advice_finish(&adv);
		*status = 409;
		return json_pack("{s:s}", "error", "the expert has no advice here");
	}
	game_words w;
	words_begin(g, words, &w);
	json_t *turn = json_array();
	for (size_t i = 0; i < adv.count; i++) {
		json_t *o = json_pack("{s:s, s:b}", "line", adv.lines[i].text, "guess", adv.lines[i].side != side);
		said_set(o, "said", line_words_line(w.on, adv.lines[i].text));
		json_array_append_new(turn, o);
	}
	words_end(&w);
	json_t *answer = json_pack("{s:o, s:b, s:i, s:i, s:i, s:b}", "turn", turn, "whole", adv.whole, "percent",
		expert_advice_percent(adv.verdict.value), "sims", (int)adv.verdict.plan_sims, "wins", (int)adv.verdict.wins,
		"endgame", adv.endgame);
	expert_advice_finish(&adv);
	*status = 200;
	return answer;
}

json_t *studio_game_ask(studio_game *g, const char *question, int *status)
{
	const game_ask_ops *ask = g->s.engine->ask;
	char **words = NULL;
	size_t count = str_split_words(question, &words, 0);
	*status = 400;
	json_t *answer = NULL;
	rules_error why;
	rules_error_clear(&why);
	if (!count || !ask->is_query(words[0])) {
		answer = json_pack("{s:s, s:s}", "error", "ask one of the rules questions", "rule", "log");
		json_object_set_new(answer, "questions", json_string(ask->names));
		str_free_words(words, count);
		return answer;
	}
	game_question *q = xcalloc(1, ask->query_size);
	if (ask->parse(words, (int)count, true, q, &why) <= 0) {
		answer = refusal(&why);
	} else {
		char *text = NULL;
		size_t size = 0;
		FILE *out = open_memstream(&text, &size);
		said sd = { json_array() };
		if (out) {
			ask->answer(g->s.game, q, true, out, said_one, &sd);
			fclose(out);
		}
		json_t *answers = json_array();
		for (char *p = text; p && *p;) {
			char *end = strchr(p, '\n');
			size_t len = end ? (size_t)(end - p) : strlen(p);
			json_t *one = len ? json_loadb(p, len, 0, NULL) : NULL;
			if (one)
				json_array_append_new(answers, one);
			p += len + (end ? 1 : 0);
		}
		free(text);
		*status = 200;
		answer = json_pack("{s:s, s:o, s:o}", "question", question, "answers", answers, "reasons", sd.reasons);
	}
	free(q);
	str_free_words(words, count);
	return answer;
}

/* ---- the calls ---- */

static json_t *route_error(int *status, int code, const char *message)
{
	*status = code;
	return json_pack("{s:s}", "error", message);
}

/* POST start {side?, player?, seed?} or resume {file, side?, player?}:
 * the game before, if any, ends. */
static json_t *route_start(studio_game **held, const studio_game_options *open, const json_t *body, bool resume,
	lang_id lang, int *status)
{
	studio_game_options o = *open;
	const json_t *seed = json_object_get(body, "seed");
	o.side = json_string_value(json_object_get(body, "side"));
	o.player = json_string_value(json_object_get(body, "player"));
	o.seeded = json_is_integer(seed) && json_integer_value(seed) >= 0;
	o.seed = o.seeded ? (unsigned long long)json_integer_value(seed) : 0;
	o.resume = resume ? json_string_value(json_object_get(body, "file")) : NULL;
	/* "rolled" (the studio rolls, the default) or "manual" (the user
	 * rolls real dice and clicks their faces in). */
	const json_t *dice = json_object_get(body, "dice");
	o.manual = json_is_string(dice) && strcmp(json_string_value(dice), "manual") == 0;
	if (dice && !json_is_null(dice) && !o.manual && !(json_is_string(dice) && strcmp(json_string_value(dice), "rolled") == 0))
		return route_error(status, 400, "dice: \"rolled\" or \"manual\"");
	if (resume && !o.resume)
		return route_error(status, 400, "expected {\"file\": LOG}");
	if (seed && !json_is_null(seed) && !o.seeded)
		return route_error(status, 400, "the seed is a whole number, 0 or more");
	char *error = NULL;
	studio_game *g = studio_game_create(&o, &error, status);
	if (!g) {
		json_t *answer = json_pack("{s:s}", "error", error);
		free(error);
		return answer;
	}
	studio_game_destroy(*held);
	*held = g;
	*status = 200;
	return studio_game_state(g, lang, open->words);
}

static int name_order(const void *a, const void *b)
{
	return strcmp(json_string_value(*(json_t *const *)a), json_string_value(*(json_t *const *)b));
}

/* The saved games of the open scenario: the folder's STEM-game*.log, in
 * name order, for the start form's "resume". */
static json_t *saved_logs(const studio_game_options *open)
{
	json_t *list = json_array();
	if (!open->scenario_file || !open->folder)
		return list;
	size_t stem = strlen(open->scenario_file);
	if (stem > 4 && strcmp(open->scenario_file + stem - 4, ".xml") == 0)
		stem -= 4;
	DIR *dir = opendir(open->folder);
	for (struct dirent *e; dir && (e = readdir(dir)) != NULL;) {
		size_t len = strlen(e->d_name);
		if (len >= stem + 9 && strncmp(e->d_name, open->scenario_file, stem) == 0 &&
			strncmp(e->d_name + stem, "-game", 5) == 0 && strcmp(e->d_name + len - 4, ".log") == 0)
			json_array_append_new(list, json_string(e->d_name));
	}
	if (dir)
		closedir(dir);
	size_t n = json_array_size(list);
	json_t **items = xmalloc((n ? n : 1) * sizeof *items);
	for (size_t i = 0; i < n; i++)
		items[i] = json_incref(json_array_get(list, i));
	qsort(items, n, sizeof *items, name_order);
	json_array_clear(list);
	for (size_t i = 0; i < n; i++)
		json_array_append_new(list, items[i]);
	free(items);
	return list;
}

json_t *studio_game_route(studio_game **held, const studio_game_options *open, const char *what, const json_t *body,
	const char *ask, lang_id lang, int *status)
{
	bool start = strcmp(what, "start") == 0, resume = strcmp(what, "resume") == 0;
	if (body && (start || resume))
		return open->sc ? route_start(held, open, body, resume, lang, status)
			: route_error(status, 409, "no valid scenario is open: a game needs one");
	if (!body && strcmp(what, "players") == 0) {
		/* The computer players the library has, for the start form. */
		json_t *list = json_array();
		for (size_t i = 0; i < player_kind_count(); i++) {
			const player_kind *k = player_kind_at(i);
			if (!open->rs || player_kind_on(k, open->rs->grid))
				json_array_append_new(list, json_pack("{s:s, s:s}", "name", k->name, "description",
					k->description[lang]));
		}
		*status = 200;
		return json_pack("{s:o, s:s?}", "players", list, "strongest", open->rs ? player_strongest(open->rs->grid) : NULL);
	}
	if (!body && strcmp(what, "logs") == 0) {
		*status = 200;
		return json_pack("{s:o}", "logs", saved_logs(open));
	}
	if (!*held)
		return route_error(status, 404, "no game is under way");
	*status = 200;
	if (!body && strcmp(what, "state") == 0)
		return studio_game_state(*held, lang, open->words);
	if (!body && strcmp(what, "ask") == 0)
		return studio_game_ask(*held, ask ? ask : "", status);
	if (!body && strcmp(what, "hint") == 0)
		return studio_game_hint(*held, open->words, status);
	if (body && strcmp(what, "undo") == 0)
		return studio_game_undo(*held, lang, open->words, status);
	const char *line = json_string_value(json_object_get(body, "line"));
	if (body && strcmp(what, "act") == 0)
		return line ? studio_game_act(*held, line, lang, open->words, status) : route_error(status, 400, "expected {\"line\": LINE}");
	return route_error(status, 404, "no such call");
}
