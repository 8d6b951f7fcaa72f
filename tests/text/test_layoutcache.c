/* The cache of laid-out text (src/text/layoutcache.h): a text is shaped
 * once, a cached layout measures and draws exactly as a fresh one, one
 * layout serves every transformation, layouts for other languages are
 * kept apart, memory stays
 * within the bound, and forgetting everything between products changes no
 * glyph.  Through the bundled fonts. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/datadir.h"
#include "text/fonts.h"
#include "text/layoutcache.h"

typedef struct fixture {
	font_library *fonts;
	cairo_surface_t *surface;
	cairo_t *cr;
	PangoFontDescription *font;
} fixture;

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof *f);
	if (!f)
		return -1;
	char dir[4096];
	snprintf(dir, sizeof dir, "%s/fonts", datadir_get());
	char *error = NULL;
	f->fonts = fonts_create(dir, &error);
	free(error);
	if (!f->fonts)
		return -1;
	f->surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	f->cr = cairo_create(f->surface);
	cairo_scale(f->cr, 72 / 25.4, 72 / 25.4);
	f->font = pango_font_description_new();
	pango_font_description_set_family(f->font, FONT_TEXT);
	pango_font_description_set_absolute_size(f->font, 3.6 * PANGO_SCALE);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;
	pango_font_description_free(f->font);
	cairo_destroy(f->cr);
	cairo_surface_destroy(f->surface);
	fonts_destroy(f->fonts);
	free(f);
	return 0;
}

static const char *const PARAGRAPH = "Geef bevel aan 2 eenheden of generaals op de linkerflank; "
	"elke eenheid voert één bevel uit en mag daarna aanvallen.";

static text_spec spec_of(const fixture *f, const char *text, int width)
{
	text_spec s = { text, f->font, LANG_NL, width, PANGO_WRAP_WORD, PANGO_ALIGN_LEFT };
	return s;
}

/* The same text, font and box twice: one layout, laid out once. */
static void test_same_text_is_shaped_once(void **state)
{
	fixture *f = *state;
	text_spec s = spec_of(f, PARAGRAPH, 40 * PANGO_SCALE);
	layoutcache_stats before = fonts_cache_stats(f->fonts);
	PangoLayout *a = fonts_text_layout(f->fonts, f->cr, &s);
	PangoLayout *b = fonts_text_layout(f->fonts, f->cr, &s);
	layoutcache_stats after = fonts_cache_stats(f->fonts);
	assert_ptr_equal(a, b);
	assert_int_equal(after.misses - before.misses, 1);
	assert_int_equal(after.hits - before.hits, 1);
	g_object_unref(a);
	g_object_unref(b);
}

/* A cached layout has the extents and glyphs of one made from scratch on
 * the same cr, as the products made them before the cache. */
static void test_cached_layout_matches_a_fresh_one(void **state)
{
	fixture *f = *state;
	text_spec s = spec_of(f, PARAGRAPH, 35 * PANGO_SCALE);
	PangoLayout *cached = fonts_text_layout(f->fonts, f->cr, &s);
	PangoLayout *again = fonts_text_layout(f->fonts, f->cr, &s);

	PangoLayout *fresh = fonts_layout(f->fonts, f->cr, LANG_NL, FONT_TEXT);
	pango_layout_set_font_description(fresh, f->font);
	pango_layout_set_width(fresh, 35 * PANGO_SCALE);
	pango_layout_set_wrap(fresh, PANGO_WRAP_WORD);
	pango_layout_set_text(fresh, PARAGRAPH, -1);

	PangoRectangle ink_a, log_a, ink_b, log_b;
	pango_layout_get_extents(again, &ink_a, &log_a);
	pango_layout_get_extents(fresh, &ink_b, &log_b);
	assert_memory_equal(&log_a, &log_b, sizeof log_a);
	assert_memory_equal(&ink_a, &ink_b, sizeof ink_a);
	assert_int_equal(pango_layout_get_line_count(again), pango_layout_get_line_count(fresh));
	assert_true(pango_layout_get_line_count(again) > 1);
	for (int i = 0; i < pango_layout_get_line_count(fresh); i++) {
		PangoRectangle la, lb;
		pango_layout_line_get_extents(pango_layout_get_line_readonly(again, i), NULL, &la);
		pango_layout_line_get_extents(pango_layout_get_line_readonly(fresh, i), NULL, &lb);
		assert_memory_equal(&la, &lb, sizeof la);
	}
	g_object_unref(cached);
	g_object_unref(again);
	g_object_unref(fresh);
}

/* Width, language and size each make another layout; the transformation
 * does not: text is laid out in user space, the same at every scale and
 * angle (a sheet measured at eight scales shapes its strings once). */
static void test_what_tells_layouts_apart(void **state)
{
	fixture *f = *state;
	text_spec s = spec_of(f, "Centrum", -1);
	PangoLayout *base = fonts_text_layout(f->fonts, f->cr, &s);

	text_spec wide = spec_of(f, "Centrum", 30 * PANGO_SCALE);
	PangoLayout *w = fonts_text_layout(f->fonts, f->cr, &wide);
	assert_ptr_not_equal(w, base);

	text_spec fr = s;
	fr.lang = LANG_FR;
	PangoLayout *l = fonts_text_layout(f->fonts, f->cr, &fr);
	assert_ptr_not_equal(l, base);

	PangoFontDescription *bigger = pango_font_description_copy(f->font);
	pango_font_description_set_absolute_size(bigger, 4.0 * PANGO_SCALE);
	text_spec big = s;
	big.font = bigger;
	PangoLayout *b = fonts_text_layout(f->fonts, f->cr, &big);
	assert_ptr_not_equal(b, base);
	pango_font_description_free(bigger);

	cairo_save(f->cr);
	cairo_translate(f->cr, 25, 40);
	PangoLayout *moved = fonts_text_layout(f->fonts, f->cr, &s);
	assert_ptr_equal(moved, base);
	cairo_rotate(f->cr, 0.5);
	PangoLayout *turned = fonts_text_layout(f->fonts, f->cr, &s);
	assert_ptr_equal(turned, base);
	cairo_scale(f->cr, 1.37, 1.37);
	PangoLayout *scaled = fonts_text_layout(f->fonts, f->cr, &s);
	assert_ptr_equal(scaled, base);
	cairo_restore(f->cr);

	/* Another kind of surface (other font options) is kept apart. */
	cairo_surface_t *image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 8, 8);
	cairo_t *icr = cairo_create(image);
	PangoLayout *other = fonts_text_layout(f->fonts, icr, &s);
	assert_ptr_not_equal(other, base);
	g_object_unref(other);
	cairo_destroy(icr);
	cairo_surface_destroy(image);

	PangoLayout *layouts[] = { base, w, l, b, moved, turned, scaled };
	for (size_t i = 0; i < sizeof layouts / sizeof *layouts; i++)
		g_object_unref(layouts[i]);
}

/* A left-aligned text that fits its width on one line is that line at
 * every width it fits: one layout; where it must wrap, another; centred
 * text, placed by its width, is not shared. */
static void test_one_line_serves_every_width_it_fits(void **state)
{
	fixture *f = *state;
	text_spec s = spec_of(f, "Cheatham's Division", 60 * PANGO_SCALE);
	PangoLayout *first = fonts_text_layout(f->fonts, f->cr, &s);
	assert_int_equal(pango_layout_get_line_count(first), 1);
	layoutcache_stats before = fonts_cache_stats(f->fonts);
	s.width = 45 * PANGO_SCALE;
	PangoLayout *narrower = fonts_text_layout(f->fonts, f->cr, &s);
	s.width = 90 * PANGO_SCALE;
	PangoLayout *wider = fonts_text_layout(f->fonts, f->cr, &s);
	layoutcache_stats after = fonts_cache_stats(f->fonts);
	assert_ptr_equal(narrower, first);
	assert_ptr_equal(wider, first);
	assert_int_equal(after.misses, before.misses);

	/* Too narrow for one line: laid out for that width. */
	s.width = 12 * PANGO_SCALE;
	PangoLayout *wrapped = fonts_text_layout(f->fonts, f->cr, &s);
	assert_ptr_not_equal(wrapped, first);
	assert_true(pango_layout_get_line_count(wrapped) > 1);

	/* Centred: each width its own. */
	text_spec c = spec_of(f, "Cheatham's Division", 60 * PANGO_SCALE);
	c.align = PANGO_ALIGN_CENTER;
	PangoLayout *centred = fonts_text_layout(f->fonts, f->cr, &c);
	c.width = 90 * PANGO_SCALE;
	PangoLayout *centred_wider = fonts_text_layout(f->fonts, f->cr, &c);
	assert_ptr_not_equal(centred, centred_wider);

	/* The shared line measures as a fresh layout at the wider width. */
	PangoLayout *fresh = fonts_layout(f->fonts, f->cr, LANG_NL, FONT_TEXT);
	pango_layout_set_font_description(fresh, f->font);
	pango_layout_set_width(fresh, 90 * PANGO_SCALE);
	pango_layout_set_wrap(fresh, PANGO_WRAP_WORD);
	pango_layout_set_text(fresh, "Cheatham's Division", -1);
	PangoRectangle ink_a, log_a, ink_b, log_b;
	pango_layout_get_extents(wider, &ink_a, &log_a);
	pango_layout_get_extents(fresh, &ink_b, &log_b);
	assert_memory_equal(&log_a, &log_b, sizeof log_a);
	assert_memory_equal(&ink_a, &ink_b, sizeof ink_a);

	PangoLayout *layouts[] = { first, narrower, wider, wrapped, centred, centred_wider, fresh };
	for (size_t i = 0; i < sizeof layouts / sizeof *layouts; i++)
		g_object_unref(layouts[i]);
}

/* The ink of text drawn through a fresh cr scaled by `scale` (device units). */
static double drawn_width(fixture *f, double scale, const text_spec *s)
{
	cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(rec);
	cairo_scale(cr, scale, scale);
	PangoLayout *layout = fonts_text_layout(f->fonts, cr, s);
	pango_cairo_show_layout(cr, layout);
	g_object_unref(layout);
	cairo_destroy(cr);
	double x, y, w, h;
	cairo_recording_surface_ink_extents(rec, &x, &y, &w, &h);
	cairo_surface_destroy(rec);
	return w;
}

/* One layout for every scale, drawn at each through its transformation:
 * text twice as large on a cr scaled twice as much. */
static void test_one_layout_draws_at_every_scale(void **state)
{
	fixture *f = *state;
	text_spec s = spec_of(f, "Pittsburg Landing", -1);
	double one = drawn_width(f, 1.0, &s), two = drawn_width(f, 2.0, &s), five = drawn_width(f, 5.0, &s);
	assert_true(one > 10);
	/* Within a device unit or so of the ink's antialiased edges. */
	assert_true(fabs(two - 2 * one) < 2.5);
	assert_true(fabs(five - 5 * one) < 2.5);
}

/* Past its bound the cache lets the least recently used layouts go, and a
 * layout handed out stays valid after it left the cache. */
static void test_memory_is_bounded(void **state)
{
	fixture *f = *state;
	/* A cache of its own with a small bound, on the library's fonts: the
	 * first layout shows which map they come from. */
	text_spec probe = spec_of(f, "x", -1);
	PangoLayout *p = fonts_text_layout(f->fonts, f->cr, &probe);
	layout_cache *c = layoutcache_create(pango_context_get_font_map(pango_layout_get_context(p)), 64 * 1024);
	g_object_unref(p);

	text_spec first = spec_of(f, "het eerste woord", -1);
	PangoLayout *kept = layoutcache_get(c, f->cr, &first);
	char text[64];
	for (int i = 0; i < 400; i++) {
		snprintf(text, sizeof text, "woord nummer %d", i);
		text_spec s = spec_of(f, text, -1);
		g_object_unref(layoutcache_get(c, f->cr, &s));
	}
	layoutcache_stats st = layoutcache_get_stats(c);
	assert_true(st.bytes <= 64 * 1024);
	assert_true(st.evictions > 0);
	assert_true(st.entries < 401);
	/* The first went long ago, yet its layout still measures. */
	PangoRectangle r;
	pango_layout_get_extents(kept, NULL, &r);
	assert_true(r.width > 0);
	g_object_unref(kept);
	/* Asked again, it is laid out anew. */
	size_t misses = st.misses;
	PangoLayout *again = layoutcache_get(c, f->cr, &first);
	assert_int_equal(layoutcache_get_stats(c).misses, misses + 1);
	g_object_unref(again);
	layoutcache_destroy(c);
}

/* Between products the library forgets its layouts and fonts: nothing is
 * kept, a layout handed out before stays valid, and the same text comes
 * out glyph for glyph as before, through the new fonts. */
static void test_forget_keeps_the_text_the_same(void **state)
{
	fixture *f = *state;
	text_spec s = spec_of(f, PARAGRAPH, 35 * PANGO_SCALE);
	PangoLayout *before = fonts_text_layout(f->fonts, f->cr, &s);
	PangoRectangle ink_a, log_a;
	pango_layout_get_extents(before, &ink_a, &log_a);
	int lines = pango_layout_get_line_count(before);

	fonts_forget(f->fonts);
	layoutcache_stats st = fonts_cache_stats(f->fonts);
	assert_int_equal(st.entries, 0);
	assert_int_equal(st.bytes, 0);
	assert_int_equal(st.contexts, 0);

	size_t misses = st.misses;
	PangoLayout *after = fonts_text_layout(f->fonts, f->cr, &s);
	assert_ptr_not_equal(after, before);
	assert_int_equal(fonts_cache_stats(f->fonts).misses, misses + 1);
	assert_int_equal(fonts_cache_stats(f->fonts).contexts, 1);
	PangoRectangle ink_b, log_b;
	pango_layout_get_extents(after, &ink_b, &log_b);
	assert_memory_equal(&log_a, &log_b, sizeof log_a);
	assert_memory_equal(&ink_a, &ink_b, sizeof ink_a);
	assert_int_equal(pango_layout_get_line_count(after), lines);
	for (int i = 0; i < lines; i++) {
		PangoRectangle la, lb;
		pango_layout_line_get_extents(pango_layout_get_line_readonly(before, i), NULL, &la);
		pango_layout_line_get_extents(pango_layout_get_line_readonly(after, i), NULL, &lb);
		assert_memory_equal(&la, &lb, sizeof la);
	}
	/* The old layout still draws (its fonts live as long as it does). */
	pango_cairo_show_layout(f->cr, before);
	assert_int_equal(cairo_status(f->cr), CAIRO_STATUS_SUCCESS);
	/* A layout made straight from the library is on the new fonts too. */
	PangoLayout *plain = fonts_layout(f->fonts, f->cr, LANG_NL, FONT_TEXT);
	assert_ptr_equal(pango_context_get_font_map(pango_layout_get_context(plain)),
		pango_context_get_font_map(pango_layout_get_context(after)));
	g_object_unref(plain);
	g_object_unref(before);
	g_object_unref(after);
}

/* Text at sizes never asked before: Pango matches each new size's font
 * pattern in the thread that lays the text out, not in two threads of its
 * own, and the text comes out as before. */
static void test_fonts_are_matched_without_threads(void **state)
{
	fixture *f = *state;
	unsigned long before = fonts_matches_in_caller();
	PangoFontDescription *font = pango_font_description_copy(f->font);
	for (int i = 0; i < 30; i++) {
		pango_font_description_set_absolute_size(font, (2.0 + 0.0371 * i) * PANGO_SCALE);
		text_spec s = { PARAGRAPH, font, LANG_NL, 50 * PANGO_SCALE, PANGO_WRAP_WORD, PANGO_ALIGN_LEFT };
		PangoLayout *layout = fonts_text_layout(f->fonts, f->cr, &s);
		assert_int_equal(pango_layout_get_unknown_glyphs_count(layout), 0);
		int w = 0;
		pango_layout_get_size(layout, &w, NULL);
		assert_true(w > 0);
		g_object_unref(layout);
	}
	pango_font_description_free(font);
	assert_true(fonts_matches_in_caller() - before >= 2 * 30);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_text_is_shaped_once),
		cmocka_unit_test(test_cached_layout_matches_a_fresh_one),
		cmocka_unit_test(test_one_layout_draws_at_every_scale),
		cmocka_unit_test(test_one_line_serves_every_width_it_fits),
		cmocka_unit_test(test_what_tells_layouts_apart),
		cmocka_unit_test(test_memory_is_bounded),
		cmocka_unit_test(test_forget_keeps_the_text_the_same),
		cmocka_unit_test(test_fonts_are_matched_without_threads),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
