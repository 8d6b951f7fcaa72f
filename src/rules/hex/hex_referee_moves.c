/* The referee's orders and moves: ordering units, forming and dissolving
 * brigades, moving, mounting, digging in and a brigade falling back together. */

#include "hex_referee_impl.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* §3.3 noord-zuid (001): a brigade member separated from its general
 * when the turn began (a forced retreat, a ground gain) has rejoining as
 * its first duty.  Read so: a move of that member ends in his zone of
 * control, or at least nearer to him than it began; it never moves away
 * or alongside.  (Standing still is allowed: a blocked unit cannot be
 * made to move, and the general may come to it.)  `from` is where the
 * unit stood, the figures are placed already. */
static bool rejoin_check(const referee *r, int unit, hex_coord from, rules_error *err)
{
	hex_game *g = r->g;
	const hex_unit *u = &g->units[unit];
	if (!g->rs->stacking.brigades || u->brigade < 0 || r->ut[unit].in_zone)
		return true;
	const hex_brigade *br = &g->brigades[u->brigade];
	const hex_general *gg = &g->generals[br->general];
	if (!br->alive || !gg->alive)
		return true;
	int radius = g->rs->brigades.zone_radius;
	int before = hex_distance(from, gg->at), after = hex_distance(u->at, gg->at);
	if (after <= radius || after < before)
		return true;
	char a[HEX_ADDRESS_MAX], b2[HEX_ADDRESS_MAX];
	return fail(err, g, g->rs->brigades.rule, "unit '%s' is separated from its brigade '%s': its first duty is to "
		"rejoin general '%s' at %s, and a move to %s does not bring it nearer to him", u->id, br->id, gg->id,
		hex_format(gg->at, b2), hex_format(u->at, a));
}

/* §3.3 at the move itself, with the figures already placed: a member that
 * has moved (or whose general has) and now stands outside the zone for
 * good -- the other of the two can no longer move -- is this move's
 * fault. */
bool ref_move_zone_check(const referee *r, hex_ref who, int carried, rules_error *err)
{
	hex_game *g = r->g;
	if (!g->rs->stacking.brigades)
		return true;
	int radius = g->rs->brigades.zone_radius;
	char a[HEX_ADDRESS_MAX], b2[HEX_ADDRESS_MAX];
	if (who.kind == REF_UNIT) {
		const hex_unit *u = &g->units[who.index];
		if (u->brigade < 0 || !r->ut[who.index].in_zone)
			return true;
		const hex_brigade *br = &g->brigades[u->brigade];
		const hex_general *gg = &g->generals[br->general];
		if (!br->alive || !gg->alive || carried == br->general || !r->gt[br->general].moved)
			return true;
		if (hex_distance(u->at, gg->at) > radius)
			return fail(err, g, g->rs->brigades.rule, "unit '%s' of brigade '%s' would end its move at %s, outside "
				"the zone of control of general '%s' at %s, who has moved already; a brigade moves as one", u->id,
				br->id, hex_format(u->at, a), gg->id, hex_format(gg->at, b2));
		return true;
	}
	const hex_general *gg = &g->generals[who.index];
	if (gg->brigade < 0 || !g->brigades[gg->brigade].alive)
		return true;
	const hex_brigade *br = &g->brigades[gg->brigade];
	for (int k = 0; k < br->unit_count; k++) {
		int m = br->units[k];
		if (!g->units[m].alive || !r->ut[m].in_zone || !r->ut[m].moved_done)
			continue;
		if (hex_distance(g->units[m].at, gg->at) > radius)
			return fail(err, g, g->rs->brigades.rule, "general '%s' would end his move at %s, leaving unit '%s' of "
				"brigade '%s', which has moved already, at %s outside his zone of control; a brigade moves as one",
				gg->id, hex_format(gg->at, b2), g->units[m].id, br->id, hex_format(g->units[m].at, a));
	}
	return true;
}

/* ---- the pending battle ---- */

/* ---- a brigade falling back together (noord-zuid, 001) ---- */

#define FOLLOW_GENERAL GAME_MAX_BRIGADE_UNITS

hex_ref ref_follow_ref(const referee *r, int slot)
{
	const hex_brigade *br = &r->g->brigades[r->battle.follow_brigade];
	return slot == FOLLOW_GENERAL ? (hex_ref){ REF_GENERAL, br->general } : (hex_ref){ REF_UNIT, br->units[slot] };
}

/* Does every member that stood with the brigade before the retreat stand
 * in the general's zone again? */
static bool follow_together(const referee *r)
{
	const hex_game *g = r->g;
	const hex_brigade *br = &g->brigades[r->battle.follow_brigade];
	const hex_general *gg = &g->generals[br->general];
	if (!gg->alive)
		return true;
	for (int k = 0; k < br->unit_count; k++) {
		const hex_unit *u = &g->units[br->units[k]];
		if (r->battle.follow_with[k] && u->alive && hex_distance(u->at, gg->at) > g->rs->brigades.zone_radius)
			return false;
	}
	return true;
}

/* While the brigade is not together: the first figure that may still fall
 * back without loss (its slot in *slot); false when none can, which ends
 * the withdrawal. */
bool ref_follow_open(const referee *r, int *slot)
{
	const referee_battle *b = &r->battle;
	const hex_game *g = r->g;
	if (b->follow_brigade < 0 || !g->brigades[b->follow_brigade].alive || follow_together(r))
		return false;
	const hex_brigade *br = &g->brigades[b->follow_brigade];
	retreat_outcome *out = xcalloc(RETREAT_MAX_OUTCOMES, sizeof *out);
	bool open = false;
	for (int k = 0; k <= FOLLOW_GENERAL && !open; k++) {
		if ((k < FOLLOW_GENERAL && k >= br->unit_count) || !b->follow_with[k] || b->followed[k])
			continue;
		hex_ref who = ref_follow_ref(r, k);
		if (!hex_game_ref_alive(g, who))
			continue;
		int n = retreat_outcomes(g, who, b->follow_hexes, false, out, RETREAT_MAX_OUTCOMES);
		for (int i = 0; i < n && i < RETREAT_MAX_OUTCOMES && !open; i++)
			open = out[i].lost == 0 && !out[i].off_board;
		if (open && slot)
			*slot = k;
	}
	free(out);
	return open;
}

/* After a brigade member's retreat (the figures still where they stood
 * before it, `to` where the retreater ends): note who stood together.
 * Called before the move; follow_offer after it. */
void ref_follow_note(referee *r, hex_ref who)
{
	referee_battle *b = &r->battle;
	hex_game *g = r->g;
	b->follow_brigade = -1;
	memset(b->follow_with, 0, sizeof b->follow_with);
	memset(b->followed, 0, sizeof b->followed);
	b->follow_started = false;
	if (!g->rs->stacking.brigades || who.kind != REF_UNIT)
		return;
	int bi = g->units[who.index].brigade;
	if (bi < 0 || !g->brigades[bi].alive || !g->generals[g->brigades[bi].general].alive)
		return;
	const hex_brigade *br = &g->brigades[bi];
	const hex_general *gg = &g->generals[br->general];
	bool member_with = false;
	for (int k = 0; k < br->unit_count; k++) {
		const hex_unit *u = &g->units[br->units[k]];
		b->follow_with[k] = u->alive && hex_distance(u->at, gg->at) <= g->rs->brigades.zone_radius;
		if (br->units[k] == who.index) {
			member_with = b->follow_with[k];
			b->followed[k] = true;
		}
	}
	b->follow_with[FOLLOW_GENERAL] = true;
	if (member_with)
		b->follow_brigade = bi;
}

void ref_follow_offer(referee *r, int carried, int hexes)
{
	referee_battle *b = &r->battle;
	if (b->follow_brigade < 0)
		return;
	const hex_brigade *br = &r->g->brigades[b->follow_brigade];
	if (carried == br->general)
		b->followed[FOLLOW_GENERAL] = true;
	b->follow_hexes = hexes;
	if (hexes <= 0 || !hex_game_ref_alive(r->g, b->retreater) || follow_together(r))
		b->follow_brigade = -1;
}

bool ref_in_turn(const referee *r, const char *what, rules_error *err)
{
	if (r->phase == PHASE_SETUP || r->phase == PHASE_START)
		return fail(err, r->g, r->g->rs->turn.rule,
			"'%s' before a card is played: a turn begins with 'play' (or 'discard')", what);
	if (r->phase == PHASE_DISCARDED)
		return fail(err, r->g, r->g->rs->deck.rule, "'%s' after a discard: the turn ends with 'draw'", what);
	/* A fall-back card (short-supply) orders nothing of one's own: its
	 * turn is the naming, the fall-back and the draw. */
	if (r->has_current && r->current.kind == ORDER_UNREFEREED && strcmp(what, "order") != 0 &&
		strcmp(what, "retreat") != 0)
		return fail(err, r->g, cards_index_rule(r->g, r->current.card),
			"'%s' in a turn of card '%s', which orders no unit of yours: the turn "
			"ends with 'draw'", what, r->g->rs->deck.cards[r->current.card].id);
	return true;
}

/* ---- orders ---- */

static bool order_ref(const referee *r, const char *word, hex_ref *ref, rules_error *err)
{
	int b = hex_game_find_brigade(r->g, word);
	if (b >= 0 && !hex_game_resolve_ref(r->g, word, ref)) {
		*ref = (hex_ref){ REF_GENERAL, r->g->brigades[b].general };
		if (!r->g->generals[ref->index].alive)
			return fail(err, r->g, r->g->rs->brigades.rule, "brigade '%s' has lost its general", word);
		return true;
	}
	return ref_resolve(r, word, ref, err);
}

static void mark_ordered(referee *r, hex_ref ref, bool busy)
{
	hex_ref members[64];
	int n = orders_members(r->g, &r->current, ref, members, 64);
	if (n > 64)
		n = 64;
	for (int i = 0; i < n; i++) {
		rules_error frozen;
		if (members[i].kind == REF_UNIT && hex_special_frozen(r->g, members[i].index, &frozen))
			continue;   /* a group's order does not reach a frozen member */
		if (members[i].kind == REF_UNIT) {
			r->ut[members[i].index].ordered = true;
			r->ut[members[i].index].busy |= busy;
		} else {
			r->gt[members[i].index].ordered = true;
			r->gt[members[i].index].busy |= busy;
		}
	}
}

static bool orders_phase(const referee *r, const char *what, rules_error *err)
{
	if (!ref_in_turn(r, what, err))
		return false;
	if (r->phase != PHASE_ORDERS)
		return fail(err, r->g, r->g->rs->turn.rule, "'%s' after the first move or battle: the card's orders are given first",
			what);
	return true;
}

/* §9: one order per unit and general a turn.  refs[i] is the figure named
 * by `word`; refs[0..i-1] the figures named before it on the same line.
 * True (with the reason) when it was named in an order already.  Naming
 * another member of a group ordered together (a noord-zuid hex group or
 * brigade) gives no second order and is allowed. */
static bool already_ordered(const referee *r, const hex_ref *refs, size_t i, const char *word, rules_error *err)
{
	hex_ref f = refs[i];
	bool twice = f.kind == REF_UNIT ? r->ut[f.index].named : r->gt[f.index].named;
	for (size_t k = 0; k < i && !twice; k++)
		twice = refs[k].kind == f.kind && refs[k].index == f.index;
	if (!twice)
		return false;
	fail(err, r->g, r->g->rs->turn.rule, "'%s' is ordered twice this turn: each unit and general carries out one order a turn",
		word);
	return true;
}

/* §3.3: a brigade formed or dissolved this turn, its general included,
 * carries out no other order that turn: a figure busy with that order
 * (the members of a brigade dissolved are busy without having been named
 * in an order line) is refused with the brigade's rule, before §9's
 * "ordered twice".  True (with the reason) when the figure is one. */
static bool busy_with_brigade(const referee *r, hex_ref f, const char *word, rules_error *err)
{
	bool busy = f.kind == REF_UNIT ? r->ut[f.index].busy : r->gt[f.index].busy;
	if (!busy)
		return false;
	fail(err, r->g, r->g->rs->brigades.rule, "'%s' took part in forming or dissolving a brigade this turn: "
		"the brigade, its general included, carries out no other order that turn", word);
	return true;
}

/* The figures an order line names, each added to `s` in turn, so that a
 * name is judged against the orders of the names before it on the line;
 * refs[i] the figure of the i-th word. */
static bool order_words(const referee *r, const gl_action *a, order_set *s, hex_ref *refs, rules_error *err)
{
	for (size_t i = 0; i < a->word_count; i++)
		if (!order_ref(r, a->words[i], &refs[i], err) || busy_with_brigade(r, refs[i], a->words[i], err) ||
			already_ordered(r, refs, i, a->words[i], err) ||
			!orders_add(r->g, r->side, &r->current, s, refs[i], err))
			return false;
	return true;
}

/* What an order line must meet before its figures are judged: a card
 * that gives orders, in the orders phase. */
static bool order_allowed(const referee *r, rules_error *err)
{
	if (ref_in_turn(r, "order", err) && r->has_current && cards_is(r->g, r->current.card, RS_EFFECT_RALLY) &&
		r->current.kind == ORDER_UNREFEREED)
		return fail(err, r->g, cards_index_rule(r->g, r->current.card),
			"card '%s' orders no unit: it rolls its dice and returns figures; the turn "
			"ends with 'draw'", ref_current_card(r)->id);
	if (ref_in_turn(r, "order", err) && r->has_current && r->current.kind == ORDER_UNREFEREED && !r->target_owed)
		return fail(err, r->g, cards_index_rule(r->g, r->current.card), "card '%s' gives no orders: it has named its unit already",
			r->g->rs->deck.cards[r->current.card].id);
	return orders_phase(r, "order", err);
}

/* The figures an order line names, judged on `trial`, a copy of the
 * turn's orders (order_set_finish), so that a check leaves the referee
 * as it found it; refs[i] the figure of the i-th word. */
static bool order_tried(const referee *r, const gl_action *a, order_set *trial, hex_ref *refs, rules_error *err)
{
	order_set_copy(&r->orders, trial);
	return order_words(r, a, trial, refs, err);
}

bool ref_check_order(const referee *r, const gl_action *a, rules_error *err)
{
	if (!order_allowed(r, err))
		return false;
	if (r->target_owed)
		return ref_check_fall_back_order(r, a, err);
	order_set trial;
	hex_ref *refs = xcalloc(a->word_count + 1, sizeof *refs);
	bool ok = order_tried(r, a, &trial, refs, err);
	free(refs);
	order_set_finish(&trial);
	return ok;
}

/* The figures of an order line carried out: each ordered and named. */
static void order_mark(referee *r, const gl_action *a, const hex_ref *refs)
{
	for (size_t i = 0; i < a->word_count; i++) {
		mark_ordered(r, refs[i], false);
		if (refs[i].kind == REF_UNIT)
			r->ut[refs[i].index].named = true;
		else
			r->gt[refs[i].index].named = true;
	}
}

void ref_apply_order(referee *r, const gl_action *a)
{
	if (r->target_owed) {
		ref_apply_fall_back_order(r, a);
		return;
	}
	/* ref_check_order passed this very line on a copy of the same orders. */
	hex_ref *refs = xcalloc(a->word_count + 1, sizeof *refs);
	rules_error unused;
	order_words(r, a, &r->orders, refs, &unused);
	order_mark(r, a, refs);
	free(refs);
}

bool ref_order(referee *r, const gl_action *a, rules_error *err)
{
	if (!order_allowed(r, err))
		return false;
	if (r->target_owed) {
		if (!ref_check_fall_back_order(r, a, err))
			return false;
		ref_apply_fall_back_order(r, a);
		return true;
	}
	order_set trial;
	hex_ref *refs = xcalloc(a->word_count + 1, sizeof *refs);
	bool ok = order_tried(r, a, &trial, refs, err);
	if (ok) {
		/* The orders the check gave on its copy are the turn's now. */
		order_set_assign(&r->orders, &trial);
		order_mark(r, a, refs);
	}
	free(refs);
	order_set_finish(&trial);
	return ok;
}

/* Would orders_add accept `ref` now?  Tried on a copy of the turn's
 * orders, so that a check leaves the referee as it found it. */
static bool order_trial(const referee *r, hex_ref ref, rules_error *err)
{
	order_set t;
	order_set_copy(&r->orders, &t);
	bool ok = orders_add(r->g, r->side, &r->current, &t, ref, err);
	order_set_finish(&t);
	return ok;
}

/* The general a form or dissolve line orders: the brigade's for dissolve,
 * the one named for form (both resolved by ref_check_form already). */
static hex_ref form_general(const referee *r, const gl_action *a)
{
	hex_ref gen = { REF_NONE, -1 };
	if (a->kind == ACT_DISSOLVE)
		gen = (hex_ref){ REF_GENERAL, r->g->brigades[hex_game_find_brigade(r->g, a->subject)].general };
	else
		hex_game_resolve_ref(r->g, a->object, &gen);
	return gen;
}

bool ref_check_form(const referee *r, const gl_action *a, rules_error *err)
{
	const hex_game *g = r->g;
	const char *rule = g->rs->brigades.rule;
	if (!g->rs->stacking.brigades)
		return fail(err, g, g->rs->stacking.rule, "%s has no brigades", g->rs->id);
	if (!orders_phase(r, hexlog_keyword(a->kind), err))
		return false;
	if (a->kind == ACT_DISSOLVE) {
		int b = hex_game_find_brigade(g, a->subject);
		if (b < 0)
			return fail(err, g, NULL, "no brigade '%s'", a->subject);
		hex_ref gen = { REF_GENERAL, g->brigades[b].general };
		return ref_own(r, gen, err) && order_trial(r, gen, err);
	}
	if (hex_game_find_brigade(g, a->subject) >= 0)
		return fail(err, g, rule, "brigade '%s' exists already", a->subject);
	hex_ref gen;
	if (!ref_resolve(r, a->object, &gen, err) || !ref_own(r, gen, err))
		return false;
	if (gen.kind != REF_GENERAL)
		return fail(err, g, rule, "'%s' is not a general; a brigade is formed under a general", a->object);
	if (g->generals[gen.index].brigade >= 0)
		return fail(err, g, rule, "general '%s' already commands brigade '%s'", a->object,
			g->brigades[g->generals[gen.index].brigade].id);
	if ((int)a->word_count > g->rs->brigades.max_units || a->word_count > GAME_MAX_BRIGADE_UNITS)
		return fail(err, g, rule, "a brigade has at most %d units, not %zu", g->rs->brigades.max_units, a->word_count);
	int units[GAME_MAX_BRIGADE_UNITS];
	for (size_t i = 0; i < a->word_count; i++) {
		hex_ref u;
		if (!ref_resolve(r, a->words[i], &u, err) || !ref_own(r, u, err))
			return false;
		if (u.kind != REF_UNIT)
			return fail(err, g, rule, "'%s' is not a unit", a->words[i]);
		if (g->units[u.index].brigade >= 0 && g->brigades[g->units[u.index].brigade].alive)
			return fail(err, g, rule, "unit '%s' already belongs to brigade '%s'", a->words[i],
				g->brigades[g->units[u.index].brigade].id);
		if (hex_distance(g->units[u.index].at, g->generals[gen.index].at) > g->rs->brigades.zone_radius)
			return fail(err, g, rule, "unit '%s' is outside the zone of control of general '%s'", a->words[i], a->object);
		for (size_t k = 0; k < i; k++)
			if (units[k] == u.index)
				return fail(err, g, NULL, "unit '%s' is named twice", a->words[i]);
		units[i] = u.index;
	}
	if (!order_trial(r, gen, err))
		return false;
	if (g->brigade_count >= g->brigade_capacity)
		return fail(err, g, rule, "no more brigades than generals");
	return true;
}

void ref_apply_form(referee *r, const gl_action *a)
{
	hex_game *g = r->g;
	hex_ref gen = form_general(r, a);
	rules_error unused;
	/* ref_check_form tried this very order on a copy of the same set. */
	orders_add(g, r->side, &r->current, &r->orders, gen, &unused);
	if (a->kind == ACT_DISSOLVE) {
		mark_ordered(r, gen, true);
		r->gt[gen.index].named = true;
		hex_brigade *br = &g->brigades[hex_game_find_brigade(g, a->subject)];
		br->alive = false;
		for (int k = 0; k < br->unit_count; k++)
			g->units[br->units[k]].brigade = -1;
		g->generals[br->general].brigade = -1;
		return;
	}
	hex_brigade *br = &g->brigades[g->brigade_count];
	memset(br, 0, sizeof *br);
	br->id = xstrdup(a->subject);
	br->side = r->side;
	br->general = gen.index;
	br->alive = true;
	for (size_t i = 0; i < a->word_count; i++) {
		hex_ref u;
		hex_game_resolve_ref(g, a->words[i], &u);
		br->units[br->unit_count++] = u.index;
		g->units[u.index].brigade = (int)g->brigade_count;
		r->ut[u.index].ordered = r->ut[u.index].busy = r->ut[u.index].named = true;
	}
	g->generals[gen.index].brigade = (int)g->brigade_count;
	g->brigade_count++;
	r->gt[gen.index].ordered = r->gt[gen.index].busy = r->gt[gen.index].named = true;
}

/* ---- moves ---- */

static bool moves_phase(const referee *r, const char *what, rules_error *err)
{
	if (!ref_in_turn(r, what, err))
		return false;
	if (r->phase == PHASE_BATTLES)
		return fail(err, r->g, r->g->rs->turn.rule, "'%s' after a battle: every move comes before the first battle", what);
	return true;
}

static const char *stack_rule(const hex_game *g)
{
	return g->rs->stacking.rule;
}

/* Will the general of a unit's hex go with it?  *carried set. */
bool ref_general_follows(const referee *r, int unit, bool alone, int *carried, rules_error *err)
{
	hex_game *g = r->g;
	*carried = -1;
	int gen = hex_game_unit_general(g, unit);
	if (alone) {
		if (gen < 0)
			return fail(err, g, NULL, "'alone': unit '%s' has no general with it", g->units[unit].id);
		if (g->rs->general.must_follow_unit && !r->gt[gen].moved)
			return fail(err, g, stack_rule(g), "general '%s' must go with unit '%s' (%s)", g->generals[gen].id,
				g->units[unit].id, g->rs->id);
		return true;
	}
	if (gen >= 0 && !r->gt[gen].moved)
		*carried = gen;
	return true;
}

static int brigade_speed(const referee *r, int unit)
{
	hex_game *g = r->g;
	const hex_unit *u = &g->units[unit];
	if (!g->rs->stacking.brigades || u->brigade < 0 || !r->ut[unit].in_zone)
		return -1;
	const hex_brigade *br = &g->brigades[u->brigade];
	if (!br->alive || !g->generals[br->general].alive)
		return -1;
	int speed = g->rs->general.move;
	for (int k = 0; k < br->unit_count; k++) {
		int m = br->units[k];
		if (!g->units[m].alive || !r->ut[m].in_zone)
			continue;
		int v = moves_max(g, (hex_ref){ REF_UNIT, m });
		if (v < speed)
			speed = v;
	}
	return speed;
}

/* What a move line asks, found the same way by the check and by the apply
 * step: who moves, the general carried along, and the limits of the move. */
typedef struct move_plan {
	hex_ref who;
	move_options o;
	int carried;
} move_plan;

/* A move that leaves the board by an exit hex (<exit>, `move REF HEX...
 * off`): the hexes named by the movement rules, the step off the board
 * one hex more, from an exit hex of the side that does not stop the move. */
static bool move_off_check(const referee *r, const gl_action *a, const move_plan *p, rules_error *err)
{
	hex_game *g = r->g;
	if (p->who.kind != REF_UNIT)
		return fail(err, g, NULL, "'off' is for a unit leaving the board by an exit hex");
	const char *id = g->units[p->who.index].id;
	int max = p->o.max_hexes >= 0 ? p->o.max_hexes : moves_max(g, p->who);
	if ((int)a->hex_count + 1 > max)
		return fail(err, g, g->rs->movement.rule, "'%s' may move at most %d %s, and the step off the board is one: "
			"not %zu", id, max, max == 1 ? "hex" : "hexes", a->hex_count + 1);
	hex_coord from = hex_game_ref_at(g, p->who);
	if (a->hex_count > 0) {
		move_options o = p->o;
		o.max_hexes = max - 1;
		if (!moves_check_path(g, p->who, &o, a->hexes, (int)a->hex_count, err))
			return false;
		from = a->hexes[a->hex_count - 1];
		step_verdict v;
		moves_step(g, p->who, o.with_general, from, &v);
		if (v.stop) {
			char at[HEX_ADDRESS_MAX];
			return fail(err, g, g->rs->movement.rule, "'%s' must stop on entering %s and cannot leave the board "
				"from it in the same move", id, hex_format(from, at));
		}
	}
	return hex_special_exit_check(g, p->who.index, from, err);
}

static bool move_plan_of(const referee *r, const gl_action *a, move_plan *p, rules_error *err)
{
	hex_game *g = r->g;
	if (!moves_phase(r, "move", err))
		return false;
	p->o = (move_options){ false, -1 };
	p->carried = -1;
	if (!ref_resolve(r, a->subject, &p->who, err) || !ref_own(r, p->who, err))
		return false;
	if (p->who.kind == REF_UNIT) {
		unit_turn *t = &r->ut[p->who.index];
		const char *id = g->units[p->who.index].id;
		if (hex_special_frozen(g, p->who.index, err))
			return false;
		if (!ref_free_to_act(r, "unit", id, t->ordered, t->busy, " and may not move", err))
			return false;
		if (t->moved_done)
			return fail(err, g, g->rs->movement.rule, "unit '%s' has already moved this turn", id);
		if (t->state_changed)
			return fail(err, g, g->rs->movement.rule, "unit '%s' has %s this turn and may not move", id,
				t->mounted_now ? "mounted" : "dismounted");
		if (t->battles > 0)
			return fail(err, g, g->rs->turn.rule, "unit '%s' has battled; moves come first", id);
		if (!ref_general_follows(r, p->who.index, a->alone, &p->carried, err))
			return false;
		p->o.with_general = p->carried >= 0;
		p->o.max_hexes = brigade_speed(r, p->who.index);
		if (p->o.max_hexes >= 0 && p->o.max_hexes > moves_max(g, p->who))
			p->o.max_hexes = moves_max(g, p->who);
	} else {
		general_turn *t = &r->gt[p->who.index];
		const char *id = g->generals[p->who.index].id;
		if (a->alone)
			return fail(err, g, NULL, "'alone' is for a unit leaving its general behind");
		if (!ref_free_to_act(r, "general", id, t->ordered, t->busy, " and may not move", err))
			return false;
		if (t->moved)
			return fail(err, g, g->rs->movement.rule, "general '%s' has already moved this turn", id);
	}
	if (a->off)
		return move_off_check(r, a, p, err);
	if (!moves_check_path(g, p->who, &p->o, a->hexes, (int)a->hex_count, err)) {
		if (p->o.max_hexes >= 0 && p->o.max_hexes < moves_max(g, p->who) && (int)a->hex_count > p->o.max_hexes)
			return fail(err, g, g->rs->brigades.rule,
				"unit '%s' moves with its brigade, at the speed of its slowest member: at most %d %s",
				hex_game_ref_id(g, p->who), p->o.max_hexes, p->o.max_hexes == 1 ? "hex" : "hexes");
		return false;
	}
	return true;
}

/* The zones of control of a move its plan allows. */
static bool move_zones_check(const referee *r, const gl_action *a, const move_plan *p, rules_error *err)
{
	hex_game *g = r->g;
	/* A brigade's zone of control is judged with the mover (and the general
	 * it carries) on the new hex; both are put back whatever the answer, so
	 * the game is as it was when the check returns. */
	hex_ref who = p->who;
	int carried = p->carried;
	hex_coord from = hex_game_ref_at(g, who);
	hex_coord to = a->hex_count > 0 ? a->hexes[a->hex_count - 1] : from;
	hex_game_place(g, who, to);
	if (carried >= 0)
		hex_game_place(g, (hex_ref){ REF_GENERAL, carried }, to);
	bool zone_ok = (who.kind != REF_UNIT || rejoin_check(r, who.index, from, err)) &&
		ref_move_zone_check(r, who, carried, err) &&
		(carried < 0 || ref_move_zone_check(r, (hex_ref){ REF_GENERAL, carried }, -1, err));
	hex_game_place(g, who, from);
	if (carried >= 0)
		hex_game_place(g, (hex_ref){ REF_GENERAL, carried }, from);
	return zone_ok;
}

bool ref_check_move(const referee *r, const gl_action *a, rules_error *err)
{
	move_plan p;
	return move_plan_of(r, a, &p, err) && move_zones_check(r, a, &p, err);
}

static void move_carry_out(referee *r, const gl_action *a, const move_plan *p);

void ref_apply_move(referee *r, const gl_action *a)
{
	move_plan p;
	rules_error spare;   /* ref_check_move passed: the mover is known */
	move_plan_of(r, a, &p, &spare);
	move_carry_out(r, a, &p);
}

bool ref_move(referee *r, const gl_action *a, rules_error *err)
{
	move_plan p;
	if (!move_plan_of(r, a, &p, err) || !move_zones_check(r, a, &p, err))
		return false;
	move_carry_out(r, a, &p);
	return true;
}

/* The move a plan allows, made. */
static void move_carry_out(referee *r, const gl_action *a, const move_plan *p)
{
	hex_game *g = r->g;
	hex_ref who = p->who;
	move_options o = p->o;
	int carried = p->carried;
	hex_coord to = a->hex_count > 0 ? a->hexes[a->hex_count - 1] : hex_game_ref_at(g, who);
	int hexes = (int)a->hex_count;
	if (a->hex_count == 1 && !hex_adjacent(hex_game_ref_at(g, who), to)) {
		size_t n = hex_count(&g->board);
		int *steps = xmalloc(n * sizeof *steps);
		moves_reach(g, who, &o, steps);
		hexes = steps[hex_index(&g->board, to)];
		free(steps);
	}
	hex_game_place(g, who, to);
	if (carried >= 0)
		hex_game_place(g, (hex_ref){ REF_GENERAL, carried }, to);
	const rs_terrain *t = hex_game_terrain(g, to);
	if (who.kind == REF_UNIT) {
		r->ut[who.index].moved = hexes;
		r->ut[who.index].moved_done = true;
		r->ut[who.index].move_line = a->line;
		r->ut[who.index].entered_no_battle = t && t->no_battle_on_entry;
		if (carried >= 0) {
			r->gt[carried].moved = true;
			r->gt[carried].move_line = a->line;
		}
	} else {
		r->gt[who.index].moved = true;
		r->gt[who.index].move_line = a->line;
	}
	/* Off the board by an exit hex: the unit leaves, its general stays on
	 * the hex it left from, its side scores. */
	if (a->off && who.kind == REF_UNIT)
		hex_special_exit(g, who.index);
	r->phase = PHASE_MOVES;
}

static bool has_then(const hex_unit *u, const char *then)
{
	for (size_t i = 0; i < u->type->move_count; i++)
		if (u->type->moves[i].then && strcmp(u->type->moves[i].then, then) == 0 &&
			hex_game_unit_matches(u, &u->type->moves[i].when))
			return true;
	return false;
}

static void set_attr(const hex_game *g, hex_unit *u, const char *attribute, const char *value)
{
	for (int k = 0; k < SC_UNIT_ATTRIBUTES; k++)
		if (strcmp(sc_unit_attribute_names[k], attribute) == 0)
			u->attr[k] = value;   /* a constant: the game's copies share it (hex_unit.attr) */
	hex_game_unit_attrs_changed(g->rs, u);
}

bool ref_check_mount(const referee *r, const gl_action *a, rules_error *err)
{
	hex_game *g = r->g;
	bool mount = a->kind == ACT_MOUNT;
	const char *what = hexlog_keyword(a->kind);
	if (!ref_in_turn(r, what, err))
		return false;
	hex_ref who;
	if (!ref_resolve(r, a->subject, &who, err) || !ref_own(r, who, err))
		return false;
	if (who.kind != REF_UNIT)
		return fail(err, g, g->rs->movement.rule, "'%s' is not a unit", a->subject);
	const hex_unit *u = &g->units[who.index];
	const unit_turn *t = &r->ut[who.index];
	if (!has_then(u, mount ? "mount" : "dismount"))
		return fail(err, g, g->rs->movement.rule, "%s '%s' cannot %s%s", u->type->id, u->id, what,
			hex_game_unit_attr(u, "state") ? (mount ? " (it is mounted)" : " (it is dismounted)") : "");
	if (!ref_free_to_act(r, "unit", u->id, t->ordered, t->busy, "", err))
		return false;
	if (t->moved_done || t->state_changed)
		return fail(err, g, g->rs->movement.rule,
			"unit '%s' has already %s this turn", u->id, t->moved_done ? "moved" : "changed state");
	if (!mount && t->battles > 0)
		return fail(err, g, g->rs->movement.rule, "unit '%s' dismounts before it battles, not after", u->id);
	return true;
}

void ref_apply_mount(referee *r, const gl_action *a)
{
	bool mount = a->kind == ACT_MOUNT;
	hex_ref who;
	hex_game_resolve_ref(r->g, a->subject, &who);   /* ref_check_mount passed: a living unit of the side */
	set_attr(r->g, &r->g->units[who.index], "state", mount ? "mounted" : "dismounted");
	r->ut[who.index].state_changed = true;
	r->ut[who.index].mounted_now = mount;
}

/* The card a player is told to play to dig in: the deck's dig card. */
static const char *dig_card_id(const hex_game *g)
{
	const rs_card *dig = cards_find(g, RS_EFFECT_DIG);
	return dig ? dig->id : "fieldworks";
}

bool ref_check_dig(const referee *r, const gl_action *a, rules_error *err)
{
	hex_game *g = r->g;
	if (!moves_phase(r, "dig", err))
		return false;
	if (!r->has_current || r->current.kind != ORDER_DIG)
		return fail(err, g, g->rs->deck.rule, "only the '%s' card lets units dig in",
			dig_card_id(g));
	hex_ref who;
	if (!ref_resolve(r, a->subject, &who, err) || !ref_own(r, who, err))
		return false;
	if (who.kind != REF_UNIT || !r->ut[who.index].ordered)
		return fail(err, g, g->rs->deck.rule, "'%s' has no order to dig in this turn", a->subject);
	const unit_turn *t = &r->ut[who.index];
	if (t->moved_done || t->battles > 0 || t->busy)
		return fail(err, g, g->rs->deck.rule, "unit '%s' digs in instead of moving or battling", a->subject);
	return true;
}

void ref_apply_dig(referee *r, const gl_action *a)
{
	hex_game *g = r->g;
	hex_ref who;
	hex_game_resolve_ref(g, a->subject, &who);   /* ref_check_dig passed: an ordered unit of the side */
	g->fieldworks[hex_index(&g->board, g->units[who.index].at)] = true;
	r->ut[who.index].busy = true;
	r->phase = PHASE_MOVES;
}

/* noord-zuid (001, the last retreat rule): when a member's retreat takes
 * it out of its general's zone, the player may let the whole brigade fall
 * back with it, each member and the general as many hexes toward the home
 * edge, by the retreat rules and without loss, until it stands together. */
/* The slot of brigade `br` that `who` fills (FOLLOW_GENERAL for its
 * general); -1 when it is not of the brigade. */
static int follow_slot(const hex_brigade *br, hex_ref who)
{
	int slot = -1;
	if (who.kind == REF_GENERAL && who.index == br->general)
		slot = FOLLOW_GENERAL;
	for (int k = 0; k < br->unit_count && who.kind == REF_UNIT; k++)
		if (br->units[k] == who.index)
			slot = k;
	return slot;
}

bool ref_check_follow(const referee *r, const gl_action *a, rules_error *err)
{
	const hex_game *g = r->g;
	const referee_battle *b = &r->battle;
	const char *rule = g->rs->retreat.flags_rule;
	if (!ref_battle_step(r, STEP_FOLLOW, "follow", err))
		return false;
	if (!g->rs->stacking.brigades)
		return fail(err, g, g->rs->stacking.rule, "%s has no brigades", g->rs->id);
	if (ref_peek(r, STEP_FOLLOW) != STEP_FOLLOW)
		return fail(err, g, rule, "no brigade falls back here: 'follow' comes right after the retreat of a brigade "
			"member that left its general's zone, while the brigade does not stand together");
	hex_ref who;
	if (!ref_resolve(r, a->subject, &who, err))
		return false;
	const hex_brigade *br = &g->brigades[b->follow_brigade];
	int slot = follow_slot(br, who);
	if (slot < 0 || !b->follow_with[slot])
		return fail(err, g, rule, "'%s' did not stand with brigade '%s' when its member retreated, so it does not fall "
			"back with it", a->subject, br->id);
	if (b->followed[slot])
		return fail(err, g, rule, "'%s' has fallen back with brigade '%s' already", a->subject, br->id);
	retreat_outcome out;
	if (!retreat_check_path(g, who, b->follow_hexes, false, a->hexes, (int)a->hex_count, &out, err))
		return false;
	if (out.lost > 0 || out.off_board)
		return fail(err, g, rule, "'%s' cannot fall back %d %s without loss; the brigade falls back together only "
			"where it can", a->subject, b->follow_hexes, b->follow_hexes == 1 ? "hex" : "hexes");
	return true;
}

void ref_apply_follow(referee *r, const gl_action *a)
{
	hex_game *g = r->g;
	referee_battle *b = &r->battle;
	/* ref_check_follow passed: a member of the brigade that has yet to fall
	 * back, on a path it takes without loss. */
	hex_ref who;
	hex_game_resolve_ref(g, a->subject, &who);
	retreat_outcome out;
	rules_error unused;
	retreat_check_path(g, who, b->follow_hexes, false, a->hexes, (int)a->hex_count, &out, &unused);
	if (out.len > 0)
		hex_game_place(g, who, out.path[out.len - 1]);
	b->followed[follow_slot(&g->brigades[b->follow_brigade], who)] = true;
	b->follow_started = true;
	if (ref_follow_open(r, NULL))
		b->step = STEP_FOLLOW;
	else
		ref_advance(r, STEP_GAIN);
}
