/* orbat ask on the square grid (rules digest §11): attack legality by unit
 * type and geometry, each side's hit chance with its modifiers, and
 * purchases.  Expected values come from the digest's table and text:
 *   infantry  cost 1, attack 1, defend 1, across a side only, entrenches in
 *             a city: +1 defence (+2 with a general in range)
 *   cavalry   cost 2, attack 2, defend 2, also diagonally
 *   artillery cost 3, attack 3, defend 3, also diagonally, range 2, fires first
 *   general   defends at 2, +1 to friendly units within 4 squares
 *   gunboat 4, ironclad 8; 5 points a turn, at most 2 infantry a turn, the
 *   unused allowance saved.  A hit is a roll of a die at or below the factor.
 * Positions are mb-1861.xml (the map, its cities) with the forces replaced,
 * built through the real scenario compiler. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/util.h"
#include "geo/square.h"
#include "rules/square/sq_ask.h"
#include "validate/validate.h"
#include "sq_fixture.h"

/* A reason whose text holds `part`, or whose rule id is `part`. */
static bool has_reason(const rules_reasons *why, const char *part)
{
	for (int i = 0; i < why->count; i++)
		if (strstr(why->items[i].message, part) || strcmp(why->items[i].rule, part) == 0)
			return true;
	return false;
}

/* Generals far from the action unless a row places them. */
#define FAR_GRANT "<general id=\"grant\" at=\"A13\"/>"
#define FAR_LEE "<general id=\"lee\" at=\"C12\"/>"

#define U(type, id, sq) "<unit id=\"" id "\" type=\"" type "\" at=\"" sq "\"/>"

typedef struct attack_row {
	const char *what;
	const char *union_forces;
	const char *confederate_forces;
	const char *from, *to;
	bool error;          /* a question about nothing */
	bool allowed;
	int attack, defend;  /* factors; -1: not checked */
	bool defender_rolls;
	const char *reason;  /* a part of one reason; NULL: none checked */
} attack_row;

static const attack_row attack_rows[] = {
	/* legality by type and geometry, no general near (rows 1 to 6 are 7+ squares from A13 and C12) */
	{ "infantry across a side", FAR_GRANT U("infantry", "u1", "B2"), FAR_LEE U("infantry", "c1", "B3"),
		"B2", "B3", false, true, 1, 1, true, "mb-11.combat" },
	{ "infantry across a corner", FAR_GRANT U("infantry", "u1", "B2"), FAR_LEE U("infantry", "c1", "C3"),
		"B2", "C3", false, false, -1, -1, false, "only across a square's side" },
	{ "infantry two squares", FAR_GRANT U("infantry", "u1", "B2"), FAR_LEE U("infantry", "c1", "B4"),
		"B2", "B4", false, false, -1, -1, false, "mb-11.combat" },
	{ "cavalry across a side", FAR_GRANT U("cavalry", "u1", "B2"), FAR_LEE U("infantry", "c1", "C2"),
		"B2", "C2", false, true, 2, 1, true, NULL },
	/* Infantry attacked across a corner does not roll (it fights only
	 * across a side, attacking or defending). */
	{ "cavalry across a corner", FAR_GRANT U("cavalry", "u1", "B2"), FAR_LEE U("infantry", "c1", "C3"),
		"B2", "C3", false, true, 2, 1, false, "touches C3 only at a corner" },
	{ "cavalry across a corner at cavalry", FAR_GRANT U("cavalry", "u1", "B2"), FAR_LEE U("cavalry", "c1", "C3"),
		"B2", "C3", false, true, 2, 2, true, NULL },
	{ "cavalry two squares", FAR_GRANT U("cavalry", "u1", "B2"), FAR_LEE U("cavalry", "c1", "B4"),
		"B2", "B4", false, false, -1, -1, false, "range 1" },
	{ "artillery adjacent, fires first", FAR_GRANT U("artillery", "u1", "B2"), FAR_LEE U("cavalry", "c1", "C2"),
		"B2", "C2", false, true, 3, 2, true, "fires first" },
	{ "artillery corner", FAR_GRANT U("artillery", "u1", "B2"), FAR_LEE U("infantry", "c1", "A1"),
		"B2", "A1", false, true, 3, 1, false, NULL },
	{ "artillery range 2 straight", FAR_GRANT U("artillery", "u1", "B2"), FAR_LEE U("infantry", "c1", "B4"),
		"B2", "B4", false, true, 3, 1, false, "2 squares away" },
	{ "artillery range 2 diagonal", FAR_GRANT U("artillery", "u1", "B2"), FAR_LEE U("infantry", "c1", "D4"),
		"B2", "D4", false, true, 3, 1, false, NULL },
	{ "artillery range 2 knight's step", FAR_GRANT U("artillery", "u1", "B2"), FAR_LEE U("infantry", "c1", "C4"),
		"B2", "C4", false, true, 3, 1, false, NULL },
	/* No defender answers from 2 squares, artillery included. */
	{ "artillery against artillery at 2", FAR_GRANT U("artillery", "u1", "B2"), FAR_LEE U("artillery", "c1", "D2"),
		"B2", "D2", false, true, 3, 3, false, "fires back only at an attacker next to it" },
	{ "artillery three squares", FAR_GRANT U("artillery", "u1", "B2"), FAR_LEE U("infantry", "c1", "E2"),
		"B2", "E2", false, false, -1, -1, false, "range 2" },
	{ "friendly target", FAR_GRANT U("infantry", "u1", "B2") U("infantry", "u2", "B3"), FAR_LEE,
		"B2", "B3", false, false, -1, -1, false, "friendly" },
	{ "empty square", FAR_GRANT U("infantry", "u1", "B2"), FAR_LEE, "B2", "B3", false, false, -1, -1, false,
		"nothing to attack" },
	{ "no unit at FROM", FAR_GRANT U("infantry", "u1", "B2"), FAR_LEE U("infantry", "c1", "B4"),
		"B3", "B4", true, false, -1, -1, false, NULL },
	{ "a general does not attack", "<general id=\"grant\" at=\"B2\"/>", FAR_LEE U("infantry", "c1", "B3"),
		"B2", "B3", true, false, -1, -1, false, NULL },
	{ "off the board", FAR_GRANT U("infantry", "u1", "B2"), FAR_LEE, "B2", "Z40", true, false, -1, -1, false,
		"mb-11.board" },

	/* modifiers */
	{ "general +1 to the attacker", "<general id=\"grant\" at=\"B1\"/>" U("infantry", "u1", "B2"),
		FAR_LEE U("infantry", "c1", "B3"), "B2", "B3", false, true, 2, 1, true, "mb-11.generals" },
	{ "general 4 squares away (diagonal steps)", "<general id=\"grant\" at=\"F6\"/>" U("cavalry", "u1", "B2"),
		FAR_LEE U("infantry", "c1", "B3"), "B2", "B3", false, true, 3, 1, true, "4 squares away" },
	{ "general 5 squares away", "<general id=\"grant\" at=\"G2\"/>" U("cavalry", "u1", "B2"),
		FAR_LEE U("infantry", "c1", "B3"), "B2", "B3", false, true, 2, 1, true, NULL },
	{ "general +1 to the defender", FAR_GRANT U("artillery", "u1", "B2"),
		"<general id=\"lee\" at=\"D5\"/>" U("artillery", "c1", "B3"), "B2", "B3", false, true, 3, 4, true,
		"+1 defence" },
	{ "both generals", "<general id=\"grant\" at=\"A2\"/>" U("artillery", "u1", "B2"),
		"<general id=\"lee\" at=\"D5\"/>" U("artillery", "c1", "B3"), "B2", "B3", false, true, 4, 4, true, NULL },
	/* A land unit far away: a side without one has lost (§11.1), and the
	 * referee refuses every action of a game that is over. */
	{ "lone general defends at 2, never fires back", FAR_GRANT U("cavalry", "u1", "B2"),
		"<general id=\"lee\" at=\"B3\"/>" U("infantry", "c9", "C12"),
		"B2", "B3", false, true, 2, 2, false, "a general has no attack factor" },
	{ "a lone general within 4 does not answer artillery", FAR_GRANT U("artillery", "u1", "B2"),
		"<general id=\"lee\" at=\"B4\"/>" U("infantry", "c9", "C12"),
		"B2", "B4", false, true, 3, 2, false, "a general has no attack factor" },
	{ "infantry entrenched in a city", FAR_GRANT U("infantry", "u1", "I4"), FAR_LEE U("cavalry", "c1", "I5"),
		"I5", "I4", false, true, 2, 2, true, "entrenched in Pittsburgh" },
	{ "entrenched with a general in range", "<general id=\"grant\" at=\"I2\"/>" U("infantry", "u1", "I4"),
		FAR_LEE U("cavalry", "c1", "I5"), "I5", "I4", false, true, 2, 3, true, "+2 defence" },
	{ "cavalry in a city does not entrench", FAR_GRANT U("cavalry", "u1", "I4"), FAR_LEE U("cavalry", "c1", "I5"),
		"I5", "I4", false, true, 2, 2, true, NULL },
	{ "infantry attacking from a city", FAR_GRANT U("infantry", "u1", "I3"), FAR_LEE U("infantry", "c1", "I4"),
		"I3", "I4", false, true, 1, 2, true, "entrenched" },
};

/* A rule id of the table ("mb-11.combat") as cited under `prefix`; other
 * texts as they are.  Allocated. */
static char *cited(const char *text, const char *prefix)
{
	if (strncmp(text, "mb-11.", 6) == 0)
		return xasprintf("%s%s", prefix, text + 6);
	return xstrdup(text);
}

/* The attack table on the ruleset as bundled (its rule ids mb-11.X), or
 * with every section renumbered in the loaded data (mb-99.X): each reason
 * cites a rule of the data. */
static void attack_table(bool renumbered)
{
	const char *prefix = renumbered ? "mb-99." : "mb-11.";
	for (size_t i = 0; i < sizeof attack_rows / sizeof *attack_rows; i++) {
		const attack_row *r = &attack_rows[i];
		sq_fixture f;
		sq_fixture_load(&f, "mb-1861.xml", r->union_forces, r->confederate_forces);
		if (renumbered)
			sq_fixture_renumber_rules(&f);
		ask_sq_attack a;
		ask_square_attack(f.g, r->from, r->to, &a);
		print_message("%s: %s %s allowed=%d attack=%d defend=%d\n", r->what, r->from, r->to, a.allowed,
			a.attacker.factor, a.defender.factor);
		assert_int_equal(a.why.error, r->error);
		assert_int_equal(a.allowed, r->allowed);
		assert_true(a.why.count > 0);
		for (int k = 0; k < a.why.count; k++)
			assert_int_equal(strncmp(a.why.items[k].rule, prefix, 6), 0);
		/* A question about nothing says why in its first reason. */
		assert_int_equal(a.why.errors[0], r->error);
		if (r->reason) {
			char *want = cited(r->reason, prefix);
			assert_true(has_reason(&a.why, want));
			free(want);
		}
		if (r->allowed) {
			assert_int_equal(a.attacker.factor, r->attack);
			assert_int_equal(a.defender.factor, r->defend);
			assert_true(fabs(a.attacker.hit - r->attack / 6.0) < 1e-9);
			assert_int_equal(a.defender.rolls, r->defender_rolls);
			assert_true(fabs(a.defender.hit - (r->defender_rolls ? r->defend / 6.0 : 0.0)) < 1e-9);
		}
		sq_fixture_unload(&f);
	}
}

static void test_attack_table(void **state)
{
	(void)state;
	attack_table(false);
}

static void test_attack_rules_from_data(void **state)
{
	(void)state;
	attack_table(true);
}

/* Artillery fires first: the defender rolls only when not hit. */
static void test_first_fire(void **state)
{
	(void)state;
	sq_fixture f;
	sq_fixture_load(&f, "mb-1861.xml", FAR_GRANT U("artillery", "u1", "B2"), FAR_LEE U("cavalry", "c1", "C2"));
	ask_sq_attack a;
	ask_square_attack(f.g, "B2", "C2", &a);
	assert_true(a.fires_first);
	assert_true(fabs(a.defender_hit_effective - (1.0 - 3 / 6.0) * (2 / 6.0)) < 1e-9);
	sq_fixture_unload(&f);
}

/* A factor above the die's faces is capped: with a 3-sided die, artillery
 * (3) with its general (+1) hits on every roll. */
static void test_cap(void **state)
{
	(void)state;
	sq_fixture f;
	sq_fixture_load(&f, "mb-1861.xml", "<general id=\"grant\" at=\"B1\"/>" U("artillery", "u1", "B2"), FAR_LEE U("infantry", "c1", "B3"));
	ruleset small = *f.rs;
	small.square.die_faces = 3;
	position *pos = position_create(f.sc, &small);
	sq_game *g = sq_game_create(pos);
	ask_sq_attack a;
	ask_square_attack(g, "B2", "B3", &a);
	sq_game_destroy(g);
	position_destroy(pos);
	assert_true(a.allowed);
	assert_int_equal(a.attacker.factor, 3);
	assert_true(fabs(a.attacker.hit - 1.0) < 1e-9);
	assert_true(has_reason(&a.why, "capped at 3"));
	sq_fixture_unload(&f);
}

/* The enemy holding a side's capital takes that side's general bonus,
 * entrenchment's extra point with it. */
static void test_capital_lost(void **state)
{
	(void)state;
	sq_fixture f;
	sq_fixture_load(&f, "mb-1861.xml", "<general id=\"grant\" at=\"I2\"/>" U("infantry", "u1", "I4") U("infantry", "u2", "I3"),
		FAR_LEE U("cavalry", "c1", "I5"));
	for (size_t i = 0; i < f.sc->city_count; i++)
		if (str_eq(f.sc->cities[i].id.text, "washington")) {
			free(f.sc->cities[i].side.text);
			f.sc->cities[i].side.text = xstrdup("confederate");
		}
	sq_game_destroy(f.g);
	f.g = sq_game_create(f.pos);
	ask_sq_attack a;
	ask_square_attack(f.g, "I5", "I4", &a);
	assert_true(a.allowed);
	assert_int_equal(a.defender.factor, 2);   /* entrenched +1 only */
	assert_true(has_reason(&a.why, "mb-11.capitals"));
	ask_square_attack(f.g, "I3", "I4", &a);
	assert_false(a.allowed);                  /* friendly */
	sq_fixture_unload(&f);
}

typedef struct buy_row {
	const char *units;   /* blank-separated */
	int saved;
	bool allowed;
	bool error;
	int cost, points_left, allowance, saved_after;
} buy_row;

static const buy_row buy_rows[] = {
	{ "infantry cavalry", 0, true, false, 3, 2, 2, 1 },
	{ "cavalry artillery", 0, true, false, 5, 0, 2, 2 },            /* the digest's example, turn 1 */
	{ "infantry infantry infantry infantry", 2, true, false, 4, 1, 4, 0 }, /* and turn 2 */
	{ "infantry infantry", 0, true, false, 2, 3, 2, 0 },
	{ "infantry infantry infantry", 0, false, false, 3, 2, 2, 0 },
	{ "infantry infantry infantry", 1, true, false, 3, 2, 3, 0 },
	{ "infantry infantry infantry infantry infantry", 3, true, false, 5, 0, 5, 0 },
	{ "artillery artillery", 0, false, false, 6, -1, 2, 0 },
	{ "gunboat", 0, true, false, 4, 1, 2, 2 },
	{ "ironclad", 0, false, false, 8, -3, 2, 0 },
	{ "gunboat infantry", 0, true, false, 5, 0, 2, 1 },
	{ "general", 0, false, false, 0, 5, 2, 0 },
	{ "dragoons", 0, false, true, 0, 5, 2, 0 },
	{ "general dragoons", 0, false, true, 0, 5, 2, 0 },  /* the error is the unknown unit, not the first reason */
};

static void test_buy_table(void **state)
{
	(void)state;
	sq_fixture f;
	sq_fixture_load(&f, "mb-1861.xml", FAR_GRANT, FAR_LEE);
	for (size_t i = 0; i < sizeof buy_rows / sizeof *buy_rows; i++) {
		const buy_row *r = &buy_rows[i];
		char **names = NULL;
		size_t n = str_split_words(r->units, &names, 0);
		ask_sq_buy b;
		ask_square_buy(f.g, (const char *const *)names, n, 0, r->saved, &b);
		print_message("buy %s --saved %d: allowed=%d cost=%d left=%d\n", r->units, r->saved, b.allowed, b.cost,
			b.points_left);
		assert_int_equal(b.allowed, r->allowed);
		assert_int_equal(b.why.error, r->error);
		assert_int_equal(b.cost, r->cost);
		assert_int_equal(b.points_left, r->points_left);
		assert_int_equal(b.infantry_allowance, r->allowance);
		if (r->allowed)
			assert_int_equal(b.infantry_saved, r->saved_after);
		for (int k = 0; k < b.why.count; k++) {
			assert_string_equal(b.why.items[k].rule, "mb-11.purchase");
			assert_int_equal(b.why.errors[k], strncmp(b.why.items[k].message, "unknown unit", 12) == 0);
		}
		str_free_words(names, n);
	}
	sq_fixture_unload(&f);
}

/* The square questions read from their words by the library, as the
 * command line and `orbat play` type them. */
typedef struct parse_row {
	const char *words;
	bool purse_in_game;  /* after a log, in play */
	int took;            /* 0: refused, with `message` in the reason */
	ask_sq_kind kind;
	const char *from, *to, *list;
	int saved_points, saved;
	const char *message;
} parse_row;

static const parse_row parse_rows[] = {
	{ "attack M7 M8 income union", false, 3, ASK_SQ_ATTACK, "M7", "M8", NULL, 0, 0, NULL },
	{ "moves u-cav-1", false, 2, ASK_SQ_MOVES, "u-cav-1", NULL, NULL, 0, 0, NULL },
	{ "transport gb1", true, 2, ASK_SQ_TRANSPORT, "gb1", NULL, NULL, 0, 0, NULL },
	{ "income union", false, 2, ASK_SQ_INCOME, "union", NULL, NULL, 0, 0, NULL },
	{ "buy infantry,cavalry", true, 2, ASK_SQ_BUY, NULL, NULL, "infantry,cavalry", 0, 0, NULL },
	{ "buy ironclad --saved-points 3 --saved=1 moves M7", false, 5, ASK_SQ_BUY, NULL, NULL, "ironclad", 3, 1, NULL },
	{ "buy ironclad --saved-points=3", true, 0, ASK_SQ_BUY, NULL, NULL, NULL, 0, 0, "the game says what is saved" },
	{ "buy ironclad --saved 100", false, 0, ASK_SQ_BUY, NULL, NULL, NULL, 0, 0, "--saved takes" },
	{ "buy --saved 1", false, 0, ASK_SQ_BUY, NULL, NULL, NULL, 0, 0, "'buy' takes a comma-separated list" },
	{ "attack M7", false, 0, ASK_SQ_ATTACK, NULL, NULL, NULL, 0, 0, "'attack' takes two squares" },
	{ "moves --x", false, 0, ASK_SQ_MOVES, NULL, NULL, NULL, 0, 0, "'moves' takes a unit" },
	{ "income", false, 0, ASK_SQ_INCOME, NULL, NULL, NULL, 0, 0, "'income' takes a side" },
	{ "los M7 M8", false, 0, ASK_SQ_ATTACK, NULL, NULL, NULL, 0, 0, "unknown query 'los'" },
};

static void assert_same_or_null(const char *got, const char *want)
{
	if (want)
		assert_string_equal(got, want);
	else
		assert_null(got);
}

static void test_parse_table(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof parse_rows / sizeof *parse_rows; i++) {
		const parse_row *r = &parse_rows[i];
		char **words = NULL;
		size_t n = str_split_words(r->words, &words, 0);
		ask_sq_query q;
		rules_error why;
		rules_error_clear(&why);
		int took = ask_square_parse(words, (int)n, r->purse_in_game, &q, &why);
		print_message("%s: took %d %s\n", r->words, took, why.message);
		assert_int_equal(took, r->took);
		assert_true(ask_square_is_query(words[0]) == (strcmp(words[0], "los") != 0));
		if (took == 0) {
			assert_string_equal(why.rule, RULES_ERROR_LOG_RULE);
			assert_non_null(strstr(why.message, r->message));
		} else {
			assert_int_equal(q.kind, r->kind);
			assert_string_equal(q.name, words[0]);
			assert_same_or_null(q.from, r->from);
			assert_same_or_null(q.to, r->to);
			assert_same_or_null(q.list, r->list);
			assert_int_equal(q.saved_points, r->saved_points);
			assert_int_equal(q.saved, r->saved);
			assert_int_equal(q.purse_given, r->saved_points || r->saved);
		}
		str_free_words(words, n);
	}
	rules_error why;
	ask_sq_query q;
	assert_int_equal(ask_square_parse(NULL, 0, false, &q, &why), 0);
	assert_non_null(strstr(why.message, "name at least one query"));
}

/* A question read and answered by the library: buy's list split on
 * commas (with or without spaces), and a question about nothing not
 * answered, its reason marked. */
static void test_parse_and_answer(void **state)
{
	(void)state;
	sq_fixture f;
	sq_fixture_load(&f, "mb-1861.xml", FAR_GRANT, FAR_LEE);
	char *buy[] = { "buy", "infantry,", "cavalry" };
	ask_sq_query q;
	rules_error why;
	assert_int_equal(ask_square_parse(buy, 2, false, &q, &why), 2);
	ask_sq_result r;
	assert_true(ask_square_answer(f.g, &q, &r));
	assert_int_equal(r.unit_count, 1);
	assert_string_equal(r.units[0], "infantry");
	assert_ptr_equal(ask_square_why(&r), &r.u.buy.why);
	ask_square_result_free(&r);
	char *pair[] = { "buy", "infantry,cavalry" };
	assert_int_equal(ask_square_parse(pair, 2, false, &q, &why), 2);
	assert_true(ask_square_answer(f.g, &q, &r));
	assert_int_equal(r.unit_count, 2);
	assert_string_equal(r.units[1], "cavalry");
	assert_int_equal(r.u.buy.cost, 3);
	assert_true(r.u.buy.allowed);
	ask_square_result_free(&r);
	char *nothing[] = { "moves", "Z99" };
	assert_int_equal(ask_square_parse(nothing, 2, false, &q, &why), 2);
	assert_false(ask_square_answer(f.g, &q, &r));
	assert_false(r.answered);
	const rules_error *e = rules_reasons_first_error(ask_square_why(&r));
	assert_non_null(e);
	assert_non_null(strstr(e->message, "Z99"));
	ask_square_result_free(&r);
	sq_fixture_unload(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_attack_table),
		cmocka_unit_test(test_attack_rules_from_data),
		cmocka_unit_test(test_first_fire),
		cmocka_unit_test(test_cap),
		cmocka_unit_test(test_capital_lost),
		cmocka_unit_test(test_buy_table),
		cmocka_unit_test(test_parse_table),
		cmocka_unit_test(test_parse_and_answer),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
