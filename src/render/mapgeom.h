/* Map geometry in millimetres: where each cell of a board lies on the
 * printed map, for either grid.  Hexes are pointy-top, `cell` mm across
 * the flats, shifted rows half a hex east; squares are `cell` mm a side.
 * The canvas is the cells plus a frame band that carries the edge labels.
 * Everything that draws a map asks this module where a cell is, so the
 * products (tiles, poster, overview, sheet) never look at the grid. */
#ifndef ORBAT_MAPGEOM_H
#define ORBAT_MAPGEOM_H

#include <cairo.h>

#include "../geo/grid.h"

typedef struct map_geom {
	grid_board board;
	const grid_ops *grid;  /* the board's grid, picked once */
	double cell;       /* hex: across the flats; square: the side */
	double radius;     /* hex: centre to corner (cell / sqrt 3); square: half the side */
	double row_step;   /* centre to centre between rows */
	double frame;      /* band around the cells */
	double cells_width, cells_height;
	double width, height; /* whole canvas */
} map_geom;

void mapgeom_init(map_geom *g, const grid_board *board, double cell_mm);
/* Give the map a frame band of another width (the canvas grows or shrinks
 * with it). */
void mapgeom_set_frame(map_geom *g, double frame);
/* Centre of a cell on the canvas. */
void mapgeom_center(const map_geom *g, grid_cell cell, double *x, double *y);
/* Add the cell's outline to the current path, optionally shrunk by inset mm. */
void mapgeom_cell_path(cairo_t *cr, const map_geom *g, grid_cell cell, double inset);
/* The corners of the outline of the cell centred at (cx, cy), shrunk by
 * inset mm, in order round it, at most max; returns how many (6 for a
 * hex, 4 for a square). */
int mapgeom_cell_corners(const map_geom *g, double cx, double cy, double inset, double *x, double *y, int max);
/* x of the board's section lines on the canvas, west to east; returns
 * how many (hex boards: the west and east line; square boards: none). */
int mapgeom_section_lines(const map_geom *g, double x[GRID_SECTION_LINES_MAX]);

#endif
