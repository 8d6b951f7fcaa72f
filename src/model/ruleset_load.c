/* Reading a ruleset file and its parents into the model (ruleset.h):
 * the XML elements, inheritance entry by entry, and the checks that a
 * loaded ruleset holds what the rest of the program relies on. */
#include "ruleset.h"
#include "ruleset_marks.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/datadir.h"
#include "../base/util.h"
#include "../base/xmldoc.h"

#define RULESET_NS "urn:orbat:ruleset:1"
#define RULESET_RULE "ruleset"
#define MAX_INHERITANCE 8

/* Context for applying one file's elements to the model. */
typedef struct loader {
	const xml_document *doc;
	diag_sink *sink;
	bool failed;
} loader;

static void fail(loader *ld, const xmlNode *node, const char *attr, const char *fmt, ...) DIAG_PRINTF(4, 5);

static void fail(loader *ld, const xmlNode *node, const char *attr, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	int line, col;
	xmldoc_locate(ld->doc, node, attr, &line, &col);
	diag_add(ld->sink, ld->doc->file, line, col, DIAG_ERROR, RULESET_RULE, "%s", msg);
	free(msg);
	ld->failed = true;
}

/* ---- small attribute readers: each leaves *out alone when absent ---- */

static void read_int(loader *ld, const xmlNode *n, const char *name, int *out)
{
	const char *v = xmldoc_attr(n, name);
	long x;
	if (!v)
		return;
	if (!parse_int(v, -1000, 100000, &x)) {
		fail(ld, n, name, "attribute '%s' is not a whole number: '%s'", name, v);
		return;
	}
	*out = (int)x;
}

static void read_bool(loader *ld, const xmlNode *n, const char *name, bool *out)
{
	const char *v = xmldoc_attr(n, name);
	if (!v)
		return;
	if (strcmp(v, "true") == 0)
		*out = true;
	else if (strcmp(v, "false") == 0)
		*out = false;
	else
		fail(ld, n, name, "attribute '%s' must be true or false, not '%s'", name, v);
}

static void read_str(const xmlNode *n, const char *name, char **out)
{
	const char *v = xmldoc_attr(n, name);
	if (!v)
		return;
	free(*out);
	*out = xstrdup(v);
}

/* Replace a word list by the words of text. */
static void split_words(const char *text, char ***out, size_t *count)
{
	str_free_words(*out, *count);
	*out = NULL;
	*count = str_split_words(text, out, 0);
}

static void free_words(char **words, size_t count)
{
	str_free_words(words, count);
}

static void read_words(const xmlNode *n, const char *name, char ***out, size_t *count)
{
	const char *v = xmldoc_attr(n, name);
	if (v)
		split_words(v, out, count);
}

/* ---- the sections a ruleset cites ----
 * Every section the program cites, stated as an attribute of the element
 * whose facts it is about (the root is <ruleset>): read, freed and asked
 * of a complete ruleset from this one table.  The sections of entries
 * (<card rule>, <square-unit rule>, <step rule>) are read with them. */

/* The grids whose complete rulesets must state a section. */
#define ON_HEX { [GRID_HEX] = true }
#define ON_SQUARE { [GRID_SQUARE] = true }
#define ON_BOTH { [GRID_HEX] = true, [GRID_SQUARE] = true }
/* The grids come last: ON_BOTH holds a comma. */
#define SECTION_NOTE(element, attr, field, note, ...) \
	{ element, attr, offsetof(ruleset, field), "<" element " " attr ">" note, __VA_ARGS__ }
#define SECTION(element, attr, field, ...) SECTION_NOTE(element, attr, field, "", __VA_ARGS__)

static const struct section_attr {
	const char *element, *attr;
	size_t offset;           /* of the char * in struct ruleset */
	const char *what;        /* what a ruleset lacking it is told it lacks */
	bool needed[GRID_KINDS];
} SECTIONS[] = {
	SECTION("ruleset", "sides-rule", sides_rule, ON_BOTH),
	SECTION("ruleset", "units-rule", units_rule, ON_BOTH),
	SECTION("board", "rule", board.rule, ON_BOTH),
	SECTION("stacking", "rule", stacking.rule, ON_HEX),
	SECTION_NOTE("brigades", "rule", brigades.rule, " (a ruleset without brigades names the stacking rule)",
		ON_HEX),
	SECTION("battle", "rule", battle.rule, ON_HEX),
	SECTION("battle", "dice-rule", battle.dice_rule, ON_HEX),
	SECTION("battle", "once-rule", battle.once_rule, ON_HEX),
	SECTION("general", "attack-rule", general.attack_rule, ON_HEX),
	SECTION("retreat", "rule", retreat.rule, ON_HEX),
	SECTION("retreat", "flags-rule", retreat.flags_rule, ON_HEX),
	SECTION("retreat", "path-rule", retreat.path_rule, ON_HEX),
	SECTION("retreat", "generals-rule", retreat.generals_rule, ON_HEX),
	SECTION("deck", "rule", deck.rule, ON_HEX),
	SECTION("movement", "rule", movement.rule, ON_HEX),
	SECTION("movement", "off-board-rule", movement.off_board_rule, ON_HEX),
	SECTION("movement", "ground-gain-rule", movement.ground_gain_rule, ON_HEX),
	SECTION("terrain-effects", "rule", terrain_effects.rule, ON_HEX),
	SECTION("sight", "rule", sight.rule, ON_HEX),
	SECTION("turn", "rule", turn.rule, ON_HEX),
	SECTION("victory", "rule", victory.rule, ON_HEX),
	SECTION("ruleset", "ids-rule", square.rules.ids, ON_SQUARE),
	SECTION("ruleset", "cities-rule", square.rules.cities, ON_SQUARE),
	SECTION("square-players", "rule", square.rules.turn, ON_SQUARE),
	SECTION("square-players", "players-rule", square.rules.players, ON_SQUARE),
	SECTION("square-play", "retreat-rule", square.rules.retreat, ON_SQUARE),
	SECTION("naval", "rule", square.rules.naval, ON_SQUARE),
	SECTION("naval", "transport-rule", square.rules.transport, ON_SQUARE),
	SECTION("naval", "cargo-rule", square.rules.cargo, ON_SQUARE),
	SECTION("naval", "ports-rule", square.rules.ports, ON_SQUARE),
	SECTION("capitals", "rule", square.rules.capitals, ON_SQUARE),
	SECTION("square-combat", "general-rule", square.rules.generals, ON_SQUARE),
	SECTION("square-combat", "entrench-rule", square.rules.entrench, ON_SQUARE),
	SECTION("square-victory", "rule", square.rules.victory, ON_SQUARE),
	SECTION("generals", "rule", square.rules.roster, ON_SQUARE),
};

static char **section_slot(ruleset *rs, const struct section_attr *s)
{
	return (char **)((char *)rs + s->offset);
}

static const char *section_value(const ruleset *rs, const struct section_attr *s)
{
	return *(char *const *)((const char *)rs + s->offset);
}

/* The sections stated on element n (named e); whether e states any. */
static bool read_sections(ruleset *rs, const xmlNode *n, const char *e)
{
	bool known = false;
	for (size_t i = 0; i < ARRAY_LEN(SECTIONS); i++) {
		if (strcmp(SECTIONS[i].element, e) != 0)
			continue;
		known = true;
		read_str(n, SECTIONS[i].attr, section_slot(rs, &SECTIONS[i]));
	}
	return known;
}

/* <name xml:lang="…"> and <text xml:lang="…"> children. */
static void read_texts(loader *ld, const xmlNode *n, const char *element, l10n_text *out)
{
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (!xmldoc_is(c, RULESET_NS, element))
			continue;
		lang_id lang;
		const char *code = xmldoc_lang(c);
		if (!lang_parse(code, &lang)) {
			fail(ld, c, "xml:lang", "<%s> needs xml:lang en, nl or fr, not '%s'", element, code ? code : "");
			continue;
		}
		xmlChar *content = xmlNodeGetContent(c);
		l10n_set(out, lang, (const char *)content);
		xmlFree(content);
	}
}

/* A condition on a unit attribute, written attribute=value. */
static void read_when_attr(loader *ld, const xmlNode *n, const char *name, rs_when *when)
{
	const char *v = xmldoc_attr(n, name);
	if (!v)
		return;
	const char *eq = strchr(v, '=');
	if (!eq || eq == v || !eq[1]) {
		fail(ld, n, name, "condition '%s' must read attribute=value", v);
		return;
	}
	when->attribute = xstrndup(v, (size_t)(eq - v));
	when->value = xstrdup(eq + 1);
}

static void read_when(loader *ld, const xmlNode *n, rs_when *when)
{
	read_when_attr(ld, n, "when", when);
}

static void free_when(rs_when *w)
{
	free(w->attribute);
	free(w->value);
}

static bool has_child(const xmlNode *n, const char *element)
{
	for (const xmlNode *c = n->children; c; c = c->next)
		if (xmldoc_is(c, RULESET_NS, element))
			return true;
	return false;
}

/* Find an entry by id in an array of structs whose first member is `char *id`;
 * append a zeroed one when missing. */
static void *find_or_add(void **items, size_t *count, size_t size, const char *id, bool *added)
{
	char *base = *items;
	for (size_t i = 0; i < *count; i++) {
		char **entry_id = (char **)(base + i * size);
		if (str_eq(*entry_id, id)) {
			if (added)
				*added = false;
			return entry_id;
		}
	}
	*items = xrealloc(*items, (*count + 1) * size);
	char *slot = (char *)*items + *count * size;
	memset(slot, 0, size);
	*(char **)slot = xstrdup(id);
	(*count)++;
	if (added)
		*added = true;
	return slot;
}

/* ---- freeing ---- */

static void free_named(rs_named *n)
{
	free(n->id);
	l10n_finish(&n->name);
}

static void free_section(rs_section *s)
{
	free(s->also);
	free_named(&(rs_named){ s->id, s->name });
}

static void free_unit_lists(rs_unit_type *u, bool allows, bool moves, bool dice)
{
	if (allows) {
		for (size_t i = 0; i < u->allow_count; i++) {
			free(u->allows[i].attribute);
			free_words(u->allows[i].values, u->allows[i].value_count);
			free(u->allows[i].default_value);
		}
		free(u->allows);
		u->allows = NULL;
		u->allow_count = 0;
	}
	if (moves) {
		for (size_t i = 0; i < u->move_count; i++) {
			free_when(&u->moves[i].when);
			free(u->moves[i].then);
		}
		free(u->moves);
		u->moves = NULL;
		u->move_count = 0;
	}
	if (dice) {
		for (size_t i = 0; i < u->dice_count; i++)
			free_when(&u->dice[i].when);
		free(u->dice);
		u->dice = NULL;
		u->dice_count = 0;
	}
}

static void free_unit_type(rs_unit_type *u)
{
	free_when(&u->ground_gain_battle);
	free(u->id);
	l10n_finish(&u->name);
	free(u->hit_by);
	free_unit_lists(u, true, true, true);
}

static void free_attribute(rs_attribute *a)
{
	free(a->id);
	l10n_finish(&a->name);
	for (size_t i = 0; i < a->value_count; i++)
		free_named(&a->values[i]);
	free(a->values);
	ruleset_marks_free(a);
}

static void free_terrain(rs_terrain *t)
{
	free(t->id);
	l10n_finish(&t->name);
}

static void free_face(rs_face *f)
{
	free(f->id);
	l10n_finish(&f->name);
}

static void free_card(rs_card *c)
{
	free(c->id);
	l10n_finish(&c->name);
	l10n_finish(&c->text);
	free(c->order);
	free(c->units);
	free(c->types);
	free(c->effect);
	for (size_t i = 0; i < c->dig_count; i++)
		free(c->digs[i].unit_type);
	free(c->digs);
	for (size_t i = 0; i < c->face_count; i++) {
		free(c->faces[i].face);
		free(c->faces[i].unit_type);
	}
	free(c->faces);
	free_words(c->hit_faces, c->hit_face_count);
	free(c->entry_fallback);
	free(c->target);
	free(c->until);
	free(c->emblem);
	free(c->rule);
}

static void release_place(void *entry)
{
	rs_square_place *p = entry;
	free(p->id);
	l10n_finish(&p->name);
	free(p->side);
	free(p->coast);
}

static void free_places(rs_square_place *p, size_t count)
{
	for (size_t i = 0; i < count; i++)
		release_place(&p[i]);
	free(p);
}

static void free_square(ruleset *rs)
{
	for (size_t i = 0; i < rs->square.unit_count; i++) {
		free(rs->square.units[i].id);
		l10n_finish(&rs->square.units[i].name);
		free(rs->square.units[i].rule);
	}
	free(rs->square.units);
	free(rs->square.limited_unit);
	free(rs->square.entrench_unit);
	for (size_t i = 0; i < rs->square.step_count; i++) {
		free_named(&(rs_named){ rs->square.steps[i].id, rs->square.steps[i].name });
		free(rs->square.steps[i].rule);
	}
	free(rs->square.steps);
	free_places(rs->square.ports, rs->square.port_count);
	free_places(rs->square.capitals, rs->square.capital_count);
	free_places(rs->square.generals, rs->square.general_count);
}

void ruleset_destroy(ruleset *rs)
{
	if (!rs)
		return;
	free_square(rs);
	free(rs->id);
	free(rs->extends);
	free(rs->rule_prefix);
	l10n_finish(&rs->name);
	for (size_t i = 0; i < rs->side_count; i++)
		free_named(&rs->sides[i]);
	free(rs->sides);
	for (size_t i = 0; i < rs->section_count; i++)
		free_section(&rs->sections[i]);
	free(rs->sections);
	for (size_t i = 0; i < rs->face_count; i++)
		free_face(&rs->faces[i]);
	free(rs->faces);
	for (size_t i = 0; i < rs->attribute_count; i++)
		free_attribute(&rs->attributes[i]);
	free(rs->attributes);
	for (size_t i = 0; i < rs->unit_type_count; i++)
		free_unit_type(&rs->unit_types[i]);
	free(rs->unit_types);
	l10n_finish(&rs->general.name);
	free(rs->general.hit_by);
	free_words(rs->general.attackable_by, rs->general.attackable_by_count);
	for (size_t i = 0; i < rs->terrain_count; i++)
		free_terrain(&rs->terrains[i]);
	free(rs->terrains);
	l10n_finish(&rs->fieldworks.name);
	for (size_t i = 0; i < ARRAY_LEN(SECTIONS); i++)
		free(*section_slot(rs, &SECTIONS[i]));
	free_words(rs->retreat.general_reduction_types, rs->retreat.general_reduction_type_count);
	for (size_t i = 0; i < rs->retreat.threshold_count; i++) {
		free(rs->retreat.thresholds[i].quality);
		free(rs->retreat.thresholds[i].unit_type);
	}
	free(rs->retreat.thresholds);
	for (size_t i = 0; i < rs->deck.card_count; i++)
		free_card(&rs->deck.cards[i]);
	free(rs->deck.cards);
	free(rs);
}

/* ---- applying elements ---- */

static void remove_at(void *items, size_t *count, size_t size, size_t index)
{
	char *base = items;
	memmove(base + index * size, base + (index + 1) * size, (*count - index - 1) * size);
	(*count)--;
}

static bool wants_removal(loader *ld, const xmlNode *n)
{
	bool absent = false;
	read_bool(ld, n, "absent", &absent);
	return absent;
}

/* absent="true" on an entry: the inherited entry with that id leaves its
 * list, its memory going through release.  True when the element asked
 * for that (and nothing else of it is to be read). */
static bool removed_entry(loader *ld, const xmlNode *n, void *items, size_t *count, size_t size,
	const char *id, void (*release)(void *entry))
{
	if (!wants_removal(ld, n))
		return false;
	char *base = items;
	for (size_t i = 0; i < *count; i++)
		if (str_eq(*(char **)(void *)(base + i * size), id)) {
			release(base + i * size);
			remove_at(items, count, size, i);
			break;
		}
	return true;
}

static void release_unit_type(void *entry)
{
	free_unit_type(entry);
}

static void release_terrain(void *entry)
{
	free_terrain(entry);
}

static void release_card(void *entry)
{
	free_card(entry);
}

static const char *require_id(loader *ld, const xmlNode *n)
{
	const char *id = xmldoc_attr(n, "id");
	if (!id || !*id)
		fail(ld, n, NULL, "<%s> needs an id", (const char *)n->name);
	return id && *id ? id : NULL;
}

/* The entry the element n names by its id in a list of structs whose
 * first member is the id: the inherited one, or a new zeroed one (then
 * *added, when added is not NULL).  NULL when n has no id (reported) or, for a list whose entries
 * may be removed (release given), when n asks for that (absent="true"). */
static void *entry_for(loader *ld, const xmlNode *n, void **items, size_t *count, size_t size,
	void (*release)(void *entry), bool *added)
{
	const char *id = require_id(ld, n);
	if (!id)
		return NULL;
	if (release && removed_entry(ld, n, *items, count, size, id, release))
		return NULL;
	return find_or_add(items, count, size, id, added);
}

static void apply_side(loader *ld, ruleset *rs, const xmlNode *n)
{
	rs_named *s = entry_for(ld, n, (void **)&rs->sides, &rs->side_count, sizeof *s, NULL, NULL);
	if (s)
		read_texts(ld, n, "name", &s->name);
}

static void apply_section(loader *ld, ruleset *rs, const xmlNode *n)
{
	rs_section *s = entry_for(ld, n, (void **)&rs->sections, &rs->section_count, sizeof *s, NULL, NULL);
	if (!s)
		return;
	read_str(n, "also", &s->also);
	read_texts(ld, n, "name", &s->name);
}

static void apply_face(loader *ld, ruleset *rs, const xmlNode *n)
{
	bool added;
	rs_face *f = entry_for(ld, n, (void **)&rs->faces, &rs->face_count, sizeof *f, NULL, &added);
	if (!f)
		return;
	if (added)
		f->count = 1;
	read_int(ld, n, "count", &f->count);
	read_bool(ld, n, "hits-any", &f->hits_any);
	read_bool(ld, n, "retreat", &f->retreat);
	read_texts(ld, n, "name", &f->name);
}

static void apply_attribute(loader *ld, ruleset *rs, const xmlNode *n)
{
	rs_attribute *a = entry_for(ld, n, (void **)&rs->attributes, &rs->attribute_count, sizeof *a, NULL, NULL);
	if (!a)
		return;
	read_texts(ld, n, "name", &a->name);
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (!xmldoc_is(c, RULESET_NS, "value"))
			continue;
		rs_named *v = entry_for(ld, c, (void **)&a->values, &a->value_count, sizeof *v, NULL, NULL);
		if (v)
			read_texts(ld, c, "name", &v->name);
		ruleset_marks_read(ld->doc, ld->sink, &ld->failed, a, c);
	}
}

static void parse_dice(loader *ld, const xmlNode *n, rs_dice *d)
{
	xmlChar *content = xmlNodeGetContent(n);
	char **words = NULL;
	size_t count = 0;
	split_words((const char *)content, &words, &count);
	xmlFree(content);
	if (count == 0 || count > RULESET_MAX_RANGE)
		fail(ld, n, NULL, "<dice> must list 1 to 12 numbers, one per hex of distance");
	for (size_t i = 0; i < count && i < RULESET_MAX_RANGE; i++) {
		long v;
		if (!parse_int(words[i], 0, 20, &v))
			fail(ld, n, NULL, "<dice> holds '%s', which is not a number of dice", words[i]);
		else
			d->by_distance[i] = (int)v;
	}
	d->count = (int)(count < RULESET_MAX_RANGE ? count : RULESET_MAX_RANGE);
	free_words(words, count);
}

static void apply_unit_type(loader *ld, ruleset *rs, const xmlNode *n)
{
	rs_unit_type *u = entry_for(ld, n, (void **)&rs->unit_types, &rs->unit_type_count, sizeof *u,
		release_unit_type, NULL);
	if (!u)
		return;
	read_texts(ld, n, "name", &u->name);
	read_int(ld, n, "figures", &u->figures);
	read_str(n, "hit-by", &u->hit_by);
	read_int(ld, n, "general-dice", &u->general_dice);
	read_int(ld, n, "hill-dice", &u->hill_dice);
	read_bool(ld, n, "ground-gain", &u->ground_gain);
	if (xmldoc_attr(n, "ground-gain-battle")) {
		free_when(&u->ground_gain_battle);
		memset(&u->ground_gain_battle, 0, sizeof u->ground_gain_battle);
		read_when_attr(ld, n, "ground-gain-battle", &u->ground_gain_battle);
	}

	free_unit_lists(u, has_child(n, "allow"), has_child(n, "move"), has_child(n, "dice"));
	size_t allow_cap = 0, move_cap = 0, dice_cap = 0;
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (xmldoc_is(c, RULESET_NS, "allow")) {
			grow_array((void **)&u->allows, &allow_cap, u->allow_count + 1, sizeof *u->allows);
			rs_allow *a = &u->allows[u->allow_count++];
			memset(a, 0, sizeof *a);
			read_str(c, "attribute", &a->attribute);
			read_words(c, "values", &a->values, &a->value_count);
			read_str(c, "default", &a->default_value);
			if (!a->attribute || !a->value_count)
				fail(ld, c, NULL, "<allow> needs attribute and values");
		} else if (xmldoc_is(c, RULESET_NS, "move")) {
			grow_array((void **)&u->moves, &move_cap, u->move_count + 1, sizeof *u->moves);
			rs_move *m = &u->moves[u->move_count++];
			memset(m, 0, sizeof *m);
			read_when(ld, c, &m->when);
			read_int(ld, c, "hexes", &m->hexes);
			read_bool(ld, c, "battle", &m->battle);
			read_str(c, "then", &m->then);
		} else if (xmldoc_is(c, RULESET_NS, "dice")) {
			grow_array((void **)&u->dice, &dice_cap, u->dice_count + 1, sizeof *u->dice);
			rs_dice *d = &u->dice[u->dice_count++];
			memset(d, 0, sizeof *d);
			read_when(ld, c, &d->when);
			parse_dice(ld, c, d);
		}
	}
}

static void apply_general(loader *ld, ruleset *rs, const xmlNode *n)
{
	rs_general *g = &rs->general;
	read_texts(ld, n, "name", &g->name);
	read_int(ld, n, "figures", &g->figures);
	read_int(ld, n, "move", &g->move);
	read_str(n, "hit-by", &g->hit_by);
	read_int(ld, n, "flags-ignored", &g->flags_ignored);
	read_bool(ld, n, "passes-friendly-units", &g->passes_friendly_units);
	read_bool(ld, n, "passes-friendly-generals", &g->passes_friendly_generals);
	const char *follows = xmldoc_attr(n, "follows-unit");
	if (follows) {
		if (strcmp(follows, "must") == 0)
			g->must_follow_unit = true;
		else if (strcmp(follows, "may") == 0)
			g->must_follow_unit = false;
		else
			fail(ld, n, "follows-unit", "follows-unit must be may or must, not '%s'", follows);
	}
	read_words(n, "attackable-by", &g->attackable_by, &g->attackable_by_count);
}

/* "#RRGGBB", or a message naming the attribute. */
static void read_colour(loader *ld, const xmlNode *n, const char *name, rs_colour *out)
{
	const char *v = xmldoc_attr(n, name);
	if (!v)
		return;
	unsigned value = 0;
	bool ok = v[0] == '#' && strlen(v) == 7;
	for (size_t i = 1; ok && i < 7; i++) {
		int c = v[i];
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
			: c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		ok = d >= 0;
		value = value * 16 + (unsigned)(d < 0 ? 0 : d);
	}
	if (!ok) {
		fail(ld, n, name, "%s must be a colour written #RRGGBB, not '%s'", name, v);
		return;
	}
	*out = (rs_colour){ (unsigned char)(value >> 16), (unsigned char)(value >> 8), (unsigned char)value };
}

/* <look fill="#CCE3B8" pattern="trees" label="#1A1A1A"/>: each attribute
 * stated replaces the inherited one; label="none" stops writing the name. */
static void apply_look(loader *ld, rs_look *look, const xmlNode *n)
{
	read_colour(ld, n, "fill", &look->fill);
	const char *pattern = xmldoc_attr(n, "pattern");
	if (pattern) {
		size_t k = 0;
		while (k < RS_PATTERN_COUNT && strcmp(pattern, ruleset_pattern_names[k]) != 0)
			k++;
		if (k < RS_PATTERN_COUNT)
			look->pattern = (rs_pattern)k;
		else
			fail(ld, n, "pattern", "pattern must be one of none, trees, orchard, hill, buildings, field, "
				"rough, fence, stream, river, bridge, mountains, waves, not '%s'", pattern);
	}
	const char *label = xmldoc_attr(n, "label");
	if (label && strcmp(label, "none") == 0) {
		look->named = false;
	} else if (label) {
		look->named = true;
		read_colour(ld, n, "label", &look->label);
	}
}

static void apply_terrain(loader *ld, ruleset *rs, const xmlNode *n)
{
	bool added;
	rs_terrain *t = entry_for(ld, n, (void **)&rs->terrains, &rs->terrain_count, sizeof *t, release_terrain, &added);
	if (!t)
		return;
	if (added) {
		t->passable = true;
		/* A new type that says how it looks writes its name only
		 * when asked to (label). */
		t->look = ruleset_default_look;
		t->look.named = !has_child(n, "look");
	}
	read_texts(ld, n, "name", &t->name);
	read_bool(ld, n, "passable", &t->passable);
	read_bool(ld, n, "stop", &t->stop);
	read_bool(ld, n, "no-battle-on-entry", &t->no_battle_on_entry);
	read_int(ld, n, "target-dice", &t->target_dice);
	read_int(ld, n, "occupant-dice", &t->occupant_dice);
	read_bool(ld, n, "blocks-los", &t->blocks_los);
	read_bool(ld, n, "sight-over-adjacent-friends", &t->sight_over_adjacent_friends);
	read_bool(ld, n, "water", &t->water);
	read_bool(ld, n, "crosses-water", &t->crosses_water);
	read_bool(ld, n, "fence-exception", &t->fence_exception);
	read_bool(ld, n, "elevated", &t->elevated);
	for (const xmlNode *c = n->children; c; c = c->next)
		if (xmldoc_is(c, RULESET_NS, "look"))
			apply_look(ld, &t->look, c);
}

static const char *const CARD_EFFECTS[] = {
	"copy-last", "dig", "sharpshooter", "rally", "reinforce", "fall-back", NULL
};

static bool str_in(const char *s, const char *const *list)
{
	for (size_t i = 0; list[i]; i++)
		if (strcmp(s, list[i]) == 0)
			return true;
	return false;
}

/* One of a fixed set of words, or a message naming them. */
static void read_choice(loader *ld, const xmlNode *n, const char *name, const char *const *allowed,
	const char *allowed_text, char **out)
{
	const char *v = xmldoc_attr(n, name);
	if (!v)
		return;
	if (!str_in(v, allowed)) {
		fail(ld, n, name, "%s must be %s, not '%s'", name, allowed_text, v);
		return;
	}
	free(*out);
	*out = xstrdup(v);
}

/* §8.1: the numbers of the special cards' reading.  A <face> list in an
 * override replaces the inherited list whole. */
static void apply_card_special(loader *ld, rs_card *c, const xmlNode *n)
{
	const char *dice = xmldoc_attr(n, "dice");
	if (dice) {
		long v;
		if (strcmp(dice, "hand") == 0) {
			c->dice_from_hand = true;
			c->dice = 0;
		} else if (parse_int(dice, 0, 20, &v)) {
			c->dice_from_hand = false;
			c->dice = (int)v;
		} else {
			fail(ld, n, "dice", "dice must be a number of dice from 0 to 20 or hand, not '%s'", dice);
		}
	}
	read_int(ld, n, "per-face", &c->per_face);
	read_bool(ld, n, "move-first", &c->move_first);
	read_bool(ld, n, "hits-attached", &c->hits_attached);
	if (xmldoc_attr(n, "hit-faces")) {
		free_words(c->hit_faces, c->hit_face_count);
		c->hit_faces = NULL;
		c->hit_face_count = 0;
		read_words(n, "hit-faces", &c->hit_faces, &c->hit_face_count);
	}
	read_int(ld, n, "victory", &c->victory);
	read_bool(ld, n, "above-full", &c->above_full);
	read_bool(ld, n, "revive", &c->revive);
	read_bool(ld, n, "arrivals-act", &c->arrivals_act);
	static const char *const fallbacks[] = { "home-row", "none", NULL };
	read_choice(ld, n, "entry-fallback", fallbacks, "home-row or none", &c->entry_fallback);
	static const char *const targets[] = { "enemy", "friendly", NULL };
	read_choice(ld, n, "target", targets, "enemy or friendly", &c->target);
	static const char *const untils[] = { "home-row", NULL };
	read_choice(ld, n, "until", untils, "home-row", &c->until);
	read_int(ld, n, "blocked-losses", &c->blocked_losses);
	read_bool(ld, n, "leaves-board", &c->leaves_board);
	read_bool(ld, n, "general-follows", &c->general_follows);
	if (c->per_face < 0 || c->victory < 0 || c->blocked_losses < 0)
		fail(ld, n, NULL, "card '%s': per-face, victory and blocked-losses cannot be negative", c->id);

	if (!has_child(n, "face"))
		return;
	for (size_t i = 0; i < c->face_count; i++) {
		free(c->faces[i].face);
		free(c->faces[i].unit_type);
	}
	free(c->faces);
	c->faces = NULL;
	c->face_count = 0;
	size_t cap = 0;
	for (const xmlNode *f = n->children; f; f = f->next) {
		if (!xmldoc_is(f, RULESET_NS, "face"))
			continue;
		const char *face = xmldoc_attr(f, "id"), *unit = xmldoc_attr(f, "unit");
		if (!face || !unit) {
			fail(ld, f, NULL, "a card's <face> needs id (a die face) and unit (a unit type or any)");
			continue;
		}
		grow_array((void **)&c->faces, &cap, c->face_count + 1, sizeof *c->faces);
		c->faces[c->face_count].face = xstrdup(face);
		c->faces[c->face_count].unit_type = xstrdup(unit);
		c->face_count++;
	}
}

/* §8 <dig unit="infantry" units="2"/>: the unit types a dig card orders.
 * A list in an override replaces the inherited one whole. */
static void apply_card_digs(loader *ld, rs_card *c, const xmlNode *n)
{
	if (!has_child(n, "dig"))
		return;
	for (size_t i = 0; i < c->dig_count; i++)
		free(c->digs[i].unit_type);
	free(c->digs);
	c->digs = NULL;
	c->dig_count = 0;
	size_t cap = 0;
	for (const xmlNode *d = n->children; d; d = d->next) {
		if (!xmldoc_is(d, RULESET_NS, "dig"))
			continue;
		const char *unit = xmldoc_attr(d, "unit");
		int units = 0;
		read_int(ld, d, "units", &units);
		if (!unit || units < 1) {
			fail(ld, d, NULL, "a card's <dig> needs unit (a unit type) and units (1 or more)");
			continue;
		}
		grow_array((void **)&c->digs, &cap, c->dig_count + 1, sizeof *c->digs);
		c->digs[c->dig_count++] = (rs_dig){ xstrdup(unit), units };
	}
}

static void apply_card(loader *ld, ruleset *rs, const xmlNode *n)
{
	bool added;
	rs_card *c = entry_for(ld, n, (void **)&rs->deck.cards, &rs->deck.card_count, sizeof *c, release_card, &added);
	if (!c)
		return;
	if (added)
		c->ground_gain = true;
	read_str(n, "effect", &c->effect);
	read_str(n, "emblem", &c->emblem);
	read_str(n, "rule", &c->rule);
	read_bool(ld, n, "ground-gain", &c->ground_gain);
	read_texts(ld, n, "name", &c->name);
	read_texts(ld, n, "text", &c->text);
	read_str(n, "order", &c->order);
	read_str(n, "units", &c->units);
	read_str(n, "types", &c->types);
	/* The sections are known by now: a file lists them before its deck,
	 * and a parent's are applied before its child's cards. */
	for (size_t i = 0; i < rs->section_count && i < RULESET_MAX_SECTIONS; i++)
		read_int(ld, n, rs->sections[i].id, &c->section_copies[i]);
	read_int(ld, n, "any", &c->any);
	if (c->effect && !str_in(c->effect, CARD_EFFECTS))
		fail(ld, n, "effect", "effect must be copy-last, dig, sharpshooter, rally, reinforce or fall-back, not '%s'",
			c->effect);
	apply_card_special(ld, c, n);
	apply_card_digs(ld, c, n);
}

static void apply_retreat(loader *ld, ruleset *rs, const xmlNode *n)
{
	read_int(ld, n, "hexes-per-flag", &rs->retreat.hexes_per_flag);
	read_int(ld, n, "general-reduction", &rs->retreat.general_reduction);
	read_bool(ld, n, "flags-pass-to-general", &rs->retreat.flags_pass_to_general);
	read_bool(ld, n, "blocked-kills-general", &rs->retreat.blocked_kills_general);
	read_words(n, "general-reduction-types", &rs->retreat.general_reduction_types,
		&rs->retreat.general_reduction_type_count);
	if (!has_child(n, "threshold"))
		return;
	for (size_t i = 0; i < rs->retreat.threshold_count; i++) {
		free(rs->retreat.thresholds[i].quality);
		free(rs->retreat.thresholds[i].unit_type);
	}
	rs->retreat.threshold_count = 0;
	size_t cap = 0;
	free(rs->retreat.thresholds);
	rs->retreat.thresholds = NULL;
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (!xmldoc_is(c, RULESET_NS, "threshold"))
			continue;
		grow_array((void **)&rs->retreat.thresholds, &cap, rs->retreat.threshold_count + 1,
			sizeof *rs->retreat.thresholds);
		rs_threshold *t = &rs->retreat.thresholds[rs->retreat.threshold_count++];
		memset(t, 0, sizeof *t);
		read_str(c, "quality", &t->quality);
		read_str(c, "unit", &t->unit_type);
		read_int(ld, c, "figures", &t->figures);
	}
}

/* ---- §11, square-grid rulesets ---- */

static void apply_square_unit(loader *ld, ruleset *rs, const xmlNode *n)
{
	bool added;
	rs_square_unit *u = entry_for(ld, n, (void **)&rs->square.units, &rs->square.unit_count, sizeof *u, NULL,
		&added);
	if (!u)
		return;
	if (added) {
		u->cost = -1;
		u->hits = 1;
		u->range = 1;
	}
	read_texts(ld, n, "name", &u->name);
	read_bool(ld, n, "naval", &u->naval);
	read_bool(ld, n, "leader", &u->leader);
	read_int(ld, n, "cost", &u->cost);
	read_int(ld, n, "move", &u->move);
	read_int(ld, n, "attack", &u->attack);
	read_int(ld, n, "defend", &u->defend);
	read_int(ld, n, "hits", &u->hits);
	read_int(ld, n, "carries", &u->carries);
	read_bool(ld, n, "diagonal", &u->diagonal);
	if (u->leader && xmldoc_attr(n, "range"))
		/* A general has no attack factor, so no range of fire; the reach
		 * of his bonus is <square-combat general-range>. */
		fail(ld, n, "range",
			"a general has no range of fire (he never fires): the reach of his bonus is general-range on <square-combat>");
	else
		read_int(ld, n, "range", &u->range);
	if (u->leader)
		u->range = 0;
	read_int(ld, n, "covers-retreats", &u->covers_retreats);
	read_int(ld, n, "cover-range", &u->cover_range);
	read_bool(ld, n, "fires-first", &u->fires_first);
	read_bool(ld, n, "coastal-fire", &u->coastal_fire);
	read_str(n, "rule", &u->rule);
}

/* players="2 4" -> bits 2 and 4. */
static void read_players(loader *ld, const xmlNode *n, unsigned *out)
{
	const char *v = xmldoc_attr(n, "players");
	if (!v)
		return;
	char **words = NULL;
	size_t count = str_split_words(v, &words, 0);
	*out = 0;
	for (size_t i = 0; i < count; i++) {
		long x;
		if (!parse_int(words[i], 1, 16, &x))
			fail(ld, n, "players", "players holds '%s', which is not a number of players from 1 to 16", words[i]);
		else
			*out |= 1u << x;
	}
	free_words(words, count);
}

static void apply_places(loader *ld, const xmlNode *parent, const char *element,
	rs_square_place **items, size_t *count, unsigned *all_players)
{
	for (const xmlNode *c = parent->children; c; c = c->next) {
		if (!xmldoc_is(c, RULESET_NS, element))
			continue;
		bool added;
		rs_square_place *p = entry_for(ld, c, (void **)items, count, sizeof **items, release_place, &added);
		if (!p)
			continue;
		read_texts(ld, c, "name", &p->name);
		read_str(c, "side", &p->side);
		read_str(c, "coast", &p->coast);
		read_players(ld, c, &p->players);
		if (all_players)
			*all_players |= p->players;
	}
}

static void apply_sequence(loader *ld, ruleset *rs, const xmlNode *n)
{
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (!xmldoc_is(c, RULESET_NS, "step"))
			continue;
		rs_square_step *s = entry_for(ld, c, (void **)&rs->square.steps, &rs->square.step_count, sizeof *s,
			NULL, NULL);
		if (!s)
			continue;
		read_texts(ld, c, "text", &s->name);
		read_int(ld, c, "per-city", &rs->square.placements_per_city);
		read_int(ld, c, "dice", &s->dice);
		read_str(c, "rule", &s->rule);
	}
}

/* §11.1: <square-players> lists, for each player count, the seats in the
 * order they play.  A <seats> element replaces the inherited order of its
 * player count whole. */
static void apply_seats(loader *ld, ruleset *rs, const xmlNode *n)
{
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (!xmldoc_is(c, RULESET_NS, "seats"))
			continue;
		const char *pv = xmldoc_attr(c, "players");
		long players;
		if (!pv || !parse_int(pv, 1, RS_SQUARE_MAX_PLAYERS, &players)) {
			fail(ld, c, "players", "<seats> needs players=\"N\", a number of players from 1 to %d",
				RS_SQUARE_MAX_PLAYERS);
			continue;
		}
		rs_seat_order order = { 0 };
		bool taken[2][3] = { { false } };
		for (const xmlNode *s = c->children; s; s = s->next) {
			if (!xmldoc_is(s, RULESET_NS, "seat"))
				continue;
			if (order.count == (size_t)players) {
				fail(ld, s, NULL, "a %ld-player game has %ld seats; this <seat> is one too many", players, players);
				break;
			}
			const char *side = xmldoc_attr(s, "side");
			const char *pl = xmldoc_attr(s, "player");
			long number;
			if (!side || (strcmp(side, "first") != 0 && strcmp(side, "second") != 0)) {
				fail(ld, s, "side", "a <seat> needs side=\"first\" or side=\"second\"");
				continue;
			}
			if (!pl || !parse_int(pl, 1, 2, &number)) {
				fail(ld, s, "player", "a <seat> needs player=\"1\" or player=\"2\": each side has at most two players");
				continue;
			}
			rs_seat seat = { strcmp(side, "second") == 0, (int)number };
			if (taken[seat.second_side][seat.player]) {
				fail(ld, s, NULL, "the %s side's player %d has two seats; each player plays once a round",
					side, seat.player);
				continue;
			}
			taken[seat.second_side][seat.player] = true;
			order.seats[order.count++] = seat;
		}
		/* Both sides play with the same number of players, numbered from 1. */
		bool complete = players % 2 == 0 && order.count == (size_t)players;
		for (int side = 0; complete && side < 2; side++)
			for (long p = 1; p <= players / 2; p++)
				complete &= taken[side][p];
		if (!complete)
			fail(ld, c, NULL, "a %ld-player game needs one <seat> for each player of each side, once: %s",
				players, players == 2 ? "player 1 of the first side and player 1 of the second side" :
				players == 4 ? "players 1 and 2 of the first side and players 1 and 2 of the second side" :
				"both sides need the same number of players");
		rs->square_seats[players] = order;
	}
}

static const char *const VICTORY_LIMITS[] = { "cities", "none", NULL };

/* §11.1: how the square game is won. */
static void apply_square_victory(loader *ld, ruleset *rs, const xmlNode *n)
{
	rs->square_victory.given = true;
	read_int(ld, n, "hold-turns", &rs->square_victory.hold_turns);
	if (rs->square_victory.hold_turns < 0)
		fail(ld, n, "hold-turns", "hold-turns counts the enemy's turns a capital is held through: 0 or more");
	read_bool(ld, n, "wipe-out", &rs->square_victory.wipe_out);
	char *limit = NULL;
	read_choice(ld, n, "limit", VICTORY_LIMITS, "cities or none", &limit);
	if (limit)
		rs->square_victory.limit_by_cities = strcmp(limit, "cities") == 0;
	free(limit);
}

static void apply_root(loader *ld, ruleset *rs, const xmlNode *root)
{
	read_texts(ld, root, "name", &rs->name);
	read_str(root, "rule-prefix", &rs->rule_prefix);
	read_sections(rs, root, "ruleset");
	const char *grid = xmldoc_attr(root, "grid");
	if (grid && !grid_kind_parse(grid, &rs->grid))
		fail(ld, root, "grid", "grid must be hex or square, not '%s'", grid);
	for (const xmlNode *n = root->children; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (!xmldoc_is(n, RULESET_NS, (const char *)n->name)) {
			fail(ld, n, NULL, "element <%s> is not in the ruleset namespace", (const char *)n->name);
			continue;
		}
		const char *e = (const char *)n->name;
		/* Elements such as <sight> state nothing but their sections. */
		bool cites = read_sections(rs, n, e);
		if (strcmp(e, "name") == 0) {
			/* read above */
		} else if (strcmp(e, "board") == 0) {
			const char *sr = xmldoc_attr(n, "short-rows");
			if (sr)
				rs->board.short_rows = strcmp(sr, "none") != 0;
			read_int(ld, n, "columns", &rs->board.columns);
			read_int(ld, n, "rows", &rs->board.rows);
			read_int(ld, n, "west", &rs->board.west);
			read_int(ld, n, "east", &rs->board.east);
			read_int(ld, n, "min-columns", &rs->board.min_columns);
			read_int(ld, n, "max-columns", &rs->board.max_columns);
			read_int(ld, n, "min-rows", &rs->board.min_rows);
			read_int(ld, n, "max-rows", &rs->board.max_rows);
		} else if (strcmp(e, "side") == 0) {
			apply_side(ld, rs, n);
		} else if (strcmp(e, "section") == 0) {
			apply_section(ld, rs, n);
		} else if (strcmp(e, "die") == 0) {
			for (const xmlNode *c = n->children; c; c = c->next)
				if (xmldoc_is(c, RULESET_NS, "face"))
					apply_face(ld, rs, c);
		} else if (strcmp(e, "attribute") == 0) {
			apply_attribute(ld, rs, n);
		} else if (strcmp(e, "unit-type") == 0) {
			apply_unit_type(ld, rs, n);
		} else if (strcmp(e, "general") == 0) {
			apply_general(ld, rs, n);
		} else if (strcmp(e, "terrain") == 0) {
			apply_terrain(ld, rs, n);
		} else if (strcmp(e, "fieldworks") == 0) {
			read_texts(ld, n, "name", &rs->fieldworks.name);
			read_int(ld, n, "target-dice", &rs->fieldworks.target_dice);
			read_bool(ld, n, "replaces-terrain-dice", &rs->fieldworks.replaces_terrain_dice);
		} else if (strcmp(e, "stacking") == 0) {
			read_int(ld, n, "units-per-hex", &rs->stacking.units_per_hex);
			read_int(ld, n, "generals-per-hex", &rs->stacking.generals_per_hex);
			read_int(ld, n, "units-with-general", &rs->stacking.units_with_general);
			read_bool(ld, n, "brigades", &rs->stacking.brigades);
		} else if (strcmp(e, "brigades") == 0) {
			read_int(ld, n, "max-units", &rs->brigades.max_units);
			read_int(ld, n, "zone-radius", &rs->brigades.zone_radius);
		} else if (strcmp(e, "retreat") == 0) {
			apply_retreat(ld, rs, n);
		} else if (strcmp(e, "battle") == 0) {
			read_bool(ld, n, "adjacent-enemy-binds", &rs->battle.adjacent_enemy_binds);
			read_int(ld, n, "kill-symbols", &rs->battle.kill_symbols);
			const char *proc = xmldoc_attr(n, "procedure");
			if (proc) {
				if (strcmp(proc, "saves") == 0)
					rs->battle.saving_rolls = true;
				else if (strcmp(proc, "hits") == 0)
					rs->battle.saving_rolls = false;
				else
					fail(ld, n, "procedure", "procedure must be hits or saves, not '%s'", proc);
			}
		} else if (strcmp(e, "deck") == 0) {
			const char *dc = xmldoc_attr(n, "discard");
			if (dc && strcmp(dc, "by-choice") == 0)
				rs->deck.discard_by_choice = true;
			else if (dc && strcmp(dc, "when-unusable") == 0)
				rs->deck.discard_by_choice = false;
			else if (dc)
				fail(ld, n, "discard", "attribute 'discard' must be by-choice or when-unusable, not '%s'", dc);
			for (const xmlNode *c = n->children; c; c = c->next)
				if (xmldoc_is(c, RULESET_NS, "card"))
					apply_card(ld, rs, c);
		} else if (strcmp(e, "turn") == 0) {
			const char *fp = xmldoc_attr(n, "first-player");
			if (fp)
				rs->turn.first_player_required = strcmp(fp, "required") == 0;
		} else if (strcmp(e, "victory") == 0) {
			read_int(ld, n, "default-target", &rs->victory.default_target);
			read_bool(ld, n, "target-required", &rs->victory.target_required);
		} else if (strcmp(e, "square-unit") == 0) {
			apply_square_unit(ld, rs, n);
		} else if (strcmp(e, "purchase") == 0) {
			read_int(ld, n, "points", &rs->square.purchase_points);
			read_str(n, "limited-unit", &rs->square.limited_unit);
			read_int(ld, n, "limit", &rs->square.purchase_limit);
			read_bool(ld, n, "save-limit", &rs->square.save_limit);
		} else if (strcmp(e, "square-combat") == 0) {
			read_int(ld, n, "die-faces", &rs->square.die_faces);
			read_int(ld, n, "general-range", &rs->square.general_range);
			read_int(ld, n, "answer-range", &rs->square.answer_range);
			read_int(ld, n, "general-bonus", &rs->square.general_bonus);
			read_str(n, "entrench-unit", &rs->square.entrench_unit);
			read_int(ld, n, "entrench-bonus", &rs->square.entrench_bonus);
			read_int(ld, n, "entrench-general-bonus", &rs->square.entrench_general_bonus);
		} else if (strcmp(e, "sequence") == 0) {
			apply_sequence(ld, rs, n);
		} else if (strcmp(e, "square-play") == 0) {
			read_int(ld, n, "stacking", &rs->square.play.stacking);
			read_bool(ld, n, "generals-free", &rs->square.play.generals_free);
			read_int(ld, n, "zone-steps", &rs->square.play.zone_steps);
			read_int(ld, n, "port-steps", &rs->square.play.port_steps);
			read_bool(ld, n, "embark-uses-move", &rs->square.play.embark_uses_move);
			read_int(ld, n, "retreat-squares", &rs->square.play.retreat_squares);
			read_int(ld, n, "withdraw-squares", &rs->square.play.withdraw_squares);
			read_bool(ld, n, "carry-points", &rs->square.play.carry_points);
			read_bool(ld, n, "capture-on-entry", &rs->square.play.capture_on_entry);
		} else if (strcmp(e, "naval") == 0) {
			read_int(ld, n, "sea-zones", &rs->square.sea_zones);
			read_int(ld, n, "combat-rounds", &rs->square.naval_rounds);
			apply_places(ld, n, "port", &rs->square.ports, &rs->square.port_count, NULL);
		} else if (strcmp(e, "capitals") == 0) {
			read_int(ld, n, "income-loss-per-city", &rs->square.capital_income_loss);
			read_bool(ld, n, "general-bonus-lost", &rs->square.capital_bonus_lost);
			apply_places(ld, n, "capital", &rs->square.capitals, &rs->square.capital_count, NULL);
		} else if (strcmp(e, "generals") == 0) {
			apply_places(ld, n, "general-name", &rs->square.generals, &rs->square.general_count,
				&rs->square.player_counts);
		} else if (strcmp(e, "square-players") == 0) {
			apply_seats(ld, rs, n);
		} else if (strcmp(e, "square-victory") == 0) {
			apply_square_victory(ld, rs, n);
		} else if (!cites) {
			fail(ld, n, NULL, "unknown element <%s> in a ruleset", e);
		}
	}
}

static bool id_is_safe(const char *id)
{
	if (!id || !*id || strlen(id) > 64)
		return false;
	for (const char *p = id; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-'))
			return false;
	return true;
}

/* Check what the rest of the program relies on, so that a broken data file
 * is reported here and not as a crash later. */
static bool has_face(const ruleset *rs, const char *id)
{
	for (size_t i = 0; i < rs->face_count; i++)
		if (str_eq(rs->faces[i].id, id))
			return true;
	return false;
}

/* The special cards name die faces and unit types: once the whole chain is
 * applied, each must exist, so that a club's change cannot leave a card
 * that no referee can play. */
static void check_cards(const ruleset *rs, const char *f, diag_sink *sink)
{
	for (size_t i = 0; i < rs->deck.card_count; i++) {
		const rs_card *c = &rs->deck.cards[i];
		for (size_t k = 0; k < c->face_count; k++) {
			if (!has_face(rs, c->faces[k].face))
				diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
					"card '%s' of ruleset '%s' names die face '%s', which the <die> lacks",
					c->id, rs->id, c->faces[k].face);
			if (!str_eq(c->faces[k].unit_type, "any") && !ruleset_find_unit_type(rs, c->faces[k].unit_type))
				diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
					"card '%s' of ruleset '%s' names unit type '%s', which is not a <unit-type> (or any)",
					c->id, rs->id, c->faces[k].unit_type);
		}
		for (size_t k = 0; k < c->hit_face_count; k++)
			if (!has_face(rs, c->hit_faces[k]))
				diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
					"card '%s' of ruleset '%s' names hit face '%s', which the <die> lacks",
					c->id, rs->id, c->hit_faces[k]);
		if ((str_eq(c->effect, "rally") || str_eq(c->effect, "reinforce")) &&
			(!c->face_count || c->per_face < 1 || (!c->dice_from_hand && c->dice < 1)))
			diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
				"card '%s' of ruleset '%s' (effect %s) needs dice, per-face and at least one <face>",
				c->id, rs->id, c->effect);
		if (str_eq(c->effect, "sharpshooter") && (!c->types || !c->hit_face_count))
			diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
				"card '%s' of ruleset '%s' (effect sharpshooter) needs types and hit-faces", c->id, rs->id);
		for (size_t k = 0; k < c->dig_count; k++)
			if (!ruleset_find_unit_type(rs, c->digs[k].unit_type))
				diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
					"card '%s' of ruleset '%s' digs with unit type '%s', which is not a <unit-type>",
					c->id, rs->id, c->digs[k].unit_type);
		if (str_eq(c->effect, "dig") && !c->dig_count)
			diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
				"card '%s' of ruleset '%s' (effect dig) needs at least one <dig unit units>", c->id, rs->id);
		if (c->effect && !c->rule)
			diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
				"card '%s' of ruleset '%s' (effect %s) needs a rule: the section its refusals cite", c->id,
				rs->id, c->effect);
		if (str_eq(c->effect, "fall-back") && (!c->target || !c->until))
			diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
				"card '%s' of ruleset '%s' (effect fall-back) needs target and until", c->id, rs->id);
	}
}

/* The parts a ruleset cannot do without, listed by what is missing. */
typedef struct need_list {
	const char **missing;
	size_t count, cap;
} need_list;

static void need(need_list *l, bool present, const char *what)
{
	if (present)
		return;
	grow_array((void **)&l->missing, &l->cap, l->count + 1, sizeof *l->missing);
	l->missing[l->count++] = what;
}

static void needs_common(const ruleset *rs, need_list *l)
{
	need(l, rs->rule_prefix, "rule-prefix");
	for (size_t i = 0; i < ARRAY_LEN(SECTIONS); i++)
		if (SECTIONS[i].needed[rs->grid])
			need(l, section_value(rs, &SECTIONS[i]), SECTIONS[i].what);
	need(l, rs->side_count == 2, "exactly two <side> entries");
	need(l, rs->terrain_count > 0, "a <terrain>");
	need(l, rs->board.max_columns >= rs->board.min_columns && rs->board.min_columns > 0, "<board> min/max columns");
	need(l, rs->board.max_rows >= rs->board.min_rows && rs->board.min_rows > 0, "<board> min/max rows");
	/* The grid cuts the board; the data names the pieces. */
	need(l, (int)rs->section_count == grid_ops_of(rs->grid)->section_count &&
		rs->section_count <= RULESET_MAX_SECTIONS, "one <section> for each section of the grid's board");
}

/* Hex rulesets: units, stacking, battle, the order-card deck (§2-§10). */
static void needs_hex(const ruleset *rs, need_list *l)
{
	need(l, rs->unit_type_count > 0, "a <unit-type>");
	need(l, rs->board.columns > 0 && rs->board.rows > 0, "<board> columns and rows");
	need(l, rs->stacking.units_per_hex > 0, "<stacking units-per-hex>");
	need(l, !rs->stacking.brigades || rs->brigades.max_units > 0, "<brigades max-units> when stacking allows brigades");
	need(l, !rs->battle.saving_rolls || rs->battle.kill_symbols > 0, "<battle kill-symbols> when procedure is saves");
	need(l, rs->general.move > 0, "<general move>");
}

/* What a square ruleset lacks when a game of n players has no seats. */
static const char *const SEATS_NEEDED[RS_SQUARE_MAX_PLAYERS + 1] = {
	NULL,
	"<square-players> <seats players=\"1\">",
	"<square-players> <seats players=\"2\">",
	"<square-players> <seats players=\"3\">",
	"<square-players> <seats players=\"4\">",
};

/* The sections of the square game's entries: each unit type and step
 * states its own (the rest are in SECTIONS). */
static void needs_square_rules(const ruleset *rs, need_list *l)
{
	bool all = true;
	for (size_t i = 0; i < rs->square.unit_count; i++)
		all &= rs->square.units[i].rule != NULL;
	need(l, all, "a rule on every <square-unit>");
	all = true;
	for (size_t i = 0; i < rs->square.step_count; i++)
		all &= rs->square.steps[i].rule != NULL;
	need(l, all, "a rule on every <sequence> <step>");
}

/* Square rulesets (§11): purchases, sea zones and the turn sequence
 * instead of cards; they have no order-card deck to check. */
static void needs_square(const ruleset *rs, need_list *l)
{
	needs_square_rules(rs, l);
	need(l, rs->square.unit_count > 0, "a <square-unit>");
	need(l, rs->square.purchase_points > 0, "<purchase points>");
	need(l, rs->square.sea_zones > 0, "<naval sea-zones>");
	need(l, rs->square.die_faces > 0, "<square-combat die-faces>");
	need(l, rs->square.answer_range > 0, "<square-combat answer-range>");
	need(l, rs->square.step_count > 0, "a <sequence> <step>");
	need(l, rs->square.player_counts != 0, "a <general-name> with players");
	need(l, rs->square_victory.given, "<square-victory>");
	need(l, !(rs->square.player_counts >> (RS_SQUARE_MAX_PLAYERS + 1)), "generals for games of at most 4 players");
	for (int n = 1; n <= RS_SQUARE_MAX_PLAYERS; n++)
		need(l, !(rs->square.player_counts & (1u << n)) || rs->square_seats[n].count == (size_t)n,
			SEATS_NEEDED[n]);
}

/* What a complete ruleset of each grid holds: the rules of the two grids
 * differ here, so each has its list. */
static const struct {
	void (*needs)(const ruleset *rs, need_list *l);
	bool has_deck;
} COMPLETE[GRID_KINDS] = {
	[GRID_HEX] = { needs_hex, true },
	[GRID_SQUARE] = { needs_square, false },
};

static void check_complete(ruleset *rs, const xml_document *doc, diag_sink *sink)
{
	const char *f = doc->file;
	need_list l = { 0 };
	needs_common(rs, &l);
	COMPLETE[rs->grid].needs(rs, &l);
	for (size_t i = 0; i < l.count; i++)
		diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE, "ruleset '%s' lacks %s", rs->id, l.missing[i]);
	free(l.missing);
	if (COMPLETE[rs->grid].has_deck)
		check_cards(rs, f, sink);
	for (size_t i = 0; i < rs->unit_type_count; i++) {
		const rs_unit_type *u = &rs->unit_types[i];
		if (u->figures < 1 || !u->dice_count || !u->move_count)
			diag_add(sink, f, 0, 0, DIAG_ERROR, RULESET_RULE,
				"unit type '%s' of ruleset '%s' needs figures, <move> and <dice>", u->id, rs->id);
	}
}

static ruleset *load_chain(const char *data_dir, const char *id, diag_sink *sink, int depth)
{
	if (!id_is_safe(id)) {
		diag_add(sink, id, 0, 0, DIAG_ERROR, RULESET_RULE, "'%s' is not a ruleset id", id);
		return NULL;
	}
	char *path = datadir_item(data_dir, DATADIR_RULESETS, id);
	if (depth > MAX_INHERITANCE) {
		/* Named by its file: the data folder is what needs repair. */
		diag_add(sink, path, 0, 0, DIAG_ERROR, RULESET_RULE,
			"ruleset '%s' extends itself through a loop of parents", id);
		free(path);
		return NULL;
	}
	xml_document *doc = NULL;
	ruleset *rs = NULL;
	if (access(path, F_OK) != 0) {
		diag_add(sink, path, 0, 0, DIAG_ERROR, RULESET_RULE, "unknown ruleset '%s': there is no %s", id, path);
		goto out;
	}
	if (xmldoc_load_file(path, NULL, sink, &doc) != XMLDOC_OK)
		goto out;
	xmlNodePtr root = xmlDocGetRootElement(doc->doc);
	if (!xmldoc_is(root, RULESET_NS, "ruleset")) {
		diag_add(sink, path, (int)xmlGetLineNo(root), 0, DIAG_ERROR, RULESET_RULE,
			"the root element must be <ruleset xmlns=\"%s\">", RULESET_NS);
		goto out;
	}
	const char *file_id = xmldoc_attr(root, "id");
	if (!str_eq(file_id, id)) {
		diag_add(sink, path, (int)xmlGetLineNo(root), 0, DIAG_ERROR, RULESET_RULE,
			"the file declares id '%s', expected '%s'", file_id ? file_id : "", id);
		goto out;
	}
	const char *parent = xmldoc_attr(root, "extends");
	if (parent) {
		/* A parent that is not there is this file's fault: say so here,
		 * at its extends attribute. */
		char *parent_path = id_is_safe(parent) ? datadir_item(data_dir, DATADIR_RULESETS, parent) : NULL;
		bool missing = !parent_path || access(parent_path, F_OK) != 0;
		if (missing) {
			int line, col;
			xmldoc_locate(doc, root, "extends", &line, &col);
			if (parent_path)
				diag_add(sink, path, line, col, DIAG_ERROR, RULESET_RULE,
					"ruleset '%s' extends '%s', but there is no %s", id, parent, parent_path);
			else
				diag_add(sink, path, line, col, DIAG_ERROR, RULESET_RULE,
					"ruleset '%s' extends '%s', which is not a ruleset id", id, parent);
		}
		free(parent_path);
		if (missing)
			goto out;
		rs = load_chain(data_dir, parent, sink, depth + 1);
		if (!rs)
			goto out;
		free(rs->id);
		rs->id = xstrdup(id);
		free(rs->extends);
		rs->extends = xstrdup(parent);
	} else {
		rs = xcalloc(1, sizeof *rs);
		rs->id = xstrdup(id);
	}
	loader ld = { .doc = doc, .sink = sink };
	apply_root(&ld, rs, root);
	if (ld.failed) {
		ruleset_destroy(rs);
		rs = NULL;
	}
	if (rs && depth == 0) {
		size_t before = sink->errors;
		check_complete(rs, doc, sink);
		if (sink->errors != before) {
			ruleset_destroy(rs);
			rs = NULL;
		}
	}
out:
	xmldoc_destroy(doc);
	free(path);
	return rs;
}

ruleset *ruleset_load(const char *data_dir, const char *id, diag_sink *sink)
{
	return load_chain(data_dir, id, sink, 0);
}

/* ---- registry ---- */

struct ruleset_registry {
	char *data_dir;
	ruleset **loaded;
	char **failed;       /* ids that failed to load: reported once */
	size_t loaded_count, loaded_cap, failed_count, failed_cap;
};

ruleset_registry *ruleset_registry_create(const char *data_dir)
{
	ruleset_registry *r = xcalloc(1, sizeof *r);
	r->data_dir = xstrdup(data_dir);
	return r;
}

void ruleset_registry_destroy(ruleset_registry *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->loaded_count; i++)
		ruleset_destroy(r->loaded[i]);
	free(r->loaded);
	free_words(r->failed, r->failed_count);
	free(r->data_dir);
	free(r);
}

bool ruleset_registry_has(ruleset_registry *r, const char *id)
{
	if (!id_is_safe(id))
		return false;
	/* One loaded already is there: no look at the folder for every
	 * scenario of a validation. */
	for (size_t i = 0; i < r->loaded_count; i++)
		if (str_eq(r->loaded[i]->id, id))
			return true;
	char *path = datadir_item(r->data_dir, DATADIR_RULESETS, id);
	/* Whether it is there, without opening it: a FIFO in its place
	 * would block an open; loading it says what is wrong. */
	bool there = access(path, R_OK) == 0;
	free(path);
	return there;
}

const ruleset *ruleset_registry_get(ruleset_registry *r, const char *id, diag_sink *sink)
{
	for (size_t i = 0; i < r->loaded_count; i++)
		if (str_eq(r->loaded[i]->id, id))
			return r->loaded[i];
	for (size_t i = 0; i < r->failed_count; i++) {
		if (str_eq(r->failed[i], id)) {
			/* Its own errors were reported with the first scenario that
			 * used it; say so again for this one. */
			diag_add(sink, id, 0, 0, DIAG_ERROR, RULESET_RULE,
				"ruleset '%s' could not be loaded (its errors are reported above)", id);
			return NULL;
		}
	}
	ruleset *rs = ruleset_load(r->data_dir, id, sink);
	if (!rs) {
		grow_array((void **)&r->failed, &r->failed_cap, r->failed_count + 1, sizeof(char *));
		r->failed[r->failed_count++] = xstrdup(id);
		return NULL;
	}
	grow_array((void **)&r->loaded, &r->loaded_cap, r->loaded_count + 1, sizeof(ruleset *));
	r->loaded[r->loaded_count++] = rs;
	return rs;
}

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char *ruleset_registry_known(ruleset_registry *r)
{
	char *dir_path = datadir_path(r->data_dir, DATADIR_RULESETS);
	DIR *dir = opendir(dir_path);
	free(dir_path);
	char **ids = NULL;
	size_t count = 0, cap = 0;
	if (dir) {
		struct dirent *e;
		while ((e = readdir(dir))) {
			size_t len = strlen(e->d_name);
			if (len > 4 && strcmp(e->d_name + len - 4, ".xml") == 0) {
				grow_array((void **)&ids, &cap, count + 1, sizeof(char *));
				ids[count++] = xstrndup(e->d_name, len - 4);
			}
		}
		closedir(dir);
	}
	qsort(ids, count, sizeof *ids, compare_strings);
	char *out = str_join((const char *const *)ids, count, ", ");
	free_words(ids, count);
	return out;
}
