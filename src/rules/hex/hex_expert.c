/* The hex game's part of the expert player (hex_expert.h). */
#include "hex_expert.h"

#include <stdlib.h>
#include <string.h>

#include "deck.h"
#include "hex_log.h"
#include "orders.h"

double hex_expert_material(const hex_game *g, int side)
{
	double mine = 0, all = 0;
	for (size_t i = 0; i < g->unit_count; i++)
		if (g->units[i].alive) {
			all += g->units[i].figures;
			mine += g->units[i].side == side ? g->units[i].figures : 0;
		}
	for (size_t i = 0; i < g->general_count; i++)
		if (g->generals[i].alive) {
			all += 1;
			mine += g->generals[i].side == side;
		}
	return all > 0 ? mine / all : 0.5;
}

double hex_expert_near_flags(const hex_game *g, int side)
{
	double near = 0;
	for (size_t i = 0; i < g->unit_count; i++) {
		const hex_unit *u = &g->units[i];
		if (!u->alive || u->side == side)
			continue;
		near += u->figures == 1 ? 0.5 : u->figures == 2 && u->full > 2 ? 0.2 : 0;
	}
	for (size_t i = 0; i < g->general_count; i++) {
		const hex_general *ge = &g->generals[i];
		if (ge->alive && ge->side != side && hex_game_units_at(g, ge->at, ge->side, NULL, 0) == 0)
			near += 0.2;
	}
	return near;
}

/* Whether the card's turn does something: orders a unit or general who
 * may act, or is a card the referee plays out itself (a rally, a
 * reinforcement, a sharpshooter, digging in). */
static bool opening_acts(const hex_game *g, int side, const order_card *oc)
{
	if (oc->kind == ORDER_UNREFEREED || oc->kind == ORDER_SHARPSHOOTER || oc->kind == ORDER_DIG)
		return true;
	return orders_card_usable(g, side, oc);
}

size_t hex_expert_openings(const referee *r, int side, char (*lines)[EXPERT_LINE_MAX], size_t max)
{
	const hex_game *g = r->g;
	const referee_hand *h = &r->hands[side];
	const order_card *last = r->has_last[1 - side] ? &r->last_played[1 - side] : NULL;
	size_t n = 0;
	/* A turn opens with its card; the first of the game, right after
	 * the deal. */
	if (r->phase != PHASE_START && r->phase != PHASE_SETUP)
		return 0;
	for (int i = 0; i < h->count; i++)
		for (int flank = -1; flank < hex_game_section_count(g); flank++) {
			order_card oc;
			rules_error why;
			if (!orders_from_card(g, side, h->cards[i], flank, last, &oc, &why) || !opening_acts(g, side, &oc))
				continue;
			char name[80];
			gl_action a = { 0 };
			a.kind = ACT_PLAY;
			a.side = (char *)g->sides[side].id;
			a.card = deck_format(g->rs, h->cards[i], name, sizeof name);
			a.section = flank >= 0 ? (char *)g->rs->sections[flank].id : NULL;
			char *text = hexlog_format(&a);
			bool known = false;
			for (size_t k = 0; text && k < n; k++)
				known = known || strcmp(lines[k], text) == 0;
			if (text && !known && n < max && strlen(text) < EXPERT_LINE_MAX)
				strcpy(lines[n++], text);
			free(text);
		}
	return n;
}
