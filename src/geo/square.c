#include "square.h"

#include <stdlib.h>

#include "gridimpl.h"
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

size_t square_count(const square_board *board)
{
	if (board->columns <= 0 || board->rows <= 0)
		return 0;
	return (size_t)board->columns * (size_t)board->rows;
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

/* The square grid behind geo/grid.h. */

/* Two lattice units a side, so that centres and corners are integers. */
static void square_lattice_center(grid_cell c, long *x, long *y)
{
	*x = 2L * c.col + 1;
	*y = 2L * c.row + 1;
}

static const int SQUARE_CORNERS[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };

/* The mb-remastered map has no sections. */
static unsigned square_sections(const square_board *b, square_coord c)
{
	(void)b;
	(void)c;
	return 0;
}

static int square_section_lines(const grid_board *b, double cell_mm, double x[GRID_SECTION_LINES_MAX])
{
	(void)b;
	(void)cell_mm;
	(void)x;
	return 0;
}

GRID_BOARD_FUNCTIONS(square)

static void square_metrics(const grid_board *board, double cell_mm, grid_metrics *m)
{
	m->cell = cell_mm;
	m->radius = cell_mm / 2;
	m->row_step = cell_mm;
	m->width = board->square.columns * cell_mm;
	m->height = board->square.rows * cell_mm;
}

static void square_center(const grid_metrics *m, double ox, double oy, grid_cell c, double *x, double *y)
{
	*x = ox + m->cell * (c.col + 0.5);
	*y = oy + m->cell * (c.row + 0.5);
}

/* Traced as a rectangle is: a corner, then three sides, so that a
 * surface that recognises rectangles draws it as one. */
static void square_outline(const grid_metrics *m, double cx, double cy, double inset, const grid_pen *pen)
{
	double half = m->radius - inset;
	pen->move(pen->ctx, cx - half, cy - half);
	pen->rel_line(pen->ctx, 2 * half, 0);
	pen->rel_line(pen->ctx, 0, 2 * half);
	pen->rel_line(pen->ctx, -2 * half, 0);
	pen->close(pen->ctx);
}

const grid_ops grid_square_ops = GRID_OPS(square, GRID_SQUARE, SQUARE_NEIGHBOURS, SQUARE_SIDE_NEIGHBOURS,
	SQUARE_CORNERS, NULL, 0);
