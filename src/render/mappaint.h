/* The map painters (internal to render/): what differs between the maps
 * of the two grids, as one table per grid.  hexdraw.c paints what a hex
 * map has on it (section names, home edges, objectives, counters with
 * figures), squaredraw.c what a square map has (coast and sea zones,
 * cities and ports, ships, the column and row labels).  mapdraw.c draws
 * everything else once for both (terrain, cell outlines, section lines,
 * addresses, the legend's layout), reading the scenario's position, and
 * calls the table of the board's grid; the painters draw with paint.h and
 * terrainpaint.h and call nothing back. */
#ifndef ORBAT_MAPPAINT_H
#define ORBAT_MAPPAINT_H

#include <cairo.h>
#include <stddef.h>

#include "mapgeom.h"
#include "paint.h"
#include "render.h"

/* Where a cell's address stands: (cx + ax·r + bx·size, cy + ay·r + by·size)
 * with r the cell's radius and size the text size, cell * size_factor
 * kept within [size_min, size_max]. */
typedef struct map_address_style {
	double size_factor, size_min, size_max;
	text_align align;
	double ax, bx, ay, by;
} map_address_style;

/* One map being drawn. */
typedef struct map_canvas {
	const render_ctx *rc;
	cairo_t *cr;
	const map_geom *g;
	const position *pos;
} map_canvas;

typedef struct map_painter {
	/* The cells whose drawing touches the rectangle (canvas mm), as
	 * indices in reading order; returns how many. */
	size_t (*visible)(const map_geom *g, double x0, double y0, double x1, double y1, size_t *out);
	double grid_line;                /* outline width, per mm of cell */
	map_address_style address;
	/* Lines over the grid (coast, zone borders); NULL when none. */
	void (*lines)(const map_canvas *mc, const size_t *shown, size_t n);
	/* Everything standing on one cell, centred at (cx, cy). */
	void (*occupants)(const map_canvas *mc, const position_cell *c, double cx, double cy);
	/* Labels over the occupants (a sea zone's name); NULL when none. */
	void (*labels)(const map_canvas *mc, const size_t *shown, size_t n);
	/* The band around the cells. */
	void (*frame)(const map_canvas *mc, double x0, double y0, double x1, double y1);
	/* The legend's entries: how many, and each one's symbol and label. */
	size_t (*legend_count)(const render_ctx *rc);
	paint_legend_entry_fn legend_entry;
} map_painter;

extern const map_painter hexdraw_painter;
extern const map_painter squaredraw_painter;

#endif
