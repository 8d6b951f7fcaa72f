/* What the expert (expert_search.h, expert_plan.h) needs of a grid
 * beyond the engine's door.  Each grid fills one in where its player
 * table seats the expert (hex/hex_engine.c, square/sq_engine.c).
 * No I/O. */
#ifndef ORBAT_RULES_EXPERT_GRID_H
#define ORBAT_RULES_EXPERT_GRID_H

#include <stddef.h>

#include "../engine.h"
#include "../rng.h"

/* The longest log line of a turn's opening (a card and its section). */
#define EXPERT_LINE_MAX 96

typedef struct expert_grid {
	grid_kind grid;
	/* Deal again, on a copy, what `viewer` cannot see. */
	void (*determinize)(game *g, int viewer, rng *rnd);
	/* The share of the fighting strength on the board that is `side`'s,
	 * from 0 to 1 (NULL: the flags alone value a position). */
	double (*material)(game *g, int side);
	/* The ways `side` may open the turn it is to start on g, as log
	 * lines (each card of its hand with each section it may order),
	 * at most `max`; how many were written: none when g is not at a
	 * turn's opening.  NULL where a turn has no such choice: the plans
	 * then differ in their manner only. */
	size_t (*openings)(game *g, int side, char (*lines)[EXPERT_LINE_MAX], size_t max);
	/* The flags `side` is about to win, as a count weighed by their
	 * chance: enemy figures one or two hits from being destroyed (NULL:
	 * the flags won alone count). */
	double (*near_flags)(game *g, int side);
} expert_grid;

#endif
