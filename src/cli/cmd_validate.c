/* orbat validate FILE...: the scenario compiler's front.  FILE - reads
 * standard input, for editors that check an unsaved buffer. */
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/diag.h"
#include "../base/jobpool.h"
#include "../base/jsonout.h"
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
	      "  -j, --jobs N        check files on N processes at once (default: the\n"
	      "                      number of processors); the report is the same,\n"
	      "                      in the order of the files\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "Examples:\n"
	      "  orbat validate scenarios/*.xml\n"
	      "  orbat validate --stdin-name shiloh.xml - < shiloh.xml\n"
	      "\n"
	      "Exit status: 0 all files valid, 1 a file is invalid, 2 usage error or\n"
	      "unreadable file, 3 broken installation.\n", out);
}

typedef struct validate_args { const char *stdin_name; } validate_args;

/* One run: what every file's job shares (loaded before the workers
 * start), and what the parent has seen of the results so far. */
typedef struct validate_run_ctx {
	const options *o;
	validator *v;
	diag_sink *sink;
	const char *stdin_name;
	char *stdin_text;        /* standard input, read before the jobs */
	size_t stdin_size;
	const char *stdin_error; /* why it could not be read, or NULL */
	json_t *files;           /* --format json: the entries so far */
	int exit_code;
	bool stopped;            /* a broken installation: nothing more */
} validate_run_ctx;

/* The scenario from standard input, read by the parent once. */
static validate_status check_stdin(validate_run_ctx *c, const char *name, scenario **sc, const ruleset **rs)
{
	if (c->stdin_error) {
		diag_add(c->sink, name, 0, 0, DIAG_ERROR, "io", "cannot read standard input: %s", c->stdin_error);
		return VALIDATE_IO_ERROR;
	}
	return validator_check_memory(c->v, name, c->stdin_text, c->stdin_size, c->sink, sc, rs);
}

/* File i: its diagnostics (text on stderr, or its entry of the JSON
 * document sent to the parent, which writes the whole document) and its
 * exit status. */
static int validate_one(void *ctx, size_t i, jobpool_job *job)
{
	validate_run_ctx *c = ctx;
	const char *file = c->o->operands[i];
	bool from_stdin = input_is_stdin(file);
	const char *name = from_stdin ? c->stdin_name : file;
	diag_sink *sink = c->sink;
	size_t from = sink->count;
	scenario *sc = NULL;
	const ruleset *rs = NULL;
	validate_status st = from_stdin ? check_stdin(c, name, &sc, &rs) :
		validator_check_file(c->v, file, sink, &sc, &rs);
	if (st == VALIDATE_DATA_ERROR) {
		scenario_destroy(sc);
		return cli_data_broken("validate", validator_data_errors(c->v));
	}
	if ((output_format)c->o->format == FORMAT_JSON) {
		char *entry = jsonout_text(diag_json_file(name, st == VALIDATE_OK, sink, from, sink->count));
		jobpool_send(job, entry, strlen(entry));
		free(entry);
	} else {
		diag_print_text(sink, from, sink->count, stderr);
		if (st == VALIDATE_OK && !c->o->quiet) {
			size_t warnings = sink->count - from;
			printf("%s: valid (%s, %zu units, %zu generals", name, rs->id,
				sc->unit_count, sc->general_count);
			if (warnings)
				printf(", %zu warning%s", warnings, warnings == 1 ? "" : "s");
			puts(")");
		}
	}
	scenario_destroy(sc);
	return st == VALIDATE_IO_ERROR ? EXIT_USAGE : st == VALIDATE_INVALID ? EXIT_INVALID : EXIT_VALID;
}

static bool validate_done(void *ctx, size_t i, const jobpool_result *r)
{
	validate_run_ctx *c = ctx;
	/* After a broken installation the files after it are not reported,
	 * however far a worker got with them. */
	if (c->stopped)
		return false;
	jobpool_print(r);
	json_t *entry = c->files && r->size ? json_loadb(r->data, r->size, 0, NULL) : NULL;
	if (r->died) {
		fflush(stdout);
		fprintf(stderr, "orbat validate: internal error: %s could not be checked: %s\n", c->o->operands[i], r->died);
		if (c->files && !entry) {
			/* Keep the document whole: the file is there, not valid. */
			diag_sink none;
			diag_sink_init(&none);
			entry = diag_json_file(input_is_stdin(c->o->operands[i]) ? c->stdin_name : c->o->operands[i], false,
				&none, 0, 0);
			diag_sink_finish(&none);
		}
	}
	if (entry)
		json_array_append_new(c->files, entry);
	if (r->status > c->exit_code)
		c->exit_code = r->status;
	if (r->status >= EXIT_INTERNAL && !r->died) {
		c->stopped = true;
		return false;
	}
	return true;
}

/* Each file's document, tree and model are built and freed in turn.
 * glibc would give the freed top of the heap back to the system after
 * each and take large buffers from fresh mappings, so every file paid its
 * page faults again (a tenth of a validation of many files); kept, the
 * next file reuses the same pages.  The peak is what it was. */
static void keep_freed_memory(void)
{
#ifdef __GLIBC__
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

static int validate_run(const options *o, validate_args *a)
{
	keep_freed_memory();
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
	validator *v = cli_validator_in("validate", o->ctx, &sink);
	if (!v)
		return EXIT_INTERNAL;

	validate_run_ctx c = { .o = o, .v = v, .sink = &sink, .stdin_name = stdin_name };
	if (stdin_count) {
		bool too_large = false;
		const char *why = NULL;
		if (!input_read("-", XMLDOC_MAX_BYTES, &c.stdin_text, &c.stdin_size, &too_large, &why))
			c.stdin_error = why;
	}
	if (format == FORMAT_JSON)
		c.files = json_array();
	jobpool_run((size_t)o->operand_count, o->jobs, validate_one, validate_done, &c);
	if (format == FORMAT_JSON)
		jsonout_line(stdout, diag_json_document(c.files));
	free(c.stdin_text);
	cli_validator_close(v, &sink);
	return c.exit_code;
}

COMMAND(validate, "check scenario files against the schema and the rules", validate_args,
	.common = OPTIONS_FORMAT | OPTIONS_QUIET | OPTIONS_JOBS,
	.operands = &(const options_operands){ 1, -1, "name at least one scenario file (or - for standard input)" },
	.own = { { "stdin-name", OPTIONS_STRING, offsetof(validate_args, stdin_name), .what = "a name" } });
