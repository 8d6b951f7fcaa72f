/* The two pages of the reference card, drawn on any cairo context that
 * works in millimetres (the PDF product, or a recording surface in the
 * tests, which check that every text fits). */
#ifndef ORBAT_REFCARD_H
#define ORBAT_REFCARD_H

#include <cairo.h>

#include "cardlayout.h"
#include "textbox.h"

/* The one scale of the card's type on pages of pw × ph mm (landscape):
 * the largest at which both sides fit, found once for the two.  0 when
 * the ruleset's grid has no card (a failure counted in tc). */
double refcard_scale(textbox_ctx *tc, cairo_t *cr, const card_layouts *cl, double pw, double ph);

/* A side at that scale; texts that do not fit are counted in tc. */
void refcard_draw_front(textbox_ctx *tc, cairo_t *cr, const card_layouts *cl, double pw, double ph, double scale);
void refcard_draw_back(textbox_ctx *tc, cairo_t *cr, const card_layouts *cl, double pw, double ph, double scale);

#endif
