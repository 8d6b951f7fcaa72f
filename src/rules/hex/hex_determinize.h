/* A determinization of a hex game for a searching player: the hidden
 * cards dealt again from what one side can know.  The side sees its own
 * hand, the cards played and discarded, and how many cards the other side
 * holds; it does not see the other hand nor the draw pile.  So the other
 * hand goes back into the draw pile and as many cards are dealt from the
 * pile again with the searcher's own stream.  The draw pile has no order
 * to hide: each draw picks among its copies with the dice (deck.h), which
 * in a search are the searcher's own.  No I/O. */
#ifndef ORBAT_RULES_HEX_DETERMINIZE_H
#define ORBAT_RULES_HEX_DETERMINIZE_H

#include "hex_referee.h"
#include "../rng.h"

/* Deal the hand of the side other than `viewer` again, on r (a copy the
 * search owns), from the cards `viewer` cannot see. */
void hex_determinize(referee *r, int viewer, rng *rnd);

#endif
