#include "rulebook_print.h"

#include <stdlib.h>
#include <string.h>

#include "../base/jsonout.h"
#include "../base/util.h"
#include "../text/strings.h"

/* Columns of a terminal line of text. */
#define PRINT_WIDTH 78
/* Rulesets of one prefix, at most (the bundled data has a handful). */
#define PRINT_MAX_RULESETS 64

/* ---- small text helpers ---- */

static const char *label(const rulebook_doc *d, const char *id)
{
	return strings_get(d->strings, id, d->lang);
}

/* The text of a label with its {ruleset} filled in; a fresh string. */
static char *label_with(const rulebook_doc *d, const char *id, const char *ruleset)
{
	const char *t = label(d, id);
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

/* Paragraphs ("\n\n" between them) wrapped at PRINT_WIDTH columns, an
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
			if (col > 0 && (step || col + 1 + width > PRINT_WIDTH)) {
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

static const char *ruleset_name(const rulebook_doc *d, const char *id)
{
	const rulebook_ruleset *rs = rulebook_find_ruleset(d->rb, id);
	const char *name = rs ? l10n_get(&rs->name, d->lang) : "";
	return *name ? name : id;
}

/* The rulesets a rule is printed for: only `only` when given. */
static size_t rule_rulesets(const rulebook_doc *d, const rulebook_rule *r, const rulebook_ruleset *only,
	const rulebook_ruleset **out)
{
	if (only) {
		out[0] = only;
		return 1;
	}
	size_t n = rulebook_rulesets_of(d->rb, r->prefix, out, PRINT_MAX_RULESETS);
	return n < PRINT_MAX_RULESETS ? n : PRINT_MAX_RULESETS;
}

static bool variant_shown(const rulebook_variant *v, const rulebook_ruleset *only)
{
	return !only || strcmp(v->ruleset, only->id) == 0;
}

/* ---- one rule ---- */

static void text_rule(FILE *out, const rulebook_doc *d, const rulebook_rule *r, const rulebook_ruleset *only)
{
	fprintf(out, "%s \u2014 %s\n", r->id, l10n_get(&r->title, d->lang));
	const rulebook_ruleset *sets[PRINT_MAX_RULESETS];
	size_t n = rule_rulesets(d, r, only, sets);
	if (!r->prefix && !only) {
		fprintf(out, "%s %s\n", label(d, "explain-ruleset"), label(d, "explain-every-ruleset"));
	} else {
		fputs(label(d, n == 1 ? "explain-ruleset" : "explain-rulesets"), out);
		for (size_t i = 0; i < n; i++)
			fprintf(out, "%s %s", i ? "," : "", sets[i]->id);
		fputc('\n', out);
	}
	if (r->section)
		fprintf(out, "%s %s\n", label(d, "explain-section"), r->section);
	fputc('\n', out);
	wrap(out, l10n_get(&r->text, d->lang));
	for (size_t i = 0; i < r->variant_count; i++) {
		const rulebook_variant *v = &r->variants[i];
		if (!variant_shown(v, only))
			continue;
		char *head = label_with(d, "explain-variant", ruleset_name(d, v->ruleset));
		fprintf(out, "\n%s\n", head);
		free(head);
		wrap(out, l10n_get(&v->text, d->lang));
	}
	const char *advice = l10n_get(&r->advice, d->lang);
	if (*advice) {
		fprintf(out, "\n%s\n", label(d, "explain-advice"));
		wrap(out, advice);
	}
}

static json_t *json_rule(const rulebook_doc *d, const rulebook_rule *r, const rulebook_ruleset *only)
{
	json_t *o = json_object();
	json_object_set_new(o, "id", jsonout_string(r->id));
	json_object_set_new(o, "lang", jsonout_string_or_null(lang_code(d->lang)));
	json_object_set_new(o, "prefix", jsonout_string_or_null(r->prefix));
	json_object_set_new(o, "section", jsonout_string_or_null(r->section));
	json_object_set_new(o, "format_rule", json_boolean(!r->prefix));
	json_t *ids = json_array();
	const rulebook_ruleset *sets[PRINT_MAX_RULESETS];
	size_t n = rule_rulesets(d, r, only, sets);
	for (size_t i = 0; i < n; i++)
		json_array_append_new(ids, jsonout_string(sets[i]->id));
	json_object_set_new(o, "rulesets", ids);
	json_object_set_new(o, "title", jsonout_string_or_null(l10n_get(&r->title, d->lang)));
	json_object_set_new(o, "text", jsonout_string_or_null(l10n_get(&r->text, d->lang)));
	json_object_set_new(o, "advice", jsonout_string_or_null(l10n_get(&r->advice, d->lang)));
	json_t *variants = json_array();
	for (size_t i = 0; i < r->variant_count; i++) {
		const rulebook_variant *v = &r->variants[i];
		if (variant_shown(v, only))
			json_array_append_new(variants, json_pack("{s:o, s:o, s:o}", "ruleset", jsonout_string(v->ruleset),
				"name", jsonout_string_or_null(ruleset_name(d, v->ruleset)), "text",
				jsonout_string_or_null(l10n_get(&v->text, d->lang))));
	}
	json_object_set_new(o, "variants", variants);
	return o;
}

/* "\n**HEAD** TEXT\n": a variant or the advice in Markdown. */
static void md_paragraph(FILE *out, const char *head, const char *text)
{
	fputs("\n**", out);
	md_text(out, head);
	fputs("** ", out);
	md_text(out, text);
	fputs("\n", out);
}

static void md_rule(FILE *out, const rulebook_doc *d, const rulebook_rule *r, const rulebook_ruleset *only,
	int level)
{
	fprintf(out, "%.*s %s \u2014 ", level, "######", r->id);
	md_text(out, l10n_get(&r->title, d->lang));
	fputs("\n\n", out);
	md_text(out, l10n_get(&r->text, d->lang));
	fputs("\n", out);
	for (size_t i = 0; i < r->variant_count; i++) {
		const rulebook_variant *v = &r->variants[i];
		if (!variant_shown(v, only))
			continue;
		char *head = label_with(d, "explain-variant", ruleset_name(d, v->ruleset));
		md_paragraph(out, head, l10n_get(&v->text, d->lang));
		free(head);
	}
	const char *advice = l10n_get(&r->advice, d->lang);
	if (*advice)
		md_paragraph(out, label(d, "explain-advice"), advice);
}

void rulebook_print_rule(FILE *out, const rulebook_doc *d, const rulebook_rule *r, const rulebook_ruleset *only)
{
	switch (d->format) {
	case RULEBOOK_TEXT:
		text_rule(out, d, r, only);
		break;
	case RULEBOOK_MARKDOWN:
		md_rule(out, d, r, only, 1);
		break;
	case RULEBOOK_JSON:
		jsonout_line(out, json_rule(d, r, only));
		break;
	}
}

void rulebook_rule_words(const rulebook_doc *d, const rulebook_rule *r, const rulebook_ruleset *only, char **title,
	char **text)
{
	*title = xstrdup(l10n_get(&r->title, d->lang));
	char *all = xstrdup(l10n_get(&r->text, d->lang));
	for (size_t i = 0; i < r->variant_count; i++) {
		const rulebook_variant *v = &r->variants[i];
		if (!variant_shown(v, only))
			continue;
		char *head = label_with(d, "explain-variant", ruleset_name(d, v->ruleset));
		char *more = xasprintf("%s\n\n%s\n\n%s", all, head, l10n_get(&v->text, d->lang));
		free(head);
		free(all);
		all = more;
	}
	const char *advice = l10n_get(&r->advice, d->lang);
	if (*advice) {
		char *more = xasprintf("%s\n\n%s\n\n%s", all, label(d, "explain-advice"), advice);
		free(all);
		all = more;
	}
	*text = all;
}

/* ---- lists ---- */

/* The rules of one prefix (NULL: the format rules) as "  ID  TITLE" lines. */
static void text_list(FILE *out, const rulebook_doc *d, const rulebook_rule **rules, size_t n)
{
	size_t width = 0;
	for (size_t i = 0; i < n; i++)
		if (strlen(rules[i]->id) > width)
			width = strlen(rules[i]->id);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "  %-*s  %s\n", (int)width, rules[i]->id, l10n_get(&rules[i]->title, d->lang));
}

char *rulebook_prefix_names(const rulebook_doc *d, const char *prefix)
{
	const rulebook_ruleset *sets[PRINT_MAX_RULESETS];
	size_t n = rulebook_rulesets_of(d->rb, prefix, sets, PRINT_MAX_RULESETS);
	if (n > PRINT_MAX_RULESETS)
		n = PRINT_MAX_RULESETS;
	if (n == 0)
		return xstrdup(prefix);
	const char *names[PRINT_MAX_RULESETS];
	for (size_t i = 0; i < n; i++)
		names[i] = ruleset_name(d, sets[i]->id);
	return str_join(names, n, ", ");
}

static int compare_ids(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

char *rulebook_ruleset_ids(const rulebook *rb)
{
	const char *known[PRINT_MAX_RULESETS];
	size_t n = rulebook_ruleset_count(rb);
	if (n > PRINT_MAX_RULESETS)
		n = PRINT_MAX_RULESETS;
	for (size_t i = 0; i < n; i++)
		known[i] = rulebook_ruleset_at(rb, i)->id;
	qsort(known, n, sizeof known[0], compare_ids);
	return str_join(known, n, ", ");
}

/* One block of the catalogue: a heading and its rules, or in JSON the
 * rules added to the list `all`.  only: the ruleset whose variants are
 * shown (NULL: all). */
static void block(FILE *out, const rulebook_doc *d, const char *heading, const rulebook_rule **rules, size_t n,
	const rulebook_ruleset *only, bool *first, json_t *all)
{
	switch (d->format) {
	case RULEBOOK_TEXT:
		fprintf(out, "%s%s\n\n", *first ? "" : "\n", heading);
		text_list(out, d, rules, n);
		break;
	case RULEBOOK_MARKDOWN:
		fputs("\n## ", out);
		md_text(out, heading);
		fputs("\n", out);
		for (size_t i = 0; i < n; i++) {
			fputc('\n', out);
			md_rule(out, d, rules[i], only, 3);
		}
		break;
	case RULEBOOK_JSON:
		for (size_t i = 0; i < n; i++)
			json_array_append_new(all, json_rule(d, rules[i], only));
		break;
	}
	*first = false;
}

/* What stands before the blocks: the Markdown title and introduction, or
 * the JSON document without its rules (returned). */
static json_t *catalogue_head(FILE *out, const rulebook_doc *d, const rulebook_ruleset *only)
{
	if (d->format == RULEBOOK_MARKDOWN) {
		char *title = only ? xasprintf("%s \u2014 %s", label(d, "explain-reference-title"),
			ruleset_name(d, only->id)) : xstrdup(label(d, "explain-reference-title"));
		fputs("# ", out);
		md_text(out, title);
		free(title);
		/* The intro is orbat's own text, with its own markup. */
		fprintf(out, "\n\n%s\n", label(d, "explain-reference-intro"));
	} else if (d->format == RULEBOOK_JSON) {
		json_t *doc = json_object();
		json_object_set_new(doc, "lang", jsonout_string(lang_code(d->lang)));
		if (only) {
			json_object_set_new(doc, "ruleset", jsonout_string_or_null(only->id));
			json_object_set_new(doc, "name", jsonout_string_or_null(ruleset_name(d, only->id)));
		}
		return doc;
	}
	return NULL;
}

void rulebook_print_catalogue(FILE *out, const rulebook_doc *d, const rulebook_ruleset *only)
{
	size_t total = rulebook_rule_count(d->rb);
	const rulebook_rule **rules = xmalloc((total ? total : 1) * sizeof *rules);
	json_t *doc = catalogue_head(out, d, only);
	json_t *all = doc ? json_array() : NULL;
	bool first = true;
	const char *prefixes[PRINT_MAX_RULESETS];
	size_t np = rulebook_prefixes(d->rb, prefixes, PRINT_MAX_RULESETS);
	if (np > PRINT_MAX_RULESETS)
		np = PRINT_MAX_RULESETS;
	for (size_t i = 0; i < np; i++) {
		if (only && !str_eq(prefixes[i], only->prefix))
			continue;
		size_t n = rulebook_rules_with_prefix(d->rb, prefixes[i], rules, total);
		char *names = only ? xstrdup(ruleset_name(d, only->id)) : rulebook_prefix_names(d, prefixes[i]);
		char *heading = label_with(d, "explain-rules-of", names);
		block(out, d, heading, rules, n, only, &first, all);
		free(heading);
		free(names);
	}
	size_t n = rulebook_rules_with_prefix(d->rb, NULL, rules, total);
	if (n)
		block(out, d, label(d, "explain-format-rules"), rules, n, only, &first, all);
	if (doc) {
		json_object_set_new(doc, "rules", all);
		jsonout_line(out, doc);
	}
	free(rules);
}
