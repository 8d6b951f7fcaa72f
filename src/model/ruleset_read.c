/* The attribute readers of the ruleset loader (ruleset_read.h). */
#include "ruleset_read.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

void ruleset_read_fail(ruleset_reader *ld, const xmlNode *node, const char *attr, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	int line, col;
	xmldoc_locate(ld->doc, node, attr, &line, &col);
	diag_add(ld->sink, ld->doc->file, line, col, DIAG_ERROR, RULESET_RULE, "%s", msg);
	free(msg);
	ld->failed = true;
}

/* ---- small attribute readers: each leaves *out alone when absent ---- */

void ruleset_read_int(ruleset_reader *ld, const xmlNode *n, const char *name, int *out)
{
	const char *v = xmldoc_attr(n, name);
	long x;
	if (!v)
		return;
	if (!parse_int(v, -1000, 100000, &x)) {
		ruleset_read_fail(ld, n, name, "attribute '%s' is not a whole number: '%s'", name, v);
		return;
	}
	*out = (int)x;
}

void ruleset_read_bool(ruleset_reader *ld, const xmlNode *n, const char *name, bool *out)
{
	const char *v = xmldoc_attr(n, name);
	if (!v)
		return;
	if (strcmp(v, "true") == 0)
		*out = true;
	else if (strcmp(v, "false") == 0)
		*out = false;
	else
		ruleset_read_fail(ld, n, name, "attribute '%s' must be true or false, not '%s'", name, v);
}

void ruleset_read_str(const xmlNode *n, const char *name, char **out)
{
	const char *v = xmldoc_attr(n, name);
	if (!v)
		return;
	free(*out);
	*out = xstrdup(v);
}

/* Replace a word list by the words of text. */
void ruleset_read_split(const char *text, char ***out, size_t *count)
{
	str_free_words(*out, *count);
	*out = NULL;
	*count = str_split_words(text, out, 0);
}

void ruleset_read_words(const xmlNode *n, const char *name, char ***out, size_t *count)
{
	const char *v = xmldoc_attr(n, name);
	if (v)
		ruleset_read_split(v, out, count);
}

/* <name xml:lang="…"> and <text xml:lang="…"> children. */
void ruleset_read_texts(ruleset_reader *ld, const xmlNode *n, const char *element, l10n_text *out)
{
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (!xmldoc_is(c, RULESET_NS, element))
			continue;
		lang_id lang;
		const char *code = xmldoc_lang(c);
		if (!lang_parse(code, &lang)) {
			ruleset_read_fail(ld, c, "xml:lang", "<%s> needs xml:lang en, nl or fr, not '%s'", element, code ? code : "");
			continue;
		}
		xmlChar *content = xmlNodeGetContent(c);
		l10n_set(out, lang, (const char *)content);
		xmlFree(content);
	}
}

bool ruleset_read_has_child(const xmlNode *n, const char *element)
{
	for (const xmlNode *c = n->children; c; c = c->next)
		if (xmldoc_is(c, RULESET_NS, element))
			return true;
	return false;
}

/* Find an entry by id in an array of structs whose first member is `char *id`;
 * append a zeroed one when missing. */
static void *find_or_add(void **items, size_t *count, size_t size, const char *id, bool *added)
{
	char *base = *items;
	for (size_t i = 0; i < *count; i++) {
		char **entry_id = (char **)(base + i * size);
		if (str_eq(*entry_id, id)) {
			if (added)
				*added = false;
			return entry_id;
		}
	}
	*items = xrealloc(*items, (*count + 1) * size);
	char *slot = (char *)*items + *count * size;
	memset(slot, 0, size);
	*(char **)slot = xstrdup(id);
	(*count)++;
	if (added)
		*added = true;
	return slot;
}

static void remove_at(void *items, size_t *count, size_t size, size_t index)
{
	char *base = items;
	memmove(base + index * size, base + (index + 1) * size, (*count - index - 1) * size);
	(*count)--;
}

static bool wants_removal(ruleset_reader *ld, const xmlNode *n)
{
	bool absent = false;
	ruleset_read_bool(ld, n, "absent", &absent);
	return absent;
}

/* absent="true" on an entry: the inherited entry with that id leaves its
 * list, its memory going through release.  True when the element asked
 * for that (and nothing else of it is to be read). */
static bool removed_entry(ruleset_reader *ld, const xmlNode *n, void *items, size_t *count, size_t size,
	const char *id, void (*release)(void *entry))
{
	if (!wants_removal(ld, n))
		return false;
	char *base = items;
	for (size_t i = 0; i < *count; i++)
		if (str_eq(*(char **)(void *)(base + i * size), id)) {
			release(base + i * size);
			remove_at(items, count, size, i);
			break;
		}
	return true;
}

static const char *require_id(ruleset_reader *ld, const xmlNode *n)
{
	const char *id = xmldoc_attr(n, "id");
	if (!id || !*id)
		ruleset_read_fail(ld, n, NULL, "<%s> needs an id", (const char *)n->name);
	return id && *id ? id : NULL;
}

/* The entry the element n names by its id in a list of structs whose
 * first member is the id: the inherited one, or a new zeroed one (then
 * *added, when added is not NULL).  NULL when n has no id (reported) or, for a list whose entries
 * may be removed (release given), when n asks for that (absent="true"). */
void *ruleset_read_entry(ruleset_reader *ld, const xmlNode *n, void **items, size_t *count, size_t size,
	void (*release)(void *entry), bool *added)
{
	const char *id = require_id(ld, n);
	if (!id)
		return NULL;
	if (release && removed_entry(ld, n, *items, count, size, id, release))
		return NULL;
	return find_or_add(items, count, size, id, added);
}

int ruleset_read_enum(ruleset_reader *ld, const xmlNode *n, const char *name, const char *const *names,
	size_t count, int *out)
{
	const char *v = xmldoc_attr(n, name);
	if (!v)
		return 0;
	size_t words = 0;
	for (size_t i = 0; i < count; i++) {
		if (names[i] && strcmp(names[i], v) == 0) {
			*out = (int)i;
			return 1;
		}
		words += names[i] != NULL;
	}
	/* "name must be a, b or c, not 'v'" */
	str_buf list = { NULL, 0, 0 };
	str_printf(&list, "%s", "");
	for (size_t i = 0, said = 0; i < count; i++)
		if (names[i])
			str_printf(&list, "%s%s", said++ == 0 ? "" : said == words ? " or " : ", ", names[i]);
	ruleset_read_fail(ld, n, name, "%s must be %s, not '%s'", name, list.s, v);
	free(list.s);
	return -1;
}

void ruleset_read_symbol(ruleset_reader *ld, const xmlNode *n, rs_symbol *out)
{
	int symbol;
	if (ruleset_read_enum(ld, n, "symbol", ruleset_symbol_names, RS_SYMBOL_COUNT, &symbol) > 0)
		*out = (rs_symbol)symbol;
}
