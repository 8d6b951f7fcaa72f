/* orbat new --ruleset R FILE: a starter scenario for ruleset R, the copy
 * of its template that model/starter.h makes and writes; this file reads
 * the options, checks the file name and tells the user what went wrong
 * and what to do next. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../base/datadir.h"
#include "../base/util.h"
#include "../model/starter.h"
#include "../text/context.h"
#include "command.h"
#include "options.h"

static void new_help(FILE *out)
{
	fputs("Usage: orbat new --ruleset RULESET FILE\n"
	      "\n"
	      "Write a small starter scenario for RULESET to FILE: a board with some\n"
	      "terrain, both sides with units and generals, how to win, and a title and\n"
	      "briefing in English, Dutch and French. Its XML comments explain each\n"
	      "element and attribute and name the rule that checks it. The scenario id\n"
	      "comes from the file name: my-battle.xml gets id=\"my-battle\". An existing\n"
	      "FILE is never overwritten; FILE - writes the scenario to standard output.\n"
	      "\n", out);
	starter_list list;
	if (starter_list_load(datadir_get(), &list) && list.count) {
		/* Wrapped by hand: the list comes from the data folder. */
		size_t col = strlen("Rulesets:");
		fputs("Rulesets:", out);
		for (size_t i = 0; i < list.count; i++) {
			size_t len = strlen(list.ids[i]) + (i + 1 < list.count ? 1 : 0);
			if (col + 1 + len > 78) {
				fputs("\n         ", out);
				col = 9;
			}
			fprintf(out, " %s%s", list.ids[i], i + 1 < list.count ? "," : "");
			col += 1 + len;
		}
		fputc('\n', out);
	} else {
		fprintf(out, "Rulesets: none found in %s/%s\n", datadir_get(), datadir_name(DATADIR_TEMPLATES));
	}
	starter_list_finish(&list);
	fputs("\n"
	      "Options:\n"
	      "  --ruleset RULESET   the game the scenario is for (required)\n"
	      "  -q, --quiet         do not print what to do next\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "Then check the scenario with 'orbat validate FILE', print it with\n"
	      "'orbat render FILE', and read about any rule id in square brackets with\n"
	      "'orbat explain RULE-ID'. The format is described in scenario-format.md,\n"
	      "installed under share/doc/orbat.\n"
	      "\n"
	      "Exit status: 0 written, 2 usage error, unknown ruleset, or a FILE that\n"
	      "exists or cannot be written, 3 broken installation.\n", out);
}

static int new_usage_error(void)
{
	fputs("Try 'orbat new --help' for more information.\n", stderr);
	return EXIT_USAGE;
}

/* FILE as the user can paste it into a shell. */
static char *new_shell_word(const char *s)
{
	bool plain = *s != '\0';
	for (const char *p = s; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/+,:@%", *p))
			plain = false;
	if (plain)
		return xstrdup(s);
	char *out = xstrdup("'");
	for (const char *p = s; *p; p++) {
		char *next = *p == '\'' ? xasprintf("%s'\\''", out) : xasprintf("%s%c", out, *p);
		free(out);
		out = next;
	}
	char *done = xasprintf("%s'", out);
	free(out);
	return done;
}

typedef struct new_args { const char *ruleset; } new_args;

static int new_run(const options *o, new_args *a)
{
	const char *ruleset = a->ruleset;
	bool quiet = o->quiet;

	const char *data_dir = context_data_dir(o->ctx);
	starter_list list;
	bool loaded = starter_list_load(data_dir, &list);
	if (!loaded || list.count == 0) {
		const char *why = loaded ? "the folder holds no .xml file" : strerror(errno);
		char *templates = context_path(o->ctx, DATADIR_TEMPLATES);
		fprintf(stderr, "orbat new: no starter scenarios in %s (%s); set ORBAT_DATADIR to the orbat data folder\n",
			templates, why);
		free(templates);
		starter_list_finish(&list);
		return EXIT_INTERNAL;
	}
	int code = EXIT_USAGE;
	char *filled = NULL, *id = NULL, *template = NULL;
	char *known = starter_list_text(&list, " or ");
	if (!ruleset) {
		fprintf(stderr, "orbat new: choose a ruleset with --ruleset: %s\n", known);
		code = new_usage_error();
		goto out;
	}
	if (!starter_list_has(&list, ruleset)) {
		fprintf(stderr, "orbat new: --ruleset takes %s, not '%s'\n", known, ruleset);
		code = new_usage_error();
		goto out;
	}
	if (o->operand_count < 1) {
		fputs("orbat new: name the scenario file to write, or - for standard output\n", stderr);
		code = new_usage_error();
		goto out;
	}
	if (o->operand_count > 1) {
		fprintf(stderr, "orbat new: one scenario file at a time; '%s' is one too many\n", o->operands[1]);
		code = new_usage_error();
		goto out;
	}
	const char *file = o->operands[0];
	bool to_stdout = strcmp(file, "-") == 0;
	size_t flen = strlen(file);
	if (!to_stdout && (flen == 0 || file[flen - 1] == '/')) {
		fprintf(stderr, "orbat new: '%s' is not a file name; write for example %smy-battle.xml\n",
			file, file);
		code = new_usage_error();
		goto out;
	}
	struct stat st;
	if (!to_stdout && lstat(file, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			fprintf(stderr, "orbat new: %s is a folder; name the file to write in it, such as %s/my-battle.xml\n",
				file, file);
		else
			fprintf(stderr, "orbat new: %s already exists; orbat new does not overwrite files\n", file);
		code = EXIT_USAGE;
		goto out;
	}

	size_t out_len = 0;
	id = starter_id_from_path(file);
	starter_status made = starter_fill(data_dir, ruleset, id, &filled, &out_len, &template);
	if (made == STARTER_UNREADABLE) {
		fprintf(stderr, "orbat new: cannot read %s: %s\n", template, strerror(errno));
		code = EXIT_INTERNAL;
		goto out;
	}
	if (made == STARTER_BROKEN) {
		fprintf(stderr, "orbat new: %s is broken: it must hold %s exactly once, on <scenario>\n",
			template, STARTER_ID_MARKER);
		code = EXIT_INTERNAL;
		goto out;
	}

	if (to_stdout) {
		if (fwrite(filled, 1, out_len, stdout) != out_len || fflush(stdout) != 0) {
			fprintf(stderr, "orbat new: cannot write to standard output: %s\n", strerror(errno));
			code = EXIT_USAGE;
			goto out;
		}
		code = EXIT_VALID;
		goto out;
	}
	char *error = NULL;
	starter_write_status written = starter_write_file(file, filled, out_len, &error);
	if (written == STARTER_EXISTS)
		fprintf(stderr, "orbat new: %s already exists; orbat new does not overwrite files\n", file);
	else if (written == STARTER_FAILED)
		fprintf(stderr, "orbat new: %s\n", error);
	free(error);
	code = written == STARTER_WRITTEN ? EXIT_VALID : EXIT_USAGE;
	if (code == EXIT_VALID && !quiet) {
		char *word = new_shell_word(file);
		printf("Wrote %s (%s, id %s). Next: orbat validate %s; orbat render %s; "
			"orbat explain RULE-ID for a rule in [brackets].\n", file, ruleset, id, word, word);
		free(word);
	}
out:
	free(known);
	free(template);
	free(filled);
	free(id);
	starter_list_finish(&list);
	return code;
}

COMMAND(new, "write a starter scenario that teaches the format", new_args,
	.common = OPTIONS_QUIET,
	.own = { { "ruleset", OPTIONS_STRING, offsetof(new_args, ruleset), .what = "a ruleset" } });
