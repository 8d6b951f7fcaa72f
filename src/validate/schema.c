#include "schema.h"

#include <libxml/relaxng.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

struct schema {
	xmlRelaxNGPtr rng;
};

typedef struct report_ctx {
	const xml_document *doc;
	diag_sink *sink;
	const char *file;
	size_t count;
} report_ctx;

static void on_schema_error(void *user, xmlErrorPtr error)
{
	report_ctx *rc = user;
	if (!error || ++rc->count > 200)
		return;
	char *msg = xstrdup(error->message ? error->message : "does not match the schema");
	size_t n = strlen(msg);
	while (n && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
		msg[--n] = '\0';
	int line = error->line, col = 0;
	if (rc->doc && error->node)
		xmldoc_locate(rc->doc, (const xmlNode *)error->node, NULL, &line, &col);
	diag_add(rc->sink, rc->file, line, col, DIAG_ERROR, "schema", "%s", msg);
	free(msg);
}

schema *schema_create(const char *path, diag_sink *sink)
{
	report_ctx rc = { .sink = sink, .file = path };
	xmlRelaxNGParserCtxtPtr pctxt = xmlRelaxNGNewParserCtxt(path);
	if (!pctxt) {
		diag_add(sink, path, 0, 0, DIAG_ERROR, "schema", "cannot read the scenario schema");
		return NULL;
	}
	xmlRelaxNGSetParserStructuredErrors(pctxt, on_schema_error, &rc);
	xmlRelaxNGPtr rng = xmlRelaxNGParse(pctxt);
	xmlRelaxNGFreeParserCtxt(pctxt);
	if (!rng) {
		if (rc.count == 0)
			diag_add(sink, path, 0, 0, DIAG_ERROR, "schema", "the scenario schema does not compile");
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
	int ret = xmlRelaxNGValidateDoc(vctxt, doc->doc);
	xmlRelaxNGFreeValidCtxt(vctxt);
	if (ret != 0 && rc.count == 0)
		diag_add(sink, doc->file, 0, 0, DIAG_ERROR, "schema", "the file does not match the scenario schema");
	return ret == 0;
}
