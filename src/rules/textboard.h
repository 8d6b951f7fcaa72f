/* The position drawn as text for a terminal: the board with terrain and
 * figures, a legend, and the list of units and generals.  Returns new
 * strings; no I/O. */
#ifndef ORBAT_TEXTBOARD_H
#define ORBAT_TEXTBOARD_H

#include "../geo/grid.h"
#include "game.h"

/* The frame of a board drawn as text, one frame for every grid: column
 * letters above and below, one text row per row of cells with its number
 * at both ends, a row the grid staggers (hex: every other row, half a
 * cell) shifted by as much, then the legend as given.  cell() writes the
 * `width` characters of one cell into out (and a NUL after them); cells
 * are one blank apart.  Board size, addresses and the stagger come from
 * the grid interface.  A new string. */
typedef void (*textboard_cell_fn)(const void *ctx, grid_cell at, char *out);
char *textboard_frame(const grid_board *board, int width, textboard_cell_fn cell, const void *ctx,
	const char *legend);

/* The board, one text row per hex row, with column letters and row
 * numbers. */
char *textboard_board(const game *g);
/* Units and generals still in play, by side, and each side's score. */
char *textboard_roster(const game *g);
/* The one-letter code of a terrain on the board. */
char textboard_terrain_code(const char *terrain_id);

#endif
