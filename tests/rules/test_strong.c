/* The strong player's battle odds (rules/strong.h) against a count of
 * every way the dice can fall, one face after the other, read by the
 * engine: the chance to destroy the target, the figures and the flags
 * expected must agree to rounding, with and without saving dice. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "rules/battle.h"
#include "rules/strong.h"
#include "rules_fixture.h"

/* Every sequence of `dice` faces (each face as often as the die carries
 * it), read as the referee reads a roll; saving dice likewise, one
 * sequence for every savable hit. */
static void brute(const game *g, int attacker, game_ref target, int dice, int distance, strong_odds *o)
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
		int savable = g->gaps->saving_rolls ? res.savable : 0;
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

static void agree(const game *g, const char *attacker, const char *target, int dice, int distance)
{
	strong_odds fast, slow;
	game_ref a = fx_ref(g, attacker), t = fx_ref(g, target);
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
	game *g = fx_game(f, "battlecry-1999", "", "u inf D5 4; c inf D4 2; c cav E4 3; c art F4 1; c gen D3");
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
	game *g = fx_game(f, "noord-zuid", "", "u inf D5 4 quality=veteran; c inf D4 3; c inf F4 6");
	assert_non_null(g);
	for (int dice = 1; dice <= 4; dice++) {
		agree(g, "u1", "c1", dice, 1);
		agree(g, "u1", "c2", dice, 2);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_battlecry_odds, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(test_saving_dice_odds, fx_setup, fx_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
