/* "Balance it": `orbat balance` run in the background on the open scenario
 * as it stands (its unsaved edits too), its progress told to the page and
 * its report (the JSON document of interfaces.md §6) handed over when it
 * is done.
 *
 * The run is the program's own `balance` command in a child process, not
 * games played in the server: it plays on every core through the job pool,
 * a crash or a stop takes only it down, and the server's one thread never
 * waits for it.  The scenario's bytes are written to a private temporary
 * folder; the child's standard output (the report) and standard error (its
 * --progress lines, and any error) go to files there, read when the page
 * asks.  One run at a time; the folder goes with the studio.
 *
 * Routes (past the guards of studio_api.c):
 *   POST /api/balance {"games", "players"?, "seed"?, "lang"?}  start a run
 *   GET  /api/balance            the facts of the run started last
 *   POST /api/balance/stop       stop it
 * The facts: {state: none | running | done | failed | stopped, serial,
 * file, games, players, seed, lang, played, total, current, report (done),
 * error (failed)}; current is false once the scenario changed since. */
#ifndef ORBAT_STUDIO_BALANCE_H
#define ORBAT_STUDIO_BALANCE_H

#include <stdbool.h>

#include "../text/lang.h"
#include "studio_api.h"
#include "studio_doc.h"

/* Games a run may ask for: enough for any verdict the report can settle
 * in an evening, and a bound on what a request can start. */
#define STUDIO_BALANCE_MAX_GAMES 100000

typedef struct studio_balance studio_balance;

/* Nothing is made on disk and nothing runs until the first run. */
studio_balance *studio_balance_create(void);
/* Stops a run still going and removes the temporary folder. */
void studio_balance_destroy(studio_balance *b);

/* Whether the path is one of the routes above. */
bool studio_balance_route(const char *path);
/* The answer to a request for one of them; doc is the open scenario or
 * NULL; lang the request's language, the report's unless the body names
 * one. */
void studio_balance_handle(studio_balance *b, const studio_doc *doc, const studio_request *req, lang_id lang,
	studio_response *resp);

#endif
