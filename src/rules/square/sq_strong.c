/* The square game's strong player (sq_strong.h): the plan it lays over
 * the automatic player's proposal machinery (sq_auto_impl.h), where the
 * simple player's turn asks it.  What a good player of mb-remastered
 * knows and the simple player does not:
 *  - artillery fires first and, from two squares, draws no answer at all
 *    (digest §11 "who may fire back"); nothing limits the rounds of a
 *    combat, so a gun in range clears a square at no risk: it is the unit
 *    to buy, its aim is chosen before anything else moves (the movement
 *    roll is short), and an unanswered bombardment goes on to the end;
 *  - the enemy's guns are the first targets (they strike first next
 *    turn), the own capital lost the very first; a general, who never
 *    answers, is shot at for his +1;
 *  - an attack is worth the pieces it should kill less those it should
 *    lose, by cost, with the capitals at stake; a combat that goes badly
 *    is broken off unless the own capital is at stake;
 *  - guns are placed near the enemy capital but out of the enemy guns'
 *    reach, and do not walk into the squares taken, where the enemy's
 *    guns wait: other units do;
 *  - ships spend the movement roll the land war needs: troops go by sea
 *    only when the roll spares units.
 * Every proposal still goes through the referee (sq_auto_offer). */
#include "sq_strong.h"

#include <limits.h>
#include <string.h>

#include "../../base/util.h"
#include "sq_auto_impl.h"
#include "sq_referee.h"

/* Units the movement roll must still allow before troops go by sea:
 * ships and landings spend the roll the guns and the capitals need, so
 * only a large roll has units to spare for them. */
#define SQ_STRONG_SPARE 8

void sq_strong_init(sq_auto *st, long max_turns)
{
	sq_auto_init(st, max_turns);
	st->strong = true;
}

/* ---- what pieces are worth ---- */

/* A piece's worth in purchase points: its cost; a general, who cannot be
 * bought and whose +1 serves every unit near him, as much as artillery. */
static int worth(const sq_piece *p)
{
	if (p->kind == SQ_GENERAL)
		return 3;
	return p->type->cost > 0 ? p->type->cost : 1;
}

/* What an enemy piece will do if it lives: a gun fires first and
 * unanswered at the best of the strong player's squares next turn. */
static int threat(const sq_piece *p)
{
	return p->kind == SQ_LAND && p->type->range > 1 ? 6 : 0;
}

int sq_strong_attack_value(const sq_auto_ctx *c, long u, long t)
{
	const sq_game *g = c->g;
	const sq_piece *p = &g->pieces[u], *d = &g->pieces[t];
	int faces = c->faces;
	int af = sq_auto_factor(g, u, p->at, false), df = sq_auto_factor(g, t, d->at, true);
	bool answers = sq_answers(g, t, p->at, NULL);
	/* In faces squared: the chance to kill times the defender's worth,
	 * less the chance of the answer (none when a first shot kills)
	 * times the attacker's. */
	int value = af * faces * (worth(d) + threat(d));
	if (answers)
		value -= df * (p->type->fires_first ? faces - af : faces) * worth(p);
	long city = sq_city_at(g, d->at);
	if (city >= 0 && g->cities[city].capital_of[c->side])
		value += 3 * faces * faces;
	else if (city >= 0 && g->cities[city].capital_of[c->enemy])
		value += faces * faces;
	else if (city >= 0)
		value += faces * faces / 3;
	return value;
}

/* ---- combat rounds ---- */

bool sq_strong_goes_on(const sq_auto_ctx *c, long u, long t, int value)
{
	const sq_game *g = c->g;
	const sq_piece *p = &g->pieces[u];
	/* Unanswered fire costs nothing: to the end (a guard against a
	 * combat that never ends). */
	if (!sq_answers(g, t, p->at, NULL))
		return g->combat.rounds < 60;
	long city = sq_city_at(g, g->combat.target);
	bool own_capital = city >= 0 && g->cities[city].capital_of[c->side];
	if (own_capital)
		return g->combat.rounds < 60;
	return value > 0 && g->combat.rounds < 30;
}

bool sq_strong_opens(const sq_auto_ctx *c, long u, long t, int value)
{
	(void)u;
	(void)t;
	return value > 0 || (value > -c->faces * c->faces && sq_auto_is_capital(c->g, c->g->pieces[t].at));
}

/* ---- purchases ---- */

/* The land unit that wins the fights to come: the one that fires
 * furthest (unanswered), first, then hardest, for its cost. */
static const rs_square_unit *gun_of(const ruleset *rs)
{
	const rs_square_unit *best = NULL;
	int best_score = 0;
	for (size_t i = 0; i < rs->square.unit_count; i++) {
		const rs_square_unit *t = &rs->square.units[i];
		if (t->naval || t->leader || t->cost <= 0)
			continue;
		int score = (t->range * 4 + (t->fires_first ? 2 : 0)) * t->attack * 10 / t->cost;
		if (!best || score > best_score) {
			best = t;
			best_score = score;
		}
	}
	return best;
}

bool sq_strong_buy(sq_auto_ctx *c)
{
	const sq_game *g = c->g;
	const ruleset *rs = g->rs;
	if (g->bought_now)
		return false;
	const sq_purse *purse = sq_current_purse(g);
	int points = purse->points, allowance = purse->allowance;
	int room = sq_cities_held(g, c->side);
	for (size_t i = 0; i < g->bought_count; i++)
		if (g->bought[i].side == c->side)
			room--;
	const rs_square_unit *gun = gun_of(rs);
	const rs_square_unit *limited = rs->square.limited_unit ? ruleset_find_square_unit(rs, rs->square.limited_unit) : NULL;
	sq_action a;
	sq_auto_make(&a, SQ_ACT_BUY, NULL, NULL, NULL);
	while (room > 0 && gun && points >= gun->cost) {
		sq_auto_add_word(&a, gun->id);
		points -= gun->cost;
		room--;
	}
	while (room > 0 && limited && allowance > 0 && points >= limited->cost) {
		sq_auto_add_word(&a, limited->id);
		points -= limited->cost;
		allowance--;
		room--;
	}
	return sq_auto_offer_words(c, &a);
}

/* ---- where the units go ---- */

bool sq_strong_target(const sq_auto_ctx *c, const sq_piece *p, grid_cell *out)
{
	(void)p;
	const sq_game *g = c->g;
	long lost = sq_capital_lost(g, c->side);
	if (lost >= 0) {
		*out = g->cities[lost].at;
		return true;
	}
	long cap = sq_auto_capital_of(g, c->enemy);
	if (cap < 0)
		return false;
	*out = g->cities[cap].at;
	return true;
}

/* Enemy guns (land units that fire beyond the next square) whose fire
 * reaches the square. */
static int guns_on(const sq_game *g, grid_cell at, int side)
{
	int n = 0;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *q = &g->pieces[i];
		if (q->alive && q->on_map && q->kind == SQ_LAND && q->side != side && q->type->range > 1 &&
			grid_distance(g->board, q->at, at) <= q->type->range)
			n++;
	}
	return n;
}

int sq_strong_square(const sq_auto_ctx *c, const sq_piece *p, grid_cell at, grid_cell target, int steps)
{
	const sq_game *g = c->g;
	int s;
	if (p->type->range > 1) {
		int d = grid_distance(g->board, at, target);
		s = 10 * (d > p->type->range ? steps : p->type->range - d);
	} else {
		s = 10 * steps;
	}
	return s + 5 * guns_on(g, at, c->side);
}

/* What clearing an enemy square is worth: its pieces by worth, the
 * enemy's guns counted again (they fire next), a capital more. */
static int square_worth(const sq_auto_ctx *c, grid_cell at)
{
	const sq_game *g = c->g;
	int w = 0;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *q = &g->pieces[i];
		if (q->alive && q->on_map && q->kind != SQ_SHIP && q->side == c->enemy && grid_cell_equal(q->at, at))
			w += worth(q) + threat(q);
	}
	if (w == 0)
		return 0;
	long city = sq_city_at(g, at);
	if (city >= 0 && g->cities[city].capital_of[c->side])
		w += 12;
	else if (city >= 0 && g->cities[city].capital_of[c->enemy])
		w += 4;
	else if (city >= 0)
		w += 1;
	return w;
}

int sq_strong_aim(const sq_auto_ctx *c, const sq_piece *p, grid_cell at)
{
	const sq_game *g = c->g;
	int best = 0;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *q = &g->pieces[i];
		if (!q->alive || !q->on_map || q->kind == SQ_SHIP || q->side != c->enemy)
			continue;
		int d = grid_distance(g->board, at, q->at);
		/* Beyond the answer's reach, within its own. */
		if (d < 2 || d > p->type->range)
			continue;
		int w = square_worth(c, q->at);
		if (w > best)
			best = w;
	}
	return best > 0 ? -10 * best + 2 * guns_on(g, at, c->side) : INT_MAX;
}

bool sq_strong_walks_in(const sq_piece *p, bool last)
{
	return p->type->range < 2 || last;
}

bool sq_strong_phase(const sq_auto_ctx *c, bool sea)
{
	return !sea || c->g->roll - c->g->counted >= SQ_STRONG_SPARE;
}

int sq_strong_place(const sq_auto_ctx *c, const rs_square_unit *t, long city)
{
	const sq_game *g = c->g;
	const sq_city *q = &g->cities[city];
	long cap = sq_auto_capital_of(g, c->enemy);
	int d = cap >= 0 ? grid_distance(g->board, q->at, g->cities[cap].at) : 0;
	int s = 4 * d + 10 * guns_on(g, q->at, c->side);
	/* The own capital short of its garrison takes infantry first. */
	if (city == c->capital && t->range < 2 && sq_land_count(g, q->at, c->side) < sq_auto_stacking(g))
		s -= 100;
	return s;
}

/* ---- the defender's choices ---- */

bool sq_strong_outfought(sq_auto_ctx *c, long piece, long cell)
{
	const sq_game *g = c->g;
	const sq_piece *d = &g->pieces[piece];
	int df = sq_auto_factor(g, piece, d->at, true);
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (!sq_auto_own(c, p) || p->kind != SQ_LAND || !p->on_map || (p->target_cell >= 0 && p->target_cell != cell) ||
			!sq_reaches(g, p->type, p->at, d->at))
			continue;
		if (!sq_answers(g, piece, p->at, NULL) || sq_auto_factor(g, (long)i, p->at, false) > df)
			return true;
	}
	return false;
}
