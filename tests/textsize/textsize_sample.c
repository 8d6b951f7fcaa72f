/* A PDF of words at known sizes, written with the same font stack as the
 * products, against which run-textsize.sh calibrates what pdftotext -bbox
 * reports for a 6 pt word:
 *   six*   6.0 pt through text_draw, in every family and style the
 *          products use: must come out (and set the threshold);
 *   under  5.9 pt through text_draw: must be left out by text_draw;
 *   small  5.5 pt drawn directly with Pango: must measure below the
 *          threshold, or the measurement could not fail.
 *
 *   textsize_sample FONTS_DIR OUT.pdf */
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>

#include "render/pdfdoc.h"
#include "render/render.h"

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s FONTS_DIR OUT.pdf\n", argv[0]);
		return 2;
	}
	char *error = NULL;
	font_library *fonts = fonts_create(argv[1], &error);
	if (!fonts) {
		fprintf(stderr, "%s\n", error ? error : "no fonts");
		return 1;
	}
	render_ctx rc = { .fonts = fonts, .lang = LANG_EN, .format = DOC_PDF };
	pdf_meta meta = { "text sizes", "calibration", "", "en" };
	pdfdoc *doc = pdfdoc_begin(argv[2], 210, 297, &meta, &error);
	if (!doc) {
		fprintf(stderr, "%s\n", error);
		return 1;
	}
	cairo_t *cr = pdfdoc_cairo(doc);
	/* Sizes in points: the context draws in points, as the products'
	 * contexts do before their millimetre scale. */
	const struct { const char *word, *family; bool bold, italic; double pt; } words[] = {
		{ "sixtext", FONT_TEXT, false, false, 6.0 },
		{ "sixbold", FONT_TEXT, true, false, 6.0 },
		{ "sixitalic", FONT_TEXT, false, true, 6.0 },
		{ "sixtitle", FONT_TITLE, false, false, 6.0 },
		{ "sixtitlebold", FONT_TITLE, true, false, 6.0 },
		{ "sixtitleitalic", FONT_TITLE, false, true, 6.0 },
		{ "undertext", FONT_TEXT, false, false, 5.9 },
		{ "undertitle", FONT_TITLE, true, false, 5.9 },
	};
	double y = 40;
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++, y += 20) {
		text_style st = { words[i].family, words[i].pt, words[i].bold, words[i].italic, ALIGN_LEFT, 0, 0, 0 };
		text_draw(&rc, cr, words[i].word, &st, 40, y, 0);
	}
	/* Millimetre products reach 6 pt through a scale: the same word so. */
	cairo_save(cr);
	cairo_scale(cr, PT_PER_MM, PT_PER_MM);
	text_style mm = { FONT_TEXT, 6.0 / PT_PER_MM, false, false, ALIGN_LEFT, 0, 0, 0 };
	text_draw(&rc, cr, "sixscaled", &mm, 40 / PT_PER_MM, y / PT_PER_MM, 0);
	cairo_restore(cr);
	y += 20;
	const char *families[] = { FONT_TEXT, FONT_TITLE };
	for (size_t i = 0; i < 2; i++, y += 20) {
		PangoLayout *layout = fonts_layout(fonts, cr, LANG_EN, families[i]);
		PangoFontDescription *desc = pango_font_description_from_string(families[i]);
		pango_font_description_set_absolute_size(desc, 5.5 * PANGO_SCALE);
		pango_layout_set_font_description(layout, desc);
		pango_layout_set_text(layout, i ? "smalltitle" : "smalltext", -1);
		cairo_move_to(cr, 40, y);
		pango_cairo_show_layout(cr, layout);
		pango_font_description_free(desc);
		g_object_unref(layout);
	}
	bool ok = pdfdoc_end(doc, true, &error);
	if (!ok)
		fprintf(stderr, "%s\n", error);
	fonts_destroy(fonts);
	return ok ? 0 : 1;
}
