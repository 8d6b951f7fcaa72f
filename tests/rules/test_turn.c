/* The turn procedure of the referee (§9), per hex ruleset: what a battle
 * still owes (its saving dice, its retreat) comes before any other action,
 * also behind a defensive roll or a flag save; optional steps are declined
 * by going on; one order per unit and general a turn; discarding by choice
 * (noord-zuid) or only when no card is usable (battlecry), from the
 * ruleset's data; a brigade member that leaves its general's zone is the
 * fault of the move that did it (§3.3).
 *
 * Each case is a position, the hands, and log lines; `refused` is the
 * 1-based line refused (0: all pass), `rule` its rule id, `at` the line the
 * fault is put on when it is an earlier one (err.line). */
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

#define HAND_U "recon/left skirmish/centre assault/centre frontal"
#define HAND_C "recon/left skirmish/centre assault/right bombard"

typedef struct turn_case {
	const char *why;
	const char *ruleset;
	const char *units;
	const char *opts;
	const char *lines;
	int refused;
	const char *rule;
	int at;
	const char *says;   /* a piece of the message, or NULL */
} turn_case;

/* u1 at F6 next to c1 at F5: a battle at one hex.  bc: 4 figures. */
#define DUEL "u inf F6; c inf F5; u inf B9; c inf L1"
#define BATTLE_FLAG "play union skirmish/centre\norder u1\nbattle u1 c1 : cavalry cavalry artillery flag\n"
/* noord-zuid: c1 a recruit musket (flags apply below 4 figures, say),
 * hit twice: one kill by its symbol, one hit to save. */
#define NZ_DUEL "u inf F6 weapon=musket; c inf F5 3 weapon=musket quality=recruit; u inf B9; c inf L1"
#define NZ_BATTLE "play union skirmish/centre\norder u1\nbattle u1 c1 : infantry infantry flag\n"

static const turn_case CASES[] = {
	/* §7.1: the retreat is owed, in every ruleset. */
	{ "bc1999: another battle before the retreat", BC99, DUEL " ; u inf G6", NULL,
	  "play union assault/centre\norder u1 u3\nbattle u1 c1 : cavalry cavalry artillery flag\nbattle u3 c1 : cavalry", 4,
	  "bc-7.1", 0, "must still retreat 1 hex" },
	{ "bc1999: the draw before the retreat", BC99, DUEL, NULL, BATTLE_FLAG "draw union attack/centre", 4,
	  "bc-7.1", 0, "'c1' must still retreat" },
	{ "bc1999: the retreat, then the draw", BC99, DUEL, NULL,
	  BATTLE_FLAG "retreat c1 F4\ndraw union attack/centre", 0, NULL, 0, NULL },
	{ "bc150: the draw before the retreat", BC150, DUEL, NULL, BATTLE_FLAG "draw union attack/centre", 4,
	  "bc-7.1", 0, NULL },
	{ "noord-zuid: the draw before the saves", NZ, NZ_DUEL, NULL, NZ_BATTLE "draw union attack/centre", 4,
	  "ntz-5.2", 0, "must still roll 1 saving die" },
	{ "noord-zuid: the draw after the saves, before the retreat", NZ, NZ_DUEL, NULL,
	  NZ_BATTLE "save c1 : artillery\ndraw union attack/centre", 5, "ntz-7.1", 0, "must still retreat 1 hex" },
	{ "noord-zuid: a defensive roll does not settle the retreat", NZ, NZ_DUEL, NULL,
	  NZ_BATTLE "save c1 : artillery\ndefend c1 : sabres\ndraw union attack/centre", 6, "ntz-7.1", 0, NULL },
	{ "noord-zuid: a flag save that fails does not settle it", NZ, NZ_DUEL, NULL,
	  NZ_BATTLE "save c1 : artillery\nflagsave c1 : infantry\ndraw union attack/centre", 6, "ntz-7.1", 0, NULL },
	{ "noord-zuid: a mount is no way out of it either", NZ, NZ_DUEL "; u cav G6", NULL,
	  "play union assault/centre\norder u1 u3\nbattle u1 c1 : infantry infantry flag\nsave c1 : artillery\n"
	  "mount u3", 5, "ntz-7.1", 0, NULL },
	{ "noord-zuid: the retreat, then the draw", NZ, NZ_DUEL, NULL,
	  NZ_BATTLE "save c1 : artillery\ndefend c1 : sabres\nretreat c1 F4\ndraw union attack/centre", 0, NULL, 0, NULL },
	{ "noord-zuid: a saved flag owes no retreat", NZ, NZ_DUEL, NULL,
	  NZ_BATTLE "save c1 : artillery\nflagsave c1 : sabres\ndraw union attack/centre", 0, NULL, 0, NULL },
	{ "noord-zuid: a lone general's flags are owed too", NZ, "u inf F7 weapon=musket; c gen F5; u inf B9; c inf L1",
	  NULL, "play union skirmish/centre\norder u1\nbattle u1 cg1 : flag artillery\ndraw union attack/centre", 4,
	  "ntz-7.1", 0, "'cg1' must still retreat 1 hex" },
	{ "noord-zuid: a unit on its home row with a flag is owed off the board", NZ,
	  "u inf F3 weapon=musket; c inf F1 2 weapon=musket quality=recruit; u inf B9; c inf L1", NULL,
	  "play union skirmish/centre\norder u1\nbattle u1 c1 : flag artillery\ndraw union attack/centre", 4, "ntz-7.1",
	  0, NULL },
	{ "noord-zuid: ... and destroyed when it takes it", NZ,
	  "u inf F3 weapon=musket; c inf F1 2 weapon=musket quality=recruit; u inf B9; c inf L1", NULL,
	  "play union skirmish/centre\norder u1\nbattle u1 c1 : flag artillery\nretreat c1 off\n"
	  "draw union attack/centre", 0, NULL, 0, NULL },
	/* §3.5: ground gain is on offer right after the battle only. */
	{ "bc1999: ground gain declined by another action", BC99, DUEL " ; u inf G6", NULL,
	  "play union assault/centre\norder u1 u3\nbattle u1 c1 : cavalry cavalry artillery flag\nretreat c1 F4\n"
	  "battle u3 c1 : artillery artillery artillery\ngain u1", 6, "bc-3.5", 0, NULL },
	{ "bc1999: ground gain right after the retreat", BC99, DUEL, NULL,
	  BATTLE_FLAG "retreat c1 F4\ngain u1\ndraw union attack/centre", 0, NULL, 0, NULL },
	/* §9: one order per unit. */
	{ "bc1999: a unit twice on one line", BC99, DUEL, NULL, "play union assault/centre\norder u1 u1", 2, "bc-9", 0,
	  "ordered twice" },
	{ "bc150: a unit again on a second line", BC150, DUEL " ; u inf G6", NULL,
	  "play union assault/centre\norder u1\norder u3 u1", 3, "bc-9", 0, NULL },
	{ "noord-zuid: a unit again on a second line", NZ, NZ_DUEL "; u inf G6", NULL,
	  "play union assault/centre\norder u1\norder u1", 3, "ntz-9", 0, NULL },
	{ "noord-zuid: a general and the unit in his hex are one order", NZ, NZ_DUEL "; u gen F6", NULL,
	  "play union skirmish/centre\norder u1\norder ug1", 0, NULL, 0, NULL },
	{ "noord-zuid: two members of one brigade are one order", NZ,
	  "u gen F7; u inf F7; u inf G7; c inf F1", "brigade=b1:ug1:u1,u2",
	  "play union skirmish/centre\norder u1 u2", 0, NULL, 0, NULL },
	{ "noord-zuid: a brigade named twice", NZ, "u gen F7; u inf F7; u inf G7; c inf F1",
	  "brigade=b1:ug1:u1,u2", "play union skirmish/centre\norder b1\norder b1", 3, "ntz-9", 0, NULL },
	/* §8: discarding, from the ruleset's <deck discard>. */
	{ "bc1999: no discard while a card is usable", BC99, DUEL, NULL, "discard union recon/left", 1, "bc-8", 0, NULL },
	{ "bc150: no discard while a card is usable", BC150, DUEL, NULL, "discard union recon/left", 1, "bc-8", 0, NULL },
	{ "noord-zuid: discard by choice", NZ, NZ_DUEL, NULL, "discard union frontal\ndraw union attack/centre", 0,
	  NULL, 0, NULL },
	/* §4 noord-zuid: a general commanding two units adds his die to the
	 * battle of one of them; 'alone' keeps it for the other. */
#define TWO_UNDER_ONE "u inf F6 weapon=musket; u inf F6 weapon=musket; u gen F6; c inf F5 6; c inf G5 6"
	{ "noord-zuid: the first to battle gets the general's die", NZ, TWO_UNDER_ONE, NULL,
	  "play union skirmish/centre\norder u1\nbattle u1 c1 : artillery artillery artillery artillery\n"
	  "battle u2 c2 : artillery artillery artillery", 0, NULL, 0, NULL },
	{ "noord-zuid: ... and only once a turn", NZ, TWO_UNDER_ONE, NULL,
	  "play union skirmish/centre\norder u1\nbattle u1 c1 : artillery artillery artillery artillery\n"
	  "battle u2 c2 : artillery artillery artillery artillery", 4, "ntz-4", 0, NULL },
	{ "noord-zuid: 'alone' keeps the die for the other unit", NZ, TWO_UNDER_ONE, NULL,
	  "play union skirmish/centre\norder u1\nbattle u1 c1 alone : artillery artillery artillery\n"
	  "battle u2 c2 : artillery artillery artillery artillery", 0, NULL, 0, NULL },
	{ "noord-zuid: 'alone' rolls without the general's die", NZ, TWO_UNDER_ONE, NULL,
	  "play union skirmish/centre\norder u1\nbattle u1 c1 alone : artillery artillery artillery artillery", 3,
	  "ntz-4", 0, NULL },
	{ "noord-zuid: 'alone' without a general", NZ, NZ_DUEL, NULL,
	  "play union skirmish/centre\norder u1\nbattle u1 c1 alone : artillery artillery artillery", 3, "log", 0,
	  "no general" },
	{ "noord-zuid: 'alone' where the general adds no die (artillery)", NZ,
	  "u art F6; u gen F6; c inf F5; u inf B9", NULL,
	  "play union skirmish/centre\norder u1\nbattle u1 c1 alone : artillery artillery artillery artillery artillery",
	  3, "ntz-4", 0, "adds no die" },
	/* §3.3 noord-zuid: a member separated by a forced retreat has
	 * rejoining as its first duty (a move brings it nearer, or into the
	 * zone). */
#define SEPARATED "u gen F7; u inf F7; u inf G7 2; c inf G5; u inf B9"
#define SEPARATE "play union skirmish/centre\ndraw union attack/centre\nplay confederate skirmish/centre\norder c1\n" \
	"battle c1 u2 : flag flag\nretreat u2 G8 G9\ndraw confederate attack/centre\nplay union attack/centre\n"
	{ "noord-zuid: a separated member moves away", NZ, SEPARATED, "brigade=b1:ug1:u1,u2",
	  SEPARATE "order u2\nmove u2 H9", 10, "ntz-3.3", 0, "first duty is to rejoin" },
	{ "noord-zuid: a separated member rejoins", NZ, SEPARATED, "brigade=b1:ug1:u1,u2",
	  SEPARATE "order u2\nmove u2 F8\ndraw union attack/left", 0, NULL, 0, NULL },
	{ "noord-zuid: the general may go to the separated member", NZ, SEPARATED, "brigade=b1:ug1:u1,u2",
	  SEPARATE "order ug1\nmove ug1 F8\ndraw union attack/left", 0, NULL, 0, NULL },
	/* noord-zuid (001, the last retreat rule): the whole brigade may fall
	 * back with a member pushed out of it, and then stands together. */
#define BRIGADE3 "u gen F7; u inf F7; u inf G7 2; u inf E7; c inf G5; u inf B9"
#define PUSHED "play union skirmish/centre\ndraw union attack/centre\nplay confederate skirmish/centre\norder c1\n" \
	"battle c1 u2 : flag flag\nretreat u2 G8 G9\n"
	{ "noord-zuid: the brigade falls back together", NZ, BRIGADE3, "brigade=b1:ug1:u1,u2,u3",
	  PUSHED "follow u1 F8 F9\nfollow ug1 F8 F9\nfollow u3 E8 E9\ndraw confederate attack/centre", 0, NULL, 0, NULL },
	{ "noord-zuid: the brigade stays broken", NZ, BRIGADE3, "brigade=b1:ug1:u1,u2,u3",
	  PUSHED "draw confederate attack/centre", 0, NULL, 0, NULL },
	{ "noord-zuid: once begun, the falling back is owed", NZ, BRIGADE3, "brigade=b1:ug1:u1,u2,u3",
	  PUSHED "follow u1 F8 F9\ndraw confederate attack/centre", 8, "ntz-7.4", 0, "must still follow 2 hexes" },
	{ "noord-zuid: a unit outside the brigade does not follow", NZ, BRIGADE3, "brigade=b1:ug1:u1,u2,u3",
	  PUSHED "follow u4 B10", 7, "ntz-7.4", 0, NULL },
	{ "noord-zuid: a follower goes as far as the retreat", NZ, BRIGADE3, "brigade=b1:ug1:u1,u2,u3",
	  PUSHED "follow u1 F8", 7, NULL, 0, NULL },
	{ "noord-zuid: no follow without a retreat that broke the brigade", NZ, BRIGADE3, "brigade=b1:ug1:u1,u2,u3",
	  "play union skirmish/centre\norder u1\nfollow u1 F8", 3, NULL, 0, NULL },
	{ "battlecry: no brigades to follow", BC99, DUEL, NULL, BATTLE_FLAG "retreat c1 F4\nfollow c1 F3", 5, NULL, 0,
	  NULL },
	/* §3.3: a brigade member out of its general's zone, at the move. */
	{ "noord-zuid: a member leaves a general who has moved", NZ,
	  "u gen F7; u inf F7; u inf G7; c inf F1", "brigade=b1:ug1:u1,u2",
	  "play union assault/centre\norder b1\nmove ug1 F8\nmove u2 H6\ndraw union attack/centre", 4, "ntz-3.3", 0,
	  "would end its move" },
	{ "noord-zuid: a member leaves, the general stays: the move's line", NZ,
	  "u gen F7; u inf F7; u inf G7; c inf F1", "brigade=b1:ug1:u1,u2",
	  "play union assault/centre\norder b1\nmove u2 H6\ndraw union attack/centre", 4, "ntz-3.3", 3, NULL },
	{ "noord-zuid: the general leaves a member that has moved", NZ,
	  "u gen F7; u inf F7; u inf G7; c inf F1", "brigade=b1:ug1:u1,u2",
	  "play union assault/centre\norder b1\nmove u2 G6\nmove ug1 F9", 4, "ntz-3.3", 0, "leaving unit 'u2'" },
	{ "noord-zuid: a member leaves and the general follows", NZ,
	  "u gen F7; u inf F7; u inf G7; c inf F1", "brigade=b1:ug1:u1,u2",
	  "play union assault/centre\norder b1\nmove u2 G5\nmove u1 G6\ndraw union attack/centre", 0, NULL, 0, NULL },
};

static void test_turn(void **state)
{
	fixture *f = *state;
	for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
		const turn_case *c = &CASES[i];
		fx_game_opts(f, c->ruleset, "", c->units, c->opts);
		rules_error err;
		int refused = fx_play_hands(f, HAND_U, HAND_C, c->lines, &err);
		if (refused != c->refused)
			fail_msg("%s (%s): line %d refused (%s [%s]), expected line %d", c->why, c->ruleset, refused,
				refused ? err.message : "", refused ? err.rule : "", c->refused);
		if (!refused)
			continue;
		if (c->rule && strcmp(err.rule, c->rule) != 0)
			fail_msg("%s (%s): refused under [%s] (%s), expected [%s]", c->why, c->ruleset, err.rule, err.message,
				c->rule);
		if (err.line != c->at)
			fail_msg("%s (%s): the fault is put on line %d (%s), expected %d", c->why, c->ruleset, err.line,
				err.message, c->at);
		if (c->says && !strstr(err.message, c->says))
			fail_msg("%s (%s): '%s' does not say '%s'", c->why, c->ruleset, err.message, c->says);
	}
}

/* A log that stops with a retreat owed behind an optional step is
 * unfinished: referee_finish says what is owed. */
static void test_finish_owed(void **state)
{
	fixture *f = *state;
	fx_game(f, NZ, "", NZ_DUEL);
	rules_error err;
	assert_int_equal(fx_play_hands(f, HAND_U, HAND_C, NZ_BATTLE "save c1 : artillery", &err), 0);
	char owed[600];
	bool required;
	assert_true(referee_owed(f->ref, owed, sizeof owed, &required));
	assert_true(required);
	assert_non_null(strstr(owed, "retreat"));
	assert_non_null(strstr(owed, "defensive roll"));
	assert_false(referee_finish(f->ref, &err));
	assert_string_equal(err.rule, "ntz-7.1");
	assert_int_equal(fx_play_hands(f, HAND_U, HAND_C, "retreat c1 F4", &err), 0);
	assert_true(referee_finish(f->ref, &err));
}

/* §8: the discard rule is the ruleset's data (<deck discard>), inherited
 * by battlecry-150 from battlecry-1999. */
static void test_discard_flag(void **state)
{
	fixture *f = *state;
	fx_game(f, NZ, "", NZ_DUEL);
	assert_true(f->g->rs->deck.discard_by_choice);
	fx_game(f, BC99, "", DUEL);
	assert_false(f->g->rs->deck.discard_by_choice);
	fx_game(f, BC150, "", DUEL);
	assert_false(f->g->rs->deck.discard_by_choice);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_turn),
		cmocka_unit_test(test_discard_flag),
		cmocka_unit_test(test_finish_owed),
	};
	return cmocka_run_group_tests(tests, fx_setup, fx_teardown);
}
