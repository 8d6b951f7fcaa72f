/* The deck's card fronts one by one as PNG images, drawn by the same
 * painters as the printed deck (deckjob.h, cardface.h), cut at the card's
 * edge: for a page that shows a player's hand as the cards the deck
 * prints, in the render context's language.  Images, not SVG: cairo 1.16's
 * SVG surface misplaces the bounded recording surfaces the faces are
 * recorded on (their origin lies in the bleed), shifting every front. */
#ifndef ORBAT_DECKPNG_H
#define ORBAT_DECKPNG_H

#include <stdbool.h>
#include <stddef.h>

#include "../render/render.h"

typedef struct deckpng_face {
	char *card;        /* the ruleset's card id */
	char *flank;       /* left, centre, right, or any */
	unsigned char *png;   /* the image's bytes */
	size_t png_size;
} deckpng_face;

/* How wide each front is drawn: sharp at twice the width a page shows a
 * card at. */
#define DECKPNG_WIDTH 320

/* Every design of the ruleset's deck into *out (*count of them).  False
 * with a message (free it) when the ruleset has no deck or a text does not
 * fit. */
bool deckpng_make(const render_ctx *rc, deckpng_face **out, size_t *count, char **error);
/* The face of the card a game's log names ("probe/left", "rally"): the
 * design of that card and flank, or the card's design for any flank;
 * NULL when none. */
const deckpng_face *deckpng_find(const deckpng_face *faces, size_t count, const char *log_id);
void deckpng_free(deckpng_face *faces, size_t count);

#endif
