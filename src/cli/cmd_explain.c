/* orbat explain RULE-ID...: the rule behind a diagnostic, in plain words,
 * with its rulesets and section and what to do about it (each id given, in
 * turn: a message may end in more than one); orbat explain --ruleset
 * R and --all: the catalogue as a list, JSON or Markdown (the rules
 * reference that is installed with the docs is made this way). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/diag.h"
#include "../base/json.h"
#include "../base/util.h"
#include "../model/rulebook.h"
#include "../text/context.h"
#include "../text/strings.h"
#include "command.h"
#include "options.h"

#define EXPLAIN_WIDTH 78
#define EXPLAIN_MAX_RULESETS 64

typedef enum { EXPLAIN_TEXT, EXPLAIN_JSON, EXPLAIN_MARKDOWN } explain_format;

typedef struct explain_ctx {
	const rulebook *rb;
	const string_table *strings;
	lang_id lang;
	explain_format format;
	FILE *out;
} explain_ctx;

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

/* ---- small text helpers ---- */

static const char *label(const explain_ctx *c, const char *id)
{
	return strings_get(c->strings, id, c->lang);
}

/* The text of a label with its {ruleset} filled in; a fresh string. */
static char *label_with(const explain_ctx *c, const char *id, const char *ruleset)
{
	const char *t = label(c, id);
	const char *hole = strstr(t, "{ruleset}");
	if (!hole)
		return xstrdup(t);
	return xasprintf("%.*s%s%s", (int)(hole - t), t, ruleset, hole + strlen("{ruleset}"));
}

/* Columns a UTF-8 string takes: its code points. */
static size_t columns(const char *s, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			n++;
	return n;
}

/* Paragraphs ("\n\n" between them) wrapped at EXPLAIN_WIDTH columns, an
 * empty line between paragraphs.  A word longer than a line stands alone. */
static void wrap(FILE *out, const char *text)
{
	const char *p = text;
	while (*p) {
		const char *end = strstr(p, "\n\n");
		if (!end)
			end = p + strlen(p);
		size_t col = 0;
		const char *w = p;
		while (w < end) {
			while (w < end && (*w == ' ' || *w == '\n'))
				w++;
			const char *we = w;
			while (we < end && *we != ' ' && *we != '\n')
				we++;
			if (we == w)
				break;
			size_t width = columns(w, (size_t)(we - w));
			/* A numbered step ("2." after a finished sentence) starts
			 * its own line, so a list written inline reads as a list. */
			bool step = col > 0 && strchr(".:;", w[-1 - (w[-1] == ' ' || w[-1] == '\n')]) &&
				we - w >= 2 && we[-1] == '.' && strspn(w, "0123456789") == (size_t)(we - w - 1);
			if (col > 0 && (step || col + 1 + width > EXPLAIN_WIDTH)) {
				fputc('\n', out);
				col = 0;
			}
			if (col > 0) {
				fputc(' ', out);
				col++;
			}
			fwrite(w, 1, (size_t)(we - w), out);
			col += width;
			w = we;
		}
		fputc('\n', out);
		p = end;
		while (*p == '\n')
			p++;
		if (*p)
			fputc('\n', out);
	}
}

/* Markdown: the text as it is, with the characters that would turn into
 * markup escaped, one paragraph per line. */
static void md_text(FILE *out, const char *text)
{
	bool line_start = true;
	for (const char *p = text; *p; p++) {
		if (strchr("\\`*_[]<>|", *p) || (line_start && strchr("#+-=", *p)))
			fputc('\\', out);
		fputc(*p, out);
		line_start = *p == '\n';
	}
}

static const char *ruleset_name(const explain_ctx *c, const char *id)
{
	const rulebook_ruleset *rs = rulebook_find_ruleset(c->rb, id);
	const char *name = rs ? l10n_get(&rs->name, c->lang) : "";
	return *name ? name : id;
}

/* The rulesets a rule is printed for: only `only` when given. */
static size_t rule_rulesets(const explain_ctx *c, const rulebook_rule *r, const rulebook_ruleset *only,
	const rulebook_ruleset **out)
{
	if (only) {
		out[0] = only;
		return 1;
	}
	size_t n = rulebook_rulesets_of(c->rb, r->prefix, out, EXPLAIN_MAX_RULESETS);
	return n < EXPLAIN_MAX_RULESETS ? n : EXPLAIN_MAX_RULESETS;
}

static bool variant_shown(const rulebook_variant *v, const rulebook_ruleset *only)
{
	return !only || strcmp(v->ruleset, only->id) == 0;
}

/* ---- one rule ---- */

static void text_rule(const explain_ctx *c, const rulebook_rule *r, const rulebook_ruleset *only)
{
	FILE *out = c->out;
	fprintf(out, "%s \u2014 %s\n", r->id, l10n_get(&r->title, c->lang));
	const rulebook_ruleset *sets[EXPLAIN_MAX_RULESETS];
	size_t n = rule_rulesets(c, r, only, sets);
	if (!r->prefix && !only) {
		fprintf(out, "%s %s\n", label(c, "explain-ruleset"), label(c, "explain-every-ruleset"));
	} else {
		fputs(label(c, n == 1 ? "explain-ruleset" : "explain-rulesets"), out);
		for (size_t i = 0; i < n; i++)
			fprintf(out, "%s %s", i ? "," : "", sets[i]->id);
		fputc('\n', out);
	}
	if (r->section)
		fprintf(out, "%s %s\n", label(c, "explain-section"), r->section);
	fputc('\n', out);
	wrap(out, l10n_get(&r->text, c->lang));
	for (size_t i = 0; i < r->variant_count; i++) {
		const rulebook_variant *v = &r->variants[i];
		if (!variant_shown(v, only))
			continue;
		char *head = label_with(c, "explain-variant", ruleset_name(c, v->ruleset));
		fprintf(out, "\n%s\n", head);
		free(head);
		wrap(out, l10n_get(&v->text, c->lang));
	}
	const char *advice = l10n_get(&r->advice, c->lang);
	if (*advice) {
		fprintf(out, "\n%s\n", label(c, "explain-advice"));
		wrap(out, advice);
	}
}

static void json_rule(const explain_ctx *c, const rulebook_rule *r, const rulebook_ruleset *only)
{
	FILE *out = c->out;
	fputs("{\"id\":", out);
	json_write_string(out, r->id);
	fputs(",\"lang\":", out);
	json_write_string(out, lang_code(c->lang));
	fputs(",\"prefix\":", out);
	if (r->prefix)
		json_write_string(out, r->prefix);
	else
		fputs("null", out);
	fputs(",\"section\":", out);
	if (r->section)
		json_write_string(out, r->section);
	else
		fputs("null", out);
	fputs(",\"format_rule\":", out);
	fputs(r->prefix ? "false" : "true", out);
	fputs(",\"rulesets\":[", out);
	const rulebook_ruleset *sets[EXPLAIN_MAX_RULESETS];
	size_t n = rule_rulesets(c, r, only, sets);
	for (size_t i = 0; i < n; i++) {
		if (i)
			fputc(',', out);
		json_write_string(out, sets[i]->id);
	}
	fputs("],\"title\":", out);
	json_write_string(out, l10n_get(&r->title, c->lang));
	fputs(",\"text\":", out);
	json_write_string(out, l10n_get(&r->text, c->lang));
	fputs(",\"advice\":", out);
	json_write_string(out, l10n_get(&r->advice, c->lang));
	fputs(",\"variants\":[", out);
	bool first = true;
	for (size_t i = 0; i < r->variant_count; i++) {
		const rulebook_variant *v = &r->variants[i];
		if (!variant_shown(v, only))
			continue;
		fputs(first ? "{\"ruleset\":" : ",{\"ruleset\":", out);
		first = false;
		json_write_string(out, v->ruleset);
		fputs(",\"name\":", out);
		json_write_string(out, ruleset_name(c, v->ruleset));
		fputs(",\"text\":", out);
		json_write_string(out, l10n_get(&v->text, c->lang));
		fputc('}', out);
	}
	fputs("]}", out);
}

static void md_rule(const explain_ctx *c, const rulebook_rule *r, const rulebook_ruleset *only, int level)
{
	FILE *out = c->out;
	fprintf(out, "%.*s %s \u2014 ", level, "######", r->id);
	md_text(out, l10n_get(&r->title, c->lang));
	fputs("\n\n", out);
	md_text(out, l10n_get(&r->text, c->lang));
	fputs("\n", out);
	for (size_t i = 0; i < r->variant_count; i++) {
		const rulebook_variant *v = &r->variants[i];
		if (!variant_shown(v, only))
			continue;
		char *head = label_with(c, "explain-variant", ruleset_name(c, v->ruleset));
		fputs("\n**", out);
		md_text(out, head);
		fputs("** ", out);
		free(head);
		md_text(out, l10n_get(&v->text, c->lang));
		fputs("\n", out);
	}
	const char *advice = l10n_get(&r->advice, c->lang);
	if (*advice) {
		fputs("\n**", out);
		md_text(out, label(c, "explain-advice"));
		fputs("** ", out);
		md_text(out, advice);
		fputs("\n", out);
	}
}

/* ---- lists ---- */

/* The rules of one prefix (NULL: the format rules) as "  ID  TITLE" lines. */
static void text_list(const explain_ctx *c, const rulebook_rule **rules, size_t n)
{
	size_t width = 0;
	for (size_t i = 0; i < n; i++)
		if (strlen(rules[i]->id) > width)
			width = strlen(rules[i]->id);
	for (size_t i = 0; i < n; i++)
		fprintf(c->out, "  %-*s  %s\n", (int)width, rules[i]->id, l10n_get(&rules[i]->title, c->lang));
}

/* The names of the rulesets of a prefix, joined: "Battle Cry (1999
 * edition), Battle Cry (150th ...)"; the prefix itself when none. */
static char *prefix_names(const explain_ctx *c, const char *prefix)
{
	const rulebook_ruleset *sets[EXPLAIN_MAX_RULESETS];
	size_t n = rulebook_rulesets_of(c->rb, prefix, sets, EXPLAIN_MAX_RULESETS);
	if (n > EXPLAIN_MAX_RULESETS)
		n = EXPLAIN_MAX_RULESETS;
	if (n == 0)
		return xstrdup(prefix);
	const char *names[EXPLAIN_MAX_RULESETS];
	for (size_t i = 0; i < n; i++)
		names[i] = ruleset_name(c, sets[i]->id);
	return str_join(names, n, ", ");
}

/* One block of the catalogue: a heading and its rules.  only: the ruleset
 * whose variants are shown (NULL: all). */
static void block(const explain_ctx *c, const char *heading, const rulebook_rule **rules, size_t n,
	const rulebook_ruleset *only, bool *first)
{
	FILE *out = c->out;
	switch (c->format) {
	case EXPLAIN_TEXT:
		fprintf(out, "%s%s\n\n", *first ? "" : "\n", heading);
		text_list(c, rules, n);
		break;
	case EXPLAIN_MARKDOWN:
		fputs("\n## ", out);
		md_text(out, heading);
		fputs("\n", out);
		for (size_t i = 0; i < n; i++) {
			fputc('\n', out);
			md_rule(c, rules[i], only, 3);
		}
		break;
	case EXPLAIN_JSON:
		for (size_t i = 0; i < n; i++) {
			if (!*first || i)
				fputc(',', out);
			json_rule(c, rules[i], only);
		}
		break;
	}
	*first = false;
}

/* Every rule of one ruleset (only != NULL) or of all (only == NULL):
 * the prefixed rules, then the format rules. */
static void catalogue(const explain_ctx *c, const rulebook_ruleset *only)
{
	FILE *out = c->out;
	size_t total = rulebook_rule_count(c->rb);
	const rulebook_rule **rules = xmalloc((total ? total : 1) * sizeof *rules);
	if (c->format == EXPLAIN_MARKDOWN) {
		char *title = only ? xasprintf("%s \u2014 %s", label(c, "explain-reference-title"),
			ruleset_name(c, only->id)) : xstrdup(label(c, "explain-reference-title"));
		fputs("# ", out);
		md_text(out, title);
		free(title);
		/* The intro is orbat's own text, with its own markup. */
		fprintf(out, "\n\n%s\n", label(c, "explain-reference-intro"));
	} else if (c->format == EXPLAIN_JSON) {
		fputs("{\"lang\":", out);
		json_write_string(out, lang_code(c->lang));
		if (only) {
			fputs(",\"ruleset\":", out);
			json_write_string(out, only->id);
			fputs(",\"name\":", out);
			json_write_string(out, ruleset_name(c, only->id));
		}
		fputs(",\"rules\":[", out);
	}
	bool first = true;
	const char *prefixes[EXPLAIN_MAX_RULESETS];
	size_t np = rulebook_prefixes(c->rb, prefixes, EXPLAIN_MAX_RULESETS);
	if (np > EXPLAIN_MAX_RULESETS)
		np = EXPLAIN_MAX_RULESETS;
	for (size_t i = 0; i < np; i++) {
		if (only && !str_eq(prefixes[i], only->prefix))
			continue;
		size_t n = rulebook_rules_with_prefix(c->rb, prefixes[i], rules, total);
		char *names = only ? xstrdup(ruleset_name(c, only->id)) : prefix_names(c, prefixes[i]);
		char *heading = label_with(c, "explain-rules-of", names);
		block(c, heading, rules, n, only, &first);
		free(heading);
		free(names);
	}
	size_t n = rulebook_rules_with_prefix(c->rb, NULL, rules, total);
	if (n)
		block(c, label(c, "explain-format-rules"), rules, n, only, &first);
	if (c->format == EXPLAIN_JSON)
		fputs("]}\n", out);
	free(rules);
}

/* ---- the command ---- */

static int compare_ids(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
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
static int explain_one(explain_ctx *c, const char *arg, const rulebook_ruleset *only, bool *printed)
{
	char *id = clean_id(arg);
	const rulebook_rule *r = rulebook_find(c->rb, id);
	int code = EXIT_VALID;
	if (!r) {
		fprintf(stderr, "orbat explain: no rule '%s'; 'orbat explain --ruleset RULESET' lists the rules\n", id);
		code = EXIT_USAGE;
	} else if (only && !rulebook_applies(r, only)) {
		char *names = prefix_names(c, r->prefix);
		fprintf(stderr, "orbat explain: rule '%s' is not a rule of %s; it belongs to %s\n", r->id, only->id, names);
		free(names);
		code = EXIT_USAGE;
	} else if (c->format == EXPLAIN_JSON) {
		json_rule(c, r, only);
		fputc('\n', c->out);
		*printed = true;
	} else {
		if (*printed)
			fputc('\n', c->out);
		if (c->format == EXPLAIN_MARKDOWN)
			md_rule(c, r, only, 1);
		else
			text_rule(c, r, only);
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
	explain_ctx c = { .lang = LANG_EN, .format = (explain_format)o->format, .out = stdout };
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
			const char *known[EXPLAIN_MAX_RULESETS];
			size_t n = rulebook_ruleset_count(rb);
			if (n > EXPLAIN_MAX_RULESETS)
				n = EXPLAIN_MAX_RULESETS;
			for (size_t i = 0; i < n; i++)
				known[i] = rulebook_ruleset_at(rb, i)->id;
			qsort(known, n, sizeof known[0], compare_ids);
			char *list = str_join(known, n, ", ");
			fprintf(stderr, "orbat explain: unknown ruleset '%s'; the rulesets are %s\n", ruleset_id, list);
			free(list);
			code = EXIT_USAGE;
			goto out;
		}
	}

	if (!ids) {
		catalogue(&c, only);
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
