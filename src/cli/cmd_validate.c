/* orbat validate FILE...: the scenario compiler's front. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/datadir.h"
#include "../base/diag.h"
#include "../base/json.h"
#include "../validate/validate.h"
#include "command.h"

static void validate_help(FILE *out)
{
	fputs("Usage: orbat validate [OPTIONS] FILE...\n"
	      "\n"
	      "Check scenario files against the schema and the full rules model of\n"
	      "their ruleset, and report every problem as FILE:LINE:COL: error:\n"
	      "MESSAGE [RULE] on standard error.\n"
	      "\n"
	      "Options:\n"
	      "  --format text|json  text diagnostics on stderr (default), or one JSON\n"
	      "                      document on stdout:\n"
	      "                      {\"files\":[{\"file\",\"valid\",\"diagnostics\":[...]}]}\n"
	      "  -q, --quiet         do not print a line for each valid file\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "Exit status: 0 all files valid, 1 any file invalid, 2 usage error or\n"
	      "unreadable file.\n", out);
}

static void print_json_file(FILE *out, const char *file, validate_status st,
	const diag_sink *sink, size_t from, size_t to, int first)
{
	fputs(first ? "" : ",", out);
	fputs("{\"file\":", out);
	json_write_string(out, file);
	fprintf(out, ",\"valid\":%s,\"diagnostics\":[", st == VALIDATE_OK ? "true" : "false");
	for (size_t i = from; i < to; i++) {
		const diag *d = &sink->items[i];
		fprintf(out, "%s{\"file\":", i == from ? "" : ",");
		json_write_string(out, d->file);
		fprintf(out, ",\"line\":%d,\"column\":%d,\"severity\":\"%s\",\"rule\":",
			d->line, d->column, d->severity == DIAG_ERROR ? "error" : "warning");
		json_write_string(out, d->rule);
		fputs(",\"message\":", out);
		json_write_string(out, d->message);
		fputc('}', out);
	}
	fputs("]}", out);
}

static int validate_run(int argc, char **argv)
{
	static const struct option options[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	output_format format = FORMAT_TEXT;
	int quiet = 0;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "qh", options, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (!cli_parse_format(optarg, &format)) {
				fprintf(stderr, "orbat validate: --format takes text or json, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'q':
			quiet = 1;
			break;
		case 'h':
			validate_help(stdout);
			return EXIT_VALID;
		default:
			validate_help(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		fputs("orbat validate: name at least one scenario file\n", stderr);
		return EXIT_USAGE;
	}

	diag_sink sink;
	diag_sink_init(&sink);
	validator *v = validator_create(datadir_get(), &sink);
	if (!v) {
		char *line = diag_data_error(&sink, 0);
		fprintf(stderr, "orbat validate: %s\n", line);
		free(line);
		diag_sink_finish(&sink);
		return EXIT_INTERNAL;
	}

	int exit_code = EXIT_VALID;
	if (format == FORMAT_JSON)
		fputs("{\"files\":[", stdout);
	for (int i = optind; i < argc; i++) {
		size_t from = sink.count;
		scenario *sc = NULL;
		const ruleset *rs = NULL;
		validate_status st = validator_check_file(v, argv[i], &sink, &sc, &rs);
		if (st == VALIDATE_DATA_ERROR) {
			char *line = validator_data_error(v);
			fprintf(stderr, "orbat validate: %s\n", line);
			free(line);
			exit_code = EXIT_INTERNAL;
			break;
		}
		if (st == VALIDATE_IO_ERROR)
			exit_code = EXIT_USAGE;
		else if (st == VALIDATE_INVALID && exit_code == EXIT_VALID)
			exit_code = EXIT_INVALID;
		if (format == FORMAT_JSON) {
			print_json_file(stdout, argv[i], st, &sink, from, sink.count, i == optind);
		} else {
			diag_print_text(&sink, from, sink.count, stderr);
			if (st == VALIDATE_OK && !quiet) {
				size_t warnings = sink.count - from;
				printf("%s: valid (%s, %zu units, %zu generals", argv[i], rs->id,
					sc->unit_count, sc->general_count);
				if (warnings)
					printf(", %zu warning%s", warnings, warnings == 1 ? "" : "s");
				puts(")");
			}
		}
		scenario_destroy(sc);
	}
	if (format == FORMAT_JSON)
		fputs("]}\n", stdout);
	validator_destroy(v);
	diag_sink_finish(&sink);
	return exit_code;
}

const command command_validate = {
	.name = "validate",
	.summary = "check scenario files against the schema and the rules",
	.run = validate_run,
	.help = validate_help,
};
