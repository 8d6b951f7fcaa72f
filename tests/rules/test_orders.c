/* §8 order cards and §9 the turn: which units a card may order, from the
 * playing side's own seat (§1: the left flank is the west for the side
 * whose home edge is south), sections cut by the lines on short rows, the
 * order counts (a general with two units in one hex, and a brigade, take
 * one order in noord-zuid, §3.2, §3.3), the counter-attack, discarding,
 * drawing, and the noord-zuid brigades.
 *
 * Standard board split: west A-D, centre E-I, east J-M on long rows; on
 * short rows D and I belong to two sections. */
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

#define HAND_U "recon/left skirmish/centre assault/right frontal"
#define HAND_C "recon/left skirmish/centre assault/right bombard"

typedef struct order_case {
	const char *why;
	const char *ruleset;
	const char *units;
	const char *opts;
	const char *union_hand, *confederate_hand;
	const char *lines;
	int refused;
	const char *rule;
} order_case;

#define CONF_TURN "play union skirmish/centre\ndraw union attack/centre\n"

static const order_case CASES[] = {
	/* §1, §8: flanks seen from the player's seat. */
	{ "union (home south): left is west", BC99, "u inf B5; u inf L5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union recon/left\norder u1", 0, NULL },
	{ "union: the east is not its left", BC99, "u inf B5; u inf L5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union recon/left\norder u2", 2, "bc-8" },
	{ "union: right is east", BC99, "u inf B5; u inf L5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union assault/right\norder u2", 0, NULL },
	{ "confederacy (home north): left is east", BC99, "u inf F9; c inf B5; c inf L5", NULL, HAND_U, HAND_C,
	  CONF_TURN "play confederate recon/left\norder c2", 0, NULL },
	{ "confederacy: the west is not its left", BC99, "u inf F9; c inf B5; c inf L5", NULL, HAND_U, HAND_C,
	  CONF_TURN "play confederate recon/left\norder c1", 4, "bc-8" },
	{ "swapped homes swap the flanks", BC99, "u inf B5; u inf L5; c inf F1", "homes=swapped", HAND_U, HAND_C,
	  "play union recon/left\norder u2", 0, NULL },
	/* §1: the hex a line cuts belongs to both sections. */
	{ "D6 (short row) is west", BC99, "u inf D6; c inf F1", NULL, HAND_U, HAND_C,
	  "play union recon/left\norder u1", 0, NULL },
	{ "D6 (short row) is centre too", BC99, "u inf D6; c inf F1", NULL, HAND_U, HAND_C,
	  "play union skirmish/centre\norder u1", 0, NULL },
	{ "D5 (long row) is only west", BC99, "u inf D5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union skirmish/centre\norder u1", 2, "bc-8" },
	{ "I6 is centre and east", BC99, "u inf I6; c inf F1", NULL, HAND_U, HAND_C,
	  "play union assault/right\norder u1", 0, NULL },
	/* §8: how many. */
	{ "probe: two units", BC99, "u inf B5; u inf C5; u inf A5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union recon/left\norder u1 u2", 0, NULL },
	{ "probe: not three", BC99, "u inf B5; u inf C5; u inf A5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union recon/left\norder u1 u2\norder u3", 3, "bc-8" },
	{ "skirmish: one", BC99, "u inf F5; u inf G5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union skirmish/centre\norder u1 u2", 2, "bc-8" },
	{ "a general counts as one order", BC99, "u inf F5; u gen G5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union skirmish/centre\norder u1 ug1", 2, "bc-8" },
	{ "bc: the attached general goes with his ordered unit", BC99, "u inf F6; u gen F6; c inf F1", NULL, HAND_U,
	  HAND_C, "play union skirmish/centre\norder u1\nmove u1 F5", 0, NULL },
	{ "frontal: one in each section", BC99, "u inf B5; u inf F5; u inf L5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union frontal\norder u1 u2 u3", 0, NULL },
	{ "frontal: not two in one section", BC99, "u inf B5; u inf C5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union frontal\norder u1 u2", 2, "bc-8" },
	{ "frontal: a cut hex takes the free section", BC99, "u inf B5; u inf L5; u inf D6; c inf F1", NULL, HAND_U,
	  HAND_C, "play union frontal\norder u1 u2 u3", 0, NULL },
	{ "frontal: a cut hex with both its sections taken", BC99, "u inf B5; u inf F5; u inf D6; c inf F1", NULL,
	  HAND_U, HAND_C, "play union frontal\norder u1 u2 u3", 2, "bc-8" },
	{ "bombard: artillery", BC99, "u inf F9; c art B3; c art L3; c inf F3", NULL, HAND_U, HAND_C,
	  CONF_TURN "play confederate bombard\norder c1 c2", 0, NULL },
	{ "bombard: not infantry", BC99, "u inf F9; c art B3; c art L3; c inf F3", NULL, HAND_U, HAND_C,
	  CONF_TURN "play confederate bombard\norder c3", 4, "bc-8" },
	{ "fire: infantry and artillery of the section named", BC99, "u inf F5; u art G5; u cav H5; u inf B5; c inf F1",
	  NULL, "fire recon/left skirmish/centre frontal", HAND_C, "play union fire centre\norder u1 u2", 0, NULL },
	{ "fire: not cavalry", BC99, "u inf F5; u art G5; u cav H5; u inf B5; c inf F1", NULL,
	  "fire recon/left skirmish/centre frontal", HAND_C, "play union fire centre\norder u3", 2, "bc-8" },
	{ "fire: not another section", BC99, "u inf F5; u art G5; u cav H5; u inf B5; c inf F1", NULL,
	  "fire recon/left skirmish/centre frontal", HAND_C, "play union fire centre\norder u4", 2, "bc-8" },
	{ "fire: a section must be named", BC99, "u inf F5; c inf F1", NULL, "fire recon/left skirmish/centre frontal",
	  HAND_C, "play union fire", 1, "bc-8" },
	{ "recon names its flank: no section", BC99, "u inf F5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union recon/left right", 1, "bc-8" },
	{ "leadership: generals with their units", BC99, "u inf F5; u gen F5; u inf B5; u gen B5; c inf F1", NULL,
	  "leadership recon/left skirmish/centre frontal", HAND_C, "play union leadership\norder u1 ug1 u2 ug2", 0, NULL },
	{ "leadership: not a lone general", BC99, "u inf F5; u gen B5; c inf F1", NULL,
	  "leadership recon/left skirmish/centre frontal", HAND_C, "play union leadership\norder ug1", 2, "bc-8" },
	{ "leadership: not a unit without a general", BC99, "u inf F5; u gen B5; c inf F1", NULL,
	  "leadership recon/left skirmish/centre frontal", HAND_C, "play union leadership\norder u1", 2, "bc-8" },
	{ "general offensive: everything", BC99, "u inf F5; u gen B5; u art L5; c inf F1", NULL,
	  "general-offensive recon/left skirmish/centre frontal", HAND_C, "play union general-offensive\norder u1 ug1 u2",
	  0, NULL },
	/* §3.2, §3.3: one order for a general's hex, one for a brigade. */
	{ "ntz: two units with their general: one order", NZ, "u inf F5; u inf F5; u gen F5; c inf F1", NULL, HAND_U,
	  HAND_C, "play union skirmish/centre\norder u1 u2\nmove u1 G5 alone\nmove u2 E5", 0, NULL },
	{ "ntz: ... and nothing more", NZ, "u inf F5; u inf F5; u gen F5; u inf H5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union skirmish/centre\norder u1\norder u3", 3, "ntz-8" },
	{ "ntz: a brigade is one order", NZ, "u inf F5; u inf G5; u art E5; u gen F5; c inf F1",
	  "brigade=b1:ug1:u1,u2,u3", HAND_U, HAND_C, "play union skirmish/centre\norder b1\nmove u2 H5", 0, NULL },
	{ "ntz: a brigade moves at the speed of its slowest", NZ, "u inf F5; u inf G5; u art E5; u gen F5; c inf F1",
	  "brigade=b1:ug1:u1,u2,u3", HAND_U, HAND_C, "play union skirmish/centre\norder b1\nmove u2 H5 I5", 3,
	  "ntz-3.3" },
	{ "ntz: a brigade stays in its general's zone", NZ, "u inf F5; u inf G5; u gen F5; c inf F1",
	  "brigade=b1:ug1:u1,u2", HAND_U, HAND_C, "play union skirmish/centre\norder b1\nmove u2 H5\ndraw union attack/centre",
	  4, "ntz-3.3" },
	{ "ntz: forming a brigade is an order", NZ, "u inf F5; u inf G5; u gen F5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union skirmish/centre\nform b1 ug1 u1 u2\nmove u2 H5", 3, "ntz-8" },
	{ "ntz: brigade units stand in the general's zone", NZ, "u inf F5; u inf I5; u gen F5; c inf F1", NULL, HAND_U,
	  HAND_C, "play union assault/right\nform b1 ug1 u1 u2", 2, "ntz-3.3" },
	{ "bc: no brigades", BC99, "u inf F5; u inf G5; u gen F5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union skirmish/centre\nform b1 ug1 u1 u2", 2, "bc-3.1" },
	/* §8 counter-attack: the opponent's last orders, on the same ground. */
	{ "counter-attack repeats the orders", BC99, "u inf B7; c inf B3; c inf L3", NULL, HAND_U,
	  "counter-attack skirmish/centre assault/right bombard",
	  "play union recon/left\norder u1\ndraw union attack/centre\nplay confederate counter-attack\norder c1", 0, NULL },
	{ "counter-attack: on the same ground", BC99, "u inf B7; c inf B3; c inf L3", NULL, HAND_U,
	  "counter-attack skirmish/centre assault/right bombard",
	  "play union recon/left\norder u1\ndraw union attack/centre\nplay confederate counter-attack\norder c2", 5,
	  "bc-8" },
	/* §8: a player who cannot use any card discards one. */
	{ "no discard while a card can be used", BC99, "u inf F5; c inf F1", NULL, HAND_U, HAND_C,
	  "discard union recon/left", 1, "bc-8" },
	{ "discard when nothing can be used", BC99, "u cav F5; c inf F1", NULL,
	  "sharpshooter rally reinforcements sharpshooter", HAND_C,
	  "discard union rally\ndraw union recon/left", 0, NULL },
	{ "no discard while rally can return a figure", BC99, "u cav F5 2; c inf F1", NULL,
	  "sharpshooter rally reinforcements sharpshooter", HAND_C, "discard union reinforcements", 1, "bc-8" },
	{ "no discard while the sharpshooter has an infantry unit", BC99, "u inf F5; c inf F1", NULL,
	  "sharpshooter rally reinforcements sharpshooter", HAND_C, "discard union rally", 1, "bc-8" },
	{ "no discard while short-supply can name an enemy unit", BC99, "u inf F5; c inf F1", NULL,
	  "sharpshooter rally reinforcements short-supply", HAND_C, "discard union rally", 1, "bc-8" },
	{ "a special card not refereed yet", BC99, "u inf F5; c inf F1", NULL,
	  "sharpshooter rally reinforcements short-supply", HAND_C, "play union reinforcements", 1, "bc-8.1" },
	{ "a card not in the hand", BC99, "u inf F5; c inf F1", NULL, HAND_U, HAND_C, "play union attack/left", 1, "bc-8" },
	{ "a card not left in the deck", BC99, "u inf F5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union skirmish/centre\ndraw union general-offensive\nplay confederate skirmish/centre\n"
	  "draw confederate general-offensive", 4, "bc-8" },
	/* §9: turns alternate; the scenario names the first player. */
	{ "the first player opens", BC99, "u inf F5; c inf F1", NULL, HAND_U, HAND_C, "play confederate recon/left", 1,
	  "bc-9" },
	{ "then the other side", BC99, "u inf F5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union skirmish/centre\ndraw union attack/centre\nplay union attack/centre", 3, "bc-9" },
	{ "one card per turn", BC99, "u inf F5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union skirmish/centre\nplay union frontal", 2, "bc-9" },
	{ "orders come first", BC99, "u inf F5; u inf G5; c inf F1", NULL, HAND_U, HAND_C,
	  "play union recon/left\nplay union recon/left", 2, "bc-9" },
	/* The fieldworks card: 2 infantry or 1 artillery dig in. */
	{ "fieldworks: two infantry", BC99, "u inf F5; u inf G5; c inf F1", NULL,
	  "fieldworks recon/left skirmish/centre frontal", HAND_C, "play union fieldworks\norder u1 u2\ndig u1\ndig u2", 0,
	  NULL },
	{ "fieldworks: not three", BC99, "u inf F5; u inf G5; u inf H5; c inf F1", NULL,
	  "fieldworks recon/left skirmish/centre frontal", HAND_C, "play union fieldworks\norder u1 u2 u3", 2, "bc-8" },
	{ "fieldworks: not infantry and artillery", BC99, "u inf F5; u art G5; c inf F1", NULL,
	  "fieldworks recon/left skirmish/centre frontal", HAND_C, "play union fieldworks\norder u1 u2", 2, "bc-8" },
};

static void test_orders(void **state)
{
	fixture *f = *state;
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		const order_case *c = &CASES[i];
		fx_game_opts(f, c->ruleset, "", c->units, c->opts);
		rules_error err;
		int refused = fx_play_hands(f, c->union_hand, c->confederate_hand, c->lines, &err);
		if (refused != c->refused)
			fail_msg("%s (%s): line %d refused (%s [%s]), expected line %d", c->why, c->ruleset, refused,
				refused ? err.message : "", refused ? err.rule : "", c->refused);
		if (c->rule && strcmp(err.rule, c->rule) != 0)
			fail_msg("%s (%s): refused under [%s] (%s), expected [%s]", c->why, c->ruleset, err.rule, err.message,
				c->rule);
	}
}

/* After the fieldworks card, battling into the hex costs two dice. */
static void test_fieldworks_dug(void **state)
{
	fixture *f = *state;
	fx_game(f, BC99, "", "u inf F5; u inf G5; c inf F3");
	rules_error err;
	assert_int_equal(fx_play_hands(f, "fieldworks recon/left skirmish/centre frontal", HAND_C,
		"play union fieldworks\norder u1\ndig u1\ndraw union attack/centre\nplay confederate skirmish/centre\n"
		"order c1\nbattle c1 u1 : cavalry", &err), 0);
	assert_true(hex_game_has_fieldworks(f->g, fx_hex("F5")));
}

/* 150: the counter-attack gives no ground. */
static void test_counter_attack_no_gain(void **state)
{
	fixture *f = *state;
	fx_game(f, BC150, "", "u inf F6; c inf F5; u inf B9");
	rules_error err;
	int refused = fx_play_hands(f, HAND_U, "counter-attack skirmish/centre assault/right bombard",
		"play union skirmish/centre\norder u1\nbattle u1 c1 : cavalry cavalry cavalry cavalry\n"
		"draw union attack/centre\nplay confederate counter-attack\norder c1\n"
		"battle c1 u1 : infantry infantry infantry infantry\ngain c1", &err);
	/* u1 destroyed (4 hits on 4 figures), and still no ground. */
	assert_int_equal(refused, 8);
	assert_string_equal(err.rule, "bc-3.5");
}


int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_orders),
		cmocka_unit_test(test_fieldworks_dug),
		cmocka_unit_test(test_counter_attack_no_gain),
	};
	return cmocka_run_group_tests(tests, fx_setup, fx_teardown);
}
