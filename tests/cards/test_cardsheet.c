/* Geometry of the print-and-play sheets (cards/cardsheet): fronts and backs
 * line up exactly for each duplex mode, every card has the same true bleed,
 * and the cut marks sit where every printer prints.  Expected values are
 * worked out here from the rules the module promises:
 *
 *   margin need  = edge + mark-min + mark-offset (5 + 2 + 1 = 8 mm);
 *   bleed (axis) = min(bleed, (page - n card - 2 need) / 2n); the sheet's
 *                  bleed is the smaller of the two axes';
 *   cards across = the most whose bleed is at least min-bleed;
 *   gutters      = two bleeds, plus room for marks where the paper has it;
 *   long edge    : back x = page width - x - card width, same y;
 *   short edge   : back y = page height - y - card height, same x;
 *   none         : fronts in the left half, backs mirrored about the fold. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>

#include "cards/cardreg.h"
#include "cards/cardsheet.h"

#define EPS 1e-9

#define A4_W 210.0
#define A4_H 297.0
#define LETTER_W 215.9
#define LETTER_H 279.4
#define POKER_W 63.5
#define POKER_H 88.9

/* layouts/cards.xml as shipped. */
static const sheet_params PARAMS = { .bleed = 3, .min_bleed = 0.5, .edge = 5, .mark_length = 5, .mark_min = 2,
	.mark_offset = 1 };

/* cmocka 1.1.5 compares floats only in single precision. */
#define assert_close(a, b) assert_close_at((a), (b), #a, __FILE__, __LINE__)

static void assert_close_at(double a, double b, const char *what, const char *file, int line)
{
	if (!(fabs(a - b) <= EPS)) {
		print_error("%s:%d: %s = %.12f, expected %.12f\n", file, line, what, a, b);
		fail();
	}
}

static cards_sheet plan(double pw, double ph, cards_duplex duplex)
{
	cards_sheet s;
	assert_true(cards_sheet_plan(pw, ph, POKER_W, POKER_H, &PARAMS, duplex, &s));
	return s;
}

/* ---- the grid ---- */

static void test_poker_a4_is_three_by_three(void **state)
{
	(void)state;
	cards_sheet s = plan(A4_W, A4_H, CARDS_DUPLEX_LONG);
	assert_int_equal(s.columns, 3);
	assert_int_equal(s.rows, 3);
	assert_int_equal(cards_sheet_slots(&s), 9);
	assert_close(s.page_width, A4_W);
	assert_close(s.page_height, A4_H);
	/* Across: 210 - 190.5 of cards - 2 x 8 for the marks leaves 3.5 mm
	 * for six bleeds; down there would be room for 2.38 mm. */
	assert_close(s.bleed, 3.5 / 6);
	assert_close(s.gutter_x, 2 * s.bleed);
	assert_close(s.left, 8 + s.bleed);
	/* Down: 10.8 mm to spare; the gutters first get 4 mm (a 2 mm mark and
	 * its two gaps), the margins the remaining 1.4 mm each. */
	assert_close(s.gutter_y, 2 * s.bleed + 4);
	assert_close(s.top, 8 + s.bleed + 1.4);
}

static void test_poker_letter_is_three_by_two(void **state)
{
	(void)state;
	cards_sheet s = plan(LETTER_W, LETTER_H, CARDS_DUPLEX_LONG);
	/* Three rows would leave 12.7 mm, less than the 16 their marks need
	 * outside the edge bands: two rows. */
	assert_int_equal(s.columns, 3);
	assert_int_equal(s.rows, 2);
	assert_close(s.bleed, (LETTER_W - 3 * POKER_W - 16) / 6);
	assert_close(s.gutter_x, 2 * s.bleed);
}

/* The bounding box of the cuts has equal margins left and right, top and
 * bottom. */
static void assert_centred(const cards_sheet *s)
{
	cards_rect ext = cards_sheet_extent(s);
	assert_close(ext.x, s->page_width - (ext.x + ext.w));
	assert_close(ext.y, s->page_height - (ext.y + ext.h));
	assert_true(ext.x >= PARAMS.edge + PARAMS.mark_min + PARAMS.mark_offset + s->bleed - EPS);
	assert_true(ext.y >= PARAMS.edge + PARAMS.mark_min + PARAMS.mark_offset + s->bleed - EPS);
}

static void test_grid_centred(void **state)
{
	(void)state;
	const double papers[2][2] = { { A4_W, A4_H }, { LETTER_W, LETTER_H } };
	for (int p = 0; p < 2; p++)
		for (int d = CARDS_DUPLEX_LONG; d <= CARDS_DUPLEX_NONE; d++) {
			cards_sheet s = plan(papers[p][0], papers[p][1], (cards_duplex)d);
			assert_centred(&s);
		}
}

static void test_other_sizes(void **state)
{
	(void)state;
	cards_sheet s;
	/* Bridge cards are narrower: still 3 × 3 on A4. */
	assert_true(cards_sheet_plan(A4_W, A4_H, 57.15, 88.9, &PARAMS, CARDS_DUPLEX_LONG, &s));
	assert_int_equal(s.columns, 3);
	assert_int_equal(s.rows, 3);
	assert_close(s.bleed, (A4_H - 3 * 88.9 - 16) / 6);
	/* Tarot cards: two by two with the full 3 mm bleed. */
	assert_true(cards_sheet_plan(A4_W, A4_H, 70, 120, &PARAMS, CARDS_DUPLEX_LONG, &s));
	assert_int_equal(s.columns, 2);
	assert_int_equal(s.rows, 2);
	assert_close(s.bleed, 3.0);
	assert_true(s.gutter_x >= 6.0 - EPS);
	/* Nothing fits: a card larger than the page. */
	assert_false(cards_sheet_plan(A4_W, A4_H, 300, 400, &PARAMS, CARDS_DUPLEX_LONG, &s));
}

/* ---- fronts and backs ---- */

static void test_long_edge_mirrors_columns(void **state)
{
	(void)state;
	const double papers[2][2] = { { A4_W, A4_H }, { LETTER_W, LETTER_H } };
	for (int p = 0; p < 2; p++) {
		cards_sheet s = plan(papers[p][0], papers[p][1], CARDS_DUPLEX_LONG);
		for (int k = 0; k < cards_sheet_slots(&s); k++) {
			double fx, fy, bx, by;
			cards_slot_position(&s, k, false, &fx, &fy);
			cards_slot_position(&s, k, true, &bx, &by);
			assert_close(bx, s.page_width - fx - POKER_W);
			assert_close(by, fy);
			/* The back lands exactly on the slot of the mirrored column. */
			int mirror = (k / s.columns) * s.columns + (s.columns - 1 - k % s.columns);
			double mx, my;
			cards_slot_position(&s, mirror, false, &mx, &my);
			assert_close(bx, mx);
			assert_close(by, my);
		}
		/* Slot 0 is the top-left front; its back is top right. */
		double bx, by;
		cards_slot_position(&s, 0, true, &bx, &by);
		assert_close(bx, s.page_width - s.left - POKER_W);
		assert_close(by, s.top);
	}
}

static void test_short_edge_mirrors_rows(void **state)
{
	(void)state;
	const double papers[2][2] = { { A4_W, A4_H }, { LETTER_W, LETTER_H } };
	for (int p = 0; p < 2; p++) {
		cards_sheet s = plan(papers[p][0], papers[p][1], CARDS_DUPLEX_SHORT);
		for (int k = 0; k < cards_sheet_slots(&s); k++) {
			double fx, fy, bx, by;
			cards_slot_position(&s, k, false, &fx, &fy);
			cards_slot_position(&s, k, true, &bx, &by);
			assert_close(bx, fx);
			assert_close(by, s.page_height - fy - POKER_H);
			int mirror = (s.rows - 1 - k / s.columns) * s.columns + k % s.columns;
			double mx, my;
			cards_slot_position(&s, mirror, false, &mx, &my);
			assert_close(bx, mx);
			assert_close(by, my);
		}
	}
}

static void test_none_folds_onto_fronts(void **state)
{
	(void)state;
	const double papers[2][2] = { { A4_W, A4_H }, { LETTER_W, LETTER_H } };
	for (int p = 0; p < 2; p++) {
		cards_sheet s = plan(papers[p][0], papers[p][1], CARDS_DUPLEX_NONE);
		/* Poker cards: landscape holds 2 × 2 per half, portrait 1 × 3
		 * (A4) or 1 × 2 (Letter). */
		assert_true(s.page_width > s.page_height);
		assert_int_equal(s.columns, 2);
		assert_int_equal(s.rows, 2);
		double fold = s.page_width / 2;
		for (int k = 0; k < cards_sheet_slots(&s); k++) {
			double fx, fy, bx, by;
			cards_slot_position(&s, k, false, &fx, &fy);
			cards_slot_position(&s, k, true, &bx, &by);
			/* Front left of the fold, back right, at mirror distances. */
			assert_true(fx + POKER_W <= fold - s.bleed + EPS);
			assert_true(bx >= fold + s.bleed - EPS);
			assert_close(fold - (fx + POKER_W), bx - fold);
			assert_close(fold - fx, (bx + POKER_W) - fold);
			assert_close(by, fy);
			/* The bleed cells do not cross the fold either. */
			cards_rect fc = cards_slot_cell(&s, k, false), bc = cards_slot_cell(&s, k, true);
			assert_true(fc.x + fc.w <= fold + EPS);
			assert_true(bc.x >= fold - EPS);
		}
	}
}

/* ---- bleed cells and cuts ---- */

static bool overlap(cards_rect a, cards_rect b)
{
	return a.x < b.x + b.w - EPS && b.x < a.x + a.w - EPS && a.y < b.y + b.h - EPS && b.y < a.y + a.h - EPS;
}

static void test_cells_hold_bleed_without_overlap(void **state)
{
	(void)state;
	const double papers[2][2] = { { A4_W, A4_H }, { LETTER_W, LETTER_H } };
	for (int p = 0; p < 2; p++)
		for (int d = CARDS_DUPLEX_LONG; d <= CARDS_DUPLEX_NONE; d++) {
			cards_sheet s = plan(papers[p][0], papers[p][1], (cards_duplex)d);
			int n = cards_sheet_slots(&s);
			assert_true(s.bleed >= PARAMS.min_bleed - EPS && s.bleed <= PARAMS.bleed + EPS);
			for (int k = 0; k < n; k++) {
				for (int back = 0; back < 2; back++) {
					double x, y;
					cards_slot_position(&s, k, back, &x, &y);
					cards_rect c = cards_slot_cell(&s, k, back);
					/* The same true bleed on every side of every card. */
					assert_close(x - c.x, s.bleed);
					assert_close(y - c.y, s.bleed);
					assert_close(c.w, POKER_W + 2 * s.bleed);
					assert_close(c.h, POKER_H + 2 * s.bleed);
					/* Clear of the edge band. */
					assert_true(c.x >= PARAMS.edge - EPS && c.y >= PARAMS.edge - EPS);
					assert_true(c.x + c.w <= s.page_width - PARAMS.edge + EPS);
					assert_true(c.y + c.h <= s.page_height - PARAMS.edge + EPS);
					for (int j = k + 1; j < n; j++)
						assert_false(overlap(c, cards_slot_cell(&s, j, back)));
					/* No front's art reaches a back's on a folding sheet. */
					if (d == CARDS_DUPLEX_NONE && !back)
						for (int j = 0; j < n; j++)
							assert_false(overlap(c, cards_slot_cell(&s, j, true)));
				}
				/* Back cells mirror front cells (bleed included). */
				cards_rect f = cards_slot_cell(&s, k, false), b = cards_slot_cell(&s, k, true);
				if (d == CARDS_DUPLEX_SHORT) {
					assert_close(b.y, s.page_height - f.y - f.h);
					assert_close(b.x, f.x);
				} else {
					assert_close(b.x, s.page_width - f.x - f.w);
					assert_close(b.y, f.y);
				}
			}
		}
}

static void test_cut_lines(void **state)
{
	(void)state;
	double cuts[32];
	/* A4: separate cuts everywhere, 6 across and 6 down. */
	cards_sheet s = plan(A4_W, A4_H, CARDS_DUPLEX_LONG);
	assert_int_equal(cards_sheet_cuts(&s, true, cuts, 32), 6);
	assert_close(cuts[0], s.left);
	assert_close(cuts[1], s.left + POKER_W);
	assert_close(cuts[2], s.left + POKER_W + s.gutter_x);
	assert_int_equal(cards_sheet_cuts(&s, false, cuts, 32), 6);
	/* The backs page of a long-edge sheet has the same cuts: the marks
	 * drawn on it match the fronts. */
	cards_sheet_cuts(&s, true, cuts, 32);
	for (int i = 0; i < 6; i++)
		assert_close(cuts[i], s.page_width - cuts[5 - i]);
}

/* Is v one of the cuts? */
static bool is_cut(const double *cuts, size_t n, double v)
{
	for (size_t i = 0; i < n; i++)
		if (fabs(cuts[i] - v) <= EPS)
			return true;
	return false;
}

static void test_marks(void **state)
{
	(void)state;
	const double papers[2][2] = { { A4_W, A4_H }, { LETTER_W, LETTER_H } };
	for (int p = 0; p < 2; p++)
		for (int d = CARDS_DUPLEX_LONG; d <= CARDS_DUPLEX_NONE; d++) {
			cards_sheet s = plan(papers[p][0], papers[p][1], (cards_duplex)d);
			cards_mark marks[512];
			size_t n = cards_sheet_marks(&s, marks, 512);
			assert_true(n > 0 && n <= 512);
			double xs[64], ys[64];
			size_t nx = cards_sheet_cuts(&s, true, xs, 64), ny = cards_sheet_cuts(&s, false, ys, 64);
			/* Every cut line has a mark at both of its ends. */
			size_t ends_v = 0, ends_h = 0, in_gutters = 0;
			cards_rect ext = cards_sheet_extent(&s);
			for (size_t i = 0; i < n; i++) {
				cards_mark m = marks[i];
				bool vertical = fabs(m.x0 - m.x1) <= EPS;
				double len = vertical ? m.y1 - m.y0 : m.x1 - m.x0;
				assert_true(vertical || fabs(m.y0 - m.y1) <= EPS);
				assert_true(len >= PARAMS.mark_min - EPS && len <= PARAMS.mark_length + EPS);
				/* On a cut line. */
				assert_true(vertical ? is_cut(xs, nx, m.x0) : is_cut(ys, ny, m.y0));
				/* At least 5 mm in from each paper edge. */
				assert_true(fmin(m.x0, m.x1) >= PARAMS.edge - EPS && fmin(m.y0, m.y1) >= PARAMS.edge - EPS);
				assert_true(fmax(m.x0, m.x1) <= s.page_width - PARAMS.edge + EPS);
				assert_true(fmax(m.y0, m.y1) <= s.page_height - PARAMS.edge + EPS);
				/* Outside every card's bleed by the gap, fronts and backs. */
				cards_rect mr = { fmin(m.x0, m.x1) - PARAMS.mark_offset + 2 * EPS,
					fmin(m.y0, m.y1) - PARAMS.mark_offset + 2 * EPS,
					fabs(m.x1 - m.x0) + 2 * PARAMS.mark_offset - 4 * EPS,
					fabs(m.y1 - m.y0) + 2 * PARAMS.mark_offset - 4 * EPS };
				for (int k = 0; k < cards_sheet_slots(&s); k++) {
					assert_false(overlap(mr, cards_slot_cell(&s, k, false)));
					if (d == CARDS_DUPLEX_NONE)
						assert_false(overlap(mr, cards_slot_cell(&s, k, true)));
				}
				if (vertical && m.y1 <= ext.y)
					ends_v++;
				else if (!vertical && m.x1 <= ext.x)
					ends_h++;
				else if (vertical ? m.y0 > ext.y && m.y1 < ext.y + ext.h : m.x0 > ext.x && m.x1 < ext.x + ext.w)
					in_gutters++;
			}
			assert_int_equal(ends_v, nx);
			assert_int_equal(ends_h, ny);
			/* Sheets with more than one row have marks between the rows. */
			if (s.rows > 1)
				assert_true(in_gutters > 0);
		}
	/* A4 poker: the vertical cuts are marked between the rows too (2 per
	 * cut and gutter), 5 mm long in the margins. */
	cards_sheet s = plan(A4_W, A4_H, CARDS_DUPLEX_LONG);
	cards_mark marks[512];
	size_t n = cards_sheet_marks(&s, marks, 512);
	size_t gutter_marks = 0;
	for (size_t i = 0; i < n; i++)
		if (marks[i].x0 == marks[i].x1 && marks[i].y0 > s.top && marks[i].y1 < s.page_height - s.top)
			gutter_marks++;
	assert_int_equal(gutter_marks, 6 * 2);
	assert_close(marks[0].y1 - marks[0].y0, 3.4);
}

/* ---- print-then-cut sheets (cardreg) ---- */

/* layouts/cards.xml <cutter> as shipped. */
static const cutter_marks REG = { .inset = 10, .square = 5, .length = 20, .thickness = 0.3, .clearance = 2 };

static cards_sheet plan_cutter(double pw, double ph, cards_duplex duplex)
{
	cards_sheet s;
	assert_true(cards_sheet_plan_cutter(pw, ph, POKER_W, POKER_H, &PARAMS, &REG, duplex, &s));
	assert_true(s.cutter);
	return s;
}

static void test_cutter_marks_where_studio_puts_them(void **state)
{
	(void)state;
	cards_sheet s = plan_cutter(A4_W, A4_H, CARDS_DUPLEX_LONG);
	cards_rect m[CARDS_REG_SHAPES];
	cards_reg_shapes(&s, m);
	/* The square's outer corner 10 mm in, 5 mm a side. */
	assert_close(m[0].x, 10);
	assert_close(m[0].y, 10);
	assert_close(m[0].w, 5);
	assert_close(m[0].h, 5);
	/* Top right: the bars meet 10 mm from the right and top edges. */
	assert_close(m[1].x + m[1].w, A4_W - 10);
	assert_close(m[1].y, 10);
	assert_close(m[1].w, 20);
	assert_close(m[1].h, 0.3);
	assert_close(m[2].x + m[2].w, A4_W - 10);
	assert_close(m[2].h, 20);
	/* Bottom left: the bars meet 10 mm from the left and bottom edges. */
	assert_close(m[3].x, 10);
	assert_close(m[3].y + m[3].h, A4_H - 10);
	assert_close(m[4].x, 10);
	assert_close(m[4].y + m[4].h, A4_H - 10);
	assert_close(m[4].w, 0.3);
}

static void test_cutter_sheet_keeps_clear(void **state)
{
	(void)state;
	/* A4: three columns would need 190.5 mm of the 186 within the 12 mm
	 * band; two keep clear of the 22 mm squares.  Three rows: 266.7 of
	 * 273 mm leave 1.05 mm of bleed. */
	cards_sheet s = plan_cutter(A4_W, A4_H, CARDS_DUPLEX_LONG);
	assert_int_equal(s.columns, 2);
	assert_int_equal(s.rows, 3);
	assert_close(s.bleed, (273 - 3 * POKER_H) / 6);
	assert_true(cards_reg_clear(&s));
	/* No cut marks: the machine cuts. */
	cards_mark marks[16];
	assert_int_equal(cards_sheet_marks(&s, marks, 16), 0);
	/* Letter: three rows would leave no bleed (279.4 - 24 < 266.7 + 3). */
	s = plan_cutter(LETTER_W, LETTER_H, CARDS_DUPLEX_SHORT);
	assert_int_equal(cards_sheet_slots(&s), 4);
	assert_true(cards_reg_clear(&s));
	s = plan_cutter(A4_W, A4_H, CARDS_DUPLEX_NONE);
	assert_true(cards_reg_clear(&s));
	assert_true(cards_sheet_slots(&s) >= 1);
}

static void test_cutter_zone_refuses_a_corner_card(void **state)
{
	(void)state;
	/* The print-and-play grid's first card reaches into the top-left
	 * square; the check says so. */
	cards_sheet s = plan(A4_W, A4_H, CARDS_DUPLEX_LONG);
	s.cutter = true;
	s.reg = REG;
	assert_false(cards_reg_clear(&s));
	cards_rect z[CARDS_REG_ZONES];
	cards_reg_zones(&s, z);
	assert_close(z[0].w, 32);
	assert_close(z[1].x, A4_W - 32);
	assert_close(z[2].y, A4_H - 32);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_poker_a4_is_three_by_three),
		cmocka_unit_test(test_poker_letter_is_three_by_two),
		cmocka_unit_test(test_grid_centred),
		cmocka_unit_test(test_other_sizes),
		cmocka_unit_test(test_long_edge_mirrors_columns),
		cmocka_unit_test(test_short_edge_mirrors_rows),
		cmocka_unit_test(test_none_folds_onto_fronts),
		cmocka_unit_test(test_cells_hold_bleed_without_overlap),
		cmocka_unit_test(test_cut_lines),
		cmocka_unit_test(test_marks),
		cmocka_unit_test(test_cutter_marks_where_studio_puts_them),
		cmocka_unit_test(test_cutter_sheet_keeps_clear),
		cmocka_unit_test(test_cutter_zone_refuses_a_corner_card),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
