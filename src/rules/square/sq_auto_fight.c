/* The square automatic player in land combat (sq_auto_impl.h): what an
 * attack is worth, the best one from a square, the rounds of the combat
 * under way, the defender falling back and the attacker advancing into
 * the square it cleared. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "sq_auto_impl.h"
#include "sq_referee.h"

/* ---- land combat ---- */

/* What an attack is worth to the attacker: its chance to hit less the
 * defender's chance to answer with a hit, in sixths of a die (scaled by
 * the faces), with a bonus for capitals and cities. */
int sq_auto_attack_value(const sq_auto_ctx *c, long u, long t)
{
	if (c->st->strong)
		return sq_strong_attack_value(c, u, t);
	const sq_game *g = c->g;
	const sq_piece *p = &g->pieces[u], *d = &g->pieces[t];
	int faces = c->faces;
	int af = sq_auto_factor(g, u, p->at, false), df = sq_auto_factor(g, t, d->at, true);
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
bool sq_auto_best_attack(sq_auto_ctx *c, long cell, long *attacker, long *target, int *value)
{
	const sq_game *g = c->g;
	bool found = false;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (!sq_auto_own(c, p) || p->kind != SQ_LAND || !p->on_map)
			continue;
		if (cell < 0 ? p->target_cell >= 0 : (p->target_cell >= 0 && p->target_cell != cell))
			continue;
		for (size_t k = 0; k < g->piece_count; k++) {
			const sq_piece *d = &g->pieces[k];
			if (!d->alive || !d->on_map || d->kind == SQ_SHIP || d->side == c->side ||
				grid_distance(g->board, p->at, d->at) > p->type->range)
				continue;
			long at = grid_index(g->board, d->at);
			if (cell >= 0 ? at != cell : sq_auto_done_at(c->st, at))
				continue;
			int v = sq_auto_attack_value(c, (long)i, (long)k);
			if (!found || v > *value) {
				sq_action a;
				sq_auto_make(&a, SQ_ACT_ATTACK, p->id, d->id, NULL);
				bool ok = sq_auto_accepted(g, &a);
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

static bool offer_attack(sq_auto_ctx *c, long u, long t)
{
	const sq_game *g = c->g;
	long cell = grid_index(g->board, g->pieces[t].at);
	if (!g->combat.active || grid_index(g->board, g->combat.target) != cell || c->st->combat_cell != cell) {
		c->st->combat_cell = cell;
		c->st->combat_mine = sq_auto_pieces_alive(g, c->side);
		c->st->combat_theirs = sq_auto_pieces_alive(g, c->enemy);
		c->st->advances = 0;
	}
	return sq_auto_offer_simple(c, SQ_ACT_ATTACK, g->pieces[u].id, g->pieces[t].id, NULL);
}

/* A retreat square for the defender's piece: land next to it that the
 * attacker does not hold, far from the attacker's troops. */
static int score_retreat(const sq_auto_ctx *c, const sq_piece *p, grid_cell at, const void *data)
{
	(void)data;
	const sq_game *g = c->g;
	if (!sq_auto_land_square(g, at) || sq_enemy_at(g, at, p->side) || grid_distance(g->board, at, p->at) != 1 ||
		(p->kind == SQ_LAND && !sq_auto_has_room(g, at, p->side)))
		return INT_MAX;
	return 10 * sq_auto_enemies_near(g, at, p->side, 1) - sq_land_count(g, at, p->side);
}

static long retreat_square(const sq_auto_ctx *c, const sq_piece *p)
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
 * left alone on the square withdraws.  The strong player answering for
 * its own side (own_choices) reads "outfought" its own way
 * (sq_strong_outfought); the choices a player makes for its enemy in the
 * combats it leads are the simple player's, whoever leads. */
bool sq_auto_defender_falls_back(sq_auto_ctx *c, long cell, int attack)
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
			if (defenders == 0 && sq_auto_offer_simple(c, SQ_ACT_WITHDRAW, p->id, square, NULL))
				return true;
			continue;
		}
		long city = sq_city_at(g, target);
		if ((city >= 0 && g->cities[city].capital_of[c->enemy]) ||
			(c->st->strong && c->st->own_choices ? !sq_strong_outfought(c, (long)i, cell)
				       : sq_auto_factor(g, (long)i, target, true) >= attack))
			continue;
		for (size_t k = 0; k < g->piece_count; k++) {
			const sq_piece *cav = &g->pieces[k];
			if (k == i || !cav->alive || !cav->on_map || cav->side != c->enemy || cav->type->covers_retreats <= 0 ||
				cav->cover_round == g->rounds ||
				grid_distance(g->board, cav->at, p->at) > cav->type->cover_range)
				continue;
			if (sq_auto_offer_simple(c, SQ_ACT_RETREAT, p->id, square, cav->id))
				return true;
		}
	}
	return false;
}

static bool advance_into(sq_auto_ctx *c, long cell)
{
	const sq_game *g = c->g;
	if (c->st->advances >= sq_auto_stacking(g))
		return false;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (!sq_auto_own(c, p) || p->kind != SQ_LAND || !p->on_map || p->target_cell != cell || sq_auto_garrisoned(c, p) ||
			!grid_adjacent(g->board, p->at, g->combat.target))
			continue;
		if (sq_auto_offer_simple(c, SQ_ACT_ADVANCE, p->id, NULL, NULL)) {
			c->st->advances++;
			return true;
		}
	}
	return false;
}

/* The combat the player leads, after a round: the defender's retreats,
 * the advance into a cleared square, going on, or breaking off. */
static bool combat_goes_on(sq_auto_ctx *c, long cell)
{
	const sq_game *g = c->g;
	sq_auto *st = c->st;
	long u = -1, t = -1;
	int value = 0;
	bool more = sq_auto_best_attack(c, cell, &u, &t, &value);
	int attack = more ? sq_auto_factor(g, u, g->pieces[u].at, false) : 0;
	if (!st->own_choices && !g->combat.cleared && sq_auto_defender_falls_back(c, cell, attack))
		return true;
	if (g->combat.cleared) {
		if (advance_into(c, cell))
			return true;
		sq_auto_mark_done(st, cell);
		return false;
	}
	int lost = st->combat_mine - sq_auto_pieces_alive(g, c->side);
	int killed = st->combat_theirs - sq_auto_pieces_alive(g, c->enemy);
	bool badly = (lost >= 2 && lost > killed) || (lost >= 1 && killed == 0 && g->combat.rounds >= 3);
	/* The own capital lost is fought for to the last unit. */
	long city = sq_city_at(g, g->combat.target);
	bool own_capital = city >= 0 && g->cities[city].capital_of[c->side];
	bool capital = sq_auto_is_capital(g, g->combat.target);
	bool stops = st->strong ? !more || !sq_strong_goes_on(c, u, t, value)
				: !more || (g->combat.rounds >= SQ_AUTO_MAX_ROUNDS && !own_capital) || (badly && !capital) ||
					(value < 0 && !capital);
	if (stops) {
		sq_auto_mark_done(st, cell);
		return sq_auto_offer_simple(c, SQ_ACT_STOP, NULL, NULL, NULL);
	}
	return offer_attack(c, u, t);
}

bool sq_auto_phase_attack(sq_auto_ctx *c)
{
	const sq_game *g = c->g;
	if (g->step == SQ_STEP_COMBAT && g->combat.active && g->combat.rounds > 0) {
		long cell = grid_index(g->board, g->combat.target);
		if (cell == c->st->combat_cell && !sq_auto_done_at(c->st, cell) && combat_goes_on(c, cell))
			return true;
	}
	long u = -1, t = -1;
	int value = 0;
	if (!sq_auto_best_attack(c, -1, &u, &t, &value))
		return false;
	/* Even odds or better; a capital is worth a worse chance. */
	int faces = c->faces;
	if (c->st->strong ? !sq_strong_opens(c, u, t, value)
			  : value < 0 && !(sq_auto_is_capital(g, g->pieces[t].at) && value > -faces * faces))
		return false;
	return offer_attack(c, u, t);
}
