/* What a hex map (the Battle Cry and Noord tegen Zuid rulesets) has that
 * a square map has not: the home edges and section names in the frame,
 * objectives, and counters showing figures; its legend.  The terrain,
 * grid, section lines and addresses are drawn for both grids by
 * mapdraw.c. */
#include "mappaint.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../base/util.h"
#include "names.h"
#include "terrainpaint.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* Aliases of the shared palette (mappaint.h), short for the many uses. */
#define PAPER PAINT_PAPER
#define GRID PAINT_GRID
#define INK PAINT_INK
#define SECTION PAINT_SECTION

static void set(cairo_t *cr, rgb c)
{
	paint_set(cr, c);
}

/* ---- units, generals, objectives ---- */

static void unit_counter(const render_ctx *rc, cairo_t *cr, const map_geom *g, const sc_unit *u,
	double cx, double cy, double w, double h)
{
	/* Figures, large; the id under the counter. */
	const char *type = u->type.text ? u->type.text : "";
	const rs_unit_type *t = ruleset_find_unit_type(rc->rs, type);
	int figures = u->figures.given && u->figures.valid ? (int)u->figures.value : t ? t->figures : 0;
	char buf[16];
	snprintf(buf, sizeof buf, "%d", figures);
	char *name = names_unit(rc, u);
	paint_counter(rc, cr, type, u->side, buf, name, paint_clamp(g->cell * 0.055, 1.6, 4.5), cx, cy, w, h);
	free(name);
}

static void draw_general(const render_ctx *rc, cairo_t *cr, const map_geom *g,
	const sc_general *gen, double cx, double cy)
{
	char *name = names_general(rc, gen);
	paint_general(rc, cr, gen->side, name, cx, cy, g->cell * 0.085,
		paint_clamp(g->cell * 0.055, 1.6, 4.5), g->cell * 0.52);
	free(name);
}

static void draw_objective(const render_ctx *rc, cairo_t *cr, const map_geom *g,
	const sc_objective *o, double cx, double cy)
{
	double r = g->cell * 0.085;
	double x = cx + g->cell * 0.27, y = cy - g->cell * 0.20;
	cairo_arc(cr, x, y, r, 0, 2 * M_PI);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill_preserve(cr);
	set(cr, SECTION);
	cairo_set_line_width(cr, r * 0.22);
	cairo_stroke(cr);
	char buf[24];
	snprintf(buf, sizeof buf, "%ld", o->vp.value);
	text_style st = { FONT_TEXT, r * 1.1, true, false, ALIGN_CENTER, SECTION.r, SECTION.g, SECTION.b };
	text_draw(rc, cr, buf, &st, x, y - r * 0.72, 0);
}

/* The objective, up to two of the hex's units (in file order), and its
 * general. */
static void draw_occupants(const map_canvas *mc, const position_cell *c, double cx, double cy)
{
	const render_ctx *rc = mc->rc;
	cairo_t *cr = mc->cr;
	const map_geom *g = mc->g;
	const scenario *sc = rc->sc;
	if (c->objectives.first >= 0)
		draw_objective(rc, cr, g, &sc->objectives[c->objectives.first], cx, cy);

	long units[4];
	int n = 0;
	position_walk walk;
	position_units_begin(c, &walk);
	for (long k; n < 4 && (k = position_units_next(mc->pos, &walk)) >= 0;)
		units[n++] = k;
	double w = g->cell * 0.50, hgt = g->cell * 0.22;
	if (n == 1) {
		unit_counter(rc, cr, g, &sc->units[units[0]], cx, cy + g->cell * 0.06, w, hgt);
	} else if (n >= 2) {
		w *= 0.85;
		hgt *= 0.80;
		for (int i = 0; i < n && i < 2; i++)
			unit_counter(rc, cr, g, &sc->units[units[i]], cx, cy - g->cell * 0.02 + i * hgt * 1.55, w, hgt);
	}
	if (c->generals.first >= 0)
		draw_general(rc, cr, g, &sc->generals[c->generals.first],
			cx - g->cell * 0.22, cy - g->cell * (n >= 2 ? 0.24 : 0.16));
}

/* ---- frame: edge labels and section names ---- */

static void draw_frame(const map_canvas *mc, double x0, double y0, double x1, double y1)
{
	(void)x0, (void)y0, (void)x1, (void)y1;  /* the labels are few: all drawn */
	const render_ctx *rc = mc->rc;
	cairo_t *cr = mc->cr;
	const map_geom *g = mc->g;
	const scenario *sc = rc->sc;
	text_style st = { FONT_TITLE, paint_clamp(g->frame * 0.30, 3.0, 6.5), true, false, ALIGN_CENTER,
		INK.r, INK.g, INK.b };
	/* Labels of a scaled map's frame: raised to the legible size where
	 * the frame has room for them. */
	double legible = text_min_size(rc, cr);
	st.size = fmax(st.size, fmin(legible, g->frame * 0.3));
	for (size_t s = 0; s < sc->side_count && s < 2; s++) {
		const rs_named *side = ruleset_find_side(rc->rs, sc->sides[s].id.text);
		const char *name = side ? l10n_get(&side->name, rc->lang) : "";
		char label[256];
		snprintf(label, sizeof label, "%s — %s", render_string(rc, "home-edge"), name);
		bool north = str_eq(sc->sides[s].home.text, "north");
		/* At the outer edge of the frame, clear of the section names. */
		double y = north ? g->frame * 0.06 : g->height - g->frame * 0.06 - st.size * 1.4;
		st.r = paint_side(s).r * 0.8;
		st.g = paint_side(s).g * 0.8;
		st.b = paint_side(s).b * 0.8;
		text_draw(rc, cr, label, &st, g->width / 2, y, 0);
	}
	/* Section names along both edges, between the section lines. */
	text_style sec = { FONT_TEXT, paint_clamp(g->frame * 0.20, 2.2, 4.5), false, true, ALIGN_CENTER,
		SECTION.r, SECTION.g, SECTION.b };
	sec.size = fmax(sec.size, fmin(legible, g->frame * 0.3));
	const char *names[3] = { "section-west", "section-centre", "section-east" };
	double xs[GRID_SECTION_LINES_MAX + 2];
	int lines = mapgeom_section_lines(g, xs + 1);
	xs[0] = g->frame;
	xs[lines + 1] = g->frame + g->cells_width;
	for (int i = 0; i <= lines && i < 3; i++) {
		double x = (xs[i] + xs[i + 1]) / 2;
		text_draw(rc, cr, render_string(rc, names[i]), &sec, x, g->frame - sec.size * 1.45, 0);
		text_draw(rc, cr, render_string(rc, names[i]), &sec, x, g->height - g->frame + sec.size * 0.1, 0);
	}
}

/* The hexes touching a rectangle: their indices, in reading order. */
static size_t visible_hexes(const map_geom *g, double x0, double y0, double x1, double y1, size_t *out)
{
	/* A hex's drawing (names of generals included) stays within about
	 * one hex of its centre. */
	double reach = g->cell;
	size_t n = grid_count(&g->board), k = 0;
	for (size_t i = 0; i < n; i++) {
		double cx, cy;
		mapgeom_center(g, grid_from_index(&g->board, i), &cx, &cy);
		if (cx + reach >= x0 && cx - reach <= x1 && cy + reach >= y0 && cy - reach <= y1)
			out[k++] = i;
	}
	return k;
}

/* ---- legend ---- */

/* Every terrain, fieldworks, the unit types, general, objective, section
 * line. */
static size_t legend_count(const render_ctx *rc)
{
	return rc->rs->terrain_count + 1 + rc->rs->unit_type_count + 3;
}

static const char *legend_entry(const render_ctx *rc, cairo_t *cr, const void *ctx, size_t i,
	double ex, double ey, double swatch)
{
	(void)ctx;
	const ruleset *rs = rc->rs;
	if (i < rs->terrain_count) {
		terrainpaint_swatch(rc, cr, &grid_hex_ops, rs->terrains[i].id, false, ex, ey, swatch);
		return l10n_get(&rs->terrains[i].name, rc->lang);
	}
	if (i == rs->terrain_count) {
		terrainpaint_swatch(rc, cr, &grid_hex_ops, NULL, true, ex, ey, swatch);
		return l10n_get(&rs->fieldworks.name, rc->lang);
	}
	if (i < rs->terrain_count + 1 + rs->unit_type_count) {
		const rs_unit_type *t = &rs->unit_types[i - rs->terrain_count - 1];
		sc_unit u = { 0 };
		u.type.text = t->id;
		u.id.text = (char *)"";
		u.name.text = (char *)"";  /* a sample: no name under it */
		map_geom g = { .cell = swatch * 1.6 };
		unit_counter(rc, cr, &g, &u, ex + swatch / 2, ey + swatch / 2, swatch * 1.0, swatch * 0.5);
		return l10n_get(&t->name, rc->lang);
	}
	size_t k = i - rs->terrain_count - 1 - rs->unit_type_count;
	if (k == 0) {
		paint_star_path(cr, ex + swatch / 2, ey + swatch / 2, swatch * 0.3);
		paint_set(cr, PAINT_GOLD);
		cairo_fill_preserve(cr);
		set(cr, INK);
		cairo_set_line_width(cr, 0.3);
		cairo_stroke(cr);
		return l10n_get(&rs->general.name, rc->lang);
	}
	if (k == 1) {
		cairo_arc(cr, ex + swatch / 2, ey + swatch / 2, swatch * 0.25, 0, 2 * M_PI);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_fill_preserve(cr);
		set(cr, SECTION);
		cairo_set_line_width(cr, 0.5);
		cairo_stroke(cr);
		return render_string(rc, "objective");
	}
	double dash[2] = { 1.2, 0.8 };
	cairo_set_dash(cr, dash, 2, 0);
	set(cr, SECTION);
	cairo_set_line_width(cr, 0.6);
	cairo_move_to(cr, ex + swatch / 2, ey);
	cairo_line_to(cr, ex + swatch / 2, ey + swatch);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	return render_string(rc, "section-line");
}

const map_painter hexdraw_painter = {
	.visible = visible_hexes,
	.grid_line = 0.006,
	/* Centred at the top of the hex. */
	.address = { 0.07, 1.5, 6, ALIGN_CENTER, 0, 0, -0.82, 0 },
	/* No lines over the grid but the section lines, no labels over
	 * the occupants. */
	.occupants = draw_occupants, .frame = draw_frame,
	.legend_count = legend_count, .legend_entry = legend_entry,
};
