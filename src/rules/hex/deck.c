#include "deck.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../base/util.h"
#include "hex_game.h"

/* Copies of a card for one of the ruleset's sections, or (flank
 * DECK_NO_FLANK) of those that name none. */
static int flank_copies(const ruleset *rs, const rs_card *c, int flank)
{
	if (flank == DECK_NO_FLANK)
		return c->any;
	return flank >= 0 && (size_t)flank < rs->section_count ? c->section_copies[flank] : 0;
}

/* The flanks a card's copies may name: DECK_NO_FLANK, then each section. */
static int flank_end(const ruleset *rs)
{
	return (int)rs->section_count;
}

bool deck_parse(const ruleset *rs, const char *text, deck_card *out)
{
	const char *slash = strchr(text, '/');
	size_t len = slash ? (size_t)(slash - text) : strlen(text);
	int flank = DECK_NO_FLANK;
	if (slash) {
		const char *f = slash + 1;
		for (size_t k = 0; k < rs->section_count && flank == DECK_NO_FLANK; k++) {
			const rs_section *sec = &rs->sections[k];
			if (strcasecmp(f, sec->id) == 0 || (sec->also && strcasecmp(f, sec->also) == 0))
				flank = (int)k;
		}
		if (flank == DECK_NO_FLANK)
			return false;
	}
	for (size_t i = 0; i < rs->deck.card_count; i++) {
		const rs_card *c = &rs->deck.cards[i];
		if (strlen(c->id) != len || strncasecmp(c->id, text, len) != 0)
			continue;
		if (flank_copies(rs, c, flank) <= 0)
			return false;
		out->card = (int)i;
		out->flank = flank;
		return true;
	}
	return false;
}

/* Appends `text` at buf[*used], cut as snprintf cuts (size > 0). */
static void put_text(char *buf, size_t size, size_t *used, const char *text)
{
	size_t len = strlen(text);
	size_t room = size - 1 - *used;
	if (len > room)
		len = room;
	memcpy(buf + *used, text, len);
	*used += len;
	buf[*used] = '\0';
}

/* Copied piece by piece, not printed: the players name every card they
 * play this way, and snprintf costs more than the rest of the turn's
 * card choice. */
char *deck_format(const ruleset *rs, deck_card c, char *buf, size_t size)
{
	const char *id = c.card >= 0 && (size_t)c.card < rs->deck.card_count ? rs->deck.cards[c.card].id : "?";
	size_t used = 0;
	if (size == 0)
		return buf;
	buf[0] = '\0';
	put_text(buf, size, &used, id);
	if (c.flank >= 0 && (size_t)c.flank < rs->section_count) {
		put_text(buf, size, &used, "/");
		put_text(buf, size, &used, rs->sections[c.flank].id);
	}
	return buf;
}

int deck_copies(const ruleset *rs, deck_card c)
{
	if (c.card < 0 || (size_t)c.card >= rs->deck.card_count)
		return 0;
	return flank_copies(rs, &rs->deck.cards[c.card], c.flank);
}

/* Kinds in order: for each card, the copies that name no section, then
 * those of each section, where they exist. */
int deck_kinds(const ruleset *rs)
{
	int n = 0;
	for (size_t i = 0; i < rs->deck.card_count; i++)
		for (int f = DECK_NO_FLANK; f < flank_end(rs); f++)
			if (flank_copies(rs, &rs->deck.cards[i], f) > 0)
				n++;
	return n;
}

int deck_kind(const ruleset *rs, deck_card c)
{
	int n = 0;
	for (size_t i = 0; i < rs->deck.card_count; i++)
		for (int f = DECK_NO_FLANK; f < flank_end(rs); f++)
			if (flank_copies(rs, &rs->deck.cards[i], f) > 0) {
				if ((int)i == c.card && f == c.flank)
					return n;
				n++;
			}
	return -1;
}

deck_card deck_kind_card(const ruleset *rs, int kind)
{
	int n = 0;
	for (size_t i = 0; i < rs->deck.card_count; i++)
		for (int f = DECK_NO_FLANK; f < flank_end(rs); f++)
			if (flank_copies(rs, &rs->deck.cards[i], f) > 0) {
				if (n == kind)
					return (deck_card){ (int)i, f };
				n++;
			}
	return (deck_card){ -1, DECK_NO_FLANK };
}

void deck_pool_init(deck_pool *p, const ruleset *rs)
{
	memset(p, 0, sizeof *p);
	p->rs = rs;
	p->kinds = deck_kinds(rs);
	p->draw = xcalloc((size_t)p->kinds + 1, sizeof *p->draw);
	p->discard = xcalloc((size_t)p->kinds + 1, sizeof *p->discard);
	/* The kinds in deck_kinds' order, in one pass (every game deals). */
	int k = 0;
	for (size_t i = 0; i < rs->deck.card_count; i++)
		for (int f = DECK_NO_FLANK; f < flank_end(rs); f++)
			if (flank_copies(rs, &rs->deck.cards[i], f) > 0)
				p->draw[k++] = flank_copies(rs, &rs->deck.cards[i], f);
}

void deck_pool_finish(deck_pool *p)
{
	free(p->draw);
	free(p->discard);
	memset(p, 0, sizeof *p);
}

int deck_pool_draw_count(const deck_pool *p)
{
	int n = 0;
	for (int k = 0; k < p->kinds; k++)
		n += p->draw[k];
	return n;
}

static void refill(deck_pool *p)
{
	for (int k = 0; k < p->kinds; k++) {
		p->draw[k] += p->discard[k];
		p->discard[k] = 0;
	}
}

bool deck_pool_can_take(const deck_pool *p, deck_card c)
{
	int k = deck_kind(p->rs, c);
	if (k < 0)
		return false;
	return deck_pool_draw_count(p) > 0 ? p->draw[k] > 0 : p->discard[k] > 0;
}

bool deck_pool_take(deck_pool *p, deck_card c)
{
	if (!deck_pool_can_take(p, c))
		return false;
	if (deck_pool_draw_count(p) == 0)
		refill(p);
	p->draw[deck_kind(p->rs, c)]--;
	return true;
}

void deck_pool_discard(deck_pool *p, deck_card c)
{
	int k = deck_kind(p->rs, c);
	if (k >= 0)
		p->discard[k]++;
}

bool deck_pool_pick(const deck_pool *p, rng *r, deck_card *out)
{
	const int *pile = deck_pool_draw_count(p) > 0 ? p->draw : p->discard;
	int total = 0;
	for (int k = 0; k < p->kinds; k++)
		total += pile[k];
	if (total <= 0)
		return false;
	int n = (int)rng_below(r, (uint32_t)total);
	for (int k = 0; k < p->kinds; k++) {
		if (n < pile[k]) {
			*out = deck_kind_card(p->rs, k);
			return true;
		}
		n -= pile[k];
	}
	return false;
}
