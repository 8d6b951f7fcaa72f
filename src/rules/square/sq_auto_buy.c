/* The square automatic player's purchases and placement (sq_auto_impl.h):
 * what to buy within the purse (a navy when the sea needs one, saving for
 * an ironclad), whether its capital is threatened, and where the units
 * bought enter. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "sq_auto_impl.h"
#include "sq_referee.h"

/* ---- purchases and placement ---- */

static const rs_square_unit *unit_of(const ruleset *rs, bool naval, bool dearest)
{
	const rs_square_unit *best = NULL;
	for (size_t i = 0; i < rs->square.unit_count; i++) {
		const rs_square_unit *t = &rs->square.units[i];
		if (t->naval != naval || t->leader || t->cost <= 0)
			continue;
		if (!best || (dearest ? t->cost > best->cost : t->cost < best->cost))
			best = t;
	}
	return best;
}

static bool holds_port(const sq_game *g, int side)
{
	for (size_t i = 0; i < g->city_count; i++)
		if (g->cities[i].port && g->cities[i].owner == side)
			return true;
	return false;
}

static int ships_of(const sq_game *g, int side)
{
	int n = 0;
	for (size_t i = 0; i < g->piece_count; i++)
		if (g->pieces[i].alive && g->pieces[i].kind == SQ_SHIP && g->pieces[i].side == side)
			n++;
	return n;
}

/* An enemy ship at sea in the zone of a port the side holds (-1: any such
 * port): a target for a ship placed there. */
static bool enemy_ship_off(const sq_game *g, int side, long port)
{
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *d = &g->pieces[i];
		if (!d->alive || d->kind != SQ_SHIP || d->side == side || d->port >= 0 || d->zone < 0)
			continue;
		for (size_t k = 0; k < g->city_count; k++)
			if ((port < 0 || (long)k == port) && g->cities[k].port && g->cities[k].owner == side &&
				g->cities[k].zone == d->zone)
				return true;
	}
	return false;
}

/* Ships of the side and of its enemy in the waters joined to a zone. */
static void ships_in_waters(const sq_game *g, int side, long zone, int *mine, int *theirs)
{
	*mine = *theirs = 0;
	int dist[64];
	long parent[64];
	if (!sq_auto_zone_field(g, zone, dist, parent))
		return;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *s = &g->pieces[i];
		if (s->alive && s->kind == SQ_SHIP && s->zone >= 0 && dist[s->zone] >= 0)
			*(s->side == side ? mine : theirs) += 1;
	}
}

/* Whether the side lacks a ship in waters where the enemy has ships: a
 * port of its own lies there, and no ship of its own sails them. */
static bool needs_navy(const sq_game *g, int side)
{
	for (size_t k = 0; k < g->city_count; k++) {
		const sq_city *port = &g->cities[k];
		if (!port->port || port->owner != side)
			continue;
		int mine, theirs;
		ships_in_waters(g, side, port->zone, &mine, &theirs);
		if (theirs > 0 && mine == 0)
			return true;
	}
	return false;
}

bool sq_auto_capital_threatened(const sq_auto_ctx *c)
{
	const sq_game *g = c->g;
	return c->capital >= 0 && sq_auto_enemies_near(g, g->cities[c->capital].at, c->side, SQ_AUTO_THREAT) > 0;
}

/* The capital in danger: more enemy troops close to it than own troops
 * in and around it. */
bool sq_auto_capital_in_danger(const sq_auto_ctx *c)
{
	const sq_game *g = c->g;
	if (c->capital < 0)
		return false;
	grid_cell at = g->cities[c->capital].at;
	int own_near = 0;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (p->alive && p->on_map && p->kind == SQ_LAND && p->side == c->side && grid_distance(g->board, p->at, at) <= 1)
			own_near++;
	}
	return g->cities[c->capital].owner != c->side || sq_auto_enemies_near(g, at, c->side, 2) > own_near;
}

/* Buy: infantry within the allowance, cavalry and artillery, now and then
 * a gunboat, or save for an ironclad; no more than the cities can take. */
bool sq_auto_buy(sq_auto_ctx *c)
{
	if (c->st->strong)
		return sq_strong_buy(c);
	const sq_game *g = c->g;
	const ruleset *rs = g->rs;
	sq_auto *st = c->st;
	int side = c->side;
	if (g->bought_now)
		return false;
	/* The purse of the player to play: with four players his own. */
	const sq_purse *purse = sq_current_purse(g);
	int points = purse->points, allowance = purse->allowance;
	bool *saving = &st->saving[side][c->player >= 1 && c->player <= SQ_SIDE_PLAYERS ? c->player - 1 : 0];
	int room = sq_cities_held(g, side);
	for (size_t i = 0; i < g->bought_count; i++)
		if (g->bought[i].side == side)
			room--;
	if (room <= 0 || points <= 0)
		return false;
	bool threatened = sq_auto_capital_in_danger(c);
	const rs_square_unit *ironclad = unit_of(rs, true, true), *gunboat = unit_of(rs, true, false);
	sq_action a;
	sq_auto_make(&a, SQ_ACT_BUY, NULL, NULL, NULL);
	if (*saving && (threatened || !ironclad))
		*saving = false;
	if (*saving) {
		if (points < ironclad->cost) {
			sqlog_action_finish(&a);
			return false;
		}
		sq_auto_add_word(&a, ironclad->id);
		*saving = false;
		return sq_auto_offer(c, &a);
	}
	if (!threatened && ironclad && holds_port(g, side) && ships_of(g, side) < 4 && rng_below(c->r, 10) == 0) {
		*saving = true;
		sqlog_action_finish(&a);
		return false;
	}
	const rs_square_unit *limited = rs->square.limited_unit ? ruleset_find_square_unit(rs, rs->square.limited_unit) : NULL;
	while (room > 0 && points > 0) {
		const rs_square_unit *pick[8];
		int weight[8], n = 0, total = 0;
		for (size_t i = 0; i < rs->square.unit_count && n < 8; i++) {
			const rs_square_unit *t = &rs->square.units[i];
			if (t->leader || t->cost <= 0 || t->cost > points || (t == limited && allowance <= 0))
				continue;
			int w;
			/* A ship where the enemy has ships and it has none, even
			 * under pressure; else now and then. */
			bool navy = t->naval && (enemy_ship_off(g, side, -1) || needs_navy(g, side));
			if (t->naval && (t != gunboat || !holds_port(g, side)))
				w = 0;
			else if (t->naval)
				w = navy ? (threatened ? 1 : 3) : !threatened && ships_of(g, side) < 3 ? 1 : 0;
			else if (t == limited)
				w = threatened ? 8 : 3;
			else
				w = threatened ? 1 : 3;
			if (w > 0) {
				pick[n] = t;
				weight[n++] = w;
				total += w;
			}
		}
		if (n == 0)
			break;
		int roll = (int)rng_below(c->r, (uint32_t)total), k = 0;
		while (roll >= weight[k])
			roll -= weight[k++];
		sq_auto_add_word(&a, pick[k]->id);
		points -= pick[k]->cost;
		if (pick[k] == limited)
			allowance--;
		room--;
	}
	return sq_auto_offer_words(c, &a);
}

/* Where a unit bought enters best (lower is better): the capital first
 * when threatened; else the city nearest the enemy's troops; a ship where
 * troops wait for it. */
static int place_score(const sq_auto_ctx *c, const rs_square_unit *t, long city)
{
	const sq_game *g = c->g;
	const sq_city *q = &g->cities[city];
	if (t->coastal_fire && q->port && enemy_ship_off(g, c->side, city))
		return -100;
	if (t->naval) {
		int mine, theirs;
		ships_in_waters(g, c->side, q->zone, &mine, &theirs);
		return -sq_auto_waiting_in(c, city) - (enemy_ship_off(g, c->side, city) ? 10 : 0) - (theirs > mine ? 5 : 0);
	}
	if (c->st->strong)
		return sq_strong_place(c, t, city);
	if (city == c->capital && (sq_auto_capital_in_danger(c) || sq_land_count(g, q->at, c->side) < c->garrison))
		return -1000;
	int near = 1000;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (p->alive && p->on_map && p->kind == SQ_LAND && p->side != c->side) {
			int d = grid_distance(g->board, p->at, q->at);
			if (d < near)
				near = d;
		}
	}
	return near;
}

bool sq_auto_phase_place(sq_auto_ctx *c)
{
	const sq_game *g = c->g;
	char id[96], b[GRID_ADDRESS_MAX];
	for (size_t i = 0; i < g->bought_count; i++) {
		const sq_bought *bought = &g->bought[i];
		if (bought->side != c->side)
			continue;
		long order[256];
		size_t n = 0;
		for (size_t k = 0; k < g->city_count && n < 256; k++)
			if (g->cities[k].owner == c->side && (!bought->type->naval || g->cities[k].port))
				order[n++] = (long)k;
		/* The cities best first (a few, so a sort by insertion). */
		for (size_t x = 1; x < n; x++)
			for (size_t y = x; y > 0 && place_score(c, bought->type, order[y]) <
					place_score(c, bought->type, order[y - 1]); y--) {
				long tmp = order[y];
				order[y] = order[y - 1];
				order[y - 1] = tmp;
			}
		int number = c->st->placed;
		do
			snprintf(id, sizeof id, "%s-%s-%d", sq_side_id(g, c->side), bought->type->id, ++number);
		while (sq_find(g, id) >= 0);
		for (size_t k = 0; k < n; k++)
			if (sq_auto_offer_simple(c, SQ_ACT_PLACE, bought->type->id, grid_format(g->cities[order[k]].at, b), id)) {
				c->st->placed = number;
				return true;
			}
	}
	return false;
}
