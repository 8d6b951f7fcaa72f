/* A board of either grid behind one interface: a table of functions per
 * grid (struct grid_ops), implemented by hex.c and square.c and picked
 * once from the ruleset's grid.  Everything outside src/geo that walks,
 * names, measures or draws cells goes through it and never asks which grid
 * it has; only the per-grid tables of rules that really differ (the
 * reference card builders, the roster columns, ...) are keyed by
 * grid_kind.  The rules engine keeps using hex.h and square.h where a rule
 * is written for one shape (the sections of §3, artillery ranges). */
#ifndef ORBAT_GRID_H
#define ORBAT_GRID_H

#include <stdbool.h>
#include <stddef.h>

#include "cell.h"
#include "hex.h"
#include "square.h"

typedef enum { GRID_HEX, GRID_SQUARE } grid_kind;
#define GRID_KINDS 2
/* The grid of a ruleset that names none: the Battle Cry boards. */
#define GRID_DEFAULT GRID_HEX

typedef struct grid_board {
	grid_kind kind;
	hex_board hex;        /* kind == GRID_HEX */
	square_board square;  /* kind == GRID_SQUARE */
} grid_board;

#define GRID_ADDRESS_MAX 16
#define GRID_NEIGHBOURS_MAX 8
#define GRID_OUTLINE_MAX 6
#define GRID_SECTION_LINES_MAX 2

/* A board drawn with cells `cell` mm in size (hex: across the flats;
 * square: the side), in millimetres. */
typedef struct grid_metrics {
	double cell;
	double radius;     /* hex: centre to corner (cell / sqrt 3); square: half the side */
	double row_step;   /* centre to centre between rows */
	double width;      /* the cells' extent, without any frame */
	double height;
} grid_metrics;

/* Where an outline is traced to: a drawing surface's path, or a list of
 * corners.  rel_line moves by (dx, dy) from the current point, so that a
 * grid can trace a shape the way the surface builds it natively. */
typedef struct grid_pen {
	void (*move)(void *ctx, double x, double y);
	void (*line)(void *ctx, double x, double y);
	void (*rel_line)(void *ctx, double dx, double dy);
	void (*close)(void *ctx);
	void *ctx;
} grid_pen;

typedef struct grid_ops {
	grid_kind kind;
	const char *name;        /* "hex", "square": the ruleset's grid attribute */
	int neighbour_count;     /* entries neighbours() writes */
	int side_neighbours;     /* the first ones, across a side; the rest across a corner */

	/* Addresses ("B7", case-insensitive in, upper case out). */
	bool (*parse)(const char *text, grid_cell *out);
	char *(*format)(grid_cell cell, char buf[GRID_ADDRESS_MAX]);

	/* The board's cells and a dense index over them in reading order. */
	size_t (*count)(const grid_board *board);
	bool (*on_board)(const grid_board *board, grid_cell cell);
	long (*index)(const grid_board *board, grid_cell cell);   /* -1 off the board */
	grid_cell (*from_index)(const grid_board *board, size_t index);

	/* Neighbour positions, on the board or not, in a fixed order. */
	void (*neighbours)(grid_cell cell, grid_cell out[GRID_NEIGHBOURS_MAX]);
	/* Steps between two cells when every neighbour is one step. */
	int (*distance)(grid_cell a, grid_cell b);

	/* The same cells on an integer lattice, affine to the printed map, so
	 * that the line between two cells is computed exactly: the centre of
	 * a cell and the offsets of its corners, in order around it. */
	void (*lattice_center)(grid_cell cell, long *x, long *y);
	int corner_count;
	const int (*corners)[2];

	/* How the grid cuts a board into sections (hex: §3 west, centre,
	 * east): their number and names from west to east; 0 and NULL where
	 * a grid has none.  Section i is bit 1u << i of sections(). */
	int section_count;
	const char *const *section_names;
	/* Bit set of the board's sections the cell lies in (two bits on a
	 * section line); 0 where a grid has none. */
	unsigned (*sections)(const grid_board *board, grid_cell cell);
	/* x of the section lines, from the west edge of the cells, in mm;
	 * returns how many (0 when the grid has no sections). */
	int (*section_lines)(const grid_board *board, double cell_mm, double x[GRID_SECTION_LINES_MAX]);

	/* Millimetre geometry: size of the cells, centre of one when the
	 * cells start at (ox, oy), and its outline shrunk by inset mm. */
	void (*metrics)(const grid_board *board, double cell_mm, grid_metrics *out);
	void (*center)(const grid_metrics *m, double ox, double oy, grid_cell cell, double *x, double *y);
	/* Traces the outline of the cell centred at (cx, cy), shrunk by
	 * inset mm, as one closed figure. */
	void (*outline)(const grid_metrics *m, double cx, double cy, double inset, const grid_pen *pen);
} grid_ops;

extern const grid_ops grid_hex_ops;     /* hex.c */
extern const grid_ops grid_square_ops;  /* square.c */

/* The table of a grid kind and of a board. */
const grid_ops *grid_ops_of(grid_kind kind);
const grid_ops *grid_board_ops(const grid_board *board);
/* The grid a ruleset file names ("hex", "square"); false for another name. */
bool grid_kind_parse(const char *name, grid_kind *out);

void grid_board_hex(grid_board *board, const hex_board *hex);
void grid_board_square(grid_board *board, const square_board *square);
/* A board of a single cell of the grid (a legend's swatch of terrain). */
void grid_board_one_cell(const grid_ops *ops, grid_board *board);

/* Short cuts through the board's table. */
const char *grid_name(const grid_board *board);
size_t grid_count(const grid_board *board);
/* These two are inline, straight to the grid's own function (what its
 * table holds; any kind but square is a hex board, as grid_ops_of has
 * it): the games ask them millions of times a second. */
static inline bool grid_on_board(const grid_board *board, grid_cell cell)
{
	return board->kind == GRID_SQUARE ? square_on_board(&board->square, cell) : hex_on_board(&board->hex, cell);
}

/* Dense index 0 .. grid_count-1 in reading order, or -1 off the board. */
static inline long grid_index(const grid_board *board, grid_cell cell)
{
	return board->kind == GRID_SQUARE ? square_index(&board->square, cell) : hex_index(&board->hex, cell);
}
grid_cell grid_from_index(const grid_board *board, size_t index);
/* The address ("B7"); both grids write it alike.  Returns buf. */
char *grid_format(grid_cell cell, char buf[GRID_ADDRESS_MAX]);
/* The address in a buffer of its own for the enclosing block: two in one
 * message never share one buffer, so neither overwrites the other (a
 * message that named one square twice, "at E1 is not next to E1", came of
 * two addresses written into the same buffer). */
#define GRID_ADDRESS(cell) grid_format((cell), (char[GRID_ADDRESS_MAX]){ 0 })
bool grid_parse(const grid_board *board, const char *text, grid_cell *out);
/* Writes the neighbour positions; returns how many. */
int grid_neighbours(const grid_board *board, grid_cell cell, grid_cell out[GRID_NEIGHBOURS_MAX]);
int grid_distance(const grid_board *board, grid_cell a, grid_cell b);
bool grid_adjacent(const grid_board *board, grid_cell a, grid_cell b);
unsigned grid_sections(const grid_board *board, grid_cell cell);
/* The corners of a cell's outline (see grid_ops.outline), in order;
 * returns how many. */
int grid_outline(const grid_board *board, const grid_metrics *m, double cx, double cy, double inset,
	double xy[GRID_OUTLINE_MAX][2]);

/* The cells whose inside the straight line between the centres of a and
 * b passes through, in order from a, both ends excluded, on the board or
 * not.  A cell the line only touches (along an edge, at a corner) is not
 * among them: what such a touch means is a rule (line of sight, §6.1),
 * not geometry.  Writes at most max cells; returns how many there are
 * (0 also when memory for the walk cannot be had). */
size_t grid_line(const grid_board *board, grid_cell a, grid_cell b, grid_cell *out, size_t max);

/* How the line between two centres meets a cell: through its inside, or
 * along one of its edges with the cell on the left or on the right (seen
 * from a toward b).  Line of sight (§6.1) gives the edge cases a meaning. */
typedef enum { GRID_LINE_THROUGH, GRID_LINE_EDGE_LEFT, GRID_LINE_EDGE_RIGHT } grid_contact;
typedef struct grid_line_cell {
	grid_cell cell;
	grid_contact how;
} grid_line_cell;
/* Every cell the line between the centres of a and b meets, in order
 * from a, both ends excluded, on the board or not: those it passes
 * through, and those it runs along an edge of (two at a time, one either
 * side, clockwise from east around the cell the line leaves there).  A
 * cell touched at a corner only is not met.  Writes at most max; returns
 * how many there are (0 also when memory for the walk cannot be had).
 * grid_line keeps the ones passed through. */
size_t grid_line_contacts(const grid_board *board, grid_cell a, grid_cell b, grid_line_cell *out, size_t max);
/* A bound on grid_line_contacts' count: room enough to have them all in
 * one call. */
size_t grid_line_contacts_max(const grid_board *board, grid_cell a, grid_cell b);

/* Whether a cell may be entered on a path; NULL: every cell on the board. */
typedef bool (*grid_passable_fn)(void *ctx, grid_cell cell);
/* Fewest steps from a to b through neighbouring cells of the board that
 * are passable (a itself need not be), or -1 when there is no such path
 * or a or b is off the board. */
int grid_path_length(const grid_board *board, grid_cell a, grid_cell b, grid_passable_fn passable, void *ctx);

#endif
