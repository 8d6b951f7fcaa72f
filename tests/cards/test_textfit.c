/* Every text of the cards and of the reference card fits its box, in every
 * language, ruleset, card size and paper, measured with the bundled fonts
 * through the library's own drawing code (on recording surfaces, nothing
 * written).  Also: hyphenation with libhyphen and its fallback, French
 * spacing, and the numbers the reference card takes from the rulesets,
 * the square grid's (mb-remastered) as well as the hex rulesets'. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/datadir.h"
#include "base/diag.h"
#include "base/fitsearch.h"
#include "base/util.h"
#include "cards/cardface.h"
#include "cards/cardlayout.h"
#include "cards/deckfaces.h"
#include "cards/cards.h"
#include "cards/refcard.h"
#include "cards/refcolumn.h"
#include "cards/reftables.h"
#include "cards/reftables_square.h"
#include "cards/textbox.h"
#include "model/ruleset.h"
#include "render/layouts.h"
#include "text/fonts.h"
#include "text/hyphen.h"
#include "text/strings.h"

#define SHY "\xC2\xAD"

static const char *const RULESETS[] = { "battlecry-1999", "battlecry-150", "noord-zuid" };

typedef struct fixture {
	diag_sink sink;
	font_library *fonts;
	string_table *strings;
	layouts *print;
	card_layouts *cards;
	ruleset *rulesets[3];
	ruleset *square;        /* mb-remastered */
	hyphenator *hyph;
} fixture;

static char *data_path(const char *rel)
{
	size_t n = strlen(datadir_get()) + strlen(rel) + 2;
	char *p = malloc(n);
	snprintf(p, n, "%s/%s", datadir_get(), rel);
	return p;
}

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof *f);
	if (!f)
		return -1;
	diag_sink_init(&f->sink);
	char *error = NULL;
	char *fonts = data_path("fonts"), *i18n = data_path("i18n");
	char *print = data_path("layouts/print.xml"), *cards = data_path("layouts/cards.xml");
	f->fonts = fonts_create(fonts, &error);
	f->strings = strings_load(i18n, &f->sink);
	f->print = layouts_load(print, &f->sink);
	f->cards = cardlayout_load(cards, &f->sink);
	free(fonts);
	free(i18n);
	free(print);
	free(cards);
	free(error);
	for (size_t i = 0; i < 3; i++)
		f->rulesets[i] = ruleset_load(datadir_get(), RULESETS[i], &f->sink);
	f->square = ruleset_load(datadir_get(), "mb-remastered", &f->sink);
	f->hyph = hyphen_create(NULL);
	*state = f;
	if (!f->fonts || !f->strings || !f->print || !f->cards || !f->rulesets[0] || !f->rulesets[1] || !f->rulesets[2] ||
		!f->square)
		return -1;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;
	fonts_destroy(f->fonts);
	strings_destroy(f->strings);
	layouts_destroy(f->print);
	cardlayout_destroy(f->cards);
	for (size_t i = 0; i < 3; i++)
		ruleset_destroy(f->rulesets[i]);
	ruleset_destroy(f->square);
	hyphen_destroy(f->hyph);
	diag_sink_finish(&f->sink);
	free(f);
	return 0;
}

static render_ctx render_context(const fixture *f, const ruleset *rs, lang_id lang, const char *paper)
{
	render_ctx rc = {
		.fonts = f->fonts,
		.strings = f->strings,
		.layouts = f->print,
		.rs = rs,
		.lang = lang,
		.paper = layouts_paper(f->print, paper),
		.format = DOC_PDF,
	};
	return rc;
}

static void assert_no_failure(const textbox_ctx *tc)
{
	if (tc->failures) {
		print_error("%zu texts failed; the first: %s\n", tc->failures, tc->first_failure);
		fail();
	}
}

/* ---- every card face ---- */

/* The deck's order size is what fitting each card on its own gives for
 * the tightest card (the deck's walk down the sizes takes shortcuts), and
 * the other plan would not have given a size larger by a step worth
 * seeing. */
static void assert_deck_size_is_largest(textbox_ctx *tc, cairo_t *cr, const card_geom *g,
	const deck_design *designs, size_t n, const cardface_body *body)
{
	double best[CARDFACE_BODIES];
	for (int plan = 0; plan < CARDFACE_BODIES; plan++) {
		double w, h;
		textbox_style st = cardface_order_box(g, plan, &w, &h);
		best[plan] = st.size;
		for (size_t i = 0; i < n; i++) {
			textbox_fit fit = textbox_measure(tc, cr, l10n_get(&designs[i].card->text, tc->rc->lang), &st, w, h);
			best[plan] = fmin(best[plan], fit.fits ? fit.size : st.min_size);
		}
	}
	assert_float_equal(body->order_size, best[body->plan], 1e-9);
	for (int plan = 0; plan < CARDFACE_BODIES; plan++)
		if (plan != body->plan)
			assert_true(plan > body->plan ? best[plan] <= best[body->plan] * 1.05
						      : best[body->plan] > best[plan] * 1.05);
}

static void test_card_faces_fit(void **state)
{
	fixture *f = *state;
	for (size_t r = 0; r < 3; r++) {
		cards_deck *deck = deck_from_ruleset(f->rulesets[r]);
		deck_design *designs = NULL;
		size_t n = deck_designs(deck, &designs);
		for (size_t z = 0; z < f->cards->size_count; z++) {
			const card_size *size = &f->cards->sizes[z];
			card_geom g = { size->width, size->height, cardlayout_max_bleed(f->cards), f->cards->face_safe };
			for (int lang = 0; lang < LANG_COUNT; lang++) {
				render_ctx rc = render_context(f, f->rulesets[r], (lang_id)lang, "a4");
				textbox_ctx tc;
				textbox_init(&tc, &rc, f->hyph, RULESETS[r]);
				cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
				cairo_t *cr = cairo_create(rec);
				cardface_shared shared;
				memset(&shared, 0, sizeof shared);
				cardface_body body = cardface_choose_body(&tc, cr, &g, designs, n);
				assert_deck_size_is_largest(&tc, cr, &g, designs, n, &body);
				cairo_surface_t *emblem = cardface_emblem(&g, &body, EMBLEM_DEFAULT);
				for (size_t i = 0; i < n; i++)
					cardface_front(&tc, cr, &g, &designs[i], deck_total(deck), emblem, &shared, &body);
				cardface_shared_finish(&shared);
				cardface_back(&tc, cr, &g, cardface_back_full());
				cardface_back(&tc, cr, &g, cardface_back_ink_saver());
				cairo_destroy(cr);
				cairo_surface_destroy(rec);
				cairo_surface_destroy(emblem);
				assert_no_failure(&tc);
				/* Name, order and count on each face; the flank labels,
				 * captions and footer once per kind of front, shared. */
				assert_true(tc.boxes >= 3 * n + 3);
				textbox_finish(&tc);
			}
		}
		free(designs);
		deck_destroy(deck);
	}
	assert_int_equal(fonts_unknown_glyphs(f->fonts), 0);
}

/* ---- both sides of every reference card ---- */

/* Lay out both sides of a ruleset's card on a landscape page; every text
 * must fit.  Returns the number of text boxes on each side. */
static void draw_refcard(fixture *f, const ruleset *rs, const char *id, lang_id lang, const char *paper,
	size_t *front_boxes, size_t *back_boxes)
{
	render_ctx rc = render_context(f, rs, lang, paper);
	textbox_ctx tc;
	textbox_init(&tc, &rc, f->hyph, id);
	cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(rec);
	double pw = rc.paper->height, ph = rc.paper->width;   /* landscape */
	double scale = refcard_scale(&tc, cr, f->cards, pw, ph);
	assert_true(scale > 0);
	refcard_draw_front(&tc, cr, f->cards, pw, ph, scale);
	*front_boxes = tc.boxes;
	refcard_draw_back(&tc, cr, f->cards, pw, ph, scale);
	*back_boxes = tc.boxes - *front_boxes;
	cairo_destroy(cr);
	cairo_surface_destroy(rec);
	assert_no_failure(&tc);
	textbox_finish(&tc);
}

static void test_refcards_fit(void **state)
{
	fixture *f = *state;
	const char *papers[] = { "a4", "letter" };
	for (size_t r = 0; r < 3; r++)
		for (int lang = 0; lang < LANG_COUNT; lang++)
			for (size_t p = 0; p < 2; p++) {
				size_t front_boxes, back_boxes;
				draw_refcard(f, f->rulesets[r], RULESETS[r], (lang_id)lang, papers[p],
					&front_boxes, &back_boxes);
				/* The tables alone hold over a hundred cells. */
				assert_true(front_boxes > 150);
				assert_true(back_boxes > 15);
			}
	assert_int_equal(fonts_unknown_glyphs(f->fonts), 0);
}

/* The square grid's card: every block fits both pages, in every
 * language and on both papers, without falling back to the minimum type. */
static void test_square_refcard_fits(void **state)
{
	fixture *f = *state;
	const char *papers[] = { "a4", "letter" };
	for (int lang = 0; lang < LANG_COUNT; lang++)
		for (size_t p = 0; p < 2; p++) {
			size_t front_boxes, back_boxes;
			draw_refcard(f, f->square, "mb-remastered", (lang_id)lang, papers[p],
				&front_boxes, &back_boxes);
			/* The unit chart alone: 7 × 9 cells; the turn, ports and
			 * generals on the back. */
			assert_true(front_boxes > 75);
			assert_true(back_boxes > 20);
		}
	assert_int_equal(fonts_unknown_glyphs(f->fonts), 0);
}

/* ---- hyphenation ---- */

static void test_hyphenation(void **state)
{
	fixture *f = *state;
	assert_true(hyphen_available(f->hyph, LANG_NL));
	assert_true(hyphen_available(f->hyph, LANG_FR));
	assert_true(hyphen_available(f->hyph, LANG_EN));
	char *nl = hyphen_insert(f->hyph, LANG_NL, "de bevoorradingsproblemen");
	assert_non_null(strstr(nl, SHY));
	assert_non_null(strstr(nl, "de be"));   /* short words untouched */
	free(nl);
	/* The Dutch dictionary is Latin-1: accented words still work. */
	char *acc = hyphen_insert(f->hyph, LANG_NL, "geëxerceerde");
	assert_non_null(strstr(acc, SHY));
	free(acc);
	char *fr = hyphen_insert(f->hyph, LANG_FR, "ravitaillement");
	assert_non_null(strstr(fr, SHY));
	free(fr);
	/* The author's own soft hyphens win. */
	char *own = hyphen_insert(f->hyph, LANG_NL, "ver" SHY "sterkingen");
	assert_string_equal(own, "ver" SHY "sterkingen");
	free(own);
}

static void test_missing_dictionary(void **state)
{
	(void)state;
	hyphenator *none = hyphen_create("/nonexistent/hyphen");
	assert_false(hyphen_available(none, LANG_NL));
	char *s = hyphen_insert(none, LANG_NL, "bevoorradingsproblemen");
	assert_string_equal(s, "bevoorradingsproblemen");
	free(s);
	hyphen_destroy(none);
}

/* A Dutch compound wider than a narrow box fits only split: with the
 * dictionary at a hyphen, without it (no crash) anywhere. */
static void test_narrow_box(void **state)
{
	fixture *f = *state;
	render_ctx rc = render_context(f, f->rulesets[2], LANG_NL, "a4");
	textbox_ctx tc;
	textbox_init(&tc, &rc, f->hyph, "test");
	cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(rec);
	textbox_style st = { FONT_TEXT, 3.0, 3.0, false, false, ALIGN_LEFT, VALIGN_TOP, false, 0, 0, 0 };
	const char *word = "bevoorradingsproblemen";
	textbox_fit wide = textbox_measure(&tc, cr, word, &st, 100, 20);
	assert_true(wide.fits);
	assert_false(wide.hyphenated);
	assert_int_equal(wide.lines, 1);
	textbox_fit narrow = textbox_measure(&tc, cr, word, &st, wide.width * 0.6, 20);
	assert_true(narrow.fits);
	assert_true(narrow.hyphenated);
	assert_true(narrow.lines >= 2);
	textbox_finish(&tc);

	hyphenator *none = hyphen_create("/nonexistent/hyphen");
	textbox_init(&tc, &rc, none, "test");
	textbox_fit plain = textbox_measure(&tc, cr, word, &st, wide.width * 0.6, 20);
	assert_true(plain.fits);
	assert_false(plain.hyphenated);
	textbox_finish(&tc);
	hyphen_destroy(none);
	cairo_destroy(cr);
	cairo_surface_destroy(rec);
}

/* A text that cannot fit is drawn, counted and named: the product fails. */
static void test_overflow_is_loud(void **state)
{
	fixture *f = *state;
	render_ctx rc = render_context(f, f->rulesets[0], LANG_EN, "a4");
	textbox_ctx tc;
	textbox_init(&tc, &rc, f->hyph, "probe");
	cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *cr = cairo_create(rec);
	textbox_style st = { FONT_TEXT, 3.0, 2.0, false, false, ALIGN_LEFT, VALIGN_TOP, false, 0, 0, 0 };
	textbox_draw(&tc, cr, "Give orders to every unit and general in the named section.", &st, 0, 0, 20, 4);
	assert_int_equal(tc.failures, 1);
	assert_non_null(strstr(tc.first_failure, "probe: the text \"Give orders"));
	assert_non_null(strstr(tc.first_failure, "does not fit its 20.0 × 4.0 mm box"));
	/* Shrinking within the limits is not a failure. */
	textbox_style one = { FONT_TEXT, 6.0, 2.0, false, false, ALIGN_LEFT, VALIGN_TOP, true, 0, 0, 0 };
	textbox_draw(&tc, cr, "Reinforcements", &one, 0, 0, 30, 10);
	assert_int_equal(tc.failures, 1);
	assert_int_equal(tc.shrunk, 2);   /* both were tried smaller */
	/* A missing text is a failure too. */
	textbox_string(&tc, "no-such-text");
	assert_int_equal(tc.failures, 2);
	cairo_destroy(cr);
	cairo_surface_destroy(rec);
	textbox_finish(&tc);
}

static void test_french_spacing(void **state)
{
	(void)state;
	const char *cases[][2] = {
		{ "Feu!", "Feu\u202f!" },
		{ "Feu !", "Feu\u202f!" },
		{ "Feu\u202f!", "Feu\u202f!" },
		{ "Ralliez : vos troupes; vite?", "Ralliez\u00a0: vos troupes\u202f; vite\u202f?" },
		{ "Ralliez: x", "Ralliez\u00a0: x" },
		{ "à 10:30", "à 10:30" },
		{ "Rally: your troops!", "Rally\u00a0: your troops\u202f!" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *got = textbox_french_spacing(cases[i][0]);
		assert_string_equal(got, cases[i][1]);
		char *again = textbox_french_spacing(got);
		assert_string_equal(again, got);
		free(again);
		free(got);
	}
}

static void test_expand(void **state)
{
	(void)state;
	const char *pairs[] = { "n", "4", "total", "58", NULL };
	char *s = textbox_expand("In the deck: {n} of {total} {other}", pairs);
	assert_string_equal(s, "In the deck: 4 of 58 {other}");
	free(s);
}

/* A series that fits from index `from` on, counting the tries. */
typedef struct fit_probe {
	size_t from, tries;
} fit_probe;

static bool probe_fits(void *arg, size_t k)
{
	fit_probe *p = arg;
	p->tries++;
	return k >= p->from;
}

static void test_first_fit(void **state)
{
	(void)state;
	double series[12];
	size_t n = ARRAY_LEN(series);
	for (size_t i = 0; i < n; i++)
		series[i] = 10.0 * pow(0.95, (double)i);
	/* Whatever the prediction, the answer is the first index that fits
	 * (the last when none does, from = n). */
	for (size_t from = 1; from <= n; from++) {
		for (size_t guess = 0; guess < n; guess++) {
			fit_probe p = { from, 0 };
			size_t k = fitsearch_first(series, n, series[guess], probe_fits, &p);
			assert_int_equal(k, from < n ? from : n - 1);
			assert_true(p.tries >= 1 && p.tries <= n);
		}
		/* A prediction on the mark: that index and the one above. */
		if (from >= 2 && from < n) {
			fit_probe p = { from, 0 };
			assert_int_equal(fitsearch_first(series, n, series[from], probe_fits, &p), from);
			assert_int_equal(p.tries, 2);
		}
	}
	/* A prediction between two values starts at the smaller. */
	fit_probe p = { 4, 0 };
	assert_int_equal(fitsearch_first(series, n, (series[3] + series[4]) / 2, probe_fits, &p), 4);
	assert_int_equal(p.tries, 2);
	/* A long series (a page's scales in steps of 0.4 %) and a poor
	 * prediction: doubling steps, then halving, never a walk. */
	double fine[130];
	for (size_t i = 0; i < ARRAY_LEN(fine); i++)
		fine[i] = 1.2 - 0.004 * (double)i;
	for (size_t from = 1; from <= ARRAY_LEN(fine); from++) {
		for (size_t guess = 0; guess < ARRAY_LEN(fine); guess += 7) {
			fit_probe q = { from, 0 };
			size_t k = fitsearch_first(fine, ARRAY_LEN(fine), fine[guess], probe_fits, &q);
			assert_int_equal(k, from < ARRAY_LEN(fine) ? from : ARRAY_LEN(fine) - 1);
			assert_true(q.tries <= 16);
		}
	}
	/* A series of one is its only answer, untried. */
	p = (fit_probe){ 1, 0 };
	assert_int_equal(fitsearch_first(series, 1, 1.0, probe_fits, &p), 0);
	assert_int_equal(p.tries, 0);
}

/* Two measures of a height that grows as c · s^p predict exactly where
 * it meets its limit, for any p (the reference card's columns lie between
 * 1 and 2); degenerate measures fall back to the square law. */
static void test_power_predict(void **state)
{
	(void)state;
	const double exponents[] = { 1.0, 1.3, 1.7, 2.0, 2.5 };
	for (size_t i = 0; i < ARRAY_LEN(exponents); i++) {
		double p = exponents[i], c = 150.0, limit = 181.0;
		double s0 = 1.25, s1 = 1.07;
		double want = pow(limit / c, 1 / p);
		double got = fitsearch_power_predict(s0, c * pow(s0, p), s1, c * pow(s1, p), limit);
		assert_true(fabs(got - want) < 1e-9);
	}
	/* Equal scales: the square law from the second point. */
	assert_true(fabs(fitsearch_power_predict(1.0, 400, 1.0, 400, 100) - 0.5) < 1e-9);
	/* A height that shrank as the type grew (a line broken otherwise):
	 * the square law, not a wild exponent. */
	assert_true(fabs(fitsearch_power_predict(1.2, 300, 1.0, 400, 100) - 0.5) < 1e-9);
	/* Nothing measured: no scale is too large. */
	assert_true(isinf(fitsearch_power_predict(1.2, 0, 1.0, 0, 100)));
}

/* A page of two columns growing as c · s^p, for fitsearch_scale. */
typedef struct power_page {
	const double *series;
	double c[2], p[2];
	int tried[64];   /* measures and fits, by index */
	int measures;
} power_page;

static double power_height(const power_page *pg, int i, size_t k)
{
	return pg->c[i] * pow(pg->series[k], pg->p[i]);
}

static bool power_measure(void *arg, size_t k, double *used)
{
	power_page *pg = arg;
	pg->tried[k]++;
	pg->measures++;
	used[0] = power_height(pg, 0, k);
	used[1] = power_height(pg, 1, k);
	return true;
}

static bool power_fits(void *arg, size_t k)
{
	power_page *pg = arg;
	pg->tried[k]++;
	return power_height(pg, 0, k) <= 181 && power_height(pg, 1, k) <= 181;
}

/* The first scale that fits, whatever the columns' laws, in few layouts
 * and none twice; the end of the series when none fits. */
static void test_fit_scale(void **state)
{
	(void)state;
	double series[64];
	size_t n = 0;
	for (double s = 1.25; n < ARRAY_LEN(series) && s > 0.7; s *= 0.97)
		series[n++] = s;
	const double laws[][4] = {
		{ 150, 2.0, 120, 1.0 }, { 120, 1.3, 160, 1.7 }, { 90, 1.0, 100, 1.1 },
		{ 260, 2.0, 50, 2.0 }, { 400, 1.5, 400, 1.5 }, { 100, 1.0, 100, 1.0 },
	};
	for (size_t l = 0; l < ARRAY_LEN(laws); l++) {
		power_page pg = { series, { laws[l][0], laws[l][2] }, { laws[l][1], laws[l][3] }, { 0 }, 0 };
		fitscale fs = { series, n, 2, 181, power_measure, power_fits, &pg };
		size_t k = fitsearch_scale(&fs);
		size_t want = 0;
		while (want + 1 < n && !(power_height(&pg, 0, want) <= 181 && power_height(&pg, 1, want) <= 181))
			want++;
		assert_int_equal(k, want);
		size_t tries = 0;
		for (size_t i = 0; i < n; i++) {
			assert_true(pg.tried[i] <= 1);
			tries += (size_t)pg.tried[i];
		}
		assert_true(pg.tried[k] == 1);
		/* Two whole measures, then the answer and the scale above. */
		assert_true(tries <= 4);
		assert_true(pg.measures <= 2);
	}
}

/* ---- what the reference card says, from the rules data ---- */

static size_t find_row(const ref_table *t, const char *needle)
{
	for (size_t r = 0; r < t->rows; r++)
		if (strstr(reftable_cell(t, r, 0), needle))
			return r;
	print_error("no row with '%s'\n", needle);
	fail();
	return 0;
}

static void assert_dice(const ref_table *t, size_t row, const char *expected)
{
	char got[64] = "";
	for (size_t c = 3; c < t->columns; c++) {
		strcat(got, reftable_cell(t, row, c));
		if (c + 1 < t->columns)
			strcat(got, " ");
	}
	assert_string_equal(got, expected);
}

static void test_reference_numbers(void **state)
{
	fixture *f = *state;
	render_ctx rc = render_context(f, f->rulesets[2], LANG_EN, "a4");
	textbox_ctx tc;
	textbox_init(&tc, &rc, f->hyph, "content");
	ref_table *units = reftable_units(&tc, f->rulesets[2]);
	assert_int_equal(units->columns, 3 + 5);
	assert_dice(units, find_row(units, "field artillery"), "5 4 3 2 1");
	assert_dice(units, find_row(units, "horse artillery"), "4 3 3 2 1");
	assert_dice(units, find_row(units, "smoothbore musket"), "3 2 1 \u2013 \u2013");
	assert_dice(units, find_row(units, "rifle"), "4 3 2 1 \u2013");
	size_t mounted = find_row(units, "\nmounted");
	assert_dice(units, mounted, "3 \u2013 \u2013 \u2013 \u2013");
	assert_string_equal(reftable_cell(units, mounted, 2), "3 and battle\nor dismount and battle");
	assert_string_equal(reftable_cell(units, find_row(units, "smoothbore"), 1), "8");
	reftable_destroy(units);

	ref_table *terrain = reftable_terrain(&tc, f->rulesets[2]);
	size_t stream = find_row(terrain, "Waterway");
	assert_string_equal(reftable_cell(terrain, stream, 2), "\u20131 defender");
	assert_string_equal(reftable_cell(terrain, find_row(terrain, "Buildings"), 2), "\u20132 attacker");
	assert_string_equal(reftable_cell(terrain, find_row(terrain, "Rough"), 1), "impassable");
	reftable_destroy(terrain);

	ref_table *deck = reftable_deck(&tc, f->rulesets[2]);
	assert_true(deck->last_row_total);
	assert_string_equal(reftable_cell(deck, deck->rows - 1, 1), "58");
	assert_string_equal(reftable_cell(deck, find_row(deck, "Probe"), 1), "13");
	reftable_destroy(deck);

	ref_table *th = reftable_thresholds(&tc, f->rulesets[2]);
	assert_non_null(th);
	assert_string_equal(reftable_cell(th, find_row(th, "veteran"), 1), "5");
	assert_string_equal(reftable_cell(th, find_row(th, "recruit"), 2), "\u2013");
	reftable_destroy(th);
	assert_null(reftable_thresholds(&tc, f->rulesets[0]));

	char *general = reftext_general(&tc, f->rulesets[2]);
	assert_non_null(strstr(general, "Moves up to 3 hexes."));
	assert_non_null(strstr(general, "With a unit (infantry and cavalry): +1 die in battle."));
	assert_non_null(strstr(general, "only by infantry or cavalry."));
	free(general);
	char *general150 = reftext_general(&tc, f->rulesets[1]);
	assert_non_null(strstr(general150, "ignores 1 flag."));
	free(general150);

	char **steps = NULL;
	size_t n = reftext_steps(&tc, f->rulesets[2], "ref-battle", &steps);
	assert_int_equal(n, 6);
	assert_non_null(strstr(steps[2], "(crossed sabres not counted)"));
	for (size_t i = 0; i < n; i++)
		free(steps[i]);
	free(steps);
	n = reftext_steps(&tc, f->rulesets[1], "ref-retreat", &steps);
	assert_int_equal(n, 4);   /* the parent's three, and the 150th edition's own */
	for (size_t i = 0; i < n; i++)
		free(steps[i]);
	free(steps);
	assert_no_failure(&tc);
	textbox_finish(&tc);
}

/* The column of the unit named `name` in the square unit chart. */
static size_t unit_col(const ref_table *t, const char *name)
{
	for (size_t c = 1; c < t->columns; c++)
		if (strcmp(t->head[c], name) == 0)
			return c;
	print_error("no column '%s'\n", name);
	fail();
	return 0;
}

static void free_lines(char **lines, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}

static void test_square_reference_numbers(void **state)
{
	fixture *f = *state;
	ruleset *rs = f->square;
	render_ctx rc = render_context(f, rs, LANG_EN, "a4");
	textbox_ctx tc;
	textbox_init(&tc, &rc, f->hyph, "square content");

	/* Rows: cost, move, attack, defend, hits, carries, fights, range. */
	ref_table *units = reftable_square_units(&tc, rs);
	assert_int_equal(units->columns, 1 + 6);
	assert_int_equal(units->rows, 8);
	assert_string_equal(reftable_cell(units, 0, 0), "Cost");
	assert_string_equal(reftable_cell(units, 4, 0), "Hits");
	size_t ironclad = unit_col(units, "Ironclad");
	const char *ironclad_want[] = { "8", "2", "4", "4", "2", "2", "in its sea zone", "\u2013" };
	for (size_t r = 0; r < 8; r++)
		assert_string_equal(reftable_cell(units, r, ironclad), ironclad_want[r]);
	size_t general = unit_col(units, "General");
	const char *general_want[] = { "\u2013", "4", "\u2013", "2", "1", "\u2013", "defends only", "\u2013" };
	for (size_t r = 0; r < 8; r++)
		assert_string_equal(reftable_cell(units, r, general), general_want[r]);
	assert_string_equal(reftable_cell(units, 6, unit_col(units, "Infantry")), "across sides only");
	assert_string_equal(reftable_cell(units, 6, unit_col(units, "Cavalry")), "also across corners");
	assert_string_equal(reftable_cell(units, 7, unit_col(units, "Artillery")), "2");
	assert_string_equal(reftable_cell(units, 5, unit_col(units, "Gunboat")), "1");
	reftable_destroy(units);

	/* The chart follows the data, not a copy of it. */
	rs->square.units[5].cost = 9;
	units = reftable_square_units(&tc, rs);
	assert_string_equal(reftable_cell(units, 0, unit_col(units, "Ironclad")), "9");
	reftable_destroy(units);
	rs->square.units[5].cost = 8;

	ref_table *ports = reftable_square_ports(&tc, rs);
	assert_int_equal(ports->rows, 2);
	assert_string_equal(ports->head[1], "Union");
	assert_string_equal(reftable_cell(ports, 0, 0), "East coast");
	assert_string_equal(reftable_cell(ports, 0, 1), "Boston and New York");
	assert_string_equal(reftable_cell(ports, 0, 2), "Norfolk, Charleston and Savannah");
	assert_string_equal(reftable_cell(ports, 1, 1), "\u2013");
	assert_string_equal(reftable_cell(ports, 1, 2), "New Orleans and Mobile");
	reftable_destroy(ports);

	ref_table *generals = reftable_square_generals(&tc, rs);
	assert_int_equal(generals->rows, 2);
	assert_string_equal(reftable_cell(generals, 0, 0), "2");
	assert_string_equal(reftable_cell(generals, 0, 1), "Grant");
	assert_string_equal(reftable_cell(generals, 0, 2), "Lee");
	assert_string_equal(reftable_cell(generals, 1, 0), "4");
	assert_string_equal(reftable_cell(generals, 1, 1), "Grant and Sheridan");
	assert_string_equal(reftable_cell(generals, 1, 2), "Lee and Jackson");
	reftable_destroy(generals);

	char *purchase = reftext_square_purchase(&tc, rs);
	assert_non_null(strstr(purchase, "Each turn brings 5 purchase points"));
	assert_non_null(strstr(purchase, "Infantry: at most 2 bought per turn."));
	assert_non_null(strstr(purchase, "saved for later turns"));
	free(purchase);
	char *entrench = reftext_square_entrench(&tc, rs);
	assert_non_null(strstr(entrench, "defence +1, or +2 with a friendly general"));
	free(entrench);
	char *gen = reftext_square_general(&tc, rs);
	assert_non_null(strstr(gen, "within 4 squares of a general get +1"));
	assert_non_null(strstr(gen, "moves up to 4 squares"));
	free(gen);
	char *sea = reftext_square_sea(&tc, rs);
	assert_non_null(strstr(sea, "8 sea zones"));
	assert_non_null(strstr(sea, "lasts 1 round."));
	free(sea);
	char *capitals = reftext_square_capitals(&tc, rs);
	assert_non_null(strstr(capitals, "Washington (Union) and Richmond (Confederacy)"));
	assert_non_null(strstr(capitals, "your generals give no bonus and your income drops by 1 point"));
	free(capitals);

	char **lines = NULL;
	size_t n = reftext_square_abilities(&tc, rs, false, &lines);
	assert_int_equal(n, 2);   /* cavalry, artillery: infantry has none */
	assert_string_equal(lines[0], "Cavalry: covers the retreat of 1 unit within 2 squares each combat round.");
	assert_non_null(strstr(lines[1], "Artillery: fires first"));
	assert_non_null(strstr(lines[1], "fires up to 2 squares away"));
	assert_non_null(strstr(lines[1], "adjacent sea zone"));
	free_lines(lines, n);
	n = reftext_square_abilities(&tc, rs, true, &lines);
	assert_int_equal(n, 2);
	assert_string_equal(lines[0], "Gunboat: carries 1 land unit.");
	assert_string_equal(lines[1], "Ironclad: carries 2 land units; takes 2 hits to sink.");
	free_lines(lines, n);
	n = reftext_steps(&tc, rs, "ref-sq-combat", &lines);
	assert_int_equal(n, 4);
	assert_non_null(strstr(lines[1], "roll a d6"));
	free_lines(lines, n);
	assert_no_failure(&tc);
	textbox_finish(&tc);

	/* §11.1: victory and the seats, from <square-victory> and
	 * <square-players>; no scenario at hand, so a turn limit is told as
	 * what it would mean. */
	char *victory = reftext_square_victory(&tc, rs);
	assert_non_null(strstr(victory, "still holds the enemy capital when the enemy’s next turn ends"));
	assert_non_null(strstr(victory, "no land unit left on the map"));
	assert_non_null(strstr(victory, "If a scenario sets a turn limit"));
	free(victory);
	char *seats = reftext_square_seats(&tc, rs);
	assert_non_null(strstr(seats, "With 4 players the turns go round in this order: 1. player 1 of the side that "
		"begins, 2. player 1 of the other side, 3. player 2 of the side that begins, 4. player 2 of the other side."));
	assert_null(strstr(seats, "With 2 players"));
	assert_non_null(strstr(seats, "only his own general"));
	free(seats);
	/* The words follow the data, not a copy of it. */
	rs->square_victory.hold_turns = 2;
	rs->square_victory.wipe_out = false;
	rs->square_victory.limit_by_cities = false;
	rs->square_seats[4].seats[1] = (rs_seat){ false, 2 };
	rs->square_seats[4].seats[2] = (rs_seat){ true, 1 };
	victory = reftext_square_victory(&tc, rs);
	assert_string_equal(victory, "A side wins if it still holds the enemy capital when the enemy’s next 2 turns are over.");
	free(victory);
	rs->square_victory.hold_turns = 0;
	victory = reftext_square_victory(&tc, rs);
	assert_string_equal(victory, "A side that takes the enemy capital wins at once.");
	free(victory);
	seats = reftext_square_seats(&tc, rs);
	assert_non_null(strstr(seats, "1. player 1 of the side that begins, 2. player 2 of the side that begins, "
		"3. player 1 of the other side"));
	free(seats);
	rs->square_victory.hold_turns = 1;
	rs->square_victory.wipe_out = true;
	rs->square_victory.limit_by_cities = true;
	rs->square_seats[4].seats[1] = (rs_seat){ true, 1 };
	rs->square_seats[4].seats[2] = (rs_seat){ false, 2 };
	/* A ruleset with one player a side has no order of play to tell. */
	rs_seat_order four = rs->square_seats[4];
	rs->square_seats[4].count = 0;
	assert_null(reftext_square_seats(&tc, rs));
	rs->square_seats[4] = four;
	assert_no_failure(&tc);
	textbox_finish(&tc);

	/* In Dutch and French too, with the language's names. */
	rc = render_context(f, rs, LANG_FR, "a4");
	textbox_init(&tc, &rc, f->hyph, "square content fr");
	units = reftable_square_units(&tc, rs);
	assert_string_equal(reftable_cell(units, 4, unit_col(units, "Cuirassé")), "2");
	reftable_destroy(units);
	n = reftext_square_abilities(&tc, rs, true, &lines);
	assert_string_equal(lines[1], "Cuirassé\u00a0: transporte 2 unités terrestres; ne coule qu’après 2 touches.");
	free_lines(lines, n);
	victory = reftext_square_victory(&tc, rs);
	assert_non_null(strstr(victory, "Un camp gagne aussi dès que l’ennemi n’a plus aucune unité terrestre"));
	free(victory);
	seats = reftext_square_seats(&tc, rs);
	assert_non_null(strstr(seats, "À 4 joueurs, les tours s’enchaînent dans cet ordre\u00a0: 1. joueur 1 du camp qui commence"));
	free(seats);
	assert_no_failure(&tc);
	textbox_finish(&tc);
}

/* ---- the pages as data (refcolumn.h) ---- */

static char *say_nothing(textbox_ctx *tc, const ruleset *rs)
{
	(void)tc;
	(void)rs;
	return NULL;
}

static char *say_x(textbox_ctx *tc, const ruleset *rs)
{
	(void)tc;
	(void)rs;
	return strdup("x");
}

static size_t count_kind(const ref_column *c, block_kind kind)
{
	size_t n = 0;
	for (size_t i = 0; i < c->count; i++)
		n += c->blocks[i].kind == kind;
	return n;
}

/* A heading that needs what follows goes when that has nothing to say, or
 * when nothing follows; lists become numbered steps. */
static void test_column_items(void **state)
{
	fixture *f = *state;
	render_ctx rc = render_context(f, f->rulesets[0], LANG_EN, "a4");
	textbox_ctx tc;
	textbox_init(&tc, &rc, f->hyph, "items");
	static const refcard_item items[] = {
		REF_HEADING_IF("ref-die-heading"), REF_SAY(BLOCK_TEXT, say_nothing),
		REF_HEADING_IF("ref-hill-heading"), REF_SAY(BLOCK_TEXT, say_x),
		REF_LINES(BLOCK_STEP, "ref-turn", reftext_steps), REF_HEADING_IF("ref-ground-heading"), REF_END,
	};
	ref_column c = { 0 };
	refcolumn_fill(&c, &tc, f->rulesets[0], items);
	assert_no_failure(&tc);
	char **steps = NULL;
	size_t n = reftext_steps(&tc, f->rulesets[0], "ref-turn", &steps);
	free_lines(steps, n);
	assert_true(n > 1);
	assert_int_equal(c.count, 2 + n);
	assert_int_equal(c.blocks[0].kind, BLOCK_HEADING);
	assert_string_equal(c.blocks[0].text, textbox_string(&tc, "ref-hill-heading"));
	assert_int_equal(c.blocks[1].kind, BLOCK_TEXT);
	assert_string_equal(c.blocks[1].text, "x");
	assert_int_equal(count_kind(&c, BLOCK_STEP), n);
	assert_string_equal(c.blocks[2].label, "1.");
	assert_int_equal(c.blocks[c.count - 1].kind, BLOCK_STEP);
	refcolumn_finish(&c);
	assert_int_equal(c.count, 0);
	textbox_finish(&tc);
}

/* Each ruleset finds its grid's card by the grid's name; the retreat
 * thresholds (noord-zuid only) bring their table with them. */
static void test_grid_cards(void **state)
{
	fixture *f = *state;
	for (size_t r = 0; r < 3; r++)
		assert_ptr_equal(refcard_grid_of(f->rulesets[r]), &refcard_hex_grid);
	assert_ptr_equal(refcard_grid_of(f->square), &refcard_square_grid);
	assert_string_equal(cards_no_deck_reason(f->rulesets[0]), "");
	assert_true(strstr(cards_no_deck_reason(f->square), "purchases") != NULL);

	size_t tables[3];
	for (size_t r = 0; r < 3; r++) {
		render_ctx rc = render_context(f, f->rulesets[r], LANG_NL, "a4");
		textbox_ctx tc;
		textbox_init(&tc, &rc, f->hyph, RULESETS[r]);
		ref_column c = { 0 };
		refcolumn_fill(&c, &tc, f->rulesets[r], refcard_hex_grid.back.right);
		assert_no_failure(&tc);
		tables[r] = count_kind(&c, BLOCK_TABLE);
		refcolumn_finish(&c);
		textbox_finish(&tc);
	}
	assert_int_equal(tables[0], 0);
	assert_int_equal(tables[1], 0);
	assert_int_equal(tables[2], 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_card_faces_fit),
		cmocka_unit_test(test_power_predict),
		cmocka_unit_test(test_fit_scale),
		cmocka_unit_test(test_refcards_fit),
		cmocka_unit_test(test_square_refcard_fits),
		cmocka_unit_test(test_hyphenation),
		cmocka_unit_test(test_missing_dictionary),
		cmocka_unit_test(test_narrow_box),
		cmocka_unit_test(test_overflow_is_loud),
		cmocka_unit_test(test_french_spacing),
		cmocka_unit_test(test_expand),
		cmocka_unit_test(test_first_fit),
		cmocka_unit_test(test_reference_numbers),
		cmocka_unit_test(test_square_reference_numbers),
		cmocka_unit_test(test_column_items),
		cmocka_unit_test(test_grid_cards),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
