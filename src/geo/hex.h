/* Hex board geometry: addresses, board shape, neighbours, distance and the
 * three sections.  Pointy-top hexes in horizontal rows, row 1 at the north
 * edge; odd rows are long, even rows are shifted half a hex east and, on the
 * Battle Cry board, one hex shorter.  Imports nothing from the model. */
#ifndef ORBAT_HEX_H
#define ORBAT_HEX_H

#include <stdbool.h>
#include <stddef.h>

#include "cell.h"

/* 0-based column and row: A1 is {0, 0}. */
typedef grid_cell hex_coord;

typedef struct hex_board {
	int columns;      /* hexes in a long row */
	int rows;
	bool short_rows;  /* even rows (1-based) have columns - 1 hexes */
	int west;         /* long-row hexes in the west section */
	int east;         /* long-row hexes in the east section */
} hex_board;

enum {
	HEX_SECTION_WEST = 1u << 0,
	HEX_SECTION_CENTRE = 1u << 1,
	HEX_SECTION_EAST = 1u << 2,
};

#define HEX_ADDRESS_MAX 16
#define HEX_MAX_COLUMNS 702  /* "ZZ" */
#define HEX_MAX_ROWS 999

/* Parse "A1", "m1", "AA10" (case-insensitive).  Syntax only: says nothing
 * about a particular board. */
bool hex_parse(const char *text, hex_coord *out);
/* Write the upper-case address; returns buf. */
char *hex_format(hex_coord hex, char buf[HEX_ADDRESS_MAX]);

void hex_board_init(hex_board *board, int columns, int rows, bool short_rows);
size_t hex_count(const hex_board *board);
hex_coord hex_from_index(const hex_board *board, size_t index);

/* The six neighbour positions in a fixed order (E, NE, NW, W, SW, SE),
 * whether on the board or not. */
void hex_neighbours(hex_coord hex, hex_coord out[6]);

/* The few below are inline: the referee and the players ask them millions
 * of times a second, and a call costs more than their arithmetic. */

/* Hexes in row `row` (0-based). */
static inline int hex_row_length(const hex_board *board, int row)
{
	bool shifted = (row % 2) == 1;
	return shifted && board->short_rows ? board->columns - 1 : board->columns;
}

/* These two are read for every hex the rules and the players look at:
 * written with the row's parity as a bit, as the row is never negative
 * where it is read (hex_row_length's arithmetic, for such rows). */
static inline bool hex_on_board(const hex_board *board, hex_coord hex)
{
	return hex.row >= 0 && hex.row < board->rows && hex.col >= 0 &&
		hex.col < board->columns - ((hex.row & 1) && board->short_rows);
}

/* Dense index 0 .. hex_count-1 in reading order, or -1 when off the board. */
static inline long hex_index(const hex_board *board, hex_coord hex)
{
	if (!hex_on_board(board, hex))
		return -1;
	long pair = 2L * board->columns - board->short_rows;   /* a long row and a shifted one */
	return (long)(hex.row >> 1) * pair + ((hex.row & 1) ? board->columns : 0) + hex.col;
}

/* The axial column of a hex of the "odd-r" offset layout (shifted rows
 * are the odd 0-based rows); its axial row is its row. */
static inline int hex_axial_q(hex_coord h)
{
	return h.col - (h.row - (h.row & 1)) / 2;
}

/* Steps between two hexes given in axial coordinates: for a caller that
 * measures many hexes against the same few and converts them once. */
static inline int hex_axial_distance(int aq, int ar, int bq, int br)
{
	int dq = aq - bq, dr = ar - br;
	int ds = -dq - dr;
	return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2;
}

/* Steps between two hexes, through their axial coordinates. */
static inline int hex_distance(hex_coord a, hex_coord b)
{
	return hex_axial_distance(hex_axial_q(a), a.row, hex_axial_q(b), b.row);
}

static inline bool hex_adjacent(hex_coord a, hex_coord b)
{
	return hex_distance(a, b) == 1;
}

/* Centre in half-hex units: x doubles (2 per hex), y counts rows. */
static inline int hex_center_x2(hex_coord hex)
{
	return 2 * hex.col + 1 + (hex.row & 1);
}

/* Bit set of HEX_SECTION_*; a hex cut by a section line has two bits.
 * Inline: the players ask it of every unit for every card they weigh. */
static inline unsigned hex_sections(const hex_board *board, hex_coord hex)
{
	int x = hex_center_x2(hex);
	int west_line = 2 * board->west;
	int east_line = 2 * (board->columns - board->east);
	unsigned s = 0;
	if (x <= west_line)
		s |= HEX_SECTION_WEST;
	if (x >= west_line && x <= east_line)
		s |= HEX_SECTION_CENTRE;
	if (x >= east_line)
		s |= HEX_SECTION_EAST;
	return s;
}
/* True when the split leaves every section at least one long-row hex. */
bool hex_sections_valid(const hex_board *board);

#endif
