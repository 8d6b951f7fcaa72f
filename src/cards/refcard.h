/* The two pages of the reference card, drawn on any cairo context that
 * works in millimetres (the PDF product, or a recording surface in the
 * tests, which check that every text fits). */
#ifndef ORBAT_REFCARD_H
#define ORBAT_REFCARD_H

#include <cairo.h>

#include "../text/hyphen.h"
#include "cardlayout.h"
#include "refcolumn.h"
#include "textbox.h"

/* The one scale of the card's type on pages of pw × ph mm (landscape):
 * the largest at which both sides fit, found once for the two.  0 when
 * the ruleset's grid has no card (a failure counted in tc). */
double refcard_scale(textbox_ctx *tc, cairo_t *cr, const card_layouts *cl, double pw, double ph);

/* A side at that scale; texts that do not fit are counted in tc. */
void refcard_draw_front(textbox_ctx *tc, cairo_t *cr, const card_layouts *cl, double pw, double ph, double scale);
void refcard_draw_back(textbox_ctx *tc, cairo_t *cr, const card_layouts *cl, double pw, double ph, double scale);

/* One page of two columns the caller built (it keeps and frees them),
 * under the card's band with `title` and `side_text`, at the largest
 * scale up to max_scale at which both fit, as a side of the card is. */
void refcard_draw_columns(textbox_ctx *tc, cairo_t *cr, const card_layouts *cl, double pw, double ph,
	const char *title, const char *side_text, ref_column cols[2], double left_share, double max_scale);

/* The scale refcard_draw_columns would draw those columns at; 0 when
 * they do not fit even at the smallest. */
double refcard_columns_scale(textbox_ctx *tc, cairo_t *cr, const card_layouts *cl, double pw, double ph,
	ref_column cols[2], double left_share, double max_scale);

/* A PDF of card pages being written (the reference card, a scenario's
 * card): landscape pages of the paper, drawn in millimetres on cr, text
 * boxes that refuse to overflow. */
typedef struct refcard_pdf {
	textbox_ctx tc;
	hyphenator *hyph;
	char *product;
	const card_layouts *cl;
	pdfdoc *doc;
	cairo_t *cr;
	double pw, ph;          /* the page, landscape (mm) */
	int top;                /* the document's bookmark */
	int unknown_before;
} refcard_pdf;

/* Loads the card layouts and sets up the text boxes (tc is then ready
 * for the title); false with a message when the layouts are broken. */
bool refcard_pdf_begin(refcard_pdf *p, const render_ctx *rc, const char *path, char **error);
/* Begins the document, titled and bookmarked `title`. */
bool refcard_pdf_open(refcard_pdf *p, const char *path, const char *title, const char *subject, char **error);
/* Ends it (written only when every text fitted) and frees p's parts;
 * call it after a refcard_pdf_begin that succeeded, opened or not. */
bool refcard_pdf_end(refcard_pdf *p, const char *path, char **error);

#endif
