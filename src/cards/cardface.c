#include "cardface.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../render/paint.h"
#include "emblem.h"

/* The design is drawn for a poker card (63.5 × 88.9 mm) and stretched to
 * the card size: positions follow the card's width and height, type sizes
 * and strokes the smaller of the two ratios. */
#define DESIGN_W 63.5
#define DESIGN_H 88.9

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static const rgb PAPER = { 0.96, 0.93, 0.85 };
static const rgb SECTION_COLOUR = { 0.16, 0.23, 0.40 };   /* cards for a flank: union blue */
static const rgb ANY_COLOUR = { 0.48, 0.13, 0.12 };       /* cards for no flank: deep red */
static const rgb FAINT = { 0.80, 0.74, 0.60 };
/* The back's navy field and its gold's darker shade: initialisers of the
 * backs' looks below, which a static const cannot be. */
#define BACK_FIELD_RGB { 0.12, 0.17, 0.29 }
#define BACK_EMBLEM_FIELD_RGB { 0.12 * 0.8, 0.17 * 0.8, 0.29 * 0.8 }
#define GOLD_RGB { 0.86, 0.74, 0.42 }
#define GOLD_DARK_RGB { 0.45, 0.36, 0.16 }
static const rgb GOLD = GOLD_RGB;

typedef struct face_frame {
	double sx, sy, u;       /* scale of positions across, down, and of sizes */
	double w, h;
} face_frame;

static face_frame frame_of(const card_geom *g)
{
	face_frame f = { g->width / DESIGN_W, g->height / DESIGN_H, 0, g->width, g->height };
	f.u = fmin(f.sx, f.sy);
	return f;
}

static void set(cairo_t *cr, rgb c)
{
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
}

static rgb tint(rgb c, double t)
{
	return (rgb){ c.r + (1 - c.r) * t, c.g + (1 - c.g) * t, c.b + (1 - c.b) * t };
}

static rgb shade(rgb c, double t)
{
	return (rgb){ c.r * (1 - t), c.g * (1 - t), c.b * (1 - t) };
}

/* Background to the bleed, then the frame just inside the safe margin. */
static void paint_ground(cairo_t *cr, const card_geom *g, const face_frame *f, rgb ground, rgb line)
{
	cairo_rectangle(cr, -g->bleed, -g->bleed, g->width + 2 * g->bleed, g->height + 2 * g->bleed);
	set(cr, ground);
	cairo_fill(cr);
	double s = g->safe;
	paint_rounded_rect(cr, s, s, g->width - 2 * s, g->height - 2 * s, 2.5 * f->u);
	set(cr, line);
	cairo_set_line_width(cr, 0.5 * f->u);
	cairo_stroke(cr);
	double s2 = s + 1.0 * f->u;
	paint_rounded_rect(cr, s2, s2, g->width - 2 * s2, g->height - 2 * s2, 1.8 * f->u);
	cairo_set_line_width(cr, 0.2 * f->u);
	cairo_stroke(cr);
}

static textbox_style style(const char *family, double size, double min, bool bold, rgb colour)
{
	textbox_style st = { family, size, min, bold, false, ALIGN_CENTER, VALIGN_MIDDLE, false,
		colour.r, colour.g, colour.b };
	return st;
}

/* Three boxes, left to right as the player sees the board from his seat;
 * the ordered section filled. */
static void flank_strip(textbox_ctx *tc, cairo_t *cr, const face_frame *f, double x, double y,
	double w, double h, deck_flank flank, rgb colour)
{
	static const char *const LABELS[3] = { "card-left", "card-centre", "card-right" };
	double gap = 1.5 * f->u, bw = (w - 2 * gap) / 3;
	for (int i = 0; i < 3; i++) {
		double bx = x + i * (bw + gap);
		bool on = (int)flank == i;
		paint_rounded_rect(cr, bx, y, bw, h, 1.2 * f->u);
		set(cr, on ? colour : PAPER);
		cairo_fill_preserve(cr);
		set(cr, on ? colour : tint(colour, 0.45));
		cairo_set_line_width(cr, 0.4 * f->u);
		cairo_stroke(cr);
		textbox_style st = style(FONT_TEXT, 3.0 * f->u, 2.0 * f->u, on, on ? (rgb){ 1, 1, 1 } : tint(colour, 0.35));
		st.one_line = true;
		textbox_draw(tc, cr, textbox_string(tc, LABELS[i]), &st, bx + 0.8 * f->u, y, bw - 1.6 * f->u, h);
	}
}

/* A card for no flank: one box across, with a star at each end (shared by
 * every such card) and a label saying what the card orders instead. */
static void any_marker_box(cairo_t *cr, const face_frame *f, double x, double y, double w, double h, rgb colour)
{
	paint_rounded_rect(cr, x, y, w, h, 1.2 * f->u);
	set(cr, tint(colour, 0.12));
	cairo_fill_preserve(cr);
	set(cr, colour);
	cairo_set_line_width(cr, 0.4 * f->u);
	cairo_stroke(cr);
	double star = h * 0.32;
	set(cr, GOLD);
	emblem_star(cr, x + h / 2, y + h / 2 + star * 0.1, star);
	emblem_star(cr, x + w - h / 2, y + h / 2 + star * 0.1, star);
	cairo_fill(cr);
}

static void any_marker_label(textbox_ctx *tc, cairo_t *cr, const face_frame *f, double x, double y,
	double w, double h, const deck_face *card)
{
	char id[96];
	snprintf(id, sizeof id, "card-any-%s", card->order ? card->order : "");
	const char *label = textbox_has_string(tc, id) ? textbox_string(tc, id) : textbox_string(tc, "card-any");
	textbox_style st = style(FONT_TEXT, 3.0 * f->u, 2.0 * f->u, true, (rgb){ 1, 1, 1 });
	st.one_line = true;
	textbox_draw(tc, cr, label, &st, x + h, y, w - 2 * h, h);
}

/* Where the emblem and the order go on the design card: the emblem's
 * centre and side, the order's box and its type (nominal and least).  A
 * deck whose orders all fit at full size shows a large emblem; one with a
 * long order gives the order the emblem's room (a smaller emblem higher
 * up), so the whole deck's type need not drop as far. */
typedef struct body_plan {
	double emblem_y, emblem_size;
	double order_y, order_h;
} body_plan;

static const body_plan BODY_PLANS[CARDFACE_BODIES] = {
	{ 43.0, 15.0, 52.0, 23.0 },
	{ 38.6, 9.0, 44.5, 30.5 },
};
#define ORDER_SIZE 3.6
#define ORDER_MIN 2.5

cairo_surface_t *cardface_emblem(const card_geom *g, const cardface_body *body, emblem_kind kind)
{
	face_frame f = frame_of(g);
	double size = BODY_PLANS[body->plan].emblem_size * f.u;
	cairo_rectangle_t extents = { -size, -size, 2 * size, 2 * size };
	cairo_surface_t *s = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents);
	cairo_t *cr = cairo_create(s);
	rgb faint_edge = shade(FAINT, 0.2);
	emblem_colours faint = { { FAINT.r, FAINT.g, FAINT.b }, { faint_edge.r, faint_edge.g, faint_edge.b },
		{ PAPER.r, PAPER.g, PAPER.b } };
	emblem_card(cr, kind, 0, 0, size, &faint);
	cairo_destroy(cr);
	return s;
}

/* Where the parts of a front go on the design card (scaled by frame_of). */
typedef struct front_plan {
	face_frame f;
	rgb colour;
	double inner, iw;              /* text keeps off the frame */
	double band_x, band_y, band_w, band_h;
	double strip_y, strip_h;
} front_plan;

static front_plan plan_front(const card_geom *g, bool any)
{
	front_plan p;
	p.f = frame_of(g);
	p.colour = any ? ANY_COLOUR : SECTION_COLOUR;
	p.inner = g->safe + 2.0 * p.f.u;
	p.iw = g->width - 2 * p.inner;
	p.band_x = g->safe + 1.0 * p.f.u;
	p.band_y = g->safe + 1.0 * p.f.u;
	p.band_w = g->width - 2 * (g->safe + 1.0 * p.f.u);
	p.band_h = 11.5 * p.f.sy;
	p.strip_y = 18.0 * p.f.sy;
	p.strip_h = 9.0 * p.f.sy;
	return p;
}

/* Ground, frame, name band and footer of a colour; for cards of no flank
 * also the marker's box. */
static void draw_base(textbox_ctx *tc, cairo_t *cr, const card_geom *g, const front_plan *p, bool any)
{
	const face_frame *f = &p->f;
	paint_ground(cr, g, f, PAPER, p->colour);
	cairo_rectangle(cr, p->band_x, p->band_y, p->band_w, p->band_h);
	set(cr, p->colour);
	cairo_fill(cr);
	if (any)
		any_marker_box(cr, f, p->inner, p->strip_y, p->iw, p->strip_h, p->colour);
	/* The game the deck belongs to. */
	textbox_style foot = style(FONT_TEXT, 2.2 * f->u, 1.5 * f->u, false, tint(PAINT_INK, 0.4));
	foot.italic = true;
	foot.one_line = true;
	textbox_draw(tc, cr, l10n_get(&tc->rc->rs->name, tc->rc->lang), &foot, p->inner, 80.0 * f->sy, p->iw,
		3.6 * f->sy);
}

/* The strip of three boxes with the ordered flank filled, and its caption. */
static void draw_strip(textbox_ctx *tc, cairo_t *cr, const front_plan *p, deck_flank flank)
{
	static const char *const CAPTIONS[3] = { "card-flank-left", "card-flank-centre", "card-flank-right" };
	const face_frame *f = &p->f;
	flank_strip(tc, cr, f, p->inner, p->strip_y, p->iw, p->strip_h, flank, p->colour);
	textbox_style cap = style(FONT_TEXT, 3.2 * f->u, 2.2 * f->u, false, p->colour);
	cap.italic = true;
	cap.one_line = true;
	textbox_draw(tc, cr, textbox_string(tc, CAPTIONS[flank]), &cap, p->inner, p->strip_y + p->strip_h + 0.8 * f->sy,
		p->iw, 4.5 * f->sy);
}

/* A shared part recorded once, face-sized: the base of a colour (strip
 * DECK_ANY) or the strip of a flank. */
static cairo_surface_t *record_part(textbox_ctx *tc, const card_geom *g, bool any, deck_flank strip)
{
	front_plan p = plan_front(g, any);
	cairo_rectangle_t extents = { -g->bleed, -g->bleed, g->width + 2 * g->bleed, g->height + 2 * g->bleed };
	cairo_surface_t *s = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents);
	cairo_t *cr = cairo_create(s);
	if (strip == DECK_ANY)
		draw_base(tc, cr, g, &p, any);
	else
		draw_strip(tc, cr, &p, strip);
	cairo_destroy(cr);
	return s;
}

static void paint_part(cairo_t *cr, cairo_surface_t *part)
{
	cairo_set_source_surface(cr, part, 0, 0);
	cairo_paint(cr);
}

void cardface_shared_finish(cardface_shared *s)
{
	for (size_t i = 0; i < ARRAY_LEN(s->base); i++)
		if (s->base[i])
			cairo_surface_destroy(s->base[i]);
	for (size_t i = 0; i < ARRAY_LEN(s->strip); i++)
		if (s->strip[i])
			cairo_surface_destroy(s->strip[i]);
	memset(s, 0, sizeof *s);
}

static textbox_style order_style(double size, double min)
{
	return style(FONT_TEXT, size, min, false, PAINT_INK);
}

textbox_style cardface_order_box(const card_geom *g, int plan, double *w, double *h)
{
	/* The box is the same on the cards of a flank and of none. */
	front_plan p = plan_front(g, false);
	*w = p.iw;
	*h = BODY_PLANS[plan].order_h * p.f.sy;
	return order_style(ORDER_SIZE * p.f.u, ORDER_MIN * p.f.u);
}

/* Longest first (qsort): the longest order most likely sets the size. */
static int longer_first(const void *pa, const void *pb)
{
	size_t a = strlen(*(const char *const *)pa), b = strlen(*(const char *const *)pb);
	return a < b ? 1 : a > b ? -1 : 0;
}

/* The index in sizes (the style's series) of the largest size at which
 * the text fits w × h; the last when none does. */
static size_t first_fitting(textbox_ctx *tc, cairo_t *cr, const char *text, const textbox_style *st,
	const double *sizes, size_t count, double w, double h)
{
	textbox_fit f = textbox_measure(tc, cr, text, st, w, h);
	if (f.fits)
		for (size_t k = 0; k < count; k++)
			if (sizes[k] <= f.size + 1e-9)
				return k;
	return count - 1;
}

/* The largest order size of the style's series at which every design's
 * order fits the plan's box (the smallest when some does not fit even
 * there: that card's failure is said when it is drawn), or 0 as
 * soon as it is clear that size would be at most `beat`.
 *
 * One walk down the series for the whole deck: a text is tried at the
 * size the texts before it left, and the size goes down only while it
 * does not fit (a smaller size never fits worse).  With the longest
 * order first, every other order costs one layout at the deck's size,
 * which drawing then takes from the layouts' cache. */
static double plan_order_size(textbox_ctx *tc, cairo_t *cr, const card_geom *g, int plan,
	const deck_design *designs, size_t n, double beat)
{
	double w, h;
	textbox_style st = cardface_order_box(g, plan, &w, &h);
	double *sizes;
	size_t count = textbox_sizes(&st, &sizes);
	const char **texts = xcalloc(n ? n : 1, sizeof *texts);
	size_t distinct = 0;
	for (size_t i = 0; i < n; i++) {
		const char *text = l10n_get(&designs[i].card->text, tc->rc->lang);
		bool seen = false;
		for (size_t j = 0; j < distinct && !seen; j++)
			seen = strcmp(texts[j], text) == 0;
		if (!seen)
			texts[distinct++] = text;
	}
	qsort(texts, distinct, sizeof *texts, longer_first);
	/* The longest order is fitted by the text box's own search, which
	 * starts where its overflow at the nominal size predicts and gallops
	 * (some three layouts where a walk down a deck that shrinks seven
	 * steps took eight, each tried as written and hyphenated). */
	size_t k = distinct ? first_fitting(tc, cr, texts[0], &st, sizes, count, w, h) : 0;
	for (size_t i = 1; i < distinct && sizes[k] > beat; i++)
		while (k + 1 < count && sizes[k] > beat
			&& !textbox_fits_at(tc, cr, texts[i], &st, sizes[k], w, h))
			k++;
	double size = sizes[k] > beat ? sizes[k] : 0;
	free(texts);
	free(sizes);
	return size;
}

cardface_body cardface_choose_body(textbox_ctx *tc, cairo_t *cr, const card_geom *g, const deck_design *designs,
	size_t n)
{
	cardface_body best = { 0, plan_order_size(tc, cr, g, 0, designs, n, 0) };
	double full = ORDER_SIZE * frame_of(g).u;
	/* Only a deck whose type shrinks tries the roomier plan, and takes it
	 * only when the type grows by a step worth seeing (5 %). */
	for (int k = 1; k < CARDFACE_BODIES && best.order_size < full - 1e-9; k++) {
		double size = plan_order_size(tc, cr, g, k, designs, n, best.order_size * 1.05);
		if (size > 0)
			best = (cardface_body){ k, size };
	}
	return best;
}

void cardface_front(textbox_ctx *tc, cairo_t *cr, const card_geom *g, const deck_design *design,
	int deck_total, cairo_surface_t *emblem, cardface_shared *shared, const cardface_body *body)
{
	const body_plan *bp = &BODY_PLANS[body->plan];
	const deck_face *card = design->card;
	lang_id lang = tc->rc->lang;
	bool any = design->flank == DECK_ANY;
	front_plan p = plan_front(g, any);
	const face_frame *f = &p.f;
	cairo_save(cr);
	if (!shared->base[any])
		shared->base[any] = record_part(tc, g, any, DECK_ANY);
	paint_part(cr, shared->base[any]);

	/* Name on the band. */
	textbox_style name = style(FONT_TITLE, 5.2 * f->u, 3.0 * f->u, true, (rgb){ 1, 1, 1 });
	name.one_line = true;
	textbox_draw(tc, cr, l10n_get(&card->name, lang), &name, p.inner, p.band_y, p.iw, p.band_h);

	/* Which flank it orders. */
	if (any) {
		any_marker_label(tc, cr, f, p.inner, p.strip_y, p.iw, p.strip_h, card);
	} else {
		if (!shared->strip[design->flank])
			shared->strip[design->flank] = record_part(tc, g, false, design->flank);
		paint_part(cr, shared->strip[design->flank]);
	}

	/* The card kind's emblem, quiet, between the marker and the order:
	 * painted from the one recording of the document. */
	cairo_save(cr);
	cairo_set_source_surface(cr, emblem, g->width / 2, bp->emblem_y * f->sy);
	cairo_paint(cr);
	cairo_restore(cr);

	/* The order, at the deck's one size. */
	textbox_style text = order_style(body->order_size, body->order_size);
	textbox_draw(tc, cr, l10n_get(&card->text, lang), &text, p.inner, bp->order_y * f->sy, p.iw, bp->order_h * f->sy);

	/* Copies in the deck. */
	char n[16], total[16];
	snprintf(n, sizeof n, "%d", design->count);
	snprintf(total, sizeof total, "%d", deck_total);
	const char *pairs[] = { "n", n, "total", total, NULL };
	char *count = textbox_expand(textbox_string(tc, "card-count"), pairs);
	textbox_style small = style(FONT_TEXT, 2.6 * f->u, 1.8 * f->u, true, p.colour);
	small.one_line = true;
	textbox_draw(tc, cr, count, &small, p.inner, 76.0 * f->sy, p.iw, 4.0 * f->sy);
	free(count);
	cairo_restore(cr);
}

struct cardface_back_look {
	rgb ground;        /* the whole face, bleed included */
	rgb ink;           /* frame, stars, titles, the emblem's rings */
	rgb ink_dark;      /* the emblem's outlines */
	rgb field;         /* inside the emblem's ring */
	bool corner_stars;
	bool texts;        /* subtitle and motto */
};

static const cardface_back_look BACK_FULL = {
	BACK_FIELD_RGB, GOLD_RGB, GOLD_DARK_RGB, BACK_EMBLEM_FIELD_RGB, true, true,
};

/* White ground: nothing is printed there, only the outline and the emblem
 * in the back's navy, and the title that names the deck. */
static const cardface_back_look BACK_INK_SAVER = {
	{ 1, 1, 1 }, BACK_FIELD_RGB, BACK_FIELD_RGB, { 1, 1, 1 }, false, false,
};

const cardface_back_look *cardface_back_full(void)
{
	return &BACK_FULL;
}

const cardface_back_look *cardface_back_ink_saver(void)
{
	return &BACK_INK_SAVER;
}

void cardface_back(textbox_ctx *tc, cairo_t *cr, const card_geom *g, const cardface_back_look *look)
{
	face_frame f = frame_of(g);
	cairo_save(cr);
	paint_ground(cr, g, &f, look->ground, look->ink);

	/* A star in each corner of the frame. */
	double c = g->safe + 4.0 * f.u;
	if (look->corner_stars) {
		set(cr, look->ink);
		emblem_star(cr, c, c, 1.8 * f.u);
		emblem_star(cr, g->width - c, c, 1.8 * f.u);
		emblem_star(cr, c, g->height - c, 1.8 * f.u);
		emblem_star(cr, g->width - c, g->height - c, 1.8 * f.u);
		cairo_fill(cr);
	}

	double inner = g->safe + 7.0 * f.u, iw = g->width - 2 * inner;
	textbox_style title = style(FONT_TITLE, 7.5 * f.u, 4.5 * f.u, true, look->ink);
	title.one_line = true;
	textbox_draw(tc, cr, textbox_string(tc, "back-title"), &title, inner, 9.0 * f.sy, iw, 11.0 * f.sy);

	emblem_colours colours = { { look->ink.r, look->ink.g, look->ink.b },
		{ look->ink_dark.r, look->ink_dark.g, look->ink_dark.b }, { look->field.r, look->field.g, look->field.b } };
	emblem_draw(cr, g->width / 2, g->height / 2, fmin(g->width * 0.36, g->height * 0.26), &colours);

	if (look->texts) {
		textbox_style sub = style(FONT_TITLE, 4.2 * f.u, 2.8 * f.u, false, look->ink);
		sub.one_line = true;
		sub.italic = true;
		textbox_draw(tc, cr, textbox_string(tc, "back-subtitle"), &sub, inner, 68.0 * f.sy, iw, 7.0 * f.sy);
		textbox_style motto = style(FONT_TEXT, 2.6 * f.u, 1.8 * f.u, false, tint(look->ink, 0.1));
		motto.one_line = true;
		textbox_draw(tc, cr, textbox_string(tc, "back-motto"), &motto, inner, 75.0 * f.sy, iw, 4.0 * f.sy);
	}
	cairo_restore(cr);
}
