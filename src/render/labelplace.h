/* Placing the labels of a map so that none prints over another or over
 * a symbol: a list of the boxes already taken (symbols, and the labels
 * placed so far), and for each new label its candidate positions, tried
 * in order; the first position clear of every box is taken, and a label
 * clear nowhere is left out.  Both grids' painters place their words
 * with it (see mappaint.h).  Boxes are in the map's millimetres.
 *
 * Terrain art (a wood's trees, a town's houses, the sea's waves) is a
 * backdrop: a label keeps off it where it can, but a label that has no
 * clear spot may stand on it, on a plate of the ground's own colour that
 * hides the art beneath (see labelplace_place_over), rather than be left
 * out: a player sets up from these words. */
#ifndef ORBAT_LABELPLACE_H
#define ORBAT_LABELPLACE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct lp_box {
	double x0, y0, x1, y1;  /* x0 <= x1, y0 <= y1 */
} lp_box;

/* The kinds of box a placer holds. */
enum { LP_MARK = 0, LP_LABEL = 1, LP_BACKDROP = 2 };

typedef struct lp_colour {
	double r, g, b;
} lp_colour;

typedef struct label_placer {
	lp_box *boxes;
	/* Per box: LP_LABEL a label placed, LP_MARK a symbol or line taken,
	 * LP_BACKDROP terrain art; what a test reads back. */
	unsigned char *placed;
	lp_colour *ground;      /* per box: the colour under a backdrop */
	size_t count, capacity;
	double gap;             /* mm kept clear around each box */
} label_placer;

/* A convex room a label must stay inside (a cell's outline): its corners
 * in order round it. */
#define LP_ROOM_MAX 8
typedef struct lp_room {
	int n;
	double x[LP_ROOM_MAX], y[LP_ROOM_MAX];
} lp_room;

/* Whether the box lies wholly inside the room (its four corners do). */
bool labelplace_inside(const lp_room *room, lp_box b);

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
/* Take a box of terrain art drawn on ground of the colour `ground`. */
void labelplace_take_backdrop(label_placer *lp, lp_box b, lp_colour ground);
/* Give back the boxes taken from the from-th up to the to-th (not
 * included), keeping every other in its order. */
void labelplace_drop(label_placer *lp, size_t from, size_t to);
/* Whether a box (grown by the gap) overlaps nothing taken.  Boxes that
 * only touch do not overlap. */
bool labelplace_clear(const label_placer *lp, lp_box b);
/* The first of n candidate boxes that is clear, which is then taken; its
 * index, or -1 when none is (nothing is taken). */
int labelplace_place(label_placer *lp, const lp_box *candidates, int n);
/* As labelplace_place; when no candidate is clear, the first that is
 * clear of everything but backdrops, with *over set: the caller then
 * covers the backdrops under it (labelplace_plates) before drawing. */
int labelplace_place_over(label_placer *lp, const lp_box *candidates, int n, bool *over);
/* Where a label goes, trying harder than labelplace_place_over before
 * it stands on terrain art: the candidates (boxes of one size) as given,
 * then each slid up or down until it just clears a box taken in its way
 * (a band between an address and a counter, a gap beside a wood's
 * trees); only when none of these is clear of everything, the first
 * clear of all but backdrops, with *over set.  With a room only boxes
 * wholly inside it count; without one a slid box stays within its
 * height of where it was asked.  True with the box taken in *placed. */
bool labelplace_place_near(label_placer *lp, const lp_box *candidates, int n, const lp_room *room, bool *over,
	lp_box *placed);
/* Calls plate(ctx, part, ground) for each backdrop under box b (grown by
 * the gap), with part the stretch of the backdrop the box covers. */
void labelplace_plates(const label_placer *lp, lp_box b, void (*plate)(void *ctx, lp_box part, lp_colour ground),
	void *ctx);

#endif
