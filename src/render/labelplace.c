/* The label placer (labelplace.h): a plain list of boxes.  A map region
 * holds a few thousand at most, and each label tries a handful of
 * positions, so a linear scan is fast enough and easy to trust. */
#include "labelplace.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

void labelplace_init(label_placer *lp, double gap)
{
	*lp = (label_placer){ .gap = gap > 0 ? gap : 0 };
}

void labelplace_free(label_placer *lp)
{
	free(lp->boxes);
	free(lp->placed);
	free(lp->ground);
	*lp = (label_placer){ 0 };
}

lp_box labelplace_box(double x, double y, double w, double h)
{
	return (lp_box){ x, y, x + w, y + h };
}

static void add(label_placer *lp, lp_box b, unsigned char placed, lp_colour ground)
{
	if (lp->count == lp->capacity) {
		lp->capacity = lp->capacity ? lp->capacity * 2 : 64;
		lp->boxes = xrealloc(lp->boxes, lp->capacity * sizeof *lp->boxes);
		lp->placed = xrealloc(lp->placed, lp->capacity * sizeof *lp->placed);
		lp->ground = xrealloc(lp->ground, lp->capacity * sizeof *lp->ground);
	}
	lp->placed[lp->count] = placed;
	lp->ground[lp->count] = ground;
	lp->boxes[lp->count++] = b;
}

static const lp_colour NO_GROUND = { 0, 0, 0 };

void labelplace_take(label_placer *lp, lp_box b)
{
	add(lp, b, LP_MARK, NO_GROUND);
}

void labelplace_take_backdrop(label_placer *lp, lp_box b, lp_colour ground)
{
	add(lp, b, LP_BACKDROP, ground);
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
		add(lp, (lp_box){ fmin(ax, bx) - half, fmin(ay, by) - half, fmax(ax, bx) + half, fmax(ay, by) + half }, LP_MARK,
			NO_GROUND);
	}
}

void labelplace_drop(label_placer *lp, size_t from, size_t to)
{
	if (to > lp->count)
		to = lp->count;
	if (from >= to)
		return;
	size_t tail = lp->count - to;
	memmove(lp->boxes + from, lp->boxes + to, tail * sizeof *lp->boxes);
	memmove(lp->placed + from, lp->placed + to, tail * sizeof *lp->placed);
	memmove(lp->ground + from, lp->ground + to, tail * sizeof *lp->ground);
	lp->count -= to - from;
}

static bool overlaps(const label_placer *lp, lp_box b, const lp_box *o)
{
	double g = lp->gap;
	return b.x0 - g < o->x1 && o->x0 < b.x1 + g && b.y0 - g < o->y1 && o->y0 < b.y1 + g;
}

/* Clear of every box, or of every box but the backdrops. */
static bool clear_of(const label_placer *lp, lp_box b, bool backdrops_too)
{
	for (size_t i = 0; i < lp->count; i++) {
		if ((backdrops_too || lp->placed[i] != LP_BACKDROP) && overlaps(lp, b, &lp->boxes[i]))
			return false;
	}
	return true;
}

bool labelplace_clear(const label_placer *lp, lp_box b)
{
	return clear_of(lp, b, true);
}

int labelplace_place_over(label_placer *lp, const lp_box *candidates, int n, bool *over)
{
	for (int pass = 0; pass < (over ? 2 : 1); pass++) {
		for (int i = 0; i < n; i++) {
			if (clear_of(lp, candidates[i], pass == 0)) {
				add(lp, candidates[i], LP_LABEL, NO_GROUND);
				if (over)
					*over = pass == 1;
				return i;
			}
		}
	}
	return -1;
}

int labelplace_place(label_placer *lp, const lp_box *candidates, int n)
{
	return labelplace_place_over(lp, candidates, n, NULL);
}

/* The candidates slid up or down to just clear each box taken across
 * their width (see labelplace_place_near), inside the room or within a
 * box height of where they were; returns how many, in a new array. */
static size_t slid(const label_placer *lp, const lp_box *candidates, int n, const lp_room *room, lp_box **out)
{
	double edge = lp->gap * 1.01 + 1e-6;
	size_t count = 0, cap = 0;
	*out = NULL;
	for (int i = 0; i < n; i++) {
		const lp_box *c = &candidates[i];
		double h = c->y1 - c->y0, w = c->x1 - c->x0;
		for (size_t j = 0; j < lp->count; j++) {
			const lp_box *o = &lp->boxes[j];
			if (o->x1 + lp->gap <= c->x0 || c->x1 <= o->x0 - lp->gap)
				continue;
			if (o->y1 < c->y0 - 2 * h || o->y0 > c->y1 + 2 * h)
				continue;
			lp_box moved[2] = { labelplace_box(c->x0, o->y1 + edge, w, h), labelplace_box(c->x0, o->y0 - edge - h, w, h) };
			for (int k = 0; k < 2; k++) {
				bool near = room ? labelplace_inside(room, moved[k]) : fabs(moved[k].y0 - c->y0) <= h;
				if (!near)
					continue;
				grow_array((void **)out, &cap, count + 1, sizeof **out);
				(*out)[count++] = moved[k];
			}
		}
	}
	return count;
}

bool labelplace_place_near(label_placer *lp, const lp_box *candidates, int n, const lp_room *room, bool *over,
	lp_box *placed)
{
	*over = false;
	int at = labelplace_place(lp, candidates, n);
	if (at >= 0) {
		*placed = candidates[at];
		return true;
	}
	lp_box *moved;
	size_t count = slid(lp, candidates, n, room, &moved);
	at = labelplace_place(lp, moved, (int)count);
	if (at >= 0) {
		*placed = moved[at];
	} else if ((at = labelplace_place_over(lp, candidates, n, over)) >= 0) {
		*placed = candidates[at];
	} else if ((at = labelplace_place_over(lp, moved, (int)count, over)) >= 0) {
		*placed = moved[at];
	}
	free(moved);
	return at >= 0;
}

void labelplace_plates(const label_placer *lp, lp_box b, void (*plate)(void *ctx, lp_box part, lp_colour ground),
	void *ctx)
{
	double g = lp->gap;
	for (size_t i = 0; i < lp->count; i++) {
		const lp_box *o = &lp->boxes[i];
		if (lp->placed[i] != LP_BACKDROP || !overlaps(lp, b, o))
			continue;
		lp_box part = { fmax(b.x0 - g, o->x0), fmax(b.y0 - g, o->y0), fmin(b.x1 + g, o->x1), fmin(b.y1 + g, o->y1) };
		plate(ctx, part, lp->ground[i]);
	}
}

/* Whether (px, py) is inside the convex room or on its outline: on the
 * same side of every edge. */
static bool point_inside(const lp_room *room, double px, double py)
{
	int sign = 0;
	for (int i = 0; i < room->n; i++) {
		int j = (i + 1) % room->n;
		double cross = (room->x[j] - room->x[i]) * (py - room->y[i]) - (room->y[j] - room->y[i]) * (px - room->x[i]);
		int s = cross > 1e-9 ? 1 : cross < -1e-9 ? -1 : 0;
		if (s && sign && s != sign)
			return false;
		if (s)
			sign = s;
	}
	return true;
}

bool labelplace_inside(const lp_room *room, lp_box b)
{
	if (!room || room->n < 3)
		return false;
	return point_inside(room, b.x0, b.y0) && point_inside(room, b.x1, b.y0) && point_inside(room, b.x0, b.y1) &&
		point_inside(room, b.x1, b.y1);
}
