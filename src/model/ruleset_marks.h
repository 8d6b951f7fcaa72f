/* The marks a counter carries for a unit's attribute value (a cavalry
 * unit's "dismounted"): a short letter per language, read from the
 * <mark> of an attribute's <value> in the ruleset, so that two units of
 * one type in different states print different counters. */
#ifndef ORBAT_RULESET_MARKS_H
#define ORBAT_RULESET_MARKS_H

#include <stdbool.h>

#include "../base/diag.h"
#include "../base/xmldoc.h"
#include "ruleset.h"

/* Reads the <mark> of one <value> element of attribute a (value_node),
 * replacing a mark an earlier file gave the same value.  Problems go to
 * sink as errors of rule "ruleset" and set *failed. */
void ruleset_marks_read(const xml_document *doc, diag_sink *sink, bool *failed, rs_attribute *a,
	const xmlNode *value_node);
/* Frees the attribute's marks. */
void ruleset_marks_free(rs_attribute *a);
/* The mark of attribute `attribute` at `value` in a language; NULL when
 * that value has none. */
const char *ruleset_value_mark(const ruleset *rs, const char *attribute, const char *value, lang_id lang);

#endif
