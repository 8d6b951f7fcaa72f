#include "strong.h"

#include <float.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "../players.h"
#include "battle.h"
#include "cards.h"
#include "dice.h"
#include "hex_special.h"
#include "moves.h"
#include "orders.h"
#include "strong_impl.h"

/* The manners a search weighs beside the own: bolder (less afraid of
 * the fire it draws, keener to close in) and warier. */
static const strong_manner MANNERS[PLAYER_MANNER_COUNT] = {
	[PLAYER_MANNER_OWN] = { W_RISK, W_CLOSE },
	[PLAYER_MANNER_BOLD] = { W_RISK * 0.4, W_CLOSE * 1.5 },
	[PLAYER_MANNER_WARY] = { W_RISK * 2.5, W_CLOSE * 0.5 },
};
const strong_manner *const strong_own_manner = &MANNERS[PLAYER_MANNER_OWN];
/* Per victory point of an objective a unit holds (§10). */
#define W_OBJECTIVE 4.0

enum { STAGE_ORDERS, STAGE_BRIGADES, STAGE_MOVES, STAGE_BATTLES, STAGE_DRAW };

typedef strong_odds odds;

double strong_odds_worth(const odds *o, double destroy)
{
	return o->destroy * destroy + o->figures * W_FIGURE + o->flags * W_FLAG;
}

/* The enemies' figures that the list names, units first (a battle's
 * target by index k, for best_battle_among). */
static hex_ref enemy_figure(const strong_enemies *e, size_t k)
{
	return k < e->count ? (hex_ref){ REF_UNIT, e->unit[k] } : (hex_ref){ REF_GENERAL, e->general[k - e->count] };
}

/* The best battle of a unit from where it stands now against the
 * enemies read beforehand, by worth; `only` (REF_NONE: any) is the one
 * target a second battle may have.  0 and *target REF_NONE when it has
 * none. */
static double best_battle_among(const hex_game *g, int unit, const bool *spent, hex_ref only, hex_ref *target,
	const strong_enemies *e)
{
	const hex_unit *u = &g->units[unit];
	/* A flag won counts as the race stands: the last one wins the game. */
	double destroy = W_DESTROY * strong_race_kill(g, u->side);
	double best = 0;
	int range = dice_range(u);
	target->kind = REF_NONE;
	target->index = -1;
	const unsigned short *far = strong_enemy_distances(g, e, u->at);
	/* What the dice owe to the unit where it stands, read once for all
	 * its targets. */
	dice_attacker attacker;
	bool prepared = false;
	for (size_t k = 0; k < e->count + e->general_count; k++) {
		hex_ref t = enemy_figure(e, k);
		if (only.kind != REF_NONE && (only.kind != t.kind || only.index != t.index))
			continue;
		int distance = far[1 + k];
		if (distance > range)
			continue;
		hex_coord at = hex_game_ref_at(g, t);
		if (!prepared)
			dice_attacker_init(g, unit, spent, &attacker);
		prepared = true;
		dice_answer d;
		dice_battle_from(g, &attacker, at, t, &d);
		if (!d.allowed || d.dice <= 0)
			continue;
		odds o;
		strong_battle_odds_keyed(g, unit, t, strong_enemy_key(g, e, k), d.dice, distance, &o);
		/* Figures off a unit already thin bring its destruction nearer:
		 * they count for more. */
		double w = strong_odds_worth(&o, destroy) + o.figures * W_FIGURE * 2.0 / battle_figures(g, t);
		if (target->kind == REF_NONE || w > best) {
			best = w;
			*target = t;
		}
	}
	return best;
}

/* strong_enemy_distances' rows: `stride` shorts a hex, read when
 * read[] says so (only these bytes are cleared: the rows are many more,
 * most never read); one more row for a hex off the board, read afresh
 * each time. */
struct strong_distances {
	unsigned short *rows;
	size_t stride;
	size_t hexes;         /* the board's */
	unsigned char *read;
	/* Each figure's axial coordinates (hex_distance's), read once:
	 * every hex weighed reads them all. */
	int *q, *r;
};

/* What strong_enemies knows of a figure already (known[]). */
enum { KNOWN_KEY = 1, KNOWN_MOVE = 2, KNOWN_ATTACKER = 4 };

void strong_enemies_init(strong_enemies *e, const hex_game *g, int side)
{
	/* One block for the lists: it is read afresh for every standing
	 * worth asked without one.  The widest come first, for their
	 * alignment. */
	size_t figures = g->unit_count + g->general_count;
	size_t ints = 3 * g->unit_count + g->general_count + 1;
	e->distances = xmalloc(sizeof *e->distances + g->unit_count * sizeof *e->attacker + figures * sizeof *e->key +
		ints * sizeof *e->unit + figures * (sizeof *e->known + sizeof *e->step_fires));
	e->distances->rows = NULL;
	e->distances->q = NULL;
	e->attacker = (dice_attacker *)(e->distances + 1);
	e->key = (battle_target_key *)(e->attacker + g->unit_count);
	e->unit = (int *)(e->key + figures);
	e->range = e->unit + g->unit_count;
	e->move = e->range + g->unit_count;
	e->general = e->move + g->unit_count;
	e->known = (unsigned char *)(e->general + g->general_count + 1);
	e->step_fires = (bool *)(e->known + figures);
	memset(e->known, 0, figures);
	e->count = 0;
	for (size_t i = 0; i < g->unit_count; i++) {
		const hex_unit *u = &g->units[i];
		if (!u->alive || u->side == side)
			continue;
		e->unit[e->count] = (int)i;
		e->range[e->count++] = dice_range(u);
	}
	e->general_count = 0;
	for (size_t i = 0; i < g->general_count; i++)
		if (g->generals[i].alive && g->generals[i].side != side)
			e->general[e->general_count++] = (int)i;
}

void strong_enemies_finish(strong_enemies *e)
{
	if (e->distances)
		free(e->distances->q);
	free(e->distances);
	e->distances = NULL;
	e->key = NULL;
	e->attacker = NULL;
	e->unit = e->range = e->move = e->general = NULL;
	e->step_fires = NULL;
	e->known = NULL;
	e->count = e->general_count = 0;
}

/* The lists are the caller's, read only but for these notes, which no
 * answer depends on. */
const battle_target_key *strong_enemy_key(const hex_game *g, const strong_enemies *e, size_t k)
{
	if (!(e->known[k] & KNOWN_KEY)) {
		battle_target_key_of(g, enemy_figure(e, k), &e->key[k]);
		e->known[k] |= KNOWN_KEY;
	}
	return &e->key[k];
}

const unsigned short *strong_enemy_distances(const hex_game *g, const strong_enemies *e, hex_coord h)
{
	struct strong_distances *d = e->distances;
	if (!d->rows) {
		size_t hexes = hex_count(&g->board);
		size_t figures = e->count + e->general_count;
		d->hexes = hexes;
		d->stride = 1 + figures;
		/* The coordinates first, for their alignment. */
		d->q = xmalloc(2 * figures * sizeof *d->q + (hexes + 1) * d->stride * sizeof *d->rows + hexes + 1);
		d->r = d->q + figures;
		d->rows = (unsigned short *)(d->r + figures);
		d->read = (unsigned char *)(d->rows + (hexes + 1) * d->stride);
		memset(d->read, 0, hexes + 1);
		for (size_t k = 0; k < figures; k++) {
			hex_coord at = hex_game_ref_at(g, enemy_figure(e, k));
			d->q[k] = hex_axial_q(at);
			d->r[k] = at.row;
		}
	}
	long i = hex_index(&g->board, h);
	size_t at = i >= 0 ? (size_t)i : d->hexes;
	unsigned short *row = d->rows + at * d->stride;
	if (d->read[at])
		return row;
	/* Off the board, read afresh each time. */
	d->read[at] = i >= 0;
	int nearest = -1;
	int hq = hex_axial_q(h);
	for (size_t k = 0; k + 1 < d->stride; k++) {
		int far = hex_axial_distance(hq, h.row, d->q[k], d->r[k]);
		row[1 + k] = (unsigned short)far;
		if (k < e->count)
			nearest = nearest < 0 || far < nearest ? far : nearest;
	}
	row[0] = (unsigned short)(1 + (nearest < 0 ? 0 : nearest));
	return row;
}

int strong_enemy_move(const hex_game *g, const strong_enemies *e, size_t k)
{
	if (!(e->known[k] & KNOWN_MOVE)) {
		int i = e->unit[k];
		e->move[k] = moves_max(g, (hex_ref){ REF_UNIT, i });
		e->step_fires[k] = moves_battle_after(g, i, 1);
		e->known[k] |= KNOWN_MOVE;
	}
	return e->step_fires[k] ? e->move[k] : 0;
}

void strong_enemy_fire(const hex_game *g, const strong_enemies *e, size_t k, hex_coord at, hex_ref target,
	dice_answer *out)
{
	dice_attacker *a = &e->attacker[k];
	if (!(e->known[k] & KNOWN_ATTACKER)) {
		dice_attacker_init(g, e->unit[k], NULL, a);
		e->known[k] |= KNOWN_ATTACKER;
	}
	/* Whether a unit of the side stands next to it is asked afresh: the
	 * side's own units are put on the hexes weighed. */
	a->bound = -1;
	dice_battle_from(g, a, at, target, out);
}

/* The fire unit `unit` draws where it stands: every enemy unit that has
 * it in reach now, or after one step, with the dice the engine gives
 * (into noted[k] for the k-th that has it in reach now, when noted is
 * not NULL). */
static double drawn_fire(const hex_game *g, int unit, const strong_enemies *enemies, int *noted)
{
	const hex_unit *u = &g->units[unit];
	hex_ref me = { REF_UNIT, unit };
	/* A unit lost is a flag given away, worth more as the enemy nears
	 * its target. */
	double destroy = W_DESTROY * strong_race_guard(g, u->side);
	double sum = 0;
	/* Its key, read at the first enemy that has it in reach: the same
	 * for all of them. */
	battle_target_key key;
	bool keyed = false;
	const unsigned short *far = strong_enemy_distances(g, enemies, u->at);
	for (size_t k = 0; k < enemies->count; k++) {
		int i = enemies->unit[k];
		const hex_unit *e = &g->units[i];
		int distance = far[1 + k];
		int range = enemies->range[k];
		if (distance > range + 1)
			continue;
		int dice;
		if (distance <= range) {
			dice_answer d;
			strong_enemy_fire(g, enemies, k, u->at, me, &d);
			dice = d.allowed ? d.dice : 0;
			if (noted)
				noted[k] = dice;
		} else {
			dice = dice_at(e, range) / 2;
		}
		if (!keyed && dice > 0) {
			battle_target_key_of(g, me, &key);
			keyed = true;
		}
		odds o;
		strong_battle_odds_keyed(g, i, me, &key, dice, distance, &o);
		sum += strong_odds_worth(&o, destroy);
	}
	return sum;
}

/* Hexes from `from` to the nearest of the enemies (0 when none is
 * left). */
static int nearest_enemy(const hex_game *g, const strong_enemies *enemies, hex_coord from)
{
	return strong_enemy_distances(g, enemies, from)[0] - 1;
}

/* Victory points the side's unit earns standing on h (§10), a
 * sudden-death hex of the scenario's special rules counting as the game
 * won (or, the enemy's, as its win denied). */
static int objective_at(const hex_game *g, int side, hex_coord h)
{
	int vp = hex_special_sudden_worth(g, side, h);
	for (size_t i = 0; i < g->objective_count; i++) {
		const hex_objective *o = &g->objectives[i];
		if (grid_cell_equal(o->at, h) && (o->side < 0 || o->side == side))
			vp += o->vp;
	}
	return vp;
}

static void standing_parts_with(const hex_game *g, int unit, double attack, const strong_manner *manner,
	const strong_enemies *e, strong_standing *p)
{
	const hex_unit *u = &g->units[unit];
	p->attack = attack;
	p->close = manner->close * nearest_enemy(g, e, u->at);
	p->objective = W_OBJECTIVE * objective_at(g, u->side, u->at);
}

void strong_standing_parts(const hex_game *g, int unit, bool may_battle, const bool *spent,
	const strong_manner *manner, const strong_enemies *e, strong_standing *p)
{
	hex_ref t;
	double attack = may_battle ? best_battle_among(g, unit, spent, (hex_ref){ REF_NONE, -1 }, &t, e) : 0;
	standing_parts_with(g, unit, attack, manner, e, p);
}

double strong_standing_sum(const strong_standing *p, double fire)
{
	return p->attack - fire - p->close + p->objective;
}

double strong_standing_fire(const hex_game *g, int unit, const strong_manner *manner, const strong_enemies *e)
{
	return manner->risk * drawn_fire(g, unit, e, NULL);
}

double strong_standing_fire_noting(const hex_game *g, int unit, const strong_manner *manner, const strong_enemies *e,
	int *dice)
{
	return manner->risk * drawn_fire(g, unit, e, dice);
}

/* standing_worth with its battle's worth, `attack`, already known. */
static double standing_worth_with(const hex_game *g, int unit, double attack, const strong_manner *manner,
	const strong_enemies *e)
{
	strong_standing p;
	standing_parts_with(g, unit, attack, manner, e, &p);
	return strong_standing_sum(&p, strong_standing_fire(g, unit, manner, e));
}

double strong_standing_worth_among(const hex_game *g, int unit, bool may_battle, const bool *spent,
	const strong_manner *manner, const strong_enemies *e)
{
	strong_standing p;
	strong_standing_parts(g, unit, may_battle, spent, manner, e, &p);
	return strong_standing_sum(&p, strong_standing_fire(g, unit, manner, e));
}

/* strong_standing_worth_among plus `plus` less `less`, or when that
 * cannot beat `beat` whatever fire the unit draws (which only lowers
 * it), a worth no more than `beat`: the fire, the dearest part, is
 * weighed only on the hexes that may be the best. */
static double standing_worth_beating(const hex_game *g, int unit, bool may_battle, const bool *spent,
	const strong_manner *manner, const strong_enemies *e, double plus, double less, double beat)
{
	strong_standing p;
	strong_standing_parts(g, unit, may_battle, spent, manner, e, &p);
	double most = strong_standing_sum(&p, 0.0) + plus - less;
	return most <= beat ? most : strong_standing_sum(&p, strong_standing_fire(g, unit, manner, e)) + plus - less;
}

double strong_standing_worth(const hex_game *g, int unit, bool may_battle, const bool *spent,
	const strong_manner *manner)
{
	strong_enemies e;
	strong_enemies_init(&e, g, g->units[unit].side);
	double w = strong_standing_worth_among(g, unit, may_battle, spent, manner, &e);
	strong_enemies_finish(&e);
	return w;
}

/* The way a unit may move this turn: with its general unless he is a
 * brigade's, who keeps to his brigade (*alone). */
static move_options move_way(const referee *r, int unit, bool *alone)
{
	const hex_game *g = r->g;
	int gen = hex_game_unit_general(g, unit);
	*alone = hex_game_general_stays(g, gen);
	move_options o = { gen >= 0 && !r->gt[gen].moved && !*alone, -1 };
	return o;
}

long strong_best_hex(const hex_game *g, hex_ref who, const move_options *o, double stay, strong_hex_worth *worth,
	void *ctx, double *gain)
{
	size_t n = hex_count(&g->board);
	int *steps = xmalloc(n * sizeof *steps);
	moves_reach(g, who, o, steps);
	long best = -1;
	double best_worth = stay + MOVE_MARGIN;
	for (size_t i = 0; i < n; i++) {
		if (steps[i] <= 0)
			continue;
		double w = worth(ctx, hex_from_index(&g->board, i), steps[i], best_worth);
		if (w > best_worth) {
			best_worth = w;
			best = (long)i;
		}
	}
	free(steps);
	*gain = best >= 0 ? best_worth - stay : 0;
	return best;
}

/* A unit on the move, for place_worth. */
typedef struct unit_move {
	hex_game *g;
	int unit;
	int gen;              /* the general it carries, -1 */
	const bool *spent;
	const strong_manner *manner;
	const strong_enemies *enemies;  /* read once for every hex weighed */
} unit_move;

/* standing_worth with the unit (and its general) put on h for the count
 * and put back, plus a lone general it would shelter there. */
static double place_worth(void *ctx, hex_coord h, int steps, double beat)
{
	unit_move *m = ctx;
	hex_game *g = m->g;
	const hex_unit *u = &g->units[m->unit];
	hex_coord home = u->at;
	hex_ref me = { REF_UNIT, m->unit };
	const rs_terrain *ter = hex_game_terrain(g, h);
	bool may_battle = moves_battle_after(g, m->unit, steps) && !(ter && ter->no_battle_on_entry);
	/* A lone friendly general there is sheltered by the unit that joins
	 * him (§3.1): the flag he risked is saved. */
	int lone = hex_game_general_at(g, h);
	double shelter = lone >= 0 && lone != m->gen && g->generals[lone].side == u->side &&
			hex_game_units_at(g, h, u->side, NULL, 0) == 0 ?
		-strong_general_exposure_among(g, lone, m->enemies) : 0;
	hex_game_place(g, me, h);
	if (m->gen >= 0)
		hex_game_place(g, (hex_ref){ REF_GENERAL, m->gen }, h);
	double w = standing_worth_beating(g, m->unit, may_battle, m->spent, m->manner, m->enemies, shelter, 0.01 * steps,
		beat);
	hex_game_place(g, me, home);
	if (m->gen >= 0)
		hex_game_place(g, (hex_ref){ REF_GENERAL, m->gen }, home);
	return w;
}

/* The best place for a unit to end its move, by place_worth; -1 when
 * standing still is best.  *gain: how much better than standing still.
 * `now`: the worth of its best battle from where it stands, when the
 * caller has it already (NULL: weighed here); `enemies`: its side's. */
static long best_place(referee *r, int unit, const strong_manner *manner, const double *now,
	const strong_enemies *enemies, bool *alone, double *gain)
{
	hex_game *g = r->g;
	move_options o = move_way(r, unit, alone);
	referee_spent spent_of;
	referee_spent_init(&spent_of, r);
	bool *spent = spent_of.of;
	/* Only this unit (and its general) is put on the hexes weighed:
	 * the enemy stays as it is. */
	unit_move m = { g, unit, o.with_general ? hex_game_unit_general(g, unit) : -1, spent, manner, enemies };
	bool may_battle = moves_battle_after(g, unit, 0);
	double stay = now ? standing_worth_with(g, unit, may_battle ? *now : 0, manner, enemies) :
		strong_standing_worth_among(g, unit, may_battle, spent, manner, enemies);
	long best = strong_best_hex(g, (hex_ref){ REF_UNIT, unit }, &o, stay, place_worth, &m, gain);
	referee_spent_finish(&spent_of);
	return best;
}

/* What ordering a unit is worth this turn: the best of battling where it
 * stands or moving first, against being left alone. */
static double order_worth(referee *r, int unit, const strong_manner *manner, const strong_enemies *enemies,
	strong_place *place)
{
	hex_game *g = r->g;
	const hex_unit *u = &g->units[unit];
	if (!u->alive)
		return 0;
	/* Brigade members keep their places (see choose_move): only their
	 * battle counts, and their general's danger when he stands alone:
	 * the brigade's order is the only one that moves him (§3.3). */
	referee_spent spent_of;
	referee_spent_init(&spent_of, r);
	bool *spent = spent_of.of;
	hex_ref t;
	double now = best_battle_among(g, unit, spent, (hex_ref){ REF_NONE, -1 }, &t, enemies);
	referee_spent_finish(&spent_of);
	if (u->brigade >= 0 && g->brigades[u->brigade].alive)
		return now - strong_general_exposure_among(g, g->brigades[u->brigade].general, enemies);
	strong_place p;
	/* Its best battle from here is the one standing still offers. */
	p.hex = best_place(r, unit, manner, &now, enemies, &p.alone, &p.gain);
	if (place)
		*place = p;
	return p.gain > now ? p.gain : now;
}

/* The figures an order may name, units first, then generals: index i
 * of the lists below. */
static hex_ref orderable(const hex_game *g, size_t i)
{
	return i < g->unit_count ? (hex_ref){ REF_UNIT, (int)i } : (hex_ref){ REF_GENERAL, (int)(i - g->unit_count) };
}

/* Each living unit's and general's order worth, for the card and the
 * orders (by orderable's index). */
double *strong_order_worths(referee *r, const strong_manner *manner, strong_place *places)
{
	const hex_game *g = r->g;
	size_t n = g->unit_count + g->general_count;
	double *w = xcalloc(n + 1, sizeof *w);
	/* Weighing a figure's order puts it back where it stood. */
	strong_enemies enemies;
	strong_enemies_init(&enemies, g, r->side);
	for (size_t i = 0; i < n; i++) {
		hex_ref f = orderable(g, i);
		if (!hex_game_ref_alive(g, f) || hex_game_ref_side(g, f) != r->side)
			continue;
		w[i] = f.kind == REF_UNIT ? order_worth(r, f.index, manner, &enemies, places ? &places[i] : NULL) :
			strong_general_order_worth(r, f.index);
	}
	strong_enemies_finish(&enemies);
	return w;
}

/* What the worths read of the turn's record for general i: whether he
 * has moved (a unit takes him along or not) and fought (his extra die),
 * for the side to play's generals (the enemy's lend nothing to its
 * battles and moves). */
static unsigned char general_mark(const referee *r, size_t i)
{
	if (!r->gt || r->g->generals[i].side != r->side)
		return 0;
	return (unsigned char)(r->gt[i].moved | r->gt[i].spent << 1);
}

static void forget_worths(strong_player *sp)
{
	hex_game_destroy(sp->worth_at);
	free(sp->worth_marks);
	free(sp->worths);
	free(sp->places);
	sp->worth_at = NULL;
	sp->worth_marks = NULL;
	sp->worths = NULL;
	sp->places = NULL;
}

bool strong_worths_kept(const referee *r, const strong_player *sp)
{
	const hex_game *g = r->g;
	bool kept = sp->worth_at && sp->worth_side == r->side && hex_game_same(sp->worth_at, g);
	for (size_t i = 0; kept && i < g->general_count; i++)
		kept = sp->worth_marks[i] == general_mark(r, i);
	return kept;
}

/* The order worths of the position (strong_order_worths), weighed again
 * only when the position, the side or its generals' marks differ from
 * those they were weighed in: playing a card changes none of them but on
 * the turns where it brings units or wakes a frozen group. */
const double *strong_turn_worths(referee *r, strong_player *sp)
{
	const hex_game *g = r->g;
	if (strong_worths_kept(r, sp))
		return sp->worths;
	forget_worths(sp);
	sp->places = xcalloc(g->unit_count + 1, sizeof *sp->places);
	sp->worths = strong_order_worths(r, sp->manner, sp->places);
	sp->worth_at = strong_game_copy(g);
	sp->worth_side = r->side;
	sp->worth_marks = xcalloc(g->general_count + 1, sizeof *sp->worth_marks);
	for (size_t i = 0; i < g->general_count; i++)
		sp->worth_marks[i] = general_mark(r, i);
	return sp->worths;
}

/* The side's living units and generals, most worth ordering first (the
 * lower index first among equals), into units[] (orderable's indices);
 * returns how many.  A general is ranked only when moving him is worth
 * something: otherwise he would take an order a unit could use. */
static size_t rank_units(const referee *r, const double *worth, int *units)
{
	const hex_game *g = r->g;
	size_t n = 0;
	for (size_t i = 0; i < g->unit_count + g->general_count; i++) {
		hex_ref f = orderable(g, i);
		if (!hex_game_ref_alive(g, f) || hex_game_ref_side(g, f) != r->side || (f.kind == REF_GENERAL && worth[i] <= 0))
			continue;
		/* Insertion keeps it short: a side has a few dozen units. */
		size_t k = n++;
		while (k > 0 && worth[units[k - 1]] < worth[i]) {
			units[k] = units[k - 1];
			k--;
		}
		units[k] = (int)i;
	}
	return n;
}

/* Order the ranked units the card allows, best first, on top of the
 * orders `given`; into *a as an order line when `a` is not NULL.
 * Returns the worth of what it orders. */
static double order_ranked(const referee *r, const order_card *oc, const order_set *given, const int *list,
	const double *worth, size_t n, gl_action *a)
{
	const hex_game *g = r->g;
	order_set s;
	order_set_init(&s, g);
	if (given)
		order_set_assign(&s, given);
	double sum = 0;
	rules_error why;   /* only yes or no matters here */
	for (size_t i = 0; i < n; i++) {
		hex_ref f = orderable(g, (size_t)list[i]);
		if (!orders_add(g, r->side, oc, &s, f, &why))
			continue;
		/* An order is worth a little even with nothing in reach: the
		 * least worthy card that does the same keeps the stronger. */
		sum += worth[list[i]] + 0.05;
		if (a)
			a->words[a->word_count++] = xstrdup(hex_game_ref_id(g, f));
	}
	order_set_finish(&s);
	return sum;
}

/* Cards whose turn the simple player plays. */
static bool special_order(order_kind kind)
{
	return kind == ORDER_UNREFEREED || kind == ORDER_SHARPSHOOTER || kind == ORDER_DIG;
}

/* The card to play: the one whose orders are worth most now, the
 * simple player's pick when it chose a special card with reason or
 * nothing plain is worth playing.  *a holds the simple player's pick on
 * entry. */
static void choose_card(referee *r, strong_player *sp, gl_action *a)
{
	hex_game *g = r->g;
	int side = r->side;
	const referee_hand *h = &r->hands[side];
	const order_card *last = r->has_last[1 - side] ? &r->last_played[1 - side] : NULL;
	if (a->kind == ACT_PLAY) {
		deck_card picked;
		order_card oc;
		rules_error why;
		hex_flank flank = a->section ? hex_game_flank_parse(g, a->section) : -1;
		if (deck_parse(g->rs, a->card, &picked) &&
			orders_from_card(g, side, picked, flank, last, &oc, &why) && special_order(oc.kind))
			return;
	}
	const double *worth = strong_turn_worths(r, sp);
	int *list = xcalloc(g->unit_count + g->general_count + 1, sizeof *list);
	size_t n = rank_units(r, worth, list);
	double best = 0;
	int best_card = -1, best_flank = -1;
	rules_error why;
	for (int i = 0; i < h->count; i++)
		for (int flank = -1; flank < hex_game_section_count(g); flank++) {
			order_card oc;
			if (!orders_from_card(g, side, h->cards[i], flank, last, &oc, &why) || special_order(oc.kind) ||
				!orders_card_usable(g, side, &oc))
				continue;
			double w = order_ranked(r, &oc, NULL, list, worth, n, NULL);
			if (w > best + 1e-9) {
				best = w;
				best_card = i;
				best_flank = flank;
			}
		}
	free(list);
	if (best_card < 0)
		return;
	char name[80];
	free(a->card);
	free(a->section);
	a->section = NULL;
	a->kind = ACT_PLAY;
	a->card = xstrdup(deck_format(g->rs, h->cards[best_card], name, sizeof name));
	if (best_flank >= 0)
		a->section = xstrdup(g->rs->sections[best_flank].id);
}

static bool choose_orders(referee *r, strong_player *sp, gl_action *a)
{
	const hex_game *g = r->g;
	const double *worth = strong_turn_worths(r, sp);
	int *list = xcalloc(g->unit_count + g->general_count + 1, sizeof *list);
	size_t n = rank_units(r, worth, list);
	a->kind = ACT_ORDER;
	a->words = xcalloc(n + 1, sizeof *a->words);
	order_ranked(r, &r->current, &r->orders, list, worth, n, a);
	free(list);
	return a->word_count > 0;
}

/* The move that gains most of all the units free to move alone (brigades
 * move by their plan), so that the best hex goes to the unit that makes
 * most of it.  False when every unit had better stand. */
static bool choose_move(referee *r, const strong_player *sp, gl_action *a)
{
	hex_game *g = r->g;
	int unit = -1;
	long to = -1;
	bool alone = false;
	double best = 0;
	/* Where nothing has moved since the card was chosen, each unit's
	 * best place is the one weighed for its order. */
	const strong_place *kept = strong_worths_kept(r, sp) ? sp->places : NULL;
	strong_enemies enemies;
	strong_enemies_init(&enemies, g, r->side);
	for (size_t i = 0; i < g->unit_count; i++) {
		const hex_unit *u = &g->units[i];
		const unit_turn *t = &r->ut[i];
		if (!t->ordered || t->busy || t->moved_done || t->state_changed || !u->alive || u->side != r->side ||
			(u->brigade >= 0 && g->brigades[u->brigade].alive))
			continue;
		strong_place p = { -1, 0, false };
		if (kept)
			p = kept[i];
		else
			p.hex = best_place(r, (int)i, sp->manner, NULL, &enemies, &p.alone, &p.gain);
		if (p.hex >= 0 && p.gain > best) {
			best = p.gain;
			unit = (int)i;
			to = p.hex;
			alone = p.alone;
		}
	}
	strong_enemies_finish(&enemies);
	if (unit < 0)
		return false;
	const hex_unit *u = &g->units[unit];
	a->kind = ACT_MOVE;
	a->subject = xstrdup(u->id);
	a->hexes = xcalloc(1, sizeof *a->hexes);
	a->hexes[0] = hex_from_index(&g->board, (size_t)to);
	a->hex_count = 1;
	a->alone = alone;
	return true;
}

/* A brigade member that stood in its general's zone when the turn began
 * (the referee holds those to the zone, §3.3), free to move. */
static bool zone_member(const referee *r, int unit)
{
	const unit_turn *t = &r->ut[unit];
	return r->g->units[unit].alive && t->in_zone && t->ordered && !t->busy && !t->moved_done && !t->state_changed;
}

/* Place each member of the brigade, one after the other as they will
 * move, on its best hex within `radius` of its general (standing still
 * counts), recording the moves in sp's plan after `len` entries.  The
 * figures are left where they were put.  Returns the worth of where they
 * stand, or -DBL_MAX when one cannot end within the zone. */
static double place_members(referee *r, const hex_brigade *br, int speed, const bool *spent, strong_player *sp,
	int len, hex_coord *from, const strong_enemies *enemies)
{
	hex_game *g = r->g;
	hex_coord gat = g->generals[br->general].at;
	int radius = g->rs->brigades.zone_radius;
	size_t n = hex_count(&g->board);
	int *steps = xmalloc(n * sizeof *steps);
	double sum = 0;
	for (int k = 0; k < br->unit_count; k++) {
		int m = br->units[k];
		from[k] = g->units[m].at;
		if (!g->units[m].alive || !r->ut[m].in_zone)
			continue;
		hex_ref me = { REF_UNIT, m };
		hex_coord best_at = g->units[m].at;
		bool stay_ok = hex_distance(best_at, gat) <= radius;
		double best = stay_ok ? strong_standing_worth_among(g, m, moves_battle_after(g, m, 0), spent, sp->manner,
						enemies) + MOVE_MARGIN :
					-DBL_MAX;
		if (zone_member(r, m) && hex_game_general_at(g, g->units[m].at) < 0) {
			move_options o = { false, speed };
			moves_reach(g, me, &o, steps);
			for (size_t i = 0; i < n; i++) {
				/* Most of the board is out of reach: passed by before
				 * its hex is read. */
				if (steps[i] <= 0)
					continue;
				hex_coord h = hex_from_index(&g->board, i);
				if (hex_distance(h, gat) > radius)
					continue;
				const rs_terrain *ter = hex_game_terrain(g, h);
				hex_game_place(g, me, h);
				bool may_battle = moves_battle_after(g, m, steps[i]) && !(ter && ter->no_battle_on_entry);
				double w = standing_worth_beating(g, m, may_battle, spent, sp->manner, enemies, 0.0,
					0.01 * steps[i], best);
				hex_game_place(g, me, from[k]);
				if (w > best) {
					best = w;
					best_at = h;
				}
			}
		}
		if (best == -DBL_MAX) {
			sum = -DBL_MAX;
			break;
		}
		sum += best;
		if (!grid_cell_equal(best_at, from[k])) {
			hex_game_place(g, me, best_at);
			sp->plan_who[len] = me;
			sp->plan_to[len] = best_at;
			len++;
		}
	}
	sp->plan_len = len;
	free(steps);
	return sum;
}

static void put_back_members(hex_game *g, const hex_brigade *br, const hex_coord *from, int placed)
{
	for (int k = 0; k < placed && k < br->unit_count; k++)
		hex_game_place(g, (hex_ref){ REF_UNIT, br->units[k] }, from[k]);
}

/* The i-th move of the brigade plan into *a. */
static void plan_move(const referee *r, const strong_player *sp, int i, gl_action *a)
{
	a->kind = ACT_MOVE;
	a->subject = xstrdup(hex_game_ref_id(r->g, sp->plan_who[i]));
	a->hexes = xcalloc(1, sizeof *a->hexes);
	a->hexes[0] = sp->plan_to[i];
	a->hex_count = 1;
}

/* Whether the referee takes every move of the brigade plan, one after
 * the other, on a copy: the members' reach is worked out on a board
 * where the earlier members were set down by hand, and a plan that
 * strands a member outside the zone leaves the turn no legal end. */
static bool plan_taken(const referee *r, const strong_player *sp)
{
	hex_game *g = strong_game_copy(r->g);
	referee *trial = referee_clone(r, g);
	bool ok = true;
	rules_quiet_begin();
	for (int i = 0; ok && i < sp->plan_len; i++) {
		gl_action a = { 0 };
		plan_move(r, sp, i, &a);
		rules_error why;
		ok = referee_apply(trial, &a, &why);
		hexlog_action_finish(&a);
	}
	rules_quiet_end();
	referee_destroy(trial);
	hex_game_destroy(g);
	return ok;
}

/* A brigade's plan as place_members lays it out in the player, kept
 * aside while the general's other hexes are weighed: the best is not
 * laid out again. */
typedef struct brigade_plan {
	int len;
	hex_ref who[GAME_MAX_BRIGADE_UNITS + 1];
	hex_coord to[GAME_MAX_BRIGADE_UNITS + 1];
} brigade_plan;

static void plan_keep(brigade_plan *k, const strong_player *sp)
{
	k->len = sp->plan_len;
	memcpy(k->who, sp->plan_who, (size_t)k->len * sizeof *k->who);
	memcpy(k->to, sp->plan_to, (size_t)k->len * sizeof *k->to);
}

static void plan_take(strong_player *sp, const brigade_plan *k)
{
	sp->plan_len = k->len;
	memcpy(sp->plan_who, k->who, (size_t)k->len * sizeof *k->who);
	memcpy(sp->plan_to, k->to, (size_t)k->len * sizeof *k->to);
}

/* The moves of an ordered brigade (§3.3): its general to the hex where
 * the brigade, each member on its best hex in his zone, stands best, or
 * the general staying and the members moving about him.  False when the
 * brigade had better stand. */
static bool plan_brigade(referee *r, strong_player *sp, int b)
{
	hex_game *g = r->g;
	const hex_brigade *br = &g->brigades[b];
	int gen = br->general;
	sp->plan_len = sp->plan_pos = 0;
	if (!br->alive || br->side != r->side || !g->generals[gen].alive || !g->rs->stacking.brigades)
		return false;
	int speed = g->rs->general.move, movers = 0;
	for (int k = 0; k < br->unit_count; k++) {
		int m = br->units[k];
		if (!g->units[m].alive || !r->ut[m].in_zone)
			continue;
		int v = moves_max(g, (hex_ref){ REF_UNIT, m });
		speed = v < speed ? v : speed;
		movers += zone_member(r, m);
	}
	if (movers == 0)
		return false;
	referee_spent spent_of;
	referee_spent_init(&spent_of, r);
	bool *spent = spent_of.of;
	hex_coord from[GAME_MAX_BRIGADE_UNITS];
	hex_ref gref = { REF_GENERAL, gen };
	hex_coord ghome = g->generals[gen].at;
	/* Only the brigade (its general and members) is put on the hexes
	 * weighed. */
	strong_enemies enemies;
	strong_enemies_init(&enemies, g, br->side);
	/* Standing: the members about their general where he is. */
	double stay = place_members(r, br, speed, spent, sp, 0, from, &enemies);
	/* The general among his brigade, never alone in the enemy's reach
	 * (§5.3): counted with the members where they will stand. */
	if (stay > -DBL_MAX)
		stay += strong_general_exposure_among(g, gen, &enemies);
	put_back_members(g, br, from, br->unit_count);
	double best = stay > -DBL_MAX ? stay + MOVE_MARGIN * movers : -DBL_MAX;
	brigade_plan kept;
	plan_keep(&kept, sp);
	bool may_go = r->gt[gen].ordered && !r->gt[gen].moved && !r->gt[gen].busy;
	size_t n = hex_count(&g->board);
	int *steps = xmalloc(n * sizeof *steps);
	move_options o = { false, speed };
	if (may_go)
		moves_reach(g, gref, &o, steps);
	for (size_t i = 0; may_go && i < n; i++) {
		if (steps[i] <= 0)
			continue;
		hex_game_place(g, gref, hex_from_index(&g->board, i));
		/* The flag the general risks only lowers the brigade's worth:
		 * weighed where the members' worth beats the best found. */
		double w = place_members(r, br, speed, spent, sp, 1, from, &enemies);
		if (w > best)
			w += strong_general_exposure_among(g, gen, &enemies);
		put_back_members(g, br, from, br->unit_count);
		hex_game_place(g, gref, ghome);
		if (w > best) {
			best = w;
			/* The general first, then the members he leads. */
			sp->plan_who[0] = gref;
			sp->plan_to[0] = hex_from_index(&g->board, i);
			plan_keep(&kept, sp);
		}
	}
	free(steps);
	strong_enemies_finish(&enemies);
	referee_spent_finish(&spent_of);
	plan_take(sp, &kept);
	/* A plan with no move needs no trial. */
	if (best == -DBL_MAX || (sp->plan_len > 0 && !plan_taken(r, sp)))
		sp->plan_len = 0;
	return sp->plan_len > 0;
}

/* The next move of the brigade plan, false when it is done. */
static bool plan_step(referee *r, strong_player *sp, gl_action *a)
{
	if (sp->plan_pos >= sp->plan_len)
		return false;
	plan_move(r, sp, sp->plan_pos++, a);
	return true;
}

/* The best battle of the turn left: of every unit that may still battle,
 * the one worth most, so that each battle finishes what the last began. */
static bool choose_battle(referee *r, strong_player *sp, gl_action *a)
{
	hex_game *g = r->g;
	referee_spent spent_of;
	referee_spent_init(&spent_of, r);
	bool *spent = spent_of.of;
	/* Nobody moves while the battles are weighed. */
	strong_enemies enemies;
	strong_enemies_init(&enemies, g, r->side);
	int best_unit = -1;
	hex_ref best_target = { REF_NONE, -1 };
	double best = 0;
	for (size_t i = 0; i < g->unit_count; i++) {
		const unit_turn *t = &r->ut[i];
		int u = (int)i;
		if (!g->units[u].alive || g->units[u].side != r->side || !t->ordered || t->busy ||
			t->battles >= t->battles_allowed || t->mounted_now || t->entered_no_battle ||
			!moves_battle_after(g, u, t->moved) || (sp->last_unit == u && sp->last_battles == t->battles))
			continue;
		hex_ref only = t->battles > 0 ? t->battle_again : (hex_ref){ REF_NONE, -1 };
		if (t->battles > 0 && only.kind == REF_NONE)
			continue;
		hex_ref target;
		double w = best_battle_among(g, u, spent, only, &target, &enemies);
		if (target.kind != REF_NONE && (best_unit < 0 || w > best)) {
			best = w;
			best_unit = u;
			best_target = target;
		}
	}
	strong_enemies_finish(&enemies);
	referee_spent_finish(&spent_of);
	if (best_unit < 0)
		return false;
	sp->last_unit = best_unit;
	sp->last_battles = r->ut[best_unit].battles;
	a->kind = ACT_BATTLE;
	a->subject = xstrdup(g->units[best_unit].id);
	a->object = xstrdup(hex_game_ref_id(g, best_target));
	return true;
}

/* Whether gaining the ground of the battle just won pays: the attacker
 * (with the general who would go along) put on the battle's hex, where
 * it may battle the same target again when the engine allows it (§3.5),
 * against where it stands, fire drawn and all. */
static bool gain_pays(referee *r, const strong_manner *manner)
{
	hex_game *g = r->g;
	const referee_battle *b = &r->battle;
	int unit = b->attacker;
	const hex_unit *u = &g->units[unit];
	hex_ref me = { REF_UNIT, unit };
	hex_coord home = u->at;
	referee_spent spent_of;
	referee_spent_init(&spent_of, r);
	bool *spent = spent_of.of;
	strong_enemies enemies;
	strong_enemies_init(&enemies, g, u->side);
	double stay = strong_standing_worth_among(g, unit, false, spent, manner, &enemies);
	int gen = hex_game_unit_general(g, unit);
	bool carry = gen >= 0 && !r->gt[gen].moved && !hex_game_general_stays(g, gen);
	const rs_when *again = &u->type->ground_gain_battle;
	bool may_battle = again->attribute && hex_game_ref_alive(g, b->target) && hex_game_unit_matches(u, again);
	/* Its general, carried along or left behind alone, stands safer or
	 * less safe after it. */
	double general_before = gen >= 0 ? strong_general_exposure_among(g, gen, &enemies) : 0;
	hex_game_place(g, me, b->target_hex);
	if (carry)
		hex_game_place(g, (hex_ref){ REF_GENERAL, gen }, b->target_hex);
	hex_ref t;
	double there = standing_worth_with(g, unit,
		may_battle ? best_battle_among(g, unit, spent, b->target, &t, &enemies) : 0, manner, &enemies);
	if (gen >= 0)
		there += strong_general_exposure_among(g, gen, &enemies) - general_before;
	hex_game_place(g, me, home);
	if (carry)
		hex_game_place(g, (hex_ref){ REF_GENERAL, gen }, home);
	strong_enemies_finish(&enemies);
	referee_spent_finish(&spent_of);
	return there >= stay;
}

void strong_init(strong_player *sp)
{
	memset(sp, 0, sizeof *sp);
	autoplay_init(&sp->simple);
	sp->manner = strong_own_manner;
	sp->turn = -1;
	sp->last_unit = -1;
}

bool strong_set_manner(strong_player *sp, int manner)
{
	if (manner < 0 || manner >= PLAYER_MANNER_COUNT)
		return false;
	/* The worths kept were weighed in the old manner. */
	if (sp->manner != &MANNERS[manner])
		forget_worths(sp);
	sp->manner = &MANNERS[manner];
	return true;
}

void strong_finish(strong_player *sp)
{
	forget_worths(sp);
}

/* A battle step the simple player answers (saves, defensive rolls,
 * retreats, ground gain), or an arrival or rally it owes. */
static bool owed_step(const referee *r)
{
	if (r->battle.active && r->battle.step != STEP_NONE) {
		/* A brigade falling back together is declined by going on;
		 * its ground gain is taken. */
		return r->battle.step != STEP_FOLLOW || referee_gain_on_offer((referee *)r);
	}
	if (r->rally.step != RALLY_NONE)
		return true;
	/* The roll of reinforcements stays on record for the rest of the
	 * turn: owed only while it may still bring a unit. */
	for (size_t i = 0; r->arrivals.active && i < r->g->unit_count; i++)
		if (referee_may_arrive(r, (int)i))
			return true;
	return false;
}

/* The simple player's next action in a turn it plays, but a unit it moves
 * leaves a brigade's general behind: the sharpshooter's move would carry
 * him off and break his brigade's zone (§3.3). */
static bool simple_step(referee *r, strong_player *sp, rng *rnd, gl_action *a)
{
	if (!autoplay_next(r, &sp->simple, rnd, a))
		return false;
	const hex_game *g = r->g;
	int unit = a->kind == ACT_MOVE && a->subject ? hex_game_find_unit(g, a->subject) : -1;
	if (unit >= 0 && !a->alone && !g->rs->general.must_follow_unit) {
		bool alone;
		move_way(r, unit, &alone);
		a->alone = alone;
	}
	return true;
}

/* The turn's last action: the side draws its new card. */
static bool end_turn(const referee *r, gl_action *a)
{
	a->kind = ACT_DRAW;
	a->side = xstrdup(r->g->sides[r->side].id);
	return true;
}

bool strong_next(referee *r, strong_player *sp, rng *rnd, gl_action *a)
{
	if (r->phase == PHASE_OVER || r->side < 0)
		return false;
	hex_game *g = r->g;
	memset(a, 0, sizeof *a);
	/* Ground gain is optional: declined by going on with the turn. */
	bool decline = !sp->delegate && r->battle.active && r->battle.attacker >= 0 &&
		(r->battle.step == STEP_GAIN || r->battle.step == STEP_FOLLOW) && referee_gain_on_offer(r) &&
		!gain_pays(r, sp->manner);
	if (!decline && r->phase != PHASE_START && r->phase != PHASE_SETUP && owed_step(r))
		return autoplay_next(r, &sp->simple, rnd, a);
	if (r->phase == PHASE_START || r->phase == PHASE_SETUP) {
		/* The simple player's pick first: it keeps its own notes of
		 * the turn for a special card's turn it will play. */
		if (!autoplay_next(r, &sp->simple, rnd, a))
			return false;
		sp->turn = r->turn + 1;
		sp->stage = STAGE_ORDERS;
		sp->last_unit = -1;
		sp->delegate = false;
		choose_card(r, sp, a);
		return true;
	}
	if (sp->turn != r->turn || r->phase == PHASE_DISCARDED) {
		/* A turn another played the start of (a hint asked after
		 * the card, a plan that chose the card itself): go on from
		 * the stage the referee stands at.  The brigades' plans are
		 * made before any move, so a turn taken up among the moves
		 * goes on with the single moves. */
		sp->turn = r->turn;
		sp->last_unit = -1;
		sp->delegate = false;
		sp->stage = r->phase == PHASE_ORDERS ? STAGE_ORDERS
			: r->phase == PHASE_MOVES    ? STAGE_MOVES
			: r->phase == PHASE_BATTLES  ? STAGE_BATTLES
						     : STAGE_DRAW;
	}
	if (sp->stage == STAGE_ORDERS && (special_order(r->current.kind) || r->target_owed))
		sp->delegate = true;
	if (sp->delegate)
		return simple_step(r, sp, rnd, a);
	for (;;) {
		switch (sp->stage) {
		case STAGE_ORDERS:
			sp->stage = STAGE_BRIGADES;
			sp->brigade = 0;
			sp->plan_len = sp->plan_pos = 0;
			if (r->phase == PHASE_ORDERS && choose_orders(r, sp, a))
				return true;
			hexlog_action_finish(a);
			break;
		case STAGE_BRIGADES:
			for (;;) {
				if (r->phase != PHASE_BATTLES && plan_step(r, sp, a))
					return true;
				hexlog_action_finish(a);
				if (r->phase == PHASE_BATTLES || sp->brigade >= (int)g->brigade_count)
					break;
				plan_brigade(r, sp, sp->brigade++);
			}
			sp->stage = STAGE_MOVES;
			break;
		case STAGE_MOVES:
			/* The generals last: each goes where the units now stand. */
			if (r->phase != PHASE_BATTLES && (choose_move(r, sp, a) || strong_general_move(r, a)))
				return true;
			hexlog_action_finish(a);
			sp->stage = STAGE_BATTLES;
			break;
		case STAGE_BATTLES:
			if (choose_battle(r, sp, a))
				return true;
			sp->stage = STAGE_DRAW;
			break;
		default:
			return end_turn(r, a);
		}
	}
}
