/* The rules questions on a hex position, answered as data (hex_ask.h). */
#include "hex_ask.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "battle.h"
#include "cards.h"
#include "dice.h"
#include "moves.h"
#include "hex_special.h"
#include "retreat.h"
#include "sight.h"

/* The questions on a hex position, each with the number of words after
 * its own (FROM, TO, FLAGS or SIDE). */
typedef struct ask_word {
	const char *word;
	ask_kind kind;
	int args;
} ask_word;

static const ask_word ASK_WORDS[] = { { "los", ASK_LOS, 2 }, { "dice", ASK_DICE, 2 }, { "moves", ASK_MOVES, 1 },
	{ "retreat", ASK_RETREAT, 2 }, { "reinforcements", ASK_REINFORCEMENTS, 1 },
	{ "sharpshooter", ASK_SHARPSHOOTER, 1 }, { "rally", ASK_RALLY, 1 } };

static const ask_word *ask_word_find(const char *word)
{
	for (size_t i = 0; i < sizeof ASK_WORDS / sizeof ASK_WORDS[0]; i++)
		if (strcmp(word, ASK_WORDS[i].word) == 0)
			return &ASK_WORDS[i];
	return NULL;
}

bool ask_is_query(const char *word)
{
	return ask_word_find(word) != NULL;
}

int ask_parse(char **words, int count, ask_query *q, rules_error *err)
{
	memset(q, 0, sizeof *q);
	if (count <= 0) {
		rules_fail(err, RULES_ERROR_LOG_RULE,
			"name a query (los, dice, moves, retreat, reinforcements, sharpshooter, rally)");
		return 0;
	}
	const char *w = words[0];
	const ask_word *found = ask_word_find(w);
	if (!found) {
		rules_fail(err, RULES_ERROR_LOG_RULE,
			"unknown query '%s' (los, dice, moves, retreat, reinforcements, sharpshooter, rally)", w);
		return 0;
	}
	q->kind = found->kind;
	int args = found->args;
	q->name = w;
	if (args >= count) {
		rules_fail(err, RULES_ERROR_LOG_RULE, "'%s' takes %s", w,
			q->kind == ASK_REINFORCEMENTS ? "a side (union or confederate)" :
			q->kind == ASK_RALLY ? "a side" : args == 1 ? "a hex or a unit" :
			q->kind == ASK_RETREAT ? "a hex or a unit, and a number of flags" : "two hexes or units");
		return 0;
	}
	q->from_word = words[1];
	if (q->kind == ASK_LOS || q->kind == ASK_DICE) {
		q->to_word = words[2];
	} else if (q->kind == ASK_RETREAT) {
		long v;
		if (!parse_int(words[2], 0, RETREAT_MAX_FLAGS, &v)) {
			rules_fail(err, RULES_ERROR_LOG_RULE, "'%s' is not a number of flags (0 to %d)", words[2],
				RETREAT_MAX_FLAGS);
			return 0;
		}
		q->flags = (int)v;
	}
	return args + 1;
}

/* The section of the rules a question stands under: what an error about
 * nothing cites. */
static const char *query_section(const hex_game *g, ask_kind k)
{
	switch (k) {
	case ASK_LOS: return g->rs->sight.rule;
	case ASK_DICE: return g->rs->battle.rule;
	case ASK_MOVES: return g->rs->movement.rule;
	case ASK_RETREAT: return g->rs->retreat.path_rule;
	case ASK_REINFORCEMENTS: return cards_effect_rule(g, RS_EFFECT_REINFORCE);
	case ASK_SHARPSHOOTER: return cards_effect_rule(g, RS_EFFECT_SHARPSHOOTER);
	case ASK_RALLY: return cards_effect_rule(g, RS_EFFECT_RALLY);
	}
	return g->rs->board.rule;
}

/* Everything a question is about, resolved. */
typedef struct ask_ctx {
	const hex_game *g;
	const ask_query *q;
	ask_result *r;
} ask_ctx;

/* A question about nothing: the reason with its rule. */
static bool fail(ask_ctx *c, const char *section, const char *fmt, ...) DIAG_PRINTF(3, 4);

static bool fail(ask_ctx *c, const char *section, const char *fmt, ...)
{
	char rule[RULES_ERROR_RULE_LEN];
	hex_game_rule(c->g, section, rule, sizeof rule);
	va_list ap;
	va_start(ap, fmt);
	rules_vfail(&c->r->error, rule, fmt, ap);
	va_end(ap);
	c->r->answered = false;
	c->r->answers = 1;
	return false;
}

/* A FROM or TO word: the id of a unit or general in play, else a hex
 * address on the board. */
static bool resolve(ask_ctx *c, const char *word, ask_place *p)
{
	const hex_game *g = c->g;
	char b[HEX_ADDRESS_MAX];
	p->unit = hex_game_find_unit(g, word);
	p->general = p->unit < 0 ? hex_game_find_general(g, word) : -1;
	if (p->unit >= 0 || p->general >= 0) {
		hex_ref r = p->unit >= 0 ? (hex_ref){ REF_UNIT, p->unit } : (hex_ref){ REF_GENERAL, p->general };
		if (!hex_game_ref_alive(g, r))
			return fail(c, query_section(g, c->q->kind), "%s '%s' %s",
				r.kind == REF_UNIT ? "unit" : "general", word, hex_game_ref_absence(g, r));
		p->at = hex_game_ref_at(g, r);
		p->known = true;
		snprintf(p->shown, sizeof p->shown, "%s (%s)", word, hex_format(p->at, b));
		return true;
	}
	if (!hex_parse(word, &p->at))
		return fail(c, query_section(g, c->q->kind), "'%s' is neither a hex address (like C4) nor a unit or "
			"general of the scenario", word);
	p->known = true;
	snprintf(p->shown, sizeof p->shown, "%s", hex_format(p->at, b));
	if (!hex_game_on_board(g, p->at))
		return fail(c, g->rs->board.rule, "%s is not on the %d x %d board", p->shown, g->board.columns, g->board.rows);
	return true;
}

/* The next answer of the question, its rule looked up under `section`. */
static ask_item *next_item(ask_ctx *c, const char *section)
{
	ask_result *r = c->r;
	hex_game_rule(c->g, section, r->rule, sizeof r->rule);
	return &r->items[r->count++];
}

/* ---- the four questions ---- */

static bool ask_los(ask_ctx *c)
{
	const hex_game *g = c->g;
	ask_los_answer *a = &next_item(c, c->g->rs->sight.rule)->u.los;
	los_result_init(&a->sight);
	sight_check(g, c->r->from.at, c->r->to.at, &a->sight);
	/* The sight of a hex is the same for both units on it: one answer,
	 * about the unit named, else the only unit there. */
	int units[2];
	a->unit = c->r->from.unit;
	if (a->unit < 0 && c->r->from.general < 0 && hex_game_units_at(g, c->r->from.at, -1, units, 2) == 1)
		a->unit = units[0];
	return true;
}

/* The units a question about FROM is answered for: the unit named, else
 * every unit on the hex (two in noord-zuid). */
static int from_units(const ask_ctx *c, int units[2])
{
	const ask_place *from = &c->r->from;
	if (from->unit >= 0) {
		units[0] = from->unit;
		return 1;
	}
	if (from->general >= 0)
		return 0;
	return hex_game_units_at(c->g, from->at, -1, units, 2);
}

static bool ask_dice(ask_ctx *c)
{
	const hex_game *g = c->g;
	int units[2];
	int n = from_units(c, units);
	char b[HEX_ADDRESS_MAX];
	if (n == 0) {
		int gen = c->r->from.general >= 0 ? c->r->from.general : hex_game_general_at(g, c->r->from.at);
		if (gen >= 0)
			return fail(c, g->rs->battle.rule, "general '%s' at %s does not battle: a unit does, and he adds his "
				"die to it", g->generals[gen].id, hex_format(c->r->from.at, b));
		return fail(c, g->rs->battle.rule, "no unit at %s", c->r->from.shown);
	}
	c->r->answers = n;
	for (int i = 0; i < n; i++) {
		ask_dice_answer *a = &next_item(c, g->rs->battle.rule)->u.dice;
		a->unit = units[i];
		dice_battle(g, units[i], c->r->to.at, (hex_ref){ REF_NONE, -1 }, NULL, &a->dice);
	}
	return true;
}

static int static_brigade_speed(const hex_game *g, int unit)
{
	const hex_unit *u = &g->units[unit];
	if (!g->rs->stacking.brigades || u->brigade < 0 || !g->brigades[u->brigade].alive)
		return -1;
	const hex_brigade *br = &g->brigades[u->brigade];
	const hex_general *gg = &g->generals[br->general];
	if (!gg->alive || hex_distance(gg->at, u->at) > g->rs->brigades.zone_radius)
		return -1;
	int speed = g->rs->general.move;
	for (int k = 0; k < br->unit_count; k++) {
		const hex_unit *m = &g->units[br->units[k]];
		if (m->alive && hex_distance(gg->at, m->at) <= g->rs->brigades.zone_radius) {
			int v = moves_max(g, (hex_ref){ REF_UNIT, br->units[k] });
			if (v < speed)
				speed = v;
		}
	}
	return speed;
}

/* Hexes a figure may end its move on, and (units) those it may still
 * battle from. */
static size_t reach_list(const hex_game *g, hex_ref who, const move_options *o, hex_coord **list,
	hex_coord **battle, size_t *battle_count)
{
	size_t n = hex_count(&g->board);
	int *steps = xmalloc(n * sizeof *steps);
	moves_reach(g, who, o, steps);
	*list = xcalloc(n + 1, sizeof **list);
	if (battle)
		*battle = xcalloc(n + 1, sizeof **battle);
	size_t count = 0, bcount = 0;
	for (size_t i = 0; i < n; i++) {
		if (steps[i] < 0)
			continue;
		hex_coord h = hex_from_index(&g->board, i);
		(*list)[count++] = h;
		if (battle && who.kind == REF_UNIT) {
			const rs_terrain *t = hex_game_terrain(g, h);
			if (moves_battle_after(g, who.index, steps[i]) && !(t && t->no_battle_on_entry))
				(*battle)[bcount++] = h;
		}
	}
	free(steps);
	if (battle_count)
		*battle_count = bcount;
	return count;
}

/* The figures a moves or retreat question is answered for: each unit
 * (see from_units), else the general. */
static int from_figures(ask_ctx *c, const char *section, hex_ref who[2])
{
	int units[2];
	int n = from_units(c, units);
	for (int i = 0; i < n; i++)
		who[i] = (hex_ref){ REF_UNIT, units[i] };
	if (n > 0)
		return n;
	int gen = c->r->from.general >= 0 ? c->r->from.general : hex_game_general_at(c->g, c->r->from.at);
	if (gen < 0) {
		fail(c, section, "no unit or general at %s", c->r->from.shown);
		return 0;
	}
	who[0] = (hex_ref){ REF_GENERAL, gen };
	return 1;
}

/* Which of the hexes a figure may reach are fords of the scenario's
 * crossing rules: a player disputing a river crossing is shown the rule. */
static void ford_list(const hex_game *g, hex_ref who, ask_moves_answer *a)
{
	int side = hex_game_ref_side(g, who);
	a->fords = xcalloc(a->reachable_count + 1, sizeof *a->fords);
	a->ford_lines = xcalloc(a->reachable_count + 1, sizeof *a->ford_lines);
	for (size_t i = 0; i < a->reachable_count; i++) {
		int line = hex_special_ford_line(g, side, a->reachable[i]);
		if (line > 0) {
			a->fords[a->ford_count] = a->reachable[i];
			a->ford_lines[a->ford_count++] = line;
		}
	}
}

static void moves_one(ask_ctx *c, hex_ref who)
{
	const hex_game *g = c->g;
	ask_moves_answer *a = &next_item(c, c->g->rs->movement.rule)->u.moves;
	a->who = who;
	hex_coord at = hex_game_ref_at(g, who);
	int gen = who.kind == REF_UNIT ? hex_game_general_at(g, at) : -1;
	bool with_general = who.kind == REF_UNIT && gen >= 0 && g->generals[gen].side == g->units[who.index].side;
	a->general = with_general ? gen : -1;
	move_options o = { with_general, -1 };
	if (who.kind == REF_UNIT)
		o.max_hexes = static_brigade_speed(g, who.index);
	a->reachable_count = reach_list(g, who, &o, &a->reachable, who.kind == REF_UNIT ? &a->battle_after : NULL,
		&a->battle_after_count);
	if (with_general) {
		move_options go = { false, -1 };
		a->general_reachable_count = reach_list(g, (hex_ref){ REF_GENERAL, gen }, &go, &a->general_reachable,
			NULL, NULL);
	}
	a->max_hexes = o.max_hexes >= 0 ? o.max_hexes : moves_max(g, who);
	ford_list(g, who, a);
}


static void retreat_one(ask_ctx *c, hex_ref who)
{
	const hex_game *g = c->g;
	ask_retreat_answer *a = &next_item(c, c->g->rs->retreat.path_rule)->u.retreat;
	a->who = who;
	a->at = hex_game_ref_at(g, who);
	bool with_general = who.kind == REF_UNIT && hex_game_unit_general(g, who.index) >= 0;
	int figures = a->figures = battle_figures(g, who);
	rules_error_clear(&a->ignored);
	int applied = a->applied = battle_flags_apply(g, who, c->q->flags, figures, &a->ignored);
	a->outcomes = xcalloc(RETREAT_MAX_OUTCOMES, sizeof *a->outcomes);
	int n = applied > 0 ? retreat_outcomes(g, who, applied, with_general, a->outcomes, RETREAT_MAX_OUTCOMES) : 0;
	if (n > RETREAT_MAX_OUTCOMES)
		n = RETREAT_MAX_OUTCOMES;
	a->outcome_count = n;
	/* Distinct ends, in board order; the least loss over the choices. */
	size_t cells = hex_count(&g->board);
	bool *end = xcalloc(cells, sizeof *end);
	int best = applied > 0 ? -1 : 0;
	bool all_destroyed = applied > 0 && n > 0;
	for (int i = 0; i < n; i++) {
		const retreat_outcome *o = &a->outcomes[i];
		int loss = o->off_board ? figures : o->lost;
		if (loss > figures)
			loss = figures;
		if (best < 0 || loss < best)
			best = loss;
		if (!(o->off_board || loss >= figures))
			all_destroyed = false;
		if (!o->off_board) {
			hex_coord e = o->len ? o->path[o->len - 1] : a->at;
			end[hex_index(&g->board, e)] = true;
		}
	}
	a->losses = best < 0 ? 0 : best;
	a->eliminated = all_destroyed;
	a->destinations = xcalloc(cells + 1, sizeof *a->destinations);
	if (applied == 0)
		a->destinations[a->destination_count++] = a->at;
	else
		for (size_t i = 0; i < cells; i++)
			if (end[i])
				a->destinations[a->destination_count++] = hex_from_index(&g->board, i);
	free(end);
}

/* A moves or retreat question: one answer for each figure at FROM. */
static bool ask_each_figure(ask_ctx *c, const char *section, void (*one)(ask_ctx *c, hex_ref who))
{
	hex_ref who[2];
	int n = from_figures(c, section, who);
	if (n == 0)
		return false;
	c->r->answers = n;
	for (int i = 0; i < n; i++)
		one(c, who[i]);
	return true;
}

/* §8.1 `reinforcements SIDE`: the card that brings reserve units (from
 * the ruleset's deck), the side's reserve units still off the board,
 * each with its entry hex and where it would arrive now (the nearest
 * free hexes of the home row when the entry hex is taken). */
static bool ask_reinforcements(ask_ctx *c)
{
	const hex_game *g = c->g;
	int side = hex_game_side_index(g, c->q->from_word);
	if (side < 0)
		return fail(c, query_section(c->g, c->q->kind), "'%s' is not a side of this scenario (%s or %s)", c->q->from_word, g->sides[0].id,
			g->sides[1].id);
	const rs_card *card = cards_find(g, RS_EFFECT_REINFORCE);
	if (!card)
		return fail(c, query_section(c->g, c->q->kind), "the %s deck has no card that brings reserve units", g->rs->id);
	if (g->sides[side].reserves == 0)
		return fail(c, query_section(c->g, c->q->kind), "%s has no reserve units in this scenario: card '%s' can only be discarded",
			g->sides[side].id, card->id);
	ask_reinforcements_answer *a = &next_item(c, query_section(c->g, c->q->kind))->u.reinforcements;
	a->side = side;
	a->card = card;
	a->left = hex_game_reserves_left(g, side);
	a->arrivals = xcalloc(g->unit_count + 1, sizeof *a->arrivals);
	for (size_t i = 0; i < g->unit_count; i++) {
		const hex_unit *u = &g->units[i];
		if (!u->reserve || u->side != side)
			continue;
		ask_arrival *v = &a->arrivals[a->arrival_count++];
		v->unit = (int)i;
		v->land_count = hex_game_landing(g, (int)i, card->entry_home_row, v->lands);
		v->on_entry = v->land_count == 1 && grid_cell_equal(v->lands[0], u->entry);
	}
	return true;
}

/* ---- the special cards (§8.1) ---- */

/* The deck's card for a question, or a failed question when the
 * ruleset has none. */
static const rs_card *ask_card(ask_ctx *c, rs_card_effect effect)
{
	const rs_card *card = cards_find(c->g, effect);
	if (!card)
		fail(c, query_section(c->g, c->q->kind), "ruleset %s has no '%s' card", c->g->rs->id,
			ruleset_card_effect_names[effect]);
	return card;
}

static void sharp_one(ask_ctx *c, const rs_card *card, int unit)
{
	const hex_game *g = c->g;
	ask_sharpshooter_answer *a = &next_item(c, query_section(c->g, c->q->kind))->u.sharpshooter;
	const hex_unit *u = &g->units[unit];
	a->unit = unit;
	a->card = card;
	a->allowed = cards_sharp_shooter(g, card, unit);
	a->victory = card->victory > 0 ? card->victory : 1;
	a->targets = xcalloc(g->general_count + 1, sizeof *a->targets);
	for (size_t i = 0; a->allowed && i < g->general_count; i++) {
		const hex_general *gg = &g->generals[i];
		if (!gg->alive || gg->side == u->side)
			continue;
		ask_shot *t = &a->targets[a->target_count++];
		t->general = (int)i;
		dice_sharpshot(g, unit, (int)i, card->hits_attached, NULL, &t->dice);
		int with[2];
		t->with_unit = hex_game_units_at(g, gg->at, gg->side, with, 2) > 0 ? with[0] : -1;
	}
}

static bool ask_sharpshooter(ask_ctx *c)
{
	const rs_card *card = ask_card(c, RS_EFFECT_SHARPSHOOTER);
	if (!card)
		return false;
	int units[2];
	int n = from_units(c, units);
	if (n == 0)
		return fail(c, query_section(c->g, c->q->kind), "no unit at %s: the sharpshooter is a unit", c->r->from.shown);
	c->r->answers = n;
	for (int i = 0; i < n; i++)
		sharp_one(c, card, units[i]);
	return true;
}

static bool ask_rally(ask_ctx *c)
{
	const hex_game *g = c->g;
	const rs_card *card = ask_card(c, RS_EFFECT_RALLY);
	if (!card)
		return false;
	int side = hex_game_side_index(g, c->q->from_word);
	if (side < 0)
		return fail(c, query_section(c->g, c->q->kind), "no side '%s' in this scenario (%s, %s)", c->q->from_word, g->sides[0].id,
			g->sides[1].id);
	ask_rally_answer *a = &next_item(c, query_section(c->g, c->q->kind))->u.rally;
	a->side = side;
	a->card = card;
	/* On a position there is no hand: a full one, less the card itself. */
	a->dice = cards_rally_dice(card, g->sides[side].hand_size - 1);
	a->units = xcalloc(g->unit_count + 1, sizeof *a->units);
	for (size_t i = 0; i < g->unit_count; i++) {
		int room = g->units[i].side == side ? cards_rally_room(g, card, (int)i) : 0;
		if (room <= 0)
			continue;
		a->room += room;
		a->units[a->unit_count++] = (ask_rally_unit){ (int)i, room };
	}
	return true;
}

static bool ask_dispatch(ask_ctx *c)
{
	const ask_query *q = c->q;
	ask_result *r = c->r;
	if (q->kind == ASK_REINFORCEMENTS)
		return ask_reinforcements(c);
	if (q->kind == ASK_RALLY)
		return ask_rally(c);
	if (!resolve(c, q->from_word, &r->from))
		return false;
	snprintf(r->label, sizeof r->label, "%s %s", q->name, r->from.unit >= 0 || r->from.general >= 0 ?
		q->from_word : r->from.shown);
	if ((q->kind == ASK_LOS || q->kind == ASK_DICE) && !resolve(c, q->to_word, &r->to))
		return false;
	switch (q->kind) {
	case ASK_LOS:
		return ask_los(c);
	case ASK_DICE:
		return ask_dice(c);
	case ASK_MOVES:
		return ask_each_figure(c, c->g->rs->movement.rule, moves_one);
	case ASK_RETREAT:
		return ask_each_figure(c, c->g->rs->retreat.path_rule, retreat_one);
	case ASK_SHARPSHOOTER:
		return ask_sharpshooter(c);
	case ASK_REINFORCEMENTS:
	case ASK_RALLY:
		break;
	}
	return false;
}

bool ask_answer(const hex_game *g, const ask_query *q, ask_result *r)
{
	memset(r, 0, sizeof *r);
	r->q = q;
	r->from.unit = r->from.general = r->to.unit = r->to.general = -1;
	r->answers = 1;
	rules_error_clear(&r->error);
	snprintf(r->label, sizeof r->label, "%s %s", q->name, q->from_word);
	ask_ctx c = { .g = g, .q = q, .r = r };
	r->answered = ask_dispatch(&c);
	/* As far as both ends were read (an end off the board counts). */
	if (r->from.known && r->to.known)
		r->distance = hex_distance(r->from.at, r->to.at);
	if (!r->answered)
		r->count = 0;
	return r->answered;
}

void ask_result_free(ask_result *r)
{
	for (int i = 0; i < r->count; i++) {
		ask_item *it = &r->items[i];
		switch (r->q->kind) {
		case ASK_LOS:
			los_result_finish(&it->u.los.sight);
			break;
		case ASK_DICE:
			break;
		case ASK_MOVES:
			free(it->u.moves.reachable);
			free(it->u.moves.battle_after);
			free(it->u.moves.general_reachable);
			free(it->u.moves.fords);
			free(it->u.moves.ford_lines);
			break;
		case ASK_RETREAT:
			free(it->u.retreat.outcomes);
			free(it->u.retreat.destinations);
			break;
		case ASK_REINFORCEMENTS:
			free(it->u.reinforcements.arrivals);
			break;
		case ASK_SHARPSHOOTER:
			free(it->u.sharpshooter.targets);
			break;
		case ASK_RALLY:
			free(it->u.rally.units);
			break;
		}
	}
	r->count = 0;
}
