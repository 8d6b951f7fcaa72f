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

/* The refusal a case expects: the line refused (0: none), under which
 * rule, saying what. */
static void expect_refusal(const char *why, int refused, const rules_error *err, int want, const char *rule,
	const char *says)
{
	if (refused != want)
		fail_msg("%s: line %d refused (%s [%s]), expected line %d", why, refused, refused ? err->message : "",
			refused ? err->rule : "", want);
	if (refused && rule && strcmp(err->rule, rule) != 0)
		fail_msg("%s: refused under [%s] (%s), expected [%s]", why, err->rule, err->message, rule);
	if (refused && says && !strstr(err->message, says))
		fail_msg("%s: '%s' does not say '%s'", why, err->message, says);
}

/* Play each case from the two hands; then its figure stands (alive) where
 * the case says, with the figures it says. */
static void run_cases(fixture *f, const card_case *cases, size_t count, const char *union_hand,
	const char *confederate_hand)
{
	for (size_t i = 0; i < count; i++) {
		const card_case *c = &cases[i];
		fx_game(f, c->ruleset, "", c->units);
		rules_error err;
		int refused = fx_play_hands(f, union_hand, confederate_hand, c->lines, &err);
		expect_refusal(c->why, refused, &err, c->refused, c->rule, c->says);
		if (!c->who)
			continue;
		hex_ref r = fx_ref(f->g, c->who);
		hex_coord want = fx_hex(c->at);
		hex_coord at = hex_game_ref_at(f->g, r);
		if (!hex_game_ref_alive(f->g, r) || at.col != want.col || at.row != want.row)
			fail_msg("%s: '%s' does not stand on %s", c->why, c->who, c->at);
		if (c->figures >= 0 && r.kind == REF_UNIT && f->g->units[r.index].figures != c->figures)
			fail_msg("%s: '%s' has %d figures, expected %d", c->why, c->who, f->g->units[r.index].figures,
				c->figures);
	}
}

static void test_cards(void **state)
{
	run_cases(*state, CASES, sizeof CASES / sizeof CASES[0], HAND_U, HAND_C);
}

/* The card waits for its unit: referee_owed says so for play's prompt,
 * and a log that stops there is unfinished. */
static void test_owed(void **state)
{
	fixture *f = *state;
	fx_game(f, BC99, "", "u inf F7; c inf F5; c inf L1");
	rules_error err;
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

/* reinforcements (every hex ruleset): the card's two dice; each
 * infantry, cavalry or artillery face brings one reserve unit of that type
 * onto its entry hex (taken: the nearest free hex of the home row, the
 * western without a hex named), crossed sabres any; flags nothing.  The
 * arrivals owed come before anything else; arrivals neither move nor
 * battle that turn; the card orders nothing; no reserves, no play. */
#define NZ "noord-zuid"
#define HAND_R "reinforcements skirmish/centre assault/centre frontal"
#define RF "play union reinforcements : "

static const card_case REINFORCE_CASES[] = {
	{ "reinforcements: an infantry face brings an infantry reserve onto its entry hex", BC99,
	  "u inf F7; c inf F3; ur inf E9", RF "infantry flag\narrive ur1\ndraw union attack/centre", 0, NULL, NULL,
	  "ur1", "E9", 4 },
	{ "reinforcements: crossed sabres bring any type", BC99, "u inf F7; c inf F3; ur cav G9",
	  RF "sabres flag\narrive ur1\ndraw union attack/centre", 0, NULL, NULL, "ur1", "G9", 3 },
	{ "reinforcements: the reserve keeps its figures", BC99, "u inf F7; c inf F3; ur inf E9 2",
	  RF "infantry flag\narrive ur1\ndraw union attack/centre", 0, NULL, NULL, "ur1", "E9", 2 },
	{ "reinforcements: entry hex taken, the western of the two nearest", BC99, "u inf E9; c inf F3; ur inf E9",
	  RF "infantry flag\narrive ur1\ndraw union attack/centre", 0, NULL, NULL, "ur1", "D9", 4 },
	{ "reinforcements: entry hex taken, the player names the eastern", BC99, "u inf E9; c inf F3; ur inf E9",
	  RF "infantry flag\narrive ur1 F9\ndraw union attack/centre", 0, NULL, NULL, "ur1", "F9", 4 },
	{ "reinforcements: entry hex taken, the nearest free hex past a taken one", BC99,
	  "u inf E9; u inf D9; c inf F3; ur inf D9", RF "infantry flag\narrive ur1\ndraw union attack/centre", 0, NULL,
	  NULL, "ur1", "C9", 4 },
	{ "reinforcements: entry hex taken, a farther hex is refused", BC99, "u inf E9; c inf F3; ur inf E9",
	  RF "infantry flag\narrive ur1 H9", 2, "bc-8.1", "nearest free hex", NULL, NULL, -1 },
	{ "reinforcements: entry hex free, another hex is refused", BC99, "u inf F7; c inf F3; ur inf E9",
	  RF "infantry flag\narrive ur1 F9", 2, "bc-8.1", "which is free", NULL, NULL, -1 },
	{ "reinforcements: an infantry face brings no cavalry", BC99, "u inf F7; c inf F3; ur cav G9",
	  RF "infantry artillery\narrive ur1", 2, "bc-8.1", "bring no cavalry unit", NULL, NULL, -1 },
	{ "reinforcements: one face, one unit", BC99, "u inf F7; c inf F3; ur inf E9; ur inf G9",
	  RF "infantry flag\narrive ur1\narrive ur2", 3, "bc-8.1", "bring no infantry unit", NULL, NULL, -1 },
	{ "reinforcements: two faces, two units", BC99, "u inf F7; c inf F3; ur inf E9; ur inf G9",
	  RF "infantry sabres\narrive ur1\narrive ur2\ndraw union attack/centre", 0, NULL, NULL, "ur2", "G9", 4 },
	{ "reinforcements: its own type's face first, so the sabres serve the cavalry", BC99,
	  "u inf F7; c inf F3; ur inf E9; ur cav G9",
	  RF "sabres infantry\narrive ur1\narrive ur2\ndraw union attack/centre", 0, NULL, NULL, "ur2", "G9", 3 },
	{ "reinforcements: a unit on the board does not arrive", BC99, "u inf F7; c inf F3; ur inf E9",
	  RF "infantry flag\narrive u1", 2, "bc-8.1", "not in reserve", NULL, NULL, -1 },
	{ "reinforcements: an enemy reserve does not arrive", BC99, "u inf F7; c inf F3; ur inf E9; cr inf B1",
	  RF "sabres flag\narrive cr1", 2, "bc-9", "belongs to confederate", NULL, NULL, -1 },
	{ "reinforcements: the draw before the arrivals owed", BC99, "u inf F7; c inf F3; ur inf E9",
	  RF "infantry flag\ndraw union attack/centre", 2, "bc-8.1", "not settled", NULL, NULL, -1 },
	{ "reinforcements: faces that serve no reserve owe nothing", BC99, "u inf F7; c inf F3; ur cav G9",
	  RF "infantry flag\ndraw union attack/centre", 0, NULL, NULL, NULL, NULL, -1 },
	{ "reinforcements: no arrival once every hex of the home row is taken", BC99,
	  "u inf F7; c inf F3; ur inf E9; "
	  "u inf A9; u inf B9; u inf C9; u inf D9; u inf E9; u inf F9; u inf G9; u inf H9; u inf I9; u inf J9; u inf K9;"
	  " u inf L9; u inf M9",
	  RF "infantry flag\narrive ur1", 2, "bc-8.1", "cannot arrive", NULL, NULL, -1 },
	{ "reinforcements: an arrival does not move in its turn", BC99, "u inf F7; c inf F3; ur inf E9",
	  RF "infantry flag\narrive ur1\nmove ur1 E8", 3, "bc-8.1", "arrived this turn", NULL, NULL, -1 },
	{ "reinforcements: an arrival does not battle in its turn", BC99, "u inf F7; c inf E8; ur inf E9",
	  RF "infantry flag\narrive ur1\nbattle ur1 c1 : infantry flag", 3, "bc-8.1", "arrived this turn", NULL, NULL,
	  -1 },
	{ "reinforcements: the card orders no unit", BC99, "u inf F7; c inf F3; ur inf E9",
	  RF "flag flag\norder u1", 2, "bc-8.1", "orders no unit", NULL, NULL, -1 },
	{ "reinforcements: no unit moves in its turn", BC99, "u inf F7; c inf F3; ur inf E9",
	  RF "flag flag\nmove u1 F6", 2, "bc-8.1", "orders no unit of yours", NULL, NULL, -1 },
	{ "reinforcements: two dice", BC99, "u inf F7; c inf F3; ur inf E9",
	  RF "infantry", 1, "bc-8.1", "rolls 2 dice; 1 face", NULL, NULL, -1 },
	{ "reinforcements: the faces rolled are written", BC99, "u inf F7; c inf F3; ur inf E9",
	  "play union reinforcements", 1, "log", "faces rolled are missing", NULL, NULL, -1 },
	{ "reinforcements: a card that rolls nothing takes no faces", BC99, "u inf F7; c inf F3; ur inf E9",
	  "play union skirmish/centre : infantry", 1, "log", "rolls no dice", NULL, NULL, -1 },
	{ "reinforcements: no reserve units, no play", BC99, "u inf F7; c inf F3",
	  RF "infantry flag", 1, "bc-8.1", "can only be discarded", NULL, NULL, -1 },
	{ "reinforcements: a reserve unit is off the board until it arrives", BC99, "u inf F7; c inf F3; ur inf E9",
	  "play union frontal\norder ur1", 2, "bc-8.1", "in reserve, off the board", NULL, NULL, -1 },
	{ "reinforcements: a reserve unit is no target", BC99, "u inf F7; c inf F3; cr inf F1",
	  "play union frontal\norder u1\nbattle u1 cr1 : infantry", 3, NULL, "in reserve", NULL, NULL, -1 },
	{ "reinforcements: an arrival is ordered in a later turn", BC99, "u inf F7; c inf F3; ur inf E9",
	  RF "infantry flag\narrive ur1\ndraw union attack/centre\nplay confederate skirmish/centre\n"
	  "draw confederate recon/centre\nplay union frontal\norder ur1\nmove ur1 E8", 0, NULL, NULL, "ur1", "E8", 4 },
	{ "reinforcements: battlecry-150 as well", "battlecry-150", "u inf F7; c inf F3; ur art E9",
	  RF "artillery flag\narrive ur1\ndraw union attack/centre", 0, NULL, NULL, "ur1", "E9", 3 },
	{ "reinforcements: noord-zuid as well", NZ, "u inf F7; c inf F3; ur inf E9",
	  RF "infantry flag\narrive ur1\ndraw union attack/centre", 0, NULL, NULL, "ur1", "E9", -1 },
	{ "reinforcements: noord-zuid owes the arrival too", NZ, "u inf F7; c inf F3; ur inf E9",
	  RF "infantry flag\ndraw union attack/centre", 2, "ntz-8.1", "not settled", NULL, NULL, -1 },
};

static void test_reinforcements(void **state)
{
	run_cases(*state, REINFORCE_CASES, sizeof REINFORCE_CASES / sizeof REINFORCE_CASES[0], HAND_R, HAND_C);
}

/* The arrivals owed: referee_owed says so for play's prompt, and a log
 * that stops there is unfinished; a reserve unit counts nowhere until it
 * arrives (not destroyed, not on the board, no flag for the enemy). */
static void test_reinforcements_owed(void **state)
{
	fixture *f = *state;
	fx_game(f, BC99, "", "u inf F7; c inf F3; ur inf E9; ur cav G9");
	hex_game *g = f->g;
	int ur1 = hex_game_find_unit(g, "ur1");
	assert_true(ur1 >= 0);
	assert_false(g->units[ur1].alive);
	assert_true(g->units[ur1].reserve);
	assert_int_equal(hex_game_reserves_left(g, 0), 2);
	assert_int_equal(hex_game_reserves_left(g, 1), 0);
	assert_int_equal(hex_game_units_at(g, fx_hex("E9"), -1, NULL, 0), 0);
	assert_false(hex_game_occupied(g, fx_hex("E9")));
	hex_game_eliminate(g, (hex_ref){ REF_UNIT, ur1 });
	assert_int_equal(g->sides[1].flags, 0);
	rules_error err;
	assert_int_equal(fx_play_hands(f, HAND_R, HAND_C, RF "infantry sabres", &err), 0);
	char owed[600];
	bool required;
	assert_true(referee_owed(f->ref, owed, sizeof owed, &required));
	assert_true(required);
	assert_non_null(strstr(owed, "arrive REF"));
	assert_non_null(strstr(owed, "ur1, ur2"));
	assert_true(referee_may_arrive(f->ref, ur1));
	assert_false(referee_finish(f->ref, &err));
	assert_string_equal(err.rule, "bc-8.1");
	assert_int_equal(fx_play(f, "arrive ur2", &err), 0);   /* the sabres */
	assert_true(referee_owed(f->ref, owed, sizeof owed, &required));
	assert_int_equal(fx_play(f, "arrive ur1", &err), 0);   /* the infantry face */
	assert_false(referee_owed(f->ref, owed, sizeof owed, &required));
	assert_true(referee_finish(f->ref, &err));
	assert_int_equal(hex_game_reserves_left(g, 0), 0);
	assert_true(hex_game_occupied(g, fx_hex("E9")));
	assert_false(referee_may_arrive(f->ref, ur1));
}

/* §8: with reserves left the card can be used, so a battlecry side that
 * holds it does not discard; without reserves it can only be discarded
 * (a cavalry unit at full strength: sharpshooter and rally serve nothing). */
static void test_reinforcements_discard(void **state)
{
	fixture *f = *state;
	rules_error err;
	fx_game(f, BC99, "", "u cav F7; c inf F3; ur inf E9");
	assert_int_equal(fx_play_hands(f, "reinforcements sharpshooter rally sharpshooter", HAND_C, "discard union rally",
		&err), 1);
	assert_string_equal(err.rule, "bc-8");
	assert_non_null(strstr(err.message, "reinforcements"));
	fx_game(f, BC99, "", "u cav F7; c inf F3");
	assert_int_equal(fx_play_hands(f, "reinforcements sharpshooter rally sharpshooter", HAND_C,
		"discard union reinforcements\ndraw union recon/left", &err), 0);
}

/* ---- sharpshooter and rally (every hex ruleset) ----
 *
 * sharpshooter: one infantry unit, any section, may move, then battles one
 * enemy general (with a unit or alone) in range and sight with its usual
 * dice; only crossed sabres hit, a hit removes him (one victory flag or
 * point), other faces do nothing and his unit loses nothing.
 * rally: one die per card left in the hand; each unit-type face returns a
 * figure to a weakened unit of that type, sabres to any; never above full
 * strength, never a destroyed unit; every figure the roll can return is
 * named, and the roll and the units come before anything else.
 *
 * `expect` lists what must hold when the lines are done: ID=N (figures),
 * ID=dead, ID=alive, ID@HEX, union=N and confederate=N (victory flags or
 * points). */

#define BC150 "battlecry-150"
#define NTZ "noord-zuid"
#define HAND_SR "sharpshooter rally skirmish/centre frontal"
#define HAND_CR "recon/left skirmish/centre assault/right bombard"
#define SH "play union sharpshooter\n"
#define RA "play union rally\n"

typedef struct special_case {
	const char *why;
	const char *ruleset;
	const char *terrain;
	const char *units;
	const char *lines;
	int refused;
	const char *rule;
	const char *says;
	const char *expect;
} special_case;

static const special_case SPECIAL[] = {
	/* sharpshooter */
	{ "sharpshooter: sabres remove a general with his unit", BC99, "",
	  "u inf F7; c inf F5; c gen F5 id=lee; c inf L1",
	  SH "order u1\nbattle u1 lee : sabres flag infantry\ndraw union attack/centre", 0, NULL, NULL,
	  "lee=dead c1=4 c1@F5 union=1" },
	{ "sharpshooter: other faces do nothing, to him or his unit", BC99, "",
	  "u inf F7; c inf F5; c gen F5 id=lee; c inf L1",
	  SH "order u1\nbattle u1 lee : infantry flag flag\ndraw union attack/centre", 0, NULL, NULL,
	  "lee=alive c1=4 c1@F5 union=0" },
	{ "sharpshooter: a lone general", BC99, "", "u inf F7; c gen F5 id=lee; c inf L1",
	  SH "order u1\nbattle u1 lee : cavalry sabres artillery", 0, NULL, NULL, "lee=dead union=1" },
	{ "sharpshooter: it moves first, then shoots", BC99, "", "u inf F8; c inf F4; c gen F4 id=lee; c inf L1",
	  SH "order u1\nmove u1 F7\nbattle u1 lee : sabres flag", 0, NULL, NULL, "u1@F7 lee=dead" },
	{ "sharpshooter: any section", BC99, "", "u inf B7; c inf B5; c gen B5 id=lee; c inf L1",
	  SH "order u1\nbattle u1 lee : flag flag sabres", 0, NULL, NULL, "lee=dead" },
	{ "sharpshooter: the unit's own general adds his die", BC99, "",
	  "u inf F7; u gen F7; c inf F5; c gen F5 id=lee; c inf L1",
	  SH "order u1\nbattle u1 lee : flag flag flag flag", 0, NULL, NULL, "lee=alive" },
	{ "sharpshooter: the usual dice for the distance", BC99, "", "u inf F7; c inf F5; c gen F5 id=lee; c inf L1",
	  SH "order u1\nbattle u1 lee : sabres", 3, "bc-4", "rolls 3 dice", NULL },
	{ "sharpshooter: cavalry is not ordered", BC99, "", "u cav F7; u inf B8; c gen F5 id=lee; c inf L1",
	  SH "order u1", 2, "bc-8.1", "orders 1 infantry unit, not cavalry", NULL },
	{ "sharpshooter: one unit", BC99, "", "u inf F7; u inf H7; c gen F5 id=lee; c inf L1",
	  SH "order u1 u2", 2, "bc-8.1", "gives 1 order", NULL },
	{ "sharpshooter: no general ordered", BC99, "", "u inf F7; u gen H7; c gen F5 id=lee; c inf L1",
	  SH "order ug1", 2, "bc-8.1", "orders a unit", NULL },
	{ "sharpshooter: a unit is no target", BC99, "", "u inf F7; c inf F5; c gen F5 id=lee; c inf L1",
	  SH "order u1\nbattle u1 c1 : sabres sabres sabres", 3, "bc-8.1", "battles an enemy general", NULL },
	{ "sharpshooter: out of range", BC99, "", "u inf F8; c inf F3; c gen F3 id=lee; c inf L1",
	  SH "order u1\nbattle u1 lee : sabres", 3, "bc-4", "beyond the range", NULL },
	{ "sharpshooter: out of sight", BC99, "", "u inf H6; u inf G5; c inf F4; c gen F4 id=lee; c inf L1",
	  SH "order u1\nbattle u1 lee : sabres sabres", 3, "bc-6.1", "no line of sight", NULL },
	{ "sharpshooter: one battle", BC99, "", "u inf F7; c inf F5; c gen F5 id=lee; c inf L1",
	  SH "order u1\nbattle u1 lee : flag flag flag\nbattle u1 lee : sabres sabres sabres", 4, "bc-5",
	  "already battled", NULL },
	{ "sharpshooter: battlecry-150, a general with his unit", BC150, "",
	  "u inf F7; c inf F5; c gen F5 id=lee; c inf L1",
	  SH "order u1\nbattle u1 lee : sabres flag infantry", 0, NULL, NULL, "lee=dead c1=4 union=1" },
	{ "sharpshooter: noord-zuid, a victory point", NTZ, "",
	  "u inf F7; c inf F5; c gen F5 id=lee; c inf L1",
	  SH "order u1\nbattle u1 lee : sabres flag", 0, NULL, NULL, "lee=dead c1=8 union=1" },
	{ "sharpshooter: noord-zuid, cavalry is not ordered", NTZ, "", "u cav F7; u inf B8; c gen F5 id=lee; c inf L1",
	  SH "order u1", 2, "ntz-8.1", "not cavalry", NULL },
	/* rally: three cards left in a hand of four, three dice */
	{ "rally: each face to a unit of its type", BC99, "", "u inf F7 2; u cav D7 1; u art H8 1; c inf F1",
	  RA "rally : infantry cavalry flag\nrally u1 u2\ndraw union attack/centre", 0, NULL, NULL, "u1=3 u2=2 u3=1" },
	{ "rally: sabres to any unit", BC99, "", "u inf F7 2; u cav D7 1; u art H8 1; c inf F1",
	  RA "rally : sabres flag flag\nrally u3", 0, NULL, NULL, "u3=2 u1=2" },
	{ "rally: a unit may take several figures", BC99, "", "u inf F7 1; c inf F1",
	  RA "rally : infantry sabres infantry\nrally u1 u1 u1", 0, NULL, NULL, "u1=4" },
	{ "rally: faces beyond what was lost are lost", BC99, "", "u inf F7 3; c inf F1",
	  RA "rally : infantry sabres infantry\nrally u1\ndraw union attack/centre", 0, NULL, NULL, "u1=4" },
	{ "rally: nothing to return, nothing to name", BC99, "", "u inf F7; u cav D7 2; c inf F1",
	  RA "rally : infantry artillery flag\ndraw union attack/centre", 0, NULL, NULL, "u1=4 u2=2" },
	{ "rally: the dice are the cards left in the hand", BC99, "", "u inf F7 2; c inf F1",
	  RA "rally : infantry sabres", 2, "bc-8.1", "rolls 3 dice", NULL },
	{ "rally: every figure the roll returns is named", BC99, "", "u inf F7 2; c inf F1",
	  RA "rally : infantry sabres flag\nrally u1", 3, "bc-8.1", "returns 2 figures", NULL },
	{ "rally: never above full strength", BC99, "", "u inf F7 3; u inf H7 3; c inf F1",
	  RA "rally : infantry infantry flag\nrally u1 u1", 3, "bc-8.1", "never above full strength", NULL },
	{ "rally: a unit that lost nothing", BC99, "", "u inf F7 3; u inf H7; c inf F1",
	  RA "rally : sabres flag flag\nrally u2", 3, "bc-8.1", "has lost no figures", NULL },
	{ "rally: a face serves its own type", BC99, "", "u inf F7 2; u cav D7 1; c inf F1",
	  RA "rally : infantry flag flag\nrally u2", 3, "bc-8.1", "1 cavalry figure named", NULL },
	{ "rally: never an enemy unit", BC99, "", "u inf F7 2; c inf F1 2",
	  RA "rally : sabres flag flag\nrally c1", 3, "bc-8.1", "the enemy's", NULL },
	{ "rally: never a general", BC99, "", "u inf F7 2; u gen F7; c inf F1",
	  RA "rally : sabres flag flag\nrally ug1", 3, "bc-8.1", "is a general", NULL },
	{ "rally: never a destroyed unit", BC99, "", "u inf F6 1; u inf H8 2; c inf F5; c inf L1",
	  "play union skirmish/centre\norder u2\ndraw union attack/centre\nplay confederate skirmish/centre\n"
	  "order c1\nbattle c1 u1 : infantry flag flag flag\ndraw confederate attack/centre\n"
	  RA "rally : infantry sabres flag\nrally u1 u2", 10, "bc-8.1", "is destroyed", NULL },
	{ "rally: the units after the roll", BC99, "", "u inf F7 2; c inf F1", RA "rally u1", 2, "bc-8.1",
	  "before units are named", NULL },
	{ "rally: nothing before the roll", BC99, "", "u inf F7 2; c inf F1", RA "draw union attack/centre", 2,
	  "bc-8.1", "not settled", NULL },
	{ "rally: nothing before the units", BC99, "", "u inf F7 2; c inf F1",
	  RA "rally : infantry flag flag\nmove u1 F6", 3, "bc-8.1", "not settled", NULL },
	{ "rally: one roll", BC99, "", "u inf F7 2; c inf F1",
	  RA "rally : flag flag flag\nrally : infantry infantry infantry", 3, "bc-8.1", "rolled", NULL },
	{ "rally: it orders no unit", BC99, "", "u inf F7 2; c inf F1",
	  RA "rally : flag flag flag\norder u1", 3, "bc-8.1", "orders no unit", NULL },
	{ "rally: no move in its turn", BC99, "", "u inf F7 2; c inf F1",
	  RA "rally : flag flag flag\nmove u1 F6", 3, "bc-8.1", "orders no unit", NULL },
	{ "rally: only in a rally turn", BC99, "", "u inf F7 2; c inf F1",
	  "play union skirmish/centre\nrally : infantry", 2, "bc-8.1", "belongs to a turn", NULL },
	{ "rally: battlecry-150", BC150, "", "u inf F7 2; u art H8 1; c inf F1",
	  RA "rally : artillery infantry cavalry\nrally u2 u1", 0, NULL, NULL, "u1=3 u2=2" },
	{ "rally: noord-zuid", NTZ, "", "u inf F7 5; c inf F1",
	  RA "rally : infantry sabres flag\nrally u1 u1", 0, NULL, NULL, "u1=7" },
	{ "rally: noord-zuid, never above full strength", NTZ, "", "u inf F7 7; c inf F1",
	  RA "rally : infantry sabres flag\nrally u1 u1", 3, "ntz-8.1", "never above full strength", NULL },
};

/* One expectation word: ID=N, ID=dead, ID=alive, ID@HEX, SIDE=N. */
static void expect_word(const fixture *f, const special_case *c, const char *w)
{
	char id[40], val[40];
	const char *eq = strchr(w, '='), *at = strchr(w, '@');
	const char *sep = eq ? eq : at;
	assert_non_null(sep);
	snprintf(id, sizeof id, "%.*s", (int)(sep - w), w);
	snprintf(val, sizeof val, "%s", sep + 1);
	int side = hex_game_side_index(f->g, id);
	if (side >= 0) {
		if (hex_game_score(f->g, side) != atoi(val))
			fail_msg("%s: %s has %d victory flags, expected %s", c->why, id, hex_game_score(f->g, side), val);
		return;
	}
	hex_ref r = fx_ref(f->g, id);
	if (at) {
		hex_coord want = fx_hex(val), got = hex_game_ref_at(f->g, r);
		if (want.col != got.col || want.row != got.row)
			fail_msg("%s: '%s' does not stand on %s", c->why, id, val);
	} else if (strcmp(val, "dead") == 0 || strcmp(val, "alive") == 0) {
		if (hex_game_ref_alive(f->g, r) != (strcmp(val, "alive") == 0))
			fail_msg("%s: '%s' is not %s", c->why, id, val);
	} else if (f->g->units[r.index].figures != atoi(val)) {
		fail_msg("%s: '%s' has %d figures, expected %s", c->why, id, f->g->units[r.index].figures, val);
	}
}

static void test_special(void **state)
{
	fixture *f = *state;
	for (size_t i = 0; i < sizeof SPECIAL / sizeof SPECIAL[0]; i++) {
		const special_case *c = &SPECIAL[i];
		fx_game(f, c->ruleset, c->terrain, c->units);
		rules_error err;
		int refused = fx_play_hands(f, HAND_SR, HAND_CR, c->lines, &err);
		expect_refusal(c->why, refused, &err, c->refused, c->rule, c->says);
		if (!c->expect)
			continue;
		char words[200];
		snprintf(words, sizeof words, "%s", c->expect);
		for (char *w = strtok(words, " "); w; w = strtok(NULL, " "))
			expect_word(f, c, w);
	}
}

/* The rally waits for its roll, then for its units: referee_owed says so
 * for play's prompt, referee_dice_needed gives play the dice, and a log
 * that stops there is unfinished. */
static void test_rally_owed(void **state)
{
	fixture *f = *state;
	fx_game(f, BC99, "", "u inf F7 2; c inf F1");
	rules_error err;
	assert_int_equal(fx_play_hands(f, HAND_SR, HAND_CR, RA, &err), 0);
	char owed[600];
	bool required;
	assert_true(referee_owed(f->ref, owed, sizeof owed, &required));
	assert_true(required);
	assert_non_null(strstr(owed, "rolls 3 dice"));
	assert_false(referee_finish(f->ref, &err));
	assert_string_equal(err.rule, "bc-8.1");
	gl_action a;
	bool empty;
	rules_error why;
	assert_true(hexlog_parse_line("rally", 1, &a, &empty, &why));
	int n = 0;
	assert_true(referee_dice_needed(f->ref, &a, &n, &err));
	assert_int_equal(n, 3);
	hexlog_action_finish(&a);
	assert_int_equal(fx_play(f, "rally : infantry infantry flag", &err), 0);
	assert_true(referee_owed(f->ref, owed, sizeof owed, &required));
	assert_true(required);
	assert_non_null(strstr(owed, "returns 2 figures"));
	assert_false(referee_finish(f->ref, &err));
	assert_int_equal(fx_play(f, "rally u1 u1", &err), 0);
	assert_false(referee_owed(f->ref, owed, sizeof owed, &required));
	assert_true(referee_finish(f->ref, &err));
	/* Both lines of the log format round-trip. */
	assert_false(hexlog_parse_line("rally u1 : infantry", 1, &a, &empty, &why));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cards),
		cmocka_unit_test(test_owed),
		cmocka_unit_test(test_reinforcements),
		cmocka_unit_test(test_reinforcements_owed),
		cmocka_unit_test(test_reinforcements_discard),
		cmocka_unit_test(test_special),
		cmocka_unit_test(test_rally_owed),
	};
	return cmocka_run_group_tests(tests, fx_setup, fx_teardown);
}
