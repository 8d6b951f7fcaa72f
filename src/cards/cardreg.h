/* Registration marks of a card sheet for print-then-cut machines (the
 * layout Silhouette Studio prints, layouts/cards.xml <cutter>): where the
 * marks stand and the squares round them that the machine's sensor reads,
 * which no card may enter.  Pure geometry in millimetres, page
 * coordinates from the top-left corner, so that the tests can measure the
 * marks against the PDF.
 *
 *   top-left      a filled square, reg.square a side, its outer corner at
 *                 (inset, inset);
 *   top-right     an L: a bar along the top, reg.length long, and one down
 *                 the right, both reg.thickness thick, their outer corner at
 *                 (page width - inset, inset);
 *   bottom-left   the same L turned, outer corner at
 *                 (inset, page height - inset);
 *   bottom-right  nothing (Silhouette's three-mark layout).
 * Each mark's sensor square is the reg.length square at its corner, grown
 * by reg.clearance. */
#ifndef ORBAT_CARDREG_H
#define ORBAT_CARDREG_H

#include <stdbool.h>
#include <stddef.h>

#include "cardsheet.h"

/* Filled rectangles of the marks: 5 (the square, then each L's two bars). */
#define CARDS_REG_SHAPES 5
/* Sensor squares: one a mark. */
#define CARDS_REG_ZONES 3

/* The marks of a page of sheet `s`, as filled rectangles. */
void cards_reg_shapes(const cards_sheet *s, cards_rect out[CARDS_REG_SHAPES]);

/* The squares round the marks that no card may enter. */
void cards_reg_zones(const cards_sheet *s, cards_rect out[CARDS_REG_ZONES]);

/* Every card of the page, with its bleed, fronts and backs, keeps
 * reg.inset + reg.clearance from the paper's edges and out of the sensor
 * squares. */
bool cards_reg_clear(const cards_sheet *s);

#endif
