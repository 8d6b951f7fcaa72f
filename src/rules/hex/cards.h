/* The special cards of §8.1 that act on the position itself, by the
 * numbers of the ruleset's card: whom a sharpshooter may shoot at, and
 * which units a rally roll may hand figures back to.  Position only (the
 * referee keeps what a card still owes); shared by the referee, the
 * automatic player and `orbat ask`.  No I/O. */
#ifndef ORBAT_RULES_HEX_CARDS_H
#define ORBAT_RULES_HEX_CARDS_H

#include <stdbool.h>
#include <stddef.h>

#include "hex_game.h"

/* The deck's card with this effect, or NULL. */
const rs_card *cards_find(const hex_game *g, rs_card_effect effect);
/* The section a special card's refusals cite: its own rule from the
 * data, else the deck's.  card_rule takes a deck index (-1: the deck's);
 * effect_rule the card with that effect. */
const char *cards_rule(const hex_game *g, const rs_card *c);
const char *cards_index_rule(const hex_game *g, int card);
const char *cards_effect_rule(const hex_game *g, rs_card_effect effect);
/* Whether deck card `card` (an index) has this effect. */
bool cards_is(const hex_game *g, int card, rs_card_effect effect);

/* sharpshooter: may unit `unit` be the one ordered (alive, of the
 * card's types)? */
bool cards_sharp_shooter(const hex_game *g, const rs_card *c, int unit);
/* Whether a rolled face (an index of the ruleset's faces) hits the
 * general. */
bool cards_sharp_hit(const rs_card *c, int face);

/* rally: the dice rolled with `hand_left` cards left in the hand. */
int cards_rally_dice(const rs_card *c, int hand_left);
/* The entry of the card's <face> list for die face `face` (an index into
 * the ruleset's faces): the unit type it serves (type NULL: any), or NULL
 * when the face serves none. */
const rs_card_face *cards_face(const rs_card *c, int face);
/* Figures unit `unit` may take back: 0 when destroyed or at full
 * strength (unless the card allows more). */
int cards_rally_room(const hex_game *g, const rs_card *c, int unit);
/* The most figures the faces can return to the side's units. */
int cards_rally_max(const hex_game *g, const rs_card *c, int side, const int *faces, int n);
/* May the figures go to units[0..count) (one entry a figure)?  False with
 * the reason ending in " [rule]" when not: a unit of the enemy, destroyed,
 * too full, of a type no face serves, or fewer figures than the roll
 * returns. */
bool cards_rally_check(const hex_game *g, const rs_card *c, int side, const int *faces, int n, const int *units,
	int count, rules_error *err);
/* One choice of units taking the most figures (weakest first), into
 * units[0..max); the count. */
int cards_rally_plan(const hex_game *g, const rs_card *c, int side, const int *faces, int n, int *units, int max);

#endif
