/* §7 retreats: direction, what blocks, what ends a retreat, losses for
 * flags not taken, the home row (§7.1 reading), generals (§7.2), flags a
 * general lets a unit ignore (§7.3) and the noord-zuid thresholds (§7.4).
 *
 * Union's home edge is south (row 9), the Confederacy's north (row 1).
 * From F5 (a long row) the hexes toward the south are E6 and F6, toward
 * the north E4 and F4. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/hex/battle.h"
#include "rules/hex/retreat.h"
#include "rules_fixture.h"

#define BC99 "battlecry-1999"
#define BC150 "battlecry-150"
#define NZ "noord-zuid"

typedef struct retreat_case {
	const char *why;
	const char *ruleset;
	const char *terrain;
	const char *units;
	const char *who;
	int flags;
	const char *ends;       /* every hex a retreat may end on, west to east, row by row */
	int losses;             /* the least figures lost */
	bool off;               /* every choice leaves the board */
	bool joined;            /* some choice ends early on a friendly figure */
} retreat_case;

static const retreat_case CASES[] = {
	{ "one flag: one hex toward home", BC99, "", "u inf F5", "u1", 1, "E6 F6", 0, false, false },
	{ "two flags: two hexes", BC99, "", "u inf F5", "u1", 2, "E7 F7 G7", 0, false, false },
	{ "the confederacy retreats north", BC99, "", "c inf F5", "c1", 1, "E4 F4", 0, false, false },
	{ "terrain does not slow a retreat", BC99, "woods:E6 woods:F6", "u inf F5", "u1", 2, "E7 F7 G7", 0, false, false },
	{ "impassable terrain cannot be entered", BC99, "river:E6 river:F6", "u inf F5", "u1", 1, "", 1, false, false },
	{ "one hex blocked: the other", BC99, "", "u inf F5; c inf E6", "u1", 1, "F6", 0, false, false },
	{ "bc: no retreat onto a friendly unit", BC99, "", "u inf F5; u inf E6; u inf F6", "u1", 1, "", 1, false, false },
	{ "bc: one figure per flag not taken", BC99, "", "u inf F5; c inf E6; c inf F6", "u1", 3, "", 3, false, false },
	{ "blocked after one hex", BC99, "", "u inf F5; c inf E7; c inf F7; c inf G7", "u1", 3, "E6 F6", 2, false, false },
	{ "bc: an enemy general blocks", BC99, "", "u inf F5; c gen E6; c gen F6", "u1", 1, "", 1, false, false },
	{ "home row: off the board", BC99, "", "u inf F9", "u1", 1, "", 4, true, false },
	{ "confederate home row", BC99, "", "c inf F1", "c1", 2, "", 4, true, false },
	{ "reaches the home row, then off", BC99, "", "u inf F8", "u1", 2, "", 4, true, false },
	/* §7.2: onto a lone friendly general the retreat ends. */
	{ "onto a lone friendly general: the flags lapse", BC99, "", "u inf F5; u gen E6; u inf F6", "u1", 3,
	  "E6", 0, false, true },
	{ "with its general: not into another general", BC99, "", "u inf F5; u gen F5; u gen E6; u inf F6", "u1", 1,
	  "", 1, false, false },
	/* a lone general passes friends (battlecry, 003). */
	{ "a lone general passes a friendly unit", BC150, "", "u gen F5; u inf E6; u inf F6", "ug1", 2, "E7 F7 G7",
	  0, false, false },
	/* §3.2 stacking in retreats (noord-zuid). */
	{ "ntz: onto one friendly unit", NZ, "", "u inf F5; u inf E6; u inf F6", "u1", 1, "E6 F6", 0, false, false },
	{ "ntz: not onto two", NZ, "", "u inf F5; u inf E6; u inf E6; u inf F6; u inf F6", "u1", 1, "", 1, false, false },
	{ "ntz: not onto an enemy unit", NZ, "", "u inf F5; c inf E6", "u1", 1, "F6", 0, false, false },
	{ "ntz: an enemy general counts as a unit", NZ, "", "u inf F5; c gen E6; c gen F6", "u1", 1, "", 1, false, false },
};

static void test_retreats(void **state)
{
	fixture *f = *state;
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		const retreat_case *c = &CASES[i];
		hex_game *g = fx_game(f, c->ruleset, c->terrain, c->units);
		hex_ref who = fx_ref(g, c->who);
		bool with_general = who.kind == REF_UNIT && hex_game_unit_general(g, who.index) >= 0;
		retreat_outcome out[RETREAT_MAX_OUTCOMES];
		int n = retreat_outcomes(g, who, c->flags, with_general, out, RETREAT_MAX_OUTCOMES);
		assert_true(n > 0 && n <= RETREAT_MAX_OUTCOMES);
		int figures = battle_figures(g, who);
		bool seen[200] = { false };
		int best = -1;
		bool all_off = true, any_joined = false;
		for (int k = 0; k < n; k++) {
			int loss = out[k].off_board ? figures : out[k].lost;
			if (best < 0 || loss < best)
				best = loss;
			all_off = all_off && out[k].off_board;
			any_joined = any_joined || out[k].joined;
			if (!out[k].off_board && out[k].len > 0)
				seen[hex_index(&g->board, out[k].path[out[k].len - 1])] = true;
		}
		char got[256] = "";
		for (size_t k = 0; k < hex_count(&g->board); k++)
			if (seen[k]) {
				char h[HEX_ADDRESS_MAX];
				if (got[0])
					strcat(got, " ");
				strcat(got, hex_format(hex_from_index(&g->board, k), h));
			}
		if (strcmp(got, c->ends) != 0)
			fail_msg("%s (%s): ends '%s', expected '%s'", c->why, c->ruleset, got, c->ends);
		if (best != c->losses)
			fail_msg("%s (%s): loses %d, expected %d", c->why, c->ruleset, best, c->losses);
		if (all_off != c->off)
			fail_msg("%s (%s): off the board %d, expected %d", c->why, c->ruleset, all_off, c->off);
		if (any_joined != c->joined)
			fail_msg("%s (%s): joined %d, expected %d", c->why, c->ruleset, any_joined, c->joined);
	}
}

/* §7.3 and §7.4: how many of the flags rolled a target must take. */
typedef struct flags_case {
	const char *why;
	const char *ruleset;
	const char *units;
	const char *target;
	int flags;
	int figures;            /* after losses */
	int applied;
	const char *rule;       /* named when flags are ignored */
} flags_case;

static const flags_case FLAGS[] = {
	{ "1999: every flag", BC99, "u inf F5; u gen F5", "u1", 2, 4, 2, NULL },
	{ "150: a unit with its general ignores one", BC150, "u inf F5; u gen F5", "u1", 2, 4, 1, "bc-7.3" },
	{ "150: without a general, every flag", BC150, "u inf F5", "u1", 2, 4, 2, NULL },
	{ "150: a lone general ignores one", BC150, "u gen F5", "ug1", 1, 1, 0, "bc-7.3" },
	{ "ntz veteran infantry 5: ignored", NZ, "u inf F5 quality=veteran", "u1", 2, 5, 0, "ntz-7.4" },
	{ "ntz veteran infantry 4: taken", NZ, "u inf F5 quality=veteran", "u1", 2, 4, 2, NULL },
	{ "ntz veteran infantry 4 under a general: ignored", NZ, "u inf F5 quality=veteran; u gen F5", "u1", 2, 4, 0,
	  "ntz-7.4" },
	{ "ntz experienced infantry 6: ignored", NZ, "u inf F5 quality=experienced", "u1", 1, 6, 0, "ntz-7.4" },
	{ "ntz experienced infantry 5: taken", NZ, "u inf F5 quality=experienced", "u1", 1, 5, 1, NULL },
	{ "ntz recruits 7: ignored", NZ, "u inf F5 quality=recruit", "u1", 1, 7, 0, "ntz-7.4" },
	{ "ntz recruits 6: taken", NZ, "u inf F5 quality=recruit", "u1", 1, 6, 1, NULL },
	{ "ntz veteran cavalry 3: ignored", NZ, "u cav F5 quality=veteran", "u1", 1, 3, 0, "ntz-7.4" },
	{ "ntz veteran cavalry 2: taken", NZ, "u cav F5 quality=veteran", "u1", 1, 2, 1, NULL },
	{ "ntz experienced cavalry 3 under a general: ignored", NZ, "u cav F5 quality=experienced; u gen F5", "u1", 1,
	  3, 0, "ntz-7.4" },
	{ "ntz artillery 2: ignored", NZ, "u art F5 quality=veteran", "u1", 1, 2, 0, "ntz-7.4" },
	{ "ntz artillery 1 under a general: taken (no reduction)", NZ, "u art F5 quality=experienced; u gen F5", "u1",
	  1, 1, 1, NULL },
};

static void test_flags(void **state)
{
	fixture *f = *state;
	for (size_t i = 0; i < sizeof FLAGS / sizeof FLAGS[0]; i++) {
		const flags_case *c = &FLAGS[i];
		hex_game *g = fx_game(f, c->ruleset, "", c->units);
		rules_error why;
		int n = battle_flags_apply(g, fx_ref(g, c->target), c->flags, c->figures, &why);
		if (n != c->applied)
			fail_msg("%s: %d flags apply, expected %d (%s)", c->why, n, c->applied, why.message);
		if (c->rule && strcmp(why.rule, c->rule) != 0)
			fail_msg("%s: '%s' names [%s], not [%s]", c->why, why.message, why.rule, c->rule);
	}
}

/* The home edge is the scenario's: a union whose home is north retreats north. */
static void test_swapped_homes(void **state)
{
	fixture *f = *state;
	hex_game *g = fx_game_opts(f, NZ, "", "u inf F5; c inf F6", "homes=swapped");
	hex_coord out[2];
	char a[HEX_ADDRESS_MAX], b[HEX_ADDRESS_MAX];
	assert_int_equal(retreat_candidates(g, 0, fx_hex("F5"), out), 2);
	assert_string_equal(hex_format(out[0], a), "E4");
	assert_string_equal(hex_format(out[1], b), "F4");
	assert_int_equal(retreat_candidates(g, 1, fx_hex("F6"), out), 2);
	assert_string_equal(hex_format(out[0], a), "F7");
	assert_string_equal(hex_format(out[1], b), "G7");
}

/* A chosen path is checked step by step. */
static void test_paths(void **state)
{
	fixture *f = *state;
	hex_game *g = fx_game(f, BC99, "", "u inf F5; c inf E7; c inf F7; c inf G7");
	hex_ref u = fx_ref(g, "u1");
	retreat_outcome out;
	rules_error why;
	hex_coord p1[] = { fx_hex("E6") };
	assert_true(retreat_check_path(g, u, 3, false, p1, 1, &out, &why));
	assert_int_equal(out.lost, 2);
	hex_coord p2[] = { fx_hex("E4") };   /* away from home */
	assert_false(retreat_check_path(g, u, 1, false, p2, 1, &out, &why));
	assert_string_equal(why.rule, "bc-7.1");
	/* stopping early while a hex is open */
	g = fx_game(f, BC99, "", "u inf F5");
	u = fx_ref(g, "u1");
	assert_false(retreat_check_path(g, u, 2, false, p1, 1, &out, &why));
	assert_string_equal(why.rule, "bc-7.1");
	hex_coord p3[] = { fx_hex("E6"), fx_hex("E7") };
	assert_true(retreat_check_path(g, u, 2, false, p3, 2, &out, &why));
	assert_int_equal(out.lost, 0);
}


int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_retreats),
		cmocka_unit_test(test_flags),
		cmocka_unit_test(test_swapped_homes),
		cmocka_unit_test(test_paths),
	};
	return cmocka_run_group_tests(tests, fx_setup, fx_teardown);
}
