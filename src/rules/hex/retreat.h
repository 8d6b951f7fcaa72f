/* Retreats (§7): one hex per flag toward the side's home edge, the owner
 * choosing among the (at most two) hexes in the next row; what blocks a
 * retreat, what ends it early, what it costs when it cannot be taken. */
#ifndef ORBAT_RULES_HEX_RETREAT_H
#define ORBAT_RULES_HEX_RETREAT_H

#include <stdbool.h>
#include <stddef.h>

#include "hex_game.h"
#include "moves.h"

#define RETREAT_MAX_FLAGS 12
#define RETREAT_MAX_OUTCOMES 64

typedef struct retreat_outcome {
	hex_coord path[RETREAT_MAX_FLAGS];
	int len;              /* hexes retreated */
	int lost;             /* figures lost for flags not taken (blocked) */
	bool off_board;       /* forced off the board from the home row: destroyed */
	bool joined;          /* ended early on a friendly general (or, a general, on friends) */
} retreat_outcome;

/* The hexes toward home from `from` that lie on the board (0 to 2). */
int retreat_candidates(const hex_game *g, int side, hex_coord from, hex_coord out[2]);

/* May `who` retreat into `to`?  v->stop: the retreat ends there (the
 * remaining flags lapse); v->end: it may be the last hex of the retreat. */
void retreat_step(const hex_game *g, hex_ref who, bool with_general, hex_coord to, step_verdict *v);

/* Every legal way to take `flags` flags (up to max), and the count. */
int retreat_outcomes(const hex_game *g, hex_ref who, int flags, bool with_general,
	retreat_outcome *out, int max);

/* Check a chosen retreat path; on success the outcome is in *res. */
bool retreat_check_path(const hex_game *g, hex_ref who, int flags, bool with_general,
	const hex_coord *path, int len, retreat_outcome *res, rules_error *err);

#endif
