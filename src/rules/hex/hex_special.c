#include "hex_special.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "../../model/special_rules.h"

/* One rule of the scenario as the referee needs it: what it is, where it
 * is written, whom it binds, and the words a refusal quotes.  Copied out
 * of the scenario so that the game does not outlive what it points to. */
typedef struct special_entry {
	special_kind kind;
	int line;
	bool binds[GAME_SIDES];
	char closes[16];        /* crossing: the terrain it closes, or "water" */
	char hexes[160];        /* crossing: its fords; exit: its hexes; as a list for messages */
	int vp;                 /* exit: the flags a unit leaving by it scores */
} special_entry;

/* What the rules say of one hex for one side: the rule (index into
 * entries) that closes it, makes it a ford, or forbids ending there; -1
 * for none. */
typedef struct special_cell {
	short closed;
	short ford;
	short no_end;
	short exit;
} special_cell;

/* A frozen group (<frozen>) or a schedule's units (<schedule>): its
 * units by index into the game's units, and what releases or brings
 * them; a part not written is -1. */
typedef struct special_group {
	int line;
	int side;
	int *units;
	int unit_count;
	int turn;               /* from this turn of `side` on */
	int flags;              /* once flags_side has won this many */
	int flags_side;
	int enemy_within;       /* an enemy unit this near a unit of the group */
} special_group;

/* A sudden-death hex (<sudden-death>): who wins by holding it. */
typedef struct special_sudden {
	int line;
	bool binds[GAME_SIDES];
	hex_coord at;
	char address[HEX_ADDRESS_MAX];
} special_sudden;

/* The turn limit (<turn-limit>): turns 0 when the scenario has none. */
typedef struct special_limit {
	int line;
	int turns;
	char outcome[16];        /* objectives, flags, draw */
} special_limit;

/* A side's changed numbers (<adjust>); a part not written is 0 (hand,
 * dice) or true (ground gain). */
typedef struct special_adjust {
	int line;
	int side;
	int hand;
	bool ground_gain;
	char unit_type[48];
	int dice;
} special_adjust;

struct hex_special {
	special_adjust *adjusts;
	size_t adjust_count;
	special_sudden *sudden;
	size_t sudden_count;
	special_limit limit;
	special_entry *entries;
	size_t entry_count;
	special_group *frozen;
	size_t frozen_count;
	special_group *schedules;
	size_t schedule_count;
	size_t hexes;            /* cells per side */
	special_cell *cells;     /* [side * hexes + hex index] */
};

static int side_index(const hex_game *g, const char *id)
{
	for (int s = 0; s < GAME_SIDES; s++)
		if (id && g->sides[s].id && strcmp(g->sides[s].id, id) == 0)
			return s;
	return -1;
}

/* The sides a rule's side="…" binds: both when absent or "both". */
static void binds_of(const hex_game *g, const special_rule *r, bool binds[GAME_SIDES])
{
	bool both = !r->side.text || strcmp(r->side.text, "both") == 0;
	int s = both ? -1 : side_index(g, r->side.text);
	for (int k = 0; k < GAME_SIDES; k++)
		binds[k] = both || k == s;
}

static bool enforced(special_kind kind)
{
	return kind == SPECIAL_CROSSING || kind == SPECIAL_NO_ENTRY || kind == SPECIAL_FROZEN ||
		kind == SPECIAL_SUDDEN_DEATH || kind == SPECIAL_TURN_LIMIT || kind == SPECIAL_SCHEDULE ||
		kind == SPECIAL_EXIT || kind == SPECIAL_ADJUST;
}

static int number_or_none(const sc_number *n)
{
	return n->given && n->valid ? (int)n->value : -1;
}

/* A group's units and condition; a frozen group names placed units
 * (unit_refs), a schedule brings its own (units, added to the game by
 * hex_game_create_at). */
static void read_group(special_group *f, const hex_game *g, const special_rule *r)
{
	f->line = r->pos.line;
	f->side = side_index(g, r->side.text);
	size_t n = r->kind == SPECIAL_FROZEN ? r->unit_ref_count : r->unit_count;
	f->units = xcalloc(n + 1, sizeof *f->units);
	for (size_t i = 0; i < n; i++) {
		const char *id = r->kind == SPECIAL_FROZEN ? r->unit_refs[i].text : r->units[i].id.text;
		int u = id ? hex_game_find_unit(g, id) : -1;
		if (u >= 0)
			f->units[f->unit_count++] = u;
	}
	f->turn = number_or_none(&r->when.turn);
	f->flags = number_or_none(&r->when.flags);
	f->flags_side = r->when.flags_side.text ? side_index(g, r->when.flags_side.text) :
		(f->side >= 0 ? 1 - f->side : -1);
	f->enemy_within = r->kind == SPECIAL_FROZEN ? number_or_none(&r->when.enemy_within) : -1;
}

/* The hex of an address of the rule that is on the board, in *idx. */
static bool hex_on(const hex_game *g, const sc_address *a, long *idx)
{
	*idx = a->valid ? hex_index(&g->board, a->cell) : -1;
	return *idx >= 0;
}

/* Whether a crossing closing `closes` ("river", "stream", "both") closes
 * terrain t: the terrain the ruleset calls water, that one alone when the
 * crossing names it (the same reading as validate's check of its fords). */
static bool crossing_closes(const char *closes, const rs_terrain *t)
{
	return t && t->water && (strcmp(closes, "both") == 0 || strcmp(closes, t->id) == 0);
}

/* The rule's hexes as written, for its refusals: "F5, J5". */
static void hex_list(special_entry *en, const special_rule *r)
{
	size_t used = 0;
	for (size_t i = 0; i < r->hex_count && used < sizeof en->hexes; i++)
		used += (size_t)snprintf(en->hexes + used, sizeof en->hexes - used, "%s%s", i ? ", " : "",
			r->hexes[i].text ? r->hexes[i].text : "?");
}

/* <exit>: its hexes for its side, each scoring the rule's vp. */
static void read_exit(hex_special *sp, const hex_game *g, const special_rule *r, short e)
{
	special_entry *en = &sp->entries[e];
	hex_list(en, r);
	en->vp = number_or_none(&r->vp) >= 0 ? (int)r->vp.value : 1;
	for (int s = 0; s < GAME_SIDES; s++)
		for (size_t i = 0; en->binds[s] && i < r->hex_count; i++) {
			long h;
			if (hex_on(g, &r->hexes[i], &h))
				sp->cells[(size_t)s * sp->hexes + (size_t)h].exit = e;
		}
}

static void read_crossing(hex_special *sp, const hex_game *g, const special_rule *r, short e)
{
	special_entry *en = &sp->entries[e];
	const char *closes = r->option.text ? r->option.text : "both";
	snprintf(en->closes, sizeof en->closes, "%s", strcmp(closes, "both") == 0 ? "water" : closes);
	hex_list(en, r);
	for (int s = 0; s < GAME_SIDES; s++) {
		if (!en->binds[s])
			continue;
		special_cell *cells = &sp->cells[(size_t)s * sp->hexes];
		for (size_t h = 0; h < sp->hexes; h++)
			if (crossing_closes(closes, g->terrain[h]) && cells[h].closed < 0)
				cells[h].closed = e;
		for (size_t i = 0; i < r->hex_count; i++) {
			long h;
			if (hex_on(g, &r->hexes[i], &h) && crossing_closes(closes, g->terrain[h]))
				cells[h].ford = e;
		}
	}
}

static void read_no_entry(hex_special *sp, const hex_game *g, const special_rule *r, short e)
{
	bool end_only = r->option.text && strcmp(r->option.text, "end") == 0;
	for (int s = 0; s < GAME_SIDES; s++) {
		if (!sp->entries[e].binds[s])
			continue;
		special_cell *cells = &sp->cells[(size_t)s * sp->hexes];
		for (size_t i = 0; i < r->hex_count; i++) {
			long h;
			if (!hex_on(g, &r->hexes[i], &h))
				continue;
			if (end_only && cells[h].no_end < 0)
				cells[h].no_end = e;
			else if (!end_only)
				cells[h].closed = e;
		}
	}
}

static void read_adjust(hex_special *sp, const hex_game *g, const special_rule *r)
{
	if (r->kind != SPECIAL_ADJUST || side_index(g, r->side.text) < 0)
		return;
	special_adjust *a = &sp->adjusts[sp->adjust_count++];
	a->line = r->pos.line;
	a->side = side_index(g, r->side.text);
	a->hand = r->hand.given && r->hand.valid ? (int)r->hand.value : 0;
	a->ground_gain = !(r->ground_gain.text && strcmp(r->ground_gain.text, "false") == 0);
	snprintf(a->unit_type, sizeof a->unit_type, "%s", r->unit_type.text ? r->unit_type.text : "");
	a->dice = r->dice.given && r->dice.valid ? (int)r->dice.value : 0;
}

/* The rules that end a game: sudden-death hexes and the turn limit. */
static void read_ending(hex_special *sp, const hex_game *g, const special_rule *r)
{
	long h;
	if (r->kind == SPECIAL_SUDDEN_DEATH && r->hex_count == 1 && hex_on(g, &r->hexes[0], &h)) {
		special_sudden *d = &sp->sudden[sp->sudden_count++];
		d->line = r->pos.line;
		binds_of(g, r, d->binds);
		d->at = r->hexes[0].cell;
		hex_format(d->at, d->address);
	} else if (r->kind == SPECIAL_TURN_LIMIT && number_or_none(&r->turns) >= 1) {
		sp->limit.line = r->pos.line;
		sp->limit.turns = (int)r->turns.value;
		snprintf(sp->limit.outcome, sizeof sp->limit.outcome, "%s", r->option.text ? r->option.text : "objectives");
	}
}

hex_special *hex_special_create(const scenario *sc, const hex_game *g)
{
	const special_rules *sr = sc->special;
	size_t count = 0;
	for (size_t i = 0; sr && i < sr->count; i++)
		count += enforced(sr->rules[i].kind);
	if (count == 0)
		return NULL;
	hex_special *sp = xcalloc(1, sizeof *sp);
	sp->entries = xcalloc(count, sizeof *sp->entries);
	sp->frozen = xcalloc(count, sizeof *sp->frozen);
	sp->hexes = hex_count(&g->board);
	sp->cells = xmalloc((sp->hexes ? sp->hexes : 1) * GAME_SIDES * sizeof *sp->cells);
	for (size_t i = 0; i < sp->hexes * GAME_SIDES; i++)
		sp->cells[i] = (special_cell){ -1, -1, -1, -1 };
	sp->sudden = xcalloc(count, sizeof *sp->sudden);
	sp->adjusts = xcalloc(count, sizeof *sp->adjusts);
	for (size_t i = 0; i < sr->count; i++) {
		read_ending(sp, g, &sr->rules[i]);
		read_adjust(sp, g, &sr->rules[i]);
	}
	sp->schedules = xcalloc(count, sizeof *sp->schedules);
	for (size_t i = 0; i < sr->count; i++) {
		if (sr->rules[i].kind == SPECIAL_FROZEN)
			read_group(&sp->frozen[sp->frozen_count++], g, &sr->rules[i]);
		else if (sr->rules[i].kind == SPECIAL_SCHEDULE)
			read_group(&sp->schedules[sp->schedule_count++], g, &sr->rules[i]);
	}
	/* No-entry closes a hex whatever a crossing says of it, so the
	 * crossings are read first and no-entry written over them. */
	static const special_kind passes[] = { SPECIAL_CROSSING, SPECIAL_NO_ENTRY, SPECIAL_EXIT };
	for (int pass = 0; pass < 3; pass++)
		for (size_t i = 0; i < sr->count; i++) {
			const special_rule *r = &sr->rules[i];
			if (r->kind != passes[pass])
				continue;
			short e = (short)sp->entry_count++;
			special_entry *en = &sp->entries[e];
			en->kind = r->kind;
			en->line = r->pos.line;
			binds_of(g, r, en->binds);
			if (r->kind == SPECIAL_CROSSING)
				read_crossing(sp, g, r, e);
			else if (r->kind == SPECIAL_NO_ENTRY)
				read_no_entry(sp, g, r, e);
			else
				read_exit(sp, g, r, e);
		}
	/* A ford of any crossing of the side opens the hex: a side crosses
	 * where one of its crossings says it may. */
	for (size_t i = 0; i < sp->hexes * GAME_SIDES; i++)
		if (sp->cells[i].ford >= 0 && sp->cells[i].closed >= 0 &&
			sp->entries[sp->cells[i].closed].kind == SPECIAL_CROSSING)
			sp->cells[i].closed = -1;
	return sp;
}

static special_group *groups_copy(const special_group *from, size_t n)
{
	special_group *to = xcalloc(n + 1, sizeof *to);
	for (size_t i = 0; i < n; i++) {
		to[i] = from[i];
		to[i].units = xcalloc((size_t)from[i].unit_count + 1, sizeof *to[i].units);
		memcpy(to[i].units, from[i].units, (size_t)from[i].unit_count * sizeof *to[i].units);
	}
	return to;
}

static void groups_free(special_group *groups, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(groups[i].units);
	free(groups);
}

hex_special *hex_special_clone(const hex_special *sp)
{
	if (!sp)
		return NULL;
	hex_special *c = xmalloc(sizeof *c);
	*c = *sp;
	c->entries = xmalloc(sp->entry_count * sizeof *c->entries);
	memcpy(c->entries, sp->entries, sp->entry_count * sizeof *c->entries);
	size_t n = (sp->hexes ? sp->hexes : 1) * GAME_SIDES;
	c->cells = xmalloc(n * sizeof *c->cells);
	memcpy(c->cells, sp->cells, n * sizeof *c->cells);
	c->adjusts = xmalloc((sp->adjust_count + 1) * sizeof *c->adjusts);
	memcpy(c->adjusts, sp->adjusts, sp->adjust_count * sizeof *c->adjusts);
	c->sudden = xmalloc((sp->sudden_count + 1) * sizeof *c->sudden);
	memcpy(c->sudden, sp->sudden, sp->sudden_count * sizeof *c->sudden);
	c->frozen = groups_copy(sp->frozen, sp->frozen_count);
	c->schedules = groups_copy(sp->schedules, sp->schedule_count);
	return c;
}

void hex_special_destroy(hex_special *sp)
{
	if (!sp)
		return;
	free(sp->entries);
	free(sp->cells);
	groups_free(sp->frozen, sp->frozen_count);
	groups_free(sp->schedules, sp->schedule_count);
	free(sp->sudden);
	free(sp->adjusts);
	free(sp);
}

/* The refusal of rule `e` for `side` at h; the rule id is the element's
 * name, the scenario line says where the player reads it. */
static void refuse(const hex_game *g, const special_entry *en, int side, hex_coord h, bool closed, rules_error *why)
{
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
 * Turn and flags only grow; an enemy near is judged as the board stands. */
static bool released(const hex_game *g, const special_group *f)
{
	if (f->side < 0)
		return true;
	if (f->turn >= 0 && side_turn(g, f->side) >= f->turn)
		return true;
	if (f->flags >= 0 && f->flags_side >= 0 && g->sides[f->flags_side].flags >= f->flags)
		return true;
	return f->enemy_within >= 0 && enemy_near(g, f);
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

bool hex_special_frozen(const hex_game *g, int unit, rules_error *why)
{
	const hex_special *sp = g->special;
	for (size_t i = 0; sp && i < sp->frozen_count; i++) {
		const special_group *f = &sp->frozen[i];
		for (int k = 0; k < f->unit_count; k++) {
			if (f->units[k] != unit || released(g, f))
				continue;
			if (rules_quiet()) {
				rules_fail(why, NULL, "%s", "");
				return true;
			}
			char until[320];
			release_words(g, f, until, sizeof until);
			rules_fail(why, special_kind_name(SPECIAL_FROZEN), "unit '%s' is frozen until %s, by the scenario's "
				"special rule on line %d: it takes no order, and neither moves nor battles", g->units[unit].id, until,
				f->line);
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
			hex_special_step_at(g, side, u->at, &v);
			const rs_terrain *t = hex_game_terrain(g, u->at);
			/* A hex taken (or closed) now: the unit waits for a later
			 * turn of its side on which it is free. */
			if (!u->scheduled || hex_game_occupied(g, u->at) || v.closed || (t && !t->passable && !v.ford))
				continue;
			hex_game_arrive(g, f->units[k], u->at);
			arrived++;
		}
	}
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

void hex_special_adjust_hands(hex_game *g)
{
	const hex_special *sp = g->special;
	for (size_t i = 0; sp && i < sp->adjust_count; i++) {
		const special_adjust *a = &sp->adjusts[i];
		if (a->hand == 0)
			continue;
		g->sides[a->side].hand_size += a->hand;
		if (g->sides[a->side].hand_size < 1)
			g->sides[a->side].hand_size = 1;   /* at least one card stays */
	}
}

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

int hex_special_dice(const hex_game *g, const hex_unit *u, int *line)
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
