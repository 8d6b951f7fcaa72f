#include "rules_cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../base/jsonout.h"
#include "../base/util.h"
#include "../rules/session.h"
#include "../text/context.h"
#include "game_flow.h"
#include "input.h"
#include "options.h"

/* The same ceiling as a scenario file: a game log of normal length is a
 * few kilobytes. */
#define RULES_LOG_MAX_BYTES (32u * 1024u * 1024u)

void rules_print_diags(const diag_sink *sink, const char *file, bool valid, output_format format)
{
	if (format == FORMAT_TEXT) {
		diag_print_text(sink, 0, sink->count, stderr);
		return;
	}
	json_t *files = json_array();
	json_array_append_new(files, diag_json_file(file, valid, sink, 0, sink->count));
	jsonout_line(stdout, diag_json_document(files));
}

int rules_session_load(rules_session *s, const char *cmd, context *ctx, const char *path, output_format format)
{
	memset(s, 0, sizeof *s);
	s->ctx = ctx;
	diag_sink_init(&s->sink);
	if (input_is_stdin(path)) {
		rules_session_close(s);
		return options_usage(cmd, "name the scenario file: %s does not read a scenario from standard input",
			cmd);
	}
	s->v = cli_validator_in(cmd, ctx, &s->sink);
	if (!s->v) {
		rules_session_close(s);
		return EXIT_INTERNAL;
	}
	validate_status st = validator_check_file(s->v, path, &s->sink, &s->sc, &s->rs);
	if (st == VALIDATE_DATA_ERROR) {
		cli_data_broken(cmd, validator_data_errors(s->v));
		rules_session_close(s);
		return EXIT_INTERNAL;
	}
	if (st != VALIDATE_OK) {
		rules_print_diags(&s->sink, path, false, format);
		if (format == FORMAT_TEXT)
			fprintf(stderr, "orbat %s: %s %s\n", cmd, path, st == VALIDATE_IO_ERROR ? "cannot be read" :
				"is not a valid scenario ('orbat validate' tells more)");
		rules_session_close(s);
		return st == VALIDATE_IO_ERROR ? EXIT_USAGE : EXIT_INVALID;
	}
	return EXIT_VALID;
}

int rules_session_run(rules_session *s, const char *cmd, const char *path, const game_play_opts *play,
	const game_driver **driver, game_run **run)
{
	*run = NULL;
	/* A request the ruleset does not support is a usage error (2), not a
	 * fault of the scenario. */
	const char *refused = NULL;
	*driver = game_driver_of(s->rs, &refused);
	if (!*driver) {
		fprintf(stderr, "orbat %s: %s uses ruleset %s, %s\n", cmd, path, s->rs->id, refused);
		rules_session_close(s);
		return EXIT_USAGE;
	}
	/* Warnings of a valid scenario stay quiet here: validate shows them. */
	diag_sink_clear(&s->sink);
	int code = EXIT_VALID;
	*run = (*driver)->open(s, cmd, path, play, &code);
	if (!*run) {
		rules_session_close(s);
		return code;
	}
	return EXIT_VALID;
}

void rules_session_close(rules_session *s)
{
	scenario_destroy(s->sc);
	validator_destroy(s->v);
	diag_sink_finish(&s->sink);
	memset(s, 0, sizeof *s);
}

int rules_log_read(const char *cmd, const char *log_path, const game_engine *e, game_log *log, diag_sink *sink,
	const char **name)
{
	memset(log, 0, sizeof *log);
	size_t size = 0;
	char *text = NULL;
	bool too_large = false;
	/* "-": the log comes from standard input, named <stdin> in messages. */
	*name = input_is_stdin(log_path) ? "<stdin>" : log_path;
	const char *why = NULL;
	if (!input_read(log_path, RULES_LOG_MAX_BYTES, &text, &size, &too_large, &why)) {
		fprintf(stderr, "orbat %s: cannot read %s: %s\n", cmd, input_is_stdin(log_path) ? "standard input" :
			log_path, why);
		return EXIT_USAGE;
	}
	if (too_large) {
		fprintf(stderr, "orbat %s: %s is longer than %u bytes, more than a game log may be\n", cmd, *name,
			RULES_LOG_MAX_BYTES);
		free(text);
		return EXIT_USAGE;
	}
	size_t bad = game_log_load(log, e, text, size, *name, sink);
	free(text);
	return bad ? EXIT_INVALID : EXIT_VALID;
}

int rules_replay(const char *cmd, const char *log_path, output_format format, const game_driver *d,
	game_run *run)
{
	diag_sink sink;
	diag_sink_init(&sink);
	game_log log;
	int code = rules_log_read(cmd, log_path, d->session_of(run)->engine, &log, &sink, &log_path);
	if (code == EXIT_USAGE) {
		diag_sink_finish(&sink);
		return code;
	}
	rules_error err;
	int line = 0;
	/* Malformed lines are in the sink already. */
	if (code == EXIT_VALID && !game_log_apply(d->session_of(run)->game, &log, &err, &line)) {
		diag_add(&sink, log_path, line, 0, DIAG_ERROR, err.rule, "%s", err.message);
		code = EXIT_INVALID;
	} else if (code == EXIT_VALID && !game_log_finish(d->session_of(run)->game, &log, &err, &line)) {
		/* A game stopped halfway through (a battle...) is unfinished,
		 * not illegal: say so and go on. */
		diag_add(&sink, log_path, line, 0, DIAG_WARNING, err.rule, "%s", err.message);
		if (format == FORMAT_TEXT)
			diag_print_text(&sink, 0, sink.count, stderr);
	}
	game_log_free(&log);
	if (code != EXIT_VALID)
		rules_print_diags(&sink, log_path, false, format);
	diag_sink_finish(&sink);
	return code;
}
