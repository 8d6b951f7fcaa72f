/* Where each card goes on a print-and-play sheet, and where its cut marks
 * go: pure geometry, no drawing, so the tests can prove that fronts and
 * backs line up and that the marks sit where every printer prints.
 *
 * Along each axis the cards sit in a centred row.  The paper's edge band
 * (params.edge) stays empty; the margins beyond it hold the cut marks
 * (mark_offset beyond the bleed, mark_min to mark_length long); every card
 * has the same bleed on all four sides, the most the paper leaves up to
 * params.bleed, and neighbours are at least two bleeds apart, so no card's
 * art reaches another's cut.  Room left over widens the margins and then
 * the gutters, where marks are drawn too once they have room.  Across an
 * axis as many cards are put as keep at least min_bleed.
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
	double bleed;                     /* art beyond every cut of every card */
	cards_duplex duplex;
	int columns, rows;                /* fronts per page */
	double gutter_x, gutter_y;        /* between neighbouring cuts, >= 2 bleeds
	                                     (none: the fold's gutter too) */
	double left, top;                 /* cut corner of the first front */
	double edge, mark_length, mark_min, mark_offset;   /* from the params */
	bool cutter;                      /* registration marks instead of cut marks */
	cutter_marks reg;                 /* their geometry, when cutter */
} cards_sheet;

/* A cut mark: a straight line from (x0, y0) to (x1, y1), mm. */
typedef struct cards_mark {
	double x0, y0, x1, y1;
} cards_mark;

/* Plan the sheet for paper of the given size (either orientation).  Long
 * and short edge print portrait; none takes the orientation that holds more
 * cards (portrait on a tie).  False when not even one card fits with its
 * marks and min_bleed. */
bool cards_sheet_plan(double paper_width, double paper_height, double card_width,
	double card_height, const sheet_params *params, cards_duplex duplex, cards_sheet *out);

/* The same for a print-then-cut machine (cardreg.h): registration marks
 * instead of cut marks, so no margin is kept for cut marks; nothing of a
 * card within reg->inset + reg->clearance of the paper's edges, nor in the
 * marks' sensor squares: of the grids that keep clear of them, the one
 * with the most cards (then the widest bleed). */
bool cards_sheet_plan_cutter(double paper_width, double paper_height, double card_width,
	double card_height, const sheet_params *params, const cutter_marks *reg, cards_duplex duplex,
	cards_sheet *out);

/* Fronts per page. */
int cards_sheet_slots(const cards_sheet *s);

/* Top-left corner of the cut of slot `slot` (0-based, reading order of the
 * fronts): the front's, or with back = true where its back is printed (on
 * the next page for long and short edge, on the same page for none). */
void cards_slot_position(const cards_sheet *s, int slot, bool back, double *x, double *y);

/* The area a card paints: its cut plus the bleed on every side. */
cards_rect cards_slot_cell(const cards_sheet *s, int slot, bool back);

/* Distinct cut lines of a page, ascending: x of the vertical cuts
 * (vertical = true) or y of the horizontal ones.  Returns how many; at most
 * `max` are stored. */
size_t cards_sheet_cuts(const cards_sheet *s, bool vertical, double *out, size_t max);

/* Bounding box of every cut on a page (fronts and, for none, backs). */
cards_rect cards_sheet_extent(const cards_sheet *s);

/* The cut marks of a page (the same on fronts and backs: the grid is
 * centred, so mirrored cuts are cuts): on the line of every cut, in the
 * margins and in the gutters that have room, never in the edge band nor
 * in a card's bleed, nor across the fold of duplex none.  Returns how many;
 * at most `max` are stored. */
size_t cards_sheet_marks(const cards_sheet *s, cards_mark *out, size_t max);

#endif
