/* The period emblem of the card backs, drawn with vector shapes only: a
 * double ring with thirteen stars (the original states, as on the flags of
 * both sides) around two crossed cavalry sabres. */
#ifndef ORBAT_EMBLEM_H
#define ORBAT_EMBLEM_H

#include <cairo.h>

typedef struct emblem_colours {
	double ink[3];      /* rings, stars, blades */
	double shade[3];    /* outlines and the guards' depth */
	double field[3];    /* inside the ring */
} emblem_colours;

/* A five-pointed star, point up, outer radius r. */
void emblem_star(cairo_t *cr, double cx, double cy, double r);

/* Two crossed sabres in a square of side `size` centred on cx, cy. */
void emblem_sabres(cairo_t *cr, double cx, double cy, double size, const emblem_colours *c);

/* The whole emblem inside a circle of radius r. */
void emblem_draw(cairo_t *cr, double cx, double cy, double r, const emblem_colours *c);

#endif
