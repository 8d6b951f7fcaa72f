/* Line of sight (§6.1), computed exactly in integers.
 *
 * Which hexes the segment between two centres meets, and how, is the hex
 * grid's line (grid_line_contacts in geo/grid.h): through a hex's
 * interior, or along an edge (the segment then runs between two hexes,
 * one on each side, touching neither inside).  No floating point, no
 * sampling.  This module says what blocks sight along it. */
#ifndef ORBAT_RULES_HEX_LOS_H
#define ORBAT_RULES_HEX_LOS_H

#include <stdbool.h>
#include <stddef.h>

#include "../../geo/hex.h"

typedef enum {
	LOS_THROUGH,     /* the segment passes through the hex's interior */
	LOS_EDGE_LEFT,   /* the segment runs along one of its edges, hex on the left */
	LOS_EDGE_RIGHT,  /* ... hex on the right */
} los_contact;

/* Called for every hex the segment meets, in order from a, the two ends
 * excluded, on the board or not.  Return false to stop the walk. */
typedef bool (*los_visit_fn)(void *ctx, hex_coord hex, los_contact how);

/* Walk from the centre of a to the centre of b; false when a visit
 * stopped it. */
bool los_walk(const hex_board *board, hex_coord a, hex_coord b, los_visit_fn visit, void *ctx);

/* Whether a hex obstructs sight (a unit, a general, blocking terrain). */
typedef bool (*los_blocks_fn)(void *ctx, hex_coord hex);

typedef struct los_result {
	bool visible;
	int distance;
	/* The hexes that block, in order along the line: those the line
	 * passes through, and, when the line runs along edges with
	 * obstructions on both of its sides, those obstructions. */
	hex_coord *blocked;
	size_t blocked_count;
	size_t blocked_capacity;
	bool edge_blocked;    /* blocked by obstructions on both sides of an edge run */
} los_result;

void los_result_init(los_result *r);
void los_result_finish(los_result *r);

/* Sight from a to b on the board; hexes off the board never block.  With
 * out NULL the answer stops at the first blocker. */
bool los_check(const hex_board *board, hex_coord a, hex_coord b,
	los_blocks_fn blocks, void *ctx, los_result *out);

#endif
