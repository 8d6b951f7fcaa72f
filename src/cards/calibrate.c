#include "calibrate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../base/util.h"
#include "textbox.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define MM_PER_INCH 25.4
#define PT 0.3528           /* one point in mm: the type sizes below are in points */
#define LINE 0.15           /* mm: ticks and scale lines */
#define TICK_MINOR 2.0      /* tick lengths, mm */
#define TICK_MID 3.5
#define TICK_MAJOR 5.5
#define CROSS_ARM 28.0      /* half the length of the front's lines */
#define PIN_RING 1.5        /* radius of the ring to pierce */

static void stroke_line(cairo_t *cr, double x0, double y0, double x1, double y1)
{
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
}

calibrate_geometry calibrate_layout(double page_width, double page_height, cards_duplex duplex)
{
	calibrate_geometry g;
	g.mm_ruler_x = 25.0;
	g.mm_ruler_y = 62.0;
	g.inch_ruler_x = 25.0;
	g.inch_ruler_y = 92.0;
	/* The target off-centre in both directions, so that a wrong mirror
	 * (short edge printed as long edge) shows as a large miss. */
	g.target_x = page_width * 0.5 + 12.0;
	g.target_y = page_height * 0.62;
	g.back_x = duplex == CARDS_DUPLEX_SHORT ? g.target_x : page_width - g.target_x;
	g.back_y = duplex == CARDS_DUPLEX_SHORT ? page_height - g.target_y : g.target_y;
	return g;
}

static textbox_style style(double pt, bool bold, text_align align)
{
	textbox_style st = { FONT_TEXT, pt * PT, 6.0 * PT, bold, false, align, VALIGN_TOP, false, INK_BLACK };
	return st;
}

static void label(textbox_ctx *tc, cairo_t *cr, const char *text, double pt, double cx, double y)
{
	textbox_style st = style(pt, false, ALIGN_CENTER);
	st.one_line = true;
	textbox_draw(tc, cr, text, &st, cx - 8, y, 16, pt * PT * 1.6);
}

/* A ruler along x from (x, y): `count` ticks `step` mm apart, the ticks
 * rising from y; every `mid`-th tick longer, every `major`-th the longest
 * and numbered in steps of unit_per_major, the last with its unit. */
static void ruler(textbox_ctx *tc, cairo_t *cr, double x, double y, int count, double step, int mid, int major,
	double unit_per_major, const char *unit)
{
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, LINE);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	stroke_line(cr, x - LINE / 2, y, x + (count - 1) * step + LINE / 2, y);
	for (int i = 0; i < count; i++) {
		double len = i % major == 0 ? TICK_MAJOR : i % mid == 0 ? TICK_MID : TICK_MINOR;
		stroke_line(cr, x + i * step, y, x + i * step, y - len);
	}
	cairo_stroke(cr);
	for (int i = 0; i < count; i += major) {
		char n[32];
		double v = i / major * unit_per_major;
		snprintf(n, sizeof n, "%g%s%s", v, i + major >= count ? "\u00a0" : "", i + major >= count ? unit : "");
		label(tc, cr, n, 7, x + i * step, y + 0.8);
	}
}

#define PAGE_MARGIN 20.0

/* A page's title in the house blue; returns the body text's style. */
static textbox_style page_title(textbox_ctx *tc, cairo_t *cr, double pw, const char *id)
{
	textbox_style title = { FONT_TITLE, 16 * PT, 10 * PT, true, false, ALIGN_LEFT, VALIGN_TOP, true, 0.16, 0.23, 0.40 };
	textbox_draw(tc, cr, textbox_string(tc, id), &title, PAGE_MARGIN, 15, pw - 2 * PAGE_MARGIN, 9);
	return style(9.5, false, ALIGN_LEFT);
}

static void front_page(textbox_ctx *tc, cairo_t *cr, const calibrate_geometry *g, double pw, double ph,
	const calibrate_options *opt)
{
	double m = PAGE_MARGIN, w = pw - 2 * m;
	textbox_style body = page_title(tc, cr, pw, "calib-title");
	textbox_draw(tc, cr, textbox_string(tc, "calib-intro"), &body, m, 26, w, 22);

	ruler(tc, cr, g->mm_ruler_x, g->mm_ruler_y, 101, 1.0, 5, 10, 10, "mm");
	textbox_draw(tc, cr, textbox_string(tc, "calib-ruler-mm"), &body, g->mm_ruler_x + 108, g->mm_ruler_y - 6,
		pw - m - g->mm_ruler_x - 108, 16);
	ruler(tc, cr, g->inch_ruler_x, g->inch_ruler_y, 33, MM_PER_INCH / 8, 2, 8, 1, "in");
	textbox_draw(tc, cr, textbox_string(tc, "calib-ruler-in"), &body, g->mm_ruler_x + 108, g->inch_ruler_y - 6,
		pw - m - g->mm_ruler_x - 108, 16);

	textbox_draw(tc, cr, textbox_string(tc, "calib-duplex"), &body, m, g->inch_ruler_y + 14, w, 40);

	/* The cross: thin lines that show through the paper, a ring to pierce. */
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 0.25);
	stroke_line(cr, g->target_x, g->target_y - CROSS_ARM, g->target_x, g->target_y + CROSS_ARM);
	stroke_line(cr, g->target_x - CROSS_ARM, g->target_y, g->target_x + CROSS_ARM, g->target_y);
	cairo_stroke(cr);
	cairo_arc(cr, g->target_x, g->target_y, PIN_RING, 0, 2 * M_PI);
	cairo_set_line_width(cr, LINE);
	cairo_stroke(cr);
	textbox_style small = style(8, false, ALIGN_LEFT);
	textbox_draw(tc, cr, textbox_string(tc, "calib-pierce"), &small, g->target_x + 3, g->target_y + 2, 40, 12);
	(void)ph;
	(void)opt;
}

/* The back's scales stand this far from the point the cross should fall
 * on, so that the two do not overlap: the X scale above and below it, the
 * Y scale left and right of it (mm). */
#define SCALE_NEAR 12.0
#define SCALE_FAR 17.0

/* One scale on the back: ticks every half millimetre from -CALIB_SCALE_MM
 * to +CALIB_SCALE_MM about the point (along x when across, else along y),
 * on both sides of it so that a slanted line still reads; the millimetres
 * longer, every second one numbered (its sign is in the captions). */
static void back_scale(textbox_ctx *tc, cairo_t *cr, double cx, double cy, bool across)
{
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, LINE);
	int n = 2 * CALIB_SCALE_MM;
	for (int k = -n; k <= n; k++) {
		double d = k * 0.5;
		double len = k == 0 ? SCALE_FAR - SCALE_NEAR : k % 4 == 0 ? 3.6 : k % 2 == 0 ? 2.8 : 1.6;
		for (int side = -1; side <= 1; side += 2) {
			/* Ticks grow from the side away from the point. */
			double from = side * SCALE_FAR, to = side * (SCALE_FAR - len);
			if (across)
				stroke_line(cr, cx + d, cy + from, cx + d, cy + to);
			else
				stroke_line(cr, cx + from, cy + d, cx + to, cy + d);
		}
	}
	if (across) {
		stroke_line(cr, cx - CALIB_SCALE_MM - LINE / 2, cy + SCALE_FAR, cx + CALIB_SCALE_MM + LINE / 2, cy + SCALE_FAR);
		stroke_line(cr, cx - CALIB_SCALE_MM - LINE / 2, cy - SCALE_FAR, cx + CALIB_SCALE_MM + LINE / 2, cy - SCALE_FAR);
	} else {
		stroke_line(cr, cx + SCALE_FAR, cy - CALIB_SCALE_MM - LINE / 2, cx + SCALE_FAR, cy + CALIB_SCALE_MM + LINE / 2);
		stroke_line(cr, cx - SCALE_FAR, cy - CALIB_SCALE_MM - LINE / 2, cx - SCALE_FAR, cy + CALIB_SCALE_MM + LINE / 2);
	}
	cairo_stroke(cr);
	double size = 7 * PT;
	for (int v = -CALIB_SCALE_MM; v <= CALIB_SCALE_MM; v += 2) {
		char text[16];
		snprintf(text, sizeof text, "%d", abs(v));
		textbox_style st = style(7, v == 0, across ? ALIGN_CENTER : ALIGN_LEFT);
		st.one_line = true;
		if (across)
			textbox_draw(tc, cr, text, &st, cx + v - 1.6, cy + SCALE_FAR + 0.6, 3.2, size * 1.4);
		else
			textbox_draw(tc, cr, text, &st, cx + SCALE_FAR + 0.8, cy + v - size * 0.7, 4, size * 1.4);
	}
}

static void back_page(textbox_ctx *tc, cairo_t *cr, const calibrate_geometry *g, double pw, double ph,
	const calibrate_options *opt)
{
	double m = PAGE_MARGIN, w = pw - 2 * m;
	textbox_style body = page_title(tc, cr, pw, "calib-back-title");
	char x[32], y[32];
	snprintf(x, sizeof x, "%g", opt->back_offset[0]);
	snprintf(y, sizeof y, "%g", opt->back_offset[1]);
	const char *pairs[] = { "x", x, "y", y, NULL };
	char *how = textbox_expand(textbox_string(tc, "calib-back-read"), pairs);
	/* The option and the config key are typed as printed: no hyphen of
	 * ours in them (word joiners in the text keep each on one line). */
	hyphenator *hyph = tc->hyph;
	tc->hyph = NULL;
	textbox_draw(tc, cr, how, &body, m, 26, w, 50);
	tc->hyph = hyph;
	free(how);

	cairo_save(cr);
	cairo_translate(cr, opt->back_offset[0], opt->back_offset[1]);
	back_scale(tc, cr, g->back_x, g->back_y, true);
	back_scale(tc, cr, g->back_x, g->back_y, false);
	/* Which way is which, at the ends of the scales. */
	textbox_style cap = style(7, true, ALIGN_CENTER);
	cap.one_line = true;
	double end = CALIB_SCALE_MM + 1.5, band = (SCALE_NEAR + SCALE_FAR) / 2;
	cap.align = ALIGN_RIGHT;
	textbox_draw(tc, cr, textbox_string(tc, "calib-x-minus"), &cap, g->back_x - end - 26, g->back_y + band - 2, 26, 4);
	cap.align = ALIGN_LEFT;
	textbox_draw(tc, cr, textbox_string(tc, "calib-x-plus"), &cap, g->back_x + end, g->back_y + band - 2, 26, 4);
	textbox_draw(tc, cr, textbox_string(tc, "calib-y-minus"), &cap, g->back_x + band - 2, g->back_y - end - 4.5, 26, 4);
	textbox_draw(tc, cr, textbox_string(tc, "calib-y-plus"), &cap, g->back_x + band - 2, g->back_y + end + 0.5, 26, 4);
	cairo_restore(cr);
	(void)ph;
}

bool cards_render_calibration(const render_ctx *rc, const calibrate_options *opt, const char *path,
	char **error)
{
	*error = NULL;
	int unknown_before = fonts_unknown_glyphs(rc->fonts);
	double pw = fmin(rc->paper->width, rc->paper->height), ph = fmax(rc->paper->width, rc->paper->height);
	calibrate_geometry g = calibrate_layout(pw, ph, opt->duplex);
	hyphenator *hyph = hyphen_create(NULL);
	char *product = xasprintf("%s (%s)", path, lang_code(rc->lang));
	textbox_ctx tc;
	textbox_init(&tc, rc, hyph, product);
	pdf_meta meta = { textbox_string(&tc, "calib-title"), textbox_string(&tc, "calib-subject"), "calibration",
		lang_code(rc->lang) };
	pdfdoc *doc = pdfdoc_begin(path, pw, ph, &meta, error);
	bool ok = doc != NULL;
	if (doc) {
		cairo_t *cr = pdfdoc_cairo(doc);
		cairo_save(cr);
		cairo_scale(cr, PT_PER_MM, PT_PER_MM);
		pdfdoc_label_page(doc, textbox_string(&tc, "calib-front"));
		front_page(&tc, cr, &g, pw, ph, opt);
		pdfdoc_next_page(doc, pw, ph);
		pdfdoc_label_page(doc, textbox_string(&tc, "calib-back"));
		back_page(&tc, cr, &g, pw, ph, opt);
		cairo_restore(cr);
		ok = textbox_end_pdf(&tc, doc, unknown_before, path, error);
	}
	textbox_finish(&tc);
	free(product);
	hyphen_destroy(hyph);
	return ok;
}
