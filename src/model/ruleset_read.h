/* The attribute readers of the ruleset loader (ruleset_load.c and its
 * parts): one element's attributes and children into the model, each
 * problem a diagnostic at the file, line and column of the attribute. */
#ifndef ORBAT_RULESET_READ_H
#define ORBAT_RULESET_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"
#include "../base/xmldoc.h"
#include "../text/lang.h"
#include "ruleset.h"

#define RULESET_NS "urn:orbat:ruleset:1"
#define RULESET_RULE "ruleset"

/* Context for applying one file's elements to the model. */
typedef struct ruleset_reader {
	const xml_document *doc;
	diag_sink *sink;
	bool failed;
} ruleset_reader;

/* An error at node (at its attribute attr when not NULL); the file is then
 * not loaded. */
void ruleset_read_fail(ruleset_reader *ld, const xmlNode *node, const char *attr, const char *fmt, ...)
	DIAG_PRINTF(4, 5);

/* Each reader leaves *out alone when the attribute is absent. */
void ruleset_read_int(ruleset_reader *ld, const xmlNode *n, const char *name, int *out);
void ruleset_read_bool(ruleset_reader *ld, const xmlNode *n, const char *name, bool *out);
void ruleset_read_str(const xmlNode *n, const char *name, char **out);
/* Replace a word list by the words of text. */
void ruleset_read_split(const char *text, char ***out, size_t *count);
void ruleset_read_words(const xmlNode *n, const char *name, char ***out, size_t *count);
/* <name xml:lang="…"> and <text xml:lang="…"> children. */
void ruleset_read_texts(ruleset_reader *ld, const xmlNode *n, const char *element, l10n_text *out);
bool ruleset_read_has_child(const xmlNode *n, const char *element);
/* One of the words of the data for an enum (names, count of them, NULL
 * for a value the data does not write): its index into *out, and 1; 0
 * when absent; -1 and a message naming the words when it is none of them. */
int ruleset_read_enum(ruleset_reader *ld, const xmlNode *n, const char *name, const char *const *names,
	size_t count, int *out);
/* symbol="cross": the counter symbol of a <unit-type> or <square-unit>. */
void ruleset_read_symbol(ruleset_reader *ld, const xmlNode *n, rs_symbol *out);

/* The entry the element n names by its id in a list of structs whose
 * first member is the id (char *): the inherited one, or a new zeroed one
 * (then *added, when added is not NULL).  NULL when n has no id
 * (reported) or, for a list whose entries may be removed (release given),
 * when n asks for that (absent="true"). */
void *ruleset_read_entry(ruleset_reader *ld, const xmlNode *n, void **items, size_t *count, size_t size,
	void (*release)(void *entry), bool *added);

#endif
