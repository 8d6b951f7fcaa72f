/* Page and map geometry of the print products, read from layouts/print.xml.
 * All lengths in millimetres. */
#ifndef ORBAT_LAYOUTS_H
#define ORBAT_LAYOUTS_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"

typedef struct paper_size {
	char *id;
	double width;
	double height;
} paper_size;

/* The colour of one kind of special-rule mark (<special-mark>). */
typedef struct layouts_mark {
	char *kind;             /* "ford", "exit", "no-entry", "no-end", "sudden-death" */
	double r, g, b;         /* 0..1 */
} layouts_mark;

typedef struct layouts {
	paper_size *papers;
	size_t paper_count;
	struct hex_default {
		char *ruleset;   /* "*" for any */
		double size;
	} *hexes;
	size_t hex_count;
	double tile_margin;
	double tile_overlap;
	double tile_footer;
	double tile_edge;       /* the paper's unprinted edge: no mark in it */
	double poster_border;
	double poster_bleed;
	double poster_edge;     /* beyond the crop marks, to the paper's edge */
	/* <special-marks>: a mark's badge across and its centre's offset
	 * from the hex's centre, as fractions of the hex across the flats
	 * (0 when the file has none: the marks are not drawn). */
	double mark_size, mark_dx, mark_dy;
	layouts_mark *marks;
	size_t mark_count;
} layouts;

/* The shortest cut mark a tile carries (mm): shorter, a cutter misses it. */
#define LAYOUTS_MIN_MARK 2.0

/* The layouts file at path; NULL when it is broken or defines no paper
 * (the reasons in the sink, rule "layouts"). */
layouts *layouts_load(const char *path, diag_sink *sink);
void layouts_destroy(layouts *l);
/* The context's layouts/print.xml, loaded on first use and kept there
 * (text/context.h); NULL when broken, the reasons in the sink. */
struct context;
const layouts *layouts_of(struct context *c, diag_sink *sink);
/* The paper with that id ("a4", "letter"), or NULL. */
const paper_size *layouts_paper(const layouts *l, const char *id);
/* The mark of a special-rule kind, or NULL. */
const layouts_mark *layouts_mark_of(const layouts *l, const char *kind);
/* Hex size across the flats for a ruleset (its entry, else "*", else 60). */
double layouts_hex_size(const layouts *l, const char *ruleset_id);

#endif
