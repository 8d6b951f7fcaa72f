/* Placing the labels of a map so that none prints over another or over
 * a symbol: a list of the boxes already taken (symbols, and the labels
 * placed so far), and for each new label its candidate positions, tried
 * in order; the first position clear of every box is taken, and a label
 * clear nowhere is left out.  Both grids' painters place their words
 * with it (see mappaint.h).  Boxes are in the map's millimetres. */
#ifndef ORBAT_LABELPLACE_H
#define ORBAT_LABELPLACE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct lp_box {
	double x0, y0, x1, y1;  /* x0 <= x1, y0 <= y1 */
} lp_box;

typedef struct label_placer {
	lp_box *boxes;
	/* Per box: 1 a label placed (labelplace_place), 0 a symbol or line
	 * taken; what a test reads back. */
	unsigned char *placed;
	size_t count, capacity;
	double gap;             /* mm kept clear around each box */
} label_placer;

/* An empty placer keeping `gap` mm between boxes. */
void labelplace_init(label_placer *lp, double gap);
void labelplace_free(label_placer *lp);

/* A box from its corner and size. */
lp_box labelplace_box(double x, double y, double w, double h);

/* Take a box: a symbol drawn, or a label placed by hand. */
void labelplace_take(label_placer *lp, lp_box b);
/* Take the boxes along a straight line from (x0, y0) to (x1, y1) drawn
 * `width` wide, so that no label crosses it: one box for a level or
 * upright line, a box per stretch of about `width` for a slanting one. */
void labelplace_take_line(label_placer *lp, double x0, double y0, double x1, double y1, double width);
/* Whether a box (grown by the gap) overlaps nothing taken.  Boxes that
 * only touch do not overlap. */
bool labelplace_clear(const label_placer *lp, lp_box b);
/* The first of n candidate boxes that is clear, which is then taken; its
 * index, or -1 when none is (nothing is taken). */
int labelplace_place(label_placer *lp, const lp_box *candidates, int n);

#endif
