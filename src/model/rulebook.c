#include "rulebook.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../base/datadir.h"
#include "../base/util.h"
#include "../base/xmldoc.h"
#include "../text/context.h"
#include "ruleset.h"

#define RULES_NS "urn:orbat:rules:1"
/* A broken catalogue is broken ruleset data: the same rule id as a broken
 * ruleset file. */
#define RULEBOOK_RULE "ruleset"

struct rulebook {
	rulebook_rule *rules;
	size_t rule_count, rule_cap;
	rulebook_ruleset *rulesets;
	size_t ruleset_count, ruleset_cap;
};

/* ---- text ---- */

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Fold the blanks of an XML text: paragraphs (split at lines holding only
 * blanks) become single lines joined by "\n\n", runs of blanks one space. */
static char *fold_paragraphs(const char *raw)
{
	size_t len = strlen(raw);
	char *out = xmalloc(len + 1), *o = out;
	const char *p = raw;
	bool pending_space = false, pending_break = false;
	while (*p) {
		if (blank(*p)) {
			int newlines = 0;
			while (*p && blank(*p)) {
				if (*p == '\n')
					newlines++;
				p++;
			}
			if (o == out || !*p)
				continue;
			if (newlines >= 2)
				pending_break = true;
			else
				pending_space = true;
			continue;
		}
		if (pending_break) {
			*o++ = '\n';
			*o++ = '\n';
		} else if (pending_space) {
			*o++ = ' ';
		}
		pending_break = pending_space = false;
		*o++ = *p++;
	}
	*o = '\0';
	return out;
}

/* Read the <NAME xml:lang> children of n into t; false when one has an
 * unknown language. */
static bool read_texts(const xml_document *doc, const xmlNode *n, const char *name, l10n_text *t, diag_sink *sink)
{
	bool ok = true;
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (!xmldoc_is(c, RULES_NS, name))
			continue;
		lang_id lang;
		if (!lang_parse(xmldoc_lang(c), &lang)) {
			int line, col;
			xmldoc_locate(doc, c, "xml:lang", &line, &col);
			diag_add(sink, doc->file, line, col, DIAG_ERROR, RULEBOOK_RULE,
				"<%s> needs xml:lang en, nl or fr", name);
			ok = false;
			continue;
		}
		xmlChar *content = xmlNodeGetContent(c);
		char *folded = fold_paragraphs((const char *)content);
		l10n_set(t, lang, folded);
		free(folded);
		xmlFree(content);
	}
	return ok;
}

/* ---- loading ---- */

static void rule_finish(void *item)
{
	rulebook_rule *r = item;
	free(r->id);
	free(r->prefix);
	l10n_finish(&r->title);
	l10n_finish(&r->text);
	l10n_finish(&r->advice);
	for (size_t i = 0; i < r->variant_count; i++) {
		free(r->variants[i].ruleset);
		l10n_finish(&r->variants[i].text);
	}
	free(r->variants);
}

static void locate_error(diag_sink *sink, const xml_document *doc, const xmlNode *n, const char *attr,
	const char *fmt, ...) DIAG_PRINTF(5, 6);

static void locate_error(diag_sink *sink, const xml_document *doc, const xmlNode *n, const char *attr,
	const char *fmt, ...)
{
	int line, col;
	xmldoc_locate(doc, n, attr, &line, &col);
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	diag_add(sink, doc->file, line, col, DIAG_ERROR, RULEBOOK_RULE, "%s", msg);
	free(msg);
}

static bool load_rule(rulebook *rb, const xml_document *doc, const xmlNode *n, const char *prefix, diag_sink *sink)
{
	const char *id = xmldoc_attr(n, "id");
	if (!id || !*id) {
		locate_error(sink, doc, n, NULL, "<rule> needs an id");
		return false;
	}
	size_t plen = prefix ? strlen(prefix) : 0;
	if (prefix && (strncmp(id, prefix, plen) != 0 || id[plen] != '-' || !id[plen + 1])) {
		locate_error(sink, doc, n, "id", "rule id '%s' does not start with this file's prefix '%s-'", id, prefix);
		return false;
	}
	if (rulebook_find(rb, id)) {
		locate_error(sink, doc, n, "id", "rule '%s' is given twice", id);
		return false;
	}
	grow_array((void **)&rb->rules, &rb->rule_cap, rb->rule_count + 1, sizeof *rb->rules);
	rulebook_rule *r = &rb->rules[rb->rule_count++];
	memset(r, 0, sizeof *r);
	r->id = xstrdup(id);
	if (prefix) {
		r->prefix = xstrdup(prefix);
		r->section = r->id + plen + 1;
	}
	bool ok = read_texts(doc, n, "title", &r->title, sink);
	ok &= read_texts(doc, n, "text", &r->text, sink);
	ok &= read_texts(doc, n, "advice", &r->advice, sink);
	if (l10n_empty(&r->title) || l10n_empty(&r->text)) {
		locate_error(sink, doc, n, NULL, "rule '%s' needs a <title> and a <text>", id);
		ok = false;
	}
	size_t cap = 0;
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (!xmldoc_is(c, RULES_NS, "variant"))
			continue;
		const char *variant_of = xmldoc_attr(c, "ruleset");
		if (!variant_of || !*variant_of) {
			locate_error(sink, doc, c, NULL, "<variant> of rule '%s' needs a ruleset", id);
			ok = false;
			continue;
		}
		grow_array((void **)&r->variants, &cap, r->variant_count + 1, sizeof *r->variants);
		rulebook_variant *v = &r->variants[r->variant_count++];
		memset(v, 0, sizeof *v);
		v->ruleset = xstrdup(variant_of);
		ok &= read_texts(doc, c, "text", &v->text, sink);
	}
	return ok;
}

/* Append the rules of one file; false when it is broken. */
static bool load_file(rulebook *rb, const char *path, diag_sink *sink)
{
	xml_document *doc = xmldoc_load_root(path, RULES_NS, "rules", RULEBOOK_RULE, sink);
	if (!doc)
		return false;
	xmlNodePtr root = xmlDocGetRootElement(doc->doc);
	bool ok = true;
	const char *prefix = xmldoc_attr(root, "prefix");
	if (prefix && (!*prefix || strchr(prefix, '-'))) {
		locate_error(sink, doc, root, "prefix", "prefix '%s' must be a word without '-'", prefix);
		ok = false;
	}
	for (xmlNodePtr n = ok ? root->children : NULL; n; n = n->next)
		if (xmldoc_is(n, RULES_NS, "rule"))
			ok &= load_rule(rb, doc, n, prefix, sink);
	xmldoc_destroy(doc);
	return ok;
}

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The *.xml names of a folder, sorted, as fresh "DIR/NAME" paths; -1 when
 * the folder cannot be read. */
static long list_xml(const char *dir_path, char ***out)
{
	DIR *dir = opendir(dir_path);
	if (!dir)
		return -1;
	char **names = NULL;
	size_t count = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(dir))) {
		size_t n = strlen(e->d_name);
		if (n > 4 && e->d_name[0] != '.' && strcmp(e->d_name + n - 4, ".xml") == 0) {
			grow_array((void **)&names, &cap, count + 1, sizeof *names);
			names[count++] = xstrdup(e->d_name);
		}
	}
	closedir(dir);
	if (count)
		qsort(names, count, sizeof *names, compare_strings);
	*out = names;
	return (long)count;
}

/* Parents before the rulesets that extend them (battlecry-1999 before
 * battlecry-150), then by id. */
static int inheritance_depth(const rulebook *rb, const char *const *parents, size_t i)
{
	int depth = 0;
	const char *p = parents[i];
	while (p && depth < 16) {
		depth++;
		size_t j = 0;
		while (j < rb->ruleset_count && strcmp(rb->rulesets[j].id, p) != 0)
			j++;
		p = j < rb->ruleset_count ? parents[j] : NULL;
	}
	return depth;
}

static void order_rulesets(rulebook *rb, char **parents)
{
	size_t n = rb->ruleset_count;
	int *depth = xmalloc((n ? n : 1) * sizeof *depth);
	for (size_t i = 0; i < n; i++)
		depth[i] = inheritance_depth(rb, (const char *const *)parents, i);
	/* insertion sort: a handful of rulesets */
	for (size_t i = 1; i < n; i++) {
		for (size_t j = i; j > 0; j--) {
			int d = depth[j - 1] - depth[j];
			if (d < 0 || (d == 0 && strcmp(rb->rulesets[j - 1].id, rb->rulesets[j].id) <= 0))
				break;
			rulebook_ruleset t = rb->rulesets[j];
			rb->rulesets[j] = rb->rulesets[j - 1];
			rb->rulesets[j - 1] = t;
			int td = depth[j];
			depth[j] = depth[j - 1];
			depth[j - 1] = td;
		}
	}
	free(depth);
}

static void load_rulesets(rulebook *rb, const char *data_dir)
{
	char *dir_path = datadir_path(data_dir, DATADIR_RULESETS);
	char **names = NULL;
	long count = list_xml(dir_path, &names);
	free(dir_path);
	char **parents = xcalloc(count > 0 ? (size_t)count : 1, sizeof *parents);
	for (long i = 0; i < count; i++) {
		names[i][strlen(names[i]) - 4] = '\0';
		diag_sink scratch;
		diag_sink_init(&scratch);
		ruleset *rs = ruleset_load(data_dir, names[i], &scratch);
		diag_sink_finish(&scratch);
		if (rs && rs->rule_prefix) {
			grow_array((void **)&rb->rulesets, &rb->ruleset_cap, rb->ruleset_count + 1, sizeof *rb->rulesets);
			rulebook_ruleset *e = &rb->rulesets[rb->ruleset_count++];
			memset(e, 0, sizeof *e);
			e->id = xstrdup(rs->id);
			e->prefix = xstrdup(rs->rule_prefix);
			for (int l = 0; l < LANG_COUNT; l++)
				l10n_set(&e->name, (lang_id)l, rs->name.text[l]);
			parents[rb->ruleset_count - 1] = rs->extends ? xstrdup(rs->extends) : NULL;
		}
		ruleset_destroy(rs);
		free(names[i]);
	}
	free(names);
	order_rulesets(rb, parents);
	for (long i = 0; i < count; i++)
		free(parents[i]);
	free(parents);
}

/* Format rules go last, whatever their file is called. */
static void put_format_rules_last(rulebook *rb)
{
	rulebook_rule *sorted = xmalloc((rb->rule_count ? rb->rule_count : 1) * sizeof *sorted);
	size_t k = 0;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < rb->rule_count; i++)
			if ((rb->rules[i].prefix == NULL) == (pass == 1))
				sorted[k++] = rb->rules[i];
	free(rb->rules);
	rb->rules = sorted;
	rb->rule_cap = rb->rule_count ? rb->rule_count : 1;
	/* section points into id, which moved with its struct: still valid. */
}

rulebook *rulebook_load(const char *data_dir, diag_sink *sink)
{
	char *dir_path = datadir_path(data_dir, DATADIR_RULES);
	char **names = NULL;
	long count = list_xml(dir_path, &names);
	if (count < 0) {
		diag_add(sink, dir_path, 0, 0, DIAG_ERROR, "io", "cannot read the folder of rule texts");
		free(dir_path);
		return NULL;
	}
	rulebook *rb = xcalloc(1, sizeof *rb);
	bool ok = true;
	for (long i = 0; i < count; i++) {
		char *path = xasprintf("%s/%s", dir_path, names[i]);
		ok &= load_file(rb, path, sink);
		free(path);
		free(names[i]);
	}
	free(names);
	if (ok && rb->rule_count == 0) {
		diag_add(sink, dir_path, 0, 0, DIAG_ERROR, RULEBOOK_RULE, "the folder of rule texts holds no rule");
		ok = false;
	}
	free(dir_path);
	if (!ok) {
		rulebook_destroy(rb);
		return NULL;
	}
	put_format_rules_last(rb);
	load_rulesets(rb, data_dir);
	return rb;
}

void rulebook_destroy(rulebook *rb)
{
	if (!rb)
		return;
	array_free(rb->rules, rb->rule_count, sizeof *rb->rules, rule_finish);
	for (size_t i = 0; i < rb->ruleset_count; i++) {
		free(rb->rulesets[i].id);
		free(rb->rulesets[i].prefix);
		l10n_finish(&rb->rulesets[i].name);
	}
	free(rb->rulesets);
	free(rb);
}

/* ---- look-ups ---- */

size_t rulebook_rule_count(const rulebook *rb)
{
	return rb->rule_count;
}

const rulebook_rule *rulebook_rule_at(const rulebook *rb, size_t index)
{
	return index < rb->rule_count ? &rb->rules[index] : NULL;
}

const rulebook_rule *rulebook_find(const rulebook *rb, const char *id)
{
	if (!id)
		return NULL;
	for (size_t i = 0; i < rb->rule_count; i++)
		if (strcasecmp(rb->rules[i].id, id) == 0)
			return &rb->rules[i];
	return NULL;
}

size_t rulebook_ruleset_count(const rulebook *rb)
{
	return rb->ruleset_count;
}

const rulebook_ruleset *rulebook_ruleset_at(const rulebook *rb, size_t index)
{
	return index < rb->ruleset_count ? &rb->rulesets[index] : NULL;
}

const rulebook_ruleset *rulebook_find_ruleset(const rulebook *rb, const char *id)
{
	for (size_t i = 0; id && i < rb->ruleset_count; i++)
		if (strcmp(rb->rulesets[i].id, id) == 0)
			return &rb->rulesets[i];
	return NULL;
}

size_t rulebook_rulesets_of(const rulebook *rb, const char *prefix, const rulebook_ruleset **out, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < rb->ruleset_count; i++) {
		if (prefix && !str_eq(rb->rulesets[i].prefix, prefix))
			continue;
		if (n < max)
			out[n] = &rb->rulesets[i];
		n++;
	}
	return n;
}

size_t rulebook_prefixes(const rulebook *rb, const char **out, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < rb->rule_count; i++) {
		const char *p = rb->rules[i].prefix;
		if (!p)
			continue;
		bool seen = false;
		for (size_t j = 0; j < i && !seen; j++)
			seen = str_eq(rb->rules[j].prefix, p);
		if (seen)
			continue;
		if (n < max)
			out[n] = p;
		n++;
	}
	return n;
}

bool rulebook_applies(const rulebook_rule *rule, const rulebook_ruleset *rs)
{
	return !rule->prefix || (rs && str_eq(rule->prefix, rs->prefix));
}

size_t rulebook_rules_with_prefix(const rulebook *rb, const char *prefix, const rulebook_rule **out, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < rb->rule_count; i++) {
		const rulebook_rule *r = &rb->rules[i];
		if (prefix ? !str_eq(r->prefix, prefix) : r->prefix != NULL)
			continue;
		if (n < max)
			out[n] = r;
		n++;
	}
	return n;
}

const rulebook_variant *rulebook_variant_for(const rulebook_rule *rule, const char *ruleset_id)
{
	for (size_t i = 0; ruleset_id && i < rule->variant_count; i++)
		if (strcmp(rule->variants[i].ruleset, ruleset_id) == 0)
			return &rule->variants[i];
	return NULL;
}

char *rulebook_text_for(const rulebook_rule *rule, const char *ruleset_id, lang_id lang)
{
	const char *text = l10n_get(&rule->text, lang);
	const rulebook_variant *v = rulebook_variant_for(rule, ruleset_id);
	if (!v)
		return xstrdup(text);
	return xasprintf("%s\n\n%s", text, l10n_get(&v->text, lang));
}

const rulebook *rulebook_of(context *c, diag_sink *sink)
{
	if (!c->rulebook) {
		c->rulebook = rulebook_load(context_data_dir(c), sink);
		c->rulebook_destroy = rulebook_destroy;
	}
	return c->rulebook;
}
