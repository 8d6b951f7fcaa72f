/* Square board geometry (the mb-remastered map): addresses, board shape,
 * neighbours and distances.  Same address syntax as hex boards: A1 is the
 * north-west square, letters count columns, digits count rows from the north
 * edge.  Imports nothing from the model. */
#ifndef ORBAT_SQUARE_H
#define ORBAT_SQUARE_H

#include <stdbool.h>
#include <stddef.h>

#include "cell.h"

/* 0-based column and row: A1 is {0, 0}. */
typedef grid_cell square_coord;

typedef struct square_board {
	int columns;
	int rows;
} square_board;

#define SQUARE_ADDRESS_MAX 16
#define SQUARE_MAX_COLUMNS 702  /* "ZZ" */
#define SQUARE_MAX_ROWS 999

/* Parse "A1", "t16", "AA10" (case-insensitive); syntax only. */
bool square_parse(const char *text, square_coord *out);
/* Write the upper-case address; returns buf. */
char *square_format(square_coord sq, char buf[SQUARE_ADDRESS_MAX]);

void square_board_init(square_board *board, int columns, int rows);
size_t square_count(const square_board *board);
square_coord square_from_index(const square_board *board, size_t index);

/* Inline: the referee and the players ask them millions of times. */
static inline bool square_on_board(const square_board *board, square_coord sq)
{
	return sq.col >= 0 && sq.row >= 0 && sq.col < board->columns && sq.row < board->rows;
}

/* Dense index in reading order, or -1 when off the board. */
static inline long square_index(const square_board *board, square_coord sq)
{
	if (!square_on_board(board, sq))
		return -1;
	return (long)sq.row * board->columns + sq.col;
}

/* The eight neighbour positions, whether on the board or not: first the
 * four across a side (N, E, S, W), then the four across a corner
 * (NE, SE, SW, NW). */
#define SQUARE_SIDE_NEIGHBOURS 4
#define SQUARE_NEIGHBOURS 8
void square_neighbours(square_coord sq, square_coord out[SQUARE_NEIGHBOURS]);
/* Sharing a side (infantry combat). */
bool square_orthogonal(square_coord a, square_coord b);
/* Sharing a side or a corner (cavalry and artillery combat, coasts). */
bool square_adjacent(square_coord a, square_coord b);
/* Steps when diagonal steps are allowed (king moves): artillery range. */
int square_distance(square_coord a, square_coord b);
/* Steps across sides only. */
int square_orthogonal_distance(square_coord a, square_coord b);

#endif
