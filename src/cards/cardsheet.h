/* Where each card goes on a print-and-play sheet: pure geometry, no drawing,
 * so the tests can prove that fronts and backs line up.
 *
 * Cards sit in a grid centred on the page (with duplex none: centred in the
 * left half, the backs in the right half).  Between neighbouring cards the
 * gap is two bleeds when the paper has room, less when it has not, and none
 * (one shared cut) when it would be narrower than min_gutter.
 *
 * Backs: the back of a card must print exactly behind its front.
 *   long edge  (the sheet turns over about its long side): columns mirror,
 *              x' = page_width - x - card_width, same row;
 *   short edge (turns about its short side): rows mirror,
 *              y' = page_height - y - card_height, same column;
 *   none       the back sits on the same page, mirrored about the vertical
 *              fold line in the middle, so folding puts it behind the front:
 *              the same formula as the long edge. */
#ifndef ORBAT_CARDSHEET_H
#define ORBAT_CARDSHEET_H

#include <stdbool.h>
#include <stddef.h>

#include "cardlayout.h"

typedef enum {
	CARDS_DUPLEX_LONG,
	CARDS_DUPLEX_SHORT,
	CARDS_DUPLEX_NONE,
} cards_duplex;

typedef struct cards_rect {
	double x, y, w, h;
} cards_rect;

typedef struct cards_sheet {
	double page_width, page_height;   /* as printed (none may turn the paper) */
	double card_width, card_height;   /* at the cut */
	double bleed;
	cards_duplex duplex;
	int columns, rows;                /* fronts per page */
	double gutter_x, gutter_y;        /* between neighbouring cuts; 0: shared cut */
	double left, top;                 /* cut corner of the first front */
} cards_sheet;

/* Plan the sheet for paper of the given size (either orientation).  Long
 * and short edge print portrait; none takes the orientation that holds more
 * cards (portrait on a tie).  False when not even one card fits. */
bool cards_sheet_plan(double paper_width, double paper_height, double card_width,
	double card_height, const sheet_params *params, cards_duplex duplex, cards_sheet *out);

/* Fronts per page. */
int cards_sheet_slots(const cards_sheet *s);

/* Top-left corner of the cut of slot `slot` (0-based, reading order of the
 * fronts): the front's, or with back = true where its back is printed (on
 * the next page for long and short edge, on the same page for none). */
void cards_slot_position(const cards_sheet *s, int slot, bool back, double *x, double *y);

/* The area a card may paint: its cut plus the bleed, cut back to half the
 * gap where a neighbour is nearer than two bleeds. */
cards_rect cards_slot_cell(const cards_sheet *s, int slot, bool back);

/* Distinct cut lines of a page, ascending: x of the vertical cuts
 * (vertical = true) or y of the horizontal ones.  Returns how many; at most
 * `max` are stored. */
size_t cards_sheet_cuts(const cards_sheet *s, bool vertical, double *out, size_t max);

/* Bounding box of every cut on a page (fronts and, for none, backs). */
cards_rect cards_sheet_extent(const cards_sheet *s);

#endif
