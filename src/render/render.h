/* The print products of a scenario: what they share while being drawn, and
 * the entry point that writes a whole print set. */
#ifndef ORBAT_RENDER_H
#define ORBAT_RENDER_H

#include <cairo.h>
#include <stdbool.h>

#include "../model/position.h"
#include "../model/ruleset.h"
#include "../model/scenario.h"
#include "../text/context.h"
#include "../text/fonts.h"
#include "../text/lang.h"
#include "../text/strings.h"
#include "layouts.h"
#include "pdfdoc.h"

/* Everything a product needs to draw one scenario in one language. */
typedef struct render_ctx {
	font_library *fonts;
	const string_table *strings;
	const layouts *layouts;
	/* The run's data (text/context.h), which the fonts, strings and
	 * layouts above come from: the card products read their layouts
	 * from it. */
	context *ctx;
	const scenario *sc;
	const ruleset *rs;
	grid_board board;       /* hex or square cells */
	/* What stands where, built once with the context by whoever sets it
	 * up and owned there (the print set); NULL: a map drawn without one
	 * builds its own for the drawing. */
	const position *pos;
	lang_id lang;
	const paper_size *paper;
	double cell_size;       /* mm: a hex across the flats, a square's side */
	doc_format format;      /* PDF, or SVG/PNG for the one-page products */
	double dpi;             /* PNG resolution */
	/* The poster cut over panels of this paper (mm); 0: one page. */
	double panel_width, panel_height;
	/* The start positions on the boards too (tiles, poster, map image),
	 * not only on the overview and the scenario sheet. */
	bool setup;
} render_ctx;

typedef enum { ALIGN_LEFT, ALIGN_CENTER, ALIGN_RIGHT } text_align;

/* The black of text and line work meant black: pure black, 0 0 0.  A
 * press separates it to the black plate alone; a dark grey (0.1) becomes
 * four-colour black, whose plates never register exactly on small type.
 * For text_style initialisers and PAINT_INK alike. */
#define INK_BLACK 0.0, 0.0, 0.0

typedef struct text_style {
	const char *family;     /* FONT_TITLE or FONT_TEXT */
	double size;            /* in user units of the cairo context */
	bool bold;
	bool italic;
	text_align align;
	double r, g, b;
} text_style;

/* The least size any product prints a text at, in points (1/72 inch):
 * a player at the table must read it.  text_draw leaves out what would
 * print smaller. */
#define TEXT_MIN_PT 6.0

/* The size in points that `size` (user units of cr) prints at. */
double text_printed_size(const render_ctx *rc, cairo_t *cr, double size);
/* Whether a text of this style drawn now would print at TEXT_MIN_PT or more. */
bool text_legible(const render_ctx *rc, cairo_t *cr, const text_style *style);
/* The least size, in user units of cr, that prints at TEXT_MIN_PT. */
double text_min_size(const render_ctx *rc, cairo_t *cr);

/* Draw text with its top-left (or top-centre/right, by align) at x, y;
 * width > 0 wraps lines at that width.  Returns the height used.  Text
 * that would print below TEXT_MIN_PT is not drawn (its height is still
 * returned).  Unknown
 * glyphs are counted in the font library. */
double text_draw(const render_ctx *rc, cairo_t *cr, const char *utf8, const text_style *style,
	double x, double y, double width);
/* Show a laid-out text with its top left at x, y in colour r, g, b; the
 * source colour is left as it was, the current point is not (the caller
 * clears the path when something follows). */
void text_show_layout(cairo_t *cr, PangoLayout *layout, double r, double g, double b, double x, double y);
/* Size the text would take, without drawing. */
void text_measure(const render_ctx *rc, cairo_t *cr, const char *utf8, const text_style *style,
	double width, double *out_width, double *out_height);

/* A fixed text of the products in the context's language. */
const char *render_string(const render_ctx *rc, const char *id);
/* ":" as the language writes it after a label (French: no-break space before). */
const char *render_colon(const render_ctx *rc);

#endif
