/* §3 movement and stacking, §3.1 (Battle Cry), §3.2 (noord-zuid), §3.4
 * (the board's edge) and the movement column of §6, for the three hex
 * rulesets.  Expected answers are read off the rules digest: each row
 * says which digest sentence it checks.
 *
 * Geometry used below (standard 13 x 9 board): A1 touches only B1 and
 * A2 (A2 is the first hex of the short second row); F5 (a long row) has
 * the neighbours E4 F4 E5 G5 E6 F6. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/hex/moves.h"
#include "rules_fixture.h"

#define BC99 "battlecry-1999"
#define BC150 "battlecry-150"
#define NZ "noord-zuid"

typedef struct reach_case {
	const char *why;        /* the digest sentence */
	const char *ruleset;
	const char *terrain;
	const char *units;
	const char *who;        /* id of the mover */
	bool with_general;      /* the unit carries the general of its hex */
	int count;              /* hexes it may end on; -1: not checked */
	const char *must;       /* hexes that must be reachable */
	const char *must_not;   /* hexes that must not */
} reach_case;

static const reach_case REACH[] = {
	/* §3 table: allowances on open ground around F5. */
	{ "bc infantry: 1 hex", BC99, "", "u inf F5", "u1", false, 6, "E4 F4 E5 G5 E6 F6", "F3" },
	{ "bc cavalry: up to 3", BC99, "", "u cav F5", "u1", false, 36, "F2 C5 I5 F8", "F1" },
	{ "bc artillery: 1 hex", BC99, "", "u art F5", "u1", false, 6, "E4", "F3" },
	{ "bc general: up to 3", BC99, "", "u gen F5", "ug1", false, 36, "F2", "F1" },
	{ "150 artillery: 1 hex", BC150, "", "u art F5", "u1", false, 6, "", "" },
	{ "ntz infantry: 2 without battle", NZ, "", "u inf F5", "u1", false, 18, "F3 D5", "F2" },
	{ "ntz cavalry: up to 3", NZ, "", "u cav F5", "u1", false, 36, "", "" },
	{ "ntz dismounted cavalry: battle and mount, no move", NZ, "", "u cav F5 state=dismounted", "u1", false, 0, "", "" },
	{ "ntz field artillery: 1 hex", NZ, "", "u art F5 kind=field", "u1", false, 6, "", "" },
	{ "ntz horse artillery: 2 hexes", NZ, "", "u art F5 kind=horse", "u1", false, 18, "", "" },
	{ "ntz general: up to 3", NZ, "", "u gen F5", "ug1", false, 36, "", "" },

	/* §6: woods and buildings stop, streams stop, river and rough are impassable. */
	{ "bc woods: stop on entering", BC99, "woods:B1 rough:A2", "u cav A1", "u1", false, 1, "B1", "C1" },
	{ "bc buildings: stop", BC99, "buildings:B1 rough:A2", "u cav A1", "u1", false, 1, "B1", "C1" },
	{ "bc stream: stop", BC99, "stream:B1 rough:A2", "u cav A1", "u1", false, 1, "B1", "C1" },
	{ "bc orchard: no effect", BC99, "orchard:B1 rough:A2", "u cav A1", "u1", false, -1, "B1 C1 D1", "" },
	{ "bc river impassable", BC99, "river:B1 rough:A2", "u cav A1", "u1", false, 0, "", "B1" },
	{ "bc bridge passable", BC99, "bridge:B1 rough:A2", "u cav A1", "u1", false, -1, "B1 C1", "" },
	{ "bc rough impassable", BC99, "rough:B1 rough:A2", "u cav A1", "u1", false, 0, "", "" },
	{ "ntz woods stop", NZ, "woods:B1 rough:A2", "u cav A1", "u1", false, 1, "B1", "" },
	{ "ntz waterway stop", NZ, "stream:B1 rough:A2", "u cav A1", "u1", false, 1, "B1", "" },
	{ "ntz rough impassable", NZ, "rough:B1 rough:A2", "u cav A1", "u1", false, 0, "", "" },
	{ "ntz fence no effect", NZ, "fence:B1 rough:A2", "u cav A1", "u1", false, -1, "B1 C1", "" },

	/* §3.4: never off the board (A1 in the corner). */
	{ "off the board", BC99, "", "u inf A1", "u1", false, 2, "B1 A2", "" },

	/* §3.1: a unit may not move into or through a hex holding another unit. */
	{ "bc friendly unit blocks", BC99, "rough:A2", "u cav A1; u inf B1", "u1", false, 0, "", "B1 C1" },
	{ "bc enemy unit blocks", BC99, "rough:A2", "u cav A1; c inf B1", "u1", false, 0, "", "" },
	{ "bc enemy general blocks", BC99, "rough:A2", "u cav A1; c gen B1", "u1", false, 0, "", "" },
	{ "bc onto a lone friendly general, and stop", BC99, "rough:A2", "u cav A1; u gen B1", "u1", false, 1, "B1", "C1" },
	{ "bc a unit with its general may not join another general", BC99, "rough:A2",
	  "u cav A1; u gen A1; u gen B1", "u1", true, 0, "", "" },
	/* §3.1: a general may stop on a friendly unit without a general. */
	{ "1999 general stops on a friendly unit", BC99, "rough:A2", "u gen A1; u inf B1", "ug1", false, 1, "B1", "C1" },
	{ "150 general passes through friendly units", BC150, "rough:A2", "u gen A1; u inf B1", "ug1", false, -1,
	  "B1 C1 D1", "" },
	{ "bc general passes a lone friendly general but not stops", BC99, "rough:A2", "u gen A1; u gen B1", "ug1",
	  false, -1, "C1", "B1" },
	{ "150 general passes a unit that has a general", BC150, "rough:A2", "u gen A1; u inf B1; u gen B1", "ug1",
	  false, -1, "C1", "B1" },
	{ "1999 general cannot stop on a unit with a general", BC99, "rough:A2", "u gen A1; u inf B1; u gen B1", "ug1",
	  false, 0, "", "" },
	{ "bc general never enters an enemy unit", BC150, "rough:A2", "u gen A1; c inf B1", "ug1", false, 0, "", "" },
	{ "bc general never enters an enemy general", BC150, "rough:A2", "u gen A1; c gen B1", "ug1", false, 0, "", "" },

	/* §3.2: at most two friendly units; never an enemy unit; entering a
	 * friendly unit or general ends the move. */
	{ "ntz joins one friendly unit and stops", NZ, "rough:A2", "u cav A1; u inf B1", "u1", false, 1, "B1", "C1" },
	{ "ntz two friendly units block", NZ, "rough:A2", "u cav A1; u inf B1; u inf B1", "u1", false, 0, "", "" },
	{ "ntz enemy unit blocks", NZ, "rough:A2", "u cav A1; c inf B1", "u1", false, 0, "", "" },
	{ "ntz enemy general counts as a unit", NZ, "rough:A2", "u cav A1; c gen B1", "u1", false, 0, "", "" },
	{ "ntz friendly general ends the move", NZ, "rough:A2", "u cav A1; u gen B1", "u1", false, 1, "B1", "C1" },
	{ "ntz general stops on friendly units", NZ, "rough:A2", "u gen A1; u inf B1", "ug1", false, 1, "B1", "C1" },
	{ "ntz general joins two friendly units", NZ, "rough:A2", "u gen A1; u inf B1; u inf B1", "ug1", false, 1, "B1", "" },
	{ "ntz general never enters another general's hex", NZ, "rough:A2", "u gen A1; u gen B1", "ug1", false, 0, "", "" },
	{ "ntz general never enters an enemy general's hex", NZ, "rough:A2", "u gen A1; c gen B1", "ug1", false, 0, "", "" },
};

static bool contains(const hex_game *g, const int *steps, const char *address)
{
	long idx = hex_index(&g->board, fx_hex(address));
	assert_true(idx >= 0);
	return steps[idx] >= 0;
}

static void test_reach(void **state)
{
	fixture *f = *state;
	for (size_t i = 0; i < sizeof REACH / sizeof REACH[0]; i++) {
		const reach_case *c = &REACH[i];
		hex_game *g = fx_game(f, c->ruleset, c->terrain, c->units);
		hex_ref who = fx_ref(g, c->who);
		move_options o = { c->with_general, -1 };
		int *steps = calloc(hex_count(&g->board), sizeof *steps);
		int n = moves_reach(g, who, &o, steps);
		if (c->count >= 0 && n != c->count)
			fail_msg("%s (%s): %d hexes, expected %d", c->why, c->ruleset, n, c->count);
		char list[256];
		snprintf(list, sizeof list, "%s", c->must);
		for (char *w = strtok(list, " "); w; w = strtok(NULL, " "))
			if (!contains(g, steps, w))
				fail_msg("%s (%s): %s should be reachable", c->why, c->ruleset, w);
		snprintf(list, sizeof list, "%s", c->must_not);
		for (char *w = strtok(list, " "); w; w = strtok(NULL, " "))
			if (contains(g, steps, w))
				fail_msg("%s (%s): %s should not be reachable", c->why, c->ruleset, w);
		free(steps);
	}
}

/* Paths: a path through a stop hex, too long, not adjacent. */
typedef struct path_case {
	const char *why;
	const char *ruleset;
	const char *terrain;
	const char *units;
	const char *who;
	const char *path;
	const char *rule;       /* NULL: legal */
} path_case;

static const path_case PATHS[] = {
	{ "cavalry 3 hexes", BC99, "", "u cav F5", "u1", "G5 H5 I5", NULL },
	{ "cavalry 4 hexes is too far", BC99, "", "u cav F5", "u1", "G5 H5 I5 J5", "bc-3" },
	{ "through woods: must stop", BC99, "woods:G5", "u cav F5", "u1", "G5 H5", "bc-6" },
	{ "ending in woods", BC99, "woods:G5", "u cav F5", "u1", "G5", NULL },
	{ "steps must be adjacent", BC99, "", "u cav F5", "u1", "G5 I5", "bc-3" },
	{ "destination only, any legal way", BC99, "", "u cav F5", "u1", "I5", NULL },
	{ "destination beyond reach", BC99, "woods:G4 woods:G5 woods:G6 woods:F4 woods:F6 woods:E5 woods:E4 woods:E6",
	  "u cav F5", "u1", "I5", "bc-3" },
	{ "ntz infantry 2 hexes", NZ, "", "u inf F5", "u1", "G5 H5", NULL },
	{ "ntz infantry 3 hexes is too far", NZ, "", "u inf F5", "u1", "G5 H5 I5", "ntz-3" },
	{ "ntz through a friendly unit: must stop", NZ, "", "u inf F5; u inf G5", "u1", "G5 H5", "ntz-3.2" },
	{ "bc through a friendly unit: never", BC99, "", "u cav F5; u inf G5", "u1", "G5 H5", "bc-3.1" },
	{ "impassable", BC99, "river:G5", "u cav F5", "u1", "G5", "bc-6" },
};

static void test_paths(void **state)
{
	fixture *f = *state;
	for (size_t i = 0; i < sizeof PATHS / sizeof PATHS[0]; i++) {
		const path_case *c = &PATHS[i];
		hex_game *g = fx_game(f, c->ruleset, c->terrain, c->units);
		hex_coord path[8];
		int n = 0;
		char list[128];
		snprintf(list, sizeof list, "%s", c->path);
		for (char *w = strtok(list, " "); w && n < 8; w = strtok(NULL, " "))
			path[n++] = fx_hex(w);
		rules_error why;
		move_options o = { false, -1 };
		bool ok = moves_check_path(g, fx_ref(g, c->who), &o, path, n, &why);
		if (c->rule == NULL) {
			if (!ok)
				fail_msg("%s: refused: %s [%s]", c->why, why.message, why.rule);
		} else {
			if (ok)
				fail_msg("%s: accepted, expected [%s]", c->why, c->rule);
			if (strcmp(why.rule, c->rule) != 0)
				fail_msg("%s: '%s' is refused under [%s], not [%s]", c->why, why.message, why.rule, c->rule);
		}
	}
}

/* §3 table: may the unit still battle after moving so far? */
typedef struct after_case {
	const char *ruleset;
	const char *unit;
	int hexes;
	bool battle;
} after_case;

static const after_case AFTER[] = {
	{ BC99, "u inf F5", 1, true },
	{ BC99, "u inf F5", 0, true },
	{ BC99, "u cav F5", 3, true },
	{ BC99, "u art F5", 0, true },
	{ BC99, "u art F5", 1, false },           /* 1 or battle */
	{ BC150, "u art F5", 1, false },
	{ NZ, "u inf F5", 1, true },              /* 1 and battle */
	{ NZ, "u inf F5", 2, false },             /* 2 without battle */
	{ NZ, "u cav F5", 3, true },
	{ NZ, "u cav F5 state=dismounted", 0, true },
	{ NZ, "u art F5 kind=field", 0, true },   /* battle without moving */
	{ NZ, "u art F5 kind=field", 1, false },  /* 1 without battle */
	{ NZ, "u art F5 kind=horse", 1, true },   /* 1 and battle */
	{ NZ, "u art F5 kind=horse", 2, false },  /* 2 without battle */
};

static void test_battle_after_move(void **state)
{
	fixture *f = *state;
	for (size_t i = 0; i < sizeof AFTER / sizeof AFTER[0]; i++) {
		const after_case *c = &AFTER[i];
		hex_game *g = fx_game(f, c->ruleset, "", c->unit);
		if (moves_battle_after(g, 0, c->hexes) != c->battle)
			fail_msg("%s %s after %d hexes: battle should be %s", c->ruleset, c->unit, c->hexes,
				c->battle ? "allowed" : "refused");
	}
}


int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reach),
		cmocka_unit_test(test_paths),
		cmocka_unit_test(test_battle_after_move),
	};
	return cmocka_run_group_tests(tests, fx_setup, fx_teardown);
}
