/* No word of a square map crosses one of its lines (src/render: the
 * label placer, squaredraw.c): the coast and the borders between sea
 * zones are worked out here from the scenario alone (a square whose
 * neighbour across a side is water where it is land, or another zone),
 * and every label the map placed is measured against them, on the map
 * at full size and reduced as on the scenario sheet.  The sea zones'
 * names must still print, or a map that left every name out would pass. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/diag.h"
#include "base/util.h"
#include "base/xmldoc.h"
#include "geo/grid.h"
#include "model/position.h"
#include "model/ruleset.h"
#include "model/scenario.h"
#include "render/labelplace.h"
#include "render/mapdraw.h"
#include "render/mapgeom.h"
#include "render/render.h"

typedef struct fixture {
	diag_sink sink;
	xml_document *doc;
	scenario *sc;
	ruleset *rs;
	position *pos;
	font_library *fonts;
	string_table *strings;
	render_ctx rc;
} fixture;

static void load(fixture *f, const char *name, lang_id lang)
{
	const char *data = getenv("ORBAT_DATADIR");
	char *path = xasprintf("%s/../scenarios/%s", data, name);
	char *fonts = xasprintf("%s/fonts", data), *i18n = xasprintf("%s/i18n", data);
	diag_sink_init(&f->sink);
	assert_int_equal(xmldoc_load_file(path, name, &f->sink, &f->doc), XMLDOC_OK);
	f->sc = scenario_from_document(f->doc, &f->sink);
	assert_non_null(f->sc);
	f->rs = ruleset_load(data, f->sc->ruleset.text, &f->sink);
	assert_non_null(f->rs);
	f->pos = position_create(f->sc, f->rs);
	char *error = NULL;
	f->fonts = fonts_create(fonts, &error);
	assert_non_null(f->fonts);
	f->strings = strings_load(i18n, &f->sink);
	assert_non_null(f->strings);
	f->rc = (render_ctx){ .fonts = f->fonts, .strings = f->strings, .sc = f->sc, .rs = f->rs, .pos = f->pos,
		.lang = lang, .format = DOC_PDF, .cell_size = 40 };
	assert_true(scenario_grid(f->sc, f->rs, &f->rc.board));
	free(path);
	free(fonts);
	free(i18n);
}

static void unload(fixture *f)
{
	strings_destroy(f->strings);
	fonts_destroy(f->fonts);
	position_destroy(f->pos);
	ruleset_destroy(f->rs);
	scenario_destroy(f->sc);
	xmldoc_destroy(f->doc);
	diag_sink_finish(&f->sink);
}

/* One side of a square where the map draws a line. */
typedef struct side_line {
	double x0, y0, x1, y1;
} side_line;

/* The coast and the zone borders, each side once. */
static size_t map_lines(const fixture *f, const map_geom *g, side_line *out, size_t max)
{
	size_t n = 0, cells = grid_count(&f->rc.board);
	for (size_t i = 0; i < cells; i++) {
		grid_cell cell = grid_from_index(&f->rc.board, i);
		grid_cell around[GRID_NEIGHBOURS_MAX];
		grid_neighbours(&f->rc.board, cell, around);
		double cx, cy, h = g->cell / 2;
		mapgeom_center(g, cell, &cx, &cy);
		/* East and south: each side once. */
		for (int d = 0; d < 4; d++) {
			long other = grid_index(&f->rc.board, around[d]);
			if (other < 0 || (size_t)other < i)
				continue;
			bool sea = position_water(f->pos, cell), other_sea = position_water(f->pos, around[d]);
			bool zones = sea && other_sea && f->pos->cells[i].zone != f->pos->cells[other].zone;
			if (sea == other_sea && !zones)
				continue;
			double ox, oy;
			mapgeom_center(g, around[d], &ox, &oy);
			/* The side between the two centres, across the line
			 * joining them. */
			double mx = (cx + ox) / 2, my = (cy + oy) / 2;
			bool upright = fabs(ox - cx) > fabs(oy - cy);
			assert_true(n < max);
			out[n++] = upright ? (side_line){ mx, my - h, mx, my + h } : (side_line){ mx - h, my, mx + h, my };
		}
	}
	return n;
}

/* Whether a box crosses or covers the line (touching is not crossing). */
static bool crosses(lp_box b, side_line l)
{
	if (l.x0 == l.x1)
		return b.x0 < l.x0 && l.x0 < b.x1 && b.y0 < l.y1 && l.y0 < b.y1;
	return b.y0 < l.y0 && l.y0 < b.y1 && b.x0 < l.x1 && l.x0 < b.x1;
}

/* Draws the map at a scale (page points per map mm) and checks every
 * label against every line; returns how many labels stand wholly on sea
 * and are wider than a square: the sea zones' names. */
static size_t check_map(fixture *f, double scale, size_t *labels)
{
	map_geom g;
	mapgeom_init(&g, &f->rc.board, f->rc.cell_size);
	side_line lines[1024];
	size_t n = map_lines(f, &g, lines, 1024);
	assert_true(n > 20);  /* mb-1861 has a long coast */
	cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(rec);
	cairo_scale(cr, scale, scale);
	label_placer lp;
	mapdraw_map_placed(&f->rc, cr, &g, &lp);
	size_t sea_names = 0;
	*labels = 0;
	for (size_t i = 0; i < lp.count; i++) {
		if (lp.placed[i] != LP_LABEL)
			continue;
		(*labels)++;
		lp_box b = lp.boxes[i];
		for (size_t k = 0; k < n; k++) {
			if (crosses(b, lines[k]))
				fail_msg("a label at (%.1f, %.1f)-(%.1f, %.1f) mm crosses the line (%.1f, %.1f)-(%.1f, %.1f)",
					b.x0, b.y0, b.x1, b.y1, lines[k].x0, lines[k].y0, lines[k].x1, lines[k].y1);
		}
		/* A zone's name: wider than half a square (an address or a
		 * ship's label is not), its four corners at sea. */
		bool sea = b.x1 - b.x0 > g.cell * 0.5;
		double xs[2] = { b.x0, b.x1 }, ys[2] = { b.y0, b.y1 };
		for (int c = 0; c < 4 && sea; c++) {
			double px = xs[c & 1], py = ys[c >> 1];
			int col = (int)floor((px - g.frame) / g.cell), row = (int)floor((py - g.frame) / g.cell);
			grid_cell cell = { col, row };
			sea = grid_index(&f->rc.board, cell) >= 0 && position_water(f->pos, cell);
		}
		sea_names += sea;
	}
	labelplace_free(&lp);
	cairo_destroy(cr);
	cairo_surface_destroy(rec);
	return sea_names;
}

static void test_no_label_crosses_a_line(void **state)
{
	(void)state;
	const lang_id langs[] = { LANG_EN, LANG_NL, LANG_FR };
	for (size_t l = 0; l < 3; l++) {
		fixture f;
		load(&f, "mb-1861.xml", langs[l]);
		size_t labels;
		/* Full size (a poster point per map point), and reduced to the
		 * scenario sheet's map of about 0.3. */
		size_t full = check_map(&f, PT_PER_MM, &labels);
		assert_true(labels > 300);
		assert_true(full >= 6);  /* of the eight zones */
		size_t reduced = check_map(&f, PT_PER_MM * 0.3, &labels);
		assert_true(labels > 100);
		assert_true(reduced >= 4);
		unload(&f);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_label_crosses_a_line),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
