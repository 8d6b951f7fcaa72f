/* The edits of a scenario document: each checks first that the format can
 * hold it (and refuses with a reason when not), then changes the tree and
 * writes its inverse.  What the schema says an element holds is in the
 * tables below; the rules are left to the validator. */
#include "scenario_edit_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/xmldoc.h"

/* ---- names ----------------------------------------------------------- */

static const char *const KIND_NAMES[SCEDIT_KINDS] = { "terrain", "add", "delete", "set", "text" };
static const char *const PIECE_NAMES[SCEDIT_PIECES] = { "scenario", "board", "sections", "side", "unit",
	"general", "brigade", "objective", "city", "sea-zone", "ship" };
static const char *const TEXT_NAMES[SCEDIT_TEXT_KINDS] = { "title", "briefing", "date", "name", "squares" };

const char *scedit_kind_name(scedit_kind kind) { return kind < SCEDIT_KINDS ? KIND_NAMES[kind] : "?"; }
const char *scedit_piece_name(scedit_piece piece) { return piece < SCEDIT_PIECES ? PIECE_NAMES[piece] : "?"; }
const char *scedit_text_kind_name(scedit_text_kind kind)
{
	return kind < SCEDIT_TEXT_KINDS ? TEXT_NAMES[kind] : "?";
}

static bool find_name(const char *const *names, size_t count, const char *name, int *out)
{
	for (size_t i = 0; name && i < count; i++)
		if (strcmp(names[i], name) == 0) {
			*out = (int)i;
			return true;
		}
	return false;
}

bool scedit_kind_parse(const char *name, scedit_kind *out)
{
	int i;
	if (!find_name(KIND_NAMES, SCEDIT_KINDS, name, &i))
		return false;
	*out = (scedit_kind)i;
	return true;
}

bool scedit_piece_parse(const char *name, scedit_piece *out)
{
	int i;
	if (!find_name(PIECE_NAMES, SCEDIT_PIECES, name, &i))
		return false;
	*out = (scedit_piece)i;
	return true;
}

bool scedit_text_kind_parse(const char *name, scedit_text_kind *out)
{
	int i;
	if (!find_name(TEXT_NAMES, SCEDIT_TEXT_KINDS, name, &i))
		return false;
	*out = (scedit_text_kind)i;
	return true;
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
	free(op->attribute);
	free(op->value);
	free(op->text);
	memset(op, 0, sizeof *op);
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* ---- refusals -------------------------------------------------------- */

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static bool refuse(scedit_refusal *why, const char *reason, const char *fmt, ...)
{
	snprintf(why->reason, sizeof why->reason, "%s", reason);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why->message, sizeof why->message, fmt, ap);
	va_end(ap);
	return false;
}

/* ---- what each element holds (data/schema/scenario.rng) ------------- */

typedef struct element_shape {
	const char *element;
	const char *const *attrs;     /* the attributes it may have */
	const char *const *required;  /* those it must have */
} element_shape;

#define LIST(...) ((const char *const[]){ __VA_ARGS__, NULL })

static const element_shape SHAPE_UNIT = { "unit",
	LIST("id", "type", "at", "player", "figures", "name", "weapon", "quality", "state", "kind"),
	LIST("id", "type", "at") };
static const element_shape SHAPE_RESERVE_UNIT = { "unit",
	LIST("id", "type", "entry", "figures", "name", "weapon", "quality", "state", "kind"),
	LIST("id", "type", "entry") };
static const element_shape SHAPE_CARGO_UNIT = { "unit", LIST("id", "type", "name", "player"), LIST("id", "type") };
static const element_shape SHAPE_GENERAL = { "general", LIST("id", "at", "player", "name"), LIST("id", "at") };
static const element_shape SHAPE_BRIGADE = { "brigade", LIST("id", "general", "units", "name"),
	LIST("id", "general", "units") };
static const element_shape SHAPE_OBJECTIVE = { "objective", LIST("at", "vp", "for"), LIST("at", "vp", "for") };
static const element_shape SHAPE_CITY = { "city", LIST("id", "at", "side", "name", "capital", "port", "zone"),
	LIST("id", "at", "side") };
static const element_shape SHAPE_SEA_ZONE = { "sea-zone", LIST("id"), LIST("id") };
static const element_shape SHAPE_SHIP = { "ship", LIST("id", "type", "name", "at", "zone", "player"),
	LIST("id", "type") };
static const element_shape SHAPE_SCENARIO = { "scenario", LIST("id", "ruleset", "players", "turn-limit"),
	LIST("id", "ruleset") };
static const element_shape SHAPE_BOARD = { "board", LIST("columns", "rows", "short-rows", "grid"),
	LIST("columns", "rows") };
static const element_shape SHAPE_SECTIONS = { "sections", LIST("west", "east"), LIST("west", "east") };
static const element_shape SHAPE_SIDE = { "side", LIST("home", "cards", "victory", "first"),
	LIST("home", "cards", "victory") };
static const element_shape SHAPE_FORCES = { "forces", LIST("first"), LIST("side") };

static bool in_list(const char *const *list, const char *name)
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
	{ "short-rows", LIST("even", "none") },
	{ "grid", LIST("hex", "square") },
	{ "home", LIST("north", "south") },
	{ "for", LIST("union", "confederate", "both") },
};

static bool side_known(const char *side)
{
	return side && (strcmp(side, "union") == 0 || strcmp(side, "confederate") == 0);
}

/* ---- addresses ------------------------------------------------------- */

static const grid_ops *doc_grid(const scenario_doc *d)
{
	if (d->board_ok)
		return grid_board_ops(&d->board);
	if (d->rs)
		return grid_ops_of(d->rs->grid);
	if (d->model && d->model->grid.text && strcmp(d->model->grid.text, "square") == 0)
		return &grid_square_ops;
	return &grid_hex_ops;
}

static bool check_address(const scenario_doc *d, const char *text, grid_cell *cell, scedit_refusal *why)
{
	const grid_ops *ops = doc_grid(d);
	grid_cell c;
	if (!text || !ops->parse(text, &c))
		return refuse(why, "edit-address", "\"%s\" is not a %s address such as C4", text ? text : "",
			ops->name);
	if (d->board_ok && !grid_on_board(&d->board, c))
		return refuse(why, "edit-address", "%s is not on the board (%ld columns, %ld rows)",
			GRID_ADDRESS(c), d->model->columns.value, d->model->rows.value);
	if (cell)
		*cell = c;
	return true;
}

/* Whether a value can stand in the attribute as the format has it. */
static bool check_value(const scenario_doc *d, const char *attr, const char *value, scedit_refusal *why)
{
	if (!value || !*value || strspn(value, " \t\r\n") == strlen(value))
		return refuse(why, "edit-value", "%s needs a value", attr);
	if (in_list(ADDRESS_ATTRS, attr))
		return check_address(d, value, NULL, why);
	long n;
	if (in_list(COUNT_ATTRS, attr) && !parse_int(value, -999999, 999999, &n))
		return refuse(why, "edit-value", "%s must be a whole number, not \"%s\"", attr, value);
	if (in_list(BOOLEAN_ATTRS, attr) && strcmp(value, "true") && strcmp(value, "false") && strcmp(value, "1")
		&& strcmp(value, "0"))
		return refuse(why, "edit-value", "%s must be true or false, not \"%s\"", attr, value);
	for (size_t i = 0; i < sizeof CHOICES / sizeof CHOICES[0]; i++)
		if (strcmp(CHOICES[i].attr, attr) == 0 && !in_list(CHOICES[i].values, value))
			return refuse(why, "edit-value", "%s cannot be \"%s\"", attr, value);
	if (strcmp(attr, "id") == 0 && strpbrk(value, " \t\r\n"))
		return refuse(why, "edit-value", "an id has no blanks: \"%s\"", value);
	return true;
}

/* ---- finding elements ------------------------------------------------ */

static xmlNode *root_of(const scenario_doc *d)
{
	return xmlDocGetRootElement(d->xml->doc);
}

static bool attr_is(const xmlNode *n, const char *name, const char *value)
{
	return str_eq(xmldoc_attr(n, name), value);
}

/* The element holding a side's pieces: <side id> (hex) or <forces side>. */
static xmlNode *side_element(const scenario_doc *d, const char *side)
{
	for (xmlNode *k = root_of(d)->children; k; k = k->next)
		if ((xmldoc_is(k, SCENARIO_NS, "side") && attr_is(k, "id", side))
			|| (xmldoc_is(k, SCENARIO_NS, "forces") && attr_is(k, "side", side)))
			return k;
	return NULL;
}

static xmlNode *find_by_id(xmlNode *from, const char *name, const char *id)
{
	for (xmlNode *k = from; k; k = k->next) {
		if (k->type != XML_ELEMENT_NODE)
			continue;
		if ((!name || xmldoc_is(k, SCENARIO_NS, name)) && attr_is(k, "id", id) && !xmldoc_is(k, SCENARIO_NS, "side")
			&& !xmldoc_is(k, SCENARIO_NS, "scenario"))
			return k;
		xmlNode *in = find_by_id(k->children, name, id);
		if (in)
			return in;
	}
	return NULL;
}

static xmlNode *nth_objective(const scenario_doc *d, long index)
{
	long i = 0;
	for (xmlNode *k = root_of(d)->children; k; k = k->next)
		if (xmldoc_is(k, SCENARIO_NS, "objective") && i++ == index)
			return k;
	return NULL;
}

static long objective_index(const scenario_doc *d, const xmlNode *node)
{
	long i = 0;
	for (xmlNode *k = root_of(d)->children; k; k = k->next)
		if (xmldoc_is(k, SCENARIO_NS, "objective")) {
			if (k == node)
				return i;
			i++;
		}
	return -1;
}

/* The element an op names, or NULL with a refusal. */
static xmlNode *find_piece(const scenario_doc *d, scedit_piece piece, const char *key, long index,
	scedit_refusal *why)
{
	xmlNode *root = root_of(d), *n = NULL;
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
		if (!side_known(key)) {
			refuse(why, "edit-side", "there is no side \"%s\": union or confederate", key ? key : "");
			return NULL;
		}
		n = side_element(d, key);
		break;
	case SCEDIT_OBJECTIVE:
		n = nth_objective(d, index);
		if (!n) {
			refuse(why, "edit-missing", "there is no objective %ld", index);
			return NULL;
		}
		return n;
	default:
		if (key)
			n = find_by_id(root->children, PIECE_NAMES[piece], key);
		if (!n) {
			refuse(why, "edit-missing", "there is no %s \"%s\"", PIECE_NAMES[piece], key ? key : "");
			return NULL;
		}
		return n;
	}
	if (!n)
		refuse(why, "edit-missing", "the scenario has no %s%s%s", PIECE_NAMES[piece], key ? " " : "",
			key ? key : "");
	return n;
}

/* What an element found in the tree may hold. */
static const element_shape *shape_of(const xmlNode *n)
{
	static const element_shape *const all[] = { &SHAPE_GENERAL, &SHAPE_BRIGADE, &SHAPE_OBJECTIVE, &SHAPE_CITY,
		&SHAPE_SEA_ZONE, &SHAPE_SHIP, &SHAPE_SCENARIO, &SHAPE_BOARD, &SHAPE_SECTIONS, &SHAPE_SIDE,
		&SHAPE_FORCES };
	if (xmldoc_is(n, SCENARIO_NS, "unit")) {
		if (xmldoc_is(n->parent, SCENARIO_NS, "reserve"))
			return &SHAPE_RESERVE_UNIT;
		if (xmldoc_is(n->parent, SCENARIO_NS, "ship"))
			return &SHAPE_CARGO_UNIT;
		return &SHAPE_UNIT;
	}
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		if (xmldoc_is(n, SCENARIO_NS, all[i]->element))
			return all[i];
	return NULL;
}

/* Whether an id is taken by another piece (units, generals, brigades,
 * cities, sea zones, ships share one set of ids). */
static bool id_taken(const scenario_doc *d, const char *id, const xmlNode *except)
{
	xmlNode *n = find_by_id(root_of(d)->children, NULL, id);
	return n && n != except && !xmldoc_is(n, SCENARIO_NS, "forces");
}

/* ---- attributes ------------------------------------------------------ */

static bool check_attrs(const scenario_doc *d, const element_shape *shape, const scedit_attr *attrs, size_t count,
	scedit_refusal *why)
{
	if (count > SCEDIT_MAX_ATTRS)
		return refuse(why, "edit-attribute", "too many attributes");
	for (size_t i = 0; i < count; i++) {
		if (!attrs[i].name || !in_list(shape->attrs, attrs[i].name))
			return refuse(why, "edit-attribute", "a %s here has no attribute %s", shape->element,
				attrs[i].name ? attrs[i].name : "(none)");
		for (size_t j = 0; j < i; j++)
			if (strcmp(attrs[i].name, attrs[j].name) == 0)
				return refuse(why, "edit-attribute", "%s is given twice", attrs[i].name);
		if (!check_value(d, attrs[i].name, attrs[i].value, why))
			return false;
		if (strcmp(attrs[i].name, "id") == 0 && id_taken(d, attrs[i].value, NULL))
			return refuse(why, "edit-duplicate-id", "the id %s is used already", attrs[i].value);
	}
	for (size_t r = 0; shape->required[r]; r++) {
		bool given = false;
		for (size_t i = 0; i < count; i++)
			given = given || strcmp(attrs[i].name, shape->required[r]) == 0;
		if (!given)
			return refuse(why, "edit-attribute", "a %s needs %s", shape->element, shape->required[r]);
	}
	return true;
}

static void take_attrs(const xmlNode *n, scedit_op *op)
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
static void put_attrs(xmlNode *n, const scedit_attr *attrs, size_t count)
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

static xmlNode *lang_child(const xmlNode *parent, const char *name, lang_id lang)
{
	for (xmlNode *k = parent->children; k; k = k->next)
		if (xmldoc_is(k, SCENARIO_NS, name) && str_eq(xmldoc_lang(k), lang_code(lang)))
			return k;
	return NULL;
}

static xmlNode *new_text_element(scenario_doc *d, const char *name, const char *text, int lang)
{
	xmlNode *e = sedit_new_element(d, name);
	if (lang >= 0)
		xmlNodeSetLang(e, (const xmlChar *)lang_code((lang_id)lang));
	sedit_set_text(e, text);
	return e;
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
	if (!check_address(d, op->at, &cell, why))
		return false;
	const grid_ops *ops = doc_grid(d);
	bool square = ops->kind == GRID_SQUARE;
	if (op->type && !check_value(d, "type", op->type, why))
		return false;
	if (op->type && square && op->fieldworks)
		return refuse(why, "edit-attribute", "a square has no fieldworks");
	xmlNode *root = root_of(d), *terrain = sedit_child(root, "terrain"), *cellnode = NULL;
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
			return refuse(why, "edit-missing", "%s has no terrain to clear", address);
		inv->type = dup_or_null(xmldoc_attr(cellnode, "type"));
		inv->fieldworks = attr_true(cellnode, "fieldworks");
		inv->restore = sedit_bury(d, cellnode);
		return true;
	}
	if (!cellnode && op->restore && terrain)
		cellnode = sedit_raise(d, op->restore, terrain);
	else if (cellnode)
		inv->type = dup_or_null(xmldoc_attr(cellnode, "type")), inv->fieldworks = attr_true(cellnode, "fieldworks");
	if (!cellnode) {
		cellnode = sedit_new_element(d, square ? "square" : "hex");
		sedit_set_attr(cellnode, "at", op->at, 0);
		if (!terrain) {
			terrain = sedit_new_element(d, "terrain");
			sedit_insert(d, root, terrain, LIST("board", "date", "briefing", "title"));
		}
		sedit_insert(d, terrain, cellnode, LIST("hex", "square"));
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
	const element_shape *shape;
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

static bool plan_add(scenario_doc *d, const scedit_op *op, add_plan *p, scedit_refusal *why)
{
	xmlNode *root = root_of(d);
	memset(p, 0, sizeof *p);
	bool needs_side = op->piece == SCEDIT_UNIT || op->piece == SCEDIT_GENERAL || op->piece == SCEDIT_BRIGADE
		|| op->piece == SCEDIT_SHIP;
	if (needs_side && !(op->piece == SCEDIT_UNIT && op->ship)) {
		if (!side_known(op->side))
			return refuse(why, "edit-side", "there is no side \"%s\": union or confederate",
				op->side ? op->side : "");
		p->side = side_element(d, op->side);
		if (!p->side)
			return refuse(why, "edit-missing", "the scenario has no %s side to add to", op->side);
	}
	bool hex_side = p->side && xmldoc_is(p->side, SCENARIO_NS, "side");
	switch (op->piece) {
	case SCEDIT_UNIT:
		if (op->ship) {
			p->container = find_by_id(root->children, "ship", op->ship);
			if (!p->container)
				return refuse(why, "edit-missing", "there is no ship \"%s\"", op->ship);
			p->shape = &SHAPE_CARGO_UNIT;
			p->after = AFTER_UNIT;
		} else if (op->reserve) {
			if (!hex_side)
				return refuse(why, "edit-attribute", "a square-grid side has no reserve");
			p->container = sedit_last_child(p->side, "reserve");
			p->shape = &SHAPE_RESERVE_UNIT;
			p->after = AFTER_UNIT;
		} else {
			p->container = p->side;
			p->shape = &SHAPE_UNIT;
			p->after = AFTER_UNIT_GENERAL;
		}
		break;
	case SCEDIT_GENERAL:
		p->container = p->side;
		p->shape = &SHAPE_GENERAL;
		p->after = AFTER_GENERAL_UNIT;
		break;
	case SCEDIT_BRIGADE:
		if (!hex_side)
			return refuse(why, "edit-attribute", "a square-grid side has no brigades");
		p->container = p->side;
		p->shape = &SHAPE_BRIGADE;
		p->after = AFTER_BRIGADE;
		break;
	case SCEDIT_SHIP:
		if (hex_side)
			return refuse(why, "edit-attribute", "a hex-board side has no ships");
		p->container = p->side;
		p->shape = &SHAPE_SHIP;
		p->after = AFTER_SHIP;
		break;
	case SCEDIT_OBJECTIVE:
		p->container = root;
		p->shape = &SHAPE_OBJECTIVE;
		p->after = AFTER_OBJECTIVE_SIDE_FORCES;
		break;
	case SCEDIT_CITY:
		p->container = root;
		p->shape = &SHAPE_CITY;
		p->after = AFTER_CITY_SEA_ZONE_TERRAIN;
		break;
	case SCEDIT_SEA_ZONE:
		p->container = root;
		p->shape = &SHAPE_SEA_ZONE;
		p->after = AFTER_SEA_ZONE_TERRAIN;
		break;
	case SCEDIT_SECTIONS:
		p->container = sedit_child(root, "board");
		if (!p->container)
			return refuse(why, "edit-missing", "the scenario has no board");
		if (sedit_child(p->container, "sections"))
			return refuse(why, "edit-attribute", "the board has its sections already");
		p->shape = &SHAPE_SECTIONS;
		break;
	default:
		return refuse(why, "edit-op", "a %s cannot be added", scedit_piece_name(op->piece));
	}
	if (!check_attrs(d, p->shape, op->attrs, op->attr_count, why))
		return false;
	bool named = op->piece == SCEDIT_OBJECTIVE || op->piece == SCEDIT_CITY || op->piece == SCEDIT_SEA_ZONE;
	for (int l = 0; l < LANG_COUNT; l++)
		if (op->names[l] && !named)
			return refuse(why, "edit-attribute", "a %s has no names per language", p->shape->element);
	if (op->piece == SCEDIT_SEA_ZONE) {
		if (!op->squares)
			return refuse(why, "edit-attribute", "a sea zone needs its squares");
	} else if (op->squares) {
		return refuse(why, "edit-attribute", "only a sea zone has squares");
	}
	return true;
}

static bool check_squares(const scenario_doc *d, const char *squares, scedit_refusal *why)
{
	char **words = NULL;
	size_t n = str_split_words(squares, &words, 0);
	bool ok = n > 0 || refuse(why, "edit-value", "a sea zone needs at least one square");
	for (size_t i = 0; ok && i < n; i++)
		ok = check_address(d, words[i], NULL, why);
	str_free_words(words, n);
	return ok;
}

static bool op_add(scenario_doc *d, const scedit_op *op, scedit_op *inv, scedit_refusal *why)
{
	add_plan p;
	if (!plan_add(d, op, &p, why))
		return false;
	if (op->squares && !check_squares(d, op->squares, why))
		return false;
	xmlNode *n = p.container ? sedit_raise(d, op->restore, p.container) : NULL;
	if (n) {
		put_attrs(n, op->attrs, op->attr_count);
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
				sedit_insert(d, n, new_text_element(d, "name", op->names[l], l), LIST("name"));
		if (op->squares)
			sedit_insert(d, n, new_text_element(d, "squares", op->squares, -1), LIST("name"));
	}
	inv->kind = SCEDIT_DELETE;
	inv->piece = op->piece;
	inv->key = dup_or_null(xmldoc_attr(n, "id"));
	inv->index = op->piece == SCEDIT_OBJECTIVE ? objective_index(d, n) : 0;
	return true;
}

static bool op_delete(scenario_doc *d, const scedit_op *op, scedit_op *inv, scedit_refusal *why)
{
	if (op->piece == SCEDIT_SCENARIO || op->piece == SCEDIT_BOARD || op->piece == SCEDIT_SIDE)
		return refuse(why, "edit-op", "the %s cannot be deleted", scedit_piece_name(op->piece));
	xmlNode *n = find_piece(d, op->piece, op->key, op->index, why);
	if (!n)
		return false;
	inv->kind = SCEDIT_ADD;
	inv->piece = op->piece;
	inv->index = op->index;
	take_attrs(n, inv);
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
		xmlNode *name = lang_child(n, "name", (lang_id)l);
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
	xmlNode *n = find_piece(d, op->piece, op->key, op->index, why);
	if (!n)
		return false;
	const element_shape *shape = shape_of(n);
	const char *attr = op->attribute ? op->attribute : "";
	if (!shape || !in_list(shape->attrs, attr))
		return refuse(why, "edit-attribute", "a %s here has no attribute %s", (const char *)n->name,
			*attr ? attr : "(none)");
	if (!op->value && in_list(shape->required, attr))
		return refuse(why, "edit-attribute", "a %s needs %s", (const char *)n->name, attr);
	if (op->value && !check_value(d, attr, op->value, why))
		return false;
	if (op->value && strcmp(attr, "id") == 0 && id_taken(d, op->value, n))
		return refuse(why, "edit-duplicate-id", "the id %s is used already", op->value);
	const char *old = xmldoc_attr(n, attr);
	if (!old && !op->value)
		return refuse(why, "edit-missing", "the %s has no %s to clear", (const char *)n->name, attr);
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
	xmlNode *root = root_of(d), *parent = root, *n = NULL;
	const char *name = TEXT_NAMES[op->text_kind < SCEDIT_TEXT_KINDS ? op->text_kind : 0];
	const char *const *after = NULL;
	bool per_lang = true;
	if (op->text_kind >= SCEDIT_TEXT_KINDS)
		return refuse(why, "edit-op", "there is no such text");
	if ((unsigned)op->lang >= LANG_COUNT)
		return refuse(why, "edit-value", "the language must be en, nl or fr");
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
			return refuse(why, "edit-attribute", "a %s has no names per language", scedit_piece_name(op->piece));
		if (op->text_kind == SCEDIT_SQUARES && op->piece != SCEDIT_SEA_ZONE)
			return refuse(why, "edit-attribute", "only a sea zone has squares");
		parent = find_piece(d, op->piece, op->key, op->index, why);
		if (!parent)
			return false;
		after = AFTER_NAME;
		per_lang = op->text_kind == SCEDIT_NAME;
		break;
	default:
		break;
	}
	if (op->text_kind == SCEDIT_SQUARES && !op->text)
		return refuse(why, "edit-attribute", "a sea zone needs its squares");
	if (op->text_kind == SCEDIT_SQUARES && !check_squares(d, op->text, why))
		return false;
	n = per_lang ? lang_child(parent, name, op->lang) : sedit_child(parent, name);
	if (!n && !op->text)
		return refuse(why, "edit-missing", "there is no %s to remove", name);
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
			n = new_text_element(d, name, op->text, per_lang ? (int)op->lang : -1);
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
	default: return refuse(why, "edit-op", "there is no such edit");
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
		refuse(why, "edit-op", "there is no such piece");
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
		return refuse(why, "edit-value", "the file cannot hold that text (a control character or broken UTF-8)");
	}
	d->generation++;
	if (inverse)
		*inverse = inv;
	else
		scedit_op_finish(&inv);
	return true;
}
