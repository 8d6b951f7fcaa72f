/* Unit tests of geo/hex: addresses, board shape, neighbours, distance and
 * sections (rules digest §1).  Expected values are worked out by hand on
 * the printed board: pointy-top hexes, row 1 at the north edge, even
 * (1-based) rows shifted half a hex east and, on the Battle Cry board, one
 * hex shorter. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geo/hex.h"

/* ---- fixtures: the boards the tests share ---- */

typedef struct boards {
	hex_board standard;    /* 13 x 9, short even rows: the Battle Cry board */
	hex_board rectangle;   /* 13 x 9, all rows 13 hexes */
	hex_board small;       /* 7 x 5, short even rows */
	hex_board small_rect;  /* 6 x 4, all rows full */
} boards;

static int setup_boards(void **state)
{
	boards *b = calloc(1, sizeof *b);
	if (!b)
		return -1;
	hex_board_init(&b->standard, 13, 9, true);
	hex_board_init(&b->rectangle, 13, 9, false);
	hex_board_init(&b->small, 7, 5, true);
	hex_board_init(&b->small_rect, 6, 4, false);
	*state = b;
	return 0;
}

static int teardown_boards(void **state)
{
	free(*state);
	*state = NULL;
	return 0;
}

/* Parse an address the test knows to be well formed. */
static hex_coord at(const char *address)
{
	hex_coord h = { -99, -99 };
	if (!hex_parse(address, &h))
		fail_msg("test address '%s' does not parse", address);
	return h;
}

/* An address, or "(col,row)" for a position west or north of the grid,
 * which has no address. */
static const char *name_of(hex_coord h, char buf[32])
{
	if (h.col < 0 || h.row < 0) {
		snprintf(buf, 32, "(%d,%d)", h.col, h.row);
		return buf;
	}
	char tmp[HEX_ADDRESS_MAX];
	snprintf(buf, 32, "%s", hex_format(h, tmp));
	return buf;
}

/* ---- addresses ---- */

typedef struct parse_case {
	const char *text;
	int col, row;            /* 0-based */
	const char *printed;     /* hex_format of the result */
} parse_case;

static const parse_case good_addresses[] = {
	{ "A1", 0, 0, "A1" },
	{ "M1", 12, 0, "M1" },
	{ "a2", 0, 1, "A2" },
	{ "m9", 12, 8, "M9" },
	{ "Z1", 25, 0, "Z1" },
	{ "AA10", 26, 9, "AA10" },
	{ "aA10", 26, 9, "AA10" },
	{ "AZ5", 51, 4, "AZ5" },
	{ "BA1", 52, 0, "BA1" },
	{ "ZZ999", 701, 998, "ZZ999" },
	{ "zz999", 701, 998, "ZZ999" },
	{ "C100", 2, 99, "C100" },
};

static void test_parse_format_round_trip(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof good_addresses / sizeof good_addresses[0]; i++) {
		const parse_case *c = &good_addresses[i];
		hex_coord h = { -1, -1 };
		if (!hex_parse(c->text, &h))
			fail_msg("'%s' should parse", c->text);
		if (h.col != c->col || h.row != c->row)
			fail_msg("'%s' parsed as (%d,%d), expected (%d,%d)", c->text, h.col, h.row, c->col, c->row);
		char buf[HEX_ADDRESS_MAX];
		char *ret = hex_format(h, buf);
		assert_ptr_equal(ret, buf);
		assert_string_equal(buf, c->printed);
		/* and the printed form parses back to the same hex */
		hex_coord again;
		assert_true(hex_parse(buf, &again));
		assert_int_equal(again.col, h.col);
		assert_int_equal(again.row, h.row);
	}
}

static const char *const bad_addresses[] = {
	"", "1A", "A0", "A", "AAA1", "A1000", "A-1", "A 1", " A1", "A1 ", "A1B",
	"A01", "1", "-A1", "A+1", "Ä1", "A1.5",
};

static void test_parse_rejects(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof bad_addresses / sizeof bad_addresses[0]; i++) {
		hex_coord h = { 42, 43 };
		if (hex_parse(bad_addresses[i], &h))
			fail_msg("'%s' should be rejected, parsed as (%d,%d)", bad_addresses[i], h.col, h.row);
	}
	hex_coord h;
	assert_false(hex_parse(NULL, &h));
}

static void test_format_every_column(void **state)
{
	(void)state;
	/* Spreadsheet columns: A..Z, AA..AZ, BA.., ZZ is the 702nd. */
	char buf[HEX_ADDRESS_MAX];
	for (int col = 0; col < HEX_MAX_COLUMNS; col++) {
		hex_coord h = { col, col % HEX_MAX_ROWS };
		hex_format(h, buf);
		hex_coord back;
		if (!hex_parse(buf, &back) || back.col != h.col || back.row != h.row)
			fail_msg("column %d printed as '%s' does not parse back", col, buf);
	}
	assert_string_equal(hex_format((hex_coord){ 25, 0 }, buf), "Z1");
	assert_string_equal(hex_format((hex_coord){ 26, 0 }, buf), "AA1");
	assert_string_equal(hex_format((hex_coord){ 701, 0 }, buf), "ZZ1");
	/* Beyond ZZ, or negative: no address. */
	assert_string_equal(hex_format((hex_coord){ 702, 0 }, buf), "?");
	assert_string_equal(hex_format((hex_coord){ -1, 0 }, buf), "?");
	assert_string_equal(hex_format((hex_coord){ 0, -1 }, buf), "?");
}

/* ---- board shape ---- */

static void test_board_standard_shape(void **state)
{
	boards *b = *state;
	const hex_board *s = &b->standard;
	assert_int_equal(s->columns, 13);
	assert_int_equal(s->rows, 9);
	assert_true(s->short_rows);
	for (int row = 0; row < 9; row++)
		assert_int_equal(hex_row_length(s, row), row % 2 == 0 ? 13 : 12);
	assert_int_equal(hex_count(s), 113);
	/* the default split of 13 long-row hexes is 4 / 5 / 4 */
	assert_int_equal(s->west, 4);
	assert_int_equal(s->east, 4);
}

static void test_board_counts(void **state)
{
	(void)state;
	static const struct {
		int columns, rows;
		bool short_rows;
		size_t count;
	} cases[] = {
		{ 13, 9, true, 113 },
		{ 13, 9, false, 117 },
		{ 13, 8, true, 100 },
		{ 13, 1, true, 13 },
		{ 7, 5, true, 33 },
		{ 6, 4, false, 24 },
		{ 60, 40, true, 20 * 60 + 20 * 59 },
		{ 0, 9, true, 0 },
		{ 13, 0, true, 0 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		hex_board board;
		hex_board_init(&board, cases[i].columns, cases[i].rows, cases[i].short_rows);
		size_t n = hex_count(&board);
		if (n != cases[i].count)
			fail_msg("%dx%d%s: %zu hexes, expected %zu", cases[i].columns, cases[i].rows,
				cases[i].short_rows ? " short rows" : "", n, cases[i].count);
	}
}

typedef struct on_board_case {
	const char *hex;
	bool on_standard;
	bool on_rectangle;
} on_board_case;

static const on_board_case on_board_cases[] = {
	{ "A1", true, true },
	{ "M1", true, true },
	{ "N1", false, false },
	{ "A2", true, true },
	{ "L2", true, true },
	{ "M2", false, true },   /* short row: 12 hexes, ends at L2 */
	{ "M3", true, true },
	{ "M8", false, true },
	{ "L8", true, true },
	{ "A9", true, true },
	{ "M9", true, true },
	{ "A10", false, false },
	{ "M10", false, false },
	{ "G5", true, true },
	{ "ZZ999", false, false },
};

static void test_board_on_off(void **state)
{
	boards *b = *state;
	for (size_t i = 0; i < sizeof on_board_cases / sizeof on_board_cases[0]; i++) {
		const on_board_case *c = &on_board_cases[i];
		hex_coord h = at(c->hex);
		if (hex_on_board(&b->standard, h) != c->on_standard)
			fail_msg("%s: on the standard board should be %d", c->hex, c->on_standard);
		if (hex_on_board(&b->rectangle, h) != c->on_rectangle)
			fail_msg("%s: on the rectangular board should be %d", c->hex, c->on_rectangle);
	}
	/* positions west and north of the grid */
	static const hex_coord outside[] = { { -1, 0 }, { 0, -1 }, { -1, -1 }, { -1, 1 }, { 12, -1 } };
	for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++) {
		assert_false(hex_on_board(&b->standard, outside[i]));
		assert_false(hex_on_board(&b->rectangle, outside[i]));
	}
}

static void check_index_round_trip(const hex_board *board)
{
	size_t total = hex_count(board);
	size_t seen = 0;
	long expected = 0;
	/* Reading order: row by row, west to east. */
	for (int row = -1; row <= board->rows; row++) {
		for (int col = -1; col <= board->columns; col++) {
			hex_coord h = { col, row };
			long idx = hex_index(board, h);
			if (!hex_on_board(board, h)) {
				if (idx != -1)
					fail_msg("(%d,%d) is off the board but has index %ld", col, row, idx);
				continue;
			}
			if (idx != expected)
				fail_msg("(%d,%d) has index %ld, expected %ld", col, row, idx, expected);
			hex_coord back = hex_from_index(board, (size_t)idx);
			if (back.col != col || back.row != row)
				fail_msg("index %ld maps back to (%d,%d), not (%d,%d)", idx, back.col, back.row, col, row);
			expected++;
			seen++;
		}
	}
	assert_int_equal(seen, total);
	for (size_t i = 0; i < total; i++) {
		hex_coord h = hex_from_index(board, i);
		assert_true(hex_on_board(board, h));
		assert_int_equal(hex_index(board, h), (long)i);
	}
}

static void test_index_round_trip(void **state)
{
	boards *b = *state;
	check_index_round_trip(&b->standard);
	check_index_round_trip(&b->rectangle);
	check_index_round_trip(&b->small);
	check_index_round_trip(&b->small_rect);
	hex_board tall;
	hex_board_init(&tall, 5, 40, true);
	check_index_round_trip(&tall);
	/* first and last hexes of the standard board */
	assert_int_equal(hex_index(&b->standard, at("A1")), 0);
	assert_int_equal(hex_index(&b->standard, at("A2")), 13);
	assert_int_equal(hex_index(&b->standard, at("L2")), 24);
	assert_int_equal(hex_index(&b->standard, at("A3")), 25);
	assert_int_equal(hex_index(&b->standard, at("M9")), 112);
	assert_int_equal(hex_index(&b->rectangle, at("M9")), 116);
	assert_int_equal(hex_index(&b->standard, at("M2")), -1);
}

/* ---- neighbours ---- */

/* In the order of hex_neighbours: E, NE, NW, W, SW, SE.  Worked out on the
 * board: a long (odd) row hex X has the short-row hexes above it at columns
 * X-1 (north-west) and X (north-east); a short (even) row hex X lies
 * between X and X+1 of the long rows around it. */
typedef struct neighbour_case {
	const char *hex;
	const char *expect[6];
} neighbour_case;

static const neighbour_case neighbour_cases[] = {
	/* long rows */
	{ "C3", { "D3", "C2", "B2", "B3", "B4", "C4" } },
	{ "G5", { "H5", "G4", "F4", "F5", "F6", "G6" } },
	{ "A1", { "B1", "(0,-1)", "(-1,-1)", "(-1,0)", "(-1,1)", "A2" } },
	{ "M1", { "N1", "(12,-1)", "(11,-1)", "L1", "L2", "M2" } },
	{ "A9", { "B9", "A8", "(-1,7)", "(-1,8)", "(-1,9)", "A10" } },
	/* short rows */
	{ "C4", { "D4", "D3", "C3", "B4", "C5", "D5" } },
	{ "A2", { "B2", "B1", "A1", "(-1,1)", "A3", "B3" } },
	{ "L2", { "M2", "M1", "L1", "K2", "L3", "M3" } },
	{ "F8", { "G8", "G7", "F7", "E8", "F9", "G9" } },
	{ "AA10", { "AB10", "AB9", "AA9", "Z10", "AA11", "AB11" } },
};

static void test_neighbours_table(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof neighbour_cases / sizeof neighbour_cases[0]; i++) {
		const neighbour_case *c = &neighbour_cases[i];
		hex_coord h = at(c->hex), out[6];
		hex_neighbours(h, out);
		for (int k = 0; k < 6; k++) {
			char buf[32];
			const char *got = name_of(out[k], buf);
			if (strcmp(got, c->expect[k]) != 0)
				fail_msg("neighbour %d of %s is %s, expected %s", k, c->hex, got, c->expect[k]);
			assert_int_equal(hex_distance(h, out[k]), 1);
			assert_true(hex_adjacent(h, out[k]));
		}
	}
}

static void test_neighbours_symmetric(void **state)
{
	boards *b = *state;
	const hex_board *boards_to_check[] = { &b->standard, &b->rectangle };
	for (size_t k = 0; k < 2; k++) {
		const hex_board *board = boards_to_check[k];
		size_t total = hex_count(board);
		for (size_t i = 0; i < total; i++) {
			hex_coord h = hex_from_index(board, i), around[6];
			hex_neighbours(h, around);
			int on = 0;
			for (int n = 0; n < 6; n++) {
				/* six distinct positions, none the hex itself */
				for (int m = 0; m < n; m++)
					assert_false(around[m].col == around[n].col && around[m].row == around[n].row);
				assert_false(around[n].col == h.col && around[n].row == h.row);
				if (!hex_on_board(board, around[n]))
					continue;
				on++;
				/* symmetric: h is among the neighbour's neighbours */
				hex_coord back[6];
				hex_neighbours(around[n], back);
				bool found = false;
				for (int m = 0; m < 6; m++)
					found = found || (back[m].col == h.col && back[m].row == h.row);
				if (!found) {
					char a[32], c[32];
					fail_msg("%s lists %s as a neighbour, but not the other way round",
						name_of(h, a), name_of(around[n], c));
				}
				/* and the opposite direction leads back */
				assert_int_equal(back[(n + 3) % 6].col, h.col);
				assert_int_equal(back[(n + 3) % 6].row, h.row);
				assert_true(hex_adjacent(around[n], h));
			}
			assert_true(on >= 2);
		}
		/* adjacency agrees with the neighbour lists over every pair */
		for (size_t i = 0; i < total; i++) {
			hex_coord a = hex_from_index(board, i), around[6];
			hex_neighbours(a, around);
			for (size_t j = 0; j < total; j++) {
				hex_coord c = hex_from_index(board, j);
				bool listed = false;
				for (int n = 0; n < 6; n++)
					listed = listed || (around[n].col == c.col && around[n].row == c.row);
				assert_int_equal(hex_adjacent(a, c), listed);
				assert_int_equal(hex_adjacent(c, a), listed);
			}
		}
	}
}

/* ---- distance ---- */

typedef struct distance_case {
	const char *a, *b;
	int distance;
} distance_case;

static const distance_case distance_cases[] = {
	{ "A1", "A1", 0 },
	{ "G5", "G5", 0 },
	{ "A1", "B1", 1 },
	{ "A1", "A2", 1 },         /* A2 lies between A1 and B1 */
	{ "B2", "C3", 1 },         /* shifted row to the long row below it, south-east */
	{ "B2", "B3", 1 },         /* ... south-west */
	{ "C3", "C2", 1 },
	{ "L2", "M3", 1 },
	{ "A1", "B2", 2 },
	{ "C3", "D2", 2 },
	{ "B2", "D2", 2 },
	{ "C4", "C6", 2 },         /* across two shifted-row boundaries */
	{ "G5", "C3", 5 },
	{ "G5", "K7", 5 },
	{ "C4", "H4", 5 },
	{ "D8", "D2", 6 },
	{ "A1", "M1", 12 },        /* long straight line along a row */
	{ "A1", "A9", 8 },         /* zigzag down the west edge */
	{ "E1", "E9", 8 },
	{ "A1", "E9", 8 },         /* straight south-east diagonal: half a hex per row */
	{ "A1", "F9", 9 },
	{ "A1", "I9", 12 },
	{ "H2", "C7", 8 },
	{ "M1", "A9", 16 },        /* corner to corner: 8 diagonal steps then 8 west */
	{ "A1", "M9", 16 },
	{ "AA10", "A1", 31 },
	{ "A1", "ZZ999", 1200 },
};

static void test_distance_table(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof distance_cases / sizeof distance_cases[0]; i++) {
		const distance_case *c = &distance_cases[i];
		hex_coord a = at(c->a), b = at(c->b);
		int d = hex_distance(a, b);
		if (d != c->distance)
			fail_msg("distance %s-%s is %d, expected %d", c->a, c->b, d, c->distance);
		assert_int_equal(hex_distance(b, a), c->distance);
		assert_int_equal(hex_adjacent(a, b), c->distance == 1);
	}
}

static void test_distance_properties(void **state)
{
	boards *b = *state;
	const hex_board *s = &b->small;
	size_t n = hex_count(s);
	int *dist = calloc(n * n, sizeof *dist);
	assert_non_null(dist);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			dist[i * n + j] = hex_distance(hex_from_index(s, i), hex_from_index(s, j));
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(dist[i * n + i], 0);
		for (size_t j = 0; j < n; j++) {
			assert_int_equal(dist[i * n + j], dist[j * n + i]);
			if (i != j)
				assert_true(dist[i * n + j] > 0);
			for (size_t k = 0; k < n; k++)
				if (dist[i * n + k] > dist[i * n + j] + dist[j * n + k])
					fail_msg("triangle inequality broken for indexes %zu, %zu, %zu", i, j, k);
		}
	}

	/* On a whole board the distance is the number of steps of a shortest
	 * walk from neighbour to neighbour (breadth-first search). */
	int *bfs = malloc(n * sizeof *bfs);
	size_t *queue = malloc(n * sizeof *queue);
	assert_non_null(bfs);
	assert_non_null(queue);
	for (size_t from = 0; from < n; from++) {
		for (size_t i = 0; i < n; i++)
			bfs[i] = -1;
		size_t head = 0, tail = 0;
		bfs[from] = 0;
		queue[tail++] = from;
		while (head < tail) {
			size_t cur = queue[head++];
			hex_coord around[6];
			hex_neighbours(hex_from_index(s, cur), around);
			for (int k = 0; k < 6; k++) {
				long idx = hex_index(s, around[k]);
				if (idx >= 0 && bfs[idx] < 0) {
					bfs[idx] = bfs[cur] + 1;
					queue[tail++] = (size_t)idx;
				}
			}
		}
		for (size_t i = 0; i < n; i++)
			assert_int_equal(bfs[i], dist[from * n + i]);
	}
	free(queue);
	free(bfs);
	free(dist);
}

/* ---- sections ---- */

enum { W = HEX_SECTION_WEST, C = HEX_SECTION_CENTRE, E = HEX_SECTION_EAST };

static const char *section_name(unsigned s, char buf[8])
{
	snprintf(buf, 8, "%s%s%s", s & W ? "W" : "", s & C ? "C" : "", s & E ? "E" : "");
	return s ? buf : "-";
}

static void expect_sections_row(const hex_board *board, int row, const unsigned *expect, int count)
{
	assert_int_equal(hex_row_length(board, row), count);
	for (int col = 0; col < count; col++) {
		hex_coord h = { col, row };
		unsigned got = hex_sections(board, h);
		if (got != expect[col]) {
			char a[32], g[8], e[8];
			fail_msg("%s (west=%d east=%d) is in %s, expected %s", name_of(h, a), board->west,
				board->east, section_name(got, g), section_name(expect[col], e));
		}
	}
}

static void test_sections_standard(void **state)
{
	boards *b = *state;
	hex_board board = b->standard;
	board.west = 4;
	board.east = 4;
	assert_true(hex_sections_valid(&board));
	/* long rows: A-D west, E-I centre, J-M east */
	static const unsigned long_row[13] = { W, W, W, W, C, C, C, C, C, E, E, E, E };
	/* short rows: the lines cut D and I, which lie in both sections */
	static const unsigned short_row[12] = { W, W, W, W | C, C, C, C, C, C | E, E, E, E };
	for (int row = 0; row < board.rows; row++) {
		if (row % 2 == 0)
			expect_sections_row(&board, row, long_row, 13);
		else
			expect_sections_row(&board, row, short_row, 12);
	}
	assert_int_equal(hex_sections(&board, at("D2")), W | C);
	assert_int_equal(hex_sections(&board, at("I8")), C | E);
	assert_int_equal(hex_sections(&board, at("D1")), W);
	assert_int_equal(hex_sections(&board, at("E1")), C);
	assert_int_equal(hex_sections(&board, at("I9")), C);
	assert_int_equal(hex_sections(&board, at("J9")), E);
}

static void test_sections_cover_every_hex(void **state)
{
	boards *b = *state;
	const hex_board *list[] = { &b->standard, &b->rectangle, &b->small, &b->small_rect };
	for (size_t k = 0; k < sizeof list / sizeof list[0]; k++) {
		const hex_board *board = list[k];
		size_t n = hex_count(board);
		for (size_t i = 0; i < n; i++) {
			hex_coord h = hex_from_index(board, i);
			unsigned s = hex_sections(board, h);
			if (s == 0) {
				char a[32];
				fail_msg("%s is in no section", name_of(h, a));
			}
			/* never west and east at once, and a double membership is a cut hex
			 * of a shifted row */
			assert_false((s & W) && (s & E));
			if (s == (W | C) || s == (C | E))
				assert_int_equal(h.row % 2, 1);
		}
	}
}

static void test_sections_rectangle(void **state)
{
	boards *b = *state;
	hex_board board = b->rectangle;
	/* shifted rows keep their 13th hex, which lies east; the cut hexes stay */
	static const unsigned long_row[13] = { W, W, W, W, C, C, C, C, C, E, E, E, E };
	static const unsigned shifted_row[13] = { W, W, W, W | C, C, C, C, C, C | E, E, E, E, E };
	expect_sections_row(&board, 0, long_row, 13);
	expect_sections_row(&board, 1, shifted_row, 13);
}

static unsigned letter_sections(char l)
{
	switch (l) {
	case 'w': return W;
	case 'c': return C;
	case 'e': return E;
	case 'W': return W | C;
	case 'E': return C | E;
	default: return 0;
	}
}

static void test_sections_custom_splits(void **state)
{
	(void)state;
	/* Hand-drawn rows for a few splits: w, c, e one section; W a cut hex
	 * in west and centre, E a cut hex in centre and east. */
	static const struct {
		int columns, west, east;
		const char *long_row, *short_row;
	} rows[] = {
		{ 13, 4, 4, "wwwwccccceeee", "wwwWccccEeee" },
		{ 13, 3, 5, "wwwccccceeeee", "wwWccccEeeee" },
		{ 13, 6, 6, "wwwwwwceeeeee", "wwwwwWEeeeee" },
		{ 13, 1, 1, "wccccccccccce", "WccccccccccE" },
		{ 7, 2, 2, "wwcccee", "wWccEe" },
		{ 5, 1, 1, "wccce", "WccE" },
		{ 3, 1, 1, "wce", "WE" },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		hex_board board;
		hex_board_init(&board, rows[i].columns, 3, true);
		board.west = rows[i].west;
		board.east = rows[i].east;
		assert_true(hex_sections_valid(&board));
		unsigned expect_long[64], expect_short[64];
		int nl = (int)strlen(rows[i].long_row), ns = (int)strlen(rows[i].short_row);
		assert_int_equal(nl, rows[i].columns);
		assert_int_equal(ns, rows[i].columns - 1);
		for (int k = 0; k < nl; k++)
			expect_long[k] = letter_sections(rows[i].long_row[k]);
		for (int k = 0; k < ns; k++)
			expect_short[k] = letter_sections(rows[i].short_row[k]);
		expect_sections_row(&board, 0, expect_long, nl);
		expect_sections_row(&board, 1, expect_short, ns);
		expect_sections_row(&board, 2, expect_long, nl);
	}
}

static void test_sections_valid(void **state)
{
	(void)state;
	static const struct {
		int columns, west, east;
		bool valid;
	} cases[] = {
		{ 13, 4, 4, true },
		{ 13, 1, 1, true },
		{ 13, 6, 6, true },    /* centre of one long-row hex */
		{ 13, 6, 7, false },   /* no centre left */
		{ 13, 7, 6, false },
		{ 13, 12, 1, false },
		{ 13, 0, 4, false },   /* each flank needs a hex */
		{ 13, 4, 0, false },
		{ 13, -1, 4, false },
		{ 3, 1, 1, true },
		{ 3, 1, 2, false },
		{ 2, 1, 1, false },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		hex_board board;
		hex_board_init(&board, cases[i].columns, 9, true);
		board.west = cases[i].west;
		board.east = cases[i].east;
		if (hex_sections_valid(&board) != cases[i].valid)
			fail_msg("columns %d west %d east %d: valid should be %d", cases[i].columns,
				cases[i].west, cases[i].east, cases[i].valid);
	}
	/* hex_board_init gives every usable width a valid default split */
	for (int columns = 3; columns <= HEX_MAX_COLUMNS; columns++) {
		hex_board board;
		hex_board_init(&board, columns, 9, true);
		if (!hex_sections_valid(&board))
			fail_msg("default split of %d columns (west %d, east %d) is not valid", columns,
				board.west, board.east);
	}
}

static void test_center_x2(void **state)
{
	(void)state;
	/* half-hex units: A1 centre at 1, A2 (shifted) at 2, B1 at 3 */
	assert_int_equal(hex_center_x2(at("A1")), 1);
	assert_int_equal(hex_center_x2(at("A2")), 2);
	assert_int_equal(hex_center_x2(at("B1")), 3);
	assert_int_equal(hex_center_x2(at("D2")), 8);
	assert_int_equal(hex_center_x2(at("M9")), 25);
	assert_int_equal(hex_center_x2(at("L8")), 24);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_format_round_trip),
		cmocka_unit_test(test_parse_rejects),
		cmocka_unit_test(test_format_every_column),
		cmocka_unit_test(test_board_standard_shape),
		cmocka_unit_test(test_board_counts),
		cmocka_unit_test(test_board_on_off),
		cmocka_unit_test(test_index_round_trip),
		cmocka_unit_test(test_neighbours_table),
		cmocka_unit_test(test_neighbours_symmetric),
		cmocka_unit_test(test_distance_table),
		cmocka_unit_test(test_distance_properties),
		cmocka_unit_test(test_sections_standard),
		cmocka_unit_test(test_sections_cover_every_hex),
		cmocka_unit_test(test_sections_rectangle),
		cmocka_unit_test(test_sections_custom_splits),
		cmocka_unit_test(test_sections_valid),
		cmocka_unit_test(test_center_x2),
	};
	return cmocka_run_group_tests(tests, setup_boards, teardown_boards);
}
