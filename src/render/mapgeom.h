/* Hex map geometry in millimetres: where each hex of a board lies on the
 * printed map.  Pointy-top hexes, `hex` mm across the flats; shifted rows
 * sit half a hex east.  The canvas is the hexes plus a frame band that
 * carries the edge labels. */
#ifndef ORBAT_MAPGEOM_H
#define ORBAT_MAPGEOM_H

#include <cairo.h>

#include "../geo/hex.h"

typedef struct map_geom {
	hex_board board;
	double hex;        /* across the flats */
	double radius;     /* centre to corner: hex / sqrt(3) */
	double row_step;   /* centre to centre between rows: 1.5 * radius */
	double frame;      /* band around the hexes */
	double hexes_width, hexes_height;
	double width, height; /* whole canvas */
} map_geom;

void mapgeom_init(map_geom *g, const hex_board *board, double hex_mm);
/* Centre of a hex on the canvas. */
void mapgeom_center(const map_geom *g, hex_coord hex, double *x, double *y);
/* Add the hex's outline to the current path, optionally shrunk by inset mm. */
void mapgeom_hex_path(cairo_t *cr, const map_geom *g, hex_coord hex, double inset);
/* x of the west (0) or east (1) section line on the canvas. */
double mapgeom_section_x(const map_geom *g, int line);

#endif
