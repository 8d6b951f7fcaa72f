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
#include "sq_auto_impl.h"
#include "sq_referee.h"

typedef enum {
	PH_GARRISON,  /* fill the capital's garrison */
	PH_EMBARK,    /* troops in a port board a ship lying there */
	PH_SAIL,      /* ships sail: with troops to a weak coast, else to fight or to fetch troops */
	PH_LAND,      /* troops aboard come ashore */
	PH_CAPTURE,   /* land units walk into enemy cities no one guards, capitals first */
	PH_GUNS,      /* the strong player's guns take aim (sq_strong_aim) */
	PH_UNITS,     /* land units march toward the enemy's cities */
	PH_GENERALS,  /* generals follow the front */
	PH_SEA,       /* coastal fire and naval combat */
	PH_ATTACK,    /* land combat: new combats and the rounds of the one under way */
	PH_PLACE,     /* units bought enter the cities */
} sq_phase;

static const sq_phase MOVE_PHASES[] = { PH_GUNS, PH_GARRISON, PH_CAPTURE, PH_EMBARK, PH_SAIL, PH_LAND, PH_UNITS, PH_GENERALS,
	PH_SEA, PH_ATTACK };
static const sq_phase COMBAT_PHASES[] = { PH_SEA, PH_ATTACK };
static const sq_phase REDEPLOY_PHASES[] = { PH_GARRISON, PH_CAPTURE, PH_EMBARK, PH_UNITS, PH_GENERALS, PH_PLACE };
static const sq_phase PLACE_PHASES[] = { PH_PLACE };

/* ---- small look-ups ---- */

bool sq_auto_own(const sq_auto_ctx *c, const sq_piece *p)
{
	return p->alive && p->side == c->side && (c->g->seat_count <= 2 || p->player == c->player);
}

bool sq_auto_land_square(const sq_game *g, grid_cell at)
{
	if (!grid_on_board(g->board, at) || position_water(g->pos, at))
		return false;
	const rs_terrain *t = position_terrain(g->pos, at);
	return !t || t->passable;
}

int sq_auto_stacking(const sq_game *g)
{
	return g->rs->square.play.stacking > 0 ? g->rs->square.play.stacking : 1000;
}

bool sq_auto_has_room(const sq_game *g, grid_cell at, int side)
{
	return sq_land_count(g, at, side) < sq_auto_stacking(g);
}

/* Enemy land units (of the side's enemy) within radius squares. */
int sq_auto_enemies_near(const sq_game *g, grid_cell at, int side, int radius)
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
int sq_auto_pieces_alive(const sq_game *g, int side)
{
	int n = 0;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (p->alive && p->side == side && p->kind != SQ_SHIP && (p->on_map || p->aboard >= 0))
			n++;
	}
	return n;
}

long sq_auto_capital_of(const sq_game *g, int side)
{
	for (size_t i = 0; i < g->city_count; i++)
		if (g->cities[i].capital_of[side])
			return (long)i;
	return -1;
}

bool sq_auto_is_capital(const sq_game *g, grid_cell at)
{
	long city = sq_city_at(g, at);
	return city >= 0 && (g->cities[city].capital_of[0] || g->cities[city].capital_of[1]);
}

/* A land unit that keeps the capital: it stands there and the garrison
 * would fall short without it. */
bool sq_auto_garrisoned(const sq_auto_ctx *c, const sq_piece *p)
{
	if (c->capital < 0 || p->kind != SQ_LAND || !p->on_map)
		return false;
	const sq_city *cap = &c->g->cities[c->capital];
	return cap->owner == c->side && grid_cell_equal(p->at, cap->at) && sq_land_count(c->g, cap->at, c->side) <= c->garrison;
}

/* Whether the movement (or non-combat) roll lets the piece move. */
bool sq_auto_roll_left(const sq_game *g, const sq_piece *p, int needed)
{
	return p->counted || g->roll - g->counted >= needed;
}

int sq_auto_factor(const sq_game *g, long piece, grid_cell at, bool defending)
{
	sq_factor f;
	sq_fight_factor(g, piece, at, defending, &f);
	return sq_capped(g->rs, f.factor);
}

bool sq_auto_done_at(const sq_auto *st, long cell)
{
	for (int i = 0; i < st->done_count; i++)
		if (st->done[i] == cell)
			return true;
	return false;
}

void sq_auto_mark_done(sq_auto *st, long cell)
{
	if (!sq_auto_done_at(st, cell) && st->done_count < SQ_AUTO_DONE_MAX)
		st->done[st->done_count++] = cell;
}

/* ---- proposals, tried with the referee ---- */

void sq_auto_make(sq_action *a, sq_act_kind kind, const char *subject, const char *object, const char *extra)
{
	memset(a, 0, sizeof *a);
	a->kind = kind;
	a->subject = subject ? xstrdup(subject) : NULL;
	a->object = object ? xstrdup(object) : NULL;
	a->extra = extra ? xstrdup(extra) : NULL;
}

void sq_auto_add_word(sq_action *a, const char *word)
{
	a->words = xrealloc(a->words, (a->word_count + 1) * sizeof *a->words);
	a->words[a->word_count++] = xstrdup(word);
}

/* Whether the referee accepts the action now: tried on a copy of the game,
 * the dice it leaves out rolled on a scratch stream. */
bool sq_auto_accepted(const sq_game *g, const sq_action *a)
{
	sq_game *trial = sq_game_trial(g);
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
bool sq_auto_offer(sq_auto_ctx *c, sq_action *a)
{
	if (!sq_auto_accepted(c->g, a)) {
		sqlog_action_finish(a);
		return false;
	}
	*c->out = *a;
	return true;
}

bool sq_auto_offer_words(sq_auto_ctx *c, sq_action *a)
{
	if (a->word_count == 0) {
		sqlog_action_finish(a);
		return false;
	}
	return sq_auto_offer(c, a);
}

bool sq_auto_offer_simple(sq_auto_ctx *c, sq_act_kind kind, const char *subject, const char *object, const char *extra)
{
	sq_action a;
	sq_auto_make(&a, kind, subject, object, extra);
	return sq_auto_offer(c, &a);
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
			if (x >= 0 && dist[x] < 0 && sq_auto_land_square(g, nb[j])) {
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
			if (x >= 0 && out->steps[x] < 0 && sq_auto_land_square(g, nb[j]) && !sq_enemy_at(g, nb[j], p->side)) {
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
static bool offer_move(sq_auto_ctx *c, const sq_piece *p, const reach *r, long to)
{
	const sq_game *g = c->g;
	long path[64];
	int n = 0;
	for (long x = to; x >= 0 && r->steps[x] > 0 && n < 64; x = r->from[x])
		path[n++] = x;
	sq_action a;
	sq_auto_make(&a, SQ_ACT_MOVE, p->id, NULL, NULL);
	char b[GRID_ADDRESS_MAX];
	for (int i = n - 1; i >= 0; i--)
		sq_auto_add_word(&a, grid_format(grid_from_index(g->board, (size_t)path[i]), b));
	return sq_auto_offer(c, &a);
}

/* The best square of the piece's reach by a score (lower is better; the
 * score function gives INT_MAX for none), only when better than staying:
 * ties are broken by the choice stream. */
typedef int score_fn(const sq_auto_ctx *c, const sq_piece *p, grid_cell at, const void *data);

static long best_square(const sq_auto_ctx *c, const sq_piece *p, const reach *r, score_fn *score, const void *data)
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
		if (p->kind == SQ_LAND && !sq_auto_has_room(g, at, p->side))
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
static bool target_of(const sq_auto_ctx *c, const sq_piece *p, grid_cell *out)
{
	const sq_game *g = c->g;
	if (c->st->strong)
		return sq_strong_target(c, p, out);
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
		if (sq_auto_enemies_near(g, city->at, c->side, 1) == 0)
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

static int score_field(const sq_auto_ctx *c, const sq_piece *p, grid_cell at, const void *data)
{
	(void)p;
	const int *field = data;
	long i = grid_index(c->g->board, at);
	return i < 0 || field[i] < 0 ? INT_MAX : field[i];
}

/* The strong player's square for the unit on its way to the target
 * (sq_strong_square). */
typedef struct strong_way {
	const int *field;
	grid_cell target;
} strong_way;

static int score_strong(const sq_auto_ctx *c, const sq_piece *p, grid_cell at, const void *data)
{
	const strong_way *w = data;
	long i = grid_index(c->g->board, at);
	return i < 0 || w->field[i] < 0 ? INT_MAX : sq_strong_square(c, p, at, w->target, w->field[i]);
}

/* A move of the land unit toward the square, when it gets nearer. */
static bool march(sq_auto_ctx *c, const sq_piece *p, grid_cell target)
{
	int *field = land_field(c->g, target);
	reach r;
	reach_of(c->g, p, &r);
	strong_way way = { field, target };
	long to = c->st->strong ? best_square(c, p, &r, score_strong, &way) : best_square(c, p, &r, score_field, field);
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
static bool walk_in(sq_auto_ctx *c, grid_cell to)
{
	const sq_game *g = c->g;
	long at = grid_index(g->board, to);
	/* The strong player keeps its guns out of the squares it walks
	 * into while another unit can go (sq_strong_walks_in). */
	for (int pass = c->st->strong ? 0 : 1; pass < 2; pass++)
		for (size_t i = 0; i < g->piece_count; i++) {
			const sq_piece *p = &g->pieces[i];
			if (!sq_auto_own(c, p) || p->kind != SQ_LAND || !p->on_map || p->moved || !sq_auto_roll_left(g, p, 1) ||
				grid_cell_equal(p->at, to) || sq_auto_garrisoned(c, p) ||
				grid_distance(g->board, p->at, to) > p->type->move || (c->st->strong && !sq_strong_walks_in(p, pass == 1)))
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

static bool phase_garrison(sq_auto_ctx *c)
{
	const sq_game *g = c->g;
	if (c->capital < 0)
		return false;
	const sq_city *cap = &g->cities[c->capital];
	return cap->owner == c->side && sq_land_count(g, cap->at, c->side) < c->garrison && walk_in(c, cap->at);
}

/* An enemy city no enemy stands in, within a unit's move: taken by
 * walking in (the own lost capital first, then the capitals). */
static bool phase_capture(sq_auto_ctx *c)
{
	const sq_game *g = c->g;
	long lost = sq_capital_lost(g, c->side);
	for (int pass = 0; pass < 3; pass++)
		for (size_t k = 0; k < g->city_count; k++) {
			const sq_city *city = &g->cities[k];
			bool capital = city->capital_of[0] || city->capital_of[1];
			int rank = (long)k == lost ? 0 : capital ? 1 : 2;
			if (rank == pass && city->owner != c->side && !sq_enemy_at(g, city->at, c->side) &&
				sq_auto_has_room(g, city->at, c->side) && walk_in(c, city->at))
				return true;
		}
	return false;
}

/* Whether a port of the zone that the unit's side holds lies in or next
 * to the unit's square: where its coastal fire reaches the zone. */
bool sq_auto_fire_port(const sq_game *g, const sq_piece *p, long zone)
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
		if (d->alive && d->kind == SQ_SHIP && d->side != p->side && d->port < 0 && sq_auto_fire_port(g, p, d->zone))
			return true;
	}
	return false;
}

/* A land unit on its way: not the capital's garrison, not a unit with an
 * enemy to fight where it stands (on land, or a ship off the coast). */
static bool unit_marches(sq_auto_ctx *c, long piece)
{
	const sq_game *g = c->g;
	const sq_piece *p = &g->pieces[piece];
	grid_cell target;
	return sq_auto_own(c, p) && p->kind == SQ_LAND && p->on_map && !p->moved && sq_auto_roll_left(g, p, 1) && !sq_auto_garrisoned(c, p) &&
		!engaged(g, p) && !ship_in_sight(g, p) && target_of(c, p, &target) && march(c, p, target);
}

/* The strong player's gun takes aim: to the square of its reach from
 * which it fires at the best target without an answer, when that is
 * better than where it stands (sq_strong_aim). */
static int score_aim(const sq_auto_ctx *c, const sq_piece *p, grid_cell at, const void *data)
{
	(void)data;
	return sq_strong_aim(c, p, at);
}

static bool gun_aims(sq_auto_ctx *c, long piece)
{
	const sq_game *g = c->g;
	const sq_piece *p = &g->pieces[piece];
	if (!c->st->strong || !sq_auto_own(c, p) || p->kind != SQ_LAND || !p->on_map || p->moved || p->type->range < 2 ||
		!sq_auto_roll_left(g, p, 1) || sq_auto_garrisoned(c, p))
		return false;
	reach r;
	reach_of(g, p, &r);
	long to = best_square(c, p, &r, score_aim, NULL);
	bool ok = to >= 0 && offer_move(c, p, &r, to);
	reach_free(&r);
	return ok;
}

/* Generals: near the friendly unit closest to the enemy's capital, on a
 * square with friendly troops rather than alone. */
static int score_general(const sq_auto_ctx *c, const sq_piece *p, grid_cell at, const void *data)
{
	(void)p;
	const grid_cell *front = data;
	const sq_game *g = c->g;
	int s = 3 * grid_distance(g->board, at, *front);
	if (sq_land_count(g, at, c->side) == 0)
		s += 4;
	s += 2 * sq_auto_enemies_near(g, at, c->side, 1);
	return s;
}

static bool general_follows(sq_auto_ctx *c, long piece)
{
	const sq_game *g = c->g;
	const sq_piece *p = &g->pieces[piece];
	if (!sq_auto_own(c, p) || p->kind != SQ_GENERAL || !p->on_map || p->moved)
		return false;
	long enemy_cap = sq_auto_capital_of(g, c->enemy);
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
typedef bool piece_fn(sq_auto_ctx *c, long piece);

static bool each_piece(sq_auto_ctx *c, piece_fn *fn, bool again)
{
	for (; c->st->cursor < c->g->piece_count; c->st->cursor++)
		if (fn(c, (long)c->st->cursor)) {
			if (!again)
				c->st->cursor++;
			return true;
		}
	return false;
}

static bool run_phase(sq_auto_ctx *c, sq_phase phase)
{
	if (c->st->strong && !sq_strong_phase(c, phase == PH_EMBARK || phase == PH_SAIL))
		return false;
	switch (phase) {
	case PH_GARRISON: return phase_garrison(c);
	case PH_CAPTURE: return phase_capture(c);
	case PH_EMBARK: return each_piece(c, sq_auto_ship_takes_on, true);
	case PH_SAIL: return each_piece(c, sq_auto_ship_sails, false);
	case PH_LAND: return each_piece(c, sq_auto_unit_lands, true);
	case PH_GUNS: return each_piece(c, gun_aims, false);
	case PH_UNITS: return each_piece(c, unit_marches, false);
	case PH_GENERALS: return each_piece(c, general_follows, false);
	case PH_SEA: return each_piece(c, sq_auto_fires_at_sea, true);
	case PH_ATTACK: return sq_auto_phase_attack(c);
	case PH_PLACE: return sq_auto_phase_place(c);
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
	sq_auto_ctx c = { g, st, choices, seat->side, 1 - seat->side, seat->player, sq_auto_capital_of(g, seat->side), 1, out,
		g->rs->square.die_faces };
	long cell = grid_index(g->board, g->combat.target), u = -1, t = -1;
	int value = 0;
	int attack = sq_auto_best_attack(&c, cell, &u, &t, &value) ? sq_auto_factor(g, u, g->pieces[u].at, false) : 0;
	return sq_auto_defender_falls_back(&c, cell, attack);
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
	sq_auto_ctx c = { g, st, choices, seat->side, 1 - seat->side, seat->player, sq_auto_capital_of(g, seat->side), 1, out,
		g->rs->square.die_faces };
	if (sq_auto_capital_threatened(&c))
		c.garrison = 2;
	st->actions++;
	if (g->step == SQ_STEP_BUY) {
		if (sq_auto_buy(&c))
			return true;
		sq_auto_make(out, SQ_ACT_ROLL, NULL, NULL, NULL);
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
	if (st->actions > SQ_AUTO_MAX_ACTIONS && g->step == SQ_STEP_REDEPLOY && sq_auto_phase_place(&c))
		return true;
	sq_auto_make(out, g->step == SQ_STEP_MOVE || g->step == SQ_STEP_COMBAT ? SQ_ACT_REDEPLOY : SQ_ACT_END, NULL, NULL, NULL);
	return true;
}
