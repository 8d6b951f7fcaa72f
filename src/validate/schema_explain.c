#include "schema_explain.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

typedef enum { V_ANY, V_INTEGER, V_SECTION_WIDTH, V_BOOLEAN, V_ENUM } value_kind;

typedef struct attr_rule {
	const char *name;
	bool required;
	value_kind kind;
	const char *values;  /* V_ENUM: space-separated */
} attr_rule;

/* scenario.rng's section-width: a whole number no larger than this. */
#define SECTION_WIDTH_MAX 999

typedef struct element_rule {
	const char *element;
	attr_rule attrs[10];
} element_rule;

static const element_rule RULES[] = {
	{ "scenario", { { "id", true, V_ANY, NULL }, { "ruleset", true, V_ANY, NULL } } },
	{ "title", { { "xml:lang", true, V_ENUM, "en nl fr" } } },
	{ "briefing", { { "xml:lang", true, V_ENUM, "en nl fr" } } },
	{ "name", { { "xml:lang", true, V_ENUM, "en nl fr" } } },
	{ "date", { { NULL, false, V_ANY, NULL } } },
	{ "board", { { "columns", true, V_INTEGER, NULL }, { "rows", true, V_INTEGER, NULL },
		{ "short-rows", false, V_ENUM, "even none" } } },
	{ "sections", { { "west", true, V_SECTION_WIDTH, NULL }, { "east", true, V_SECTION_WIDTH, NULL } } },
	{ "terrain", { { NULL, false, V_ANY, NULL } } },
	{ "hex", { { "at", true, V_ANY, NULL }, { "type", true, V_ANY, NULL },
		{ "fieldworks", false, V_BOOLEAN, NULL } } },
	{ "side", { { "id", true, V_ENUM, "union confederate" }, { "home", true, V_ENUM, "north south" },
		{ "cards", true, V_INTEGER, NULL }, { "victory", true, V_INTEGER, NULL },
		{ "first", false, V_BOOLEAN, NULL } } },
	{ "unit", { { "id", true, V_ANY, NULL }, { "type", true, V_ANY, NULL }, { "at", true, V_ANY, NULL },
		{ "figures", false, V_INTEGER, NULL }, { "name", false, V_ANY, NULL },
		{ "weapon", false, V_ANY, NULL }, { "quality", false, V_ANY, NULL },
		{ "state", false, V_ANY, NULL }, { "kind", false, V_ANY, NULL } } },
	/* a <unit> inside <reserve>: an entry hex instead of a starting hex */
	{ "reserve/unit", { { "id", true, V_ANY, NULL }, { "type", true, V_ANY, NULL }, { "entry", true, V_ANY, NULL },
		{ "figures", false, V_INTEGER, NULL }, { "name", false, V_ANY, NULL },
		{ "weapon", false, V_ANY, NULL }, { "quality", false, V_ANY, NULL },
		{ "state", false, V_ANY, NULL }, { "kind", false, V_ANY, NULL } } },
	{ "reserve", { { NULL, false, V_ANY, NULL } } },
	/* the special rules' hexes and units: an address or an id alone */
	{ "no-entry/hex", { { "at", true, V_ANY, NULL } } },
	{ "exit/hex", { { "at", true, V_ANY, NULL } } },
	{ "frozen/unit", { { "ref", true, V_ANY, NULL } } },
	{ "general", { { "id", true, V_ANY, NULL }, { "at", true, V_ANY, NULL }, { "name", false, V_ANY, NULL } } },
	{ "brigade", { { "id", true, V_ANY, NULL }, { "general", true, V_ANY, NULL }, { "units", true, V_ANY, NULL } } },
	{ "objective", { { "at", true, V_ANY, NULL }, { "vp", true, V_INTEGER, NULL },
		{ "for", true, V_ENUM, "union confederate both" } } },
};

static const element_rule *find_rule(const char *element)
{
	for (size_t i = 0; i < ARRAY_LEN(RULES); i++)
		if (strcmp(RULES[i].element, element) == 0)
			return &RULES[i];
	return NULL;
}

/* The attribute's value by its name as written (xml:lang included). */
static const char *attribute_value(const xmlNode *node, const char *name)
{
	if (strcmp(name, "xml:lang") == 0)
		return xmldoc_lang(node);
	return xmldoc_attr(node, name);
}

static bool trimmed_is_integer(const char *v)
{
	while (*v == ' ' || *v == '\t' || *v == '\n' || *v == '\r')
		v++;
	if (*v == '+' || *v == '-')
		v++;
	if (*v < '0' || *v > '9')
		return false;
	while (*v >= '0' && *v <= '9')
		v++;
	while (*v == ' ' || *v == '\t' || *v == '\n' || *v == '\r')
		v++;
	return *v == '\0';
}

static bool in_list(const char *list, const char *value)
{
	char *copy = xstrdup(value);
	/* the schema's token type ignores surrounding blanks */
	char *start = copy;
	while (*start == ' ' || *start == '\t' || *start == '\n')
		start++;
	size_t n = strlen(start);
	while (n && (start[n - 1] == ' ' || start[n - 1] == '\t' || start[n - 1] == '\n'))
		start[--n] = '\0';
	bool found = false;
	const char *p = list;
	while (*p && !found) {
		const char *end = strchr(p, ' ');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		found = len == strlen(start) && strncmp(p, start, len) == 0;
		p += len + (end ? 1 : 0);
	}
	free(copy);
	return found;
}

/* Report a message (taken over and freed) at the element or attribute. */
static void report(const xml_document *doc, const xmlNode *node, const char *attr, diag_sink *sink,
	char *msg)
{
	int line, col;
	xmldoc_locate(doc, node, attr, &line, &col);
	diag_add(sink, doc->file, line, col, DIAG_ERROR, "schema", "%s", msg);
	free(msg);
}

int schema_explain_attributes(const xml_document *doc, const xmlNode *node, diag_sink *sink)
{
	const char *element = (const char *)node->name;
	/* An element that means another thing under some parents (a <unit>
	 * of a <reserve>, a <hex> of a special rule) has its rule under
	 * "parent/element"; else the element's own. */
	const element_rule *rule = NULL;
	if (node->parent && node->parent->type == XML_ELEMENT_NODE) {
		char qualified[64];
		int n = snprintf(qualified, sizeof qualified, "%s/%s", (const char *)node->parent->name, element);
		if (n > 0 && (size_t)n < sizeof qualified)
			rule = find_rule(qualified);
	}
	if (!rule)
		rule = find_rule(element);
	if (!rule)
		return 0;
	int problems = 0;
	for (size_t i = 0; i < ARRAY_LEN(rule->attrs) && rule->attrs[i].name; i++) {
		const attr_rule *a = &rule->attrs[i];
		const char *v = attribute_value(node, a->name);
		if (!v) {
			if (a->required) {
				report(doc, node, NULL, sink,
					xasprintf("<%s> lacks the required attribute '%s'", element, a->name));
				problems++;
			}
			continue;
		}
		bool ok = a->kind == V_ANY || (a->kind == V_INTEGER && trimmed_is_integer(v)) ||
			(a->kind == V_SECTION_WIDTH && trimmed_is_integer(v) && strtol(v, NULL, 10) <= SECTION_WIDTH_MAX) ||
			(a->kind == V_BOOLEAN && in_list("true false 1 0", v)) ||
			(a->kind == V_ENUM && in_list(a->values, v));
		if (ok)
			continue;
		problems++;
		char what[160];
		if (a->kind == V_SECTION_WIDTH)
			snprintf(what, sizeof what, "a whole number of at most %d", SECTION_WIDTH_MAX);
		else if (a->kind == V_INTEGER)
			snprintf(what, sizeof what, "a whole number");
		else if (a->kind == V_BOOLEAN)
			snprintf(what, sizeof what, "true or false");
		else
			snprintf(what, sizeof what, "one of: %s", a->values);
		report(doc, node, a->name, sink,
			xasprintf("<%s> has %s=\"%s\", which must be %s", element, a->name, v, what));
	}
	/* Attributes the format does not know. */
	for (const xmlAttr *attr = node->properties; attr; attr = attr->next) {
		char name[128];
		if (attr->ns && attr->ns->prefix)
			snprintf(name, sizeof name, "%s:%s", (const char *)attr->ns->prefix, (const char *)attr->name);
		else
			snprintf(name, sizeof name, "%s", (const char *)attr->name);
		bool known = false;
		for (size_t i = 0; i < ARRAY_LEN(rule->attrs) && rule->attrs[i].name && !known; i++)
			known = strcmp(rule->attrs[i].name, name) == 0;
		if (!known) {
			report(doc, node, name, sink,
				xasprintf("<%s> has an attribute '%s' that the scenario format does not know", element, name));
			problems++;
		}
	}
	return problems;
}

