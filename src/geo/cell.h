/* A cell of any board grid: column and row, 0-based, A1 = {0, 0} at the
 * north-west corner.  Hex and square coordinates are this one type under
 * two names, so code that only places or looks up cells (the map drawing,
 * the per-cell tables) works on either grid without conversions. */
#ifndef ORBAT_CELL_H
#define ORBAT_CELL_H

#include <stdbool.h>

typedef struct grid_cell {
	int col;
	int row;
} grid_cell;

/* The same cell: the one comparison every grid's code makes. */
static inline bool grid_cell_equal(grid_cell a, grid_cell b)
{
	return a.col == b.col && a.row == b.row;
}

#endif
