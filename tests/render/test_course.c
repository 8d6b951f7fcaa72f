/* The course water takes over a map (render/terrainpaint.c): streams and
 * rivers are drawn along a tree of joins between water cells, so three
 * mutually adjacent water hexes never make a closed triangle of streams
 * (shiloh K8, L8, L9) and a stream touching a river twice no ring, while
 * every stretch of water stays joined up as it was. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/util.h"
#include "base/xmldoc.h"
#include "geo/grid.h"
#include "model/position.h"
#include "model/ruleset.h"
#include "model/scenario.h"
#include "render/mapgeom.h"
#include "render/paint.h"
#include "render/render.h"
#include "render/terrainpaint.h"

typedef struct fixture {
	diag_sink sink;
	xml_document *doc;
	scenario *sc;
	ruleset *rs;
	position *pos;
	render_ctx rc;
	map_geom g;
	terrain_course *course;
} fixture;

static void made(fixture *f)
{
	assert_non_null(f->doc);
	f->sc = scenario_from_document(f->doc, &f->sink);
	assert_non_null(f->sc);
	f->rs = ruleset_load(getenv("ORBAT_DATADIR"), f->sc->ruleset.text, &f->sink);
	assert_non_null(f->rs);
	f->pos = position_create(f->sc, f->rs);
	f->rc = (render_ctx){ .sc = f->sc, .rs = f->rs, .pos = f->pos };
	assert_true(scenario_grid(f->sc, f->rs, &f->rc.board));
	mapgeom_init(&f->g, &f->rc.board, 60);
	f->course = terrainpaint_course(&f->rc, &f->g, f->pos);
}

/* A battlecry-1999 scenario on a 6 × 5 board with the given terrain. */
static void load_text(fixture *f, const char *terrain)
{
	char *xml = xasprintf("<?xml version=\"1.0\"?>\n"
			      "<scenario xmlns=\"urn:orbat:scenario:1\" id=\"t\" ruleset=\"battlecry-1999\">\n"
			      "<title xml:lang=\"en\">T</title><board columns=\"6\" rows=\"5\"/>\n"
			      "<terrain>%s</terrain>\n</scenario>\n", terrain);
	diag_sink_init(&f->sink);
	assert_int_equal(xmldoc_load_memory("t.xml", xml, strlen(xml), &f->sink, &f->doc), XMLDOC_OK);
	free(xml);
	made(f);
}

static void load_file(fixture *f, const char *name)
{
	char *path = xasprintf("%s/../scenarios/%s", getenv("ORBAT_DATADIR"), name);
	diag_sink_init(&f->sink);
	assert_int_equal(xmldoc_load_file(path, name, &f->sink, &f->doc), XMLDOC_OK);
	free(path);
	made(f);
}

static void unload(fixture *f)
{
	terrainpaint_course_free(f->course);
	position_destroy(f->pos);
	ruleset_destroy(f->rs);
	scenario_destroy(f->sc);
	xmldoc_destroy(f->doc);
	diag_sink_finish(&f->sink);
}

static grid_cell at(const fixture *f, const char *address)
{
	grid_cell c;
	assert_true(grid_parse(&f->rc.board, address, &c));
	return c;
}

/* Whether the course joins a to its neighbour b, asserting that both
 * cells agree on it. */
static bool joined(const fixture *f, grid_cell a, grid_cell b)
{
	const grid_board *board = &f->rc.board;
	int sides = grid_board_ops(board)->side_neighbours;
	grid_cell na[GRID_NEIGHBOURS_MAX], nb[GRID_NEIGHBOURS_MAX];
	grid_neighbours(board, a, na);
	grid_neighbours(board, b, nb);
	int da = -1, db = -1;
	for (int d = 0; d < sides; d++) {
		if (na[d].col == b.col && na[d].row == b.row)
			da = d;
		if (nb[d].col == a.col && nb[d].row == a.row)
			db = d;
	}
	assert_true(da >= 0 && db >= 0);
	bool ab = terrainpaint_course_joins(f->course, (size_t)grid_index(board, a)) & (1u << da);
	bool ba = terrainpaint_course_joins(f->course, (size_t)grid_index(board, b)) & (1u << db);
	assert_int_equal(ab, ba);
	return ab;
}

static bool wet(const fixture *f, grid_cell c)
{
	const position_cell *p = position_at(f->pos, c);
	const char *type = p && p->terrain_entry >= 0 ? f->sc->terrain[p->terrain_entry].type.text : NULL;
	const rs_terrain *t = type ? ruleset_find_terrain(f->rs, type) : ruleset_unlisted_terrain(f->rs);
	return t && (t->water || t->crosses_water);
}

static int joins_among(const fixture *f, const char *a, const char *b, const char *c)
{
	grid_cell x = at(f, a), y = at(f, b), z = at(f, c);
	assert_true(grid_adjacent(&f->rc.board, x, y));
	assert_true(grid_adjacent(&f->rc.board, y, z));
	return joined(f, x, y) + joined(f, y, z) + (grid_adjacent(&f->rc.board, x, z) ? joined(f, x, z) : 0);
}

static void test_triangle_of_streams_is_open(void **state)
{
	(void)state;
	fixture f;
	/* B2, B3 and C3 touch each other (row 2 is shifted east). */
	load_text(&f, "<hex at=\"B2\" type=\"stream\"/><hex at=\"B3\" type=\"stream\"/>"
		"<hex at=\"C3\" type=\"stream\"/>");
	assert_true(grid_adjacent(&f.rc.board, at(&f, "B2"), at(&f, "C3")));
	assert_int_equal(joins_among(&f, "B2", "B3", "C3"), 2);
	unload(&f);
}

static void test_line_of_streams_is_whole(void **state)
{
	(void)state;
	fixture f;
	load_text(&f, "<hex at=\"A3\" type=\"stream\"/><hex at=\"B3\" type=\"stream\"/>"
		"<hex at=\"C3\" type=\"stream\"/><hex at=\"E1\" type=\"stream\"/>");
	assert_int_equal(joins_among(&f, "A3", "B3", "C3"), 2);
	/* Alone, a stream joins nothing (it is drawn straight across). */
	assert_int_equal(terrainpaint_course_joins(f.course, (size_t)grid_index(&f.rc.board, at(&f, "E1"))), 0);
	unload(&f);
}

/* The bundled shiloh: no loop anywhere (joins kept = water cells less the
 * stretches of water), every stretch still one piece, and the creek at
 * K8-L9 meets the river L8-M9 once. */
static long root(long *parent, long i)
{
	while (parent[i] != i)
		i = parent[i];
	return i;
}

static void test_shiloh_is_a_forest(void **state)
{
	(void)state;
	fixture f;
	load_file(&f, "shiloh.xml");
	const grid_board *b = &f.rc.board;
	size_t n = grid_count(b);
	long *all = xmalloc(n * sizeof *all), *kept = xmalloc(n * sizeof *kept);
	for (size_t i = 0; i < n; i++)
		all[i] = kept[i] = (long)i;
	size_t cells = 0, edges = 0, stretches = 0;
	for (size_t i = 0; i < n; i++) {
		grid_cell c = grid_from_index(b, i), around[GRID_NEIGHBOURS_MAX];
		if (!wet(&f, c))
			continue;
		cells++;
		grid_neighbours(b, c, around);
		for (int d = 0; d < grid_board_ops(b)->side_neighbours; d++) {
			long k = grid_index(b, around[d]);
			if (k <= (long)i || !wet(&f, around[d]))
				continue;
			all[root(all, k)] = root(all, (long)i);
			if (joined(&f, c, around[d])) {
				edges++;
				/* A join closing a loop would find both ends joined. */
				assert_true(root(kept, k) != root(kept, (long)i));
				kept[root(kept, k)] = root(kept, (long)i);
			}
		}
	}
	for (size_t i = 0; i < n; i++)
		if (wet(&f, grid_from_index(b, i)) && root(all, (long)i) == (long)i)
			stretches++;
	assert_true(cells > 10);
	assert_int_equal(edges, cells - stretches);
	for (size_t i = 0; i < n; i++)
		if (wet(&f, grid_from_index(b, i)))
			assert_int_equal(root(kept, (long)i) == (long)i, root(all, (long)i) == (long)i);
	/* The creek runs K8-L9 and no closed triangle with the river's L8. */
	assert_true(joins_among(&f, "K8", "L8", "L9") < 3);
	assert_true(joined(&f, at(&f, "K8"), at(&f, "L9")));
	assert_int_equal(joined(&f, at(&f, "K8"), at(&f, "L8")) + joined(&f, at(&f, "L9"), at(&f, "L8")) +
		joined(&f, at(&f, "L9"), at(&f, "M9")), 1);
	free(all);
	free(kept);
	unload(&f);
}

static unsigned joins_of(const fixture *f, const char *address)
{
	return terrainpaint_course_joins(f->course, (size_t)grid_index(&f->rc.board, at(f, address)));
}

/* Whether the pixel at x, y (device) is the course line's colour. */
static bool line_pixel(cairo_surface_t *img, int x, int y)
{
	const unsigned char *p = cairo_image_surface_get_data(img) + y * cairo_image_surface_get_stride(img) + x * 4;
	uint32_t v = *(const uint32_t *)(const void *)p;
	double r = ((v >> 16) & 0xff) / 255.0, g = ((v >> 8) & 0xff) / 255.0, b = (v & 0xff) / 255.0;
	return fabs(r - PAINT_WATER_LINE.r) < 0.06 && fabs(g - PAINT_WATER_LINE.g) < 0.06
		&& fabs(b - PAINT_WATER_LINE.b) < 0.06;
}

/* The fixture's map painted as a map paints it (every cell, then the
 * water), at `scale` pixels per mm. */
static cairo_surface_t *paint_map(const fixture *f, double scale)
{
	cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)(f->g.width * scale),
		(int)(f->g.height * scale));
	cairo_t *cr = cairo_create(img);
	cairo_scale(cr, scale, scale);
	size_t n = grid_count(&f->rc.board);
	size_t *shown = xmalloc(n * sizeof *shown);
	for (size_t i = 0; i < n; i++) {
		shown[i] = i;
		terrainpaint_position_cell(&f->rc, cr, &f->g, f->pos, grid_from_index(&f->rc.board, i), false);
	}
	terrainpaint_water(&f->rc, cr, &f->g, f->pos, f->course, shown, n);
	free(shown);
	cairo_destroy(cr);
	cairo_surface_flush(img);
	return img;
}

/* A town on a stream: the map shows water only where the rules have a
 * stream.  The stream's ends stop at the town's sides and nothing joins
 * into the town's hex (first-bull-run: Young's Branch either side of the
 * Stone House at F4, which is buildings, not stream). */
static void test_stream_stops_at_a_town(void **state)
{
	(void)state;
	fixture f;
	load_text(&f, "<hex at=\"A3\" type=\"stream\"/><hex at=\"B3\" type=\"stream\"/>"
		"<hex at=\"C3\" type=\"buildings\"/><hex at=\"D3\" type=\"stream\"/>"
		"<hex at=\"E3\" type=\"stream\"/>");
	assert_int_equal(joins_of(&f, "C3"), 0);
	assert_false(joined(&f, at(&f, "B3"), at(&f, "C3")));
	assert_false(joined(&f, at(&f, "C3"), at(&f, "D3")));
	assert_true(joined(&f, at(&f, "A3"), at(&f, "B3")));
	assert_true(joined(&f, at(&f, "D3"), at(&f, "E3")));
	/* As painted: no course line across the town's middle. */
	const double scale = 4;
	cairo_surface_t *img = paint_map(&f, scale);
	double cx, cy;
	mapgeom_center(&f.g, at(&f, "C3"), &cx, &cy);
	int wet = 0;
	for (int x = (int)((cx - f.g.cell * 0.3) * scale); x <= (int)((cx + f.g.cell * 0.3) * scale); x++)
		wet += line_pixel(img, x, (int)(cy * scale));
	assert_int_equal(wet, 0);
	cairo_surface_destroy(img);
	unload(&f);
	load_file(&f, "first-bull-run.xml");
	assert_int_equal(joins_of(&f, "F4"), 0);
	unload(&f);
}

/* Painted as a map paints it, a row of stream hexes and a river through
 * a bridge carry their course line without a break from the far side of
 * the first hex to the far side of the last: no cell's band covers the
 * line of the cell before (it used to, every hex side a gap). */
static void test_course_line_is_unbroken(void **state)
{
	(void)state;
	fixture f;
	load_text(&f, "<hex at=\"B3\" type=\"stream\"/><hex at=\"C3\" type=\"stream\"/>"
		"<hex at=\"D3\" type=\"bridge\"/><hex at=\"E3\" type=\"stream\"/>"
		"<hex at=\"A1\" type=\"river\"/><hex at=\"B1\" type=\"river\"/><hex at=\"C1\" type=\"bridge\"/>"
		"<hex at=\"D1\" type=\"river\"/><hex at=\"E1\" type=\"river\"/>");
	const double scale = 4;  /* pixels per mm */
	cairo_surface_t *img = paint_map(&f, scale);
	/* Each row, and its bridge, whose deck stands over the line. */
	const char *rows[2][3] = { { "B3", "E3", "D3" }, { "A1", "E1", "C1" } };
	for (int r = 0; r < 2; r++) {
		double x0, y0, x1, y1;
		mapgeom_center(&f.g, at(&f, rows[r][0]), &x0, &y0);
		mapgeom_center(&f.g, at(&f, rows[r][1]), &x1, &y1);
		assert_true(fabs(y0 - y1) < 1e-6);
		/* From just inside the first hex's far side to the last's. */
		int from = (int)((x0 - f.g.cell * 0.45) * scale), to = (int)((x1 + f.g.cell * 0.45) * scale);
		double deck, unused;
		mapgeom_center(&f.g, at(&f, rows[r][2]), &deck, &unused);
		int breaks = 0;
		for (int x = from; x <= to; x++)
			if (fabs(x / scale - deck) > f.g.cell * 0.12)
				breaks += !line_pixel(img, x, (int)(y0 * scale));
		if (breaks)
			print_message("%s-%s: %d of %d pixels off the line\n", rows[r][0], rows[r][1], breaks, to - from + 1);
		assert_int_equal(breaks, 0);
	}
	cairo_surface_destroy(img);
	unload(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_triangle_of_streams_is_open),
		cmocka_unit_test(test_line_of_streams_is_whole),
		cmocka_unit_test(test_shiloh_is_a_forest),
		cmocka_unit_test(test_stream_stops_at_a_town),
		cmocka_unit_test(test_course_line_is_unbroken),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
