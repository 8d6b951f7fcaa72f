/* A die of the ruleset as an SVG picture (diepaint.h). */
#include "diepaint.h"

#include <cairo-svg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../render/paint.h"
#include "../render/svgids.h"
#include "emblem.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* The picture's side in points: the page scales it. */
#define DIE_SIZE 48.0

static const rs_face *hex_face(const ruleset *rs, const char *face)
{
	for (size_t i = 0; face && i < rs->face_count; i++)
		if (strcmp(rs->faces[i].id, face) == 0)
			return &rs->faces[i];
	return NULL;
}

/* The square grid's face as a number of its die, else 0. */
static int square_face(const ruleset *rs, const char *face)
{
	if (rs->grid != GRID_SQUARE || !face || !*face || strlen(face) > 2)
		return 0;
	char *end = NULL;
	long v = strtol(face, &end, 10);
	return *end || v < 1 || v > rs->square.die_faces ? 0 : (int)v;
}

bool diepaint_is_face(const ruleset *rs, const char *face)
{
	return hex_face(rs, face) || square_face(rs, face) > 0;
}

/* The pips of n (1 to 9) on a 3 × 3 grid of the die's inner square. */
static void pips(cairo_t *cr, int n, double x, double y, double side)
{
	static const char *const LAYOUT[10] = { "", "....o....", "o.......o", "o...o...o", "o.o...o.o", "o.o.o.o.o",
		"o.oo.oo.o", "o.ooooo.o", "oooo.oooo", "ooooooooo" };
	const char *l = LAYOUT[n < 0 || n > 9 ? 0 : n];
	for (int k = 0; l[k]; k++)
		if (l[k] == 'o') {
			cairo_new_sub_path(cr);
			cairo_arc(cr, x + side * (0.2 + 0.3 * (k % 3)), y + side * (0.2 + 0.3 * (k / 3)), side * 0.09, 0,
				2 * M_PI);
		}
	cairo_fill(cr);
}

static void draw(cairo_t *cr, const ruleset *rs, const rs_face *hf, int number)
{
	double s = DIE_SIZE, m = s * 0.06;
	paint_rounded_rect(cr, m, m, s - 2 * m, s - 2 * m, s * 0.16);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill_preserve(cr);
	paint_set(cr, PAINT_INK);
	cairo_set_line_width(cr, s * 0.05);
	cairo_stroke(cr);
	double inner = s * 0.64, x = (s - inner) / 2;
	emblem_colours ink = { { 0.1, 0.1, 0.1 }, { 0.35, 0.35, 0.35 }, { 1, 1, 1 } };
	if (number > 0) {
		paint_set(cr, PAINT_INK);
		pips(cr, number, x, x, inner);
	} else if (hf && hf->retreat) {
		emblem_card(cr, EMBLEM_FLAG, s / 2, s / 2, inner, &ink);
	} else if (hf && hf->hits_any) {
		emblem_sabres(cr, s / 2, s / 2, inner, &ink);
	} else if (hf) {
		/* A unit type's face: its symbol in the counters' box. */
		double bw = inner, bh = inner * 0.66;
		paint_type_box(cr, ruleset_unit_symbol(rs, hf->id), x, (s - bh) / 2, bw, bh, s * 0.04);
	}
}

static cairo_status_t write_buf(void *closure, const unsigned char *data, unsigned int length)
{
	bytes_put(closure, data, length);
	return CAIRO_STATUS_SUCCESS;
}

bool diepaint_svg(const ruleset *rs, const char *face, char **svg, size_t *size, char **error)
{
	*svg = NULL;
	*size = 0;
	*error = NULL;
	bool blank = !face || !*face;
	const rs_face *hf = blank ? NULL : hex_face(rs, face);
	int number = blank || hf ? 0 : square_face(rs, face);
	if (!blank && !hf && !number) {
		*error = xasprintf("the die of %s has no face '%s'", rs->id, face);
		return false;
	}
	byte_buf buf = { 0 };
	cairo_surface_t *surface = cairo_svg_surface_create_for_stream(write_buf, &buf, DIE_SIZE, DIE_SIZE);
	cairo_t *cr = cairo_create(surface);
	draw(cr, rs, hf, number);
	/* The context's error, else the surface's once written out. */
	cairo_status_t drawn = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_finish(surface);
	cairo_status_t st = drawn != CAIRO_STATUS_SUCCESS ? drawn : cairo_surface_status(surface);
	cairo_surface_destroy(surface);
	if (st != CAIRO_STATUS_SUCCESS) {
		free(buf.p);
		*error = xasprintf("cannot draw the die: %s", cairo_status_to_string(st));
		return false;
	}
	/* The same face, the same bytes (cairo numbers its surfaces per
	 * process). */
	*svg = svgids_renumber((const char *)buf.p, buf.len, size);
	free(buf.p);
	return true;
}
