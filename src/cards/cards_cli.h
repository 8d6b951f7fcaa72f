/* What the cards and refcard commands share: the ruleset named by
 * --ruleset, the print resources, output folders.  Part of the program,
 * not of liborbat. */
#ifndef ORBAT_CARDS_CLI_H
#define ORBAT_CARDS_CLI_H

#include <stdbool.h>

#include "../base/diag.h"
#include "../model/ruleset.h"
#include "../render/render.h"

typedef struct cards_session {
	const char *command;         /* "cards", "refcard": prefixes messages */
	font_library *fonts;
	string_table *strings;
	layouts *layouts;
	ruleset_registry *registry;
	const ruleset *rs;
	diag_sink sink;
} cards_session;

/* Load the ruleset and the print resources; fill rc (language left to the
 * caller; paper is a4 or letter).  Returns an exit code: 0 ready, 2
 * unknown ruleset (with the list of choices), 3 broken installation.
 * Messages go to stderr.  Close the session whatever the result. */
int cards_session_open(cards_session *s, const char *name, const char *ruleset_id, const char *paper,
	render_ctx *rc);
void cards_session_close(cards_session *s);

/* mkdir -p, then check the folder is writable; false with a message. */
bool cards_make_dirs(const char *path, char **error);

#endif
