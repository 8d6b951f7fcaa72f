/* The edits of a scenario document: each checks first that the format can
 * hold it (and refuses with a reason when not), then changes the tree and
 * writes its inverse.  What the format holds is in scenario_edit_shape.c;
 * the rules are left to the validator. */
#include "scenario_edit_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/xmldoc.h"

/* ---- names ----------------------------------------------------------- */

static const char *const KIND_NAMES[SCEDIT_KINDS] = { "terrain", "add", "delete", "set", "text" };
static const char *const PIECE_NAMES[SCEDIT_PIECES] = { "scenario", "board", "sections", "side", "unit",
	"general", "brigade", "objective", "city", "sea-zone", "ship", "rule", "rule-hex", "rule-unit" };
static const char *const TEXT_NAMES[SCEDIT_TEXT_KINDS] = { "title", "briefing", "date", "name", "squares" };

const char *scedit_kind_name(scedit_kind kind) { return kind < SCEDIT_KINDS ? KIND_NAMES[kind] : "?"; }
const char *scedit_piece_name(scedit_piece piece) { return piece < SCEDIT_PIECES ? PIECE_NAMES[piece] : "?"; }
const char *scedit_text_kind_name(scedit_text_kind kind)
{
	return kind < SCEDIT_TEXT_KINDS ? TEXT_NAMES[kind] : "?";
}

/* The place of a name in a table of JSON names, or -1. */
static int name_index(const char *const *names, int count, const char *name)
{
	for (int i = 0; name && i < count; i++)
		if (strcmp(names[i], name) == 0)
			return i;
	return -1;
}

bool scedit_kind_parse(const char *name, scedit_kind *out)
{
	int i = name_index(KIND_NAMES, SCEDIT_KINDS, name);
	if (i >= 0)
		*out = (scedit_kind)i;
	return i >= 0;
}

bool scedit_piece_parse(const char *name, scedit_piece *out)
{
	int i = name_index(PIECE_NAMES, SCEDIT_PIECES, name);
	if (i >= 0)
		*out = (scedit_piece)i;
	return i >= 0;
}

bool scedit_text_kind_parse(const char *name, scedit_text_kind *out)
{
	int i = name_index(TEXT_NAMES, SCEDIT_TEXT_KINDS, name);
	if (i >= 0)
		*out = (scedit_text_kind)i;
	return i >= 0;
}

void scedit_op_finish(scedit_op *op)
{
	free(op->key);
	free(op->at);
	free(op->type);
	free(op->side);
	free(op->ship);
	for (size_t i = 0; i < op->attr_count && i < SCEDIT_MAX_ATTRS; i++) {
		free(op->attrs[i].name);
		free(op->attrs[i].value);
	}
	for (int l = 0; l < LANG_COUNT; l++)
		free(op->names[l]);
	free(op->squares);
	free(op->items);
	free(op->attribute);
	free(op->value);
	free(op->text);
	memset(op, 0, sizeof *op);
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* ---- terrain --------------------------------------------------------- */

static bool attr_true(const xmlNode *n, const char *name)
{
	const char *v = xmldoc_attr(n, name);
	return v && (strcmp(v, "true") == 0 || strcmp(v, "1") == 0);
}

static bool op_terrain(scenario_doc *d, const scedit_op *op, scedit_op *inv, scedit_refusal *why)
{
	grid_cell cell;
	if (!sedit_check_address(d, op->at, &cell, why))
		return false;
	const grid_ops *ops = sedit_doc_grid(d);
	bool square = ops->kind == GRID_SQUARE;
	if (op->type && !sedit_check_value(d, "type", op->type, why))
		return false;
	if (op->type && square && op->fieldworks)
		return sedit_refuse(why, "edit-attribute", "a square has no fieldworks");
	xmlNode *root = sedit_root_of(d), *terrain = sedit_child(root, "terrain"), *cellnode = NULL;
	for (xmlNode *k = terrain ? terrain->children : NULL; k && !cellnode; k = k->next) {
		grid_cell c;
		if ((xmldoc_is(k, SCENARIO_NS, "hex") || xmldoc_is(k, SCENARIO_NS, "square"))
			&& ops->parse(xmldoc_attr(k, "at") ? xmldoc_attr(k, "at") : "", &c) && grid_cell_equal(c, cell))
			cellnode = k;
	}
	char address[GRID_ADDRESS_MAX];
	grid_format(cell, address);
	inv->kind = SCEDIT_TERRAIN;
	inv->at = xstrdup(cellnode ? xmldoc_attr(cellnode, "at") : address);
	if (!op->type) {
		if (!cellnode)
			return sedit_refuse(why, "edit-missing", "%s has no terrain to clear", address);
		inv->type = dup_or_null(xmldoc_attr(cellnode, "type"));
		inv->fieldworks = attr_true(cellnode, "fieldworks");
		inv->restore = sedit_bury(d, cellnode);
		return true;
	}
	if (!cellnode && op->restore && terrain)
		cellnode = sedit_raise(d, op->restore, terrain);
	else if (cellnode) {
		inv->type = dup_or_null(xmldoc_attr(cellnode, "type"));
		inv->fieldworks = attr_true(cellnode, "fieldworks");
	}
	if (!cellnode) {
		cellnode = sedit_new_element(d, square ? "square" : "hex");
		sedit_set_attr(cellnode, "at", op->at, 0);
		if (!terrain) {
			terrain = sedit_new_element(d, "terrain");
			sedit_insert(d, root, terrain, SEDIT_LIST("board", "date", "briefing", "title"));
		}
		sedit_insert(d, terrain, cellnode, SEDIT_LIST("hex", "square"));
	}
	if (!str_eq(xmldoc_attr(cellnode, "type"), op->type))
		sedit_set_attr(cellnode, "type", op->type, 0);
	if (op->fieldworks && !attr_true(cellnode, "fieldworks"))
		sedit_set_attr(cellnode, "fieldworks", "true", 0);
	else if (!op->fieldworks && attr_true(cellnode, "fieldworks"))
		sedit_remove_attr(cellnode, "fieldworks");
	return true;
}

/* ---- add and delete -------------------------------------------------- */

typedef struct add_plan {
	const sedit_shape *shape;
	xmlNode *container;          /* NULL: a <reserve> to make in `side` */
	xmlNode *side;
	const char *const *after;
} add_plan;

/* Where new pieces go: after the last of the first kind present. */
static const char *const AFTER_UNIT[] = { "unit", NULL };
static const char *const AFTER_UNIT_GENERAL[] = { "unit", "general", NULL };
static const char *const AFTER_GENERAL_UNIT[] = { "general", "unit", NULL };
static const char *const AFTER_BRIGADE[] = { "brigade", NULL };
static const char *const AFTER_SHIP[] = { "ship", NULL };
static const char *const AFTER_OBJECTIVE_SIDE_FORCES[] = { "objective", "side", "forces", NULL };
static const char *const AFTER_CITY_SEA_ZONE_TERRAIN[] = { "city", "sea-zone", "terrain", NULL };
static const char *const AFTER_SEA_ZONE_TERRAIN[] = { "sea-zone", "terrain", NULL };

/* The plan's element: its shape, made in container after the last of
 * the kinds in after. */
static void place(add_plan *p, xmlNode *container, const sedit_shape *shape, const char *const *after)
{
	p->container = container;
	p->shape = shape;
	p->after = after;
}

static bool plan_add(scenario_doc *d, const scedit_op *op, add_plan *p, scedit_refusal *why)
{
	xmlNode *root = sedit_root_of(d);
	memset(p, 0, sizeof *p);
	bool needs_side = op->piece == SCEDIT_UNIT || op->piece == SCEDIT_GENERAL || op->piece == SCEDIT_BRIGADE
		|| op->piece == SCEDIT_SHIP;
	if (needs_side && !(op->piece == SCEDIT_UNIT && op->ship)) {
		if (!sedit_side_known(op->side))
			return sedit_refuse(why, "edit-side", "there is no side \"%s\": union or confederate",
				op->side ? op->side : "");
		p->side = sedit_side_element(d, op->side);
		if (!p->side)
			return sedit_refuse(why, "edit-missing", "the scenario has no %s side to add to", op->side);
	}
	bool hex_side = p->side && xmldoc_is(p->side, SCENARIO_NS, "side");
	switch (op->piece) {
	case SCEDIT_UNIT:
		if (op->ship) {
			xmlNode *ship = sedit_find_by_id(root->children, "ship", op->ship);
			if (!ship)
				return sedit_refuse(why, "edit-missing", "there is no ship \"%s\"", op->ship);
			place(p, ship, &SEDIT_SHAPE_CARGO_UNIT, AFTER_UNIT);
		} else if (op->reserve) {
			if (!hex_side)
				return sedit_refuse(why, "edit-attribute", "a square-grid side has no reserve");
			place(p, sedit_last_child(p->side, "reserve"), &SEDIT_SHAPE_RESERVE_UNIT, AFTER_UNIT);
		} else {
			place(p, p->side, &SEDIT_SHAPE_UNIT, AFTER_UNIT_GENERAL);
		}
		break;
	case SCEDIT_GENERAL:
		place(p, p->side, &SEDIT_SHAPE_GENERAL, AFTER_GENERAL_UNIT);
		break;
	case SCEDIT_BRIGADE:
		if (!hex_side)
			return sedit_refuse(why, "edit-attribute", "a square-grid side has no brigades");
		place(p, p->side, &SEDIT_SHAPE_BRIGADE, AFTER_BRIGADE);
		break;
	case SCEDIT_SHIP:
		if (hex_side)
			return sedit_refuse(why, "edit-attribute", "a hex-board side has no ships");
		place(p, p->side, &SEDIT_SHAPE_SHIP, AFTER_SHIP);
		break;
	case SCEDIT_OBJECTIVE:
		place(p, root, &SEDIT_SHAPE_OBJECTIVE, AFTER_OBJECTIVE_SIDE_FORCES);
		break;
	case SCEDIT_CITY:
		place(p, root, &SEDIT_SHAPE_CITY, AFTER_CITY_SEA_ZONE_TERRAIN);
		break;
	case SCEDIT_SEA_ZONE:
		place(p, root, &SEDIT_SHAPE_SEA_ZONE, AFTER_SEA_ZONE_TERRAIN);
		break;
	case SCEDIT_SECTIONS: {
		xmlNode *board = sedit_child(root, "board");
		if (!board)
			return sedit_refuse(why, "edit-missing", "the scenario has no board");
		if (sedit_child(board, "sections"))
			return sedit_refuse(why, "edit-attribute", "the board has its sections already");
		place(p, board, &SEDIT_SHAPE_SECTIONS, NULL);
		break;
	}
	default:
		return sedit_refuse(why, "edit-op", "a %s cannot be added", scedit_piece_name(op->piece));
	}
	if (!sedit_check_attrs(d, p->shape, op->attrs, op->attr_count, why))
		return false;
	bool named = op->piece == SCEDIT_OBJECTIVE || op->piece == SCEDIT_CITY || op->piece == SCEDIT_SEA_ZONE;
	for (int l = 0; l < LANG_COUNT; l++)
		if (op->names[l] && !named)
			return sedit_refuse(why, "edit-attribute", "a %s has no names per language", p->shape->element);
	if (op->piece == SCEDIT_SEA_ZONE) {
		if (!op->squares)
			return sedit_refuse(why, "edit-attribute", "a sea zone needs its squares");
	} else if (op->squares) {
		return sedit_refuse(why, "edit-attribute", "only a sea zone has squares");
	}
	return true;
}

static bool check_squares(const scenario_doc *d, const char *squares, scedit_refusal *why)
{
	char **words = NULL;
	size_t n = str_split_words(squares, &words, 0);
	bool ok = n > 0 || sedit_refuse(why, "edit-value", "a sea zone needs at least one square");
	for (size_t i = 0; ok && i < n; i++)
		ok = sedit_check_address(d, words[i], NULL, why);
	str_free_words(words, n);
	return ok;
}

static bool is_rule_piece(scedit_piece piece)
{
	return piece == SCEDIT_RULE || piece == SCEDIT_RULE_HEX || piece == SCEDIT_RULE_UNIT;
}

static bool op_add(scenario_doc *d, const scedit_op *op, scedit_op *inv, scedit_refusal *why)
{
	if (is_rule_piece(op->piece))
		return sedit_rule_edit(d, op, inv, why);
	add_plan p;
	if (!plan_add(d, op, &p, why))
		return false;
	if (op->squares && !check_squares(d, op->squares, why))
		return false;
	xmlNode *n = p.container ? sedit_raise(d, op->restore, p.container) : NULL;
	if (n) {
		sedit_put_attrs(n, op->attrs, op->attr_count);
	} else {
		if (!p.container) {
			p.container = sedit_new_element(d, "reserve");
			sedit_insert(d, p.side, p.container, NULL);
		}
		n = sedit_new_element(d, p.shape->element);
		for (size_t i = 0; i < op->attr_count; i++)
			sedit_set_attr(n, op->attrs[i].name, op->attrs[i].value, 0);
		sedit_insert(d, p.container, n, p.after);
		for (int l = 0; l < LANG_COUNT; l++)
			if (op->names[l])
				sedit_insert(d, n, sedit_new_text_element(d, "name", op->names[l], l), SEDIT_LIST("name"));
		if (op->squares)
			sedit_insert(d, n, sedit_new_text_element(d, "squares", op->squares, -1), SEDIT_LIST("name"));
	}
	inv->kind = SCEDIT_DELETE;
	inv->piece = op->piece;
	inv->key = dup_or_null(xmldoc_attr(n, "id"));
	inv->index = op->piece == SCEDIT_OBJECTIVE ? sedit_objective_index(d, n) : 0;
	return true;
}

static bool op_delete(scenario_doc *d, const scedit_op *op, scedit_op *inv, scedit_refusal *why)
{
	if (op->piece == SCEDIT_SCENARIO || op->piece == SCEDIT_BOARD || op->piece == SCEDIT_SIDE)
		return sedit_refuse(why, "edit-op", "the %s cannot be deleted", scedit_piece_name(op->piece));
	if (is_rule_piece(op->piece))
		return sedit_rule_edit(d, op, inv, why);
	xmlNode *n = sedit_find_piece(d, op->piece, op->key, op->index, why);
	if (!n)
		return false;
	inv->kind = SCEDIT_ADD;
	inv->piece = op->piece;
	inv->index = op->index;
	sedit_take_attrs(n, inv);
	const xmlNode *parent = n->parent;
	if (xmldoc_is(parent, SCENARIO_NS, "ship")) {
		inv->ship = dup_or_null(xmldoc_attr(parent, "id"));
	} else {
		inv->reserve = xmldoc_is(parent, SCENARIO_NS, "reserve");
		const xmlNode *s = inv->reserve ? parent->parent : parent;
		if (xmldoc_is(s, SCENARIO_NS, "side"))
			inv->side = dup_or_null(xmldoc_attr(s, "id"));
		else if (xmldoc_is(s, SCENARIO_NS, "forces"))
			inv->side = dup_or_null(xmldoc_attr(s, "side"));
	}
	for (int l = 0; l < LANG_COUNT; l++) {
		xmlNode *name = sedit_lang_child(n, "name", (lang_id)l);
		if (name)
			inv->names[l] = sedit_get_text(name);
	}
	xmlNode *squares = sedit_child(n, "squares");
	if (squares)
		inv->squares = sedit_get_text(squares);
	inv->restore = sedit_bury(d, n);
	return true;
}

/* ---- set one attribute ------------------------------------------------ */

static bool op_set(scenario_doc *d, const scedit_op *op, scedit_op *inv, scedit_refusal *why)
{
	xmlNode *n = sedit_find_piece(d, op->piece, op->key, op->index, why);
	if (!n)
		return false;
	const sedit_shape *shape = sedit_shape_of(n);
	const char *attr = op->attribute ? op->attribute : "";
	if (!shape || !sedit_in_list(shape->attrs, attr))
		return sedit_refuse(why, "edit-attribute", "a %s here has no attribute %s", (const char *)n->name,
			*attr ? attr : "(none)");
	if (!op->value && sedit_in_list(shape->required, attr))
		return sedit_refuse(why, "edit-attribute", "a %s needs %s", (const char *)n->name, attr);
	if (op->value && !(sedit_check_value(d, attr, op->value, why) && sedit_rule_check_value(n, attr, op->value, why)))
		return false;
	if (op->value && strcmp(attr, "id") == 0 && sedit_id_taken(d, op->value, n))
		return sedit_refuse(why, "edit-duplicate-id", "the id %s is used already", op->value);
	const char *old = xmldoc_attr(n, attr);
	if (!old && !op->value)
		return sedit_refuse(why, "edit-missing", "the %s has no %s to clear", (const char *)n->name, attr);
	inv->kind = SCEDIT_SET;
	inv->piece = op->piece;
	inv->index = op->index;
	/* After an id changes, the inverse finds the piece by its new id. */
	inv->key = dup_or_null(op->value && strcmp(attr, "id") == 0 ? op->value : op->key);
	inv->attribute = xstrdup(attr);
	inv->value = dup_or_null(old);
	if (op->value)
		sedit_set_attr(n, attr, op->value, op->restore);
	else
		inv->restore = sedit_remove_attr(n, attr);
	return true;
}

/* ---- texts ------------------------------------------------------------ */

static const char *const AFTER_TITLE[] = { "title", "briefing", "date", NULL };
static const char *const AFTER_BRIEFING[] = { "briefing", "title", "date", NULL };
static const char *const AFTER_DATE[] = { "date", "briefing", "title", NULL };
static const char *const AFTER_NAME[] = { "name", NULL };

static bool op_text(scenario_doc *d, const scedit_op *op, scedit_op *inv, scedit_refusal *why)
{
	xmlNode *root = sedit_root_of(d), *parent = root, *n = NULL;
	const char *name = TEXT_NAMES[op->text_kind < SCEDIT_TEXT_KINDS ? op->text_kind : 0];
	const char *const *after = NULL;
	bool per_lang = true;
	if (op->text_kind >= SCEDIT_TEXT_KINDS)
		return sedit_refuse(why, "edit-op", "there is no such text");
	if ((unsigned)op->lang >= LANG_COUNT)
		return sedit_refuse(why, "edit-value", "the language must be en, nl or fr");
	switch (op->text_kind) {
	case SCEDIT_TITLE:
		after = AFTER_TITLE;
		break;
	case SCEDIT_BRIEFING:
		after = AFTER_BRIEFING;
		break;
	case SCEDIT_DATE:
		after = AFTER_DATE;
		per_lang = false;
		break;
	case SCEDIT_NAME:
	case SCEDIT_SQUARES:
		if (op->piece != SCEDIT_OBJECTIVE && op->piece != SCEDIT_CITY && op->piece != SCEDIT_SEA_ZONE)
			return sedit_refuse(why, "edit-attribute", "a %s has no names per language", scedit_piece_name(op->piece));
		if (op->text_kind == SCEDIT_SQUARES && op->piece != SCEDIT_SEA_ZONE)
			return sedit_refuse(why, "edit-attribute", "only a sea zone has squares");
		parent = sedit_find_piece(d, op->piece, op->key, op->index, why);
		if (!parent)
			return false;
		after = AFTER_NAME;
		per_lang = op->text_kind == SCEDIT_NAME;
		break;
	default:
		break;
	}
	if (op->text_kind == SCEDIT_SQUARES && !op->text)
		return sedit_refuse(why, "edit-attribute", "a sea zone needs its squares");
	if (op->text_kind == SCEDIT_SQUARES && !check_squares(d, op->text, why))
		return false;
	n = per_lang ? sedit_lang_child(parent, name, op->lang) : sedit_child(parent, name);
	if (!n && !op->text)
		return sedit_refuse(why, "edit-missing", "there is no %s to remove", name);
	*inv = (scedit_op){ .kind = SCEDIT_TEXT, .piece = op->piece, .key = dup_or_null(op->key), .index = op->index,
		.text_kind = op->text_kind, .lang = op->lang };
	if (!op->text) {
		inv->text = sedit_get_text(n);
		inv->restore = sedit_bury(d, n);
		return true;
	}
	if (!n) {
		/* A new element: its inverse removes it again. */
		n = sedit_raise(d, op->restore, parent);
		if (!n) {
			n = sedit_new_text_element(d, name, op->text, per_lang ? (int)op->lang : -1);
			sedit_insert(d, parent, n, after);
		}
	} else {
		inv->text = sedit_get_text(n);
	}
	char *now = sedit_get_text(n);
	if (!str_eq(now, op->text))
		sedit_set_text(n, op->text);
	free(now);
	return true;
}

/* ---- applying --------------------------------------------------------- */

static bool dispatch(scenario_doc *d, const scedit_op *op, scedit_op *inv, scedit_refusal *why)
{
	switch (op->kind) {
	case SCEDIT_TERRAIN: return op_terrain(d, op, inv, why);
	case SCEDIT_ADD: return op_add(d, op, inv, why);
	case SCEDIT_DELETE: return op_delete(d, op, inv, why);
	case SCEDIT_SET: return op_set(d, op, inv, why);
	case SCEDIT_TEXT: return op_text(d, op, inv, why);
	default: return sedit_refuse(why, "edit-op", "there is no such edit");
	}
}

bool scenario_doc_apply(scenario_doc *d, const scedit_op *op, scedit_op *inverse, scedit_refusal *why)
{
	scedit_op inv = { 0 };
	scedit_refusal scratch;
	if (!why)
		why = &scratch;
	memset(why, 0, sizeof *why);
	if (op->piece >= SCEDIT_PIECES) {
		sedit_refuse(why, "edit-op", "there is no such piece");
		return false;
	}
	if (!dispatch(d, op, &inv, why)) {
		scedit_op_finish(&inv);
		return false;
	}
	diag_sink quiet;
	diag_sink_init(&quiet);
	bool readable = sedit_refresh(d, &quiet);
	diag_sink_finish(&quiet);
	if (!readable) {
		/* Text the XML cannot hold (a control character, broken UTF-8):
		 * take the edit back. */
		scedit_op back = { 0 };
		scedit_refusal ignore;
		dispatch(d, &inv, &back, &ignore);
		scedit_op_finish(&back);
		scedit_op_finish(&inv);
		diag_sink_init(&quiet);
		sedit_refresh(d, &quiet);
		diag_sink_finish(&quiet);
		return sedit_refuse(why, "edit-value", "the file cannot hold that text (a control character or broken UTF-8)");
	}
	d->generation++;
	if (inverse)
		*inverse = inv;
	else
		scedit_op_finish(&inv);
	return true;
}
