/* Millimetre geometry of the print products: where each hex lies on the
 * map canvas (render/mapgeom), and how tiles_plan cuts a map over pages
 * (render/tiles).  Every expected value is worked out here from the maths
 * the products promise, independently of the code under test:
 *
 *   radius  = hex / sqrt(3)                      (centre to corner)
 *   frame   = clamp(hex / 4, 12, 24)             (band for the edge labels)
 *   x       = frame + hex * (col + 0.5 + 0.5 * shifted_row)
 *   y       = frame + radius + row * 1.5 * radius
 *
 * and, for the tiles, the margins, overlap and footer of layouts/print.xml:
 * printable area = page - 2 margin (height: - footer), step = area - overlap,
 * the orientation that needs fewer pages (portrait on a tie). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "geo/grid.h"
#include "geo/hex.h"
#include "render/layouts.h"
#include "render/mapgeom.h"
#include "render/products.h"

#ifndef RENDER_TEST_LAYOUTS
#define RENDER_TEST_LAYOUTS "layouts/print.xml"
#endif

#define EPS 1e-9

/* cmocka 1.1.5 compares floats only in single precision. */
#define assert_close(a, b, eps) assert_close_at((a), (b), (eps), #a, __FILE__, __LINE__)

static void assert_close_at(double a, double b, double eps, const char *what, const char *file, int line)
{
	if (!(fabs(a - b) <= eps)) {
		print_error("%s:%d: %s = %.9f, expected %.9f (within %g)\n", file, line, what, a, b, eps);
		fail();
	}
}

/* ---- helpers ---- */

/* The map geometry of a hex board. */
static void geom_init(map_geom *g, const hex_board *hex, double size)
{
	grid_board b;
	grid_board_hex(&b, hex);
	mapgeom_init(g, &b, size);
}

static hex_board board(int columns, int rows, bool short_rows)
{
	hex_board b;
	hex_board_init(&b, columns, rows, short_rows);
	return b;
}

static hex_coord at(const char *address)
{
	hex_coord h = { -1, -1 };
	assert_true(hex_parse(address, &h));
	return h;
}

static double expected_frame(double hex)
{
	double f = hex / 4;
	return f < 12 ? 12 : f > 24 ? 24 : f;
}

static void expect_centre(const map_geom *g, const char *address, double hex)
{
	hex_coord h = at(address);
	double r = hex / sqrt(3.0), f = expected_frame(hex);
	double ex = f + hex * (h.col + 0.5 + ((h.row % 2) ? 0.5 : 0.0));
	double ey = f + r + h.row * 1.5 * r;
	double x = -1, y = -1;
	mapgeom_center(g, h, &x, &y);
	if (fabs(x - ex) > EPS || fabs(y - ey) > EPS)
		fail_msg("%s at %g mm: centre (%.6f, %.6f), expected (%.6f, %.6f)", address, hex, x, y, ex, ey);
}

/* The layouts of the source tree, loaded once for the tile tests. */
static int setup_layouts(void **state)
{
	diag_sink sink;
	diag_sink_init(&sink);
	layouts *l = layouts_load(RENDER_TEST_LAYOUTS, &sink);
	diag_sink_finish(&sink);
	if (!l) {
		fprintf(stderr, "cannot load %s\n", RENDER_TEST_LAYOUTS);
		return -1;
	}
	*state = l;
	return 0;
}

static int teardown_layouts(void **state)
{
	layouts_destroy(*state);
	return 0;
}

/* ---- hex centres ---- */

static void test_centres_battlecry_board(void **state)
{
	(void)state;
	hex_board b = board(13, 9, true);
	map_geom g;
	geom_init(&g, &b, 62);
	const char *hexes[] = { "A1", "M1", "A2", "L2", "E5", "D8", "A9", "M9", "G5" };
	for (size_t i = 0; i < sizeof hexes / sizeof hexes[0]; i++)
		expect_centre(&g, hexes[i], 62);

	/* The same numbers written out: frame 15.5, radius 35.7957... */
	double r = 62 / sqrt(3.0), x, y;
	mapgeom_center(&g, at("A1"), &x, &y);
	assert_close(x, 46.5, EPS);
	assert_close(y, 15.5 + r, EPS);
	mapgeom_center(&g, at("M1"), &x, &y);
	assert_close(x, 15.5 + 12.5 * 62, EPS);   /* 790.5 */
	assert_close(y, 15.5 + r, EPS);
	mapgeom_center(&g, at("A2"), &x, &y);
	assert_close(x, 15.5 + 62, EPS);          /* between A1 and B1 */
	assert_close(y, 15.5 + 2.5 * r, EPS);
	mapgeom_center(&g, at("L2"), &x, &y);
	assert_close(x, 15.5 + 12 * 62, EPS);     /* between L1 and M1 */
	assert_close(y, 15.5 + 2.5 * r, EPS);
	mapgeom_center(&g, at("M9"), &x, &y);
	assert_close(x, 790.5, EPS);
	assert_close(y, 15.5 + r + 8 * 1.5 * r, EPS);
}

static void test_centres_rectangular_board(void **state)
{
	(void)state;
	/* noord-zuid table, 20 x 12, every row full: M2 and T2 exist. */
	hex_board b = board(20, 12, false);
	map_geom g;
	geom_init(&g, &b, 120);
	const char *hexes[] = { "A1", "M1", "A2", "L2", "M2", "T2", "T1", "E5", "T12", "A12" };
	for (size_t i = 0; i < sizeof hexes / sizeof hexes[0]; i++)
		expect_centre(&g, hexes[i], 120);
	double x, y;
	mapgeom_center(&g, at("T2"), &x, &y);
	assert_close(x, 24 + 120 * 20, EPS);      /* frame capped at 24 */

	/* A rectangular Battle Cry sized board at the board game's size. */
	hex_board r = board(13, 9, false);
	geom_init(&g, &r, 62);
	expect_centre(&g, "M2", 62);
	expect_centre(&g, "M8", 62);
	expect_centre(&g, "L2", 62);
}

static void test_centres_other_sizes(void **state)
{
	(void)state;
	const double sizes[] = { 10, 30, 48, 62, 96, 120, 500 };
	hex_board b = board(13, 9, true);
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		map_geom g;
		geom_init(&g, &b, sizes[i]);
		assert_close(g.radius, sizes[i] / sqrt(3.0), EPS);
		assert_close(g.row_step, 1.5 * sizes[i] / sqrt(3.0), EPS);
		assert_close(g.frame, expected_frame(sizes[i]), EPS);
		expect_centre(&g, "A1", sizes[i]);
		expect_centre(&g, "L2", sizes[i]);
		expect_centre(&g, "M9", sizes[i]);
	}
}

static void test_neighbours_one_hex_apart(void **state)
{
	(void)state;
	/* Any two adjacent hexes have centres exactly one hex (flat to flat)
	 * apart: the printed grid is regular. */
	hex_board b = board(13, 9, true);
	map_geom g;
	geom_init(&g, &b, 62);
	for (size_t i = 0; i < hex_count(&b); i++) {
		hex_coord h = hex_from_index(&b, i), around[6];
		hex_neighbours(h, around);
		double x, y;
		mapgeom_center(&g, h, &x, &y);
		for (int d = 0; d < 6; d++) {
			if (!hex_on_board(&b, around[d]))
				continue;
			double nx, ny;
			mapgeom_center(&g, around[d], &nx, &ny);
			assert_close(hypot(nx - x, ny - y), 62, 1e-9);
		}
	}
}

static void test_hex_outline(void **state)
{
	(void)state;
	/* The outline of a pointy-top hex: hex mm wide, 2 radius tall,
	 * centred on the hex centre.  Cairo keeps paths in 24.8 fixed point,
	 * hence the 1/100 mm tolerance. */
	hex_board b = board(13, 9, true);
	map_geom g;
	geom_init(&g, &b, 62);
	cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(rec);
	mapgeom_cell_path(cr, &g, at("E5"), 0);
	double x1, y1, x2, y2, cx, cy;
	cairo_path_extents(cr, &x1, &y1, &x2, &y2);
	mapgeom_center(&g, at("E5"), &cx, &cy);
	assert_close(x2 - x1, 62, 0.01);
	assert_close(y2 - y1, 2 * g.radius, 0.01);
	assert_close((x1 + x2) / 2, cx, 0.01);
	assert_close((y1 + y2) / 2, cy, 0.01);
	cairo_new_path(cr);
	mapgeom_cell_path(cr, &g, at("E5"), 2);   /* inset 2 mm from each side */
	cairo_path_extents(cr, &x1, &y1, &x2, &y2);
	assert_close(x2 - x1, 62 - 4, 0.01);
	cairo_destroy(cr);
	cairo_surface_destroy(rec);
}

/* ---- square grids ---- */

static void square_geom(map_geom *g, int columns, int rows, double size)
{
	square_board sq;
	square_board_init(&sq, columns, rows);
	grid_board b;
	grid_board_square(&b, &sq);
	mapgeom_init(g, &b, size);
}

/* The 1861 map: 20 x 16 squares of 40 mm inside a 12 mm frame. */
static void test_square_canvas_and_centres(void **state)
{
	(void)state;
	map_geom g;
	square_geom(&g, 20, 16, 40);
	assert_close(g.frame, 12, EPS);
	assert_close(g.cells_width, 800, EPS);
	assert_close(g.cells_height, 640, EPS);
	assert_close(g.width, 824, EPS);
	assert_close(g.height, 664, EPS);
	double x, y;
	mapgeom_center(&g, at("A1"), &x, &y);
	assert_close(x, 32, EPS);
	assert_close(y, 32, EPS);
	/* Odd rows are not shifted on a square grid. */
	mapgeom_center(&g, at("A2"), &x, &y);
	assert_close(x, 32, EPS);
	assert_close(y, 72, EPS);
	mapgeom_center(&g, at("T16"), &x, &y);
	assert_close(x, 12 + 19.5 * 40, EPS);
	assert_close(y, 12 + 15.5 * 40, EPS);
	/* The frame grows with the squares, up to 24 mm. */
	square_geom(&g, 8, 8, 120);
	assert_close(g.frame, 24, EPS);
	assert_close(g.width, 8 * 120 + 48, EPS);
}

static void test_square_outline(void **state)
{
	(void)state;
	map_geom g;
	square_geom(&g, 20, 16, 40);
	cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(rec);
	double x1, y1, x2, y2;
	mapgeom_cell_path(cr, &g, at("C2"), 0);
	cairo_path_extents(cr, &x1, &y1, &x2, &y2);
	assert_close(x1, 12 + 80, EPS);
	assert_close(y1, 12 + 40, EPS);
	assert_close(x2 - x1, 40, EPS);
	assert_close(y2 - y1, 40, EPS);
	cairo_new_path(cr);
	mapgeom_cell_path(cr, &g, at("C2"), 3);   /* inset 3 mm from each side */
	cairo_path_extents(cr, &x1, &y1, &x2, &y2);
	assert_close(x2 - x1, 34, EPS);
	assert_close(x1, 12 + 83, EPS);
	cairo_destroy(cr);
	cairo_surface_destroy(rec);
}

/* Squares of one map side by side: the neighbour across a side is one
 * square away, the one across a corner sqrt(2). */
static void test_square_neighbours(void **state)
{
	(void)state;
	map_geom g;
	square_geom(&g, 20, 16, 40);
	grid_cell around[SQUARE_NEIGHBOURS];
	square_neighbours(at("J8"), around);
	double cx, cy;
	mapgeom_center(&g, at("J8"), &cx, &cy);
	for (int d = 0; d < SQUARE_NEIGHBOURS; d++) {
		double x, y;
		mapgeom_center(&g, around[d], &x, &y);
		double want = d < SQUARE_SIDE_NEIGHBOURS ? 40 : 40 * sqrt(2.0);
		assert_close(hypot(x - cx, y - cy), want, EPS);
	}
}

/* ---- map size ---- */

static void test_map_size(void **state)
{
	(void)state;
	map_geom g;
	double r62 = 62 / sqrt(3.0), r120 = 120 / sqrt(3.0);

	hex_board std = board(13, 9, true);
	geom_init(&g, &std, 62);
	assert_close(g.frame, 15.5, EPS);
	assert_close(g.cells_width, 13 * 62, EPS);              /* short rows stay inside */
	assert_close(g.cells_height, 2 * r62 + 8 * 1.5 * r62, EPS);
	assert_close(g.width, 806 + 31, EPS);                   /* 837 */
	assert_close(g.height, 2 * r62 + 12 * r62 + 31, EPS);   /* 532.14 */
	assert_close(g.height, 532.1400, 1e-4);

	hex_board rect = board(13, 9, false);
	geom_init(&g, &rect, 62);
	assert_close(g.width, 13.5 * 62 + 31, EPS);              /* full shifted rows stick out */

	hex_board nz = board(20, 12, false);
	geom_init(&g, &nz, 120);
	assert_close(g.frame, 24, EPS);
	assert_close(g.width, 20.5 * 120 + 48, EPS);             /* 2508 */
	assert_close(g.height, 2 * r120 + 11 * 1.5 * r120 + 48, EPS);

	hex_board small = board(9, 5, true);
	geom_init(&g, &small, 30);
	assert_close(g.frame, 12, EPS);                          /* floor of the frame */
	assert_close(g.width, 9 * 30 + 24, EPS);

	/* Every hex lies inside the hex band, every hex band inside the canvas. */
	geom_init(&g, &nz, 120);
	for (size_t i = 0; i < hex_count(&nz); i++) {
		double x, y;
		mapgeom_center(&g, hex_from_index(&nz, i), &x, &y);
		assert_true(x - 60 >= g.frame - EPS && x + 60 <= g.frame + g.cells_width + EPS);
		assert_true(y - g.radius >= g.frame - EPS && y + g.radius <= g.frame + g.cells_height + EPS);
	}
}

/* ---- section lines ---- */

/* x of the west (0) or east (1) section line; a hex board has both. */
static double section_x(const map_geom *g, int line)
{
	double x[GRID_SECTION_LINES_MAX];
	assert_int_equal(mapgeom_section_lines(g, x), 2);
	return x[line];
}

static void test_section_lines(void **state)
{
	(void)state;
	map_geom g;
	hex_board std = board(13, 9, true);
	std.west = 4;
	std.east = 4;
	geom_init(&g, &std, 62);
	/* After the 4th and before the 10th hex of the long rows: through
	 * the middle of D2 and of I2 on the short rows. */
	assert_close(section_x(&g, 0), 15.5 + 4 * 62, EPS);
	assert_close(section_x(&g, 1), 15.5 + 9 * 62, EPS);
	double x;
	double y;
	mapgeom_center(&g, at("D2"), &x, &y);
	assert_close(section_x(&g, 0), x, EPS);
	mapgeom_center(&g, at("I2"), &x, &y);
	assert_close(section_x(&g, 1), x, EPS);

	hex_board nz = board(20, 12, false);
	nz.west = 6;
	nz.east = 6;
	geom_init(&g, &nz, 120);
	assert_close(section_x(&g, 0), 24 + 6 * 120, EPS);
	assert_close(section_x(&g, 1), 24 + 14 * 120, EPS);

	hex_board odd = board(13, 9, true);
	odd.west = 2;
	odd.east = 5;
	geom_init(&g, &odd, 62);
	assert_close(section_x(&g, 0), 15.5 + 2 * 62, EPS);
	assert_close(section_x(&g, 1), 15.5 + 8 * 62, EPS);
}

/* ---- tiles ---- */

/* The plan worked out independently: both orientations, fewest pages. */
static int count_tiles(double length, double area, double step)
{
	if (length <= area + 1e-9)
		return 1;
	int n = 1;
	while (area + n * step < length - 1e-9)
		n++;
	return n + 1;
}

static void expected_plan(const layouts *l, double pw, double ph, double mw, double mh,
	int *columns, int *rows, bool *landscape)
{
	int best = -1;
	for (int o = 0; o < 2; o++) {
		double w = o ? ph : pw, h = o ? pw : ph;
		double aw = w - 2 * l->tile_margin, ah = h - 2 * l->tile_margin - l->tile_footer;
		int c = count_tiles(mw, aw, aw - l->tile_overlap);
		int r = count_tiles(mh, ah, ah - l->tile_overlap);
		if (best < 0 || c * r < best) {
			best = c * r;
			*columns = c;
			*rows = r;
			*landscape = o == 1;
		}
	}
}

static void check_plan(const layouts *l, const char *paper_id, int columns, int rows_count,
	bool short_rows, double hex, int want_pages)
{
	const paper_size *paper = layouts_paper(l, paper_id);
	assert_non_null(paper);
	hex_board b = board(columns, rows_count, short_rows);
	map_geom g;
	geom_init(&g, &b, hex);
	tile_plan p;
	memset(&p, 0, sizeof p);
	tiles_plan(l, paper, g.width, g.height, &p);

	int ec, er;
	bool landscape;
	expected_plan(l, paper->width, paper->height, g.width, g.height, &ec, &er, &landscape);
	if (p.columns != ec || p.rows != er)
		fail_msg("%dx%d at %g mm on %s: plan %d x %d tiles, expected %d x %d", columns, rows_count,
			hex, paper_id, p.columns, p.rows, ec, er);
	if (want_pages > 0 && p.columns * p.rows != want_pages)
		fail_msg("%dx%d at %g mm on %s: %d pages, expected %d", columns, rows_count, hex, paper_id,
			p.columns * p.rows, want_pages);

	/* The page is the paper in the chosen orientation. */
	assert_close(p.page_width, landscape ? paper->height : paper->width, EPS);
	assert_close(p.page_height, landscape ? paper->width : paper->height, EPS);
	assert_close(p.area_width, p.page_width - 2 * l->tile_margin, EPS);
	assert_close(p.area_height, p.page_height - 2 * l->tile_margin - l->tile_footer, EPS);

	/* Adjacent tiles share exactly the layout's overlap. */
	for (int c = 0; c + 1 < p.columns; c++) {
		double right_edge = c * p.step_x + p.area_width;
		double next_left = (c + 1) * p.step_x;
		assert_close(right_edge - next_left, l->tile_overlap, 1e-9);
	}
	for (int r = 0; r + 1 < p.rows; r++) {
		double bottom_edge = r * p.step_y + p.area_height;
		double next_top = (r + 1) * p.step_y;
		assert_close(bottom_edge - next_top, l->tile_overlap, 1e-9);
	}

	/* Together they cover the whole map, and one tile fewer would not. */
	double covered_w = (p.columns - 1) * p.step_x + p.area_width;
	double covered_h = (p.rows - 1) * p.step_y + p.area_height;
	if (covered_w < g.width - 1e-9 || covered_h < g.height - 1e-9)
		fail_msg("%dx%d at %g mm on %s: tiles cover %.3f x %.3f mm of a %.3f x %.3f mm map",
			columns, rows_count, hex, paper_id, covered_w, covered_h, g.width, g.height);
	if (p.columns > 1)
		assert_true((p.columns - 2) * p.step_x + p.area_width < g.width);
	if (p.rows > 1)
		assert_true((p.rows - 2) * p.step_y + p.area_height < g.height);

	/* Every point of the map lies on at least one tile: sample a grid. */
	for (double x = 0; x <= g.width; x += g.width / 97) {
		bool on = false;
		for (int c = 0; c < p.columns && !on; c++)
			on = x >= c * p.step_x - 1e-9 && x <= c * p.step_x + p.area_width + 1e-9;
		assert_true(on);
	}
	for (double y = 0; y <= g.height; y += g.height / 89) {
		bool on = false;
		for (int r = 0; r < p.rows && !on; r++)
			on = y >= r * p.step_y - 1e-9 && y <= r * p.step_y + p.area_height + 1e-9;
		assert_true(on);
	}
}

static void test_layout_values(void **state)
{
	const layouts *l = *state;
	/* The numbers the other tests are worked out for. */
	assert_close(l->tile_margin, 8, EPS);
	assert_close(l->tile_overlap, 10, EPS);
	assert_close(l->tile_footer, 20, EPS);
	assert_close(l->poster_border, 15, EPS);
	assert_close(l->poster_bleed, 3, EPS);
	assert_close(l->tile_edge, 5, EPS);
	assert_close(l->poster_edge, 5, EPS);
	assert_close(layouts_hex_size(l, "battlecry-1999"), 62, EPS);
	assert_close(layouts_hex_size(l, "battlecry-150"), 62, EPS);
	assert_close(layouts_hex_size(l, "noord-zuid"), 120, EPS);
	assert_close(layouts_hex_size(l, "something-else"), 60, EPS);
	const paper_size *a4 = layouts_paper(l, "a4"), *letter = layouts_paper(l, "letter");
	assert_non_null(a4);
	assert_non_null(letter);
	assert_close(a4->width, 210, EPS);
	assert_close(a4->height, 297, EPS);
	assert_close(letter->width, 215.9, EPS);
	assert_close(letter->height, 279.4, EPS);
}

static void test_tiles_battlecry_board(void **state)
{
	const layouts *l = *state;
	check_plan(l, "a4", 13, 9, true, 62, 15);      /* 5 x 3 portrait */
	check_plan(l, "letter", 13, 9, true, 62, 15);
	check_plan(l, "a4", 13, 9, true, 30, 4);       /* 2 x 2 landscape */
	check_plan(l, "letter", 13, 9, true, 30, 4);
	check_plan(l, "a4", 9, 5, true, 62, 6);        /* 3 x 2 landscape */
	check_plan(l, "a4", 13, 9, false, 62, 0);

	const paper_size *a4 = layouts_paper(l, "a4");
	hex_board b = board(13, 9, true);
	map_geom g;
	geom_init(&g, &b, 62);
	tile_plan p;
	tiles_plan(l, a4, g.width, g.height, &p);
	assert_int_equal(p.columns, 5);
	assert_int_equal(p.rows, 3);
	assert_close(p.page_width, 210, EPS);
	assert_close(p.step_x, 184, EPS);
	assert_close(p.step_y, 251, EPS);

	geom_init(&g, &b, 30);
	tiles_plan(l, a4, g.width, g.height, &p);
	assert_int_equal(p.columns, 2);
	assert_int_equal(p.rows, 2);
	assert_close(p.page_width, 297, EPS);   /* landscape wins */
}

static void test_tiles_noord_zuid_tables(void **state)
{
	const layouts *l = *state;
	check_plan(l, "a4", 20, 12, false, 120, 84);   /* 14 x 6 portrait */
	check_plan(l, "letter", 20, 12, false, 120, 0);
	check_plan(l, "a4", 45, 3, false, 120, 60);    /* 30 x 2 */
	check_plan(l, "a4", 60, 40, false, 120, 680);
	check_plan(l, "letter", 60, 40, false, 120, 0);
	check_plan(l, "a4", 120, 80, false, 120, 0);
	check_plan(l, "a4", 5, 3, false, 10, 1);       /* fits one page */
	check_plan(l, "letter", 5, 3, true, 10, 1);
}

static void test_tiles_exact_fit(void **state)
{
	const layouts *l = *state;
	const paper_size *a4 = layouts_paper(l, "a4");
	tile_plan p;
	/* A4 portrait area is 194 x 261, step 184 x 251. */
	tiles_plan(l, a4, 194, 261, &p);
	assert_int_equal(p.columns * p.rows, 1);
	tiles_plan(l, a4, 194 + 184, 100, &p);          /* exactly two columns */
	assert_int_equal(p.columns, 2);
	assert_int_equal(p.rows, 1);
	tiles_plan(l, a4, 194 + 184 + 0.01, 100, &p);   /* a hair more: three, or landscape */
	assert_true(p.columns * p.rows >= 2);
	double covered = (p.columns - 1) * p.step_x + p.area_width;
	assert_true(covered >= 194 + 184 + 0.01);
}

static void test_tiles_fewest_pages(void **state)
{
	const layouts *l = *state;
	/* Whatever the map, the plan never needs more pages than the other
	 * orientation would. */
	const char *papers[] = { "a4", "letter" };
	for (int k = 0; k < 2; k++) {
		const paper_size *paper = layouts_paper(l, papers[k]);
		for (double w = 50; w < 3000; w += 137.3) {
			for (double h = 50; h < 2000; h += 91.7) {
				tile_plan p;
				tiles_plan(l, paper, w, h, &p);
				int ec, er;
				bool landscape;
				expected_plan(l, paper->width, paper->height, w, h, &ec, &er, &landscape);
				if (p.columns * p.rows != ec * er)
					fail_msg("%s %.1f x %.1f mm: %d pages, expected %d", papers[k], w, h,
						p.columns * p.rows, ec * er);
			}
		}
	}
}

/* A tile margin that leaves a cut mark no room outside the printer's
 * edge band is refused when the layouts are read, naming the least. */
static void test_layout_margin_too_small(void **state)
{
	(void)state;
	char path[] = "/tmp/orbat-layouts-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	assert_non_null(f);
	fputs("<layouts xmlns=\"urn:orbat:layouts:1\"><paper id=\"a4\" width=\"210\" height=\"297\"/>"
	      "<tiles margin=\"7\" overlap=\"10\" footer=\"20\" edge=\"5\"/>"
	      "<poster border=\"15\" bleed=\"3\" edge=\"5\"/></layouts>\n", f);
	fclose(f);
	diag_sink sink;
	diag_sink_init(&sink);
	layouts *l = layouts_load(path, &sink);
	unlink(path);
	assert_null(l);
	assert_int_equal(sink.count, 1);
	assert_string_equal(sink.items[0].rule, "layouts");
	assert_non_null(strstr(sink.items[0].message, "at least 8 mm"));
	diag_sink_finish(&sink);
}

int main(void)
{
	const struct CMUnitTest geometry[] = {
		cmocka_unit_test(test_centres_battlecry_board),
		cmocka_unit_test(test_centres_rectangular_board),
		cmocka_unit_test(test_centres_other_sizes),
		cmocka_unit_test(test_neighbours_one_hex_apart),
		cmocka_unit_test(test_hex_outline),
		cmocka_unit_test(test_map_size),
		cmocka_unit_test(test_square_canvas_and_centres),
		cmocka_unit_test(test_square_outline),
		cmocka_unit_test(test_square_neighbours),
		cmocka_unit_test(test_section_lines),
	};
	const struct CMUnitTest tiles[] = {
		cmocka_unit_test(test_layout_values),
		cmocka_unit_test(test_layout_margin_too_small),
		cmocka_unit_test(test_tiles_battlecry_board),
		cmocka_unit_test(test_tiles_noord_zuid_tables),
		cmocka_unit_test(test_tiles_exact_fit),
		cmocka_unit_test(test_tiles_fewest_pages),
	};
	int failed = cmocka_run_group_tests_name("geometry", geometry, NULL, NULL);
	failed += cmocka_run_group_tests_name("tiles", tiles, setup_layouts, teardown_layouts);
	return failed ? 1 : 0;
}
