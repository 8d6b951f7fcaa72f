/* The deck of order cards to print: the ruleset's own deck, optionally
 * completed or replaced by the player's designs from a deck file
 * (namespace urn:orbat:deck:1):
 *
 *   <deck xmlns="urn:orbat:deck:1" mode="add|replace">
 *     <card id="ambush" order="special" any="2" emblem="sight">
 *       <name xml:lang="en">Ambush</name> …
 *       <text xml:lang="en">…</text> …
 *     </card>
 *   </deck>
 *
 * The file is loaded with the safe XML loader and checked here, in C, with
 * the same diagnostics sink and GCC-style messages as scenarios (rule id
 * "deck").  A design is one card for one flank (a Probe for the left
 * flank); the deck holds `count` copies of each.
 *
 * This is the deck as printed faces (names, texts, copies); the cards in
 * play, as the referee draws and discards them, are rules/hex/deck.h. */
#ifndef ORBAT_DECKFACES_H
#define ORBAT_DECKFACES_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"
#include "../model/ruleset.h"
#include "../text/lang.h"

#define DECK_NS "urn:orbat:deck:1"
#define DECK_RULE "deck"

typedef enum { DECK_LEFT, DECK_CENTRE, DECK_RIGHT, DECK_ANY, DECK_FLANKS } deck_flank;

/* One card of the printed deck: what its face says and its copies per flank. */
typedef struct deck_face {
	char *id;
	char *order;         /* as in the ruleset: section, each-section, type, … */
	char *units;         /* "2", "all"; NULL when the card names none */
	char *types;         /* unit type ids, space separated; NULL */
	char *emblem;        /* an emblem name of emblem.h; NULL: the default */
	l10n_text name;
	l10n_text text;
	int count[DECK_FLANKS];
	bool own;            /* from the player's deck file */
} deck_face;

typedef struct cards_deck {
	deck_face *cards;
	size_t card_count;
} cards_deck;

/* One printed card: which card, for which flank. */
typedef struct deck_design {
	const deck_face *card;
	deck_flank flank;
	int count;           /* copies of this design in the deck */
} deck_design;

typedef enum { DECK_OK, DECK_INVALID, DECK_IO_ERROR } deck_status;

/* A copy of the ruleset's deck. */
cards_deck *deck_from_ruleset(const ruleset *rs);
void deck_destroy(cards_deck *deck);

/* Apply a deck file: mode="add" appends its cards, mode="replace" makes
 * them the whole deck.  Unit types named in types= are checked against the
 * ruleset.  On DECK_INVALID or DECK_IO_ERROR the deck is left unchanged and
 * the reasons are in the sink; warnings (a language missing) do not fail. */
deck_status deck_load_file(cards_deck *deck, const ruleset *rs, const char *path, diag_sink *sink);
deck_status deck_load_memory(cards_deck *deck, const ruleset *rs, const char *display_name,
	const char *bytes, size_t size, diag_sink *sink);

/* Copies in the deck. */
int deck_total(const cards_deck *deck);

/* The designs with at least one copy, in deck order (left, centre, right,
 * any within a card).  Returns how many; *out is allocated (free it). */
size_t deck_designs(const cards_deck *deck, deck_design **out);

/* Every card to print, one entry per copy (unique: one per design).
 * Returns how many; *out is allocated (free it). */
size_t deck_print_list(const cards_deck *deck, bool unique, deck_design **out);


#endif
