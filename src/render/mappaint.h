/* The map painters' entry points (internal to render/).  mapdraw.c picks
 * the painter for the board's grid; hexdraw.c paints hex maps (terrain,
 * sections, objectives), squaredraw.c square maps (sea zones, coasts,
 * cities, ports, ships).  Both draw with the shared helpers of paint.h. */
#ifndef ORBAT_MAPPAINT_H
#define ORBAT_MAPPAINT_H

#include <cairo.h>

#include "mapgeom.h"
#include "paint.h"
#include "render.h"

/* The painters.  region: only the cells touching the rectangle (canvas mm). */
void hexdraw_region(const render_ctx *rc, cairo_t *cr, const map_geom *g,
	double x0, double y0, double x1, double y1);
double hexdraw_legend(const render_ctx *rc, cairo_t *cr, double x, double y, double width, double swatch);
void squaredraw_region(const render_ctx *rc, cairo_t *cr, const map_geom *g,
	double x0, double y0, double x1, double y1);
double squaredraw_legend(const render_ctx *rc, cairo_t *cr, double x, double y, double width, double swatch);

#endif
