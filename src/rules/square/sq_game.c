/* The square game's state: built from the starting position, copied for
 * undo, and read by the referee and `ask`.  Rule ids are the ruleset prefix
 * with 11.generals, 11.capitals, 11.entrench (the factor notes). */
#include "sq_game.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "../../geo/square.h"

/* ---- what the scenario and ruleset say of seats, players and victory ----
 * (§11.1: the order of play for two and four players, each piece's player,
 * and how a side wins) */

static int piece_player(const sc_number *player)
{
	return (int)scenario_player(player);
}

/* The ruleset's order of seats for the scenario's player count; without
 * one, the sides alternate with one player each. */
static void seat_order(sq_game *g, int first)
{
	int other = 1 - first;
	const rs_seat_order *order = ruleset_square_seats(g->rs, g->players);
	if (!order) {
		g->seat_count = 2;
		g->seats[0] = (sq_seat){ first, 1 };
		g->seats[1] = (sq_seat){ other, 1 };
		return;
	}
	g->seat_count = (int)(order->count < SQ_MAX_SEATS ? order->count : SQ_MAX_SEATS);
	for (int i = 0; i < g->seat_count; i++) {
		g->seats[i].side = order->seats[i].second_side ? other : first;
		g->seats[i].player = order->seats[i].player;
	}
}

static void victory_terms(sq_game *g)
{
	g->hold_turns = g->rs->square_victory.hold_turns;
	g->wipe_out = g->rs->square_victory.wipe_out;
	g->limit_by_cities = g->rs->square_victory.limit_by_cities;
	g->turn_limit = g->sc->turn_limit.given && g->sc->turn_limit.valid ? g->sc->turn_limit.value : 0;
}

/* ---- look-ups ---- */

const char *sq_side_id(const sq_game *g, int side)
{
	return side >= 0 && (size_t)side < g->sc->side_count && g->sc->sides[side].id.text ? g->sc->sides[side].id.text
											   : "?";
}

int sq_side_index(const sq_game *g, const char *id)
{
	for (size_t i = 0; i < g->sc->side_count && i < SQ_SIDES; i++)
		if (id && str_eq(g->sc->sides[i].id.text, id))
			return (int)i;
	return -1;
}

long sq_find(const sq_game *g, const char *id)
{
	for (size_t i = 0; id && i < g->piece_count; i++)
		if (str_eq(g->pieces[i].id, id))
			return (long)i;
	return -1;
}

long sq_city_at(const sq_game *g, grid_cell at)
{
	for (size_t i = 0; i < g->city_count; i++)
		if (g->sc->cities[i].at.valid && grid_cell_equal(g->cities[i].at, at))
			return (long)i;
	return -1;
}

long sq_city_by_id(const sq_game *g, const char *id)
{
	for (size_t i = 0; id && i < g->city_count; i++)
		if (str_eq(g->sc->cities[i].id.text, id))
			return (long)i;
	return -1;
}

long sq_zone_by_id(const sq_game *g, const char *id)
{
	for (size_t i = 0; id && i < g->zone_count; i++)
		if (str_eq(g->sc->sea_zones[i].id.text, id))
			return (long)i;
	return -1;
}

long sq_zone_of(const sq_game *g, grid_cell at)
{
	const position_cell *c = position_at(g->pos, at);
	return c ? c->zone : -1;
}

int sq_land_count(const sq_game *g, grid_cell at, int side)
{
	int n = 0;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (p->alive && p->on_map && p->kind == SQ_LAND && p->side == side && grid_cell_equal(p->at, at))
			n++;
	}
	return n;
}

bool sq_enemy_at(const sq_game *g, grid_cell at, int side)
{
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (p->alive && p->on_map && p->kind != SQ_SHIP && p->side != side && grid_cell_equal(p->at, at))
			return true;
	}
	return false;
}

int sq_land_units(const sq_game *g, int side)
{
	int n = 0;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (p->alive && p->kind == SQ_LAND && p->side == side && (p->on_map || p->aboard >= 0))
			n++;
	}
	return n;
}

int sq_cities_held(const sq_game *g, int side)
{
	int n = 0;
	for (size_t i = 0; i < g->city_count; i++)
		if (g->cities[i].owner == side)
			n++;
	return n;
}

long sq_capital_lost(const sq_game *g, int side)
{
	for (size_t i = 0; i < g->city_count; i++)
		if (side >= 0 && side < SQ_SIDES && g->cities[i].capital_of[side] && g->cities[i].owner >= 0 &&
			g->cities[i].owner != side)
			return (long)i;
	return -1;
}

int sq_income(const sq_game *g, int side)
{
	int income = g->rs->square.purchase_points;
	if (sq_capital_lost(g, side) >= 0)
		for (size_t i = 0; i < g->city_count; i++)
			if (g->cities[i].start == side && g->cities[i].owner != side)
				income -= g->rs->square.capital_income_loss;
	return income > 0 ? income : 0;
}

const sq_seat *sq_current(const sq_game *g)
{
	return &g->seats[g->seat];
}

int sq_ship_room(const sq_game *g, long ship)
{
	int room = g->pieces[ship].type->carries;
	for (size_t i = 0; i < g->piece_count; i++)
		if (g->pieces[i].alive && g->pieces[i].aboard == ship)
			room--;
	return room;
}

bool sq_coastal(const sq_game *g, grid_cell at, long zone)
{
	grid_cell n[GRID_NEIGHBOURS_MAX];
	int k = grid_neighbours(g->board, at, n);
	for (int i = 0; i < k; i++)
		if (grid_on_board(g->board, n[i]) && sq_zone_of(g, n[i]) == zone)
			return true;
	return false;
}

/* The ids the ruleset's <sequence> gives the referee's steps. */
static const char *const STEP_IDS[SQ_STEP_OVER] = {
	[SQ_STEP_BUY] = "buy",
	[SQ_STEP_MOVE] = "move",
	[SQ_STEP_COMBAT] = "combat",
	[SQ_STEP_REDEPLOY] = "redeploy",
	[SQ_STEP_PLACE] = "place",
};

static const rs_square_step *step_of(const ruleset *rs, sq_step step)
{
	return step < SQ_STEP_OVER ? ruleset_find_square_step(rs, STEP_IDS[step]) : NULL;
}

int sq_step_dice(const ruleset *rs, sq_step step)
{
	const rs_square_step *s = step_of(rs, step);
	return s ? s->dice : 0;
}

const char *sq_step_rule(const ruleset *rs, sq_step step)
{
	const rs_square_step *s = step_of(rs, step);
	/* The loader requires a rule on every step it reads. */
	return s ? ruleset_rule(rs, s->rule) : SQ_RULE(rs, turn);
}

/* ---- building ---- */

static long add_piece(sq_game *g, const char *id, const rs_square_unit *type, sq_piece_kind kind, size_t side,
	int player)
{
	grow_array((void **)&g->pieces, &g->piece_capacity, g->piece_count + 1, sizeof *g->pieces);
	sq_piece *p = &g->pieces[g->piece_count];
	memset(p, 0, sizeof *p);
	p->id = xstrdup(id ? id : "?");
	p->type = type;
	p->kind = kind;
	p->side = (int)side;
	p->player = player;
	p->aboard = -1;
	p->port = -1;
	p->zone = -1;
	p->target_cell = -1;
	p->alive = side < SQ_SIDES && type;
	return (long)g->piece_count++;
}

static const rs_square_unit *leader(const ruleset *rs)
{
	for (size_t i = 0; i < rs->square.unit_count; i++)
		if (rs->square.units[i].leader)
			return &rs->square.units[i];
	return NULL;
}

static void build_cities(sq_game *g)
{
	const scenario *sc = g->sc;
	const ruleset *rs = g->rs;
	g->city_count = sc->city_count;
	g->cities = sc->city_count ? xcalloc(sc->city_count, sizeof *g->cities) : NULL;
	for (size_t i = 0; i < sc->city_count; i++) {
		const sc_city *c = &sc->cities[i];
		sq_city *q = &g->cities[i];
		q->owner = q->start = sq_side_index(g, c->side.text);
		q->at = c->at.cell;
		q->port = c->port;
		q->zone = c->port ? sq_zone_by_id(g, c->zone.text) : -1;
		for (size_t k = 0; k < rs->square.capital_count; k++) {
			int s = sq_side_index(g, rs->square.capitals[k].side);
			if (s >= 0 && str_eq(rs->square.capitals[k].id, c->id.text))
				q->capital_of[s] = true;
		}
	}
}

static void build_zones(sq_game *g)
{
	g->zone_count = g->sc->sea_zone_count;
	size_t n = g->zone_count;
	g->zone_adjacent = n ? xcalloc(n * n, sizeof *g->zone_adjacent) : NULL;
	size_t cells = grid_count(g->board);
	for (size_t i = 0; i < cells; i++) {
		grid_cell c = grid_from_index(g->board, i);
		long z = sq_zone_of(g, c);
		if (z < 0)
			continue;
		grid_cell nb[GRID_NEIGHBOURS_MAX];
		int k = grid_neighbours(g->board, c, nb);
		for (int j = 0; j < k; j++) {
			long z2 = grid_on_board(g->board, nb[j]) ? sq_zone_of(g, nb[j]) : -1;
			if (z2 >= 0 && z2 != z)
				g->zone_adjacent[(size_t)z * n + (size_t)z2] = true;
		}
	}
}

static void build_pieces(sq_game *g)
{
	const scenario *sc = g->sc;
	const ruleset *rs = g->rs;
	const position *pos = g->pos;
	long *ship_piece = sc->ship_count ? xcalloc(sc->ship_count, sizeof *ship_piece) : NULL;
	for (size_t i = 0; i < sc->ship_count; i++) {
		const sc_ship *s = &sc->ships[i];
		long p = add_piece(g, s->id.text, ruleset_find_square_unit(rs, s->type.text), SQ_SHIP, s->side,
			piece_player(&s->player));
		ship_piece[i] = p;
		sq_piece *q = &g->pieces[p];
		if (s->at.valid && grid_on_board(g->board, s->at.cell)) {
			q->at = s->at.cell;
			long city = sq_city_at(g, s->at.cell);
			if (city >= 0 && g->cities[city].port) {
				q->port = city;
				q->zone = g->cities[city].zone;
			} else {
				q->zone = sq_zone_of(g, s->at.cell);
			}
		}
		if (s->zone.text && q->port < 0)
			q->zone = sq_zone_by_id(g, s->zone.text);
		if (q->zone < 0 && q->port < 0)
			q->alive = false;
		if (q->type && q->type->naval == false)
			q->alive = false;
	}
	for (size_t i = 0; i < sc->unit_count; i++) {
		const sc_unit *u = &sc->units[i];
		const rs_square_unit *t = ruleset_find_square_unit(rs, u->type.text);
		long p = add_piece(g, u->id.text, t && !t->naval && !t->leader ? t : NULL, SQ_LAND, u->side,
			piece_player(&u->player));
		sq_piece *q = &g->pieces[p];
		if (u->aboard > 0 && u->aboard <= sc->ship_count) {
			q->aboard = ship_piece[u->aboard - 1];
			if (!g->pieces[q->aboard].alive)
				q->alive = false;
		} else if (pos->units[i].placed) {
			q->on_map = true;
			q->at = u->at.cell;
		} else {
			q->alive = false;
		}
	}
	const rs_square_unit *lt = leader(rs);
	for (size_t i = 0; i < sc->general_count; i++) {
		const sc_general *gen = &sc->generals[i];
		long p = add_piece(g, gen->id.text, lt, SQ_GENERAL, gen->side, piece_player(&gen->player));
		sq_piece *q = &g->pieces[p];
		q->on_map = pos->generals[i].placed;
		q->at = gen->at.cell;
		if (!q->on_map)
			q->alive = false;
	}
	free(ship_piece);
}

static int purse_index(int player)
{
	return player >= 1 && player <= SQ_SIDE_PLAYERS ? player - 1 : 0;
}

sq_purse *sq_purse_of(sq_game *g, int side, int player)
{
	return &g->purses[side >= 0 && side < SQ_SIDES ? side : 0][purse_index(player)];
}

const sq_purse *sq_purse_read(const sq_game *g, int side, int player)
{
	return &g->purses[side >= 0 && side < SQ_SIDES ? side : 0][purse_index(player)];
}

const sq_purse *sq_current_purse(const sq_game *g)
{
	return sq_purse_read(g, sq_current(g)->side, sq_current(g)->player);
}

int sq_next_player(const sq_game *g, int side)
{
	for (int i = 0; i < g->seat_count; i++) {
		const sq_seat *s = &g->seats[(g->seat + i) % g->seat_count];
		if (s->side == side)
			return s->player;
	}
	return 1;
}

const char *sq_player_name(const sq_game *g, int side, int player, char *buf, size_t size)
{
	if (g->seat_count > 2)
		snprintf(buf, size, "%s player %d", sq_side_id(g, side), player);
	else
		snprintf(buf, size, "%s", sq_side_id(g, side));
	return buf;
}

void sq_begin_turn(sq_game *g)
{
	const ruleset *rs = g->rs;
	const sq_seat *s = sq_current(g);
	/* Each player's own purse, every turn of his (§11.1); the side's
	 * income is what its cities and capital leave it. */
	sq_purse *purse = sq_purse_of(g, s->side, s->player);
	int income = sq_income(g, s->side);
	purse->points = rs->square.play.carry_points ? purse->points + income : income;
	purse->allowance = rs->square.save_limit ? purse->allowance + rs->square.purchase_limit
						 : rs->square.purchase_limit;
	g->capital_retaken[s->side] = false;
	for (size_t i = 0; i < g->piece_count; i++) {
		sq_piece *p = &g->pieces[i];
		p->counted = p->moved = p->embarked = p->fought = false;
		p->target_cell = -1;
		p->naval_rounds = 0;
		p->cover_round = 0;
	}
	for (size_t i = 0; i < g->city_count; i++)
		g->cities[i].placed = false;
	g->step = SQ_STEP_BUY;
	g->bought_now = false;
	g->roll = g->counted = 0;
	g->rounds = 0;
	g->face_count = 0;
	memset(&g->combat, 0, sizeof g->combat);
}

sq_game *sq_game_create(const position *pos)
{
	if (!pos || !pos->board_ok)
		return NULL;
	sq_game *g = xcalloc(1, sizeof *g);
	g->pos = pos;
	g->sc = pos->sc;
	g->rs = pos->rs;
	g->board = &pos->board;
	g->winner = SQ_NO_WINNER;
	build_zones(g);
	build_cities(g);
	build_pieces(g);
	g->players = g->sc->players.given && g->sc->players.valid && g->sc->players.value > 0 ? (int)g->sc->players.value : 2;
	int first = 0;
	for (size_t i = 0; i < g->sc->side_count && i < SQ_SIDES; i++)
		if (g->sc->sides[i].first)
			first = (int)i;
	seat_order(g, first);
	victory_terms(g);
	sq_begin_turn(g);
	return g;
}

/* A copy of n items, NULL for none. */
static void *copy_of(const void *items, size_t n, size_t size)
{
	return n ? memcpy(xmalloc(n * size), items, n * size) : NULL;
}

sq_game *sq_game_clone(const sq_game *g)
{
	sq_game *c = xmalloc(sizeof *c);
	*c = *g;
	c->pieces = g->piece_count ? xcalloc(g->piece_count, sizeof *c->pieces) : NULL;
	c->piece_capacity = g->piece_count;
	for (size_t i = 0; i < g->piece_count; i++) {
		c->pieces[i] = g->pieces[i];
		c->pieces[i].id = xstrdup(g->pieces[i].id);
	}
	c->cities = copy_of(g->cities, g->city_count, sizeof *c->cities);
	c->zone_adjacent = copy_of(g->zone_adjacent, g->zone_count * g->zone_count, sizeof *c->zone_adjacent);
	c->bought = copy_of(g->bought, g->bought_count, sizeof *c->bought);
	c->bought_capacity = g->bought_count;
	c->borrowed_ids = 0;
	c->borrowed_zones = false;
	return c;
}

sq_game *sq_game_trial(const sq_game *g)
{
	sq_game *c = xmalloc(sizeof *c);
	*c = *g;
	c->pieces = copy_of(g->pieces, g->piece_count, sizeof *c->pieces);
	c->piece_capacity = g->piece_count;
	c->borrowed_ids = g->piece_count;
	c->cities = copy_of(g->cities, g->city_count, sizeof *c->cities);
	c->borrowed_zones = true;
	c->bought = copy_of(g->bought, g->bought_count, sizeof *c->bought);
	c->bought_capacity = g->bought_count;
	return c;
}

void sq_game_destroy(sq_game *g)
{
	if (!g)
		return;
	while (g->piece_count > g->borrowed_ids)
		free(g->pieces[--g->piece_count].id);
	free(g->pieces);
	free(g->cities);
	if (!g->borrowed_zones)
		free(g->zone_adjacent);
	free(g->bought);
	free(g);
}

/* ---- combat factors ---- */

static void note(sq_factor *f, const char *rule, const char *fmt, ...) DIAG_PRINTF(3, 4);

static void note(sq_factor *f, const char *rule, const char *fmt, ...)
{
	if (f->note_count >= SQ_FACTOR_NOTES)
		return;
	rules_error *n = &f->notes[f->note_count++];
	n->line = 0;
	va_list ap;
	va_start(ap, fmt);
	rules_vfail(n, rule, fmt, ap);
	va_end(ap);
}

/* The id of the side's capital, "?" when it has none. */
static const char *capital_name(const sq_game *g, int side)
{
	for (size_t i = 0; i < g->city_count; i++)
		if (g->cities[i].capital_of[side] && g->sc->cities[i].id.text)
			return g->sc->cities[i].id.text;
	return "?";
}

/* The nearest friendly general within range of the square, other than the
 * piece itself; the first in file order among the nearest. */
static long general_in_range(const sq_game *g, int side, grid_cell at, long self, int *distance)
{
	long best = -1;
	int best_d = 0;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if ((long)i == self || p->kind != SQ_GENERAL || p->side != side || !p->alive || !p->on_map)
			continue;
		int d = grid_distance(g->board, p->at, at);
		if (d <= g->rs->square.general_range && (best < 0 || d < best_d)) {
			best = (long)i;
			best_d = d;
		}
	}
	*distance = best_d;
	return best;
}

void sq_fight_factor(const sq_game *g, long piece, grid_cell at, bool defending, sq_factor *f)
{
	const ruleset *rs = g->rs;
	const sq_piece *p = &g->pieces[piece];
	/* Not a memset: the notes are large, and the automatic player asks
	 * for factors often; only note_count of them is read. */
	f->note_count = 0;
	f->base = p->kind == SQ_GENERAL || defending ? p->type->defend : p->type->attack;
	int factor = f->base;
	char b[GRID_ADDRESS_MAX];
	const char *what = defending ? "defence" : "attack";
	int d = 0;
	long gen = general_in_range(g, p->side, at, piece, &d);
	long lost = gen >= 0 && rs->square.capital_bonus_lost ? sq_capital_lost(g, p->side) : -1;
	bool waits = gen >= 0 && rs->square.capital_bonus_lost && lost < 0 && g->capital_retaken[p->side];
	bool bonus = gen >= 0 && lost < 0 && !waits && rs->square.general_bonus != 0;
	if (gen >= 0 && lost >= 0)
		note(f, SQ_RULE(rs, capitals), "no general bonus for %s: the enemy holds its capital %s", p->id,
			g->sc->cities[lost].id.text);
	else if (waits)
		note(f, SQ_RULE(rs, capitals),
			"no general bonus for %s yet: its side retook its capital %s, and the bonus returns at the start of its next turn",
			p->id, capital_name(g, p->side));
	long city = sq_city_at(g, at);
	bool entrenched = defending && p->kind == SQ_LAND && rs->square.entrench_unit &&
		str_eq(p->type->id, rs->square.entrench_unit) && city >= 0;
	const char *gid = gen >= 0 ? g->pieces[gen].id : "";
	if (entrenched) {
		const sc_city *c = &g->sc->cities[city];
		const char *name = c->name.text ? c->name.text : c->id.text ? c->id.text : grid_format(at, b);
		if (bonus) {
			/* +2 with a general in range is the whole bonus: the general's
			 * own +1 is not added again. */
			factor += rs->square.entrench_general_bonus;
			note(f, SQ_RULE(rs, entrench),
				"%+d defence: %s entrenched in %s with general '%s' in range (%d %s away, within %d)",
				rs->square.entrench_general_bonus, p->type->id, name, gid, d, d == 1 ? "square" : "squares",
				rs->square.general_range);
		} else {
			factor += rs->square.entrench_bonus;
			note(f, SQ_RULE(rs, entrench), "%+d defence: %s entrenched in %s",
				rs->square.entrench_bonus, p->type->id, name);
		}
	} else if (bonus) {
		factor += rs->square.general_bonus;
		note(f, SQ_RULE(rs, generals), "%+d %s: general '%s' at %s is %d %s away (within %d)",
			rs->square.general_bonus, what, gid, grid_format(g->pieces[gen].at, b), d,
			d == 1 ? "square" : "squares", rs->square.general_range);
	}
	f->factor = factor;
}

int sq_capped(const ruleset *rs, int factor)
{
	if (factor > rs->square.die_faces)
		factor = rs->square.die_faces;
	return factor < 0 ? 0 : factor;
}

/* ---- who fights whom (one geometry for `ask`, the referee and the
 * automatic player) ---- */

bool sq_reaches(const sq_game *g, const rs_square_unit *t, grid_cell from, grid_cell to)
{
	int d = grid_distance(g->board, from, to);
	if (d == 1)
		return t->diagonal || square_orthogonal(from, to);
	int reach = t->diagonal ? d : square_orthogonal_distance(from, to);
	return d > 1 && reach <= t->range;
}

bool sq_answers(const sq_game *g, long defender, grid_cell from, rules_error *why)
{
	const ruleset *rs = g->rs;
	const sq_piece *d = &g->pieces[defender];
	const char *rule = sq_step_rule(rs, SQ_STEP_COMBAT);
	int reach = rs->square.answer_range;
	int dist = grid_distance(g->board, from, d->at);
	char b1[GRID_ADDRESS_MAX], b2[GRID_ADDRESS_MAX];
	rules_error none;
	if (!why)
		why = &none;
	rules_error_clear(why);
	if (d->kind == SQ_GENERAL || d->type->attack <= 0)
		return rules_fail(why, rule, "%s '%s' does not fire back: %s has no attack factor",
			d->kind == SQ_GENERAL ? "general" : d->type->id, d->id,
			d->kind == SQ_GENERAL ? "a general" : d->type->id);
	if (dist > reach)
		return rules_fail(why, rule,
			"'%s' does not fire back: the attack comes from %s, %d squares away, and a defender fires back only at an attacker %s",
			d->id, grid_format(from, b1), dist, reach == 1 ? "next to it" : "within its answer range");
	if (!d->type->diagonal && square_orthogonal_distance(from, d->at) > reach)
		return rules_fail(why, rule,
			"'%s' does not fire back: %s fights only across a square's side, and %s touches %s only at a corner",
			d->id, d->type->id, grid_format(from, b1), grid_format(d->at, b2));
	return true;
}
