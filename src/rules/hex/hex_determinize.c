/* The hidden hand dealt again from the unseen cards (hex_determinize.h). */
#include "hex_determinize.h"

void hex_determinize(referee *r, int viewer, rng *rnd)
{
	if (viewer < 0 || viewer >= GAME_SIDES)
		return;
	referee_hand *h = &r->hands[1 - viewer];
	/* The real hand's copies go back to the draw pile, which then holds
	 * every unseen copy whatever the hand was: what is dealt from it
	 * depends on what `viewer` knows and on rnd alone. */
	for (int i = 0; i < h->count; i++)
		r->pool.draw[deck_kind(r->pool.rs, h->cards[i])]++;
	int count = h->count;
	h->count = 0;
	for (int i = 0; i < count; i++) {
		deck_card c;
		if (!deck_pool_pick(&r->pool, rnd, &c) || !deck_pool_take(&r->pool, c))
			break;
		h->cards[h->count++] = c;
	}
}
