/* The studio's answer to one HTTP request, as a plain function of the
 * request's texts: the security checks (studio_guard.h), then the route.
 * The HTTP library's side (studio.c) only copies a request in and the
 * answer out, so that the tests and the fuzz harness drive this without
 * a socket.
 *
 * Routes (JSON with jansson; every answer carries the security headers):
 *   GET  /                    index.html; ?token=T sets the cookie
 *   GET  /static/NAME         a file of the data folder's studio/
 *   GET  /fonts/NAME          a bundled font (the page uses system fonts)
 *   GET  /api/strings?lang=L  the studio's words
 *   GET  /api/files           the folder's scenarios and the rulesets
 *   GET  /api/state           the open scenario and its diagnostics
 *   GET  /api/board.svg       its board drawn by the print painters;
 *                             ?tile=K one of its tiles, as /api/cells lists them
 *   GET  /api/cells           the cells' outlines and hover facts, the tiles
 *                             (?outlines=0: the facts alone)
 *   GET  /api/explain?rule=ID the rule's text
 *   POST /api/open {"file"}   open a scenario of the folder; the state
 *   /api/preview...           its print preview (studio_preview.h)
 *   GET  /api/game/state      the game on the open scenario (studio_game.h)
 *   GET  /api/game/ask?q=Q    a rules question on its position (moves B6)
 *   GET  /api/game/board.svg  its position drawn by the map painter;
 *                             ?lines=N as it stood after the log's first N lines
 *   GET  /api/game/card.png?id=CARD  a card of the hand as the deck prints it
 *   GET  /api/game/logs       the scenario's saved games, for resume
 *   POST /api/game/start {side?, player?, seed?}, /api/game/resume {file},
 *        /api/game/act {line}, /api/game/undo: the game's steps
 * Every GET of /api takes ?lang=en|nl|fr (default: --lang, else en).  The
 * edits of the scenario (POST /api/edit, /api/undo, /api/redo, /api/save)
 * take their place beside /api/open: a POST, checked as every POST is,
 * whose answer is the new state (studio_doc_state); an edit's, undo's and
 * redo's with "cells", the board as /api/cells?outlines=0 gives it. */
#ifndef ORBAT_STUDIO_API_H
#define ORBAT_STUDIO_API_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "../text/context.h"
#include "../text/lang.h"

/* The largest request body the server reads. */
#define STUDIO_BODY_MAX (1024u * 1024u)

typedef struct studio_arg {
	const char *key;
	const char *value;       /* NULL for "?key" without '=' */
} studio_arg;

typedef struct studio_request {
	const char *method;
	const char *path;        /* percent-decoded, without the query */
	const studio_arg *args;  /* the query's */
	size_t arg_count;
	const char *host;        /* the headers, NULL when absent */
	const char *origin;
	const char *cookie;
	const char *body;
	size_t body_size;
} studio_request;

typedef struct studio_response {
	int status;
	const char *content_type;
	char *body;              /* malloc'd */
	size_t body_size;
	char *set_cookie;        /* a Set-Cookie header, or NULL */
	char *disposition;       /* a Content-Disposition header (malloc'd), or NULL */
} studio_response;

typedef struct studio_api studio_api;

typedef struct studio_api_options {
	context *ctx;
	const char *folder;      /* the scenarios' folder, resolved */
	const char *file;        /* a file of it to open first, or NULL */
	const char *listen;      /* the --listen address, or NULL */
	lang_id lang;
	bool lang_given;         /* --lang: else the browser's language */
	bool play;               /* --play: a game on `file` starts at once */
	const char *side;        /* its side for the user, or NULL */
	const char *player;      /* the computer's player, or NULL */
} studio_api_options;

/* The server's state: the token, the folder, the validator, the open
 * scenario.  NULL with a message (free it) when the data folder is
 * broken, the token cannot be made or the first file cannot be read. */
studio_api *studio_api_create(const studio_api_options *o, char **error);
void studio_api_destroy(studio_api *api);
/* Once the port is known: the Host names that reach the server. */
void studio_api_set_port(studio_api *api, unsigned port);
const char *studio_api_token(const studio_api *api);
/* The name of the cookie that carries the token: STUDIO_COOKIE and the
 * port ("orbat_token_8123"), STUDIO_COOKIE alone before the port is set. */
const char *studio_api_cookie_name(const studio_api *api);

/* The answer to req (free it with studio_response_finish). */
void studio_api_handle(studio_api *api, const studio_request *req, studio_response *resp);
/* A bare error answer with the status, for what the HTTP side refuses
 * itself (a body too large: 413). */
void studio_response_error(studio_response *resp, int status, const char *message);
void studio_response_finish(studio_response *resp);
/* A JSON answer with the status (value is taken). */
void studio_response_json(studio_response *resp, int status, json_t *value);
/* The value of the query argument key, or NULL. */
const char *studio_request_arg(const studio_request *req, const char *key);

#endif
