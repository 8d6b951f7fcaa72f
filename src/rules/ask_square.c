/* Rules questions for the square-grid ruleset (mb-remastered): attack
 * legality and odds, purchases.  Rule ids are the ruleset prefix with:
 *   11.board     squares off the board
 *   11.combat    who may fight whom: adjacency, diagonals, range, the first shot
 *   11.units     the attack and defend factors of the unit table
 *   11.generals  +bonus to friendly units within the general's range
 *   11.capitals  a side whose capital the enemy holds loses that bonus
 *   11.entrench  infantry in a city defends better
 *   11.purchase  purchase points and the infantry allowance */
#include "ask_square.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "sqgame.h"

/* Returns the reason added (NULL when the list is full) so that a caller
 * can mark it as the error. */
static ask_sq_reason *add_reason(ask_sq_reason *reasons, int *count, const char *rule, const char *fmt, ...)
	DIAG_PRINTF(4, 5);

static ask_sq_reason *add_reason(ask_sq_reason *reasons, int *count, const char *rule, const char *fmt, ...)
{
	if (*count >= ASK_SQ_MAX_REASONS)
		return NULL;
	ask_sq_reason *r = &reasons[(*count)++];
	memset(r, 0, sizeof *r);
	snprintf(r->rule, sizeof r->rule, "%s", rule);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->text, sizeof r->text, fmt, ap);
	va_end(ap);
	return r;
}

/* The question has no answer: the first reason says why. */
static void attack_error(ask_sq_attack *a)
{
	a->error = true;
	if (a->reason_count > 0)
		a->reasons[0].error = true;
}

const char *ask_square_side(const scenario *sc, size_t side)
{
	return side < sc->side_count && sc->sides[side].id.text ? sc->sides[side].id.text : "?";
}

static const char *sq(square_coord c, char buf[SQUARE_ADDRESS_MAX])
{
	return square_format(c, buf);
}

/* The first land unit (neither naval nor the leader) standing at the
 * square, in file order whichever its side. */
static long land_unit_at(const position *pos, square_coord at)
{
	const position_cell *cell = position_at(pos, at);
	long best = -1;
	for (size_t s = 0; cell && s < POSITION_SIDES; s++)
		for (long i = cell->units[s].first; i >= 0 && (best < 0 || i < best); i = pos->units[i].next) {
			const rs_square_unit *t = ruleset_find_square_unit(pos->rs, pos->sc->units[i].type.text);
			if (t && !t->naval && !t->leader) {
				best = i;
				break;
			}
		}
	return best;
}

static long general_at(const position *pos, square_coord at)
{
	const position_cell *cell = position_at(pos, at);
	return cell ? cell->generals.first : -1;
}

static long ship_at(const position *pos, square_coord at)
{
	const position_cell *cell = position_at(pos, at);
	return cell ? cell->ships.first : -1;
}

/* The general's type: the leader row of the unit table. */
static const rs_square_unit *leader_type(const ruleset *rs)
{
	for (size_t i = 0; i < rs->square.unit_count; i++)
		if (rs->square.units[i].leader)
			return &rs->square.units[i];
	return NULL;
}

/* The general's bonus (and entrenchment, for the defender) through the
 * square game's own factor computation (sqgame.h), on a game built from
 * the position: `ask` and the referee count alike.  Returns the factor
 * before the cap. */
static int modifiers(const sq_game *g, ask_sq_attack *a, const char *id, bool general, bool defending)
{
	long piece = -1;
	for (size_t i = 0; i < g->piece_count && piece < 0; i++)
		if (str_eq(g->pieces[i].id, id) && (g->pieces[i].kind == SQ_GENERAL) == general)
			piece = (long)i;
	if (piece < 0)
		return 0;
	sq_factor f;
	sq_fight_factor(g, piece, g->pieces[piece].at, defending, &f);
	for (int i = 0; i < f.note_count; i++)
		add_reason(a->reasons, &a->reason_count, f.notes[i].rule, "%s", f.notes[i].text);
	return f.factor;
}

static void finish_factor(const ruleset *rs, ask_sq_attack *a, ask_sq_fighter *f, int factor, bool defending)
{
	/* The loader requires die-faces of a square ruleset (ruleset_load.c). */
	int faces = rs->square.die_faces;
	if (factor > faces) {
		add_reason(a->reasons, &a->reason_count, ruleset_rule(rs, "11.combat"),
			"%s factor %d capped at %d (a hit is a roll at or below the factor)", defending ? "defend" : "attack",
			factor, faces);
		factor = faces;
	}
	if (factor < 0)
		factor = 0;
	f->factor = factor;
	f->hit = f->rolls ? (double)factor / faces : 0.0;
}

/* Distance as the type counts it: with diagonal steps when it fights
 * across corners, else across sides only. */
static int reach(const rs_square_unit *t, square_coord a, square_coord b)
{
	return t->diagonal ? square_distance(a, b) : square_orthogonal_distance(a, b);
}

void ask_square_attack(const position *pos, square_coord from, square_coord to, ask_sq_attack *a)
{
	const scenario *sc = pos->sc;
	const ruleset *rs = pos->rs;
	memset(a, 0, sizeof *a);
	a->from = from;
	a->to = to;
	a->distance = square_distance(from, to);
	a->defender_hit_effective = 0.0;
	char b1[SQUARE_ADDRESS_MAX], b2[SQUARE_ADDRESS_MAX];
	const char *combat = ruleset_rule(rs, "11.combat");
	bool from_on = position_at(pos, from), to_on = position_at(pos, to);
	if (!from_on || !to_on) {
		int columns = pos->board_ok ? pos->board.square.columns : rs->board.columns;
		int rows = pos->board_ok ? pos->board.square.rows : rs->board.rows;
		add_reason(a->reasons, &a->reason_count, ruleset_rule(rs, "11.board"), "%s is not on the %d x %d board",
			sq(from_on ? to : from, b1), columns, rows);
		attack_error(a);
		return;
	}
	long au = land_unit_at(pos, from);
	if (au < 0) {
		long g = general_at(pos, from), s = ship_at(pos, from);
		if (g >= 0)
			add_reason(a->reasons, &a->reason_count, combat,
				"general '%s' at %s has no attack factor: a general does not attack", sc->generals[g].id.text,
				sq(from, b1));
		else if (s >= 0)
			add_reason(a->reasons, &a->reason_count, ruleset_rule(rs, "11.naval"),
				"ship '%s' at %s fights in naval combat, not in a land attack", sc->ships[s].id.text, sq(from, b1));
		else
			add_reason(a->reasons, &a->reason_count, combat, "no land unit at %s", sq(from, b1));
		attack_error(a);
		return;
	}
	const sc_unit *u = &sc->units[au];
	ask_sq_fighter *at = &a->attacker;
	at->id = u->id.text;
	at->type = ruleset_find_square_unit(rs, u->type.text);
	at->side = u->side;
	at->base = at->type->attack;
	at->rolls = true;

	/* The target: a land unit, else a general; ships are not land targets. */
	ask_sq_fighter *df = &a->defender;
	long du = land_unit_at(pos, to), dg = -1;
	if (du >= 0) {
		df->id = sc->units[du].id.text;
		df->type = ruleset_find_square_unit(rs, sc->units[du].type.text);
		df->side = sc->units[du].side;
	} else if ((dg = general_at(pos, to)) >= 0 && leader_type(rs)) {
		df->id = sc->generals[dg].id.text;
		df->type = leader_type(rs);
		df->side = sc->generals[dg].side;
		df->general = true;
	}
	if (!df->id) {
		long s = ship_at(pos, to);
		if (s >= 0)
			add_reason(a->reasons, &a->reason_count, ruleset_rule(rs, "11.naval"),
				"only ship '%s' is at %s: ships fight in naval combat, not against a land attack",
				sc->ships[s].id.text, sq(to, b2));
		else
			add_reason(a->reasons, &a->reason_count, combat, "no enemy unit or general at %s: nothing to attack",
				sq(to, b2));
		return;
	}
	if (df->side == at->side) {
		add_reason(a->reasons, &a->reason_count, combat, "%s '%s' at %s is friendly (%s): attack only the enemy",
			df->general ? "general" : df->type->id, df->id, sq(to, b2), ask_square_side(sc, df->side));
		return;
	}
	if (a->distance == 0) {
		add_reason(a->reasons, &a->reason_count, combat, "%s and %s are the same square", sq(from, b1), sq(to, b2));
		return;
	}
	bool orth = square_orthogonal(from, to);
	bool adjacent = a->distance == 1;
	if (adjacent && orth) {
		add_reason(a->reasons, &a->reason_count, combat, "%s attacks across a square's side (adjacent)",
			at->type->id);
	} else if (adjacent && !at->type->diagonal) {
		add_reason(a->reasons, &a->reason_count, combat,
			"%s fights only across a square's side, and %s touches %s only at a corner", at->type->id,
			sq(from, b1), sq(to, b2));
		return;
	} else if (adjacent) {
		add_reason(a->reasons, &a->reason_count, combat, "%s attacks across a square's corner (diagonal)",
			at->type->id);
	} else if (reach(at->type, from, to) <= at->type->range) {
		add_reason(a->reasons, &a->reason_count, combat, "%s fires %d squares%s (range %d)", at->type->id,
			a->distance, at->type->diagonal ? ", diagonal steps counted" : "", at->type->range);
	} else {
		add_reason(a->reasons, &a->reason_count, combat,
			"%s is %d squares away: %s fights %s (range %d)", sq(to, b2), a->distance, at->type->id,
			at->type->range > 1 ? "no further" : "adjacent squares only", at->type->range);
		return;
	}
	a->allowed = true;

	/* Factors and modifiers. */
	const char *units = ruleset_rule(rs, "11.units");
	add_reason(a->reasons, &a->reason_count, units, "attack factor %d: %s", at->base, at->type->id);
	sq_game *g = sq_game_create(pos);
	int af = g ? modifiers(g, a, at->id, false, false) : at->base;
	finish_factor(rs, a, at, af, false);

	df->base = df->type->defend;
	/* Both sides roll in a combat between adjacent squares; from further
	 * away the defender answers only when it reaches the attacker. */
	df->rolls = adjacent || reach(df->type, to, from) <= df->type->range;
	add_reason(a->reasons, &a->reason_count, units, "defend factor %d: %s", df->base,
		df->general ? "general" : df->type->id);
	int dfac = g ? modifiers(g, a, df->id, df->general, true) : df->base;
	sq_game_destroy(g);
	finish_factor(rs, a, df, dfac, true);
	if (!df->rolls)
		add_reason(a->reasons, &a->reason_count, combat,
			"the defender cannot fire back: %s is %d squares away, beyond its range %d", sq(from, b1),
			a->distance, df->type->range);
	a->fires_first = at->type->fires_first && df->rolls;
	a->defender_hit_effective = df->hit;
	if (a->fires_first) {
		a->defender_hit_effective = (1.0 - at->hit) * df->hit;
		add_reason(a->reasons, &a->reason_count, combat,
			"%s fires first: a hit removes the defender before it rolls", at->type->id);
	}
}

void ask_square_buy(const ruleset *rs, const char *const *units, size_t count, int saved, ask_sq_buy *b)
{
	memset(b, 0, sizeof *b);
	const char *rule = ruleset_rule(rs, "11.purchase");
	b->points = rs->square.purchase_points;
	int limit = rs->square.purchase_limit;
	b->infantry_allowance = rs->square.save_limit ? limit + saved : limit;
	bool ok = true;
	for (size_t i = 0; i < count; i++) {
		const rs_square_unit *t = ruleset_find_square_unit(rs, units[i]);
		if (!t) {
			char *known = NULL;
			for (size_t k = 0; k < rs->square.unit_count; k++)
				if (rs->square.units[k].cost >= 0) {
					char *next = xasprintf("%s%s%s", known ? known : "", known ? ", " : "",
						rs->square.units[k].id);
					free(known);
					known = next;
				}
			ask_sq_reason *r = add_reason(b->reasons, &b->reason_count, rule, "unknown unit '%s' (%s)", units[i],
				known ? known : "");
			if (r)
				r->error = true;
			free(known);
			b->error = true;
			ok = false;
			continue;
		}
		if (t->cost < 0) {
			add_reason(b->reasons, &b->reason_count, rule, "%s cannot be bought", t->id);
			ok = false;
			continue;
		}
		b->cost += t->cost;
		if (rs->square.limited_unit && str_eq(t->id, rs->square.limited_unit))
			b->infantry++;
	}
	b->points_left = b->points - b->cost;
	if (b->cost > b->points) {
		add_reason(b->reasons, &b->reason_count, rule, "costs %d points, more than the %d purchase points of a turn",
			b->cost, b->points);
		ok = false;
	} else {
		add_reason(b->reasons, &b->reason_count, rule, "costs %d of the %d purchase points of a turn", b->cost,
			b->points);
	}
	if (rs->square.limited_unit && limit > 0) {
		const char *inf = rs->square.limited_unit;
		if (b->infantry > b->infantry_allowance) {
			add_reason(b->reasons, &b->reason_count, rule,
				"%d %s, more than the allowance of %d (%d a turn%s)", b->infantry, inf, b->infantry_allowance,
				limit, rs->square.save_limit ? (saved ? " plus saved" : ", none saved") : ", not saved");
			ok = false;
		} else {
			/* What is left of the allowance carries over, once the
			 * purchase stands. */
			b->infantry_saved = rs->square.save_limit && ok ? b->infantry_allowance - b->infantry : 0;
			if (rs->square.save_limit && ok)
				add_reason(b->reasons, &b->reason_count, rule,
					"%d %s within the allowance of %d (%d a turn + %d saved); %d saved for later turns",
					b->infantry, inf, b->infantry_allowance, limit, saved, b->infantry_saved);
			else if (rs->square.save_limit)
				add_reason(b->reasons, &b->reason_count, rule,
					"%d %s within the allowance of %d (%d a turn + %d saved)", b->infantry, inf,
					b->infantry_allowance, limit, saved);
			else
				add_reason(b->reasons, &b->reason_count, rule, "%d %s within the limit of %d a turn",
					b->infantry, inf, limit);
		}
	}
	if (count == 0) {
		add_reason(b->reasons, &b->reason_count, rule, "nothing to buy");
		ok = false;
	}
	b->allowed = ok;
}
