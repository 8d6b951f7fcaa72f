/* The square game's automatic player.  A turn is a list of phases per step
 * (purchase, movement, combat, non-combat movement, placement); each call
 * goes on from the phase and piece it stopped at, so a turn costs one pass
 * over the pieces per phase.  Legality is never re-derived: every proposal
 * is tried on a copy of the game with the referee (sq_apply), and only an
 * accepted one leaves.  The player's preferences (where to go, whom to
 * fight, what to buy) are its own, with the choice stream breaking ties so
 * that seeds give different games. */
#include "sq_auto.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "sq_referee.h"

/* Rounds of one combat before the attacker breaks off whatever the dice. */
#define SQ_AUTO_MAX_ROUNDS 8
/* Actions of one turn before the player moves on to the turn's end: a
 * guard against a plan that never finishes. */
#define SQ_AUTO_MAX_ACTIONS 400
/* How near an enemy land unit makes a city threatened (squares). */
#define SQ_AUTO_THREAT 3

typedef enum {
	PH_GARRISON,  /* fill the capital's garrison */
	PH_EMBARK,    /* troops in a port board a ship lying there */
	PH_SAIL,      /* ships sail: with troops to a weak coast, else to fight or to fetch troops */
	PH_LAND,      /* troops aboard come ashore */
	PH_CAPTURE,   /* land units walk into enemy cities no one guards, capitals first */
	PH_UNITS,     /* land units march toward the enemy's cities */
	PH_GENERALS,  /* generals follow the front */
	PH_SEA,       /* coastal fire and naval combat */
	PH_ATTACK,    /* land combat: new combats and the rounds of the one under way */
	PH_PLACE,     /* units bought enter the cities */
} sq_phase;

static const sq_phase MOVE_PHASES[] = { PH_GARRISON, PH_CAPTURE, PH_EMBARK, PH_SAIL, PH_LAND, PH_UNITS, PH_GENERALS,
	PH_SEA, PH_ATTACK };
static const sq_phase COMBAT_PHASES[] = { PH_SEA, PH_ATTACK };
static const sq_phase REDEPLOY_PHASES[] = { PH_GARRISON, PH_CAPTURE, PH_EMBARK, PH_UNITS, PH_GENERALS, PH_PLACE };
static const sq_phase PLACE_PHASES[] = { PH_PLACE };

/* What one call works with. */
typedef struct ctx {
	const sq_game *g;
	sq_auto *st;
	rng *r;
	int side, enemy, player;
	long capital;        /* the side's own capital (a city index), -1 none */
	int garrison;        /* land units its capital should hold now */
	sq_action *out;
	int faces;           /* of the combat die: the ruleset's, which the loader requires */
} ctx;

static bool capital_in_danger(const ctx *c);
static int attack_value(const ctx *c, long u, long t);

/* ---- small look-ups ---- */

static bool own(const ctx *c, const sq_piece *p)
{
	return p->alive && p->side == c->side && (c->g->seat_count <= 2 || p->player == c->player);
}

static bool land_square(const sq_game *g, grid_cell at)
{
	if (!grid_on_board(g->board, at) || position_water(g->pos, at))
		return false;
	const rs_terrain *t = position_terrain(g->pos, at);
	return !t || t->passable;
}

static int stacking(const sq_game *g)
{
	return g->rs->square.play.stacking > 0 ? g->rs->square.play.stacking : 1000;
}

static bool has_room(const sq_game *g, grid_cell at, int side)
{
	return sq_land_count(g, at, side) < stacking(g);
}

/* Enemy land units (of the side's enemy) within radius squares. */
static int enemies_near(const sq_game *g, grid_cell at, int side, int radius)
{
	int n = 0;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (p->alive && p->on_map && p->kind == SQ_LAND && p->side != side &&
			grid_distance(g->board, p->at, at) <= radius)
			n++;
	}
	return n;
}

/* The side's land units and generals in play: the measure of a combat's
 * losses. */
static int pieces_alive(const sq_game *g, int side)
{
	int n = 0;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (p->alive && p->side == side && p->kind != SQ_SHIP && (p->on_map || p->aboard >= 0))
			n++;
	}
	return n;
}

static long capital_of(const sq_game *g, int side)
{
	for (size_t i = 0; i < g->city_count; i++)
		if (g->cities[i].capital_of[side])
			return (long)i;
	return -1;
}

static bool is_capital(const sq_game *g, grid_cell at)
{
	long city = sq_city_at(g, at);
	return city >= 0 && (g->cities[city].capital_of[0] || g->cities[city].capital_of[1]);
}

/* A land unit that keeps the capital: it stands there and the garrison
 * would fall short without it. */
static bool garrisoned(const ctx *c, const sq_piece *p)
{
	if (c->capital < 0 || p->kind != SQ_LAND || !p->on_map)
		return false;
	const sq_city *cap = &c->g->cities[c->capital];
	return cap->owner == c->side && grid_cell_equal(p->at, cap->at) && sq_land_count(c->g, cap->at, c->side) <= c->garrison;
}

/* Whether the movement (or non-combat) roll lets the piece move. */
static bool roll_left(const sq_game *g, const sq_piece *p, int needed)
{
	return p->counted || g->roll - g->counted >= needed;
}

static int factor(const sq_game *g, long piece, grid_cell at, bool defending)
{
	sq_factor f;
	sq_fight_factor(g, piece, at, defending, &f);
	return sq_capped(g->rs, f.factor);
}

static bool done_at(const sq_auto *st, long cell)
{
	for (int i = 0; i < st->done_count; i++)
		if (st->done[i] == cell)
			return true;
	return false;
}

static void mark_done(sq_auto *st, long cell)
{
	if (!done_at(st, cell) && st->done_count < SQ_AUTO_DONE_MAX)
		st->done[st->done_count++] = cell;
}

/* ---- proposals, tried with the referee ---- */

static void make(sq_action *a, sq_act_kind kind, const char *subject, const char *object, const char *extra)
{
	memset(a, 0, sizeof *a);
	a->kind = kind;
	a->subject = subject ? xstrdup(subject) : NULL;
	a->object = object ? xstrdup(object) : NULL;
	a->extra = extra ? xstrdup(extra) : NULL;
}

static void add_word(sq_action *a, const char *word)
{
	a->words = xrealloc(a->words, (a->word_count + 1) * sizeof *a->words);
	a->words[a->word_count++] = xstrdup(word);
}

/* Whether the referee accepts the action now: tried on a copy of the game,
 * the dice it leaves out rolled on a scratch stream. */
static bool accepted(const sq_game *g, const sq_action *a)
{
	sq_game *trial = sq_game_clone(g);
	sq_action copy;
	sqlog_action_copy(&copy, a);
	rng scratch;
	rng_seed(&scratch, 1);
	rules_error err;
	bool ok = sq_apply(trial, &copy, &scratch, &err);
	sqlog_action_finish(&copy);
	sq_game_destroy(trial);
	return ok;
}

/* The action in *out when the referee accepts it; else nothing. */
static bool offer(ctx *c, sq_action *a)
{
	if (!accepted(c->g, a)) {
		sqlog_action_finish(a);
		return false;
	}
	*c->out = *a;
	return true;
}

static bool offer_simple(ctx *c, sq_act_kind kind, const char *subject, const char *object, const char *extra)
{
	sq_action a;
	make(&a, kind, subject, object, extra);
	return offer(c, &a);
}

/* ---- walking the land ---- */

/* Steps over land from a square (mountains and sea left out; units do not
 * block): -1 where it cannot be reached.  A new array over grid indices. */
static int *land_field(const sq_game *g, grid_cell from)
{
	size_t n = grid_count(g->board);
	int *dist = xmalloc(n * sizeof *dist);
	size_t *queue = xmalloc(n * sizeof *queue);
	for (size_t i = 0; i < n; i++)
		dist[i] = -1;
	size_t head = 0, tail = 0;
	long start = grid_index(g->board, from);
	if (start >= 0) {
		dist[start] = 0;
		queue[tail++] = (size_t)start;
	}
	while (head < tail) {
		size_t i = queue[head++];
		grid_cell nb[GRID_NEIGHBOURS_MAX];
		int k = grid_neighbours(g->board, grid_from_index(g->board, i), nb);
		for (int j = 0; j < k; j++) {
			long x = grid_index(g->board, nb[j]);
			if (x >= 0 && dist[x] < 0 && land_square(g, nb[j])) {
				dist[x] = dist[i] + 1;
				queue[tail++] = (size_t)x;
			}
		}
	}
	free(queue);
	return dist;
}

/* Where a land unit or general may go this move: the squares within its
 * move through land no enemy holds (friendly stacks may be passed), each
 * with the square it came from.  reach[i] is the steps, -1 unreached. */
typedef struct reach {
	int *steps;
	long *from;
} reach;

static void reach_of(const sq_game *g, const sq_piece *p, reach *out)
{
	size_t n = grid_count(g->board);
	out->steps = xmalloc(n * sizeof *out->steps);
	out->from = xmalloc(n * sizeof *out->from);
	size_t *queue = xmalloc(n * sizeof *queue);
	for (size_t i = 0; i < n; i++) {
		out->steps[i] = -1;
		out->from[i] = -1;
	}
	size_t head = 0, tail = 0;
	long start = grid_index(g->board, p->at);
	if (start >= 0) {
		out->steps[start] = 0;
		queue[tail++] = (size_t)start;
	}
	while (head < tail) {
		size_t i = queue[head++];
		if (out->steps[i] >= p->type->move)
			continue;
		grid_cell nb[GRID_NEIGHBOURS_MAX];
		int k = grid_neighbours(g->board, grid_from_index(g->board, i), nb);
		for (int j = 0; j < k; j++) {
			long x = grid_index(g->board, nb[j]);
			if (x >= 0 && out->steps[x] < 0 && land_square(g, nb[j]) && !sq_enemy_at(g, nb[j], p->side)) {
				out->steps[x] = out->steps[i] + 1;
				out->from[x] = (long)i;
				queue[tail++] = (size_t)x;
			}
		}
	}
	free(queue);
}

static void reach_free(reach *r)
{
	free(r->steps);
	free(r->from);
}

/* A move of the piece to the square (a grid index) along its reach. */
static bool offer_move(ctx *c, const sq_piece *p, const reach *r, long to)
{
	const sq_game *g = c->g;
	long path[64];
	int n = 0;
	for (long x = to; x >= 0 && r->steps[x] > 0 && n < 64; x = r->from[x])
		path[n++] = x;
	sq_action a;
	make(&a, SQ_ACT_MOVE, p->id, NULL, NULL);
	char b[GRID_ADDRESS_MAX];
	for (int i = n - 1; i >= 0; i--)
		add_word(&a, grid_format(grid_from_index(g->board, (size_t)path[i]), b));
	return offer(c, &a);
}

/* The best square of the piece's reach by a score (lower is better; the
 * score function gives INT_MAX for none), only when better than staying:
 * ties are broken by the choice stream. */
typedef int score_fn(const ctx *c, const sq_piece *p, grid_cell at, const void *data);

static long best_square(const ctx *c, const sq_piece *p, const reach *r, score_fn *score, const void *data)
{
	const sq_game *g = c->g;
	size_t n = grid_count(g->board);
	int best = score(c, p, p->at, data);
	long choice = -1;
	int ties = 0;
	for (size_t i = 0; i < n; i++) {
		if (r->steps[i] <= 0)
			continue;
		grid_cell at = grid_from_index(g->board, i);
		if (p->kind == SQ_LAND && !has_room(g, at, p->side))
			continue;
		int s = score(c, p, at, data);
		if (s == INT_MAX)
			continue;
		if (s < best) {
			best = s;
			choice = (long)i;
			ties = 1;
		} else if (s == best && choice >= 0 && rng_below(c->r, (uint32_t)++ties) == 0) {
			choice = (long)i;
		}
	}
	return choice;
}

/* ---- where land units go ---- */

/* The square a land unit heads for: its lost capital when near, else the
 * enemy city that is nearest, weighted toward the capital and toward
 * cities no enemy guards. */
static bool target_of(const ctx *c, const sq_piece *p, grid_cell *out)
{
	const sq_game *g = c->g;
	long lost = sq_capital_lost(g, c->side);
	if (lost >= 0 && grid_distance(g->board, p->at, g->cities[lost].at) <= 8) {
		*out = g->cities[lost].at;
		return true;
	}
	long best = -1;
	int best_score = 0;
	for (size_t i = 0; i < g->city_count; i++) {
		const sq_city *city = &g->cities[i];
		if (city->owner == c->side)
			continue;
		int s = 4 * grid_distance(g->board, p->at, city->at) + (int)rng_below(c->r, 4);
		if (city->capital_of[c->enemy])
			s -= 12;
		if (enemies_near(g, city->at, c->side, 1) == 0)
			s -= 6;
		if (best < 0 || s < best_score) {
			best = (long)i;
			best_score = s;
		}
	}
	if (best < 0)
		return false;
	*out = g->cities[best].at;
	return true;
}

static int score_field(const ctx *c, const sq_piece *p, grid_cell at, const void *data)
{
	(void)p;
	const int *field = data;
	long i = grid_index(c->g->board, at);
	return i < 0 || field[i] < 0 ? INT_MAX : field[i];
}

/* A move of the land unit toward the square, when it gets nearer. */
static bool march(ctx *c, const sq_piece *p, grid_cell target)
{
	int *field = land_field(c->g, target);
	reach r;
	reach_of(c->g, p, &r);
	long to = best_square(c, p, &r, score_field, field);
	bool ok = to >= 0 && offer_move(c, p, &r, to);
	reach_free(&r);
	free(field);
	return ok;
}

/* Whether an enemy stands where the unit could attack it now. */
static bool engaged(const sq_game *g, const sq_piece *p)
{
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *d = &g->pieces[i];
		if (d->alive && d->on_map && d->kind != SQ_SHIP && d->side != p->side &&
			grid_distance(g->board, p->at, d->at) <= p->type->range)
			return true;
	}
	return false;
}

/* A move of one of the player's land units into the square, by the first
 * unit (in file order) that reaches it this move; the capital's garrison
 * stays. */
static bool walk_in(ctx *c, grid_cell to)
{
	const sq_game *g = c->g;
	long at = grid_index(g->board, to);
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (!own(c, p) || p->kind != SQ_LAND || !p->on_map || p->moved || !roll_left(g, p, 1) ||
			grid_cell_equal(p->at, to) || garrisoned(c, p) || grid_distance(g->board, p->at, to) > p->type->move)
			continue;
		reach r;
		reach_of(g, p, &r);
		bool ok = r.steps[at] > 0 && offer_move(c, p, &r, at);
		reach_free(&r);
		if (ok)
			return true;
	}
	return false;
}

static bool phase_garrison(ctx *c)
{
	const sq_game *g = c->g;
	if (c->capital < 0)
		return false;
	const sq_city *cap = &g->cities[c->capital];
	return cap->owner == c->side && sq_land_count(g, cap->at, c->side) < c->garrison && walk_in(c, cap->at);
}

/* An enemy city no enemy stands in, within a unit's move: taken by
 * walking in (the own lost capital first, then the capitals). */
static bool phase_capture(ctx *c)
{
	const sq_game *g = c->g;
	long lost = sq_capital_lost(g, c->side);
	for (int pass = 0; pass < 3; pass++)
		for (size_t k = 0; k < g->city_count; k++) {
			const sq_city *city = &g->cities[k];
			bool capital = city->capital_of[0] || city->capital_of[1];
			int rank = (long)k == lost ? 0 : capital ? 1 : 2;
			if (rank == pass && city->owner != c->side && !sq_enemy_at(g, city->at, c->side) &&
				has_room(g, city->at, c->side) && walk_in(c, city->at))
				return true;
		}
	return false;
}

/* Whether a port of the zone that the unit's side holds lies in or next
 * to the unit's square: where its coastal fire reaches the zone. */
static bool fire_port(const sq_game *g, const sq_piece *p, long zone)
{
	for (size_t k = 0; k < g->city_count; k++)
		if (g->cities[k].port && g->cities[k].owner == p->side && g->cities[k].zone == zone && zone >= 0 &&
			grid_distance(g->board, g->cities[k].at, p->at) <= 1)
			return true;
	return false;
}

/* Artillery with an enemy ship at sea within its coastal fire. */
static bool ship_in_sight(const sq_game *g, const sq_piece *p)
{
	if (!p->type->coastal_fire)
		return false;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *d = &g->pieces[i];
		if (d->alive && d->kind == SQ_SHIP && d->side != p->side && d->port < 0 && fire_port(g, p, d->zone))
			return true;
	}
	return false;
}

/* A land unit on its way: not the capital's garrison, not a unit with an
 * enemy to fight where it stands (on land, or a ship off the coast). */
static bool unit_marches(ctx *c, long piece)
{
	const sq_game *g = c->g;
	const sq_piece *p = &g->pieces[piece];
	grid_cell target;
	return own(c, p) && p->kind == SQ_LAND && p->on_map && !p->moved && roll_left(g, p, 1) && !garrisoned(c, p) &&
		!engaged(g, p) && !ship_in_sight(g, p) && target_of(c, p, &target) && march(c, p, target);
}

/* Generals: near the friendly unit closest to the enemy's capital, on a
 * square with friendly troops rather than alone. */
static int score_general(const ctx *c, const sq_piece *p, grid_cell at, const void *data)
{
	(void)p;
	const grid_cell *front = data;
	const sq_game *g = c->g;
	int s = 3 * grid_distance(g->board, at, *front);
	if (sq_land_count(g, at, c->side) == 0)
		s += 4;
	s += 2 * enemies_near(g, at, c->side, 1);
	return s;
}

static bool general_follows(ctx *c, long piece)
{
	const sq_game *g = c->g;
	const sq_piece *p = &g->pieces[piece];
	if (!own(c, p) || p->kind != SQ_GENERAL || !p->on_map || p->moved)
		return false;
	long enemy_cap = capital_of(g, c->enemy);
	long front = -1;
	int best = 0;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *q = &g->pieces[i];
		if (q->alive && q->on_map && q->kind == SQ_LAND && q->side == c->side) {
			int d = enemy_cap >= 0 ? grid_distance(g->board, q->at, g->cities[enemy_cap].at)
					       : grid_distance(g->board, q->at, p->at);
			if (front < 0 || d < best) {
				front = (long)i;
				best = d;
			}
		}
	}
	if (front < 0)
		return false;
	grid_cell to = g->pieces[front].at;
	reach r;
	reach_of(g, p, &r);
	long sq = best_square(c, p, &r, score_general, &to);
	bool ok = sq >= 0 && offer_move(c, p, &r, sq);
	reach_free(&r);
	return ok;
}

/* ---- by sea ---- */

/* How good a square of a coast is to land on (lower is better; INT_MAX:
 * not at all): an enemy city there is taken at once; else near an enemy
 * city, away from the enemy's troops. */
static int landing_score(const ctx *c, grid_cell at, long zone)
{
	const sq_game *g = c->g;
	if (!land_square(g, at) || !sq_coastal(g, at, zone) || sq_enemy_at(g, at, c->side) || !has_room(g, at, c->side))
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
	return 3 * near + 4 * enemies_near(g, at, c->side, 2);
}

static long best_landing(const ctx *c, long zone, int *score)
{
	const sq_game *g = c->g;
	size_t n = grid_count(g->board);
	long best = -1;
	*score = INT_MAX;
	for (size_t i = 0; i < n; i++) {
		int s = landing_score(c, grid_from_index(g->board, i), zone);
		if (s < *score) {
			*score = s;
			best = (long)i;
		}
	}
	return best;
}

/* Zone steps from a zone; parent zones for the way back.  False when the
 * map has no zones to walk (or more than the player follows). */
static bool zone_field(const sq_game *g, long from, int *dist, long *parent)
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
static bool offer_voyage(ctx *c, const sq_piece *ship, long zone, long port)
{
	const sq_game *g = c->g;
	int dist[64];
	long parent[64];
	if (!zone_field(g, ship->zone, dist, parent) || dist[zone] < 0)
		return false;
	long way[64];
	int count = 0;
	for (long z = zone; z >= 0 && z != ship->zone; z = parent[z])
		way[count++] = z;
	int per = g->rs->square.play.zone_steps > 0 ? g->rs->square.play.zone_steps : 1;
	int most = ship->type->move / per;
	sq_action a;
	make(&a, SQ_ACT_MOVE, ship->id, NULL, NULL);
	if (ship->port >= 0)
		add_word(&a, g->sc->sea_zones[ship->zone].id.text);
	int sailed = 0;
	for (int i = count - 1; i >= 0 && sailed < most; i--, sailed++)
		add_word(&a, g->sc->sea_zones[way[i]].id.text);
	if (port >= 0 && sailed == count && g->rs->square.play.port_steps + sailed * per <= ship->type->move)
		add_word(&a, g->sc->cities[port].id.text);
	if (a.word_count == 0) {
		sqlog_action_finish(&a);
		return false;
	}
	return offer(c, &a);
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
static int waiting_in(const ctx *c, long city)
{
	const sq_game *g = c->g;
	int n = 0;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (own(c, p) && p->kind == SQ_LAND && p->on_map && grid_cell_equal(p->at, g->cities[city].at) && !garrisoned(c, p))
			n++;
	}
	return n;
}

/* Troops in a port board the ship lying there (one at a time). */
static bool ship_takes_on(ctx *c, long s)
{
	const sq_game *g = c->g;
	const sq_piece *ship = &g->pieces[s];
	if (!own(c, ship) || ship->kind != SQ_SHIP || ship->port < 0 || sq_ship_room(g, s) <= 0)
		return false;
	/* In the movement step the ship must still be able to sail away with
	 * them; in the non-combat step they board for next turn. */
	if (g->step == SQ_STEP_MOVE && (ship->moved || !roll_left(g, ship, 2)))
		return false;
	const sq_city *port = &g->cities[ship->port];
	if (port->owner != c->side || enemies_near(g, port->at, c->side, 2) > 0)
		return false;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (own(c, p) && p->kind == SQ_LAND && p->on_map && !p->moved && grid_cell_equal(p->at, port->at) &&
			!garrisoned(c, p) && roll_left(g, p, 1) && offer_simple(c, SQ_ACT_EMBARK, p->id, ship->id, NULL))
			return true;
	}
	return false;
}

/* The zone of the coast to carry troops to: the best landing, a zone
 * further away weighing a little more. */
static long invasion_zone(const ctx *c, const sq_piece *ship)
{
	const sq_game *g = c->g;
	size_t n = g->zone_count;
	int dist[64];
	long parent[64];
	if (!zone_field(g, ship->zone, dist, parent))
		return -1;
	long best = -1;
	int best_score = INT_MAX;
	for (size_t z = 0; z < n; z++) {
		if (dist[z] < 0)
			continue;
		int s;
		if (best_landing(c, (long)z, &s) < 0)
			continue;
		s += 3 * dist[z];
		if (s < best_score) {
			best_score = s;
			best = (long)z;
		}
	}
	return best;
}

/* The enemy ship at sea nearest by zones (dist: the ship's zone field)
 * that the ship can beat, or -1. */
static long prey_of(const ctx *c, const sq_piece *ship, const int *dist, int *zone_dist)
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
static long pickup_port(const ctx *c, const sq_piece *ship, const int *dist)
{
	const sq_game *g = c->g;
	long best = -1;
	int best_d = 0;
	for (size_t i = 0; i < g->city_count; i++) {
		const sq_city *city = &g->cities[i];
		if (!city->port || city->owner != c->side || city->zone < 0 || dist[city->zone] < 0 ||
			(long)i == ship->port)
			continue;
		int d = dist[city->zone] * 2 - waiting_in(c, (long)i);
		if (waiting_in(c, (long)i) == 0)
			d += 6;
		if (best < 0 || d < best_d) {
			best = (long)i;
			best_d = d;
		}
	}
	return best;
}

static bool ship_sails(ctx *c, long s)
{
	const sq_game *g = c->g;
	const sq_piece *ship = &g->pieces[s];
	if (!own(c, ship) || ship->kind != SQ_SHIP || ship->moved || !roll_left(g, ship, 1))
		return false;
	if (cargo_of(g, s) > 0) {
		long z = invasion_zone(c, ship);
		/* Out of port into its own zone, or on toward the coast. */
		return z >= 0 && (z != ship->zone || ship->port >= 0) && offer_voyage(c, ship, z, -1);
	}
	int dist[64], zd = 0;
	long parent[64];
	if (!zone_field(g, ship->zone, dist, parent))
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
	if (ship->port >= 0 && waiting_in(c, ship->port) > 0)
		return false;
	if (waiting_in(c, port) == 0 && ship->port >= 0)
		return false;
	return offer_voyage(c, ship, g->cities[port].zone, port);
}

static bool unit_lands(ctx *c, long piece)
{
	const sq_game *g = c->g;
	const sq_piece *p = &g->pieces[piece];
	if (!own(c, p) || p->kind != SQ_LAND || p->aboard < 0 || (p->moved && !p->embarked) || !roll_left(g, p, 1))
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
		int sc = landing_score(c, grid_from_index(g->board, i), ship->zone);
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
		if (offer_simple(c, SQ_ACT_LAND, p->id, grid_format(grid_from_index(g->board, (size_t)order[k]), b), NULL))
			return true;
	return false;
}

/* ---- fights at sea ---- */

/* Whether coastal fire at the ship is worth the artillery's combat of the
 * turn: never while an enemy it could hit stands in its own capital; else
 * when a ship (worth about two shots at troops) is the better target. */
static bool fire_worth(const ctx *c, const sq_piece *p, long piece)
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
		int v = attack_value(c, piece, (long)i);
		if (v > best)
			best = v;
	}
	return 2 * factor(g, piece, p->at, false) * faces > best;
}

/* How the player's piece may fight the enemy ship at sea, if at all:
 * artillery on land fires from a port of the ship's zone its side holds
 * (or next to one), once a turn; a ship at sea fights a ship of its zone
 * its naval rounds, against a stronger one only on a coin's toss. */
static bool sea_fight(ctx *c, long piece, const sq_piece *d, sq_act_kind *kind)
{
	const sq_piece *p = &c->g->pieces[piece];
	const sq_game *g = c->g;
	if (p->kind == SQ_LAND) {
		/* Firing at a ship is the artillery's combat for the turn: not
		 * while an enemy it could hit on land stands in its capital. */
		*kind = SQ_ACT_FIRE;
		return p->on_map && !p->fought && p->type->coastal_fire && fire_port(g, p, d->zone) && fire_worth(c, p, piece);
	}
	*kind = SQ_ACT_NAVAL;
	if (p->kind != SQ_SHIP || p->port >= 0 || p->zone != d->zone || p->naval_rounds >= g->rs->square.naval_rounds)
		return false;
	return p->type->attack >= d->type->defend || rng_below(c->r, 2) == 0;
}

static bool fires_at_sea(ctx *c, long piece)
{
	const sq_game *g = c->g;
	const sq_piece *p = &g->pieces[piece];
	if (!own(c, p) || p->kind == SQ_GENERAL)
		return false;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *d = &g->pieces[i];
		sq_act_kind kind;
		if (d->alive && d->kind == SQ_SHIP && d->side != c->side && d->port < 0 && d->zone >= 0 &&
			sea_fight(c, piece, d, &kind) && offer_simple(c, kind, p->id, d->id, NULL))
			return true;
	}
	return false;
}

/* ---- land combat ---- */

/* What an attack is worth to the attacker: its chance to hit less the
 * defender's chance to answer with a hit, in sixths of a die (scaled by
 * the faces), with a bonus for capitals and cities. */
static int attack_value(const ctx *c, long u, long t)
{
	const sq_game *g = c->g;
	const sq_piece *p = &g->pieces[u], *d = &g->pieces[t];
	int faces = c->faces;
	int af = factor(g, u, p->at, false), df = factor(g, t, d->at, true);
	bool answers = sq_answers(g, t, p->at, NULL);
	/* Scaled by faces squared: a first shot that hits silences the answer. */
	int value = af * faces - (answers ? df * (p->type->fires_first ? faces - af : faces) : 0);
	long city = sq_city_at(g, d->at);
	/* Enemies at the own capital come first: in it, then next to it. */
	if (c->capital >= 0 && city != c->capital && grid_distance(g->board, d->at, g->cities[c->capital].at) <= 1)
		value += faces * faces / 2;
	if (city >= 0 && g->cities[city].capital_of[c->side])
		value += 2 * faces * faces;
	else if (city >= 0 && g->cities[city].capital_of[c->enemy])
		value += faces * faces / 2;
	else if (city >= 0)
		value += faces;
	return value;
}

/* The best attacker of the player against an enemy on the square (any
 * square when cell < 0, new combats only), with the attack's value. */
static bool best_attack(ctx *c, long cell, long *attacker, long *target, int *value)
{
	const sq_game *g = c->g;
	bool found = false;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (!own(c, p) || p->kind != SQ_LAND || !p->on_map)
			continue;
		if (cell < 0 ? p->target_cell >= 0 : (p->target_cell >= 0 && p->target_cell != cell))
			continue;
		for (size_t k = 0; k < g->piece_count; k++) {
			const sq_piece *d = &g->pieces[k];
			if (!d->alive || !d->on_map || d->kind == SQ_SHIP || d->side == c->side ||
				grid_distance(g->board, p->at, d->at) > p->type->range)
				continue;
			long at = grid_index(g->board, d->at);
			if (cell >= 0 ? at != cell : done_at(c->st, at))
				continue;
			int v = attack_value(c, (long)i, (long)k);
			if (!found || v > *value) {
				sq_action a;
				make(&a, SQ_ACT_ATTACK, p->id, d->id, NULL);
				bool ok = accepted(g, &a);
				sqlog_action_finish(&a);
				if (!ok)
					continue;
				found = true;
				*value = v;
				*attacker = (long)i;
				*target = (long)k;
			}
		}
	}
	return found;
}

static bool offer_attack(ctx *c, long u, long t)
{
	const sq_game *g = c->g;
	long cell = grid_index(g->board, g->pieces[t].at);
	if (!g->combat.active || grid_index(g->board, g->combat.target) != cell || c->st->combat_cell != cell) {
		c->st->combat_cell = cell;
		c->st->combat_mine = pieces_alive(g, c->side);
		c->st->combat_theirs = pieces_alive(g, c->enemy);
		c->st->advances = 0;
	}
	return offer_simple(c, SQ_ACT_ATTACK, g->pieces[u].id, g->pieces[t].id, NULL);
}

/* A retreat square for the defender's piece: land next to it that the
 * attacker does not hold, far from the attacker's troops. */
static int score_retreat(const ctx *c, const sq_piece *p, grid_cell at, const void *data)
{
	(void)data;
	const sq_game *g = c->g;
	if (!land_square(g, at) || sq_enemy_at(g, at, p->side) || grid_distance(g->board, at, p->at) != 1 ||
		(p->kind == SQ_LAND && !has_room(g, at, p->side)))
		return INT_MAX;
	return 10 * enemies_near(g, at, p->side, 1) - sq_land_count(g, at, p->side);
}

static long retreat_square(const ctx *c, const sq_piece *p)
{
	const sq_game *g = c->g;
	grid_cell nb[GRID_NEIGHBOURS_MAX];
	int k = grid_neighbours(g->board, p->at, nb);
	long best = -1;
	int best_s = INT_MAX;
	for (int i = 0; i < k; i++) {
		int s = score_retreat(c, p, nb[i], NULL);
		if (s < best_s) {
			best_s = s;
			best = grid_index(g->board, nb[i]);
		}
	}
	return best;
}

/* The defender's choices after a round, made for it: a unit outfought
 * falls back under a cavalry's cover (never out of its capital), a general
 * left alone on the square withdraws. */
static bool defender_falls_back(ctx *c, long cell, int attack)
{
	const sq_game *g = c->g;
	grid_cell target = grid_from_index(g->board, (size_t)cell);
	int defenders = sq_land_count(g, target, c->enemy);
	char b[GRID_ADDRESS_MAX];
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (!p->alive || !p->on_map || p->side != c->enemy || !grid_cell_equal(p->at, target))
			continue;
		long to = retreat_square(c, p);
		if (to < 0)
			continue;
		const char *square = grid_format(grid_from_index(g->board, (size_t)to), b);
		if (p->kind == SQ_GENERAL) {
			if (defenders == 0 && offer_simple(c, SQ_ACT_WITHDRAW, p->id, square, NULL))
				return true;
			continue;
		}
		long city = sq_city_at(g, target);
		if ((city >= 0 && g->cities[city].capital_of[c->enemy]) || factor(g, (long)i, target, true) >= attack)
			continue;
		for (size_t k = 0; k < g->piece_count; k++) {
			const sq_piece *cav = &g->pieces[k];
			if (k == i || !cav->alive || !cav->on_map || cav->side != c->enemy || cav->type->covers_retreats <= 0 ||
				cav->cover_round == g->rounds ||
				grid_distance(g->board, cav->at, p->at) > cav->type->cover_range)
				continue;
			if (offer_simple(c, SQ_ACT_RETREAT, p->id, square, cav->id))
				return true;
		}
	}
	return false;
}

static bool advance_into(ctx *c, long cell)
{
	const sq_game *g = c->g;
	if (c->st->advances >= stacking(g))
		return false;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (!own(c, p) || p->kind != SQ_LAND || !p->on_map || p->target_cell != cell || garrisoned(c, p) ||
			!grid_adjacent(g->board, p->at, g->combat.target))
			continue;
		if (offer_simple(c, SQ_ACT_ADVANCE, p->id, NULL, NULL)) {
			c->st->advances++;
			return true;
		}
	}
	return false;
}

/* The combat the player leads, after a round: the defender's retreats,
 * the advance into a cleared square, going on, or breaking off. */
static bool combat_goes_on(ctx *c, long cell)
{
	const sq_game *g = c->g;
	sq_auto *st = c->st;
	long u = -1, t = -1;
	int value = 0;
	bool more = best_attack(c, cell, &u, &t, &value);
	int attack = more ? factor(g, u, g->pieces[u].at, false) : 0;
	if (!st->own_choices && !g->combat.cleared && defender_falls_back(c, cell, attack))
		return true;
	if (g->combat.cleared) {
		if (advance_into(c, cell))
			return true;
		mark_done(st, cell);
		return false;
	}
	int lost = st->combat_mine - pieces_alive(g, c->side);
	int killed = st->combat_theirs - pieces_alive(g, c->enemy);
	bool badly = (lost >= 2 && lost > killed) || (lost >= 1 && killed == 0 && g->combat.rounds >= 3);
	/* The own capital lost is fought for to the last unit. */
	long city = sq_city_at(g, g->combat.target);
	bool own_capital = city >= 0 && g->cities[city].capital_of[c->side];
	bool capital = is_capital(g, g->combat.target);
	if (!more || (g->combat.rounds >= SQ_AUTO_MAX_ROUNDS && !own_capital) || (badly && !capital) ||
		(value < 0 && !capital)) {
		mark_done(st, cell);
		return offer_simple(c, SQ_ACT_STOP, NULL, NULL, NULL);
	}
	return offer_attack(c, u, t);
}

static bool phase_attack(ctx *c)
{
	const sq_game *g = c->g;
	if (g->step == SQ_STEP_COMBAT && g->combat.active && g->combat.rounds > 0) {
		long cell = grid_index(g->board, g->combat.target);
		if (cell == c->st->combat_cell && !done_at(c->st, cell) && combat_goes_on(c, cell))
			return true;
	}
	long u = -1, t = -1;
	int value = 0;
	if (!best_attack(c, -1, &u, &t, &value))
		return false;
	/* Even odds or better; a capital is worth a worse chance. */
	int faces = c->faces;
	if (value < 0 && !(is_capital(g, g->pieces[t].at) && value > -faces * faces))
		return false;
	return offer_attack(c, u, t);
}

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
	if (!zone_field(g, zone, dist, parent))
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

static bool capital_threatened(const ctx *c)
{
	const sq_game *g = c->g;
	return c->capital >= 0 && enemies_near(g, g->cities[c->capital].at, c->side, SQ_AUTO_THREAT) > 0;
}

/* The capital in danger: more enemy troops close to it than own troops
 * in and around it. */
static bool capital_in_danger(const ctx *c)
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
	return g->cities[c->capital].owner != c->side || enemies_near(g, at, c->side, 2) > own_near;
}

/* Buy: infantry within the allowance, cavalry and artillery, now and then
 * a gunboat, or save for an ironclad; no more than the cities can take. */
static bool auto_buy(ctx *c)
{
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
	bool threatened = capital_in_danger(c);
	const rs_square_unit *ironclad = unit_of(rs, true, true), *gunboat = unit_of(rs, true, false);
	sq_action a;
	make(&a, SQ_ACT_BUY, NULL, NULL, NULL);
	if (*saving && (threatened || !ironclad))
		*saving = false;
	if (*saving) {
		if (points < ironclad->cost) {
			sqlog_action_finish(&a);
			return false;
		}
		add_word(&a, ironclad->id);
		*saving = false;
		return offer(c, &a);
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
		add_word(&a, pick[k]->id);
		points -= pick[k]->cost;
		if (pick[k] == limited)
			allowance--;
		room--;
	}
	if (a.word_count == 0) {
		sqlog_action_finish(&a);
		return false;
	}
	return offer(c, &a);
}

/* Where a unit bought enters best (lower is better): the capital first
 * when threatened; else the city nearest the enemy's troops; a ship where
 * troops wait for it. */
static int place_score(const ctx *c, const rs_square_unit *t, long city)
{
	const sq_game *g = c->g;
	const sq_city *q = &g->cities[city];
	if (t->coastal_fire && q->port && enemy_ship_off(g, c->side, city))
		return -100;
	if (t->naval) {
		int mine, theirs;
		ships_in_waters(g, c->side, q->zone, &mine, &theirs);
		return -waiting_in(c, city) - (enemy_ship_off(g, c->side, city) ? 10 : 0) - (theirs > mine ? 5 : 0);
	}
	if (city == c->capital && (capital_in_danger(c) || sq_land_count(g, q->at, c->side) < c->garrison))
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

static bool phase_place(ctx *c)
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
			if (offer_simple(c, SQ_ACT_PLACE, bought->type->id, grid_format(g->cities[order[k]].at, b), id)) {
				c->st->placed = number;
				return true;
			}
	}
	return false;
}

/* ---- the turn ---- */

static size_t phases_of(sq_step step, const sq_phase **list)
{
	switch (step) {
	case SQ_STEP_MOVE: *list = MOVE_PHASES; return sizeof MOVE_PHASES / sizeof *MOVE_PHASES;
	case SQ_STEP_COMBAT: *list = COMBAT_PHASES; return sizeof COMBAT_PHASES / sizeof *COMBAT_PHASES;
	case SQ_STEP_REDEPLOY: *list = REDEPLOY_PHASES; return sizeof REDEPLOY_PHASES / sizeof *REDEPLOY_PHASES;
	case SQ_STEP_PLACE: *list = PLACE_PHASES; return sizeof PLACE_PHASES / sizeof *PLACE_PHASES;
	default: *list = NULL; return 0;
	}
}

/* What a piece does in a phase, and whether it may act again in it (the
 * cursor stays on it) or moves once a step (the cursor passes it). */
typedef bool piece_fn(ctx *c, long piece);

static bool each_piece(ctx *c, piece_fn *fn, bool again)
{
	for (; c->st->cursor < c->g->piece_count; c->st->cursor++)
		if (fn(c, (long)c->st->cursor)) {
			if (!again)
				c->st->cursor++;
			return true;
		}
	return false;
}

static bool run_phase(ctx *c, sq_phase phase)
{
	switch (phase) {
	case PH_GARRISON: return phase_garrison(c);
	case PH_CAPTURE: return phase_capture(c);
	case PH_EMBARK: return each_piece(c, ship_takes_on, true);
	case PH_SAIL: return each_piece(c, ship_sails, false);
	case PH_LAND: return each_piece(c, unit_lands, true);
	case PH_UNITS: return each_piece(c, unit_marches, false);
	case PH_GENERALS: return each_piece(c, general_follows, false);
	case PH_SEA: return each_piece(c, fires_at_sea, true);
	case PH_ATTACK: return phase_attack(c);
	case PH_PLACE: return phase_place(c);
	}
	return false;
}

void sq_auto_init(sq_auto *st, long max_turns)
{
	memset(st, 0, sizeof *st);
	st->max_turns = max_turns;
	st->turn = -1;
	st->step = -1;
	st->combat_cell = -1;
}

void sq_auto_own_choices(sq_auto *st)
{
	st->own_choices = true;
}

bool sq_auto_answer(const sq_game *g, sq_auto *st, rng *choices, sq_action *out)
{
	memset(out, 0, sizeof *out);
	if (g->step != SQ_STEP_COMBAT || !g->combat.active || g->combat.rounds == 0 || g->combat.cleared)
		return false;
	/* The round read as the attacker would go on: its next attack's factor. */
	const sq_seat *seat = sq_current(g);
	ctx c = { g, st, choices, seat->side, 1 - seat->side, seat->player, capital_of(g, seat->side), 1, out,
		g->rs->square.die_faces };
	long cell = grid_index(g->board, g->combat.target), u = -1, t = -1;
	int value = 0;
	int attack = best_attack(&c, cell, &u, &t, &value) ? factor(g, u, g->pieces[u].at, false) : 0;
	return defender_falls_back(&c, cell, attack);
}

/* New notes for a new turn or step. */
static void follow(const sq_game *g, sq_auto *st)
{
	if (st->turn != g->turn) {
		st->turn = g->turn;
		st->actions = 0;
		st->done_count = 0;
		st->combat_cell = -1;
		st->step = -1;
	}
	if (st->step != (int)g->step) {
		st->step = (int)g->step;
		st->phase = 0;
		st->cursor = 0;
	}
}

bool sq_auto_next(const sq_game *g, sq_auto *st, rng *choices, sq_action *out)
{
	memset(out, 0, sizeof *out);
	if (g->step == SQ_STEP_OVER)
		return false;
	if (st->max_turns > 0 && g->turn >= st->max_turns && g->step == SQ_STEP_BUY && !g->bought_now)
		return false;
	follow(g, st);
	const sq_seat *seat = sq_current(g);
	ctx c = { g, st, choices, seat->side, 1 - seat->side, seat->player, capital_of(g, seat->side), 1, out,
		g->rs->square.die_faces };
	if (capital_threatened(&c))
		c.garrison = 2;
	st->actions++;
	if (g->step == SQ_STEP_BUY) {
		if (auto_buy(&c))
			return true;
		make(out, SQ_ACT_ROLL, NULL, NULL, NULL);
		return true;
	}
	const sq_phase *list;
	size_t count = phases_of(g->step, &list);
	if (st->actions > SQ_AUTO_MAX_ACTIONS && g->step != SQ_STEP_PLACE)
		st->phase = (int)count;
	while ((size_t)st->phase < count) {
		if (run_phase(&c, list[st->phase]))
			return true;
		st->phase++;
		st->cursor = 0;
	}
	if (st->actions > SQ_AUTO_MAX_ACTIONS && g->step == SQ_STEP_REDEPLOY && phase_place(&c))
		return true;
	make(out, g->step == SQ_STEP_MOVE || g->step == SQ_STEP_COMBAT ? SQ_ACT_REDEPLOY : SQ_ACT_END, NULL, NULL, NULL);
	return true;
}
