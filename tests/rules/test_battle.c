/* §5.1, §5.2, §5.3 battles, §3.5 ground gain, §7 retreats and §10 victory
 * played through the referee with log lines.  Each case: a position, the
 * lines of one turn, the line (1-based) that must be refused with its
 * rule, or 0, and the figures / flags / places the digest says follow.
 *
 * The fixture deals union "assault/left assault/centre assault/right
 * general-offensive"; union plays first.  Union's home is south, the
 * Confederacy's north: from F4 (a short row) the Confederates retreat to
 * F3 or G3, from F3 to E2 or F2. */
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
#define BC150 "battlecry-150"
#define NZ "noord-zuid"

#define GO "play union general-offensive\n"

typedef struct battle_case {
	const char *why;
	const char *ruleset;
	const char *terrain;
	const char *units;
	const char *opts;
	const char *lines;
	int refused;            /* the line refused, 0: none */
	const char *rule;       /* its rule */
	/* checks after the lines (those before a refusal): "c1=2" figures,
	 * "c1@F2" place, "c1=dead", "ug1=dead", "flags.union=1",
	 * "winner=union" */
	const char *expect;
} battle_case;

static const battle_case CASES[] = {
	/* §5.1: each face of the target's symbol and each crossed sabres hits. */
	{ "hits: symbols and sabres", BC99, "", "u inf F5; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 : infantry sabres cavalry artillery", 0, NULL, "c1=2 u1=4" },
	{ "cavalry symbol hits cavalry", BC99, "", "u inf F5; c cav F4", NULL,
	  GO "order u1\nbattle u1 c1 : cavalry infantry infantry infantry", 0, NULL, "c1=2" },
	{ "dice count must match", BC99, "", "u inf F5; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 : infantry sabres", 3, "bc-4", "c1=4" },
	{ "a flag: retreat one hex toward home", BC99, "", "u inf F5; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 : flag infantry cavalry cavalry\nretreat c1 F3", 0, NULL, "c1=3 c1@F3" },
	{ "two flags: two hexes", BC99, "", "u inf F5; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 : flag flag cavalry cavalry\nretreat c1 F3 F2", 0, NULL, "c1@F2" },
	{ "the retreat must be taken before anything else", BC99, "", "u inf F5; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 : flag cavalry cavalry cavalry\ndraw union recon/left", 4, "bc-7.1", "c1@F4" },
	{ "retreating away from home is refused", BC99, "", "u inf F5; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 : flag cavalry cavalry cavalry\nretreat c1 F5", 4, "bc-7.1", "c1@F4" },
	{ "blocked: one figure per flag", BC99, "", "u inf F5; c inf F4; c inf F3; c inf G3", NULL,
	  GO "order u1\nbattle u1 c1 : flag flag cavalry cavalry\nretreat c1", 0, NULL, "c1=2 c1@F4" },
	{ "forced off the board from the home row", BC99, "", "u inf F2; c inf F1", NULL,
	  GO "order u1\nbattle u1 c1 : flag cavalry cavalry cavalry\nretreat c1 off", 0, NULL,
	  "c1=dead flags.union=1" },
	{ "destroyed: one victory flag", BC99, "", "u inf F5; c inf F4 2", NULL,
	  GO "order u1\nbattle u1 c1 : infantry sabres flag cavalry", 0, NULL, "c1=dead flags.union=1" },
	{ "a lone general: only sabres", BC99, "", "u inf F5; c gen F4", NULL,
	  GO "order u1\nbattle u1 cg1 : infantry infantry cavalry artillery", 0, NULL, "cg1@F4" },
	{ "a lone general killed by sabres", BC99, "", "u inf F5; c gen F4", NULL,
	  GO "order u1\nbattle u1 cg1 : sabres infantry cavalry artillery", 0, NULL, "cg1=dead flags.union=1" },
	{ "a lone general retreats on a flag", BC99, "", "u inf F5; c gen F4", NULL,
	  GO "order u1\nbattle u1 cg1 : flag infantry cavalry artillery\nretreat cg1 G3", 0, NULL, "cg1@G3" },
	{ "an attached general is not hit (1999)", BC99, "", "u inf F5; c inf F4 1; c gen F4", NULL,
	  GO "order u1\nbattle u1 c1 : sabres flag cavalry cavalry", 0, NULL, "c1=dead cg1@F4 flags.union=1" },
	{ "150: a unit with its general ignores a flag", BC150, "", "u inf F5; c inf F4; c gen F4", NULL,
	  GO "order u1\nbattle u1 c1 : flag cavalry cavalry cavalry\ndraw union recon/left", 0, NULL, "c1@F4" },
	{ "150: the flags of a destroyed unit fall on its general", BC150, "", "u inf F5; c inf F4 1; c gen F4", NULL,
	  GO "order u1\nbattle u1 c1 : infantry flag flag cavalry\nretreat cg1 F3", 0, NULL, "c1=dead cg1@F3" },
	{ "the general goes with his unit in a retreat", BC99, "", "u inf F5; c inf F4; c gen F4", NULL,
	  GO "order u1\nbattle u1 c1 : flag cavalry cavalry cavalry\nretreat c1 G3", 0, NULL, "c1@G3 cg1@G3" },
	{ "retreat onto a lone friendly general ends it", BC99, "", "u inf F5; c inf F4; c gen F3; c inf G3", NULL,
	  GO "order u1\nbattle u1 c1 : flag flag cavalry cavalry\nretreat c1 F3", 0, NULL, "c1@F3 c1=4" },

	/* §3.5 ground gain. */
	{ "ground gain after a retreat", BC99, "", "u inf F5; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 : flag cavalry cavalry cavalry\nretreat c1 F3\ngain u1", 0, NULL, "u1@F4" },
	{ "ground gain after a destruction", BC99, "", "u inf F5; c inf F4 1", NULL,
	  GO "order u1\nbattle u1 c1 : infantry cavalry cavalry cavalry\ngain u1", 0, NULL, "u1@F4" },
	{ "never artillery", BC99, "", "u art F5; c inf F4 1", NULL,
	  GO "order u1\nbattle u1 c1 : infantry cavalry cavalry cavalry artillery\ngain u1", 4, "bc-3.5", "u1@F5" },
	{ "only after close combat", BC99, "", "u inf F5; c inf F3 1", NULL,
	  GO "order u1\nbattle u1 c1 : infantry cavalry cavalry\ngain u1", 4, "bc-3.5", "u1@F5" },
	{ "not while the general stays in the hex", BC99, "", "u inf F5; c inf F4 1; c gen F4", NULL,
	  GO "order u1\nbattle u1 c1 : infantry cavalry cavalry cavalry\ngain u1", 4, "bc-3.5", "u1@F5" },
	/* Each ruleset cites its own sections: Battle Cry §5.1, noord-zuid §5.2
	 * and §5.3. */
	{ "bc: an attached general is no target of his own", BC99, "", "u inf F5; c inf F4; c gen F4", NULL,
	  GO "order u1\nbattle u1 cg1 : infantry cavalry cavalry cavalry", 3, "bc-5.1", "cg1@F4" },
	{ "ntz: an attached general is no target of his own", NZ, "", "u inf F5 weapon=rifle; c inf F4; c gen F4", NULL,
	  GO "order u1\nbattle u1 cg1 : infantry cavalry cavalry cavalry", 3, "ntz-5.3", "cg1@F4" },
	{ "bc: no defensive roll", BC99, "", "u inf F5; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 : infantry cavalry cavalry cavalry\ndefend c1 : infantry", 4, "bc-5.1", "u1=4" },

	/* Battle conditions from §3 and §6. */
	{ "a unit needs an order", BC99, "", "u inf F5; u inf B5; c inf F4", NULL,
	  GO "order u2\nbattle u1 c1 : infantry cavalry cavalry cavalry", 3, "bc-9", NULL },
	{ "artillery that moved does not battle", BC99, "", "u art F6; c inf F4", NULL,
	  GO "order u1\nmove u1 F5\nbattle u1 c1 : infantry cavalry cavalry cavalry", 4, "bc-3", NULL },
	{ "bc: no battle after entering woods", BC99, "woods:F5", "u inf F6; c inf F4", NULL,
	  GO "order u1\nmove u1 F5\nbattle u1 c1 : infantry cavalry", 4, "bc-6", NULL },
	{ "ntz: woods stop, battle allowed", NZ, "woods:F5", "u inf F6; c inf F4 3", NULL,
	  GO "order u1\nmove u1 F5\nbattle u1 c1 : cavalry cavalry cavalry", 0, NULL, "u1@F5" },
	{ "ntz: infantry two hexes, no battle", NZ, "", "u inf F7; c inf F4 3", NULL,
	  GO "order u1\nmove u1 F6 F5\nbattle u1 c1 : cavalry cavalry cavalry", 4, "ntz-3", NULL },
	{ "one battle per unit", BC99, "", "u inf F5; c inf F4; c inf G5", NULL,
	  GO "order u1\nbattle u1 c1 : cavalry cavalry cavalry cavalry\nbattle u1 c2 : cavalry cavalry cavalry cavalry",
	  4, "bc-5", NULL },
	{ "moves come before battles", BC99, "", "u inf F5; u inf B6; c inf F4", NULL,
	  GO "order u1 u2\nbattle u1 c1 : cavalry cavalry cavalry cavalry\nmove u2 B5", 4, "bc-9", NULL },
	{ "a general goes with his unit", BC99, "", "u inf F6; u gen F6; c inf A1", NULL,
	  GO "order u1\nmove u1 F5", 0, NULL, "u1@F5 ug1@F5" },
	{ "1999: he may stay behind", BC99, "", "u inf F6; u gen F6; c inf A1", NULL,
	  GO "order u1\nmove u1 F5 alone", 0, NULL, "u1@F5 ug1@F6" },
	{ "150: he must go", BC150, "", "u inf F6; u gen F6; c inf A1", NULL,
	  GO "order u1\nmove u1 F5 alone", 3, "bc-3.1", "u1@F6" },
	{ "a general who moved does not go again", BC99, "", "u inf F6; u gen E5; c inf A1", NULL,
	  GO "order ug1 u1\nmove ug1 F6\nmove u1 F5", 0, NULL, "u1@F5 ug1@F6" },

	/* §5.2 noord-zuid: kills, saves, caps, defensive roll, withdrawal. */
	{ "ntz: two symbols, the first kills; the rest are saved at 1 hex only by sabres", NZ, "",
	  "u inf F5 weapon=rifle; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 : infantry infantry sabres flag\nsave c1 : sabres infantry", 0, NULL, "c1=6" },
	{ "ntz: at 2 hexes the own symbol saves", NZ, "", "u inf F5 weapon=rifle; c inf F3", NULL,
	  GO "order u1\nbattle u1 c1 : infantry cavalry flag\nsave c1 : infantry", 0, NULL, "c1=8" },
	{ "ntz: one symbol is no kill", NZ, "", "u inf F5 weapon=rifle; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 : infantry cavalry cavalry cavalry\nsave c1 : sabres", 0, NULL, "c1=8" },
	{ "ntz: the save is required", NZ, "", "u inf F5 weapon=rifle; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 : infantry cavalry cavalry cavalry\ndraw union recon/left", 4, "ntz-5.2", "c1=8" },
	{ "ntz: one saving die per hit", NZ, "", "u inf F5 weapon=rifle; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 : infantry cavalry cavalry cavalry\nsave c1 : sabres sabres", 4, "ntz-4", "c1=8" },
	{ "ntz: never more losses than the attacker's figures", NZ, "", "u inf F5 1 weapon=rifle; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 : infantry infantry infantry sabres\nsave c1 : cavalry cavalry cavalry", 0, NULL,
	  "c1=7" },
	{ "ntz: defensive roll kills one attacker on its symbol", NZ, "", "u inf F5 weapon=rifle; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 : cavalry cavalry cavalry cavalry\ndefend c1 : infantry", 0, NULL, "u1=7 c1=8" },
	{ "ntz: defensive roll, other faces miss", NZ, "", "u inf F5 weapon=rifle; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 : cavalry cavalry cavalry cavalry\ndefend c1 : sabres", 0, NULL, "u1=8" },
	{ "ntz: no defensive roll for a unit in a waterway", NZ, "stream:F4", "u inf F5 weapon=rifle; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 : cavalry cavalry cavalry cavalry\ndefend c1 : infantry", 4, "ntz-5.2", "u1=8" },
	{ "ntz: withdrawal: one hex back, no defensive roll", NZ, "", "u inf F5 weapon=rifle; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 withdraw : cavalry cavalry cavalry cavalry\ndefend c1 : infantry", 4, "ntz-5.2",
	  "c1@F4" },
	{ "ntz: withdrawal moves the unit", NZ, "", "u inf F5 weapon=rifle; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 withdraw : cavalry cavalry cavalry cavalry\nretreat c1 G3", 0, NULL, "c1@G3" },
	{ "ntz: no ground gain after a withdrawal", NZ, "", "u inf F5 weapon=rifle; c inf F4", NULL,
	  GO "order u1\nbattle u1 c1 withdraw : cavalry cavalry cavalry cavalry\nretreat c1 G3\ngain u1", 5,
	  "ntz-3.5", "u1@F5" },
	{ "ntz: flags ignored above the threshold", NZ, "", "u inf F5 weapon=rifle; c inf F4 quality=veteran", NULL,
	  GO "order u1\nbattle u1 c1 : flag flag cavalry cavalry\ndraw union recon/left", 0, NULL, "c1@F4" },
	{ "ntz: a flag saved by a saving die", NZ, "", "u inf F5 weapon=rifle; c inf F4 4 quality=veteran", NULL,
	  GO "order u1\nbattle u1 c1 : flag cavalry cavalry cavalry\nflagsave c1 : sabres\ndraw union recon/left", 0,
	  NULL, "c1@F4" },
	{ "ntz: a flag not saved", NZ, "", "u inf F5 weapon=rifle; c inf F4 4 quality=veteran", NULL,
	  GO "order u1\nbattle u1 c1 : flag cavalry cavalry cavalry\nflagsave c1 : infantry\nretreat c1 F3", 0,
	  NULL, "c1@F3" },
	{ "ntz: blocked retreat under a general: the general dies when the flags exceed the figures", NZ, "",
	  "u inf F5 weapon=rifle; c inf F4 1; c gen F4; c inf F3; c inf F3; c inf G3; c inf G3", NULL,
	  GO "order u1\nbattle u1 c1 : flag flag cavalry cavalry\nretreat c1", 0, NULL, "c1=dead cg1=dead flags.union=2" },
	{ "ntz §5.3: a lone general dies on unsaved sabres", NZ, "", "u inf F5 weapon=rifle; c gen F4", NULL,
	  GO "order u1\nbattle u1 cg1 : sabres cavalry cavalry cavalry\nsave cg1 : infantry", 0, NULL,
	  "cg1=dead flags.union=1" },
	{ "ntz §5.3: sabres saved", NZ, "", "u inf F5 weapon=rifle; c gen F4", NULL,
	  GO "order u1\nbattle u1 cg1 : sabres cavalry cavalry cavalry\nsave cg1 : sabres", 0, NULL, "cg1@F4" },
	{ "ntz §3.5: mounted cavalry gains ground and battles again", NZ, "", "u cav F5; c inf F4 3", NULL,
	  GO "order u1\nbattle u1 c1 : flag cavalry cavalry\nretreat c1 F3\ngain u1\nbattle u1 c1 : cavalry cavalry cavalry",
	  0, NULL, "u1@F4" },
	{ "ntz §3.5: ... against that same unit only", NZ, "", "u cav F5; c inf F4 3; c inf G4", NULL,
	  GO "order u1\nbattle u1 c1 : flag cavalry cavalry\nretreat c1 F3\ngain u1\nbattle u1 c2 : cavalry cavalry cavalry",
	  6, "ntz-3.5", NULL },
	{ "ntz: dismount and battle with carbines", NZ, "", "u cav F5; c inf F3", NULL,
	  GO "order u1\ndismount u1\nbattle u1 c1 : cavalry cavalry", 0, NULL, NULL },
	{ "ntz: mounted cavalry has no range 2", NZ, "", "u cav F5; c inf F3", NULL,
	  GO "order u1\nbattle u1 c1 : cavalry cavalry", 3, "ntz-4", NULL },

	/* §10: the first to the target wins; nothing follows. */
	{ "victory ends the game", BC99, "", "u inf F5; c inf F4 1", "victory=1",
	  GO "order u1\nbattle u1 c1 : infantry cavalry cavalry cavalry\ngain u1", 4, "bc-10", "winner=union" },
};

static void check_expect(const fixture *f, const battle_case *c)
{
	if (!c->expect)
		return;
	const hex_game *g = f->g;
	char copy[256];
	snprintf(copy, sizeof copy, "%s", c->expect);
	for (char *w = strtok(copy, " "); w; w = strtok(NULL, " ")) {
		if (strncmp(w, "flags.", 6) == 0) {
			char side[32];
			int n;
			assert_int_equal(sscanf(w + 6, "%31[^=]=%d", side, &n), 2);
			int s = hex_game_side_index(g, side);
			if (g->sides[s].flags != n)
				fail_msg("%s: %s has %d flags, expected %d", c->why, side, g->sides[s].flags, n);
			continue;
		}
		if (strncmp(w, "winner=", 7) == 0) {
			if (g->winner != hex_game_side_index(g, w + 7))
				fail_msg("%s: winner %d", c->why, g->winner);
			continue;
		}
		char *eq = strchr(w, '='), *at = strchr(w, '@');
		char *sep = eq ? eq : at;
		assert_non_null(sep);
		*sep = '\0';
		hex_ref r;
		assert_true(hex_game_resolve_ref(g, w, &r));
		if (eq && strcmp(eq + 1, "dead") == 0) {
			if (hex_game_ref_alive(g, r))
				fail_msg("%s: %s is alive", c->why, w);
		} else if (eq) {
			int n = atoi(eq + 1);
			if (!hex_game_ref_alive(g, r) || g->units[r.index].figures != n)
				fail_msg("%s: %s has %d figures, expected %d", c->why, w,
					hex_game_ref_alive(g, r) ? g->units[r.index].figures : 0, n);
		} else {
			char h[HEX_ADDRESS_MAX];
			hex_format(hex_game_ref_at(g, r), h);
			if (!hex_game_ref_alive(g, r) || strcmp(h, at + 1) != 0)
				fail_msg("%s: %s is at %s, expected %s", c->why, w, h, at + 1);
		}
	}
}

static void test_battles(void **state)
{
	fixture *f = *state;
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		const battle_case *c = &CASES[i];
		fx_game_opts(f, c->ruleset, c->terrain, c->units, c->opts);
		rules_error err;
		int refused = fx_play(f, c->lines, &err);
		if (refused != c->refused)
			fail_msg("%s (%s): line %d refused (%s [%s]), expected line %d", c->why, c->ruleset, refused,
				refused ? err.message : "", refused ? err.rule : "", c->refused);
		if (c->rule && strcmp(err.rule, c->rule) != 0)
			fail_msg("%s (%s): refused under [%s] (%s), expected [%s]", c->why, c->ruleset, err.rule, err.message,
				c->rule);
		/* The cases end between actions, never halfway through a required step. */
		if (!refused && !referee_finish(f->ref, &err))
			fail_msg("%s: the battle is left unfinished: %s", c->why, err.message);
		check_expect(f, c);
	}
}

/* A refused action changes nothing: replaying the rest works. */
static void test_refusal_changes_nothing(void **state)
{
	fixture *f = *state;
	fx_game(f, BC99, "", "u inf F5; c inf F4");
	rules_error err;
	assert_int_equal(fx_play(f, GO "order u1\nmove u1 F3", &err), 3);   /* too far */
	assert_int_equal(fx_play(f, "move u1 G5\nbattle u1 c1 : cavalry cavalry cavalry cavalry", &err), 0);
	char h[HEX_ADDRESS_MAX];
	assert_string_equal(hex_format(f->g->units[0].at, h), "G5");
}


int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_battles),
		cmocka_unit_test(test_refusal_changes_nothing),
	};
	return cmocka_run_group_tests(tests, fx_setup, fx_teardown);
}
