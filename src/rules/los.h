/* Line of sight (§6.1), computed exactly in integers.
 *
 * Geometry: a hex centre lies at (2q + r, 3r) in axial coordinates (q, r);
 * x counts half hex widths, y thirds of a row step.  In these units every
 * corner is an integer point: the hex around (0, 0) has corners (0, ±2),
 * (±1, ±1), and its interior is |x| < 1, |x + y| < 2, |x - y| < 2.  The
 * scaling is affine, so "which hexes does the segment cross" is the same
 * question as on the printed board.
 *
 * The walk goes from hex to hex along the segment between two centres:
 * through an edge to the neighbour, through a corner to one of the two
 * hexes beyond it, or along an edge (the six directions halfway between
 * neighbours: the segment then runs between two hexes, one on each side,
 * touching neither inside).  No floating point, no sampling. */
#ifndef ORBAT_LOS_H
#define ORBAT_LOS_H

#include <stdbool.h>
#include <stddef.h>

#include "../geo/hex.h"

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
bool los_walk(hex_coord a, hex_coord b, los_visit_fn visit, void *ctx);

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

/* The exact test the walk is built on, exposed for tests: does the
 * segment between two integer points (x2/y3 units above) meet the open
 * interior of the hex centred at (cx, cy)? */
bool los_segment_meets_hex(long px, long py, long qx, long qy, long cx, long cy);

#endif
