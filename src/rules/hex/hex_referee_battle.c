/* The referee's battles: rolling, saves, defending, flag saves, retreats,
 * gaining ground, and what a pending battle still owes. */

#include "hex_referee_impl.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The first step of the pending battle that cannot be skipped: its saving
 * dice for hits, else its retreat (which may lie behind optional steps: a
 * defensive roll, flag saves); STEP_NONE when only optional steps remain.
 * Everything a battle owes is judged here, for every ruleset. */
battle_step ref_owed_step(const referee *r)
{
	const referee_battle *b = &r->battle;
	if (!b->active)
		return STEP_NONE;
	if (b->step == STEP_SAVE)
		return STEP_SAVE;
	if (b->step <= STEP_RETREAT && b->retreat_hexes > 0 && hex_game_ref_alive(r->g, b->retreater))
		return STEP_RETREAT;
	if (b->step == STEP_FOLLOW && b->follow_started && ref_follow_open(r, NULL))
		return STEP_FOLLOW;
	return STEP_NONE;
}

const char *ref_owed_rule(const referee *r, battle_step s)
{
	if (r->battle.supply)
		return cards_index_rule(r->g, r->current.card);
	if (s == STEP_FOLLOW)
		return r->g->rs->retreat.flags_rule;
	return s == STEP_RETREAT ? r->g->rs->retreat.path_rule : r->g->rs->battle.rule;
}

/* What the pending battle owes, in words: "'c1' must still retreat 2
 * hexes (flags) ('retreat c1 HEX...')". */
const char *ref_owed_text(const referee *r, battle_step s, char *buf, size_t size)
{
	const referee_battle *b = &r->battle;
	const hex_game *g = r->g;
	switch (s) {
	case STEP_SAVE:
		snprintf(buf, size, "'%s' must still roll %d saving %s for hits ('save %s : FACES')",
			hex_game_ref_id(g, b->target), b->count.savable, b->count.savable == 1 ? "die" : "dice",
			hex_game_ref_id(g, b->target));
		break;
	case STEP_RETREAT:
		if (b->supply) {
			snprintf(buf, size, "'%s' must still fall back %d %s toward its home row, its owner choosing each hex "
				"('retreat %s HEX...')", hex_game_ref_id(g, b->retreater), b->retreat_hexes,
				b->retreat_hexes == 1 ? "hex" : "hexes", hex_game_ref_id(g, b->retreater));
			break;
		}
		snprintf(buf, size, "'%s' must still retreat %d %s (%s) ('retreat %s HEX...')", hex_game_ref_id(g, b->retreater),
			b->retreat_hexes, b->retreat_hexes == 1 ? "hex" : "hexes",
			b->withdraw && b->retreater.kind == b->target.kind && b->retreater.index == b->target.index ?
			(b->flags > 0 ? "flags and withdrawal" : "withdrawal") : (b->flags == 1 ? "flag" : "flags"),
			hex_game_ref_id(g, b->retreater));
		break;
	case STEP_FOLLOW: {
		int slot = -1;
		ref_follow_open(r, &slot);
		const char *who = slot >= 0 ? hex_game_ref_id(g, ref_follow_ref(r, slot)) : "?";
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
const char *ref_battle_name(const referee *r, char *buf, size_t size)
{
	const referee_battle *b = &r->battle;
	if (b->supply && b->line > 0)
		snprintf(buf, size, "the short supply of line %d", b->line);
	else if (b->supply)
		snprintf(buf, size, "the short supply of '%s'", hex_game_ref_id(r->g, b->target));
	else if (b->line > 0)
		snprintf(buf, size, "the battle of line %d", b->line);
	else
		snprintf(buf, size, "the battle of '%s' against '%s'", r->g->units[b->attacker].id,
			hex_game_ref_id(r->g, b->target));
	return buf;
}

static bool fail_owed(const referee *r, battle_step s, rules_error *err)
{
	char buf[300];
	char name[160];
	return fail(err, r->g, ref_owed_rule(r, s), "%s is not finished: %s", ref_battle_name(r, name, sizeof name),
		ref_owed_text(r, s, buf, sizeof buf));
}

/* May the pending battle go to step `want` (STEP_GAIN + 1: leave it)?
 * Optional steps on the way are skipped (declined); a required one is
 * not. */
/* A step of the pending battle may come now: a card has been played this
 * turn, and the battle neither has gone past `step` nor owes an earlier one. */
bool ref_battle_step(const referee *r, battle_step step, const char *what, rules_error *err)
{
	return ref_in_turn(r, what, err) && ref_can_reach(r, (int)step, what, err);
}

bool ref_can_reach(const referee *r, int want, const char *action, rules_error *err)
{
	const referee_battle *b = &r->battle;
	if (!b->active) {
		if (want > STEP_GAIN)
			return true;
		return fail(err, r->g, r->g->rs->turn.rule, "'%s' belongs to a battle, and no battle is waiting for it", action);
	}
	if ((int)b->step > want) {
		char name[160];
		return fail(err, r->g, r->g->rs->turn.rule, "'%s' comes too late: %s has gone past it", action,
			ref_battle_name(r, name, sizeof name));
	}
	battle_step owed = ref_owed_step(r);
	if (owed != STEP_NONE && (int)owed < want)
		return fail_owed(r, owed, err);
	return true;
}

static bool gain_possible(const referee *r)
{
	const referee_battle *b = &r->battle;
	hex_game *g = r->g;
	if (b->supply)
		return false;
	const hex_unit *a = &g->units[b->attacker];
	if (!a->alive || b->distance != 1 || !a->type->ground_gain || b->withdraw)
		return false;
	if (r->current.copied && !g->rs->deck.cards[r->current.played.card].ground_gain)
		return false;
	if (!hex_special_ground_gain(g, a->side, NULL))
		return false;
	if (hex_game_units_at(g, b->target_hex, 1 - a->side, NULL, 0) > 0)
		return false;
	int gen = hex_game_general_at(g, b->target_hex);
	if (gen >= 0 && g->generals[gen].side != a->side)
		return false;
	return true;
}

bool referee_gain_on_offer(referee *r)
{
	return r->battle.active && ref_peek(r, STEP_FOLLOW) != STEP_NONE && gain_possible(r);
}

/* The first step from `from` on that applies, STEP_NONE when none. */
battle_step ref_peek(const referee *r, battle_step from)
{
	const referee_battle *b = &r->battle;
	hex_game *g = r->g;
	for (int s = from; s <= STEP_GAIN; s++) {
		switch ((battle_step)s) {
		case STEP_DEFEND:
			if (b->may_defend && g->units[b->attacker].alive)
				return STEP_DEFEND;
			break;
		case STEP_FLAGSAVE:
			if (g->rs->battle.saving_rolls && b->flags > 0 && b->retreat_hexes > 0 && hex_game_ref_alive(g, b->retreater))
				return STEP_FLAGSAVE;
			break;
		case STEP_RETREAT:
			if (b->retreat_hexes > 0 && hex_game_ref_alive(g, b->retreater))
				return STEP_RETREAT;
			break;
		case STEP_FOLLOW:
			if (ref_follow_open(r, NULL))
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

/* The side of a step: its target's for the saving dice and the defensive
 * roll, its retreater's for what the retreat asks, the side to play for
 * the ground gain. */
static int step_side(const referee *r, battle_step step)
{
	const referee_battle *b = &r->battle;
	switch (step) {
	case STEP_SAVE:
	case STEP_DEFEND:
		return hex_game_ref_side(r->g, b->target);
	case STEP_FLAGSAVE:
	case STEP_RETREAT:
	case STEP_FOLLOW:
		return hex_game_ref_side(r->g, b->retreater);
	default:
		return r->side;
	}
}

int referee_decider(const referee *r)
{
	if (!r->battle.active || r->battle.step == STEP_NONE || r->side < 0)
		return r->side;
	int side = step_side(r, r->battle.step);
	return side >= 0 ? side : r->side;
}

int referee_action_side(const referee *r, const gl_action *a)
{
	static const battle_step steps[ACT_COUNT] = {
		[ACT_SAVE] = STEP_SAVE, [ACT_DEFEND] = STEP_DEFEND, [ACT_FLAGSAVE] = STEP_FLAGSAVE,
		[ACT_RETREAT] = STEP_RETREAT, [ACT_FOLLOW] = STEP_FOLLOW,
	};
	battle_step step = (unsigned)a->kind < ACT_COUNT ? steps[a->kind] : STEP_NONE;
	if (!r->battle.active || step == STEP_NONE || r->side < 0)
		return r->side;
	int side = step_side(r, step);
	return side >= 0 ? side : r->side;
}

bool referee_pass(referee *r, rules_error *err)
{
	referee_battle *b = &r->battle;
	if (!b->active || b->step == STEP_NONE)
		return fail(err, r->g, r->g->rs->turn.rule, "nothing to pass: no battle waits for a choice; %s is to play",
			ref_side_id(r, r->side));
	battle_step owed = ref_owed_step(r);
	if (owed == b->step)
		return fail_owed(r, owed, err);
	ref_advance(r, (battle_step)(b->step + 1));
	return true;
}

/* Go to the first step from `from` on that applies; close the battle
 * when none is left. */
void ref_advance(referee *r, battle_step from)
{
	referee_battle *b = &r->battle;
	b->step = ref_peek(r, from);
	b->may_gain = b->step == STEP_GAIN;
	if (b->step == STEP_NONE)
		b->active = false;
}

/* Remove the figures the roll took (§5.1, §5.2 step 5), then see which
 * flags apply (§7.2, §7.3, §7.4). */
static void resolve_losses(referee *r, int saved)
{
	referee_battle *b = &r->battle;
	hex_game *g = r->g;
	bool capped = false;
	int losses = battle_losses(g, b->attacker, b->target, &b->count, saved, &capped);
	b->losses = losses;
	int attached = b->target.kind == REF_UNIT ? hex_game_unit_general(g, b->target.index) : -1;
	if (capped)
		ref_note(r, "Hits beyond the attacker's %d figures are lost.", g->units[b->attacker].figures);
	if (b->target.kind == REF_UNIT) {
		hex_unit *t = &g->units[b->target.index];
		t->figures -= losses;
		if (losses)
			ref_note(r, "'%s' loses %d %s.", t->id, losses, losses == 1 ? "figure" : "figures");
		if (t->figures <= 0) {
			hex_game_eliminate(g, b->target);
			ref_note(r, "'%s' is destroyed: one victory %s for %s.", t->id,
				g->rs->battle.saving_rolls ? "point" : "flag", ref_side_id(r, 1 - t->side));
		}
	} else if (losses > 0) {
		hex_game_eliminate(g, b->target);
		ref_note(r, "General '%s' is killed: one victory %s for %s.", g->generals[b->target.index].id,
			g->rs->battle.saving_rolls ? "point" : "flag", ref_side_id(r, 1 - g->generals[b->target.index].side));
	}
	b->retreater = b->target;
	b->flags = 0;
	rules_error why;
	if (hex_game_ref_alive(g, b->target)) {
		b->flags = battle_flags_apply(g, b->target, b->count.flags, battle_figures(g, b->target), &why);
		if (rules_error_set(&why))
			ref_note(r, "%s [%s]", why.message, why.rule);
	} else if (b->count.flags > 0 && attached >= 0 && g->rs->retreat.flags_pass_to_general &&
		g->generals[attached].alive) {
		/* §7.2 (battlecry-150): the flags fall on the general. */
		b->retreater = (hex_ref){ REF_GENERAL, attached };
		b->flags = battle_flags_apply(g, b->retreater, b->count.flags, 1, &why);
		ref_note(r, "The flags fall on general '%s'.", g->generals[attached].id);
		if (rules_error_set(&why))
			ref_note(r, "%s [%s]", why.message, why.rule);
	}
	b->retreat_hexes = b->flags + (b->withdraw && hex_game_ref_alive(g, b->target) ? 1 : 0);
	if (b->flags > 0)
		ref_note(r, "'%s' must retreat %d %s.", hex_game_ref_id(g, b->retreater), b->flags, b->flags == 1 ? "hex" : "hexes");
	/* §5.2 step 6: the defensive roll of a unit that stood. */
	b->may_defend = false;
	if (g->rs->battle.saving_rolls && !b->withdraw && b->target.kind == REF_UNIT && g->units[b->target.index].alive &&
		!r->ut[b->target.index].defended) {
		b->may_defend = dice_defensive(g, b->target.index, b->attacker, &why);
	}
}

/* ---- battles ---- */

/* The battle of the line without its faces: who battles whom, with how
 * many dice (ref_battle_prepare). */
static bool prepare_dice(const referee *r, const gl_action *a, battle_prep *p, rules_error *err)
{
	hex_game *g = r->g;
	if (!ref_in_turn(r, "battle", err))
		return false;
	if (!ref_can_reach(r, STEP_GAIN + 1, "battle", err))
		return false;
	hex_ref who;
	if (!ref_resolve(r, a->subject, &who, err) || !ref_own(r, who, err))
		return false;
	if (who.kind != REF_UNIT)
		return fail(err, g, g->rs->battle.rule, "general '%s' does not battle on his own; he fights beside a unit",
			a->subject);
	const hex_unit *u = &g->units[who.index];
	unit_turn *t = &r->ut[who.index];
	if (hex_special_frozen(g, who.index, err))
		return false;
	if (!ref_free_to_act(r, "unit", u->id, t->ordered, t->busy, " and may not battle", err))
		return false;
	if (t->battles >= t->battles_allowed)
		return fail(err, g, g->rs->battle.once_rule, "unit '%s' has already battled this turn", u->id);
	if (t->mounted_now)
		return fail(err, g, g->rs->movement.rule, "unit '%s' mounted this turn: it battles before mounting", u->id);
	if (!moves_battle_after(g, who.index, t->moved))
		return fail(err, g, g->rs->movement.rule, "%s '%s' moved %d %s this turn and may not battle", u->type->id, u->id, t->moved,
			t->moved == 1 ? "hex" : "hexes");
	if (t->entered_no_battle) {
		const rs_terrain *ter = hex_game_terrain(g, u->at);
		return fail(err, g, g->rs->terrain_effects.rule,
			"unit '%s' entered %s this turn and may not battle", u->id, ter ? ter->id : "?");
	}
	hex_ref target;
	if (!ref_resolve(r, a->object, &target, err))
		return false;
	if (hex_game_ref_side(g, target) == u->side)
		return fail(err, g, g->rs->battle.rule, "'%s' is a friendly %s", a->object, target.kind == REF_UNIT ? "unit" : "general");
	/* §8.1: a sharpshooter's battle is against a general, nothing else. */
	bool sharp = r->has_current && r->current.kind == ORDER_SHARPSHOOTER;
	if (sharp && target.kind != REF_GENERAL)
		return fail(err, g, cards_index_rule(g, r->current.card),
			"card '%s' battles an enemy general, and '%s' is a unit: name the general "
			"('battle %s GENERAL')", ref_current_card(r)->id, a->object, u->id);
	if (t->battles > 0 && (t->battle_again.kind != target.kind || t->battle_again.index != target.index))
		return fail(err, g, g->rs->movement.ground_gain_rule, "after gaining ground unit '%s' may battle again only '%s'", u->id,
			hex_game_ref_id(g, t->battle_again));
	if (r->phase != PHASE_BATTLES && !ref_check_zones(r, err))
		return false;
	p->attacker = who.index;
	p->target = target;
	/* The general's extra die only once a turn, for one of the units he
	 * commands: 'alone' keeps it for the other (§4, noord-zuid 001). */
	referee_spent spent_of;
	referee_spent_init(&spent_of, r);
	bool *spent = spent_of.of;
	if (a->alone) {
		int gen = hex_game_unit_general(g, who.index);
		if (gen < 0 || u->type->general_dice == 0) {
			referee_spent_finish(&spent_of);
			if (gen < 0)
				return fail(err, g, NULL, "'alone': unit '%s' has no general with it", u->id);
			return fail(err, g, g->rs->battle.dice_rule,
				"'alone': general '%s' adds no die to %s '%s' anyway", g->generals[gen].id,
				u->type->id, u->id);
		}
		spent[gen] = true;
	}
	if (sharp)
		dice_sharpshot(g, who.index, target.index, ref_current_card(r)->hits_attached, spent, &p->dice);
	else
		dice_battle(g, who.index, hex_game_ref_at(g, target), target, spent, &p->dice);
	referee_spent_finish(&spent_of);
	if (!p->dice.allowed) {
		if (p->dice.refusal < 0)
			return fail(err, g, NULL, "the battle is not allowed");
		rules_error_take(err, &p->dice.reasons.items[p->dice.refusal]);
		return false;
	}
	if (a->withdraw) {
		if (!g->rs->battle.saving_rolls)
			return fail(err, g, g->rs->battle.rule, "a defender withdraws before the roll only in noord-zuid");
		if (target.kind != REF_UNIT)
			return fail(err, g, g->rs->battle.rule, "only a unit withdraws");
		retreat_outcome out[4];
		int n = retreat_outcomes(g, target, 1, hex_game_unit_general(g, target.index) >= 0, out, 4);
		bool open = false;
		for (int i = 0; i < n && i < 4; i++)
			open = open || (out[i].len == 1 && !out[i].lost && !out[i].off_board);
		if (!open)
			return fail(err, g, g->rs->battle.rule, "'%s' has no open hex toward its home edge to withdraw into", a->object);
	}
	return true;
}

/* The faces of the line, as many as the battle prepared rolls. */
static bool prepare_faces(const referee *r, const gl_action *a, battle_prep *p, rules_error *err)
{
	char what[160] = "";   /* words for a refusal, which quiet rules do not write */
	if (!rules_quiet())
		snprintf(what, sizeof what, "the battle of '%s' against '%s'", r->g->units[p->attacker].id, a->object);
	return ref_need_faces(r, a, p->dice.dice, what, err) && ref_parse_faces(r, a, p->faces, &p->face_count, err);
}

bool ref_battle_prepare(const referee *r, const gl_action *a, battle_prep *p, bool with_faces, rules_error *err)
{
	return prepare_dice(r, a, p, err) && (!with_faces || prepare_faces(r, a, p, err));
}

void referee_keep_battle(referee *r, bool on)
{
	r->kept = (referee_kept_battle){ .on = on };
}

void ref_battle_keep(referee *r, const gl_action *a, const battle_prep *p)
{
	if (!r->kept.on)
		return;
	r->kept.action = a;
	r->kept.attacker = p->attacker;
	r->kept.target = p->target;
	memcpy(r->kept.dice, &p->dice, sizeof r->kept.dice);
}

/* ref_battle_prepare with faces, from the battle kept for this very line
 * when there is one: the referee has not changed since its dice were
 * counted. */
static bool prepare_kept(referee *r, const gl_action *a, battle_prep *p, rules_error *err)
{
	if (!r->kept.on || r->kept.action != a)
		return ref_battle_prepare(r, a, p, true, err);
	r->kept.action = NULL;   /* once */
	p->attacker = r->kept.attacker;
	p->target = r->kept.target;
	memcpy(&p->dice, r->kept.dice, sizeof r->kept.dice);
	p->dice.reasons.count = 0;
	p->dice.reasons.error = false;
	return prepare_faces(r, a, p, err);
}

/* §8.1 sharpshooter: only the card's hit faces count, and one removes
 * the general for the card's victory flags (points); nothing else
 * happens: no loss, no flag, no retreat, no ground gain. */
static void sharp_shot(referee *r, const gl_action *a, const battle_prep *p)
{
	hex_game *g = r->g;
	const rs_card *c = ref_current_card(r);
	referee_battle *b = &r->battle;
	memset(b, 0, sizeof *b);
	b->follow_brigade = -1;
	b->line = a->line;
	b->attacker = p->attacker;
	b->target = p->target;
	b->target_hex = hex_game_ref_at(g, p->target);
	b->distance = p->dice.distance;
	int hits = 0;
	for (int i = 0; i < p->face_count; i++)
		hits += cards_sharp_hit(c, p->faces[i]);
	const hex_general *gg = &g->generals[p->target.index];
	ref_note(r, "%d %s at general '%s': %d %s.", p->face_count, p->face_count == 1 ? "die" : "dice", gg->id, hits,
		hits == 1 ? "hit" : "hits");
	if (hits > 0) {
		int side = 1 - gg->side;
		hex_game_eliminate(g, p->target);
		if (c->victory > 1)
			g->sides[side].flags += c->victory - 1;
		ref_note(r, "General '%s' is removed: %d victory %s for %s.", gg->id, c->victory > 0 ? c->victory : 1,
			g->rs->battle.saving_rolls ? "point" : "flag", ref_side_id(r, side));
	} else {
		ref_note(r, "He stands; the other faces do nothing.");
	}
}

static void carry_out_battle(referee *r, const gl_action *a, const battle_prep *p);

bool ref_check_battle(const referee *r, const gl_action *a, rules_error *err)
{
	battle_prep p;
	return ref_battle_prepare(r, a, &p, true, err);
}

void ref_apply_battle(referee *r, const gl_action *a)
{
	battle_prep p;
	rules_error unused;
	ref_battle_prepare(r, a, &p, true, &unused);   /* ref_check_battle passed */
	carry_out_battle(r, a, &p);
}

bool ref_battle(referee *r, const gl_action *a, rules_error *err)
{
	battle_prep p;
	if (!prepare_kept(r, a, &p, err))
		return false;
	carry_out_battle(r, a, &p);
	return true;
}

/* The battle a preparation allowed: its roll counted, its losses and
 * saving rolls owed. */
static void carry_out_battle(referee *r, const gl_action *a, const battle_prep *p)
{
	hex_game *g = r->g;
	r->zone_checked = true;
	r->phase = PHASE_BATTLES;
	unit_turn *t = &r->ut[p->attacker];
	t->battles++;
	if (p->dice.general >= 0)
		r->gt[p->dice.general].spent = true;
	if (r->current.kind == ORDER_SHARPSHOOTER) {
		sharp_shot(r, a, p);
		return;
	}
	referee_battle *b = &r->battle;
	memset(b, 0, sizeof *b);
	b->follow_brigade = -1;
	b->active = true;
	b->line = a->line;
	b->attacker = p->attacker;
	b->target = p->target;
	b->target_hex = hex_game_ref_at(g, p->target);
	b->distance = p->dice.distance;
	b->withdraw = a->withdraw;
	battle_count(g, p->target, p->faces, p->face_count, &b->count);
	ref_note(r, "%d %s: %d %s, %d crossed sabres, %d %s.", p->face_count, p->face_count == 1 ? "die" : "dice",
		b->count.symbol_hits, battle_hit_by(g, p->target), b->count.any_hits, b->count.flags,
		b->count.flags == 1 ? "flag" : "flags");
	if (g->rs->battle.saving_rolls && b->count.auto_kills)
		ref_note(r, "%s or more %s symbols: the first is a kill.", battle_kill_words(g), battle_hit_by(g, p->target));
	if (g->rs->battle.saving_rolls && b->count.savable > 0) {
		b->step = STEP_SAVE;
		ref_note(r, "'%s' rolls %d saving %s.", hex_game_ref_id(g, p->target), b->count.savable,
			b->count.savable == 1 ? "die" : "dice");
	} else {
		resolve_losses(r, 0);
		ref_advance(r, STEP_DEFEND);
	}
}

static bool battle_target_is(const referee *r, const char *word, hex_ref want, const char *role, rules_error *err)
{
	hex_ref ref;
	char name[160];
	if (!hex_game_resolve_ref(r->g, word, &ref) || ref.kind != want.kind || ref.index != want.index)
		return fail(err, r->g, NULL, "%s waits for %s '%s', not '%s'", ref_battle_name(r, name, sizeof name), role,
			hex_game_ref_id(r->g, want), word);
	return true;
}

/* The end of a roll's check: with `need`, only how many dice it rolls
 * (referee_dice_needed); without, the faces the line gives, `count` of
 * them and each a face of the ruleset's dice. */
static bool roll_due(const referee *r, const gl_action *a, int count, const char *what, int *need, rules_error *err)
{
	if (need) {
		*need = count;
		return true;
	}
	int faces[MAX_FACES], n;
	return ref_need_faces(r, a, count, what, err) && ref_parse_faces(r, a, faces, &n, err);
}

bool ref_check_save(const referee *r, const gl_action *a, int *need, rules_error *err)
{
	hex_game *g = r->g;
	const referee_battle *b = &r->battle;
	if (!ref_battle_step(r, STEP_SAVE, "save", err))
		return false;
	if (b->step != STEP_SAVE)
		return fail(err, g, g->rs->battle.rule, "no saving dice are due: no hit needs a save");
	if (!battle_target_is(r, a->subject, b->target, "the target", err))
		return false;
	return roll_due(r, a, b->count.savable, "the save", need, err);
}

/* The saving dice of a checked line: how many of its `rolled` faces save
 * `who` at the battle's distance. */
static int saves_rolled(const referee *r, const gl_action *a, hex_ref who, int *rolled)
{
	int faces[MAX_FACES];
	rules_error spare;   /* the check passed: the faces are known */
	ref_parse_faces(r, a, faces, rolled, &spare);
	int saved = 0;
	for (int i = 0; i < *rolled; i++)
		saved += battle_save_works(r->g, who, faces[i], r->battle.distance);
	return saved;
}

void ref_apply_save(referee *r, const gl_action *a)
{
	int n;
	int saved = saves_rolled(r, a, r->battle.target, &n);
	ref_note(r, "%d of %d %s saved.", saved, n, n == 1 ? "hit" : "hits");
	resolve_losses(r, saved);
	ref_advance(r, STEP_DEFEND);
}

bool ref_check_defend(const referee *r, const gl_action *a, int *need, rules_error *err)
{
	hex_game *g = r->g;
	const referee_battle *b = &r->battle;
	if (!ref_in_turn(r, "defend", err))
		return false;
	if (b->line > 0 && !b->may_defend && !(b->active && b->step == STEP_SAVE)) {
		if (b->withdraw)
			return fail(err, g, g->rs->battle.rule, "'%s' withdrew: a unit that withdraws makes no defensive roll",
				hex_game_ref_id(g, b->target));
		if (b->target.kind == REF_UNIT && g->units[b->target.index].alive && !r->ut[b->target.index].defended &&
			!dice_defensive(g, b->target.index, b->attacker, err)) {
			rules_error_prefix(err, "no defensive roll: ");
			return false;
		}
		return fail(err, g, g->rs->battle.rule, "no defensive roll is allowed here (one die per attacked unit per turn, "
			"for a unit that stood and lives)");
	}
	if (!ref_can_reach(r, STEP_DEFEND, "defend", err))
		return false;
	if (ref_peek(r, STEP_DEFEND) != STEP_DEFEND)
		return fail(err, g, g->rs->battle.rule, "no defensive roll is allowed here");
	if (!battle_target_is(r, a->subject, b->target, "the defender", err))
		return false;
	return roll_due(r, a, 1, "the defensive roll", need, err);
}

void ref_apply_defend(referee *r, const gl_action *a)
{
	hex_game *g = r->g;
	referee_battle *b = &r->battle;
	int faces[MAX_FACES], n;
	rules_error spare;   /* ref_check_defend passed: the faces are known */
	ref_parse_faces(r, a, faces, &n, &spare);
	r->ut[b->target.index].defended = true;
	hex_unit *att = &g->units[b->attacker];
	if (strcmp(g->rs->faces[faces[0]].id, att->type->hit_by) == 0) {
		att->figures--;
		ref_note(r, "The defensive roll kills one figure of '%s'.", att->id);
		if (att->figures <= 0) {
			hex_game_eliminate(g, (hex_ref){ REF_UNIT, b->attacker });
			ref_note(r, "'%s' is destroyed.", att->id);
		}
	}
	ref_advance(r, STEP_FLAGSAVE);
}

bool ref_check_flagsave(const referee *r, const gl_action *a, int *need, rules_error *err)
{
	hex_game *g = r->g;
	const referee_battle *b = &r->battle;
	if (!ref_battle_step(r, STEP_FLAGSAVE, "flagsave", err))
		return false;
	if (b->step > STEP_FLAGSAVE || ref_peek(r, STEP_FLAGSAVE) != STEP_FLAGSAVE)
		return fail(err, g, g->rs->battle.saving_rolls ? g->rs->retreat.flags_rule : g->rs->retreat.path_rule,
			"no flag may be saved here%s",
			g->rs->battle.saving_rolls ? ": no flag applies" : " (saving dice are a noord-zuid rule)");
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
	return ref_parse_faces(r, a, faces, &n, err);
}

void ref_apply_flagsave(referee *r, const gl_action *a)
{
	referee_battle *b = &r->battle;
	int n;
	int saved = saves_rolled(r, a, b->retreater, &n);
	b->flags -= saved;
	b->retreat_hexes -= saved;
	ref_note(r, "%d %s saved.", saved, saved == 1 ? "flag" : "flags");
	ref_advance(r, STEP_RETREAT);
}

/* §8.1 short-supply: the fall-back uses the retreat's hexes and choices,
 * but it is not a battle: blocked, the unit stops and loses what the card
 * says (nothing, in the data shipped); it never leaves the board; its
 * general goes along unless the card says otherwise. */
/* The fall-back of a short-supply card: the unit goes toward its home row,
 * its general along when the card says so (*gen), never off the board. */
static bool supply_retreat_plan(const referee *r, const gl_action *a, retreat_outcome *out, int *gen, rules_error *err)
{
	const hex_game *g = r->g;
	const referee_battle *b = &r->battle;
	const rs_card *c = &g->rs->deck.cards[r->current.card];
	hex_ref who = b->retreater;
	if (a->alone)
		return fail(err, g, cards_rule(g, c), "'alone': the general of '%s' falls back with it (card '%s')", a->subject, c->id);
	if (a->off)
		return fail(err, g, cards_rule(g, c), "'off': card '%s' never takes a unit off the board", c->id);
	*gen = c->general_follows ? hex_game_unit_general(g, who.index) : -1;
	if (!retreat_check_path(g, who, b->retreat_hexes, *gen >= 0, a->hexes, (int)a->hex_count, out, err))
		return false;
	if (out->off_board)
		return fail(err, g, cards_rule(g, c), "card '%s' never takes a unit off the board", c->id);
	return true;
}

static void supply_retreat_apply(referee *r, const gl_action *a, const retreat_outcome *out, int gen)
{
	hex_game *g = r->g;
	referee_battle *b = &r->battle;
	const rs_card *c = &g->rs->deck.cards[r->current.card];
	hex_ref who = b->retreater;
	if (out->len > 0) {
		hex_game_place(g, who, out->path[out->len - 1]);
		if (gen >= 0)
			hex_game_place(g, (hex_ref){ REF_GENERAL, gen }, out->path[out->len - 1]);
	}
	if (out->len < b->retreat_hexes) {
		int lost = c->blocked_losses;
		if (lost > 0) {
			g->units[who.index].figures -= lost;
			if (g->units[who.index].figures <= 0)
				hex_game_eliminate(g, who);
		}
		ref_note(r, "'%s' is blocked %d %s short of its home row and stops%s.", a->subject, b->retreat_hexes - out->len,
			b->retreat_hexes - out->len == 1 ? "hex" : "hexes", lost > 0 ? "" : "; it loses nothing");
	}
	b->retreat_hexes = 0;
	b->active = false;
	b->step = STEP_NONE;
}

/* A retreat judged without touching the game: the path's outcome, and
 * the general carried along (-1 when none). */
static bool retreat_plan(const referee *r, const gl_action *a, retreat_outcome *out, int *carried, rules_error *err)
{
	const hex_game *g = r->g;
	const referee_battle *b = &r->battle;
	if (!ref_battle_step(r, STEP_RETREAT, "retreat", err))
		return false;
	const char *rule = g->rs->retreat.path_rule;
	if (ref_peek(r, STEP_RETREAT) != STEP_RETREAT)
		return fail(err, g, rule, "no retreat is due: no flag applies");
	if (!battle_target_is(r, a->subject, b->retreater, "the retreat of", err))
		return false;
	if (b->supply)
		return supply_retreat_plan(r, a, out, carried, err);
	hex_ref who = b->retreater;
	*carried = -1;
	if (who.kind == REF_UNIT) {
		int gen = hex_game_unit_general(g, who.index);
		if (a->alone) {
			if (gen < 0)
				return fail(err, g, NULL, "'alone': unit '%s' has no general with it", a->subject);
			int others = hex_game_units_at(g, g->units[who.index].at, g->units[who.index].side, NULL, 0) - 1;
			if (others < 1)
				return fail(err, g, g->rs->retreat.generals_rule,
					"unit '%s' takes general '%s' along; he stays only with a second unit "
					"that does not retreat", a->subject, g->generals[gen].id);
		} else {
			*carried = gen;
		}
	} else if (a->alone) {
		return fail(err, g, NULL, "'alone' is for a unit leaving its general behind");
	}
	if (!retreat_check_path(g, who, b->retreat_hexes, *carried >= 0, a->hexes, (int)a->hex_count, out, err))
		return false;
	if (a->off && !out->off_board)
		return fail(err, g, g->rs->retreat.path_rule, "'off': '%s' does not leave the board", a->subject);
	return true;
}

bool ref_check_retreat(const referee *r, const gl_action *a, rules_error *err)
{
	retreat_outcome out;
	int carried;
	return retreat_plan(r, a, &out, &carried, err);
}

void ref_apply_retreat(referee *r, const gl_action *a)
{
	hex_game *g = r->g;
	referee_battle *b = &r->battle;
	retreat_outcome out;
	int carried = -1;
	rules_error unused;
	retreat_plan(r, a, &out, &carried, &unused);   /* ref_check_retreat passed */
	if (b->supply) {
		supply_retreat_apply(r, a, &out, carried);
		return;
	}
	hex_ref who = b->retreater;
	int before = who.kind == REF_UNIT ? g->units[who.index].figures : 1;
	ref_follow_note(r, who);
	if (out.len > 0) {
		hex_game_place(g, who, out.path[out.len - 1]);
		if (carried >= 0)
			hex_game_place(g, (hex_ref){ REF_GENERAL, carried }, out.path[out.len - 1]);
	}
	if (out.joined)
		ref_note(r, "The retreat ends on a friendly figure; the other flags lapse.");
	if (out.off_board) {
		ref_note(r, "'%s' is forced off the board and destroyed.", a->subject);
		hex_game_eliminate(g, who);
		if (carried >= 0) {
			ref_note(r, "General '%s' goes with it.", g->generals[carried].id);
			hex_game_eliminate(g, (hex_ref){ REF_GENERAL, carried });
		}
	} else if (out.lost > 0) {
		ref_note(r, "No room to retreat: '%s' loses %d %s.", a->subject, out.lost, out.lost == 1 ? "figure" : "figures");
		if (who.kind == REF_UNIT) {
			g->units[who.index].figures -= out.lost;
			if (g->units[who.index].figures <= 0)
				hex_game_eliminate(g, who);
			if (carried >= 0 && g->rs->retreat.blocked_kills_general && out.lost > before) {
				ref_note(r, "The flags exceed its figures: general '%s' is killed.", g->generals[carried].id);
				hex_game_eliminate(g, (hex_ref){ REF_GENERAL, carried });
			}
		} else {
			hex_game_eliminate(g, who);
		}
	}
	b->retreat_hexes = 0;
	ref_follow_offer(r, carried, out.off_board ? 0 : out.len);
	ref_advance(r, STEP_FOLLOW);
}

bool ref_check_gain(const referee *r, const gl_action *a, rules_error *err)
{
	const hex_game *g = r->g;
	const referee_battle *b = &r->battle;
	if (!ref_in_turn(r, "gain", err))
		return false;
	if (ref_owed_step(r) != STEP_NONE)
		return ref_can_reach(r, STEP_GAIN, "gain", err);
	if ((!b->active || !gain_possible(r)) && b->line > 0) {
		/* Why the last battle gives no ground. */
		const hex_unit *u = &g->units[b->attacker];
		if (!u->alive)
			return fail(err, g, g->rs->movement.ground_gain_rule, "unit '%s' is gone", u->id);
		if (b->distance != 1)
			return fail(err, g, g->rs->movement.ground_gain_rule, "ground is gained only after a battle at one hex");
		if (!u->type->ground_gain)
			return fail(err, g, g->rs->movement.ground_gain_rule, "%s never gains ground", u->type->id);
		if (b->withdraw)
			return fail(err, g, g->rs->movement.ground_gain_rule, "the defender withdrew: the attacker cannot gain ground");
		if (!hex_special_ground_gain(g, u->side, err))
			return false;
		if (r->current.copied && !g->rs->deck.cards[r->current.played.card].ground_gain)
			return fail(err, g, g->rs->movement.ground_gain_rule,
				"no ground is gained in a turn played with a counter-attack card");
		if (!b->active && hex_game_ref_at(g, (hex_ref){ REF_UNIT, b->attacker }).col == b->target_hex.col &&
			hex_game_ref_at(g, (hex_ref){ REF_UNIT, b->attacker }).row == b->target_hex.row)
			return fail(err, g, g->rs->movement.ground_gain_rule, "unit '%s' has already gained the ground", u->id);
		return fail(err, g, g->rs->movement.ground_gain_rule,
			"the hex of the battle is not free: ground is gained only when the defender "
			"is destroyed or retreats, and right after the battle");
	}
	if (!ref_can_reach(r, STEP_GAIN, "gain", err))
		return false;
	if (!battle_target_is(r, a->subject, (hex_ref){ REF_UNIT, b->attacker }, "the attacker", err))
		return false;
	int carried = -1;
	if (!ref_general_follows(r, b->attacker, a->alone, &carried, err))
		return false;
	step_verdict v;
	hex_ref who = { REF_UNIT, b->attacker };
	moves_step(g, who, carried >= 0, b->target_hex, &v);
	if (!v.enter || !v.end) {
		rules_error_take(err, &v.why);
		rules_error_prefix(err, "cannot gain ground: ");
		return false;
	}
	return true;
}

void ref_apply_gain(referee *r, const gl_action *a)
{
	hex_game *g = r->g;
	referee_battle *b = &r->battle;
	/* While a step is owed, ref_check_gain lets 'gain' through only as
	 * the point where the optional steps are declined: nothing moves. */
	if (ref_owed_step(r) != STEP_NONE)
		return;
	/* ref_check_gain passed: the general goes along as it found, and the
	 * hex of the battle takes them. */
	rules_error unused;
	int carried = -1;
	ref_general_follows(r, b->attacker, a->alone, &carried, &unused);
	hex_ref who = { REF_UNIT, b->attacker };
	hex_game_place(g, who, b->target_hex);
	if (carried >= 0)
		hex_game_place(g, (hex_ref){ REF_GENERAL, carried }, b->target_hex);
	/* §3.5 noord-zuid: mounted cavalry may battle again, that same unit
	 * (the unit type's ground-gain-battle condition in the ruleset). */
	const hex_unit *u = &g->units[b->attacker];
	const rs_when *again = &u->type->ground_gain_battle;
	if (again->attribute && hex_game_ref_alive(g, b->target) && hex_game_unit_matches(u, again)) {
		r->ut[b->attacker].battles_allowed = r->ut[b->attacker].battles + 1;
		r->ut[b->attacker].battle_again = b->target;
	}
	b->active = false;
	b->step = STEP_NONE;
}
