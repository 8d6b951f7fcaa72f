/* What every map painter draws with (internal to render/): the print
 * palette, and the counters, generals' stars and legend grid both grids
 * use.  The painters (mappaint.h) call these; these call no painter, so
 * the drawing goes one way: mapdraw -> painters -> paint. */
#ifndef ORBAT_PAINT_H
#define ORBAT_PAINT_H

#include <cairo.h>
#include <stddef.h>

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

/* A legend: its heading, then `count` entries in as many columns as fit
 * the width, each a symbol `swatch` mm wide that entry() draws at (x, y)
 * and the label it returns beside it.  Returns the height used. */
typedef const char *(*paint_legend_entry_fn)(const render_ctx *rc, cairo_t *cr, const void *ctx, size_t i,
	double x, double y, double swatch);
double paint_legend(const render_ctx *rc, cairo_t *cr, double x, double y, double width, double swatch,
	size_t count, paint_legend_entry_fn entry, const void *ctx);

#endif
