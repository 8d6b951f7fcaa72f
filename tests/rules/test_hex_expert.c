/* What the expert reads of a hex position (rules/hex/hex_expert.h): the
 * flags a side is about to win, weighed by their chance -- an enemy unit
 * on its last figure as half a flag, one on two of three or more as a
 * fifth, an enemy general standing with no unit as a fifth -- and its
 * share of the figures on the board. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "rules/hex/hex_expert.h"
#include "rules_fixture.h"

static void near(const hex_game *g, int side, double want)
{
	double got = hex_expert_near_flags(g, side);
	if (fabs(got - want) > 1e-9)
		fail_msg("side %d: %g flags near, %g expected", side, got, want);
}

static void test_near_flags(void **state)
{
	fixture *f = *state;
	hex_game *g = fx_game(f, "battlecry-1999", "", "u inf D5; u inf E5; u gen D5; c inf D4; c inf E3; c gen E3");
	assert_non_null(g);
	/* Whole units, a general with his unit: nothing is near. */
	near(g, 0, 0);
	near(g, 1, 0);
	/* The union's general stands alone: a fifth for the confederacy. */
	hex_game_place(g, fx_ref(g, "ug1"), fx_hex("H7"));
	near(g, 1, 0.2);
	near(g, 0, 0);
	/* Worn down: one figure left is half a flag, two a fifth. */
	g->units[fx_ref(g, "c1").index].figures = 1;
	g->units[fx_ref(g, "c2").index].figures = 2;
	near(g, 0, 0.5 + 0.2);
	/* A destroyed unit is a flag won, no longer near. */
	g->units[fx_ref(g, "c1").index].alive = false;
	near(g, 0, 0.2);
	near(g, 1, 0.2);
	/* The share of the figures: the union's 8 and a general against
	 * the confederacy's 2 and a general. */
	assert_true(fabs(hex_expert_material(g, 0) - 9.0 / 12.0) < 1e-9);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_near_flags, fx_setup, fx_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
