/* orbat validate FILE...: the scenario compiler's front.  FILE - reads
 * standard input, for editors that check an unsaved buffer. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/diag.h"
#include "../base/xmldoc.h"
#include "../validate/validate.h"
#include "command.h"
#include "input.h"
#include "options.h"

static void validate_help(FILE *out)
{
	fputs("Usage: orbat validate [OPTIONS] FILE...\n"
	      "\n"
	      "Check scenario files against the schema and the full rules model of\n"
	      "their ruleset, and report every problem on standard error as\n"
	      "  FILE:LINE:COL: error: MESSAGE [RULE]\n"
	      "FILE - reads one scenario from standard input.\n"
	      "\n"
	      "Options:\n"
	      "  --format text|json  text diagnostics on stderr (default), or one JSON\n"
	      "                      document on stdout:\n"
	      "                      {\"files\":[{\"file\",\"valid\",\"diagnostics\":[...]}]}\n"
	      "  --stdin-name NAME   the name standard input gets in diagnostics\n"
	      "                      (default <stdin>), so that an editor can check an\n"
	      "                      unsaved buffer under its file's name\n"
	      "  -q, --quiet         do not print a line for each valid file\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "Examples:\n"
	      "  orbat validate scenarios/*.xml\n"
	      "  orbat validate --stdin-name shiloh.xml - < shiloh.xml\n"
	      "\n"
	      "Exit status: 0 all files valid, 1 a file is invalid, 2 usage error or\n"
	      "unreadable file, 3 broken installation.\n", out);
}

/* One scenario from standard input, under the name diagnostics give it. */
static validate_status check_stdin(validator *v, const char *name, diag_sink *sink, scenario **sc,
	const ruleset **rs)
{
	char *text = NULL;
	size_t size = 0;
	bool too_large = false;
	if (!input_read("-", XMLDOC_MAX_BYTES, &text, &size, &too_large)) {
		diag_add(sink, name, 0, 0, DIAG_ERROR, "io", "cannot read standard input: %s", strerror(errno));
		return VALIDATE_IO_ERROR;
	}
	validate_status st = validator_check_memory(v, name, text, size, sink, sc, rs);
	free(text);
	return st;
}

typedef struct validate_args { const char *stdin_name; } validate_args;

static int validate_run(const options *o, validate_args *a)
{
	const char *stdin_name = a->stdin_name;
	output_format format = (output_format)o->format;
	int stdin_count = 0;
	for (int i = 0; i < o->operand_count; i++)
		stdin_count += input_is_stdin(o->operands[i]);
	if (stdin_count > 1)
		return options_usage("validate", "standard input (-) can be read only once");
	if (stdin_name && stdin_count == 0)
		return options_usage("validate", "--stdin-name names standard input, but no FILE is -");
	if (!stdin_name)
		stdin_name = "<stdin>";

	diag_sink sink;
	validator *v = cli_validator("validate", &sink);
	if (!v)
		return EXIT_INTERNAL;

	int exit_code = EXIT_VALID;
	if (format == FORMAT_JSON)
		fputs("{\"files\":[", stdout);
	for (int i = 0; i < o->operand_count; i++) {
		const char *file = o->operands[i];
		bool from_stdin = input_is_stdin(file);
		const char *name = from_stdin ? stdin_name : file;
		size_t from = sink.count;
		scenario *sc = NULL;
		const ruleset *rs = NULL;
		validate_status st = from_stdin ? check_stdin(v, name, &sink, &sc, &rs) :
			validator_check_file(v, file, &sink, &sc, &rs);
		if (st == VALIDATE_DATA_ERROR) {
			cli_data_broken("validate", validator_data_errors(v));
			exit_code = EXIT_INTERNAL;
			break;
		}
		if (st == VALIDATE_IO_ERROR)
			exit_code = EXIT_USAGE;
		else if (st == VALIDATE_INVALID && exit_code == EXIT_VALID)
			exit_code = EXIT_INVALID;
		if (format == FORMAT_JSON) {
			fputs(i == 0 ? "" : ",", stdout);
			cli_json_file(stdout, name, st == VALIDATE_OK, &sink, from, sink.count);
		} else {
			diag_print_text(&sink, from, sink.count, stderr);
			if (st == VALIDATE_OK && !o->quiet) {
				size_t warnings = sink.count - from;
				printf("%s: valid (%s, %zu units, %zu generals", name, rs->id,
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
	cli_validator_close(v, &sink);
	return exit_code;
}

COMMAND(validate, "check scenario files against the schema and the rules", validate_args,
	.common = OPTIONS_FORMAT | OPTIONS_QUIET,
	.operands = &(const options_operands){ 1, -1, "name at least one scenario file (or - for standard input)" },
	.own = { { "stdin-name", OPTIONS_STRING, offsetof(validate_args, stdin_name), .what = "a name" } });
