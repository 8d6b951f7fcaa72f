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

/* What the middle of a deck's fronts looks like, one for the whole deck:
 * which plan of emblem and order box (cardface.c), and the one size of
 * every order on them. */
#define CARDFACE_BODIES 2
typedef struct cardface_body {
	int plan;               /* 0: large emblem; 1: room for long orders */
	double order_size;      /* mm */
} cardface_body;

/* The deck's body: the largest order size at which every design's order
 * fits, with the plan that allows the larger (a deck is read as one set: a
 * card printed smaller than its neighbours only because its own text is
 * long looks out of place).  cr: a context of the kind the fronts are
 * drawn on (the fits are kept for drawing). */
cardface_body cardface_choose_body(textbox_ctx *tc, cairo_t *cr, const card_geom *g, const deck_design *designs,
	size_t n);

/* The emblem of a card kind, as cardface_emblem records it once per
 * document: painted on every front of that kind. */
cairo_surface_t *cardface_emblem(const card_geom *g, const cardface_body *body, emblem_kind kind);

/* The order's box (*w × *h) on a front of the plan, and its style from
 * the nominal size down to the least: what cardface_choose_body fits. */
textbox_style cardface_order_box(const card_geom *g, int plan, double *w, double *h);

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
 * then cardface_shared_finish.  body: the deck's (cardface_choose_body). */
void cardface_front(textbox_ctx *tc, cairo_t *cr, const card_geom *g, const deck_design *design,
	int deck_total, cairo_surface_t *emblem, cardface_shared *shared, const cardface_body *body);
/* The colours of a back: the full one, a navy field to the bleed with gold
 * line work, or the ink saver's, paper-white with navy outlines, emblem
 * and title only, for home printers that run short of ink. */
typedef struct cardface_back_look cardface_back_look;
const cardface_back_look *cardface_back_full(void);
const cardface_back_look *cardface_back_ink_saver(void);
void cardface_back(textbox_ctx *tc, cairo_t *cr, const card_geom *g, const cardface_back_look *look);

#endif
