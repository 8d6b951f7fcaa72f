#include "hex_referee_impl.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- life cycle ---- */

static bool faces_name_themselves(const hex_game *g)
{
	for (size_t i = 0; i < g->rs->face_count; i++)
		if (referee_face(g, g->rs->faces[i].id) != (int)i)
			return false;
	return true;
}

referee *referee_create(hex_game *g)
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
	r->faces_by_id = faces_name_themselves(g);
	hex_special_wake(g);   /* a frozen group with an enemy near at the start */
	return r;
}

/* A copy of n elements of `size` bytes, NULL for none. */
static void *copy_of(const void *from, size_t n, size_t size)
{
	if (!from || n == 0)
		return NULL;
	void *to = xmalloc(n * size);
	memcpy(to, from, n * size);
	return to;
}

referee *referee_clone(const referee *r, hex_game *g)
{
	referee *c = xmalloc(sizeof *c);
	*c = *r;
	c->g = g;
	c->kept = (referee_kept_battle){ 0 };   /* kept for the original's next line only */
	for (int s = 0; s < GAME_SIDES; s++) {
		const referee_hand *h = &r->hands[s];
		c->hands[s].cards = copy_of(h->cards, h->capacity, sizeof *h->cards);
		if (!c->hands[s].cards)
			c->hands[s].capacity = 0;
	}
	c->pool.draw = copy_of(r->pool.draw, (size_t)r->pool.kinds + 1, sizeof *r->pool.draw);
	c->pool.discard = copy_of(r->pool.discard, (size_t)r->pool.kinds + 1, sizeof *r->pool.discard);
	order_set_copy(&r->orders, &c->orders);
	c->ut = copy_of(r->ut, g->unit_count + 1, sizeof *r->ut);
	c->gt = copy_of(r->gt, g->general_count + 1, sizeof *r->gt);
	return c;
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

int referee_face(const hex_game *g, const char *word)
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

const char *ref_side_id(const referee *r, int side)
{
	return side >= 0 && side < GAME_SIDES ? r->g->sides[side].id : "?";
}

bool ref_resolve(const referee *r, const char *token, hex_ref *out, rules_error *err)
{
	if (!token || !hex_game_resolve_ref(r->g, token, out)) {
		hex_coord h;
		if (token && hex_parse(token, &h))
			return fail(err, r->g, NULL, "no single unit or lone general at %s", token);
		return fail(err, r->g, NULL, "no unit or general '%s' in this scenario", token ? token : "?");
	}
	if (out->kind == REF_UNIT && hex_special_unarrived(r->g, out->index, err))
		return false;
	if (!hex_game_ref_alive(r->g, *out)) {
		/* A reserve unit waits for the reinforcements card; anything else
		 * is gone from the game. */
		bool reserve = out->kind == REF_UNIT && r->g->units[out->index].reserve;
		return fail(err, r->g, reserve ? cards_effect_rule(r->g, RS_EFFECT_REINFORCE) : r->g->rs->victory.rule, "'%s' %s",
			hex_game_ref_id(r->g, *out), hex_game_ref_absence(r->g, *out));
	}
	return true;
}

/* A piece acts only on an order of its own this turn (the turn's rule),
 * and only when no other order keeps it busy (the deck's rule); `after`
 * ends the second refusal, saying what it may not do. */
bool ref_free_to_act(const referee *r, const char *kind, const char *id, bool ordered, bool busy, const char *after,
	rules_error *err)
{
	if (!ordered)
		return fail(err, r->g, r->g->rs->turn.rule, "%s '%s' has no order this turn", kind, id);
	if (busy)
		return fail(err, r->g, r->g->rs->deck.rule, "%s '%s' carries out another order this turn%s", kind, id, after);
	return true;
}

bool ref_own(const referee *r, hex_ref ref, rules_error *err)
{
	int s = hex_game_ref_side(r->g, ref);
	if (s != r->side)
		return fail(err, r->g, r->g->rs->turn.rule, "'%s' belongs to %s; it is %s's turn", hex_game_ref_id(r->g, ref),
			ref_side_id(r, s), ref_side_id(r, r->side));
	return true;
}

/* referee_face, with a face written as its id found by one comparison
 * each: every die of every roll of a game is read here. */
static int ref_face(const referee *r, const char *word)
{
	const ruleset *rs = r->g->rs;
	if (r->faces_by_id)
		for (size_t i = 0; i < rs->face_count; i++)
			if (strcmp(rs->faces[i].id, word) == 0)
				return (int)i;
	return referee_face(r->g, word);
}

bool ref_parse_faces(const referee *r, const gl_action *a, int *faces, int *count, rules_error *err)
{
	*count = 0;
	for (size_t i = 0; i < a->face_count; i++) {
		int f = ref_face(r, a->faces[i]);
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

bool ref_need_faces(const referee *r, const gl_action *a, int want, const char *what, rules_error *err)
{
	if (!a->faces_given)
		return fail(err, r->g, NULL, "%s: the faces rolled are missing (write ': FACE ...')", what);
	if ((int)a->face_count != want)
		return fail(err, r->g, r->g->rs->battle.dice_rule, "%s rolls %d %s; %zu %s given", what, want, want == 1 ? "die" : "dice",
			a->face_count, a->face_count == 1 ? "face is" : "faces are");
	return true;
}

bool ref_card_of(const referee *r, const char *word, deck_card *c, rules_error *err)
{
	if (!word)
		return fail(err, r->g, NULL, "no card named");
	if (!deck_parse(r->g->rs, word, c))
		return fail(err, r->g, NULL, "'%s' is not a card of the %s deck (cards are written like recon/left, "
			"frontal)", word, r->g->rs->id);
	return true;
}

int ref_flank_of(const hex_game *g, const char *section)
{
	return hex_game_flank_parse(g, section);
}

/* ---- turn state ---- */

static bool brigade_member_in_zone(const hex_game *g, int unit)
{
	int b = g->units[unit].brigade;
	if (b < 0 || !g->brigades[b].alive)
		return false;
	const hex_general *gg = &g->generals[g->brigades[b].general];
	return gg->alive && hex_distance(gg->at, g->units[unit].at) <= g->rs->brigades.zone_radius;
}

void ref_reset_turn(referee *r)
{
	hex_game *g = r->g;
	memset(r->ut, 0, (g->unit_count + 1) * sizeof *r->ut);
	memset(r->gt, 0, (g->general_count + 1) * sizeof *r->gt);
	for (size_t i = 0; i < g->unit_count; i++) {
		r->ut[i].battles_allowed = 1;
		r->ut[i].battle_again = (hex_ref){ REF_NONE, -1 };
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
	hex_special_wake(r->g);
	if (hex_game_check_victory(r->g, r->side) >= 0) {
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
bool ref_check_zones(const referee *r, rules_error *err)
{
	hex_game *g = r->g;
	if (r->zone_checked || !g->rs->stacking.brigades)
		return true;
	for (size_t b = 0; b < g->brigade_count; b++) {
		const hex_brigade *br = &g->brigades[b];
		if (!br->alive || br->side != r->side || !g->generals[br->general].alive)
			continue;
		const hex_general *gg = &g->generals[br->general];
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

bool referee_owed(referee *r, char *buf, size_t size, bool *required)
{
	referee_battle *b = &r->battle;
	const hex_game *g = r->g;
	buf[0] = '\0';
	*required = false;
	if (r->target_owed && r->phase != PHASE_OVER) {
		*required = true;
		snprintf(buf, size, "card '%s' names one enemy unit ('order REF')", g->rs->deck.cards[r->current.card].id);
		return true;
	}
	if (ref_reinforce_owed(r)) {
		*required = true;
		ref_reinforce_owed_text(r, buf, size);
		return true;
	}
	if (r->rally.step != RALLY_NONE && r->phase != PHASE_OVER) {
		*required = true;
		ref_rally_owed_text(r, buf, size);
		return true;
	}
	if (!b->active || r->phase == PHASE_OVER)
		return false;
	size_t len = 0;
	battle_step owed = ref_owed_step(r);
	if (owed != STEP_NONE) {
		*required = true;
		ref_owed_text(r, owed, buf, size);
		len = strlen(buf);
	}
	/* The optional steps still on offer before the owed one (or at all). */
	int offered = 0;
	for (int s = b->step; s <= STEP_GAIN && len + 80 < size; s++) {
		if (owed != STEP_NONE && s >= (int)owed)
			break;
		if (ref_peek(r, (battle_step)s) != (battle_step)s)
			continue;
		len += (size_t)snprintf(buf + len, size - len, "%s", offered++ ? ", " : len ? "; before it, if wanted: " :
			"may: ");
		if (len >= size)
			len = size - 1;
		if (s == STEP_DEFEND)
			len += (size_t)snprintf(buf + len, size - len, "a defensive roll ('defend %s')", hex_game_ref_id(g, b->target));
		else if (s == STEP_FLAGSAVE)
			len += (size_t)snprintf(buf + len, size - len, "flag saves ('flagsave %s : FACES')",
				hex_game_ref_id(g, b->retreater));
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

void ref_note(referee *r, const char *fmt, ...)
{
	if (rules_quiet())   /* the note is for a reader (orbat play), when there is one */
		return;
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

/* ---- entry points ---- */

/* Every action is judged first, by a check that changes nothing, and
 * only then carried out, by an apply step that cannot fail: a refused
 * line leaves the game and the referee as they were. */
static bool check_action(const referee *r, const gl_action *a, rules_error *err)
{
	switch (a->kind) {
	case ACT_PLAY: return ref_check_play(r, a, err);
	case ACT_DISCARD: return ref_check_discard(r, a, err);
	case ACT_ORDER: return ref_check_order(r, a, err);
	case ACT_FORM:
	case ACT_DISSOLVE: return ref_check_form(r, a, err);
	case ACT_MOVE: return ref_check_move(r, a, err);
	case ACT_MOUNT:
	case ACT_DISMOUNT: return ref_check_mount(r, a, err);
	case ACT_DIG: return ref_check_dig(r, a, err);
	case ACT_BATTLE: return ref_check_battle(r, a, err);
	case ACT_SAVE: return ref_check_save(r, a, NULL, err);
	case ACT_DEFEND: return ref_check_defend(r, a, NULL, err);
	case ACT_FLAGSAVE: return ref_check_flagsave(r, a, NULL, err);
	case ACT_RETREAT: return ref_check_retreat(r, a, err);
	case ACT_GAIN: return ref_check_gain(r, a, err);
	case ACT_DRAW: return ref_check_draw(r, a, err);
	case ACT_FOLLOW: return ref_check_follow(r, a, err);
	case ACT_ARRIVE: return ref_check_arrive(r, a, err);
	case ACT_RALLY: return ref_check_rally(r, a, NULL, err);
	default: return fail(err, r->g, NULL, "unknown action");
	}
}

static void apply_action(referee *r, const gl_action *a)
{
	switch (a->kind) {
	case ACT_PLAY: ref_apply_play(r, a); break;
	case ACT_DISCARD: ref_apply_discard(r, a); break;
	case ACT_ORDER: ref_apply_order(r, a); break;
	case ACT_FORM:
	case ACT_DISSOLVE: ref_apply_form(r, a); break;
	case ACT_MOVE: ref_apply_move(r, a); break;
	case ACT_MOUNT:
	case ACT_DISMOUNT: ref_apply_mount(r, a); break;
	case ACT_DIG: ref_apply_dig(r, a); break;
	case ACT_BATTLE: ref_apply_battle(r, a); break;
	case ACT_SAVE: ref_apply_save(r, a); break;
	case ACT_DEFEND: ref_apply_defend(r, a); break;
	case ACT_FLAGSAVE: ref_apply_flagsave(r, a); break;
	case ACT_RETREAT: ref_apply_retreat(r, a); break;
	case ACT_GAIN: ref_apply_gain(r, a); break;
	case ACT_DRAW: ref_apply_draw(r, a); break;
	case ACT_FOLLOW: ref_apply_follow(r, a); break;
	case ACT_ARRIVE: ref_apply_arrive(r, a); break;
	case ACT_RALLY: ref_apply_rally(r, a); break;
	default: break;   /* check_action refused it */
	}
}

/* check_action, then apply_action when it passed.  A battle, a move and
 * an order line are checked and carried out on one preparation (the dice
 * and line of sight of a battle, the path of a move, the figures an order
 * line names, worked out once). */
static bool check_and_apply(referee *r, const gl_action *a, rules_error *err)
{
	if (a->kind == ACT_BATTLE)
		return ref_battle(r, a, err);
	if (a->kind == ACT_MOVE)
		return ref_move(r, a, err);
	if (a->kind == ACT_ORDER)
		return ref_order(r, a, err);
	if (!check_action(r, a, err))
		return false;
	apply_action(r, a);
	return true;
}

bool referee_apply(referee *r, const gl_action *a, rules_error *err)
{
	err->rule[0] = err->message[0] = '\0';
	err->line = 0;
	if (r->phase == PHASE_OVER && r->g->result[0])
		return rules_fail(err, r->g->result_rule, "the game is over (line %d): %s", r->winner_line, r->g->result);
	if (r->phase == PHASE_OVER)
		return fail(err, r->g, r->g->rs->victory.rule,
			"the game is over: %s won (line %d)", ref_side_id(r, r->g->winner), r->winner_line);
	/* What a pending battle owes comes before anything else; an action
	 * that is not one of its steps declines the optional ones. */
	bool step = a->kind == ACT_SAVE || a->kind == ACT_DEFEND || a->kind == ACT_FLAGSAVE ||
		a->kind == ACT_RETREAT || a->kind == ACT_FOLLOW || a->kind == ACT_GAIN;
	if (!step && r->battle.active && !ref_can_reach(r, STEP_GAIN + 1, hexlog_keyword(a->kind), err))
		return false;
	if (r->target_owed && a->kind != ACT_ORDER)
		return fail(err, r->g, cards_index_rule(r->g, r->current.card),
			"card '%s' is not settled: it names one enemy unit first ('order REF')",
			r->g->rs->deck.cards[r->current.card].id);
	if (!ref_reinforce_guard(r, a, err))
		return false;
	if (r->rally.step != RALLY_NONE && a->kind != ACT_RALLY) {
		char buf[200];
		return fail(err, r->g, cards_index_rule(r->g, r->current.card), "%s", ref_rally_owed_text(r, buf, sizeof buf));
	}
	if (hexlog_is_head(a->kind))
		return ref_setup(r, a, err);
	bool ok = check_and_apply(r, a, err);
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
		if (!ref_battle_prepare(r, a, &p, false, err))
			return false;
		ref_battle_keep(r, a, &p);
		*count = p.dice.dice;
		return true;
	}
	case ACT_SAVE:
		return ref_check_save(r, a, count, err);
	case ACT_DEFEND:
		return ref_check_defend(r, a, count, err);
	case ACT_FLAGSAVE:
		return ref_check_flagsave(r, a, count, err);
	case ACT_PLAY:
		return ref_reinforce_dice_needed(r, a, count, err);
	case ACT_RALLY:
		return ref_check_rally(r, a, count, err);
	default:
		return fail(err, r->g, NULL, "'%s' rolls no dice", hexlog_keyword(a->kind));
	}
}

bool referee_finish(referee *r, rules_error *err)
{
	err->rule[0] = err->message[0] = '\0';
	err->line = 0;
	if (r->target_owed && r->phase != PHASE_OVER)
		return fail(err, r->g, cards_index_rule(r->g, r->current.card),
			"the log ends before card '%s' names its enemy unit ('order REF')",
			r->g->rs->deck.cards[r->current.card].id);
	if (ref_reinforce_owed(r)) {
		char buf[400];
		return fail(err, r->g, cards_index_rule(r->g, r->current.card), "the log ends before card '%s' is settled: %s",
			r->g->rs->deck.cards[r->current.card].id, ref_reinforce_owed_text(r, buf, sizeof buf));
	}
	if (r->rally.step != RALLY_NONE && r->phase != PHASE_OVER) {
		char buf[200];
		return fail(err, r->g, cards_index_rule(r->g, r->current.card),
			"the log ends here: %s", ref_rally_owed_text(r, buf, sizeof buf));
	}
	battle_step owed = ref_owed_step(r);
	if (r->phase == PHASE_OVER || owed == STEP_NONE)
		return true;
	char buf[300];
	char name[160];
	return fail(err, r->g, ref_owed_rule(r, owed), "the log ends before %s is finished: %s",
		ref_battle_name(r, name, sizeof name), ref_owed_text(r, owed, buf, sizeof buf));
}

void referee_spent_init(referee_spent *s, const referee *r)
{
	size_t n = r->g->general_count + 1;
	s->of = n <= REFEREE_SPENT_ROOM ? s->room : xcalloc(n, sizeof *s->of);
	for (size_t i = 0; i < n; i++)
		s->of[i] = i < r->g->general_count && r->gt && r->gt[i].spent;
}

void referee_spent_finish(referee_spent *s)
{
	if (s->of != s->room)
		free(s->of);
	s->of = NULL;
}
