/* The square automatic player by sea (sq_auto_impl.h): where troops land
 * on a coast, ships taking troops on in port and sailing to land them, to
 * fight or to fetch more, troops coming ashore, and coastal fire and naval
 * combat. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "sq_auto_impl.h"
#include "sq_referee.h"

/* ---- by sea ---- */

/* How good a square of a coast is to land on (lower is better; INT_MAX:
 * not at all): an enemy city there is taken at once; else near an enemy
 * city, away from the enemy's troops. */
/* coast: NULL, or the square's coast_mask (below), which answers the
 * first two questions at once. */
static int landing_score(const sq_auto_ctx *c, grid_cell at, long zone, const uint64_t *coast)
{
	const sq_game *g = c->g;
	if (coast ? zone < 0 || zone >= 64 || !((*coast >> zone) & 1) :
		!sq_auto_land_square(g, at) || !sq_coastal(g, at, zone))
		return INT_MAX;
	if (sq_enemy_at(g, at, c->side) || !sq_auto_has_room(g, at, c->side))
		return INT_MAX;
	int near = 100;
	for (size_t i = 0; i < g->city_count; i++)
		if (g->cities[i].owner != c->side) {
			int d = grid_distance(g->board, at, g->cities[i].at);
			if (g->cities[i].capital_of[c->enemy])
				d -= 1;
			if (d < near)
				near = d;
		}
	return 3 * near + 4 * sq_auto_enemies_near(g, at, c->side, 2);
}

/* Per square: the sea zones (below 64) it is a coast of, when troops
 * may stand on it (sq_auto_land_square and sq_coastal for each zone at
 * once); the map never changes, and a player looking for the best coast
 * of every zone asked each square again for each zone. */
static uint64_t *coast_masks(const sq_game *g)
{
	size_t n = grid_count(g->board);
	uint64_t *mask = xcalloc(n ? n : 1, sizeof *mask);
	for (size_t i = 0; i < n; i++) {
		grid_cell at = grid_from_index(g->board, i);
		if (!sq_auto_land_square(g, at))
			continue;
		grid_cell nb[GRID_NEIGHBOURS_MAX];
		int k = grid_neighbours(g->board, at, nb);
		for (int j = 0; j < k; j++) {
			long z = grid_on_board(g->board, nb[j]) ? sq_zone_of(g, nb[j]) : -1;
			if (z >= 0 && z < 64)
				mask[i] |= (uint64_t)1 << z;
		}
	}
	return mask;
}

static long best_landing(const sq_auto_ctx *c, long zone, const uint64_t *coast, int *score)
{
	const sq_game *g = c->g;
	size_t n = grid_count(g->board);
	long best = -1;
	*score = INT_MAX;
	for (size_t i = 0; i < n; i++) {
		int s = landing_score(c, grid_from_index(g->board, i), zone, &coast[i]);
		if (s < *score) {
			*score = s;
			best = (long)i;
		}
	}
	return best;
}

/* Zone steps from a zone; parent zones for the way back.  False when the
 * map has no zones to walk (or more than the player follows). */
bool sq_auto_zone_field(const sq_game *g, long from, int *dist, long *parent)
{
	size_t n = g->zone_count;
	long queue[64];
	size_t head = 0, tail = 0;
	if (n == 0 || n > 64 || from < 0 || (size_t)from >= n)
		return false;
	for (size_t i = 0; i < n; i++) {
		dist[i] = -1;
		parent[i] = -1;
	}
	dist[from] = 0;
	queue[tail++] = from;
	while (head < tail) {
		long z = queue[head++];
		for (size_t k = 0; k < n && tail < 64; k++)
			if (dist[k] < 0 && g->zone_adjacent[(size_t)z * n + k]) {
				dist[k] = dist[z] + 1;
				parent[k] = z;
				queue[tail++] = (long)k;
			}
	}
	return true;
}

/* A ship's voyage toward a zone (and into a port there, port >= 0): out
 * of its port into its zone, then as many zones of the way as its move
 * allows. */
static bool offer_voyage(sq_auto_ctx *c, const sq_piece *ship, long zone, long port)
{
	const sq_game *g = c->g;
	int dist[64];
	long parent[64];
	if (!sq_auto_zone_field(g, ship->zone, dist, parent) || dist[zone] < 0)
		return false;
	long way[64];
	int count = 0;
	for (long z = zone; z >= 0 && z != ship->zone; z = parent[z])
		way[count++] = z;
	int per = g->rs->square.play.zone_steps > 0 ? g->rs->square.play.zone_steps : 1;
	int most = ship->type->move / per;
	sq_action a;
	sq_auto_make(&a, SQ_ACT_MOVE, ship->id, NULL, NULL);
	if (ship->port >= 0)
		sq_auto_add_word(&a, g->sc->sea_zones[ship->zone].id.text);
	int sailed = 0;
	for (int i = count - 1; i >= 0 && sailed < most; i--, sailed++)
		sq_auto_add_word(&a, g->sc->sea_zones[way[i]].id.text);
	if (port >= 0 && sailed == count && g->rs->square.play.port_steps + sailed * per <= ship->type->move)
		sq_auto_add_word(&a, g->sc->cities[port].id.text);
	if (a.word_count == 0) {
		sqlog_action_finish(&a);
		return false;
	}
	return sq_auto_offer(c, &a);
}

static int cargo_of(const sq_game *g, long ship)
{
	int n = 0;
	for (size_t i = 0; i < g->piece_count; i++)
		if (g->pieces[i].alive && g->pieces[i].aboard == ship)
			n++;
	return n;
}

/* Land units of the player standing free in a port (not its garrison). */
int sq_auto_waiting_in(const sq_auto_ctx *c, long city)
{
	const sq_game *g = c->g;
	int n = 0;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (sq_auto_own(c, p) && p->kind == SQ_LAND && p->on_map && grid_cell_equal(p->at, g->cities[city].at) && !sq_auto_garrisoned(c, p))
			n++;
	}
	return n;
}

/* Troops in a port board the ship lying there (one at a time). */
bool sq_auto_ship_takes_on(sq_auto_ctx *c, long s)
{
	const sq_game *g = c->g;
	const sq_piece *ship = &g->pieces[s];
	if (!sq_auto_own(c, ship) || ship->kind != SQ_SHIP || ship->port < 0 || sq_ship_room(g, s) <= 0)
		return false;
	/* In the movement step the ship must still be able to sail away with
	 * them; in the non-combat step they board for next turn. */
	if (g->step == SQ_STEP_MOVE && (ship->moved || !sq_auto_roll_left(g, ship, 2)))
		return false;
	const sq_city *port = &g->cities[ship->port];
	if (port->owner != c->side || sq_auto_enemies_near(g, port->at, c->side, 2) > 0)
		return false;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (sq_auto_own(c, p) && p->kind == SQ_LAND && p->on_map && !p->moved && grid_cell_equal(p->at, port->at) &&
			!sq_auto_garrisoned(c, p) && sq_auto_roll_left(g, p, 1) && sq_auto_offer_simple(c, SQ_ACT_EMBARK, p->id, ship->id, NULL))
			return true;
	}
	return false;
}

/* The zone of the coast to carry troops to: the best landing, a zone
 * further away weighing a little more. */
static long invasion_zone(const sq_auto_ctx *c, const sq_piece *ship)
{
	const sq_game *g = c->g;
	size_t n = g->zone_count;
	int dist[64];
	long parent[64];
	if (!sq_auto_zone_field(g, ship->zone, dist, parent))
		return -1;
	long best = -1;
	int best_score = INT_MAX;
	uint64_t *coast = coast_masks(g);
	for (size_t z = 0; z < n; z++) {
		if (dist[z] < 0)
			continue;
		int s;
		if (best_landing(c, (long)z, coast, &s) < 0)
			continue;
		s += 3 * dist[z];
		if (s < best_score) {
			best_score = s;
			best = (long)z;
		}
	}
	free(coast);
	return best;
}

/* The enemy ship at sea nearest by zones (dist: the ship's zone field)
 * that the ship can beat, or -1. */
static long prey_of(const sq_auto_ctx *c, const sq_piece *ship, const int *dist, int *zone_dist)
{
	const sq_game *g = c->g;
	long best = -1;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *d = &g->pieces[i];
		if (!d->alive || d->kind != SQ_SHIP || d->side == c->side || d->port >= 0 || d->zone < 0 ||
			dist[d->zone] < 0 || ship->type->attack < d->type->defend)
			continue;
		if (best < 0 || dist[d->zone] < *zone_dist) {
			best = (long)i;
			*zone_dist = dist[d->zone];
		}
	}
	return best;
}

/* The friendly port where troops wait for a ship, nearest by zones. */
static long pickup_port(const sq_auto_ctx *c, const sq_piece *ship, const int *dist)
{
	const sq_game *g = c->g;
	long best = -1;
	int best_d = 0;
	for (size_t i = 0; i < g->city_count; i++) {
		const sq_city *city = &g->cities[i];
		if (!city->port || city->owner != c->side || city->zone < 0 || dist[city->zone] < 0 ||
			(long)i == ship->port)
			continue;
		int d = dist[city->zone] * 2 - sq_auto_waiting_in(c, (long)i);
		if (sq_auto_waiting_in(c, (long)i) == 0)
			d += 6;
		if (best < 0 || d < best_d) {
			best = (long)i;
			best_d = d;
		}
	}
	return best;
}

bool sq_auto_ship_sails(sq_auto_ctx *c, long s)
{
	const sq_game *g = c->g;
	const sq_piece *ship = &g->pieces[s];
	if (!sq_auto_own(c, ship) || ship->kind != SQ_SHIP || ship->moved || !sq_auto_roll_left(g, ship, 1))
		return false;
	if (cargo_of(g, s) > 0) {
		long z = invasion_zone(c, ship);
		/* Out of port into its own zone, or on toward the coast. */
		return z >= 0 && (z != ship->zone || ship->port >= 0) && offer_voyage(c, ship, z, -1);
	}
	int dist[64], zd = 0;
	long parent[64];
	if (!sq_auto_zone_field(g, ship->zone, dist, parent))
		return false;
	long prey = prey_of(c, ship, dist, &zd);
	if (prey >= 0)
		return (zd > 0 || ship->port >= 0) && offer_voyage(c, ship, g->pieces[prey].zone, -1);
	long port = pickup_port(c, ship, dist);
	if (port < 0) {
		/* Nothing to fetch: at sea, go home to a port of the zone. */
		if (ship->port >= 0)
			return false;
		for (size_t i = 0; i < g->city_count; i++)
			if (g->cities[i].port && g->cities[i].owner == c->side && g->cities[i].zone == ship->zone)
				return offer_voyage(c, ship, ship->zone, (long)i);
		return false;
	}
	if (ship->port >= 0 && sq_auto_waiting_in(c, ship->port) > 0)
		return false;
	if (sq_auto_waiting_in(c, port) == 0 && ship->port >= 0)
		return false;
	return offer_voyage(c, ship, g->cities[port].zone, port);
}

bool sq_auto_unit_lands(sq_auto_ctx *c, long piece)
{
	const sq_game *g = c->g;
	const sq_piece *p = &g->pieces[piece];
	if (!sq_auto_own(c, p) || p->kind != SQ_LAND || p->aboard < 0 || (p->moved && !p->embarked) || !sq_auto_roll_left(g, p, 1))
		return false;
	const sq_piece *ship = &g->pieces[p->aboard];
	/* In port the troops wait for the ship to sail; at sea they land once
	 * the ship is off the coast it sails for. */
	if (ship->port >= 0 || ship->zone < 0 || invasion_zone(c, ship) != ship->zone)
		return false;
	/* The best squares of the coast first, until the referee takes one
	 * (a friendly city that is no port, say, it does not). */
	size_t n = grid_count(g->board);
	long order[64];
	int score[64], count = 0;
	for (size_t i = 0; i < n; i++) {
		int sc = landing_score(c, grid_from_index(g->board, i), ship->zone, NULL);
		if (sc == INT_MAX)
			continue;
		int k = count < 64 ? count++ : 63;
		if (k == 63 && sc >= score[63])
			continue;
		for (; k > 0 && score[k - 1] > sc; k--) {
			order[k] = order[k - 1];
			score[k] = score[k - 1];
		}
		order[k] = (long)i;
		score[k] = sc;
	}
	char b[GRID_ADDRESS_MAX];
	for (int k = 0; k < count && k < 8; k++)
		if (sq_auto_offer_simple(c, SQ_ACT_LAND, p->id, grid_format(grid_from_index(g->board, (size_t)order[k]), b), NULL))
			return true;
	return false;
}

/* ---- fights at sea ---- */

/* Whether coastal fire at the ship is worth the artillery's combat of the
 * turn: never while an enemy it could hit stands in its own capital; else
 * when a ship (worth about two shots at troops) is the better target. */
static bool fire_worth(const sq_auto_ctx *c, const sq_piece *p, long piece)
{
	const sq_game *g = c->g;
	int faces = c->faces;
	int best = 0;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *d = &g->pieces[i];
		if (!d->alive || !d->on_map || d->kind == SQ_SHIP || d->side == p->side ||
			grid_distance(g->board, p->at, d->at) > p->type->range)
			continue;
		if (c->capital >= 0 && grid_cell_equal(d->at, g->cities[c->capital].at))
			return false;
		int v = sq_auto_attack_value(c, piece, (long)i);
		if (v > best)
			best = v;
	}
	return 2 * sq_auto_factor(g, piece, p->at, false) * faces > best;
}

/* How the player's piece may fight the enemy ship at sea, if at all:
 * artillery on land fires from a port of the ship's zone its side holds
 * (or next to one), once a turn; a ship at sea fights a ship of its zone
 * its naval rounds, against a stronger one only on a coin's toss. */
static bool sea_fight(sq_auto_ctx *c, long piece, const sq_piece *d, sq_act_kind *kind)
{
	const sq_piece *p = &c->g->pieces[piece];
	const sq_game *g = c->g;
	if (p->kind == SQ_LAND) {
		/* Firing at a ship is the artillery's combat for the turn: not
		 * while an enemy it could hit on land stands in its capital. */
		*kind = SQ_ACT_FIRE;
		return p->on_map && !p->fought && p->type->coastal_fire && sq_auto_fire_port(g, p, d->zone) && fire_worth(c, p, piece);
	}
	*kind = SQ_ACT_NAVAL;
	if (p->kind != SQ_SHIP || p->port >= 0 || p->zone != d->zone || p->naval_rounds >= g->rs->square.naval_rounds)
		return false;
	return p->type->attack >= d->type->defend || rng_below(c->r, 2) == 0;
}

bool sq_auto_fires_at_sea(sq_auto_ctx *c, long piece)
{
	const sq_game *g = c->g;
	const sq_piece *p = &g->pieces[piece];
	if (!sq_auto_own(c, p) || p->kind == SQ_GENERAL)
		return false;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *d = &g->pieces[i];
		sq_act_kind kind;
		if (d->alive && d->kind == SQ_SHIP && d->side != c->side && d->port < 0 && d->zone >= 0 &&
			sea_fight(c, piece, d, &kind) && sq_auto_offer_simple(c, kind, p->id, d->id, NULL))
			return true;
	}
	return false;
}
