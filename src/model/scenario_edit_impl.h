/* Inside the scenario editor: the document with its original bytes mapped
 * onto its nodes (scenario_edit_doc.c) and the tree surgery the edits are
 * made of, shared with the edits themselves (scenario_edit.c). */
#ifndef ORBAT_SCENARIO_EDIT_IMPL_H
#define ORBAT_SCENARIO_EDIT_IMPL_H

#include <libxml/tree.h>

#include "../base/util.h"
#include "../geo/grid.h"
#include "ruleset.h"
#include "scenario_edit.h"

/* Where a node read from the file lies in its bytes, and what it was
 * then: while it still is, the serializer copies those bytes.  Elements:
 * the start tag [start, end) and the end tag [end_start, end_end) unless
 * `empty` (written <x/>); sig: the attributes as read (sedit_attr_sig).
 * Texts and comments: [start, end) and their content as read. */
typedef struct sedit_span {
	size_t start, end;
	size_t end_start, end_end;
	bool empty;
	char *sig;
} sedit_span;

/* An element taken out of the tree by an edit, kept so that its inverse
 * can put back the same nodes where they were: the element, the blank
 * text that indented it, its parent and the node it stood before. */
typedef struct sedit_grave {
	xmlNode *node;
	xmlNode *ws;
	xmlNode *parent;
	xmlNode *next;
	bool buried;
} sedit_grave;

struct scenario_doc {
	char *path;
	xml_document *xml;        /* the edited tree; xml->bytes: the original */
	sedit_span *spans;
	size_t span_count;
	bool mapped;              /* every node found its bytes */
	size_t root_start, root_end;
	char indent_unit[16];

	sedit_grave *graves;
	size_t grave_count, grave_cap;

	char *current;            /* the serialization of the tree */
	size_t current_size;
	char *saved;              /* what the file holds (NULL: not written yet) */
	size_t saved_size;

	ruleset_registry *rulesets;
	const ruleset *rs;        /* NULL when the ruleset named is unknown */
	scenario *model;
	grid_board board;
	bool board_ok;            /* the board's size reads */
	unsigned long generation;
};

/* Serialize the tree into d->current and read the model again from it.
 * False when the bytes no longer read as a scenario (never expected). */
bool sedit_refresh(scenario_doc *d, diag_sink *sink);

/* The attributes of an element as one string, to compare. */
char *sedit_attr_sig(const xmlNode *node);

/* Element children by local name (in the scenario namespace). */
xmlNode *sedit_child(const xmlNode *parent, const char *name);
xmlNode *sedit_last_child(const xmlNode *parent, const char *name);
xmlNode *sedit_next_named(xmlNode *from, const char *name);
/* A new element in the scenario namespace (not yet in the tree). */
xmlNode *sedit_new_element(scenario_doc *d, const char *name);
/* Put an element into parent, indented like its siblings: after the last
 * child named by the first of `after` that has one, else after the last
 * element child, else as the first. */
void sedit_insert(scenario_doc *d, xmlNode *parent, xmlNode *node, const char *const *after);
/* Take an element out (with the blank that indented it); the handle
 * (from 1) brings it back with sedit_raise. */
unsigned long sedit_bury(scenario_doc *d, xmlNode *node);
/* Put a buried element back where it was, when its parent is `parent`
 * and still in the tree; NULL (nothing done) otherwise. */
xmlNode *sedit_raise(scenario_doc *d, unsigned long handle, const xmlNode *parent);

/* Set an element's text, keeping its text node (and so its bytes when the
 * text comes back to what the file said). */
void sedit_set_text(xmlNode *node, const char *text);
/* Its text, fresh (NULL when it has none). */
char *sedit_get_text(const xmlNode *node);
/* Set an attribute; `place` (from 1) puts a new one at that place among
 * the attributes, 0 after them. */
void sedit_set_attr(xmlNode *node, const char *name, const char *value, unsigned long place);
/* Remove an attribute; returns its place (from 1), 0 when absent. */
unsigned long sedit_remove_attr(xmlNode *node, const char *name);

#endif
