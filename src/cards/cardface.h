/* The two faces of an order card, drawn with the cut's top-left corner at
 * the origin, in millimetres.  Both paint their background out to the
 * bleed; the caller clips to the card's cell on the sheet.
 *
 * Front: the name, the flank strip (three boxes, left/centre/right, the
 * ordered one filled; a card for no particular flank shows a marker of its
 * own instead), the flank in words, the order, and its count in the deck.
 * Back: one design for the whole deck. */
#ifndef ORBAT_CARDFACE_H
#define ORBAT_CARDFACE_H

#include <cairo.h>

#include "deckfaces.h"
#include "textbox.h"

typedef struct card_geom {
	double width, height;   /* at the cut */
	double bleed;
	double safe;            /* margin inside the cut kept clear */
} card_geom;

void cardface_front(textbox_ctx *tc, cairo_t *cr, const card_geom *g, const deck_design *design,
	int deck_total);
void cardface_back(textbox_ctx *tc, cairo_t *cr, const card_geom *g);

#endif
