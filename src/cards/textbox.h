/* Text that must fit a fixed box: card names and orders, table cells and
 * paragraphs of the reference card.
 *
 * A text is tried at its nominal size, then smaller, down to the style's
 * minimum; at each size first as written, then with soft hyphens from the
 * language's dictionary (so words are split only when a box needs it).  A
 * text that does not fit even at the minimum is counted as a failure with
 * a message naming it, and the product that drew it refuses to be written:
 * overflowing print is never produced silently.
 *
 * Layouts come from the font library's cache of laid-out text
 * (text/layoutcache.h): glyph positions unrounded (Pango rounds to whole
 * user units by default, which at millimetre scale wrecks letter spacing),
 * hinting off, the language of the render context set on every run.  The
 * outcome of fitting a text into a box is kept too, so a text measured
 * before it is drawn (a reference card tries each type size on the whole
 * page) is fitted once. */
#ifndef ORBAT_TEXTBOX_H
#define ORBAT_TEXTBOX_H

#include <cairo.h>
#include <pango/pangocairo.h>
#include <stdbool.h>
#include <stddef.h>

#include "../render/render.h"
#include "../text/hyphen.h"

typedef enum { VALIGN_TOP, VALIGN_MIDDLE, VALIGN_BOTTOM } text_valign;

typedef struct textbox_style {
	const char *family;     /* FONT_TITLE or FONT_TEXT */
	double size;            /* nominal size, user units (mm) */
	double min_size;        /* shrink no further; 0: never shrink */
	bool bold, italic;
	text_align align;
	text_valign valign;
	bool one_line;          /* never wrap: shrink until it fits one line */
	double r, g, b;
} textbox_style;

/* The outcome of fitting one text. */
typedef struct textbox_fit {
	bool fits;
	double size;            /* size chosen */
	double width, height;   /* of the laid-out text */
	int lines;
	bool hyphenated;        /* soft hyphens were needed */
} textbox_fit;

/* Per product: the Pango context, the hyphenator and the tally. */
typedef struct textbox_ctx {
	const render_ctx *rc;
	GHashTable *fits;       /* fitted texts: key -> outcome (textbox.c) */
	hyphenator *hyph;
	const char *product;    /* names the product in messages */
	size_t boxes;           /* texts fitted */
	size_t shrunk;          /* … below their nominal size */
	size_t hyphenated;      /* … with soft hyphens */
	size_t failures;        /* texts that did not fit, strings missing */
	char *first_failure;    /* message for the first failure */
} textbox_ctx;

/* hyph may be NULL (no hyphenation); it is borrowed, not freed. */
void textbox_init(textbox_ctx *tc, const render_ctx *rc, hyphenator *hyph, const char *product);
void textbox_finish(textbox_ctx *tc);
/* End the PDF of a product drawn with tc: it is written only when every
 * text fitted and no glyph was missing from the fonts since the product
 * began (unknown_before: fonts_unknown_glyphs then).  Returns whether it
 * was written; else *error (NULL before) says why, naming path. */
bool textbox_end_pdf(textbox_ctx *tc, pdfdoc *doc, int unknown_before, const char *path, char **error);

/* Fit without drawing (counts nothing). */
textbox_fit textbox_measure(textbox_ctx *tc, cairo_t *cr, const char *utf8, const textbox_style *st,
	double w, double h);

/* The sizes a style tries, largest first: its nominal size, then smaller
 * by a fixed step down to its minimum (the last).  *sizes is to free. */
size_t textbox_sizes(const textbox_style *st, double **sizes);

/* Whether the text fits w × h at this one size, as written or with soft
 * hyphens (counts nothing, keeps nothing but the layouts' cache). */
bool textbox_fits_at(textbox_ctx *tc, cairo_t *cr, const char *utf8, const textbox_style *st, double size,
	double w, double h);

/* Fit into the box at x, y (w × h) and draw, aligned by the style; a text
 * that does not fit is drawn at the minimum size and counted as a failure.
 * Returns the height the text takes. */
double textbox_draw(textbox_ctx *tc, cairo_t *cr, const char *utf8, const textbox_style *st,
	double x, double y, double w, double h);

/* The fixed text `id` in the context's language; a missing id counts as a
 * failure (and the id is returned, so the page shows it). */
const char *textbox_string(textbox_ctx *tc, const char *id);
bool textbox_has_string(const textbox_ctx *tc, const char *id);

/* A copy of tmpl (free it) with each {key} replaced by its value; pairs is
 * key, value, key, value, …, NULL.  Unknown keys stay as written. */
char *textbox_expand(const char *tmpl, const char *const *pairs);

/* French typography for a text (free it): a no-break space (U+00A0) before
 * ':' and a narrow no-break space (U+202F) before ';', '!' and '?', in
 * place of a plain space or where the space is missing after a letter.
 * Texts already spaced so come back the same. */
char *textbox_french_spacing(const char *utf8);

/* Record a failure found by a caller (e.g. a table that does not fit). */
void textbox_fail(textbox_ctx *tc, const char *message);

#endif
