/* The label placer (labelplace.h): a plain list of boxes.  A map region
 * holds a few thousand at most, and each label tries a handful of
 * positions, so a linear scan is fast enough and easy to trust. */
#include "labelplace.h"

#include <stdlib.h>

#include "../base/util.h"

void labelplace_init(label_placer *lp, double gap)
{
	*lp = (label_placer){ .gap = gap > 0 ? gap : 0 };
}

void labelplace_free(label_placer *lp)
{
	free(lp->boxes);
	*lp = (label_placer){ 0 };
}

lp_box labelplace_box(double x, double y, double w, double h)
{
	return (lp_box){ x, y, x + w, y + h };
}

void labelplace_take(label_placer *lp, lp_box b)
{
	if (lp->count == lp->capacity) {
		lp->capacity = lp->capacity ? lp->capacity * 2 : 64;
		lp->boxes = xrealloc(lp->boxes, lp->capacity * sizeof *lp->boxes);
	}
	lp->boxes[lp->count++] = b;
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
			labelplace_take(lp, candidates[i]);
			return i;
		}
	}
	return -1;
}
