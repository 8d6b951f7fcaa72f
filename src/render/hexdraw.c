/* What a hex map (the Battle Cry and Noord tegen Zuid rulesets) has that
 * a square map has not: the home edges and section names in the frame,
 * objectives, and counters showing figures; its legend.  The terrain,
 * grid, section lines and addresses are drawn for both grids by
 * mapdraw.c. */
#include "mappaint.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "names.h"
#include "specialmarks.h"
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

/* A unit's counter: its type and figures (the roster names the unit),
 * with marks its attribute values' marks (a legend's type has none). */
static void unit_counter(const render_ctx *rc, cairo_t *cr, label_placer *lp, const sc_unit *u, bool marks,
	double cx, double cy, double w, double h)
{
	const char *type = u->type.text ? u->type.text : "";
	const rs_unit_type *t = ruleset_find_unit_type(rc->rs, type);
	int figures = u->figures.given && u->figures.valid ? (int)u->figures.value : t ? t->figures : 0;
	char buf[16];
	snprintf(buf, sizeof buf, "%d", figures);
	char *mark = marks ? names_unit_mark(rc, u) : NULL;
	paint_counter(rc, cr, lp, t ? t->symbol : RS_SYMBOL_NONE, u->side, buf, mark, NULL, 0, cx, cy, w, h);
	free(mark);
}

/* Where a hex's general stands: left of the counters. */
static void general_spot(const map_geom *g, int units, double cx, double cy, double *x, double *y)
{
	*x = cx - g->cell * 0.22;
	*y = cy - g->cell * (units >= 2 ? 0.24 : 0.16);
}

/* Whose an objective is: the index of the scenario's side it counts
 * for, or OBJECTIVE_BOTH. */
#define OBJECTIVE_BOTH ((size_t)-1)
static size_t objective_owner(const scenario *sc, const sc_objective *o)
{
	for (size_t i = 0; i < sc->side_count; i++)
		if (o->for_side.text && str_eq(sc->sides[i].id.text, o->for_side.text))
			return i;
	return OBJECTIVE_BOTH;
}

/* The ring of an objective: its owner's colour, the section red for one
 * that counts for both sides. */
static rgb objective_colour(size_t owner)
{
	return owner == OBJECTIVE_BOTH ? SECTION : paint_side(owner);
}

static void objective_ring(cairo_t *cr, size_t owner, double x, double y, double r)
{
	cairo_arc(cr, x, y, r, 0, 2 * M_PI);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill_preserve(cr);
	set(cr, objective_colour(owner));
	cairo_set_line_width(cr, r * 0.26);
	paint_stroke(cr);
}

/* An objective: a ring in its owner's colour with its points inside, on
 * every map; on a small map the ring grows until the points read. */
static void draw_objective(const render_ctx *rc, cairo_t *cr, label_placer *lp, const map_geom *g,
	const sc_objective *o, double cx, double cy)
{
	double r = fmax(g->cell * 0.085, paint_min_text(rc, cr) / 1.1);
	double x = cx + g->cell * 0.27, y = cy - g->cell * 0.20;
	paint_clear_backdrop_round(cr, lp, x, y, r * 1.45);
	objective_ring(cr, objective_owner(rc->sc, o), x, y, r);
	labelplace_take(lp, labelplace_box(x - r * 1.1, y - r * 1.1, r * 2.2, r * 2.2));
	text_style st = { FONT_TEXT, r * 1.1, true, false, ALIGN_CENTER, INK_BLACK };
	char buf[24];
	snprintf(buf, sizeof buf, "%ld", o->vp.value);
	text_draw(rc, cr, buf, &st, x, y - r * 0.72, 0);
}

/* The owners the scenario's objectives have, in the order side 0, side
 * 1, both: how many, and which into owners (room for three). */
static size_t objective_owners(const scenario *sc, size_t owners[3])
{
	bool seen[3] = { false, false, false };
	for (size_t i = 0; i < sc->objective_count; i++) {
		size_t owner = objective_owner(sc, &sc->objectives[i]);
		seen[owner == OBJECTIVE_BOTH ? 2 : owner < 2 ? owner : 0] = true;
	}
	size_t n = 0;
	for (size_t k = 0; k < 3; k++)
		if (seen[k])
			owners[n++] = k == 2 ? OBJECTIVE_BOTH : k;
	return n;
}

/* The units on a hex, up to max, in file order; returns how many. */
static int hex_units(const map_canvas *mc, const position_cell *c, long *units, int max)
{
	int n = 0;
	position_walk walk;
	position_units_begin(c, &walk);
	for (long k; n < max && (k = position_units_next(mc->pos, &walk)) >= 0;)
		units[n++] = k;
	return n;
}

/* Where the i-th of a hex's n counters stands (up to two shown): its
 * centre and size. */
static void counter_spot(const map_geom *g, int n, int i, double cx, double cy, double *x, double *y, double *w,
	double *h)
{
	*x = cx;
	*w = g->cell * 0.50;
	*h = g->cell * 0.22;
	if (n == 1) {
		*y = cy + g->cell * 0.06;
		return;
	}
	*w *= 0.85;
	*h *= 0.80;
	*y = cy - g->cell * 0.02 + i * *h * 1.55;
}

/* The objective, and with the set-up up to two of the hex's units (in
 * file order) and its general's star. */
static void draw_occupants(const map_canvas *mc, const position_cell *c, double cx, double cy)
{
	const render_ctx *rc = mc->rc;
	cairo_t *cr = mc->cr;
	const map_geom *g = mc->g;
	const scenario *sc = rc->sc;
	if (c->objectives.first >= 0)
		draw_objective(rc, cr, mc->placer, g, &sc->objectives[c->objectives.first], cx, cy);
	if (!mc->setup)
		return;
	long units[2];
	int n = hex_units(mc, c, units, 2);
	for (int i = 0; i < n; i++) {
		double x, y, w, h;
		counter_spot(g, n, i, cx, cy, &x, &y, &w, &h);
		unit_counter(rc, cr, mc->placer, &sc->units[units[i]], true, x, y, w, h);
	}
	if (c->generals.first >= 0) {
		double x, y, r = g->cell * 0.085;
		general_spot(g, n, cx, cy, &x, &y);
		paint_clear_backdrop_round(cr, mc->placer, x, y, r * 1.3);
		paint_general(cr, sc->generals[c->generals.first].side, x, y, r);
		labelplace_take(mc->placer, labelplace_box(x - r, y - r, 2 * r, 2 * r));
	}
}

/* The general's name beside his star, inside his hex. */
static void general_name(const map_canvas *mc, const position_cell *c, double cx, double cy)
{
	const map_geom *g = mc->g;
	if (!mc->setup || c->generals.first < 0)
		return;
	double x, y;
	long units[2];
	general_spot(g, hex_units(mc, c, units, 2), cx, cy, &x, &y);
	char *name = names_general(mc->rc, &mc->rc->sc->generals[c->generals.first]);
	lp_room room;
	room.n = mapgeom_cell_corners(g, cx, cy, g->cell * 0.02, room.x, room.y, LP_ROOM_MAX);
	paint_general_name(mc->rc, mc->cr, mc->placer, name, x, y, g->cell * 0.085, paint_clamp(g->cell * 0.055, 1.6, 4.5),
		g->cell * 0.60, &room);
	free(name);
}

/* On a reduced map the generals' names go before the addresses: at the
 * legible size a name needs the band the address would take, and the
 * address has other spots in its hex. */
static void first_names(const map_canvas *mc, const size_t *shown, size_t n)
{
	if (mc->short_names)
		mapdraw_each_cell(mc, shown, n, general_name);
}

/* With the set-up, the general's name (unless placed first) and each
 * counter's unit by its name, or on a reduced map its short label (never
 * its id), where they are clear. */
static void draw_names(const map_canvas *mc, const position_cell *c, double cx, double cy)
{
	if (!mc->setup)
		return;
	const map_geom *g = mc->g;
	const scenario *sc = mc->rc->sc;
	long units[2];
	int n = hex_units(mc, c, units, 2);
	double size = paint_clamp(g->cell * 0.055, 1.6, 4.5);
	if (!mc->short_names)
		general_name(mc, c, cx, cy);
	for (int i = 0; i < n; i++) {
		double x, y, w, h;
		counter_spot(g, n, i, cx, cy, &x, &y, &w, &h);
		const sc_unit *u = &sc->units[units[i]];
		char *name = mc->short_names ? names_unit_label(mc->rc, u) : names_unit(mc->rc, u);
		if (mc->short_names)
			paint_counter_label(mc->rc, mc->cr, mc->placer, name, x, y, w, h, size);
		else
			paint_counter_name(mc->rc, mc->cr, mc->placer, name, x, y, h, size, g->cell * 0.95);
		free(name);
	}
}

/* ---- frame: edge labels and section names ---- */

/* Which flank a section is for the side at this home edge: a player at
 * the south edge faces north, his left is the west; at the north edge
 * it is the east.  Sections between the outer two are his centre. */
static const char *flank_view(int section, int sections, bool north)
{
	int from_left = north ? sections - 1 - section : section;
	if (sections < 2 || (from_left > 0 && from_left < sections - 1))
		return "section-view-centre";
	return from_left == 0 ? "section-view-left" : "section-view-right";
}

/* "Union left / Confederacy right": the section as both sides call it. */
static char *section_label(const render_ctx *rc, int section, int sections)
{
	const scenario *sc = rc->sc;
	char *parts[2] = { NULL, NULL };
	size_t count = 0;
	for (size_t s = 0; s < sc->side_count && s < 2; s++) {
		const rs_named *side = ruleset_find_side(rc->rs, sc->sides[s].id.text);
		const char *name = side ? l10n_get(&side->name, rc->lang) : sc->sides[s].id.text;
		bool north = str_eq(sc->sides[s].home.text, "north");
		const char *pairs[] = { "side", name ? name : "", NULL };
		parts[count++] = strings_expand(render_string(rc, flank_view(section, sections, north)), pairs);
	}
	char *label = count == 2 ? xasprintf("%s / %s", parts[0], parts[1]) : xstrdup(count ? parts[0] : "");
	free(parts[0]);
	free(parts[1]);
	return label;
}

/* Where an edge's words go on a tile whose cut runs through the frame
 * (the tiles cover the hexes and leave the frame off when it would take
 * more sheets): just inside the cut, in the notches between the first
 * (or last) row's tips, the one nearest x first: the tip of a hex carries
 * its address.  Returns the count of spots written (at most max); 0
 * when the frame's own line shows on this region. */
#define EDGE_SPOTS 6
static int cut_spots(const map_geom *g, double x, double lo, double hi, bool north, double x0, double y0,
	double x1, double y1, double line_y, paint_spot *out, int max)
{
	double inset = 0.8;
	bool cut = north ? line_y < y0 + inset : line_y > y1 - inset;
	if (!cut)
		return 0;
	double y = north ? y0 + inset : y1 - inset;
	/* The centres of the edge row: the cells nearest the edge. */
	size_t n = grid_count(&g->board);
	double edge = north ? INFINITY : -INFINITY;
	for (size_t i = 0; i < n; i++) {
		double cx, cy;
		mapgeom_center(g, grid_from_index(&g->board, i), &cx, &cy);
		edge = north ? fmin(edge, cy) : fmax(edge, cy);
	}
	double notches[EDGE_SPOTS];
	double dist[EDGE_SPOTS];
	int count = 0;
	for (size_t i = 0; i < n; i++) {
		double cx, cy;
		mapgeom_center(g, grid_from_index(&g->board, i), &cx, &cy);
		if (fabs(cy - edge) > 0.01 * g->cell)
			continue;
		double nx = cx + g->cell / 2, d = fabs(nx - x);
		/* Whole on this region: a word cut by the tile's edge reads on
		 * neither tile. */
		double half = g->cell * 0.5;
		if (nx < lo || nx > hi || nx - half < x0 || nx + half > x1)
			continue;
		/* Keep the nearest EDGE_SPOTS, sorted by distance. */
		int k = count < EDGE_SPOTS ? count++ : EDGE_SPOTS;
		if (k == EDGE_SPOTS && d >= dist[EDGE_SPOTS - 1])
			continue;
		if (k == EDGE_SPOTS)
			k--;
		while (k > 0 && dist[k - 1] > d) {
			dist[k] = dist[k - 1];
			notches[k] = notches[k - 1];
			k--;
		}
		dist[k] = d;
		notches[k] = nx;
	}
	int written = 0;
	for (int i = 0; i < count && written < max; i++)
		out[written++] = (paint_spot){ notches[i], y, 0.5, north ? 0 : 1 };
	return written;
}

/* Where a tile cuts the map the words of an edge stand in the notches of
 * the first row, over the cells' tips: on a plate of the page's white, so
 * that no outline runs through them. */
static const rgb CUT_BACKING = { 1, 1, 1 };

/* A section's name on an edge: in the notches of a cut (count of them
 * in cut), else at one of the frame's two spots. */
static void edge_words(const map_canvas *mc, const char *label, const text_style *st, int count,
	const paint_spot *cut, double room, const paint_spot frame[2])
{
	if (count)
		paint_place_text_backed(mc->rc, mc->cr, mc->placer, label, st, mc->g->cell * 0.9, cut, count,
			CUT_BACKING);
	else
		paint_place_text(mc->rc, mc->cr, mc->placer, label, st, room, frame, 2);
}

static void draw_frame(const map_canvas *mc, double x0, double y0, double x1, double y1)
{
	const render_ctx *rc = mc->rc;
	cairo_t *cr = mc->cr;
	const map_geom *g = mc->g;
	const scenario *sc = rc->sc;
	/* The labels of an edge the region does not reach (a tile in the
	 * middle of the map) are left out: none of their words would show.
	 * A label reaches at most a cell past the frame. */
	double reach = g->frame + g->cell;
	bool shows[2] = { y0 < reach, y1 > g->height - reach };  /* north, south */
	text_style st = { FONT_TITLE, paint_clamp(g->frame * 0.30, 3.0, 6.5), true, false, ALIGN_CENTER,
		INK.r, INK.g, INK.b };
	/* On a much reduced map the legible size can be taller than the
	 * frame: the label then reaches over the tips of the first row's
	 * cells, where nothing else stands (the placer checks). */
	for (size_t s = 0; s < sc->side_count && s < 2; s++) {
		const rs_named *side = ruleset_find_side(rc->rs, sc->sides[s].id.text);
		const char *name = side ? l10n_get(&side->name, rc->lang) : "";
		bool north = str_eq(sc->sides[s].home.text, "north");
		if (!shows[north ? 0 : 1])
			continue;
		const char *pairs[] = { "side", name, NULL };
		char *label = strings_expand(render_string(rc, "home-edge"), pairs);
		/* At the outer edge of the frame, clear of the section names. */
		double y = north ? g->frame * 0.06 : g->height - g->frame * 0.06;
		st.r = paint_side(s).r * 0.8;
		st.g = paint_side(s).g * 0.8;
		st.b = paint_side(s).b * 0.8;
		paint_spot spots[EDGE_SPOTS] = { { g->width / 2, y, 0.5, north ? 0 : 1 } };
		int count = cut_spots(g, g->width / 2, 0, g->width, north, x0, y0, x1, y1, y, spots, EDGE_SPOTS);
		if (count)
			paint_place_text_backed(rc, cr, mc->placer, label, &st, g->cell * 0.9, spots, count, CUT_BACKING);
		else
			paint_place_text(rc, cr, mc->placer, label, &st, g->cells_width * 0.9, spots, 1);
		free(label);
	}
	/* Each section named as both players see it, along both edges:
	 * inside the home edge's line, else beside it on that line. */
	text_style sec = { FONT_TEXT, paint_clamp(g->frame * 0.20, 2.2, 4.5), false, true, ALIGN_CENTER,
		SECTION.r, SECTION.g, SECTION.b };
	double xs[GRID_SECTION_LINES_MAX + 2];
	int lines = mapgeom_section_lines(g, xs + 1);
	if (lines == 0)
		return;
	xs[0] = g->frame;
	xs[lines + 1] = g->frame + g->cells_width;
	/* The grid's sections, west to east, between its lines. */
	int sections = g->grid->section_count;
	for (int i = 0; i <= lines && i < sections; i++) {
		double x = (xs[i] + xs[i + 1]) / 2, room = (xs[i + 1] - xs[i]) * 0.92;
		char *label = section_label(rc, i, sections);
		const paint_spot top[] = {
			{ x, g->frame * 0.94, 0.5, 1 },
			{ x, g->frame * 0.06, 0.5, 0 },
		};
		const paint_spot bottom[] = {
			{ x, g->height - g->frame * 0.94, 0.5, 0 },
			{ x, g->height - g->frame * 0.06, 0.5, 1 },
		};
		paint_spot cut[EDGE_SPOTS];
		int count;
		if (shows[0]) {
			count = cut_spots(g, x, xs[i], xs[i + 1], true, x0, y0, x1, y1, g->frame * 0.06, cut, EDGE_SPOTS);
			edge_words(mc, label, &sec, count, cut, room, top);
		}
		if (shows[1]) {
			count = cut_spots(g, x, xs[i], xs[i + 1], false, x0, y0, x1, y1, g->height - g->frame * 0.06, cut,
				EDGE_SPOTS);
			edge_words(mc, label, &sec, count, cut, room, bottom);
		}
		free(label);
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

/* The objective entries of the legend: one per owner the scenario's
 * objectives have, or one plain entry when it has none. */
static size_t legend_objectives(const render_ctx *rc, size_t owners[3])
{
	size_t n = objective_owners(rc->sc, owners);
	return n ? n : 1;
}

/* The counter marks some unit of the scenario carries, as attribute and
 * mark indices into the ruleset (up to max); returns how many. */
static size_t legend_marks(const render_ctx *rc, size_t (*out)[2], size_t max)
{
	const ruleset *rs = rc->rs;
	size_t n = 0;
	for (size_t a = 0; a < rs->attribute_count; a++) {
		const rs_attribute *attr = &rs->attributes[a];
		for (size_t m = 0; m < attr->mark_count && n < max; m++) {
			bool used = false;
			for (size_t u = 0; u < rc->sc->unit_count && !used; u++) {
				const char *value = names_unit_value(rc, &rc->sc->units[u], attr->id);
				used = value && strcmp(value, attr->marks[m].value) == 0;
			}
			if (used) {
				out[n][0] = a;
				out[n][1] = m;
				n++;
			}
		}
	}
	return n;
}

#define LEGEND_MARKS_MAX 8

/* The terrains on the map, fieldworks when some cell has them, the unit
 * types, general, objectives, section line, the special rules' marks,
 * and with the pieces the counter marks they carry. */
static size_t legend_count(const render_ctx *rc, bool pieces)
{
	terrain_shown shows;
	terrainpaint_shown(rc, &shows);
	size_t owners[3], marks[LEGEND_MARKS_MAX][2];
	return shows.count + shows.fieldworks + (pieces ? rc->rs->unit_type_count + 1 : 0) +
		legend_objectives(rc, owners) + 1 + specialmarks_legend_count(rc) +
		(pieces ? legend_marks(rc, marks, LEGEND_MARKS_MAX) : 0);
}

/* A counter mark's entry: the mark as a counter too small for it shows
 * it, and the name of the value it stands for. */
static const char *mark_entry(const render_ctx *rc, cairo_t *cr, size_t attribute, size_t mark, double ex,
	double ey, double swatch)
{
	const rs_attribute *a = &rc->rs->attributes[attribute];
	const rs_value_mark *m = &a->marks[mark];
	text_style st = { FONT_TEXT, fmax(swatch * 0.45, paint_min_text(rc, cr)), true, false, ALIGN_CENTER, INK_BLACK };
	text_draw(rc, cr, l10n_get(&m->letter, rc->lang), &st, ex + swatch / 2, ey + swatch / 2 - st.size * 0.68, 0);
	for (size_t v = 0; v < a->value_count; v++)
		if (strcmp(a->values[v].id, m->value) == 0)
			return l10n_get(&a->values[v].name, rc->lang);
	return m->value;
}

static const char *legend_entry(const render_ctx *rc, cairo_t *cr, const void *ctx, size_t i,
	double ex, double ey, double swatch)
{
	const ruleset *rs = rc->rs;
	bool pieces = *(const bool *)ctx;
	size_t marks[LEGEND_MARKS_MAX][2];
	size_t mark_count = pieces ? legend_marks(rc, marks, LEGEND_MARKS_MAX) : 0;
	size_t before_marks = legend_count(rc, pieces) - mark_count;
	if (i >= before_marks)
		return mark_entry(rc, cr, marks[i - before_marks][0], marks[i - before_marks][1], ex, ey, swatch);
	size_t rule_marks = specialmarks_legend_count(rc);
	if (i >= before_marks - rule_marks)
		return specialmarks_legend_entry(rc, cr, i - (before_marks - rule_marks), ex, ey, swatch);
	terrain_shown shows;
	terrainpaint_shown(rc, &shows);
	if (i < shows.count) {
		const rs_terrain *t = &rs->terrains[shows.terrains[i]];
		terrainpaint_swatch(rc, cr, &grid_hex_ops, t->id, false, ex, ey, swatch);
		return l10n_get(&t->name, rc->lang);
	}
	i -= shows.count;
	if (shows.fieldworks && i == 0) {
		terrainpaint_swatch(rc, cr, &grid_hex_ops, NULL, true, ex, ey, swatch);
		return l10n_get(&rs->fieldworks.name, rc->lang);
	}
	/* From here on counted as in a ruleset's full list: terrain,
	 * fieldworks, unit types, general, objective, section line. */
	i += rs->terrain_count + !shows.fieldworks;
	/* A bare board's legend skips the unit types and the general. */
	if (!*(const bool *)ctx)
		i += rs->unit_type_count + 1;
	if (i < rs->terrain_count + 1 + rs->unit_type_count) {
		const rs_unit_type *t = &rs->unit_types[i - rs->terrain_count - 1];
		sc_unit u = { 0 };
		u.type.text = t->id;
		unit_counter(rc, cr, NULL, &u, false, ex + swatch / 2, ey + swatch / 2, swatch * 1.0, swatch * 0.5);
		return l10n_get(&t->name, rc->lang);
	}
	size_t k = i - rs->terrain_count - 1 - rs->unit_type_count;
	if (k == 0) {
		paint_star_path(cr, ex + swatch / 2, ey + swatch / 2, swatch * 0.3);
		paint_set(cr, PAINT_GOLD);
		cairo_fill_preserve(cr);
		set(cr, INK);
		cairo_set_line_width(cr, 0.3);
		paint_stroke(cr);
		return l10n_get(&rs->general.name, rc->lang);
	}
	size_t owners[3], objectives = legend_objectives(rc, owners);
	if (k >= 1 && k <= objectives) {
		if (!rc->sc->objective_count) {
			objective_ring(cr, OBJECTIVE_BOTH, ex + swatch / 2, ey + swatch / 2, swatch * 0.25);
			return render_string(rc, "objective");
		}
		size_t owner = owners[k - 1];
		objective_ring(cr, owner, ex + swatch / 2, ey + swatch / 2, swatch * 0.25);
		/* paint_legend draws an entry's text before it asks for the
		 * next entry: one buffer serves them all. */
		static char label[160];
		const char *who = render_string(rc, "for-both");
		if (owner != OBJECTIVE_BOTH) {
			const rs_named *side = ruleset_find_side(rc->rs, rc->sc->sides[owner].id.text);
			who = side ? l10n_get(&side->name, rc->lang) : rc->sc->sides[owner].id.text;
		}
		snprintf(label, sizeof label, "%s (%s)", render_string(rc, "objective-points"), who);
		return label;
	}
	double dash[2] = { 1.2, 0.8 };
	cairo_set_dash(cr, dash, 2, 0);
	set(cr, SECTION);
	cairo_set_line_width(cr, 0.6);
	cairo_move_to(cr, ex + swatch / 2, ey);
	cairo_line_to(cr, ex + swatch / 2, ey + swatch);
	paint_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	return render_string(rc, "section-line");
}

const map_painter hexdraw_painter = {
	.visible = visible_hexes,
	.grid_line = 0.006,
	/* Centred at the top of the hex (a section line breaks off around
	 * it); beside the middle when a symbol is in the way. */
	/* At the top of the hex; where a general's name took the top (a
	 * reduced map), at its foot. */
	.address = { 0.07, 1.5, 6, 0.5, 4, {
		{ 0, 0, -0.82, 0, 0.5, 0 },
		{ 0, -0.3, -0.82, 0, 1, 0 },
		{ 0, 0.3, -0.82, 0, 0, 0 },
		{ 0, 0, 0.82, 0, 0.5, 1 },
	} },
	/* No lines over the grid but the section lines, no names but the
	 * generals'. */
	.occupants = draw_occupants, .extras = specialmarks_draw, .first_labels = first_names, .cell_labels = draw_names, .frame = draw_frame,
	.legend_count = legend_count, .legend_entry = legend_entry,
};
