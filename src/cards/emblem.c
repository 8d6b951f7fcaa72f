#include "emblem.h"

#include <math.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* Proportions of the emblem, as fractions of its radius (or of the sabre's
 * length): a design, tuned by eye, not rules. */
#define STAR_COUNT 13
#define STAR_INNER_RATIO 0.382      /* inner/outer radius of a regular star */
#define SABRE_ANGLE (38.0 * M_PI / 180.0)

static void set(cairo_t *cr, const double rgb[3])
{
	cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
}

void emblem_star(cairo_t *cr, double cx, double cy, double r)
{
	for (int i = 0; i < 10; i++) {
		double a = -M_PI / 2 + i * M_PI / 5;
		double rr = (i & 1) ? r * STAR_INNER_RATIO : r;
		if (i == 0)
			cairo_move_to(cr, cx + rr * cos(a), cy + rr * sin(a));
		else
			cairo_line_to(cr, cx + rr * cos(a), cy + rr * sin(a));
	}
	cairo_close_path(cr);
}

/* One sabre of length L, tip up, the crossing point at the origin; its
 * blade curves toward +x. */
static void sabre(cairo_t *cr, double L, const emblem_colours *c)
{
	double guard = 0.22 * L, tip = -0.58 * L;
	double wb = 0.045 * L, bend = 0.06 * L;

	/* Blade. */
	cairo_move_to(cr, -wb / 2, guard);
	cairo_curve_to(cr, -wb / 2, guard - 0.35 * L, bend - wb / 2, tip + 0.25 * L, bend, tip);
	cairo_curve_to(cr, bend + wb * 0.3, tip + 0.2 * L, wb / 2, guard - 0.35 * L, wb / 2, guard);
	cairo_close_path(cr);
	set(cr, c->ink);
	cairo_fill_preserve(cr);
	set(cr, c->shade);
	cairo_set_line_width(cr, 0.008 * L);
	cairo_stroke(cr);
	/* Fuller: the groove along the blade. */
	cairo_move_to(cr, -wb * 0.1, guard - 0.03 * L);
	cairo_curve_to(cr, -wb * 0.1, guard - 0.3 * L, bend * 0.5, tip + 0.35 * L, bend * 0.8, tip + 0.12 * L);
	cairo_set_line_width(cr, 0.006 * L);
	cairo_stroke(cr);

	/* Grip with its wire binding. */
	double g0 = guard + 0.012 * L, g1 = guard + 0.17 * L, gw = 0.024 * L;
	cairo_rectangle(cr, -gw, g0, 2 * gw, g1 - g0);
	set(cr, c->shade);
	cairo_fill(cr);
	set(cr, c->ink);
	cairo_set_line_width(cr, 0.005 * L);
	for (double y = g0 + 0.02 * L; y < g1; y += 0.025 * L) {
		cairo_move_to(cr, -gw, y);
		cairo_line_to(cr, gw, y - 0.012 * L);
	}
	cairo_stroke(cr);

	/* Knuckle bow from the cross-guard down to the pommel. */
	cairo_move_to(cr, 0.075 * L, guard);
	cairo_curve_to(cr, 0.12 * L, guard + 0.06 * L, 0.10 * L, guard + 0.17 * L, 0.02 * L, guard + 0.2 * L);
	cairo_set_line_width(cr, 0.016 * L);
	set(cr, c->ink);
	cairo_stroke(cr);

	/* Cross-guard and pommel. */
	cairo_rectangle(cr, -0.075 * L, guard - 0.014 * L, 0.15 * L, 0.028 * L);
	cairo_fill_preserve(cr);
	set(cr, c->shade);
	cairo_set_line_width(cr, 0.006 * L);
	cairo_stroke(cr);
	cairo_arc(cr, 0, guard + 0.2 * L, 0.03 * L, 0, 2 * M_PI);
	set(cr, c->ink);
	cairo_fill_preserve(cr);
	set(cr, c->shade);
	cairo_stroke(cr);
}

void emblem_sabres(cairo_t *cr, double cx, double cy, double size, const emblem_colours *c)
{
	for (int side = 0; side < 2; side++) {
		cairo_save(cr);
		cairo_translate(cr, cx, cy);
		cairo_rotate(cr, side ? SABRE_ANGLE : -SABRE_ANGLE);
		if (side)
			cairo_scale(cr, -1, 1);   /* the second blade curves the other way */
		sabre(cr, size, c);
		cairo_restore(cr);
	}
}

void emblem_draw(cairo_t *cr, double cx, double cy, double r, const emblem_colours *c)
{
	cairo_save(cr);
	cairo_new_path(cr);
	cairo_arc(cr, cx, cy, r, 0, 2 * M_PI);
	set(cr, c->field);
	cairo_fill(cr);

	set(cr, c->ink);
	cairo_set_line_width(cr, 0.045 * r);
	cairo_arc(cr, cx, cy, 0.96 * r, 0, 2 * M_PI);
	cairo_stroke(cr);
	cairo_set_line_width(cr, 0.015 * r);
	cairo_arc(cr, cx, cy, 0.66 * r, 0, 2 * M_PI);
	cairo_stroke(cr);

	for (int i = 0; i < STAR_COUNT; i++) {
		double a = -M_PI / 2 + i * 2 * M_PI / STAR_COUNT;
		emblem_star(cr, cx + 0.81 * r * cos(a), cy + 0.81 * r * sin(a), 0.085 * r);
	}
	cairo_fill(cr);

	emblem_sabres(cr, cx, cy + 0.04 * r, 1.22 * r, c);
	cairo_restore(cr);
}
