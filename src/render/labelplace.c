/* The label placer (labelplace.h): a plain list of boxes.  A map region
 * holds a few thousand at most, and each label tries a handful of
 * positions, so a linear scan is fast enough and easy to trust. */
#include "labelplace.h"

#include <math.h>
#include <stdlib.h>

#include "../base/util.h"

void labelplace_init(label_placer *lp, double gap)
{
	*lp = (label_placer){ .gap = gap > 0 ? gap : 0 };
}

void labelplace_free(label_placer *lp)
{
	free(lp->boxes);
	free(lp->placed);
	*lp = (label_placer){ 0 };
}

lp_box labelplace_box(double x, double y, double w, double h)
{
	return (lp_box){ x, y, x + w, y + h };
}

static void add(label_placer *lp, lp_box b, unsigned char placed)
{
	if (lp->count == lp->capacity) {
		lp->capacity = lp->capacity ? lp->capacity * 2 : 64;
		lp->boxes = xrealloc(lp->boxes, lp->capacity * sizeof *lp->boxes);
		lp->placed = xrealloc(lp->placed, lp->capacity * sizeof *lp->placed);
	}
	lp->placed[lp->count] = placed;
	lp->boxes[lp->count++] = b;
}

void labelplace_take(label_placer *lp, lp_box b)
{
	add(lp, b, 0);
}

void labelplace_take_line(label_placer *lp, double x0, double y0, double x1, double y1, double width)
{
	double half = width / 2, dx = x1 - x0, dy = y1 - y0, length = hypot(dx, dy);
	/* A slanting line in short stretches, each box its stretch's extent
	 * grown by half the width: close to the line, never short of it. */
	int steps = (fabs(dx) < 1e-9 || fabs(dy) < 1e-9 || width <= 0) ? 1 : (int)fmin(4096, ceil(length / width));
	for (int i = 0; i < steps; i++) {
		double ax = x0 + dx * i / steps, ay = y0 + dy * i / steps;
		double bx = x0 + dx * (i + 1) / steps, by = y0 + dy * (i + 1) / steps;
		add(lp, (lp_box){ fmin(ax, bx) - half, fmin(ay, by) - half, fmax(ax, bx) + half, fmax(ay, by) + half }, 0);
	}
}

bool labelplace_clear(const label_placer *lp, lp_box b)
{
	double g = lp->gap;
	for (size_t i = 0; i < lp->count; i++) {
		const lp_box *o = &lp->boxes[i];
		if (b.x0 - g < o->x1 && o->x0 < b.x1 + g && b.y0 - g < o->y1 && o->y0 < b.y1 + g)
			return false;
	}
	return true;
}

int labelplace_place(label_placer *lp, const lp_box *candidates, int n)
{
	for (int i = 0; i < n; i++) {
		if (labelplace_clear(lp, candidates[i])) {
			add(lp, candidates[i], 1);
			return i;
		}
	}
	return -1;
}
