#include "hex_special.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "special_table.h"

_Static_assert(SPECIAL_SIDES == GAME_SIDES, "the special rules' table counts the game's sides");

/* The refusal of rule `e` for `side` at h; the rule id is the element's
 * name, the scenario line says where the player reads it. */
static void refuse(const hex_game *g, const special_entry *en, int side, hex_coord h, bool closed, rules_error *why)
{
	if (rules_quiet()) {   /* a player weighing its moves reads no sentence */
		rules_fail(why, NULL, "%s", "");
		return;
	}
	char there[HEX_ADDRESS_MAX];
	hex_format(h, there);
	const char *rule = special_kind_name(en->kind);
	const char *who = g->sides[side].id;
	if (en->kind == SPECIAL_CROSSING)
		rules_fail(why, rule, "%s is %s, which %s may cross only at its fords (%s), by the scenario's special rule "
			"on line %d", there, hex_game_terrain_id(g, h), who, en->hexes, en->line);
	else if (closed)
		rules_fail(why, rule, "%s is closed to %s by the scenario's special rule on line %d", there, who, en->line);
	else
		rules_fail(why, rule, "%s may be passed but not ended on by %s, by the scenario's special rule on line %d",
			there, who, en->line);
}

bool hex_special_ground(const hex_game *g, int side, hex_coord h, hex_special_step *v, const char *section,
	const char *which, rules_error *why)
{
	hex_special_step_at(g, side, h, v);
	if (v->closed) {
		rules_error_take(why, &v->why);
		return false;
	}
	const rs_terrain *t = hex_game_terrain(g, h);
	if (t && !t->passable && !v->ford) {
		char there[HEX_ADDRESS_MAX];
		return hex_game_fail(why, g, section, "%s is %s, which %s", hex_format(h, there), t->id, which);
	}
	return true;
}

int hex_special_ford_line(const hex_game *g, int side, hex_coord h)
{
	const hex_special *sp = g->special;
	long idx = sp && side >= 0 && side < GAME_SIDES ? hex_index(&g->board, h) : -1;
	if (idx < 0)
		return 0;
	int ford = sp->cells[(size_t)side * sp->hexes + (size_t)idx].ford;
	return ford >= 0 ? sp->entries[ford].line : 0;
}

void hex_special_step_at(const hex_game *g, int side, hex_coord h, hex_special_step *v)
{
	v->closed = v->ford = v->no_end = false;
	rules_error_clear(&v->why);
	const hex_special *sp = g->special;
	long idx = sp && side >= 0 && side < GAME_SIDES ? hex_index(&g->board, h) : -1;
	if (idx < 0)
		return;
	const special_cell *c = &sp->cells[(size_t)side * sp->hexes + (size_t)idx];
	v->ford = c->ford >= 0;
	if (c->closed >= 0) {
		v->closed = true;
		refuse(g, &sp->entries[c->closed], side, h, true, &v->why);
	} else if (c->no_end >= 0) {
		v->no_end = true;
		refuse(g, &sp->entries[c->no_end], side, h, false, &v->why);
	}
}

/* The turn a side plays now, or is about to play when it is to play: its
 * first turn is 1 (see hex_game.turns). */
static int side_turn(const hex_game *g, int side)
{
	return g->turns[side] > 0 ? g->turns[side] : 1;
}

static bool enemy_near(const hex_game *g, const special_group *f)
{
	for (int k = 0; k < f->unit_count; k++) {
		const hex_unit *u = &g->units[f->units[k]];
		if (!u->alive)
			continue;
		for (size_t e = 0; e < g->unit_count; e++)
			if (g->units[e].alive && g->units[e].side != u->side &&
				hex_distance(g->units[e].at, u->at) <= f->enemy_within)
				return true;
	}
	return false;
}

/* Whether the group is released now: the first of its written parts met.
 * Turn and flags only grow; an enemy near releases it from the moment it
 * came (woken), as the board stood after some action. */
static bool released(const hex_game *g, const special_group *f)
{
	if (f->side < 0)
		return true;
	if (f->turn >= 0 && side_turn(g, f->side) >= f->turn)
		return true;
	if (f->flags >= 0 && f->flags_side >= 0 && g->sides[f->flags_side].flags >= f->flags)
		return true;
	return f->woken;
}

void hex_special_wake(hex_game *g)
{
	hex_special *sp = g->special;
	for (size_t i = 0; sp && i < sp->frozen_count; i++) {
		special_group *f = &sp->frozen[i];
		/* A group released (by its turn or flags, which only grow, or
		 * woken already) is never held again: no look for enemies,
		 * asked after every action of every game a player plays. */
		if (f->enemy_within >= 0 && !released(g, f) && enemy_near(g, f))
			f->woken = true;
	}
}

/* "turn 3 of confederate, 2 flags won by union or an enemy unit within 2
 * hexes": the parts of a release, for a refusal. */
static void release_words(const hex_game *g, const special_group *f, char *buf, size_t size)
{
	char part[3][96];
	int n = 0;
	if (f->turn >= 0)
		snprintf(part[n++], sizeof part[0], "turn %d of %s", f->turn, g->sides[f->side].id);
	if (f->flags >= 0 && f->flags_side >= 0)
		snprintf(part[n++], sizeof part[0], "%d %s won by %s", f->flags, f->flags == 1 ? "flag" : "flags",
			g->sides[f->flags_side].id);
	if (f->enemy_within >= 0)
		snprintf(part[n++], sizeof part[0], "an enemy unit within %d %s of the group", f->enemy_within,
			f->enemy_within == 1 ? "hex" : "hexes");
	buf[0] = '\0';
	size_t used = 0;
	for (int i = 0; i < n && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s", i == 0 ? "" : (i == n - 1 ? " or " : ", "),
			part[i]);
}

static bool group_has(const special_group *f, int unit)
{
	for (int k = 0; k < f->unit_count; k++)
		if (f->units[k] == unit)
			return true;
	return false;
}

/* The refusal of a unit of group f, frozen. */
static void frozen_refusal(const hex_game *g, const special_group *f, int unit, rules_error *why)
{
	if (rules_quiet()) {
		rules_fail_quiet(why);
		return;
	}
	char until[320];
	release_words(g, f, until, sizeof until);
	rules_fail(why, special_kind_name(SPECIAL_FROZEN), "unit '%s' is frozen until %s, by the scenario's "
		"special rule on line %d: it takes no order, and neither moves nor battles", g->units[unit].id, until,
		f->line);
}

bool hex_special_frozen_found(const hex_game *g, int unit, rules_error *why)
{
	const hex_special *sp = g->special;
	/* The unit's own group (frozen_of; hex_special_frozen has found it
	 * held by one at least), not a look at every group's units. */
	if (sp->frozen_of[unit] != SPECIAL_GROUPS_SEVERAL) {
		const special_group *f = &sp->frozen[sp->frozen_of[unit]];
		if (released(g, f))
			return false;
		frozen_refusal(g, f, unit, why);
		return true;
	}
	/* Held by several: the first not released, as the sheet lists them. */
	for (size_t i = 0; i < sp->frozen_count; i++) {
		const special_group *f = &sp->frozen[i];
		if (!released(g, f) && group_has(f, unit)) {
			frozen_refusal(g, f, unit, why);
			return true;
		}
	}
	return false;
}

/* ---- the end of the game ---- */

/* The objectives `side` holds now: those that count for it with one of
 * its units on them. */
static int objectives_held(const hex_game *g, int side)
{
	int n = 0;
	for (size_t i = 0; i < g->objective_count; i++) {
		const hex_objective *o = &g->objectives[i];
		if ((o->side < 0 || o->side == side) && hex_game_units_at(g, o->at, side, NULL, 0) > 0)
			n++;
	}
	return n;
}

/* The game ends: `winner` (-1: a draw) for the reason in `fmt`, which
 * names the rule and its line the way a refusal does. */
static void end_game(hex_game *g, int winner, special_kind rule, const char *fmt, ...) DIAG_PRINTF(4, 5);
static void end_game(hex_game *g, int winner, special_kind rule, const char *fmt, ...)
{
	g->winner = winner;
	g->drawn = winner < 0;
	g->result_rule = special_kind_name(rule);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(g->result, sizeof g->result, fmt, ap);
	va_end(ap);
}

/* <turn-limit>: after each side has played its turns, the outcome. */
static bool turn_limit_reached(hex_game *g, const special_limit *l, int side)
{
	if (l->turns <= 0 || g->turns[side] <= l->turns || g->turns[1 - side] < l->turns)
		return false;
	const char *a = g->sides[0].id, *b = g->sides[1].id;
	int na = 0, nb = 0;
	const char *what = NULL;
	if (strcmp(l->outcome, "objectives") == 0) {
		na = objectives_held(g, 0);
		nb = objectives_held(g, 1);
		what = "objectives held";
	} else if (strcmp(l->outcome, "flags") == 0) {
		na = hex_game_score(g, 0);
		nb = hex_game_score(g, 1);
		what = "victory flags";
	}
	int winner = !what || na == nb ? -1 : (na > nb ? 0 : 1);
	if (!what)
		end_game(g, -1, SPECIAL_TURN_LIMIT, "each side has played %d %s: the game ends in a draw, by the "
			"scenario's special rule on line %d", l->turns, l->turns == 1 ? "turn" : "turns", l->line);
	else
		end_game(g, winner, SPECIAL_TURN_LIMIT, "each side has played %d %s; %s: %s %d, %s %d, %s, by the "
			"scenario's special rule on line %d", l->turns, l->turns == 1 ? "turn" : "turns", what, a, na, b, nb,
			winner < 0 ? "a draw" : "the more wins", l->line);
	return true;
}

bool hex_special_turn_begins(hex_game *g, int side)
{
	const hex_special *sp = g->special;
	if (!sp || g->winner >= 0 || g->drawn || side < 0 || side >= GAME_SIDES)
		return false;
	if (turn_limit_reached(g, &sp->limit, side))
		return true;
	for (size_t i = 0; i < sp->sudden_count; i++) {
		const special_sudden *d = &sp->sudden[i];
		if (d->binds[side] && hex_game_units_at(g, d->at, side, NULL, 0) > 0) {
			end_game(g, side, SPECIAL_SUDDEN_DEATH, "%s holds %s at the start of its turn, by the scenario's "
				"special rule on line %d", g->sides[side].id, d->address, d->line);
			return true;
		}
	}
	return false;
}

/* ---- reinforcements on a schedule ---- */

int hex_special_arrivals(hex_game *g, int side)
{
	const hex_special *sp = g->special;
	int arrived = 0;
	for (size_t i = 0; sp && i < sp->schedule_count; i++) {
		const special_group *f = &sp->schedules[i];
		if (f->side != side || !released(g, f))
			continue;
		for (int k = 0; k < f->unit_count; k++) {
			hex_unit *u = &g->units[f->units[k]];
			hex_special_step v;
			rules_error closed;
			/* A hex taken (or closed) now: the unit waits for a later
			 * turn of its side on which it is free. */
			if (!u->scheduled || hex_game_occupied(g, u->at) ||
				!hex_special_ground(g, side, u->at, &v, g->rs->terrain_effects.rule, "no unit may enter", &closed))
				continue;
			hex_game_arrive(g, f->units[k], u->at);
			arrived++;
		}
	}
	if (arrived)
		hex_special_wake(g);
	return arrived;
}

bool hex_special_unarrived(const hex_game *g, int unit, rules_error *why)
{
	const hex_special *sp = g->special;
	if (!sp || unit < 0 || (size_t)unit >= g->unit_count || !g->units[unit].scheduled)
		return false;
	for (size_t i = 0; i < sp->schedule_count; i++) {
		const special_group *f = &sp->schedules[i];
		for (int k = 0; k < f->unit_count; k++) {
			if (f->units[k] != unit)
				continue;
			if (rules_quiet()) {   /* the words of a refusal nobody reads */
				rules_fail_quiet(why);
				return true;
			}
			char until[320], at[HEX_ADDRESS_MAX];
			release_words(g, f, until, sizeof until);
			hex_format(g->units[unit].at, at);
			rules_fail(why, special_kind_name(SPECIAL_SCHEDULE), "'%s' has not arrived yet: the scenario's special "
				"rule on line %d brings it to %s at the start of a turn of %s once %s, when %s is free",
				g->units[unit].id, f->line, at, g->sides[f->side].id, until, at);
			return true;
		}
	}
	return false;
}

/* ---- exit hexes ---- */

bool hex_special_exit_check(const hex_game *g, int unit, hex_coord from, rules_error *why)
{
	const hex_special *sp = g->special;
	const hex_unit *u = &g->units[unit];
	char at[HEX_ADDRESS_MAX];
	hex_format(from, at);
	long idx = sp ? hex_index(&g->board, from) : -1;
	if (idx >= 0 && sp->cells[(size_t)u->side * sp->hexes + (size_t)idx].exit >= 0)
		return true;
	for (size_t i = 0; sp && i < sp->entry_count; i++) {
		const special_entry *en = &sp->entries[i];
		if (en->kind == SPECIAL_EXIT && en->binds[u->side])
			return rules_fail(why, special_kind_name(SPECIAL_EXIT), "'%s' may leave the board only by an exit hex "
				"of %s (%s), by the scenario's special rule on line %d, not from %s", u->id, g->sides[u->side].id,
				en->hexes, en->line, at);
	}
	return hex_game_fail(why, g, g->rs->movement.off_board_rule, "'%s' may not leave the board from %s: the "
		"scenario gives %s no exit hex, and only a forced retreat leaves the board", u->id, at,
		g->sides[u->side].id);
}

int hex_special_exit(hex_game *g, int unit)
{
	const hex_special *sp = g->special;
	hex_unit *u = &g->units[unit];
	long idx = sp ? hex_index(&g->board, u->at) : -1;
	int e = idx >= 0 ? sp->cells[(size_t)u->side * sp->hexes + (size_t)idx].exit : -1;
	if (e < 0)
		return 0;
	hex_game_unit_lift(g, unit, true);
	u->exited = true;
	g->sides[u->side].flags += sp->entries[e].vp;
	return sp->entries[e].vp;
}

/* ---- a side's changed numbers ---- */

bool hex_special_ground_gain(const hex_game *g, int side, rules_error *why)
{
	const hex_special *sp = g->special;
	for (size_t i = 0; sp && i < sp->adjust_count; i++) {
		const special_adjust *a = &sp->adjusts[i];
		if (a->side == side && !a->ground_gain) {
			if (why)
				rules_fail(why, special_kind_name(SPECIAL_ADJUST), "%s gains no ground after a battle, by the "
					"scenario's special rule on line %d", g->sides[side].id, a->line);
			return false;
		}
	}
	return true;
}

int hex_special_dice_found(const hex_game *g, const hex_unit *u, int *line)
{
	const hex_special *sp = g->special;
	int dice = 0;
	*line = 0;
	for (size_t i = 0; sp && i < sp->adjust_count; i++) {
		const special_adjust *a = &sp->adjusts[i];
		if (a->side != u->side || a->dice == 0 || strcmp(a->unit_type, u->type->id) != 0)
			continue;
		dice += a->dice;
		if (*line == 0)
			*line = a->line;
	}
	return dice;
}

int hex_special_sudden_worth(const hex_game *g, int side, hex_coord h)
{
	const hex_special *sp = g->special;
	for (size_t i = 0; sp && i < sp->sudden_count; i++) {
		const special_sudden *d = &sp->sudden[i];
		if (grid_cell_equal(d->at, h) && (d->binds[side] || d->binds[1 - side]))
			return g->sides[d->binds[side] ? side : 1 - side].target;
	}
	return 0;
}
