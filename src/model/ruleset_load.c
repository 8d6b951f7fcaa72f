/* Reading a ruleset file and its parents into the model (ruleset.h):
 * the XML elements, inheritance entry by entry, and the checks that a
 * loaded ruleset holds what the rest of the program relies on. */
#include "ruleset.h"
#include "ruleset_load_cards.h"
#include "ruleset_load_square.h"
#include "ruleset_marks.h"
#include "ruleset_read.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/datadir.h"
#include "../base/util.h"
#include "../base/xmldoc.h"

#define MAX_INHERITANCE 8

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
		ruleset_read_str(n, SECTIONS[i].attr, section_slot(rs, &SECTIONS[i]));
	}
	return known;
}


/* A condition on a unit attribute, written attribute=value. */
static void read_when_attr(ruleset_reader *ld, const xmlNode *n, const char *name, rs_when *when)
{
	const char *v = xmldoc_attr(n, name);
	if (!v)
		return;
	const char *eq = strchr(v, '=');
	if (!eq || eq == v || !eq[1]) {
		ruleset_read_fail(ld, n, name, "condition '%s' must read attribute=value", v);
		return;
	}
	when->attribute = xstrndup(v, (size_t)(eq - v));
	when->value = xstrdup(eq + 1);
}

static void read_when(ruleset_reader *ld, const xmlNode *n, rs_when *when)
{
	read_when_attr(ld, n, "when", when);
}

static void free_when(rs_when *w)
{
	free(w->attribute);
	free(w->value);
}


/* ---- freeing ---- */

/* Each takes its entry as ruleset_read_entry and array_free hand it
 * over. */
static void free_named(void *entry)
{
	rs_named *n = entry;
	free(n->id);
	l10n_finish(&n->name);
}

static void free_section(void *entry)
{
	rs_section *s = entry;
	free(s->also);
	free_named(&(rs_named){ s->id, s->name });
}

static void free_unit_lists(rs_unit_type *u, bool allows, bool moves, bool dice)
{
	if (allows) {
		for (size_t i = 0; i < u->allow_count; i++) {
			free(u->allows[i].attribute);
			str_free_words(u->allows[i].values, u->allows[i].value_count);
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

static void free_unit_type(void *entry)
{
	rs_unit_type *u = entry;
	free_when(&u->ground_gain_battle);
	free(u->id);
	l10n_finish(&u->name);
	free(u->hit_by);
	free_unit_lists(u, true, true, true);
}

static void free_attribute(void *entry)
{
	rs_attribute *a = entry;
	free(a->id);
	l10n_finish(&a->name);
	array_free(a->values, a->value_count, sizeof *a->values, free_named);
	ruleset_marks_free(a);
}

static void free_terrain(void *entry)
{
	rs_terrain *t = entry;
	free_named(&(rs_named){ t->id, t->name });
}

static void free_face(void *entry)
{
	rs_face *f = entry;
	free_named(&(rs_named){ f->id, f->name });
}

void ruleset_destroy(ruleset *rs)
{
	if (!rs)
		return;
	ruleset_square_free(rs);
	free(rs->id);
	free(rs->extends);
	free(rs->rule_prefix);
	l10n_finish(&rs->name);
	array_free(rs->sides, rs->side_count, sizeof *rs->sides, free_named);
	array_free(rs->sections, rs->section_count, sizeof *rs->sections, free_section);
	array_free(rs->faces, rs->face_count, sizeof *rs->faces, free_face);
	array_free(rs->attributes, rs->attribute_count, sizeof *rs->attributes, free_attribute);
	array_free(rs->unit_types, rs->unit_type_count, sizeof *rs->unit_types, free_unit_type);
	l10n_finish(&rs->general.name);
	free(rs->general.hit_by);
	str_free_words(rs->general.attackable_by, rs->general.attackable_by_count);
	array_free(rs->terrains, rs->terrain_count, sizeof *rs->terrains, free_terrain);
	l10n_finish(&rs->fieldworks.name);
	for (size_t i = 0; i < ARRAY_LEN(SECTIONS); i++)
		free(*section_slot(rs, &SECTIONS[i]));
	str_free_words(rs->retreat.general_reduction_types, rs->retreat.general_reduction_type_count);
	for (size_t i = 0; i < rs->retreat.threshold_count; i++) {
		free(rs->retreat.thresholds[i].quality);
		free(rs->retreat.thresholds[i].unit_type);
	}
	free(rs->retreat.thresholds);
	for (size_t i = 0; i < rs->deck.card_count; i++)
		ruleset_cards_free(&rs->deck.cards[i]);
	free(rs->deck.cards);
	free(rs);
}

/* ---- applying elements ---- */


static void apply_side(ruleset_reader *ld, ruleset *rs, const xmlNode *n)
{
	rs_named *s = ruleset_read_entry(ld, n, (void **)&rs->sides, &rs->side_count, sizeof *s, NULL, NULL);
	if (s)
		ruleset_read_texts(ld, n, "name", &s->name);
}

static void apply_section(ruleset_reader *ld, ruleset *rs, const xmlNode *n)
{
	rs_section *s = ruleset_read_entry(ld, n, (void **)&rs->sections, &rs->section_count, sizeof *s, NULL, NULL);
	if (!s)
		return;
	ruleset_read_str(n, "also", &s->also);
	ruleset_read_texts(ld, n, "name", &s->name);
}

static void apply_face(ruleset_reader *ld, ruleset *rs, const xmlNode *n)
{
	bool added;
	rs_face *f = ruleset_read_entry(ld, n, (void **)&rs->faces, &rs->face_count, sizeof *f, NULL, &added);
	if (!f)
		return;
	if (added)
		f->count = 1;
	ruleset_read_int(ld, n, "count", &f->count);
	ruleset_read_bool(ld, n, "hits-any", &f->hits_any);
	ruleset_read_bool(ld, n, "retreat", &f->retreat);
	ruleset_read_texts(ld, n, "name", &f->name);
}

static void apply_attribute(ruleset_reader *ld, ruleset *rs, const xmlNode *n)
{
	rs_attribute *a = ruleset_read_entry(ld, n, (void **)&rs->attributes, &rs->attribute_count, sizeof *a, NULL, NULL);
	if (!a)
		return;
	ruleset_read_texts(ld, n, "name", &a->name);
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (!xmldoc_is(c, RULESET_NS, "value"))
			continue;
		rs_named *v = ruleset_read_entry(ld, c, (void **)&a->values, &a->value_count, sizeof *v, NULL, NULL);
		if (v)
			ruleset_read_texts(ld, c, "name", &v->name);
		ruleset_marks_read(ld->doc, ld->sink, &ld->failed, a, c);
	}
}

static void parse_dice(ruleset_reader *ld, const xmlNode *n, rs_dice *d)
{
	xmlChar *content = xmlNodeGetContent(n);
	char **words = NULL;
	size_t count = 0;
	ruleset_read_split((const char *)content, &words, &count);
	xmlFree(content);
	if (count == 0 || count > RULESET_MAX_RANGE)
		ruleset_read_fail(ld, n, NULL, "<dice> must list 1 to 12 numbers, one per hex of distance");
	for (size_t i = 0; i < count && i < RULESET_MAX_RANGE; i++) {
		long v;
		if (!parse_int(words[i], 0, 20, &v))
			ruleset_read_fail(ld, n, NULL, "<dice> holds '%s', which is not a number of dice", words[i]);
		else
			d->by_distance[i] = (int)v;
	}
	d->count = (int)(count < RULESET_MAX_RANGE ? count : RULESET_MAX_RANGE);
	str_free_words(words, count);
}

static void apply_unit_type(ruleset_reader *ld, ruleset *rs, const xmlNode *n)
{
	rs_unit_type *u = ruleset_read_entry(ld, n, (void **)&rs->unit_types, &rs->unit_type_count, sizeof *u,
		free_unit_type, NULL);
	if (!u)
		return;
	ruleset_read_texts(ld, n, "name", &u->name);
	ruleset_read_int(ld, n, "figures", &u->figures);
	ruleset_read_symbol(ld, n, &u->symbol);
	ruleset_read_str(n, "hit-by", &u->hit_by);
	ruleset_read_int(ld, n, "general-dice", &u->general_dice);
	ruleset_read_int(ld, n, "hill-dice", &u->hill_dice);
	ruleset_read_bool(ld, n, "ground-gain", &u->ground_gain);
	if (xmldoc_attr(n, "ground-gain-battle")) {
		free_when(&u->ground_gain_battle);
		memset(&u->ground_gain_battle, 0, sizeof u->ground_gain_battle);
		read_when_attr(ld, n, "ground-gain-battle", &u->ground_gain_battle);
	}

	free_unit_lists(u, ruleset_read_has_child(n, "allow"), ruleset_read_has_child(n, "move"), ruleset_read_has_child(n, "dice"));
	size_t allow_cap = 0, move_cap = 0, dice_cap = 0;
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (xmldoc_is(c, RULESET_NS, "allow")) {
			grow_array((void **)&u->allows, &allow_cap, u->allow_count + 1, sizeof *u->allows);
			rs_allow *a = &u->allows[u->allow_count++];
			memset(a, 0, sizeof *a);
			ruleset_read_str(c, "attribute", &a->attribute);
			ruleset_read_words(c, "values", &a->values, &a->value_count);
			ruleset_read_str(c, "default", &a->default_value);
			if (!a->attribute || !a->value_count)
				ruleset_read_fail(ld, c, NULL, "<allow> needs attribute and values");
		} else if (xmldoc_is(c, RULESET_NS, "move")) {
			grow_array((void **)&u->moves, &move_cap, u->move_count + 1, sizeof *u->moves);
			rs_move *m = &u->moves[u->move_count++];
			memset(m, 0, sizeof *m);
			read_when(ld, c, &m->when);
			ruleset_read_int(ld, c, "hexes", &m->hexes);
			ruleset_read_bool(ld, c, "battle", &m->battle);
			ruleset_read_str(c, "then", &m->then);
		} else if (xmldoc_is(c, RULESET_NS, "dice")) {
			grow_array((void **)&u->dice, &dice_cap, u->dice_count + 1, sizeof *u->dice);
			rs_dice *d = &u->dice[u->dice_count++];
			memset(d, 0, sizeof *d);
			read_when(ld, c, &d->when);
			parse_dice(ld, c, d);
		}
	}
}

static void apply_general(ruleset_reader *ld, ruleset *rs, const xmlNode *n)
{
	rs_general *g = &rs->general;
	ruleset_read_texts(ld, n, "name", &g->name);
	ruleset_read_int(ld, n, "figures", &g->figures);
	ruleset_read_int(ld, n, "move", &g->move);
	ruleset_read_str(n, "hit-by", &g->hit_by);
	ruleset_read_int(ld, n, "flags-ignored", &g->flags_ignored);
	ruleset_read_bool(ld, n, "passes-friendly-units", &g->passes_friendly_units);
	ruleset_read_bool(ld, n, "passes-friendly-generals", &g->passes_friendly_generals);
	const char *follows = xmldoc_attr(n, "follows-unit");
	if (follows) {
		if (strcmp(follows, "must") == 0)
			g->must_follow_unit = true;
		else if (strcmp(follows, "may") == 0)
			g->must_follow_unit = false;
		else
			ruleset_read_fail(ld, n, "follows-unit", "follows-unit must be may or must, not '%s'", follows);
	}
	ruleset_read_words(n, "attackable-by", &g->attackable_by, &g->attackable_by_count);
}

/* "#RRGGBB", or a message naming the attribute. */
static void read_colour(ruleset_reader *ld, const xmlNode *n, const char *name, rs_colour *out)
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
		ruleset_read_fail(ld, n, name, "%s must be a colour written #RRGGBB, not '%s'", name, v);
		return;
	}
	*out = (rs_colour){ (unsigned char)(value >> 16), (unsigned char)(value >> 8), (unsigned char)value };
}

/* <look fill="#CCE3B8" pattern="trees" label="#1A1A1A"/>: each attribute
 * stated replaces the inherited one; label="none" stops writing the name. */
static void apply_look(ruleset_reader *ld, rs_look *look, const xmlNode *n)
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
			ruleset_read_fail(ld, n, "pattern", "pattern must be one of none, trees, orchard, hill, buildings, field, "
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

/* letter="w": one visible ASCII character, so that the text board's
 * columns stay aligned. */
static void read_letter(ruleset_reader *ld, const xmlNode *n, rs_terrain *t)
{
	const char *v = xmldoc_attr(n, "letter");
	if (!v)
		return;
	if (v[0] > ' ' && v[0] < 0x7f && !v[1])
		t->letter = v[0];
	else
		ruleset_read_fail(ld, n, "letter", "terrain '%s': letter must be one visible ASCII character, not '%s'",
			t->id, v);
}

static void apply_terrain(ruleset_reader *ld, ruleset *rs, const xmlNode *n)
{
	bool added;
	rs_terrain *t = ruleset_read_entry(ld, n, (void **)&rs->terrains, &rs->terrain_count, sizeof *t, free_terrain, &added);
	if (!t)
		return;
	if (added) {
		t->passable = true;
		/* A new type that says how it looks writes its name only
		 * when asked to (label). */
		t->look = ruleset_default_look;
		t->look.named = !ruleset_read_has_child(n, "look");
		t->letter = t->id[0];
	}
	read_letter(ld, n, t);
	bool unlisted = false;
	ruleset_read_bool(ld, n, "default", &unlisted);
	/* One default: a file that names another takes the inherited one's place. */
	for (size_t i = 0; unlisted && i < rs->terrain_count; i++)
		rs->terrains[i].unlisted = &rs->terrains[i] == t;
	ruleset_read_texts(ld, n, "name", &t->name);
	ruleset_read_bool(ld, n, "passable", &t->passable);
	ruleset_read_bool(ld, n, "stop", &t->stop);
	ruleset_read_bool(ld, n, "no-battle-on-entry", &t->no_battle_on_entry);
	ruleset_read_int(ld, n, "target-dice", &t->target_dice);
	ruleset_read_int(ld, n, "occupant-dice", &t->occupant_dice);
	ruleset_read_bool(ld, n, "blocks-los", &t->blocks_los);
	ruleset_read_bool(ld, n, "sight-over-adjacent-friends", &t->sight_over_adjacent_friends);
	ruleset_read_bool(ld, n, "water", &t->water);
	ruleset_read_bool(ld, n, "crosses-water", &t->crosses_water);
	ruleset_read_bool(ld, n, "fence-exception", &t->fence_exception);
	ruleset_read_bool(ld, n, "elevated", &t->elevated);
	for (const xmlNode *c = n->children; c; c = c->next)
		if (xmldoc_is(c, RULESET_NS, "look"))
			apply_look(ld, &t->look, c);
}


static void apply_retreat(ruleset_reader *ld, ruleset *rs, const xmlNode *n)
{
	ruleset_read_int(ld, n, "hexes-per-flag", &rs->retreat.hexes_per_flag);
	ruleset_read_int(ld, n, "general-reduction", &rs->retreat.general_reduction);
	ruleset_read_bool(ld, n, "flags-pass-to-general", &rs->retreat.flags_pass_to_general);
	ruleset_read_bool(ld, n, "blocked-kills-general", &rs->retreat.blocked_kills_general);
	ruleset_read_words(n, "general-reduction-types", &rs->retreat.general_reduction_types,
		&rs->retreat.general_reduction_type_count);
	if (!ruleset_read_has_child(n, "threshold"))
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
		ruleset_read_str(c, "quality", &t->quality);
		ruleset_read_str(c, "unit", &t->unit_type);
		ruleset_read_int(ld, c, "figures", &t->figures);
	}
}


/* <battle procedure>: hits (false), saves (true: saving rolls); <deck
 * discard>: when-unusable (false), by-choice (true). */
static const char *const PROCEDURES[] = { "hits", "saves" };
static const char *const DISCARDS[] = { "when-unusable", "by-choice" };

static void apply_root(ruleset_reader *ld, ruleset *rs, const xmlNode *root)
{
	ruleset_read_texts(ld, root, "name", &rs->name);
	ruleset_read_str(root, "rule-prefix", &rs->rule_prefix);
	read_sections(rs, root, "ruleset");
	const char *grid = xmldoc_attr(root, "grid");
	if (grid && !grid_kind_parse(grid, &rs->grid))
		ruleset_read_fail(ld, root, "grid", "grid must be hex or square, not '%s'", grid);
	for (const xmlNode *n = root->children; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (!xmldoc_is(n, RULESET_NS, (const char *)n->name)) {
			ruleset_read_fail(ld, n, NULL, "element <%s> is not in the ruleset namespace", (const char *)n->name);
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
			ruleset_read_int(ld, n, "columns", &rs->board.columns);
			ruleset_read_int(ld, n, "rows", &rs->board.rows);
			ruleset_read_int(ld, n, "west", &rs->board.west);
			ruleset_read_int(ld, n, "east", &rs->board.east);
			ruleset_read_int(ld, n, "min-columns", &rs->board.min_columns);
			ruleset_read_int(ld, n, "max-columns", &rs->board.max_columns);
			ruleset_read_int(ld, n, "min-rows", &rs->board.min_rows);
			ruleset_read_int(ld, n, "max-rows", &rs->board.max_rows);
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
			ruleset_read_texts(ld, n, "name", &rs->fieldworks.name);
			ruleset_read_int(ld, n, "target-dice", &rs->fieldworks.target_dice);
			ruleset_read_bool(ld, n, "replaces-terrain-dice", &rs->fieldworks.replaces_terrain_dice);
		} else if (strcmp(e, "stacking") == 0) {
			ruleset_read_int(ld, n, "units-per-hex", &rs->stacking.units_per_hex);
			ruleset_read_int(ld, n, "generals-per-hex", &rs->stacking.generals_per_hex);
			ruleset_read_int(ld, n, "units-with-general", &rs->stacking.units_with_general);
			ruleset_read_bool(ld, n, "brigades", &rs->stacking.brigades);
		} else if (strcmp(e, "brigades") == 0) {
			ruleset_read_int(ld, n, "max-units", &rs->brigades.max_units);
			ruleset_read_int(ld, n, "zone-radius", &rs->brigades.zone_radius);
		} else if (strcmp(e, "retreat") == 0) {
			apply_retreat(ld, rs, n);
		} else if (strcmp(e, "battle") == 0) {
			ruleset_read_bool(ld, n, "adjacent-enemy-binds", &rs->battle.adjacent_enemy_binds);
			ruleset_read_int(ld, n, "kill-symbols", &rs->battle.kill_symbols);
			int saves;
			if (ruleset_read_enum(ld, n, "procedure", PROCEDURES, ARRAY_LEN(PROCEDURES), &saves) > 0)
				rs->battle.saving_rolls = saves;
		} else if (strcmp(e, "deck") == 0) {
			int by_choice;
			if (ruleset_read_enum(ld, n, "discard", DISCARDS, ARRAY_LEN(DISCARDS), &by_choice) > 0)
				rs->deck.discard_by_choice = by_choice;
			for (const xmlNode *c = n->children; c; c = c->next)
				if (xmldoc_is(c, RULESET_NS, "card"))
					ruleset_cards_apply(ld, rs, c);
		} else if (strcmp(e, "turn") == 0) {
			const char *fp = xmldoc_attr(n, "first-player");
			if (fp)
				rs->turn.first_player_required = strcmp(fp, "required") == 0;
		} else if (strcmp(e, "victory") == 0) {
			ruleset_read_int(ld, n, "default-target", &rs->victory.default_target);
			ruleset_read_bool(ld, n, "target-required", &rs->victory.target_required);
		} else if (strcmp(e, "square-unit") == 0) {
			ruleset_square_apply_unit(ld, rs, n);
		} else if (strcmp(e, "purchase") == 0) {
			ruleset_read_int(ld, n, "points", &rs->square.purchase_points);
			ruleset_read_str(n, "limited-unit", &rs->square.limited_unit);
			ruleset_read_int(ld, n, "limit", &rs->square.purchase_limit);
			ruleset_read_bool(ld, n, "save-limit", &rs->square.save_limit);
		} else if (strcmp(e, "square-combat") == 0) {
			ruleset_read_int(ld, n, "die-faces", &rs->square.die_faces);
			ruleset_read_int(ld, n, "general-range", &rs->square.general_range);
			ruleset_read_int(ld, n, "answer-range", &rs->square.answer_range);
			ruleset_read_int(ld, n, "general-bonus", &rs->square.general_bonus);
			ruleset_read_str(n, "entrench-unit", &rs->square.entrench_unit);
			ruleset_read_int(ld, n, "entrench-bonus", &rs->square.entrench_bonus);
			ruleset_read_int(ld, n, "entrench-general-bonus", &rs->square.entrench_general_bonus);
		} else if (strcmp(e, "sequence") == 0) {
			ruleset_square_apply_sequence(ld, rs, n);
		} else if (strcmp(e, "square-play") == 0) {
			ruleset_read_int(ld, n, "stacking", &rs->square.play.stacking);
			ruleset_read_bool(ld, n, "generals-free", &rs->square.play.generals_free);
			ruleset_read_int(ld, n, "zone-steps", &rs->square.play.zone_steps);
			ruleset_read_int(ld, n, "port-steps", &rs->square.play.port_steps);
			ruleset_read_bool(ld, n, "embark-uses-move", &rs->square.play.embark_uses_move);
			ruleset_read_int(ld, n, "retreat-squares", &rs->square.play.retreat_squares);
			ruleset_read_int(ld, n, "withdraw-squares", &rs->square.play.withdraw_squares);
			ruleset_read_bool(ld, n, "carry-points", &rs->square.play.carry_points);
			ruleset_read_bool(ld, n, "capture-on-entry", &rs->square.play.capture_on_entry);
		} else if (strcmp(e, "naval") == 0) {
			ruleset_read_int(ld, n, "sea-zones", &rs->square.sea_zones);
			ruleset_read_int(ld, n, "combat-rounds", &rs->square.naval_rounds);
			ruleset_square_apply_places(ld, n, "port", &rs->square.ports, &rs->square.port_count, NULL);
		} else if (strcmp(e, "capitals") == 0) {
			ruleset_read_int(ld, n, "income-loss-per-city", &rs->square.capital_income_loss);
			ruleset_read_bool(ld, n, "general-bonus-lost", &rs->square.capital_bonus_lost);
			ruleset_square_apply_places(ld, n, "capital", &rs->square.capitals, &rs->square.capital_count, NULL);
		} else if (strcmp(e, "generals") == 0) {
			ruleset_square_apply_places(ld, n, "general-name", &rs->square.generals, &rs->square.general_count,
				&rs->square.player_counts);
		} else if (strcmp(e, "square-players") == 0) {
			ruleset_square_apply_seats(ld, rs, n);
		} else if (strcmp(e, "square-victory") == 0) {
			ruleset_square_apply_victory(ld, rs, n);
		} else if (!cites) {
			ruleset_read_fail(ld, n, NULL, "unknown element <%s> in a ruleset", e);
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
	need(l, ruleset_unlisted_terrain(rs) != NULL, "a <terrain default=\"true\">, the terrain of unlisted cells");
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
		ruleset_cards_resolve(rs, f, sink);
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
	doc = xmldoc_load_root(path, RULESET_NS, "ruleset", RULESET_RULE, sink);
	if (!doc)
		goto out;
	xmlNodePtr root = xmlDocGetRootElement(doc->doc);
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
	ruleset_reader ld = { .doc = doc, .sink = sink };
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
	str_free_words(r->failed, r->failed_count);
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
	str_free_words(ids, count);
	return out;
}
