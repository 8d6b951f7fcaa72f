#include "square.h"

#include <stdlib.h>

#include "hex.h"

/* The address syntax is the hex boards' one; share its parser. */
bool square_parse(const char *text, square_coord *out)
{
	hex_coord h;
	if (!hex_parse(text, &h))
		return false;
	out->col = h.col;
	out->row = h.row;
	return true;
}

char *square_format(square_coord sq, char buf[SQUARE_ADDRESS_MAX])
{
	return hex_format((hex_coord){ sq.col, sq.row }, buf);
}

void square_board_init(square_board *board, int columns, int rows)
{
	board->columns = columns;
	board->rows = rows;
}

bool square_on_board(const square_board *board, square_coord sq)
{
	return sq.col >= 0 && sq.row >= 0 && sq.col < board->columns && sq.row < board->rows;
}

size_t square_count(const square_board *board)
{
	if (board->columns <= 0 || board->rows <= 0)
		return 0;
	return (size_t)board->columns * (size_t)board->rows;
}

long square_index(const square_board *board, square_coord sq)
{
	if (!square_on_board(board, sq))
		return -1;
	return (long)sq.row * board->columns + sq.col;
}

square_coord square_from_index(const square_board *board, size_t index)
{
	return (square_coord){ (int)(index % (size_t)board->columns), (int)(index / (size_t)board->columns) };
}

void square_neighbours(square_coord sq, square_coord out[SQUARE_NEIGHBOURS])
{
	static const int d[SQUARE_NEIGHBOURS][2] = {
		{ 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 },
		{ 1, -1 }, { 1, 1 }, { -1, 1 }, { -1, -1 },
	};
	for (int i = 0; i < SQUARE_NEIGHBOURS; i++)
		out[i] = (square_coord){ sq.col + d[i][0], sq.row + d[i][1] };
}

int square_distance(square_coord a, square_coord b)
{
	int dc = abs(a.col - b.col), dr = abs(a.row - b.row);
	return dc > dr ? dc : dr;
}

int square_orthogonal_distance(square_coord a, square_coord b)
{
	return abs(a.col - b.col) + abs(a.row - b.row);
}

bool square_orthogonal(square_coord a, square_coord b)
{
	return square_orthogonal_distance(a, b) == 1;
}

bool square_adjacent(square_coord a, square_coord b)
{
	return square_distance(a, b) == 1;
}
