/* The edits of a scenario's special rules (<special-rules>, the hex
 * boards'): a rule added, changed or deleted as a whole ("rule"), and the
 * fords and hexes ("rule-hex") and units ("rule-unit") inside one.  The
 * format is data/schema/scenario.rng: each element's attributes and the
 * values they take, and at least one child where the schema wants one, so
 * that a file saved from the studio is one the schema takes; whether a
 * ford lies on a river or a frozen unit exists is the validator's. */
#include "scenario_edit_impl.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../base/xmldoc.h"
#include "special_rules.h"

static const char *const NONE[] = { NULL };
static const char *const CONDITION[] = { "side", "turn", "flags", "flags-side", "enemy-within", NULL };
static const char *const SIDE[] = { "side", NULL };

/* Each kind's element, attributes and the child it lists ("ford", "hex",
 * "unit"; NULL: none), in the order of special_kind. */
typedef struct rule_shape {
	sedit_shape shape;
	const char *child;
} rule_shape;

static const rule_shape RULE_SHAPES[SPECIAL_KIND_COUNT] = {
	[SPECIAL_CROSSING] = { { "crossing", SEDIT_LIST("terrain", "side"), NONE }, "ford" },
	[SPECIAL_NO_ENTRY] = { { "no-entry", SEDIT_LIST("side", "mode"), SIDE }, "hex" },
	[SPECIAL_FROZEN] = { { "frozen", CONDITION, SIDE }, "unit" },
	[SPECIAL_SCHEDULE] = { { "schedule", CONDITION, SIDE }, "unit" },
	[SPECIAL_SUDDEN_DEATH] = { { "sudden-death", SEDIT_LIST("at", "for"), SEDIT_LIST("at", "for") }, NULL },
	[SPECIAL_EXIT] = { { "exit", SEDIT_LIST("side", "vp"), SIDE }, "hex" },
	[SPECIAL_TURN_LIMIT] = { { "turn-limit", SEDIT_LIST("turns", "outcome"), SEDIT_LIST("turns") }, NULL },
	[SPECIAL_ADJUST] = { { "adjust", SEDIT_LIST("side", "hand", "ground-gain", "unit-type", "dice"), SIDE }, NULL },
};

/* The values an attribute of a rule takes beyond sedit_check_value's. */
typedef struct rule_choice {
	const char *attr;
	const char *const *values;
} rule_choice;

static const rule_choice RULE_CHOICES[] = {
	{ "terrain", SEDIT_LIST("river", "stream", "both") },
	{ "mode", SEDIT_LIST("enter", "end") },
	{ "flags-side", SEDIT_LIST("union", "confederate") },
	{ "outcome", SEDIT_LIST("objectives", "draw", "flags") },
	{ "ground-gain", SEDIT_LIST("true", "false") },
};
static const char *const RULE_COUNTS[] = { "turn", "flags", "enemy-within", "turns", "hand", "dice", NULL };

static int kind_named(const char *name)
{
	for (int k = 0; name && k < SPECIAL_KIND_COUNT; k++)
		if (strcmp(RULE_SHAPES[k].shape.element, name) == 0)
			return k;
	return -1;
}

static int kind_of(const xmlNode *n)
{
	if (!n || n->type != XML_ELEMENT_NODE || !xmldoc_is(n->parent, SCENARIO_NS, "special-rules"))
		return -1;
	for (int k = 0; k < SPECIAL_KIND_COUNT; k++)
		if (xmldoc_is(n, SCENARIO_NS, RULE_SHAPES[k].shape.element))
			return k;
	return -1;
}

const sedit_shape *sedit_rule_shape(const xmlNode *n)
{
	int k = kind_of(n);
	return k >= 0 ? &RULE_SHAPES[k].shape : NULL;
}

/* Whether a value can stand in an attribute of a rule of that kind. */
static bool check_rule_value(int kind, const char *attr, const char *value, scedit_refusal *why)
{
	if (strcmp(attr, "side") == 0) {
		bool both = kind == SPECIAL_CROSSING && strcmp(value, "both") == 0;
		if (!both && !sedit_side_known(value))
			return sedit_refuse(why, "edit-value", "the side of a %s is %s, not \"%s\"", RULE_SHAPES[kind].shape.element,
				kind == SPECIAL_CROSSING ? "union, confederate or both" : "union or confederate", value);
	}
	for (size_t i = 0; i < sizeof RULE_CHOICES / sizeof RULE_CHOICES[0]; i++)
		if (strcmp(RULE_CHOICES[i].attr, attr) == 0 && !sedit_in_list(RULE_CHOICES[i].values, value))
			return sedit_refuse(why, "edit-value", "%s cannot be \"%s\"", attr, value);
	long number;
	if (sedit_in_list(RULE_COUNTS, attr) && !parse_int(value, -999999, 999999, &number))
		return sedit_refuse(why, "edit-value", "%s must be a whole number, not \"%s\"", attr, value);
	if (strcmp(attr, "unit-type") == 0 && strpbrk(value, " \t\r\n"))
		return sedit_refuse(why, "edit-value", "a unit type has no blanks: \"%s\"", value);
	return true;
}

bool sedit_rule_check_value(const xmlNode *n, const char *attr, const char *value, scedit_refusal *why)
{
	int kind = kind_of(n);
	return kind < 0 || !value || check_rule_value(kind, attr, value, why);
}

/* ---- finding rules ---------------------------------------------------- */

/* Every rule of every block counts, in file order: the model's order. */
static xmlNode *nth_rule(const scenario_doc *d, long index, scedit_refusal *why)
{
	long i = 0;
	for (xmlNode *b = sedit_child(sedit_root_of(d), "special-rules"); b; b = sedit_next_named(b->next, "special-rules"))
		for (xmlNode *k = b->children; k; k = k->next)
			if (kind_of(k) >= 0 && i++ == index)
				return k;
	sedit_refuse(why, "edit-missing", "there is no special rule %ld", index);
	return NULL;
}

static long rule_index(const scenario_doc *d, const xmlNode *rule)
{
	long i = 0;
	for (xmlNode *b = sedit_child(sedit_root_of(d), "special-rules"); b; b = sedit_next_named(b->next, "special-rules"))
		for (xmlNode *k = b->children; k; k = k->next)
			if (kind_of(k) >= 0) {
				if (k == rule)
					return i;
				i++;
			}
	return -1;
}

/* The child of a rule an op names: a ford or hex by its cell, a unit by
 * its ref (frozen) or id (schedule). */
static xmlNode *rule_child(const scenario_doc *d, const xmlNode *rule, const char *at, const char *key)
{
	const char *child = RULE_SHAPES[kind_of(rule)].child;
	const grid_ops *ops = sedit_doc_grid(d);
	grid_cell want, c;
	bool by_cell = at && ops->parse(at, &want);
	for (xmlNode *k = rule->children; k; k = k->next) {
		if (!child || !xmldoc_is(k, SCENARIO_NS, child))
			continue;
		const char *kat = xmldoc_attr(k, "at");
		if (strcmp(child, "unit") != 0 && by_cell && kat && ops->parse(kat, &c) && grid_cell_equal(c, want))
			return k;
		if (strcmp(child, "unit") == 0 && key && (sedit_attr_is(k, "ref", key) || sedit_attr_is(k, "id", key)))
			return k;
	}
	return NULL;
}

static size_t child_count(const xmlNode *rule)
{
	const char *child = RULE_SHAPES[kind_of(rule)].child;
	size_t n = 0;
	for (const xmlNode *k = rule->children; k; k = k->next)
		n += child && xmldoc_is(k, SCENARIO_NS, child);
	return n;
}

xmlNode *sedit_rule_find(const scenario_doc *d, scedit_piece piece, const char *key, long index,
	scedit_refusal *why)
{
	xmlNode *rule = nth_rule(d, index, why);
	if (!rule || piece == SCEDIT_RULE)
		return rule;
	xmlNode *n = rule_child(d, rule, NULL, key);
	if (!n)
		sedit_refuse(why, "edit-missing", "special rule %ld has no unit \"%s\"", index, key ? key : "");
	return n;
}

/* ---- the children of a rule ------------------------------------------ */

/* Whether a rule can hold the child the op gives: a hex on the board, or
 * a unit (a ref for a frozen group; a unit's attributes for a schedule). */
static bool check_child(const scenario_doc *d, int kind, const char *word, const scedit_op *op, scedit_refusal *why)
{
	const char *child = RULE_SHAPES[kind].child;
	if (!child)
		return sedit_refuse(why, "edit-attribute", "a %s has no hexes or units", RULE_SHAPES[kind].shape.element);
	if (strcmp(child, "unit") != 0)
		return sedit_check_address(d, word, NULL, why);
	if (kind == SPECIAL_FROZEN)
		return (word && *word && !strpbrk(word, " \t\r\n"))
			|| sedit_refuse(why, "edit-value", "a frozen group names a unit by its id, not \"%s\"", word ? word : "");
	return sedit_check_attrs(d, &SEDIT_SHAPE_UNIT, op->attrs, op->attr_count, why);
}

/* A new hex or unit of `rule`, a rule of kind `kind` (the caller's:
 * kind_of has told it already). */
static xmlNode *new_child(scenario_doc *d, xmlNode *rule, int kind, const char *word, const scedit_attr *attrs,
	size_t count)
{
	const char *child = RULE_SHAPES[kind].child;
	xmlNode *n = sedit_new_element(d, child);
	if (kind == SPECIAL_SCHEDULE)
		for (size_t i = 0; i < count; i++)
			sedit_set_attr(n, attrs[i].name, attrs[i].value, 0);
	else
		sedit_set_attr(n, kind == SPECIAL_FROZEN ? "ref" : "at", word, 0);
	sedit_insert(d, rule, n, (const char *const[]){ child, NULL });
	return n;
}

/* What names a child in an op: its address, ref or id. */
static const char *child_word(const xmlNode *n)
{
	const char *w = xmldoc_attr(n, "at");
	if (xmldoc_is(n, SCENARIO_NS, "unit"))
		w = xmldoc_attr(n, "ref") ? xmldoc_attr(n, "ref") : xmldoc_attr(n, "id");
	return w ? w : "";
}

static bool child_add(scenario_doc *d, const scedit_op *op, scedit_op *inv, scedit_refusal *why)
{
	xmlNode *rule = nth_rule(d, op->index, why);
	if (!rule)
		return false;
	int kind = kind_of(rule);
	bool unit = op->piece == SCEDIT_RULE_UNIT;
	const char *child = RULE_SHAPES[kind].child;
	if (!child || (strcmp(child, "unit") == 0) != unit)
		return sedit_refuse(why, "edit-attribute", "a %s has no %s", RULE_SHAPES[kind].shape.element,
			unit ? "units" : "hexes");
	const char *word = unit ? op->key : op->at;
	if (!check_child(d, kind, word, op, why))
		return false;
	if (kind != SPECIAL_SCHEDULE && rule_child(d, rule, unit ? NULL : word, unit ? word : NULL))
		return sedit_refuse(why, "edit-duplicate-id", "the %s lists %s already", RULE_SHAPES[kind].shape.element, word);
	xmlNode *n = sedit_raise(d, op->restore, rule);
	if (!n)
		n = new_child(d, rule, kind, word, op->attrs, op->attr_count);
	*inv = (scedit_op){ .kind = SCEDIT_DELETE, .piece = op->piece, .index = op->index };
	if (unit)
		inv->key = xstrdup(child_word(n));
	else
		inv->at = xstrdup(child_word(n));
	return true;
}

static bool child_delete(scenario_doc *d, const scedit_op *op, scedit_op *inv, scedit_refusal *why)
{
	xmlNode *rule = nth_rule(d, op->index, why);
	if (!rule)
		return false;
	bool unit = op->piece == SCEDIT_RULE_UNIT;
	int kind = kind_of(rule);
	xmlNode *n = rule_child(d, rule, unit ? NULL : op->at, unit ? op->key : NULL);
	if (!n || xmldoc_is(n, SCENARIO_NS, "unit") != unit)
		return sedit_refuse(why, "edit-missing", "the %s does not list %s", RULE_SHAPES[kind].shape.element,
			(unit ? op->key : op->at) ? (unit ? op->key : op->at) : "that");
	if (child_count(rule) < 2)
		return sedit_refuse(why, "edit-attribute", "a %s needs at least one %s: delete the rule instead",
			RULE_SHAPES[kind].shape.element, RULE_SHAPES[kind].child);
	*inv = (scedit_op){ .kind = SCEDIT_ADD, .piece = op->piece, .index = op->index };
	if (kind == SPECIAL_SCHEDULE)
		sedit_take_attrs(n, inv);
	if (unit)
		inv->key = xstrdup(child_word(n));
	else
		inv->at = xstrdup(child_word(n));
	inv->restore = sedit_bury(d, n);
	return true;
}

/* ---- whole rules ------------------------------------------------------ */

/* A schedule's op gives its first unit's attributes among its own: those
 * a unit has go to the unit. */
static bool unit_attr(int kind, const char *name)
{
	return kind == SPECIAL_SCHEDULE && sedit_in_list(SEDIT_SHAPE_UNIT.attrs, name) && strcmp(name, "side") != 0;
}

static size_t split_attrs(int kind, const scedit_op *op, scedit_attr *own, scedit_op *unit)
{
	size_t n = 0;
	for (size_t i = 0; i < op->attr_count && i < SCEDIT_MAX_ATTRS; i++) {
		if (unit_attr(kind, op->attrs[i].name))
			unit->attrs[unit->attr_count++] = op->attrs[i];
		else
			own[n++] = op->attrs[i];
	}
	return n;
}

static bool check_rule(const scenario_doc *d, int kind, const scedit_attr *own, size_t count, const scedit_op *unit,
	char **items, size_t item_count, scedit_refusal *why)
{
	if (!sedit_check_attrs(d, &RULE_SHAPES[kind].shape, own, count, why))
		return false;
	for (size_t i = 0; i < count; i++)
		if (!check_rule_value(kind, own[i].name, own[i].value, why))
			return false;
	const char *child = RULE_SHAPES[kind].child;
	if (!child)
		return item_count == 0
			|| sedit_refuse(why, "edit-attribute", "a %s has no hexes or units", RULE_SHAPES[kind].shape.element);
	if (kind == SPECIAL_SCHEDULE)
		return item_count == 0 ? check_child(d, kind, NULL, unit, why)
				       : sedit_refuse(why, "edit-attribute", "a schedule's units are given by their attributes");
	if (item_count == 0)
		return sedit_refuse(why, "edit-attribute", "a %s needs at least one %s", RULE_SHAPES[kind].shape.element, child);
	for (size_t i = 0; i < item_count; i++) {
		if (!check_child(d, kind, items[i], unit, why))
			return false;
		for (size_t j = 0; j < i; j++)
			if (kind == SPECIAL_FROZEN ? strcmp(items[i], items[j]) == 0 : strcasecmp(items[i], items[j]) == 0)
				return sedit_refuse(why, "edit-duplicate-id", "%s is given twice", items[i]);
	}
	return true;
}

/* Bring back a deleted rule where it stood.  When the delete took its
 * block too (a block an edit had made), the handle is the block's: raise
 * it, then the rule buried in it. */
static xmlNode *raise_rule(scenario_doc *d, unsigned long restore)
{
	if (!restore || restore > d->grave_count)
		return NULL;
	const sedit_grave *g = &d->graves[restore - 1];
	if (!xmldoc_is(g->node, SCENARIO_NS, "special-rules"))
		return sedit_raise(d, restore, g->parent);
	xmlNode *block = sedit_raise(d, restore, sedit_root_of(d));
	for (size_t i = restore - 1; block && i-- > 0;)
		if (d->graves[i].buried && d->graves[i].parent == block)
			return sedit_raise(d, i + 1, block);
	return NULL;
}

static bool rule_add(scenario_doc *d, const scedit_op *op, scedit_op *inv, scedit_refusal *why)
{
	int kind = kind_named(op->type);
	if (kind < 0)
		return sedit_refuse(why, "edit-value", "there is no special rule \"%s\"", op->type ? op->type : "");
	if (sedit_doc_grid(d)->kind == GRID_SQUARE)
		return sedit_refuse(why, "edit-attribute", "a square-grid scenario has no special rules");
	scedit_attr own[SCEDIT_MAX_ATTRS];
	scedit_op unit = { 0 };
	size_t count = split_attrs(kind, op, own, &unit);
	char **items = NULL;
	size_t item_count = op->items ? str_split_words(op->items, &items, 0) : 0;
	bool ok = check_rule(d, kind, own, count, &unit, items, item_count, why);
	xmlNode *n = ok ? raise_rule(d, op->restore) : NULL;
	if (ok && !n) {
		xmlNode *root = sedit_root_of(d), *block = sedit_last_child(root, "special-rules");
		if (!block) {
			block = sedit_new_element(d, "special-rules");
			sedit_insert(d, root, block, NULL);
		}
		n = sedit_new_element(d, RULE_SHAPES[kind].shape.element);
		for (size_t i = 0; i < count; i++)
			sedit_set_attr(n, own[i].name, own[i].value, 0);
		sedit_insert(d, block, n, NULL);
		for (size_t i = 0; i < item_count; i++)
			new_child(d, n, kind, items[i], NULL, 0);
		if (kind == SPECIAL_SCHEDULE)
			new_child(d, n, kind, NULL, unit.attrs, unit.attr_count);
	}
	str_free_words(items, item_count);
	if (!ok)
		return false;
	*inv = (scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_RULE, .index = rule_index(d, n) };
	return true;
}

static bool rule_delete(scenario_doc *d, const scedit_op *op, scedit_op *inv, scedit_refusal *why)
{
	xmlNode *n = nth_rule(d, op->index, why);
	if (!n)
		return false;
	int kind = kind_of(n);
	*inv = (scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_RULE, .index = op->index,
		.type = xstrdup(RULE_SHAPES[kind].shape.element) };
	sedit_take_attrs(n, inv);
	/* What makes the rule again should its place be gone: its hexes or
	 * refs, a schedule's first unit. */
	char **words = NULL;
	size_t count = 0;
	for (xmlNode *k = n->children; k; k = k->next) {
		if (!RULE_SHAPES[kind].child || !xmldoc_is(k, SCENARIO_NS, RULE_SHAPES[kind].child))
			continue;
		if (kind == SPECIAL_SCHEDULE) {
			if (!count++)
				sedit_take_attrs(k, inv);
			continue;
		}
		words = xrealloc(words, (count + 1) * sizeof *words);
		words[count++] = (char *)child_word(k);
	}
	if (kind != SPECIAL_SCHEDULE && count)
		inv->items = str_join((const char *const *)words, count, " ");
	free(words);
	inv->restore = sedit_bury(d, n);
	return true;
}

bool sedit_rule_edit(scenario_doc *d, const scedit_op *op, scedit_op *inv, scedit_refusal *why)
{
	if (op->piece == SCEDIT_RULE)
		return op->kind == SCEDIT_ADD ? rule_add(d, op, inv, why) : rule_delete(d, op, inv, why);
	return op->kind == SCEDIT_ADD ? child_add(d, op, inv, why) : child_delete(d, op, inv, why);
}
