#include "grid.h"

#include <string.h>

void grid_board_hex(grid_board *board, const hex_board *hex)
{
	memset(board, 0, sizeof *board);
	board->kind = GRID_HEX;
	board->hex = *hex;
}

void grid_board_square(grid_board *board, const square_board *square)
{
	memset(board, 0, sizeof *board);
	board->kind = GRID_SQUARE;
	board->square = *square;
}

size_t grid_count(const grid_board *board)
{
	return board->kind == GRID_HEX ? hex_count(&board->hex) : square_count(&board->square);
}

bool grid_on_board(const grid_board *board, grid_cell cell)
{
	return board->kind == GRID_HEX ? hex_on_board(&board->hex, cell) : square_on_board(&board->square, cell);
}

long grid_index(const grid_board *board, grid_cell cell)
{
	return board->kind == GRID_HEX ? hex_index(&board->hex, cell) : square_index(&board->square, cell);
}

grid_cell grid_from_index(const grid_board *board, size_t index)
{
	return board->kind == GRID_HEX ? hex_from_index(&board->hex, index)
		: square_from_index(&board->square, index);
}

char *grid_format(grid_cell cell, char buf[GRID_ADDRESS_MAX])
{
	return hex_format(cell, buf);
}
