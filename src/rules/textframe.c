/* The frame of a board drawn as text, one for every grid
 * (textframe.h). */
#include "textframe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

#define TEXTFRAME_CELL_MAX 8

/* The column letters, each over the second character of its cells. */
static void column_letters(str_buf *b, int columns, int width)
{
	str_printf(b, "    ");
	for (int col = 0; col < columns; col++) {
		char name[GRID_ADDRESS_MAX];
		grid_format((grid_cell){ col, 0 }, name);
		name[strlen(name) - 1] = '\0';   /* drop the row number */
		str_printf(b, "  %-*s", width - 1, name);
	}
	str_printf(b, "\n");
}

/* How far the grid shifts a row, in characters: the lattice x of its
 * first cell against the least of every row's, at the lattice's pitch
 * from one column to the next. */
static int row_shift(const grid_ops *ops, grid_cell first, long least, long pitch, int width)
{
	long x, y;
	ops->lattice_center(first, &x, &y);
	return pitch > 0 ? (int)((x - least) * (width + 1) / pitch) : 0;
}

char *textframe_draw(const grid_board *board, int width, textframe_cell_fn cell, const void *ctx,
	const char *legend)
{
	str_buf b = { NULL, 0, 0 };
	str_printf(&b, "%s", "");
	if (width < 1 || width > TEXTFRAME_CELL_MAX)
		return b.s;
	const grid_ops *ops = grid_board_ops(board);
	size_t n = grid_count(board);
	int columns = 0;
	long least = 0, x0, x1, y;
	for (size_t i = 0; i < n; i++) {
		grid_cell c = grid_from_index(board, i);
		if (c.col + 1 > columns)
			columns = c.col + 1;
		long x;
		ops->lattice_center(c, &x, &y);
		if (i == 0 || x < least)
			least = x;
	}
	ops->lattice_center((grid_cell){ 0, 0 }, &x0, &y);
	ops->lattice_center((grid_cell){ 1, 0 }, &x1, &y);
	column_letters(&b, columns, width);
	char text[TEXTFRAME_CELL_MAX + 1];
	for (size_t i = 0; i < n;) {
		grid_cell first = grid_from_index(board, i);
		int shift = row_shift(ops, first, least, x1 - x0, width);
		str_printf(&b, "%3d %*s", first.row + 1, shift, "");
		for (; i < n; i++) {
			grid_cell c = grid_from_index(board, i);
			if (c.row != first.row)
				break;
			cell(ctx, c, text);
			text[width] = '\0';
			str_printf(&b, " %s", text);
		}
		str_printf(&b, "%*s %d\n", shift, "", first.row + 1);
	}
	column_letters(&b, columns, width);
	str_printf(&b, "%s", legend ? legend : "");
	return b.s;
}
