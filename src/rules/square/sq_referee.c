/* The square game's referee.  Every handler checks the whole action first
 * and changes the game only after the last check; dice are rolled after
 * the checks too, so a refusal draws nothing from the dice roller.  Rule
 * ids come from the ruleset: the section of the step an action belongs to
 * (buy, move, combat, redeploy, place), of the order of play (whose turn,
 * whose pieces), of transport, cargo, retreat, naval combat or victory, or
 * of the board; "log" for the log's own form. */
#include "sq_referee.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"

/* The rule ids cited, from the ruleset: a section of its own (SQ_RULE),
 * of a step of the turn, or of the board. */
#define RULE(g, topic) SQ_RULE((g)->rs, topic)
#define STEP_RULE(g, step) sq_step_rule((g)->rs, step)
#define BOARD_RULE(g) ruleset_rule((g)->rs, (g)->rs->board.rule)

static const char *const STEP_NAMES[] = { "buy", "move", "combat", "non-combat", "place", "over" };

/* ---- shared checks ---- */

static bool parse_square(const sq_game *g, const char *text, grid_cell *out, rules_error *err)
{
	if (!text || !grid_parse(g->board, text, out))
		return rules_fail(err, RULES_ERROR_LOG_RULE, "'%s' is not a square (column letters and a row number, like M7)",
			text ? text : "");
	if (!grid_on_board(g->board, *out)) {
		const grid_board *b = g->board;
		return rules_fail(err, BOARD_RULE(g), "%s is not on the %d x %d board", text, b->square.columns,
			b->square.rows);
	}
	return true;
}

/* The piece, alive, of the side and player to play. */
static bool own_piece(const sq_game *g, const char *id, long *out, rules_error *err)
{
	long p = sq_find(g, id);
	if (p < 0)
		return rules_fail(err, RULE(g, ids), "no unit, general or ship '%s' in this game", id);
	const sq_piece *q = &g->pieces[p];
	if (!q->alive)
		return rules_fail(err, STEP_RULE(g, SQ_STEP_COMBAT), "'%s' is no longer in play", id);
	const sq_seat *s = sq_current(g);
	if (q->side != s->side)
		return rules_fail(err, RULE(g, turn), "'%s' belongs to %s, and it is %s's turn", id,
			sq_side_id(g, q->side), sq_side_id(g, s->side));
	if (g->seat_count > 2 && q->player != s->player)
		return rules_fail(err, RULE(g, turn), "'%s' is moved by %s player %d, and it is player %d's turn", id,
			sq_side_id(g, q->side), q->player, s->player);
	*out = p;
	return true;
}

static bool enemy_piece(const sq_game *g, const char *id, long *out, rules_error *err)
{
	long p = sq_find(g, id);
	if (p < 0)
		return rules_fail(err, RULE(g, ids), "no unit, general or ship '%s' in this game", id);
	if (!g->pieces[p].alive)
		return rules_fail(err, STEP_RULE(g, SQ_STEP_COMBAT), "'%s' is no longer in play", id);
	if (g->pieces[p].side == sq_current(g)->side)
		return rules_fail(err, STEP_RULE(g, SQ_STEP_COMBAT), "'%s' is friendly (%s): fight only the enemy", id,
			sq_side_id(g, g->pieces[p].side));
	*out = p;
	return true;
}

/* A land square a land unit or general of side may stand on: not water,
 * not a mountain (unless the ruleset lets them cross), no enemy on it. */
static bool enterable(const sq_game *g, grid_cell c, int side, const char *who, rules_error *err)
{
	const rs_terrain *t = position_terrain(g->pos, c);
	if (position_water(g->pos, c))
		return rules_fail(err, STEP_RULE(g, SQ_STEP_MOVE), "%s cannot enter %s: it is sea (take ship: %s)", who,
			GRID_ADDRESS(c), RULE(g, transport));
	if (t && !t->passable)
		return rules_fail(err, STEP_RULE(g, SQ_STEP_MOVE), "%s cannot enter %s: %s is impassable", who, GRID_ADDRESS(c),
			t->id);
	if (sq_enemy_at(g, c, side))
		return rules_fail(err, STEP_RULE(g, SQ_STEP_MOVE), "%s cannot enter %s: an enemy holds it", who, GRID_ADDRESS(c));
	return true;
}

static bool room_on(const sq_game *g, grid_cell c, int side, const char *who, rules_error *err)
{
	int limit = g->rs->square.play.stacking;
	if (limit > 0 && sq_land_count(g, c, side) >= limit)
		return rules_fail(err, STEP_RULE(g, SQ_STEP_MOVE), "%s cannot stop on %s: %d friendly land units stand there already (at most %d)",
			who, GRID_ADDRESS(c), sq_land_count(g, c, side), limit);
	return true;
}

/* Whether the movement roll still allows one more unit. */
static bool roll_allows(const sq_game *g, const sq_piece *p, rules_error *err)
{
	if (p->counted)
		return true;
	const char *rule = g->step == SQ_STEP_REDEPLOY ? STEP_RULE(g, SQ_STEP_REDEPLOY) : STEP_RULE(g, SQ_STEP_MOVE);
	if (g->counted >= g->roll)
		return rules_fail(err, rule, "the roll of %d lets %d %s move, and %d %s moved already", g->roll, g->roll,
			g->roll == 1 ? "unit" : "units", g->counted, g->counted == 1 ? "has" : "have");
	return true;
}

/* Whether the game is in one of two steps; else why not: the movement
 * roll is still to come (early_rule, a rule id, says why), or those steps
 * are past. */
static bool in_step(const sq_game *g, sq_step first, sq_step second, const char *what, const char *early_rule,
	const char *early, const char *late, rules_error *err)
{
	if (g->step == first || g->step == second)
		return true;
	if (g->step == SQ_STEP_BUY)
		return rules_fail(err, early_rule, "%s before the movement roll: %s", what, early);
	return rules_fail(err, RULE(g, turn), "%s in the %s step: %s", what, STEP_NAMES[g->step], late);
}

static bool moving_step(const sq_game *g, const char *what, rules_error *err)
{
	return in_step(g, SQ_STEP_MOVE, SQ_STEP_REDEPLOY, what, STEP_RULE(g, SQ_STEP_MOVE), "roll the dice first ('roll')",
		"units move in the movement and non-combat steps", err);
}

static bool combat_step(sq_game *g, const char *what, rules_error *err)
{
	return in_step(g, SQ_STEP_MOVE, SQ_STEP_COMBAT, what, RULE(g, turn), "combat follows movement",
		"combat is over once the non-combat roll is made", err);
}

/* ---- dice ---- */

static bool faces_ok(const sq_game *g, const sq_action *a, int wanted, rules_error *err)
{
	if (a->faces_given && a->face_count > wanted)
		return rules_fail(err, RULES_ERROR_LOG_RULE, "'%s' rolls %d %s here; %d faces given", sqlog_keyword(a->kind),
			wanted, wanted == 1 ? "die" : "dice", a->face_count);
	for (int i = 0; i < a->face_count; i++)
		if (a->faces[i] > g->rs->square.die_faces)
			return rules_fail(err, RULES_ERROR_LOG_RULE, "%d is not a face of a %d-sided die", a->faces[i],
				g->rs->square.die_faces);
	return true;
}

/* Whether the faces can be had: given, or rolled later with r. */
static bool faces_owed(const sq_action *a, int wanted, rng *r, rules_error *err)
{
	if (a->face_count >= wanted || r)
		return true;
	return rules_fail(err, RULES_ERROR_LOG_RULE, "'%s' needs %d %s: write them after ':' (%d given)",
		sqlog_keyword(a->kind), wanted, wanted == 1 ? "die face" : "die faces", a->face_count);
}

/* Face i of the action, rolled when not given (and then written into it). */
static int face(const sq_game *g, sq_action *a, int i, rng *r)
{
	if (i < a->face_count)
		return a->faces[i];
	int f = 1 + (int)rng_below(r, (uint32_t)g->rs->square.die_faces);
	if (a->face_count < SQ_ACTION_FACES)
		a->faces[a->face_count++] = f;
	a->faces_given = true;
	return f;
}

/* ---- changes ---- */

static void capture(sq_game *g, grid_cell at, int side)
{
	long c = sq_city_at(g, at);
	if (c < 0 || g->cities[c].owner == side || !g->rs->square.play.capture_on_entry)
		return;
	/* A side retaking its own capital has its generals' bonus back only
	 * on its next turn (sq_begin_turn). */
	if (g->cities[c].capital_of[side] && g->cities[c].owner >= 0)
		g->capital_retaken[side] = true;
	g->cities[c].owner = side;
	/* A captured port dislodges the enemy ships in it into its zone. */
	for (size_t i = 0; i < g->piece_count; i++) {
		sq_piece *p = &g->pieces[i];
		if (p->alive && p->kind == SQ_SHIP && p->port == c && p->side != side)
			p->port = -1;
	}
}

static void destroy(sq_game *g, long piece)
{
	sq_piece *p = &g->pieces[piece];
	p->alive = false;
	p->on_map = false;
	if (p->kind == SQ_SHIP)
		for (size_t i = 0; i < g->piece_count; i++)
			if (g->pieces[i].aboard == piece && g->pieces[i].alive) {
				/* A ship sunk with cargo loses the cargo. */
				g->pieces[i].alive = false;
			}
}

static void hit(sq_game *g, long piece)
{
	sq_piece *p = &g->pieces[piece];
	p->hits++;
	if (p->hits >= (p->type->hits > 0 ? p->type->hits : 1))
		destroy(g, piece);
}

static void place_on(sq_game *g, long piece, grid_cell at)
{
	sq_piece *p = &g->pieces[piece];
	p->at = at;
	p->on_map = true;
	p->aboard = -1;
	if (p->kind == SQ_LAND)
		capture(g, at, p->side);
}

static bool combat_cleared(const sq_game *g)
{
	return !sq_enemy_at(g, g->combat.target, sq_current(g)->side);
}

/* ---- victory ---- */

static void decide(sq_game *g, int winner, const char *fmt, ...) DIAG_PRINTF(3, 4);

static void decide(sq_game *g, int winner, const char *fmt, ...)
{
	g->winner = winner;
	g->step = SQ_STEP_OVER;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(g->result, sizeof g->result, fmt, ap);
	va_end(ap);
}

static void check_wipe_out(sq_game *g)
{
	if (!g->wipe_out || g->step == SQ_STEP_OVER)
		return;
	int left[SQ_SIDES];
	for (int s = 0; s < SQ_SIDES; s++)
		left[s] = sq_land_units(g, s);
	if (left[0] == 0 && left[1] == 0)
		decide(g, SQ_DRAW, "neither side has a land unit left");
	else if (left[0] == 0 || left[1] == 0) {
		int w = left[0] == 0 ? 1 : 0;
		decide(g, w, "%s has no land unit left on the map", sq_side_id(g, 1 - w));
	}
}

static void check_capitals(sq_game *g, bool turn_ended)
{
	if (g->step == SQ_STEP_OVER)
		return;
	int mover = sq_current(g)->side;
	for (int s = 0; s < SQ_SIDES; s++) {
		int enemy = 1 - s;
		long cap = sq_capital_lost(g, enemy);
		if (cap < 0 || g->cities[cap].owner != s) {
			g->hold[s] = 0;
			continue;
		}
		if (turn_ended && mover == enemy)
			g->hold[s]++;
		if (g->hold[s] >= g->hold_turns) {
			decide(g, s, "it took %s's capital %s and held it through %s's turn", sq_side_id(g, enemy),
				g->sc->cities[cap].id.text, sq_side_id(g, enemy));
			return;
		}
	}
}

static void check_turn_limit(sq_game *g)
{
	if (g->step == SQ_STEP_OVER || g->turn_limit <= 0 || !g->limit_by_cities)
		return;
	if (g->turn < g->turn_limit * g->seat_count)
		return;
	int a = sq_cities_held(g, 0), b = sq_cities_held(g, 1);
	if (a == b)
		decide(g, SQ_DRAW, "the turn limit of %ld is reached with %d cities each", g->turn_limit, a);
	else {
		int w = a > b ? 0 : 1;
		decide(g, w, "the turn limit of %ld is reached and it holds %d cities against %d", g->turn_limit,
			w == 0 ? a : b, w == 0 ? b : a);
	}
}

/* ---- actions ---- */

static bool do_head(sq_game *g, const sq_action *a, rules_error *err)
{
	if (g->head_done)
		return rules_fail(err, RULES_ERROR_LOG_RULE, "'%s' is a head line: it comes before the first action of play",
			sqlog_keyword(a->kind));
	switch (a->kind) {
	case SQ_ACT_SCENARIO:
		if (!str_eq(a->subject, g->sc->id.text))
			return rules_fail(err, RULES_ERROR_LOG_RULE, "this log is for scenario '%s', not '%s'", a->subject,
				g->sc->id.text ? g->sc->id.text : "?");
		return true;
	case SQ_ACT_FIRST: {
		int s = sq_side_index(g, a->subject);
		if (s != g->seats[0].side)
			return rules_fail(err, RULE(g, turn), "the scenario has %s begin, not %s",
				sq_side_id(g, g->seats[0].side), a->subject);
		return true;
	}
	default:
		return true;
	}
}

static bool do_buy(sq_game *g, const sq_action *a, rules_error *err)
{
	const ruleset *rs = g->rs;
	const char *rule = STEP_RULE(g, SQ_STEP_BUY);
	const sq_seat *seat = sq_current(g);
	int side = seat->side;
	sq_purse *purse = sq_purse_of(g, side, seat->player);
	char who[80];
	if (g->step != SQ_STEP_BUY)
		return rules_fail(err, rule, "purchases come first in a turn, before the movement roll");
	int cost = 0, limited = 0;
	for (size_t i = 0; i < a->word_count; i++) {
		const rs_square_unit *t = ruleset_find_square_unit(rs, a->words[i]);
		if (!t)
			return rules_fail(err, rule, "unknown unit '%s'", a->words[i]);
		if (t->cost < 0)
			return rules_fail(err, rule, "%s cannot be bought", t->id);
		cost += t->cost;
		if (rs->square.limited_unit && str_eq(t->id, rs->square.limited_unit))
			limited++;
	}
	/* The purse of the player to play: with four players his own. */
	if (cost > purse->points)
		return rules_fail(err, rule, "costs %d points, and %s has %d", cost,
			sq_player_name(g, side, seat->player, who, sizeof who), purse->points);
	if (rs->square.limited_unit && rs->square.purchase_limit > 0 && limited > purse->allowance)
		return rules_fail(err, rule, "%d %s, more than the allowance of %d left%s", limited, rs->square.limited_unit,
			purse->allowance, g->seat_count > 2 ? " to this player" : "");
	purse->points -= cost;
	if (rs->square.limited_unit && rs->square.purchase_limit > 0)
		purse->allowance -= limited;
	for (size_t i = 0; i < a->word_count; i++) {
		grow_array((void **)&g->bought, &g->bought_capacity, g->bought_count + 1, sizeof *g->bought);
		g->bought[g->bought_count++] =
			(sq_bought){ ruleset_find_square_unit(rs, a->words[i]), side, sq_current(g)->player };
	}
	g->bought_now = true;
	return true;
}

static bool do_roll(sq_game *g, sq_action *a, rng *r, bool redeploy, rules_error *err)
{
	int dice = sq_step_dice(g->rs, redeploy ? SQ_STEP_REDEPLOY : SQ_STEP_MOVE);
	if (!redeploy && g->step != SQ_STEP_BUY)
		return rules_fail(err, STEP_RULE(g, SQ_STEP_MOVE), "the movement roll is made once a turn, after the purchases");
	if (redeploy && g->step != SQ_STEP_MOVE && g->step != SQ_STEP_COMBAT)
		return rules_fail(err, STEP_RULE(g, SQ_STEP_REDEPLOY), g->step == SQ_STEP_BUY
				? "the non-combat roll comes after movement and combat: roll for movement first"
				: "the non-combat roll is made once a turn, after the combats");
	if (!faces_ok(g, a, dice, err) || !faces_owed(a, dice, r, err))
		return false;
	int sum = 0;
	for (int i = 0; i < dice; i++)
		sum += face(g, a, i, r);
	g->roll = sum;
	g->counted = 0;
	g->step = redeploy ? SQ_STEP_REDEPLOY : SQ_STEP_MOVE;
	g->combat.active = false;
	for (size_t i = 0; i < g->piece_count; i++)
		g->pieces[i].counted = g->pieces[i].moved = g->pieces[i].embarked = false;
	return true;
}

/* A step of a ship: into a sea zone or a port; its cost in steps. */
static bool ship_step(const sq_game *g, const sq_piece *p, long *port, long *zone, const char *word, int *cost,
	rules_error *err)
{
	const char *rule = STEP_RULE(g, SQ_STEP_MOVE);
	long z = sq_zone_by_id(g, word);
	if (z >= 0) {
		if (*port >= 0 && z == *zone) {
			*cost = g->rs->square.play.port_steps;
		} else if (*zone >= 0 && g->zone_adjacent[(size_t)*zone * g->zone_count + (size_t)z]) {
			*cost = g->rs->square.play.zone_steps;
		} else {
			return rules_fail(err, rule, "'%s' cannot sail from %s to %s: the zones do not touch", p->id,
				*port >= 0 ? g->sc->cities[*port].id.text : g->sc->sea_zones[*zone].id.text, word);
		}
		*port = -1;
		*zone = z;
		return true;
	}
	long c = sq_city_by_id(g, word);
	if (c < 0)
		return rules_fail(err, RULES_ERROR_LOG_RULE, "'%s' is neither a sea zone nor a port of this map", word);
	if (!g->cities[c].port)
		return rules_fail(err, rule, "%s is not a port: ships sail between sea zones and ports", word);
	if (g->cities[c].zone != *zone || *port >= 0)
		return rules_fail(err, rule, "'%s' can enter %s only from its sea zone %s", p->id, word,
			g->cities[c].zone >= 0 ? g->sc->sea_zones[g->cities[c].zone].id.text : "?");
	if (g->cities[c].owner != p->side)
		return rules_fail(err, RULE(g, naval), "'%s' cannot enter %s: ships enter only ports their side holds",
			p->id, word);
	*cost = g->rs->square.play.port_steps;
	*port = c;
	return true;
}

static bool move_ship(sq_game *g, long piece, const sq_action *a, rules_error *err)
{
	sq_piece *p = &g->pieces[piece];
	if (p->moved)
		return rules_fail(err, STEP_RULE(g, SQ_STEP_MOVE), "'%s' has moved in this step already", p->id);
	if (!roll_allows(g, p, err))
		return false;
	long port = p->port, zone = p->zone;
	int steps = 0;
	for (size_t i = 0; i < a->word_count; i++) {
		int cost = 0;
		if (!ship_step(g, p, &port, &zone, a->words[i], &cost, err))
			return false;
		steps += cost;
	}
	if (steps > p->type->move)
		return rules_fail(err, STEP_RULE(g, SQ_STEP_MOVE), "'%s' would sail %d steps; a %s sails %d at most", p->id, steps,
			p->type->id, p->type->move);
	p->port = port;
	p->zone = zone;
	if (port >= 0)
		p->at = g->cities[port].at;
	p->moved = true;
	if (!p->counted) {
		p->counted = true;
		g->counted++;
	}
	return true;
}

static bool move_land(sq_game *g, long piece, const sq_action *a, rules_error *err)
{
	sq_piece *p = &g->pieces[piece];
	const char *rule = STEP_RULE(g, SQ_STEP_MOVE);
	bool general = p->kind == SQ_GENERAL;
	bool free = general && g->rs->square.play.generals_free;
	if (!p->on_map)
		return rules_fail(err, RULE(g, transport), "'%s' is aboard a ship: it comes ashore with 'land'", p->id);
	if (p->moved)
		return rules_fail(err, rule, "'%s' has moved in this step already", p->id);
	if (!free && !roll_allows(g, p, err))
		return false;
	if ((int)a->word_count > p->type->move)
		return rules_fail(err, rule, "'%s' would move %zu squares; %s moves %d at most", p->id, a->word_count,
			general ? "a general" : p->type->id, p->type->move);
	grid_cell at = p->at;
	grid_cell path[64];
	size_t n = a->word_count < 64 ? a->word_count : 64;
	for (size_t i = 0; i < n; i++) {
		grid_cell c;
		if (!parse_square(g, a->words[i], &c, err))
			return false;
		if (!grid_adjacent(g->board, at, c))
			return rules_fail(err, rule, "%s is not next to %s: a move goes one square at a time", a->words[i],
				GRID_ADDRESS(at));
		if (!enterable(g, c, p->side, p->id, err))
			return false;
		path[i] = at = c;
	}
	if (!general && !grid_cell_equal(at, p->at) && !room_on(g, at, p->side, p->id, err))
		return false;
	if (general) {
		p->at = at;
	} else {
		for (size_t i = 0; i < n; i++)
			capture(g, path[i], p->side);
		p->at = at;
	}
	p->moved = true;
	if (!free && !p->counted) {
		p->counted = true;
		g->counted++;
	}
	return true;
}

static bool do_move(sq_game *g, const sq_action *a, rules_error *err)
{
	long p;
	if (!moving_step(g, "a move", err) || !own_piece(g, a->subject, &p, err))
		return false;
	if (g->pieces[p].kind == SQ_SHIP)
		return move_ship(g, p, a, err);
	return move_land(g, p, a, err);
}

static bool do_embark(sq_game *g, const sq_action *a, rules_error *err)
{
	const char *rule = RULE(g, transport);
	long u, s;
	if (!moving_step(g, "embarking", err) || !own_piece(g, a->subject, &u, err) || !own_piece(g, a->object, &s, err))
		return false;
	sq_piece *p = &g->pieces[u], *ship = &g->pieces[s];
	if (p->kind != SQ_LAND)
		return rules_fail(err, rule, "only land units embark; '%s' is not one", p->id);
	if (ship->kind != SQ_SHIP)
		return rules_fail(err, rule, "'%s' is not a ship", ship->id);
	if (!p->on_map)
		return rules_fail(err, rule, "'%s' is aboard a ship already", p->id);
	if (p->moved)
		return rules_fail(err, rule, "'%s' has moved in this step: a unit embarks where it starts the step", p->id);
	long c = sq_city_at(g, p->at);
	if (c < 0 || !g->cities[c].port || g->cities[c].owner != p->side)
		return rules_fail(err, rule, "'%s' at %s is not in a port its side holds: units embark only there", p->id,
			GRID_ADDRESS(p->at));
	if (ship->port != c)
		return rules_fail(err, rule, "'%s' does not lie in %s", ship->id, g->sc->cities[c].id.text);
	if (sq_ship_room(g, s) <= 0)
		return rules_fail(err, RULE(g, cargo), "'%s' has no room left: a %s carries %d", ship->id,
			ship->type->id, ship->type->carries);
	bool counts = g->rs->square.play.embark_uses_move;
	if (counts && !roll_allows(g, p, err))
		return false;
	p->on_map = false;
	p->aboard = s;
	p->embarked = true;
	p->moved = true;
	if (counts && !p->counted) {
		p->counted = true;
		g->counted++;
	}
	return true;
}

static bool do_land(sq_game *g, const sq_action *a, rules_error *err)
{
	const char *rule = RULE(g, transport);
	long u;
	grid_cell c;
	if (!moving_step(g, "landing", err) || !own_piece(g, a->subject, &u, err) || !parse_square(g, a->object, &c, err))
		return false;
	sq_piece *p = &g->pieces[u];
	if (p->kind != SQ_LAND || p->aboard < 0)
		return rules_fail(err, rule, "'%s' is not aboard a ship", p->id);
	if (p->moved && !p->embarked)
		return rules_fail(err, rule, "'%s' has moved in this step already", p->id);
	const sq_piece *ship = &g->pieces[p->aboard];
	if (ship->port >= 0) {
		if (!grid_cell_equal(g->cities[ship->port].at, c))
			return rules_fail(err, rule, "'%s' lies in %s: its cargo lands there, at %s", ship->id,
				g->sc->cities[ship->port].id.text, GRID_ADDRESS(g->cities[ship->port].at));
	} else if (position_water(g->pos, c) || !sq_coastal(g, c, ship->zone)) {
		return rules_fail(err, rule, "%s is not a land square on the coast of %s, where '%s' is", a->object,
			ship->zone >= 0 ? g->sc->sea_zones[ship->zone].id.text : "?", ship->id);
	} else {
		/* Friendly transport unloads in friendly ports only. */
		long city = sq_city_at(g, c);
		if (city >= 0 && g->cities[city].owner == p->side && !g->cities[city].port)
			return rules_fail(err, rule, "%s is a city of %s and no port: friendly transport unloads in friendly ports only",
				g->sc->cities[city].id.text, sq_side_id(g, p->side));
	}
	if (!enterable(g, c, p->side, p->id, err) || !room_on(g, c, p->side, p->id, err))
		return false;
	if (!p->counted && !roll_allows(g, p, err))
		return false;
	place_on(g, u, c);
	p->moved = true;
	p->embarked = false;
	if (!p->counted) {
		p->counted = true;
		g->counted++;
	}
	return true;
}

/* The two sides of a fight: a piece of the player to move and an enemy
 * piece, in a step where combat may be fought. */
typedef struct fight {
	long mine, theirs;
	sq_piece *p, *d;
} fight;

static bool fighters(sq_game *g, const sq_action *a, const char *what, fight *f, rules_error *err)
{
	if (!combat_step(g, what, err) || !own_piece(g, a->subject, &f->mine, err) ||
		!enemy_piece(g, a->object, &f->theirs, err))
		return false;
	f->p = &g->pieces[f->mine];
	f->d = &g->pieces[f->theirs];
	return true;
}

static int factor_of(const sq_game *g, long piece, grid_cell at, bool defending)
{
	sq_factor f;
	sq_fight_factor(g, piece, at, defending, &f);
	return sq_capped(g->rs, f.factor);
}

static bool do_attack(sq_game *g, sq_action *a, rng *r, const fight *f, rules_error *err)
{
	const char *rule = STEP_RULE(g, SQ_STEP_COMBAT);
	long u = f->mine, t = f->theirs;
	sq_piece *p = f->p, *d = f->d;
	if (p->kind != SQ_LAND)
		return rules_fail(err, rule, "'%s' does not attack: only land units do (ships: 'naval')", p->id);
	if (!p->on_map)
		return rules_fail(err, rule, "'%s' is aboard a ship: it lands before it fights", p->id);
	if (d->kind == SQ_SHIP || !d->on_map)
		return rules_fail(err, rule, "'%s' is not on land: ships fight in naval combat or under coastal fire",
			d->id);
	if (!sq_reaches(g, p->type, p->at, d->at))
		return rules_fail(err, rule, "%s at %s cannot reach %s: %s", p->type->id, GRID_ADDRESS(p->at), GRID_ADDRESS(d->at),
			grid_distance(g->board, p->at, d->at) == 1
				? "it fights only across a square's side"
				: "it fights adjacent squares only, or within its range");
	long cell = grid_index(g->board, d->at);
	if (p->fought && p->target_cell < 0)
		return rules_fail(err, rule, "'%s' has fired at a ship this turn: that was its combat", p->id);
	if (p->target_cell >= 0 && p->target_cell != cell)
		return rules_fail(err, rule, "'%s' fights at %s this turn already: a unit joins one combat a turn", p->id,
			GRID_ADDRESS(grid_from_index(g->board, (size_t)p->target_cell)));
	int af = factor_of(g, u, p->at, false);
	int df = factor_of(g, t, d->at, true);
	rules_error silent;
	bool answers = sq_answers(g, t, p->at, &silent);
	int dice = answers ? 2 : 1;
	if (!answers && a->faces_given && a->face_count > 1)
		return rules_fail(err, silent.rule, "%s, so give the attacker's face only", silent.message);
	if (!faces_ok(g, a, dice, err))
		return false;
	bool first = p->type->fires_first && answers;
	int kills = d->type->hits > 0 ? d->type->hits : 1;
	bool first_kills = first && a->face_count >= 1 && a->faces[0] <= af && d->hits + 1 >= kills;
	if (first_kills && a->face_count > 1)
		return rules_fail(err, rule, "%s fires first and hit: '%s' is gone before it rolls, so give one face",
			p->type->id, d->id);
	if (first && !first_kills && a->face_count == 1 && !r)
		return rules_fail(err, rule, "%s fires first and %s (%d against a factor of %d): '%s' fires back, so give its face too",
			p->type->id, a->faces[0] <= af ? "hit without removing it" : "missed", a->faces[0], af, d->id);
	/* Without the dice roller every face must be written: one when the
	 * first shot removes the defender or it cannot answer, else two. */
	if (!faces_owed(a, 1, r, err) || !faces_owed(a, first_kills ? 1 : dice, r, err))
		return false;
	/* A new target square ends the combat before. */
	if (!g->combat.active || !grid_cell_equal(g->combat.target, d->at)) {
		memset(&g->combat, 0, sizeof g->combat);
		g->combat.active = true;
		g->combat.target = d->at;
	}
	g->step = SQ_STEP_COMBAT;
	int fa = face(g, a, 0, r);
	bool a_hit = fa <= af;
	bool d_hit = false;
	if (answers && !(first && a_hit && d->hits + 1 >= kills))
		d_hit = face(g, a, 1, r) <= df;
	p->target_cell = cell;
	p->fought = true;
	g->combat.rounds++;
	g->rounds++;
	if (a_hit)
		hit(g, t);
	if (d_hit)
		hit(g, u);
	g->combat.cleared = combat_cleared(g);
	return true;
}

/* The combat under way, for the steps that follow a round. */
static bool after_round(const sq_game *g, const char *what, rules_error *err)
{
	if (g->step != SQ_STEP_COMBAT || !g->combat.active || g->combat.rounds == 0)
		return rules_fail(err, RULE(g, retreat), "%s only after a round of a combat under way", what);
	return true;
}

/* Where a unit or general falls back to: within reach, land it may enter. */
static bool fall_back(const sq_game *g, const sq_piece *p, const char *to, int squares, grid_cell *c, rules_error *err)
{
	if (!parse_square(g, to, c, err))
		return false;
	int d = grid_distance(g->board, p->at, *c);
	if (d < 1 || d > squares)
		return rules_fail(err, RULE(g, retreat), "'%s' falls back %d %s from %s, to a square at most %d away",
			p->id, squares, squares == 1 ? "square" : "squares", GRID_ADDRESS(p->at), squares);
	if (squares > 1 && grid_path_length(g->board, p->at, *c, NULL, NULL) > squares)
		return rules_fail(err, RULE(g, retreat), "%s is too far for '%s'", to, p->id);
	return enterable(g, *c, p->side, p->id, err);
}

static bool do_retreat(sq_game *g, const sq_action *a, rules_error *err)
{
	const char *rule = RULE(g, retreat);
	if (!after_round(g, "a retreat", err))
		return false;
	long u = sq_find(g, a->subject), cav = sq_find(g, a->extra);
	if (u < 0 || !g->pieces[u].alive || g->pieces[u].kind != SQ_LAND)
		return rules_fail(err, rule, "no land unit '%s' in play", a->subject);
	if (cav < 0 || !g->pieces[cav].alive || !g->pieces[cav].on_map)
		return rules_fail(err, rule, "no cavalry '%s' on the map", a->extra);
	sq_piece *p = &g->pieces[u], *c = &g->pieces[cav];
	if (p->side == sq_current(g)->side)
		return rules_fail(err, rule, "'%s' attacks: the attacker breaks off with 'stop', only the defender retreats",
			p->id);
	if (!p->on_map || !grid_cell_equal(p->at, g->combat.target))
		return rules_fail(err, rule, "'%s' is not on %s, the square under attack", p->id, GRID_ADDRESS(g->combat.target));
	if (c->side != p->side || c->type->covers_retreats <= 0)
		return rules_fail(err, rule, "'%s' cannot cover a retreat: only the defender's own cavalry does", c->id);
	if (c == p)
		return rules_fail(err, rule, "'%s' cannot cover its own retreat: another cavalry unit must", p->id);
	if (grid_distance(g->board, c->at, p->at) > c->type->cover_range)
		return rules_fail(err, rule, "'%s' at %s is more than %d squares from '%s'", c->id, GRID_ADDRESS(c->at),
			c->type->cover_range, p->id);
	if (c->cover_round == g->rounds)
		return rules_fail(err, rule, "'%s' has covered a retreat in this round already", c->id);
	grid_cell to;
	if (!fall_back(g, p, a->object, g->rs->square.play.retreat_squares, &to, err) ||
		!room_on(g, to, p->side, p->id, err))
		return false;
	c->cover_round = g->rounds;
	place_on(g, u, to);
	g->combat.cleared = combat_cleared(g);
	return true;
}

static bool do_withdraw(sq_game *g, const sq_action *a, rules_error *err)
{
	const char *rule = RULE(g, retreat);
	if (!after_round(g, "a general's withdrawal", err))
		return false;
	long u = sq_find(g, a->subject);
	if (u < 0 || !g->pieces[u].alive || g->pieces[u].kind != SQ_GENERAL || !g->pieces[u].on_map)
		return rules_fail(err, rule, "no general '%s' on the map", a->subject);
	sq_piece *p = &g->pieces[u];
	if (!grid_cell_equal(p->at, g->combat.target))
		return rules_fail(err, rule, "general '%s' is not on %s, the square under attack", p->id,
			GRID_ADDRESS(g->combat.target));
	grid_cell to;
	if (!fall_back(g, p, a->object, g->rs->square.play.withdraw_squares, &to, err))
		return false;
	p->at = to;
	g->combat.cleared = combat_cleared(g);
	return true;
}

static bool do_advance(sq_game *g, const sq_action *a, rules_error *err)
{
	const char *rule = RULE(g, retreat);
	long u;
	if (!after_round(g, "an advance", err) || !own_piece(g, a->subject, &u, err))
		return false;
	sq_piece *p = &g->pieces[u];
	if (!g->combat.cleared)
		return rules_fail(err, rule, "the defender still holds %s: advance only into a square it has left",
			GRID_ADDRESS(g->combat.target));
	if (p->kind != SQ_LAND || !p->on_map || p->target_cell != grid_index(g->board, g->combat.target))
		return rules_fail(err, rule, "'%s' did not fight in this combat: only its attackers advance", p->id);
	if (!grid_adjacent(g->board, p->at, g->combat.target))
		return rules_fail(err, rule, "'%s' at %s is not next to %s", p->id, GRID_ADDRESS(p->at), GRID_ADDRESS(g->combat.target));
	if (!enterable(g, g->combat.target, p->side, p->id, err) || !room_on(g, g->combat.target, p->side, p->id, err))
		return false;
	place_on(g, u, g->combat.target);
	g->combat.advanced = true;
	return true;
}

static bool do_stop(sq_game *g, rules_error *err)
{
	if (g->step != SQ_STEP_COMBAT || !g->combat.active)
		return rules_fail(err, RULE(g, retreat), "no combat under way to break off");
	g->combat.active = false;
	return true;
}

/* A fight at sea (naval combat, coastal fire): the combat step begins or
 * goes on, any combat on land is over, the hits land together. */
static void at_sea_fight(sq_game *g, long attacker, long hit1, long hit2)
{
	g->step = SQ_STEP_COMBAT;
	g->combat.active = false;
	g->pieces[attacker].fought = true;
	if (hit1 >= 0)
		hit(g, hit1);
	if (hit2 >= 0)
		hit(g, hit2);
}

static bool do_naval(sq_game *g, sq_action *a, rng *r, const fight *f, rules_error *err)
{
	const char *rule = RULE(g, naval);
	long s = f->mine, t = f->theirs;
	sq_piece *p = f->p, *d = f->d;
	if (p->kind != SQ_SHIP || d->kind != SQ_SHIP)
		return rules_fail(err, rule, "naval combat is between two ships");
	if (p->zone != d->zone)
		return rules_fail(err, rule, "'%s' and '%s' are not in the same sea zone", p->id, d->id);
	if (d->port >= 0)
		return rules_fail(err, rule, "'%s' lies in %s, a port its side holds: ships in port are safe", d->id,
			g->sc->cities[d->port].id.text);
	if (p->naval_rounds >= g->rs->square.naval_rounds)
		return rules_fail(err, rule, "'%s' has fought its %d %s of naval combat this turn", p->id,
			g->rs->square.naval_rounds, g->rs->square.naval_rounds == 1 ? "round" : "rounds");
	if (!faces_ok(g, a, 2, err) || !faces_owed(a, 2, r, err))
		return false;
	bool a_hit = face(g, a, 0, r) <= sq_capped(g->rs, p->type->attack);
	bool d_hit = face(g, a, 1, r) <= sq_capped(g->rs, d->type->defend);
	p->naval_rounds++;
	at_sea_fight(g, s, a_hit ? t : -1, d_hit ? s : -1);
	return true;
}

static bool do_fire(sq_game *g, sq_action *a, rng *r, const fight *f, rules_error *err)
{
	const char *rule = RULE(g, naval);
	long u = f->mine, t = f->theirs;
	sq_piece *p = f->p, *d = f->d;
	if (p->kind != SQ_LAND || !p->type->coastal_fire || !p->on_map)
		return rules_fail(err, rule, "'%s' cannot fire at ships: only %s on land has coastal fire", p->id,
			"artillery");
	if (d->kind != SQ_SHIP)
		return rules_fail(err, rule, "'%s' is not a ship", d->id);
	if (p->fought)
		return rules_fail(err, rule, "'%s' has fought this turn already: coastal fire is once a turn", p->id);
	if (d->port >= 0)
		return rules_fail(err, rule, "'%s' lies in port %s: ships in their own port are safe", d->id,
			g->sc->cities[d->port].id.text);
	long port = -1;
	for (size_t i = 0; i < g->city_count && port < 0; i++) {
		const sq_city *c = &g->cities[i];
		if (c->port && c->owner == p->side && c->zone == d->zone && d->zone >= 0 &&
			grid_distance(g->board, c->at, p->at) <= 1)
			port = (long)i;
	}
	if (port < 0)
		return rules_fail(err, rule, "'%s' at %s is not in or next to a port of %s's sea zone that its side holds",
			p->id, GRID_ADDRESS(p->at), d->id);
	if (!faces_ok(g, a, 1, err) || !faces_owed(a, 1, r, err))
		return false;
	bool a_hit = face(g, a, 0, r) <= factor_of(g, u, p->at, false);
	at_sea_fight(g, u, a_hit ? t : -1, -1);
	return true;
}

/* A city or port of side where a unit of that type may enter now. */
static bool placeable(const sq_game *g, const rs_square_unit *type, long city, int side)
{
	const sq_city *c = &g->cities[city];
	int per = g->rs->square.placements_per_city;
	if (c->owner != side || (per > 0 && c->placed) || (type->naval && !c->port))
		return false;
	if (!type->naval) {
		int limit = g->rs->square.play.stacking;
		if (sq_enemy_at(g, c->at, side) || (limit > 0 && sq_land_count(g, c->at, side) >= limit))
			return false;
	}
	return true;
}

static long bought_index(const sq_game *g, const char *type, int side)
{
	for (size_t i = 0; i < g->bought_count; i++)
		if (g->bought[i].side == side && g->bought[i].type && str_eq(g->bought[i].type->id, type))
			return (long)i;
	return -1;
}

static bool do_place(sq_game *g, const sq_action *a, rules_error *err)
{
	const char *rule = STEP_RULE(g, SQ_STEP_PLACE);
	int side = sq_current(g)->side;
	grid_cell at;
	if (g->step != SQ_STEP_REDEPLOY && g->step != SQ_STEP_PLACE)
		return rules_fail(err, rule, "new units are placed in the last step of the turn, after the non-combat roll");
	long b = bought_index(g, a->subject, side);
	if (b < 0)
		return rules_fail(err, rule, "%s has no %s bought and waiting to be placed", sq_side_id(g, side), a->subject);
	if (!parse_square(g, a->object, &at, err))
		return false;
	if (sq_find(g, a->extra) >= 0)
		return rules_fail(err, RULE(g, ids), "the id '%s' is taken: give the new unit an id of its own", a->extra);
	const rs_square_unit *t = g->bought[b].type;
	long city = sq_city_at(g, at);
	if (city < 0)
		return rules_fail(err, rule, "%s is not a city: new units enter in cities (ships in ports)", a->object);
	const sq_city *c = &g->cities[city];
	const char *name = g->sc->cities[city].id.text;
	if (c->owner != side)
		return rules_fail(err, rule, "%s is not held by %s", name, sq_side_id(g, side));
	if (t->naval && !c->port)
		return rules_fail(err, rule, "%s is not a port: ships enter only in ports", name);
	if (g->rs->square.placements_per_city > 0 && c->placed)
		return rules_fail(err, rule, "a new unit entered %s this turn already (one per city or port)", name);
	if (!t->naval && !room_on(g, at, side, a->extra, err))
		return false;
	if (!t->naval && !enterable(g, at, side, a->extra, err))
		return false;
	grid_cell where = at;
	grow_array((void **)&g->pieces, &g->piece_capacity, g->piece_count + 1, sizeof *g->pieces);
	sq_piece *q = &g->pieces[g->piece_count++];
	memset(q, 0, sizeof *q);
	q->id = xstrdup(a->extra);
	q->type = t;
	q->kind = t->naval ? SQ_SHIP : SQ_LAND;
	q->side = side;
	/* Four players: a unit belongs to the player who bought it (§11.1),
	 * also when it waited and his partner places it. */
	q->player = g->bought[b].player;
	q->alive = true;
	q->aboard = -1;
	q->port = -1;
	q->zone = -1;
	q->target_cell = -1;
	q->at = where;
	if (t->naval) {
		q->port = city;
		q->zone = c->zone;
	} else {
		q->on_map = true;
	}
	g->cities[city].placed = true;
	memmove(&g->bought[b], &g->bought[b + 1], (g->bought_count - (size_t)b - 1) * sizeof *g->bought);
	g->bought_count--;
	g->step = SQ_STEP_PLACE;
	return true;
}

/* A bought unit of the side that could still be placed this turn. */
static long owed_placement(const sq_game *g, int side, long *city)
{
	for (size_t i = 0; i < g->bought_count; i++) {
		if (g->bought[i].side != side)
			continue;
		for (size_t k = 0; k < g->city_count; k++)
			if (placeable(g, g->bought[i].type, (long)k, side)) {
				*city = (long)k;
				return (long)i;
			}
	}
	return -1;
}

static bool do_end(sq_game *g, rules_error *err)
{
	int side = sq_current(g)->side;
	if (g->step != SQ_STEP_REDEPLOY && g->step != SQ_STEP_PLACE)
		return rules_fail(err, RULE(g, turn), "the turn ends after the non-combat roll and the placement (now: the %s step)",
			STEP_NAMES[g->step]);
	long city = -1;
	long b = owed_placement(g, side, &city);
	if (b >= 0)
		return rules_fail(err, STEP_RULE(g, SQ_STEP_PLACE), "place the %s bought first: %s can take it", g->bought[b].type->id,
			g->sc->cities[city].id.text);
	g->turn++;
	check_capitals(g, true);
	check_turn_limit(g);
	if (g->step == SQ_STEP_OVER)
		return true;
	g->seat = (g->seat + 1) % g->seat_count;
	sq_begin_turn(g);
	return true;
}

bool sq_apply(sq_game *g, sq_action *a, rng *r, rules_error *err)
{
	rules_error_clear(err);
	if (sqlog_is_head(a->kind))
		return do_head(g, a, err);
	if (g->step == SQ_STEP_OVER) {
		char text[300];
		sq_result(g, text, sizeof text);
		return rules_fail(err, RULE(g, victory), "the game is over: %s", text);
	}
	bool ok = false;
	fight f;
	switch (a->kind) {
	case SQ_ACT_BUY: ok = do_buy(g, a, err); break;
	case SQ_ACT_ROLL: ok = do_roll(g, a, r, false, err); break;
	case SQ_ACT_REDEPLOY: ok = do_roll(g, a, r, true, err); break;
	case SQ_ACT_MOVE: ok = do_move(g, a, err); break;
	case SQ_ACT_EMBARK: ok = do_embark(g, a, err); break;
	case SQ_ACT_LAND: ok = do_land(g, a, err); break;
	case SQ_ACT_ATTACK: ok = fighters(g, a, "an attack", &f, err) && do_attack(g, a, r, &f, err); break;
	case SQ_ACT_RETREAT: ok = do_retreat(g, a, err); break;
	case SQ_ACT_WITHDRAW: ok = do_withdraw(g, a, err); break;
	case SQ_ACT_ADVANCE: ok = do_advance(g, a, err); break;
	case SQ_ACT_STOP: ok = do_stop(g, err); break;
	case SQ_ACT_NAVAL: ok = fighters(g, a, "naval combat", &f, err) && do_naval(g, a, r, &f, err); break;
	case SQ_ACT_FIRE: ok = fighters(g, a, "coastal fire", &f, err) && do_fire(g, a, r, &f, err); break;
	case SQ_ACT_PLACE: ok = do_place(g, a, err); break;
	case SQ_ACT_END: ok = do_end(g, err); break;
	default: ok = rules_fail(err, RULES_ERROR_LOG_RULE, "unknown action"); break;
	}
	if (!ok)
		return false;
	g->head_done = true;
	check_wipe_out(g);
	if (g->hold_turns <= 0)
		check_capitals(g, false);
	return true;
}

bool sq_can_enter(const sq_game *g, grid_cell c, int side, const char *who, rules_error *err)
{
	rules_error_clear(err);
	return enterable(g, c, side, who, err);
}

bool sq_can_stop(const sq_game *g, grid_cell c, int side, const char *who, rules_error *err)
{
	rules_error_clear(err);
	return enterable(g, c, side, who, err) && room_on(g, c, side, who, err);
}

int sq_dice_needed(const sq_game *g, const sq_action *a)
{
	switch (a->kind) {
	case SQ_ACT_ROLL: return sq_step_dice(g->rs, SQ_STEP_MOVE);
	case SQ_ACT_REDEPLOY: return sq_step_dice(g->rs, SQ_STEP_REDEPLOY);
	case SQ_ACT_ATTACK: {
		/* One die when the defender does not fire back (sq_answers). */
		long u = sq_find(g, a->subject), t = sq_find(g, a->object);
		bool known = u >= 0 && t >= 0 && g->pieces[u].alive && g->pieces[u].on_map && g->pieces[t].alive &&
			g->pieces[t].on_map && g->pieces[t].kind != SQ_SHIP;
		return known && !sq_answers(g, t, g->pieces[u].at, NULL) ? 1 : 2;
	}
	case SQ_ACT_NAVAL: return 2;
	case SQ_ACT_FIRE: return 1;
	default: return 0;
	}
}

bool sq_finish(const sq_game *g, bool head_seen, rules_error *err)
{
	rules_error_clear(err);
	if (!head_seen)
		return rules_fail(err, RULES_ERROR_LOG_RULE, "the log names no scenario: it begins with 'scenario %s'",
			g->sc->id.text ? g->sc->id.text : "ID");
	return true;
}

void sq_owed(const sq_game *g, char *buf, size_t size)
{
	if (g->step == SQ_STEP_OVER) {
		char text[300];
		sq_result(g, text, sizeof text);
		snprintf(buf, size, "the game is over: %s", text);
		return;
	}
	const sq_seat *s = sq_current(g);
	char who[80];
	if (g->seat_count > 2)
		snprintf(who, sizeof who, "%s player %d", sq_side_id(g, s->side), s->player);
	else
		snprintf(who, sizeof who, "%s", sq_side_id(g, s->side));
	long city = -1;
	switch (g->step) {
	case SQ_STEP_BUY:
		snprintf(buf, size, "%s: buy units (%d points, %d %s allowed) or roll for movement ('roll')", who,
			sq_current_purse(g)->points, sq_current_purse(g)->allowance,
			g->rs->square.limited_unit ? g->rs->square.limited_unit : "limited");
		break;
	case SQ_STEP_MOVE:
		snprintf(buf, size, "%s: move (%d of %d units moved), embark and land; then attack, or make the non-combat roll ('redeploy')",
			who, g->counted, g->roll);
		break;
	case SQ_STEP_COMBAT:
		if (g->combat.active)
			snprintf(buf, size, "%s: combat at %s (round %d%s): attack again, retreat, withdraw, advance or stop; then 'redeploy'",
				who, GRID_ADDRESS(g->combat.target), g->combat.rounds, g->combat.cleared ? ", the square is clear" : "");
		else
			snprintf(buf, size, "%s: attack, naval combat or coastal fire; then the non-combat roll ('redeploy')", who);
		break;
	case SQ_STEP_REDEPLOY:
	case SQ_STEP_PLACE: {
		long bi = owed_placement(g, s->side, &city);
		if (bi >= 0)
			snprintf(buf, size, "%s: %splace the %s bought (in %s or another city of yours), then 'end'", who,
				g->step == SQ_STEP_REDEPLOY ? "move (non-combat), then " : "", g->bought[bi].type->id,
				g->sc->cities[city].id.text);
		else
			snprintf(buf, size, "%s: %s'end' the turn", who,
				g->step == SQ_STEP_REDEPLOY ? "move (non-combat), then " : "");
		break;
	}
	case SQ_STEP_OVER:
		break;
	}
}
