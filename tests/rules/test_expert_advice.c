/* The expert's advice (rules/expert/expert_advice.h) on shiloh and on
 * mb-1861, from a seeded game's start and from halfway through its first
 * turn: there is advice for the side to play, its next action is a line
 * the referee takes on the game as it stands, the value lies in 0..1 and
 * the chosen plan's wins are among its simulations; the same game, seed
 * and simulation count give the same advice; and the game advised on is
 * left as it was.  Small simulation counts, no clock. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine_fixture.h"
#include "rules/expert/expert_advice.h"
#include "rules/players.h"

#define SIMS 8

/* A bundled scenario's game dealt from a seed. */
static game *dealt(loaded *l, const char *name, unsigned long long seed)
{
	char *path = xasprintf("%s/../scenarios/%s.xml", getenv("ORBAT_DATADIR"), name);
	load(l, path);
	free(path);
	const game_engine *e = game_engine_of_grid(l->rs->grid);
	assert_non_null(e);
	rules_error why;
	game *g = game_open(e, l->sc, l->rs, &why);
	assert_non_null(g);
	rng dice;
	rng_seed(&dice, seed);
	assert_true(game_deal_head(g, l->sc->id.text, seed, &dice, NULL, NULL, &why));
	return g;
}

/* Whether the referee takes `line` on a copy of g. */
static bool takes(game *g, const char *line)
{
	rules_error why;
	bool empty = false;
	game_action *a = game_action_parse(g->impl, line, 0, &empty, &why);
	if (!a)
		return false;
	game *copy = game_clone(g);
	rng dice;
	rng_seed(&dice, 3);
	bool ok = game_act(copy, &dice, a, &why);
	game_destroy(copy);
	game_action_free(g->impl, a);
	return ok;
}

/* The advice on g checked, and checked to come again the same. */
static void check_advice(game *g)
{
	const expert_think think = { 0, SIMS };
	char *before = state_text(g);
	expert_advice a, again;
	assert_true(expert_advise(g, &think, 41, &a));
	assert_int_equal(a.side, game_to_play(g));
	assert_true(a.count >= 1);
	assert_true(takes(g, a.lines[0].text));
	assert_true(a.verdict.value >= 0 && a.verdict.value <= 1);
	assert_int_equal(a.verdict.sims, SIMS);
	assert_true(a.verdict.wins >= 0 && a.verdict.wins <= a.verdict.plan_sims);
	char *after = state_text(g);
	assert_same_text(before, after);
	assert_true(expert_advise(g, &think, 41, &again));
	assert_int_equal(a.count, again.count);
	for (size_t i = 0; i < a.count; i++)
		assert_string_equal(a.lines[i].text, again.lines[i].text);
	assert_true(a.verdict.value == again.verdict.value);
	expert_advice_finish(&a);
	expert_advice_finish(&again);
	free(before);
	free(after);
}

/* From the start, and after the side to play took the advice's first
 * step and one of the simple player's. */
static void advise_on(const char *name)
{
	loaded l;
	game *g = dealt(&l, name, 17);
	check_advice(g);
	player p;
	rules_error why;
	assert_true(player_open(&p, "simple", g->impl->grid, -1, 0, &why));
	rng choices, dice;
	rng_seed(&choices, 5);
	rng_seed(&dice, 6);
	game_action *a = game_action_new(g->impl);
	assert_true(player_next(&p, g, &choices, a));
	assert_true(game_act(g, &dice, a, &why));
	game_action_free(g->impl, a);
	player_close(&p);
	if (!game_over(g))
		check_advice(g);
	game_destroy(g);
	unload(&l);
}

static void test_hex(void **state)
{
	(void)state;
	advise_on("shiloh");
}

static void test_square(void **state)
{
	(void)state;
	advise_on("mb-1861");
}

/* Both grids give the expert its hooks; percents round. */
static void test_grid_hooks(void **state)
{
	(void)state;
	assert_non_null(expert_grid_on(GRID_HEX));
	assert_non_null(expert_grid_on(GRID_SQUARE));
	assert_int_equal(expert_advice_percent(0.625), 63);
	assert_int_equal(expert_advice_percent(0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grid_hooks),
		cmocka_unit_test(test_hex),
		cmocka_unit_test(test_square),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
