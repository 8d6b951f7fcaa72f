/* Order cards as physical copies (§8): "recon/left" is one of the four
 * Probe cards for the left flank, "frontal" one of the cards that name no
 * flank.  The pool keeps where the copies are (draw pile, hands, discard)
 * so that a replayed draw can be checked, and a shuffled draw pile for
 * `orbat play`.  The printed faces of the deck are cards/deckfaces.h. */
#ifndef ORBAT_RULES_HEX_DECK_H
#define ORBAT_RULES_HEX_DECK_H

#include <stdbool.h>
#include <stddef.h>

#include "../../model/ruleset.h"
#include "../rng.h"

#define DECK_NO_FLANK (-1)

typedef struct deck_card {
	int card;      /* index into rs->deck.cards */
	int flank;     /* the section of the copy (index into rs->sections), or DECK_NO_FLANK */
} deck_card;

/* "recon/left", "recon/centre" (or center), "frontal"; false when the
 * ruleset has no such copy. */
bool deck_parse(const ruleset *rs, const char *text, deck_card *out);
/* Writes "recon/left" into buf. */
char *deck_format(const ruleset *rs, deck_card c, char *buf, size_t size);
/* Copies of this kind in the full deck. */
int deck_copies(const ruleset *rs, deck_card c);
/* Number of kinds (card, flank) with at least one copy; kinds are
 * numbered 0 .. deck_kinds-1 by deck_kind. */
int deck_kinds(const ruleset *rs);
int deck_kind(const ruleset *rs, deck_card c);
deck_card deck_kind_card(const ruleset *rs, int kind);

/* The kinds of a deck both ways, (card, flank) to kind and back: found
 * once per deck (deck.c keeps one per ruleset's deck, read by every pool
 * on it and never changed), as every draw, deal and discard asks them. */
typedef struct deck_index deck_index;

typedef struct deck_pool {
	const ruleset *rs;
	const deck_index *index;   /* NULL: the kinds are counted out each time */
	int kinds;
	int *draw;        /* copies per kind in the draw pile */
	int *discard;     /* copies per kind in the discard pile */
} deck_pool;

void deck_pool_init(deck_pool *p, const ruleset *rs);
/* deck_kind and deck_kind_card through the pool's index. */
int deck_pool_kind(const deck_pool *p, deck_card c);
deck_card deck_pool_kind_card(const deck_pool *p, int kind);
void deck_pool_finish(deck_pool *p);
int deck_pool_draw_count(const deck_pool *p);
/* Take a named copy out of the draw pile (dealing, or a replayed draw).
 * An empty draw pile is first refilled from the discard pile (§8). */
bool deck_pool_take(deck_pool *p, deck_card c);
void deck_pool_discard(deck_pool *p, deck_card c);
/* Whether the next draw can give that copy. */
bool deck_pool_can_take(const deck_pool *p, deck_card c);
/* play: the card a draw gives, chosen at random among the copies of the
 * draw pile (the discard pile when the draw pile is empty) -- the top
 * card of a well shuffled pile.  The pool is not changed: deck_pool_take
 * then takes it. */
bool deck_pool_pick(const deck_pool *p, rng *r, deck_card *out);

#endif
