/* Rules questions for the square-grid ruleset (mb-remastered) on a square
 * game.  Every verdict is the referee's (sq_referee.h): the action is written as
 * a log line and applied to a copy of the game, or a square is judged by
 * the referee's own checks (sq_can_enter, sq_can_stop).  What is computed
 * here is the explanation: the factors and their modifiers (through the
 * game's own sq_fight_factor), the arithmetic of a purchase, the candidates
 * the referee is asked about.  Rule ids come from the ruleset (the board's,
 * a unit row's and a step's rule, and rs_square_rules); mb-remastered's:
 *   11.board     squares off the board
 *   11.ids       an id no piece has
 *   11.combat    who may fight whom: adjacency, diagonals, range, the first shot
 *   11.units     the attack and defend factors of the unit table
 *   11.generals  +bonus to friendly units within the general's range
 *   11.capitals  a side whose capital the enemy holds loses that bonus and income
 *   11.entrench  infantry in a city defends better
 *   11.naval     ships, and coastal fire
 *   11.purchase  purchase points, saved points and the infantry allowance
 *   11.move      the movement roll, move factors, terrain, stacking
 *   11.noncombat the non-combat roll
 *   11.transport embarking and landing; 11.cargo a ship's room
 *   11.turn      whose pieces move; 11.victory the game is over */
#include "sq_ask.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "../../geo/square.h"
#include "../rng.h"
#include "sq_log.h"
#include "sq_referee.h"

/* The rule ids cited, from the ruleset: a section of its own (SQ_RULE),
 * of a step of the turn, or of the board. */
#define RULE(g, topic) SQ_RULE((g)->rs, topic)
#define STEP_RULE(g, step) sq_step_rule((g)->rs, step)
#define BOARD_RULE(g) ruleset_rule((g)->rs, (g)->rs->board.rule)
/* A unit's factors: its row of the unit table. */
#define UNIT_RULE(g, type) ruleset_rule((g)->rs, (type)->rule)

/* The dice of the referee's copy: a question rolls them only where the
 * referee needs faces to judge at all (an attack's), never to answer. */
#define ASK_SQ_SEED 1

static void list_add(ask_sq_list *l, const char *item)
{
	grow_array((void **)&l->items, &l->capacity, l->count + 1, sizeof *l->items);
	l->items[l->count++] = xstrdup(item);
}

void ask_sq_list_free(ask_sq_list *l)
{
	while (l->count > 0)
		free(l->items[--l->count]);
	free(l->items);
	memset(l, 0, sizeof *l);
}

const char *ask_square_side(const sq_game *g, size_t side)
{
	return sq_side_id(g, (int)side);
}

/* ---- the referee's verdict ---- */

/* Apply one log line to the game: the referee's verdict on it.  Faces the
 * line leaves out are rolled (the copy is thrown away). */
static bool act(sq_game *g, const char *line, rules_error *err)
{
	sq_action a;
	bool empty = false;
	if (!sqlog_parse_line(line, 0, &a, &empty, err))
		return false;
	rng r;
	rng_seed(&r, ASK_SQ_SEED);
	bool ok = !empty && sq_apply(g, &a, &r, err);
	sqlog_action_finish(&a);
	return ok;
}

/* Apply a line to a fresh copy: would the referee take it now? */
static bool would(const sq_game *g, const char *line, rules_error *err)
{
	sq_game *c = sq_game_clone(g);
	bool ok = act(c, line, err);
	sq_game_destroy(c);
	return ok;
}

/* The seat that moves the piece: its side's, and with four players its
 * player's; -1 when none. */
static int seat_of(const sq_game *g, const sq_piece *p)
{
	for (int i = 0; i < g->seat_count; i++)
		if (g->seats[i].side == p->side && (g->seat_count <= 2 || g->seats[i].player == p->player))
			return i;
	return -1;
}

/* A roll of a step with every die at its highest face: a roll that does
 * not bound the answer.  Returns the sum. */
static int roll_line(const sq_game *g, sq_step step, const char *keyword, char *buf, size_t size)
{
	int dice = sq_step_dice(g->rs, step);
	int n = snprintf(buf, size, "%s", keyword);
	if (dice > 0)
		n += snprintf(buf + n, size - (size_t)n, " :");
	for (int i = 0; i < dice && (size_t)n < size; i++)
		n += snprintf(buf + n, size - (size_t)n, " %d", g->rs->square.die_faces);
	return dice * g->rs->square.die_faces;
}

/* A copy of the game where the piece's player is in its movement step
 * (combat false: moving, also the non-combat moves) or may fight (combat
 * true): this turn when its seat plays and the step is not past, else its
 * next turn.  A roll still to come is made with its highest faces, its sum
 * in *supposed (0 when the real roll stands).  NULL with the reason when
 * no step can be had (the game is over). */
static sq_game *ready(const sq_game *g, long piece, bool combat, int *supposed, rules_error *err)
{
	*supposed = 0;
	rules_error_clear(err);
	if (g->step == SQ_STEP_OVER) {
		rules_fail(err, RULE(g, victory), "the game is over: %s", g->result);
		return NULL;
	}
	const sq_piece *p = &g->pieces[piece];
	int seat = seat_of(g, p);
	if (seat < 0) {
		rules_fail(err, RULE(g, turn), "no player of %s moves '%s'", sq_side_id(g, p->side), p->id);
		return NULL;
	}
	sq_game *c = sq_game_clone(g);
	bool mine = seat == g->seat;
	sq_step s = g->step;
	char line[64];
	if (mine && (s == SQ_STEP_MOVE || (combat ? s == SQ_STEP_COMBAT : s == SQ_STEP_REDEPLOY)))
		return c;
	if (mine && !combat && s == SQ_STEP_COMBAT) {
		*supposed = roll_line(c, SQ_STEP_REDEPLOY, "redeploy", line, sizeof line);
	} else {
		if (!mine || s != SQ_STEP_BUY) {
			c->seat = seat;
			sq_begin_turn(c);
		}
		*supposed = roll_line(c, SQ_STEP_MOVE, "roll", line, sizeof line);
	}
	if (!act(c, line, err)) {
		sq_game_destroy(c);
		return NULL;
	}
	return c;
}

/* The piece's movement step (ready), or NULL with the referee's reason
 * added to the answer. */
static sq_game *ready_or_why(const sq_game *g, long piece, int *supposed, rules_reasons *why)
{
	rules_error err;
	sq_game *c = ready(g, piece, false, supposed, &err);
	if (!c)
		rules_reasons_take(why, &err);
	return c;
}

/* ---- naming pieces ---- */

/* A square of the board, or false (with the reason when the word is a
 * square's address off the board). */
static bool word_square(const sq_game *g, const char *word, grid_cell *out, bool *off_board)
{
	*off_board = false;
	square_coord c;
	if (!square_parse(word, &c))
		return false;
	*out = c;
	if (!grid_on_board(g->board, c)) {
		*off_board = true;
		return false;
	}
	return true;
}

/* The first piece of a kind in play on a square, in file order: land
 * units and generals standing there, ships lying in its port. */
static long piece_on(const sq_game *g, grid_cell at, sq_piece_kind kind)
{
	long city = sq_city_at(g, at);
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (!p->alive || p->kind != kind)
			continue;
		if (kind == SQ_SHIP ? city >= 0 && p->port == city : p->on_map && grid_cell_equal(p->at, at))
			return (long)i;
	}
	return -1;
}

/* The piece a question names: an id, or the first land unit, general or
 * ship (in port) on a square.  -1, with why it names none added to the
 * answer as its error. */
static long asked_piece(const sq_game *g, const char *word, rules_reasons *why)
{
	grid_cell c;
	bool off = false;
	if (word_square(g, word, &c, &off)) {
		const sq_piece_kind kinds[] = { SQ_LAND, SQ_GENERAL, SQ_SHIP };
		for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
			long p = piece_on(g, c, kinds[k]);
			if (p >= 0)
				return p;
		}
		rules_reasons_fail(why, STEP_RULE(g, SQ_STEP_MOVE), "no unit, general or ship at %s", word);
		return -1;
	}
	if (off) {
		rules_reasons_fail(why, BOARD_RULE(g), "%s is not on the %d x %d board", word, g->board->square.columns,
			g->board->square.rows);
		return -1;
	}
	long p = sq_find(g, word);
	if (p < 0) {
		rules_reasons_fail(why, RULE(g, ids),
			"no unit, general or ship '%s' in this game, and no square of that name", word);
		return -1;
	}
	if (!g->pieces[p].alive) {
		rules_reasons_fail(why, STEP_RULE(g, SQ_STEP_COMBAT), "'%s' is no longer in play", word);
		return -1;
	}
	return p;
}

/* Who moves a piece: its side, and with four players its player. */
static const char *mover(const sq_game *g, const sq_piece *p, char *buf, size_t size)
{
	if (g->seat_count > 2)
		snprintf(buf, size, "%s player %d", sq_side_id(g, p->side), p->player);
	else
		snprintf(buf, size, "%s", sq_side_id(g, p->side));
	return buf;
}

static const char *kind_name(const sq_piece *p)
{
	return p->kind == SQ_GENERAL ? "general" : p->type ? p->type->id : "?";
}

/* ---- attack ---- */

/* The factor of a piece through the game's own computation (sq_game.h),
 * its notes added as reasons; capped at the die. */
static void fighter_factor(const sq_game *g, ask_sq_attack *a, ask_sq_fighter *f, long piece, bool defending)
{
	sq_factor sf;
	sq_fight_factor(g, piece, g->pieces[piece].at, defending, &sf);
	for (int i = 0; i < sf.note_count; i++)
		rules_reasons_take(&a->why, &sf.notes[i]);
	int faces = g->rs->square.die_faces;
	int factor = sf.factor;
	if (factor > faces)
		rules_reasons_add(&a->why, STEP_RULE(g, SQ_STEP_COMBAT),
			"%s factor %d capped at %d (a hit is a roll at or below the factor)", defending ? "defend" : "attack",
			factor, faces);
	factor = sq_capped(g->rs, factor);
	f->factor = factor;
	f->hit = f->rolls ? (double)factor / faces : 0.0;
}

static void set_fighter(const sq_game *g, ask_sq_fighter *f, long piece)
{
	const sq_piece *p = &g->pieces[piece];
	f->id = p->id;
	f->type = p->type;
	f->side = (size_t)p->side;
	f->general = p->kind == SQ_GENERAL;
}

/* The referee's verdict on the action in the attacker's combat step: the
 * refusal, when the explanation found none, is added as the reason. */
static void referee_verdict(const sq_game *g, ask_sq_attack *a, long attacker, const char *line)
{
	int supposed;
	rules_error err;
	sq_game *c = ready(g, attacker, true, &supposed, &err);
	bool ok = c && act(c, line, &err);
	sq_game_destroy(c);
	if (!ok && a->allowed)
		rules_reasons_take(&a->why, &err);
	a->allowed = a->allowed && ok;
}

/* The ship a coastal fire aims at: a ship's id, a sea zone's id (its first
 * enemy ship at sea), or a square (of a zone, or a port it lies in). */
static long coastal_target(const sq_game *g, const char *word, int side)
{
	long p = sq_find(g, word);
	if (p >= 0)
		return g->pieces[p].kind == SQ_SHIP ? p : -1;
	long zone = sq_zone_by_id(g, word);
	grid_cell c;
	bool off;
	if (zone < 0 && word_square(g, word, &c, &off)) {
		long ship = piece_on(g, c, SQ_SHIP);
		if (ship >= 0)
			return ship;
		zone = sq_zone_of(g, c);
	}
	long any = -1;
	for (size_t i = 0; zone >= 0 && i < g->piece_count; i++) {
		const sq_piece *s = &g->pieces[i];
		if (!s->alive || s->kind != SQ_SHIP || s->side == side || s->zone != zone)
			continue;
		if (s->port < 0)
			return (long)i;
		if (any < 0)
			any = (long)i;
	}
	return any;
}

static void coastal_fire(const sq_game *g, long au, long ship, ask_sq_attack *a)
{
	const sq_piece *p = &g->pieces[au], *s = &g->pieces[ship];
	char b[GRID_ADDRESS_MAX];
	a->coastal = true;
	a->zone = s->zone >= 0 ? g->sc->sea_zones[s->zone].id.text : NULL;
	if (s->port >= 0)
		a->to = g->cities[s->port].at;
	set_fighter(g, &a->defender, ship);
	a->allowed = true;
	if (s->side == p->side) {
		rules_reasons_add(&a->why, RULE(g, naval), "%s '%s' is friendly (%s): fire only at the enemy",
			s->type->id, s->id, sq_side_id(g, s->side));
		a->allowed = false;
		return;
	}
	rules_reasons_add(&a->why, RULE(g, naval),
		"coastal fire: %s at %s fires once a turn at an enemy ship at sea in the zone of a port its side holds, "
		"from the port's square or next to it",
		p->type->id, grid_format(p->at, b));
	/* The referee's verdict first: a refusal needs no factors. */
	char *line = xasprintf("fire %s %s", p->id, s->id);
	referee_verdict(g, a, au, line);
	free(line);
	if (!a->allowed)
		return;
	rules_reasons_add(&a->why, UNIT_RULE(g, p->type), "attack factor %d: %s", p->type->attack,
		p->type->id);
	a->attacker.rolls = true;
	a->attacker.base = p->type->attack;
	fighter_factor(g, a, &a->attacker, au, false);
	rules_reasons_add(&a->why, RULE(g, naval), "a ship under coastal fire does not fire back");
	a->defender_hit_effective = 0.0;
}

/* Distance as the type counts it: with diagonal steps when it fights
 * across corners, else across sides only. */
static int reach(const rs_square_unit *t, grid_cell a, grid_cell b)
{
	return t->diagonal ? square_distance(a, b) : square_orthogonal_distance(a, b);
}

/* The square a word names for an attack: its address, or the square of
 * the piece with that id.  False with the reason as the error. */
static bool attack_square(const sq_game *g, const char *word, grid_cell *out, ask_sq_attack *a)
{
	bool off;
	if (word_square(g, word, out, &off))
		return true;
	if (off) {
		rules_reasons_fail(&a->why, BOARD_RULE(g), "%s is not on the %d x %d board", word,
			g->board->square.columns, g->board->square.rows);
		return false;
	}
	long p = sq_find(g, word);
	if (p < 0) {
		rules_reasons_fail(&a->why, RULE(g, ids), "no unit or general '%s' in this game, and no square of that name",
			word);
		return false;
	}
	if (!g->pieces[p].alive || !g->pieces[p].on_map) {
		rules_reasons_fail(&a->why, STEP_RULE(g, SQ_STEP_COMBAT), "'%s' is not on the map", word);
		return false;
	}
	*out = g->pieces[p].at;
	return true;
}

void ask_square_attack(const sq_game *g, const char *from, const char *to, ask_sq_attack *a)
{
	memset(a, 0, sizeof *a);
	char b1[GRID_ADDRESS_MAX], b2[GRID_ADDRESS_MAX];
	const char *combat = STEP_RULE(g, SQ_STEP_COMBAT);
	/* FROM first: a ship under fire is named by more than a square. */
	if (!attack_square(g, from, &a->from, a))
		return;
	long fu = sq_find(g, from);
	long au = fu >= 0 ? (g->pieces[fu].kind == SQ_LAND ? fu : -1) : piece_on(g, a->from, SQ_LAND);
	if (au < 0) {
		long gen = fu >= 0 ? fu : piece_on(g, a->from, SQ_GENERAL);
		long s = piece_on(g, a->from, SQ_SHIP);
		if (gen >= 0)
			rules_reasons_fail(&a->why, combat, "general '%s' at %s has no attack factor: a general does not attack",
				g->pieces[gen].id, grid_format(a->from, b1));
		else if (s >= 0)
			rules_reasons_fail(&a->why, RULE(g, naval), "ship '%s' at %s fights in naval combat, not in a land attack",
				g->pieces[s].id, grid_format(a->from, b1));
		else
			rules_reasons_fail(&a->why, combat, "no land unit at %s", grid_format(a->from, b1));
		return;
	}
	const sq_piece *p = &g->pieces[au];
	ask_sq_fighter *at = &a->attacker;
	set_fighter(g, at, au);
	at->base = p->type->attack;
	at->rolls = true;

	/* Coastal fire: artillery that has it, at a ship. */
	long ship = p->type->coastal_fire ? coastal_target(g, to, p->side) : -1;
	if (ship >= 0) {
		coastal_fire(g, au, ship, a);
		return;
	}
	long named = sq_find(g, to);
	if (named >= 0 && g->pieces[named].kind == SQ_SHIP) {
		set_fighter(g, &a->defender, named);
		rules_reasons_add(&a->why, RULE(g, naval),
			"'%s' is a ship: ships fight in naval combat%s", to,
			p->type->coastal_fire ? "" : ", and coastal fire is artillery's");
		return;
	}
	if (!attack_square(g, to, &a->to, a))
		return;
	a->distance = square_distance(a->from, a->to);

	/* The target: a land unit, else a general; ships are not land targets. */
	ask_sq_fighter *df = &a->defender;
	long tu = sq_find(g, to);
	long du = tu >= 0 && g->pieces[tu].kind != SQ_SHIP ? tu : piece_on(g, a->to, SQ_LAND);
	if (du < 0)
		du = piece_on(g, a->to, SQ_GENERAL);
	if (du < 0) {
		long s = piece_on(g, a->to, SQ_SHIP);
		if (s >= 0)
			rules_reasons_add(&a->why, RULE(g, naval),
				"only ship '%s' is at %s: ships fight in naval combat, not against a land attack%s",
				g->pieces[s].id, grid_format(a->to, b2),
				p->type->coastal_fire ? "" : " (coastal fire is artillery's)");
		else
			rules_reasons_add(&a->why, combat, "no enemy unit or general at %s: nothing to attack",
				grid_format(a->to, b2));
		return;
	}
	set_fighter(g, df, du);
	const sq_piece *d = &g->pieces[du];
	if (d->side == p->side) {
		rules_reasons_add(&a->why, combat, "%s '%s' at %s is friendly (%s): attack only the enemy",
			kind_name(d), d->id, grid_format(a->to, b2), sq_side_id(g, d->side));
		return;
	}
	if (a->distance == 0) {
		rules_reasons_add(&a->why, combat, "%s and %s are the same square", grid_format(a->from, b1),
			grid_format(a->to, b2));
		return;
	}
	const rs_square_unit *t = p->type;
	bool orth = square_orthogonal(a->from, a->to);
	bool adjacent = a->distance == 1;
	if (adjacent && orth) {
		rules_reasons_add(&a->why, combat, "%s attacks across a square's side (adjacent)", t->id);
	} else if (adjacent && !t->diagonal) {
		rules_reasons_add(&a->why, combat,
			"%s fights only across a square's side, and %s touches %s only at a corner", t->id,
			grid_format(a->from, b1), grid_format(a->to, b2));
		return;
	} else if (adjacent) {
		rules_reasons_add(&a->why, combat, "%s attacks across a square's corner (diagonal)", t->id);
	} else if (reach(t, a->from, a->to) <= t->range) {
		rules_reasons_add(&a->why, combat, "%s fires %d squares%s (range %d)", t->id, a->distance,
			t->diagonal ? ", diagonal steps counted" : "", t->range);
	} else {
		rules_reasons_add(&a->why, combat, "%s is %d squares away: %s fights %s (range %d)",
			grid_format(a->to, b2), a->distance, t->id, t->range > 1 ? "no further" : "adjacent squares only",
			t->range);
		return;
	}
	a->allowed = true;

	/* Factors and modifiers: the game's own computation. */
	rules_reasons_add(&a->why, UNIT_RULE(g, t), "attack factor %d: %s", at->base, t->id);
	fighter_factor(g, a, at, au, false);
	df->base = d->type->defend;
	/* Whether the defender fires back: the referee's own reading (from a
	 * neighbouring square only, never a general, infantry not across a
	 * corner). */
	rules_error silent;
	df->rolls = sq_answers(g, du, a->from, &silent);
	rules_reasons_add(&a->why, UNIT_RULE(g, d->type), "defend factor %d: %s", df->base, kind_name(d));
	fighter_factor(g, a, df, du, true);
	if (!df->rolls)
		rules_reasons_take(&a->why, &silent);
	a->fires_first = t->fires_first && df->rolls;
	a->defender_hit_effective = df->hit;
	if (a->fires_first) {
		a->defender_hit_effective = (1.0 - at->hit) * df->hit;
		rules_reasons_add(&a->why, combat, "%s fires first: a hit removes the defender before it rolls",
			t->id);
	}
	char *line = xasprintf("attack %s %s", p->id, d->id);
	referee_verdict(g, a, au, line);
	free(line);
}

/* ---- buy ---- */

void ask_square_buy(const sq_game *g, const char *const *units, size_t count, int saved_points, int saved,
	ask_sq_buy *b)
{
	memset(b, 0, sizeof *b);
	const ruleset *rs = g->rs;
	const char *rule = STEP_RULE(g, SQ_STEP_BUY);
	const sq_seat *seat = sq_current(g);
	int side = seat->side;
	/* The purse of the player to play (with four players his own). */
	const sq_purse *purse = sq_current_purse(g);
	char who[80];
	sq_player_name(g, side, seat->player, who, sizeof who);
	b->side = sq_side_id(g, side);
	b->points = rs->square.purchase_points;
	b->saved_points = saved_points;
	b->available = purse->points + saved_points;
	int limit = rs->square.purchase_limit;
	b->infantry_allowance = purse->allowance + (rs->square.save_limit ? saved : 0);
	int saved_allowance = b->infantry_allowance - limit;
	bool ok = true;
	char *line = xstrdup("buy");
	for (size_t i = 0; i < count; i++) {
		const rs_square_unit *t = ruleset_find_square_unit(rs, units[i]);
		char *next = xasprintf("%s %s", line, units[i]);
		free(line);
		line = next;
		if (!t) {
			char *known = NULL;
			for (size_t k = 0; k < rs->square.unit_count; k++)
				if (rs->square.units[k].cost >= 0) {
					char *more = xasprintf("%s%s%s", known ? known : "", known ? ", " : "",
						rs->square.units[k].id);
					free(known);
					known = more;
				}
			rules_reasons_fail(&b->why, rule, "unknown unit '%s' (%s)", units[i], known ? known : "");
			free(known);
			ok = false;
			continue;
		}
		if (t->cost < 0) {
			rules_reasons_add(&b->why, rule, "%s cannot be bought", t->id);
			ok = false;
			continue;
		}
		b->cost += t->cost;
		if (rs->square.limited_unit && str_eq(t->id, rs->square.limited_unit))
			b->infantry++;
	}
	b->points_left = b->available - b->cost;
	/* The purse: a turn's points, or with points saved (the digest's §11
	 * reading: unspent points carry over), or what a log left. */
	char words[160];
	if (b->available == b->points)
		snprintf(words, sizeof words, "the %d purchase points of a turn", b->points);
	else if (saved_points > 0 && purse->points == b->points)
		snprintf(words, sizeof words, "the %d points %s has (%d a turn + %d saved)", b->available, who, b->points,
			saved_points);
	else
		snprintf(words, sizeof words, "the %d points %s has to spend", b->available, who);
	if (b->cost > b->available) {
		rules_reasons_add(&b->why, rule, "costs %d points, more than %s", b->cost, words);
		ok = false;
	} else {
		rules_reasons_add(&b->why, rule, "costs %d of %s", b->cost, words);
	}
	if (rs->square.limited_unit && limit > 0) {
		const char *inf = rs->square.limited_unit;
		if (b->infantry > b->infantry_allowance && saved_allowance < 0) {
			rules_reasons_add(&b->why, rule, "%d %s, more than the %d left of this turn's allowance",
				b->infantry, inf, b->infantry_allowance);
			ok = false;
		} else if (b->infantry > b->infantry_allowance) {
			rules_reasons_add(&b->why, rule, "%d %s, more than the allowance of %d (%d a turn%s)",
				b->infantry, inf, b->infantry_allowance, limit,
				rs->square.save_limit ? (saved_allowance > 0 ? " plus saved" : ", none saved") : ", not saved");
			ok = false;
		} else {
			/* What is left of the allowance carries over, once the
			 * purchase stands. */
			b->infantry_saved = rs->square.save_limit && ok ? b->infantry_allowance - b->infantry : 0;
			if (saved_allowance < 0)
				/* Part of this turn's allowance is spent already. */
				rules_reasons_add(&b->why, rule, "%d %s within the %d %s left of this turn's allowance",
					b->infantry, inf, b->infantry_allowance, inf);
			else if (rs->square.save_limit && ok)
				rules_reasons_add(&b->why, rule,
					"%d %s within the allowance of %d (%d a turn + %d saved); %d saved for later turns",
					b->infantry, inf, b->infantry_allowance, limit, saved_allowance, b->infantry_saved);
			else if (rs->square.save_limit)
				rules_reasons_add(&b->why, rule, "%d %s within the allowance of %d (%d a turn + %d saved)",
					b->infantry, inf, b->infantry_allowance, limit, saved_allowance);
			else
				rules_reasons_add(&b->why, rule, "%d %s within the limit of %d a turn", b->infantry,
					inf, limit);
		}
	}
	if (count == 0) {
		rules_reasons_add(&b->why, rule, "nothing to buy");
		ok = false;
	}
	/* The referee's verdict, with the purse asked about. */
	if (!b->why.error) {
		sq_game *c = sq_game_clone(g);
		sq_purse *asked = sq_purse_of(c, side, seat->player);
		asked->points = b->available;
		asked->allowance = b->infantry_allowance;
		rules_error err;
		bool legal = act(c, line, &err);
		sq_game_destroy(c);
		if (!legal && ok)
			rules_reasons_take(&b->why, &err);
		ok = ok && legal;
	}
	free(line);
	b->allowed = ok;
}

/* ---- moves and transport ---- */

/* Where the unit aboard may land from its ship (the port it lies in, else
 * the land squares of its zone's coast), each as the referee judges
 * `land UNIT SQUARE` on c; with unit NULL (an empty ship) the squares a
 * unit could stop on. */
static void landings(const sq_game *c, long ship, const char *unit, ask_sq_list *out, rules_error *first)
{
	const sq_piece *s = &c->pieces[ship];
	char b[GRID_ADDRESS_MAX];
	bool refused = false;
	size_t cells = grid_count(c->board);
	for (size_t i = 0; i < cells; i++) {
		grid_cell at = grid_from_index(c->board, i);
		bool candidate = s->port >= 0 ? grid_cell_equal(c->cities[s->port].at, at)
					      : s->zone >= 0 && !position_water(c->pos, at) && sq_coastal(c, at, s->zone);
		if (!candidate)
			continue;
		rules_error err;
		bool ok;
		if (unit) {
			char *line = xasprintf("land %s %s", unit, grid_format(at, b));
			ok = would(c, line, &err);
			free(line);
		} else {
			ok = sq_can_stop(c, at, s->side, "a unit", &err);
		}
		if (ok)
			list_add(out, grid_format(at, b));
		else if (!refused && first) {
			*first = err;
			refused = true;
		}
	}
}

/* The squares a land unit or general could reach, square by square
 * through squares the referee lets it enter, within its move; each end
 * judged by the referee as a `move` line. */
static void land_moves(const sq_game *c, long piece, ask_sq_list *out, rules_error *first, bool *refused)
{
	const sq_piece *p = &c->pieces[piece];
	size_t cells = grid_count(c->board);
	long *parent = xmalloc(cells * sizeof *parent);
	int *depth = xmalloc(cells * sizeof *depth);
	size_t *queue = xmalloc(cells * sizeof *queue);
	for (size_t i = 0; i < cells; i++)
		parent[i] = -2;
	long start = grid_index(c->board, p->at);
	size_t head = 0, tail = 0;
	if (start >= 0) {
		parent[start] = -1;
		depth[start] = 0;
		queue[tail++] = (size_t)start;
	}
	while (head < tail) {
		size_t i = queue[head++];
		if (depth[i] >= p->type->move)
			continue;
		grid_cell n[GRID_NEIGHBOURS_MAX];
		int k = grid_neighbours(c->board, grid_from_index(c->board, i), n);
		for (int j = 0; j < k; j++) {
			long ni = grid_on_board(c->board, n[j]) ? grid_index(c->board, n[j]) : -1;
			rules_error err;
			if (ni < 0 || parent[ni] != -2 || !sq_can_enter(c, n[j], p->side, p->id, &err))
				continue;
			parent[ni] = (long)i;
			depth[ni] = depth[i] + 1;
			queue[tail++] = (size_t)ni;
		}
	}
	char b[GRID_ADDRESS_MAX];
	/* The ends in reading order, each judged with its shortest path. */
	for (size_t i = 0; i < cells; i++) {
		if (parent[i] < 0)
			continue;
		/* The path back to the start, written forward. */
		char *steps = xstrdup("");
		for (long k = (long)i; k != start && k >= 0; k = parent[k]) {
			char *more = xasprintf(" %s%s", grid_format(grid_from_index(c->board, (size_t)k), b), steps);
			free(steps);
			steps = more;
		}
		char *line = xasprintf("move %s%s", p->id, steps);
		free(steps);
		rules_error err;
		if (would(c, line, &err))
			list_add(out, grid_format(grid_from_index(c->board, i), b));
		else if (!*refused) {
			*first = err;
			*refused = true;
		}
		free(line);
	}
	free(parent);
	free(depth);
	free(queue);
}

/* The sea zones and ports a ship could reach: zone by zone through
 * touching zones, then into a port of the last; each judged by the
 * referee as a `move` line (which counts the steps). */
static void ship_moves(const sq_game *c, long piece, ask_sq_list *out, rules_error *first, bool *refused)
{
	const sq_piece *p = &c->pieces[piece];
	size_t n = c->zone_count;
	if (p->zone < 0 || n == 0)
		return;
	long *parent = xmalloc(n * sizeof *parent);
	int *depth = xmalloc(n * sizeof *depth);
	size_t *queue = xmalloc(n * sizeof *queue);
	for (size_t i = 0; i < n; i++)
		parent[i] = -2;
	size_t head = 0, tail = 0;
	parent[p->zone] = -1;
	depth[p->zone] = 0;
	queue[tail++] = (size_t)p->zone;
	while (head < tail) {
		size_t z = queue[head++];
		if (depth[z] >= p->type->move)
			continue;
		for (size_t k = 0; k < n; k++)
			if (parent[k] == -2 && c->zone_adjacent[z * n + k]) {
				parent[k] = (long)z;
				depth[k] = depth[z] + 1;
				queue[tail++] = k;
			}
	}
	for (size_t q = 0; q < tail; q++) {
		size_t z = queue[q];
		char *path = xstrdup("");
		for (long k = (long)z; k >= 0 && k != p->zone; k = parent[k]) {
			char *more = xasprintf(" %s%s", c->sc->sea_zones[k].id.text, path);
			free(path);
			path = more;
		}
		/* Its own zone: leaving its port (at sea already, it is there). */
		if (z == (size_t)p->zone && p->port >= 0) {
			free(path);
			path = xasprintf(" %s", c->sc->sea_zones[z].id.text);
		}
		rules_error err;
		char *line;
		if (path[0]) {
			line = xasprintf("move %s%s", p->id, path);
			if (would(c, line, &err))
				list_add(out, c->sc->sea_zones[z].id.text);
			else if (!*refused) {
				*first = err;
				*refused = true;
			}
			free(line);
		}
		for (size_t k = 0; k < c->city_count; k++) {
			if (!c->cities[k].port || c->cities[k].zone != (long)z || (long)k == p->port)
				continue;
			line = xasprintf("move %s%s %s", p->id, path, c->sc->cities[k].id.text);
			if (would(c, line, &err))
				list_add(out, c->sc->cities[k].id.text);
			else if (!*refused) {
				*first = err;
				*refused = true;
			}
			free(line);
		}
		free(path);
	}
	free(parent);
	free(depth);
	free(queue);
}

void ask_square_moves(const sq_game *g, const char *what, ask_sq_moves *m)
{
	memset(m, 0, sizeof *m);
	char who[80];
	long piece = asked_piece(g, what, &m->why);
	if (piece < 0)
		return;
	const sq_piece *p = &g->pieces[piece];
	m->piece = p->id;
	m->type = kind_name(p);
	m->side = p->side;
	m->ship = p->kind == SQ_SHIP;
	m->move = p->type->move;
	m->free = p->kind == SQ_GENERAL && g->rs->square.play.generals_free;
	int supposed;
	rules_error err;
	sq_game *c = ready_or_why(g, piece, &supposed, &m->why);
	if (!c)
		return;
	bool redeploy = c->step == SQ_STEP_REDEPLOY;
	const char *roll_rule = redeploy ? STEP_RULE(g, SQ_STEP_REDEPLOY) : STEP_RULE(g, SQ_STEP_MOVE);
	m->step = redeploy ? "non-combat" : "movement";
	m->now = supposed == 0;
	m->roll = c->roll;
	m->moved = c->counted;
	const char *move_rule = STEP_RULE(g, SQ_STEP_MOVE);
	if (m->ship)
		rules_reasons_add(&m->why, move_rule,
			"%s sails %d %s: one for each sea zone entered, %d for leaving or entering a port of its zone",
			p->type->id, p->type->move, p->type->move == 1 ? "step" : "steps", g->rs->square.play.port_steps);
	else
		rules_reasons_add(&m->why, move_rule,
			"%s moves %d %s, across a side or a corner, never into sea, impassable terrain or a square an enemy holds",
			m->type, p->type->move, p->type->move == 1 ? "square" : "squares");
	if (!m->ship && p->kind == SQ_LAND && g->rs->square.play.stacking > 0)
		rules_reasons_add(&m->why, move_rule,
			"it stops only where fewer than %d friendly land units stand; it may pass through",
			g->rs->square.play.stacking);
	if (m->free)
		rules_reasons_add(&m->why, move_rule, "a general moves free of the roll");
	else if (supposed)
		rules_reasons_add(&m->why, roll_rule,
			"answered for %s's next %s step, supposing its roll (%d at most) lets it move",
			mover(g, p, who, sizeof who), m->step, supposed);
	else
		rules_reasons_add(&m->why, roll_rule, "the %s roll of %d: %d %s counted against it so far",
			redeploy ? "non-combat" : "movement", c->roll, c->counted, c->counted == 1 ? "unit" : "units");
	bool refused = false;
	if (p->kind == SQ_LAND && p->aboard >= 0) {
		rules_reasons_add(&m->why, RULE(g, transport), "'%s' is aboard '%s': it may only land",
			p->id, c->pieces[p->aboard].id);
		landings(c, p->aboard, p->id, &m->places, &err);
		refused = m->places.count == 0;
	} else if (m->ship) {
		ship_moves(c, piece, &m->places, &err, &refused);
	} else {
		land_moves(c, piece, &m->places, &err, &refused);
	}
	/* Nowhere to go: the referee's reason for the first place refused. */
	if (m->places.count == 0 && refused)
		rules_reasons_take(&m->why, &err);
	sq_game_destroy(c);
}

void ask_square_transport(const sq_game *g, const char *ship, ask_sq_transport *t)
{
	memset(t, 0, sizeof *t);
	long s = asked_piece(g, ship, &t->why);
	if (s >= 0 && g->pieces[s].kind != SQ_SHIP) {
		rules_reasons_fail(&t->why, RULE(g, transport), "'%s' is not a ship: transport is asked of a ship",
			g->pieces[s].id);
		s = -1;
	}
	if (s < 0)
		return;
	char who[80];
	const sq_piece *p = &g->pieces[s];
	t->ship = p->id;
	t->type = p->type->id;
	t->side = p->side;
	t->port = p->port >= 0 ? g->sc->cities[p->port].id.text : NULL;
	t->zone = p->zone >= 0 ? g->sc->sea_zones[p->zone].id.text : NULL;
	t->carries = p->type->carries;
	t->room = sq_ship_room(g, s);
	for (size_t i = 0; i < g->piece_count; i++)
		if (g->pieces[i].alive && g->pieces[i].aboard == s)
			list_add(&t->cargo, g->pieces[i].id);
	t->invasion = p->port < 0;
	const char *tr = RULE(g, transport);
	rules_reasons_add(&t->why, RULE(g, cargo), "'%s' (%s) carries %d land %s; %d aboard, room for %d",
		p->id, p->type->id, p->type->carries, p->type->carries == 1 ? "unit" : "units", (int)t->cargo.count, t->room);
	if (p->port >= 0)
		rules_reasons_add(&t->why, tr,
			"in port at %s: its cargo lands on the port's square, and units standing there may embark",
			g->sc->cities[p->port].id.text);
	else
		rules_reasons_add(&t->why, tr,
			"at sea in %s: its cargo lands on any land square of the zone's coast that no enemy holds (an invasion)",
			t->zone ? t->zone : "?");
	int supposed;
	rules_error err;
	sq_game *c = ready_or_why(g, s, &supposed, &t->why);
	if (!c)
		return;
	if (supposed)
		rules_reasons_add(&t->why, STEP_RULE(g, SQ_STEP_MOVE),
			"answered for %s's next movement step, supposing its roll (%d at most) lets the units move",
			mover(g, p, who, sizeof who), supposed);
	if (t->cargo.count == 0)
		rules_reasons_add(&t->why, tr,
			"nothing aboard: the landings are where a unit it carried could stop");
	rules_error first;
	rules_error_clear(&first);
	landings(c, s, t->cargo.count ? t->cargo.items[0] : NULL, &t->landings, &first);
	if (t->landings.count == 0 && first.message[0])
		rules_reasons_take(&t->why, &first);
	bool refused = false;
	for (size_t i = 0; p->port >= 0 && i < c->piece_count; i++) {
		const sq_piece *u = &c->pieces[i];
		if (!u->alive || u->kind != SQ_LAND || !u->on_map || u->side != p->side ||
			!grid_cell_equal(u->at, c->cities[p->port].at))
			continue;
		char *line = xasprintf("embark %s %s", u->id, p->id);
		if (would(c, line, &err))
			list_add(&t->embark, u->id);
		else if (!refused) {
			rules_reasons_take(&t->why, &err);
			refused = true;
		}
		free(line);
	}
	sq_game_destroy(c);
}

/* ---- income ---- */

void ask_square_income(const sq_game *g, const char *side, ask_sq_income *in)
{
	memset(in, 0, sizeof *in);
	const ruleset *rs = g->rs;
	const char *rule = STEP_RULE(g, SQ_STEP_BUY);
	int s = sq_side_index(g, side);
	if (s < 0) {
		rules_reasons_fail(&in->why, RULE(g, ids), "no side '%s' in this scenario (%s, %s)", side, sq_side_id(g, 0),
			sq_side_id(g, 1));
		return;
	}
	in->side = sq_side_id(g, s);
	in->per_turn = rs->square.purchase_points;
	in->income = sq_income(g, s);
	in->penalty = in->per_turn - in->income;
	long cap = sq_capital_lost(g, s);
	in->capital_lost = cap >= 0 ? g->sc->cities[cap].id.text : NULL;
	for (size_t i = 0; i < g->city_count; i++)
		if (g->cities[i].start == s && g->cities[i].owner != s)
			in->cities_lost++;
	/* With four players each has his own purse: the one of the side's
	 * player to play now, or next. */
	in->player = g->seat_count > 2 ? sq_next_player(g, s) : 0;
	const sq_purse *purse = sq_purse_read(g, s, in->player ? in->player : 1);
	in->points = purse->points;
	in->allowance = purse->allowance;
	in->allowance_per_turn = rs->square.purchase_limit;
	in->limited = rs->square.limited_unit;
	in->to_play = g->step != SQ_STEP_OVER && sq_current(g)->side == s;
	if (in->player)
		rules_reasons_add(&in->why, rule,
			"%d purchase points at the start of each turn of each of its players, into his own purse; the purse below is player %d's, %s",
			in->per_turn, in->player, in->to_play ? "who plays now" : "who plays its next turn");
	else
		rules_reasons_add(&in->why, rule, "%d purchase points at the start of each of its turns",
			in->per_turn);
	if (cap >= 0)
		rules_reasons_add(&in->why, RULE(g, capitals),
			"-%d: the enemy holds its capital %s, and %d of its cities are in enemy hands (%d each)", in->penalty,
			in->capital_lost, in->cities_lost, rs->square.capital_income_loss);
	else
		rules_reasons_add(&in->why, RULE(g, capitals),
			"no loss: it holds its capital (while the enemy holds it, %d less for each of its cities lost)",
			rs->square.capital_income_loss);
	rules_reasons_add(&in->why, rule, "%d %s in hand now%s%s", in->points,
		in->points == 1 ? "point" : "points", rs->square.play.carry_points ? ": unspent points are saved" : "",
		in->to_play ? " (this turn's income included)" : " (its income comes at the start of its turn)");
	if (in->limited && in->allowance_per_turn > 0)
		rules_reasons_add(&in->why, rule, "%d %s may be bought now (%d a turn%s)", in->allowance,
			in->limited, in->allowance_per_turn, rs->square.save_limit ? ", the unused allowance saved" : "");
}
