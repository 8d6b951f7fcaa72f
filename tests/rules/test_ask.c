/* The rules questions as data (rules/hex/hex_ask.h): the fields of the answers,
 * read without formatting them, on positions built by the fixture.  The
 * text and JSON a user sees are checked by run-ask.sh; here it is what a
 * program asking the library gets. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <string.h>

#include "rules/hex/hex_ask.h"
#include "rules_fixture.h"

#define BC99 "battlecry-1999"
#define NZ "noord-zuid"

/* Ask `line` ("dice F5 G5") about g; the query's words live in buf. */
static bool ask(const hex_game *g, const char *line, char *buf, size_t size, ask_query *q, ask_result *r)
{
	snprintf(buf, size, "%s", line);
	char *words[8];
	int n = 0;
	for (char *w = strtok(buf, " "); w && n < 8; w = strtok(NULL, " "))
		words[n++] = w;
	rules_error why;
	assert_int_equal(ask_parse(words, n, q, &why), n);
	return ask_answer(g, q, r);
}

static bool has_hex(const hex_coord *list, size_t n, const char *address)
{
	hex_coord h = fx_hex(address);
	for (size_t i = 0; i < n; i++)
		if (list[i].col == h.col && list[i].row == h.row)
			return true;
	return false;
}

static void test_dice(void **state)
{
	fixture *f = *state;
	hex_game *g = fx_game(f, BC99, "", "u inf F5 id=ub; c inf G5 id=cr");
	char buf[64];
	ask_query q;
	ask_result r;
	assert_true(ask(g, "dice ub G5", buf, sizeof buf, &q, &r));
	assert_true(r.answered);
	assert_int_equal(r.answers, 1);
	assert_int_equal(r.count, 1);
	assert_string_equal(r.label, "dice ub");
	assert_int_equal(r.from.unit, hex_game_find_unit(g, "ub"));
	assert_string_equal(r.from.shown, "ub (F5)");
	assert_int_equal(r.distance, 1);
	const ask_dice_answer *a = &r.items[0].u.dice;
	assert_int_equal(a->unit, hex_game_find_unit(g, "ub"));
	/* §4: infantry rolls 4 dice against an adjacent hex. */
	assert_true(a->dice.allowed);
	assert_int_equal(a->dice.dice, 4);
	assert_int_equal(a->dice.target.kind, REF_UNIT);
	assert_int_equal(a->dice.target.index, hex_game_find_unit(g, "cr"));
	ask_result_free(&r);
}

/* A question about nothing: no answer, the reason under its rule. */
static void test_nothing(void **state)
{
	fixture *f = *state;
	hex_game *g = fx_game(f, BC99, "", "u inf F5; c inf G5");
	char buf[64];
	ask_query q;
	ask_result r;
	assert_false(ask(g, "moves C2", buf, sizeof buf, &q, &r));
	assert_false(r.answered);
	assert_int_equal(r.count, 0);
	assert_string_equal(r.label, "moves C2");
	assert_string_equal(r.error.rule, "bc-3");
	assert_non_null(strstr(r.error.message, "C2"));
	ask_result_free(&r);
	/* A hex off the board stands under the board's own rule. */
	assert_false(ask(g, "los F5 Z40", buf, sizeof buf, &q, &r));
	assert_string_equal(r.error.rule, "bc-1");
	assert_true(r.to.known);
	ask_result_free(&r);
	assert_false(ask(g, "dice nobody G5", buf, sizeof buf, &q, &r));
	assert_string_equal(r.error.rule, "bc-5.1");
	assert_false(r.from.known);
	ask_result_free(&r);
}

static void test_los_moves(void **state)
{
	fixture *f = *state;
	hex_game *g = fx_game(f, BC99, "woods:G5", "u inf F5; c inf H5");
	char buf[64];
	ask_query q;
	ask_result r;
	assert_true(ask(g, "los F5 H5", buf, sizeof buf, &q, &r));
	const los_result *s = &r.items[0].u.los.sight;
	assert_false(s->visible);
	assert_int_equal(s->distance, 2);
	assert_true(has_hex(s->blocked, s->blocked_count, "G5"));
	assert_int_equal(r.items[0].u.los.unit, hex_game_find_unit(g, "u1"));
	assert_string_equal(r.rule, "bc-6.1");
	ask_result_free(&r);

	assert_true(ask(g, "moves u1", buf, sizeof buf, &q, &r));
	const ask_moves_answer *m = &r.items[0].u.moves;
	assert_int_equal(m->who.kind, REF_UNIT);
	assert_int_equal(m->general, -1);
	assert_true(m->max_hexes >= 1);
	assert_false(has_hex(m->reachable, m->reachable_count, "F5"));   /* staying is not a move */
	assert_true(has_hex(m->reachable, m->reachable_count, "E5"));
	assert_false(has_hex(m->reachable, m->reachable_count, "H5"));
	assert_string_equal(r.rule, "bc-3");
	ask_result_free(&r);
}

/* noord-zuid: a hex holding two units gets an answer for each. */
static void test_two_units(void **state)
{
	fixture *f = *state;
	hex_game *g = fx_game(f, NZ, "", "u inf F5 id=a; u inf F5 id=b; c inf G5");
	char buf[64];
	ask_query q;
	ask_result r;
	assert_true(ask(g, "retreat F5 1", buf, sizeof buf, &q, &r));
	assert_int_equal(r.answers, 2);
	assert_int_equal(r.count, 2);
	const ask_retreat_answer *x = &r.items[0].u.retreat, *y = &r.items[1].u.retreat;
	assert_int_equal(x->who.kind, REF_UNIT);
	assert_int_equal(y->who.kind, REF_UNIT);
	assert_int_not_equal(x->who.index, y->who.index);
	for (int i = 0; i < 2; i++) {
		const ask_retreat_answer *a = &r.items[i].u.retreat;
		assert_int_equal(a->at.col, fx_hex("F5").col);
		assert_true(a->applied == 1 || rules_error_set(&a->ignored));   /* the flag is taken, or why not */
		assert_true(a->destination_count >= 1);
	}
	ask_result_free(&r);
}

static void test_rally(void **state)
{
	fixture *f = *state;
	hex_game *g = fx_game(f, NZ, "", "u inf F5 2 id=worn; u inf D5 id=fresh; c inf G5 1");
	char buf[64];
	ask_query q;
	ask_result r;
	assert_true(ask(g, "rally union", buf, sizeof buf, &q, &r));
	const ask_rally_answer *a = &r.items[0].u.rally;
	assert_int_equal(a->side, hex_game_side_index(g, "union"));
	assert_non_null(a->card);
	assert_true(a->dice > 0);
	/* Only the union unit that lost figures, with room for them. */
	assert_int_equal(a->unit_count, 1);
	int worn = hex_game_find_unit(g, "worn");
	assert_int_equal(a->units[0].unit, worn);
	assert_int_equal(a->units[0].room, g->units[worn].full - 2);
	assert_int_equal(a->room, a->units[0].room);
	ask_result_free(&r);
	assert_false(ask(g, "rally nobody", buf, sizeof buf, &q, &r));
	assert_string_equal(r.error.rule, "ntz-8.1");
	ask_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dice),
		cmocka_unit_test(test_nothing),
		cmocka_unit_test(test_los_moves),
		cmocka_unit_test(test_two_units),
		cmocka_unit_test(test_rally),
	};
	return cmocka_run_group_tests(tests, fx_setup, fx_teardown);
}
