/* The map of a scenario, for either grid: picks the painter for the
 * ruleset's grid (as refcard.c picks a grid's card builders), which draws
 * with the shared helpers of paint.c. */
#include "mapdraw.h"

#include "mappaint.h"
#include "paint.h"

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
typedef struct map_painter {
	void (*region)(const render_ctx *rc, cairo_t *cr, const map_geom *g,
		double x0, double y0, double x1, double y1);
	double (*legend)(const render_ctx *rc, cairo_t *cr, double x, double y, double width, double swatch);
} map_painter;

static const map_painter hex_painter = { hexdraw_region, hexdraw_legend };
static const map_painter square_painter = { squaredraw_region, squaredraw_legend };

static const map_painter *painter_of(const ruleset *rs)
{
	return rs->grid == GRID_SQUARE ? &square_painter : &hex_painter;
}

void mapdraw_map_region(const render_ctx *rc, cairo_t *cr, const map_geom *g,
	double x0, double y0, double x1, double y1)
{
	painter_of(rc->rs)->region(rc, cr, g, x0, y0, x1, y1);
}

double mapdraw_legend(const render_ctx *rc, cairo_t *cr, double x, double y,
	double width, double swatch)
{
	return painter_of(rc->rs)->legend(rc, cr, x, y, width, swatch);
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
