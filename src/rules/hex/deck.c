#include "deck.h"

#include <ctype.h>
#include <pthread.h>
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
	/* The first letter tells most cards apart before a comparison: the
	 * referee reads every card played, drawn and dealt by its name. */
	int first = tolower((unsigned char)text[0]);
	for (size_t i = 0; i < rs->deck.card_count; i++) {
		const rs_card *c = &rs->deck.cards[i];
		if (tolower((unsigned char)c->id[0]) != first || strncasecmp(c->id, text, len) != 0 || c->id[len] != '\0')
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

struct deck_index {
	size_t cards;
	int flanks;        /* rs->section_count: slots per card are flanks + 1 */
	int *copies;       /* per slot (card, flank): its copies, to know the deck again */
	int *kind_of;      /* per slot: its kind, -1 for none */
	deck_card *card_of;   /* per kind */
};

/* Decks indexed in one program: a ruleset is one deck, and a program
 * plays a few; past that, pools count the kinds out. */
#define INDEXES_MAX 32

static deck_index *indexes[INDEXES_MAX];
static size_t index_count;
static pthread_mutex_t indexes_lock = PTHREAD_MUTEX_INITIALIZER;

static size_t slot_of(int flanks, deck_card c)
{
	return (size_t)c.card * (size_t)(flanks + 1) + (size_t)(c.flank - DECK_NO_FLANK);
}

/* The copies of every slot of the ruleset's deck (xmalloc'd). */
static int *slot_copies(const ruleset *rs)
{
	int flanks = flank_end(rs);
	int *copies = xmalloc((rs->deck.card_count * (size_t)(flanks + 1) + 1) * sizeof *copies);
	for (size_t i = 0; i < rs->deck.card_count; i++)
		for (int f = DECK_NO_FLANK; f < flanks; f++)
			copies[slot_of(flanks, (deck_card){ (int)i, f })] = flank_copies(rs, &rs->deck.cards[i], f);
	return copies;
}

static deck_index *index_create(const ruleset *rs, int *copies, int kinds)
{
	deck_index *x = xcalloc(1, sizeof *x);
	x->cards = rs->deck.card_count;
	x->flanks = flank_end(rs);
	x->copies = copies;
	size_t slots = x->cards * (size_t)(x->flanks + 1);
	x->kind_of = xmalloc((slots + 1) * sizeof *x->kind_of);
	x->card_of = xcalloc((size_t)kinds + 1, sizeof *x->card_of);
	int k = 0;
	for (size_t i = 0; i < x->cards; i++)
		for (int f = DECK_NO_FLANK; f < x->flanks; f++) {
			size_t s = slot_of(x->flanks, (deck_card){ (int)i, f });
			x->kind_of[s] = copies[s] > 0 ? k : -1;
			if (copies[s] > 0)
				x->card_of[k++] = (deck_card){ (int)i, f };
		}
	return x;
}

/* The index of the ruleset's deck: the one kept for a deck of the same
 * copies, else made and kept; NULL when no more can be kept. */
static const deck_index *index_of(const ruleset *rs, int kinds)
{
	int *copies = slot_copies(rs);
	size_t slots = rs->deck.card_count * (size_t)(flank_end(rs) + 1);
	deck_index *found = NULL;
	pthread_mutex_lock(&indexes_lock);
	for (size_t i = 0; i < index_count && !found; i++)
		if (indexes[i]->cards == rs->deck.card_count && indexes[i]->flanks == flank_end(rs) &&
			memcmp(indexes[i]->copies, copies, slots * sizeof *copies) == 0)
			found = indexes[i];
	if (!found && index_count < INDEXES_MAX) {
		found = indexes[index_count++] = index_create(rs, copies, kinds);
		copies = NULL;
	}
	pthread_mutex_unlock(&indexes_lock);
	free(copies);
	return found;
}

int deck_pool_kind(const deck_pool *p, deck_card c)
{
	const deck_index *x = p->index;
	if (!x)
		return deck_kind(p->rs, c);
	if (c.card < 0 || (size_t)c.card >= x->cards || c.flank < DECK_NO_FLANK || c.flank >= x->flanks)
		return -1;
	return x->kind_of[slot_of(x->flanks, c)];
}

deck_card deck_pool_kind_card(const deck_pool *p, int kind)
{
	if (!p->index)
		return deck_kind_card(p->rs, kind);
	if (kind < 0 || kind >= p->kinds)
		return (deck_card){ -1, DECK_NO_FLANK };
	return p->index->card_of[kind];
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
	p->index = index_of(rs, p->kinds);
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
	int k = deck_pool_kind(p, c);
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
	p->draw[deck_pool_kind(p, c)]--;
	return true;
}

void deck_pool_discard(deck_pool *p, deck_card c)
{
	int k = deck_pool_kind(p, c);
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
			*out = deck_pool_kind_card(p, k);
			return true;
		}
		n -= pile[k];
	}
	return false;
}
