#include "mapgeom.h"

#include <math.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

void mapgeom_init(map_geom *g, const grid_board *board, double cell_mm)
{
	g->board = *board;
	g->cell = cell_mm;
	g->frame = fmax(12.0, fmin(0.25 * cell_mm, 24.0));
	if (board->kind == GRID_SQUARE) {
		g->radius = cell_mm / 2;
		g->row_step = cell_mm;
		g->cells_width = board->square.columns * cell_mm;
		g->cells_height = board->square.rows * cell_mm;
	} else {
		const hex_board *b = &board->hex;
		g->radius = cell_mm / sqrt(3.0);
		g->row_step = 1.5 * g->radius;
		/* A full-length shifted row sticks out half a hex to the east. */
		g->cells_width = b->columns * cell_mm + (b->short_rows || b->rows < 2 ? 0 : cell_mm / 2);
		g->cells_height = 2 * g->radius + (b->rows - 1) * g->row_step;
	}
	g->width = g->cells_width + 2 * g->frame;
	g->height = g->cells_height + 2 * g->frame;
}

void mapgeom_center(const map_geom *g, grid_cell cell, double *x, double *y)
{
	if (g->board.kind == GRID_SQUARE) {
		*x = g->frame + g->cell * (cell.col + 0.5);
		*y = g->frame + g->cell * (cell.row + 0.5);
		return;
	}
	*x = g->frame + g->cell * (cell.col + 0.5 + ((cell.row & 1) ? 0.5 : 0.0));
	*y = g->frame + g->radius + cell.row * g->row_step;
}

void mapgeom_cell_path(cairo_t *cr, const map_geom *g, grid_cell cell, double inset)
{
	double cx, cy;
	mapgeom_center(g, cell, &cx, &cy);
	if (g->board.kind == GRID_SQUARE) {
		double half = g->radius - inset;
		cairo_rectangle(cr, cx - half, cy - half, 2 * half, 2 * half);
		return;
	}
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
	const hex_board *b = &g->board.hex;
	int hexes = line == 0 ? b->west : b->columns - b->east;
	return g->frame + hexes * g->cell;
}
