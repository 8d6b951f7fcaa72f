/* The marks a scenario's special rules put on a hex map: fords, exit
 * hexes, hexes a side may not enter or not end a move in, and
 * sudden-death hexes, each a small round badge with its kind's symbol in
 * a corner of the hex, ringed in the colour of the side the rule binds
 * (black: both sides); their legend entries.  Sizes, places and colours
 * come from layouts/print.xml (<special-marks>, <special-mark>).  Drawn
 * by the hex painter (hexdraw.c) on every map, so the studio's board
 * shows them too; boarddigest.c hashes them per cell. */
#ifndef ORBAT_SPECIALMARKS_H
#define ORBAT_SPECIALMARKS_H

#include <cairo.h>
#include <stddef.h>

#include "mappaint.h"

typedef enum special_mark_kind {
	MARK_FORD,
	MARK_EXIT,
	MARK_NO_ENTRY,       /* may not enter */
	MARK_NO_END,         /* may pass, may not end a move */
	MARK_SUDDEN_DEATH,
	MARK_KINDS
} special_mark_kind;

/* One mark on a hex: its kind and the scenario's side the rule binds
 * (SPECIAL_MARK_BOTH: both). */
#define SPECIAL_MARK_BOTH ((size_t)-1)
typedef struct special_mark {
	special_mark_kind kind;
	size_t side;
} special_mark;

/* The most marks one hex shows. */
#define SPECIAL_MARKS_MAX 4

/* The marks on a cell, in the order of the kinds, each kind and side
 * once; returns how many (at most SPECIAL_MARKS_MAX). */
size_t specialmarks_at(const scenario *sc, grid_cell cell, special_mark *out);

/* Every shown cell's marks, each taking its box in the canvas's placer
 * (the hex painter's extras). */
void specialmarks_draw(const map_canvas *mc, const size_t *shown, size_t n);

/* The legend's entries: one per kind the scenario's map shows, then,
 * when a mark binds one side, what its ring says. */
size_t specialmarks_legend_count(const render_ctx *rc);
const char *specialmarks_legend_entry(const render_ctx *rc, cairo_t *cr, size_t i, double ex, double ey,
	double swatch);

#endif
