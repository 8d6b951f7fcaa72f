#include "rules_cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../base/datadir.h"
#include "../base/json.h"
#include "../base/util.h"
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
	fputs("{\"files\":[", stdout);
	cli_json_file(stdout, file, valid, sink, 0, sink->count);
	fputs("]}\n", stdout);
}

int rules_session_load(rules_session *s, const char *cmd, const char *path, output_format format)
{
	memset(s, 0, sizeof *s);
	diag_sink_init(&s->sink);
	if (input_is_stdin(path)) {
		rules_session_close(s);
		return options_usage(cmd, "name the scenario file: %s does not read a scenario from standard input",
			cmd);
	}
	s->v = cli_validator(cmd, &s->sink);
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

/* Why check and play refuse a grid's scenarios, after "FILE uses ruleset
 * ID, "; NULL where orbat referees its games. */
static const char *const RULES_NOT_REFEREED[GRID_KINDS] = {
	[GRID_HEX] = NULL,
	[GRID_SQUARE] = "played on squares, whose games orbat cannot referee yet",
};

int rules_session_open(rules_session *s, const char *cmd, const char *path, output_format format)
{
	int code = rules_session_load(s, cmd, path, format);
	if (code != EXIT_VALID)
		return code;
	return rules_session_game(s, cmd, path);
}

int rules_session_game(rules_session *s, const char *cmd, const char *path)
{
	/* A request the ruleset does not support is a usage error (2), not a
	 * fault of the scenario. */
	const char *refused = RULES_NOT_REFEREED[s->rs->grid];
	if (refused) {
		fprintf(stderr, "orbat %s: %s uses ruleset %s, %s\n", cmd, path, s->rs->id, refused);
		rules_session_close(s);
		return EXIT_USAGE;
	}
	/* Warnings of a valid scenario stay quiet here: validate shows them. */
	diag_sink_clear(&s->sink);
	s->g = game_create(s->sc, s->rs);
	if (!s->g) {
		/* The validator accepted it: the two disagree, which is ours. */
		fprintf(stderr, "orbat %s: internal error: %s is valid but its board cannot be set up\n", cmd, path);
		rules_session_close(s);
		return EXIT_INTERNAL;
	}
	return EXIT_VALID;
}

void rules_session_close(rules_session *s)
{
	game_destroy(s->g);
	scenario_destroy(s->sc);
	validator_destroy(s->v);
	diag_sink_finish(&s->sink);
	memset(s, 0, sizeof *s);
}

int rules_replay(rules_session *s, const char *cmd, const char *log_path, output_format format,
	referee **ref_out)
{
	if (ref_out)
		*ref_out = NULL;
	size_t size = 0;
	char *text = NULL;
	bool too_large = false;
	/* "-": the log comes from standard input, named <stdin> in messages. */
	const char *name = input_is_stdin(log_path) ? "<stdin>" : log_path;
	if (!input_read(log_path, RULES_LOG_MAX_BYTES, &text, &size, &too_large)) {
		fprintf(stderr, "orbat %s: cannot read %s: %s\n", cmd, input_is_stdin(log_path) ? "standard input" :
			log_path, strerror(errno));
		return EXIT_USAGE;
	}
	if (too_large) {
		fprintf(stderr, "orbat %s: %s is longer than %u bytes, more than a game log may be\n", cmd, name,
			RULES_LOG_MAX_BYTES);
		free(text);
		return EXIT_USAGE;
	}
	log_path = name;
	gl_log log;
	gamelog_init(&log);
	diag_sink sink;
	diag_sink_init(&sink);
	size_t bad = gamelog_parse(text, size, log_path, &log, &sink);
	free(text);
	int code = EXIT_VALID;
	referee *r = NULL;
	if (bad) {
		rules_print_diags(&sink, log_path, false, format);
		code = EXIT_INVALID;
		goto out;
	}
	r = referee_create(s->g);
	rules_error err;
	for (size_t i = 0; i < log.count; i++) {
		if (!referee_apply(r, &log.actions[i], &err)) {
			diag_add(&sink, log_path, err.line > 0 ? err.line : log.actions[i].line, 0, DIAG_ERROR, err.rule, "%s",
				err.message);
			code = EXIT_INVALID;
			break;
		}
	}
	if (code == EXIT_VALID && !referee_finish(r, &err)) {
		/* A game stopped halfway through a battle is unfinished, not
		 * illegal: say so and go on. */
		int line = log.count ? log.actions[log.count - 1].line : 0;
		diag_add(&sink, log_path, line, 0, DIAG_WARNING, err.rule, "%s", err.message);
		if (format == FORMAT_TEXT)
			diag_print_text(&sink, 0, sink.count, stderr);
	}
	if (code != EXIT_VALID)
		rules_print_diags(&sink, log_path, false, format);
out:
	if (ref_out && code == EXIT_VALID)
		*ref_out = r;
	else
		referee_destroy(r);
	gamelog_finish(&log);
	diag_sink_finish(&sink);
	return code;
}
