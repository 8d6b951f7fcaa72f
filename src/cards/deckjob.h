/* What every deck product shares while it is made: the card geometry, the
 * designs to print and each design's faces drawn once.
 *
 * Each design is drawn into a cairo recording surface a single time and
 * then painted wherever a copy goes, so the copies are identical, texts are
 * fitted once, and the PDF holds each design once (as a form XObject). */
#ifndef ORBAT_DECKJOB_H
#define ORBAT_DECKJOB_H

#include <cairo.h>
#include <stdbool.h>
#include <stddef.h>

#include "cardface.h"
#include "cardlayout.h"
#include "cards.h"
#include "deckfaces.h"
#include "textbox.h"

typedef struct deck_job {
	const render_ctx *rc;
	const card_layouts *layouts;  /* the render context's */
	const card_size *size;
	cards_deck *own_deck;          /* built from the ruleset when none was given */
	const cards_deck *deck;
	deck_design *designs;
	size_t design_count;
	size_t *prints;                /* design index of each printed card */
	size_t print_count;
	int total;                     /* copies in the deck */
	card_geom geom;
	hyphenator *hyph;
	textbox_ctx tc;
	cairo_surface_t **fronts;      /* per design, in millimetres, cut corner at 0,0 */
	cairo_surface_t *back;
	cairo_surface_t *emblems[EMBLEM_COUNT];   /* recorded once, when a card uses it */
	cardface_shared shared;        /* parts every front of a kind shares */
	double back_offset[2];         /* deck_options.back_offset */
	bool ink_saver;                /* deck_options.ink_saver */
	cardface_body body;            /* the fronts' emblem plan and order size */
} deck_job;

/* Load the card layouts, choose the size, list the designs and draw every
 * face.  False with a message (free it) when anything is missing or a text
 * does not fit; the job is then already finished. */
bool deck_job_begin(deck_job *job, const render_ctx *rc, const deck_options *opt, const char *product,
	char **error);
void deck_job_finish(deck_job *job);

/* Paint a recorded face with its cut corner at x, y (millimetres, on a
 * context that draws in millimetres), clipped to `clip`. */
void deck_job_paint(cairo_t *cr, cairo_surface_t *face, double x, double y, const cards_rect *clip);

/* The message for an unknown size id (free it). */
char *deck_job_size_error(const card_layouts *cl, const char *id);

#endif
