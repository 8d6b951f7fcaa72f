/* The two pages of the reference card, drawn on any cairo context that
 * works in millimetres (the PDF product, or a recording surface in the
 * tests, which check that every text fits). */
#ifndef ORBAT_REFCARD_H
#define ORBAT_REFCARD_H

#include <cairo.h>

#include "cardlayout.h"
#include "textbox.h"

/* Page of pw × ph mm (landscape); texts that do not fit are counted in tc. */
void refcard_draw_front(textbox_ctx *tc, cairo_t *cr, const card_layouts *cl, double pw, double ph);
void refcard_draw_back(textbox_ctx *tc, cairo_t *cr, const card_layouts *cl, double pw, double ph);

#endif
