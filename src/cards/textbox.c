#include "textbox.h"

#include <glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../base/fitsearch.h"
#include "../base/util.h"

/* Each smaller try is this fraction of the previous size. */
#define SHRINK_STEP 0.95
/* Layout rounding noise, in user units (mm). */
#define FIT_SLACK 0.01

/* What a fit depends on: the text, the style's font and sizes, the box,
 * and the transformation and surface it is drawn with. */
typedef struct fit_key {
	double num[8];          /* matrix xx xy yx yy, size, min_size, w, h */
	int surface, flags;
	char *family;           /* these two owned by a memo, borrowed by a lookup */
	char *text;
	guint hash;
} fit_key;

/* A fitted text as fit() found it. */
typedef struct fit_memo {
	fit_key key;            /* first: the table's key is the memo */
	textbox_fit fit;
	char *text;             /* to draw: hyphenated or not */
	PangoWrapMode wrap;
} fit_memo;

static void memo_free(gpointer p)
{
	fit_memo *m = p;
	free(m->key.family);
	free(m->key.text);
	free(m->text);
	free(m);
}

static guint fit_key_hash(gconstpointer p)
{
	return ((const fit_key *)p)->hash;
}

static gboolean fit_key_equal(gconstpointer pa, gconstpointer pb)
{
	const fit_key *a = pa, *b = pb;
	if (a->hash != b->hash || a->surface != b->surface || a->flags != b->flags)
		return FALSE;
	for (size_t i = 0; i < ARRAY_LEN(a->num); i++)
		if (a->num[i] != b->num[i])
			return FALSE;
	return strcmp(a->family, b->family) == 0 && strcmp(a->text, b->text) == 0;
}

static fit_key make_fit_key(cairo_t *cr, const char *utf8, const textbox_style *st, double w, double h)
{
	cairo_matrix_t m;
	cairo_get_matrix(cr, &m);
	/* + 0.0 makes a negative zero positive, so equal keys hash alike. */
	fit_key k = { { m.xx + 0.0, m.xy + 0.0, m.yx + 0.0, m.yy + 0.0, st->size + 0.0, st->min_size + 0.0,
		w + 0.0, h + 0.0 }, (int)cairo_surface_get_type(cairo_get_target(cr)),
		st->bold | st->italic << 1 | st->one_line << 2 | (int)st->align << 3, (char *)st->family, (char *)utf8, 0 };
	guint hash = g_str_hash(utf8) ^ g_str_hash(st->family);
	const unsigned char *bytes = (const unsigned char *)k.num;
	for (size_t i = 0; i < sizeof k.num; i++)
		hash = hash * 16777619u ^ bytes[i];
	k.hash = hash * 31u + (guint)(k.surface * 64 + k.flags);
	return k;
}

void textbox_init(textbox_ctx *tc, const render_ctx *rc, hyphenator *hyph, const char *product)
{
	memset(tc, 0, sizeof *tc);
	tc->rc = rc;
	tc->hyph = hyph;
	tc->product = product;
	/* The key is part of its memo, freed with it. */
	tc->fits = g_hash_table_new_full(fit_key_hash, fit_key_equal, NULL, memo_free);
}

void textbox_finish(textbox_ctx *tc)
{
	if (tc->fits)
		g_hash_table_destroy(tc->fits);
	free(tc->first_failure);
	tc->fits = NULL;
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

/* The layout of a text at a size, from the font library's cache: shared,
 * only measured and drawn here. */
static PangoLayout *make_layout(textbox_ctx *tc, cairo_t *cr, const char *utf8, const textbox_style *st,
	double size, double width, PangoWrapMode wrap)
{
	PangoFontDescription *desc = pango_font_description_new();
	pango_font_description_set_family_static(desc, st->family);
	pango_font_description_set_absolute_size(desc, size * PANGO_SCALE);
	pango_font_description_set_weight(desc, st->bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	pango_font_description_set_style(desc, st->italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
	PangoAlignment align = st->align == ALIGN_CENTER ? PANGO_ALIGN_CENTER :
		st->align == ALIGN_RIGHT ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT;
	text_spec spec = { utf8, desc, tc->rc->lang, st->one_line ? -1 : (int)(width * PANGO_SCALE), wrap, align };
	PangoLayout *layout = fonts_text_layout(tc->rc->fonts, cr, &spec);
	pango_font_description_free(desc);
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

/* Whether soft hyphens may be tried: asked only when a text does not fit
 * as written, so a product whose texts all fit never loads a dictionary. */
static bool can_hyphenate(textbox_ctx *tc, const textbox_style *st)
{
	return !st->one_line && tc->hyph && hyphen_available(tc->hyph, tc->rc->lang);
}

/* One text being fitted: its sizes, largest first, and the last try. */
typedef struct fit_try {
	textbox_ctx *tc;
	cairo_t *cr;
	const textbox_style *st;
	double w, h;
	char *plain, *hyph;     /* hyph made when first needed */
	double *sizes;
	size_t size_count;
	textbox_fit result;
	double plain_w, plain_h;   /* the text as written, at the last size tried */
} fit_try;

/* The text at one size: as written, then with soft hyphens. */
static bool try_size(fit_try *t, double size)
{
	t->result = (textbox_fit){ 0 };
	for (int attempt = 0; attempt < 2 && !t->result.fits; attempt++) {
		if (attempt == 1) {
			if (!can_hyphenate(t->tc, t->st))
				break;
			if (!t->hyph)
				t->hyph = hyphen_insert(t->tc->hyph, t->tc->rc->lang, t->plain);
		}
		const char *text = attempt ? t->hyph : t->plain;
		PangoLayout *layout = make_layout(t->tc, t->cr, text, t->st, size, t->w, PANGO_WRAP_WORD);
		textbox_fit *r = &t->result;
		r->fits = layout_fits(layout, t->st, t->w, t->h, &r->width, &r->height, &r->lines);
		r->size = size;
		r->hyphenated = attempt == 1;
		if (attempt == 0) {
			t->plain_w = r->width;
			t->plain_h = r->height;
		}
		g_object_unref(layout);
	}
	return t->result.fits;
}

static bool try_index(void *arg, size_t k)
{
	fit_try *t = arg;
	return try_size(t, t->sizes[k]);
}

/* The size at which the text will fit, from how far it overflows at the
 * first: a line's width goes with the size, a paragraph's area with its
 * square. */
static double predicted_size(const fit_try *t)
{
	double over = t->w > 0 ? t->plain_w / t->w : 1;
	double tall = t->h > 0 ? t->plain_h / t->h : 1;
	double ratio = t->st->one_line ? fmax(over, tall) : fmax(over, sqrt(tall));
	return t->sizes[0] / fmax(ratio, 1);
}

size_t textbox_sizes(const textbox_style *st, double **sizes)
{
	double min = st->min_size > 0 ? fmin(st->min_size, st->size) : st->size;
	size_t count = 0, cap = 0;
	*sizes = NULL;
	for (double size = st->size;; size = fmax(min, size * SHRINK_STEP)) {
		grow_array((void **)sizes, &cap, count + 1, sizeof **sizes);
		(*sizes)[count++] = size;
		if (size <= min + 1e-9)
			break;
	}
	return count;
}

bool textbox_fits_at(textbox_ctx *tc, cairo_t *cr, const char *utf8, const textbox_style *st, double size,
	double w, double h)
{
	fit_try t = { .tc = tc, .cr = cr, .st = st, .w = w, .h = h, .plain = prepare(tc, utf8) };
	bool fits = try_size(&t, size);
	free(t.plain);
	free(t.hyph);
	return fits;
}

/* Find the largest size that fits; *text_out is the text to draw at it
 * (hyphenated or not) and *wrap_out the wrap mode.
 *
 * The sizes go down from the nominal one by SHRINK_STEP to the minimum;
 * at each, the text as written is tried before the hyphenated one.  A
 * smaller size never fits worse, so rather than trying each size in turn
 * the search starts where the first size's overflow says the text will
 * fit and checks the size above (fitsearch_first): a long order shrunk
 * to the minimum costs four layouts instead of sixteen. */
static textbox_fit fit_search(textbox_ctx *tc, cairo_t *cr, const char *utf8, const textbox_style *st,
	double w, double h, char **text_out, PangoWrapMode *wrap_out)
{
	fit_try t = { .tc = tc, .cr = cr, .st = st, .w = w, .h = h, .plain = prepare(tc, utf8) };
	double min = st->min_size > 0 ? fmin(st->min_size, st->size) : st->size;
	t.size_count = textbox_sizes(st, &t.sizes);
	if (!try_size(&t, t.sizes[0]) && t.size_count > 1) {
		size_t k = fitsearch_first(t.sizes, t.size_count, predicted_size(&t), try_index, &t);
		/* The outcome as at that size (the search may have tried others
		 * since; their layouts are cached). */
		try_size(&t, t.sizes[k]);
	}
	textbox_fit result = t.result;
	*wrap_out = PANGO_WRAP_WORD;
	if (!result.fits && !st->one_line && !can_hyphenate(tc, st)) {
		/* No dictionary on this machine: rather than fail, let Pango cut
		 * words anywhere at the smallest size. */
		PangoLayout *layout = make_layout(tc, cr, t.plain, st, min, w, PANGO_WRAP_WORD_CHAR);
		result.fits = layout_fits(layout, st, w, h, &result.width, &result.height, &result.lines);
		g_object_unref(layout);
		*wrap_out = PANGO_WRAP_WORD_CHAR;
	}
	if (result.hyphenated && result.fits) {
		*text_out = t.hyph;
		free(t.plain);
	} else {
		*text_out = t.plain;
		free(t.hyph);
	}
	free(t.sizes);
	return result;
}

/* fit_search once per text, style, box and drawing transformation: the
 * outcome is kept for the product (tc->fits).  *text_out is a copy. */
static textbox_fit fit(textbox_ctx *tc, cairo_t *cr, const char *utf8, const textbox_style *st,
	double w, double h, char **text_out, PangoWrapMode *wrap_out)
{
	fit_key key = make_fit_key(cr, utf8, st, w, h);
	fit_memo *memo = g_hash_table_lookup(tc->fits, &key);
	if (!memo) {
		memo = xcalloc(1, sizeof *memo);
		memo->key = key;
		memo->key.family = xstrdup(st->family);
		memo->key.text = xstrdup(utf8);
		memo->fit = fit_search(tc, cr, utf8, st, w, h, &memo->text, &memo->wrap);
		g_hash_table_insert(tc->fits, &memo->key, memo);
	}
	*text_out = xstrdup(memo->text);
	*wrap_out = memo->wrap;
	return memo->fit;
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
	text_show_layout(cr, layout, st->r, st->g, st->b, left, top);
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
