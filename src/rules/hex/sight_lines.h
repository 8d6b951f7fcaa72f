/* The lines of sight of one map, kept once found: which hexes of the board
 * a line between two hexes meets (los.c) and which of them its terrain
 * blocks depend on the board and the map alone, which never change during
 * a game; only the figures on the line do.  A player weighing its
 * battles asks the same lines thousands of times a game, and every game
 * of a scenario asks them again: the lines are kept per map (the board
 * and the hexes whose terrain blocks sight), shared by every game and
 * copy of a game on that map, and by every thread.  They are found when
 * first asked and kept until the program ends. */
#ifndef ORBAT_RULES_HEX_SIGHT_LINES_H
#define ORBAT_RULES_HEX_SIGHT_LINES_H

#include <stdbool.h>

#include "../../geo/hex.h"
#include "../../model/ruleset.h"
#include "los.h"

typedef struct sight_lines sight_lines;

/* A hex the line meets whose terrain does not block: its figures may. */
typedef struct sight_cell {
	hex_coord at;
	int index;                  /* hex_index on the board */
	unsigned char how;          /* los_contact */
	bool adjacent;              /* next to the line's first hex */
} sight_cell;

typedef struct sight_line {
	/* What the terrain alone blocks: a hex the line passes through, an
	 * obstruction on the left or on the right of an edge it runs along. */
	bool terrain_through, terrain_left, terrain_right;
	int count;
	sight_cell cells[];         /* the other hexes on the board, in order */
} sight_line;

/* The lines of the map whose hex of index i has terrain[i] (NULL: clear)
 * on board; NULL when none can be kept (too many maps in one program). */
sight_lines *sight_lines_of_map(const hex_board *board, const rs_terrain *const *terrain);

/* The line from a (on the board) to b; NULL when it is not kept (a
 * off the board, or b too far): then walk it (los_check). */
const sight_line *sight_lines_get(sight_lines *m, hex_coord a, hex_coord b);

#endif
