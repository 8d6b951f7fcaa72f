/* Unit tests of geo/grid: both grids through the one interface.  Every
 * test runs the same checks on a hex board (the Battle Cry board and a
 * full rectangle) and a square board (the mb-remastered map and a small
 * one): addresses, the dense index, neighbours, distance, paths, the line
 * between two cells and the millimetre geometry.  The hex line is checked
 * against the rules engine's line of sight walk, written independently. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "geo/grid.h"
#include "geo/linememo.h"
#include "rules/hex/los.h"

#define BOARDS 4

static void boards_of(grid_board out[BOARDS])
{
	hex_board standard, rectangle;
	hex_board_init(&standard, 13, 9, true);
	hex_board_init(&rectangle, 6, 5, false);
	square_board map, small;
	square_board_init(&map, 20, 16);
	square_board_init(&small, 5, 3);
	grid_board_hex(&out[0], &standard);
	grid_board_hex(&out[1], &rectangle);
	grid_board_square(&out[2], &map);
	grid_board_square(&out[3], &small);
}

static bool same(grid_cell a, grid_cell b)
{
	return a.col == b.col && a.row == b.row;
}

static void test_kinds(void **state)
{
	(void)state;
	grid_kind k = GRID_SQUARE;
	assert_true(grid_kind_parse("hex", &k));
	assert_int_equal(k, GRID_HEX);
	assert_true(grid_kind_parse("square", &k));
	assert_int_equal(k, GRID_SQUARE);
	assert_false(grid_kind_parse("cube", &k));
	assert_false(grid_kind_parse("Hex", &k));
	assert_false(grid_kind_parse(NULL, &k));
	assert_int_equal(k, GRID_SQUARE);
	for (int i = 0; i < GRID_KINDS; i++) {
		const grid_ops *ops = grid_ops_of((grid_kind)i);
		assert_int_equal(ops->kind, i);
		assert_true(ops->side_neighbours <= ops->neighbour_count);
		assert_true(ops->neighbour_count <= GRID_NEIGHBOURS_MAX);
		assert_true(ops->corner_count <= GRID_OUTLINE_MAX);
	}
	grid_board b[BOARDS];
	boards_of(b);
	assert_string_equal(grid_name(&b[0]), "hex");
	assert_string_equal(grid_name(&b[2]), "square");
	assert_int_equal(grid_count(&b[0]), 5 * 13 + 4 * 12);
	assert_int_equal(grid_count(&b[1]), 30);
	assert_int_equal(grid_count(&b[2]), 320);
	assert_int_equal(grid_count(&b[3]), 15);
}

/* Every cell: the index is a bijection onto 0 .. count-1 in reading
 * order, and the address reads back as the same cell. */
/* The one-cell board of each grid (a legend's swatch): one cell, A1, of
 * that grid, with its own outline. */
static void test_one_cell(void **state)
{
	(void)state;
	const grid_ops *grids[] = { &grid_hex_ops, &grid_square_ops };
	for (size_t k = 0; k < 2; k++) {
		grid_board b;
		grid_board_one_cell(grids[k], &b);
		assert_int_equal(b.kind, grids[k]->kind);
		assert_ptr_equal(grid_board_ops(&b), grids[k]);
		assert_int_equal(grid_count(&b), 1);
		assert_int_equal(grid_index(&b, (grid_cell){ 0, 0 }), 0);
		assert_int_equal(grid_index(&b, (grid_cell){ 1, 0 }), -1);
		assert_int_equal(grid_index(&b, (grid_cell){ 0, 1 }), -1);
		assert_int_equal(grid_sections(&b, (grid_cell){ 0, 0 }) & (grid_sections(&b, (grid_cell){ 0, 0 }) - 1), 0);
	}
}

static void test_index_and_addresses(void **state)
{
	(void)state;
	grid_board boards[BOARDS];
	boards_of(boards);
	for (int bi = 0; bi < BOARDS; bi++) {
		const grid_board *b = &boards[bi];
		size_t n = grid_count(b);
		for (size_t i = 0; i < n; i++) {
			grid_cell c = grid_from_index(b, i);
			assert_true(grid_on_board(b, c));
			assert_int_equal(grid_index(b, c), (long)i);
			char buf[GRID_ADDRESS_MAX];
			grid_cell back = { -1, -1 };
			assert_true(grid_parse(b, grid_format(c, buf), &back));
			assert_true(same(back, c));
			if (i > 0) {
				grid_cell prev = grid_from_index(b, i - 1);
				assert_true(prev.row < c.row || (prev.row == c.row && prev.col + 1 == c.col));
			}
		}
		static const grid_cell off[] = { { -1, 0 }, { 0, -1 }, { 40, 0 }, { 0, 40 } };
		for (size_t i = 0; i < sizeof off / sizeof off[0]; i++) {
			assert_false(grid_on_board(b, off[i]));
			assert_int_equal(grid_index(b, off[i]), -1);
		}
		grid_cell c;
		assert_true(grid_parse(b, "b7", &c));
		assert_int_equal(c.col, 1);
		assert_int_equal(c.row, 6);
		assert_false(grid_parse(b, "7b", &c));
		assert_false(grid_parse(b, "", &c));
	}
	/* The Battle Cry board's short rows end one hex early. */
	grid_cell m2 = { 12, 1 };
	assert_false(grid_on_board(&boards[0], m2));
	assert_true(grid_on_board(&boards[1], (grid_cell){ 5, 1 }));
}

/* Neighbours are symmetric, one step away, distinct, and side neighbours
 * come first: the ones whose outlines share an edge. */
static void test_neighbours(void **state)
{
	(void)state;
	grid_board boards[BOARDS];
	boards_of(boards);
	for (int bi = 0; bi < BOARDS; bi++) {
		const grid_board *b = &boards[bi];
		const grid_ops *ops = grid_board_ops(b);
		for (size_t i = 0; i < grid_count(b); i++) {
			grid_cell c = grid_from_index(b, i), around[GRID_NEIGHBOURS_MAX];
			int n = grid_neighbours(b, c, around);
			assert_int_equal(n, ops->neighbour_count);
			for (int k = 0; k < n; k++) {
				assert_int_equal(grid_distance(b, c, around[k]), 1);
				assert_true(grid_adjacent(b, c, around[k]));
				for (int j = 0; j < k; j++)
					assert_false(same(around[j], around[k]));
				grid_cell back[GRID_NEIGHBOURS_MAX];
				grid_neighbours(b, around[k], back);
				bool found = false;
				for (int j = 0; j < n; j++)
					found = found || same(back[j], c);
				assert_true(found);
			}
		}
	}
	/* Squares: across a side first (N, E, S, W), then across a corner. */
	grid_cell around[GRID_NEIGHBOURS_MAX];
	grid_neighbours(&boards[2], (grid_cell){ 4, 4 }, around);
	for (int k = 0; k < 8; k++) {
		int steps = abs(around[k].col - 4) + abs(around[k].row - 4);
		assert_int_equal(steps, k < 4 ? 1 : 2);
	}
}

/* Distance is a metric, and with nothing in the way the shortest path
 * across the board is exactly that many steps. */
static void test_distance_and_path(void **state)
{
	(void)state;
	grid_board boards[BOARDS];
	boards_of(boards);
	for (int bi = 0; bi < BOARDS; bi++) {
		const grid_board *b = &boards[bi];
		size_t n = grid_count(b);
		for (size_t i = 0; i < n; i += 3) {
			grid_cell a = grid_from_index(b, i);
			assert_int_equal(grid_distance(b, a, a), 0);
			assert_int_equal(grid_path_length(b, a, a, NULL, NULL), 0);
			for (size_t j = 0; j < n; j += 5) {
				grid_cell c = grid_from_index(b, j);
				int d = grid_distance(b, a, c);
				assert_int_equal(d, grid_distance(b, c, a));
				assert_true((d == 0) == same(a, c));
				assert_int_equal(grid_path_length(b, a, c, NULL, NULL), d);
				grid_cell mid = grid_from_index(b, (i + j) / 2);
				assert_true(d <= grid_distance(b, a, mid) + grid_distance(b, mid, c));
			}
		}
	}
	/* Known distances: hex A1-M1 12, A1-A9 (odd-r, four shifted rows) 8;
	 * squares count diagonal steps as one. */
	assert_int_equal(grid_distance(&boards[0], (grid_cell){ 0, 0 }, (grid_cell){ 12, 0 }), 12);
	assert_int_equal(grid_distance(&boards[0], (grid_cell){ 0, 0 }, (grid_cell){ 0, 8 }), 8);
	assert_int_equal(grid_distance(&boards[2], (grid_cell){ 0, 0 }, (grid_cell){ 3, 5 }), 5);
	assert_int_equal(grid_path_length(&boards[0], (grid_cell){ 0, 0 }, (grid_cell){ 13, 0 }, NULL, NULL), -1);
}

/* A wall down column C with one gap: the path goes round through it. */
static bool not_wall(void *ctx, grid_cell c)
{
	int gap_row = *(const int *)ctx;
	return c.col != 2 || c.row == gap_row;
}

static void test_path_round_obstacles(void **state)
{
	(void)state;
	grid_board boards[BOARDS];
	boards_of(boards);
	int gap = 4;
	/* Square board 20 x 16: B1 to D1 is two steps; through the gap at C5,
	 * four down and four back up with the diagonals: 4 + 4 = 8. */
	assert_int_equal(grid_path_length(&boards[2], (grid_cell){ 1, 0 }, (grid_cell){ 3, 0 }, not_wall, &gap), 8);
	int none = -1;
	assert_int_equal(grid_path_length(&boards[2], (grid_cell){ 1, 0 }, (grid_cell){ 3, 0 }, not_wall, &none), -1);
	assert_int_equal(grid_path_length(&boards[0], (grid_cell){ 1, 0 }, (grid_cell){ 3, 0 }, not_wall, &none), -1);
	int d = grid_path_length(&boards[0], (grid_cell){ 1, 0 }, (grid_cell){ 3, 0 }, not_wall, &gap);
	assert_true(d > grid_distance(&boards[0], (grid_cell){ 1, 0 }, (grid_cell){ 3, 0 }));
	assert_true(d >= 2 * gap);
}

static double area_of(double xy[][2], int n)
{
	double twice = 0;
	for (int k = 0; k < n; k++) {
		const double *p = xy[k], *q = xy[(k + 1) % n];
		twice += p[0] * q[1] - q[0] * p[1];
	}
	return fabs(twice) / 2;
}

/* Outlines: the right area, inside the map's extent, touching it, and
 * side neighbours one cell size apart. */
static void test_outlines(void **state)
{
	(void)state;
	grid_board boards[BOARDS];
	boards_of(boards);
	const double cell = 30;
	for (int bi = 0; bi < BOARDS; bi++) {
		const grid_board *b = &boards[bi];
		const grid_ops *ops = grid_board_ops(b);
		grid_metrics m;
		ops->metrics(b, cell, &m);
		/* A hex `cell` across the flats has the area of sqrt(3)/2 cell². */
		double full = ops->corner_count == 6 ? sqrt(3.0) / 2 * cell * cell : cell * cell;
		double shrunk = ops->corner_count == 6 ? sqrt(3.0) / 2 * (cell - 4) * (cell - 4) : (cell - 4) * (cell - 4);
		double min_x = 1e9, min_y = 1e9, max_x = -1e9, max_y = -1e9;
		for (size_t i = 0; i < grid_count(b); i++) {
			grid_cell c = grid_from_index(b, i);
			double cx, cy, xy[GRID_OUTLINE_MAX][2];
			ops->center(&m, 10, 20, c, &cx, &cy);
			int n = grid_outline(b, &m, cx, cy, 0, xy);
			assert_int_equal(n, ops->corner_count);
			assert_float_equal(area_of(xy, n), full, 1e-6);
			for (int k = 0; k < n; k++) {
				min_x = fmin(min_x, xy[k][0]);
				max_x = fmax(max_x, xy[k][0]);
				min_y = fmin(min_y, xy[k][1]);
				max_y = fmax(max_y, xy[k][1]);
			}
			n = grid_outline(b, &m, cx, cy, 2, xy);
			assert_float_equal(area_of(xy, n), shrunk, 1e-6);
			grid_cell around[GRID_NEIGHBOURS_MAX];
			grid_neighbours(b, c, around);
			for (int k = 0; k < ops->side_neighbours; k++) {
				double nx, ny;
				ops->center(&m, 10, 20, around[k], &nx, &ny);
				assert_float_equal(hypot(nx - cx, ny - cy), cell, 1e-9);
			}
		}
		assert_float_equal(min_x, 10, 1e-9);
		assert_float_equal(min_y, 20, 1e-9);
		assert_float_equal(max_x, 10 + m.width, 1e-9);
		assert_float_equal(max_y, 20 + m.height, 1e-9);
	}
}

static void test_sections(void **state)
{
	(void)state;
	grid_board boards[BOARDS];
	boards_of(boards);
	/* Battle Cry board: four hexes a side, the lines through D and J. */
	assert_int_equal(grid_sections(&boards[0], (grid_cell){ 0, 0 }), HEX_SECTION_WEST);
	assert_int_equal(grid_sections(&boards[0], (grid_cell){ 6, 0 }), HEX_SECTION_CENTRE);
	assert_int_equal(grid_sections(&boards[0], (grid_cell){ 12, 0 }), HEX_SECTION_EAST);
	assert_int_equal(grid_sections(&boards[0], (grid_cell){ 3, 1 }), HEX_SECTION_WEST | HEX_SECTION_CENTRE);
	double x[GRID_SECTION_LINES_MAX];
	assert_int_equal(grid_board_ops(&boards[0])->section_lines(&boards[0], 10, x), 2);
	assert_float_equal(x[0], 40, 1e-9);
	assert_float_equal(x[1], 90, 1e-9);
	/* The square map has none. */
	assert_int_equal(grid_sections(&boards[2], (grid_cell){ 3, 3 }), 0);
	assert_int_equal(grid_board_ops(&boards[2])->section_lines(&boards[2], 10, x), 0);
}

static void expect_line(const grid_board *b, const char *from, const char *to, const char *const *want, size_t n)
{
	grid_cell a, c, got[16];
	assert_true(grid_parse(b, from, &a));
	assert_true(grid_parse(b, to, &c));
	size_t count = grid_line(b, a, c, got, 16);
	assert_int_equal(count, n);
	for (size_t i = 0; i < n; i++) {
		char buf[GRID_ADDRESS_MAX];
		assert_string_equal(grid_format(got[i], buf), want[i]);
	}
}

static void test_square_lines(void **state)
{
	(void)state;
	grid_board boards[BOARDS];
	boards_of(boards);
	const grid_board *b = &boards[2];
	expect_line(b, "A1", "C1", (const char *const[]){ "B1" }, 1);
	/* Exactly through the corners: only the squares on the diagonal. */
	expect_line(b, "A1", "D4", (const char *const[]){ "B2", "C3" }, 2);
	expect_line(b, "A1", "C2", (const char *const[]){ "B1", "B2" }, 2);
	expect_line(b, "C2", "A1", (const char *const[]){ "B2", "B1" }, 2);
	expect_line(b, "A1", "B2", NULL, 0);
	expect_line(b, "A1", "A1", NULL, 0);
	/* Fewer cells than there are: the count is still the whole line. */
	grid_cell a = { 0, 0 }, c = { 9, 0 }, one[1];
	assert_int_equal(grid_line(b, a, c, one, 1), 8);
	assert_int_equal(one[0].col, 1);
}

typedef struct walk {
	grid_cell cells[64];
	size_t count;
} walk;

static bool record_through(void *ctx, hex_coord hex, los_contact how)
{
	walk *w = ctx;
	if (how == LOS_THROUGH && w->count < 64)
		w->cells[w->count++] = hex;
	return true;
}

/* The hexes the line passes through are exactly those the line of sight
 * walk (rules/hex/los.c, an independent method) reports as passed through,
 * in the same order, for every pair of hexes of the board. */
static void test_hex_line_matches_sight(void **state)
{
	(void)state;
	grid_board boards[BOARDS];
	boards_of(boards);
	const grid_board *b = &boards[0];
	size_t n = grid_count(b);
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < n; j++) {
			grid_cell a = grid_from_index(b, i), c = grid_from_index(b, j), got[64];
			walk w = { .count = 0 };
			los_walk(&b->hex, a, c, record_through, &w);
			size_t count = grid_line(b, a, c, got, 64);
			assert_int_equal(count, w.count);
			for (size_t k = 0; k < count; k++)
				assert_true(same(got[k], w.cells[k]));
		}
	}
	/* A1 to C1 along a row: B1 alone.  A1 to D3 runs between B1 and A2
	 * along their edge, through B2, then between C2 and C3: only B2. */
	expect_line(b, "A1", "C1", (const char *const[]){ "B1" }, 1);
	expect_line(b, "A1", "D3", (const char *const[]){ "B2" }, 1);
	expect_line(b, "A1", "B3", (const char *const[]){ "A2" }, 1);
}

/* The memo of lines answers as grid_line_contacts does, on every board of
 * both grids, found or kept, cut at max as it is, and after it is
 * cleared (found in one walk within grid_line_contacts_max); the same pair on a hex and a square board is two lines. */
static void test_line_memo(void **state)
{
	(void)state;
	grid_board boards[BOARDS];
	boards_of(boards);
	for (int round = 0; round < 2; round++) {
		for (int k = 0; k < BOARDS; k++) {
			const grid_board *b = &boards[k];
			size_t n = grid_count(b);
			for (size_t i = 0; i < n; i += 3) {
				for (size_t j = 0; j < n; j += 2) {
					grid_cell a = grid_from_index(b, i), c = grid_from_index(b, j);
					grid_line_cell want[64], got[64];
					size_t count = grid_line_contacts(b, a, c, want, 64);
					assert_true(count <= 64 && count <= grid_line_contacts_max(b, a, c));
					assert_int_equal(grid_line_memo(b, a, c, NULL, 0), count);
					memset(got, 0xff, sizeof got);
					assert_int_equal(grid_line_memo(b, a, c, got, 64), count);
					for (size_t m = 0; m < count; m++)
						assert_true(same(got[m].cell, want[m].cell) && got[m].how == want[m].how);
					/* Cut at max: the first ones, nothing past them. */
					if (count > 1) {
						memset(got, 0xff, sizeof got);
						assert_int_equal(grid_line_memo(b, a, c, got, 1), count);
						assert_true(same(got[0].cell, want[0].cell) && got[1].cell.col == -1);
					}
				}
			}
		}
		grid_line_memo_clear();
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kinds),
		cmocka_unit_test(test_one_cell),
		cmocka_unit_test(test_index_and_addresses),
		cmocka_unit_test(test_neighbours),
		cmocka_unit_test(test_distance_and_path),
		cmocka_unit_test(test_path_round_obstacles),
		cmocka_unit_test(test_outlines),
		cmocka_unit_test(test_sections),
		cmocka_unit_test(test_square_lines),
		cmocka_unit_test(test_hex_line_matches_sight),
		cmocka_unit_test(test_line_memo),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
