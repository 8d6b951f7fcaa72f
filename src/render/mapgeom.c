#include "mapgeom.h"

#include <math.h>

void mapgeom_init(map_geom *g, const grid_board *board, double cell_mm)
{
	g->board = *board;
	g->grid = grid_board_ops(board);
	grid_metrics m;
	g->grid->metrics(board, cell_mm, &m);
	g->cell = m.cell;
	g->radius = m.radius;
	g->row_step = m.row_step;
	g->cells_width = m.width;
	g->cells_height = m.height;
	mapgeom_set_frame(g, fmax(12.0, fmin(0.25 * cell_mm, 24.0)));
}

void mapgeom_set_frame(map_geom *g, double frame)
{
	g->frame = frame;
	g->width = g->cells_width + 2 * g->frame;
	g->height = g->cells_height + 2 * g->frame;
}

static grid_metrics metrics_of(const map_geom *g)
{
	return (grid_metrics){ g->cell, g->radius, g->row_step, g->cells_width, g->cells_height };
}

void mapgeom_center(const map_geom *g, grid_cell cell, double *x, double *y)
{
	grid_metrics m = metrics_of(g);
	g->grid->center(&m, g->frame, g->frame, cell, x, y);
}

static void pen_move(void *cr, double x, double y) { cairo_move_to(cr, x, y); }
static void pen_line(void *cr, double x, double y) { cairo_line_to(cr, x, y); }
static void pen_rel_line(void *cr, double dx, double dy) { cairo_rel_line_to(cr, dx, dy); }
static void pen_close(void *cr) { cairo_close_path(cr); }

void mapgeom_cell_path(cairo_t *cr, const map_geom *g, grid_cell cell, double inset)
{
	double cx, cy;
	mapgeom_center(g, cell, &cx, &cy);
	grid_metrics m = metrics_of(g);
	grid_pen pen = { pen_move, pen_line, pen_rel_line, pen_close, cr };
	g->grid->outline(&m, cx, cy, inset, &pen);
}

/* A pen that keeps the corners it is moved through. */
typedef struct corners {
	double *x, *y;
	int n, max;
} corners;

static void corner_at(void *ctx, double x, double y)
{
	corners *c = ctx;
	if (c->n < c->max) {
		c->x[c->n] = x;
		c->y[c->n] = y;
	}
	c->n++;
}

static void corner_rel(void *ctx, double dx, double dy)
{
	corners *c = ctx;
	int last = (c->n < c->max ? c->n : c->max) - 1;
	if (last >= 0)
		corner_at(ctx, c->x[last] + dx, c->y[last] + dy);
}

static void corner_close(void *ctx)
{
	(void)ctx;
}

int mapgeom_cell_corners(const map_geom *g, double cx, double cy, double inset, double *x, double *y, int max)
{
	grid_metrics m = metrics_of(g);
	corners c = { x, y, 0, max };
	grid_pen pen = { corner_at, corner_at, corner_rel, corner_close, &c };
	g->grid->outline(&m, cx, cy, inset, &pen);
	return c.n < max ? c.n : max;
}

int mapgeom_section_lines(const map_geom *g, double x[GRID_SECTION_LINES_MAX])
{
	int n = g->grid->section_lines(&g->board, g->cell, x);
	for (int i = 0; i < n; i++)
		x[i] += g->frame;
	return n;
}
