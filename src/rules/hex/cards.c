/* §8.1 sharpshooter and rally on a position (cards.h). */
#include "cards.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"

/* Rally with no upper bound (the card's above-full): what a unit may
 * take is still finite, so that the sums below stay small. */
#define ROOM_UNBOUNDED 99
#define MAX_TYPES 16

const rs_card *cards_find(const hex_game *g, rs_card_effect effect)
{
	return ruleset_find_card_effect(g->rs, effect);
}

const char *cards_rule(const hex_game *g, const rs_card *c)
{
	return c && c->rule ? c->rule : g->rs->deck.rule;
}

const char *cards_index_rule(const hex_game *g, int card)
{
	return cards_rule(g, card >= 0 && (size_t)card < g->rs->deck.card_count ? &g->rs->deck.cards[card] : NULL);
}

const char *cards_effect_rule(const hex_game *g, rs_card_effect effect)
{
	return cards_rule(g, cards_find(g, effect));
}

bool cards_is(const hex_game *g, int card, rs_card_effect effect)
{
	if (card < 0 || (size_t)card >= g->rs->deck.card_count)
		return false;
	return g->rs->deck.cards[card].effect == effect;
}

bool cards_sharp_shooter(const hex_game *g, const rs_card *c, int unit)
{
	const hex_unit *u = &g->units[unit];
	return u->alive && (!c->types || str_has_word(c->types, u->type->id));   /* no types: any unit */
}

bool cards_sharp_hit(const rs_card *c, int face)
{
	for (size_t i = 0; i < c->hit_face_count; i++)
		if (c->hit_face_indices[i] == face)
			return true;
	return false;
}

int cards_rally_dice(const rs_card *c, int hand_left)
{
	return c->dice_from_hand ? (hand_left > 0 ? hand_left : 0) : c->dice;
}

const rs_card_face *cards_face(const rs_card *c, int face)
{
	for (size_t i = 0; i < c->face_count; i++)
		if (c->faces[i].face_index == face)
			return &c->faces[i];
	return NULL;
}

int cards_rally_room(const hex_game *g, const rs_card *c, int unit)
{
	const hex_unit *u = &g->units[unit];
	if (!u->alive)
		return 0;
	if (c->above_full)
		return ROOM_UNBOUNDED;
	return u->figures < u->full ? u->full - u->figures : 0;
}

/* The unit types of the side's units, and the figures each may take back
 * in all; the figures the faces return to each type, and to any type. */
typedef struct rally_sums {
	const rs_unit_type *type[MAX_TYPES];
	int room[MAX_TYPES];
	int typed[MAX_TYPES];   /* figures the type's own faces return */
	int types;
	int any;                /* figures of faces serving any type */
} rally_sums;

static int type_slot(rally_sums *s, const rs_unit_type *type)
{
	for (int i = 0; i < s->types; i++)
		if (s->type[i] == type)
			return i;
	if (s->types >= MAX_TYPES)
		return -1;
	s->type[s->types] = type;
	s->room[s->types] = s->typed[s->types] = 0;
	return s->types++;
}

static void rally_sum(const hex_game *g, const rs_card *c, int side, const int *faces, int n, rally_sums *s)
{
	memset(s, 0, sizeof *s);
	int per = c->per_face > 0 ? c->per_face : 1;
	for (size_t i = 0; i < g->unit_count; i++) {
		if (g->units[i].side != side)
			continue;
		int k = type_slot(s, g->units[i].type);
		if (k >= 0)
			s->room[k] += cards_rally_room(g, c, (int)i);
	}
	for (int i = 0; i < n; i++) {
		const rs_card_face *f = cards_face(c, faces[i]);
		if (!f)
			continue;
		if (!f->type) {
			s->any += per;
			continue;
		}
		int k = type_slot(s, f->type);
		if (k >= 0)
			s->typed[k] += per;
	}
}

int cards_rally_max(const hex_game *g, const rs_card *c, int side, const int *faces, int n)
{
	rally_sums s;
	rally_sum(g, c, side, faces, n, &s);
	/* A type's own faces first; the faces for any type then fill what
	 * room is left, wherever it is: no other order returns more. */
	int total = 0, left = 0;
	for (int k = 0; k < s.types; k++) {
		int t = s.typed[k] < s.room[k] ? s.typed[k] : s.room[k];
		total += t;
		left += s.room[k] - t;
	}
	return total + (s.any < left ? s.any : left);
}

bool cards_rally_check(const hex_game *g, const rs_card *c, int side, const int *faces, int n, const int *units,
	int count, rules_error *err)
{
	rally_sums s;
	rally_sum(g, c, side, faces, n, &s);
	int named[MAX_TYPES] = { 0 };
	for (int i = 0; i < count; i++) {
		const hex_unit *u = &g->units[units[i]];
		if (u->side != side) {
			hex_game_fail(err, g, cards_rule(g, c), "'%s' is the enemy's: card '%s' returns figures to your own units", u->id,
				c->id);
			return false;
		}
		if (!u->alive) {
			hex_game_fail(err, g, cards_rule(g, c), "unit '%s' is destroyed: card '%s' never brings a unit back", u->id, c->id);
			return false;
		}
		int times = 0;
		for (int k = 0; k < count; k++)
			times += units[k] == units[i];
		int room = cards_rally_room(g, c, units[i]);
		if (times > room) {
			if (room == 0)
				hex_game_fail(err, g, cards_rule(g, c), "unit '%s' has lost no figures (%d of %d): it takes none back", u->id,
					u->figures, u->full);
			else
				hex_game_fail(err, g, cards_rule(g, c), "unit '%s' has %d of %d figures: it takes back %d, not %d; never above "
					"full strength", u->id, u->figures, u->full, room, times);
			return false;
		}
		int k = type_slot(&s, u->type);
		if (k >= 0)
			named[k]++;
	}
	/* Each figure needs a face of its unit's type or one for any type. */
	int extra = 0;
	for (int k = 0; k < s.types; k++)
		if (named[k] > s.typed[k]) {
			extra += named[k] - s.typed[k];
			if (extra > s.any) {
				hex_game_fail(err, g, cards_rule(g, c), "%d %s %s named, and the roll returns %d %s %s and %d for any unit "
					"(the faces of other types and the flags return nothing to %s)", named[k], s.type[k]->id,
					named[k] == 1 ? "figure" : "figures", s.typed[k], s.type[k]->id,
					s.typed[k] == 1 ? "figure" : "figures", s.any, s.type[k]->id);
				return false;
			}
		}
	int most = cards_rally_max(g, c, side, faces, n);
	if (count != most) {
		hex_game_fail(err, g, cards_rule(g, c), "the roll returns %d %s to your units that lost figures; %d named (one unit "
			"id a figure: 'rally REF...')", most, most == 1 ? "figure" : "figures", count);
		return false;
	}
	return true;
}

int cards_rally_plan(const hex_game *g, const rs_card *c, int side, const int *faces, int n, int *units, int max)
{
	rally_sums s;
	rally_sum(g, c, side, faces, n, &s);
	int *room = xcalloc(g->unit_count + 1, sizeof *room);
	for (size_t i = 0; i < g->unit_count; i++)
		room[i] = g->units[i].side == side ? cards_rally_room(g, c, (int)i) : 0;
	int count = 0;
	/* Typed faces first, then the faces for any type; each figure to the
	 * weakest unit that can take it. */
	for (int pass = 0; pass < 2; pass++) {
		for (int k = 0; k <= s.types; k++) {
			int *left = pass == 0 ? (k < s.types ? &s.typed[k] : NULL) : (k == 0 ? &s.any : NULL);
			if (!left)
				continue;
			while (*left > 0 && count < max) {
				int best = -1;
				for (size_t i = 0; i < g->unit_count; i++) {
					if (room[i] <= 0 || (pass == 0 && g->units[i].type != s.type[k]))
						continue;
					if (best < 0 || g->units[i].figures < g->units[best].figures)
						best = (int)i;
				}
				if (best < 0)
					break;
				room[best]--;
				units[count++] = best;
				(*left)--;
			}
		}
	}
	free(room);
	return count;
}
