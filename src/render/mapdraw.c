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

void mapdraw_map(const render_ctx *rc, cairo_t *cr, const map_geom *g)
{
	mapdraw_map_region(rc, cr, g, 0, 0, g->width, g->height);
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

/* Section lines: straight, dashed, through the cut cells of a hex board's
 * short rows; none on a grid without sections. */
static void section_lines(cairo_t *cr, const map_geom *g)
{
	double xs[GRID_SECTION_LINES_MAX];
	int lines = mapgeom_section_lines(g, xs);
	if (lines == 0)
		return;
	double dash[2] = { g->cell * 0.08, g->cell * 0.05 };
	cairo_set_dash(cr, dash, 2, 0);
	paint_set(cr, PAINT_SECTION);
	cairo_set_line_width(cr, fmax(0.4, g->cell * 0.014));
	for (int line = 0; line < lines; line++) {
		cairo_move_to(cr, xs[line], g->frame * 0.6);
		cairo_line_to(cr, xs[line], g->height - g->frame * 0.6);
	}
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
}

static void addresses(const render_ctx *rc, cairo_t *cr, const map_geom *g, const map_address_style *a,
	const size_t *shown, size_t n)
{
	text_style st = { FONT_TEXT, paint_clamp(g->cell * a->size_factor, a->size_min, a->size_max), false, false,
		a->align, 0.30, 0.28, 0.25 };
	/* A player sets up from the addresses: raised to the legible size
	 * where the cell has room for it (a hex of 12.5 mm and more: "K10"
	 * at 6 pt is 4 mm wide, the hex's width 1.3 mm under its top corner
	 * 4.5 mm), else left out by text_draw. */
	double legible = text_min_size(rc, cr);
	if (st.size < legible && legible <= g->cell * 0.17)
		st.size = legible;
	for (size_t i = 0; i < n; i++) {
		grid_cell cell = grid_from_index(&g->board, shown[i]);
		char name[GRID_ADDRESS_MAX];
		double cx, cy, w;
		mapgeom_center(g, cell, &cx, &cy);
		grid_format(cell, name);
		double x = cx + a->ax * g->radius + a->bx * st.size, y = cy + a->ay * g->radius + a->by * st.size;
		/* A light backing keeps the address legible where a section
		 * line crosses it (a cell in two sections). */
		unsigned sections = grid_sections(&g->board, cell);
		if (sections & (sections - 1)) {
			text_measure(rc, cr, name, &st, 0, &w, NULL);
			cairo_rectangle(cr, x - w / 2 - st.size * 0.2, y, w + st.size * 0.4, st.size * 1.3);
			cairo_set_source_rgba(cr, PAINT_PAPER.r, PAINT_PAPER.g, PAINT_PAPER.b, 0.85);
			cairo_fill(cr);
		}
		text_draw(rc, cr, name, &st, x, y, 0);
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
	for (size_t i = 0; i < n; i++)
		terrainpaint_position_cell(mc->rc, cr, g, mc->pos, grid_from_index(&g->board, shown[i]));

	/* The grid over the terrain. */
	paint_set(cr, PAINT_GRID);
	cairo_set_line_width(cr, fmax(0.15, g->cell * p->grid_line));
	for (size_t i = 0; i < n; i++)
		mapgeom_cell_path(cr, g, grid_from_index(&g->board, shown[i]), 0);
	cairo_stroke(cr);
	section_lines(cr, g);
	if (p->lines)
		p->lines(mc, shown, n);
	addresses(mc->rc, cr, g, &p->address, shown, n);

	for (size_t i = 0; i < n; i++) {
		grid_cell cell = grid_from_index(&g->board, shown[i]);
		const position_cell *c = position_at(mc->pos, cell);
		double cx, cy;
		mapgeom_center(g, cell, &cx, &cy);
		if (c)
			p->occupants(mc, c, cx, cy);
	}
	if (p->labels)
		p->labels(mc, shown, n);
	p->frame(mc, x0, y0, x1, y1);
	cairo_restore(cr);
	free(shown);
}

void mapdraw_map_region(const render_ctx *rc, cairo_t *cr, const map_geom *g,
	double x0, double y0, double x1, double y1)
{
	/* A context set up without a position (a caller drawing one map)
	 * gets one for this drawing. */
	position *own = rc->pos ? NULL : position_create(rc->sc, rc->rs);
	map_canvas mc = { rc, cr, g, rc->pos ? rc->pos : own };
	draw_region(&mc, painter_of(rc->rs), x0, y0, x1, y1);
	position_destroy(own);
}

double mapdraw_legend(const render_ctx *rc, cairo_t *cr, double x, double y,
	double width, double swatch)
{
	const map_painter *p = painter_of(rc->rs);
	return paint_legend(rc, cr, x, y, width, swatch, p->legend_count(rc), p->legend_entry, NULL);
}

double mapdraw_legend_height(const render_ctx *rc, double width, double swatch)
{
	/* Lay it out on a throwaway recording surface. */
	cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *probe = cairo_create(rec);
	double h = mapdraw_legend(rc, probe, 0, 0, width, swatch);
	cairo_destroy(probe);
	cairo_surface_destroy(rec);
	return h;
}
