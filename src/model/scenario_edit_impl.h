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

/* ---- what the format holds (scenario_edit_shape.c) ------------------ */

/* A NULL-ended list of names, in place. */
#define SEDIT_LIST(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* What an element may hold: its attributes, and those it must have. */
typedef struct sedit_shape {
	const char *element;
	const char *const *attrs;
	const char *const *required;
} sedit_shape;

extern const sedit_shape SEDIT_SHAPE_UNIT, SEDIT_SHAPE_RESERVE_UNIT, SEDIT_SHAPE_CARGO_UNIT, SEDIT_SHAPE_GENERAL,
	SEDIT_SHAPE_BRIGADE, SEDIT_SHAPE_OBJECTIVE, SEDIT_SHAPE_CITY, SEDIT_SHAPE_SEA_ZONE, SEDIT_SHAPE_SHIP,
	SEDIT_SHAPE_SCENARIO, SEDIT_SHAPE_BOARD, SEDIT_SHAPE_SECTIONS, SEDIT_SHAPE_SIDE, SEDIT_SHAPE_FORCES;

/* Fill *why and return false. */
bool sedit_refuse(scedit_refusal *why, const char *reason, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;
bool sedit_in_list(const char *const *list, const char *name);
bool sedit_side_known(const char *side);
/* The grid of the document: its board's, else its ruleset's, else hex. */
const grid_ops *sedit_doc_grid(const scenario_doc *d);
/* Whether text is an address of the grid on the board (when its size
 * reads); *cell (may be NULL) gets it. */
bool sedit_check_address(const scenario_doc *d, const char *text, grid_cell *cell, scedit_refusal *why);
/* Whether the value can stand in the attribute: a number, a boolean, a
 * choice, an address, an id, as the attribute wants. */
bool sedit_check_value(const scenario_doc *d, const char *attr, const char *value, scedit_refusal *why);
/* An element's attributes for an add: allowed, well formed, ids unused,
 * none required missing. */
bool sedit_check_attrs(const scenario_doc *d, const sedit_shape *shape, const scedit_attr *attrs, size_t count,
	scedit_refusal *why);

xmlNode *sedit_root_of(const scenario_doc *d);
bool sedit_attr_is(const xmlNode *n, const char *name, const char *value);
/* The element holding a side's pieces: <side id> (hex) or <forces side>. */
xmlNode *sedit_side_element(const scenario_doc *d, const char *side);
/* The first element named `name` (any: NULL) with that id, depth first. */
xmlNode *sedit_find_by_id(xmlNode *from, const char *name, const char *id);
xmlNode *sedit_nth_objective(const scenario_doc *d, long index);
long sedit_objective_index(const scenario_doc *d, const xmlNode *node);
/* The element an op names, or NULL with a refusal. */
xmlNode *sedit_find_piece(const scenario_doc *d, scedit_piece piece, const char *key, long index,
	scedit_refusal *why);
/* What an element in the tree may hold (a unit's depends on its parent). */
const sedit_shape *sedit_shape_of(const xmlNode *n);
/* Whether another piece has the id (units, generals, brigades, cities,
 * sea zones and ships share one set). */
bool sedit_id_taken(const scenario_doc *d, const char *id, const xmlNode *except);
/* An element's attributes into an op, in their order; and back. */
void sedit_take_attrs(const xmlNode *n, scedit_op *op);
void sedit_put_attrs(xmlNode *n, const scedit_attr *attrs, size_t count);
/* The child `name` in a language, and a new one (lang -1: none). */
xmlNode *sedit_lang_child(const xmlNode *parent, const char *name, lang_id lang);
xmlNode *sedit_new_text_element(scenario_doc *d, const char *name, const char *text, int lang);

/* ---- special rules (scenario_edit_special.c) ------------------------- */

/* Add or delete a rule, or a ford, hex or unit of one. */
bool sedit_rule_edit(scenario_doc *d, const scedit_op *op, scedit_op *inv, scedit_refusal *why);
/* The rule (SCEDIT_RULE) or scheduled unit (SCEDIT_RULE_UNIT) an op names,
 * or NULL with a refusal. */
xmlNode *sedit_rule_find(const scenario_doc *d, scedit_piece piece, const char *key, long index,
	scedit_refusal *why);
/* What a rule element may hold (NULL: not a rule). */
const sedit_shape *sedit_rule_shape(const xmlNode *n);
/* Whether the value can stand in that attribute of a rule (true for any
 * other element: sedit_check_value judges those). */
bool sedit_rule_check_value(const xmlNode *n, const char *attr, const char *value, scedit_refusal *why);

#endif
