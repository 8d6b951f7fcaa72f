/* Boards drawn as text for a terminal, the part every grid shares: the
 * frame of column letters and row numbers around the cells (a terrain's
 * letter is the ruleset's, rs_terrain.letter).  Each grid draws its own cells (hex/hex_board.h,
 * square/sq_board.c).  Returns new strings; no I/O. */
#ifndef ORBAT_RULES_TEXTFRAME_H
#define ORBAT_RULES_TEXTFRAME_H

#include "../geo/grid.h"

/* The frame of a board drawn as text, one frame for every grid: column
 * letters above and below, one text row per row of cells with its number
 * at both ends, a row the grid staggers (hex: every other row, half a
 * cell) shifted by as much, then the legend as given.  cell() writes the
 * `width` characters of one cell into out (and a NUL after them); cells
 * are one blank apart.  Board size, addresses and the stagger come from
 * the grid interface.  A new string. */
typedef void (*textframe_cell_fn)(const void *ctx, grid_cell at, char *out);
char *textframe_draw(const grid_board *board, int width, textframe_cell_fn cell, const void *ctx,
	const char *legend);

#endif
