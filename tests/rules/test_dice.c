/* §4 combat dice and ranges, the dice column of §6, §5.3 (who may attack a
 * general) and §6.1 as a refusal, for the three hex rulesets.  Each row:
 * a position, an attack from F5 eastward along row 5 (G5 is 1 hex, H5 2,
 * I5 3, J5 4, K5 5, L5 6), the dice the digest gives, and the rule a
 * refusal must name. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/hex/dice.h"
#include "rules_fixture.h"

#define BC99 "battlecry-1999"
#define BC150 "battlecry-150"
#define NZ "noord-zuid"

typedef struct dice_case {
	const char *why;
	const char *ruleset;
	const char *terrain;
	const char *units;
	const char *from, *to;
	int dice;               /* 0: refused */
	const char *rule;       /* a refusal must name it; a modifier too when given with dice > 0 */
} dice_case;

static const dice_case CASES[] = {
	/* §4 table, battlecry-*: infantry 4 3 2 1, cavalry 3, artillery 5 4 3 2 1. */
	{ "bc infantry adjacent", BC99, "", "u inf F5; c inf G5", "F5", "G5", 4, NULL },
	{ "bc infantry 2", BC99, "", "u inf F5; c inf H5", "F5", "H5", 3, NULL },
	{ "bc infantry 3", BC99, "", "u inf F5; c inf I5", "F5", "I5", 2, NULL },
	{ "bc infantry 4", BC99, "", "u inf F5; c inf J5", "F5", "J5", 1, NULL },
	{ "bc infantry 5: out of range", BC99, "", "u inf F5; c inf K5", "F5", "K5", 0, "bc-4" },
	{ "bc cavalry adjacent", BC99, "", "u cav F5; c inf G5", "F5", "G5", 3, NULL },
	{ "bc cavalry 2: out of range", BC99, "", "u cav F5; c inf H5", "F5", "H5", 0, "bc-4" },
	{ "bc artillery 1", BC99, "", "u art F5; c inf G5", "F5", "G5", 5, NULL },
	{ "bc artillery 3", BC99, "", "u art F5; c inf I5", "F5", "I5", 3, NULL },
	{ "bc artillery 5", BC99, "", "u art F5; c inf K5", "F5", "K5", 1, NULL },
	{ "bc artillery 6: out of range", BC99, "", "u art F5; c inf L5", "F5", "L5", 0, "bc-4" },
	{ "150 same table", BC150, "", "u inf F5; c inf H5", "F5", "H5", 3, NULL },

	/* §4 general with the unit. */
	{ "1999 general: +1 infantry", BC99, "", "u inf F5; u gen F5; c inf G5", "F5", "G5", 5, "bc-4" },
	{ "1999 general: +1 cavalry", BC99, "", "u cav F5; u gen F5; c inf G5", "F5", "G5", 4, "bc-4" },
	{ "1999 general: not artillery", BC99, "", "u art F5; u gen F5; c inf G5", "F5", "G5", 5, NULL },
	{ "150 general: no extra die", BC150, "", "u inf F5; u gen F5; c inf G5", "F5", "G5", 4, NULL },
	{ "ntz general commands infantry: +1", NZ, "", "u inf F5; u gen F5; c inf G5", "F5", "G5", 4, "ntz-4" },
	{ "ntz general: not artillery", NZ, "", "u art F5; u gen F5; c inf G5", "F5", "G5", 5, NULL },

	/* §4 artillery on a hill: +1 (all hex rulesets). */
	{ "bc artillery on a hill", BC99, "hill:F5", "u art F5; c inf H5", "F5", "H5", 5, "bc-4" },
	{ "150 artillery on a hill", BC150, "hill:F5", "u art F5; c inf H5", "F5", "H5", 5, "bc-4" },
	{ "ntz artillery on a hill", NZ, "hill:F5", "u art F5; c inf H5", "F5", "H5", 5, "ntz-4" },
	{ "infantry on a hill: nothing", BC99, "hill:F5", "u inf F5; c inf H5", "F5", "H5", 3, NULL },

	/* §6 attack into: battlecry. */
	{ "bc into woods", BC99, "woods:G5", "u inf F5; c inf G5", "F5", "G5", 3, "bc-6" },
	{ "bc into orchard", BC99, "orchard:G5", "u inf F5; c inf G5", "F5", "G5", 3, "bc-6" },
	{ "bc into hill, adjacent too", BC99, "hill:G5", "u inf F5; c inf G5", "F5", "G5", 3, "bc-6" },
	{ "bc into buildings", BC99, "buildings:G5", "u inf F5; c inf G5", "F5", "G5", 2, "bc-6" },
	{ "bc into stream", BC99, "stream:G5", "u inf F5; c inf G5", "F5", "G5", 3, "bc-6" },
	{ "bc into field", BC99, "field:G5", "u inf F5; c inf G5", "F5", "G5", 3, "bc-6" },
	{ "bc into fence", BC99, "fence:G5", "u inf F5; c inf G5", "F5", "G5", 3, "bc-6" },
	{ "bc into bridge", BC99, "bridge:G5", "u inf F5; c inf G5", "F5", "G5", 4, NULL },
	{ "bc fieldworks replace the hill", BC99, "hill+fw:G5", "u inf F5; c inf G5", "F5", "G5", 2, "bc-6" },
	{ "bc fieldworks on clear", BC99, "clear+fw:G5", "u inf F5; c inf G5", "F5", "G5", 2, "bc-6" },
	{ "bc fewer than one die", BC99, "woods:J5", "u inf F5; c inf J5", "F5", "J5", 0, "bc-4" },
	/* §6 attack into: noord-zuid. */
	{ "ntz into woods", NZ, "woods:G5", "u inf F5 weapon=rifle; c inf G5", "F5", "G5", 3, "ntz-6" },
	{ "ntz into buildings", NZ, "buildings:G5", "u inf F5 weapon=rifle; c inf G5", "F5", "G5", 2, "ntz-6" },
	{ "ntz into fieldworks", NZ, "clear+fw:G5", "u inf F5 weapon=rifle; c inf G5", "F5", "G5", 2, "ntz-6" },
	{ "ntz waterway: no effect on the attacker of it", NZ, "stream:G5", "u inf F5 weapon=rifle; c inf G5",
	  "F5", "G5", 4, NULL },
	{ "ntz waterway: -1 to the unit standing in it", NZ, "stream:F5", "u inf F5 weapon=rifle; c inf G5",
	  "F5", "G5", 3, "ntz-6" },

	/* §4 noord-zuid table. */
	{ "ntz musket 1", NZ, "", "u inf F5 weapon=musket; c inf G5", "F5", "G5", 3, NULL },
	{ "ntz musket 3", NZ, "", "u inf F5 weapon=musket; c inf I5", "F5", "I5", 1, NULL },
	{ "ntz musket 4: out of range", NZ, "", "u inf F5 weapon=musket; c inf J5", "F5", "J5", 0, "ntz-4" },
	{ "ntz rifle 4", NZ, "", "u inf F5 weapon=rifle; c inf J5", "F5", "J5", 1, NULL },
	{ "ntz mounted cavalry 1", NZ, "", "u cav F5; c inf G5", "F5", "G5", 3, NULL },
	{ "ntz mounted cavalry 2: out of range", NZ, "", "u cav F5; c inf H5", "F5", "H5", 0, "ntz-4" },
	{ "ntz carbines 2", NZ, "", "u cav F5 state=dismounted; c inf H5", "F5", "H5", 2, NULL },
	{ "ntz carbines 3", NZ, "", "u cav F5 state=dismounted; c inf I5", "F5", "I5", 1, NULL },
	{ "ntz field artillery 5", NZ, "", "u art F5 kind=field; c inf K5", "F5", "K5", 1, NULL },
	{ "ntz horse artillery 1", NZ, "", "u art F5 kind=horse; c inf G5", "F5", "G5", 4, NULL },
	{ "ntz horse artillery 3", NZ, "", "u art F5 kind=horse; c inf I5", "F5", "I5", 3, NULL },
	{ "ntz horse artillery 4", NZ, "", "u art F5 kind=horse; c inf J5", "F5", "J5", 2, NULL },

	/* §6.1 line of sight as a refusal; adjacent always seen. */
	{ "woods between", BC99, "woods:G5", "u inf F5; c inf H5", "F5", "H5", 0, "bc-6.1" },
	{ "a friendly unit between", BC99, "", "u inf F5; u inf G5; c inf H5", "F5", "H5", 0, "bc-6.1" },
	{ "an enemy general between", BC99, "", "u inf F5; c gen G5; c inf H5", "F5", "H5", 0, "bc-6.1" },
	{ "orchard between: 1999 sees", BC99, "orchard:G5", "u inf F5; c inf H5", "F5", "H5", 3, NULL },
	{ "orchard between: 150 does not", BC150, "orchard:G5", "u inf F5; c inf H5", "F5", "H5", 0, "bc-6.1" },
	{ "ntz orchard does not block", NZ, "orchard:G5", "u inf F5; c inf H5", "F5", "H5", 2, NULL },
	{ "ntz fieldworks do not block", NZ, "clear+fw:G5", "u inf F5; c inf H5", "F5", "H5", 2, NULL },
	{ "adjacent: the target's woods do not hide it", BC99, "woods:G5", "u inf F5; c inf G5", "F5", "G5", 3, NULL },
	{ "hill: friends next to the viewer do not block (1999)", BC99, "hill:F5",
	  "u art F5; u inf G5; c inf H5", "F5", "H5", 5, NULL },
	{ "ntz hill: they do", NZ, "hill:F5", "u art F5; u inf G5; c inf H5", "F5", "H5", 0, "ntz-6.1" },

	/* §4 battlecry-150: an adjacent enemy unit binds. */
	{ "150 adjacent enemy binds", BC150, "", "u inf F5; c inf G5; c inf F3", "F5", "F3", 0, "bc-4" },
	{ "1999 does not bind", BC99, "", "u inf F5; c inf G5; c inf F3", "F5", "F3", 3, NULL },
	{ "150 the adjacent one itself", BC150, "", "u inf F5; c inf G5; c inf F3", "F5", "G5", 4, NULL },

	/* Targets: §5.1 a lone general can be attacked, §5.3 noord-zuid only by
	 * infantry or cavalry. */
	{ "bc lone general", BC99, "", "u art F5; c gen H5", "F5", "H5", 4, NULL },
	{ "ntz general by artillery: no", NZ, "", "u art F5; c gen H5", "F5", "H5", 0, "ntz-5.3" },
	{ "ntz general by infantry", NZ, "", "u inf F5 weapon=rifle; c gen H5", "F5", "H5", 3, NULL },
	{ "general with a unit: the unit is the target", BC99, "", "u inf F5; c inf G5; c gen G5", "F5", "G5", 4, NULL },
	{ "a friendly unit is no target", BC99, "", "u inf F5; u inf G5", "F5", "G5", 0, "bc-5.1" },
	{ "an empty hex is no target", BC99, "", "u inf F5", "F5", "G5", 0, "bc-5.1" },
	/* noord-zuid cites its own battle section, §5.2, never Battle Cry's §5.1 */
	{ "ntz: a friendly unit is no target", NZ, "", "u inf F5; u inf G5", "F5", "G5", 0, "ntz-5.2" },
	{ "ntz: an empty hex is no target", NZ, "", "u inf F5", "F5", "G5", 0, "ntz-5.2" },
};

static void test_dice(void **state)
{
	fixture *f = *state;
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		const dice_case *c = &CASES[i];
		hex_game *g = fx_game(f, c->ruleset, c->terrain, c->units);
		int units[1];
		assert_int_equal(hex_game_units_at(g, fx_hex(c->from), -1, units, 1), 1);
		dice_answer d;
		dice_battle(g, units[0], fx_hex(c->to), (hex_ref){ REF_NONE, -1 }, NULL, &d);
		char all[RULES_REASONS_MAX * (RULES_ERROR_MESSAGE_LEN + RULES_ERROR_RULE_LEN + 8)] = "";
		bool named = false;
		for (int k = 0; k < d.reasons.count; k++) {
			char one[RULES_ERROR_MESSAGE_LEN + RULES_ERROR_RULE_LEN + 8];
			snprintf(one, sizeof one, "%s [%s]; ", d.reasons.items[k].message, d.reasons.items[k].rule);
			strcat(all, one);
			if (c->rule && strcmp(d.reasons.items[k].rule, c->rule) == 0 && (c->dice > 0 || k == d.refusal))
				named = true;
		}
		if (d.dice != c->dice || d.allowed != (c->dice > 0))
			fail_msg("%s (%s): %d dice, %s, expected %d: %s", c->why, c->ruleset, d.dice,
				d.allowed ? "allowed" : "refused", c->dice, all);
		if (c->rule && !named)
			fail_msg("%s (%s): no reason names [%s]: %s", c->why, c->ruleset, c->rule, all);
		/* Every reason names a rule. */
		for (int k = 0; k < d.reasons.count; k++)
			if (!d.reasons.items[k].rule[0] || !d.reasons.items[k].message[0])
				fail_msg("%s: reason '%s' names no rule", c->why, d.reasons.items[k].message);
	}
}

/* noord-zuid: a general fights beside one unit only once a turn (§4:
 * "with one of these units"). */
static void test_general_once(void **state)
{
	fixture *f = *state;
	hex_game *g = fx_game(f, NZ, "", "u inf F5 weapon=rifle; u inf F5 weapon=rifle; u gen F5; c inf G5; c inf F4");
	bool spent[4] = { false, false, false, false };
	dice_answer d;
	dice_battle(g, 0, fx_hex("G5"), (hex_ref){ REF_NONE, -1 }, spent, &d);
	assert_int_equal(d.dice, 5);
	assert_int_equal(d.general, 0);
	spent[0] = true;
	dice_battle(g, 1, fx_hex("F4"), (hex_ref){ REF_NONE, -1 }, spent, &d);
	assert_int_equal(d.dice, 4);
}


int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dice),
		cmocka_unit_test(test_general_once),
	};
	return cmocka_run_group_tests(tests, fx_setup, fx_teardown);
}
