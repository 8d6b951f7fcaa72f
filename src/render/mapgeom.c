#include "mapgeom.h"

#include <math.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

void mapgeom_init(map_geom *g, const hex_board *board, double hex_mm)
{
	g->board = *board;
	g->hex = hex_mm;
	g->radius = hex_mm / sqrt(3.0);
	g->row_step = 1.5 * g->radius;
	g->frame = fmax(12.0, fmin(0.25 * hex_mm, 24.0));
	/* A full-length shifted row sticks out half a hex to the east. */
	g->hexes_width = board->columns * hex_mm + (board->short_rows || board->rows < 2 ? 0 : hex_mm / 2);
	g->hexes_height = 2 * g->radius + (board->rows - 1) * g->row_step;
	g->width = g->hexes_width + 2 * g->frame;
	g->height = g->hexes_height + 2 * g->frame;
}

void mapgeom_center(const map_geom *g, hex_coord hex, double *x, double *y)
{
	*x = g->frame + g->hex * (hex.col + 0.5 + ((hex.row & 1) ? 0.5 : 0.0));
	*y = g->frame + g->radius + hex.row * g->row_step;
}

void mapgeom_hex_path(cairo_t *cr, const map_geom *g, hex_coord hex, double inset)
{
	double cx, cy;
	mapgeom_center(g, hex, &cx, &cy);
	double r = g->radius - inset * 2 / sqrt(3.0);
	for (int k = 0; k < 6; k++) {
		double a = (M_PI / 180.0) * (60.0 * k - 90.0);
		double x = cx + r * cos(a), y = cy + r * sin(a);
		if (k == 0)
			cairo_move_to(cr, x, y);
		else
			cairo_line_to(cr, x, y);
	}
	cairo_close_path(cr);
}

double mapgeom_section_x(const map_geom *g, int line)
{
	int hexes = line == 0 ? g->board.west : g->board.columns - g->board.east;
	return g->frame + hexes * g->hex;
}
