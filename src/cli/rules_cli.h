/* What the ask, check and play commands share: loading a scenario through
 * the validator, finding the driver of its grid (game_driver.h) with its
 * game at the scenario's start, reading a game log and replaying it.
 * Exit codes as every command gives them: a scenario of a ruleset whose
 * games orbat cannot referee yet (its grid says so) is a usage error (2)
 * for check, play and the hex questions of ask, an invalid one 1. */
#ifndef ORBAT_RULES_CLI_H
#define ORBAT_RULES_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../base/diag.h"
#include "../validate/validate.h"
#include "command.h"
#include "game_driver.h"

typedef struct rules_session {
	diag_sink sink;
	validator *v;
	scenario *sc;
	const ruleset *rs;
	struct context *ctx;  /* the run's: its data folder, strings, rulesets */
} rules_session;

/* Validate and load a scenario and its ruleset (any grid).  Returns an
 * exit code: EXIT_VALID when loaded; otherwise the diagnostics are printed
 * (text on stderr, or JSON on stdout) and the session is empty. */
int rules_session_load(rules_session *s, const char *cmd, struct context *ctx, const char *path,
	output_format format);
/* The driver of the loaded scenario's grid (game_driver.h) and its game
 * at the scenario's start (`play` NULL but for orbat play).  A grid whose
 * games orbat cannot referee yet is refused (exit 2); on any failure the
 * session is closed. */
int rules_session_run(rules_session *s, const char *cmd, const char *path, const game_play_opts *play,
	const game_driver **driver, game_run **run);
void rules_session_close(rules_session *s);

/* Parse and replay a game log on a driver's game; log_path "-" reads
 * standard input (named <stdin> in diagnostics).  Prints the diagnostics
 * (all malformed lines, else the first illegal action).  Returns
 * EXIT_VALID, EXIT_INVALID or EXIT_USAGE. */
int rules_replay(const char *cmd, const char *log_path, output_format format, const game_driver *d,
	game_run *run);

/* Read and parse a game log for a game of engine `e` (log_path "-":
 * standard input), *name the log's name in diagnostics.  EXIT_VALID;
 * EXIT_INVALID with each malformed line in the sink (free the log
 * either way); EXIT_USAGE, said on stderr, when it cannot be read (the
 * log is empty). */
struct game_log;
int rules_log_read(const char *cmd, const char *log_path, const game_engine *e, struct game_log *log,
	diag_sink *sink, const char **name);

/* Print diagnostics: text on stderr, or the JSON document of orbat
 * validate on stdout. */
void rules_print_diags(const diag_sink *sink, const char *file, bool valid, output_format format);

#endif
