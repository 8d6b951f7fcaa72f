/* Order cards in play (§8, §3.2, §3.3): what a played card lets a side
 * order, from the side's own seat (left flank = west for the side whose
 * home edge is south), and how orders are counted: a unit or general is
 * one order; in noord-zuid two units under one general in one hex, or a
 * brigade, take one order together. */
#ifndef ORBAT_RULES_HEX_ORDERS_H
#define ORBAT_RULES_HEX_ORDERS_H

#include <stdbool.h>
#include <stddef.h>

#include "deck.h"
#include "hex_game.h"

typedef enum {
	ORDER_SECTION,        /* N units or generals in one section */
	ORDER_EACH_SECTION,   /* one in each section */
	ORDER_TYPE,           /* all units of the listed types */
	ORDER_SECTION_TYPE,   /* all units of the listed types in one section */
	ORDER_GENERALS,       /* every general standing with a unit, and that unit */
	ORDER_ALL,            /* everything */
	ORDER_DIG,            /* fieldworks: 2 infantry or 1 artillery dig in */
	ORDER_SHARPSHOOTER,   /* §8.1: one unit of the card's types, any section,
	                         whose battle is against an enemy general */
	ORDER_UNREFEREED,     /* a special card whose effect the digest does not give */
} order_kind;

typedef struct order_card {
	deck_card played;     /* the copy played */
	int card;             /* index of the card whose orders apply (the copied one for a counter-attack) */
	order_kind kind;
	unsigned section;     /* section bit (grid_ops.sections) for section and section-type orders */
	int limit;            /* groups it may order; -1: all */
	bool copied;          /* played as a copy of the opponent's last card */
	/* The unit types (bit i: rs->unit_types[i]) the card's types list
	 * names, read once when the card is played for every unit it is
	 * asked of; ORDER_TYPES_UNREAD where the ruleset has more types
	 * than bits (then the list is read for each unit). */
	unsigned types;
} order_card;

#define ORDER_TYPES_UNREAD (~0u)

/* What a card played by `side` orders.  chosen_flank: the section named
 * at play for a section-type card (own seat), else -1.  opponent_last:
 * the order card the opponent played last, for a counter-attack (NULL
 * when none).  False with the reason when it cannot be played so. */
bool orders_from_card(const hex_game *g, int side, deck_card c, int chosen_flank,
	const order_card *opponent_last, order_card *out, rules_error *err);

/* A dig card's orders so far (§8): the unit type (an index into the
 * card's <dig> list, -1 before the first) and how many of it. */
typedef struct order_dig {
	int entry;
	int units;
} order_dig;

/* Figures of a board whose orders fit in an order set itself. */
#define ORDER_SET_ROOM 96

/* The orders given so far this turn. */
typedef struct order_set {
	int *keys;            /* group keys (orders_key) */
	unsigned *sections;   /* the section bits of each group */
	int count;
	int capacity;
	order_dig dig;
	/* Where keys and sections point on a board of up to ORDER_SET_ROOM
	 * figures, so that a player trying a card's orders for every card
	 * allocates nothing; a bigger board's are allocated. */
	int key_room[ORDER_SET_ROOM];
	unsigned section_room[ORDER_SET_ROOM];
} order_set;

void order_set_init(order_set *s, const hex_game *g);
void order_set_finish(order_set *s);
/* A copy of `from` (orders given so far) into `to`, released by
 * order_set_finish; `to` owns its own keys and sections. */
void order_set_copy(const order_set *from, order_set *to);
void order_set_clear(order_set *s);
/* The orders of `from` into `to`, which keeps its own room (as big as
 * from's: both sets of one game). */
void order_set_assign(order_set *to, const order_set *from);

/* The group a figure is ordered with (one order per group). */
int orders_key(const hex_game *g, const order_card *oc, hex_ref r);
/* Everything ordered along with r: the figure, its noord-zuid hex group
 * or brigade.  Returns the count. */
int orders_members(const hex_game *g, const order_card *oc, hex_ref r, hex_ref *out, int max);

/* Order r under the card: false with the reason [rule] when the card
 * does not allow it. */
bool orders_add(const hex_game *g, int side, const order_card *oc, order_set *s, hex_ref r,
	rules_error *err);

/* Whether the card can order anything of the side's at all (§8: a side
 * that cannot use any card discards one). */
bool orders_card_usable(const hex_game *g, int side, const order_card *oc);

/* The sections (HEX_SECTION_* bits) in which the card, its section set
 * aside, has a figure of the side to order, in one look at the figures:
 * for a section or section-type card, orders_card_usable with
 * oc->section = S is (orders_sections_usable & S) != 0, whatever S; for
 * any other card every section when it is usable, else none.  A player
 * weighing several section cards of a hand asks once for them all. */
unsigned orders_sections_usable(const hex_game *g, int side, const order_card *oc);

#endif
