/* What the scenario format holds (data/schema/scenario.rng): the
 * attributes of each element, the form of their values, the addresses of
 * the board; and finding the element an edit names.  An edit checks here
 * first and is refused with a reason when the format cannot hold it. */
#include "scenario_edit_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/xmldoc.h"

/* ---- refusals -------------------------------------------------------- */

bool sedit_refuse(scedit_refusal *why, const char *reason, const char *fmt, ...)
{
	snprintf(why->reason, sizeof why->reason, "%s", reason);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why->message, sizeof why->message, fmt, ap);
	va_end(ap);
	return false;
}

/* ---- what each element holds (data/schema/scenario.rng) ------------- */


const sedit_shape SEDIT_SHAPE_UNIT = { "unit",
	SEDIT_LIST("id", "type", "at", "player", "figures", "name", "weapon", "quality", "state", "kind"),
	SEDIT_LIST("id", "type", "at") };
const sedit_shape SEDIT_SHAPE_RESERVE_UNIT = { "unit",
	SEDIT_LIST("id", "type", "entry", "figures", "name", "weapon", "quality", "state", "kind"),
	SEDIT_LIST("id", "type", "entry") };
const sedit_shape SEDIT_SHAPE_CARGO_UNIT = { "unit", SEDIT_LIST("id", "type", "name", "player"), SEDIT_LIST("id", "type") };
const sedit_shape SEDIT_SHAPE_GENERAL = { "general", SEDIT_LIST("id", "at", "player", "name"), SEDIT_LIST("id", "at") };
const sedit_shape SEDIT_SHAPE_BRIGADE = { "brigade", SEDIT_LIST("id", "general", "units", "name"),
	SEDIT_LIST("id", "general", "units") };
const sedit_shape SEDIT_SHAPE_OBJECTIVE = { "objective", SEDIT_LIST("at", "vp", "for"), SEDIT_LIST("at", "vp", "for") };
const sedit_shape SEDIT_SHAPE_CITY = { "city", SEDIT_LIST("id", "at", "side", "name", "capital", "port", "zone"),
	SEDIT_LIST("id", "at", "side") };
const sedit_shape SEDIT_SHAPE_SEA_ZONE = { "sea-zone", SEDIT_LIST("id"), SEDIT_LIST("id") };
const sedit_shape SEDIT_SHAPE_SHIP = { "ship", SEDIT_LIST("id", "type", "name", "at", "zone", "player"),
	SEDIT_LIST("id", "type") };
const sedit_shape SEDIT_SHAPE_SCENARIO = { "scenario", SEDIT_LIST("id", "ruleset", "players", "turn-limit"),
	SEDIT_LIST("id", "ruleset") };
const sedit_shape SEDIT_SHAPE_BOARD = { "board", SEDIT_LIST("columns", "rows", "short-rows", "grid"),
	SEDIT_LIST("columns", "rows") };
const sedit_shape SEDIT_SHAPE_SECTIONS = { "sections", SEDIT_LIST("west", "east"), SEDIT_LIST("west", "east") };
const sedit_shape SEDIT_SHAPE_SIDE = { "side", SEDIT_LIST("home", "cards", "victory", "first"),
	SEDIT_LIST("home", "cards", "victory") };
const sedit_shape SEDIT_SHAPE_FORCES = { "forces", SEDIT_LIST("first"), SEDIT_LIST("side") };

bool sedit_in_list(const char *const *list, const char *name)
{
	for (size_t i = 0; list[i]; i++)
		if (strcmp(list[i], name) == 0)
			return true;
	return false;
}

static const char *const ADDRESS_ATTRS[] = { "at", "entry", NULL };
static const char *const COUNT_ATTRS[] = { "figures", "player", "vp", "players", "turn-limit", "columns", "rows",
	"cards", "victory", "west", "east", NULL };
static const char *const BOOLEAN_ATTRS[] = { "first", "capital", "port", "fieldworks", NULL };

typedef struct attr_choice {
	const char *attr;
	const char *const *values;
} attr_choice;

static const attr_choice CHOICES[] = {
	{ "short-rows", SEDIT_LIST("even", "none") },
	{ "grid", SEDIT_LIST("hex", "square") },
	{ "home", SEDIT_LIST("north", "south") },
	{ "for", SEDIT_LIST("union", "confederate", "both") },
};

bool sedit_side_known(const char *side)
{
	return side && (strcmp(side, "union") == 0 || strcmp(side, "confederate") == 0);
}

/* ---- addresses ------------------------------------------------------- */

const grid_ops *sedit_doc_grid(const scenario_doc *d)
{
	if (d->board_ok)
		return grid_board_ops(&d->board);
	if (d->rs)
		return grid_ops_of(d->rs->grid);
	if (d->model && d->model->grid.text && strcmp(d->model->grid.text, "square") == 0)
		return &grid_square_ops;
	return &grid_hex_ops;
}

bool sedit_check_address(const scenario_doc *d, const char *text, grid_cell *cell, scedit_refusal *why)
{
	const grid_ops *ops = sedit_doc_grid(d);
	grid_cell c;
	if (!text || !ops->parse(text, &c))
		return sedit_refuse(why, "edit-address", "\"%s\" is not a %s address such as C4", text ? text : "",
			ops->name);
	if (d->board_ok && !grid_on_board(&d->board, c))
		return sedit_refuse(why, "edit-address", "%s is not on the board (%ld columns, %ld rows)",
			GRID_ADDRESS(c), d->model->columns.value, d->model->rows.value);
	if (cell)
		*cell = c;
	return true;
}

/* Whether a value can stand in the attribute as the format has it. */
bool sedit_check_value(const scenario_doc *d, const char *attr, const char *value, scedit_refusal *why)
{
	if (!value || !*value || strspn(value, " \t\r\n") == strlen(value))
		return sedit_refuse(why, "edit-value", "%s needs a value", attr);
	if (sedit_in_list(ADDRESS_ATTRS, attr))
		return sedit_check_address(d, value, NULL, why);
	long n;
	if (sedit_in_list(COUNT_ATTRS, attr) && !parse_int(value, -999999, 999999, &n))
		return sedit_refuse(why, "edit-value", "%s must be a whole number, not \"%s\"", attr, value);
	if (sedit_in_list(BOOLEAN_ATTRS, attr) && strcmp(value, "true") && strcmp(value, "false") && strcmp(value, "1")
		&& strcmp(value, "0"))
		return sedit_refuse(why, "edit-value", "%s must be true or false, not \"%s\"", attr, value);
	for (size_t i = 0; i < sizeof CHOICES / sizeof CHOICES[0]; i++)
		if (strcmp(CHOICES[i].attr, attr) == 0 && !sedit_in_list(CHOICES[i].values, value))
			return sedit_refuse(why, "edit-value", "%s cannot be \"%s\"", attr, value);
	if (strcmp(attr, "id") == 0 && strpbrk(value, " \t\r\n"))
		return sedit_refuse(why, "edit-value", "an id has no blanks: \"%s\"", value);
	return true;
}

/* ---- finding elements ------------------------------------------------ */

xmlNode *sedit_root_of(const scenario_doc *d)
{
	return xmlDocGetRootElement(d->xml->doc);
}

bool sedit_attr_is(const xmlNode *n, const char *name, const char *value)
{
	return str_eq(xmldoc_attr(n, name), value);
}

/* The element holding a side's pieces: <side id> (hex) or <forces side>. */
xmlNode *sedit_side_element(const scenario_doc *d, const char *side)
{
	for (xmlNode *k = sedit_root_of(d)->children; k; k = k->next)
		if ((xmldoc_is(k, SCENARIO_NS, "side") && sedit_attr_is(k, "id", side))
			|| (xmldoc_is(k, SCENARIO_NS, "forces") && sedit_attr_is(k, "side", side)))
			return k;
	return NULL;
}

xmlNode *sedit_find_by_id(xmlNode *from, const char *name, const char *id)
{
	for (xmlNode *k = from; k; k = k->next) {
		if (k->type != XML_ELEMENT_NODE)
			continue;
		if ((!name || xmldoc_is(k, SCENARIO_NS, name)) && sedit_attr_is(k, "id", id) && !xmldoc_is(k, SCENARIO_NS, "side")
			&& !xmldoc_is(k, SCENARIO_NS, "scenario"))
			return k;
		xmlNode *in = sedit_find_by_id(k->children, name, id);
		if (in)
			return in;
	}
	return NULL;
}

xmlNode *sedit_nth_objective(const scenario_doc *d, long index)
{
	long i = 0;
	for (xmlNode *k = sedit_root_of(d)->children; k; k = k->next)
		if (xmldoc_is(k, SCENARIO_NS, "objective") && i++ == index)
			return k;
	return NULL;
}

long sedit_objective_index(const scenario_doc *d, const xmlNode *node)
{
	long i = 0;
	for (xmlNode *k = sedit_root_of(d)->children; k; k = k->next)
		if (xmldoc_is(k, SCENARIO_NS, "objective")) {
			if (k == node)
				return i;
			i++;
		}
	return -1;
}

/* The element an op names, or NULL with a refusal. */
xmlNode *sedit_find_piece(const scenario_doc *d, scedit_piece piece, const char *key, long index,
	scedit_refusal *why)
{
	xmlNode *root = sedit_root_of(d), *n = NULL;
	switch (piece) {
	case SCEDIT_SCENARIO:
		return root;
	case SCEDIT_BOARD:
		n = sedit_child(root, "board");
		break;
	case SCEDIT_SECTIONS:
		n = sedit_child(sedit_child(root, "board"), "sections");
		break;
	case SCEDIT_SIDE:
		if (!sedit_side_known(key)) {
			sedit_refuse(why, "edit-side", "there is no side \"%s\": union or confederate", key ? key : "");
			return NULL;
		}
		n = sedit_side_element(d, key);
		break;
	case SCEDIT_RULE:
	case SCEDIT_RULE_HEX:
	case SCEDIT_RULE_UNIT:
		return sedit_rule_find(d, piece, key, index, why);
	case SCEDIT_OBJECTIVE:
		n = sedit_nth_objective(d, index);
		if (!n) {
			sedit_refuse(why, "edit-missing", "there is no objective %ld", index);
			return NULL;
		}
		return n;
	default:
		if (key)
			n = sedit_find_by_id(root->children, scedit_piece_name(piece), key);
		if (!n) {
			sedit_refuse(why, "edit-missing", "there is no %s \"%s\"", scedit_piece_name(piece), key ? key : "");
			return NULL;
		}
		return n;
	}
	if (!n)
		sedit_refuse(why, "edit-missing", "the scenario has no %s%s%s", scedit_piece_name(piece), key ? " " : "",
			key ? key : "");
	return n;
}

/* What an element found in the tree may hold. */
const sedit_shape *sedit_shape_of(const xmlNode *n)
{
	static const sedit_shape *const all[] = { &SEDIT_SHAPE_GENERAL, &SEDIT_SHAPE_BRIGADE, &SEDIT_SHAPE_OBJECTIVE, &SEDIT_SHAPE_CITY,
		&SEDIT_SHAPE_SEA_ZONE, &SEDIT_SHAPE_SHIP, &SEDIT_SHAPE_SCENARIO, &SEDIT_SHAPE_BOARD, &SEDIT_SHAPE_SECTIONS, &SEDIT_SHAPE_SIDE,
		&SEDIT_SHAPE_FORCES };
	if (sedit_rule_shape(n))
		return sedit_rule_shape(n);
	if (xmldoc_is(n, SCENARIO_NS, "unit")) {
		if (xmldoc_is(n->parent, SCENARIO_NS, "frozen"))
			return NULL;
		if (xmldoc_is(n->parent, SCENARIO_NS, "reserve"))
			return &SEDIT_SHAPE_RESERVE_UNIT;
		if (xmldoc_is(n->parent, SCENARIO_NS, "ship"))
			return &SEDIT_SHAPE_CARGO_UNIT;
		return &SEDIT_SHAPE_UNIT;
	}
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		if (xmldoc_is(n, SCENARIO_NS, all[i]->element))
			return all[i];
	return NULL;
}

/* Whether an id is taken by another piece (units, generals, brigades,
 * cities, sea zones, ships share one set of ids). */
bool sedit_id_taken(const scenario_doc *d, const char *id, const xmlNode *except)
{
	xmlNode *n = sedit_find_by_id(sedit_root_of(d)->children, NULL, id);
	return n && n != except && !xmldoc_is(n, SCENARIO_NS, "forces");
}

/* ---- attributes ------------------------------------------------------ */

bool sedit_check_attrs(const scenario_doc *d, const sedit_shape *shape, const scedit_attr *attrs, size_t count,
	scedit_refusal *why)
{
	if (count > SCEDIT_MAX_ATTRS)
		return sedit_refuse(why, "edit-attribute", "too many attributes");
	for (size_t i = 0; i < count; i++) {
		if (!attrs[i].name || !sedit_in_list(shape->attrs, attrs[i].name))
			return sedit_refuse(why, "edit-attribute", "a %s here has no attribute %s", shape->element,
				attrs[i].name ? attrs[i].name : "(none)");
		for (size_t j = 0; j < i; j++)
			if (strcmp(attrs[i].name, attrs[j].name) == 0)
				return sedit_refuse(why, "edit-attribute", "%s is given twice", attrs[i].name);
		if (!sedit_check_value(d, attrs[i].name, attrs[i].value, why))
			return false;
		if (strcmp(attrs[i].name, "id") == 0 && sedit_id_taken(d, attrs[i].value, NULL))
			return sedit_refuse(why, "edit-duplicate-id", "the id %s is used already", attrs[i].value);
	}
	for (size_t r = 0; shape->required[r]; r++) {
		bool given = false;
		for (size_t i = 0; i < count; i++)
			given = given || strcmp(attrs[i].name, shape->required[r]) == 0;
		if (!given)
			return sedit_refuse(why, "edit-attribute", "a %s needs %s", shape->element, shape->required[r]);
	}
	return true;
}

void sedit_take_attrs(const xmlNode *n, scedit_op *op)
{
	for (const xmlAttr *a = n->properties; a && op->attr_count < SCEDIT_MAX_ATTRS; a = a->next) {
		if (a->ns)
			continue;
		xmlChar *v = xmlNodeListGetString(n->doc, a->children, 1);
		op->attrs[op->attr_count].name = xstrdup((const char *)a->name);
		op->attrs[op->attr_count].value = xstrdup(v ? (const char *)v : "");
		op->attr_count++;
		xmlFree(v);
	}
}

/* Make the element's own attributes those of the list, in its order for
 * the new ones. */
void sedit_put_attrs(xmlNode *n, const scedit_attr *attrs, size_t count)
{
	for (xmlAttr *a = n->properties, *next; a; a = next) {
		next = a->next;
		bool kept = a->ns != NULL;
		for (size_t i = 0; i < count && !kept; i++)
			kept = strcmp((const char *)a->name, attrs[i].name) == 0;
		if (!kept)
			xmlRemoveProp(a);
	}
	for (size_t i = 0; i < count; i++) {
		const char *now = xmldoc_attr(n, attrs[i].name);
		if (!str_eq(now, attrs[i].value))
			sedit_set_attr(n, attrs[i].name, attrs[i].value, 0);
	}
}

/* ---- texts in a language --------------------------------------------- */

xmlNode *sedit_lang_child(const xmlNode *parent, const char *name, lang_id lang)
{
	for (xmlNode *k = parent->children; k; k = k->next)
		if (xmldoc_is(k, SCENARIO_NS, name) && str_eq(xmldoc_lang(k), lang_code(lang)))
			return k;
	return NULL;
}

xmlNode *sedit_new_text_element(scenario_doc *d, const char *name, const char *text, int lang)
{
	xmlNode *e = sedit_new_element(d, name);
	if (lang >= 0)
		xmlNodeSetLang(e, (const xmlChar *)lang_code((lang_id)lang));
	sedit_set_text(e, text);
	return e;
}

