/* The map of a scenario, for either grid: the cells' terrain, outlines,
 * section lines and addresses drawn once through the grid interface, and
 * what differs between the grids by the painter of the board's grid (as
 * refcard.c picks a grid's card builders). */
#include "mapdraw.h"

#include <math.h>
#include <stdlib.h>

#include "../base/util.h"
#include "mappaint.h"
#include "paint.h"
#include "terrainpaint.h"

void mapdraw_side_colour(size_t side, double *r, double *g, double *b)
{
	rgb c = paint_side(side);
	*r = c.r;
	*g = c.g;
	*b = c.b;
}

/* The painters of each grid: the one place that asks which grid a map has. */
static const map_painter *const PAINTERS[GRID_KINDS] = {
	[GRID_HEX] = &hexdraw_painter,
	[GRID_SQUARE] = &squaredraw_painter,
};

static const map_painter *painter_of(const ruleset *rs)
{
	return PAINTERS[grid_ops_of(rs->grid)->kind];
}

/* The text style of the addresses, at the size they print at. */
static text_style address_style(const map_canvas *mc, const map_address_style *a)
{
	text_style st = { FONT_TEXT, paint_clamp(mc->g->cell * a->size_factor, a->size_min, a->size_max), false, false,
		ALIGN_LEFT, 0.30, 0.28, 0.25 };
	st.size = fmax(st.size, paint_min_text(mc->rc, mc->cr));
	return st;
}

/* Where a cell's address may stand (see map_address_style). */
static int address_spots(const map_canvas *mc, const map_address_style *a, grid_cell cell, double size,
	paint_spot spots[MAP_ADDRESS_SPOTS])
{
	const map_geom *g = mc->g;
	double cx, cy;
	mapgeom_center(g, cell, &cx, &cy);
	int count = a->count < MAP_ADDRESS_SPOTS ? a->count : MAP_ADDRESS_SPOTS;
	for (int k = 0; k < count; k++) {
		const map_address_spot *s = &a->spots[k];
		spots[k] = (paint_spot){ cx + s->ax * g->radius + s->bx * size, cy + s->ay * g->radius + s->by * size,
			s->fx, s->fy };
	}
	return count;
}

/* The gaps a section line leaves for the addresses of the cells it cuts
 * (at their first spot), as y ranges; returns how many. */
static size_t address_gaps(const map_canvas *mc, const map_address_style *a, const size_t *shown, size_t n,
	double x, double width, double (*gaps)[2])
{
	const map_geom *g = mc->g;
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		grid_cell cell = grid_from_index(&g->board, shown[i]);
		unsigned sections = grid_sections(&g->board, cell);
		if (!(sections & (sections - 1)))
			continue;
		text_style st = address_style(mc, a);
		char name[GRID_ADDRESS_MAX];
		double w, h;
		paint_spot spot[MAP_ADDRESS_SPOTS];
		if (address_spots(mc, a, cell, st.size, spot) == 0 ||
			!paint_fit_text(mc->rc, mc->cr, grid_format(cell, name), &st, g->cell * a->max_width, &w, &h))
			continue;
		double x0 = spot[0].x - spot[0].fx * w, y0 = spot[0].y - spot[0].fy * h;
		if (x0 - width < x && x < x0 + w + width) {
			gaps[k][0] = y0 - width;
			gaps[k][1] = y0 + h + width;
			k++;
		}
	}
	return k;
}

static int gap_compare(const void *x, const void *y)
{
	const double *p = x, *q = y;
	return (p[0] > q[0]) - (p[0] < q[0]);
}

/* Section lines: straight, dashed, through the cut cells of a hex board's
 * short rows; none on a grid without sections.  A line breaks off around
 * the address of each cell it cuts, rather than run through it. */
static void section_lines(const map_canvas *mc, const map_address_style *a, const size_t *shown, size_t n)
{
	cairo_t *cr = mc->cr;
	const map_geom *g = mc->g;
	double xs[GRID_SECTION_LINES_MAX];
	int lines = mapgeom_section_lines(g, xs);
	if (lines == 0)
		return;
	double dash[2] = { g->cell * 0.08, g->cell * 0.05 };
	double width = fmax(0.4, g->cell * 0.014);
	cairo_set_dash(cr, dash, 2, 0);
	paint_set(cr, PAINT_SECTION);
	cairo_set_line_width(cr, width);
	double (*gaps)[2] = xmalloc((n + 1) * sizeof *gaps);
	for (int line = 0; line < lines; line++) {
		double y = g->frame * 0.6, end = g->height - g->frame * 0.6;
		size_t k = address_gaps(mc, a, shown, n, xs[line], width, gaps);
		qsort(gaps, k, sizeof *gaps, gap_compare);
		for (size_t i = 0; i <= k && y < end; i++) {
			double stop = i < k ? fmin(gaps[i][0], end) : end;
			if (stop > y) {
				cairo_move_to(cr, xs[line], y);
				cairo_line_to(cr, xs[line], stop);
			}
			if (i < k)
				y = fmax(y, gaps[i][1]);
		}
	}
	free(gaps);
	paint_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
}

/* Other words keep off the section lines. */
static void take_section_lines(const map_canvas *mc)
{
	const map_geom *g = mc->g;
	double xs[GRID_SECTION_LINES_MAX], width = fmax(0.4, g->cell * 0.014);
	int lines = mapgeom_section_lines(g, xs);
	for (int line = 0; line < lines; line++)
		labelplace_take(mc->placer, (lp_box){ xs[line] - width / 2, g->frame * 0.6, xs[line] + width / 2,
			g->height - g->frame * 0.6 });
}

/* Each cell's address where the grid puts it, or at the grid's next spot
 * when a symbol is in the way; left out when there is no room for it at a
 * legible size. */
static void addresses(const map_canvas *mc, const map_address_style *a, const size_t *shown, size_t n)
{
	const map_geom *g = mc->g;
	text_style st = address_style(mc, a);
	for (size_t i = 0; i < n; i++) {
		grid_cell cell = grid_from_index(&g->board, shown[i]);
		char name[GRID_ADDRESS_MAX];
		paint_spot spots[MAP_ADDRESS_SPOTS];
		int count = address_spots(mc, a, cell, st.size, spots);
		paint_place_text(mc->rc, mc->cr, mc->placer, grid_format(cell, name), &st, g->cell * a->max_width, spots,
			count);
	}
}

void mapdraw_each_cell(const map_canvas *mc, const size_t *shown, size_t n,
	void (*draw)(const map_canvas *mc, const position_cell *c, double cx, double cy))
{
	for (size_t i = 0; i < n; i++) {
		grid_cell cell = grid_from_index(&mc->g->board, shown[i]);
		const position_cell *c = position_at(mc->pos, cell);
		double cx, cy;
		mapgeom_center(mc->g, cell, &cx, &cy);
		if (c)
			draw(mc, c, cx, cy);
	}
}

static void draw_region(const map_canvas *mc, const map_painter *p, double x0, double y0, double x1, double y1)
{
	cairo_t *cr = mc->cr;
	const map_geom *g = mc->g;
	cairo_save(cr);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	size_t *shown = xmalloc((grid_count(&g->board) + 1) * sizeof *shown);
	size_t n = p->visible(g, x0, y0, x1, y1, shown);
	for (size_t i = 0; i < n; i++) {
		grid_cell cell = grid_from_index(&g->board, shown[i]);
		terrainpaint_position_cell(mc->rc, cr, g, mc->pos, cell, mc->setup);
		lp_box symbol;
		lp_colour ground;
		if (terrainpaint_symbol_box(mc->rc, g, mc->pos, mc->course, cell, mc->setup, &symbol, &ground))
			labelplace_take_backdrop(mc->placer, symbol, ground);
	}
	terrainpaint_water(mc->rc, cr, g, mc->pos, mc->course, shown, n);

	/* The grid over the terrain: one path of every outline that can show
	 * through the clip.  A drawing cut into parts (the studio's tiles, the
	 * poster's panels) would otherwise carry the whole board's grid in
	 * each part, the largest thing it holds. */
	paint_set(cr, PAINT_GRID);
	double grid_width = fmax(0.15, g->cell * p->grid_line);
	cairo_set_line_width(cr, grid_width);
	double clip_x0, clip_y0, clip_x1, clip_y1;
	cairo_clip_extents(cr, &clip_x0, &clip_y0, &clip_x1, &clip_y1);
	/* Every corner of a cell lies within this of its centre. */
	double reach = g->radius * 1.5 + grid_width;
	for (size_t i = 0; i < n; i++) {
		grid_cell cell = grid_from_index(&g->board, shown[i]);
		double cx, cy;
		mapgeom_center(g, cell, &cx, &cy);
		if (cx + reach >= clip_x0 && cx - reach <= clip_x1 && cy + reach >= clip_y0 && cy - reach <= clip_y1)
			mapgeom_cell_path(cr, g, cell, 0);
	}
	paint_stroke(cr);
	section_lines(mc, &p->address, shown, n);
	if (p->lines)
		p->lines(mc, shown, n);

	/* Every symbol first, then the words where they are clear. */
	mapdraw_each_cell(mc, shown, n, p->occupants);
	if (p->extras)
		p->extras(mc, shown, n);
	/* The first names keep off the lines; the addresses, which stand in
	 * their cells' corners by those lines, are placed as if the lines
	 * were not taken, and every word after them keeps off them again. */
	if (p->first_labels) {
		size_t from = mc->placer->count;
		if (p->take_lines)
			p->take_lines(mc, shown, n);
		size_t to = mc->placer->count;
		p->first_labels(mc, shown, n);
		labelplace_drop(mc->placer, from, to);
	}
	addresses(mc, &p->address, shown, n);
	take_section_lines(mc);
	if (p->take_lines)
		p->take_lines(mc, shown, n);
	for (size_t i = 0; i < n; i++)
		terrainpaint_name(mc->rc, cr, g, mc->pos, grid_from_index(&g->board, shown[i]), mc->placer);
	if (p->labels)
		p->labels(mc, shown, n);
	if (p->cell_labels)
		mapdraw_each_cell(mc, shown, n, p->cell_labels);
	p->frame(mc, x0, y0, x1, y1);
	cairo_restore(cr);
	free(shown);
}

/* keep: where the placer's boxes go when the drawing is done (NULL:
 * freed). */
static void draw(const render_ctx *rc, cairo_t *cr, const map_geom *g, bool setup, bool short_names,
	double x0, double y0, double x1, double y1, label_placer *keep)
{
	/* A context set up without a position (a caller drawing one map)
	 * gets one for this drawing. */
	position *own = rc->pos ? NULL : position_create(rc->sc, rc->rs);
	label_placer lp;
	/* A hair of paper between words and symbols. */
	labelplace_init(&lp, g->cell * 0.01);
	const position *pos = rc->pos ? rc->pos : own;
	terrain_course *course = terrainpaint_course(rc, g, pos);
	map_canvas mc = { rc, cr, g, pos, setup, short_names, &lp, course };
	draw_region(&mc, painter_of(rc->rs), x0, y0, x1, y1);
	terrainpaint_course_free(course);
	if (keep)
		*keep = lp;
	else
		labelplace_free(&lp);
	position_destroy(own);
}

void mapdraw_map(const render_ctx *rc, cairo_t *cr, const map_geom *g)
{
	draw(rc, cr, g, true, true, 0, 0, g->width, g->height, NULL);
}

void mapdraw_map_placed(const render_ctx *rc, cairo_t *cr, const map_geom *g, label_placer *placed)
{
	draw(rc, cr, g, true, true, 0, 0, g->width, g->height, placed);
}

void mapdraw_board(const render_ctx *rc, cairo_t *cr, const map_geom *g)
{
	draw(rc, cr, g, rc->setup, false, 0, 0, g->width, g->height, NULL);
}

void mapdraw_board_placed(const render_ctx *rc, cairo_t *cr, const map_geom *g, label_placer *placed)
{
	draw(rc, cr, g, rc->setup, false, 0, 0, g->width, g->height, placed);
}

void mapdraw_board_region(const render_ctx *rc, cairo_t *cr, const map_geom *g,
	double x0, double y0, double x1, double y1)
{
	draw(rc, cr, g, rc->setup, false, x0, y0, x1, y1, NULL);
}

static double legend(const render_ctx *rc, cairo_t *cr, double x, double y, double width, double swatch,
	bool pieces)
{
	const map_painter *p = painter_of(rc->rs);
	return paint_legend(rc, cr, x, y, width, swatch, p->legend_count(rc, pieces), p->legend_entry, &pieces);
}

static double legend_height(const render_ctx *rc, double width, double swatch, bool pieces)
{
	/* Measured on a throwaway recording surface, at the scale the legend
	 * is drawn at (millimetres on the page), so that the legible text size
	 * comes out the same. */
	cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *probe = cairo_create(rec);
	cairo_scale(probe, PT_PER_MM, PT_PER_MM);
	double h = paint_legend_height(rc, probe, width, swatch, painter_of(rc->rs)->legend_count(rc, pieces));
	cairo_destroy(probe);
	cairo_surface_destroy(rec);
	return h;
}

double mapdraw_legend(const render_ctx *rc, cairo_t *cr, double x, double y,
	double width, double swatch)
{
	return legend(rc, cr, x, y, width, swatch, true);
}

double mapdraw_legend_height(const render_ctx *rc, double width, double swatch)
{
	return legend_height(rc, width, swatch, true);
}

double mapdraw_board_legend(const render_ctx *rc, cairo_t *cr, double x, double y,
	double width, double swatch)
{
	return legend(rc, cr, x, y, width, swatch, rc->setup);
}

double mapdraw_board_legend_height(const render_ctx *rc, double width, double swatch)
{
	return legend_height(rc, width, swatch, rc->setup);
}
