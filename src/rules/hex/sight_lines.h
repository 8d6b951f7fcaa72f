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

#include <stdatomic.h>
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

/* The lines kept from a hex reach as far as any unit fires (battles ask
 * sight only in range); longer ones, asked by a question now and then,
 * are walked.  A window of rows and columns around the first hex holds
 * them: one row of slots per first hex, made when first needed. */
#define SIGHT_LINES_REACH RULESET_MAX_RANGE
#define SIGHT_LINES_ROWS (2 * SIGHT_LINES_REACH + 1)
#define SIGHT_LINES_COLS (2 * SIGHT_LINES_REACH + 3)

typedef _Atomic(sight_line *) sight_line_slot;

struct sight_lines {
	hex_board board;
	size_t count;                      /* hexes */
	bool *blocks;                      /* per hex index: its terrain blocks sight */
	_Atomic(sight_line_slot *) *from;  /* per hex index: the window of lines from it, or NULL */
};

/* sight_lines_get for a line not found yet: made and kept. */
const sight_line *sight_lines_make(sight_lines *m, hex_coord a, hex_coord b);

/* The line from a (on the board) to b; NULL when it is not kept (a
 * off the board, or b too far): then walk it (los_check).  Inline: a
 * player weighing its battles asks it of each. */
static inline const sight_line *sight_lines_get(sight_lines *m, hex_coord a, hex_coord b)
{
	int dr = b.row - a.row, dc = b.col - a.col;
	long ia = hex_index(&m->board, a);
	if (ia < 0 || dr < -SIGHT_LINES_REACH || dr > SIGHT_LINES_REACH || dc < -SIGHT_LINES_REACH - 1 ||
		dc > SIGHT_LINES_REACH + 1)
		return NULL;
	sight_line_slot *row = atomic_load_explicit(&m->from[ia], memory_order_acquire);
	sight_line *l = row ? atomic_load_explicit(&row[(dr + SIGHT_LINES_REACH) * SIGHT_LINES_COLS + dc +
		SIGHT_LINES_REACH + 1], memory_order_acquire) : NULL;
	return l ? l : sight_lines_make(m, a, b);
}

#endif
