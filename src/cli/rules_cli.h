/* What the ask, check and play commands share: loading a scenario through
 * the validator into a game position, reading a game log, replaying it.
 * Exit codes as every command gives them: a scenario of a ruleset whose
 * games orbat cannot referee yet (its grid says so) is a usage error (2)
 * for check, play and the hex questions of ask, an invalid one 1. */
#ifndef ORBAT_RULES_CLI_H
#define ORBAT_RULES_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../base/diag.h"
#include "../rules/game.h"
#include "../rules/gamelog.h"
#include "../rules/referee.h"
#include "../validate/validate.h"
#include "command.h"

typedef struct rules_session {
	diag_sink sink;
	validator *v;
	scenario *sc;
	const ruleset *rs;
	game *g;
} rules_session;

/* Validate and load a scenario of a hex ruleset.  Returns an exit code:
 * EXIT_VALID when the game is ready; otherwise the diagnostics are printed
 * (text on stderr, or JSON on stdout) and the session is empty. */
int rules_session_open(rules_session *s, const char *cmd, const char *path, output_format format);
/* The first half of rules_session_open: validate and load the scenario and
 * its ruleset (any grid), without building a game (s->g stays NULL). */
int rules_session_load(rules_session *s, const char *cmd, const char *path, output_format format);
/* The second half: the game on a loaded session, or the refusal of a grid
 * whose games orbat cannot referee yet (exit 2; the session is closed). */
int rules_session_game(rules_session *s, const char *cmd, const char *path);
void rules_session_close(rules_session *s);

/* Parse and replay a game log on the session's game; log_path "-" reads
 * standard input (named <stdin> in diagnostics).  Prints the diagnostics
 * (all malformed lines, else the first illegal action).  Returns
 * EXIT_VALID, EXIT_INVALID or EXIT_USAGE; *ref_out (may be NULL)
 * receives the referee, to be destroyed by the caller. */
int rules_replay(rules_session *s, const char *cmd, const char *log_path, output_format format,
	referee **ref_out);

/* Print diagnostics: text on stderr, or the JSON document of orbat
 * validate on stdout. */
void rules_print_diags(const diag_sink *sink, const char *file, bool valid, output_format format);

#endif
