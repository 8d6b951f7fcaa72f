/* The special cards of §8.1, table-driven: each case is a position, the
 * hands and log lines; `refused` is the 1-based line refused (0: all
 * pass) with its rule and a piece of its message; then where a figure
 * stands and how many figures it has when the lines are done.
 *
 * short-supply (battlecry-1999): one enemy unit falls back toward its home
 * row by the retreat rules, its owner choosing each hex; blocked, it stops
 * and loses nothing; it never leaves the board; its general goes along;
 * the card orders nothing else and is settled before anything else. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules_fixture.h"

#define BC99 "battlecry-1999"

#define HAND_U "short-supply skirmish/centre assault/centre frontal"
#define HAND_C "recon/left skirmish/centre assault/right bombard"
#define SS "play union short-supply\n"

typedef struct card_case {
	const char *why;
	const char *ruleset;
	const char *units;
	const char *lines;
	int refused;
	const char *rule;
	const char *says;    /* a piece of the message, or NULL */
	const char *who;     /* a unit or general to look at afterwards, or NULL */
	const char *at;      /* where it stands */
	int figures;         /* its figures (units), -1: not checked */
} card_case;

static const card_case CASES[] = {
	{ "short-supply: the unit falls back to its home row", BC99, "u inf F7; c inf F5; c inf L1",
	  SS "order c1\nretreat c1 F4 F3 F2 F1\ndraw union attack/centre", 0, NULL, NULL, "c1", "F1", 4 },
	{ "short-supply: the owner picks each hex", BC99, "u inf F7; c inf F5; c inf L1",
	  SS "order c1\nretreat c1 E4 E3 D2 D1\ndraw union attack/centre", 0, NULL, NULL, "c1", "D1", 4 },
	{ "short-supply: an attached general goes along", BC99, "u inf F7; c inf F5; c gen F5; c inf L1",
	  SS "order c1\nretreat c1 F4 F3 F2 F1\ndraw union attack/centre", 0, NULL, NULL, "cg1", "F1", -1 },
	{ "short-supply: blocked, it stops and loses nothing", BC99,
	  "u inf F7; c inf F5; u inf E4; u inf F4; c inf L1",
	  SS "order c1\nretreat c1\ndraw union attack/centre", 0, NULL, NULL, "c1", "F5", 4 },
	{ "short-supply: blocked halfway, it stops there", BC99,
	  "u inf F7; c inf F5; u inf E2; u inf F2; c inf L1",
	  SS "order c1\nretreat c1 F4 F3\ndraw union attack/centre", 0, NULL, NULL, "c1", "F3", 4 },
	{ "short-supply: not short of the home row while it is open", BC99, "u inf F7; c inf F5; c inf L1",
	  SS "order c1\nretreat c1 F4 F3", 3, "bc-7.1", NULL, NULL, NULL, -1 },
	{ "short-supply: a unit on its home row stays", BC99, "u inf F7; c inf F1; c inf L1",
	  SS "order c1\ndraw union attack/centre", 0, NULL, NULL, "c1", "F1", 4 },
	{ "short-supply: never off the board", BC99, "u inf F7; c inf F2; c inf L1",
	  SS "order c1\nretreat c1 F1 off", 3, "bc-8.1", "never takes a unit off", NULL, NULL, -1 },
	{ "short-supply: one's own unit is refused", BC99, "u inf F7; c inf F5; c inf L1",
	  SS "order u1", 2, "bc-8.1", "names an enemy unit", NULL, NULL, -1 },
	{ "short-supply: a general is refused", BC99, "u inf F7; c inf F5; c gen H3; c inf L1",
	  SS "order cg1", 2, "bc-8.1", "is a general", NULL, NULL, -1 },
	{ "short-supply: one unit only", BC99, "u inf F7; c inf F5; c inf L1",
	  SS "order c1 c2", 2, "bc-8.1", "one enemy unit", NULL, NULL, -1 },
	{ "short-supply: the draw before the unit is named", BC99, "u inf F7; c inf F5; c inf L1",
	  SS "draw union attack/centre", 2, "bc-8.1", "not settled", NULL, NULL, -1 },
	{ "short-supply: the draw before the fall-back", BC99, "u inf F7; c inf F5; c inf L1",
	  SS "order c1\ndraw union attack/centre", 3, "bc-8.1", "must still fall back 4 hexes", NULL, NULL, -1 },
	{ "short-supply: no battle in its turn", BC99, "u inf F7; c inf F5; c inf L1",
	  SS "order c1\nretreat c1 F4 F3 F2 F1\nbattle u1 c1 : infantry", 4, "bc-8.1", "orders no unit", NULL, NULL,
	  -1 },
	{ "short-supply: no second unit named", BC99, "u inf F7; c inf F5; c inf L1",
	  SS "order c1\nretreat c1 F4 F3 F2 F1\norder c2", 4, "bc-8.1", "gives no orders", NULL, NULL, -1 },
	{ "short-supply: the retreat is the named unit's", BC99, "u inf F7; c inf F5; c inf L1",
	  SS "order c1\nretreat c2 L2", 3, NULL, NULL, NULL, NULL, -1 },
};

static void test_cards(void **state)
{
	fixture *f = *state;
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		const card_case *c = &CASES[i];
		fx_game(f, c->ruleset, "", c->units);
		referee_error err;
		int refused = fx_play_hands(f, HAND_U, HAND_C, c->lines, &err);
		if (refused != c->refused)
			fail_msg("%s: line %d refused (%s [%s]), expected line %d", c->why, refused,
				refused ? err.message : "", refused ? err.rule : "", c->refused);
		if (refused && c->rule && strcmp(err.rule, c->rule) != 0)
			fail_msg("%s: refused under [%s] (%s), expected [%s]", c->why, err.rule, err.message, c->rule);
		if (refused && c->says && !strstr(err.message, c->says))
			fail_msg("%s: '%s' does not say '%s'", c->why, err.message, c->says);
		if (!c->who)
			continue;
		game_ref r = fx_ref(f->g, c->who);
		hex_coord want = fx_hex(c->at);
		hex_coord at = game_ref_at(f->g, r);
		if (at.col != want.col || at.row != want.row)
			fail_msg("%s: '%s' does not stand on %s", c->why, c->who, c->at);
		if (c->figures >= 0 && r.kind == REF_UNIT && f->g->units[r.index].figures != c->figures)
			fail_msg("%s: '%s' has %d figures, expected %d", c->why, c->who, f->g->units[r.index].figures,
				c->figures);
	}
}

/* The card waits for its unit: referee_owed says so for play's prompt,
 * and a log that stops there is unfinished. */
static void test_owed(void **state)
{
	fixture *f = *state;
	fx_game(f, BC99, "", "u inf F7; c inf F5; c inf L1");
	referee_error err;
	assert_int_equal(fx_play_hands(f, HAND_U, HAND_C, SS, &err), 0);
	char owed[600];
	bool required;
	assert_true(referee_owed(f->ref, owed, sizeof owed, &required));
	assert_true(required);
	assert_non_null(strstr(owed, "order REF"));
	assert_false(referee_finish(f->ref, &err));
	assert_string_equal(err.rule, "bc-8.1");
	assert_int_equal(fx_play(f, "order c1", &err), 0);
	assert_true(referee_owed(f->ref, owed, sizeof owed, &required));
	assert_true(required);
	assert_non_null(strstr(owed, "fall back 4 hexes"));
	assert_false(referee_finish(f->ref, &err));
	assert_int_equal(fx_play(f, "retreat c1 F4 F3 F2 F1", &err), 0);
	assert_true(referee_finish(f->ref, &err));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cards),
		cmocka_unit_test(test_owed),
	};
	return cmocka_run_group_tests(tests, fx_setup, fx_teardown);
}
