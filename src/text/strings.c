#include "strings.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../base/xmldoc.h"
#include "context.h"

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

/* Append the entries of one file; false when it is broken. */
static bool load_file(string_table *t, size_t *cap, const char *path, diag_sink *sink)
{
	xml_document *doc = NULL;
	if (xmldoc_load_file(path, NULL, sink, &doc) != XMLDOC_OK)
		return false;
	xmlNodePtr root = xmlDocGetRootElement(doc->doc);
	bool ok = xmldoc_is(root, STRINGS_NS, "strings");
	if (!ok)
		diag_add(sink, path, (int)xmlGetLineNo(root), 0, DIAG_ERROR, "strings",
			"the root element must be <strings xmlns=\"%s\">", STRINGS_NS);
	for (xmlNodePtr n = ok ? root->children : NULL; n; n = n->next) {
		if (!xmldoc_is(n, STRINGS_NS, "string"))
			continue;
		const char *id = xmldoc_attr(n, "id");
		if (!id) {
			diag_add(sink, path, (int)xmlGetLineNo(n), 0, DIAG_ERROR, "strings", "<string> needs an id");
			ok = false;
			continue;
		}
		grow_array((void **)&t->entries, cap, t->count + 1, sizeof *t->entries);
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
	return ok;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

string_table *strings_load(const char *dir_path, diag_sink *sink)
{
	DIR *dir = opendir(dir_path);
	if (!dir) {
		diag_add(sink, dir_path, 0, 0, DIAG_ERROR, "strings", "cannot read the folder of translated strings");
		return NULL;
	}
	/* Every *.xml of the folder, in name order so results do not depend
	 * on the file system. */
	char **names = NULL;
	size_t name_count = 0, name_cap = 0;
	struct dirent *e;
	while ((e = readdir(dir))) {
		size_t n = strlen(e->d_name);
		if (n > 4 && strcmp(e->d_name + n - 4, ".xml") == 0) {
			grow_array((void **)&names, &name_cap, name_count + 1, sizeof *names);
			names[name_count++] = xasprintf("%s/%s", dir_path, e->d_name);
		}
	}
	closedir(dir);
	qsort(names, name_count, sizeof *names, compare_names);

	string_table *t = xcalloc(1, sizeof *t);
	size_t cap = 0;
	bool ok = true;
	for (size_t i = 0; i < name_count; i++) {
		ok &= load_file(t, &cap, names[i], sink);
		free(names[i]);
	}
	free(names);
	qsort(t->entries, t->count, sizeof *t->entries, compare_entries);
	for (size_t i = 1; i < t->count; i++) {
		if (strcmp(t->entries[i].id, t->entries[i - 1].id) == 0) {
			diag_add(sink, dir_path, 0, 0, DIAG_ERROR, "strings", "string '%s' is defined twice", t->entries[i].id);
			ok = false;
		}
	}
	if (!ok) {
		strings_destroy(t);
		return NULL;
	}
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

char *strings_expand(const char *tmpl, const char *const *pairs)
{
	size_t cap = strlen(tmpl) + 1, len = 0;
	char *out = xmalloc(cap);
	const char *p = tmpl;
	while (*p) {
		const char *close = *p == '{' ? strchr(p, '}') : NULL;
		const char *value = NULL;
		for (size_t i = 0; close && pairs && pairs[i] && pairs[i + 1]; i += 2) {
			size_t n = strlen(pairs[i]);
			if ((size_t)(close - p - 1) == n && strncmp(p + 1, pairs[i], n) == 0) {
				value = pairs[i + 1];
				break;
			}
		}
		const char *piece = value ? value : p;
		size_t n = value ? strlen(value) : 1;
		grow_array((void **)&out, &cap, len + n + 1, 1);
		memcpy(out + len, piece, n);
		len += n;
		p = value ? close + 1 : p + 1;
	}
	out[len] = '\0';
	return out;
}

const string_table *strings_of(context *c, diag_sink *sink)
{
	CONTEXT_LOAD_ONCE(c, strings, DATADIR_STRINGS, strings_load, sink, strings_destroy);
	return c->strings;
}
