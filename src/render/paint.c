/* The helpers every map painter draws with: palette, counters, generals'
 * stars and the legend grid (see paint.h). */
#include "paint.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "pdfdoc.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

const rgb PAINT_PAPER = { 0.97, 0.96, 0.92 };
const rgb PAINT_GRID = { 0.35, 0.33, 0.30 };
const rgb PAINT_INK = { INK_BLACK };
const rgb PAINT_WATER = { 0.62, 0.79, 0.92 };
const rgb PAINT_WATER_LINE = { 0.20, 0.42, 0.70 };
const rgb PAINT_SECTION = { 0.70, 0.10, 0.10 };
const rgb PAINT_GOLD = { 0.93, 0.76, 0.20 };
static const rgb SIDE[2] = { { 0.18, 0.30, 0.58 }, { 0.52, 0.53, 0.56 } };

void paint_set(cairo_t *cr, rgb c)
{
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
}

rgb paint_side(size_t side)
{
	return SIDE[side < 2 ? side : 0];
}

double paint_clamp(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* The smaller singular value of the matrix's linear part: how much a
 * width shrinks across its thinnest direction. */
static double least_scale(const cairo_matrix_t *m)
{
	double sum = m->xx * m->xx + m->xy * m->xy + m->yx * m->yx + m->yy * m->yy;
	double det = m->xx * m->yy - m->xy * m->yx;
	return sqrt(fmax(0, (sum - sqrt(fmax(0, sum * sum - 4 * det * det))) / 2));
}

/* Points on the paper per user unit of cr, across the thinnest direction. */
static double pt_per_user(cairo_t *cr)
{
	cairo_matrix_t m;
	cairo_get_matrix(cr, &m);
	return least_scale(&m) * pdfdoc_pt_per_unit(cairo_get_target(cr));
}

double paint_line_floor(cairo_t *cr)
{
	double pt = pt_per_user(cr);
	return pt > 0 ? PAINT_MIN_LINE_PT / pt : 0;
}

/* The stroke at no less than the floor; the width the caller set stays
 * for what it strokes next, perhaps at another scale. */
static void stroke_floored(cairo_t *cr, bool preserve)
{
	double width = cairo_get_line_width(cr);
	double floor = paint_line_floor(cr);
	if (width < floor)
		cairo_set_line_width(cr, floor);
	if (preserve)
		cairo_stroke_preserve(cr);
	else
		cairo_stroke(cr);
	cairo_set_line_width(cr, width);
}

void paint_stroke(cairo_t *cr)
{
	stroke_floored(cr, false);
}

void paint_stroke_preserve(cairo_t *cr)
{
	stroke_floored(cr, true);
}

/* ---- repeated art ---- */

/* One drawing recorded for the document, and the stroke state it was
 * recorded under: a join or cap the caller set belongs to the look, and
 * the scale it is placed at sets its thinnest line (paint_line_floor). */
typedef struct art_entry {
	paint_art_key key;
	cairo_line_join_t join;
	cairo_line_cap_t cap;
	double tolerance;
	double pt_per_unit;
	cairo_surface_t *surface;
	double ink[4];          /* x, y, width, height of what it draws */
} art_entry;

typedef struct art_cache {
	art_entry *items;
	size_t count, cap;
} art_cache;

static const cairo_user_data_key_t ART_CACHE;
/* Set on a context while it draws art that stands once (a legend's). */
static const cairo_user_data_key_t ART_IN_PLACE;

static void art_cache_free(void *data)
{
	art_cache *c = data;
	for (size_t i = 0; i < c->count; i++)
		cairo_surface_destroy(c->items[i].surface);
	free(c->items);
	free(c);
}

/* The document's recordings, kept on its surface and freed with it; NULL
 * for a target that draws in place.  Only a PDF gains from forms: an
 * image would replay the recording at each use, and SVG and PNG output
 * stays as it was. */
static art_cache *art_cache_of(cairo_t *cr)
{
	cairo_surface_t *target = cairo_get_target(cr);
	if (cairo_surface_get_type(target) != CAIRO_SURFACE_TYPE_PDF)
		return NULL;
	art_cache *c = cairo_surface_get_user_data(target, &ART_CACHE);
	if (c)
		return c;
	c = xcalloc(1, sizeof *c);
	if (cairo_surface_set_user_data(target, &ART_CACHE, c, art_cache_free) != CAIRO_STATUS_SUCCESS) {
		art_cache_free(c);
		return NULL;
	}
	return c;
}

static bool same_key(const paint_art_key *p, const paint_art_key *q)
{
	return p->kind == q->kind && p->variant == q->variant && p->a == q->a && p->b == q->b;
}

void paint_art(cairo_t *cr, const paint_art_key *key, double reach, double x, double y, paint_art_fn draw,
	const void *ctx)
{
	art_cache *c = cairo_get_user_data(cr, &ART_IN_PLACE) ? NULL : art_cache_of(cr);
	if (!c) {
		draw(cr, ctx, x, y);
		return;
	}
	cairo_line_join_t join = cairo_get_line_join(cr);
	cairo_line_cap_t cap = cairo_get_line_cap(cr);
	/* Curves are flattened as finely as they would be in place, where the
	 * tolerance counts in device units, not in the drawing's. */
	cairo_matrix_t m;
	cairo_get_matrix(cr, &m);
	double scale = sqrt(fabs(m.xx * m.yy - m.xy * m.yx));
	double tolerance = cairo_get_tolerance(cr) / (scale > 0 ? scale : 1);
	/* The recording's units print as the caller's do here: its lines
	 * keep their floor at the size they print. */
	double pt_per_unit = pt_per_user(cr);
	const art_entry *found = NULL;
	for (size_t i = 0; i < c->count && !found; i++) {
		const art_entry *e = &c->items[i];
		if (same_key(&e->key, key) && e->join == join && e->cap == cap && e->tolerance == tolerance &&
			e->pt_per_unit == pt_per_unit)
			found = e;
	}
	cairo_surface_t *art = found ? found->surface : NULL;
	if (!art) {
		cairo_rectangle_t extents = { -reach, -reach, 2 * reach, 2 * reach };
		art = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents);
		pdfdoc_set_pt_per_unit(art, pt_per_unit);
		cairo_t *rec = cairo_create(art);
		cairo_set_line_join(rec, join);
		cairo_set_line_cap(rec, cap);
		cairo_set_tolerance(rec, tolerance);
		draw(rec, ctx, 0, 0);
		cairo_destroy(rec);
		grow_array((void **)&c->items, &c->cap, c->count + 1, sizeof *c->items);
		art_entry *e = &c->items[c->count++];
		*e = (art_entry){ *key, join, cap, tolerance, pt_per_unit, art, { 0, 0, 0, 0 } };
		cairo_recording_surface_ink_extents(art, &e->ink[0], &e->ink[1], &e->ink[2], &e->ink[3]);
		found = e;
	}
	/* Not painted where the clip (a tile's region) leaves none of it:
	 * cairo writes a drawing's form clipped as it is first painted, and
	 * a fence first painted on the tile above its cell printed on no
	 * tile at all. */
	double cx0, cy0, cx1, cy1;
	cairo_clip_extents(cr, &cx0, &cy0, &cx1, &cy1);
	const double *ink = found->ink;
	if (x + ink[0] >= cx1 || x + ink[0] + ink[2] <= cx0 || y + ink[1] >= cy1 || y + ink[1] + ink[3] <= cy0) {
		cairo_new_path(cr);
		return;
	}
	cairo_save(cr);
	cairo_set_source_surface(cr, art, x, y);
	cairo_paint(cr);
	cairo_restore(cr);
	/* Drawn in place, the art would leave no path behind either. */
	cairo_new_path(cr);
}

void paint_star_path(cairo_t *cr, double cx, double cy, double r)
{
	for (int k = 0; k < 10; k++) {
		double a = -M_PI / 2 + k * M_PI / 5;
		double rr = (k & 1) ? r * 0.45 : r;
		if (k == 0)
			cairo_move_to(cr, cx + rr * cos(a), cy + rr * sin(a));
		else
			cairo_line_to(cr, cx + rr * cos(a), cy + rr * sin(a));
	}
	cairo_close_path(cr);
}

void paint_general(cairo_t *cr, size_t side, double cx, double cy, double r)
{
	paint_star_path(cr, cx, cy, r);
	paint_set(cr, PAINT_GOLD);
	cairo_fill_preserve(cr);
	paint_set(cr, paint_side(side));
	cairo_set_line_width(cr, r * 0.18);
	paint_stroke(cr);
}

static bool place_text_in(const render_ctx *rc, cairo_t *cr, label_placer *lp, const char *text,
	const text_style *st, double max_width, const paint_spot *spots, int n, const lp_room *room);

/* The first `letters` characters of a UTF-8 word and a full stop, in buf;
 * false when the word is no longer than that. */
static bool abbreviate(const char *word, size_t letters, char *buf, size_t size)
{
	size_t at = 0, seen = 0;
	while (word[at] && seen < letters) {
		at++;
		while ((word[at] & 0xC0) == 0x80)
			at++;
		seen++;
	}
	if (!word[at] || at + 2 > size)
		return false;
	memcpy(buf, word, at);
	buf[at] = '.';
	buf[at + 1] = '\0';
	return true;
}

/* The fewest letters an abbreviated surname keeps: "How." still names
 * the general the roster lists in full. */
#define NAME_MIN_LETTERS 3

bool paint_general_name(const render_ctx *rc, cairo_t *cr, label_placer *lp, const char *name, double cx,
	double cy, double r, double size, double max_width, const lp_room *room)
{
	if (!name || !*name)
		return false;
	text_style st = { FONT_TEXT, size, true, false, ALIGN_LEFT, PAINT_INK.r, PAINT_INK.g, PAINT_INK.b };
	/* The middle of the cell, for the spots across its width. */
	double mx = 0, my = 0, top = INFINITY, bottom = -INFINITY, left = INFINITY, right = -INFINITY;
	for (int i = 0; i < room->n; i++) {
		mx += room->x[i] / room->n;
		my += room->y[i] / room->n;
		top = fmin(top, room->y[i]);
		bottom = fmax(bottom, room->y[i]);
		left = fmin(left, room->x[i]);
		right = fmax(right, room->x[i]);
	}
	/* Any width the cell has room for: the cell, not a share of it,
	 * bounds the name. */
	max_width = fmax(max_width, right - left);
	/* Beside the star first, where a reader looks for it; above and
	 * below when symbols crowd both sides; then across the cell's
	 * middle, above and below what stands in it.  A name never leaves
	 * its cell: in the next one it would name that cell's piece. */
	const paint_spot spots[] = {
		{ cx + r * 1.2, cy, 0, 0.5 },
		{ cx - r * 1.2, cy, 1, 0.5 },
		/* Beside it still, raised clear of a counter just below. */
		{ cx + r * 1.2, cy + r * 0.5, 0, 1 },
		{ cx - r * 1.2, cy + r * 0.5, 1, 1 },
		{ cx, cy - r * 1.1, 0.5, 1 },
		{ cx, cy + r * 1.1, 0.5, 0 },
		{ cx - r, cy - r * 1.1, 0, 1 },
		{ cx - r, cy + r * 1.1, 0, 0 },
		{ mx, cy - r * 1.1, 0.5, 1 },
		{ mx, cy + r * 1.1, 0.5, 0 },
		{ mx, top + (my - top) * 0.45, 0.5, 0.5 },
		{ mx, bottom - (bottom - my) * 0.45, 0.5, 0.5 },
		{ mx, bottom - (bottom - my) * 0.2, 0.5, 1 },
	};
	int n = (int)(sizeof spots / sizeof spots[0]);
	if (place_text_in(rc, cr, lp, name, &st, max_width, spots, n, room))
		return true;
	/* A full name too long for the room: the surname, as players call
	 * their generals ("Prentiss"). */
	const char *last = strrchr(name, ' ');
	const char *word = last && last[1] ? last + 1 : name;
	if (word != name && place_text_in(rc, cr, lp, word, &st, max_width, spots, n, room))
		return true;
	/* A surname longer than the cell at the smallest legible size
	 * ("Heintzelman" on a reduced map): shortened, its first letters and
	 * a full stop, as long as it still reads as his name. */
	char shorter[64];
	for (size_t k = strlen(word); k >= NAME_MIN_LETTERS; k--) {
		if (abbreviate(word, k, shorter, sizeof shorter) &&
			place_text_in(rc, cr, lp, shorter, &st, max_width, spots, n, room))
			return true;
	}
	return false;
}

double paint_min_text(const render_ctx *rc, cairo_t *cr)
{
	/* The products' floor (text_min_size) and a hair to spare on maps. */
	return text_min_size(rc, cr) * (PAINT_MIN_TEXT_PT / TEXT_MIN_PT);
}

bool paint_fit_text(const render_ctx *rc, cairo_t *cr, const char *text, text_style *st, double max_width,
	double *width, double *height)
{
	if (!text || !*text)
		return false;
	double min = paint_min_text(rc, cr), asked = st->size;
	text_measure(rc, cr, text, st, 0, width, height);
	if (max_width > 0 && *width > max_width)
		st->size *= max_width / *width;
	if (st->size < min)
		st->size = min;
	/* Laid out again only at a new size: most labels fit as asked. */
	if (st->size != asked)
		text_measure(rc, cr, text, st, 0, width, height);
	return !(max_width > 0 && *width > max_width * 1.001);
}

/* A plate of the ground's colour over the terrain art a label stands on. */
static void plate_ground(void *ctx, lp_box part, lp_colour ground)
{
	cairo_t *cr = ctx;
	cairo_set_source_rgb(cr, ground.r, ground.g, ground.b);
	cairo_rectangle(cr, part.x0, part.y0, part.x1 - part.x0, part.y1 - part.y0);
	cairo_fill(cr);
}

void paint_clear_backdrop_round(cairo_t *cr, const label_placer *lp, double cx, double cy, double r)
{
	/* A round plate: the symbol stands in front of the art, as a counter
	 * does, rather than a square gap cut out of it. */
	cairo_save(cr);
	cairo_new_path(cr);
	cairo_arc(cr, cx, cy, r, 0, 2 * M_PI);
	cairo_clip(cr);
	labelplace_plates(lp, labelplace_box(cx - r, cy - r, 2 * r, 2 * r), plate_ground, cr);
	cairo_restore(cr);
}

/* paint_place_text, telling where the text went: its box in *where.  A
 * text with no clear spot may stand on terrain art, on a plate of the
 * ground's colour. */
#define PLACE_SPOTS_MAX 32

static bool place_text_on(const render_ctx *rc, cairo_t *cr, label_placer *lp, const char *text,
	const text_style *st, double max_width, const paint_spot *spots, int n, const rgb *backing, const lp_room *room)
{
	text_style s = *st;
	s.align = ALIGN_LEFT;
	double w, h;
	if (n <= 0 || !paint_fit_text(rc, cr, text, &s, max_width, &w, &h))
		return false;
	lp_box boxes[PLACE_SPOTS_MAX];
	if (n > PLACE_SPOTS_MAX)
		n = PLACE_SPOTS_MAX;
	int kept = 0;
	for (int i = 0; i < n; i++) {
		lp_box b = labelplace_box(spots[i].x - spots[i].fx * w, spots[i].y - spots[i].fy * h, w, h);
		if (!room || labelplace_inside(room, b))
			boxes[kept++] = b;
	}
	bool over = false;
	lp_box placed;
	if (!labelplace_place_near(lp, boxes, kept, room, &over, &placed))
		return false;
	if (over)
		labelplace_plates(lp, placed, plate_ground, cr);
	if (backing) {
		double gap = lp->gap + h * 0.08;
		paint_set(cr, *backing);
		cairo_rectangle(cr, placed.x0 - gap, placed.y0 - gap, w + 2 * gap, h + 2 * gap);
		cairo_fill(cr);
	}
	text_draw(rc, cr, text, &s, placed.x0, placed.y0, 0);
	return true;
}

static bool place_text_in(const render_ctx *rc, cairo_t *cr, label_placer *lp, const char *text,
	const text_style *st, double max_width, const paint_spot *spots, int n, const lp_room *room)
{
	return place_text_on(rc, cr, lp, text, st, max_width, spots, n, NULL, room);
}

bool paint_place_text(const render_ctx *rc, cairo_t *cr, label_placer *lp, const char *text,
	const text_style *st, double max_width, const paint_spot *spots, int n)
{
	return place_text_on(rc, cr, lp, text, st, max_width, spots, n, NULL, NULL);
}

bool paint_place_text_backed(const render_ctx *rc, cairo_t *cr, label_placer *lp, const char *text,
	const text_style *st, double max_width, const paint_spot *spots, int n, rgb backing)
{
	return place_text_on(rc, cr, lp, text, st, max_width, spots, n, &backing, NULL);
}

/* A word by a counter centred on cx, cy, w × h: under it, else above it
 * (a hair off it, more than the placer's gap), then with `spots` 8 at
 * its right or left, level with its middle, its top or its foot. */
static bool counter_word(const render_ctx *rc, cairo_t *cr, label_placer *lp, const char *text, bool bold,
	double cx, double cy, double w, double h, double size, double max_width, int spots)
{
	text_style st = { FONT_TEXT, size, bold, false, ALIGN_LEFT, PAINT_INK.r, PAINT_INK.g, PAINT_INK.b };
	const paint_spot at[] = {
		{ cx, cy + h * 0.62, 0.5, 0 },
		{ cx, cy - h * 0.62, 0.5, 1 },
		{ cx + w * 0.56, cy, 0, 0.5 },
		{ cx - w * 0.56, cy, 1, 0.5 },
		/* Beside it still, level with its top or its foot, clear of a
		 * word just above or below. */
		{ cx + w * 0.56, cy - h * 0.5, 0, 0.5 },
		{ cx - w * 0.56, cy - h * 0.5, 1, 0.5 },
		{ cx + w * 0.56, cy + h * 0.5, 0, 0.5 },
		{ cx - w * 0.56, cy + h * 0.5, 1, 0.5 },
	};
	return paint_place_text(rc, cr, lp, text, &st, max_width, at, spots);
}

bool paint_counter_name(const render_ctx *rc, cairo_t *cr, label_placer *lp, const char *name, double cx,
	double cy, double h, double size, double max_width)
{
	/* Under or over, where a reader looks for it: a name beside a
	 * counter would run into the next cell. */
	return counter_word(rc, cr, lp, name, false, cx, cy, 0, h, size, max_width, 2);
}

bool paint_counter_label(const render_ctx *rc, cairo_t *cr, label_placer *lp, const char *label, double cx,
	double cy, double w, double h, double size)
{
	/* Bold: a label of two or three characters must hold its own beside
	 * the counter's figures; short enough to stand beside it too. */
	return counter_word(rc, cr, lp, label, true, cx, cy, w, h, size, 0, 8);
}

/* A ship's hull in the type box: a gunboat is an open hull with a funnel,
 * an ironclad a low armoured hull with a casemate. */
static void hull(cairo_t *cr, double bx, double by, double bw, double bh, bool armoured)
{
	double y = by + bh * 0.62, depth = bh * 0.22;
	cairo_move_to(cr, bx + bw * 0.08, y);
	cairo_line_to(cr, bx + bw * 0.92, y);
	cairo_line_to(cr, bx + bw * 0.78, y + depth);
	cairo_line_to(cr, bx + bw * 0.18, y + depth);
	cairo_close_path(cr);
	cairo_fill(cr);
	if (armoured) {
		cairo_move_to(cr, bx + bw * 0.28, y);
		cairo_line_to(cr, bx + bw * 0.36, by + bh * 0.36);
		cairo_line_to(cr, bx + bw * 0.64, by + bh * 0.36);
		cairo_line_to(cr, bx + bw * 0.72, y);
		cairo_close_path(cr);
		cairo_fill(cr);
	} else {
		cairo_rectangle(cr, bx + bw * 0.44, by + bh * 0.22, bw * 0.12, bh * 0.40);
		cairo_fill(cr);
	}
}

typedef struct counter_look {
	rs_symbol symbol;
	size_t side;
	double w, h;
} counter_look;

/* A counter's body centred on (cx, cy): the side's colour and the type
 * box with its symbol, without the figures. */
static void counter_body(cairo_t *cr, const void *ctx, double cx, double cy)
{
	const counter_look *k = ctx;
	double w = k->w, h = k->h, x = cx - w / 2, y = cy - h / 2;
	cairo_rectangle(cr, x, y, w, h);
	paint_set(cr, paint_side(k->side));
	cairo_fill_preserve(cr);
	paint_set(cr, PAINT_INK);
	cairo_set_line_width(cr, h * 0.04);
	paint_stroke(cr);

	/* The type box: NATO-style symbol on white. */
	double bw = w * 0.42, bh = h * 0.62, bx = x + w * 0.06, by = cy - bh / 2;
	paint_type_box(cr, k->symbol, bx, by, bw, bh, h * 0.035);
}

void paint_rounded_rect(cairo_t *cr, double x, double y, double w, double h, double r)
{
	cairo_new_sub_path(cr);
	cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
	cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
	cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
	cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
	cairo_close_path(cr);
}

void paint_type_box(cairo_t *cr, rs_symbol symbol, double bx, double by, double bw, double bh, double line)
{
	cairo_rectangle(cr, bx, by, bw, bh);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill_preserve(cr);
	paint_set(cr, PAINT_INK);
	cairo_set_line_width(cr, line);
	paint_stroke(cr);
	switch (symbol) {
	case RS_SYMBOL_CROSS:
		cairo_move_to(cr, bx, by);
		cairo_line_to(cr, bx + bw, by + bh);
		cairo_move_to(cr, bx + bw, by);
		cairo_line_to(cr, bx, by + bh);
		paint_stroke(cr);
		break;
	case RS_SYMBOL_SLASH:
		cairo_move_to(cr, bx, by + bh);
		cairo_line_to(cr, bx + bw, by);
		paint_stroke(cr);
		break;
	case RS_SYMBOL_DOT:
		cairo_arc(cr, bx + bw / 2, by + bh / 2, bh * 0.22, 0, 2 * M_PI);
		cairo_fill(cr);
		break;
	case RS_SYMBOL_HULL:
	case RS_SYMBOL_ARMOURED_HULL:
		hull(cr, bx, by, bw, bh, symbol == RS_SYMBOL_ARMOURED_HULL);
		break;
	case RS_SYMBOL_NONE:
	case RS_SYMBOL_COUNT:
		break;
	}
}

/* A counter's marks (counter_mark): in its top right corner, over the
 * figures' half, where they print legible there beside the figures
 * (*inside set, the figures to move left); else just right of the
 * counter, level with it, its box taken, as its label would stand. */
static void counter_mark(const render_ctx *rc, cairo_t *cr, label_placer *lp, const char *mark, double x,
	double y, double w, double h, double figures_width, bool *inside)
{
	double min = paint_min_text(rc, cr), mw, mh;
	text_style in = { FONT_TEXT, fmax(h * 0.34, min), true, false, ALIGN_RIGHT, 1, 1, 1 };
	text_measure(rc, cr, mark, &in, 0, &mw, &mh);
	*inside = in.size <= h * 0.42 && figures_width + mw <= w * 0.5;
	if (*inside) {
		text_draw(rc, cr, mark, &in, x + w * 0.97, y + h * 0.02, 0);
		return;
	}
	text_style out = { FONT_TEXT, fmax(h * 0.62, min), true, false, ALIGN_LEFT, PAINT_INK.r, PAINT_INK.g,
		PAINT_INK.b };
	text_measure(rc, cr, mark, &out, 0, &mw, &mh);
	double gap = lp ? lp->gap * 2 : h * 0.08;
	lp_box b = labelplace_box(x + w + gap, y + h / 2 - mh / 2, mw, mh);
	text_draw(rc, cr, mark, &out, b.x0, b.y0, 0);
	if (lp)
		labelplace_take(lp, b);
}

void paint_counter(const render_ctx *rc, cairo_t *cr, label_placer *lp, rs_symbol symbol, size_t side,
	const char *value, const char *mark, const char *label, double label_size, double cx, double cy, double w,
	double h)
{
	double x = cx - w / 2, y = cy - h / 2;
	double min = paint_min_text(rc, cr);
	if (lp)
		labelplace_take(lp, labelplace_box(x, y, w, h));
	counter_look look = { symbol < RS_SYMBOL_COUNT ? symbol : RS_SYMBOL_NONE, side < 2 ? side : 0, w, h };
	paint_art_key key = { PAINT_ART_COUNTER, (int)look.symbol * 2 + (int)look.side, w, h };
	paint_art(cr, &key, (w > h ? w : h) * 0.6, cx, cy, counter_body, &look);

	/* The figures (or factors) on the counter's right half: at the
	 * legible size on a small counter too, as long as the digits (about
	 * 0.72 of the size tall) stay within the counter, since a player
	 * sets up from this number. */
	text_style big = { FONT_TEXT, fmax(h * 0.62, min), true, false, ALIGN_CENTER, 1, 1, 1 };
	double vw = 0;
	bool figures = value && *value && big.size <= h * 1.15;
	if (figures) {
		text_measure(rc, cr, value, &big, 0, &vw, NULL);
		figures = vw <= w * 0.5;
	}
	/* Its attribute values' marks ("D": dismounted): two units of one
	 * type in different states print different counters. */
	bool inside = false;
	if (mark && *mark)
		counter_mark(rc, cr, lp, mark, x, y, w, h, figures ? vw : 0, &inside);
	if (figures)
		text_draw(rc, cr, value, &big, inside ? x + w * 0.52 + vw / 2 : x + w * 0.75, cy - big.size * 0.68, 0);
	if (label && *label) {
		/* A note is short: raised to the legible size rather than lost. */
		text_style small = { FONT_TEXT, fmax(label_size, min), false, false, ALIGN_CENTER,
			PAINT_INK.r, PAINT_INK.g, PAINT_INK.b };
		double lw, lh;
		text_measure(rc, cr, label, &small, 0, &lw, &lh);
		text_draw(rc, cr, label, &small, cx, y + h + h * 0.04, 0);
		if (lp)
			labelplace_take(lp, labelplace_box(cx - lw / 2, y + h + h * 0.04, lw, lh));
	}
}

/* Entries in columns: as many as fit the width, at least one. */
static int legend_grid(double width, double swatch, double text_size, double *col_w, double *row_h)
{
	*col_w = swatch + text_size * 11.5;
	*row_h = swatch * 1.2 + 1;
	int cols = (int)(width / *col_w);
	cols = cols < 1 ? 1 : cols;
	/* The columns share the whole width: a label wraps only when the
	 * width truly lacks room (a narrow sheet column holds one). */
	*col_w = fmax(*col_w, width / cols);
	return cols;
}

/* The size of a legend's words: they grow with the swatches, so a
 * poster's legend reads as well as a sheet's. */
static double legend_text_size(const render_ctx *rc, cairo_t *cr, double swatch)
{
	return fmax(fmax(2.8, swatch * 0.40), paint_min_text(rc, cr));
}

static text_style legend_heading(double text_size)
{
	return (text_style){ FONT_TITLE, text_size * 1.5, true, false, ALIGN_LEFT,
		PAINT_INK.r, PAINT_INK.g, PAINT_INK.b };
}

double paint_legend_height(const render_ctx *rc, cairo_t *cr, double width, double swatch, size_t count)
{
	/* The heading is the one part whose height is not fixed: measured, the
	 * rest counted, nothing drawn. */
	double text_size = legend_text_size(rc, cr, swatch), h;
	text_style head = legend_heading(text_size);
	text_measure(rc, cr, render_string(rc, "legend"), &head, 0, NULL, &h);
	double col_w, row_h;
	int cols = legend_grid(width, swatch, text_size, &col_w, &row_h);
	size_t rows = (count + (size_t)cols - 1) / (size_t)cols;
	return h + text_size * 0.5 + (double)rows * row_h;
}

double paint_legend(const render_ctx *rc, cairo_t *cr, double x, double y, double width, double swatch,
	size_t count, paint_legend_entry_fn entry, const void *ctx)
{
	double text_size = legend_text_size(rc, cr, swatch);
	text_style head = legend_heading(text_size);
	double top = y;
	y += text_draw(rc, cr, render_string(rc, "legend"), &head, x, y, 0) + text_size * 0.5;
	text_style label = { FONT_TEXT, text_size, false, false, ALIGN_LEFT, PAINT_INK.r, PAINT_INK.g, PAINT_INK.b };
	double col_w, row_h;
	int cols = legend_grid(width, swatch, text_size, &col_w, &row_h);
	/* Each symbol of a legend stands once, at its own size: a form of
	 * it would only add to the file. */
	cairo_set_user_data(cr, &ART_IN_PLACE, (void *)&ART_IN_PLACE, NULL);
	for (size_t i = 0; i < count; i++) {
		double ex = x + (double)(i % (size_t)cols) * col_w;
		double ey = y + (double)(i / (size_t)cols) * row_h;
		const char *text = entry(rc, cr, ctx, i, ex, ey, swatch);
		text_draw(rc, cr, text, &label, ex + swatch + text_size * 0.7, ey + swatch / 2 - label.size * 0.7,
			col_w - swatch - text_size);
	}
	cairo_set_user_data(cr, &ART_IN_PLACE, NULL, NULL);
	size_t rows = (count + (size_t)cols - 1) / (size_t)cols;
	return y + (double)rows * row_h - top;
}
