/* Painting a hex map (the Battle Cry and Noord tegen Zuid rulesets): each
 * hex's terrain as its look in the ruleset says (terrainpaint.c), with
 * watercourses joining the neighbouring water hexes, earthworks, the grid
 * and addresses, section lines, home edges, units, generals and
 * objectives. */
#include "mappaint.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../base/util.h"
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

/* ---- per-hex look-ups built once per map ---- */

typedef struct hex_contents {
	const sc_terrain **terrain; /* per hex index, NULL = clear */
	long *unit_first;           /* per hex: first unit, -1 */
	long *unit_next;            /* per unit */
	long *general_at;           /* per hex: general, -1 */
	long *objective_at;         /* per hex: objective, -1 */
} hex_contents;

static void contents_build(hex_contents *hc, const render_ctx *rc)
{
	const scenario *sc = rc->sc;
	size_t n = hex_count(&rc->board.hex);
	hc->terrain = xcalloc(n, sizeof *hc->terrain);
	hc->unit_first = xmalloc(n * sizeof(long));
	hc->general_at = xmalloc(n * sizeof(long));
	hc->objective_at = xmalloc(n * sizeof(long));
	hc->unit_next = xmalloc((sc->unit_count + 1) * sizeof(long));
	for (size_t i = 0; i < n; i++)
		hc->unit_first[i] = hc->general_at[i] = hc->objective_at[i] = -1;
	for (size_t i = 0; i < sc->terrain_count; i++) {
		long idx = hex_index(&rc->board.hex, sc->terrain[i].at.hex);
		if (idx >= 0)
			hc->terrain[idx] = &sc->terrain[i];
	}
	/* Reverse so each hex lists its units in document order. */
	for (size_t k = sc->unit_count; k-- > 0;) {
		long idx = hex_index(&rc->board.hex, sc->units[k].at.hex);
		hc->unit_next[k] = -1;
		if (idx >= 0) {
			hc->unit_next[k] = hc->unit_first[idx];
			hc->unit_first[idx] = (long)k;
		}
	}
	for (size_t i = 0; i < sc->general_count; i++) {
		long idx = hex_index(&rc->board.hex, sc->generals[i].at.hex);
		if (idx >= 0)
			hc->general_at[idx] = (long)i;
	}
	for (size_t i = 0; i < sc->objective_count; i++) {
		long idx = hex_index(&rc->board.hex, sc->objectives[i].at.hex);
		if (idx >= 0)
			hc->objective_at[idx] = (long)i;
	}
}

static void contents_free(hex_contents *hc)
{
	free(hc->terrain);
	free(hc->unit_first);
	free(hc->unit_next);
	free(hc->general_at);
	free(hc->objective_at);
}

/* The type a scenario gives a hex; NULL when it lists none. */
static const char *terrain_type(const hex_contents *hc, const map_geom *g, hex_coord h)
{
	long idx = hex_index(&g->board.hex, h);
	if (idx < 0 || !hc->terrain[idx])
		return NULL;
	return hc->terrain[idx]->type.text;
}

static void draw_terrain(const render_ctx *rc, cairo_t *cr, const map_geom *g,
	const hex_contents *hc, hex_coord h)
{
	/* Watercourses join the neighbours that hold or span water, in
	 * direction order (east first, then anticlockwise). */
	terrain_links links = { .count = 0 };
	hex_coord around[6];
	hex_neighbours(h, around);
	for (int d = 0; d < 6; d++)
		if (hex_on_board(&g->board.hex, around[d]) && terrainpaint_joins_water(rc, terrain_type(hc, g, around[d])))
			terrainpaint_link(&links, g, around[d]);
	terrainpaint_cell(rc, cr, g, h, terrain_type(hc, g, h), &links);

	long idx = hex_index(&g->board.hex, h);
	if (idx >= 0 && hc->terrain[idx] && hc->terrain[idx]->fieldworks) {
		/* Earthworks: a dark rampart with spikes toward the enemy. */
		double s = g->cell;
		cairo_set_source_rgb(cr, 0.35, 0.22, 0.10);
		cairo_set_line_width(cr, s * 0.035);
		mapgeom_cell_path(cr, g, h, s * 0.06);
		cairo_stroke(cr);
	}
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
	paint_counter(rc, cr, type, u->side, buf, u->id.text ? u->id.text : "",
		paint_clamp(g->cell * 0.055, 1.6, 4.5), cx, cy, w, h);
}

static void draw_general(const render_ctx *rc, cairo_t *cr, const map_geom *g,
	const sc_general *gen, double cx, double cy)
{
	const char *name = gen->name.text ? gen->name.text : gen->id.text ? gen->id.text : "";
	paint_general(rc, cr, gen->side, name, cx, cy, g->cell * 0.085,
		paint_clamp(g->cell * 0.055, 1.6, 4.5), g->cell * 0.52);
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

static void draw_occupants(const render_ctx *rc, cairo_t *cr, const map_geom *g,
	const hex_contents *hc, hex_coord h)
{
	const scenario *sc = rc->sc;
	long idx = hex_index(&g->board.hex, h);
	double cx, cy;
	mapgeom_center(g, h, &cx, &cy);
	if (hc->objective_at[idx] >= 0)
		draw_objective(rc, cr, g, &sc->objectives[hc->objective_at[idx]], cx, cy);

	long units[4];
	int n = 0;
	for (long k = hc->unit_first[idx]; k >= 0 && n < 4; k = hc->unit_next[k])
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
	if (hc->general_at[idx] >= 0)
		draw_general(rc, cr, g, &sc->generals[hc->general_at[idx]],
			cx - g->cell * 0.22, cy - g->cell * (n >= 2 ? 0.24 : 0.16));
}

/* ---- frame: edge labels and section names ---- */

static void draw_frame(const render_ctx *rc, cairo_t *cr, const map_geom *g)
{
	const scenario *sc = rc->sc;
	text_style st = { FONT_TITLE, paint_clamp(g->frame * 0.30, 3.0, 6.5), true, false, ALIGN_CENTER,
		INK.r, INK.g, INK.b };
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
	double xs[4] = { g->frame, mapgeom_section_x(g, 0), mapgeom_section_x(g, 1), g->frame + g->cells_width };
	const char *names[3] = { "section-west", "section-centre", "section-east" };
	for (int i = 0; i < 3; i++) {
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
	size_t n = hex_count(&g->board.hex), k = 0;
	for (size_t i = 0; i < n; i++) {
		double cx, cy;
		mapgeom_center(g, hex_from_index(&g->board.hex, i), &cx, &cy);
		if (cx + reach >= x0 && cx - reach <= x1 && cy + reach >= y0 && cy - reach <= y1)
			out[k++] = i;
	}
	return k;
}

void hexdraw_region(const render_ctx *rc, cairo_t *cr, const map_geom *g,
	double x0, double y0, double x1, double y1)
{
	hex_contents hc;
	contents_build(&hc, rc);
	cairo_save(cr);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);

	size_t *shown = xmalloc((hex_count(&g->board.hex) + 1) * sizeof *shown);
	size_t n = visible_hexes(g, x0, y0, x1, y1, shown);
	for (size_t i = 0; i < n; i++)
		draw_terrain(rc, cr, g, &hc, hex_from_index(&g->board.hex, shown[i]));

	/* Grid over the terrain. */
	set(cr, GRID);
	cairo_set_line_width(cr, fmax(0.15, g->cell * 0.006));
	for (size_t i = 0; i < n; i++)
		mapgeom_cell_path(cr, g, hex_from_index(&g->board.hex, shown[i]), 0);
	cairo_stroke(cr);

	/* Section lines: straight, through the cut hexes of the short rows. */
	double dash[2] = { g->cell * 0.08, g->cell * 0.05 };
	cairo_set_dash(cr, dash, 2, 0);
	set(cr, SECTION);
	cairo_set_line_width(cr, fmax(0.4, g->cell * 0.014));
	for (int line = 0; line < 2; line++) {
		double x = mapgeom_section_x(g, line);
		cairo_move_to(cr, x, g->frame * 0.6);
		cairo_line_to(cr, x, g->height - g->frame * 0.6);
	}
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);

	/* Addresses at the top of each hex. */
	text_style addr = { FONT_TEXT, paint_clamp(g->cell * 0.07, 1.5, 6), false, false, ALIGN_CENTER,
		0.30, 0.28, 0.25 };
	for (size_t i = 0; i < n; i++) {
		hex_coord h = hex_from_index(&g->board.hex, shown[i]);
		char name[HEX_ADDRESS_MAX];
		double cx, cy, w;
		mapgeom_center(g, h, &cx, &cy);
		hex_format(h, name);
		/* A light backing keeps the address legible where a section
		 * line crosses it (the cut hexes of the short rows). */
		double y = cy - g->radius * 0.82;
		if (hex_sections(&g->board.hex, h) & (hex_sections(&g->board.hex, h) - 1)) {
			text_measure(rc, cr, name, &addr, 0, &w, NULL);
			cairo_rectangle(cr, cx - w / 2 - addr.size * 0.2, y, w + addr.size * 0.4, addr.size * 1.3);
			cairo_set_source_rgba(cr, PAPER.r, PAPER.g, PAPER.b, 0.85);
			cairo_fill(cr);
		}
		text_draw(rc, cr, name, &addr, cx, y, 0);
	}

	for (size_t i = 0; i < n; i++)
		draw_occupants(rc, cr, g, &hc, hex_from_index(&g->board.hex, shown[i]));
	draw_frame(rc, cr, g);
	cairo_restore(cr);
	free(shown);
	contents_free(&hc);
}

/* ---- legend ---- */

static void legend_swatch(const render_ctx *rc, cairo_t *cr, const char *terrain, bool fieldworks,
	double x, double y, double s)
{
	/* A one-hex board holding just this terrain (NULL: an unlisted hex),
	 * drawn at swatch size. */
	sc_terrain t = { 0 };
	t.type.text = (char *)terrain;
	t.fieldworks = fieldworks;
	hex_board b;
	hex_board_init(&b, 1, 1, false);
	grid_board board;
	grid_board_hex(&board, &b);
	map_geom g;
	mapgeom_init(&g, &board, s);
	g.frame = 0;
	const sc_terrain *list[1] = { terrain || fieldworks ? &t : NULL };
	hex_contents hc = { .terrain = list };
	cairo_save(cr);
	cairo_translate(cr, x, y - (2 * g.radius - s) / 2);
	draw_terrain(rc, cr, &g, &hc, (hex_coord){ 0, 0 });
	set(cr, GRID);
	cairo_set_line_width(cr, 0.2);
	mapgeom_cell_path(cr, &g, (hex_coord){ 0, 0 }, 0);
	cairo_stroke(cr);
	cairo_restore(cr);
}

double hexdraw_legend(const render_ctx *rc, cairo_t *cr, double x, double y,
	double width, double swatch)
{
	const ruleset *rs = rc->rs;
	/* Text grows with the swatches, so a poster's legend reads as well as
	 * a sheet's. */
	double text_size = fmax(2.8, swatch * 0.40);
	text_style head = { FONT_TITLE, text_size * 1.5, true, false, ALIGN_LEFT, INK.r, INK.g, INK.b };
	double top = y;
	y += text_draw(rc, cr, render_string(rc, "legend"), &head, x, y, 0) + text_size * 0.5;
	text_style label = { FONT_TEXT, text_size, false, false, ALIGN_LEFT, INK.r, INK.g, INK.b };
	double col_w, row_h;
	int cols = paint_legend_grid(width, swatch, text_size, &col_w, &row_h);

	/* Entries: every terrain, fieldworks, the unit types, general,
	 * objective, section line. */
	size_t entries = rs->terrain_count + 1 + rs->unit_type_count + 3;
	for (size_t i = 0; i < entries; i++) {
		double ex = x + (double)(i % (size_t)cols) * col_w;
		double ey = y + (double)(i / (size_t)cols) * row_h;
		const char *text = "";
		if (i < rs->terrain_count) {
			legend_swatch(rc, cr, rs->terrains[i].id, false, ex, ey, swatch);
			text = l10n_get(&rs->terrains[i].name, rc->lang);
		} else if (i == rs->terrain_count) {
			legend_swatch(rc, cr, NULL, true, ex, ey, swatch);
			text = l10n_get(&rs->fieldworks.name, rc->lang);
		} else if (i < rs->terrain_count + 1 + rs->unit_type_count) {
			const rs_unit_type *t = &rs->unit_types[i - rs->terrain_count - 1];
			sc_unit u = { 0 };
			u.type.text = t->id;
			u.id.text = (char *)"";
			map_geom g = { .cell = swatch * 1.6 };
			unit_counter(rc, cr, &g, &u, ex + swatch / 2, ey + swatch / 2, swatch * 1.0, swatch * 0.5);
			text = l10n_get(&t->name, rc->lang);
		} else {
			size_t k = i - rs->terrain_count - 1 - rs->unit_type_count;
			if (k == 0) {
				paint_star_path(cr, ex + swatch / 2, ey + swatch / 2, swatch * 0.3);
				paint_set(cr, PAINT_GOLD);
				cairo_fill_preserve(cr);
				set(cr, INK);
				cairo_set_line_width(cr, 0.3);
				cairo_stroke(cr);
				text = l10n_get(&rs->general.name, rc->lang);
			} else if (k == 1) {
				cairo_arc(cr, ex + swatch / 2, ey + swatch / 2, swatch * 0.25, 0, 2 * M_PI);
				cairo_set_source_rgb(cr, 1, 1, 1);
				cairo_fill_preserve(cr);
				set(cr, SECTION);
				cairo_set_line_width(cr, 0.5);
				cairo_stroke(cr);
				text = render_string(rc, "objective");
			} else {
				double dash[2] = { 1.2, 0.8 };
				cairo_set_dash(cr, dash, 2, 0);
				set(cr, SECTION);
				cairo_set_line_width(cr, 0.6);
				cairo_move_to(cr, ex + swatch / 2, ey);
				cairo_line_to(cr, ex + swatch / 2, ey + swatch);
				cairo_stroke(cr);
				cairo_set_dash(cr, NULL, 0, 0);
				text = render_string(rc, "section-line");
			}
		}
		text_draw(rc, cr, text, &label, ex + swatch + text_size * 0.7, ey + swatch / 2 - label.size * 0.7,
			col_w - swatch - text_size);
	}
	size_t rows = (entries + (size_t)cols - 1) / (size_t)cols;
	return y + (double)rows * row_h - top;
}
