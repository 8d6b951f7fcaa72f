/* What the map painters share (internal to render/): the print palette,
 * the counters and symbols both grids use, and the painters' entry points.
 * mapdraw.c picks the painter for the board's grid; hexdraw.c paints hex
 * maps (terrain, sections, objectives), squaredraw.c square maps (sea
 * zones, coasts, cities, ports, ships). */
#ifndef ORBAT_MAPPAINT_H
#define ORBAT_MAPPAINT_H

#include <cairo.h>
#include <stddef.h>

#include "mapgeom.h"
#include "render.h"

/* Print-friendly colours: light fills that keep black text legible, and
 * symbols that still tell things apart on a grey-scale printer. */
typedef struct rgb {
	double r, g, b;
} rgb;

extern const rgb PAINT_PAPER;
extern const rgb PAINT_GRID;
extern const rgb PAINT_INK;
extern const rgb PAINT_WATER;
extern const rgb PAINT_WATER_LINE;
extern const rgb PAINT_SECTION;
extern const rgb PAINT_GOLD;

void paint_set(cairo_t *cr, rgb c);
rgb paint_side(size_t side);
double paint_clamp(double v, double lo, double hi);

/* A five-pointed star path (generals, capitals). */
void paint_star_path(cairo_t *cr, double cx, double cy, double r);
/* A general's star in the side's colour, optionally with a name to its
 * right, shrunk to fit max_name_width. */
void paint_general(const render_ctx *rc, cairo_t *cr, size_t side, const char *name, double cx, double cy,
	double r, double name_size, double max_name_width);

/* A unit counter centred on cx, cy, w × h: side colour, the type's symbol
 * on white (infantry, cavalry, artillery, gunboat, ironclad), `value` in
 * large figures at the right, and `label` (the unit id) under it. */
void paint_counter(const render_ctx *rc, cairo_t *cr, const char *type, size_t side, const char *value,
	const char *label, double label_size, double cx, double cy, double w, double h);

/* The painters.  region: only the cells touching the rectangle (canvas mm). */
void hexdraw_region(const render_ctx *rc, cairo_t *cr, const map_geom *g,
	double x0, double y0, double x1, double y1);
double hexdraw_legend(const render_ctx *rc, cairo_t *cr, double x, double y, double width, double swatch);
void squaredraw_region(const render_ctx *rc, cairo_t *cr, const map_geom *g,
	double x0, double y0, double x1, double y1);
double squaredraw_legend(const render_ctx *rc, cairo_t *cr, double x, double y, double width, double swatch);

/* Lay legend entries out in columns: returns the number of columns, and
 * the column width and row height through the pointers. */
int paint_legend_grid(double width, double swatch, double text_size, double *col_w, double *row_h);

#endif
