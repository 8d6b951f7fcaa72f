/* Drawing a scenario's map, hex or square grid, on a canvas in millimetres
 * (the caller sets the transformation: 1 user unit = 1 mm of map, or less
 * for a reduced overview).  Shared by the tiles, the poster, the overview
 * and the scenario sheet, and the legend that explains the symbols.  The
 * grid's own painter (hexdraw.c, squaredraw.c) does the drawing. */
#ifndef ORBAT_MAPDRAW_H
#define ORBAT_MAPDRAW_H

#include <cairo.h>

#include "labelplace.h"
#include "mapgeom.h"
#include "render.h"

/* The whole map canvas with the scenario's set-up: terrain, grid,
 * addresses, section lines, edge labels, places, objectives, units, ships
 * and generals.  For the overview and the scenario sheet, where players
 * read how to set up. */
void mapdraw_map(const render_ctx *rc, cairo_t *cr, const map_geom *g);
/* The same, handing back every box its label placer took, each marked
 * label or symbol/line (labelplace.h; free with labelplace_free): what
 * the tests measure the words of a map with. */
void mapdraw_map_placed(const render_ctx *rc, cairo_t *cr, const map_geom *g, label_placer *placed);
/* The board players move their own figures on (tiles, poster, map image):
 * the same without units, ships and generals, unless rc->setup asks for
 * the start positions. */
void mapdraw_board(const render_ctx *rc, cairo_t *cr, const map_geom *g);
/* The same, handing back the placer's boxes as mapdraw_map_placed. */
void mapdraw_board_placed(const render_ctx *rc, cairo_t *cr, const map_geom *g, label_placer *placed);
/* The board, drawing only the cells that touch the rectangle (canvas mm):
 * a tile then costs what it shows, not the whole map. */
void mapdraw_board_region(const render_ctx *rc, cairo_t *cr, const map_geom *g,
	double x0, double y0, double x1, double y1);

/* The legend, laid out in columns inside width × height (mm) from x, y;
 * symbols are drawn `swatch` mm wide.  Returns the height used. */
double mapdraw_legend(const render_ctx *rc, cairo_t *cr, double x, double y,
	double width, double swatch);

/* The height mapdraw_legend would use, without drawing. */
double mapdraw_legend_height(const render_ctx *rc, double width, double swatch);

/* The legend of a board (mapdraw_board): without the pieces, unless
 * rc->setup puts them on the board; and its height. */
double mapdraw_board_legend(const render_ctx *rc, cairo_t *cr, double x, double y,
	double width, double swatch);
double mapdraw_board_legend_height(const render_ctx *rc, double width, double swatch);

/* Side colours, for the rosters and sheet. */
void mapdraw_side_colour(size_t side, double *r, double *g, double *b);

#endif
