/* The referee's turn and its cards: the setup lines, playing and discarding
 * a card, drawing at the end of a turn, and the special cards (short supply,
 * reinforcements, rally, a fall-back order). */

#include "hex_referee_impl.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The reinforcement card (§8.1) is refereed at the end of this file, but a
 * play line checks and begins it. */
static bool reinforce_check(const referee *r, const gl_action *a, int card, bool with_faces, rules_error *err);
static void reinforce_begin(referee *r, const gl_action *a, int card);

/* ---- hands ---- */

static int hand_find(const referee_hand *h, deck_card c)
{
	for (int i = 0; i < h->count; i++)
		if (h->cards[i].card == c.card && h->cards[i].flank == c.flank)
			return i;
	return -1;
}

static void hand_add(referee_hand *h, deck_card c)
{
	grow_array((void **)&h->cards, &h->capacity, (size_t)h->count + 1, sizeof *h->cards);
	h->cards[h->count++] = c;
}

static void hand_remove(referee_hand *h, int i)
{
	memmove(&h->cards[i], &h->cards[i + 1], (size_t)(h->count - i - 1) * sizeof *h->cards);
	h->count--;
}

/* ---- setup actions ---- */

bool ref_setup(referee *r, const gl_action *a, rules_error *err)
{
	hex_game *g = r->g;
	if (r->phase != PHASE_SETUP)
		return fail(err, g, NULL, "'%s' belongs to the head of the log, before the first card is played",
			hexlog_keyword(a->kind));
	switch (a->kind) {
	case ACT_FORMAT:
		return true;
	case ACT_SEED:
		r->seed = a->number;
		r->has_seed = true;
		return true;
	case ACT_SCENARIO:
		if (!g->scenario_id || strcmp(a->subject, g->scenario_id) != 0)
			return fail(err, g, NULL, "this log is for scenario '%s', not '%s'", a->subject,
				g->scenario_id ? g->scenario_id : "?");
		return true;
	case ACT_FIRST: {
		int s = hex_game_side_index(g, a->side);
		if (s < 0)
			return fail(err, g, NULL, "no side '%s' in this scenario", a->side);
		if (g->first_side >= 0 && g->first_side != s)
			return fail(err, g, g->rs->turn.rule,
				"the scenario names %s as the first player, not %s", ref_side_id(r, g->first_side), a->side);
		r->side = s;
		return true;
	}
	case ACT_HAND: {
		int s = hex_game_side_index(g, a->side);
		if (s < 0)
			return fail(err, g, NULL, "no side '%s' in this scenario", a->side);
		if (r->hands[s].dealt)
			return fail(err, g, NULL, "the hand of %s is already dealt", a->side);
		if ((int)a->word_count != g->sides[s].hand_size)
			return fail(err, g, g->rs->deck.rule, "the scenario gives %s %d cards, not %zu", a->side, g->sides[s].hand_size,
				a->word_count);
		deck_card *cards = xcalloc(a->word_count + 1, sizeof *cards);
		deck_pool trial;
		deck_pool_init(&trial, g->rs);
		memcpy(trial.draw, r->pool.draw, (size_t)r->pool.kinds * sizeof *trial.draw);
		memcpy(trial.discard, r->pool.discard, (size_t)r->pool.kinds * sizeof *trial.discard);
		bool ok = true;
		for (size_t i = 0; i < a->word_count && ok; i++) {
			ok = ref_card_of(r, a->words[i], &cards[i], err);
			if (ok && !deck_pool_take(&trial, cards[i]))
				ok = fail(err, g, g->rs->deck.rule, "no copy of '%s' is left in the deck (the deck has %d)", a->words[i],
					deck_copies(g->rs, cards[i]));
		}
		if (ok) {
			memcpy(r->pool.draw, trial.draw, (size_t)r->pool.kinds * sizeof *trial.draw);
			for (size_t i = 0; i < a->word_count; i++)
				hand_add(&r->hands[s], cards[i]);
			r->hands[s].dealt = true;
		}
		deck_pool_finish(&trial);
		free(cards);
		return ok;
	}
	default:
		return true;
	}
}

/* Leaving the head: both hands dealt, first player known. */
static bool begin_game(const referee *r, rules_error *err)
{
	hex_game *g = r->g;
	for (int s = 0; s < GAME_SIDES; s++)
		if (!r->hands[s].dealt && g->sides[s].hand_size > 0)
			return fail(err, g, NULL, "the hand of %s is not dealt: write 'hand %s CARD...' before the first card "
				"is played", ref_side_id(r, s), ref_side_id(r, s));
	if (r->side < 0)
		return fail(err, g, g->rs->turn.rule,
			"the scenario names no first player: write 'first union' or 'first confederate' first");
	return true;
}

/* ---- card play ---- */

static bool check_side(const referee *r, const gl_action *a, rules_error *err)
{
	if (a->side && hex_game_side_index(r->g, a->side) != r->side)
		return fail(err, r->g, r->g->rs->turn.rule, "it is %s's turn, not %s's", ref_side_id(r, r->side), a->side);
	return true;
}

static bool turn_start(const referee *r, const gl_action *a, rules_error *err)
{
	if (r->phase == PHASE_SETUP) {
		if (!begin_game(r, err))
			return false;
	} else if (r->phase != PHASE_START) {
		return fail(err, r->g, r->g->rs->turn.rule, "%s has already %s a card this turn; the turn ends with 'draw'",
			ref_side_id(r, r->side), r->phase == PHASE_DISCARDED ? "discarded" : "played");
	}
	return check_side(r, a, err);
}

/* §8.1: a card whose effect makes one enemy unit fall back toward its
 * home row (short-supply), by the ruleset's data. */
/* Rows between a hex and the side's home row. */
static int rows_to_home(const hex_game *g, int side, hex_coord at)
{
	int step = hex_game_home_step(g, side);
	int n = 0;
	while (!hex_game_on_home_row(g, side, at) && hex_game_on_board(g, at) && n < RETREAT_MAX_FLAGS) {
		at.row += step;
		n++;
	}
	return n;
}

bool referee_fall_back_target(const referee *r, int unit, rules_error *err)
{
	const hex_game *g = r->g;
	const rs_card *c = &g->rs->deck.cards[r->current.card];
	bool enemy = c->target != RS_TARGET_FRIENDLY;
	const hex_unit *u = &g->units[unit];
	if (!u->alive) {
		hex_game_fail(err, g, cards_rule(g, c), "unit '%s' is no longer on the board", u->id);
		return false;
	}
	if (enemy != (u->side != r->side)) {
		hex_game_fail(err, g, cards_rule(g, c), "card '%s' names %s unit, and '%s' is %s", c->id,
			enemy ? "an enemy" : "a friendly", u->id, u->side == r->side ? "your own" : "the enemy's");
		return false;
	}
	return true;
}

/* `order REF` after a fall-back card: the unit named falls back hex by
 * hex toward its home row, its owner choosing each hex ('retreat'). */
bool ref_check_fall_back_order(const referee *r, const gl_action *a, rules_error *err)
{
	const hex_game *g = r->g;
	if (a->word_count != 1)
		return fail(err, g, cards_index_rule(g, r->current.card),
			"card '%s' names one enemy unit: 'order REF'", g->rs->deck.cards[r->current.card].id);
	hex_ref ref;
	if (!ref_resolve(r, a->words[0], &ref, err))
		return false;
	if (ref.kind != REF_UNIT)
		return fail(err, g, cards_index_rule(g, r->current.card),
			"card '%s' names a unit, and '%s' is a general", g->rs->deck.cards[r->current.card].id,
			a->words[0]);
	return referee_fall_back_target(r, ref.index, err);
}

void ref_apply_fall_back_order(referee *r, const gl_action *a)
{
	hex_game *g = r->g;
	hex_ref ref;
	hex_game_resolve_ref(g, a->words[0], &ref);   /* ref_check_fall_back_order passed: one living unit */
	referee_battle *b = &r->battle;
	memset(b, 0, sizeof *b);
	b->supply = true;
	b->line = a->line;
	b->attacker = -1;
	b->target = ref;
	b->retreater = ref;
	b->target_hex = g->units[ref.index].at;
	b->follow_brigade = -1;
	b->retreat_hexes = rows_to_home(g, g->units[ref.index].side, b->target_hex);
	r->target_owed = false;
	r->phase = PHASE_BATTLES;
	if (b->retreat_hexes > 0) {
		b->active = true;
		b->step = STEP_RETREAT;
		ref_note(r, "'%s' must fall back %d %s toward its home row.", a->words[0], b->retreat_hexes,
			b->retreat_hexes == 1 ? "hex" : "hexes");
	} else {
		ref_note(r, "'%s' already stands on its home row and stays.", a->words[0]);
	}
}

/* ---- §8.1 rally ---- */

const rs_card *ref_current_card(const referee *r)
{
	return &r->g->rs->deck.cards[r->current.card];
}

/* After 'play rally': the roll is owed, one die per card left in the
 * hand (the card's data). */
static void rally_begin(referee *r)
{
	referee_rally *ry = &r->rally;
	ry->dice = cards_rally_dice(ref_current_card(r), r->hands[r->side].count);
	if (ry->dice > REFEREE_RALLY_DICE)
		ry->dice = REFEREE_RALLY_DICE;
	ry->step = ry->dice > 0 ? RALLY_ROLL : RALLY_NONE;
	if (ry->dice > 0)
		ref_note(r, "Card '%s': roll %d %s ('rally : FACES').", ref_current_card(r)->id, ry->dice, ry->dice == 1 ? "die" : "dice");
	else
		ref_note(r, "Card '%s': no card left in the hand, no die to roll.", ref_current_card(r)->id);
}

/* Does a side have a unit that could take a figure back? */
static bool rally_wanted(const hex_game *g, const rs_card *c, int side)
{
	for (size_t i = 0; i < g->unit_count; i++)
		if (g->units[i].side == side && cards_rally_room(g, c, (int)i) > 0)
			return true;
	return false;
}

const char *ref_rally_owed_text(const referee *r, char *buf, size_t size)
{
	const referee_rally *ry = &r->rally;
	if (ry->step == RALLY_ROLL)
		snprintf(buf, size, "card '%s' is not settled: it rolls %d %s first ('rally : FACES')", ref_current_card(r)->id,
			ry->dice, ry->dice == 1 ? "die" : "dice");
	else
		snprintf(buf, size, "card '%s' is not settled: it returns %d %s, name the unit of each ('rally REF...')",
			ref_current_card(r)->id, ry->figures, ry->figures == 1 ? "figure" : "figures");
	return buf;
}

/* 'rally : FACES' (the roll) and 'rally REF...' (one unit a figure).
 * need: referee_dice_needed, the dice of the roll. */
bool ref_check_rally(const referee *r, const gl_action *a, int *need, rules_error *err)
{
	const hex_game *g = r->g;
	const referee_rally *ry = &r->rally;
	if (r->phase == PHASE_SETUP || r->phase == PHASE_START)
		return fail(err, g, g->rs->turn.rule, "'rally' before a card is played: a turn begins with 'play' (or 'discard')");
	if (!r->has_current || !cards_is(g, r->current.card, RS_EFFECT_RALLY)) {
		const rs_card *c = cards_find(g, RS_EFFECT_RALLY);
		return fail(err, g, cards_rule(g, c), "'rally' belongs to a turn of card '%s', and none is played",
			c ? c->id : "rally");
	}
	const rs_card *c = ref_current_card(r);
	if (a->word_count == 0) {
		if (ry->step != RALLY_ROLL)
			return fail(err, g, cards_rule(g, c), "card '%s' rolls its dice once, and they are rolled", c->id);
		if (need) {
			*need = ry->dice;
			return true;
		}
		if (a->faces_given && (int)a->face_count != ry->dice)
			return fail(err, g, cards_rule(g, c), "card '%s' rolls %d %s, one per card left in the hand; %zu %s given", c->id,
				ry->dice, ry->dice == 1 ? "die" : "dice", a->face_count, a->face_count == 1 ? "face is" : "faces are");
		char what[80];
		snprintf(what, sizeof what, "card '%s'", c->id);
		int faces[MAX_FACES], n;
		return ref_need_faces(r, a, ry->dice, what, err) && ref_parse_faces(r, a, faces, &n, err);
	}
	if (need)
		return fail(err, g, NULL, "'rally REF...' names units and rolls no dice");
	if (ry->step == RALLY_ROLL)
		return fail(err, g, cards_rule(g, c), "card '%s' rolls %d %s before units are named ('rally : FACES')", c->id, ry->dice,
			ry->dice == 1 ? "die" : "dice");
	if (ry->step != RALLY_UNITS)
		return fail(err, g, cards_rule(g, c), "card '%s' has no figure left to return", c->id);
	int *units = xcalloc(a->word_count + 1, sizeof *units);
	for (size_t i = 0; i < a->word_count; i++) {
		hex_ref ref;
		if (!hex_game_resolve_ref(g, a->words[i], &ref)) {
			free(units);
			return fail(err, g, NULL, "no unit '%s' in this scenario", a->words[i]);
		}
		if (ref.kind != REF_UNIT) {
			free(units);
			return fail(err, g, cards_rule(g, c), "'%s' is a general: card '%s' returns figures to units", a->words[i], c->id);
		}
		units[i] = ref.index;
	}
	bool ok = cards_rally_check(g, c, r->side, ry->faces, ry->face_count, units, (int)a->word_count, err);
	free(units);
	return ok;
}

void ref_apply_rally(referee *r, const gl_action *a)
{
	hex_game *g = r->g;
	referee_rally *ry = &r->rally;
	if (a->word_count == 0) {
		/* ref_check_rally passed: as many known faces as the roll owes. */
		rules_error unused;
		int n;
		ref_parse_faces(r, a, ry->faces, &n, &unused);
		ry->face_count = n;
		ry->figures = cards_rally_max(g, ref_current_card(r), r->side, ry->faces, n);
		ry->step = ry->figures > 0 ? RALLY_UNITS : RALLY_NONE;
		if (ry->figures > 0)
			ref_note(r, "The roll returns %d %s ('rally REF...', one unit id a figure).", ry->figures,
				ry->figures == 1 ? "figure" : "figures");
		else
			ref_note(r, "The roll returns no figure: no unit of a type it serves has lost any.");
		return;
	}
	/* ref_check_rally passed: every word names a unit the roll serves. */
	for (size_t i = 0; i < a->word_count; i++) {
		hex_ref ref;
		hex_game_resolve_ref(g, a->words[i], &ref);
		g->units[ref.index].figures++;
	}
	ref_note(r, "%zu %s back.", a->word_count, a->word_count == 1 ? "figure comes" : "figures come");
	ry->step = RALLY_NONE;
}

/* The card a turn's first line names (play or discard), with its place in
 * the hand of the side to play; refused before the turn or when the side
 * does not hold it. */
static bool turn_card(const referee *r, const gl_action *a, deck_card *c, int *idx, rules_error *err)
{
	if (!turn_start(r, a, err) || !ref_card_of(r, a->card, c, err))
		return false;
	*idx = hand_find(&r->hands[r->side], *c);
	if (*idx < 0)
		return fail(err, r->g, r->g->rs->deck.rule, "%s holds no '%s'", ref_side_id(r, r->side), a->card);
	return true;
}

/* The card a play line names and the order it gives (§8), found the same
 * way by the check and by the apply step. */
static bool play_order(const referee *r, const gl_action *a, int *idx, order_card *oc, rules_error *err)
{
	deck_card c;
	if (!turn_card(r, a, &c, idx, err))
		return false;
	return orders_from_card(r->g, r->side, c, ref_flank_of(r->g, a->section), r->has_last[1 - r->side] ?
		&r->last_played[1 - r->side] : NULL, oc, err);
}

bool ref_check_play(const referee *r, const gl_action *a, rules_error *err)
{
	hex_game *g = r->g;
	int idx;
	order_card oc;
	if (!play_order(r, a, &idx, &oc, err))
		return false;
	bool fall_back = oc.kind == ORDER_UNREFEREED && cards_is(g, oc.card, RS_EFFECT_FALL_BACK);
	bool reinforce = oc.kind == ORDER_UNREFEREED && cards_is(g, oc.card, RS_EFFECT_REINFORCE);
	bool rally = oc.kind == ORDER_UNREFEREED && cards_is(g, oc.card, RS_EFFECT_RALLY);
	if (oc.kind == ORDER_UNREFEREED && !fall_back && !reinforce && !rally)
		return fail(err, g, cards_index_rule(g, oc.card),
			"card '%s' cannot be played yet: orbat does not referee its effect so far; "
			"a side that cannot use any card discards one", g->rs->deck.cards[oc.card].id);
	if (a->faces_given && !reinforce)
		return fail(err, g, NULL, "card '%s' rolls no dice: write the 'play' line without ': FACES'",
			g->rs->deck.cards[oc.card].id);
	return !reinforce || reinforce_check(r, a, oc.card, true, err);
}

void ref_apply_play(referee *r, const gl_action *a)
{
	hex_game *g = r->g;
	int idx;
	order_card oc;
	rules_error spare;   /* ref_check_play passed: finding the card again cannot fail */
	play_order(r, a, &idx, &oc, &spare);
	bool fall_back = oc.kind == ORDER_UNREFEREED && cards_is(g, oc.card, RS_EFFECT_FALL_BACK);
	bool reinforce = oc.kind == ORDER_UNREFEREED && cards_is(g, oc.card, RS_EFFECT_REINFORCE);
	bool rally = oc.kind == ORDER_UNREFEREED && cards_is(g, oc.card, RS_EFFECT_RALLY);
	hand_remove(&r->hands[r->side], idx);
	r->current = oc;
	r->has_current = true;
	r->phase = PHASE_ORDERS;
	r->target_owed = fall_back;
	r->turn++;
	if (g->turns[r->side] == 0) {
		g->turns[r->side] = 1;   /* the first side's first turn */
		hex_special_arrivals(g, r->side);
	}
	ref_reset_turn(r);
	if (reinforce)
		reinforce_begin(r, a, oc.card);
	if (rally)
		rally_begin(r);
}

static bool card_could_be_used(const referee *r, deck_card c)
{
	hex_game *g = r->g;
	const order_card *last = r->has_last[1 - r->side] ? &r->last_played[1 - r->side] : NULL;
	rules_error spare;   /* why a flank does not fit: not needed here */
	/* The sections with someone to order, asked once for every flank the
	 * card may name (they differ in oc.section only); -1: not yet. */
	long sections = -1;
	for (int flank = -1; flank < hex_game_section_count(g); flank++) {
		order_card oc;
		if (!orders_from_card(g, r->side, c, flank, last, &oc, &spare))
			continue;
		if (oc.kind == ORDER_SECTION || oc.kind == ORDER_SECTION_TYPE) {
			if (sections < 0)
				sections = orders_sections_usable(g, r->side, &oc);
			if ((unsigned)sections & oc.section)
				return true;
		} else if (oc.kind != ORDER_UNREFEREED && orders_card_usable(g, r->side, &oc))
			return true;
		/* A fall-back card can always name an enemy unit. */
		if (oc.kind == ORDER_UNREFEREED && cards_is(g, oc.card, RS_EFFECT_FALL_BACK))
			return true;
		/* Reinforcements: while reserve units wait (§8.1). */
		if (oc.kind == ORDER_UNREFEREED && cards_is(g, oc.card, RS_EFFECT_REINFORCE) && hex_game_reserves_left(g, r->side) > 0)
			return true;
		/* Rally, while a unit has figures to take back. */
		if (oc.kind == ORDER_UNREFEREED && cards_is(g, oc.card, RS_EFFECT_RALLY) &&
			rally_wanted(g, &g->rs->deck.cards[oc.card], r->side))
			return true;
	}
	return false;
}

/* §8: by the ruleset's data, a side discards by choice, or only while it
 * can use no card. */
static bool discard_allowed(const referee *r, rules_error *err)
{
	const hex_game *g = r->g;
	for (int i = 0; i < r->hands[r->side].count && !g->rs->deck.discard_by_choice; i++) {
		if (card_could_be_used(r, r->hands[r->side].cards[i])) {
			char name[80];
			return fail(err, g, g->rs->deck.rule, "%s could use '%s'; a side discards only when it can use no card",
				ref_side_id(r, r->side), deck_format(g->rs, r->hands[r->side].cards[i], name, sizeof name));
		}
	}
	return true;
}

bool ref_check_discard(const referee *r, const gl_action *a, rules_error *err)
{
	deck_card c;
	int idx;
	return turn_card(r, a, &c, &idx, err) && discard_allowed(r, err);
}

void ref_apply_discard(referee *r, const gl_action *a)
{
	deck_card c;
	int idx;
	rules_error spare;   /* ref_check_discard passed: the card is in the hand */
	turn_card(r, a, &c, &idx, &spare);
	hand_remove(&r->hands[r->side], idx);
	deck_pool_discard(&r->pool, c);
	r->has_current = false;
	r->phase = PHASE_DISCARDED;
	r->turn++;
	if (r->g->turns[r->side] == 0) {
		r->g->turns[r->side] = 1;
		hex_special_arrivals(r->g, r->side);
	}
	ref_reset_turn(r);
}

/* ---- reinforcements (§8.1) ---- */

bool referee_play_rolls(const referee *r, const char *card)
{
	const hex_game *g = r->g;
	deck_card c;
	if (!card || !deck_parse(g->rs, card, &c) || r->side < 0)
		return false;
	/* A counter-attack that copies reinforcements rolls too. */
	order_card oc;
	rules_error spare;   /* why a flank does not fit: not needed here */
	const order_card *last = r->has_last[1 - r->side] ? &r->last_played[1 - r->side] : NULL;
	if (orders_from_card(g, r->side, c, -1, last, &oc, &spare))
		return cards_is(g, oc.card, RS_EFFECT_REINFORCE);
	return cards_is(g, c.card, RS_EFFECT_REINFORCE);
}

static bool reinforce_turn(const referee *r)
{
	return r->has_current && r->current.kind == ORDER_UNREFEREED && cards_is(r->g, r->current.card, RS_EFFECT_REINFORCE);
}

/* The slot of the roll that brings `unit`: one for its own type first, so
 * that a crossed sabres stays free for any other type (this way the
 * player's order of arrivals never loses one); -1 when none. */
static int arrival_slot(const referee *r, int unit)
{
	const referee_arrivals *ar = &r->arrivals;
	const char *type = r->g->units[unit].type->id;
	int any = -1;
	for (int i = 0; i < ar->slots; i++) {
		if (ar->used[i])
			continue;
		if (strcmp(ar->type[i], type) == 0)
			return i;
		if (any < 0 && strcmp(ar->type[i], "any") == 0)
			any = i;
	}
	return any;
}

bool referee_may_arrive(const referee *r, int unit)
{
	const hex_game *g = r->g;
	const hex_unit *u = &g->units[unit];
	if (!r->arrivals.active || !reinforce_turn(r) || r->phase == PHASE_OVER || !u->reserve || u->side != r->side)
		return false;
	hex_coord at[2];
	return arrival_slot(r, unit) >= 0 &&
		hex_game_landing(g, unit, g->rs->deck.cards[r->current.card].entry_home_row, at) > 0;
}

/* Every face that serves a waiting reserve unit brings it: the roll is
 * settled when no face left can bring any (or no hex is free for it). */
bool ref_reinforce_owed(const referee *r)
{
	if (!r->arrivals.active || r->phase == PHASE_OVER)
		return false;
	for (size_t i = 0; i < r->g->unit_count; i++)
		if (referee_may_arrive(r, (int)i))
			return true;
	return false;
}

/* "infantry, any type": the unit types the faces left still bring. */
static void slots_left(const referee *r, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < r->arrivals.slots && len + 2 < size; i++)
		if (!r->arrivals.used[i])
			len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? ", " : "",
				strcmp(r->arrivals.type[i], "any") == 0 ? "any type" : r->arrivals.type[i]);
	if (!buf[0])
		snprintf(buf, size, "none");
}

const char *ref_reinforce_owed_text(const referee *r, char *buf, size_t size)
{
	const hex_game *g = r->g;
	char left[200], units[300] = "";
	slots_left(r, left, sizeof left);
	size_t len = 0;
	for (size_t i = 0; i < g->unit_count && len + 2 < sizeof units; i++)
		if (referee_may_arrive(r, (int)i))
			len += (size_t)snprintf(units + len, sizeof units - len, "%s%s", len ? ", " : "", g->units[i].id);
	snprintf(buf, size, "the dice still bring reserve units (faces left for: %s): 'arrive REF [HEX]' with %s",
		left, units);
	return buf;
}

/* Before `play reinforcements` takes the card from the hand: reserve
 * units left, and (with_faces) the card's number of dice rolled. */
static bool reinforce_check(const referee *r, const gl_action *a, int card, bool with_faces, rules_error *err)
{
	hex_game *g = r->g;
	const rs_card *c = &g->rs->deck.cards[card];
	if (hex_game_reserves_left(g, r->side) == 0)
		return fail(err, g, cards_rule(g, c), "%s has no reserve units left: card '%s' can only be discarded",
			ref_side_id(r, r->side), c->id);
	if (c->arrivals_act)
		return fail(err, g, cards_rule(g, c), "card '%s' lets its arrivals move and battle in the same turn, which orbat "
			"does not referee yet", c->id);
	if (!with_faces)
		return true;
	if (!a->faces_given)
		return fail(err, g, NULL, "card '%s' rolls %d dice: the faces rolled are missing ('play %s : FACE...')",
			c->id, c->dice, a->card);
	int faces[MAX_FACES], n;
	if (!ref_parse_faces(r, a, faces, &n, err))
		return false;
	if (n != c->dice)
		return fail(err, g, cards_rule(g, c), "card '%s' rolls %d %s; %d %s given", c->id, c->dice,
			c->dice == 1 ? "die" : "dice", n, n == 1 ? "face is" : "faces are");
	return true;
}

/* The roll, checked already: one slot per reserve unit a face brings. */
static void reinforce_begin(referee *r, const gl_action *a, int card)
{
	hex_game *g = r->g;
	const rs_card *c = &g->rs->deck.cards[card];
	referee_arrivals *ar = &r->arrivals;
	memset(ar, 0, sizeof *ar);
	ar->active = true;
	ar->line = a->line;
	int faces[MAX_FACES], n;
	rules_error spare;
	if (!ref_parse_faces(r, a, faces, &n, &spare))
		n = 0;
	int per = c->per_face > 0 ? c->per_face : 1;
	for (int i = 0; i < n; i++)
		for (size_t k = 0; k < c->face_count; k++) {
			if (c->faces[k].face_index != faces[i])
				continue;
			for (int j = 0; j < per && ar->slots < REFEREE_MAX_ARRIVALS; j++)
				ar->type[ar->slots++] = c->faces[k].unit_type;
		}
	char left[200];
	slots_left(r, left, sizeof left);
	ref_note(r, "%s (faces for: %s).", ref_reinforce_owed(r) ? "The dice bring reserve units" :
		"The dice bring no reserve unit", left);
	/* Nothing else is ordered: the arrivals, then the draw. */
	r->phase = PHASE_BATTLES;
}

/* `arrive REF [HEX]`: a reserve unit comes onto its entry hex, or when
 * that is taken the nearest free hex of the home row (HEX chooses between
 * two as near; without it, the western one). */
bool ref_check_arrive(const referee *r, const gl_action *a, rules_error *err)
{
	const hex_game *g = r->g;
	if (!reinforce_turn(r) || !r->arrivals.active)
		return fail(err, g, cards_effect_rule(g, RS_EFFECT_REINFORCE),
			"'arrive' brings a reserve unit after a played reinforcements card only");
	const rs_card *c = &g->rs->deck.cards[r->current.card];
	int u = hex_game_find_unit(g, a->subject);
	if (u < 0) {
		if (hex_game_find_general(g, a->subject) >= 0)
			return fail(err, g, cards_rule(g, c), "'%s' is a general; card '%s' brings reserve units", a->subject, c->id);
		return fail(err, g, NULL, "no unit '%s' in this scenario", a->subject);
	}
	const hex_unit *gu = &g->units[u];
	if (gu->side != r->side)
		return fail(err, g, g->rs->turn.rule, "'%s' belongs to %s; it is %s's turn", gu->id, ref_side_id(r, gu->side),
			ref_side_id(r, r->side));
	if (!gu->reserve)
		return fail(err, g, cards_rule(g, c), "'%s' is not in reserve: it %s", gu->id,
			gu->alive ? "is on the board already" : "was destroyed");
	int slot = arrival_slot(r, u);
	if (slot < 0) {
		char left[200];
		slots_left(r, left, sizeof left);
		return fail(err, g, cards_rule(g, c), "the dice rolled bring no %s unit (faces left for: %s)", gu->type->id, left);
	}
	hex_coord land[2];
	char e[HEX_ADDRESS_MAX], h0[HEX_ADDRESS_MAX], h1[HEX_ADDRESS_MAX], want[HEX_ADDRESS_MAX];
	hex_format(gu->entry, e);
	int n = hex_game_landing(g, u, c->entry_home_row, land);
	if (n == 0)
		return fail(err, g, cards_rule(g, c), "'%s' cannot arrive: its entry hex %s is taken%s", gu->id, e,
			c->entry_home_row ? " and so is every hex of its home row" :
			"");
	hex_format(land[0], h0);
	if (n > 1)
		hex_format(land[1], h1);
	if (a->hex_count > 0) {
		bool ok = false;
		for (int i = 0; i < n; i++)
			ok |= grid_cell_equal(land[i], a->hexes[0]);
		hex_format(a->hexes[0], want);
		if (!ok && grid_cell_equal(land[0], gu->entry))
			return fail(err, g, cards_rule(g, c),
				"'%s' arrives on its entry hex %s, which is free, not on %s", gu->id, e, want);
		if (!ok)
			return fail(err, g, cards_rule(g, c),
				"'%s' arrives on the nearest free hex of its home row, %s%s%s (its entry hex %s "
				"is taken), not on %s", gu->id, h0, n > 1 ? " or " : "", n > 1 ? h1 : "", e, want);
	}
	return true;
}

void ref_apply_arrive(referee *r, const gl_action *a)
{
	hex_game *g = r->g;
	/* ref_check_arrive passed: a reserve unit of the side, a slot the dice
	 * left for its type, and a hex to land on (the one named, when named). */
	int u = hex_game_find_unit(g, a->subject);
	const hex_unit *gu = &g->units[u];
	hex_coord land[2];
	hex_game_landing(g, u, g->rs->deck.cards[r->current.card].entry_home_row, land);
	hex_coord at = a->hex_count > 0 ? a->hexes[0] : land[0];
	r->arrivals.used[arrival_slot(r, u)] = true;
	hex_game_arrive(g, u, at);
	r->ut[u].arrived = true;
	char where[HEX_ADDRESS_MAX];
	ref_note(r, "'%s' arrives on %s%s.", gu->id, hex_format(at, where),
		grid_cell_equal(at, gu->entry) ? "" : " (its entry hex is taken)");
}

/* Before any action: what the roll still owes comes first; a unit that
 * arrived this turn neither moves nor battles (the card's arrivals-act);
 * the card orders no unit. */
bool ref_reinforce_guard(referee *r, const gl_action *a, rules_error *err)
{
	hex_game *g = r->g;
	if (!reinforce_turn(r))
		return true;
	const char *card = g->rs->deck.cards[r->current.card].id;
	if (ref_reinforce_owed(r) && a->kind != ACT_ARRIVE) {
		char buf[400];
		return fail(err, g, cards_index_rule(g, r->current.card),
			"card '%s' is not settled: %s", card, ref_reinforce_owed_text(r, buf, sizeof buf));
	}
	bool acts = a->kind == ACT_MOVE || a->kind == ACT_BATTLE || a->kind == ACT_MOUNT || a->kind == ACT_DISMOUNT ||
		a->kind == ACT_DIG || a->kind == ACT_GAIN;
	int u = acts && a->subject ? hex_game_find_unit(g, a->subject) : -1;
	if (u < 0 && acts && a->subject) {
		hex_ref ref;
		if (hex_game_resolve_ref(g, a->subject, &ref) && ref.kind == REF_UNIT)
			u = ref.index;
	}
	if (u >= 0 && r->ut[u].arrived)
		return fail(err, g, cards_index_rule(g, r->current.card),
			"'%s' arrived this turn: units that card '%s' brings may not move or battle "
			"until a later turn", g->units[u].id, card);
	if (a->kind == ACT_ORDER || a->kind == ACT_FORM || a->kind == ACT_DISSOLVE)
		return fail(err, g, cards_index_rule(g, r->current.card),
			"card '%s' orders no unit: its reserve units arrive ('arrive REF [HEX]'), then "
			"the turn ends with 'draw'", card);
	return true;
}

/* `orbat play`: the dice of `play reinforcements`, after every other
 * check of the play. */
bool ref_reinforce_dice_needed(referee *r, const gl_action *a, int *count, rules_error *err)
{
	hex_game *g = r->g;
	deck_card dc;
	if (!a->card || !referee_play_rolls(r, a->card) || !deck_parse(g->rs, a->card, &dc))
		return fail(err, g, NULL, "'play %s' rolls no dice", a->card ? a->card : "");
	if (!turn_start(r, a, err))
		return false;
	if (hand_find(&r->hands[r->side], dc) < 0)
		return fail(err, g, g->rs->deck.rule, "%s holds no '%s'", ref_side_id(r, r->side), a->card);
	order_card oc;
	const order_card *last = r->has_last[1 - r->side] ? &r->last_played[1 - r->side] : NULL;
	if (!orders_from_card(g, r->side, dc, -1, last, &oc, err))
		return false;
	if (!reinforce_check(r, a, oc.card, false, err))
		return false;
	*count = g->rs->deck.cards[oc.card].dice;
	return true;
}

/* ---- the end of a turn ---- */

bool ref_check_draw(const referee *r, const gl_action *a, rules_error *err)
{
	hex_game *g = r->g;
	if (r->phase == PHASE_SETUP || r->phase == PHASE_START)
		return fail(err, g, g->rs->turn.rule, "'draw' ends a turn, and %s has not played or discarded a card yet",
			ref_side_id(r, r->side < 0 ? 0 : r->side));
	if (!check_side(r, a, err) || !ref_can_reach(r, STEP_GAIN + 1, "draw", err))
		return false;
	if (r->phase != PHASE_BATTLES && r->phase != PHASE_DISCARDED && !ref_check_zones(r, err))
		return false;
	if (!a->card)
		return fail(err, g, NULL, "'draw' names the card drawn");
	deck_card c;
	if (!ref_card_of(r, a->card, &c, err))
		return false;
	deck_pool trial = r->pool;
	int *draw = xmalloc(((size_t)r->pool.kinds + 1) * sizeof *draw);
	int *disc = xmalloc(((size_t)r->pool.kinds + 1) * sizeof *disc);
	memcpy(draw, r->pool.draw, (size_t)r->pool.kinds * sizeof *draw);
	memcpy(disc, r->pool.discard, (size_t)r->pool.kinds * sizeof *disc);
	trial.draw = draw;
	trial.discard = disc;
	if (r->has_current)
		deck_pool_discard(&trial, r->current.played);
	bool ok = deck_pool_take(&trial, c);
	free(draw);
	free(disc);
	if (!ok)
		return fail(err, g, g->rs->deck.rule, "no copy of '%s' is left to draw (the deck has %d; the others are in the hands "
			"or the discard pile)", a->card, deck_copies(g->rs, c));
	return true;
}

void ref_apply_draw(referee *r, const gl_action *a)
{
	deck_card c;
	rules_error spare;   /* ref_check_draw passed: the card's name is known */
	ref_card_of(r, a->card, &c, &spare);
	if (r->has_current)
		deck_pool_discard(&r->pool, r->current.played);
	deck_pool_take(&r->pool, c);
	hand_add(&r->hands[r->side], c);
	if (r->has_current) {
		r->last_played[r->side] = r->current;
		r->has_last[r->side] = true;
	}
	r->has_current = false;
	r->battle.active = false;
	r->side = 1 - r->side;
	r->g->turns[r->side]++;   /* the other side's turn is the next */
	r->phase = PHASE_START;
	/* A scenario's turn limit or sudden-death hex may end the game here;
	 * else its schedule may bring units. */
	if (hex_special_turn_begins(r->g, r->side)) {
		r->phase = PHASE_OVER;
		r->winner_line = a->line;
	} else {
		hex_special_arrivals(r->g, r->side);
	}
}
