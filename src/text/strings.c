#include "strings.h"

#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../base/xmldoc.h"

#define STRINGS_NS "urn:orbat:strings:1"

typedef struct string_entry {
	char *id;
	l10n_text text;
} string_entry;

struct string_table {
	string_entry *entries;
	size_t count;
};

static int compare_entries(const void *a, const void *b)
{
	return strcmp(((const string_entry *)a)->id, ((const string_entry *)b)->id);
}

string_table *strings_load(const char *path, diag_sink *sink)
{
	xml_document *doc = NULL;
	if (xmldoc_load_file(path, NULL, sink, &doc) != XMLDOC_OK)
		return NULL;
	xmlNodePtr root = xmlDocGetRootElement(doc->doc);
	string_table *t = xcalloc(1, sizeof *t);
	size_t cap = 0;
	bool ok = xmldoc_is(root, STRINGS_NS, "strings");
	if (!ok)
		diag_add(sink, path, 0, 0, DIAG_ERROR, "strings", "the root element must be <strings xmlns=\"%s\">", STRINGS_NS);
	for (xmlNodePtr n = ok ? root->children : NULL; n; n = n->next) {
		if (!xmldoc_is(n, STRINGS_NS, "string"))
			continue;
		const char *id = xmldoc_attr(n, "id");
		if (!id) {
			diag_add(sink, path, (int)xmlGetLineNo(n), 0, DIAG_ERROR, "strings", "<string> needs an id");
			ok = false;
			continue;
		}
		grow_array((void **)&t->entries, &cap, t->count + 1, sizeof *t->entries);
		string_entry *e = &t->entries[t->count++];
		memset(e, 0, sizeof *e);
		e->id = xstrdup(id);
		for (xmlNodePtr c = n->children; c; c = c->next) {
			lang_id lang;
			if (!xmldoc_is(c, STRINGS_NS, "t") || !lang_parse(xmldoc_lang(c), &lang))
				continue;
			xmlChar *content = xmlNodeGetContent(c);
			l10n_set(&e->text, lang, (const char *)content);
			xmlFree(content);
		}
	}
	xmldoc_destroy(doc);
	if (!ok) {
		strings_destroy(t);
		return NULL;
	}
	qsort(t->entries, t->count, sizeof *t->entries, compare_entries);
	return t;
}

void strings_destroy(string_table *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->count; i++) {
		free(t->entries[i].id);
		l10n_finish(&t->entries[i].text);
	}
	free(t->entries);
	free(t);
}

static const string_entry *find(const string_table *t, const char *id)
{
	string_entry key = { .id = (char *)id };
	return bsearch(&key, t->entries, t->count, sizeof *t->entries, compare_entries);
}

const char *strings_get(const string_table *t, const char *id, lang_id lang)
{
	const string_entry *e = find(t, id);
	return e ? l10n_get(&e->text, lang) : id;
}

bool strings_has(const string_table *t, const char *id)
{
	return find(t, id) != NULL;
}

size_t strings_incomplete(const string_table *t, const char **first_id)
{
	size_t n = 0;
	*first_id = NULL;
	for (size_t i = 0; i < t->count; i++) {
		if (!l10n_complete(&t->entries[i].text)) {
			if (!n)
				*first_id = t->entries[i].id;
			n++;
		}
	}
	return n;
}

size_t strings_count(const string_table *t)
{
	return t->count;
}
