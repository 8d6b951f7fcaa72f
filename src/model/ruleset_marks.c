/* Counter marks of attribute values (ruleset_marks.h): kept on their
 * attribute, by value id, one letter per language. */
#include "ruleset_marks.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

#define RULESET_NS "urn:orbat:ruleset:1"
#define RULESET_RULE "ruleset"
/* A mark is a letter or two on a counter a few millimetres wide. */
#define MARK_MAX_BYTES 8

static void mark_error(const xml_document *doc, diag_sink *sink, bool *failed, const xmlNode *n, const char *fmt,
	...) DIAG_PRINTF(5, 6);

static void mark_error(const xml_document *doc, diag_sink *sink, bool *failed, const xmlNode *n, const char *fmt,
	...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	int line, col;
	xmldoc_locate(doc, n, NULL, &line, &col);
	diag_add(sink, doc->file, line, col, DIAG_ERROR, RULESET_RULE, "%s", msg);
	free(msg);
	*failed = true;
}

/* The entry of the value's mark, made empty when new. */
static rs_value_mark *mark_for(rs_attribute *a, const char *value)
{
	for (size_t i = 0; i < a->mark_count; i++)
		if (strcmp(a->marks[i].value, value) == 0) {
			l10n_finish(&a->marks[i].letter);
			return &a->marks[i];
		}
	a->marks = xrealloc(a->marks, (a->mark_count + 1) * sizeof *a->marks);
	rs_value_mark *m = &a->marks[a->mark_count++];
	*m = (rs_value_mark){ xstrdup(value), { { NULL } } };
	return m;
}

void ruleset_marks_read(const xml_document *doc, diag_sink *sink, bool *failed, rs_attribute *a,
	const xmlNode *value_node)
{
	const char *value = xmldoc_attr(value_node, "id");
	for (const xmlNode *n = value_node->children; n && value; n = n->next) {
		if (!xmldoc_is(n, RULESET_NS, "mark"))
			continue;
		rs_value_mark *m = mark_for(a, value);
		for (const xmlNode *c = n->children; c; c = c->next) {
			if (!xmldoc_is(c, RULESET_NS, "letter"))
				continue;
			lang_id lang;
			const char *code = xmldoc_lang(c);
			if (!lang_parse(code, &lang)) {
				mark_error(doc, sink, failed, c, "<letter> needs xml:lang en, nl or fr, not '%s'", code ? code : "");
				continue;
			}
			xmlChar *text = xmlNodeGetContent(c);
			size_t len = text ? strlen((const char *)text) : 0;
			if (len == 0 || len > MARK_MAX_BYTES)
				mark_error(doc, sink, failed, c, "the mark of value '%s' must be a letter or two", value);
			else
				l10n_set(&m->letter, lang, (const char *)text);
			xmlFree(text);
		}
		for (int l = 0; l < LANG_COUNT; l++)
			if (!m->letter.text[l])
				mark_error(doc, sink, failed, n, "the mark of value '%s' needs a <letter> in en, nl and fr", value);
	}
}

void ruleset_marks_free(rs_attribute *a)
{
	for (size_t i = 0; i < a->mark_count; i++) {
		free(a->marks[i].value);
		l10n_finish(&a->marks[i].letter);
	}
	free(a->marks);
	a->marks = NULL;
	a->mark_count = 0;
}

const char *ruleset_value_mark(const ruleset *rs, const char *attribute, const char *value, lang_id lang)
{
	const rs_attribute *a = attribute && value ? ruleset_find_attribute(rs, attribute) : NULL;
	for (size_t i = 0; a && i < a->mark_count; i++)
		if (strcmp(a->marks[i].value, value) == 0)
			return l10n_get(&a->marks[i].letter, lang);
	return NULL;
}
