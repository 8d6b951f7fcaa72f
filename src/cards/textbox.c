#include "textbox.h"

#include <glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

/* Each smaller try is this fraction of the previous size. */
#define SHRINK_STEP 0.95
/* Layout rounding noise, in user units (mm). */
#define FIT_SLACK 0.01

void textbox_init(textbox_ctx *tc, const render_ctx *rc, hyphenator *hyph, const char *product)
{
	memset(tc, 0, sizeof *tc);
	tc->rc = rc;
	tc->hyph = hyph;
	tc->product = product;
	/* The bundled font map, reached through a layout of the font library:
	 * its own context keeps the library's settings, which we cannot change
	 * without changing every other product's output. */
	cairo_surface_t *probe_surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
	cairo_t *probe = cairo_create(probe_surface);
	PangoLayout *layout = fonts_layout(rc->fonts, probe, rc->lang, FONT_TEXT);
	PangoFontMap *map = pango_context_get_font_map(pango_layout_get_context(layout));
	tc->context = pango_font_map_create_context(map);
	g_object_unref(layout);
	cairo_destroy(probe);
	cairo_surface_destroy(probe_surface);

	cairo_font_options_t *options = cairo_font_options_create();
	cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
	pango_cairo_context_set_font_options(tc->context, options);
	cairo_font_options_destroy(options);
	pango_context_set_round_glyph_positions(tc->context, FALSE);
	pango_context_set_language(tc->context, fonts_language(rc->lang));
}

void textbox_finish(textbox_ctx *tc)
{
	if (tc->context)
		g_object_unref(tc->context);
	free(tc->first_failure);
	tc->context = NULL;
	tc->first_failure = NULL;
}

void textbox_fail(textbox_ctx *tc, const char *message)
{
	tc->failures++;
	if (!tc->first_failure)
		tc->first_failure = xstrdup(message);
}

/* ---- texts ---- */

bool textbox_has_string(const textbox_ctx *tc, const char *id)
{
	return strings_has(tc->rc->strings, id);
}

const char *textbox_string(textbox_ctx *tc, const char *id)
{
	if (!strings_has(tc->rc->strings, id)) {
		char *msg = xasprintf("%s: the text '%s' is missing from data/i18n", tc->product, id);
		textbox_fail(tc, msg);
		free(msg);
	}
	return strings_get(tc->rc->strings, id, tc->rc->lang);
}

char *textbox_expand(const char *tmpl, const char *const *pairs)
{
	return strings_expand(tmpl, pairs);
}

#define NBSP 0x00A0u
#define NNBSP 0x202Fu

char *textbox_french_spacing(const char *utf8)
{
	if (!g_utf8_validate(utf8, -1, NULL))
		return xstrdup(utf8);
	GString *out = g_string_new(NULL);
	gunichar prev = 0;
	for (const char *p = utf8; *p; p = g_utf8_next_char(p)) {
		gunichar c = g_utf8_get_char(p);
		gunichar space = c == ':' ? NBSP : (c == ';' || c == '!' || c == '?') ? NNBSP : 0;
		if (space) {
			if (prev == ' ' || prev == NBSP || prev == NNBSP) {
				/* Replace the space just written. */
				const char *last = g_utf8_prev_char(out->str + out->len);
				g_string_truncate(out, (gsize)(last - out->str));
				g_string_append_unichar(out, space);
			} else if (g_unichar_isalnum(prev) || prev == ')' || prev == 0x00BB || prev == 0x2019) {
				/* Digits too ("Feu 2!"), but not "10:30": a colon
				 * between digits is a time or a ratio. */
				gunichar next = g_utf8_get_char(g_utf8_next_char(p));
				if (!(c == ':' && g_unichar_isdigit(prev) && g_unichar_isdigit(next)))
					g_string_append_unichar(out, space);
			}
		}
		g_string_append_unichar(out, c);
		prev = c;
	}
	char *result = xstrdup(out->str);
	g_string_free(out, TRUE);
	return result;
}

/* ---- layout ---- */

static PangoLayout *make_layout(textbox_ctx *tc, cairo_t *cr, const char *utf8, const textbox_style *st,
	double size, double width, PangoWrapMode wrap)
{
	pango_cairo_update_context(cr, tc->context);
	PangoLayout *layout = pango_layout_new(tc->context);
	PangoFontDescription *desc = pango_font_description_new();
	pango_font_description_set_family(desc, st->family);
	pango_font_description_set_absolute_size(desc, size * PANGO_SCALE);
	pango_font_description_set_weight(desc, st->bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	pango_font_description_set_style(desc, st->italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
	pango_layout_set_font_description(layout, desc);
	pango_font_description_free(desc);
	PangoAttrList *attrs = pango_attr_list_new();
	pango_attr_list_insert(attrs, pango_attr_language_new(fonts_language(tc->rc->lang)));
	pango_layout_set_attributes(layout, attrs);
	pango_attr_list_unref(attrs);
	if (!st->one_line) {
		pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
		pango_layout_set_wrap(layout, wrap);
	}
	PangoAlignment align = st->align == ALIGN_CENTER ? PANGO_ALIGN_CENTER :
		st->align == ALIGN_RIGHT ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT;
	pango_layout_set_alignment(layout, align);
	pango_layout_set_text(layout, utf8, -1);
	return layout;
}

/* Whether the layout stays inside w × h: every line, not only the whole
 * (Pango lets a word wider than the box stick out of it). */
static bool layout_fits(PangoLayout *layout, const textbox_style *st, double w, double h,
	double *out_w, double *out_h, int *out_lines)
{
	PangoRectangle logical;
	pango_layout_get_extents(layout, NULL, &logical);
	double widest = 0;
	int lines = pango_layout_get_line_count(layout);
	for (int i = 0; i < lines; i++) {
		PangoRectangle lr;
		pango_layout_line_get_extents(pango_layout_get_line_readonly(layout, i), NULL, &lr);
		widest = fmax(widest, (double)lr.width / PANGO_SCALE);
	}
	*out_w = widest;
	*out_h = (double)logical.height / PANGO_SCALE;
	*out_lines = lines;
	return widest <= w + FIT_SLACK && *out_h <= h + FIT_SLACK && (!st->one_line || lines == 1);
}

/* The text as it is drawn in this language. */
static char *prepare(textbox_ctx *tc, const char *utf8)
{
	return tc->rc->lang == LANG_FR ? textbox_french_spacing(utf8) : xstrdup(utf8);
}

/* Find the largest size that fits; *text_out is the text to draw at it
 * (hyphenated or not) and *wrap_out the wrap mode. */
static textbox_fit fit(textbox_ctx *tc, cairo_t *cr, const char *utf8, const textbox_style *st,
	double w, double h, char **text_out, PangoWrapMode *wrap_out)
{
	char *plain = prepare(tc, utf8);
	char *hyph = NULL;
	bool can_hyphenate = !st->one_line && tc->hyph && hyphen_available(tc->hyph, tc->rc->lang);
	double min = st->min_size > 0 ? fmin(st->min_size, st->size) : st->size;
	textbox_fit result = { 0 };
	double size = st->size;
	for (;;) {
		for (int attempt = 0; attempt < 2 && !result.fits; attempt++) {
			if (attempt == 1) {
				if (!can_hyphenate)
					break;
				if (!hyph)
					hyph = hyphen_insert(tc->hyph, tc->rc->lang, plain);
			}
			const char *text = attempt ? hyph : plain;
			PangoLayout *layout = make_layout(tc, cr, text, st, size, w, PANGO_WRAP_WORD);
			result.fits = layout_fits(layout, st, w, h, &result.width, &result.height, &result.lines);
			result.size = size;
			result.hyphenated = attempt == 1;
			g_object_unref(layout);
		}
		if (result.fits || size <= min + 1e-9)
			break;
		size = fmax(min, size * SHRINK_STEP);
	}
	*wrap_out = PANGO_WRAP_WORD;
	if (!result.fits && !st->one_line && !can_hyphenate) {
		/* No dictionary on this machine: rather than fail, let Pango cut
		 * words anywhere at the smallest size. */
		PangoLayout *layout = make_layout(tc, cr, plain, st, min, w, PANGO_WRAP_WORD_CHAR);
		result.fits = layout_fits(layout, st, w, h, &result.width, &result.height, &result.lines);
		g_object_unref(layout);
		*wrap_out = PANGO_WRAP_WORD_CHAR;
	}
	if (result.hyphenated && result.fits) {
		*text_out = hyph;
		free(plain);
	} else {
		*text_out = plain;
		free(hyph);
	}
	return result;
}

textbox_fit textbox_measure(textbox_ctx *tc, cairo_t *cr, const char *utf8, const textbox_style *st,
	double w, double h)
{
	char *text = NULL;
	PangoWrapMode wrap;
	textbox_fit f = fit(tc, cr, utf8, st, w, h, &text, &wrap);
	free(text);
	return f;
}

double textbox_draw(textbox_ctx *tc, cairo_t *cr, const char *utf8, const textbox_style *st,
	double x, double y, double w, double h)
{
	char *text = NULL;
	PangoWrapMode wrap;
	textbox_fit f = fit(tc, cr, utf8, st, w, h, &text, &wrap);
	tc->boxes++;
	if (f.size < st->size - 1e-9)
		tc->shrunk++;
	if (f.hyphenated)
		tc->hyphenated++;
	if (!f.fits) {
		char *msg = xasprintf("%s: the text \"%s\" does not fit its %.1f × %.1f mm box, even at %.2f mm "
			"(it needs %.1f × %.1f mm)", tc->product, utf8, w, h, f.size, f.width, f.height);
		textbox_fail(tc, msg);
		free(msg);
	}
	PangoLayout *layout = make_layout(tc, cr, text, st, f.size, w, wrap);
	fonts_check(tc->rc->fonts, layout);
	double top = y;
	if (st->valign == VALIGN_MIDDLE)
		top = y + (h - f.height) / 2;
	else if (st->valign == VALIGN_BOTTOM)
		top = y + h - f.height;
	double left = x;
	if (st->one_line) {
		/* Unwrapped layouts have no width to align in: place them. */
		if (st->align == ALIGN_CENTER)
			left = x + (w - f.width) / 2;
		else if (st->align == ALIGN_RIGHT)
			left = x + w - f.width;
	}
	cairo_save(cr);
	cairo_set_source_rgb(cr, st->r, st->g, st->b);
	cairo_move_to(cr, left, top);
	pango_cairo_show_layout(cr, layout);
	cairo_restore(cr);
	cairo_new_path(cr);
	g_object_unref(layout);
	free(text);
	return f.height;
}

bool textbox_end_pdf(textbox_ctx *tc, pdfdoc *doc, int unknown_before, const char *path, char **error)
{
	bool ok = tc->failures == 0 && fonts_unknown_glyphs(tc->rc->fonts) == unknown_before;
	if (!ok && tc->failures)
		*error = xstrdup(tc->first_failure);
	else if (!ok)
		*error = xasprintf("%s: the text \"%s\" needs a character the bundled fonts lack; nothing was written",
			path, fonts_first_bad_text(tc->rc->fonts));
	char *end_error = NULL;
	bool written = pdfdoc_end(doc, ok, &end_error);
	if (!*error)
		*error = end_error;
	else
		free(end_error);
	return ok && written;
}
