#include "hex_auto.h"

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "cards.h"
#include "dice.h"
#include "moves.h"
#include "orders.h"
#include "retreat.h"

enum { STAGE_ORDERS, STAGE_MOVES, STAGE_BATTLES, STAGE_DRAW };

void autoplay_init(autoplay *ap)
{
	memset(ap, 0, sizeof *ap);
	ap->turn = -1;
	ap->last_unit = -1;
}

static void set_subject(gl_action *a, gl_kind kind, const char *subject)
{
	a->kind = kind;
	a->subject = xstrdup(subject);
}

/* Where a side's enemies stand, units (then generals, when battles are
 * weighed), gathered once for a decision that asks the distance to the
 * nearest unit of them for many hexes (every unit to order, every hex a
 * unit may reach) or weighs the battles of many units: read from the
 * game when asked, so nothing to invalidate. */
enum { ENEMY_ROOM = 192 };

typedef struct enemies {
	hex_coord *at;
	int *who;         /* the unit's or the general's index */
	size_t units;     /* the first `units` are units, the others generals */
	size_t count;
	hex_coord room[ENEMY_ROOM];
	int who_room[ENEMY_ROOM];
} enemies;

static void enemies_init(enemies *e, const hex_game *g, int side)
{
	size_t figures = g->unit_count + g->general_count;
	bool fit = figures <= ENEMY_ROOM;
	e->at = fit ? e->room : xmalloc(figures * sizeof *e->at);
	e->who = fit ? e->who_room : xmalloc(figures * sizeof *e->who);
	e->count = 0;
	for (size_t i = 0; i < g->unit_count; i++)
		if (g->units[i].alive && g->units[i].side != side) {
			e->who[e->count] = (int)i;
			e->at[e->count++] = g->units[i].at;
		}
	e->units = e->count;
}

/* The enemy generals after the units, for the battles weighed. */
static void enemies_add_generals(enemies *e, const hex_game *g, int side)
{
	for (size_t i = 0; i < g->general_count; i++)
		if (g->generals[i].alive && g->generals[i].side != side) {
			e->who[e->count] = (int)i;
			e->at[e->count++] = g->generals[i].at;
		}
}

static void enemies_finish(enemies *e)
{
	if (e->at != e->room) {
		free(e->at);
		free(e->who);
	}
	e->at = NULL;
	e->who = NULL;
}

/* Hexes from `from` to the nearest enemy unit; INT_MAX when none. */
static int enemies_nearest(const enemies *e, hex_coord from)
{
	int best = INT_MAX;
	for (size_t i = 0; i < e->units; i++) {
		int d = hex_distance(from, e->at[i]);
		if (d < best)
			best = d;
	}
	return best;
}

/* The living units of a side, in unit order, read once for a decision
 * that asks every card of a hand about each of them. */
typedef struct own_units {
	int *of;
	size_t count;
	int room[ENEMY_ROOM];
} own_units;

static void own_units_init(own_units *o, const hex_game *g, int side)
{
	o->of = g->unit_count <= ENEMY_ROOM ? o->room : xmalloc(g->unit_count * sizeof *o->of);
	o->count = 0;
	for (size_t i = 0; i < g->unit_count; i++)
		if (g->units[i].alive && g->units[i].side == side)
			o->of[o->count++] = (int)i;
}

static void own_units_finish(own_units *o)
{
	if (o->of != o->room)
		free(o->of);
	o->of = NULL;
}

/* Whether orders_add could order unit `unit` on top of the orders `s`
 * given so far: a card gives `limit` orders, one a group (orders.h), so
 * once they are all given only a unit whose group has one comes along,
 * and the others are not asked. */
static bool may_order(const hex_game *g, int side, const order_card *oc, order_set *s, int unit)
{
	hex_ref ref = { REF_UNIT, unit };
	if (oc->limit >= 0 && s->count >= oc->limit) {
		int key = orders_key(g, oc, ref);
		int k = 0;
		while (k < s->count && s->keys[k] != key)
			k++;
		if (k == s->count)
			return false;
	}
	rules_error why;   /* why not: the auto player only needs yes or no */
	return orders_add(g, side, oc, s, ref, &why);
}

/* Units the card could order now, counted on a scratch copy of the
 * orders given. */
static int card_score(const hex_game *g, int side, const own_units *own, const order_card *oc)
{
	if (oc->kind == ORDER_UNREFEREED)
		return 0;
	order_set s;
	order_set_init(&s, g);
	int n = 0;
	for (size_t i = 0; i < own->count; i++)
		n += may_order(g, side, oc, &s, own->of[i]);
	order_set_finish(&s);
	return n;
}

/* The orders of a card, weighed (card_usable) once a decision: two
 * copies of a card in a hand give the same orders. */
typedef struct card_worth {
	order_card oc;
	bool usable;
	int units;
} card_worth;

/* The sections a section card has someone to order in
 * (orders_sections_usable): the same for every section it may be played
 * in, so asked once a decision for all of them. */
typedef struct card_sections {
	int card;
	order_kind kind;
	unsigned types;
	unsigned sections;
} card_sections;

enum { CARD_WORTH_ROOM = 32 };

typedef struct card_worths {
	own_units own;
	card_worth of[CARD_WORTH_ROOM];
	int count;
	card_sections sections[CARD_WORTH_ROOM];
	int sections_count;
} card_worths;

static bool by_section(const order_card *oc)
{
	return oc->kind == ORDER_SECTION || oc->kind == ORDER_SECTION_TYPE;
}

/* Whether orders_sections_usable gives a card the answer it gave the
 * card of `c`: what it looks at of the orders is their kind and the
 * types they order, never the section played nor the number of units,
 * and the card itself only for its list of types when they are unread
 * (ORDER_TYPES_UNREAD).  So every section card of a hand that names no
 * types asks one question. */
static bool same_sections_question(const card_sections *c, const order_card *oc)
{
	return c->kind == oc->kind && c->types == oc->types && (oc->types != ORDER_TYPES_UNREAD || c->card == oc->card);
}

/* orders_sections_usable, asked once of the same question within one
 * decision (same_sections_question). */
static unsigned card_sections_once(const hex_game *g, int side, const order_card *oc, card_worths *w)
{
	for (int i = 0; i < w->sections_count; i++)
		if (same_sections_question(&w->sections[i], oc))
			return w->sections[i].sections;
	unsigned sections = orders_sections_usable(g, side, oc);
	if (w->sections_count < CARD_WORTH_ROOM)
		w->sections[w->sections_count++] = (card_sections){ oc->card, oc->kind, oc->types, sections };
	return sections;
}

/* Whether the card can order anything of the side's, and the units it
 * would order (card_score) in *units.  A card that orders a unit is
 * usable, so the units are counted first and the usable question is
 * asked only when they are none, unless the card is one of a section
 * and this game's section cards have often ordered none (units yet to
 * arrive or frozen, as at brandy-station): then usable first.  Either
 * way the same answer; only its cost differs.  A section card is usable
 * where the sections found for its card hold its section. */
static bool card_usable(const hex_game *g, int side, const order_card *oc, autoplay *ap, card_worths *w, int *units)
{
	bool section = by_section(oc);
	bool usable;
	if (!section || ap->section_idle * 4 <= ap->section_used) {
		*units = card_score(g, side, &w->own, oc);
		usable = *units > 0 || (section ? (card_sections_once(g, side, oc, w) & oc->section) != 0 :
			orders_card_usable(g, side, oc));
	} else {
		usable = (card_sections_once(g, side, oc, w) & oc->section) != 0;
		*units = usable ? card_score(g, side, &w->own, oc) : 0;
	}
	if (section)
		*(usable ? &ap->section_used : &ap->section_idle) += 1;
	return usable;
}

static bool same_orders(const order_card *a, const order_card *b)
{
	return a->played.card == b->played.card && a->played.flank == b->played.flank && a->card == b->card &&
		a->kind == b->kind && a->section == b->section && a->limit == b->limit && a->copied == b->copied;
}

/* card_usable, asked once of the same orders within one decision (the
 * game does not change while a card is chosen). */
static bool card_usable_once(const hex_game *g, int side, const order_card *oc, autoplay *ap, card_worths *w,
	int *units)
{
	for (int i = 0; i < w->count; i++)
		if (same_orders(&w->of[i].oc, oc)) {
			*units = w->of[i].units;
			return w->of[i].usable;
		}
	bool usable = card_usable(g, side, oc, ap, w, units);
	if (w->count < CARD_WORTH_ROOM)
		w->of[w->count++] = (card_worth){ *oc, usable, *units };
	return usable;
}

/* Rows between a hex and a side's home row. */
static int rows_to(const hex_game *g, int side, hex_coord at)
{
	int step = hex_game_home_step(g, side);
	int n = 0;
	while (!hex_game_on_home_row(g, side, at) && hex_game_on_board(g, at) && n < 64) {
		at.row += step;
		n++;
	}
	return n;
}

/* §8.1 short-supply: the enemy unit nearest our own home row (the most
 * dangerous), among those that can fall back at least one row; -1 when
 * none.  *gain: the rows it would fall back. */
static int fall_back_target(const referee *r, int *gain)
{
	const hex_game *g = r->g;
	int side = r->side;
	int best = -1, best_rows = INT_MAX;
	*gain = 0;
	for (size_t i = 0; i < g->unit_count; i++) {
		const hex_unit *u = &g->units[i];
		if (!u->alive || u->side == side || rows_to(g, u->side, u->at) == 0)
			continue;
		int rows = rows_to(g, side, u->at);
		if (rows < best_rows) {
			best_rows = rows;
			best = (int)i;
		}
	}
	if (best >= 0)
		*gain = rows_to(g, g->units[best].side, g->units[best].at);
	return best;
}

/* §8.1 reinforcements: a unit that arrives stays for the rest of the game,
 * so each one the dice may bring is worth three units ordered for a turn:
 * the chance of a serving face per die (the die's faces, the card's face
 * table, the reserve types that have a free hex to land on) times the
 * dice, at most the reserves waiting.  Never nothing while reserves wait
 * (the referee lets no such side discard); 0 with none left. */
static int reinforce_score(const referee *r)
{
	const hex_game *g = r->g;
	if (hex_game_reserves_left(g, r->side) == 0)
		return 0;
	const rs_card *card = cards_find(g, RS_EFFECT_REINFORCE);
	if (!card)
		return 0;
	int can = 0;
	for (size_t i = 0; i < g->unit_count; i++) {
		hex_coord at[2];
		if (g->units[i].reserve && g->units[i].side == r->side &&
			hex_game_landing(g, (int)i, card->entry_home_row, at) > 0)
			can++;
	}
	int serving = 0, total = 0;
	for (size_t f = 0; f < g->rs->face_count; f++) {
		total += g->rs->faces[f].count;
		for (size_t k = 0; k < card->face_count && can > 0; k++) {
			if (card->faces[k].face_index != (int)f)
				continue;
			const rs_unit_type *type = card->faces[k].type;   /* NULL: any */
			for (size_t i = 0; i < g->unit_count; i++) {
				hex_coord at[2];
				const hex_unit *u = &g->units[i];
				if (u->reserve && u->side == r->side && (!type || u->type == type) &&
					hex_game_landing(g, (int)i, card->entry_home_row, at) > 0) {
					serving += g->rs->faces[f].count;
					break;
				}
			}
		}
	}
	int per = card->per_face > 0 ? card->per_face : 1;
	/* Expected arrivals, in twelfths of a unit ordered for a turn (4). */
	int expected = total > 0 ? 12 * card->dice * per * serving / total : 0;
	if (expected > 12 * can)
		expected = 12 * can;
	return 1 + expected;
}

/* The roll of reinforcements still brings a unit: the first that may
 * come (the referee gives each its own type's face first, so the order
 * loses none); it lands where the referee puts it. */
static bool choose_arrival(const referee *r, gl_action *a)
{
	const hex_game *g = r->g;
	for (size_t i = 0; i < g->unit_count; i++)
		if (referee_may_arrive(r, (int)i)) {
			set_subject(a, ACT_ARRIVE, g->units[i].id);
			return true;
		}
	return false;
}

/* The hexes a figure may end its move on (moves_reach): the steps on
 * the stack for the boards the scenarios use, as a player asks them of
 * every unit it may move, and visited only until the last of them. */
enum { REACH_ROOM = 1024 };

typedef struct reach {
	int *steps;       /* least steps by hex_index; -1 where it may not end */
	size_t hexes;     /* the board's */
	size_t next;      /* the next hex reach_next looks at */
	int left;         /* hexes it may end on not yet visited */
	int room[REACH_ROOM];
} reach;

static void reach_init(reach *m, const hex_game *g, hex_ref who, const move_options *o)
{
	m->hexes = hex_count(&g->board);
	m->steps = m->hexes <= REACH_ROOM ? m->room : xmalloc(m->hexes * sizeof *m->steps);
	m->left = moves_reach(g, who, o, m->steps);
	/* A move of k hexes ends at most k rows away: the rows above the
	 * figure's allowance hold none of them. */
	int allowance = o->max_hexes >= 0 ? o->max_hexes : moves_max(g, who);
	int first = hex_game_ref_at(g, who).row - allowance;
	m->next = first > 0 && first < g->board.rows ? (size_t)hex_index(&g->board, (hex_coord){ 0, first }) : 0;
}

/* The next hex it may end on, in index order, into *index; false after
 * the last. */
static bool reach_next(reach *m, size_t *index)
{
	for (; m->left > 0 && m->next < m->hexes; m->next++)
		if (m->steps[m->next] >= 0) {
			m->left--;
			*index = m->next++;
			return true;
		}
	return false;
}

static void reach_finish(reach *m)
{
	if (m->steps != m->room)
		free(m->steps);
	m->steps = NULL;
}

/* Whether a unit may still battle after a move of each length
 * (moves_battle_after), asked once a length for all the hexes of its
 * reach: a question of the unit and the length only. */
enum { BATTLE_AFTER_ROOM = 16 };

typedef struct battle_after {
	int unit;
	signed char known[BATTLE_AFTER_ROOM];   /* -1: not asked yet */
} battle_after;

static void battle_after_init(battle_after *b, int unit)
{
	b->unit = unit;
	memset(b->known, -1, sizeof b->known);
}

static bool battle_after_move(const hex_game *g, battle_after *b, int hexes)
{
	if (hexes < 0 || hexes >= BATTLE_AFTER_ROOM)
		return moves_battle_after(g, b->unit, hexes);
	if (b->known[hexes] < 0)
		b->known[hexes] = moves_battle_after(g, b->unit, hexes);
	return b->known[hexes];
}

/* Generals on the stack for a sharpshooter's shots: more are allocated. */
enum { SHARP_GENERAL_ROOM = 64 };

/* The generals whose extra die is spent this turn (none before a card is
 * played), into `room` when they fit; free the answer when it is not
 * `room`. */
static bool *sharp_spent(const referee *r, bool *room)
{
	const hex_game *g = r->g;
	bool *spent = g->general_count + 1 <= SHARP_GENERAL_ROOM ? room : xmalloc(g->general_count + 1);
	for (size_t i = 0; i <= g->general_count; i++)
		spent[i] = i < g->general_count && r->has_current && r->gt[i].spent;
	return spent;
}

/* The best shot of a sharpshooter (cards_sharp_shooter) from where it
 * stands, by dice, at an enemy general within `range` (the unit's:
 * beyond it no dice, and the dear answer is not asked); 0 or the dice,
 * the general in *target. */
static int sharp_shot(const hex_game *g, const rs_card *c, int unit, int range, const bool *spent, hex_ref *target)
{
	const hex_unit *u = &g->units[unit];
	int best = 0;
	for (size_t i = 0; i < g->general_count; i++) {
		if (!g->generals[i].alive || g->generals[i].side == u->side || hex_distance(u->at, g->generals[i].at) > range)
			continue;
		dice_answer d;
		dice_sharpshot(g, unit, (int)i, c->hits_attached, spent, &d);
		if (d.allowed && d.dice > best) {
			best = d.dice;
			*target = (hex_ref){ REF_GENERAL, (int)i };
		}
	}
	return best;
}

/* §8.1 sharpshooter: the best shot of unit `unit` at an enemy general
 * from where it stands, by dice; 0 (no shot) or the dice, the general in
 * *target. */
static int sharp_target(const referee *r, const rs_card *c, int unit, hex_ref *target)
{
	const hex_game *g = r->g;
	if (!cards_sharp_shooter(g, c, unit))
		return 0;
	bool room[SHARP_GENERAL_ROOM];
	bool *spent = sharp_spent(r, room);
	int best = sharp_shot(g, c, unit, dice_range(&g->units[unit]), spent, target);
	if (spent != room)
		free(spent);
	return best;
}

/* Whether an enemy general of `side`'s stands within `within` of h. */
static bool general_near(const hex_game *g, int side, hex_coord h, int within)
{
	for (size_t k = 0; k < g->general_count; k++)
		if (g->generals[k].alive && g->generals[k].side != side && hex_distance(h, g->generals[k].at) <= within)
			return true;
	return false;
}

/* The best shot from a hex the unit may move to and still battle from
 * (*to), for a unit that has none from where it stands; 0 when none.
 * The figures are put back.  A move of k hexes ends at most k away: a
 * unit with no enemy general within its allowance and its range has no
 * hex to shoot from, and its reach is not asked. */
static int sharp_moved(referee *r, const rs_card *c, int unit, int range, const bool *spent, hex_coord *to,
	hex_ref *target)
{
	hex_game *g = r->g;
	const hex_unit *u = &g->units[unit];
	hex_coord home = u->at;
	int best = 0;
	hex_ref me = { REF_UNIT, unit };
	int gen = hex_game_unit_general(g, unit);
	move_options o = { gen >= 0 && !(r->has_current && r->gt[gen].moved) && !hex_game_general_stays(g, gen), -1 };
	if (!general_near(g, u->side, home, range + moves_max(g, me)))
		return 0;
	reach m;
	reach_init(&m, g, me, &o);
	battle_after after;
	battle_after_init(&after, unit);
	size_t i;
	while (reach_next(&m, &i)) {
		if (m.steps[i] <= 0 || !battle_after_move(g, &after, m.steps[i]))
			continue;
		hex_coord h = hex_from_index(&g->board, i);
		const rs_terrain *ter = hex_game_terrain(g, h);
		if (ter && ter->no_battle_on_entry)
			continue;
		if (!general_near(g, u->side, h, range))
			continue;
		hex_ref t;
		hex_game_place(g, me, h);
		if (o.with_general)
			hex_game_place(g, (hex_ref){ REF_GENERAL, gen }, h);
		int d = sharp_shot(g, c, unit, range, spent, &t);
		hex_game_place(g, me, home);
		if (o.with_general)
			hex_game_place(g, (hex_ref){ REF_GENERAL, gen }, home);
		if (d > best) {
			best = d;
			*to = h;
			*target = t;
		}
	}
	reach_finish(&m);
	return best;
}

/* The best shot of a unit at a general from where it stands, else from
 * a hex it may move to and still battle from (*to; brigade members keep
 * their places, as in choose_move). */
static int sharp_reach(referee *r, const rs_card *c, int unit, hex_coord *to, hex_ref *target)
{
	hex_game *g = r->g;
	const hex_unit *u = &g->units[unit];
	*to = u->at;
	if (!cards_sharp_shooter(g, c, unit))
		return 0;
	int range = dice_range(u);   /* the unit's own: the same on every hex, read once */
	bool room[SHARP_GENERAL_ROOM];
	bool *spent = sharp_spent(r, room);
	int best = sharp_shot(g, c, unit, range, spent, target);
	if (best == 0 && !(u->brigade >= 0 && g->brigades[u->brigade].alive))
		best = sharp_moved(r, c, unit, range, spent, to, target);
	if (spent != room)
		free(spent);
	return best;
}

/* The side's unit with the best sharpshooter shot, where it stands or
 * after a move; -1 when none. */
static int sharp_shooter(referee *r, int side, const rs_card *c, int *dice)
{
	const hex_game *g = r->g;
	int best = -1;
	*dice = 0;
	for (size_t i = 0; i < g->unit_count; i++) {
		hex_ref t;
		hex_coord to;
		if (g->units[i].side != side || !g->units[i].alive)
			continue;
		int d = sharp_reach(r, c, (int)i, &to, &t);
		if (d > *dice) {
			*dice = d;
			best = (int)i;
		}
	}
	return best;
}

/* §8.1 rally: figures the side's units could take back, at most the dice
 * the card would roll. */
static int rally_worth(const referee *r, int side, const rs_card *c)
{
	const hex_game *g = r->g;
	int room = 0;
	for (size_t i = 0; i < g->unit_count; i++)
		if (g->units[i].side == side)
			room += cards_rally_room(g, c, (int)i);
	int dice = cards_rally_dice(c, r->hands[side].count - 1);
	return room < dice ? room : dice;
}

/* The sections a card may be played on (orders_from_card's chosen
 * flank): a section-type card names one, any other card none, and the
 * refusals of the others are not asked for. */
static int card_flanks(const hex_game *g, deck_card c)
{
	return g->rs->deck.cards[c.card].order == RS_ORDER_SECTION_TYPE ? hex_game_section_count(g) : 0;
}

static bool choose_card(referee *r, autoplay *ap, rng *rnd, gl_action *a)
{
	hex_game *g = r->g;
	int side = r->side;
	const referee_hand *h = &r->hands[side];
	const order_card *last = r->has_last[1 - side] ? &r->last_played[1 - side] : NULL;
	int best = 0, best_card = -1, best_flank = -1;
	rules_error why;   /* why not: the auto player only needs yes or no */
	card_worths worths;   /* only the counts: the rest is written as it is filled */
	worths.count = worths.sections_count = 0;
	own_units_init(&worths.own, g, side);
	for (int i = 0; i < h->count; i++) {
		int flanks = card_flanks(g, h->cards[i]);
		for (int flank = -1; flank < flanks; flank++) {
			order_card oc;
			if (!orders_from_card(g, side, h->cards[i], flank, last, &oc, &why))
				continue;
			int score;
			if (oc.kind == ORDER_UNREFEREED && cards_is(g, oc.card, RS_EFFECT_REINFORCE)) {
				if (flank >= 0 || (score = reinforce_score(r)) <= 0)
					continue;
				score += (int)rng_below(rnd, 4);
			} else if (oc.kind == ORDER_UNREFEREED && cards_is(g, oc.card, RS_EFFECT_FALL_BACK)) {
				/* Short supply: worth as much as ordering a unit per
				 * two rows the most advanced enemy must fall back. */
				if (flank >= 0)
					continue;
				int gain = 0;
				fall_back_target(r, &gain);
				score = 1 + gain * 2 + (int)rng_below(rnd, 4);
			} else if (oc.kind == ORDER_SHARPSHOOTER) {
				/* A general in reach of an infantry unit: about as
				 * good as ordering a unit per die.  Else only the last
				 * choice, where a side may not discard by choice. */
				int dice = 0;
				if (!orders_card_usable(g, side, &oc))
					continue;
				sharp_shooter(r, side, &g->rs->deck.cards[oc.card], &dice);
				if (dice > 0)
					score = 5 + dice * 3 + (int)rng_below(rnd, 4);
				else if (!g->rs->deck.discard_by_choice)
					score = 1;
				else
					continue;
			} else if (oc.kind == ORDER_UNREFEREED && cards_is(g, oc.card, RS_EFFECT_RALLY)) {
				/* Rally: when units have lost figures. */
				if (flank >= 0)
					continue;
				int worth = rally_worth(r, side, &g->rs->deck.cards[oc.card]);
				if (worth <= 0)
					continue;
				score = 1 + worth * 3 + (int)rng_below(rnd, 4);
			} else if (oc.kind == ORDER_UNREFEREED) {
				continue;
			} else {
				/* Usable (if only by generals) beats discarding. */
				int units;
				if (!card_usable_once(g, side, &oc, ap, &worths, &units))
					continue;
				score = 1 + units * 4 + (int)rng_below(rnd, 4);
			}
			if (score > best) {
				best = score;
				best_card = i;
				best_flank = flank;
			}
		}
	}
	own_units_finish(&worths.own);
	char name[80];
	a->side = xstrdup(g->sides[side].id);
	if (best_card < 0) {
		/* Nothing to order: discard (a random card). */
		int k = h->count ? (int)rng_below(rnd, (uint32_t)h->count) : 0;
		a->kind = ACT_DISCARD;
		a->card = xstrdup(h->count ? deck_format(g->rs, h->cards[k], name, sizeof name) : "?");
		return true;
	}
	a->kind = ACT_PLAY;
	a->card = xstrdup(deck_format(g->rs, h->cards[best_card], name, sizeof name));
	if (best_flank >= 0) {
		a->section = xstrdup(g->rs->sections[best_flank].id);
	}
	return true;
}

typedef struct ranked {
	int unit;
	int distance;
} ranked;

/* Nearest first, in unit order among equals: an insertion sort, as the
 * list comes in unit order and is short (a side's units). */
static void rank_by_distance(ranked *list, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		ranked x = list[i];
		size_t k = i;
		for (; k > 0 && list[k - 1].distance > x.distance; k--)
			list[k] = list[k - 1];
		list[k] = x;
	}
}

static bool choose_orders(referee *r, gl_action *a)
{
	hex_game *g = r->g;
	int side = r->side;
	if (r->target_owed) {
		int gain = 0;
		int t = fall_back_target(r, &gain);
		/* Every enemy on its home row: any enemy unit will do. */
		for (size_t i = 0; t < 0 && i < g->unit_count; i++)
			if (g->units[i].alive && g->units[i].side != side)
				t = (int)i;
		if (t < 0)
			return false;
		a->kind = ACT_ORDER;
		a->words = xcalloc(2, sizeof *a->words);
		a->words[a->word_count++] = xstrdup(g->units[t].id);
		return true;
	}
	if (r->current.kind == ORDER_SHARPSHOOTER) {
		int dice;
		int t = sharp_shooter(r, side, &g->rs->deck.cards[r->current.card], &dice);
		if (t >= 0) {
			a->kind = ACT_ORDER;
			a->words = xcalloc(2, sizeof *a->words);
			a->words[a->word_count++] = xstrdup(g->units[t].id);
			return true;
		}
	}
	ranked room[ENEMY_ROOM];   /* a side's units, on the stack for the bundled scenarios */
	ranked *list = g->unit_count <= ENEMY_ROOM ? room : xmalloc(g->unit_count * sizeof *list);
	size_t n = 0;
	enemies foes;
	enemies_init(&foes, g, side);
	for (size_t i = 0; i < g->unit_count; i++)
		if (g->units[i].alive && g->units[i].side == side) {
			list[n].unit = (int)i;
			list[n].distance = enemies_nearest(&foes, g->units[i].at);
			n++;
		}
	enemies_finish(&foes);
	rank_by_distance(list, n);
	order_set s;
	order_set_init(&s, g);
	order_set_assign(&s, &r->orders);
	a->kind = ACT_ORDER;
	a->words = xcalloc(n + 1, sizeof *a->words);
	for (size_t i = 0; i < n; i++)
		if (may_order(g, side, &r->current, &s, list[i].unit))
			a->words[a->word_count++] = xstrdup(g->units[list[i].unit].id);
	order_set_finish(&s);
	if (list != room)
		free(list);
	return a->word_count > 0;
}

/* A battle a unit could fight, weighed before its line of sight: the
 * unsighted answer without its reasons (quiet mode writes none), which is
 * all dice_sight_clear reads of it. */
typedef struct battle_option {
	hex_ref target;
	hex_coord at;
	int score;
	unsigned char answer[offsetof(dice_answer, reasons)];
} battle_option;

/* Options on the stack for every unit and general of the bundled
 * scenarios, on the heap for a bigger board. */
enum { BATTLE_OPTION_ROOM = 128 };

/* The battle of `unit` against `t` at `at`, weighed without the line of
 * sight, into *out: 1, or 0 when it is not allowed or scores nothing
 * (most dice, then the weakest). */
static size_t battle_option_at(const hex_game *g, dice_attacker *attacker, hex_ref t, hex_coord at,
	battle_option *out)
{
	dice_answer d;
	dice_battle_unsighted_from(g, attacker, at, t, &d);
	/* Weakened targets first, among equal dice. */
	int score = d.dice * 16 - (t.kind == REF_UNIT ? g->units[t.index].figures : 0);
	if (!d.allowed || score <= 0)
		return 0;
	out->target = t;
	out->at = at;
	out->score = score;
	memcpy(out->answer, &d, sizeof out->answer);
	return 1;
}

/* What the moves and battles a side weighs in one decision read alike:
 * its enemies and the generals whose extra die is spent, each gathered
 * when first asked; nothing moves while the decision is made. */
typedef struct battle_view {
	bool has_foes;
	bool has_spent;   /* and the enemy generals */
	enemies foes;
	referee_spent spent;
} battle_view;

static const enemies *battle_foes(battle_view *v, const referee *r)
{
	if (!v->has_foes)
		enemies_init(&v->foes, r->g, r->side);
	v->has_foes = true;
	return &v->foes;
}

static const battle_view *battle_view_of(battle_view *v, const referee *r)
{
	battle_foes(v, r);
	if (!v->has_spent) {
		enemies_add_generals(&v->foes, r->g, r->side);
		referee_spent_init(&v->spent, r);
	}
	v->has_spent = true;
	return v;
}

static void battle_view_finish(battle_view *v)
{
	if (v->has_foes)
		enemies_finish(&v->foes);
	if (v->has_spent)
		referee_spent_finish(&v->spent);
	v->has_foes = v->has_spent = false;
}

/* The enemies, units then generals, in the unit's range it may battle if
 * the line is clear, into `out` (room for every unit and general);
 * returns their count. */
static size_t battle_options(const hex_game *g, int unit, const battle_view *v, battle_option *out)
{
	const hex_unit *u = &g->units[unit];
	int range = dice_range(u);   /* read once: the rules' conditions make it dear */
	const enemies *e = &v->foes;
	/* What the dice owe to the unit, read once for all its targets. */
	dice_attacker attacker;
	bool prepared = false;
	size_t n = 0;
	for (size_t i = 0; i < e->count; i++) {
		if (hex_distance(u->at, e->at[i]) > range)
			continue;
		if (!prepared)
			dice_attacker_init(g, unit, v->spent.of, &attacker);
		prepared = true;
		n += battle_option_at(g, &attacker, (hex_ref){ i < e->units ? REF_UNIT : REF_GENERAL, e->who[i] }, e->at[i],
			&out[n]);
	}
	return n;
}

/* The best battle of a unit of the side to play from where it stands:
 * most dice, the first enemy among equals; 0 when none (callers ask only
 * whether there is one).  The line of sight, dearest, is asked from the
 * best option down and only until one is clear.  `v`: the decision's
 * view of the battles, filled when first needed. */
static int best_target(referee *r, int unit, battle_view *v, hex_ref *target)
{
	hex_game *g = r->g;
	/* A sharpshooter shoots at a general only. */
	if (r->has_current && r->current.kind == ORDER_SHARPSHOOTER)
		return sharp_target(r, &g->rs->deck.cards[r->current.card], unit, target) * 16;
	size_t room = g->unit_count + g->general_count;
	battle_option local[BATTLE_OPTION_ROOM];
	battle_option *options = room <= BATTLE_OPTION_ROOM ? local : xmalloc(room * sizeof *options);
	size_t n = battle_options(g, unit, battle_view_of(v, r), options);
	int best = 0;
	while (n > 0 && best == 0) {
		size_t top = 0;
		for (size_t i = 1; i < n; i++)
			if (options[i].score > options[top].score)
				top = i;
		dice_answer d;
		memcpy(&d, options[top].answer, sizeof options[top].answer);
		if (dice_sight_clear(g, unit, options[top].at, &d)) {
			best = options[top].score;
			*target = options[top].target;
		}
		/* Taken out, the others keeping their order. */
		memmove(&options[top], &options[top + 1], (n - top - 1) * sizeof *options);
		n--;
	}
	if (options != local)
		free(options);
	return best;
}

/* choose_move for a unit that may move: toward the nearest of `foes`
 * where it can still battle, unless it has a battle where it stands.
 * *a is written only when it moves. */
static bool choose_move_from(referee *r, int unit, battle_view *v, gl_action *a)
{
	const enemies *foes = battle_foes(v, r);
	hex_game *g = r->g;
	const hex_unit *u = &g->units[unit];
	hex_ref target;
	int here = enemies_nearest(foes, u->at);
	/* A sharpshooter with a general in its sights stays to shoot, else
	 * goes where it has him in its sights. */
	if (r->current.kind == ORDER_SHARPSHOOTER) {
		if (best_target(r, unit, v, &target) > 0)
			return false;
		hex_coord to;
		if (sharp_reach(r, &g->rs->deck.cards[r->current.card], unit, &to, &target) > 0) {
			set_subject(a, ACT_MOVE, u->id);
			a->hexes = xcalloc(1, sizeof *a->hexes);
			a->hexes[0] = to;
			a->hex_count = 1;
			a->alone = hex_game_general_stays(g, hex_game_unit_general(g, unit));
			return true;
		}
	}
	/* Beside an enemy no hex it may end on is nearer one (below): it
	 * stays, to battle or not, and its battle need not be weighed. */
	if (here <= 1)
		return false;
	/* A unit that has a battle stays when moving would cost it the
	 * battle: the cheap test first, the battle (the dearest question)
	 * only then. */
	battle_after after;
	battle_after_init(&after, unit);
	if (!battle_after_move(g, &after, 1) && best_target(r, unit, v, &target) > 0)
		return false;
	int gen = hex_game_unit_general(g, unit);
	bool leave_general = hex_game_general_stays(g, gen);
	move_options o = { gen >= 0 && !r->gt[gen].moved && !leave_general, -1 };
	reach m;
	reach_init(&m, g, (hex_ref){ REF_UNIT, unit }, &o);
	long best = -1;
	int best_score = INT_MIN;
	int range = dice_range(u);
	size_t i;
	while (reach_next(&m, &i)) {
		hex_coord h = hex_from_index(&g->board, i);
		int d = enemies_nearest(foes, h);
		const rs_terrain *ter = hex_game_terrain(g, h);
		bool can_battle = battle_after_move(g, &after, m.steps[i]) && !(ter && ter->no_battle_on_entry);
		int score = -4 * d + (can_battle && d <= range ? 6 : 0) - m.steps[i];
		if (d < 1)
			continue;
		if (score > best_score) {
			best_score = score;
			best = (long)i;
		}
	}
	reach_finish(&m);
	if (best < 0 || enemies_nearest(foes, hex_from_index(&g->board, (size_t)best)) >= here)
		return false;
	set_subject(a, ACT_MOVE, u->id);
	a->hexes = xcalloc(1, sizeof *a->hexes);
	a->hexes[0] = hex_from_index(&g->board, (size_t)best);
	a->hex_count = 1;
	a->alone = leave_general;
	return true;
}

/* The move of an ordered unit of the side to play, if it makes one; *a
 * is left untouched when it makes none.  `v`: the decision's view. */
static bool choose_move(referee *r, int unit, battle_view *v, gl_action *a)
{
	hex_game *g = r->g;
	const hex_unit *u = &g->units[unit];
	const unit_turn *t = &r->ut[unit];
	if (!t->ordered || t->busy || t->moved_done || t->state_changed || !u->alive || u->side != r->side)
		return false;
	/* Brigades keep their places: the referee checks their zone at the
	 * end of the movement, and this player does not plan for it. */
	if (u->brigade >= 0 && g->brigades[u->brigade].alive)
		return false;
	return choose_move_from(r, unit, v, a);
}

/* The next move (or dig) of the side to play, from the unit at the
 * cursor on.  The units weighed in one call read one view of the
 * enemies: nothing moves until the move chosen is made. */
static bool choose_moves(referee *r, autoplay *ap, gl_action *a)
{
	hex_game *g = r->g;
	battle_view v;   /* the flags only: the rest is written when first asked */
	v.has_foes = v.has_spent = false;
	bool found = false;
	while (!found && ap->cursor < g->unit_count) {
		int u = (int)ap->cursor++;
		if (r->current.kind == ORDER_DIG) {
			found = r->ut[u].ordered && !r->ut[u].busy && g->units[u].alive && g->units[u].side == r->side;
			if (found)
				set_subject(a, ACT_DIG, g->units[u].id);
		} else {
			/* No move leaves the action as it was: nothing to free. */
			found = r->phase != PHASE_BATTLES && choose_move(r, u, &v, a);
		}
	}
	battle_view_finish(&v);
	return found;
}

static bool pending_step(referee *r, gl_action *a)
{
	hex_game *g = r->g;
	referee_battle *b = &r->battle;
	switch (b->step) {
	case STEP_SAVE:
		set_subject(a, ACT_SAVE, hex_game_ref_id(g, b->target));
		return true;
	case STEP_DEFEND:
		set_subject(a, ACT_DEFEND, hex_game_ref_id(g, b->target));
		return true;
	case STEP_FLAGSAVE:
		set_subject(a, ACT_FLAGSAVE, hex_game_ref_id(g, b->retreater));
		return true;
	case STEP_RETREAT: {
		hex_ref who = b->retreater;
		bool with_general = who.kind == REF_UNIT && hex_game_unit_general(g, who.index) >= 0;
		/* On the stack: each outcome found is written whole, and a
		 * zeroed heap block of them cost more than the search. */
		retreat_outcome out[RETREAT_MAX_OUTCOMES];
		int n = retreat_outcomes(g, who, b->retreat_hexes, with_general, out, RETREAT_MAX_OUTCOMES);
		if (n > RETREAT_MAX_OUTCOMES)
			n = RETREAT_MAX_OUTCOMES;
		int best = 0, best_loss = INT_MAX;
		for (int i = 0; i < n; i++) {
			int loss = out[i].off_board ? 1000 : out[i].lost;
			if (loss < best_loss) {
				best_loss = loss;
				best = i;
			}
		}
		set_subject(a, ACT_RETREAT, hex_game_ref_id(g, who));
		if (n > 0) {
			a->hexes = xcalloc((size_t)out[best].len + 1, sizeof *a->hexes);
			memcpy(a->hexes, out[best].path, (size_t)out[best].len * sizeof *a->hexes);
			a->hex_count = (size_t)out[best].len;
			a->off = out[best].off_board;
		}
		return true;
	}
	case STEP_FOLLOW:
		/* It never lets a brigade fall back together: it takes the
		 * ground gain if there is one, else goes on. */
		if (!referee_gain_on_offer(r))
			return false;
		/* fall through */
	case STEP_GAIN:
		set_subject(a, ACT_GAIN, g->units[b->attacker].id);
		return true;
	default:
		return false;
	}
}

bool autoplay_answer(referee *r, gl_action *a)
{
	memset(a, 0, sizeof *a);
	const referee_battle *b = &r->battle;
	if (r->phase == PHASE_OVER || !b->active || b->step == STEP_FOLLOW || b->step == STEP_GAIN)
		return false;
	return b->step != STEP_NONE && pending_step(r, a);
}

/* The next battle of the side to play, from the unit at the cursor on:
 * the cursor stays on a unit that battles, as after gaining ground it
 * may battle again.  The units weighed in one call read one view of the
 * battles. */
static bool choose_battle(referee *r, autoplay *ap, gl_action *a)
{
	hex_game *g = r->g;
	battle_view v;   /* the flags only: the rest is written when first asked */
	v.has_foes = v.has_spent = false;
	bool found = false;
	for (; !found && ap->cursor < g->unit_count; ap->cursor += !found) {
		int u = (int)ap->cursor;
		const unit_turn *t = &r->ut[u];
		hex_ref target;
		bool again = ap->last_unit == u && ap->last_battles == t->battles;
		found = !again && g->units[u].alive && g->units[u].side == r->side && t->ordered && !t->busy &&
			t->battles < t->battles_allowed && !t->mounted_now && !t->entered_no_battle &&
			moves_battle_after(g, u, t->moved) && best_target(r, u, &v, &target) > 0 &&
			(t->battles == 0 || (t->battle_again.kind == target.kind && t->battle_again.index == target.index));
		if (found) {
			ap->last_unit = u;
			ap->last_battles = t->battles;
			a->kind = ACT_BATTLE;
			a->subject = xstrdup(g->units[u].id);
			a->object = xstrdup(hex_game_ref_id(g, target));
		}
	}
	battle_view_finish(&v);
	return found;
}

bool autoplay_next(referee *r, autoplay *ap, rng *rnd, gl_action *a)
{
	memset(a, 0, sizeof *a);
	hex_game *g = r->g;
	if (r->phase == PHASE_OVER || r->side < 0)
		return false;
	if (r->battle.active && r->battle.step != STEP_NONE && pending_step(r, a))
		return true;
	if (r->arrivals.active && choose_arrival(r, a))
		return true;
	if (r->phase == PHASE_START || r->phase == PHASE_SETUP) {
		ap->turn = r->turn + 1;
		ap->stage = STAGE_ORDERS;
		ap->cursor = 0;
		ap->last_unit = -1;
		return choose_card(r, ap, rnd, a);
	}
	/* §8.1 rally: the roll (the caller rolls), then the units. */
	if (r->rally.step == RALLY_ROLL) {
		a->kind = ACT_RALLY;
		return true;
	}
	if (r->rally.step == RALLY_UNITS) {
		const rs_card *c = &g->rs->deck.cards[r->current.card];
		int *units = xcalloc((size_t)r->rally.figures + 1, sizeof *units);
		int n = cards_rally_plan(g, c, r->side, r->rally.faces, r->rally.face_count, units, r->rally.figures);
		a->kind = ACT_RALLY;
		a->words = xcalloc((size_t)n + 1, sizeof *a->words);
		for (int i = 0; i < n; i++)
			a->words[a->word_count++] = xstrdup(g->units[units[i]].id);
		free(units);
		return true;
	}
	if (r->phase == PHASE_DISCARDED || ap->turn != r->turn) {
		/* A turn another started (a plan or a hint that chose the
		 * card): go on from the stage the referee stands at. */
		ap->turn = r->turn;
		ap->cursor = 0;
		ap->last_unit = -1;
		ap->stage = r->phase == PHASE_ORDERS ? STAGE_ORDERS
			: r->phase == PHASE_MOVES    ? STAGE_MOVES
			: r->phase == PHASE_BATTLES  ? STAGE_BATTLES
						     : STAGE_DRAW;
	}
	for (;;) {
		switch (ap->stage) {
		case STAGE_ORDERS:
			ap->stage = STAGE_MOVES;
			ap->cursor = 0;
			if (r->phase == PHASE_ORDERS && choose_orders(r, a))
				return true;
			hexlog_action_finish(a);
			break;
		case STAGE_MOVES:
			if (choose_moves(r, ap, a))
				return true;
			ap->stage = STAGE_BATTLES;
			ap->cursor = 0;
			break;
		case STAGE_BATTLES:
			if (choose_battle(r, ap, a))
				return true;
			ap->stage = STAGE_DRAW;
			break;
		default:
			a->kind = ACT_DRAW;
			a->side = xstrdup(g->sides[r->side].id);
			return true;
		}
	}
}
