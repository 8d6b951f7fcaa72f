/* The label placer of the maps (src/render/labelplace.c): a label never
 * lands on a box already taken, candidates are tried in the order given,
 * the gap is kept, and a label clear nowhere is refused and takes
 * nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "render/labelplace.h"

static bool overlaps(lp_box a, lp_box b)
{
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

static void test_first_clear_candidate_wins(void **state)
{
	(void)state;
	label_placer lp;
	labelplace_init(&lp, 0);
	labelplace_take(&lp, labelplace_box(0, 0, 10, 10));  /* a symbol */
	lp_box spots[3] = {
		labelplace_box(5, 5, 8, 3),    /* over the symbol */
		labelplace_box(12, 0, 8, 3),   /* clear */
		labelplace_box(30, 0, 8, 3),   /* clear too, but later */
	};
	assert_int_equal(labelplace_place(&lp, spots, 3), 1);
	assert_int_equal(lp.count, 2);
	/* The label placed is taken: the same spot is now refused. */
	assert_int_equal(labelplace_place(&lp, &spots[1], 1), -1);
	assert_int_equal(labelplace_place(&lp, &spots[2], 1), 0);
	labelplace_free(&lp);
}

static void test_nowhere_clear_is_left_out(void **state)
{
	(void)state;
	label_placer lp;
	labelplace_init(&lp, 0);
	labelplace_take(&lp, labelplace_box(0, 0, 100, 100));
	lp_box spots[2] = { labelplace_box(10, 10, 5, 2), labelplace_box(90, 95, 20, 10) };
	assert_int_equal(labelplace_place(&lp, spots, 2), -1);
	assert_int_equal(lp.count, 1);
	assert_int_equal(labelplace_place(&lp, spots, 0), -1);
	labelplace_free(&lp);
}

static void test_touching_is_not_overlapping(void **state)
{
	(void)state;
	label_placer lp;
	labelplace_init(&lp, 0);
	labelplace_take(&lp, labelplace_box(0, 0, 10, 10));
	assert_true(labelplace_clear(&lp, labelplace_box(10, 0, 5, 5)));
	assert_true(labelplace_clear(&lp, labelplace_box(0, 10, 5, 5)));
	assert_false(labelplace_clear(&lp, labelplace_box(9.9, 9.9, 5, 5)));
	/* Inside, around, and across a box all collide. */
	assert_false(labelplace_clear(&lp, labelplace_box(2, 2, 1, 1)));
	assert_false(labelplace_clear(&lp, labelplace_box(-5, -5, 20, 20)));
	assert_false(labelplace_clear(&lp, labelplace_box(-5, 4, 20, 1)));
	labelplace_free(&lp);
}

static void test_gap_is_kept(void **state)
{
	(void)state;
	label_placer lp;
	labelplace_init(&lp, 1.0);
	labelplace_take(&lp, labelplace_box(0, 0, 10, 10));
	assert_false(labelplace_clear(&lp, labelplace_box(10.5, 0, 5, 5)));
	assert_true(labelplace_clear(&lp, labelplace_box(11.0, 0, 5, 5)));
	assert_false(labelplace_clear(&lp, labelplace_box(0, -5.5, 5, 5)));
	assert_true(labelplace_clear(&lp, labelplace_box(0, -6.0, 5, 5)));
	labelplace_free(&lp);
}

/* Many labels on a crowded strip: whatever is placed overlaps nothing
 * else placed, and the boxes grow past their first allocation. */
static void test_crowd_never_collides(void **state)
{
	(void)state;
	label_placer lp;
	labelplace_init(&lp, 0.2);
	size_t placed = 0;
	for (int i = 0; i < 500; i++) {
		double x = (i * 37) % 200, y = (i * 53) % 40;
		lp_box spots[3] = {
			labelplace_box(x, y, 12, 3),
			labelplace_box(x + 6, y + 4, 12, 3),
			labelplace_box(x - 6, y - 4, 12, 3),
		};
		if (labelplace_place(&lp, spots, 3) >= 0)
			placed++;
	}
	assert_int_equal(lp.count, placed);
	assert_true(placed > 64 && placed < 500);
	for (size_t i = 0; i < lp.count; i++)
		for (size_t k = i + 1; k < lp.count; k++)
			assert_false(overlaps(lp.boxes[i], lp.boxes[k]));
	labelplace_free(&lp);
	assert_null(lp.boxes);
}

/* A line taken keeps labels off it, level or slanting, and marks its
 * boxes as taken, not placed; a label beside it is clear. */
static void test_lines_are_obstacles(void **state)
{
	(void)state;
	label_placer lp;
	labelplace_init(&lp, 0);
	labelplace_take_line(&lp, 0, 50, 100, 50, 1);      /* level */
	labelplace_take_line(&lp, 0, 0, 40, 40, 0.5);      /* slanting */
	assert_int_equal(lp.placed[0], 0);
	assert_false(labelplace_clear(&lp, labelplace_box(10, 48, 20, 3)));  /* across the level one */
	assert_true(labelplace_clear(&lp, labelplace_box(10, 51, 20, 3)));
	assert_false(labelplace_clear(&lp, labelplace_box(18, 18, 4, 4)));   /* on the slanting one */
	assert_true(labelplace_clear(&lp, labelplace_box(30, 2, 8, 3)));     /* above it, clear */
	lp_box spot = labelplace_box(60, 10, 8, 3);
	assert_int_equal(labelplace_place(&lp, &spot, 1), 0);
	assert_int_equal(lp.placed[lp.count - 1], 1);
	labelplace_free(&lp);
}

/* Terrain art is a backdrop: a label keeps off it while any spot is
 * clear, stands on it when only the art is in the way (never on a mark),
 * and the plates then cover exactly the art under the label. */
typedef struct plate_log {
	int count;
	lp_box part[4];
	lp_colour ground[4];
} plate_log;

static void log_plate(void *ctx, lp_box part, lp_colour ground)
{
	plate_log *log = ctx;
	if (log->count < 4) {
		log->part[log->count] = part;
		log->ground[log->count] = ground;
	}
	log->count++;
}

static void test_backdrop_is_a_last_resort(void **state)
{
	(void)state;
	label_placer lp;
	labelplace_init(&lp, 0);
	const lp_colour green = { 0.2, 0.6, 0.2 };
	labelplace_take_backdrop(&lp, labelplace_box(0, 0, 10, 10), green);  /* trees */
	labelplace_take(&lp, labelplace_box(20, 0, 10, 10));                  /* a counter */
	lp_box spots[3] = {
		labelplace_box(5, 5, 8, 3),    /* on the trees */
		labelplace_box(25, 5, 8, 3),   /* on the counter */
		labelplace_box(40, 0, 8, 3),   /* clear, but last */
	};
	bool over = true;
	/* A clear spot wins over an earlier one on the art. */
	assert_int_equal(labelplace_place_over(&lp, spots, 3, &over), 2);
	assert_false(over);
	/* No clear spot left: the art, never the counter. */
	assert_int_equal(labelplace_place_over(&lp, spots, 3, &over), 0);
	assert_true(over);
	assert_int_equal(lp.placed[lp.count - 1], LP_LABEL);
	/* labelplace_place keeps off the art altogether. */
	assert_int_equal(labelplace_place(&lp, &spots[0], 1), -1);
	assert_int_equal(labelplace_place_over(&lp, &spots[1], 1, &over), -1);

	plate_log log = { 0 };
	labelplace_plates(&lp, spots[0], log_plate, &log);
	assert_int_equal(log.count, 1);
	/* The stretch of the trees under the label, in the trees' ground. */
	assert_true(log.part[0].x0 == 5 && log.part[0].y0 == 5 && log.part[0].x1 == 10 && log.part[0].y1 == 8);
	assert_true(log.ground[0].g == green.g);
	log.count = 0;
	labelplace_plates(&lp, spots[2], log_plate, &log);
	assert_int_equal(log.count, 0);
	labelplace_free(&lp);
}

static void test_drop_gives_boxes_back(void **state)
{
	(void)state;
	label_placer lp;
	labelplace_init(&lp, 0);
	labelplace_take(&lp, labelplace_box(0, 0, 10, 10));
	size_t from = lp.count;
	labelplace_take_line(&lp, 20, 0, 20, 50, 1);
	size_t to = lp.count;
	lp_box across = labelplace_box(15, 20, 10, 3);
	assert_int_equal(labelplace_place(&lp, &across, 1), -1);
	labelplace_drop(&lp, from, to);
	assert_int_equal(lp.count, 1);
	assert_true(lp.boxes[0].x1 == 10);
	assert_int_equal(labelplace_place(&lp, &across, 1), 0);
	/* Out of range or empty: nothing changes. */
	labelplace_drop(&lp, 5, 9);
	labelplace_drop(&lp, 1, 1);
	assert_int_equal(lp.count, 2);
	labelplace_free(&lp);
}

/* A general's name keeps to his cell: a box is inside a hex only when all
 * its corners are, whichever way round the corners go. */
static void test_box_inside_room(void **state)
{
	(void)state;
	/* A pointy-top hex 10 across the flats, centred on (0, 0). */
	lp_room hex = { 6, { 0, 5, 5, 0, -5, -5 }, { -5.7735, -2.8868, 2.8868, 5.7735, 2.8868, -2.8868 } };
	assert_true(labelplace_inside(&hex, labelplace_box(-4, -2, 8, 4)));
	/* Level with the flats but past the side. */
	assert_false(labelplace_inside(&hex, labelplace_box(-4, -2, 9.5, 4)));
	/* Within the hex's width, but a top corner in the slanted part
	 * outside. */
	assert_false(labelplace_inside(&hex, labelplace_box(2, -5, 2.5, 2)));
	/* The same hex corners in the other order. */
	lp_room back = { 6, { -5, -5, 0, 5, 5, 0 }, { -2.8868, 2.8868, 5.7735, 2.8868, -2.8868, -5.7735 } };
	assert_true(labelplace_inside(&back, labelplace_box(-4, -2, 8, 4)));
	assert_false(labelplace_inside(&back, labelplace_box(2, -5, 2.5, 2)));
	/* No room: nothing is inside. */
	lp_room none = { 0 };
	assert_false(labelplace_inside(&none, labelplace_box(0, 0, 1, 1)));
}

/* A label keeps off terrain art where a free spot is near: slid off the
 * art rather than stood on it, and on the art only when every slid spot
 * is taken too. */
static void test_near_spot_before_art(void **state)
{
	(void)state;
	label_placer lp;
	labelplace_init(&lp, 0.5);
	lp_colour ground = { 0.9, 0.9, 0.8 };
	/* Trees over the asked spot's upper part. */
	labelplace_take_backdrop(&lp, labelplace_box(0, 0, 20, 6), ground);
	lp_box asked = labelplace_box(2, 4, 10, 4);
	bool over = true;
	lp_box at;
	assert_true(labelplace_place_near(&lp, &asked, 1, NULL, &over, &at));
	assert_false(over);
	/* Just below the trees, the gap kept. */
	assert_true(at.y0 >= 6.5 - 1e-9 && at.y0 < 6.6);
	assert_true(at.x0 == 2 && at.x1 == 12);
	labelplace_free(&lp);

	/* The same with a counter under the trees: no slid spot is near
	 * enough and clear, so the label stands on the art. */
	labelplace_init(&lp, 0.5);
	labelplace_take_backdrop(&lp, labelplace_box(0, 0, 20, 6), ground);
	labelplace_take(&lp, labelplace_box(0, 8.6, 20, 10));
	assert_true(labelplace_place_near(&lp, &asked, 1, NULL, &over, &at));
	assert_true(over);
	assert_true(at.y0 == 4);
	labelplace_free(&lp);

	/* A room: the free spot below lies outside it, so the label stands
	 * on the art inside. */
	labelplace_init(&lp, 0.5);
	labelplace_take_backdrop(&lp, labelplace_box(0, 0, 20, 6), ground);
	lp_room room = { 4, { 0, 20, 20, 0 }, { 0, 0, 9, 9 } };
	assert_true(labelplace_place_near(&lp, &asked, 1, &room, &over, &at));
	assert_true(over);
	labelplace_free(&lp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_first_clear_candidate_wins),
		cmocka_unit_test(test_nowhere_clear_is_left_out),
		cmocka_unit_test(test_touching_is_not_overlapping),
		cmocka_unit_test(test_gap_is_kept),
		cmocka_unit_test(test_crowd_never_collides),
		cmocka_unit_test(test_lines_are_obstacles),
		cmocka_unit_test(test_backdrop_is_a_last_resort),
		cmocka_unit_test(test_drop_gives_boxes_back),
		cmocka_unit_test(test_box_inside_room),
		cmocka_unit_test(test_near_spot_before_art),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
