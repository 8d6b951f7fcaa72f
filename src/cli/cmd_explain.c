/* orbat explain RULE-ID...: the rule behind a diagnostic, in plain words,
 * with its rulesets and section and what to do about it (each id given, in
 * turn: a message may end in more than one); orbat explain --ruleset
 * R and --all: the catalogue as a list, JSON or Markdown (the rules
 * reference that is installed with the docs is made this way).  The
 * words are model/rulebook_print.h's; this file reads the options and
 * says what is wrong with them. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/diag.h"
#include "../base/util.h"
#include "../model/rulebook_print.h"
#include "../text/context.h"
#include "../text/strings.h"
#include "command.h"
#include "options.h"

static void explain_help(FILE *out)
{
	fputs("Usage: orbat explain [OPTIONS] RULE-ID...\n"
	      "       orbat explain --ruleset RULESET [OPTIONS]\n"
	      "       orbat explain --all [OPTIONS]\n"
	      "\n"
	      "Explain a rule id that orbat prints at the end of a message, such as\n"
	      "[bc-3.1] or [schema]: the rule in plain words, the rulesets and the\n"
	      "section it belongs to, and what a scenario author or a player does\n"
	      "about it.  Rule ids are not case-sensitive.  Several ids are\n"
	      "explained in turn (in JSON, one object a line).\n"
	      "\n"
	      "Options:\n"
	      "  --lang en|nl|fr     language of the explanation (default en)\n"
	      "  --ruleset RULESET   without RULE-ID: list every rule of RULESET with\n"
	      "                      its title, then the format rules every ruleset\n"
	      "                      shares; with RULE-ID: the rule as RULESET has it\n"
	      "  --all               list the rules of every ruleset\n"
	      "  --format FMT        text (default), json or markdown\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "Examples:\n"
	      "  orbat explain bc-3.1\n"
	      "  orbat explain ntz-7.4 --lang nl\n"
	      "  orbat explain bc-3.1 bc-4.2 schema\n"
	      "  orbat explain --ruleset noord-zuid\n"
	      "  orbat explain --all --format markdown > rules-reference.md\n"
	      "\n"
	      "Exit status: 0 explained; 2 an unknown rule id (the others are still\n"
	      "explained) or ruleset, or a usage error; 3 the rule texts are missing\n"
	      "or broken.\n", out);
}

/* "[bc-3.1]" as copied from a diagnostic, or "bc-3.1". */
static char *clean_id(const char *arg)
{
	size_t len = strlen(arg);
	if (len >= 2 && arg[0] == '[' && arg[len - 1] == ']')
		return xstrndup(arg + 1, len - 2);
	return xstrdup(arg);
}

/* The rule texts and the words around them, from the data folder; an exit
 * code (3 with one line when the folder is incomplete or broken). */
static int load(context *ctx, const string_table **strings, const rulebook **rb, diag_sink *sink)
{
	if (!cli_data_check("explain"))
		return EXIT_INTERNAL;
	const char *data = context_data_dir(ctx);
	char *strings_dir = context_path(ctx, DATADIR_STRINGS);
	char *rules_dir = context_path(ctx, DATADIR_RULES);
	int code = EXIT_VALID;
	if (access(rules_dir, R_OK | X_OK) != 0 || access(strings_dir, R_OK | X_OK) != 0) {
		/* An incomplete installation: one line, not a diagnostic per file. */
		fprintf(stderr, "orbat explain: the data folder %s has no %s; set ORBAT_DATADIR to the folder "
			"that holds rules/, rulesets/ and i18n/\n", data,
			access(rules_dir, R_OK | X_OK) != 0 ? "rules" : "i18n");
		code = EXIT_INTERNAL;
	} else {
		*strings = strings_of(ctx, sink);
		*rb = *strings ? rulebook_of(ctx, sink) : NULL;
		if (!*rb)
			code = cli_data_broken("explain", sink);
	}
	free(strings_dir);
	free(rules_dir);
	return code;
}

/* One rule id of the command line, as `only` has it (any ruleset when
 * NULL).  In text and Markdown a blank line parts it from the one printed
 * before (*printed); in JSON each is a line of its own.  EXIT_USAGE when
 * the id is unknown or not a rule of `only` (said on standard error). */
static int explain_one(const rulebook_doc *c, const char *arg, const rulebook_ruleset *only, bool *printed)
{
	char *id = clean_id(arg);
	const rulebook_rule *r = rulebook_find(c->rb, id);
	int code = EXIT_VALID;
	if (!r) {
		fprintf(stderr, "orbat explain: no rule '%s'; 'orbat explain --ruleset RULESET' lists the rules\n", id);
		code = EXIT_USAGE;
	} else if (only && !rulebook_applies(r, only)) {
		char *names = rulebook_prefix_names(c, r->prefix);
		fprintf(stderr, "orbat explain: rule '%s' is not a rule of %s; it belongs to %s\n", r->id, only->id, names);
		free(names);
		code = EXIT_USAGE;
	} else {
		if (*printed && c->format != RULEBOOK_JSON)
			fputc('\n', stdout);
		rulebook_print_rule(stdout, c, r, only);
		*printed = true;
	}
	free(id);
	return code;
}

typedef struct explain_args {
	const char *ruleset;
	bool all;
} explain_args;

static int explain_run(const options *o, explain_args *a)
{
	const char *ruleset_id = a->ruleset;
	bool all = a->all;
	rulebook_doc c = { .lang = LANG_EN, .format = (rulebook_format)o->format };
	/* One language: an explanation is read, not printed in three. */
	if (!options_one_lang(o, &c.lang))
		return options_usage("explain", "--lang takes one language here: en, nl or fr");
	int ids = o->operand_count;
	if (all && (ids || ruleset_id))
		return options_usage("explain", "--all lists every rule; give no rule id and no --ruleset with it");
	if (!all && !ids && !ruleset_id)
		return options_usage("explain", "name a rule id, or --ruleset RULESET to list the rules");

	diag_sink sink;
	diag_sink_init(&sink);
	const string_table *strings = NULL;
	const rulebook *rb = NULL;
	int code = load(o->ctx, &strings, &rb, &sink);
	if (code != EXIT_VALID)
		goto out;
	c.rb = rb;
	c.strings = strings;

	const rulebook_ruleset *only = NULL;
	if (ruleset_id) {
		only = rulebook_find_ruleset(rb, ruleset_id);
		if (!only) {
			char *list = rulebook_ruleset_ids(rb);
			fprintf(stderr, "orbat explain: unknown ruleset '%s'; the rulesets are %s\n", ruleset_id, list);
			free(list);
			code = EXIT_USAGE;
			goto out;
		}
	}

	if (!ids) {
		rulebook_print_catalogue(stdout, &c, only);
		goto out;
	}
	bool printed = false;
	for (int i = 0; i < ids; i++)
		if (explain_one(&c, o->operands[i], only, &printed) != EXIT_VALID)
			code = EXIT_USAGE;
out:
	if (code == EXIT_VALID && (fflush(stdout) != 0 || ferror(stdout))) {
		fprintf(stderr, "orbat explain: cannot write to standard output: %s\n", strerror(errno));
		code = EXIT_USAGE;
	}
	diag_sink_finish(&sink);
	return code;
}

COMMAND(explain, "explain a rule id, or list the rules of a ruleset", explain_args,
	.common = OPTIONS_FORMAT | OPTIONS_LANG,
	.formats = (const char *const[]){ "text", "json", "markdown", NULL },
	.own = {
		{ .name = "ruleset", .kind = OPTIONS_STRING, .at = offsetof(explain_args, ruleset), .what = "a ruleset" },
		{ .name = "all", .kind = OPTIONS_FLAG, .at = offsetof(explain_args, all) },
	});
