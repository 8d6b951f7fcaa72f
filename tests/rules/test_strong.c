/* The strong player (rules/hex/strong.h).  Its battle odds against a count
 * of every way the dice can fall, one face after the other, read by the
 * engine: the chance to destroy the target, the figures and the flags
 * expected must agree to rounding, with and without saving dice; their
 * memo, grown past its first slots and emptied past its last, answers
 * what the count answers, and what a copy of the game worked out is
 * kept by the game.  The fire an enemy brings on a hex, read for a
 * decision, is the engine's.  Its
 * turns from the start of a position: a lone general in the enemy's reach
 * is ordered to shelter with a unit; one flag from its target, it goes
 * for the likeliest kill rather than the battle that takes most
 * figures; a bolder manner closes in further than a warier one. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "rules/hex/battle.h"
#include "rules/rng.h"
#include "rules/hex/strong.h"
#include "rules/hex/strong_impl.h"
#include "rules/players.h"
#include "rules_fixture.h"

/* Every sequence of `dice` faces (each face as often as the die carries
 * it), read as the referee reads a roll; saving dice likewise, one
 * sequence for every savable hit. */
static void brute(const hex_game *g, int attacker, hex_ref target, int dice, int distance, strong_odds *o)
{
	const ruleset *rs = g->rs;
	int nf = (int)rs->face_count, total = 0;
	for (int f = 0; f < nf; f++)
		total += rs->faces[f].count;
	int faces[8] = { 0 };
	long rolls = 1;
	for (int i = 0; i < dice; i++)
		rolls *= nf;
	o->destroy = o->figures = o->flags = 0;
	for (long code = 0; code < rolls; code++) {
		double p = 1;
		long c = code;
		for (int i = 0; i < dice; i++) {
			faces[i] = (int)(c % nf);
			c /= nf;
			p *= (double)rs->faces[faces[i]].count / total;
		}
		if (p == 0)
			continue;
		battle_count_result res;
		battle_count(g, target, faces, dice, &res);
		int savable = g->rs->battle.saving_rolls ? res.savable : 0;
		long saves = 1;
		for (int i = 0; i < savable; i++)
			saves *= nf;
		for (long s = 0; s < saves; s++) {
			double q = p;
			int saved = 0;
			long sc = s;
			for (int i = 0; i < savable; i++) {
				int f = (int)(sc % nf);
				sc /= nf;
				q *= (double)rs->faces[f].count / total;
				saved += battle_save_works(g, target, f, distance);
			}
			bool capped;
			int lost = battle_losses(g, attacker, target, &res, saved, &capped);
			int figures = battle_figures(g, target);
			o->figures += q * lost;
			if (lost >= figures) {
				o->destroy += q;
			} else {
				rules_error note;
				o->flags += q * battle_flags_apply(g, target, res.flags, figures - lost, &note);
			}
		}
	}
}

static void agree(const hex_game *g, const char *attacker, const char *target, int dice, int distance)
{
	strong_odds fast, slow;
	hex_ref a = fx_ref(g, attacker), t = fx_ref(g, target);
	strong_battle_odds(g, a.index, t, dice, distance, &fast);
	brute(g, a.index, t, dice, distance, &slow);
	assert_true(fabs(fast.destroy - slow.destroy) < 1e-9);
	assert_true(fabs(fast.figures - slow.figures) < 1e-9);
	assert_true(fabs(fast.flags - slow.flags) < 1e-9);
	/* Something happens: the count is not empty. */
	assert_true(slow.figures > 0);
}

static void test_battlecry_odds(void **state)
{
	fixture *f = *state;
	hex_game *g = fx_game(f, "battlecry-1999", "", "u inf D5 4; c inf D4 2; c cav E4 3; c art F4 1; c gen D3");
	assert_non_null(g);
	for (int dice = 1; dice <= 5; dice++) {
		agree(g, "u1", "c1", dice, 1);
		agree(g, "u1", "c2", dice, 1);
		agree(g, "u1", "c3", dice, 2);
	}
	agree(g, "u1", "cg1", 3, 2);
	/* Two figures under four dice: destroyed more often than not. */
	strong_odds o;
	strong_battle_odds(g, fx_ref(g, "u1").index, fx_ref(g, "c1"), 4, 1, &o);
	assert_true(o.destroy > 0.1 && o.destroy < 0.9);
}

static void test_saving_dice_odds(void **state)
{
	fixture *f = *state;
	hex_game *g = fx_game(f, "noord-zuid", "", "u inf D5 4 quality=veteran; c inf D4 3; c inf F4 6");
	assert_non_null(g);
	for (int dice = 1; dice <= 4; dice++) {
		agree(g, "u1", "c1", dice, 1);
		agree(g, "u1", "c2", dice, 2);
	}
}

/* Flags a target ignores, by its quality's threshold, fewer under a
 * general (§7.4): read once a count for each pair of flags and figures
 * left, the same as read for every outcome. */
static void test_flags_ignored_odds(void **state)
{
	fixture *f = *state;
	hex_game *g = fx_game(f, "noord-zuid", "",
		"u inf D5 6; c inf D4 6 quality=veteran; c gen D4; c inf E4 5 quality=experienced");
	assert_non_null(g);
	for (int dice = 1; dice <= 4; dice++) {
		agree(g, "u1", "c1", dice, 1);
		agree(g, "u1", "c2", dice, 1);
	}
}

static bool same_odds(const strong_odds *a, const strong_odds *b)
{
	return a->destroy == b->destroy && a->figures == b->figures && a->flags == b->flags;
}

/* Every key of attackers and targets of one to eight figures, one to
 * eight dice, near and far: more than the memo's first slots hold and
 * more than its last keep before it is emptied.  Asked a second time
 * (from a copy of the game too), each answer is the count's, bit for
 * bit. */
static void ask_all_odds(hex_game *g, bool check)
{
	static const char *const targets[] = { "c1", "c2", "c3" };
	int a = fx_ref(g, "u1").index;
	for (int af = 1; af <= 8; af++)
		for (size_t t = 0; t < sizeof targets / sizeof *targets; t++)
			for (int tf = 1; tf <= 8; tf++)
				for (int dice = 1; dice <= 8; dice++)
					for (int distance = 1; distance <= 2; distance++) {
						hex_ref target = fx_ref(g, targets[t]);
						g->units[a].figures = af;
						g->units[target.index].figures = tf;
						strong_odds memo, count;
						strong_battle_odds(g, a, target, dice, distance, &memo);
						if (!check)
							continue;
						strong_battle_odds_exact(g, a, target, dice, distance, &count);
						assert_true(same_odds(&memo, &count));
					}
}

static void test_odds_memo_grows(void **state)
{
	fixture *f = *state;
	hex_game *g = fx_game(f, "noord-zuid", "", "u inf D5 4; c inf D4 3; c cav E4 3; c art F4 2");
	assert_non_null(g);
	ask_all_odds(g, false);
	ask_all_odds(g, true);
	hex_game *c = hex_game_clone(g);
	ask_all_odds(c, true);
	hex_game_destroy(c);
	/* A copy for a position to compare with goes without it, and the
	 * game keeps it. */
	void *memo = g->player_memo;
	c = strong_game_copy(g);
	assert_null(c->player_memo);
	assert_true(g->player_memo == memo);
	assert_true(hex_game_same(c, g));
	hex_game_destroy(c);
	ask_all_odds(g, true);
}

/* What a copy of the game worked out is kept by the game it was copied
 * from (a search's simulations, game_keep_learned): the memo with more
 * odds, the other freed with the copy; every answer still the count's. */
static void test_odds_memo_kept(void **state)
{
	fixture *f = *state;
	hex_game *g = fx_game(f, "noord-zuid", "", "u inf D5 4; c inf D4 3; c cav E4 3; c art F4 2");
	assert_non_null(g);
	assert_null(g->player_memo);
	hex_game *c = hex_game_clone(g);
	ask_all_odds(c, false);
	void *learned = c->player_memo;
	assert_non_null(learned);
	strong_memo_keep(g, c);
	assert_true(g->player_memo == learned);
	assert_null(c->player_memo);
	hex_game_destroy(c);
	ask_all_odds(g, true);
	/* A copy that worked out nothing more leaves the game's memo. */
	c = hex_game_clone(g);
	void *mine = g->player_memo;
	strong_memo_keep(g, c);
	assert_true(g->player_memo == mine);
	assert_true(c->player_memo != mine);
	hex_game_destroy(c);
	ask_all_odds(g, true);
}

static bool same_hex(hex_coord a, hex_coord b)
{
	return a.col == b.col && a.row == b.row;
}

/* The fire an enemy unit brings on a hex, its own part of the dice read
 * once for the decision (strong_enemy_fire), is dice_battle's on every
 * hex the side's unit may be put on; with another unit of the side next
 * to an enemy, that enemy is bound (§4 of battlecry-150: no more distant
 * battle), and free again once the unit is taken away. */
static void test_enemy_fire(void **state)
{
	fixture *f = *state;
	hex_game *g = fx_game(f, "battlecry-150", "woods:D5 hill:E4",
		"u inf D7 4; u cav B8 3; c inf D3 4; c art F3 2; c gen F3");
	assert_non_null(g);
	hex_ref me = fx_ref(g, "u1"), other = fx_ref(g, "u2");
	hex_coord home = g->units[me.index].at, other_home = g->units[other.index].at;
	strong_enemies e;
	strong_enemies_init(&e, g, g->units[me.index].side);
	assert_int_equal(e.count, 2);
	int bound_c1 = fx_ref(g, "c1").index;
	size_t hexes = hex_count(&g->board);
	int allowed[3] = { 0 }, compared = 0;
	for (int pass = 0; pass < 3; pass++) {
		/* Then the other unit next to c1, then back where it stood. */
		hex_game_place(g, other, pass == 1 ? fx_hex("D4") : other_home);
		for (size_t i = 0; i < hexes; i++) {
			hex_coord h = hex_from_index(&g->board, i);
			if (!same_hex(h, home) && hex_game_occupied(g, h))
				continue;
			hex_game_place(g, me, h);
			for (size_t k = 0; k < e.count; k++) {
				dice_answer fast, slow;
				strong_enemy_fire(g, &e, k, h, me, &fast);
				dice_battle(g, e.unit[k], h, me, NULL, &slow);
				assert_int_equal(fast.allowed, slow.allowed);
				assert_int_equal(fast.dice, slow.dice);
				compared++;
				allowed[pass] += slow.allowed;
				if (pass == 1 && e.unit[k] == bound_c1 && hex_distance(h, g->units[bound_c1].at) > 1)
					assert_false(slow.allowed);
			}
			hex_game_place(g, me, home);
		}
	}
	strong_enemies_finish(&e);
	/* Some fire reaches, not everywhere; the bound enemy fires less. */
	assert_true(allowed[0] > 0 && allowed[0] < compared / 3);
	assert_true(allowed[1] < allowed[0]);
	assert_int_equal(allowed[2], allowed[0]);
}

/* The strong player's actions for the side to play, from the start of
 * its turn, each applied, until `stop` (ACT_BATTLE, ACT_DRAW) comes: that
 * action, not applied, into *stopped. */
static void play_until_in(fixture *f, int manner, gl_kind stop, gl_action *stopped)
{
	strong_player sp;
	strong_init(&sp);
	assert_true(strong_set_manner(&sp, manner));
	rng rnd;
	rng_seed(&rnd, 7);
	for (int step = 0; step < 64; step++) {
		gl_action a;
		bool next = strong_next(f->ref, &sp, &rnd, &a);
		if (!next)
			fprintf(stderr, "no action: phase %d side %d\n", f->ref->phase, f->ref->side);
		assert_true(next);
		if (a.kind == stop || a.kind == ACT_DRAW) {
			*stopped = a;
			strong_finish(&sp);
			return;
		}
		rules_error err;
		bool ok = referee_apply(f->ref, &a, &err);
		if (!ok)
			fprintf(stderr, "refused: %s [%s]\n", err.message, err.rule);
		assert_true(ok);
		hexlog_action_finish(&a);
	}
	fail();
}

static void play_until(fixture *f, gl_kind stop, gl_action *stopped)
{
	play_until_in(f, PLAYER_MANNER_OWN, stop, stopped);
}

/* A lone general next to an enemy infantry unit (four dice, one in two
 * to take him with crossed sabres) with friendly units two hexes
 * behind him: ordered, he moves in with one of them, out of the reach
 * that only a lone general is exposed to (§5.1, §3.1). */
static void test_lone_general_shelters(void **state)
{
	fixture *f = *state;
	hex_game *g = fx_game(f, "battlecry-1999", "", "u gen F5; c inf F4; u inf E7; u inf G7; c inf J2");
	assert_non_null(g);
	rules_error err;
	assert_int_equal(fx_play_hands(f, "recon/centre recon/centre attack/centre attack/centre",
		"recon/centre recon/centre attack/centre attack/centre", "", &err), 0);
	gl_action a;
	play_until(f, ACT_BATTLE, &a);
	hexlog_action_finish(&a);
	hex_ref gen = fx_ref(g, "ug1");
	hex_coord at = hex_game_ref_at(g, gen);
	assert_true(hex_game_ref_alive(g, gen));
	assert_true(f->ref->gt[gen.index].ordered);
	assert_false(same_hex(at, fx_hex("F5")));
	assert_true(hex_game_units_at(g, at, 0, NULL, 0) > 0);
}

/* The first battle the strong player of the union fights in a position
 * where its infantry may fight a full enemy unit next to it (two figures
 * expected, one chance in sixteen to destroy it) or a lone general in
 * woods three hexes off (one die less: one chance in six to take him
 * from there, about one in three after a step): its target's id. */
static void first_target(fixture *f, const char *victory, int flags_won, char *target, size_t size)
{
	char opts[32];
	snprintf(opts, sizeof opts, "victory=%s", victory);
	hex_game *g = fx_game_opts(f, "battlecry-1999", "woods:G5", "u inf D5; c inf D4; c gen G5", opts);
	assert_non_null(g);
	g->sides[0].flags = flags_won;
	rules_error err;
	assert_int_equal(fx_play_hands(f, "skirmish/left skirmish/left skirmish/left skirmish/centre",
		"recon/centre recon/centre attack/centre attack/centre", "", &err), 0);
	gl_action a;
	play_until(f, ACT_BATTLE, &a);
	assert_int_equal(a.kind, ACT_BATTLE);
	snprintf(target, size, "%s", a.object);
	hexlog_action_finish(&a);
}

/* Far from its target the battle worth most in figures is fought; one
 * flag from it, the likeliest kill, which wins the game (§10). */
static void test_winning_flag(void **state)
{
	fixture *f = *state;
	char target[32];
	first_target(f, "5", 1, target, sizeof target);
	assert_string_equal(target, "c1");
	first_target(f, "2", 1, target, sizeof target);
	assert_string_equal(target, "cg1");
}

/* Hexes between the union infantry and the confederate one after the
 * strong player's moves in `manner` (up to its first battle) from a
 * position where the two stand five hexes apart in the open, the union
 * with a card to order it. */
static int gap_after(fixture *f, int manner)
{
	/* A fresh game each time. */
	fx_finish(f);
	fx_init(f);
	hex_game *g = fx_game(f, "battlecry-1999", "", "u inf G8; c inf G3; c inf H3; c inf F3");
	assert_non_null(g);
	rules_error err;
	assert_int_equal(fx_play_hands(f, "attack/centre attack/centre recon/centre recon/centre",
		"recon/left recon/left recon/right recon/right", "", &err), 0);
	gl_action a;
	play_until_in(f, manner, ACT_BATTLE, &a);
	hexlog_action_finish(&a);
	return hex_distance(hex_game_ref_at(g, fx_ref(g, "u1")), hex_game_ref_at(g, fx_ref(g, "c1")));
}

/* A bolder manner closes in further than a warier one; each is a manner
 * the player has, and one it has not is refused. */
static void test_manners(void **state)
{
	fixture *f = *state;
	int bold = gap_after(f, PLAYER_MANNER_BOLD);
	int own = gap_after(f, PLAYER_MANNER_OWN);
	int wary = gap_after(f, PLAYER_MANNER_WARY);
	assert_true(bold <= own);
	assert_true(own <= wary);
	assert_true(bold < wary);
	strong_player sp;
	strong_init(&sp);
	assert_false(strong_set_manner(&sp, PLAYER_MANNER_COUNT));
	assert_false(strong_set_manner(&sp, -1));
	strong_finish(&sp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_battlecry_odds, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_saving_dice_odds, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_flags_ignored_odds, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_odds_memo_grows, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_odds_memo_kept, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_enemy_fire, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_lone_general_shelters, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_winning_flag, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_manners, fx_setup, fx_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
