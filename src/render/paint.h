/* What every map painter draws with (internal to render/): the print
 * palette, and the counters, generals' stars and legend grid both grids
 * use.  The painters (mappaint.h) call these; these call no painter, so
 * the drawing goes one way: mapdraw -> painters -> paint. */
#ifndef ORBAT_PAINT_H
#define ORBAT_PAINT_H

#include <cairo.h>
#include <stddef.h>

#include "labelplace.h"
#include "render.h"

/* Print-friendly colours: light fills that keep black text legible, and
 * symbols that still tell things apart on a grey-scale printer. */
typedef struct rgb {
	double r, g, b;
} rgb;

extern const rgb PAINT_PAPER;
extern const rgb PAINT_GRID;
extern const rgb PAINT_INK;
extern const rgb PAINT_WATER;
extern const rgb PAINT_WATER_LINE;
extern const rgb PAINT_SECTION;
extern const rgb PAINT_GOLD;

void paint_set(cairo_t *cr, rgb c);
rgb paint_side(size_t side);
double paint_clamp(double v, double lo, double hi);

/* No line of a map prints thinner than this, in points on the paper: a
 * press or a laser printer loses finer hairlines, and the maps are drawn
 * at many scales (true size, the overview and the sheet reduced, art
 * recorded once and placed at each). */
#define PAINT_MIN_LINE_PT 0.25

/* The least line width, in user units of cr now, that prints at
 * PAINT_MIN_LINE_PT: the matrix in force and what one device unit prints
 * at (pdfdoc_pt_per_unit), the thinnest direction counted. */
double paint_line_floor(cairo_t *cr);
/* cairo_stroke and cairo_stroke_preserve with the line width raised to
 * paint_line_floor where it is thinner: every map's strokes go through
 * these, at the matrix the line prints with. */
void paint_stroke(cairo_t *cr);
void paint_stroke_preserve(cairo_t *cr);

/* No word of a product prints smaller than this, in points on the paper:
 * a player reads the map at arm's length (6 pt and a hair to spare). */
#define PAINT_MIN_TEXT_PT 6.2

/* The smallest text size allowed at the current transformation, in user
 * units (a map drawn reduced needs larger text in its own millimetres). */
double paint_min_text(const render_ctx *rc, cairo_t *cr);

/* Where a label may go: the point (x, y) and which point of the text's
 * box stands on it, as fractions of its width and height (0, 0: the
 * top-left corner; 0.5, 1: the middle of the bottom edge). */
typedef struct paint_spot {
	double x, y, fx, fy;
} paint_spot;

/* The size a label prints at: st->size shrunk to fit max_width (0: any
 * width) but not below paint_min_text; sets st->size and the text's
 * width and height.  False when it is wider than max_width even so. */
bool paint_fit_text(const render_ctx *rc, cairo_t *cr, const char *text, text_style *st, double max_width,
	double *width, double *height);

/* A label placed with the collision check: the text in `st`, shrunk to
 * fit max_width (0: any width) but never below paint_min_text, drawn at
 * the first spot where it overlaps nothing taken in lp, and its box then
 * taken.  When every spot is on terrain art (a backdrop) and nothing
 * else, the first such spot is taken and the art beneath is covered by
 * the ground's colour.  A text that cannot be legible in its room or is
 * clear nowhere is left out: returns false, drawing nothing. */
/* Cover the terrain art (backdrops in lp) within r of (cx, cy) with the
 * ground's colour: a star or ring set on a town's houses stands clear. */
void paint_clear_backdrop_round(cairo_t *cr, const label_placer *lp, double cx, double cy, double r);

bool paint_place_text(const render_ctx *rc, cairo_t *cr, label_placer *lp, const char *text,
	const text_style *st, double max_width, const paint_spot *spots, int n);
/* As paint_place_text, on a plate of `backing` a hair larger than the
 * words: for words that stand over the cells' outlines where a tile cuts
 * the map (an edge's name in the notches of the first row). */
bool paint_place_text_backed(const render_ctx *rc, cairo_t *cr, label_placer *lp, const char *text,
	const text_style *st, double max_width, const paint_spot *spots, int n, rgb backing);

/* Repeated art: a drawing that stands many times on a map (a terrain
 * symbol, a counter's body, an objective's ring, a city's mark) is drawn
 * once per document into a recording surface and painted from it wherever
 * it stands, so that a PDF holds it once, as a form XObject, as the card
 * emblems are.  The key says what is drawn at which sizes; draw(cr, ctx,
 * x, y) draws it around (x, y), within `reach` of it.  On other targets
 * (SVG, PNG, a recording that only measures) it is drawn in place, as
 * before. */
typedef enum { PAINT_ART_TERRAIN, PAINT_ART_COUNTER, PAINT_ART_OBJECTIVE, PAINT_ART_CITY } paint_art_kind;
typedef struct paint_art_key {
	paint_art_kind kind;
	int variant;           /* within the kind: a pattern, a side and type */
	double a, b;           /* its sizes */
} paint_art_key;
typedef void (*paint_art_fn)(cairo_t *cr, const void *ctx, double x, double y);
void paint_art(cairo_t *cr, const paint_art_key *key, double reach, double x, double y, paint_art_fn draw,
	const void *ctx);

/* A five-pointed star path (generals, capitals). */
void paint_star_path(cairo_t *cr, double cx, double cy, double r);
/* A general's star in the side's colour (the name is a label of its own,
 * see paint_general_name). */
void paint_general(cairo_t *cr, size_t side, double cx, double cy, double r);
/* The general's name beside his star of radius r at (cx, cy): to the
 * right, else to the left, above or below, or across the cell, wherever
 * it is clear and wholly inside `room` (his cell's outline): in the next
 * cell it would seem to name that cell's piece.  Where the whole name
 * fits nowhere, its last word (the surname), then the surname shortened
 * to no fewer than four letters and a full stop ("Heintz."); false when
 * left out. */
bool paint_general_name(const render_ctx *rc, cairo_t *cr, label_placer *lp, const char *name, double cx,
	double cy, double r, double size, double max_width, const lp_room *room);

/* A rectangle with round corners of radius r as a closed sub-path (the
 * cards' frames, the dice). */
void paint_rounded_rect(cairo_t *cr, double x, double y, double w, double h, double r);

/* A unit type's box with its NATO-style symbol (rs_symbol) on white, its
 * top-left at bx, by, bw × bh, outlined `line` wide: the counters' and
 * the dice's. */
void paint_type_box(cairo_t *cr, rs_symbol symbol, double bx, double by, double bw, double bh, double line);

/* A unit counter centred on cx, cy, w × h: side colour, the type's symbol
 * on white (ruleset_unit_symbol: its <unit-type symbol>), `value` in
 * large figures at the right (left out where it would print too small to
 * read), `mark` (names_unit_mark: "D" for dismounted; NULL for none) in
 * its top right corner or, on a counter too small for it, just right of
 * it, and `label` (a short note such as "+2" for units aboard, NULL
 * for none) under it.  The counter's box, label included, is taken in lp
 * when lp is given. */
void paint_counter(const render_ctx *rc, cairo_t *cr, label_placer *lp, rs_symbol symbol, size_t side,
	const char *value, const char *mark, const char *label, double label_size, double cx, double cy, double w,
	double h);

/* The name of the piece on the counter centred on cx, cy, h high (names.h:
 * never an id): under it, else above it, where the placer finds it clear
 * at a legible size and no wider than max_width; false when left out.
 * Placed with the words, after every symbol. */
bool paint_counter_name(const render_ctx *rc, cairo_t *cr, label_placer *lp, const char *name, double cx,
	double cy, double h, double size, double max_width);

/* A piece's short label (names_unit_label: "I3") by its counter centred
 * on cx, cy, w × h: under it, above it, else at its right or left, where
 * the placer finds it clear at a legible size; false when left out.  The
 * reduced maps' way of telling the pieces apart where names do not fit. */
bool paint_counter_label(const render_ctx *rc, cairo_t *cr, label_placer *lp, const char *label, double cx,
	double cy, double w, double h, double size);

/* A legend: its heading, then `count` entries in as many columns as fit
 * the width, each a symbol `swatch` mm wide that entry() draws at (x, y)
 * and the label it returns beside it.  Returns the height used. */
typedef const char *(*paint_legend_entry_fn)(const render_ctx *rc, cairo_t *cr, const void *ctx, size_t i,
	double x, double y, double swatch);
double paint_legend(const render_ctx *rc, cairo_t *cr, double x, double y, double width, double swatch,
	size_t count, paint_legend_entry_fn entry, const void *ctx);
/* The height paint_legend would use on cr, without drawing. */
double paint_legend_height(const render_ctx *rc, cairo_t *cr, double width, double swatch, size_t count);

#endif
