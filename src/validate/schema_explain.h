/* Plain-language explanations for the schema pass.  libxml2's RELAX NG
 * validator often says only "Element unit failed to validate attributes";
 * this table of the scenario format's attributes turns that into "<unit>
 * lacks the required attribute 'at'" or "<side> has home="east"; it must
 * be north or south".  It mirrors data/schema/scenario.rng, which stays the
 * authority (a test checks that every bundled scenario passes both). */
#ifndef ORBAT_SCHEMA_EXPLAIN_H
#define ORBAT_SCHEMA_EXPLAIN_H

#include <libxml/tree.h>

#include "../base/diag.h"
#include "../base/xmldoc.h"

/* Report what is wrong with the attributes of one element; returns how
 * many problems were found (0 when the table sees nothing wrong). */
int schema_explain_attributes(const xml_document *doc, const xmlNode *node, diag_sink *sink);


#endif
