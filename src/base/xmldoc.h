/* Safe loading of the project's XML files (scenarios, rulesets, user decks).
 *
 * Hostile input is expected: the parser gets its own context and error
 * callbacks, substitutes no entities, loads no DTD, reaches no network or
 * file, refuses any DOCTYPE before its declarations are read (so entity
 * bombs and external entities never expand) and refuses files over a size
 * limit.  Every problem goes to the diagnostics sink with rule id "xml".
 *
 * It also keeps the raw bytes, so that later stages can report the column of
 * an element or attribute, which libxml2 does not record. */
#ifndef ORBAT_XMLDOC_H
#define ORBAT_XMLDOC_H

#include <libxml/tree.h>
#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

#define XMLDOC_MAX_BYTES (32u * 1024u * 1024u)

typedef struct xml_document {
	char *file;          /* name used in diagnostics */
	xmlDocPtr doc;
	char *bytes;         /* the source, NUL-terminated */
	size_t size;
	size_t *line_starts; /* offset of each line's first byte */
	size_t line_count;
	unsigned char *line_ascii; /* per line: 1 when it has no byte above 127 */
	struct xmldoc_cursor *cursor; /* the last position found (see xmldoc.c) */
} xml_document;

typedef enum {
	XMLDOC_OK,
	XMLDOC_INVALID,      /* not well-formed or refused; diagnostics say why */
	XMLDOC_IO_ERROR,     /* could not be read; diagnostics say why */
} xmldoc_status;

xmldoc_status xmldoc_load_file(const char *path, const char *display_name,
	diag_sink *sink, xml_document **out);
xmldoc_status xmldoc_load_memory(const char *display_name, const char *bytes,
	size_t size, diag_sink *sink, xml_document **out);
void xmldoc_destroy(xml_document *doc);

/* libxml2 sends some messages through its process-wide handlers instead
 * of a parser context: the RELAX NG compiler reading a file, running out
 * of memory.  Between guard_begin and guard_end they become diagnostics
 * for `file` with rule id `rule` (one per message, on one line); outside a
 * guard the few that remain are printed as one line each, never in
 * libxml2's own multi-line form.  Guards nest. */
typedef struct xmldoc_guard {
	diag_sink *sink;
	const char *file;
	const char *rule;
	char *pending;          /* a generic message still being assembled */
	size_t count;
	struct xmldoc_guard *outer;
} xmldoc_guard;

void xmldoc_guard_begin(xmldoc_guard *guard, diag_sink *sink, const char *file, const char *rule);
void xmldoc_guard_end(xmldoc_guard *guard);

/* Line and column (1-based, columns count characters) of an element's start
 * tag, or of one of its attributes (attr may be "xml:lang"); falls back to
 * the element, and to libxml2's line with column 0 when nothing is known. */
void xmldoc_locate(const xml_document *doc, const xmlNode *node,
	const char *attr, int *line, int *column);

/* Text of an attribute without namespace, or NULL; the string belongs to
 * the document (no copy), valid while the document lives. */
const char *xmldoc_attr(const xmlNode *node, const char *name);
/* The xml:lang of an element, or NULL. */
const char *xmldoc_lang(const xmlNode *node);
/* Whether the element is in the namespace and has the local name. */
bool xmldoc_is(const xmlNode *node, const char *ns, const char *name);
/* The file at path, parsed, when its root element is `name` in namespace
 * ns; else NULL, the reason in the sink (for another root, under rule at
 * the root's line: "the root element must be <name xmlns="ns">"). */
xml_document *xmldoc_load_root(const char *path, const char *ns, const char *name, const char *rule,
	diag_sink *sink);
/* The same check on a document loaded already. */
bool xmldoc_root_is(const xml_document *doc, const char *ns, const char *name, const char *rule, diag_sink *sink);

#endif
