/* What a drawing of the map reads of a scenario, as hashes, so that a
 * board redrawn after an edit (the studio's tiles, boardsvg.h) redraws
 * only the parts whose inputs changed: one hash per cell for its terrain
 * and everything standing on it with the names the map gives them, one
 * for all the rest (sides, reserves, brigades, sea zones, board, texts,
 * language).  Two drawings whose hashes are all equal look the same.
 *
 * Whoever teaches the map painters to read something new of a scenario
 * adds it here, to a cell's hash when it belongs to a cell, else to the
 * rest's; tests/unit/test_boardsvg.c redraws after random edits and
 * compares the tiles kept with tiles drawn anew. */
#ifndef ORBAT_BOARDDIGEST_H
#define ORBAT_BOARDDIGEST_H

#include "../model/position.h"
#include "render.h"

/* The cell's hash in rc's drawing of pos (off the board: a constant). */
unsigned long long boarddigest_cell(const render_ctx *rc, const position *pos, grid_cell cell);
/* The hash of everything a drawing reads that belongs to no cell. */
unsigned long long boarddigest_rest(const render_ctx *rc);

#endif
