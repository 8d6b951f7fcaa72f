#include "referee.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../base/util.h"
#include "cards.h"
#include "dice.h"
#include "moves.h"
#include "retreat.h"

#define MAX_FACES 64

/* ---- errors ---- */

/* The referee's refusals are game_fail's (rule `section` of the ruleset,
 * NULL for a fault in the form of the log line); the short name keeps the
 * many checks below readable. */
#define fail game_fail

/* ---- life cycle ---- */

referee *referee_create(game *g)
{
	referee *r = xcalloc(1, sizeof *r);
	r->g = g;
	r->phase = g->winner >= 0 ? PHASE_OVER : PHASE_SETUP;
	r->side = g->first_side;
	deck_pool_init(&r->pool, g->rs);
	order_set_init(&r->orders, g);
	r->ut = xcalloc(g->unit_count + 1, sizeof *r->ut);
	r->gt = xcalloc(g->general_count + 1, sizeof *r->gt);
	r->battle.follow_brigade = -1;
	return r;
}

void referee_destroy(referee *r)
{
	if (!r)
		return;
	for (int s = 0; s < GAME_SIDES; s++)
		free(r->hands[s].cards);
	deck_pool_finish(&r->pool);
	order_set_finish(&r->orders);
	free(r->ut);
	free(r->gt);
	free(r);
}

/* ---- small helpers ---- */

int referee_face(const game *g, const char *word)
{
	int found = -1;
	size_t len = strlen(word);
	for (size_t i = 0; i < g->rs->face_count; i++) {
		const char *id = g->rs->faces[i].id;
		if (strcasecmp(id, word) == 0)
			return (int)i;
		if (len > 0 && strncasecmp(id, word, len) == 0) {
			if (found >= 0)
				return -1;   /* ambiguous */
			found = (int)i;
		}
	}
	return found;
}

static const char *side_id(const referee *r, int side)
{
	return side >= 0 && side < GAME_SIDES ? r->g->sides[side].id : "?";
}

static bool resolve(referee *r, const char *token, game_ref *out, rules_error *err)
{
	if (!token || !game_resolve_ref(r->g, token, out)) {
		hex_coord h;
		if (token && hex_parse(token, &h))
			return fail(err, r->g, NULL, "no single unit or lone general at %s", token);
		return fail(err, r->g, NULL, "no unit or general '%s' in this scenario", token ? token : "?");
	}
	if (!game_ref_alive(r->g, *out))
		return fail(err, r->g, out->kind == REF_UNIT && r->g->units[out->index].reserve ? "8.1" : "10", "'%s' %s",
			game_ref_id(r->g, *out), game_ref_absence(r->g, *out));
	return true;
}

static bool own(referee *r, game_ref ref, rules_error *err)
{
	int s = game_ref_side(r->g, ref);
	if (s != r->side)
		return fail(err, r->g, r->g->rs->turn.rule, "'%s' belongs to %s; it is %s's turn", game_ref_id(r->g, ref),
			side_id(r, s), side_id(r, r->side));
	return true;
}

static bool parse_faces(referee *r, const gl_action *a, int *faces, int *count, rules_error *err)
{
	*count = 0;
	for (size_t i = 0; i < a->face_count; i++) {
		int f = referee_face(r->g, a->faces[i]);
		if (f < 0) {
			char list[200] = "";
			size_t len = 0;
			for (size_t k = 0; k < r->g->rs->face_count && len < sizeof list - 40; k++)
				len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", k ? ", " : "",
					r->g->rs->faces[k].id);
			return fail(err, r->g, NULL, "'%s' is not a die face (%s)", a->faces[i], list);
		}
		if (*count >= MAX_FACES)
			return fail(err, r->g, NULL, "more than %d dice in one roll", MAX_FACES);
		faces[(*count)++] = f;
	}
	return true;
}

static bool need_faces(referee *r, const gl_action *a, int want, const char *what, rules_error *err)
{
	if (!a->faces_given)
		return fail(err, r->g, NULL, "%s: the faces rolled are missing (write ': FACE ...')", what);
	if ((int)a->face_count != want)
		return fail(err, r->g, "4", "%s rolls %d %s; %zu %s given", what, want, want == 1 ? "die" : "dice",
			a->face_count, a->face_count == 1 ? "face is" : "faces are");
	return true;
}

/* ---- reinforcements (§8.1), defined below ---- */

static bool reinforce_check(referee *r, const gl_action *a, int card, bool with_faces, rules_error *err);
static void reinforce_begin(referee *r, const gl_action *a, int card);
static bool reinforce_owed(const referee *r);
static const char *reinforce_owed_text(const referee *r, char *buf, size_t size);
static bool reinforce_guard(referee *r, const gl_action *a, rules_error *err);
static bool do_arrive(referee *r, const gl_action *a, rules_error *err);
static bool reinforce_dice_needed(referee *r, const gl_action *a, int *count, rules_error *err);
bool referee_card_reinforces(const game *g, int card);

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

static bool card_of(referee *r, const char *word, deck_card *c, rules_error *err)
{
	if (!word)
		return fail(err, r->g, NULL, "no card named");
	if (!deck_parse(r->g->rs, word, c))
		return fail(err, r->g, NULL, "'%s' is not a card of the %s deck (cards are written like recon/left, "
			"frontal)", word, r->g->rs->id);
	return true;
}

static int flank_of(const char *section)
{
	if (!section)
		return -1;
	if (strcmp(section, "left") == 0)
		return FLANK_LEFT;
	if (strcmp(section, "right") == 0)
		return FLANK_RIGHT;
	return FLANK_CENTRE;
}

/* ---- turn state ---- */

static bool brigade_member_in_zone(const game *g, int unit)
{
	int b = g->units[unit].brigade;
	if (b < 0 || !g->brigades[b].alive)
		return false;
	const game_general *gg = &g->generals[g->brigades[b].general];
	return gg->alive && hex_distance(gg->at, g->units[unit].at) <= g->rs->brigades.zone_radius;
}

static void reset_turn(referee *r)
{
	game *g = r->g;
	memset(r->ut, 0, (g->unit_count + 1) * sizeof *r->ut);
	memset(r->gt, 0, (g->general_count + 1) * sizeof *r->gt);
	for (size_t i = 0; i < g->unit_count; i++) {
		r->ut[i].battles_allowed = 1;
		r->ut[i].battle_again = (game_ref){ REF_NONE, -1 };
		r->ut[i].in_zone = brigade_member_in_zone(g, (int)i);
	}
	order_set_clear(&r->orders);
	memset(&r->arrivals, 0, sizeof r->arrivals);
	memset(&r->battle, 0, sizeof r->battle);
	r->battle.follow_brigade = -1;
	r->zone_checked = false;
	memset(&r->rally, 0, sizeof r->rally);
}

static void after_change(referee *r, int line)
{
	if (r->phase == PHASE_OVER)
		return;
	if (game_check_victory(r->g, r->side) >= 0) {
		r->phase = PHASE_OVER;
		r->winner_line = line;
		r->battle.active = false;
	}
}

/* §3.3: brigade members that were with their general when the turn began
 * end the movement within his zone of control.  A move that settles it
 * for good is refused at once (move_zone_check); what is left is judged
 * when the movement ends, and the fault is put on the line of the later
 * of the two moves (the member's, the general's) that parted them. */
static bool check_zones(referee *r, rules_error *err)
{
	game *g = r->g;
	if (r->zone_checked || !g->rs->stacking.brigades)
		return true;
	for (size_t b = 0; b < g->brigade_count; b++) {
		const game_brigade *br = &g->brigades[b];
		if (!br->alive || br->side != r->side || !g->generals[br->general].alive)
			continue;
		const game_general *gg = &g->generals[br->general];
		for (int k = 0; k < br->unit_count; k++) {
			int u = br->units[k];
			if (!g->units[u].alive || !r->ut[u].in_zone)
				continue;
			if (!r->ut[u].moved_done && !r->gt[br->general].moved)
				continue;
			if (hex_distance(g->units[u].at, gg->at) > g->rs->brigades.zone_radius) {
				char a[HEX_ADDRESS_MAX], b2[HEX_ADDRESS_MAX];
				int ul = r->ut[u].move_line, gl = r->gt[br->general].move_line;
				err->line = ul > gl ? ul : gl;
				return fail(err, g, g->rs->brigades.rule,
					"unit '%s' of brigade '%s' ends the movement at %s, outside the zone of control of "
					"general '%s' at %s; a brigade moves as one", g->units[u].id, br->id,
					hex_format(g->units[u].at, a), gg->id, hex_format(gg->at, b2));
			}
		}
	}
	return true;
}

/* §3.3 noord-zuid (001): a brigade member separated from its general
 * when the turn began (a forced retreat, a ground gain) has rejoining as
 * its first duty.  Read so: a move of that member ends in his zone of
 * control, or at least nearer to him than it began; it never moves away
 * or alongside.  (Standing still is allowed: a blocked unit cannot be
 * made to move, and the general may come to it.)  `from` is where the
 * unit stood, the figures are placed already. */
static bool rejoin_check(referee *r, int unit, hex_coord from, rules_error *err)
{
	game *g = r->g;
	const game_unit *u = &g->units[unit];
	if (!g->rs->stacking.brigades || u->brigade < 0 || r->ut[unit].in_zone)
		return true;
	const game_brigade *br = &g->brigades[u->brigade];
	const game_general *gg = &g->generals[br->general];
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
static bool move_zone_check(referee *r, game_ref who, int carried, rules_error *err)
{
	game *g = r->g;
	if (!g->rs->stacking.brigades)
		return true;
	int radius = g->rs->brigades.zone_radius;
	char a[HEX_ADDRESS_MAX], b2[HEX_ADDRESS_MAX];
	if (who.kind == REF_UNIT) {
		const game_unit *u = &g->units[who.index];
		if (u->brigade < 0 || !r->ut[who.index].in_zone)
			return true;
		const game_brigade *br = &g->brigades[u->brigade];
		const game_general *gg = &g->generals[br->general];
		if (!br->alive || !gg->alive || carried == br->general || !r->gt[br->general].moved)
			return true;
		if (hex_distance(u->at, gg->at) > radius)
			return fail(err, g, g->rs->brigades.rule, "unit '%s' of brigade '%s' would end its move at %s, outside "
				"the zone of control of general '%s' at %s, who has moved already; a brigade moves as one", u->id,
				br->id, hex_format(u->at, a), gg->id, hex_format(gg->at, b2));
		return true;
	}
	const game_general *gg = &g->generals[who.index];
	if (gg->brigade < 0 || !g->brigades[gg->brigade].alive)
		return true;
	const game_brigade *br = &g->brigades[gg->brigade];
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

static battle_step peek(referee *r, battle_step from);
static const char *rally_owed_text(const referee *r, char *buf, size_t size);

/* ---- a brigade falling back together (noord-zuid, 001) ---- */

#define FOLLOW_GENERAL GAME_MAX_BRIGADE_UNITS

static game_ref follow_ref(const referee *r, int slot)
{
	const game_brigade *br = &r->g->brigades[r->battle.follow_brigade];
	return slot == FOLLOW_GENERAL ? (game_ref){ REF_GENERAL, br->general } : (game_ref){ REF_UNIT, br->units[slot] };
}

/* Does every member that stood with the brigade before the retreat stand
 * in the general's zone again? */
static bool follow_together(const referee *r)
{
	const game *g = r->g;
	const game_brigade *br = &g->brigades[r->battle.follow_brigade];
	const game_general *gg = &g->generals[br->general];
	if (!gg->alive)
		return true;
	for (int k = 0; k < br->unit_count; k++) {
		const game_unit *u = &g->units[br->units[k]];
		if (r->battle.follow_with[k] && u->alive && hex_distance(u->at, gg->at) > g->rs->brigades.zone_radius)
			return false;
	}
	return true;
}

/* While the brigade is not together: the first figure that may still fall
 * back without loss (its slot in *slot); false when none can, which ends
 * the withdrawal. */
static bool follow_open(const referee *r, int *slot)
{
	const referee_battle *b = &r->battle;
	const game *g = r->g;
	if (b->follow_brigade < 0 || !g->brigades[b->follow_brigade].alive || follow_together(r))
		return false;
	const game_brigade *br = &g->brigades[b->follow_brigade];
	retreat_outcome *out = xcalloc(RETREAT_MAX_OUTCOMES, sizeof *out);
	bool open = false;
	for (int k = 0; k <= FOLLOW_GENERAL && !open; k++) {
		if ((k < FOLLOW_GENERAL && k >= br->unit_count) || !b->follow_with[k] || b->followed[k])
			continue;
		game_ref who = follow_ref(r, k);
		if (!game_ref_alive(g, who))
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
static void follow_note(referee *r, game_ref who)
{
	referee_battle *b = &r->battle;
	game *g = r->g;
	b->follow_brigade = -1;
	memset(b->follow_with, 0, sizeof b->follow_with);
	memset(b->followed, 0, sizeof b->followed);
	b->follow_started = false;
	if (!g->rs->stacking.brigades || who.kind != REF_UNIT)
		return;
	int bi = g->units[who.index].brigade;
	if (bi < 0 || !g->brigades[bi].alive || !g->generals[g->brigades[bi].general].alive)
		return;
	const game_brigade *br = &g->brigades[bi];
	const game_general *gg = &g->generals[br->general];
	bool member_with = false;
	for (int k = 0; k < br->unit_count; k++) {
		const game_unit *u = &g->units[br->units[k]];
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

static void follow_offer(referee *r, int carried, int hexes)
{
	referee_battle *b = &r->battle;
	if (b->follow_brigade < 0)
		return;
	const game_brigade *br = &r->g->brigades[b->follow_brigade];
	if (carried == br->general)
		b->followed[FOLLOW_GENERAL] = true;
	b->follow_hexes = hexes;
	if (hexes <= 0 || !game_ref_alive(r->g, b->retreater) || follow_together(r))
		b->follow_brigade = -1;
}

/* The first step of the pending battle that cannot be skipped: its saving
 * dice for hits, else its retreat (which may lie behind optional steps: a
 * defensive roll, flag saves); STEP_NONE when only optional steps remain.
 * Everything a battle owes is judged here, for every ruleset. */
static battle_step owed_step(const referee *r)
{
	const referee_battle *b = &r->battle;
	if (!b->active)
		return STEP_NONE;
	if (b->step == STEP_SAVE)
		return STEP_SAVE;
	if (b->step <= STEP_RETREAT && b->retreat_hexes > 0 && game_ref_alive(r->g, b->retreater))
		return STEP_RETREAT;
	if (b->step == STEP_FOLLOW && b->follow_started && follow_open(r, NULL))
		return STEP_FOLLOW;
	return STEP_NONE;
}

static const char *owed_rule(const referee *r, battle_step s)
{
	if (r->battle.supply)
		return "8.1";
	if (s == STEP_FOLLOW)
		return r->g->rs->retreat.flags_rule ? r->g->rs->retreat.flags_rule : "7.1";
	return s == STEP_RETREAT ? "7.1" : r->g->rs->battle.rule;
}

/* What the pending battle owes, in words: "'c1' must still retreat 2
 * hexes (flags) ('retreat c1 HEX...')". */
static const char *owed_text(const referee *r, battle_step s, char *buf, size_t size)
{
	const referee_battle *b = &r->battle;
	const game *g = r->g;
	switch (s) {
	case STEP_SAVE:
		snprintf(buf, size, "'%s' must still roll %d saving %s for hits ('save %s : FACES')",
			game_ref_id(g, b->target), b->count.savable, b->count.savable == 1 ? "die" : "dice",
			game_ref_id(g, b->target));
		break;
	case STEP_RETREAT:
		if (b->supply) {
			snprintf(buf, size, "'%s' must still fall back %d %s toward its home row, its owner choosing each hex "
				"('retreat %s HEX...')", game_ref_id(g, b->retreater), b->retreat_hexes,
				b->retreat_hexes == 1 ? "hex" : "hexes", game_ref_id(g, b->retreater));
			break;
		}
		snprintf(buf, size, "'%s' must still retreat %d %s (%s) ('retreat %s HEX...')", game_ref_id(g, b->retreater),
			b->retreat_hexes, b->retreat_hexes == 1 ? "hex" : "hexes",
			b->withdraw && b->retreater.kind == b->target.kind && b->retreater.index == b->target.index ?
			(b->flags > 0 ? "flags and withdrawal" : "withdrawal") : (b->flags == 1 ? "flag" : "flags"),
			game_ref_id(g, b->retreater));
		break;
	case STEP_FOLLOW: {
		int slot = -1;
		follow_open(r, &slot);
		const char *who = slot >= 0 ? game_ref_id(g, follow_ref(r, slot)) : "?";
		snprintf(buf, size, "brigade '%s' falls back together and does not stand together yet: '%s' must still "
			"follow %d %s ('follow %s HEX...')", g->brigades[b->follow_brigade].id, who, b->follow_hexes,
			b->follow_hexes == 1 ? "hex" : "hexes", who);
		break;
	}
	default:
		snprintf(buf, size, "the battle goes on");
		break;
	}
	return buf;
}

/* "the battle of line 12" in a log; in `orbat play`, where actions have
 * no line, "the battle of 'u1' against 'c1'". */
static const char *battle_name(const referee *r, char *buf, size_t size)
{
	const referee_battle *b = &r->battle;
	if (b->supply && b->line > 0)
		snprintf(buf, size, "the short supply of line %d", b->line);
	else if (b->supply)
		snprintf(buf, size, "the short supply of '%s'", game_ref_id(r->g, b->target));
	else if (b->line > 0)
		snprintf(buf, size, "the battle of line %d", b->line);
	else
		snprintf(buf, size, "the battle of '%s' against '%s'", r->g->units[b->attacker].id,
			game_ref_id(r->g, b->target));
	return buf;
}

static bool fail_owed(referee *r, battle_step s, rules_error *err)
{
	char buf[300];
	char name[160];
	return fail(err, r->g, owed_rule(r, s), "%s is not finished: %s", battle_name(r, name, sizeof name),
		owed_text(r, s, buf, sizeof buf));
}

/* May the pending battle go to step `want` (STEP_GAIN + 1: leave it)?
 * Optional steps on the way are skipped (declined); a required one is
 * not. */
static bool can_reach(referee *r, int want, const char *action, rules_error *err)
{
	referee_battle *b = &r->battle;
	if (!b->active) {
		if (want > STEP_GAIN)
			return true;
		return fail(err, r->g, r->g->rs->turn.rule, "'%s' belongs to a battle, and no battle is waiting for it", action);
	}
	if ((int)b->step > want) {
		char name[160];
		return fail(err, r->g, r->g->rs->turn.rule, "'%s' comes too late: %s has gone past it", action,
			battle_name(r, name, sizeof name));
	}
	battle_step owed = owed_step(r);
	if (owed != STEP_NONE && (int)owed < want)
		return fail_owed(r, owed, err);
	return true;
}

bool referee_owed(referee *r, char *buf, size_t size, bool *required)
{
	referee_battle *b = &r->battle;
	const game *g = r->g;
	buf[0] = '\0';
	*required = false;
	if (r->target_owed && r->phase != PHASE_OVER) {
		*required = true;
		snprintf(buf, size, "card '%s' names one enemy unit ('order REF')", g->rs->deck.cards[r->current.card].id);
		return true;
	}
	if (reinforce_owed(r)) {
		*required = true;
		reinforce_owed_text(r, buf, size);
		return true;
	}
	if (r->rally.step != RALLY_NONE && r->phase != PHASE_OVER) {
		*required = true;
		rally_owed_text(r, buf, size);
		return true;
	}
	if (!b->active || r->phase == PHASE_OVER)
		return false;
	size_t len = 0;
	battle_step owed = owed_step(r);
	if (owed != STEP_NONE) {
		*required = true;
		owed_text(r, owed, buf, size);
		len = strlen(buf);
	}
	/* The optional steps still on offer before the owed one (or at all). */
	int offered = 0;
	for (int s = b->step; s <= STEP_GAIN && len + 80 < size; s++) {
		if (owed != STEP_NONE && s >= (int)owed)
			break;
		if (peek(r, (battle_step)s) != (battle_step)s)
			continue;
		len += (size_t)snprintf(buf + len, size - len, "%s", offered++ ? ", " : len ? "; before it, if wanted: " :
			"may: ");
		if (len >= size)
			len = size - 1;
		if (s == STEP_DEFEND)
			len += (size_t)snprintf(buf + len, size - len, "a defensive roll ('defend %s')", game_ref_id(g, b->target));
		else if (s == STEP_FLAGSAVE)
			len += (size_t)snprintf(buf + len, size - len, "flag saves ('flagsave %s : FACES')",
				game_ref_id(g, b->retreater));
		else if (s == STEP_FOLLOW)
			len += (size_t)snprintf(buf + len, size - len, "brigade '%s' falling back with it ('follow REF HEX...')",
				g->brigades[b->follow_brigade].id);
		else if (s == STEP_GAIN)
			len += (size_t)snprintf(buf + len, size - len, "ground gain ('gain %s')", g->units[b->attacker].id);
		if (len >= size)
			len = size - 1;
	}
	if (len && owed == STEP_NONE && len + 20 < size)
		snprintf(buf + len, size - len, ", or go on");
	return buf[0] != '\0';
}

static bool gain_possible(referee *r)
{
	referee_battle *b = &r->battle;
	game *g = r->g;
	if (b->supply)
		return false;
	const game_unit *a = &g->units[b->attacker];
	if (!a->alive || b->distance != 1 || !a->type->ground_gain || b->withdraw)
		return false;
	if (r->current.copied && !g->gaps->ground_gain_after_counter_attack)
		return false;
	if (game_units_at(g, b->target_hex, 1 - a->side, NULL, 0) > 0)
		return false;
	int gen = game_general_at(g, b->target_hex);
	if (gen >= 0 && g->generals[gen].side != a->side)
		return false;
	return true;
}

bool referee_gain_on_offer(referee *r)
{
	return r->battle.active && peek(r, STEP_FOLLOW) != STEP_NONE && gain_possible(r);
}

/* The first step from `from` on that applies, STEP_NONE when none. */
static battle_step peek(referee *r, battle_step from)
{
	referee_battle *b = &r->battle;
	game *g = r->g;
	for (int s = from; s <= STEP_GAIN; s++) {
		switch ((battle_step)s) {
		case STEP_DEFEND:
			if (b->may_defend && g->units[b->attacker].alive)
				return STEP_DEFEND;
			break;
		case STEP_FLAGSAVE:
			if (g->gaps->saving_rolls && b->flags > 0 && b->retreat_hexes > 0 && game_ref_alive(g, b->retreater))
				return STEP_FLAGSAVE;
			break;
		case STEP_RETREAT:
			if (b->retreat_hexes > 0 && game_ref_alive(g, b->retreater))
				return STEP_RETREAT;
			break;
		case STEP_FOLLOW:
			if (follow_open(r, NULL))
				return STEP_FOLLOW;
			break;
		case STEP_GAIN:
			if (gain_possible(r))
				return STEP_GAIN;
			break;
		default:
			break;
		}
	}
	return STEP_NONE;
}

/* Go to the first step from `from` on that applies; close the battle
 * when none is left. */
static void advance(referee *r, battle_step from)
{
	referee_battle *b = &r->battle;
	b->step = peek(r, from);
	b->may_gain = b->step == STEP_GAIN;
	if (b->step == STEP_NONE)
		b->active = false;
}

static void note(referee *r, const char *fmt, ...) DIAG_PRINTF(2, 3);

static void note(referee *r, const char *fmt, ...)
{
	char *buf = r->battle.note;
	size_t len = strlen(buf);
	if (len >= sizeof r->battle.note - 2)
		return;
	if (len)
		buf[len++] = ' ';
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf + len, sizeof r->battle.note - len, fmt, ap);
	va_end(ap);
}

/* Remove the figures the roll took (§5.1, §5.2 step 5), then see which
 * flags apply (§7.2, §7.3, §7.4). */
static void resolve_losses(referee *r, int saved)
{
	referee_battle *b = &r->battle;
	game *g = r->g;
	bool capped = false;
	int losses = battle_losses(g, b->attacker, b->target, &b->count, saved, &capped);
	b->losses = losses;
	int attached = b->target.kind == REF_UNIT ? game_unit_general(g, b->target.index) : -1;
	if (capped)
		note(r, "Hits beyond the attacker's %d figures are lost.", g->units[b->attacker].figures);
	if (b->target.kind == REF_UNIT) {
		game_unit *t = &g->units[b->target.index];
		t->figures -= losses;
		if (losses)
			note(r, "'%s' loses %d %s.", t->id, losses, losses == 1 ? "figure" : "figures");
		if (t->figures <= 0) {
			game_eliminate(g, b->target);
			note(r, "'%s' is destroyed: one victory %s for %s.", t->id,
				g->gaps->saving_rolls ? "point" : "flag", side_id(r, 1 - t->side));
		}
	} else if (losses > 0) {
		game_eliminate(g, b->target);
		note(r, "General '%s' is killed: one victory %s for %s.", g->generals[b->target.index].id,
			g->gaps->saving_rolls ? "point" : "flag", side_id(r, 1 - g->generals[b->target.index].side));
	}
	b->retreater = b->target;
	b->flags = 0;
	rules_error why;
	if (game_ref_alive(g, b->target)) {
		b->flags = battle_flags_apply(g, b->target, b->count.flags, battle_figures(g, b->target), &why);
		if (rules_error_set(&why))
			note(r, "%s [%s]", why.message, why.rule);
	} else if (b->count.flags > 0 && attached >= 0 && g->gaps->flags_pass_to_general &&
		g->generals[attached].alive) {
		/* §7.2 (battlecry-150): the flags fall on the general. */
		b->retreater = (game_ref){ REF_GENERAL, attached };
		b->flags = battle_flags_apply(g, b->retreater, b->count.flags, 1, &why);
		note(r, "The flags fall on general '%s'.", g->generals[attached].id);
		if (rules_error_set(&why))
			note(r, "%s [%s]", why.message, why.rule);
	}
	b->retreat_hexes = b->flags + (b->withdraw && game_ref_alive(g, b->target) ? 1 : 0);
	if (b->flags > 0)
		note(r, "'%s' must retreat %d %s.", game_ref_id(g, b->retreater), b->flags, b->flags == 1 ? "hex" : "hexes");
	/* §5.2 step 6: the defensive roll of a unit that stood. */
	b->may_defend = false;
	if (g->gaps->saving_rolls && !b->withdraw && b->target.kind == REF_UNIT && g->units[b->target.index].alive &&
		!r->ut[b->target.index].defended) {
		b->may_defend = dice_defensive(g, b->target.index, b->attacker, &why);
	}
}

/* ---- setup actions ---- */

static bool do_setup(referee *r, const gl_action *a, rules_error *err)
{
	game *g = r->g;
	if (r->phase != PHASE_SETUP)
		return fail(err, g, NULL, "'%s' belongs to the head of the log, before the first card is played",
			gamelog_keyword(a->kind));
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
		int s = game_side_index(g, a->side);
		if (s < 0)
			return fail(err, g, NULL, "no side '%s' in this scenario", a->side);
		if (g->first_side >= 0 && g->first_side != s)
			return fail(err, g, g->rs->turn.rule ? g->rs->turn.rule : "9",
				"the scenario names %s as the first player, not %s", side_id(r, g->first_side), a->side);
		r->side = s;
		return true;
	}
	case ACT_HAND: {
		int s = game_side_index(g, a->side);
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
			ok = card_of(r, a->words[i], &cards[i], err);
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
static bool begin_game(referee *r, rules_error *err)
{
	game *g = r->g;
	for (int s = 0; s < GAME_SIDES; s++)
		if (!r->hands[s].dealt && g->sides[s].hand_size > 0)
			return fail(err, g, NULL, "the hand of %s is not dealt: write 'hand %s CARD...' before the first card "
				"is played", side_id(r, s), side_id(r, s));
	if (r->side < 0)
		return fail(err, g, g->rs->turn.rule ? g->rs->turn.rule : "9",
			"the scenario names no first player: write 'first union' or 'first confederate' first");
	return true;
}

/* ---- card play ---- */

static bool check_side(referee *r, const gl_action *a, rules_error *err)
{
	if (a->side && game_side_index(r->g, a->side) != r->side)
		return fail(err, r->g, r->g->rs->turn.rule, "it is %s's turn, not %s's", side_id(r, r->side), a->side);
	return true;
}

static bool turn_start(referee *r, const gl_action *a, rules_error *err)
{
	if (r->phase == PHASE_SETUP) {
		if (!begin_game(r, err))
			return false;
	} else if (r->phase != PHASE_START) {
		return fail(err, r->g, r->g->rs->turn.rule, "%s has already %s a card this turn; the turn ends with 'draw'",
			side_id(r, r->side), r->phase == PHASE_DISCARDED ? "discarded" : "played");
	}
	return check_side(r, a, err);
}

/* §8.1: a card whose effect makes one enemy unit fall back toward its
 * home row (short-supply), by the ruleset's data. */
static bool card_falls_back(const game *g, int card)
{
	const rs_card *c = &g->rs->deck.cards[card];
	return c->effect && strcmp(c->effect, "fall-back") == 0;
}

/* Rows between a hex and the side's home row. */
static int rows_to_home(const game *g, int side, hex_coord at)
{
	int step = game_home_step(g, side);
	int n = 0;
	while (!game_on_home_row(g, side, at) && game_on_board(g, at) && n < RETREAT_MAX_FLAGS) {
		at.row += step;
		n++;
	}
	return n;
}

bool referee_fall_back_target(const referee *r, int unit, rules_error *err)
{
	const game *g = r->g;
	const rs_card *c = &g->rs->deck.cards[r->current.card];
	bool enemy = !c->target || strcmp(c->target, "enemy") == 0;
	const game_unit *u = &g->units[unit];
	if (!u->alive) {
		game_fail(err, g, "8.1", "unit '%s' is no longer on the board", u->id);
		return false;
	}
	if (enemy != (u->side != r->side)) {
		game_fail(err, g, "8.1", "card '%s' names %s unit, and '%s' is %s", c->id,
			enemy ? "an enemy" : "a friendly", u->id, u->side == r->side ? "your own" : "the enemy's");
		return false;
	}
	return true;
}

/* `order REF` after a fall-back card: the unit named falls back hex by
 * hex toward its home row, its owner choosing each hex ('retreat'). */
static bool do_fall_back_order(referee *r, const gl_action *a, rules_error *err)
{
	game *g = r->g;
	if (a->word_count != 1)
		return fail(err, g, "8.1", "card '%s' names one enemy unit: 'order REF'", g->rs->deck.cards[r->current.card].id);
	game_ref ref;
	if (!resolve(r, a->words[0], &ref, err))
		return false;
	if (ref.kind != REF_UNIT)
		return fail(err, g, "8.1", "card '%s' names a unit, and '%s' is a general", g->rs->deck.cards[r->current.card].id,
			a->words[0]);
	if (!referee_fall_back_target(r, ref.index, err))
		return false;
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
		note(r, "'%s' must fall back %d %s toward its home row.", a->words[0], b->retreat_hexes,
			b->retreat_hexes == 1 ? "hex" : "hexes");
	} else {
		note(r, "'%s' already stands on its home row and stays.", a->words[0]);
	}
	return true;
}

/* ---- §8.1 rally ---- */

static const rs_card *current_card(const referee *r)
{
	return &r->g->rs->deck.cards[r->current.card];
}

/* After 'play rally': the roll is owed, one die per card left in the
 * hand (the card's data). */
static void rally_begin(referee *r)
{
	referee_rally *ry = &r->rally;
	ry->dice = cards_rally_dice(current_card(r), r->hands[r->side].count);
	if (ry->dice > REFEREE_RALLY_DICE)
		ry->dice = REFEREE_RALLY_DICE;
	ry->step = ry->dice > 0 ? RALLY_ROLL : RALLY_NONE;
	if (ry->dice > 0)
		note(r, "Card '%s': roll %d %s ('rally : FACES').", current_card(r)->id, ry->dice, ry->dice == 1 ? "die" : "dice");
	else
		note(r, "Card '%s': no card left in the hand, no die to roll.", current_card(r)->id);
}

/* Does a side have a unit that could take a figure back? */
static bool rally_wanted(const game *g, const rs_card *c, int side)
{
	for (size_t i = 0; i < g->unit_count; i++)
		if (g->units[i].side == side && cards_rally_room(g, c, (int)i) > 0)
			return true;
	return false;
}

static const char *rally_owed_text(const referee *r, char *buf, size_t size)
{
	const referee_rally *ry = &r->rally;
	if (ry->step == RALLY_ROLL)
		snprintf(buf, size, "card '%s' is not settled: it rolls %d %s first ('rally : FACES')", current_card(r)->id,
			ry->dice, ry->dice == 1 ? "die" : "dice");
	else
		snprintf(buf, size, "card '%s' is not settled: it returns %d %s, name the unit of each ('rally REF...')",
			current_card(r)->id, ry->figures, ry->figures == 1 ? "figure" : "figures");
	return buf;
}

/* 'rally : FACES' (the roll) and 'rally REF...' (one unit a figure).
 * need: referee_dice_needed, the dice of the roll. */
static bool do_rally(referee *r, const gl_action *a, int *need, rules_error *err)
{
	game *g = r->g;
	referee_rally *ry = &r->rally;
	if (r->phase == PHASE_SETUP || r->phase == PHASE_START)
		return fail(err, g, g->rs->turn.rule, "'rally' before a card is played: a turn begins with 'play' (or 'discard')");
	if (!r->has_current || !cards_is(g, r->current.card, "rally")) {
		const rs_card *c = cards_find(g, "rally");
		return fail(err, g, "8.1", "'rally' belongs to a turn of card '%s', and none is played",
			c ? c->id : "rally");
	}
	const rs_card *c = current_card(r);
	if (a->word_count == 0) {
		if (ry->step != RALLY_ROLL)
			return fail(err, g, "8.1", "card '%s' rolls its dice once, and they are rolled", c->id);
		if (need) {
			*need = ry->dice;
			return true;
		}
		if (a->faces_given && (int)a->face_count != ry->dice)
			return fail(err, g, "8.1", "card '%s' rolls %d %s, one per card left in the hand; %zu %s given", c->id,
				ry->dice, ry->dice == 1 ? "die" : "dice", a->face_count, a->face_count == 1 ? "face is" : "faces are");
		char what[80];
		snprintf(what, sizeof what, "card '%s'", c->id);
		int n;
		if (!need_faces(r, a, ry->dice, what, err) || !parse_faces(r, a, ry->faces, &n, err))
			return false;
		ry->face_count = n;
		ry->figures = cards_rally_max(g, c, r->side, ry->faces, n);
		ry->step = ry->figures > 0 ? RALLY_UNITS : RALLY_NONE;
		if (ry->figures > 0)
			note(r, "The roll returns %d %s ('rally REF...', one unit id a figure).", ry->figures,
				ry->figures == 1 ? "figure" : "figures");
		else
			note(r, "The roll returns no figure: no unit of a type it serves has lost any.");
		return true;
	}
	if (need)
		return fail(err, g, NULL, "'rally REF...' names units and rolls no dice");
	if (ry->step == RALLY_ROLL)
		return fail(err, g, "8.1", "card '%s' rolls %d %s before units are named ('rally : FACES')", c->id, ry->dice,
			ry->dice == 1 ? "die" : "dice");
	if (ry->step != RALLY_UNITS)
		return fail(err, g, "8.1", "card '%s' has no figure left to return", c->id);
	int *units = xcalloc(a->word_count + 1, sizeof *units);
	for (size_t i = 0; i < a->word_count; i++) {
		game_ref ref;
		if (!game_resolve_ref(g, a->words[i], &ref)) {
			free(units);
			return fail(err, g, NULL, "no unit '%s' in this scenario", a->words[i]);
		}
		if (ref.kind != REF_UNIT) {
			free(units);
			return fail(err, g, "8.1", "'%s' is a general: card '%s' returns figures to units", a->words[i], c->id);
		}
		units[i] = ref.index;
	}
	bool ok = cards_rally_check(g, c, r->side, ry->faces, ry->face_count, units, (int)a->word_count, err);
	if (ok) {
		for (size_t i = 0; i < a->word_count; i++)
			g->units[units[i]].figures++;
		note(r, "%zu %s back.", a->word_count, a->word_count == 1 ? "figure comes" : "figures come");
		ry->step = RALLY_NONE;
	}
	free(units);
	return ok;
}

/* The card a turn's first line names (play or discard), with its place in
 * the hand of the side to play; refused before the turn or when the side
 * does not hold it. */
static bool turn_card(referee *r, const gl_action *a, deck_card *c, int *idx, rules_error *err)
{
	if (!turn_start(r, a, err) || !card_of(r, a->card, c, err))
		return false;
	*idx = hand_find(&r->hands[r->side], *c);
	if (*idx < 0)
		return fail(err, r->g, r->g->rs->deck.rule, "%s holds no '%s'", side_id(r, r->side), a->card);
	return true;
}

static bool do_play(referee *r, const gl_action *a, rules_error *err)
{
	game *g = r->g;
	deck_card c;
	int idx;
	if (!turn_card(r, a, &c, &idx, err))
		return false;
	order_card oc;
	if (!orders_from_card(g, r->side, c, flank_of(a->section), r->has_last[1 - r->side] ?
		&r->last_played[1 - r->side] : NULL, &oc, err))
		return false;
	bool fall_back = oc.kind == ORDER_UNREFEREED && card_falls_back(g, oc.card);
	bool reinforce = oc.kind == ORDER_UNREFEREED && referee_card_reinforces(g, oc.card);
	bool rally = oc.kind == ORDER_UNREFEREED && cards_is(g, oc.card, "rally");
	if (oc.kind == ORDER_UNREFEREED && !fall_back && !reinforce && !rally)
		return fail(err, g, "8.1", "card '%s' cannot be played yet: orbat does not referee its effect so far; "
			"a side that cannot use any card discards one", g->rs->deck.cards[oc.card].id);
	if (a->faces_given && !reinforce)
		return fail(err, g, NULL, "card '%s' rolls no dice: write the 'play' line without ': FACES'",
			g->rs->deck.cards[oc.card].id);
	if (reinforce && !reinforce_check(r, a, oc.card, true, err))
		return false;
	hand_remove(&r->hands[r->side], idx);
	r->current = oc;
	r->has_current = true;
	r->phase = PHASE_ORDERS;
	r->target_owed = fall_back;
	r->turn++;
	reset_turn(r);
	if (reinforce)
		reinforce_begin(r, a, oc.card);
	if (rally)
		rally_begin(r);
	return true;
}

static bool card_could_be_used(referee *r, deck_card c)
{
	game *g = r->g;
	const order_card *last = r->has_last[1 - r->side] ? &r->last_played[1 - r->side] : NULL;
	rules_error spare;   /* why a flank does not fit: not needed here */
	for (int flank = -1; flank < 3; flank++) {
		order_card oc;
		if (!orders_from_card(g, r->side, c, flank, last, &oc, &spare))
			continue;
		if (oc.kind != ORDER_UNREFEREED && orders_card_usable(g, r->side, &oc))
			return true;
		/* A fall-back card can always name an enemy unit. */
		if (oc.kind == ORDER_UNREFEREED && card_falls_back(g, oc.card))
			return true;
		/* Reinforcements: while reserve units wait (§8.1). */
		if (oc.kind == ORDER_UNREFEREED && referee_card_reinforces(g, oc.card) && game_reserves_left(g, r->side) > 0)
			return true;
		/* Rally, while a unit has figures to take back. */
		if (oc.kind == ORDER_UNREFEREED && cards_is(g, oc.card, "rally") &&
			rally_wanted(g, &g->rs->deck.cards[oc.card], r->side))
			return true;
	}
	return false;
}

static bool do_discard(referee *r, const gl_action *a, rules_error *err)
{
	game *g = r->g;
	deck_card c;
	int idx;
	if (!turn_card(r, a, &c, &idx, err))
		return false;
	/* §8: by the ruleset's data, a side discards by choice, or only
	 * while it can use no card. */
	for (int i = 0; i < r->hands[r->side].count && !g->rs->deck.discard_by_choice; i++) {
		if (card_could_be_used(r, r->hands[r->side].cards[i])) {
			char name[80];
			return fail(err, g, g->rs->deck.rule, "%s could use '%s'; a side discards only when it can use no card",
				side_id(r, r->side), deck_format(g->rs, r->hands[r->side].cards[i], name, sizeof name));
		}
	}
	hand_remove(&r->hands[r->side], idx);
	deck_pool_discard(&r->pool, c);
	r->has_current = false;
	r->phase = PHASE_DISCARDED;
	r->turn++;
	reset_turn(r);
	return true;
}

static bool in_turn(referee *r, const char *what, rules_error *err)
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
		return fail(err, r->g, "8.1", "'%s' in a turn of card '%s', which orders no unit of yours: the turn "
			"ends with 'draw'", what, r->g->rs->deck.cards[r->current.card].id);
	return true;
}

/* ---- orders ---- */

static bool order_ref(referee *r, const char *word, game_ref *ref, rules_error *err)
{
	int b = game_find_brigade(r->g, word);
	if (b >= 0 && !game_resolve_ref(r->g, word, ref)) {
		*ref = (game_ref){ REF_GENERAL, r->g->brigades[b].general };
		if (!r->g->generals[ref->index].alive)
			return fail(err, r->g, r->g->rs->brigades.rule, "brigade '%s' has lost its general", word);
		return true;
	}
	return resolve(r, word, ref, err);
}

static void mark_ordered(referee *r, game_ref ref, bool busy)
{
	game_ref members[64];
	int n = orders_members(r->g, &r->current, ref, members, 64);
	if (n > 64)
		n = 64;
	for (int i = 0; i < n; i++) {
		if (members[i].kind == REF_UNIT) {
			r->ut[members[i].index].ordered = true;
			r->ut[members[i].index].busy |= busy;
		} else {
			r->gt[members[i].index].ordered = true;
			r->gt[members[i].index].busy |= busy;
		}
	}
}

static bool orders_phase(referee *r, const char *what, rules_error *err)
{
	if (!in_turn(r, what, err))
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
static bool already_ordered(referee *r, const game_ref *refs, size_t i, const char *word, rules_error *err)
{
	game_ref f = refs[i];
	bool twice = f.kind == REF_UNIT ? r->ut[f.index].named : r->gt[f.index].named;
	for (size_t k = 0; k < i && !twice; k++)
		twice = refs[k].kind == f.kind && refs[k].index == f.index;
	if (!twice)
		return false;
	fail(err, r->g, r->g->rs->turn.rule, "'%s' is ordered twice this turn: each unit and general carries out one order a turn",
		word);
	return true;
}

static bool do_order(referee *r, const gl_action *a, rules_error *err)
{
	if (in_turn(r, "order", err) && r->has_current && cards_is(r->g, r->current.card, "rally") &&
		r->current.kind == ORDER_UNREFEREED)
		return fail(err, r->g, "8.1", "card '%s' orders no unit: it rolls its dice and returns figures; the turn "
			"ends with 'draw'", current_card(r)->id);
	if (in_turn(r, "order", err) && r->has_current && r->current.kind == ORDER_UNREFEREED && !r->target_owed)
		return fail(err, r->g, "8.1", "card '%s' gives no orders: it has named its unit already",
			r->g->rs->deck.cards[r->current.card].id);
	if (!orders_phase(r, "order", err))
		return false;
	if (r->target_owed)
		return do_fall_back_order(r, a, err);
	order_set *s = &r->orders;
	int saved_count = s->count;
	order_dig saved_dig = s->dig;
	game_ref *refs = xcalloc(a->word_count + 1, sizeof *refs);
	bool ok = true;
	for (size_t i = 0; i < a->word_count && ok; i++) {
		if (!order_ref(r, a->words[i], &refs[i], err))
			ok = false;
		else if (already_ordered(r, refs, i, a->words[i], err))
			ok = false;
		else if (!orders_add(r->g, r->side, &r->current, s, refs[i], err))
			ok = false;
	}
	if (ok) {
		for (size_t i = 0; i < a->word_count; i++) {
			mark_ordered(r, refs[i], false);
			if (refs[i].kind == REF_UNIT)
				r->ut[refs[i].index].named = true;
			else
				r->gt[refs[i].index].named = true;
		}
	} else {
		s->count = saved_count;
		s->dig = saved_dig;
	}
	free(refs);
	return ok;
}

static bool do_form(referee *r, const gl_action *a, rules_error *err)
{
	game *g = r->g;
	const char *rule = g->rs->brigades.rule;
	if (!g->rs->stacking.brigades)
		return fail(err, g, g->rs->stacking.rule, "%s has no brigades", g->rs->id);
	if (!orders_phase(r, gamelog_keyword(a->kind), err))
		return false;
	if (a->kind == ACT_DISSOLVE) {
		int b = game_find_brigade(g, a->subject);
		if (b < 0)
			return fail(err, g, NULL, "no brigade '%s'", a->subject);
		game_ref gen = { REF_GENERAL, g->brigades[b].general };
		if (!own(r, gen, err))
			return false;
		int saved = r->orders.count;
		if (!orders_add(g, r->side, &r->current, &r->orders, gen, err)) {
			r->orders.count = saved;
			return false;
		}
		mark_ordered(r, gen, true);
		r->gt[gen.index].named = true;
		game_brigade *br = &g->brigades[b];
		br->alive = false;
		for (int k = 0; k < br->unit_count; k++)
			g->units[br->units[k]].brigade = -1;
		g->generals[br->general].brigade = -1;
		return true;
	}
	if (game_find_brigade(g, a->subject) >= 0)
		return fail(err, g, rule, "brigade '%s' exists already", a->subject);
	game_ref gen;
	if (!resolve(r, a->object, &gen, err) || !own(r, gen, err))
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
		game_ref u;
		if (!resolve(r, a->words[i], &u, err) || !own(r, u, err))
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
	int saved = r->orders.count;
	if (!orders_add(g, r->side, &r->current, &r->orders, gen, err)) {
		r->orders.count = saved;
		return false;
	}
	if (g->brigade_count >= g->brigade_capacity)
		return fail(err, g, rule, "no more brigades than generals");
	game_brigade *br = &g->brigades[g->brigade_count];
	memset(br, 0, sizeof *br);
	br->id = xstrdup(a->subject);
	br->side = r->side;
	br->general = gen.index;
	br->alive = true;
	for (size_t i = 0; i < a->word_count; i++) {
		br->units[br->unit_count++] = units[i];
		g->units[units[i]].brigade = (int)g->brigade_count;
		r->ut[units[i]].ordered = r->ut[units[i]].busy = r->ut[units[i]].named = true;
	}
	g->generals[gen.index].brigade = (int)g->brigade_count;
	g->brigade_count++;
	r->gt[gen.index].ordered = r->gt[gen.index].busy = r->gt[gen.index].named = true;
	return true;
}

/* ---- moves ---- */

static bool moves_phase(referee *r, const char *what, rules_error *err)
{
	if (!in_turn(r, what, err))
		return false;
	if (r->phase == PHASE_BATTLES)
		return fail(err, r->g, r->g->rs->turn.rule, "'%s' after a battle: every move comes before the first battle", what);
	return true;
}

static const char *stack_rule(const game *g)
{
	return g->rs->stacking.rule;
}

/* Will the general of a unit's hex go with it?  *carried set. */
static bool general_follows(referee *r, int unit, bool alone, int *carried, rules_error *err)
{
	game *g = r->g;
	*carried = -1;
	int gen = game_unit_general(g, unit);
	if (alone) {
		if (gen < 0)
			return fail(err, g, NULL, "'alone': unit '%s' has no general with it", g->units[unit].id);
		if (g->gaps->general_follows == FOLLOW_MUST && !r->gt[gen].moved)
			return fail(err, g, stack_rule(g), "general '%s' must go with unit '%s' (%s)", g->generals[gen].id,
				g->units[unit].id, g->rs->id);
		return true;
	}
	if (gen >= 0 && !r->gt[gen].moved)
		*carried = gen;
	return true;
}

static int brigade_speed(referee *r, int unit)
{
	game *g = r->g;
	const game_unit *u = &g->units[unit];
	if (!g->rs->stacking.brigades || u->brigade < 0 || !r->ut[unit].in_zone)
		return -1;
	const game_brigade *br = &g->brigades[u->brigade];
	if (!br->alive || !g->generals[br->general].alive)
		return -1;
	int speed = g->rs->general.move;
	for (int k = 0; k < br->unit_count; k++) {
		int m = br->units[k];
		if (!g->units[m].alive || !r->ut[m].in_zone)
			continue;
		int v = moves_max(g, (game_ref){ REF_UNIT, m });
		if (v < speed)
			speed = v;
	}
	return speed;
}

static bool do_move(referee *r, const gl_action *a, rules_error *err)
{
	game *g = r->g;
	if (!moves_phase(r, "move", err))
		return false;
	game_ref who;
	if (!resolve(r, a->subject, &who, err) || !own(r, who, err))
		return false;
	move_options o = { false, -1 };
	int carried = -1;
	if (who.kind == REF_UNIT) {
		unit_turn *t = &r->ut[who.index];
		const char *id = g->units[who.index].id;
		if (!t->ordered)
			return fail(err, g, g->rs->turn.rule, "unit '%s' has no order this turn", id);
		if (t->busy)
			return fail(err, g, g->rs->deck.rule, "unit '%s' carries out another order this turn and may not move", id);
		if (t->moved_done)
			return fail(err, g, "3", "unit '%s' has already moved this turn", id);
		if (t->state_changed)
			return fail(err, g, "3", "unit '%s' has %s this turn and may not move", id,
				t->mounted_now ? "mounted" : "dismounted");
		if (t->battles > 0)
			return fail(err, g, g->rs->turn.rule, "unit '%s' has battled; moves come first", id);
		if (!general_follows(r, who.index, a->alone, &carried, err))
			return false;
		o.with_general = carried >= 0;
		o.max_hexes = brigade_speed(r, who.index);
		if (o.max_hexes >= 0 && o.max_hexes > moves_max(g, who))
			o.max_hexes = moves_max(g, who);
	} else {
		general_turn *t = &r->gt[who.index];
		const char *id = g->generals[who.index].id;
		if (a->alone)
			return fail(err, g, NULL, "'alone' is for a unit leaving its general behind");
		if (!t->ordered)
			return fail(err, g, g->rs->turn.rule, "general '%s' has no order this turn", id);
		if (t->busy)
			return fail(err, g, g->rs->deck.rule, "general '%s' carries out another order this turn and may not move", id);
		if (t->moved)
			return fail(err, g, "3", "general '%s' has already moved this turn", id);
	}
	if (!moves_check_path(g, who, &o, a->hexes, (int)a->hex_count, err)) {
		if (o.max_hexes >= 0 && o.max_hexes < moves_max(g, who) && (int)a->hex_count > o.max_hexes)
			return fail(err, g, g->rs->brigades.rule,
				"unit '%s' moves with its brigade, at the speed of its slowest member: at most %d %s",
				game_ref_id(g, who), o.max_hexes, o.max_hexes == 1 ? "hex" : "hexes");
		return false;
	}
	hex_coord to = a->hexes[a->hex_count - 1];
	int hexes = (int)a->hex_count;
	if (a->hex_count == 1 && !hex_adjacent(game_ref_at(g, who), to)) {
		size_t n = hex_count(&g->board);
		int *steps = xmalloc(n * sizeof *steps);
		moves_reach(g, who, &o, steps);
		hexes = steps[hex_index(&g->board, to)];
		free(steps);
	}
	hex_coord from = game_ref_at(g, who);
	game_place(g, who, to);
	if (carried >= 0)
		game_place(g, (game_ref){ REF_GENERAL, carried }, to);
	bool zone_ok = (who.kind != REF_UNIT || rejoin_check(r, who.index, from, err)) &&
		move_zone_check(r, who, carried, err) &&
		(carried < 0 || move_zone_check(r, (game_ref){ REF_GENERAL, carried }, -1, err));
	if (!zone_ok) {
		game_place(g, who, from);
		if (carried >= 0)
			game_place(g, (game_ref){ REF_GENERAL, carried }, from);
		return false;
	}
	const rs_terrain *t = game_terrain(g, to);
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
	r->phase = PHASE_MOVES;
	return true;
}

static bool has_then(const game_unit *u, const char *then)
{
	for (size_t i = 0; i < u->type->move_count; i++)
		if (u->type->moves[i].then && strcmp(u->type->moves[i].then, then) == 0 &&
			game_unit_matches(u, &u->type->moves[i].when))
			return true;
	return false;
}

static void set_attr(game_unit *u, const char *attribute, const char *value)
{
	for (int k = 0; k < SC_UNIT_ATTRIBUTES; k++)
		if (strcmp(sc_unit_attribute_names[k], attribute) == 0) {
			free(u->attr[k]);
			u->attr[k] = xstrdup(value);
		}
}

static bool do_mount(referee *r, const gl_action *a, rules_error *err)
{
	game *g = r->g;
	bool mount = a->kind == ACT_MOUNT;
	const char *what = gamelog_keyword(a->kind);
	if (!in_turn(r, what, err))
		return false;
	game_ref who;
	if (!resolve(r, a->subject, &who, err) || !own(r, who, err))
		return false;
	if (who.kind != REF_UNIT)
		return fail(err, g, "3", "'%s' is not a unit", a->subject);
	game_unit *u = &g->units[who.index];
	unit_turn *t = &r->ut[who.index];
	if (!has_then(u, mount ? "mount" : "dismount"))
		return fail(err, g, "3", "%s '%s' cannot %s%s", u->type->id, u->id, what,
			game_unit_attr(u, "state") ? (mount ? " (it is mounted)" : " (it is dismounted)") : "");
	if (!t->ordered)
		return fail(err, g, g->rs->turn.rule, "unit '%s' has no order this turn", u->id);
	if (t->busy)
		return fail(err, g, g->rs->deck.rule, "unit '%s' carries out another order this turn", u->id);
	if (t->moved_done || t->state_changed)
		return fail(err, g, "3", "unit '%s' has already %s this turn", u->id, t->moved_done ? "moved" : "changed state");
	if (!mount && t->battles > 0)
		return fail(err, g, "3", "unit '%s' dismounts before it battles, not after", u->id);
	set_attr(u, "state", mount ? "mounted" : "dismounted");
	t->state_changed = true;
	t->mounted_now = mount;
	return true;
}

static bool do_dig(referee *r, const gl_action *a, rules_error *err)
{
	game *g = r->g;
	if (!moves_phase(r, "dig", err))
		return false;
	if (!r->has_current || r->current.kind != ORDER_DIG)
		return fail(err, g, g->rs->deck.rule, "only the '%s' card lets units dig in",
			g->gaps->dig_card ? g->gaps->dig_card : "fieldworks");
	game_ref who;
	if (!resolve(r, a->subject, &who, err) || !own(r, who, err))
		return false;
	if (who.kind != REF_UNIT || !r->ut[who.index].ordered)
		return fail(err, g, g->rs->deck.rule, "'%s' has no order to dig in this turn", a->subject);
	unit_turn *t = &r->ut[who.index];
	if (t->moved_done || t->battles > 0 || t->busy)
		return fail(err, g, g->rs->deck.rule, "unit '%s' digs in instead of moving or battling", a->subject);
	long idx = hex_index(&g->board, g->units[who.index].at);
	g->fieldworks[idx] = true;
	t->busy = true;
	r->phase = PHASE_MOVES;
	return true;
}

/* ---- battles ---- */

typedef struct battle_prep {
	int attacker;
	game_ref target;
	dice_answer dice;
	int faces[MAX_FACES];
	int face_count;
} battle_prep;

static bool battle_prepare(referee *r, const gl_action *a, battle_prep *p, bool with_faces, rules_error *err)
{
	game *g = r->g;
	if (!in_turn(r, "battle", err))
		return false;
	if (!can_reach(r, STEP_GAIN + 1, "battle", err))
		return false;
	game_ref who;
	if (!resolve(r, a->subject, &who, err) || !own(r, who, err))
		return false;
	if (who.kind != REF_UNIT)
		return fail(err, g, g->rs->battle.rule, "general '%s' does not battle on his own; he fights beside a unit",
			a->subject);
	const game_unit *u = &g->units[who.index];
	unit_turn *t = &r->ut[who.index];
	if (!t->ordered)
		return fail(err, g, g->rs->turn.rule, "unit '%s' has no order this turn", u->id);
	if (t->busy)
		return fail(err, g, g->rs->deck.rule, "unit '%s' carries out another order this turn and may not battle", u->id);
	if (t->battles >= t->battles_allowed)
		return fail(err, g, "5", "unit '%s' has already battled this turn", u->id);
	if (t->mounted_now)
		return fail(err, g, "3", "unit '%s' mounted this turn: it battles before mounting", u->id);
	if (!moves_battle_after(g, who.index, t->moved))
		return fail(err, g, "3", "%s '%s' moved %d %s this turn and may not battle", u->type->id, u->id, t->moved,
			t->moved == 1 ? "hex" : "hexes");
	if (t->entered_no_battle) {
		const rs_terrain *ter = game_terrain(g, u->at);
		return fail(err, g, "6", "unit '%s' entered %s this turn and may not battle", u->id, ter ? ter->id : "?");
	}
	game_ref target;
	if (!resolve(r, a->object, &target, err))
		return false;
	if (game_ref_side(g, target) == u->side)
		return fail(err, g, g->rs->battle.rule, "'%s' is a friendly %s", a->object, target.kind == REF_UNIT ? "unit" : "general");
	/* §8.1: a sharpshooter's battle is against a general, nothing else. */
	bool sharp = r->has_current && r->current.kind == ORDER_SHARPSHOOTER;
	if (sharp && target.kind != REF_GENERAL)
		return fail(err, g, "8.1", "card '%s' battles an enemy general, and '%s' is a unit: name the general "
			"('battle %s GENERAL')", current_card(r)->id, a->object, u->id);
	if (t->battles > 0 && (t->battle_again.kind != target.kind || t->battle_again.index != target.index))
		return fail(err, g, "3.5", "after gaining ground unit '%s' may battle again only '%s'", u->id,
			game_ref_id(g, t->battle_again));
	if (r->phase != PHASE_BATTLES && !check_zones(r, err))
		return false;
	p->attacker = who.index;
	p->target = target;
	/* The general's extra die only once a turn, for one of the units he
	 * commands: 'alone' keeps it for the other (§4, noord-zuid 001). */
	bool *spent = xcalloc(g->general_count + 1, sizeof *spent);
	for (size_t i = 0; i < g->general_count; i++)
		spent[i] = r->gt[i].spent;
	if (a->alone) {
		int gen = game_unit_general(g, who.index);
		if (gen < 0 || u->type->general_dice == 0) {
			free(spent);
			if (gen < 0)
				return fail(err, g, NULL, "'alone': unit '%s' has no general with it", u->id);
			return fail(err, g, "4", "'alone': general '%s' adds no die to %s '%s' anyway", g->generals[gen].id,
				u->type->id, u->id);
		}
		spent[gen] = true;
	}
	if (sharp)
		dice_sharpshot(g, who.index, target.index, current_card(r)->hits_attached, spent, &p->dice);
	else
		dice_battle(g, who.index, game_ref_at(g, target), target, spent, &p->dice);
	free(spent);
	if (!p->dice.allowed) {
		if (p->dice.refusal < 0)
			return fail(err, g, NULL, "the battle is not allowed");
		rules_error_take(err, &p->dice.reasons[p->dice.refusal]);
		return false;
	}
	if (a->withdraw) {
		if (!g->gaps->saving_rolls)
			return fail(err, g, g->rs->battle.rule, "a defender withdraws before the roll only in noord-zuid");
		if (target.kind != REF_UNIT)
			return fail(err, g, g->rs->battle.rule, "only a unit withdraws");
		retreat_outcome out[4];
		int n = retreat_outcomes(g, target, 1, game_unit_general(g, target.index) >= 0, out, 4);
		bool open = false;
		for (int i = 0; i < n && i < 4; i++)
			open = open || (out[i].len == 1 && !out[i].lost && !out[i].off_board);
		if (!open)
			return fail(err, g, g->rs->battle.rule, "'%s' has no open hex toward its home edge to withdraw into", a->object);
	}
	if (with_faces) {
		char what[160];
		snprintf(what, sizeof what, "the battle of '%s' against '%s'", u->id, a->object);
		if (!need_faces(r, a, p->dice.dice, what, err) || !parse_faces(r, a, p->faces, &p->face_count, err))
			return false;
	}
	return true;
}

/* §8.1 sharpshooter: only the card's hit faces count, and one removes
 * the general for the card's victory flags (points); nothing else
 * happens: no loss, no flag, no retreat, no ground gain. */
static bool sharp_shot(referee *r, const gl_action *a, const battle_prep *p)
{
	game *g = r->g;
	const rs_card *c = current_card(r);
	referee_battle *b = &r->battle;
	memset(b, 0, sizeof *b);
	b->follow_brigade = -1;
	b->line = a->line;
	b->attacker = p->attacker;
	b->target = p->target;
	b->target_hex = game_ref_at(g, p->target);
	b->distance = p->dice.distance;
	int hits = 0;
	for (int i = 0; i < p->face_count; i++)
		hits += cards_sharp_hit(g, c, p->faces[i]);
	const game_general *gg = &g->generals[p->target.index];
	note(r, "%d %s at general '%s': %d %s.", p->face_count, p->face_count == 1 ? "die" : "dice", gg->id, hits,
		hits == 1 ? "hit" : "hits");
	if (hits > 0) {
		int side = 1 - gg->side;
		game_eliminate(g, p->target);
		if (c->victory > 1)
			g->sides[side].flags += c->victory - 1;
		note(r, "General '%s' is removed: %d victory %s for %s.", gg->id, c->victory > 0 ? c->victory : 1,
			g->gaps->saving_rolls ? "point" : "flag", side_id(r, side));
	} else {
		note(r, "He stands; the other faces do nothing.");
	}
	return true;
}

static bool do_battle(referee *r, const gl_action *a, rules_error *err)
{
	game *g = r->g;
	battle_prep p;
	if (!battle_prepare(r, a, &p, true, err))
		return false;
	r->zone_checked = true;
	r->phase = PHASE_BATTLES;
	unit_turn *t = &r->ut[p.attacker];
	t->battles++;
	if (p.dice.general >= 0)
		r->gt[p.dice.general].spent = true;
	if (r->current.kind == ORDER_SHARPSHOOTER)
		return sharp_shot(r, a, &p);
	referee_battle *b = &r->battle;
	memset(b, 0, sizeof *b);
	b->follow_brigade = -1;
	b->active = true;
	b->line = a->line;
	b->attacker = p.attacker;
	b->target = p.target;
	b->target_hex = game_ref_at(g, p.target);
	b->distance = p.dice.distance;
	b->withdraw = a->withdraw;
	battle_count(g, p.target, p.faces, p.face_count, &b->count);
	note(r, "%d %s: %d %s, %d crossed sabres, %d %s.", p.face_count, p.face_count == 1 ? "die" : "dice",
		b->count.symbol_hits, battle_hit_by(g, p.target), b->count.any_hits, b->count.flags,
		b->count.flags == 1 ? "flag" : "flags");
	if (g->gaps->saving_rolls && b->count.auto_kills)
		note(r, "%s or more %s symbols: the first is a kill.", battle_kill_words(g), battle_hit_by(g, p.target));
	if (g->gaps->saving_rolls && b->count.savable > 0) {
		b->step = STEP_SAVE;
		note(r, "'%s' rolls %d saving %s.", game_ref_id(g, p.target), b->count.savable,
			b->count.savable == 1 ? "die" : "dice");
	} else {
		resolve_losses(r, 0);
		advance(r, STEP_DEFEND);
	}
	return true;
}

static bool battle_target_is(referee *r, const char *word, game_ref want, const char *role, rules_error *err)
{
	game_ref ref;
	char name[160];
	if (!game_resolve_ref(r->g, word, &ref) || ref.kind != want.kind || ref.index != want.index)
		return fail(err, r->g, NULL, "%s waits for %s '%s', not '%s'", battle_name(r, name, sizeof name), role,
			game_ref_id(r->g, want), word);
	return true;
}

static bool do_save(referee *r, const gl_action *a, int *need, rules_error *err)
{
	game *g = r->g;
	referee_battle *b = &r->battle;
	if (!in_turn(r, "save", err) || !can_reach(r, STEP_SAVE, "save", err))
		return false;
	if (b->step != STEP_SAVE)
		return fail(err, g, g->rs->battle.rule, "no saving dice are due: no hit needs a save");
	if (!battle_target_is(r, a->subject, b->target, "the target", err))
		return false;
	if (need) {
		*need = b->count.savable;
		return true;
	}
	int faces[MAX_FACES], n;
	if (!need_faces(r, a, b->count.savable, "the save", err) || !parse_faces(r, a, faces, &n, err))
		return false;
	int saved = 0;
	for (int i = 0; i < n; i++)
		saved += battle_save_works(g, b->target, faces[i], b->distance);
	note(r, "%d of %d %s saved.", saved, n, n == 1 ? "hit" : "hits");
	resolve_losses(r, saved);
	advance(r, STEP_DEFEND);
	return true;
}

static bool do_defend(referee *r, const gl_action *a, int *need, rules_error *err)
{
	game *g = r->g;
	referee_battle *b = &r->battle;
	if (!in_turn(r, "defend", err))
		return false;
	if (b->line > 0 && !b->may_defend && !(b->active && b->step == STEP_SAVE)) {
		if (b->withdraw)
			return fail(err, g, g->rs->battle.rule, "'%s' withdrew: a unit that withdraws makes no defensive roll",
				game_ref_id(g, b->target));
		if (b->target.kind == REF_UNIT && g->units[b->target.index].alive && !r->ut[b->target.index].defended &&
			!dice_defensive(g, b->target.index, b->attacker, err)) {
			rules_error_prefix(err, "no defensive roll: ");
			return false;
		}
		return fail(err, g, g->rs->battle.rule, "no defensive roll is allowed here (one die per attacked unit per turn, "
			"for a unit that stood and lives)");
	}
	if (!can_reach(r, STEP_DEFEND, "defend", err))
		return false;
	if (peek(r, STEP_DEFEND) != STEP_DEFEND)
		return fail(err, g, g->rs->battle.rule, "no defensive roll is allowed here");
	if (!battle_target_is(r, a->subject, b->target, "the defender", err))
		return false;
	if (need) {
		*need = 1;
		return true;
	}
	int faces[MAX_FACES], n;
	if (!need_faces(r, a, 1, "the defensive roll", err) || !parse_faces(r, a, faces, &n, err))
		return false;
	r->ut[b->target.index].defended = true;
	game_unit *att = &g->units[b->attacker];
	if (strcmp(g->rs->faces[faces[0]].id, att->type->hit_by) == 0) {
		att->figures--;
		note(r, "The defensive roll kills one figure of '%s'.", att->id);
		if (att->figures <= 0) {
			game_eliminate(g, (game_ref){ REF_UNIT, b->attacker });
			note(r, "'%s' is destroyed.", att->id);
		}
	}
	advance(r, STEP_FLAGSAVE);
	return true;
}

static bool do_flagsave(referee *r, const gl_action *a, int *need, rules_error *err)
{
	game *g = r->g;
	referee_battle *b = &r->battle;
	if (!in_turn(r, "flagsave", err) || !can_reach(r, STEP_FLAGSAVE, "flagsave", err))
		return false;
	if (b->step > STEP_FLAGSAVE || peek(r, STEP_FLAGSAVE) != STEP_FLAGSAVE)
		return fail(err, g, g->gaps->saving_rolls ? g->rs->retreat.flags_rule : "7.1", "no flag may be saved here%s",
			g->gaps->saving_rolls ? ": no flag applies" : " (saving dice are a noord-zuid rule)");
	if (!battle_target_is(r, a->subject, b->retreater, "the unit with flags", err))
		return false;
	if (need) {
		*need = b->flags;
		return true;
	}
	if (!a->faces_given || a->face_count == 0)
		return fail(err, g, NULL, "the flag saves: the faces rolled are missing (write ': FACE ...')");
	if ((int)a->face_count > b->flags)
		return fail(err, g, g->rs->retreat.flags_rule, "one saving die per flag: %d %s, %zu faces given", b->flags,
			b->flags == 1 ? "flag" : "flags", a->face_count);
	int faces[MAX_FACES], n;
	if (!parse_faces(r, a, faces, &n, err))
		return false;
	int saved = 0;
	for (int i = 0; i < n; i++)
		saved += battle_save_works(g, b->retreater, faces[i], b->distance);
	b->flags -= saved;
	b->retreat_hexes -= saved;
	note(r, "%d %s saved.", saved, saved == 1 ? "flag" : "flags");
	advance(r, STEP_RETREAT);
	return true;
}

/* §8.1 short-supply: the fall-back uses the retreat's hexes and choices,
 * but it is not a battle: blocked, the unit stops and loses what the card
 * says (nothing, in the data shipped); it never leaves the board; its
 * general goes along unless the card says otherwise. */
static bool supply_retreat(referee *r, const gl_action *a, rules_error *err)
{
	game *g = r->g;
	referee_battle *b = &r->battle;
	const rs_card *c = &g->rs->deck.cards[r->current.card];
	game_ref who = b->retreater;
	if (a->alone)
		return fail(err, g, "8.1", "'alone': the general of '%s' falls back with it (card '%s')", a->subject, c->id);
	if (a->off)
		return fail(err, g, "8.1", "'off': card '%s' never takes a unit off the board", c->id);
	int gen = c->general_follows ? game_unit_general(g, who.index) : -1;
	retreat_outcome out;
	if (!retreat_check_path(g, who, b->retreat_hexes, gen >= 0, a->hexes, (int)a->hex_count, &out, err))
		return false;
	if (out.off_board)
		return fail(err, g, "8.1", "card '%s' never takes a unit off the board", c->id);
	if (out.len > 0) {
		game_place(g, who, out.path[out.len - 1]);
		if (gen >= 0)
			game_place(g, (game_ref){ REF_GENERAL, gen }, out.path[out.len - 1]);
	}
	if (out.len < b->retreat_hexes) {
		int lost = c->blocked_losses;
		if (lost > 0) {
			g->units[who.index].figures -= lost;
			if (g->units[who.index].figures <= 0)
				game_eliminate(g, who);
		}
		note(r, "'%s' is blocked %d %s short of its home row and stops%s.", a->subject, b->retreat_hexes - out.len,
			b->retreat_hexes - out.len == 1 ? "hex" : "hexes", lost > 0 ? "" : "; it loses nothing");
	}
	b->retreat_hexes = 0;
	b->active = false;
	b->step = STEP_NONE;
	return true;
}

static bool do_retreat(referee *r, const gl_action *a, rules_error *err)
{
	game *g = r->g;
	referee_battle *b = &r->battle;
	if (!in_turn(r, "retreat", err) || !can_reach(r, STEP_RETREAT, "retreat", err))
		return false;
	if (peek(r, STEP_RETREAT) != STEP_RETREAT)
		return fail(err, g, "7.1", "no retreat is due: no flag applies");
	if (!battle_target_is(r, a->subject, b->retreater, "the retreat of", err))
		return false;
	if (b->supply)
		return supply_retreat(r, a, err);
	game_ref who = b->retreater;
	int carried = -1;
	if (who.kind == REF_UNIT) {
		int gen = game_unit_general(g, who.index);
		if (a->alone) {
			if (gen < 0)
				return fail(err, g, NULL, "'alone': unit '%s' has no general with it", a->subject);
			int others = game_units_at(g, g->units[who.index].at, g->units[who.index].side, NULL, 0) - 1;
			if (others < 1)
				return fail(err, g, "7.2", "unit '%s' takes general '%s' along; he stays only with a second unit "
					"that does not retreat", a->subject, g->generals[gen].id);
		} else {
			carried = gen;
		}
	} else if (a->alone) {
		return fail(err, g, NULL, "'alone' is for a unit leaving its general behind");
	}
	retreat_outcome out;
	if (!retreat_check_path(g, who, b->retreat_hexes, carried >= 0, a->hexes, (int)a->hex_count, &out, err))
		return false;
	if (a->off && !out.off_board)
		return fail(err, g, "7.1", "'off': '%s' does not leave the board", a->subject);
	int before = who.kind == REF_UNIT ? g->units[who.index].figures : 1;
	follow_note(r, who);
	if (out.len > 0) {
		game_place(g, who, out.path[out.len - 1]);
		if (carried >= 0)
			game_place(g, (game_ref){ REF_GENERAL, carried }, out.path[out.len - 1]);
	}
	if (out.joined)
		note(r, "The retreat ends on a friendly figure; the other flags lapse.");
	if (out.off_board) {
		note(r, "'%s' is forced off the board and destroyed.", a->subject);
		game_eliminate(g, who);
		if (carried >= 0) {
			note(r, "General '%s' goes with it.", g->generals[carried].id);
			game_eliminate(g, (game_ref){ REF_GENERAL, carried });
		}
	} else if (out.lost > 0) {
		note(r, "No room to retreat: '%s' loses %d %s.", a->subject, out.lost, out.lost == 1 ? "figure" : "figures");
		if (who.kind == REF_UNIT) {
			g->units[who.index].figures -= out.lost;
			if (g->units[who.index].figures <= 0)
				game_eliminate(g, who);
			if (carried >= 0 && g->gaps->blocked_retreat_kills_general && out.lost > before) {
				note(r, "The flags exceed its figures: general '%s' is killed.", g->generals[carried].id);
				game_eliminate(g, (game_ref){ REF_GENERAL, carried });
			}
		} else {
			game_eliminate(g, who);
		}
	}
	b->retreat_hexes = 0;
	follow_offer(r, carried, out.off_board ? 0 : out.len);
	advance(r, STEP_FOLLOW);
	return true;
}

/* noord-zuid (001, the last retreat rule): when a member's retreat takes
 * it out of its general's zone, the player may let the whole brigade fall
 * back with it, each member and the general as many hexes toward the home
 * edge, by the retreat rules and without loss, until it stands together. */
static bool do_follow(referee *r, const gl_action *a, rules_error *err)
{
	game *g = r->g;
	referee_battle *b = &r->battle;
	const char *rule = g->rs->retreat.flags_rule ? g->rs->retreat.flags_rule : "7.1";
	if (!in_turn(r, "follow", err) || !can_reach(r, STEP_FOLLOW, "follow", err))
		return false;
	if (!g->rs->stacking.brigades)
		return fail(err, g, g->rs->stacking.rule, "%s has no brigades", g->rs->id);
	if (peek(r, STEP_FOLLOW) != STEP_FOLLOW)
		return fail(err, g, rule, "no brigade falls back here: 'follow' comes right after the retreat of a brigade "
			"member that left its general's zone, while the brigade does not stand together");
	game_ref who;
	if (!resolve(r, a->subject, &who, err))
		return false;
	const game_brigade *br = &g->brigades[b->follow_brigade];
	int slot = -1;
	if (who.kind == REF_GENERAL && who.index == br->general)
		slot = FOLLOW_GENERAL;
	for (int k = 0; k < br->unit_count && who.kind == REF_UNIT; k++)
		if (br->units[k] == who.index)
			slot = k;
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
	if (out.len > 0)
		game_place(g, who, out.path[out.len - 1]);
	b->followed[slot] = true;
	b->follow_started = true;
	if (follow_open(r, NULL))
		b->step = STEP_FOLLOW;
	else
		advance(r, STEP_GAIN);
	return true;
}

static bool do_gain(referee *r, const gl_action *a, rules_error *err)
{
	game *g = r->g;
	referee_battle *b = &r->battle;
	if (!in_turn(r, "gain", err))
		return false;
	if (owed_step(r) != STEP_NONE)
		return can_reach(r, STEP_GAIN, "gain", err);
	if ((!b->active || !gain_possible(r)) && b->line > 0) {
		/* Why the last battle gives no ground. */
		const game_unit *u = &g->units[b->attacker];
		if (!u->alive)
			return fail(err, g, "3.5", "unit '%s' is gone", u->id);
		if (b->distance != 1)
			return fail(err, g, "3.5", "ground is gained only after a battle at one hex");
		if (!u->type->ground_gain)
			return fail(err, g, "3.5", "%s never gains ground", u->type->id);
		if (b->withdraw)
			return fail(err, g, "3.5", "the defender withdrew: the attacker cannot gain ground");
		if (r->current.copied && !g->gaps->ground_gain_after_counter_attack)
			return fail(err, g, "3.5", "no ground is gained in a turn played with a counter-attack card");
		if (!b->active && game_ref_at(g, (game_ref){ REF_UNIT, b->attacker }).col == b->target_hex.col &&
			game_ref_at(g, (game_ref){ REF_UNIT, b->attacker }).row == b->target_hex.row)
			return fail(err, g, "3.5", "unit '%s' has already gained the ground", u->id);
		return fail(err, g, "3.5", "the hex of the battle is not free: ground is gained only when the defender "
			"is destroyed or retreats, and right after the battle");
	}
	if (!can_reach(r, STEP_GAIN, "gain", err))
		return false;
	if (!battle_target_is(r, a->subject, (game_ref){ REF_UNIT, b->attacker }, "the attacker", err))
		return false;
	int carried = -1;
	if (!general_follows(r, b->attacker, a->alone, &carried, err))
		return false;
	step_verdict v;
	game_ref who = { REF_UNIT, b->attacker };
	moves_step(g, who, carried >= 0, b->target_hex, &v);
	if (!v.enter || !v.end) {
		rules_error_take(err, &v.why);
		rules_error_prefix(err, "cannot gain ground: ");
		return false;
	}
	game_place(g, who, b->target_hex);
	if (carried >= 0)
		game_place(g, (game_ref){ REF_GENERAL, carried }, b->target_hex);
	/* §3.5 noord-zuid: mounted cavalry may battle again, that same unit
	 * (the unit type's ground-gain-battle condition in the ruleset). */
	const game_unit *u = &g->units[b->attacker];
	const rs_when *again = &u->type->ground_gain_battle;
	if (again->attribute && game_ref_alive(g, b->target) && game_unit_matches(u, again)) {
		r->ut[b->attacker].battles_allowed = r->ut[b->attacker].battles + 1;
		r->ut[b->attacker].battle_again = b->target;
	}
	b->active = false;
	b->step = STEP_NONE;
	return true;
}

/* ---- reinforcements (§8.1) ---- */

bool referee_card_reinforces(const game *g, int card)
{
	const rs_card *c = &g->rs->deck.cards[card];
	return c->effect && strcmp(c->effect, "reinforce") == 0;
}

bool referee_play_rolls(const referee *r, const char *card)
{
	const game *g = r->g;
	deck_card c;
	if (!card || !deck_parse(g->rs, card, &c) || r->side < 0)
		return false;
	/* A counter-attack that copies reinforcements rolls too. */
	order_card oc;
	rules_error spare;   /* why a flank does not fit: not needed here */
	const order_card *last = r->has_last[1 - r->side] ? &r->last_played[1 - r->side] : NULL;
	if (orders_from_card(g, r->side, c, -1, last, &oc, &spare))
		return referee_card_reinforces(g, oc.card);
	return referee_card_reinforces(g, c.card);
}

static bool reinforce_turn(const referee *r)
{
	return r->has_current && r->current.kind == ORDER_UNREFEREED && referee_card_reinforces(r->g, r->current.card);
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
	const game *g = r->g;
	const game_unit *u = &g->units[unit];
	if (!r->arrivals.active || !reinforce_turn(r) || r->phase == PHASE_OVER || !u->reserve || u->side != r->side)
		return false;
	hex_coord at[2];
	return arrival_slot(r, unit) >= 0 &&
		game_landing(g, unit, g->rs->deck.cards[r->current.card].entry_fallback, at) > 0;
}

/* Every face that serves a waiting reserve unit brings it: the roll is
 * settled when no face left can bring any (or no hex is free for it). */
static bool reinforce_owed(const referee *r)
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

static const char *reinforce_owed_text(const referee *r, char *buf, size_t size)
{
	const game *g = r->g;
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
static bool reinforce_check(referee *r, const gl_action *a, int card, bool with_faces, rules_error *err)
{
	game *g = r->g;
	const rs_card *c = &g->rs->deck.cards[card];
	if (game_reserves_left(g, r->side) == 0)
		return fail(err, g, "8.1", "%s has no reserve units left: card '%s' can only be discarded",
			side_id(r, r->side), c->id);
	if (c->arrivals_act)
		return fail(err, g, "8.1", "card '%s' lets its arrivals move and battle in the same turn, which orbat "
			"does not referee yet", c->id);
	if (!with_faces)
		return true;
	if (!a->faces_given)
		return fail(err, g, NULL, "card '%s' rolls %d dice: the faces rolled are missing ('play %s : FACE...')",
			c->id, c->dice, a->card);
	int faces[MAX_FACES], n;
	if (!parse_faces(r, a, faces, &n, err))
		return false;
	if (n != c->dice)
		return fail(err, g, "8.1", "card '%s' rolls %d %s; %d %s given", c->id, c->dice,
			c->dice == 1 ? "die" : "dice", n, n == 1 ? "face is" : "faces are");
	return true;
}

/* The roll, checked already: one slot per reserve unit a face brings. */
static void reinforce_begin(referee *r, const gl_action *a, int card)
{
	game *g = r->g;
	const rs_card *c = &g->rs->deck.cards[card];
	referee_arrivals *ar = &r->arrivals;
	memset(ar, 0, sizeof *ar);
	ar->active = true;
	ar->line = a->line;
	int faces[MAX_FACES], n;
	rules_error spare;
	if (!parse_faces(r, a, faces, &n, &spare))
		n = 0;
	int per = c->per_face > 0 ? c->per_face : 1;
	for (int i = 0; i < n; i++)
		for (size_t k = 0; k < c->face_count; k++) {
			if (strcmp(c->faces[k].face, g->rs->faces[faces[i]].id) != 0)
				continue;
			for (int j = 0; j < per && ar->slots < REFEREE_MAX_ARRIVALS; j++)
				ar->type[ar->slots++] = c->faces[k].unit_type;
		}
	char left[200];
	slots_left(r, left, sizeof left);
	note(r, "%s (faces for: %s).", reinforce_owed(r) ? "The dice bring reserve units" :
		"The dice bring no reserve unit", left);
	/* Nothing else is ordered: the arrivals, then the draw. */
	r->phase = PHASE_BATTLES;
}

/* `arrive REF [HEX]`: a reserve unit comes onto its entry hex, or when
 * that is taken the nearest free hex of the home row (HEX chooses between
 * two as near; without it, the western one). */
static bool do_arrive(referee *r, const gl_action *a, rules_error *err)
{
	game *g = r->g;
	if (!reinforce_turn(r) || !r->arrivals.active)
		return fail(err, g, "8.1", "'arrive' brings a reserve unit after a played reinforcements card only");
	const rs_card *c = &g->rs->deck.cards[r->current.card];
	int u = game_find_unit(g, a->subject);
	if (u < 0) {
		if (game_find_general(g, a->subject) >= 0)
			return fail(err, g, "8.1", "'%s' is a general; card '%s' brings reserve units", a->subject, c->id);
		return fail(err, g, NULL, "no unit '%s' in this scenario", a->subject);
	}
	game_unit *gu = &g->units[u];
	if (gu->side != r->side)
		return fail(err, g, g->rs->turn.rule, "'%s' belongs to %s; it is %s's turn", gu->id, side_id(r, gu->side),
			side_id(r, r->side));
	if (!gu->reserve)
		return fail(err, g, "8.1", "'%s' is not in reserve: it %s", gu->id,
			gu->alive ? "is on the board already" : "was destroyed");
	int slot = arrival_slot(r, u);
	if (slot < 0) {
		char left[200];
		slots_left(r, left, sizeof left);
		return fail(err, g, "8.1", "the dice rolled bring no %s unit (faces left for: %s)", gu->type->id, left);
	}
	hex_coord land[2];
	char e[HEX_ADDRESS_MAX], h0[HEX_ADDRESS_MAX], h1[HEX_ADDRESS_MAX], want[HEX_ADDRESS_MAX];
	hex_format(gu->entry, e);
	int n = game_landing(g, u, c->entry_fallback, land);
	if (n == 0)
		return fail(err, g, "8.1", "'%s' cannot arrive: its entry hex %s is taken%s", gu->id, e,
			c->entry_fallback && strcmp(c->entry_fallback, "home-row") == 0 ? " and so is every hex of its home row" :
			"");
	hex_format(land[0], h0);
	if (n > 1)
		hex_format(land[1], h1);
	hex_coord at = land[0];
	if (a->hex_count > 0) {
		bool ok = false;
		for (int i = 0; i < n; i++)
			ok |= land[i].col == a->hexes[0].col && land[i].row == a->hexes[0].row;
		hex_format(a->hexes[0], want);
		if (!ok && land[0].col == gu->entry.col && land[0].row == gu->entry.row)
			return fail(err, g, "8.1", "'%s' arrives on its entry hex %s, which is free, not on %s", gu->id, e, want);
		if (!ok)
			return fail(err, g, "8.1", "'%s' arrives on the nearest free hex of its home row, %s%s%s (its entry hex %s "
				"is taken), not on %s", gu->id, h0, n > 1 ? " or " : "", n > 1 ? h1 : "", e, want);
		at = a->hexes[0];
	}
	game_arrive(g, u, at);
	r->arrivals.used[slot] = true;
	r->ut[u].arrived = true;
	char where[HEX_ADDRESS_MAX];
	note(r, "'%s' arrives on %s%s.", gu->id, hex_format(at, where),
		at.col == gu->entry.col && at.row == gu->entry.row ? "" : " (its entry hex is taken)");
	return true;
}

/* Before any action: what the roll still owes comes first; a unit that
 * arrived this turn neither moves nor battles (the card's arrivals-act);
 * the card orders no unit. */
static bool reinforce_guard(referee *r, const gl_action *a, rules_error *err)
{
	game *g = r->g;
	if (!reinforce_turn(r))
		return true;
	const char *card = g->rs->deck.cards[r->current.card].id;
	if (reinforce_owed(r) && a->kind != ACT_ARRIVE) {
		char buf[400];
		return fail(err, g, "8.1", "card '%s' is not settled: %s", card, reinforce_owed_text(r, buf, sizeof buf));
	}
	bool acts = a->kind == ACT_MOVE || a->kind == ACT_BATTLE || a->kind == ACT_MOUNT || a->kind == ACT_DISMOUNT ||
		a->kind == ACT_DIG || a->kind == ACT_GAIN;
	int u = acts && a->subject ? game_find_unit(g, a->subject) : -1;
	if (u < 0 && acts && a->subject) {
		game_ref ref;
		if (game_resolve_ref(g, a->subject, &ref) && ref.kind == REF_UNIT)
			u = ref.index;
	}
	if (u >= 0 && r->ut[u].arrived)
		return fail(err, g, "8.1", "'%s' arrived this turn: units that card '%s' brings may not move or battle "
			"until a later turn", g->units[u].id, card);
	if (a->kind == ACT_ORDER || a->kind == ACT_FORM || a->kind == ACT_DISSOLVE)
		return fail(err, g, "8.1", "card '%s' orders no unit: its reserve units arrive ('arrive REF [HEX]'), then "
			"the turn ends with 'draw'", card);
	return true;
}

/* `orbat play`: the dice of `play reinforcements`, after every other
 * check of the play. */
static bool reinforce_dice_needed(referee *r, const gl_action *a, int *count, rules_error *err)
{
	game *g = r->g;
	deck_card dc;
	if (!a->card || !referee_play_rolls(r, a->card) || !deck_parse(g->rs, a->card, &dc))
		return fail(err, g, NULL, "'play %s' rolls no dice", a->card ? a->card : "");
	if (!turn_start(r, a, err))
		return false;
	if (hand_find(&r->hands[r->side], dc) < 0)
		return fail(err, g, g->rs->deck.rule, "%s holds no '%s'", side_id(r, r->side), a->card);
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

static bool do_draw(referee *r, const gl_action *a, rules_error *err)
{
	game *g = r->g;
	if (r->phase == PHASE_SETUP || r->phase == PHASE_START)
		return fail(err, g, g->rs->turn.rule, "'draw' ends a turn, and %s has not played or discarded a card yet",
			side_id(r, r->side < 0 ? 0 : r->side));
	if (!check_side(r, a, err) || !can_reach(r, STEP_GAIN + 1, "draw", err))
		return false;
	if (r->phase != PHASE_BATTLES && r->phase != PHASE_DISCARDED && !check_zones(r, err))
		return false;
	if (!a->card)
		return fail(err, g, NULL, "'draw' names the card drawn");
	deck_card c;
	if (!card_of(r, a->card, &c, err))
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
	r->phase = PHASE_START;
	return true;
}

/* ---- entry points ---- */

bool referee_apply(referee *r, const gl_action *a, rules_error *err)
{
	err->rule[0] = err->message[0] = '\0';
	err->line = 0;
	if (r->phase == PHASE_OVER)
		return fail(err, r->g, r->g->rs->victory.rule ? r->g->rs->victory.rule : "10",
			"the game is over: %s won (line %d)", side_id(r, r->g->winner), r->winner_line);
	/* What a pending battle owes comes before anything else; an action
	 * that is not one of its steps declines the optional ones. */
	bool step = a->kind == ACT_SAVE || a->kind == ACT_DEFEND || a->kind == ACT_FLAGSAVE ||
		a->kind == ACT_RETREAT || a->kind == ACT_FOLLOW || a->kind == ACT_GAIN;
	if (!step && r->battle.active && !can_reach(r, STEP_GAIN + 1, gamelog_keyword(a->kind), err))
		return false;
	if (r->target_owed && a->kind != ACT_ORDER)
		return fail(err, r->g, "8.1", "card '%s' is not settled: it names one enemy unit first ('order REF')",
			r->g->rs->deck.cards[r->current.card].id);
	if (!reinforce_guard(r, a, err))
		return false;
	if (r->rally.step != RALLY_NONE && a->kind != ACT_RALLY) {
		char buf[200];
		return fail(err, r->g, "8.1", "%s", rally_owed_text(r, buf, sizeof buf));
	}
	if (gamelog_is_head(a->kind))
		return do_setup(r, a, err);
	bool ok;
	switch (a->kind) {
	case ACT_PLAY:
		ok = do_play(r, a, err);
		break;
	case ACT_DISCARD:
		ok = do_discard(r, a, err);
		break;
	case ACT_ORDER:
		ok = do_order(r, a, err);
		break;
	case ACT_FORM:
	case ACT_DISSOLVE:
		ok = do_form(r, a, err);
		break;
	case ACT_MOVE:
		ok = do_move(r, a, err);
		break;
	case ACT_MOUNT:
	case ACT_DISMOUNT:
		ok = do_mount(r, a, err);
		break;
	case ACT_DIG:
		ok = do_dig(r, a, err);
		break;
	case ACT_BATTLE:
		ok = do_battle(r, a, err);
		break;
	case ACT_SAVE:
		ok = do_save(r, a, NULL, err);
		break;
	case ACT_DEFEND:
		ok = do_defend(r, a, NULL, err);
		break;
	case ACT_FLAGSAVE:
		ok = do_flagsave(r, a, NULL, err);
		break;
	case ACT_RETREAT:
		ok = do_retreat(r, a, err);
		break;
	case ACT_GAIN:
		ok = do_gain(r, a, err);
		break;
	case ACT_DRAW:
		ok = do_draw(r, a, err);
		break;
	case ACT_FOLLOW:
		ok = do_follow(r, a, err);
		break;
	case ACT_ARRIVE:
		ok = do_arrive(r, a, err);
		break;
	case ACT_RALLY:
		ok = do_rally(r, a, NULL, err);
		break;
	default:
		return fail(err, r->g, NULL, "unknown action");
	}
	if (ok && !step && a->kind != ACT_BATTLE && !(a->kind == ACT_ORDER && r->battle.supply))
		r->battle.active = false;
	if (ok)
		after_change(r, a->line);
	return ok;
}

bool referee_dice_needed(referee *r, const gl_action *a, int *count, rules_error *err)
{
	err->rule[0] = err->message[0] = '\0';
	err->line = 0;
	*count = 0;
	if (r->phase == PHASE_OVER)
		return fail(err, r->g, r->g->rs->victory.rule, "the game is over");
	switch (a->kind) {
	case ACT_BATTLE: {
		battle_prep p;
		if (!battle_prepare(r, a, &p, false, err))
			return false;
		*count = p.dice.dice;
		return true;
	}
	case ACT_SAVE:
		return do_save(r, a, count, err);
	case ACT_DEFEND:
		return do_defend(r, a, count, err);
	case ACT_FLAGSAVE:
		return do_flagsave(r, a, count, err);
	case ACT_PLAY:
		return reinforce_dice_needed(r, a, count, err);
	case ACT_RALLY:
		return do_rally(r, a, count, err);
	default:
		return fail(err, r->g, NULL, "'%s' rolls no dice", gamelog_keyword(a->kind));
	}
}

bool referee_finish(referee *r, rules_error *err)
{
	err->rule[0] = err->message[0] = '\0';
	err->line = 0;
	if (r->target_owed && r->phase != PHASE_OVER)
		return fail(err, r->g, "8.1", "the log ends before card '%s' names its enemy unit ('order REF')",
			r->g->rs->deck.cards[r->current.card].id);
	if (reinforce_owed(r)) {
		char buf[400];
		return fail(err, r->g, "8.1", "the log ends before card '%s' is settled: %s",
			r->g->rs->deck.cards[r->current.card].id, reinforce_owed_text(r, buf, sizeof buf));
	}
	if (r->rally.step != RALLY_NONE && r->phase != PHASE_OVER) {
		char buf[200];
		return fail(err, r->g, "8.1", "the log ends here: %s", rally_owed_text(r, buf, sizeof buf));
	}
	battle_step owed = owed_step(r);
	if (r->phase == PHASE_OVER || owed == STEP_NONE)
		return true;
	char buf[300];
	char name[160];
	return fail(err, r->g, owed_rule(r, owed), "the log ends before %s is finished: %s",
		battle_name(r, name, sizeof name), owed_text(r, owed, buf, sizeof buf));
}
