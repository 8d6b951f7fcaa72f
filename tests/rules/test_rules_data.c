/* The facts the engine reads of a ruleset by name (rules/hex/rules_data.h)
 * belong to that ruleset alone: after a ruleset is destroyed and another
 * loaded, possibly at the same address, the facts are the new one's, with
 * strings that point into it and not into freed memory.  A game keeps its
 * facts beside the ruleset it borrows, a clone its own. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/datadir.h"
#include "base/diag.h"
#include "model/ruleset.h"
#include "rules/hex/hex_game.h"
#include "rules/hex/rules_data.h"
#include "rules_fixture.h"

static const char *data_dir(void)
{
	const char *env = getenv("ORBAT_DATADIR");
	return env && *env ? env : datadir_get();
}

/* Whether s is the id string of one of the ruleset's faces, terrains or
 * cards (the very pointer, not a copy of the text). */
static bool owned_face(const ruleset *rs, const char *s)
{
	for (size_t i = 0; i < rs->face_count; i++)
		if (rs->faces[i].id == s)
			return true;
	return false;
}

static bool owned_terrain(const ruleset *rs, const char *s)
{
	for (size_t i = 0; i < rs->terrain_count; i++)
		if (rs->terrains[i].id == s)
			return true;
	return false;
}

static bool owned_card(const ruleset *rs, const char *s)
{
	for (size_t i = 0; i < rs->deck.card_count; i++)
		if (rs->deck.cards[i].id == s)
			return true;
	return false;
}

/* The facts agree with the ruleset's model and borrow only from it. */
static void assert_facts_of(const rules_data_gaps *d, const ruleset *rs)
{
	assert_ptr_equal(d->ruleset_id, rs->id);
	assert_int_equal(d->saving_rolls, rs->battle.saving_rolls);
	assert_int_equal(d->general_follows, rs->general.must_follow_unit ? FOLLOW_MUST : FOLLOW_MAY);
	assert_int_equal(d->general_passes_generals, rs->general.passes_friendly_generals);
	assert_int_equal(d->flags_pass_to_general, rs->retreat.flags_pass_to_general);
	assert_int_equal(d->blocked_retreat_kills_general, rs->retreat.blocked_kills_general);
	assert_true(d->flag_face == NULL || owned_face(rs, d->flag_face));
	assert_true(d->hill_terrain == NULL || owned_terrain(rs, d->hill_terrain));
	assert_true(d->copy_card == NULL || owned_card(rs, d->copy_card));
	assert_true(d->dig_card == NULL || owned_card(rs, d->dig_card));
}

/* A ruleset loaded where the last one was: the engine must not tell it
 * from the last one by its address.  The rulesets are loaded one after the
 * other and each is placed in the same slot (a shallow copy: the slot
 * holds the loaded ruleset's own strings) before its facts are read. */
static ruleset slot;

static void test_facts_follow_the_loaded_ruleset(void **state)
{
	(void)state;
	static const char *const ids[] = {
		"battlecry-1999", "noord-zuid", "battlecry-150", "noord-zuid", "battlecry-1999", "battlecry-150",
	};
	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		diag_sink sink;
		diag_sink_init(&sink);
		ruleset *rs = ruleset_load(data_dir(), ids[i], &sink);
		assert_non_null(rs);
		slot = *rs;
		rules_data_gaps d;
		rules_data_read(&slot, &d);
		assert_string_equal(d.ruleset_id, ids[i]);
		assert_facts_of(&d, rs);
		memset(&slot, 0, sizeof slot);
		ruleset_destroy(rs);
		diag_sink_finish(&sink);
	}
}

/* The facts differ where the rulesets do: noord-zuid rolls saving dice,
 * battlecry does not; both name a flag face. */
static void test_facts_differ_between_rulesets(void **state)
{
	(void)state;
	bool saving[2];
	static const char *const ids[] = { "battlecry-1999", "noord-zuid" };
	for (size_t i = 0; i < 2; i++) {
		diag_sink sink;
		diag_sink_init(&sink);
		ruleset *rs = ruleset_load(data_dir(), ids[i], &sink);
		assert_non_null(rs);
		rules_data_gaps d;
		rules_data_read(rs, &d);
		saving[i] = d.saving_rolls;
		assert_non_null(d.flag_face);
		ruleset_destroy(rs);
		diag_sink_finish(&sink);
	}
	assert_false(saving[0]);
	assert_true(saving[1]);
}

/* A game of one ruleset, then its validator (and ruleset) destroyed and a
 * game of another made with its ruleset in the same slot: each game reads
 * the facts of its own ruleset. */
static void test_games_read_their_own_ruleset(void **state)
{
	(void)state;
	static const char *const ids[] = { "battlecry-1999", "noord-zuid", "battlecry-150", "battlecry-1999" };
	for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		fixture f;
		fx_init(&f);
		assert_non_null(fx_game(&f, ids[i], "", "u inf C7; c inf F4"));
		slot = *f.rs;
		hex_game *g = hex_game_create(f.sc, &slot);
		assert_non_null(g);
		assert_ptr_equal(g->gaps, &g->facts);
		assert_string_equal(g->gaps->ruleset_id, ids[i]);
		assert_facts_of(g->gaps, f.rs);
		hex_game_destroy(g);
		memset(&slot, 0, sizeof slot);
		fx_finish(&f);
	}
}

/* A clone reads its own copy of the facts: the original may go first. */
static void test_clone_outlives_original(void **state)
{
	(void)state;
	fixture f;
	fx_init(&f);
	hex_game *g = fx_game(&f, "noord-zuid", "", "u inf C7; c inf F4");
	assert_non_null(g);
	hex_game *c = hex_game_clone(g);
	hex_game_destroy(f.g);
	f.g = NULL;
	assert_ptr_equal(c->gaps, &c->facts);
	assert_facts_of(c->gaps, f.rs);
	assert_true(c->gaps->saving_rolls);
	hex_game_destroy(c);
	fx_finish(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_facts_follow_the_loaded_ruleset),
		cmocka_unit_test(test_facts_differ_between_rulesets),
		cmocka_unit_test(test_games_read_their_own_ruleset),
		cmocka_unit_test(test_clone_outlives_original),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
