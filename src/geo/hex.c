#include "hex.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gridimpl.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

bool hex_parse(const char *text, hex_coord *out)
{
	if (!text)
		return false;
	const char *p = text;
	long col = 0;
	int letters = 0;
	while (isalpha((unsigned char)*p)) {
		if (++letters > 2)
			return false;
		col = col * 26 + (toupper((unsigned char)*p) - 'A' + 1);
		p++;
	}
	if (letters == 0 || !isdigit((unsigned char)*p) || *p == '0')
		return false;
	long row = 0;
	int digits = 0;
	while (isdigit((unsigned char)*p)) {
		if (++digits > 3)
			return false;
		row = row * 10 + (*p - '0');
		p++;
	}
	if (*p != '\0')
		return false;
	out->col = (int)col - 1;
	out->row = (int)row - 1;
	return true;
}

char *hex_format(hex_coord hex, char buf[HEX_ADDRESS_MAX])
{
	char letters[4];
	int n = 0;
	int c = hex.col + 1;
	if (hex.col < 0 || hex.row < 0 || c > HEX_MAX_COLUMNS) {
		snprintf(buf, HEX_ADDRESS_MAX, "?");
		return buf;
	}
	while (c > 0 && n < 3) {
		int rem = (c - 1) % 26;
		letters[n++] = (char)('A' + rem);
		c = (c - 1) / 26;
	}
	int k = 0;
	while (n > 0)
		buf[k++] = letters[--n];
	/* The row's digits by hand: the referee names hexes in every step it
	 * weighs, and printf's machinery cost more than the rest of a step. */
	char digits[12];
	int d = 0;
	for (long r = (long)hex.row + 1; r > 0 && d < (int)sizeof digits; r /= 10)
		digits[d++] = (char)('0' + r % 10);
	while (d > 0)
		buf[k++] = digits[--d];
	buf[k] = '\0';
	return buf;
}

void hex_board_init(hex_board *board, int columns, int rows, bool short_rows)
{
	board->columns = columns;
	board->rows = rows;
	board->short_rows = short_rows;
	board->west = columns / 3;
	board->east = columns / 3;
}

size_t hex_count(const hex_board *board)
{
	if (board->columns <= 0 || board->rows <= 0)
		return 0;
	size_t longs = (size_t)(board->rows + 1) / 2;
	size_t shorts = (size_t)board->rows / 2;
	return longs * (size_t)board->columns +
		shorts * (size_t)hex_row_length(board, 1);
}

hex_coord hex_from_index(const hex_board *board, size_t index)
{
	size_t shifted_len = (size_t)hex_row_length(board, 1);
	size_t pair = (size_t)board->columns + shifted_len;
	hex_coord h;
	h.row = (int)(index / pair) * 2;
	size_t rest = index % pair;
	if (rest >= (size_t)board->columns) {
		h.row++;
		rest -= (size_t)board->columns;
	}
	h.col = (int)rest;
	return h;
}

void hex_neighbours(hex_coord h, hex_coord out[6])
{
	/* In an odd-r layout the diagonal neighbours depend on the row parity. */
	int odd = h.row & 1;
	out[0] = (hex_coord){ h.col + 1, h.row };
	out[1] = (hex_coord){ h.col + odd, h.row - 1 };
	out[2] = (hex_coord){ h.col - 1 + odd, h.row - 1 };
	out[3] = (hex_coord){ h.col - 1, h.row };
	out[4] = (hex_coord){ h.col - 1 + odd, h.row + 1 };
	out[5] = (hex_coord){ h.col + odd, h.row + 1 };
}

bool hex_sections_valid(const hex_board *board)
{
	return board->west >= 1 && board->east >= 1 &&
		board->west + board->east <= board->columns - 1;
}

/* The hex grid behind geo/grid.h. */

GRID_BOARD_FUNCTIONS(hex)

/* x counts half hex widths, y thirds of a row step: then every corner is
 * an integer point (the hex around (0, 0) has corners (0, ±2), (±1, ±1)),
 * and the map is this lattice stretched, so a line crosses the same
 * hexes on both. */
static void hex_lattice_center(grid_cell c, long *x, long *y)
{
	*x = hex_center_x2(c) - 1;
	*y = 3L * c.row;
}

static const int HEX_CORNERS[6][2] = { { 0, -2 }, { 1, -1 }, { 1, 1 }, { 0, 2 }, { -1, 1 }, { -1, -1 } };

static int hex_section_lines(const grid_board *b, double cell_mm, double x[GRID_SECTION_LINES_MAX])
{
	x[0] = b->hex.west * cell_mm;
	x[1] = (b->hex.columns - b->hex.east) * cell_mm;
	return 2;
}

/* Pointy-top hexes `cell` mm across the flats, shifted rows half a hex
 * east. */
static void hex_metrics(const grid_board *board, double cell_mm, grid_metrics *m)
{
	const hex_board *b = &board->hex;
	m->cell = cell_mm;
	m->radius = cell_mm / sqrt(3.0);
	m->row_step = 1.5 * m->radius;
	/* A full-length shifted row sticks out half a hex to the east. */
	m->width = b->columns * cell_mm + (b->short_rows || b->rows < 2 ? 0 : cell_mm / 2);
	m->height = 2 * m->radius + (b->rows - 1) * m->row_step;
}

static void hex_center(const grid_metrics *m, double ox, double oy, grid_cell c, double *x, double *y)
{
	*x = ox + m->cell * (c.col + 0.5 + ((c.row & 1) ? 0.5 : 0.0));
	*y = oy + m->radius + c.row * m->row_step;
}

static void hex_outline(const grid_metrics *m, double cx, double cy, double inset, const grid_pen *pen)
{
	/* Shrinking the flats by inset moves the corners by inset / cos 30°. */
	double r = m->radius - inset * 2 / sqrt(3.0);
	for (int k = 0; k < 6; k++) {
		double a = (M_PI / 180.0) * (60.0 * k - 90.0);
		double x = cx + r * cos(a), y = cy + r * sin(a);
		if (k == 0)
			pen->move(pen->ctx, x, y);
		else
			pen->line(pen->ctx, x, y);
	}
	pen->close(pen->ctx);
}

/* §3: the board's sections from west to east (bit i of hex_sections). */
static const char *const HEX_SECTION_NAMES[] = { "west", "centre", "east" };

const grid_ops grid_hex_ops = GRID_OPS(hex, GRID_HEX, 6, 6, HEX_CORNERS, HEX_SECTION_NAMES,
	(int)(sizeof HEX_SECTION_NAMES / sizeof HEX_SECTION_NAMES[0]));
