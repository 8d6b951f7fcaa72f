/* What the cards and refcard commands share: the ruleset named by
 * --ruleset, the print resources, output folders.  Part of the program,
 * not of liborbat. */
#ifndef ORBAT_CARDS_CLI_H
#define ORBAT_CARDS_CLI_H

#include <stdbool.h>

#include "../base/diag.h"
#include "../base/outdir.h"
#include "../cards/cards.h"
#include "../model/ruleset.h"
#include "../render/render.h"
#include "options.h"

typedef struct cards_session {
	const char *command;         /* "cards", "refcard": prefixes messages */
	const ruleset *rs;           /* the context's */
	diag_sink sink;
	outdir *out;                 /* every file of the run: written whole or not at all */
} cards_session;

/* Load the ruleset (none when ruleset_id is NULL: rc->rs is then NULL)
 * and the print resources into the context; fill rc (language left to the caller; paper is
 * a4 or letter).  Returns an exit code: 0 ready, 2
 * unknown ruleset (with the list of choices), 3 broken installation.
 * Messages go to stderr.  Close the session whatever the result. */
int cards_session_open(cards_session *s, context *ctx, const char *name, const char *ruleset_id, const char *paper,
	render_ctx *rc);
/* End of the run with exit code `code`: when 0, move every file written
 * into place, listing each on stdout unless quiet; a file that cannot be
 * moved gives a message and 2.  A failure the disk or a folder caused
 * turns an internal-error code into 2.  Returns the final exit code. */
int cards_session_commit(cards_session *s, int code, bool quiet);
/* Files not committed are removed, with the folders the run created. */
void cards_session_close(cards_session *s);

/* How far to move the deck's back sides (mm, x right, y down): the value
 * of --back-offset (`option`, NULL when not given) when there is one, else
 * the user's configuration file (base/config.h), else 0,0.  The file is
 * read either way, so a broken one is always reported.  Returns an exit
 * code: 0, or 2 with a message on stderr for a bad value or a file that
 * cannot be read or is malformed. */
int cards_back_offset(const char *cmd, const char *option, double out[2]);

/* A whole run of a command that writes one file per language the options
 * choose: open the session (ruleset_id may be NULL), write
 * OUT/<sub>[/<ruleset>]/<lang>/<file> with `write` (arg passed through),
 * commit and close.  Returns the exit code (messages on stderr). */
typedef bool (*cards_write_fn)(const render_ctx *rc, const void *arg, const char *path, char **error);
int cards_session_write(const char *cmd, const char *ruleset_id, const options *o, const char *sub, const char *file,
	cards_write_fn write, const void *arg);

/* The exit code of a run's outcome: a deck run's (cards_outcome) or a
 * print set's (printset_outcome), which share one scale. */
int cards_exit_code(int outcome);

/* A cards_failed_fn that prints "orbat CMD: MESSAGE" on stderr; its
 * argument is the command's name. */
void cards_tell_failure(void *cmd, lang_id lang, const char *message);

#endif
