/* A board of either grid behind one interface: what the map drawing and
 * the print products need to walk the cells of a board, place them and
 * name them, without knowing whether they are hexes or squares.  Rules
 * that depend on the shape (neighbours, distances, sections) stay in
 * hex.h and square.h. */
#ifndef ORBAT_GRID_H
#define ORBAT_GRID_H

#include <stdbool.h>
#include <stddef.h>

#include "cell.h"
#include "hex.h"
#include "square.h"

typedef enum { GRID_HEX, GRID_SQUARE } grid_kind;

typedef struct grid_board {
	grid_kind kind;
	hex_board hex;        /* kind == GRID_HEX */
	square_board square;  /* kind == GRID_SQUARE */
} grid_board;

#define GRID_ADDRESS_MAX 16

void grid_board_hex(grid_board *board, const hex_board *hex);
void grid_board_square(grid_board *board, const square_board *square);

size_t grid_count(const grid_board *board);
bool grid_on_board(const grid_board *board, grid_cell cell);
/* Dense index 0 .. grid_count-1 in reading order, or -1 off the board. */
long grid_index(const grid_board *board, grid_cell cell);
grid_cell grid_from_index(const grid_board *board, size_t index);
/* The address ("B7"); both grids write it alike.  Returns buf. */
char *grid_format(grid_cell cell, char buf[GRID_ADDRESS_MAX]);

#endif
