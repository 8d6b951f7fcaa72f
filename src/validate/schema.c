#include "schema.h"

#include <libxml/parserInternals.h>
#include <libxml/relaxng.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "schema_explain.h"

struct schema {
	xmlRelaxNGPtr rng;
};

/* libxml2's messages, collected so they can be explained as a whole:
 * its generic lines ("failed to validate attributes") are replaced by
 * what schema_explain finds, and follow-on lines are dropped. */
typedef struct rng_error {
	const xmlNode *node;
	int code;
	int line;
	char *message;
	char *arg;           /* first argument of the message, when given */
} rng_error;

typedef struct report_ctx {
	const xml_document *doc;
	diag_sink *sink;
	const char *file;
	rng_error *errors;
	size_t count, capacity;
} report_ctx;

/* One line per diagnostic: libxml2 messages may hold line breaks. */
static char *one_line(const char *text)
{
	char *msg = xstrdup(text ? text : "does not match the schema");
	for (char *p = msg; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	size_t n = strlen(msg);
	while (n && msg[n - 1] == ' ')
		msg[--n] = '\0';
	return msg;
}

static void on_schema_error(void *user, xmlErrorPtr error)
{
	report_ctx *rc = user;
	if (!error || rc->count >= 200)
		return;
	grow_array((void **)&rc->errors, &rc->capacity, rc->count + 1, sizeof *rc->errors);
	rng_error *e = &rc->errors[rc->count++];
	e->node = error->node;
	e->code = error->code;
	e->line = error->line;
	e->message = one_line(error->message);
	e->arg = error->str1 ? xstrdup(error->str1) : NULL;
}

static void emit(report_ctx *rc, const xmlNode *node, int fallback_line, const char *attr, const char *msg)
{
	int line = fallback_line, col = 0;
	if (rc->doc && node)
		xmldoc_locate(rc->doc, node, attr, &line, &col);
	diag_add(rc->sink, rc->file, line, col, DIAG_ERROR, "schema", "%s", msg);
}

static bool other_error_on(const report_ctx *rc, size_t self, const xmlNode *node)
{
	for (size_t i = 0; i < rc->count; i++)
		if (i != self && rc->errors[i].node == node && rc->errors[i].code != XML_RELAXNG_ERR_CONTENTVALID)
			return true;
	return false;
}

static bool attrs_checked(const report_ctx *rc, const xmlNode *node)
{
	for (size_t i = 0; i < rc->count; i++)
		if (rc->errors[i].node == node && rc->errors[i].code == XML_RELAXNG_ERR_ATTRVALID)
			return true;
	return false;
}

static void explain_all(report_ctx *rc)
{
	size_t specific = 0;
	for (size_t i = 0; i < rc->count; i++)
		specific += rc->errors[i].code != XML_RELAXNG_ERR_CONTENTVALID;
	for (size_t i = 0; i < rc->count; i++) {
		rng_error *e = &rc->errors[i];
		const xmlNode *node = e->node;
		const char *element = node && node->name ? (const char *)node->name : "?";
		switch (e->code) {
		case XML_RELAXNG_ERR_ATTRVALID:
			if (node && rc->doc && node->type == XML_ELEMENT_NODE &&
				schema_explain_attributes(rc->doc, node, rc->sink) > 0)
				break;
			if (!other_error_on(rc, i, node)) {
				char *msg = xasprintf("the attributes of <%s> do not match the scenario format", element);
				emit(rc, node, e->line, NULL, msg);
				free(msg);
			}
			break;
		case XML_RELAXNG_ERR_CONTENTVALID:
			if (specific == 0)
				emit(rc, node, e->line, NULL, e->message);
			break;
		case XML_RELAXNG_ERR_DATATYPE:
		case XML_RELAXNG_ERR_TYPEVAL:
		case XML_RELAXNG_ERR_VALUE:
			/* A bad attribute value: explained with the element's attributes. */
			if (node && attrs_checked(rc, node))
				break;
			emit(rc, node, e->line, NULL, e->message);
			break;
		case XML_RELAXNG_ERR_ELEMWRONG: {
			char *msg = xasprintf("element <%s> is not part of the scenario format here", e->arg ? e->arg : element);
			emit(rc, node, e->line, NULL, msg);
			free(msg);
			break;
		}
		default:
			emit(rc, node, e->line, NULL, e->message);
		}
	}
}

static void free_errors(report_ctx *rc)
{
	for (size_t i = 0; i < rc->count; i++) {
		free(rc->errors[i].message);
		free(rc->errors[i].arg);
	}
	free(rc->errors);
}

/* The schema's own problems: it is data of the installation, so each
 * message says the schema is at fault, not the file being checked. */
static void report_compile_errors(report_ctx *rc)
{
	for (size_t i = 0; i < rc->count; i++) {
		/* libxml2 starts some messages with its function's name: noise
		 * to a reader. */
		const char *msg = rc->errors[i].message;
		if (strncmp(msg, "xmlRelaxNG", 10) == 0 && strstr(msg, ": "))
			msg = strstr(msg, ": ") + 2;
		diag_add(rc->sink, rc->file, rc->errors[i].line, 0, DIAG_ERROR, "schema",
			"the schema does not compile: %s", msg);
	}
}

#define RELAXNG_NS "http://relaxng.org/ns/structure/1.0"

schema *schema_create(const char *path, diag_sink *sink)
{
	/* Read through the safe loader (no DTD, no entities, no network, a
	 * size limit, messages as diagnostics) rather than letting libxml2
	 * open the file and print its parser errors on stderr. */
	xml_document *doc = NULL;
	if (xmldoc_load_file(path, NULL, sink, &doc) != XMLDOC_OK)
		return NULL;
	const xmlNode *root = xmlDocGetRootElement(doc->doc);
	if (!xmldoc_is(root, RELAXNG_NS, "grammar") && !xmldoc_is(root, RELAXNG_NS, "element")) {
		diag_add(sink, path, (int)xmlGetLineNo((xmlNodePtr)root), 0, DIAG_ERROR, "schema",
			"the file is not a RELAX NG schema: its root element is <%s>, not <grammar xmlns=\"%s\">",
			(const char *)root->name, RELAXNG_NS);
		xmldoc_destroy(doc);
		return NULL;
	}
	report_ctx rc = { .sink = sink, .file = path };
	size_t before = sink->errors;
	/* Anything the compiler reports through libxml2's global handlers
	 * (a file it reads itself) becomes a diagnostic too. */
	xmldoc_guard guard;
	xmldoc_guard_begin(&guard, sink, path, "schema");
	/* A schema that includes another file reads it itself: never from
	 * the network. */
	xmlExternalEntityLoader loader = xmlGetExternalEntityLoader();
	xmlSetExternalEntityLoader(xmlNoNetExternalEntityLoader);
	xmlRelaxNGPtr rng = NULL;
	/* Files it includes are found beside it. */
	if (!doc->doc->URL)
		doc->doc->URL = xmlStrdup((const xmlChar *)path);
	xmlRelaxNGParserCtxtPtr pctxt = xmlRelaxNGNewDocParserCtxt(doc->doc);
	if (pctxt) {
		xmlRelaxNGSetParserStructuredErrors(pctxt, on_schema_error, &rc);
		rng = xmlRelaxNGParse(pctxt);
		xmlRelaxNGFreeParserCtxt(pctxt);
	}
	xmlSetExternalEntityLoader(loader);
	xmldoc_guard_end(&guard);
	xmldoc_destroy(doc);
	report_compile_errors(&rc);
	free_errors(&rc);
	if (!rng) {
		if (sink->errors == before)
			diag_add(sink, path, 0, 0, DIAG_ERROR, "schema", "the schema does not compile");
		return NULL;
	}
	schema *s = xcalloc(1, sizeof *s);
	s->rng = rng;
	return s;
}

void schema_destroy(schema *s)
{
	if (!s)
		return;
	xmlRelaxNGFree(s->rng);
	free(s);
}

bool schema_validate(schema *s, const xml_document *doc, diag_sink *sink)
{
	report_ctx rc = { .doc = doc, .sink = sink, .file = doc->file };
	xmlRelaxNGValidCtxtPtr vctxt = xmlRelaxNGNewValidCtxt(s->rng);
	if (!vctxt) {
		diag_add(sink, doc->file, 0, 0, DIAG_ERROR, "schema", "the schema validator could not be started");
		return false;
	}
	xmlRelaxNGSetValidStructuredErrors(vctxt, on_schema_error, &rc);
	xmldoc_guard guard;
	xmldoc_guard_begin(&guard, sink, doc->file, "schema");
	int ret = xmlRelaxNGValidateDoc(vctxt, doc->doc);
	xmldoc_guard_end(&guard);
	xmlRelaxNGFreeValidCtxt(vctxt);
	size_t before = sink->count;
	explain_all(&rc);
	free_errors(&rc);
	if (ret != 0 && sink->count == before)
		diag_add(sink, doc->file, 0, 0, DIAG_ERROR, "schema", "the file does not match the scenario schema");
	return ret == 0;
}
