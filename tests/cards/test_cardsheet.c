/* Geometry of the print-and-play sheets (cards/cardsheet): fronts and backs
 * line up exactly for each duplex mode, and the grid is centred.  Expected
 * values are worked out here from the rules the module promises:
 *
 *   cards across = the most that fit in (page - 2 margin) without gaps;
 *   gap          = min(2 bleed, room left / (n - 1)), dropped below min-gutter;
 *   grid         = centred: first cut at (page - n card - (n-1) gap) / 2;
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

#include "cards/cardsheet.h"

#define EPS 1e-9

#define A4_W 210.0
#define A4_H 297.0
#define LETTER_W 215.9
#define LETTER_H 279.4
#define POKER_W 63.5
#define POKER_H 88.9

/* layouts/cards.xml as shipped. */
static const sheet_params PARAMS = { .bleed = 3, .margin = 6, .min_gutter = 2, .mark_length = 4, .mark_offset = 1 };

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
	/* Across: 198 mm inside the margins, 190.5 of cards: 3.75 mm gaps. */
	assert_close(s.gutter_x, 3.75);
	assert_close(s.left, (A4_W - 3 * POKER_W - 2 * 3.75) / 2);
	assert_close(s.left, 6.0);
	/* Down: plenty of room, so the full two bleeds. */
	assert_close(s.gutter_y, 6.0);
	assert_close(s.top, (A4_H - 3 * POKER_H - 2 * 6.0) / 2);
}

static void test_poker_letter_is_three_by_three(void **state)
{
	(void)state;
	cards_sheet s = plan(LETTER_W, LETTER_H, CARDS_DUPLEX_LONG);
	assert_int_equal(s.columns, 3);
	assert_int_equal(s.rows, 3);
	assert_close(s.gutter_x, 6.0);
	/* Letter is short: 267.4 mm inside the margins leaves 0.7 mm, less
	 * than min-gutter: the rows share their cuts. */
	assert_close(s.gutter_y, 0.0);
	assert_close(s.top, (LETTER_H - 3 * POKER_H) / 2);
	assert_close(s.left, (LETTER_W - 3 * POKER_W - 2 * 6.0) / 2);
}

/* The bounding box of the cuts has equal margins left and right, top and
 * bottom. */
static void assert_centred(const cards_sheet *s)
{
	cards_rect ext = cards_sheet_extent(s);
	assert_close(ext.x, s->page_width - (ext.x + ext.w));
	assert_close(ext.y, s->page_height - (ext.y + ext.h));
	assert_true(ext.x >= PARAMS.margin - EPS);
	assert_true(ext.y >= PARAMS.margin - EPS);
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
	/* Tarot cards: two by two. */
	assert_true(cards_sheet_plan(A4_W, A4_H, 70, 120, &PARAMS, CARDS_DUPLEX_LONG, &s));
	assert_int_equal(s.columns, 2);
	assert_int_equal(s.rows, 2);
	assert_close(s.gutter_x, 6.0);
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
		/* Poker cards: landscape holds 2 × 2 per half, portrait 1 × 3. */
		assert_true(s.page_width > s.page_height);
		assert_int_equal(s.columns, 2);
		assert_int_equal(s.rows, 2);
		double fold = s.page_width / 2;
		for (int k = 0; k < cards_sheet_slots(&s); k++) {
			double fx, fy, bx, by;
			cards_slot_position(&s, k, false, &fx, &fy);
			cards_slot_position(&s, k, true, &bx, &by);
			/* Front left of the fold, back right, at mirror distances. */
			assert_true(fx + POKER_W <= fold - PARAMS.bleed + EPS);
			assert_true(bx >= fold + PARAMS.bleed - EPS);
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
	for (int p = 0; p < 2; p++) {
		cards_sheet s = plan(papers[p][0], papers[p][1], CARDS_DUPLEX_LONG);
		int n = cards_sheet_slots(&s);
		for (int k = 0; k < n; k++) {
			double x, y;
			cards_slot_position(&s, k, false, &x, &y);
			cards_rect c = cards_slot_cell(&s, k, false);
			/* Inside the page, around the cut, at most the bleed out. */
			assert_true(c.x >= -EPS && c.y >= -EPS);
			assert_true(c.x + c.w <= s.page_width + EPS && c.y + c.h <= s.page_height + EPS);
			assert_true(c.x <= x + EPS && c.y <= y + EPS);
			assert_true(x - c.x <= PARAMS.bleed + EPS);
			assert_true(c.x + c.w >= x + POKER_W - EPS);
			/* Outer edges get the whole bleed. */
			if (k % s.columns == 0)
				assert_close(x - c.x, PARAMS.bleed);
			if (k / s.columns == 0)
				assert_close(y - c.y, PARAMS.bleed);
			for (int j = k + 1; j < n; j++)
				assert_false(overlap(c, cards_slot_cell(&s, j, false)));
			/* Back cells mirror front cells. */
			cards_rect b = cards_slot_cell(&s, k, true);
			assert_close(b.x, s.page_width - c.x - c.w);
			assert_close(b.y, c.y);
		}
	}
	/* A4, poker: across 3.75 mm gaps give 1.875 mm of bleed between cards. */
	cards_sheet s = plan(A4_W, A4_H, CARDS_DUPLEX_LONG);
	cards_rect c = cards_slot_cell(&s, 1, false);
	double x, y;
	cards_slot_position(&s, 1, false, &x, &y);
	assert_close(x - c.x, 1.875);
	assert_close(y - c.y, 3.0);
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
	/* Letter: shared cuts down the page, 4 lines. */
	s = plan(LETTER_W, LETTER_H, CARDS_DUPLEX_LONG);
	assert_int_equal(cards_sheet_cuts(&s, false, cuts, 32), 4);
	for (int i = 0; i < 4; i++)
		assert_close(cuts[i], s.top + i * POKER_H);
	/* The backs page of a long-edge sheet has the same cuts: the marks
	 * drawn on it match the fronts. */
	cards_sheet_cuts(&s, true, cuts, 32);
	for (int i = 0; i < 6; i++)
		assert_close(cuts[i], s.page_width - cuts[5 - i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_poker_a4_is_three_by_three),
		cmocka_unit_test(test_poker_letter_is_three_by_three),
		cmocka_unit_test(test_grid_centred),
		cmocka_unit_test(test_other_sizes),
		cmocka_unit_test(test_long_edge_mirrors_columns),
		cmocka_unit_test(test_short_edge_mirrors_rows),
		cmocka_unit_test(test_none_folds_onto_fronts),
		cmocka_unit_test(test_cells_hold_bleed_without_overlap),
		cmocka_unit_test(test_cut_lines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
