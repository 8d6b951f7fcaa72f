#include "emblem.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

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

/* ---- the card emblems ---- */

static const char *const EMBLEM_NAMES[EMBLEM_COUNT] = {
	"sabres", "sabre", "spyglass", "musket", "arrows", "cannon", "burst", "chevrons", "star", "sight",
	"plus", "spade", "swap", "flag", "wheel", "bugle",
};

bool emblem_find(const char *name, emblem_kind *out)
{
	for (int i = 0; name && i < EMBLEM_COUNT; i++)
		if (strcmp(name, EMBLEM_NAMES[i]) == 0) {
			*out = (emblem_kind)i;
			return true;
		}
	return false;
}

const char *emblem_names(void)
{
	return "sabres, sabre, spyglass, musket, arrows, cannon, burst, chevrons, star, sight, plus, spade, "
		"swap, flag, wheel, bugle";
}

/* The shapes below draw in a unit square centred on the origin: fill with
 * the ink, outline with the shade. */
static void fill_outline(cairo_t *cr, const emblem_colours *c)
{
	set(cr, c->ink);
	cairo_fill_preserve(cr);
	set(cr, c->shade);
	cairo_set_line_width(cr, 0.02);
	cairo_stroke(cr);
}

static void stroke_ink(cairo_t *cr, const emblem_colours *c, double width)
{
	set(cr, c->ink);
	cairo_set_line_width(cr, width);
	cairo_stroke(cr);
}

/* A straight arrow from (x0, y0) to its head at (x1, y1). */
static void arrow(cairo_t *cr, double x0, double y0, double x1, double y1, double head, const emblem_colours *c)
{
	double a = atan2(y1 - y0, x1 - x0);
	double bx = x1 - head * cos(a), by = y1 - head * sin(a);
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, bx, by);
	stroke_ink(cr, c, 0.07);
	cairo_move_to(cr, x1, y1);
	cairo_line_to(cr, bx + head * 0.6 * cos(a + M_PI / 2), by + head * 0.6 * sin(a + M_PI / 2));
	cairo_line_to(cr, bx - head * 0.6 * cos(a + M_PI / 2), by - head * 0.6 * sin(a + M_PI / 2));
	cairo_close_path(cr);
	fill_outline(cr, c);
}

static void draw_spyglass(cairo_t *cr, const emblem_colours *c)
{
	cairo_rotate(cr, -M_PI / 7);
	static const double X[4] = { -0.46, -0.12, 0.14, 0.42 }, H[3] = { 0.2, 0.16, 0.12 };
	for (int i = 0; i < 3; i++) {
		cairo_rectangle(cr, X[i], -H[i] / 2, X[i + 1] - X[i], H[i]);
		fill_outline(cr, c);
		cairo_rectangle(cr, X[i + 1] - 0.03, -H[i] / 2 - 0.015, 0.03, H[i] + 0.03);
		fill_outline(cr, c);
	}
}

static void draw_musket(cairo_t *cr, const emblem_colours *c)
{
	cairo_rotate(cr, -M_PI / 4);
	cairo_rectangle(cr, -0.2, -0.025, 0.62, 0.05);            /* barrel */
	fill_outline(cr, c);
	cairo_move_to(cr, 0.42, 0);                                 /* bayonet */
	cairo_line_to(cr, 0.56, 0);
	stroke_ink(cr, c, 0.025);
	cairo_move_to(cr, -0.2, -0.04);                             /* stock */
	cairo_line_to(cr, -0.52, -0.05);
	cairo_line_to(cr, -0.54, 0.1);
	cairo_line_to(cr, -0.2, 0.05);
	cairo_close_path(cr);
	fill_outline(cr, c);
}

static void draw_cannon(cairo_t *cr, const emblem_colours *c)
{
	cairo_save(cr);
	cairo_translate(cr, 0.02, 0.02);
	cairo_rotate(cr, -M_PI / 12);
	cairo_move_to(cr, -0.42, -0.09);
	cairo_line_to(cr, 0.44, -0.06);
	cairo_line_to(cr, 0.44, 0.06);
	cairo_line_to(cr, -0.42, 0.09);
	cairo_close_path(cr);
	fill_outline(cr, c);
	cairo_arc(cr, -0.45, 0, 0.08, 0, 2 * M_PI);                /* cascabel */
	fill_outline(cr, c);
	cairo_restore(cr);
	cairo_new_sub_path(cr);
	cairo_arc(cr, -0.05, 0.2, 0.2, 0, 2 * M_PI);               /* wheel */
	stroke_ink(cr, c, 0.05);
	for (int i = 0; i < 6; i++) {
		double a = i * M_PI / 3;
		cairo_move_to(cr, -0.05, 0.2);
		cairo_line_to(cr, -0.05 + 0.2 * cos(a), 0.2 + 0.2 * sin(a));
	}
	stroke_ink(cr, c, 0.03);
}

static void draw_burst(cairo_t *cr, const emblem_colours *c)
{
	for (int i = 0; i < 24; i++) {
		double a = -M_PI / 2 + i * M_PI / 12, r = (i & 1) ? 0.2 : (i % 4 == 0 ? 0.48 : 0.36);
		if (i == 0)
			cairo_move_to(cr, r * cos(a), r * sin(a));
		else
			cairo_line_to(cr, r * cos(a), r * sin(a));
	}
	cairo_close_path(cr);
	fill_outline(cr, c);
}

static void draw_chevrons(cairo_t *cr, const emblem_colours *c)
{
	for (int i = 0; i < 3; i++) {
		double y = 0.3 - i * 0.28;
		cairo_move_to(cr, -0.38, y + 0.16);
		cairo_line_to(cr, 0, y - 0.12);
		cairo_line_to(cr, 0.38, y + 0.16);
		stroke_ink(cr, c, 0.1);
	}
}

static void draw_sight(cairo_t *cr, const emblem_colours *c)
{
	cairo_arc(cr, 0, 0, 0.34, 0, 2 * M_PI);
	stroke_ink(cr, c, 0.06);
	static const double ends[4][4] = { { 0, -0.48, 0, -0.12 }, { 0, 0.12, 0, 0.48 }, { -0.48, 0, -0.12, 0 }, { 0.12, 0, 0.48, 0 } };
	for (int i = 0; i < 4; i++) {
		cairo_move_to(cr, ends[i][0], ends[i][1]);
		cairo_line_to(cr, ends[i][2], ends[i][3]);
	}
	stroke_ink(cr, c, 0.05);
	cairo_arc(cr, 0, 0, 0.05, 0, 2 * M_PI);
	fill_outline(cr, c);
}

static void draw_plus(cairo_t *cr, const emblem_colours *c)
{
	cairo_arc(cr, 0, 0, 0.44, 0, 2 * M_PI);
	stroke_ink(cr, c, 0.05);
	cairo_rectangle(cr, -0.08, -0.3, 0.16, 0.6);
	cairo_rectangle(cr, -0.3, -0.08, 0.6, 0.16);
	cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
	fill_outline(cr, c);
}

static void draw_spade(cairo_t *cr, const emblem_colours *c)
{
	cairo_rotate(cr, M_PI / 6);
	cairo_move_to(cr, 0, -0.48);                                /* handle */
	cairo_line_to(cr, 0, 0.05);
	stroke_ink(cr, c, 0.07);
	cairo_move_to(cr, -0.12, -0.46);                            /* grip */
	cairo_line_to(cr, 0.12, -0.46);
	stroke_ink(cr, c, 0.07);
	cairo_move_to(cr, -0.16, 0.04);                             /* blade */
	cairo_line_to(cr, 0.16, 0.04);
	cairo_line_to(cr, 0.15, 0.32);
	cairo_curve_to(cr, 0.12, 0.42, 0.04, 0.48, 0, 0.5);
	cairo_curve_to(cr, -0.04, 0.48, -0.12, 0.42, -0.15, 0.32);
	cairo_close_path(cr);
	fill_outline(cr, c);
}

static void draw_flag(cairo_t *cr, const emblem_colours *c)
{
	cairo_move_to(cr, -0.32, 0.48);                             /* staff */
	cairo_line_to(cr, -0.32, -0.48);
	stroke_ink(cr, c, 0.05);
	cairo_move_to(cr, -0.3, -0.42);
	cairo_curve_to(cr, -0.1, -0.52, 0.1, -0.3, 0.42, -0.4);
	cairo_line_to(cr, 0.42, 0.02);
	cairo_curve_to(cr, 0.1, 0.12, -0.1, -0.1, -0.3, 0);
	cairo_close_path(cr);
	fill_outline(cr, c);
}

static void draw_wheel(cairo_t *cr, const emblem_colours *c)
{
	cairo_arc(cr, 0, 0, 0.42, 0, 2 * M_PI);
	stroke_ink(cr, c, 0.08);
	for (int i = 0; i < 12; i++) {
		double a = i * M_PI / 6;
		cairo_move_to(cr, 0.08 * cos(a), 0.08 * sin(a));
		cairo_line_to(cr, 0.4 * cos(a), 0.4 * sin(a));
	}
	stroke_ink(cr, c, 0.035);
	cairo_arc(cr, 0, 0, 0.1, 0, 2 * M_PI);
	fill_outline(cr, c);
}

static void draw_bugle(cairo_t *cr, const emblem_colours *c)
{
	cairo_arc(cr, -0.08, 0.04, 0.22, 0, 2 * M_PI);             /* the coil */
	stroke_ink(cr, c, 0.06);
	cairo_move_to(cr, -0.3, 0.04);                              /* mouthpiece */
	cairo_line_to(cr, -0.46, 0.04);
	stroke_ink(cr, c, 0.05);
	cairo_move_to(cr, 0.12, -0.04);                             /* the bell */
	cairo_line_to(cr, 0.32, -0.1);
	cairo_curve_to(cr, 0.38, -0.22, 0.46, -0.26, 0.5, -0.26);
	cairo_line_to(cr, 0.5, 0.2);
	cairo_curve_to(cr, 0.46, 0.2, 0.38, 0.16, 0.32, 0.06);
	cairo_line_to(cr, 0.12, 0.06);
	cairo_close_path(cr);
	fill_outline(cr, c);
	cairo_move_to(cr, -0.08, -0.18);                            /* the cord */
	cairo_curve_to(cr, 0.0, -0.42, 0.2, -0.42, 0.24, -0.1);
	stroke_ink(cr, c, 0.025);
}

static void draw_sabres(cairo_t *cr, const emblem_colours *c)
{
	emblem_sabres(cr, 0, 0, 1.0, c);
}

static void draw_sabre(cairo_t *cr, const emblem_colours *c)
{
	cairo_scale(cr, -1, 1);   /* the blade curves forward */
	sabre(cr, 1.0, c);
}

static void draw_arrows(cairo_t *cr, const emblem_colours *c)
{
	for (int i = -1; i <= 1; i++)
		arrow(cr, i * 0.3, 0.46, i * 0.3, -0.46, 0.2, c);
}

static void draw_star(cairo_t *cr, const emblem_colours *c)
{
	emblem_star(cr, 0, 0.04, 0.5);
	fill_outline(cr, c);
}

static void draw_swap(cairo_t *cr, const emblem_colours *c)
{
	arrow(cr, -0.46, -0.16, 0.46, -0.16, 0.2, c);
	arrow(cr, 0.46, 0.16, -0.46, 0.16, 0.2, c);
}

/* Each kind's drawing, in the order of emblem_kind. */
static void (*const DRAW[EMBLEM_COUNT])(cairo_t *, const emblem_colours *) = {
	draw_sabres, draw_sabre, draw_spyglass, draw_musket, draw_arrows, draw_cannon, draw_burst, draw_chevrons,
	draw_star, draw_sight, draw_plus, draw_spade, draw_swap, draw_flag, draw_wheel, draw_bugle,
};

void emblem_card(cairo_t *cr, emblem_kind kind, double cx, double cy, double size, const emblem_colours *c)
{
	cairo_save(cr);
	cairo_new_path(cr);
	cairo_translate(cr, cx, cy);
	cairo_scale(cr, size, size);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	DRAW[kind >= 0 && kind < EMBLEM_COUNT ? kind : EMBLEM_DEFAULT](cr, c);
	cairo_restore(cr);
}
