/* Unit tests of model/ruleset: the three hex rulesets under data/rulesets
 * hold the numbers of the rules digest (§2-§8), inheritance applies a
 * child on top of its parent, every display string exists in English,
 * Dutch and French, and broken or hostile ruleset files are reported. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/datadir.h"
#include "base/diag.h"
#include "model/ruleset.h"
#include "text/lang.h"
#include "sink_says.h"

/* ---- fixtures ---- */

enum { BC1999, BC150, NZ, RULESET_COUNT };
static const char *const ruleset_ids[RULESET_COUNT] = { "battlecry-1999", "battlecry-150", "noord-zuid" };

typedef struct loaded {
	const char *data_dir;
	ruleset *rs[RULESET_COUNT];
} loaded;

static const char *data_dir(void)
{
	const char *env = getenv("ORBAT_DATADIR");
	return env && *env ? env : datadir_get();
}

static int setup_rulesets(void **state)
{
	loaded *l = calloc(1, sizeof *l);
	if (!l)
		return -1;
	l->data_dir = data_dir();
	for (int i = 0; i < RULESET_COUNT; i++) {
		diag_sink sink;
		diag_sink_init(&sink);
		l->rs[i] = ruleset_load(l->data_dir, ruleset_ids[i], &sink);
		if (sink.count)
			diag_print_text(&sink, 0, sink.count, stderr);
		diag_sink_finish(&sink);
	}
	*state = l;
	return 0;
}

static int teardown_rulesets(void **state)
{
	loaded *l = *state;
	for (int i = 0; i < RULESET_COUNT; i++)
		ruleset_destroy(l->rs[i]);
	free(l);
	return 0;
}

static const ruleset *get(void **state, int which)
{
	const loaded *l = *state;
	if (!l->rs[which])
		fail_msg("ruleset %s did not load", ruleset_ids[which]);
	return l->rs[which];
}

static int ruleset_index(const char *id)
{
	for (int i = 0; i < RULESET_COUNT; i++)
		if (strcmp(ruleset_ids[i], id) == 0)
			return i;
	fail_msg("unknown ruleset id '%s' in a test table", id);
	return -1;
}

static const rs_unit_type *unit_type(const ruleset *rs, const char *id)
{
	const rs_unit_type *u = ruleset_find_unit_type(rs, id);
	if (!u)
		fail_msg("%s has no unit type '%s'", rs->id, id);
	return u;
}

static bool when_matches(const rs_when *w, const char *attribute, const char *value)
{
	if (!attribute)
		return !w->attribute;
	return w->attribute && w->value && strcmp(w->attribute, attribute) == 0 && strcmp(w->value, value) == 0;
}

/* ---- loading ---- */

static void test_load_each_ruleset(void **state)
{
	static const struct {
		const char *id, *extends, *prefix;
	} cases[] = {
		{ "battlecry-1999", NULL, "bc" },
		{ "battlecry-150", "battlecry-1999", "bc" },
		{ "noord-zuid", "battlecry-1999", "ntz" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const ruleset *rs = get(state, ruleset_index(cases[i].id));
		assert_string_equal(rs->id, cases[i].id);
		if (cases[i].extends)
			assert_string_equal(rs->extends, cases[i].extends);
		else
			assert_null(rs->extends);
		assert_int_equal(rs->grid, GRID_HEX);
		assert_string_equal(rs->rule_prefix, cases[i].prefix);
		/* §0: two sides, union and confederate */
		assert_int_equal(rs->side_count, 2);
		assert_non_null(ruleset_find_side(rs, "union"));
		assert_non_null(ruleset_find_side(rs, "confederate"));
		assert_null(ruleset_find_side(rs, "prussia"));
		/* §1: the standard board, 13 x 9 with short rows, split 4 / 5 / 4 */
		assert_int_equal(rs->board.columns, 13);
		assert_int_equal(rs->board.rows, 9);
		assert_true(rs->board.short_rows);
		assert_int_equal(rs->board.west, 4);
		assert_int_equal(rs->board.east, 4);
		assert_true(rs->board.min_columns >= 1 && rs->board.min_columns <= 13);
		assert_true(rs->board.max_columns >= 13);
		assert_true(rs->board.min_rows >= 1 && rs->board.min_rows <= 9);
		assert_true(rs->board.max_rows >= 9);
		/* three unit types in each */
		assert_int_equal(rs->unit_type_count, 3);
	}
}

static void test_rule_prefixes(void **state)
{
	static const struct {
		int rs;
		const char *section, *rule;
	} cases[] = {
		{ BC1999, "3.1", "bc-3.1" },
		{ BC150, "3.1", "bc-3.1" },
		{ NZ, "3.2", "ntz-3.2" },
		{ BC1999, "1", "bc-1" },
		{ NZ, "10", "ntz-10" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_string_equal(ruleset_rule(get(state, cases[i].rs), cases[i].section), cases[i].rule);
	/* the rotating buffer keeps several results alive at once */
	const char *a = ruleset_rule(get(state, BC1999), "2");
	const char *b = ruleset_rule(get(state, NZ), "2");
	assert_string_equal(a, "bc-2");
	assert_string_equal(b, "ntz-2");
	/* the sections the rules name */
	assert_string_equal(get(state, BC1999)->stacking.rule, "3.1");
	assert_string_equal(get(state, BC150)->stacking.rule, "3.1");
	assert_string_equal(get(state, NZ)->stacking.rule, "3.2");
	assert_string_equal(get(state, NZ)->brigades.rule, "3.3");
	assert_string_equal(get(state, NZ)->retreat.rule, "7.4");
	assert_string_equal(get(state, BC1999)->retreat.rule, "7");
	/* sections that differ by ruleset come from the data, never from C */
	assert_string_equal(get(state, BC1999)->brigades.rule, "3.1");
	assert_string_equal(get(state, BC150)->battle.rule, "5.1");
	assert_string_equal(get(state, NZ)->battle.rule, "5.2");
	assert_string_equal(get(state, BC1999)->general.attack_rule, "5.1");
	assert_string_equal(get(state, NZ)->general.attack_rule, "5.3");
	assert_string_equal(get(state, BC150)->retreat.flags_rule, "7.3");
	assert_string_equal(get(state, NZ)->retreat.flags_rule, "7.4");
	for (int r = 0; r < RULESET_COUNT; r++) {
		assert_string_equal(get(state, r)->deck.rule, "8");
		assert_string_equal(get(state, r)->turn.rule, "9");
		assert_string_equal(get(state, r)->victory.rule, "10");
	}
}

/* ---- §2 figures ---- */

static void test_figures(void **state)
{
	static const struct {
		int rs;
		const char *unit;
		int figures;
	} cases[] = {
		{ BC1999, "infantry", 4 }, { BC1999, "cavalry", 3 }, { BC1999, "artillery", 2 },
		{ BC150, "infantry", 4 }, { BC150, "cavalry", 3 }, { BC150, "artillery", 3 },
		{ NZ, "infantry", 8 }, { NZ, "cavalry", 5 }, { NZ, "artillery", 4 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const rs_unit_type *u = unit_type(get(state, cases[i].rs), cases[i].unit);
		if (u->figures != cases[i].figures)
			fail_msg("%s %s: %d figures, expected %d", ruleset_ids[cases[i].rs], cases[i].unit,
				u->figures, cases[i].figures);
	}
	for (int r = 0; r < RULESET_COUNT; r++)
		assert_int_equal(get(state, r)->general.figures, 1);
}

/* ---- §4 dice ---- */

typedef struct dice_case {
	int rs;
	const char *unit;
	const char *when_attr, *when_value;  /* NULL: unconditional */
	int count;
	int dice[6];
} dice_case;

static const dice_case dice_cases[] = {
	{ BC1999, "infantry", NULL, NULL, 4, { 4, 3, 2, 1 } },
	{ BC1999, "cavalry", NULL, NULL, 1, { 3 } },
	{ BC1999, "artillery", NULL, NULL, 5, { 5, 4, 3, 2, 1 } },
	{ BC150, "infantry", NULL, NULL, 4, { 4, 3, 2, 1 } },
	{ BC150, "cavalry", NULL, NULL, 1, { 3 } },
	{ BC150, "artillery", NULL, NULL, 5, { 5, 4, 3, 2, 1 } },
	{ NZ, "infantry", "weapon", "musket", 3, { 3, 2, 1 } },
	{ NZ, "infantry", "weapon", "rifle", 4, { 4, 3, 2, 1 } },
	{ NZ, "cavalry", "state", "mounted", 1, { 3 } },
	{ NZ, "cavalry", "state", "dismounted", 3, { 3, 2, 1 } },
	{ NZ, "artillery", "kind", "field", 5, { 5, 4, 3, 2, 1 } },
	{ NZ, "artillery", "kind", "horse", 5, { 4, 3, 3, 2, 1 } },
};

static void test_dice_tables(void **state)
{
	for (size_t i = 0; i < sizeof dice_cases / sizeof dice_cases[0]; i++) {
		const dice_case *c = &dice_cases[i];
		const rs_unit_type *u = unit_type(get(state, c->rs), c->unit);
		const rs_dice *found = NULL;
		for (size_t k = 0; k < u->dice_count; k++)
			if (when_matches(&u->dice[k].when, c->when_attr, c->when_value))
				found = &u->dice[k];
		if (!found)
			fail_msg("%s %s: no dice for %s=%s", ruleset_ids[c->rs], c->unit,
				c->when_attr ? c->when_attr : "(always)", c->when_value ? c->when_value : "");
		if (found->count != c->count)
			fail_msg("%s %s %s: range %d, expected %d", ruleset_ids[c->rs], c->unit,
				c->when_value ? c->when_value : "", found->count, c->count);
		for (int d = 0; d < c->count; d++)
			if (found->by_distance[d] != c->dice[d])
				fail_msg("%s %s %s: %d dice at distance %d, expected %d", ruleset_ids[c->rs],
					c->unit, c->when_value ? c->when_value : "", found->by_distance[d], d + 1,
					c->dice[d]);
		for (int d = c->count; d < RULESET_MAX_RANGE; d++)
			assert_int_equal(found->by_distance[d], 0);
	}
	/* Battle Cry dice depend on nothing; noord-zuid lists one per variant */
	assert_int_equal(unit_type(get(state, BC1999), "infantry")->dice_count, 1);
	assert_int_equal(unit_type(get(state, NZ), "infantry")->dice_count, 2);
	assert_int_equal(unit_type(get(state, NZ), "cavalry")->dice_count, 2);
	assert_int_equal(unit_type(get(state, NZ), "artillery")->dice_count, 2);
}

static void test_dice_modifiers(void **state)
{
	/* §4: general +1 for infantry and cavalry (1999, noord-zuid), none in
	 * 150; artillery on a hill +1 everywhere; §3.5 no ground gain for guns */
	static const struct {
		int rs;
		const char *unit;
		int general_dice, hill_dice;
		bool ground_gain;
	} cases[] = {
		{ BC1999, "infantry", 1, 0, true }, { BC1999, "cavalry", 1, 0, true },
		{ BC1999, "artillery", 0, 1, false },
		{ BC150, "infantry", 0, 0, true }, { BC150, "cavalry", 0, 0, true },
		{ BC150, "artillery", 0, 1, false },
		{ NZ, "infantry", 1, 0, true }, { NZ, "cavalry", 1, 0, true },
		{ NZ, "artillery", 0, 1, false },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const rs_unit_type *u = unit_type(get(state, cases[i].rs), cases[i].unit);
		if (u->general_dice != cases[i].general_dice || u->hill_dice != cases[i].hill_dice ||
			u->ground_gain != cases[i].ground_gain)
			fail_msg("%s %s: general %d hill %d ground gain %d", ruleset_ids[cases[i].rs],
				cases[i].unit, u->general_dice, u->hill_dice, u->ground_gain);
	}
	/* the die face that hits each type */
	for (int r = 0; r < RULESET_COUNT; r++) {
		assert_string_equal(unit_type(get(state, r), "infantry")->hit_by, "infantry");
		assert_string_equal(unit_type(get(state, r), "cavalry")->hit_by, "cavalry");
		assert_string_equal(unit_type(get(state, r), "artillery")->hit_by, "artillery");
		assert_string_equal(get(state, r)->general.hit_by, "sabres");
	}
}

/* ---- §3 movement ---- */

typedef struct move_case {
	int rs;
	const char *unit;
	const char *when_attr, *when_value;
	int count;                     /* moves under that condition */
	struct { int hexes; bool battle; const char *then; } moves[3];
} move_case;

static const move_case move_cases[] = {
	{ BC1999, "infantry", NULL, NULL, 1, { { 1, true, NULL } } },
	{ BC1999, "cavalry", NULL, NULL, 1, { { 3, true, NULL } } },
	{ BC1999, "artillery", NULL, NULL, 2, { { 1, false, NULL }, { 0, true, NULL } } },
	{ BC150, "artillery", NULL, NULL, 2, { { 1, false, NULL }, { 0, true, NULL } } },
	{ NZ, "infantry", NULL, NULL, 2, { { 2, false, NULL }, { 1, true, NULL } } },
	{ NZ, "cavalry", "state", "mounted", 2, { { 3, true, NULL }, { 0, true, "dismount" } } },
	{ NZ, "cavalry", "state", "dismounted", 1, { { 0, true, "mount" } } },
	{ NZ, "artillery", "kind", "field", 2, { { 1, false, NULL }, { 0, true, NULL } } },
	{ NZ, "artillery", "kind", "horse", 2, { { 2, false, NULL }, { 1, true, NULL } } },
};

static void test_moves(void **state)
{
	for (size_t i = 0; i < sizeof move_cases / sizeof move_cases[0]; i++) {
		const move_case *c = &move_cases[i];
		const rs_unit_type *u = unit_type(get(state, c->rs), c->unit);
		int n = 0;
		for (size_t k = 0; k < u->move_count; k++) {
			const rs_move *m = &u->moves[k];
			if (!when_matches(&m->when, c->when_attr, c->when_value))
				continue;
			if (n >= c->count)
				fail_msg("%s %s: more moves than expected", ruleset_ids[c->rs], c->unit);
			if (m->hexes != c->moves[n].hexes || m->battle != c->moves[n].battle)
				fail_msg("%s %s move %d: %d hexes battle %d, expected %d / %d", ruleset_ids[c->rs],
					c->unit, n, m->hexes, m->battle, c->moves[n].hexes, c->moves[n].battle);
			if (c->moves[n].then)
				assert_string_equal(m->then, c->moves[n].then);
			else
				assert_null(m->then);
			n++;
		}
		if (n != c->count)
			fail_msg("%s %s: %d moves, expected %d", ruleset_ids[c->rs], c->unit, n, c->count);
	}
	for (int r = 0; r < RULESET_COUNT; r++)
		assert_int_equal(get(state, r)->general.move, 3);
}

/* ---- §6 terrain ---- */

typedef struct terrain_case {
	int rs;
	const char *id;
	bool passable, stop, no_battle;
	int target_dice, occupant_dice;
	bool blocks_los;
} terrain_case;

#define BC_TERRAIN(rs, orchard_los) \
	{ rs, "clear", true, false, false, 0, 0, false }, \
	{ rs, "woods", true, true, true, -1, 0, true }, \
	{ rs, "orchard", true, false, false, -1, 0, orchard_los }, \
	{ rs, "hill", true, false, false, -1, 0, true }, \
	{ rs, "buildings", true, true, true, -2, 0, true }, \
	{ rs, "stream", true, true, false, -1, 0, false }, \
	{ rs, "river", false, false, false, 0, 0, false }, \
	{ rs, "bridge", true, false, false, 0, 0, false }, \
	{ rs, "field", true, false, false, -1, 0, true }, \
	{ rs, "rough", false, false, false, 0, 0, false }, \
	{ rs, "fence", true, false, false, -1, 0, false }

static const terrain_case terrain_cases[] = {
	BC_TERRAIN(BC1999, false),
	BC_TERRAIN(BC150, true),    /* the 150th edition's orchards block sight */
	{ NZ, "clear", true, false, false, 0, 0, false },
	{ NZ, "woods", true, true, false, -1, 0, true },
	{ NZ, "orchard", true, false, false, -1, 0, false },
	{ NZ, "hill", true, false, false, -1, 0, true },
	{ NZ, "buildings", true, true, false, -2, 0, true },
	/* "Waterweg −1 verdediger": the unit standing in it loses a die */
	{ NZ, "stream", true, true, false, 0, -1, false },
	{ NZ, "bridge", true, false, false, 0, 0, false },
	{ NZ, "field", true, false, false, -1, 0, true },
	{ NZ, "rough", false, false, false, 0, 0, false },
	{ NZ, "fence", true, false, false, -1, 0, false },
};

static void test_terrain_table(void **state)
{
	for (size_t i = 0; i < sizeof terrain_cases / sizeof terrain_cases[0]; i++) {
		const terrain_case *c = &terrain_cases[i];
		const rs_terrain *t = ruleset_find_terrain(get(state, c->rs), c->id);
		if (!t)
			fail_msg("%s has no terrain '%s'", ruleset_ids[c->rs], c->id);
		if (t->passable != c->passable || t->stop != c->stop || t->no_battle_on_entry != c->no_battle ||
			t->target_dice != c->target_dice || t->occupant_dice != c->occupant_dice ||
			t->blocks_los != c->blocks_los)
			fail_msg("%s %s: passable %d stop %d no-battle %d target %d occupant %d los %d",
				ruleset_ids[c->rs], c->id, t->passable, t->stop, t->no_battle_on_entry,
				t->target_dice, t->occupant_dice, t->blocks_los);
	}
	assert_int_equal(get(state, BC1999)->terrain_count, 11);
	assert_int_equal(get(state, BC150)->terrain_count, 11);
	assert_int_equal(get(state, NZ)->terrain_count, 10);
	/* water and what crosses it */
	assert_true(ruleset_find_terrain(get(state, BC1999), "stream")->water);
	assert_true(ruleset_find_terrain(get(state, BC1999), "river")->water);
	assert_true(ruleset_find_terrain(get(state, NZ), "stream")->water);
	assert_true(ruleset_find_terrain(get(state, BC1999), "bridge")->crosses_water);
	assert_true(ruleset_find_terrain(get(state, NZ), "bridge")->crosses_water);
	/* the fence: -1 unless the attacker is not hindered (Battle Cry only) */
	assert_true(ruleset_find_terrain(get(state, BC1999), "fence")->fence_exception);
	assert_true(ruleset_find_terrain(get(state, BC150), "fence")->fence_exception);
	assert_false(ruleset_find_terrain(get(state, NZ), "fence")->fence_exception);
	/* the hill: adjacent friends do not block sight (004, reconstructed) */
	assert_true(ruleset_find_terrain(get(state, BC1999), "hill")->sight_over_adjacent_friends);
	assert_false(ruleset_find_terrain(get(state, NZ), "hill")->sight_over_adjacent_friends);
	/* fieldworks: -2, replacing the terrain's own modifier */
	for (int r = 0; r < RULESET_COUNT; r++) {
		assert_int_equal(get(state, r)->fieldworks.target_dice, -2);
		assert_true(get(state, r)->fieldworks.replaces_terrain_dice);
	}
	assert_null(ruleset_find_terrain(get(state, BC1999), "swamp"));
}

/* ---- inheritance ---- */

static void test_inheritance_battlecry_150(void **state)
{
	const ruleset *base = get(state, BC1999), *rs = get(state, BC150);
	/* the terrain list is 1999's, in the same order, with the same values
	 * except the orchard's line of sight */
	assert_int_equal(rs->terrain_count, base->terrain_count);
	for (size_t i = 0; i < base->terrain_count; i++) {
		const rs_terrain *a = &base->terrains[i], *b = &rs->terrains[i];
		assert_string_equal(a->id, b->id);
		assert_string_equal(a->name.text[LANG_EN], b->name.text[LANG_EN]);
		assert_int_equal(a->passable, b->passable);
		assert_int_equal(a->stop, b->stop);
		assert_int_equal(a->target_dice, b->target_dice);
		if (strcmp(a->id, "orchard") == 0) {
			assert_false(a->blocks_los);
			assert_true(b->blocks_los);
		} else {
			assert_int_equal(a->blocks_los, b->blocks_los);
		}
	}
	/* an override states only what changes: artillery keeps its dice and
	 * moves, gains a figure */
	const rs_unit_type *art = unit_type(rs, "artillery");
	assert_int_equal(art->figures, 3);
	assert_int_equal(art->move_count, 2);
	assert_int_equal(art->dice_count, 1);
	assert_string_equal(art->name.text[LANG_FR], "Artillerie");
	/* §4, §7.3: no general die, the general ignores one flag instead */
	assert_int_equal(unit_type(rs, "infantry")->general_dice, 0);
	assert_int_equal(unit_type(rs, "cavalry")->general_dice, 0);
	assert_int_equal(rs->general.flags_ignored, 1);
	assert_int_equal(base->general.flags_ignored, 0);
	/* §3.1: the 150 general passes through friendly units, 1999's stops */
	assert_true(rs->general.passes_friendly_units);
	assert_false(base->general.passes_friendly_units);
	assert_int_equal(rs->general.move, 3);
	/* §4: an adjacent enemy binds the unit in 150 only */
	assert_true(rs->battle.adjacent_enemy_binds);
	assert_false(base->battle.adjacent_enemy_binds);
	/* §10: the scenario sets the flags in 150 */
	assert_true(rs->victory.target_required);
	assert_false(base->victory.target_required);
	assert_int_equal(base->victory.default_target, 6);
	/* §9: inherited: the scenario names the first player */
	assert_true(rs->turn.first_player_required);
	assert_true(base->turn.first_player_required);
	/* stacking inherited */
	assert_int_equal(rs->stacking.units_per_hex, 1);
	assert_false(rs->stacking.brigades);
	assert_int_equal(rs->attribute_count, 0);
	/* its own name, not 1999's */
	assert_non_null(strstr(rs->name.text[LANG_EN], "150"));
	assert_non_null(strstr(base->name.text[LANG_EN], "1999"));
}

static void test_inheritance_noord_zuid(void **state)
{
	const ruleset *base = get(state, BC1999), *rs = get(state, NZ);
	/* no river in this ruleset */
	assert_null(ruleset_find_terrain(rs, "river"));
	assert_non_null(ruleset_find_terrain(base, "river"));
	/* the stream is renamed the waterway */
	const rs_terrain *stream = ruleset_find_terrain(rs, "stream");
	assert_string_equal(stream->name.text[LANG_NL], "Waterweg");
	assert_int_equal(stream->occupant_dice, -1);
	assert_int_equal(ruleset_find_terrain(base, "stream")->occupant_dice, 0);
	/* terrain it does not restate keeps 1999's values */
	assert_false(ruleset_find_terrain(rs, "rough")->passable);
	assert_string_equal(ruleset_find_terrain(rs, "rough")->name.text[LANG_EN], "Rough ground");
	/* attributes: weapon, quality, state, kind */
	assert_int_equal(rs->attribute_count, 4);
	assert_non_null(ruleset_find_attribute(rs, "weapon"));
	assert_non_null(ruleset_find_attribute(rs, "quality"));
	assert_non_null(ruleset_find_attribute(rs, "state"));
	assert_non_null(ruleset_find_attribute(rs, "kind"));
	assert_null(ruleset_find_attribute(base, "weapon"));
	/* §3.2, §3.3: two units per hex, brigades of at most six */
	assert_int_equal(rs->stacking.units_per_hex, 2);
	assert_int_equal(rs->stacking.generals_per_hex, 1);
	assert_int_equal(rs->stacking.units_with_general, 2);
	assert_true(rs->stacking.brigades);
	assert_int_equal(rs->brigades.max_units, 6);
	assert_int_equal(rs->brigades.zone_radius, 1);
	assert_int_equal(base->stacking.units_per_hex, 1);
	assert_int_equal(base->stacking.units_with_general, 1);
	/* §5.3: a general is attacked only by infantry or cavalry */
	assert_int_equal(rs->general.attackable_by_count, 2);
	assert_string_equal(rs->general.attackable_by[0], "infantry");
	assert_string_equal(rs->general.attackable_by[1], "cavalry");
	assert_int_equal(base->general.attackable_by_count, 0);
	/* §9: the first player may be left to a roll */
	assert_false(rs->turn.first_player_required);
	/* the die and the deck are inherited whole */
	assert_int_equal(rs->face_count, base->face_count);
	assert_int_equal(rs->deck.card_count, base->deck.card_count);
	/* the sides are renamed North and South */
	assert_string_equal(ruleset_find_side(rs, "union")->name.text[LANG_NL], "Noord");
	assert_string_equal(ruleset_find_side(rs, "confederate")->name.text[LANG_NL], "Zuid");
	assert_string_equal(ruleset_find_side(base, "union")->name.text[LANG_EN], "Union");
}

static void test_noord_zuid_attributes(void **state)
{
	const ruleset *rs = get(state, NZ);
	static const struct {
		const char *unit, *attribute, *values, *default_value;
	} cases[] = {
		{ "infantry", "weapon", "musket rifle", "musket" },
		{ "infantry", "quality", "veteran experienced recruit", "experienced" },
		{ "cavalry", "quality", "veteran experienced", "experienced" },  /* no recruits */
		{ "cavalry", "state", "mounted dismounted", "mounted" },
		{ "artillery", "kind", "field horse", "field" },
		{ "artillery", "quality", "veteran experienced", "experienced" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const rs_allow *a = ruleset_unit_allows(unit_type(rs, cases[i].unit), cases[i].attribute);
		if (!a)
			fail_msg("%s has no %s", cases[i].unit, cases[i].attribute);
		char joined[128] = "";
		for (size_t k = 0; k < a->value_count; k++) {
			if (k)
				strcat(joined, " ");
			strcat(joined, a->values[k]);
		}
		assert_string_equal(joined, cases[i].values);
		assert_string_equal(a->default_value, cases[i].default_value);
		assert_true(ruleset_allow_has(a, cases[i].default_value));
		/* every allowed value is a value of the attribute */
		const rs_attribute *attr = ruleset_find_attribute(rs, cases[i].attribute);
		assert_non_null(attr);
		for (size_t k = 0; k < a->value_count; k++) {
			bool known = false;
			for (size_t v = 0; v < attr->value_count; v++)
				known = known || strcmp(attr->values[v].id, a->values[k]) == 0;
			assert_true(known);
		}
	}
	assert_false(ruleset_allow_has(ruleset_unit_allows(unit_type(rs, "cavalry"), "quality"), "recruit"));
	assert_null(ruleset_unit_allows(unit_type(rs, "cavalry"), "weapon"));
	assert_null(ruleset_unit_allows(unit_type(rs, "infantry"), "kind"));
	assert_int_equal(unit_type(rs, "infantry")->allow_count, 2);
	assert_int_equal(unit_type(get(state, BC1999), "infantry")->allow_count, 0);
}

static void test_noord_zuid_retreat_thresholds(void **state)
{
	/* §7.4: flags are ignored while the unit has at least this many */
	const ruleset *rs = get(state, NZ);
	static const struct {
		const char *quality, *unit;
		int figures;
	} cases[] = {
		{ "veteran", "infantry", 5 }, { "experienced", "infantry", 6 }, { "recruit", "infantry", 7 },
		{ "veteran", "cavalry", 3 }, { "experienced", "cavalry", 4 },
		{ "veteran", "artillery", 2 }, { "experienced", "artillery", 2 },
	};
	assert_int_equal(rs->retreat.threshold_count, sizeof cases / sizeof cases[0]);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int found = -1;
		for (size_t k = 0; k < rs->retreat.threshold_count; k++)
			if (strcmp(rs->retreat.thresholds[k].quality, cases[i].quality) == 0 &&
				strcmp(rs->retreat.thresholds[k].unit_type, cases[i].unit) == 0)
				found = rs->retreat.thresholds[k].figures;
		if (found != cases[i].figures)
			fail_msg("%s %s: threshold %d, expected %d", cases[i].quality, cases[i].unit, found,
				cases[i].figures);
	}
	/* under a general one fewer, for infantry and cavalry only */
	assert_int_equal(rs->retreat.general_reduction, 1);
	assert_int_equal(rs->retreat.general_reduction_type_count, 2);
	assert_string_equal(rs->retreat.general_reduction_types[0], "infantry");
	assert_string_equal(rs->retreat.general_reduction_types[1], "cavalry");
	for (int r = 0; r < RULESET_COUNT; r++)
		assert_int_equal(get(state, r)->retreat.hexes_per_flag, 1);
	assert_int_equal(get(state, BC1999)->retreat.threshold_count, 0);
}

static void test_die_faces(void **state)
{
	/* infantry, infantry, cavalry, artillery, flag, crossed sabres */
	static const struct {
		const char *id;
		int count;
		bool hits_any;
	} faces[] = {
		{ "infantry", 2, false }, { "cavalry", 1, false }, { "artillery", 1, false },
		{ "flag", 1, false }, { "sabres", 1, true },
	};
	for (int r = 0; r < RULESET_COUNT; r++) {
		const ruleset *rs = get(state, r);
		assert_int_equal(rs->face_count, 5);
		int total = 0;
		for (size_t i = 0; i < rs->face_count; i++) {
			assert_string_equal(rs->faces[i].id, faces[i].id);
			assert_int_equal(rs->faces[i].count, faces[i].count);
			assert_int_equal(rs->faces[i].hits_any, faces[i].hits_any);
			total += rs->faces[i].count;
		}
		assert_int_equal(total, 6);
	}
}

/* ---- §8 the deck ---- */

typedef struct card_case {
	const char *id;
	const char *nl;        /* the Dutch name of 001 */
	int left, centre, right, any;
} card_case;

static const card_case card_cases[] = {
	{ "recon", "verkenning", 4, 5, 4, 0 },
	{ "attack", "aanval", 3, 4, 3, 0 },
	{ "skirmish", "schermutseling", 3, 3, 3, 0 },
	{ "assault", "stormaanval", 2, 2, 2, 0 },
	{ "frontal", "frontaanval", 0, 0, 0, 4 },
	{ "bombard", "bombardement", 0, 0, 0, 2 },
	{ "fire", "vuur!", 0, 0, 0, 2 },
	{ "forced-march", "versnelde mars", 0, 0, 0, 2 },
	{ "leadership", "leiderschap", 0, 0, 0, 2 },
	{ "sharpshooter", "scherpschutter", 0, 0, 0, 2 },
	{ "reinforcements", "versterkingen", 0, 0, 0, 1 },
	{ "fieldworks", "bouw een veldwerk", 0, 0, 0, 1 },
	{ "counter-attack", "tegenaanval", 0, 0, 0, 1 },
	{ "rally", "rally!", 0, 0, 0, 1 },
	{ "short-supply", "tekort aan bevoorrading", 0, 0, 0, 1 },
	{ "general-offensive", "algemeen offensief", 0, 0, 0, 1 },
};

/* A card's copies for the section with that id (§3: the data lists the
 * sections; the card states its copies for each). */
static int section_copies(const ruleset *rs, const rs_card *card, const char *id)
{
	for (size_t k = 0; k < rs->section_count; k++)
		if (strcmp(rs->sections[k].id, id) == 0)
			return card->section_copies[k];
	fail_msg("%s: no section '%s'", rs->id, id);
	return -1;
}

static void test_deck(void **state)
{
	size_t n = sizeof card_cases / sizeof card_cases[0];
	for (int r = 0; r < RULESET_COUNT; r++) {
		const ruleset *rs = get(state, r);
		/* the listed counts add up to 58 (001 says 60) */
		assert_int_equal(ruleset_deck_size(rs), 58);
		assert_int_equal(rs->deck.card_count, n);
		int total = 0;
		for (size_t i = 0; i < n; i++) {
			const card_case *c = &card_cases[i];
			const rs_card *card = NULL;
			for (size_t k = 0; k < rs->deck.card_count; k++)
				if (strcmp(rs->deck.cards[k].id, c->id) == 0)
					card = &rs->deck.cards[k];
			if (!card)
				fail_msg("%s: no card '%s'", rs->id, c->id);
			int left = section_copies(rs, card, "left"), centre = section_copies(rs, card, "centre");
			int right = section_copies(rs, card, "right");
			if (left != c->left || centre != c->centre || right != c->right || card->any != c->any)
				fail_msg("%s %s: %d/%d/%d any %d, expected %d/%d/%d any %d", rs->id, c->id,
					left, centre, right, card->any, c->left, c->centre, c->right, c->any);
			if (!card->name.text[LANG_NL] || strcasecmp(card->name.text[LANG_NL], c->nl) != 0)
				fail_msg("%s %s: Dutch name '%s', expected '%s'", rs->id, c->id,
					card->name.text[LANG_NL] ? card->name.text[LANG_NL] : "(none)", c->nl);
			assert_int_not_equal(card->order, RS_ORDER_NONE);
			/* flank cards order a section; the others name none */
			if (c->left + c->centre + c->right > 0)
				assert_int_equal(card->order, RS_ORDER_SECTION);
			total += left + centre + right + card->any;
		}
		assert_int_equal(total, 58);
	}
	const rs_card *bombard = NULL;
	const ruleset *rs = get(state, BC1999);
	for (size_t k = 0; k < rs->deck.card_count; k++)
		if (strcmp(rs->deck.cards[k].id, "bombard") == 0)
			bombard = &rs->deck.cards[k];
	assert_non_null(bombard);
	assert_string_equal(bombard->types, "artillery");
}

/* ---- §8.1: the special cards' numbers are data ---- */

static const rs_card *card_by_id(const ruleset *rs, const char *id)
{
	const rs_card *c = ruleset_find_card(rs, id);
	if (!c)
		fail_msg("%s has no card '%s'", rs->id, id);
	return c;
}

static const char *face_serves(const rs_card *c, const char *face)
{
	for (size_t i = 0; i < c->face_count; i++)
		if (strcmp(c->faces[i].face, face) == 0)
			return c->faces[i].unit_type;
	return NULL;
}

/* The counter symbols come from the data (a child inherits them), so
 * that the painters name no unit type. */
static void test_counter_symbols(void **state)
{
	for (int r = 0; r < RULESET_COUNT; r++) {
		const ruleset *rs = get(state, r);
		assert_int_equal(ruleset_unit_symbol(rs, "infantry"), RS_SYMBOL_CROSS);
		assert_int_equal(ruleset_unit_symbol(rs, "cavalry"), RS_SYMBOL_SLASH);
		assert_int_equal(ruleset_unit_symbol(rs, "artillery"), RS_SYMBOL_DOT);
		assert_int_equal(ruleset_unit_symbol(rs, "zouaves"), RS_SYMBOL_NONE);
		assert_int_equal(ruleset_unit_symbol(rs, NULL), RS_SYMBOL_NONE);
	}
}

static void test_special_cards(void **state)
{
	for (int r = 0; r < RULESET_COUNT; r++) {
		const ruleset *rs = get(state, r);
		const rs_card *ss = card_by_id(rs, "sharpshooter");
		assert_int_equal(ss->effect, RS_EFFECT_SHARPSHOOTER);
		assert_ptr_equal(ruleset_find_card_effect(rs, RS_EFFECT_SHARPSHOOTER), ss);
		assert_string_equal(ss->types, "infantry");
		assert_int_equal(ss->units, 1);
		assert_int_equal(ss->hit_face_count, 1);
		assert_string_equal(ss->hit_faces[0], "sabres");
		assert_int_equal(ss->victory, 1);
		assert_true(ss->move_first);
		assert_true(ss->hits_attached);
		assert_int_equal(ss->any, 2);

		const rs_card *re = card_by_id(rs, "reinforcements");
		assert_int_equal(re->effect, RS_EFFECT_REINFORCE);
		assert_int_equal(re->dice, 2);
		assert_false(re->dice_from_hand);
		assert_int_equal(re->per_face, 1);
		assert_false(re->arrivals_act);
		assert_true(re->entry_home_row);
		assert_string_equal(face_serves(re, "infantry"), "infantry");
		assert_string_equal(face_serves(re, "cavalry"), "cavalry");
		assert_string_equal(face_serves(re, "artillery"), "artillery");
		assert_string_equal(face_serves(re, "sabres"), "any");
		assert_null(face_serves(re, "flag"));          /* flags do nothing */
		/* resolved at load: play compares the die's face indices and the
		 * unit types, never their names */
		for (size_t k = 0; k < re->face_count; k++) {
			const rs_card_face *f = &re->faces[k];
			assert_in_range(f->face_index, 0, rs->face_count - 1);
			assert_string_equal(rs->faces[f->face_index].id, f->face);
			if (strcmp(f->unit_type, "any") == 0)
				assert_null(f->type);
			else
				assert_ptr_equal(f->type, ruleset_find_unit_type(rs, f->unit_type));
		}
		assert_non_null(ss->hit_face_indices);
		assert_string_equal(rs->faces[ss->hit_face_indices[0]].id, "sabres");

		const rs_card *ra = card_by_id(rs, "rally");
		assert_int_equal(ra->effect, RS_EFFECT_RALLY);
		assert_true(ra->dice_from_hand);
		assert_int_equal(ra->per_face, 1);
		assert_false(ra->above_full);
		assert_false(ra->revive);
		assert_string_equal(face_serves(ra, "sabres"), "any");
		assert_null(face_serves(ra, "flag"));

		const rs_card *sh = card_by_id(rs, "short-supply");
		assert_int_equal(sh->effect, RS_EFFECT_FALL_BACK);
		assert_int_equal(sh->target, RS_TARGET_ENEMY);
		assert_int_equal(sh->until, RS_UNTIL_HOME_ROW);
		assert_int_equal(sh->blocked_losses, 0);
		assert_false(sh->leaves_board);
		assert_true(sh->general_follows);

		/* the printed texts state the data's numbers, in every language,
		 * and no placeholder is left unfilled */
		for (size_t i = 0; i < rs->deck.card_count; i++)
			for (int l = 0; l < LANG_COUNT; l++) {
				char *text = ruleset_card_text(&rs->deck.cards[i], (lang_id)l);
				if (strchr(text, '{') || strchr(text, '}'))
					fail_msg("%s card %s (%s): placeholder left in '%s'", rs->id,
						rs->deck.cards[i].id, lang_code((lang_id)l), text);
				free(text);
			}
		char *en = ruleset_card_text(re, LANG_EN);
		assert_non_null(strstr(en, "Roll 2 dice"));
		free(en);
		char *nl = ruleset_card_text(re, LANG_NL);
		assert_non_null(strstr(nl, "Werp 2 dobbelstenen"));
		free(nl);
		char *fr = ruleset_card_text(card_by_id(rs, "attack"), LANG_FR);
		assert_non_null(strstr(fr, "à 3 unités"));
		free(fr);
	}
	/* noord-zuid counts the general in points, with its own text */
	char *nz = ruleset_card_text(card_by_id(get(state, NZ), "sharpshooter"), LANG_EN);
	assert_non_null(strstr(nz, "+1 victory point"));
	free(nz);
	char *bc = ruleset_card_text(card_by_id(get(state, BC150), "sharpshooter"), LANG_EN);
	assert_non_null(strstr(bc, "+1 victory flag"));
	free(bc);

	/* filling leaves other braces and unknown names alone */
	char *odd = ruleset_card_fill(card_by_id(get(state, BC1999), "reinforcements"), "{dice}{nope} {");
	assert_string_equal(odd, "2{nope} {");
	free(odd);
}

/* ---- every display string in three languages ---- */

typedef struct missing_list {
	char text[4096];
	size_t count;
} missing_list;

static void need_l10n(missing_list *m, const char *rs, const char *what, const char *id, const l10n_text *t)
{
	if (l10n_complete(t))
		return;
	m->count++;
	char langs[16] = "";
	for (int l = 0; l < LANG_COUNT; l++)
		if (!t->text[l] || !t->text[l][0]) {
			strcat(langs, " ");
			strcat(langs, lang_code((lang_id)l));
		}
	size_t used = strlen(m->text);
	snprintf(m->text + used, sizeof m->text - used, "\n  %s: %s '%s' lacks%s", rs, what,
		id ? id : "", langs);
}

static void test_texts_in_three_languages(void **state)
{
	missing_list m = { "", 0 };
	size_t strings = 0;
	for (int r = 0; r < RULESET_COUNT; r++) {
		const ruleset *rs = get(state, r);
		const char *id = rs->id;
		need_l10n(&m, id, "ruleset name", id, &rs->name);
		strings++;
		for (size_t i = 0; i < rs->side_count; i++, strings++)
			need_l10n(&m, id, "side", rs->sides[i].id, &rs->sides[i].name);
		for (size_t i = 0; i < rs->face_count; i++, strings++)
			need_l10n(&m, id, "die face", rs->faces[i].id, &rs->faces[i].name);
		for (size_t i = 0; i < rs->attribute_count; i++) {
			const rs_attribute *a = &rs->attributes[i];
			need_l10n(&m, id, "attribute", a->id, &a->name);
			strings++;
			for (size_t k = 0; k < a->value_count; k++, strings++)
				need_l10n(&m, id, "attribute value", a->values[k].id, &a->values[k].name);
		}
		for (size_t i = 0; i < rs->unit_type_count; i++, strings++)
			need_l10n(&m, id, "unit type", rs->unit_types[i].id, &rs->unit_types[i].name);
		need_l10n(&m, id, "general", "general", &rs->general.name);
		need_l10n(&m, id, "fieldworks", "fieldworks", &rs->fieldworks.name);
		strings += 2;
		for (size_t i = 0; i < rs->terrain_count; i++, strings++)
			need_l10n(&m, id, "terrain", rs->terrains[i].id, &rs->terrains[i].name);
		for (size_t i = 0; i < rs->deck.card_count; i++, strings += 2) {
			need_l10n(&m, id, "card name", rs->deck.cards[i].id, &rs->deck.cards[i].name);
			need_l10n(&m, id, "card text", rs->deck.cards[i].id, &rs->deck.cards[i].text);
		}
	}
	if (m.count)
		fail_msg("%zu display strings lack a language:%s", m.count, m.text);
	/* 3 x (name, 2 sides, 5 faces, 3 unit types, general, fieldworks, 16 cards x 2)
	 * + 10/11 terrains + noord-zuid's 4 attributes with 9 values */
	assert_int_equal(strings, 3 * (1 + 2 + 5 + 3 + 2 + 32) + 11 + 11 + 10 + 4 + 9);
}

static void test_l10n_complete_detects_gaps(void **state)
{
	/* the check the test above relies on */
	(void)state;
	l10n_text t = { { NULL } };
	assert_false(l10n_complete(&t));
	assert_true(l10n_empty(&t));
	l10n_set(&t, LANG_EN, "Woods");
	l10n_set(&t, LANG_NL, "Bos");
	assert_false(l10n_complete(&t));
	l10n_set(&t, LANG_FR, "");
	assert_false(l10n_complete(&t));
	l10n_set(&t, LANG_FR, "Bois");
	assert_true(l10n_complete(&t));
	assert_string_equal(l10n_get(&t, LANG_FR), "Bois");
	l10n_set(&t, LANG_NL, NULL);
	assert_string_equal(l10n_get(&t, LANG_NL), "Woods");
	l10n_finish(&t);
	assert_string_equal(l10n_get(&t, LANG_NL), "");
	lang_id l;
	assert_true(lang_parse("FR", &l));
	assert_int_equal(l, LANG_FR);
	assert_false(lang_parse("de", &l));
	assert_false(lang_parse(NULL, &l));
	assert_string_equal(lang_code(LANG_NL), "nl");
}

/* ---- ids that are not rulesets ---- */

static void test_unknown_and_unsafe_ids(void **state)
{
	const loaded *l = *state;
	static const char *const unsafe[] = {
		"../etc", "A", "", "Battlecry-1999", "battlecry-1999/../noord-zuid", "noord_zuid",
		"x.xml", "/etc/passwd", "a b",
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",  /* 65 */
	};
	for (size_t i = 0; i < sizeof unsafe / sizeof unsafe[0]; i++) {
		diag_sink sink;
		diag_sink_init(&sink);
		ruleset *rs = ruleset_load(l->data_dir, unsafe[i], &sink);
		if (rs) {
			ruleset_destroy(rs);
			fail_msg("'%s' loaded as a ruleset", unsafe[i]);
		}
		if (sink.count != 1)
			fail_msg("'%s': %zu diagnostics, expected 1", unsafe[i], sink.count);
		assert_int_equal(sink.items[0].severity, DIAG_ERROR);
		assert_string_equal(sink.items[0].rule, "ruleset");
		assert_non_null(strstr(sink.items[0].message, "is not a ruleset id"));
		diag_sink_finish(&sink);
	}

	/* an id that is safe but has no file */
	diag_sink sink;
	diag_sink_init(&sink);
	assert_null(ruleset_load(l->data_dir, "chess", &sink));
	assert_true(sink.count >= 1);
	assert_int_equal(sink.items[0].severity, DIAG_ERROR);
	bool named = false;
	for (size_t i = 0; i < sink.count; i++)
		named = named || strstr(sink.items[i].file, "chess") || strstr(sink.items[i].message, "chess");
	assert_true(named);
	diag_sink_finish(&sink);
}

static void test_registry(void **state)
{
	const loaded *l = *state;
	ruleset_registry *reg = ruleset_registry_create(l->data_dir);
	diag_sink sink;
	diag_sink_init(&sink);

	char *known = ruleset_registry_known(reg);
	assert_string_equal(known, "battlecry-150, battlecry-1999, mb-remastered, noord-zuid");
	free(known);
	assert_true(ruleset_registry_has(reg, "battlecry-1999"));
	assert_true(ruleset_registry_has(reg, "noord-zuid"));
	assert_false(ruleset_registry_has(reg, "chess"));
	assert_false(ruleset_registry_has(reg, "../rulesets/noord-zuid"));
	assert_false(ruleset_registry_has(reg, "A"));

	const ruleset *a = ruleset_registry_get(reg, "noord-zuid", &sink);
	assert_non_null(a);
	assert_ptr_equal(ruleset_registry_get(reg, "noord-zuid", &sink), a);
	assert_int_equal(sink.count, 0);

	/* not an id: NULL, under rule "ruleset"; asked again, NULL with a
	 * reminder (one line, not the whole report again) for that scenario */
	assert_null(ruleset_registry_get(reg, "../etc", &sink));
	assert_int_equal(sink.count, 1);
	assert_string_equal(sink.items[0].rule, "ruleset");
	assert_null(ruleset_registry_get(reg, "../etc", &sink));
	assert_int_equal(sink.count, 2);
	assert_string_equal(sink.items[1].rule, "ruleset");
	assert_non_null(strstr(sink.items[1].message, "could not be loaded"));
	diag_sink_finish(&sink);
	ruleset_registry_destroy(reg);
	ruleset_registry_destroy(NULL);
}

/* BUG: ruleset.h promises that ruleset_registry_get reports an unknown id
 * under rule "ruleset"; a safe id without a file gives rule "io" ("cannot
 * open the file: No such file or directory", file <data>/rulesets/chess.xml)
 * instead of a message that names the unknown ruleset. */
static void test_registry_unknown_id_rule(void **state)
{
	const loaded *l = *state;
	ruleset_registry *reg = ruleset_registry_create(l->data_dir);
	diag_sink sink;
	diag_sink_init(&sink);
	assert_null(ruleset_registry_get(reg, "chess", &sink));
	assert_int_equal(sink.count, 1);
	const char *rule = sink.items[0].rule;
	bool ok = strcmp(rule, "ruleset") == 0 && strstr(sink.items[0].message, "chess");
	if (!ok)
		print_error("got: %s [%s] in %s\n", sink.items[0].message, rule, sink.items[0].file);
	diag_sink_finish(&sink);
	ruleset_registry_destroy(reg);
	assert_true(ok);
}

/* ---- broken ruleset files in a temporary data directory ---- */

typedef struct tmp_data {
	char dir[64];
	char rulesets[96];
	char names[16][128];
	int count;
} tmp_data;

static int setup_tmp(void **state)
{
	tmp_data *t = calloc(1, sizeof *t);
	if (!t)
		return -1;
	snprintf(t->dir, sizeof t->dir, "/tmp/orbat-ruleset-XXXXXX");
	if (!mkdtemp(t->dir)) {
		free(t);
		return -1;
	}
	snprintf(t->rulesets, sizeof t->rulesets, "%s/rulesets", t->dir);
	if (mkdir(t->rulesets, 0700) != 0) {
		rmdir(t->dir);
		free(t);
		return -1;
	}
	*state = t;
	return 0;
}

static int teardown_tmp(void **state)
{
	tmp_data *t = *state;
	for (int i = 0; i < t->count; i++) {
		char path[256];
		snprintf(path, sizeof path, "%s/%s", t->rulesets, t->names[i]);
		unlink(path);
	}
	rmdir(t->rulesets);
	rmdir(t->dir);
	free(t);
	return 0;
}

static void write_ruleset(tmp_data *t, const char *file, const char *content)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", t->rulesets, file);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(content, f);
	fclose(f);
	assert_true(t->count < 16);
	snprintf(t->names[t->count++], sizeof t->names[0], "%s", file);
}

static void copy_real_ruleset(tmp_data *t, const char *id)
{
	char src[512];
	snprintf(src, sizeof src, "%s/rulesets/%s.xml", data_dir(), id);
	FILE *f = fopen(src, "rb");
	assert_non_null(f);
	static char buf[256 * 1024];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	char file[128];
	snprintf(file, sizeof file, "%s.xml", id);
	write_ruleset(t, file, buf);
}

/* In the message or the file name of a diagnostic. */
static bool any_mention(const diag_sink *sink, const char *part)
{
	for (size_t i = 0; i < sink->count; i++)
		if (strstr(sink->items[i].message, part) || strstr(sink->items[i].file, part))
			return true;
	return false;
}

#define RS_HEAD "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ruleset xmlns=\"urn:orbat:ruleset:1\" "

static void test_ruleset_extends_itself(void **state)
{
	tmp_data *t = *state;
	write_ruleset(t, "loop.xml", RS_HEAD "id=\"loop\" extends=\"loop\" grid=\"hex\" rule-prefix=\"lp\"/>\n");
	write_ruleset(t, "ping.xml", RS_HEAD "id=\"ping\" extends=\"pong\" grid=\"hex\" rule-prefix=\"pp\"/>\n");
	write_ruleset(t, "pong.xml", RS_HEAD "id=\"pong\" extends=\"ping\" grid=\"hex\" rule-prefix=\"pp\"/>\n");
	static const char *const ids[] = { "loop", "ping", "pong" };
	for (size_t i = 0; i < 3; i++) {
		diag_sink sink;
		diag_sink_init(&sink);
		ruleset *rs = ruleset_load(t->dir, ids[i], &sink);
		assert_null(rs);
		if (sink.count != 1) {
			diag_print_text(&sink, 0, sink.count, stderr);
			fail_msg("%s: %zu diagnostics, expected one", ids[i], sink.count);
		}
		assert_string_equal(sink.items[0].rule, "ruleset");
		assert_non_null(strstr(sink.items[0].message, "loop"));
		diag_sink_finish(&sink);
	}
	/* through the registry too: the loop once, then a reminder */
	ruleset_registry *reg = ruleset_registry_create(t->dir);
	diag_sink sink;
	diag_sink_init(&sink);
	assert_null(ruleset_registry_get(reg, "loop", &sink));
	assert_int_equal(sink.count, 1);
	assert_non_null(strstr(sink.items[0].message, "loop"));
	assert_null(ruleset_registry_get(reg, "loop", &sink));
	assert_int_equal(sink.count, 2);
	assert_non_null(strstr(sink.items[1].message, "could not be loaded"));
	diag_sink_finish(&sink);
	ruleset_registry_destroy(reg);
}

/* §11.1: seat lists that leave a player out or seat him twice, and an
 * override that changes one game's order and keeps the other. */
static void test_square_seats(void **state)
{
	tmp_data *t = *state;
	copy_real_ruleset(t, "mb-remastered");
	write_ruleset(t, "seat-twice.xml", RS_HEAD "id=\"seat-twice\" extends=\"mb-remastered\">\n"
		"  <square-players><seats players=\"2\">\n"
		"    <seat side=\"first\" player=\"1\"/><seat side=\"first\" player=\"1\"/>\n"
		"  </seats></square-players>\n"
		"</ruleset>\n");
	write_ruleset(t, "seat-short.xml", RS_HEAD "id=\"seat-short\" extends=\"mb-remastered\">\n"
		"  <square-players><seats players=\"4\">\n"
		"    <seat side=\"first\" player=\"1\"/><seat side=\"second\" player=\"1\"/><seat side=\"first\" player=\"2\"/>\n"
		"  </seats></square-players>\n"
		"</ruleset>\n");
	write_ruleset(t, "seat-player-3.xml", RS_HEAD "id=\"seat-player-3\" extends=\"mb-remastered\">\n"
		"  <square-players><seats players=\"2\">\n"
		"    <seat side=\"first\" player=\"3\"/><seat side=\"second\" player=\"1\"/>\n"
		"  </seats></square-players>\n"
		"</ruleset>\n");
	write_ruleset(t, "bad-limit.xml", RS_HEAD "id=\"bad-limit\" extends=\"mb-remastered\">\n"
		"  <square-victory limit=\"flags\"/>\n"
		"</ruleset>\n");
	static const struct {
		const char *id, *part;
		int line;
	} cases[] = {
		{ "seat-twice", "player 1 has two seats", 4 },
		{ "seat-short", "needs one <seat> for each player of each side", 3 },
		{ "seat-player-3", "player=\"1\" or player=\"2\"", 4 },
		{ "bad-limit", "limit must be cities or none, not 'flags'", 3 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		diag_sink sink;
		diag_sink_init(&sink);
		ruleset *rs = ruleset_load(t->dir, cases[i].id, &sink);
		if (rs) {
			ruleset_destroy(rs);
			fail_msg("%s should not load", cases[i].id);
		}
		if (!sink_says(&sink, cases[i].part)) {
			diag_print_text(&sink, 0, sink.count, stderr);
			fail_msg("%s: no diagnostic with '%s'", cases[i].id, cases[i].part);
		}
		if (sink.items[0].line != cases[i].line) {
			diag_print_text(&sink, 0, sink.count, stderr);
			fail_msg("%s: first diagnostic on line %d, not %d", cases[i].id, sink.items[0].line, cases[i].line);
		}
		diag_sink_finish(&sink);
	}

	/* The second side opens the two-player game; four players keep the
	 * parent's order, and the victory the parent's numbers but one. */
	write_ruleset(t, "second-first.xml", RS_HEAD "id=\"second-first\" extends=\"mb-remastered\">\n"
		"  <square-players><seats players=\"2\">\n"
		"    <seat side=\"second\" player=\"1\"/><seat side=\"first\" player=\"1\"/>\n"
		"  </seats></square-players>\n"
		"  <square-victory hold-turns=\"0\"/>\n"
		"</ruleset>\n");
	diag_sink sink;
	diag_sink_init(&sink);
	ruleset *rs = ruleset_load(t->dir, "second-first", &sink);
	if (sink.count)
		diag_print_text(&sink, 0, sink.count, stderr);
	assert_non_null(rs);
	assert_true(rs->square_seats[2].seats[0].second_side);
	assert_false(rs->square_seats[2].seats[1].second_side);
	assert_int_equal(rs->square_seats[4].count, 4);
	assert_int_equal(rs->square_seats[4].seats[2].player, 2);
	assert_int_equal(rs->square_victory.hold_turns, 0);
	assert_true(rs->square_victory.wipe_out);
	assert_true(rs->square_victory.limit_by_cities);
	ruleset_destroy(rs);
	diag_sink_finish(&sink);
}

static void test_ruleset_file_problems(void **state)
{
	tmp_data *t = *state;
	copy_real_ruleset(t, "battlecry-1999");
	write_ruleset(t, "wrong-id.xml", RS_HEAD "id=\"other\" extends=\"battlecry-1999\"/>\n");
	write_ruleset(t, "orphan.xml", RS_HEAD "id=\"orphan\" extends=\"missing-parent\"/>\n");
	write_ruleset(t, "broken.xml", RS_HEAD "id=\"broken\" extends=\"battlecry-1999\">\n<terrain id=\"x\">\n</ruleset>\n");
	write_ruleset(t, "not-a-ruleset.xml", "<scenario id=\"not-a-ruleset\"/>\n");
	write_ruleset(t, "empty-rules.xml", RS_HEAD "id=\"empty-rules\" grid=\"hex\"/>\n");
	write_ruleset(t, "bad-values.xml", RS_HEAD "id=\"bad-values\" extends=\"battlecry-1999\">\n"
		"  <unit-type id=\"infantry\" figures=\"four\"/>\n"
		"  <terrain id=\"woods\" stop=\"yes\"/>\n"
		"  <terrain><name xml:lang=\"en\">Nameless</name></terrain>\n"
		"  <side id=\"union\"><name xml:lang=\"de\">Union</name></side>\n"
		"</ruleset>\n");
	write_ruleset(t, "bad-symbol.xml", RS_HEAD "id=\"bad-symbol\" extends=\"battlecry-1999\">\n"
		"  <unit-type id=\"cavalry\" symbol=\"horse\"/>\n"
		"</ruleset>\n");
	write_ruleset(t, "bad-cards.xml", RS_HEAD "id=\"bad-cards\" extends=\"battlecry-1999\">\n"
		"  <deck>\n"
		"    <card id=\"rally\" dice=\"many\"/>\n"
		"    <card id=\"short-supply\" until=\"the-sea\"/>\n"
		"  </deck>\n"
		"</ruleset>\n");
	/* well-formed values that name what the die or the unit types lack */
	write_ruleset(t, "bad-faces.xml", RS_HEAD "id=\"bad-faces\" extends=\"battlecry-1999\">\n"
		"  <deck>\n"
		"    <card id=\"reinforcements\"><face id=\"eagle\" unit=\"infantry\"/><face id=\"flag\" unit=\"zouaves\"/></card>\n"
		"    <card id=\"sharpshooter\" hit-faces=\"sabres cannon\"/>\n"
		"  </deck>\n"
		"</ruleset>\n");
	static const struct {
		const char *id, *part;
		int line;         /* of the first diagnostic; -1 when not checked */
	} cases[] = {
		{ "bad-cards", "dice must be a number of dice from 0 to 20 or hand, not 'many'", 4 },
		{ "wrong-id", "declares id 'other', expected 'wrong-id'", 2 },
		{ "orphan", "missing-parent", -1 },
		{ "broken", "not well-formed", -1 },
		{ "not-a-ruleset", "root element must be <ruleset", 1 },
		{ "empty-rules", "lacks", 0 },
		{ "bad-values", "is not a whole number: 'four'", 3 },
		{ "bad-symbol", "symbol must be none, cross, slash, dot, hull or armoured-hull, not 'horse'", 3 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		diag_sink sink;
		diag_sink_init(&sink);
		ruleset *rs = ruleset_load(t->dir, cases[i].id, &sink);
		if (rs) {
			ruleset_destroy(rs);
			fail_msg("%s should not load", cases[i].id);
		}
		if (sink.count < 1 || !any_mention(&sink, cases[i].part)) {
			diag_print_text(&sink, 0, sink.count, stderr);
			fail_msg("%s: no diagnostic with '%s'", cases[i].id, cases[i].part);
		}
		assert_int_equal(sink.items[0].severity, DIAG_ERROR);
		if (cases[i].line >= 0)
			assert_int_equal(sink.items[0].line, cases[i].line);
		diag_sink_finish(&sink);
	}

	/* every problem of bad-values.xml, each at its line */
	diag_sink sink;
	diag_sink_init(&sink);
	assert_null(ruleset_load(t->dir, "bad-values", &sink));
	diag_sort(&sink, 0);
	assert_int_equal(sink.count, 4);
	assert_int_equal(sink.items[0].line, 3);
	assert_int_equal(sink.items[0].column, 28);   /* the figures attribute */
	assert_int_equal(sink.items[1].line, 4);
	assert_non_null(strstr(sink.items[1].message, "true or false, not 'yes'"));
	assert_int_equal(sink.items[2].line, 5);
	assert_non_null(strstr(sink.items[2].message, "needs an id"));
	assert_int_equal(sink.items[3].line, 6);
	assert_int_equal(sink.items[3].column, 26);   /* the xml:lang attribute */
	assert_non_null(strstr(sink.items[3].message, "xml:lang en, nl or fr, not 'de'"));
	diag_sink_finish(&sink);

	/* each problem of the special cards, the cross checks included */
	diag_sink_init(&sink);
	assert_null(ruleset_load(t->dir, "bad-cards", &sink));
	assert_true(sink_says(&sink, "not 'many'"));
	assert_true(sink_says(&sink, "until must be home-row, not 'the-sea'"));
	diag_sink_finish(&sink);
	diag_sink_init(&sink);
	assert_null(ruleset_load(t->dir, "bad-faces", &sink));
	assert_true(sink_says(&sink, "names die face 'eagle'"));
	assert_true(sink_says(&sink, "names unit type 'zouaves'"));
	assert_true(sink_says(&sink, "names hit face 'cannon'"));
	diag_sink_finish(&sink);

	/* what an empty ruleset lacks, one diagnostic each */
	diag_sink_init(&sink);
	assert_null(ruleset_load(t->dir, "empty-rules", &sink));
	assert_true(sink_says(&sink, "lacks rule-prefix"));
	assert_true(sink_says(&sink, "lacks exactly two <side> entries"));
	assert_true(sink_says(&sink, "lacks a <unit-type>"));
	assert_true(sink_says(&sink, "lacks <general move>"));
	for (size_t i = 0; i < sink.count; i++)
		assert_string_equal(sink.items[i].rule, "ruleset");
	diag_sink_finish(&sink);
}

static void test_ruleset_terrain_looks(void **state)
{
	/* How terrain prints is data: a new type with a look gets it, one
	 * without prints as a named grey fill, an override changes only what
	 * it states, and a bad colour or pattern is reported at its line. */
	tmp_data *t = *state;
	copy_real_ruleset(t, "battlecry-1999");
	write_ruleset(t, "looks.xml", RS_HEAD "id=\"looks\" extends=\"battlecry-1999\" rule-prefix=\"lk\">\n"
		"  <terrain id=\"swamp\"><name xml:lang=\"en\">Swamp</name></terrain>\n"
		"  <terrain id=\"marsh\"><look fill=\"#a0C0b0\" pattern=\"rough\" label=\"#204020\"/></terrain>\n"
		"  <terrain id=\"meadow\"><look fill=\"#E0F0C0\"/></terrain>\n"
		"  <terrain id=\"woods\"><look fill=\"#112233\"/></terrain>\n"
		"  <terrain id=\"hill\"><look label=\"#010203\"/></terrain>\n"
		"</ruleset>\n");
	write_ruleset(t, "bad-looks.xml", RS_HEAD "id=\"bad-looks\" extends=\"battlecry-1999\">\n"
		"  <terrain id=\"marsh\"><look fill=\"green\"/></terrain>\n"
		"  <terrain id=\"woods\"><look pattern=\"palms\" label=\"#12345\"/></terrain>\n"
		"</ruleset>\n");
	diag_sink sink;
	diag_sink_init(&sink);
	ruleset *rs = ruleset_load(t->dir, "looks", &sink);
	if (!rs)
		diag_print_text(&sink, 0, sink.count, stderr);
	assert_non_null(rs);
	diag_sink_finish(&sink);

	const rs_look *swamp = &ruleset_find_terrain(rs, "swamp")->look;
	assert_memory_equal(swamp, &ruleset_default_look, sizeof *swamp);
	assert_true(swamp->named);
	assert_int_equal(swamp->pattern, RS_PATTERN_NONE);

	const rs_look *marsh = &ruleset_find_terrain(rs, "marsh")->look;
	assert_int_equal(marsh->fill.r, 0xA0);
	assert_int_equal(marsh->fill.g, 0xC0);
	assert_int_equal(marsh->fill.b, 0xB0);
	assert_int_equal(marsh->pattern, RS_PATTERN_ROUGH);
	assert_true(marsh->named);
	assert_int_equal(marsh->label.g, 0x40);

	const rs_look *meadow = &ruleset_find_terrain(rs, "meadow")->look;
	assert_false(meadow->named);              /* a look without label writes no name */
	assert_int_equal(meadow->pattern, RS_PATTERN_NONE);

	const rs_look *woods = &ruleset_find_terrain(rs, "woods")->look;
	assert_int_equal(woods->fill.r, 0x11);
	assert_int_equal(woods->pattern, RS_PATTERN_TREES); /* not restated: kept */
	assert_false(woods->named);
	const rs_look *hill = &ruleset_find_terrain(rs, "hill")->look;
	assert_true(hill->named);
	assert_int_equal(hill->label.b, 0x03);
	assert_int_equal(hill->pattern, RS_PATTERN_HILL);
	assert_int_equal(hill->fill.r, 0xE8);
	ruleset_destroy(rs);

	diag_sink_init(&sink);
	assert_null(ruleset_load(t->dir, "bad-looks", &sink));
	diag_sort(&sink, 0);
	assert_int_equal(sink.count, 3);
	assert_int_equal(sink.items[0].line, 3);
	assert_non_null(strstr(sink.items[0].message, "fill must be a colour written #RRGGBB, not 'green'"));
	assert_int_equal(sink.items[1].line, 4);
	assert_non_null(strstr(sink.items[1].message, "not 'palms'"));
	assert_non_null(strstr(sink.items[2].message, "label must be a colour written #RRGGBB, not '#12345'"));
	diag_sink_finish(&sink);
}

static void test_bundled_terrain_looks(void **state)
{
	/* Every bundled terrain says how it looks: none prints as the grey
	 * fallback with its name; water keeps its watercourse. */
	static const char *const ids[] = { "battlecry-1999", "battlecry-150", "noord-zuid", "mb-remastered" };
	(void)state;
	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		diag_sink sink;
		diag_sink_init(&sink);
		ruleset *rs = ruleset_load(data_dir(), ids[i], &sink);
		diag_sink_finish(&sink);
		assert_non_null(rs);
		for (size_t k = 0; k < rs->terrain_count; k++) {
			const rs_terrain *tr = &rs->terrains[k];
			if (tr->look.named || memcmp(&tr->look.fill, &ruleset_default_look.fill, sizeof tr->look.fill) == 0)
				fail_msg("%s: terrain %s has no look of its own", ids[i], tr->id);
			if (tr->water && tr->look.pattern != RS_PATTERN_STREAM && tr->look.pattern != RS_PATTERN_RIVER
				&& tr->look.pattern != RS_PATTERN_WAVES)
				fail_msg("%s: water terrain %s is not drawn as water", ids[i], tr->id);
		}
		ruleset_destroy(rs);
	}
}

static void test_ruleset_override_semantics(void **state)
{
	/* A child states attributes (replacing the parent's), lists (replacing
	 * the parent's list whole), new entries and removals. */
	tmp_data *t = *state;
	copy_real_ruleset(t, "battlecry-1999");
	write_ruleset(t, "custom.xml", RS_HEAD "id=\"custom\" extends=\"battlecry-1999\" rule-prefix=\"cu\">\n"
		"  <unit-type id=\"artillery\" figures=\"5\">\n"
		"    <dice>6 5</dice>\n"
		"  </unit-type>\n"
		"  <unit-type id=\"cavalry\" absent=\"true\"/>\n"
		"  <terrain id=\"rough\" absent=\"true\"/>\n"
		"  <terrain id=\"swamp\" stop=\"true\" target-dice=\"-1\">\n"
		"    <name xml:lang=\"en\">Swamp</name>\n"
		"  </terrain>\n"
		"  <terrain id=\"woods\" target-dice=\"-3\"/>\n"
		"  <deck>\n"
		"    <card id=\"rally\" absent=\"true\"/>\n"
		"    <card id=\"recon\" centre=\"6\"/>\n"
		"    <card id=\"own\" order=\"special\" any=\"2\"><name xml:lang=\"en\">Own</name></card>\n"
		"    <card id=\"reinforcements\" dice=\"3\">\n"
		"      <face id=\"flag\" unit=\"any\"/>\n"
		"    </card>\n"
		"  </deck>\n"
		"</ruleset>\n");
	diag_sink sink;
	diag_sink_init(&sink);
	ruleset *rs = ruleset_load(t->dir, "custom", &sink);
	if (!rs)
		diag_print_text(&sink, 0, sink.count, stderr);
	assert_non_null(rs);
	assert_int_equal(sink.count, 0);
	assert_string_equal(rs->rule_prefix, "cu");
	assert_string_equal(rs->extends, "battlecry-1999");
	const rs_unit_type *art = ruleset_find_unit_type(rs, "artillery");
	assert_int_equal(art->figures, 5);
	assert_int_equal(art->dice_count, 1);
	assert_int_equal(art->dice[0].count, 2);
	assert_int_equal(art->dice[0].by_distance[0], 6);
	assert_int_equal(art->dice[0].by_distance[1], 5);
	assert_int_equal(art->move_count, 2);     /* not restated: kept */
	assert_int_equal(art->hill_dice, 1);
	assert_null(ruleset_find_unit_type(rs, "cavalry"));
	assert_int_equal(rs->unit_type_count, 2);
	assert_null(ruleset_find_terrain(rs, "rough"));
	const rs_terrain *swamp = ruleset_find_terrain(rs, "swamp");
	assert_non_null(swamp);
	assert_true(swamp->passable);             /* a new terrain is passable unless stated */
	assert_true(swamp->stop);
	const rs_terrain *woods = ruleset_find_terrain(rs, "woods");
	assert_int_equal(woods->target_dice, -3);
	assert_true(woods->stop);                 /* not restated: kept */
	assert_true(woods->blocks_los);
	assert_string_equal(woods->name.text[LANG_NL], "Bos");
	/* a <face> list replaces the inherited one whole (and so drops the
	 * removed cavalry); attributes not restated are kept */
	const rs_card *re = ruleset_find_card(rs, "reinforcements");
	assert_non_null(re);
	assert_int_equal(re->dice, 3);
	assert_int_equal(re->per_face, 1);
	assert_int_equal(re->face_count, 1);
	assert_string_equal(re->faces[0].face, "flag");
	char *text = ruleset_card_text(re, LANG_EN);
	assert_non_null(strstr(text, "Roll 3 dice"));
	free(text);
	/* 58 - 1 (rally) + 1 (recon centre 5 -> 6) + 2 (own) */
	assert_int_equal(ruleset_deck_size(rs), 60);
	ruleset_destroy(rs);
	diag_sink_finish(&sink);
}

/* ---- §11: mb-remastered, the square-grid ruleset ---- */

static void assert_place(const rs_square_place *places, size_t count, const char *id, const char *side,
	const char *en_name)
{
	for (size_t i = 0; i < count; i++) {
		if (strcmp(places[i].id, id) != 0)
			continue;
		assert_string_equal(places[i].side, side);
		assert_string_equal(l10n_get(&places[i].name, LANG_EN), en_name);
		assert_true(l10n_complete(&places[i].name));
		return;
	}
	fail_msg("'%s' is missing", id);
}

static void test_mb_remastered(void **state)
{
	const loaded *l = *state;
	diag_sink sink;
	diag_sink_init(&sink);
	ruleset *rs = ruleset_load(l->data_dir, "mb-remastered", &sink);
	if (sink.count)
		diag_print_text(&sink, 0, sink.count, stderr);
	assert_int_equal(sink.count, 0);
	assert_non_null(rs);
	assert_int_equal(rs->grid, GRID_SQUARE);
	assert_string_equal(ruleset_rule(rs, "11.units"), "mb-11.units");
	assert_true(l10n_complete(&rs->name));
	assert_non_null(ruleset_find_side(rs, "union"));
	assert_non_null(ruleset_find_side(rs, "confederate"));
	assert_true(l10n_complete(&ruleset_find_side(rs, "confederate")->name));
	assert_int_equal(ruleset_unit_symbol(rs, "gunboat"), RS_SYMBOL_HULL);
	assert_int_equal(ruleset_unit_symbol(rs, "ironclad"), RS_SYMBOL_ARMOURED_HULL);
	assert_int_equal(ruleset_unit_symbol(rs, "infantry"), RS_SYMBOL_CROSS);
	assert_int_equal(ruleset_unit_symbol(rs, "general"), RS_SYMBOL_NONE);

	/* The unit table of §11: cost, move, attack, defend, hits, carries,
	 * diagonal, range; -1 cost: not bought. */
	static const struct {
		const char *id;
		int cost, move, attack, defend, hits, carries;
		bool diagonal;
		int range;
		bool naval, leader;
	} table[] = {
		{ "infantry", 1, 1, 1, 1, 1, 0, false, 1, false, false },
		{ "cavalry", 2, 2, 2, 2, 1, 0, true, 1, false, false },
		{ "artillery", 3, 2, 3, 3, 1, 0, true, 2, false, false },
		/* No attack factor, so no range of fire: his 4 is his bonus's reach. */
		{ "general", -1, 4, 0, 2, 1, 0, false, 0, false, true },
		{ "gunboat", 4, 2, 2, 2, 1, 1, false, 1, true, false },
		{ "ironclad", 8, 2, 4, 4, 2, 2, false, 1, true, false },
	};
	assert_int_equal(rs->square.unit_count, sizeof table / sizeof table[0]);
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
		const rs_square_unit *u = ruleset_find_square_unit(rs, table[i].id);
		assert_non_null(u);
		assert_int_equal(u->cost, table[i].cost);
		assert_int_equal(u->move, table[i].move);
		assert_int_equal(u->attack, table[i].attack);
		assert_int_equal(u->defend, table[i].defend);
		assert_int_equal(u->hits, table[i].hits);
		assert_int_equal(u->carries, table[i].carries);
		assert_int_equal(u->diagonal, table[i].diagonal);
		assert_int_equal(u->range, table[i].range);
		assert_int_equal(u->naval, table[i].naval);
		assert_int_equal(u->leader, table[i].leader);
		assert_true(l10n_complete(&u->name));
	}
	assert_int_equal(ruleset_find_square_unit(rs, "cavalry")->covers_retreats, 1);
	assert_int_equal(ruleset_find_square_unit(rs, "cavalry")->cover_range, 2);
	assert_true(ruleset_find_square_unit(rs, "artillery")->fires_first);
	assert_true(ruleset_find_square_unit(rs, "artillery")->coastal_fire);
	assert_null(ruleset_find_square_unit(rs, "dragoon"));

	/* Purchases, combat, generals, entrenchment. */
	assert_int_equal(rs->square.purchase_points, 5);
	assert_string_equal(rs->square.limited_unit, "infantry");
	assert_int_equal(rs->square.purchase_limit, 2);
	assert_true(rs->square.save_limit);
	assert_int_equal(rs->square.die_faces, 6);
	assert_int_equal(rs->square.general_range, 4);
	assert_int_equal(rs->square.general_bonus, 1);
	assert_string_equal(rs->square.entrench_unit, "infantry");
	assert_int_equal(rs->square.entrench_bonus, 1);
	assert_int_equal(rs->square.entrench_general_bonus, 2);

	/* The five steps of the turn, each in three languages. */
	static const char *const steps[] = { "buy", "move", "combat", "redeploy", "place" };
	assert_int_equal(rs->square.step_count, 5);
	for (size_t i = 0; i < 5; i++) {
		assert_string_equal(rs->square.steps[i].id, steps[i]);
		assert_true(l10n_complete(&rs->square.steps[i].name));
	}

	/* Sea, ports, capitals. */
	assert_int_equal(rs->square.sea_zones, 8);
	assert_int_equal(rs->square.naval_rounds, 1);
	assert_int_equal(rs->square.placements_per_city, 1);
	assert_int_equal(rs->square.port_count, 7);
	assert_place(rs->square.ports, rs->square.port_count, "boston", "union", "Boston");
	assert_place(rs->square.ports, rs->square.port_count, "new-york", "union", "New York");
	assert_place(rs->square.ports, rs->square.port_count, "norfolk", "confederate", "Norfolk");
	assert_place(rs->square.ports, rs->square.port_count, "charleston", "confederate", "Charleston");
	assert_place(rs->square.ports, rs->square.port_count, "savannah", "confederate", "Savannah");
	assert_place(rs->square.ports, rs->square.port_count, "new-orleans", "confederate", "New Orleans");
	assert_place(rs->square.ports, rs->square.port_count, "mobile", "confederate", "Mobile");
	assert_string_equal(rs->square.ports[5].coast, "gulf");
	assert_string_equal(rs->square.ports[0].coast, "east");
	assert_int_equal(rs->square.capital_count, 2);
	assert_place(rs->square.capitals, rs->square.capital_count, "washington", "union", "Washington");
	assert_place(rs->square.capitals, rs->square.capital_count, "richmond", "confederate", "Richmond");
	assert_int_equal(rs->square.capital_income_loss, 1);
	assert_true(rs->square.capital_bonus_lost);

	/* Generals: Lee and Grant in the two-player game; Jackson and
	 * Sheridan join them in the four-player game. */
	assert_int_equal(rs->square.player_counts, (1u << 2) | (1u << 4));
	assert_int_equal(rs->square.general_count, 4);
	assert_int_equal(ruleset_find_square_general(rs, "lee")->players, (1u << 2) | (1u << 4));
	assert_int_equal(ruleset_find_square_general(rs, "grant")->players, (1u << 2) | (1u << 4));
	assert_int_equal(ruleset_find_square_general(rs, "jackson")->players, 1u << 4);
	assert_int_equal(ruleset_find_square_general(rs, "sheridan")->players, 1u << 4);
	assert_string_equal(ruleset_find_square_general(rs, "jackson")->side, "confederate");
	assert_string_equal(ruleset_find_square_general(rs, "sheridan")->side, "union");

	/* §11.1: the turn order: first side, second side; with four players
	 * first 1, second 1, first 2, second 2. */
	const rs_seat_order *two = ruleset_square_seats(rs, 2), *four = ruleset_square_seats(rs, 4);
	assert_non_null(two);
	assert_non_null(four);
	assert_null(ruleset_square_seats(rs, 3));
	assert_null(ruleset_square_seats(rs, 5));
	assert_null(ruleset_square_seats(rs, 0));
	static const rs_seat order2[] = { { false, 1 }, { true, 1 } };
	static const rs_seat order4[] = { { false, 1 }, { true, 1 }, { false, 2 }, { true, 2 } };
	assert_int_equal(two->count, 2);
	assert_int_equal(four->count, 4);
	for (size_t i = 0; i < 2; i++) {
		assert_int_equal(two->seats[i].second_side, order2[i].second_side);
		assert_int_equal(two->seats[i].player, order2[i].player);
	}
	for (size_t i = 0; i < 4; i++) {
		assert_int_equal(four->seats[i].second_side, order4[i].second_side);
		assert_int_equal(four->seats[i].player, order4[i].player);
	}
	/* Victory: the capital held through one enemy turn, wipe-out, cities
	 * at a turn limit. */
	assert_true(rs->square_victory.given);
	assert_int_equal(rs->square_victory.hold_turns, 1);
	assert_true(rs->square_victory.wipe_out);
	assert_true(rs->square_victory.limit_by_cities);

	/* Terrain of the square map. */
	assert_non_null(ruleset_find_terrain(rs, "clear"));
	assert_non_null(ruleset_find_terrain(rs, "mountain"));
	assert_true(ruleset_find_terrain(rs, "sea")->water);
	assert_false(ruleset_find_terrain(rs, "mountain")->water);

	ruleset_destroy(rs);
	diag_sink_finish(&sink);
}

int main(void)
{
	const struct CMUnitTest data_tests[] = {
		cmocka_unit_test(test_load_each_ruleset),
		cmocka_unit_test(test_rule_prefixes),
		cmocka_unit_test(test_figures),
		cmocka_unit_test(test_dice_tables),
		cmocka_unit_test(test_dice_modifiers),
		cmocka_unit_test(test_moves),
		cmocka_unit_test(test_terrain_table),
		cmocka_unit_test(test_inheritance_battlecry_150),
		cmocka_unit_test(test_inheritance_noord_zuid),
		cmocka_unit_test(test_noord_zuid_attributes),
		cmocka_unit_test(test_noord_zuid_retreat_thresholds),
		cmocka_unit_test(test_die_faces),
		cmocka_unit_test(test_deck),
		cmocka_unit_test(test_special_cards),
		cmocka_unit_test(test_counter_symbols),
		cmocka_unit_test(test_texts_in_three_languages),
		cmocka_unit_test(test_l10n_complete_detects_gaps),
		cmocka_unit_test(test_unknown_and_unsafe_ids),
		cmocka_unit_test(test_registry),
		cmocka_unit_test(test_registry_unknown_id_rule),
		cmocka_unit_test(test_mb_remastered),
	};
	const struct CMUnitTest file_tests[] = {
		cmocka_unit_test_setup_teardown(test_ruleset_extends_itself, setup_tmp, teardown_tmp),
		cmocka_unit_test_setup_teardown(test_ruleset_file_problems, setup_tmp, teardown_tmp),
		cmocka_unit_test_setup_teardown(test_square_seats, setup_tmp, teardown_tmp),
		cmocka_unit_test_setup_teardown(test_ruleset_override_semantics, setup_tmp, teardown_tmp),
		cmocka_unit_test_setup_teardown(test_ruleset_terrain_looks, setup_tmp, teardown_tmp),
		cmocka_unit_test(test_bundled_terrain_looks),
	};
	int failed = cmocka_run_group_tests_name("ruleset data", data_tests, setup_rulesets, teardown_rulesets);
	failed += cmocka_run_group_tests_name("ruleset files", file_tests, NULL, NULL);
	return failed;
}
