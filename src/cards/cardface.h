/* The two faces of an order card, drawn with the cut's top-left corner at
 * the origin, in millimetres.  Both paint their background out to the
 * bleed; the caller clips to the card's cell on the sheet.
 *
 * Front: the name, the flank strip (three boxes, left/centre/right, the
 * ordered one filled; a card for no particular flank shows a marker of its
 * own instead), the flank in words, the emblem of its kind, the order,
 * and how many copies of it the deck holds.
 * Back: one design for the whole deck. */
#ifndef ORBAT_CARDFACE_H
#define ORBAT_CARDFACE_H

#include <cairo.h>

#include "deckfaces.h"
#include "emblem.h"
#include "textbox.h"

typedef struct card_geom {
	double width, height;   /* at the cut */
	double bleed;
	double safe;            /* margin inside the cut kept clear */
} card_geom;

/* The emblem of a card kind, as cardface_emblem records it once per
 * document: painted on every front of that kind. */
cairo_surface_t *cardface_emblem(const card_geom *g, emblem_kind kind);

/* What every front of a kind shares, recorded on first use and painted on
 * each such front, so the PDF holds it once: per colour the ground, frame,
 * name band, footer (and for cards of no flank the marker's box and
 * stars); per flank the strip of three boxes with its caption. */
typedef struct cardface_shared {
	cairo_surface_t *base[2];      /* a flank's card, a card of any flank */
	cairo_surface_t *strip[3];     /* left, centre, right */
} cardface_shared;

void cardface_shared_finish(cardface_shared *s);

/* shared: zeroed before the first front of a deck, kept for all of them,
 * then cardface_shared_finish. */
void cardface_front(textbox_ctx *tc, cairo_t *cr, const card_geom *g, const deck_design *design,
	int deck_total, cairo_surface_t *emblem, cardface_shared *shared);
void cardface_back(textbox_ctx *tc, cairo_t *cr, const card_geom *g);

#endif
