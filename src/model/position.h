/* What stands where at the start of a scenario, on either grid: per cell
 * its terrain, the units of each side, the generals, objectives, cities,
 * ships and sea zone, and for every unit and general whether it stands on
 * the board.  Built once from a scenario and its ruleset, judged nothing:
 * the checks (validate/), the map and the rules questions read the same
 * position instead of each indexing the scenario again.
 *
 * Where a cell is claimed twice (two terrain entries, two cities, a square
 * in two sea zones) the first in file order holds it; the checks report
 * the others by comparing with the claimant.  Every list is in file order
 * and linked through the *_next arrays, so that a file stacking thousands
 * of units on one cell costs constant work per unit. */
#ifndef ORBAT_POSITION_H
#define ORBAT_POSITION_H

#include <stdbool.h>
#include <stddef.h>

#include "../geo/grid.h"
#include "ruleset.h"
#include "scenario.h"

/* The two sides of a game; units and generals of a further side (an error
 * of its own) are on the board but in no cell's lists. */
#define POSITION_SIDES 2

/* The pieces of one kind standing on a cell, linked in file order through
 * position_piece.next. */
typedef struct position_list {
	long first;                /* -1 when none */
	long last;
	int count;
} position_list;

/* One unit, general, objective or ship of the scenario. */
typedef struct position_piece {
	bool placed;               /* on the board: a well-formed address on it, not aboard a ship */
	long next;                 /* the next piece of the same cell list, or -1 */
	int rank;                  /* how many of that list stand there before it */
} position_piece;

typedef struct position_cell {
	/* The terrain: the ruleset's default (ruleset_unlisted_terrain) where
	 * no entry is listed, NULL when the listed type is unknown to the
	 * ruleset or not given. */
	const rs_terrain *terrain;
	long terrain_entry;        /* index into sc->terrain holding the cell, or -1 */
	position_list units[POSITION_SIDES]; /* the units of each side */
	position_list generals;    /* of either side */
	position_list objectives;
	position_list ships;
	long city;                 /* the city on the cell, or -1 */
	long zone;                 /* the sea zone the square belongs to, or -1 */
	size_t zone_square;        /* which of that zone's squares claims it */
} position_cell;

typedef struct position {
	const scenario *sc;
	const ruleset *rs;
	/* The board has a size the ruleset allows: only then is anything
	 * placed.  Without it every cell reads as clear ground, empty. */
	bool board_ok;
	grid_board board;
	size_t cell_count;
	position_cell *cells;      /* cell_count entries, grid_index order */

	/* One entry per element of sc->units, sc->generals, sc->objectives,
	 * sc->ships. */
	position_piece *units;
	position_piece *generals;
	position_piece *objectives;
	position_piece *ships;
} position;

/* The units of both sides on a cell, in file order: a merge of the
 * sides' lists, constant work per unit. */
typedef struct position_walk {
	long head[POSITION_SIDES];
} position_walk;

void position_units_begin(const position_cell *cell, position_walk *w);
/* The next unit (index into sc->units), or -1 after the last. */
long position_units_next(const position *p, position_walk *w);

/* Never fails: what cannot be placed is left off the board. */
position *position_create(const scenario *sc, const ruleset *rs);
void position_destroy(position *p);

/* The cell, or NULL off the board (or without a usable board). */
const position_cell *position_at(const position *p, grid_cell cell);
/* The cell an address of the scenario names, or NULL when it is missing,
 * malformed or off the board. */
const position_cell *position_at_address(const position *p, const sc_address *a);
/* The terrain of a cell: clear off the listed cells, and also off the board
 * (a question about an unplaced address still gets ordinary ground). */
const rs_terrain *position_terrain(const position *p, grid_cell cell);
/* Whether the cell's terrain is water (the ruleset's flag); false off the
 * board and for unknown terrain. */
bool position_water(const position *p, grid_cell cell);

#endif
