/* The RELAX NG pass: compiled once per run, reused for every file. */
#ifndef ORBAT_SCHEMA_H
#define ORBAT_SCHEMA_H

#include <stdbool.h>

#include "../base/diag.h"
#include "../base/xmldoc.h"

typedef struct schema schema;

/* NULL when the schema file cannot be read or compiled (reported). */
schema *schema_create(const char *path, diag_sink *sink);
void schema_destroy(schema *s);
/* True when the document matches; every mismatch goes to the sink with
 * rule id "schema". */
bool schema_validate(schema *s, const xml_document *doc, diag_sink *sink);

#endif
