/* Unit tests of geo/square: the square board of mb-remastered (rules
 * digest §11).  Addresses read as on hex boards (A1 north-west); combat
 * geometry: infantry across a side, cavalry and artillery across a corner
 * too, artillery two squares away counting diagonal steps. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "geo/square.h"

static square_coord at(const char *text)
{
	square_coord sq = { -1, -1 };
	assert_true(square_parse(text, &sq));
	return sq;
}

static void test_parse_and_format(void **state)
{
	(void)state;
	static const struct {
		const char *in, *out;
		int col, row;
	} ok[] = {
		{ "A1", "A1", 0, 0 }, { "t16", "T16", 19, 15 }, { "AA10", "AA10", 26, 9 },
		{ "b2", "B2", 1, 1 }, { "ZZ999", "ZZ999", 701, 998 },
	};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		square_coord sq = at(ok[i].in);
		assert_int_equal(sq.col, ok[i].col);
		assert_int_equal(sq.row, ok[i].row);
		char buf[SQUARE_ADDRESS_MAX];
		assert_string_equal(square_format(sq, buf), ok[i].out);
	}
	static const char *const bad[] = { "", "A", "1", "A0", "3C", "AAA1", "A1000", "A-1", "A 1", "Ä1" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		square_coord sq;
		assert_false(square_parse(bad[i], &sq));
	}
	square_coord sq;
	assert_false(square_parse(NULL, &sq));
}

static void test_board(void **state)
{
	(void)state;
	square_board b;
	square_board_init(&b, 20, 16);
	assert_int_equal(square_count(&b), 320);
	assert_true(square_on_board(&b, at("A1")));
	assert_true(square_on_board(&b, at("T16")));
	assert_false(square_on_board(&b, at("U1")));
	assert_false(square_on_board(&b, at("A17")));
	assert_false(square_on_board(&b, (square_coord){ -1, 0 }));
	assert_int_equal(square_index(&b, at("A1")), 0);
	assert_int_equal(square_index(&b, at("T1")), 19);
	assert_int_equal(square_index(&b, at("A2")), 20);
	assert_int_equal(square_index(&b, at("T16")), 319);
	assert_int_equal(square_index(&b, at("U1")), -1);
	for (size_t i = 0; i < square_count(&b); i++)
		assert_int_equal(square_index(&b, square_from_index(&b, i)), (long)i);
	square_board empty;
	square_board_init(&empty, 0, 5);
	assert_int_equal(square_count(&empty), 0);
}

static void test_neighbours(void **state)
{
	(void)state;
	square_coord n[SQUARE_NEIGHBOURS];
	square_neighbours(at("C3"), n);
	static const char *const expected[SQUARE_NEIGHBOURS] = { "C2", "D3", "C4", "B3", "D2", "D4", "B4", "B2" };
	for (int i = 0; i < SQUARE_NEIGHBOURS; i++) {
		char buf[SQUARE_ADDRESS_MAX];
		assert_string_equal(square_format(n[i], buf), expected[i]);
		assert_true(square_adjacent(at("C3"), n[i]));
		assert_int_equal(square_orthogonal(at("C3"), n[i]), i < SQUARE_SIDE_NEIGHBOURS);
	}
	/* A corner square: neighbours off the board are still listed. */
	square_neighbours(at("A1"), n);
	assert_int_equal(n[0].row, -1);
	assert_int_equal(n[3].col, -1);
}

static void test_distance(void **state)
{
	(void)state;
	static const struct {
		const char *a, *b;
		int king, orthogonal;
		bool side, touch;
	} cases[] = {
		{ "C3", "C3", 0, 0, false, false },
		{ "C3", "C4", 1, 1, true, true },    /* infantry may fight */
		{ "C3", "D4", 1, 2, false, true },   /* diagonal: cavalry and artillery */
		{ "C3", "E5", 2, 4, false, false },  /* artillery range 2, diagonally */
		{ "C3", "C5", 2, 2, false, false },
		{ "C3", "F4", 3, 4, false, false },
		{ "A1", "T16", 19, 34, false, false },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		square_coord a = at(cases[i].a), b = at(cases[i].b);
		assert_int_equal(square_distance(a, b), cases[i].king);
		assert_int_equal(square_distance(b, a), cases[i].king);
		assert_int_equal(square_orthogonal_distance(a, b), cases[i].orthogonal);
		assert_int_equal(square_orthogonal(a, b), cases[i].side);
		assert_int_equal(square_adjacent(a, b), cases[i].touch);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_and_format),
		cmocka_unit_test(test_board),
		cmocka_unit_test(test_neighbours),
		cmocka_unit_test(test_distance),
	};
	return cmocka_run_group_tests_name("square", tests, NULL, NULL);
}
