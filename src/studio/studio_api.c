#include "studio_api.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../base/util.h"
#include "../base/xmldoc.h"
#include "../cards/diepaint.h"
#include "../model/rulebook.h"
#include "../model/rulebook_print.h"
#include "../render/svgids.h"
#include "../text/strings.h"
#include "studio_doc.h"
#include "studio_edit.h"
#include "studio_balance.h"
#include "studio_game.h"
#include "studio_guard.h"
#include "studio_preview.h"
#include "studio_special.h"

struct studio_api {
	context *ctx;
	char *folder;
	char *static_dir;        /* the data folder's studio/, resolved */
	char *fonts_dir;         /* its fonts/, resolved */
	char token[STUDIO_TOKEN_CHARS];
	/* The cookie's name holds the port: a browser keeps one cookie per
	 * host whatever the port, so two studios side by side would
	 * otherwise each take the other's token. */
	char cookie_name[sizeof STUDIO_COOKIE + 8];
	char *listen;
	studio_hosts hosts;
	lang_id lang;
	bool lang_given;
	validator *validator;
	studio_doc doc;
	bool doc_open;
	studio_history history; /* the open scenario's undo and redo */
	studio_preview *preview; /* its print preview */
	studio_balance *balance; /* its balance run */
	studio_game *game;       /* the game on it, or NULL (ends with any change of it) */
	char **word_ids;         /* the ids of i18n/studio.xml, in file order */
	size_t word_count;
};

/* The files the page is served, at most this large. */
#define STATIC_MAX (8u * 1024u * 1024u)

void studio_response_finish(studio_response *resp)
{
	free(resp->body);
	free(resp->set_cookie);
	free(resp->disposition);
	memset(resp, 0, sizeof *resp);
}

static void respond(studio_response *resp, int status, const char *type, char *body, size_t size)
{
	resp->status = status;
	resp->content_type = type;
	resp->body = body;
	resp->body_size = size;
}

static void respond_json(studio_response *resp, int status, json_t *value)
{
	/* Reals to 9 significant digits: a board's coordinates to a
	 * thousandth of a point, in half the bytes of jansson's 17. */
	char *text = json_dumps(value, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_REAL_PRECISION(9));
	json_decref(value);
	respond(resp, status, "application/json", text, strlen(text));
}

void studio_response_json(studio_response *resp, int status, json_t *value)
{
	respond_json(resp, status, value);
}

void studio_response_error(studio_response *resp, int status, const char *message)
{
	respond_json(resp, status, json_pack("{s:s}", "error", message ? message : "the request failed"));
}

/* The ids of the studio's words, from its own strings file: the page asks
 * for all of them at once, in the language it shows. */
static bool words_read(studio_api *api, char **error)
{
	char *dir = context_path(api->ctx, DATADIR_STRINGS);
	char *path = xasprintf("%s/studio.xml", dir);
	free(dir);
	diag_sink sink;
	diag_sink_init(&sink);
	xml_document *doc = NULL;
	bool ok = xmldoc_load_file(path, NULL, &sink, &doc) == XMLDOC_OK;
	if (ok) {
		size_t cap = 0;
		for (xmlNode *n = xmlDocGetRootElement(doc->doc)->children; n; n = n->next) {
			const char *id = n->type == XML_ELEMENT_NODE ? xmldoc_attr(n, "id") : NULL;
			if (!id)
				continue;
			grow_array((void **)&api->word_ids, &cap, api->word_count + 1, sizeof *api->word_ids);
			api->word_ids[api->word_count++] = xstrdup(id);
		}
	} else {
		*error = xasprintf("cannot read %s", path);
	}
	xmldoc_destroy(doc);
	diag_sink_finish(&sink);
	free(path);
	return ok;
}

static char *data_subdir(context *ctx, const char *name)
{
	char *path = xasprintf("%s/%s", context_data_dir(ctx), name);
	char *real = studio_realpath(path);
	free(path);
	return real;
}

/* orbat studio --play: the game on the scenario opened first. */
static void play_start(studio_api *api, const studio_api_options *o, char **error)
{
	if (!api->doc_open || api->doc.status != VALIDATE_OK || !api->doc.rs) {
		*error = xasprintf("%s cannot be played: it is not a valid scenario (orbat validate says why)", o->file);
		return;
	}
	studio_game_options go = { .sc = api->doc.sc, .rs = api->doc.rs, .folder = api->folder,
		.scenario_file = api->doc.name, .side = o->side, .player = o->player };
	int status;
	api->game = studio_game_create(&go, error, &status);
}

studio_api *studio_api_create(const studio_api_options *o, char **error)
{
	*error = NULL;
	studio_api *api = xcalloc(1, sizeof *api);
	api->ctx = o->ctx;
	api->folder = xstrdup(o->folder);
	api->listen = o->listen ? xstrdup(o->listen) : NULL;
	api->lang = o->lang;
	api->lang_given = o->lang_given;
	studio_history_init(&api->history);
	api->preview = studio_preview_create();
	api->balance = studio_balance_create();
	studio_hosts_init(&api->hosts, api->listen, 0);
	snprintf(api->cookie_name, sizeof api->cookie_name, "%s", STUDIO_COOKIE);
	api->static_dir = data_subdir(o->ctx, "studio");
	api->fonts_dir = data_subdir(o->ctx, "fonts");
	diag_sink sink;
	diag_sink_init(&sink);
	if (!api->static_dir)
		*error = xasprintf("the data folder %s has no studio/ folder", context_data_dir(o->ctx));
	else if (!studio_token_make(api->token))
		*error = xstrdup("no random token can be had from the kernel");
	else if (!(api->validator = validator_create(context_data_dir(o->ctx), &sink)))
		*error = diag_data_error(&sink, 0);
	else if (words_read(api, error) && o->file) {
		char *path = studio_path_inside(api->folder, o->file);
		if (!path)
			*error = xasprintf("%s is not a file of the folder %s", o->file, api->folder);
		else
			api->doc_open = studio_doc_open(&api->doc, api->ctx, api->validator, path, o->file, error);
		free(path);
	}
	diag_sink_finish(&sink);
	if (!*error && o->play)
		play_start(api, o, error);
	if (*error) {
		studio_api_destroy(api);
		return NULL;
	}
	return api;
}

void studio_api_destroy(studio_api *api)
{
	if (!api)
		return;
	studio_game_destroy(api->game);
	if (api->doc_open)
		studio_doc_finish(&api->doc);
	studio_history_finish(&api->history);
	studio_preview_destroy(api->preview);
	studio_balance_destroy(api->balance);
	validator_destroy(api->validator);
	str_free_words(api->word_ids, api->word_count);
	free(api->folder);
	free(api->static_dir);
	free(api->fonts_dir);
	free(api->listen);
	free(api);
}

void studio_api_set_port(studio_api *api, unsigned port)
{
	studio_hosts_init(&api->hosts, api->listen, port);
	snprintf(api->cookie_name, sizeof api->cookie_name, "%s_%u", STUDIO_COOKIE, port & 0xffffu);
}

const char *studio_api_cookie_name(const studio_api *api)
{
	return api->cookie_name;
}

const char *studio_api_token(const studio_api *api)
{
	return api->token;
}

static const char *arg_of(const studio_request *req, const char *key)
{
	for (size_t i = 0; i < req->arg_count; i++)
		if (req->args[i].key && strcmp(req->args[i].key, key) == 0)
			return req->args[i].value;
	return NULL;
}

const char *studio_request_arg(const studio_request *req, const char *key)
{
	return arg_of(req, key);
}

/* The language a request asks for: ?lang=, else the studio's. */
static bool lang_of(const studio_api *api, const studio_request *req, lang_id *lang)
{
	const char *code = arg_of(req, "lang");
	*lang = api->lang;
	return !code || lang_parse(code, lang);
}

static const char *type_of(const char *name)
{
	static const struct { const char *ext, *type; } TYPES[] = {
		{ ".html", "text/html; charset=utf-8" },
		{ ".css", "text/css; charset=utf-8" },
		{ ".js", "text/javascript; charset=utf-8" },
		{ ".svg", "image/svg+xml" },
		{ ".png", "image/png" },
		{ ".ttf", "font/ttf" },
	};
	size_t n = strlen(name);
	for (size_t i = 0; i < ARRAY_LEN(TYPES); i++) {
		size_t e = strlen(TYPES[i].ext);
		if (n > e && strcmp(name + n - e, TYPES[i].ext) == 0)
			return TYPES[i].type;
	}
	return NULL;
}

/* A file of one of the served folders, by its plain name. */
static void serve_file(studio_response *resp, const char *dir, const char *name)
{
	const char *type = type_of(name);
	char *path = type && dir ? studio_path_inside(dir, name) : NULL;
	FILE *f = path ? fopen(path, "rb") : NULL;
	free(path);
	if (!f) {
		studio_response_error(resp, 404, "no such file");
		return;
	}
	byte_buf b = { 0 };
	char chunk[16384];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0 && b.len <= STATIC_MAX)
		bytes_put(&b, chunk, n);
	bool failed = ferror(f) || b.len > STATIC_MAX;
	fclose(f);
	if (failed) {
		free(b.p);
		studio_response_error(resp, 500, "the file cannot be read");
		return;
	}
	bytes_put(&b, "", 1);
	respond(resp, 200, type, (char *)b.p, b.len - 1);
}

static void get_strings(studio_api *api, lang_id lang, studio_response *resp)
{
	diag_sink sink;
	diag_sink_init(&sink);
	const string_table *table = strings_of(api->ctx, &sink);
	diag_sink_finish(&sink);
	if (!table) {
		studio_response_error(resp, 500, "the strings of the data folder cannot be read");
		return;
	}
	json_t *words = json_object();
	for (size_t i = 0; i < api->word_count; i++)
		json_object_set_new(words, api->word_ids[i], json_string(strings_get(table, api->word_ids[i], lang)));
	respond_json(resp, 200, json_pack("{s:s, s:o}", "lang", lang_code(lang), "words", words));
}

static void get_explain(studio_api *api, const studio_request *req, lang_id lang, studio_response *resp)
{
	const char *id = arg_of(req, "rule");
	diag_sink sink;
	diag_sink_init(&sink);
	const rulebook *rb = rulebook_of(api->ctx, &sink);
	const string_table *strings = strings_of(api->ctx, &sink);
	diag_sink_finish(&sink);
	const rulebook_rule *rule = rb && id ? rulebook_find(rb, id) : NULL;
	if (!rb || !strings) {
		studio_response_error(resp, 500, "the rule catalogue cannot be read");
		return;
	}
	if (!rule) {
		studio_response_error(resp, 404, "no such rule");
		return;
	}
	/* The rule as it applies to the open scenario's ruleset, as orbat
	 * explain gives it with --ruleset: the library's words, headings and
	 * all, in the page's language. */
	const rulebook_doc doc = { rb, strings, lang, RULEBOOK_TEXT };
	const rulebook_ruleset *only = api->doc_open && api->doc.rs ? rulebook_find_ruleset(rb, api->doc.rs->id) : NULL;
	char *title, *text;
	rulebook_rule_words(&doc, rule, only, &title, &text);
	respond_json(resp, 200, json_pack("{s:s, s:s, s:s}", "rule", rule->id, "title", title, "text", text));
	free(title);
	free(text);
}

/* The board: ?tile=K one of its tiles (/api/cells lists them), else the
 * whole of it in one document. */
static void get_board(studio_api *api, const studio_request *req, lang_id lang, bool cells, studio_response *resp)
{
	if (!api->doc_open) {
		studio_response_error(resp, 404, "no scenario is open");
		return;
	}
	char *error = NULL;
	const char *tile = arg_of(req, "tile");
	if (cells) {
		const char *outlines = arg_of(req, "outlines");
		json_t *value = studio_doc_cells(&api->doc, api->ctx, lang, !outlines || strcmp(outlines, "0") != 0,
			&error);
		if (value)
			respond_json(resp, 200, value);
	} else if (tile) {
		const boardsvg *b = studio_doc_board(&api->doc, api->ctx, lang, &error);
		char *end = NULL;
		unsigned long k = tile[0] >= '0' && tile[0] <= '9' ? strtoul(tile, &end, 10) : 0;
		if (b && (!end || *end || k >= b->tile_count))
			studio_response_error(resp, 400, "tile must be the number of one of the board's tiles");
		else if (b)
			respond(resp, 200, "image/svg+xml", xstrndup(b->tiles[k].svg, b->tiles[k].svg_size),
				b->tiles[k].svg_size);
	} else {
		boardsvg whole;
		if (studio_doc_board_whole(&api->doc, api->ctx, lang, &whole, &error))
			respond(resp, 200, "image/svg+xml", xstrndup(whole.svg, whole.svg_size), whole.svg_size);
		boardsvg_finish(&whole);
	}
	if (error)
		studio_response_error(resp, 409, error);
	free(error);
}

/* The open scenario's state, with what undo and redo can do. */
static json_t *state_now(studio_api *api, lang_id lang)
{
	json_t *state = studio_doc_state(&api->doc, lang);
	studio_special_add(state, &api->doc, api->ctx, lang);
	json_object_set_new(state, "can_undo", json_boolean(studio_history_can_undo(&api->history)));
	json_object_set_new(state, "can_redo", json_boolean(studio_history_can_redo(&api->history)));
	return state;
}

static void respond_state(studio_api *api, lang_id lang, studio_response *resp)
{
	respond_json(resp, 200, state_now(api, lang));
}

/* The request's body as a JSON object, or NULL after a 400 answer. */
static json_t *body_object(const studio_request *req, const char *expected, studio_response *resp)
{
	json_error_t jerr;
	json_t *body = json_loadb(req->body ? req->body : "", req->body_size, JSON_REJECT_DUPLICATES, &jerr);
	if (!json_is_object(body)) {
		json_decref(body);
		studio_response_error(resp, 400, expected);
		return NULL;
	}
	return body;
}

/* The document made (opened or new) becomes the open one, its history
 * started afresh; or, not made, 422 with why (error, freed here). */
static void doc_take(studio_api *api, bool made, studio_doc *next, char *error, lang_id lang, studio_response *resp)
{
	if (!made) {
		studio_response_error(resp, 422, error);
		free(error);
		return;
	}
	free(error);
	studio_game_destroy(api->game);
	api->game = NULL;
	if (api->doc_open)
		studio_doc_finish(&api->doc);
	api->doc = *next;
	api->doc_open = true;
	studio_history_clear(&api->history);
	respond_state(api, lang, resp);
}

/* POST /api/open {"file": NAME}: the scenario NAME of the folder. */
static void post_open(studio_api *api, const studio_request *req, lang_id lang, studio_response *resp)
{
	json_t *body = body_object(req, "expected {\"file\": NAME}", resp);
	const char *name = json_string_value(json_object_get(body, "file"));
	char *path = name ? studio_path_inside(api->folder, name) : NULL;
	if (!body) {
		/* answered */
	} else if (!name) {
		studio_response_error(resp, 400, "expected {\"file\": NAME}");
	} else if (!path) {
		studio_response_error(resp, 404, "no such scenario in the folder");
	} else {
		studio_doc next;
		char *error = NULL;
		bool made = studio_doc_open(&next, api->ctx, api->validator, path, name, &error);
		doc_take(api, made, &next, error, lang, resp);
	}
	free(path);
	json_decref(body);
}

/* POST /api/new {"ruleset": ID, "file": NAME}: a new scenario from the
 * ruleset's starter template, to be saved as NAME, a file the folder does
 * not have yet (an author's file is never overwritten by a new one). */
static void post_new(studio_api *api, const studio_request *req, lang_id lang, studio_response *resp)
{
	json_t *body = body_object(req, "expected {\"ruleset\": ID, \"file\": NAME}", resp);
	const char *ruleset_id = json_string_value(json_object_get(body, "ruleset"));
	const char *name = json_string_value(json_object_get(body, "file"));
	char *path = name ? studio_path_new(api->folder, name) : NULL;
	if (!body) {
		/* answered */
	} else if (!ruleset_id || !name) {
		studio_response_error(resp, 400, "expected {\"ruleset\": ID, \"file\": NAME}");
	} else if (!path) {
		studio_response_error(resp, 409, "the name must be new in this folder and end in .xml, "
			"of letters, digits, '-', '_' and '.'");
	} else {
		studio_doc next;
		char *error = NULL;
		bool made = studio_doc_new(&next, api->ctx, api->validator, ruleset_id, path, name, &error);
		doc_take(api, made, &next, error, lang, resp);
	}
	free(path);
	json_decref(body);
}

/* POST /api/edit EDIT (studio_edit.h), /api/undo, /api/redo: the state
 * after it, or 422 with the reason the edit module refused it. */
static void post_edit(studio_api *api, const studio_request *req, const char *what, lang_id lang,
	studio_response *resp)
{
	scedit_refusal why = { "", "" };
	bool done;
	if (strcmp(what, "undo") == 0) {
		done = studio_history_undo(&api->history, api->doc.edit, &why);
	} else if (strcmp(what, "redo") == 0) {
		done = studio_history_redo(&api->history, api->doc.edit, &why);
	} else {
		json_t *body = body_object(req, "expected an edit: {\"op\": ...}", resp);
		if (!body)
			return;
		scedit_op op;
		json_int_t group = json_integer_value(json_object_get(body, "group"));
		done = studio_edit_parse(body, &op, &why)
			&& studio_history_edit(&api->history, api->doc.edit, &op, group > 0 ? (unsigned long)group : 0,
				&why);
		json_decref(body);
	}
	/* Even a refused undo may have undone part of a group; a game on
	 * the scenario before ends (it holds its model). */
	studio_game_destroy(api->game);
	api->game = NULL;
	studio_doc_reload(&api->doc, api->validator);
	if (done) {
		/* The board as it now stands comes with the state (the cells'
		 * facts, the tiles' hashes), so that the page fetches only the
		 * tiles that changed, without another round trip.  A board that
		 * cannot be drawn leaves it out: the page's own GET says why. */
		json_t *state = state_now(api, lang);
		char *error = NULL;
		json_t *cells = api->doc.board_ok ? studio_doc_cells(&api->doc, api->ctx, lang, false, &error) : NULL;
		free(error);
		if (cells)
			json_object_set_new(state, "cells", cells);
		respond_json(resp, 200, state);
	} else
		respond_json(resp, 422, json_pack("{s:s, s:s}", "error", why.message, "reason", why.reason));
}

/* POST /api/save {} or {"file": NAME}: the open scenario written over its
 * file, or a copy of it written to NAME of the folder, through a
 * temporary file renamed over the old: a failure leaves it as it was and
 * the answer says why. */
static void post_save(studio_api *api, const studio_request *req, lang_id lang, studio_response *resp)
{
	json_t *body = req->body_size ? body_object(req, "expected {} or {\"file\": NAME}", resp) : json_object();
	if (!body)
		return;
	const json_t *file = json_object_get(body, "file");
	const char *name = json_string_value(file);
	char *path = NULL;
	if (file && !name) {
		studio_response_error(resp, 400, "expected {} or {\"file\": NAME}");
	} else if (name && !(path = studio_path_inside(api->folder, name)) && !(path = studio_path_new(api->folder, name))) {
		studio_response_error(resp, 403, "a scenario is saved only as a file of the studio's folder");
	} else {
		char *error = NULL;
		if (scenario_doc_save(api->doc.edit, path && strcmp(path, api->doc.path) != 0 ? path : NULL, &error))
			respond_state(api, lang, resp);
		else
			studio_response_error(resp, 500, error ? error : "the file cannot be written");
		free(error);
	}
	free(path);
	json_decref(body);
}

/* /api/game/...: the game on the open scenario (studio_game.h). */
static void game_route(studio_api *api, const studio_request *req, bool post, lang_id lang, studio_response *resp)
{
	json_t *body = !post ? NULL : req->body_size ? body_object(req, "expected a JSON object", resp) : json_object();
	if (post && !body)
		return;
	bool playable = api->doc_open && api->doc.status == VALIDATE_OK && api->doc.rs;
	if (!post && strcmp(req->path, "/api/game/die.svg") == 0) {
		/* A die of the open scenario's ruleset showing ?face= (none: a
		 * die not yet rolled), drawn by the library's die painter. */
		char *svg = NULL, *error = NULL;
		size_t size = 0;
		if (playable && diepaint_svg(api->doc.rs, arg_of(req, "face"), &svg, &size, &error))
			respond(resp, 200, "image/svg+xml", svg, size);
		else
			studio_response_error(resp, playable ? 404 : 409, error ? error : "no valid scenario is open");
		free(error);
		json_decref(body);
		return;
	}
	/* The page's words for the offers' texts, when the scenario has a
	 * board (its pieces' names come with it). */
	render_ctx words;
	char *no_words = NULL;
	bool worded = playable && api->doc.board_ok && studio_doc_render_ctx(&api->doc, api->ctx, lang, &words, &no_words);
	free(no_words);
	studio_game_options open = { .sc = playable ? api->doc.sc : NULL, .rs = playable ? api->doc.rs : NULL,
		.folder = api->folder, .scenario_file = api->doc_open ? api->doc.name : NULL,
		.words = worded ? &words : NULL };
	int status = 200;
	if (!post && strcmp(req->path, "/api/game/board.svg") == 0) {
		/* The game's position drawn by the map painter, as it stands. */
		boardsvg now = { 0 };
		char *error = NULL;
		standing st = { 0 };
		/* ?lines=N: the position after the log's first N lines. */
		const char *lines = arg_of(req, "lines");
		char *end = NULL;
		unsigned long n = lines ? strtoul(lines, &end, 10) : 0;
		bool drawn = false;
		if (api->game && lines && (!*lines || *end || !studio_game_standing_at(api->game, n, &st)))
			error = xstrdup("lines: a count of the log's lines");
		else if (api->game && !lines)
			studio_game_standing(api->game, &st);
		if (api->game && !error && studio_doc_board_of(&api->doc, api->ctx, lang, &st.sc, &now, &error)) {
			drawn = true;
			/* The same position, the same bytes (cairo numbers its
			 * surfaces per process). */
			size_t size;
			char *svg = svgids_renumber(now.svg, now.svg_size, &size);
			respond(resp, 200, "image/svg+xml", svg, size);
		} else
			studio_response_error(resp, api->game && !drawn && lines ? 400 : 409,
				error ? error : "no game is being played");
		standing_finish(&st);
		boardsvg_finish(&now);
		free(error);
		return;
	}
	if (!post && strcmp(req->path, "/api/game/card.png") == 0) {
		/* A card of the hand as the deck prints it. */
		render_ctx rc;
		char *error = NULL;
		const char *id = arg_of(req, "id");
		const deckpng_face *f = !api->game ? NULL : !id ? NULL
			: !studio_doc_render_ctx(&api->doc, api->ctx, lang, &rc, &error) ? NULL
			: studio_game_card(api->game, &rc, id, &error);
		if (f) {
			char *png = xmalloc(f->png_size);
			memcpy(png, f->png, f->png_size);
			respond(resp, 200, "image/png", png, f->png_size);
		}
		else
			studio_response_error(resp, !api->game ? 409 : !id ? 400 : 404,
				error ? error : !api->game ? "no game is being played" : "which card: id=");
		free(error);
		return;
	}
	json_t *answer = studio_game_route(&api->game, &open, req->path + 10, body, arg_of(req, "q"), lang, &status);
	json_decref(body);
	respond_json(resp, status, answer);
}

static void route_post(studio_api *api, const studio_request *req, studio_response *resp)
{
	const char *path = req->path;
	lang_id lang;
	if (!lang_of(api, req, &lang))
		studio_response_error(resp, 400, "lang must be en, nl or fr");
	else if (strcmp(path, "/api/open") == 0)
		post_open(api, req, lang, resp);
	else if (strcmp(path, "/api/new") == 0)
		post_new(api, req, lang, resp);
	else if (strncmp(path, "/api/game/", 10) == 0)
		game_route(api, req, true, lang, resp);
	else if (strcmp(path, "/api/edit") != 0 && strcmp(path, "/api/undo") != 0 && strcmp(path, "/api/redo") != 0
		&& strcmp(path, "/api/save") != 0)
		studio_response_error(resp, 404, "no such call");
	else if (!api->doc_open)
		studio_response_error(resp, 409, "no scenario is open");
	else if (strcmp(path, "/api/save") == 0)
		post_save(api, req, lang, resp);
	else
		post_edit(api, req, path + 5, lang, resp);
}

static void get_index(studio_api *api, const studio_request *req, studio_response *resp)
{
	serve_file(resp, api->static_dir, "index.html");
	/* The token of the printed address becomes the cookie every later
	 * request carries; the page then drops it from the address bar. */
	const char *token = arg_of(req, "token");
	if (resp->status == 200 && token)
		resp->set_cookie = xasprintf("%s=%s; Path=/; HttpOnly; SameSite=Strict", api->cookie_name, api->token);
}

static void route_get(studio_api *api, const studio_request *req, studio_response *resp)
{
	const char *path = req->path;
	lang_id lang;
	if (strcmp(path, "/") == 0) {
		get_index(api, req, resp);
	} else if (strncmp(path, "/static/", 8) == 0) {
		serve_file(resp, api->static_dir, path + 8);
	} else if (strncmp(path, "/fonts/", 7) == 0) {
		serve_file(resp, api->fonts_dir, path + 7);
	} else if (strncmp(path, "/api/", 5) != 0) {
		studio_response_error(resp, 404, "no such page");
	} else if (!lang_of(api, req, &lang)) {
		studio_response_error(resp, 400, "lang must be en, nl or fr");
	} else if (strcmp(path, "/api/strings") == 0) {
		get_strings(api, lang, resp);
	} else if (strcmp(path, "/api/files") == 0) {
		json_t *list = studio_folder_list(api->ctx, api->folder, lang);
		json_object_set_new(list, "lang", api->lang_given ? json_string(lang_code(api->lang)) : json_null());
		json_object_set_new(list, "open", api->doc_open ? json_string(api->doc.name) : json_null());
		respond_json(resp, 200, list);
	} else if (strcmp(path, "/api/state") == 0) {
		if (api->doc_open)
			respond_state(api, lang, resp);
		else
			studio_response_error(resp, 404, "no scenario is open");
	} else if (strcmp(path, "/api/board.svg") == 0) {
		get_board(api, req, lang, false, resp);
	} else if (strcmp(path, "/api/cells") == 0) {
		get_board(api, req, lang, true, resp);
	} else if (strcmp(path, "/api/explain") == 0) {
		get_explain(api, req, lang, resp);
	} else if (strncmp(path, "/api/game/", 10) == 0) {
		game_route(api, req, false, lang, resp);
	} else {
		studio_response_error(resp, 404, "no such call");
	}
}

/* Whether the request carries the token: the cookie, or on the first
 * page load the token of the printed address. */
static bool token_ok(const studio_api *api, const studio_request *req)
{
	char cookie[STUDIO_TOKEN_CHARS + 1];
	if (studio_cookie_value(req->cookie, api->cookie_name, cookie, sizeof cookie)
		&& studio_token_equal(api->token, cookie))
		return true;
	return strcmp(req->path, "/") == 0 && studio_token_equal(api->token, arg_of(req, "token"));
}

void studio_api_handle(studio_api *api, const studio_request *req, studio_response *resp)
{
	memset(resp, 0, sizeof *resp);
	bool get = strcmp(req->method, "GET") == 0 || strcmp(req->method, "HEAD") == 0;
	bool post = strcmp(req->method, "POST") == 0;
	lang_id lang;
	/* DNS rebinding: a page of another site whose name now points at
	 * 127.0.0.1 still sends its own name as the Host. */
	if (!studio_host_ok(&api->hosts, req->host))
		studio_response_error(resp, req->host ? 421 : 400, "this server answers only to its loopback address");
	else if (!token_ok(api, req))
		studio_response_error(resp, 403, "the token is missing or wrong: open the address orbat studio printed");
	else if (post && !studio_origin_ok(req->origin, req->host))
		studio_response_error(resp, 403, "a write must come from the studio's own page");
	else if (!get && !post)
		studio_response_error(resp, 405, "only GET and POST");
	else if (req->body_size > STUDIO_BODY_MAX)
		studio_response_error(resp, 413, "the request is too large");
	else if (studio_preview_route(req->path) && lang_of(api, req, &lang))
		studio_preview_handle(api->preview, api->ctx, api->doc_open ? &api->doc : NULL, req, lang, resp);
	else if (studio_balance_route(req->path) && lang_of(api, req, &lang))
		studio_balance_handle(api->balance, api->doc_open ? &api->doc : NULL, req, lang, resp);
	else if (get)
		route_get(api, req, resp);
	else
		route_post(api, req, resp);
}
