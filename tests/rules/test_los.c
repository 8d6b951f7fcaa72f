/* Line of sight (§6.1) against a brute-force geometric reference.
 *
 * The reference clips the segment between two hex centres against every
 * hex of a region around the board (Cyrus-Beck, exact rationals): a hex is
 * crossed when the segment meets its open interior, and touched along an
 * edge when the segment meets its closed hexagon in a piece of positive
 * length without entering the interior.  It shares nothing with the
 * engine's walk but the hex corners: the engine steps from hex to hex with
 * separating-axis tests; the reference looks at every hex.
 *
 * Checked on every ordered pair of hexes of several boards with random
 * blockers (fixed seeds): the hexes the walk reports, the visibility and
 * the blockers, and that sight is symmetric.  Then the edge-running lines
 * in all six diagonal directions, by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geo/hex.h"
#include "rules/hex/los.h"

/* ---- exact rationals (denominator > 0) ---- */

typedef struct rat {
	int64_t n, d;
} rat;

static rat mk(int64_t n, int64_t d)
{
	if (d < 0) {
		n = -n;
		d = -d;
	}
	return (rat){ n, d };
}

static int cmp(rat a, rat b)
{
	int64_t l = a.n * b.d, r = b.n * a.d;
	return l < r ? -1 : l > r ? 1 : 0;
}

/* ---- the reference ---- */

/* Hex corners around (0, 0) in the x2/y3 units of los.h, clockwise. */
static const int64_t CORNER[6][2] = { { 1, -1 }, { 1, 1 }, { 0, 2 }, { -1, 1 }, { -1, -1 }, { 0, -2 } };

typedef enum { REF_MISS, REF_THROUGH, REF_EDGE } ref_contact;

/* Clip P + tD, t in [0, 1], against the hexagon centred at C.  open:
 * strict inequalities (interior).  Returns whether the clipped set is
 * non-empty and, via positive, whether it has positive length. */
static bool clip(int64_t px, int64_t py, int64_t dx, int64_t dy, int64_t cx, int64_t cy, bool open,
	bool *positive)
{
	rat lo = mk(0, 1), hi = mk(1, 1);
	bool lo_strict = false, hi_strict = false;
	for (int k = 0; k < 6; k++) {
		int64_t ax = CORNER[k][0], ay = CORNER[k][1];
		int64_t bx = CORNER[(k + 1) % 6][0], by = CORNER[(k + 1) % 6][1];
		/* Inside is to the right of a->b (clockwise, y down): the
		 * cross product (b - a) x (X - a) >= 0. */
		int64_t ex = bx - ax, ey = by - ay;
		/* f(t) = ex*(py + t dy - cy - ay) - ey*(px + t dx - cx - ax) */
		int64_t f0 = ex * (py - cy - ay) - ey * (px - cx - ax);
		int64_t f1 = ex * dy - ey * dx;
		/* need f0 + t f1 >= 0 (closed) or > 0 (open) */
		if (f1 == 0) {
			if (f0 < 0 || (open && f0 == 0))
				return false;
			continue;
		}
		rat t = mk(-f0, f1);
		if (f1 > 0) {
			int c = cmp(t, lo);
			if (c > 0 || (c == 0 && open)) {
				lo = t;
				lo_strict = open;
			}
		} else {
			int c = cmp(t, hi);
			if (c < 0 || (c == 0 && open)) {
				hi = t;
				hi_strict = open;
			}
		}
	}
	int c = cmp(lo, hi);
	*positive = c < 0;
	if (lo_strict || hi_strict)
		return c < 0;
	return c <= 0;
}

static void centre(hex_coord h, int64_t *x, int64_t *y)
{
	/* Independent of the engine: from offset coordinates (odd rows shifted
	 * half a hex east), x = 2 col + (row odd), y = 3 row. */
	*x = 2 * (int64_t)h.col + (h.row & 1);
	*y = 3 * (int64_t)h.row;
}

static ref_contact ref_contact_of(hex_coord a, hex_coord b, hex_coord h, int *side)
{
	int64_t px, py, qx, qy, cx, cy;
	centre(a, &px, &py);
	centre(b, &qx, &qy);
	centre(h, &cx, &cy);
	bool positive;
	if (clip(px, py, qx - px, qy - py, cx, cy, true, &positive))
		return REF_THROUGH;
	if (clip(px, py, qx - px, qy - py, cx, cy, false, &positive) && positive) {
		int64_t cross = (qx - px) * (cy - py) - (qy - py) * (cx - px);
		*side = cross < 0 ? -1 : 1;
		return REF_EDGE;
	}
	return REF_MISS;
}

/* ---- boards with blockers ---- */

typedef struct field {
	hex_board board;
	bool *blocked;        /* per hex index */
} field;

static uint64_t rng_state;

static uint64_t next_rand(void)
{
	/* splitmix64: a fixed, portable sequence for each seed */
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void field_init(field *f, int columns, int rows, bool short_rows, int percent, uint64_t seed)
{
	hex_board_init(&f->board, columns, rows, short_rows);
	size_t n = hex_count(&f->board);
	f->blocked = calloc(n, sizeof *f->blocked);
	assert_non_null(f->blocked);
	rng_state = seed;
	for (size_t i = 0; i < n; i++)
		f->blocked[i] = (int)(next_rand() % 100) < percent;
}

static bool field_blocks(void *ctx, hex_coord h)
{
	const field *f = ctx;
	long idx = hex_index(&f->board, h);
	return idx >= 0 && f->blocked[idx];
}

/* ---- the walk against the reference ---- */

typedef struct seen {
	hex_coord hex[4096];
	los_contact how[4096];
	int count;
} seen;

static bool record(void *ctx, hex_coord h, los_contact how)
{
	seen *s = ctx;
	assert_true(s->count < 4096);
	s->hex[s->count] = h;
	s->how[s->count] = how;
	s->count++;
	return true;
}

static int find_seen(const seen *s, hex_coord h)
{
	for (int i = 0; i < s->count; i++)
		if (s->hex[i].col == h.col && s->hex[i].row == h.row)
			return i;
	return -1;
}

static char *name(hex_coord h, char buf[32])
{
	if (h.col < 0 || h.row < 0)
		snprintf(buf, 32, "(%d,%d)", h.col, h.row);
	else
		hex_format(h, buf);
	return buf;
}

/* Compare the walk from a to b with the reference over every hex of the
 * board and a margin of two hexes around it. */
static void compare_walk(const hex_board *board, hex_coord a, hex_coord b)
{
	seen s = { .count = 0 };
	los_walk(board, a, b, record, &s);
	int through = 0, edges = 0;
	for (int row = -2; row < board->rows + 2; row++) {
		for (int col = -2; col < board->columns + 2; col++) {
			hex_coord h = { col, row };
			if ((h.col == a.col && h.row == a.row) || (h.col == b.col && h.row == b.row))
				continue;
			int side = 0;
			ref_contact want = ref_contact_of(a, b, h, &side);
			int i = find_seen(&s, h);
			char an[32], bn[32], hn[32];
			if (want == REF_MISS) {
				if (i >= 0)
					fail_msg("%s -> %s: the walk meets %s, the reference does not", name(a, an), name(b, bn), name(h, hn));
				continue;
			}
			if (i < 0)
				fail_msg("%s -> %s: the walk misses %s (%s)", name(a, an), name(b, bn), name(h, hn),
					want == REF_THROUGH ? "crossed" : "edge");
			if (want == REF_THROUGH) {
				through++;
				if (s.how[i] != LOS_THROUGH)
					fail_msg("%s -> %s: %s is crossed, the walk says along an edge", name(a, an), name(b, bn), name(h, hn));
			} else {
				edges++;
				los_contact expect = side < 0 ? LOS_EDGE_LEFT : LOS_EDGE_RIGHT;
				if (s.how[i] != expect)
					fail_msg("%s -> %s: %s is along an edge on the %s, the walk says %d", name(a, an), name(b, bn),
						name(h, hn), side < 0 ? "left" : "right", (int)s.how[i]);
			}
		}
	}
}

/* Reference verdict on a field. */
static bool ref_visible(const field *f, hex_coord a, hex_coord b, bool *blocked_set)
{
	size_t n = hex_count(&f->board);
	memset(blocked_set, 0, n * sizeof *blocked_set);
	bool through = false, left = false, right = false;
	bool *edge = calloc(n, sizeof *edge);
	assert_non_null(edge);
	for (size_t i = 0; i < n; i++) {
		hex_coord h = hex_from_index(&f->board, i);
		if ((h.col == a.col && h.row == a.row) || (h.col == b.col && h.row == b.row) || !f->blocked[i])
			continue;
		int side = 0;
		ref_contact c = ref_contact_of(a, b, h, &side);
		if (c == REF_THROUGH) {
			through = true;
			blocked_set[i] = true;
		} else if (c == REF_EDGE) {
			edge[i] = true;
			if (side < 0)
				left = true;
			else
				right = true;
		}
	}
	if (left && right)
		for (size_t i = 0; i < n; i++)
			blocked_set[i] = blocked_set[i] || edge[i];
	free(edge);
	return !through && !(left && right);
}

static void check_field(field *f, bool walk_too)
{
	size_t n = hex_count(&f->board);
	bool *want = calloc(n, sizeof *want);
	assert_non_null(want);
	los_result r;
	los_result_init(&r);
	long pairs = 0, visible = 0;
	for (size_t i = 0; i < n; i++) {
		hex_coord a = hex_from_index(&f->board, i);
		for (size_t j = 0; j < n; j++) {
			hex_coord b = hex_from_index(&f->board, j);
			if (walk_too)
				compare_walk(&f->board, a, b);
			bool ref = ref_visible(f, a, b, want);
			bool got = los_check(&f->board, a, b, field_blocks, f, &r);
			char an[32], bn[32];
			if (got != ref)
				fail_msg("%s -> %s: engine says %s, reference %s", name(a, an), name(b, bn),
					got ? "visible" : "blocked", ref ? "visible" : "blocked");
			assert_int_equal(r.visible, got);
			assert_int_equal(r.distance, hex_distance(a, b));
			/* Same blockers, as sets. */
			size_t want_count = 0;
			for (size_t k = 0; k < n; k++)
				want_count += want[k];
			assert_int_equal(r.blocked_count, want_count);
			for (size_t k = 0; k < r.blocked_count; k++) {
				long idx = hex_index(&f->board, r.blocked[k]);
				assert_true(idx >= 0);
				assert_true(want[idx]);
			}
			/* Fast path agrees. */
			assert_int_equal(los_check(&f->board, a, b, field_blocks, f, NULL), got);
			/* Symmetric. */
			bool back = los_check(&f->board, b, a, field_blocks, f, NULL);
			if (back != got)
				fail_msg("%s -> %s is %s but %s -> %s is %s", name(a, an), name(b, bn), got ? "visible" : "blocked",
					name(b, bn), name(a, an), back ? "visible" : "blocked");
			pairs++;
			visible += got;
		}
	}
	/* The fields must exercise both answers. */
	assert_true(visible > 0);
	assert_true(visible < pairs);
	los_result_finish(&r);
	free(want);
}

static void test_walk_matches_reference_standard_board(void **state)
{
	(void)state;
	field f;
	field_init(&f, 13, 9, true, 0, 1);
	size_t n = hex_count(&f.board);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			compare_walk(&f.board, hex_from_index(&f.board, i), hex_from_index(&f.board, j));
	free(f.blocked);
}

static void test_walk_matches_reference_rectangle(void **state)
{
	(void)state;
	field f;
	field_init(&f, 9, 12, false, 0, 2);
	size_t n = hex_count(&f.board);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			compare_walk(&f.board, hex_from_index(&f.board, i), hex_from_index(&f.board, j));
	free(f.blocked);
}

static void test_random_blockers(void **state)
{
	(void)state;
	static const struct {
		int columns, rows;
		bool short_rows;
		int percent;
		uint64_t seed;
	} boards[] = {
		{ 13, 9, true, 20, 7 },
		{ 13, 9, true, 35, 11 },
		{ 13, 9, true, 10, 12345 },
		{ 10, 8, false, 20, 42 },
		{ 16, 11, false, 15, 99 },
		{ 5, 20, true, 25, 2024 },
	};
	for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
		field f;
		field_init(&f, boards[i].columns, boards[i].rows, boards[i].short_rows, boards[i].percent, boards[i].seed);
		check_field(&f, false);
		free(f.blocked);
	}
}

/* ---- edge-running lines, by hand ---- */

static hex_coord at(const char *s)
{
	hex_coord h;
	assert_true(hex_parse(s, &h));
	return h;
}

typedef struct edge_case {
	const char *from, *to;     /* a line along hex edges */
	const char *left, *right;  /* the two hexes beside its first edge */
} edge_case;

/* From F5 (row 5, long) to the six hexes two steps away "between"
 * neighbours; checked against the reference below so the table cannot
 * drift. */
static const edge_case EDGE_CASES[] = {
	{ "F5", "G4", "F4", "G5" },   /* east-north-east */
	{ "F5", "G6", "G5", "F6" },   /* east-south-east */
	{ "F5", "F7", "F6", "E6" },   /* south */
	{ "F5", "D6", "E6", "E5" },   /* west-south-west */
	{ "F5", "D4", "E5", "E4" },   /* west-north-west */
	{ "F5", "F3", "E4", "F4" },   /* north */
};

static void set_blocked(field *f, const char *hex, bool on)
{
	long idx = hex_index(&f->board, at(hex));
	assert_true(idx >= 0);
	f->blocked[idx] = on;
}

static void test_edge_runs_six_directions(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof EDGE_CASES / sizeof EDGE_CASES[0]; i++) {
		const edge_case *c = &EDGE_CASES[i];
		field f;
		field_init(&f, 13, 9, true, 0, 0);
		hex_coord a = at(c->from), b = at(c->to);
		assert_int_equal(hex_distance(a, b), 2);
		/* The two named hexes are exactly the ones along the line. */
		int side = 0;
		assert_int_equal(ref_contact_of(a, b, at(c->left), &side), REF_EDGE);
		assert_int_equal(ref_contact_of(a, b, at(c->right), &side), REF_EDGE);
		compare_walk(&f.board, a, b);

		los_result r;
		los_result_init(&r);
		assert_true(los_check(&f.board, a, b, field_blocks, &f, &r));
		set_blocked(&f, c->left, true);
		assert_true(los_check(&f.board, a, b, field_blocks, &f, &r));   /* one side only */
		assert_int_equal(r.blocked_count, 0);
		set_blocked(&f, c->left, false);
		set_blocked(&f, c->right, true);
		assert_true(los_check(&f.board, a, b, field_blocks, &f, &r));
		set_blocked(&f, c->left, true);
		assert_false(los_check(&f.board, a, b, field_blocks, &f, &r));  /* both sides */
		assert_true(r.edge_blocked);
		assert_int_equal(r.blocked_count, 2);
		assert_false(los_check(&f.board, b, a, field_blocks, &f, NULL));
		los_result_finish(&r);
		free(f.blocked);
	}
}

/* Four hexes along a diagonal: the line crosses the middle hex and runs
 * along two edges.  Obstructions on both sides of the line block it even
 * when they flank different edges (reading of §6.1: "both sides of it",
 * the line). */
static void test_edge_run_long_line(void **state)
{
	(void)state;
	field f;
	field_init(&f, 13, 9, true, 0, 0);
	hex_coord a = at("D3"), b = at("D7");   /* due south, 4 hexes */
	assert_int_equal(hex_distance(a, b), 4);
	compare_walk(&f.board, a, b);
	seen s = { .count = 0 };
	los_walk(&f.board, a, b, record, &s);
	/* two edges (two hexes each) and the hex between them */
	assert_int_equal(s.count, 5);
	assert_int_equal(s.how[2], LOS_THROUGH);
	char mid[HEX_ADDRESS_MAX];
	assert_string_equal(hex_format(s.hex[2], mid), "D5");

	set_blocked(&f, "D5", true);
	los_result r;
	los_result_init(&r);
	assert_false(los_check(&f.board, a, b, field_blocks, &f, &r));
	assert_int_equal(r.blocked_count, 1);
	set_blocked(&f, "D5", false);

	/* first edge's left, second edge's right */
	hex_coord first_left = s.how[0] == LOS_EDGE_LEFT ? s.hex[0] : s.hex[1];
	hex_coord second_right = s.how[3] == LOS_EDGE_RIGHT ? s.hex[3] : s.hex[4];
	f.blocked[hex_index(&f.board, first_left)] = true;
	assert_true(los_check(&f.board, a, b, field_blocks, &f, &r));
	f.blocked[hex_index(&f.board, second_right)] = true;
	assert_false(los_check(&f.board, a, b, field_blocks, &f, &r));
	assert_int_equal(r.blocked_count, 2);
	los_result_finish(&r);
	free(f.blocked);
}

/* Sampling the line at N + 1 points misses hexes that the exact walk
 * sees: a hex clipped near a corner (§6.1's warning). */
static void test_clipped_hex_counts(void **state)
{
	(void)state;
	field f;
	field_init(&f, 30, 20, false, 0, 0);
	/* Find a pair whose line crosses a hex that the N+1 samples miss,
	 * at distance 7 or more; the walk must still report it. */
	bool found = false;
	size_t n = hex_count(&f.board);
	for (size_t i = 0; i < n && !found; i += 7) {
		hex_coord a = hex_from_index(&f.board, i);
		for (size_t j = 0; j < n && !found; j += 3) {
			hex_coord b = hex_from_index(&f.board, j);
			int d = hex_distance(a, b);
			if (d < 7)
				continue;
			seen s = { .count = 0 };
			los_walk(&f.board, a, b, record, &s);
			int crossed = 0;
			for (int k = 0; k < s.count; k++)
				crossed += s.how[k] == LOS_THROUGH;
			if (crossed > d - 1) {
				found = true;
				compare_walk(&f.board, a, b);
			}
		}
	}
	assert_true(found);
	free(f.blocked);
}

static void test_adjacent_and_same(void **state)
{
	(void)state;
	field f;
	field_init(&f, 13, 9, true, 100, 0);   /* everything blocks */
	los_result r;
	los_result_init(&r);
	assert_true(los_check(&f.board, at("F5"), at("G5"), field_blocks, &f, &r));
	assert_true(los_check(&f.board, at("F5"), at("F4"), field_blocks, &f, &r));
	assert_true(los_check(&f.board, at("F5"), at("F5"), field_blocks, &f, &r));
	assert_false(los_check(&f.board, at("F5"), at("H5"), field_blocks, &f, &r));
	assert_int_equal(r.blocked_count, 1);
	los_result_finish(&r);
	free(f.blocked);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_walk_matches_reference_standard_board),
		cmocka_unit_test(test_walk_matches_reference_rectangle),
		cmocka_unit_test(test_random_blockers),
		cmocka_unit_test(test_edge_runs_six_directions),
		cmocka_unit_test(test_edge_run_long_line),
		cmocka_unit_test(test_clipped_hex_counts),
		cmocka_unit_test(test_adjacent_and_same),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
