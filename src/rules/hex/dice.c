#include "dice.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cards.h"
#include "hex_special.h"
#include "../../model/special_rules.h"
#include "sight.h"

static void reason(const hex_game *g, dice_answer *out, const char *section, const char *fmt, ...)
	DIAG_PRINTF(4, 5);

static void reason(const hex_game *g, dice_answer *out, const char *section, const char *fmt, ...)
{
	if (rules_quiet())
		return;
	char rule[RULES_ERROR_RULE_LEN], message[RULES_ERROR_MESSAGE_LEN];
	hex_game_rule(g, section, rule, sizeof rule);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(message, sizeof message, fmt, ap);
	va_end(ap);
	rules_reasons_add(&out->reasons, rule, "%s", message);
}

/* A reason, when the answer writes them: in quiet mode (a player weighing
 * every battle it could fight) not even its words are gathered. */
#define REASON(g, out, ...) \
	do { \
		if (!(out)->quiet) \
			reason(g, out, __VA_ARGS__); \
	} while (0)

static const char *dice_word(int n)
{
	return n == 1 || n == -1 ? "die" : "dice";
}

/* The unit's dice entry, kept with it (hex_unit.dice). */
static const rs_dice *dice_entry(const hex_unit *u)
{
	return u->dice;
}

int dice_range(const hex_unit *u)
{
	const rs_dice *d = dice_entry(u);
	return d ? d->count : 0;
}

/* dice_at of the unit's dice entry `d` (dice_entry). */
static int entry_at(const rs_dice *d, int distance)
{
	if (!d || distance < 1 || distance > d->count || distance > RULESET_MAX_RANGE)
		return 0;
	return d->by_distance[distance - 1];
}

int dice_at(const hex_unit *u, int distance)
{
	return entry_at(dice_entry(u), distance);
}

static bool type_listed(char **list, size_t n, const char *id)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(list[i], id) == 0)
			return true;
	return false;
}

bool dice_may_attack_general(const hex_game *g, const hex_unit *u)
{
	const rs_general *rg = &g->rs->general;
	return rg->attackable_by_count == 0 || type_listed(rg->attackable_by, rg->attackable_by_count, u->type->id);
}

static hex_ref find_target(const hex_game *g, int side, hex_coord to)
{
	int units[4];
	int n = hex_game_units_at(g, to, 1 - side, units, 4);
	if (n > 0)
		return (hex_ref){ REF_UNIT, units[0] };
	int gen = hex_game_general_at(g, to);
	if (gen >= 0 && g->generals[gen].side != side)
		return (hex_ref){ REF_GENERAL, gen };
	return (hex_ref){ REF_NONE, -1 };
}

/* The dice modifier of the target's hex (hex_index `to` on the board):
 * terrain, or fieldworks. */
static int target_terrain(const hex_game *g, long to, dice_answer *out)
{
	const rs_terrain *t = g->terrain[to];
	int terrain = t ? t->target_dice : 0;
	if (g->fieldworks[to]) {
		int fw = g->rs->fieldworks.target_dice;
		if (g->rs->fieldworks.replaces_terrain_dice) {
			if (terrain != 0)
				REASON(g, out, g->rs->terrain_effects.rule, "target behind fieldworks: %+d %s, instead of the %s's %+d",
					fw, dice_word(fw), t->id, terrain);
			else
				REASON(g, out, g->rs->terrain_effects.rule, "target behind fieldworks: %+d %s", fw, dice_word(fw));
			return fw;
		}
		if (terrain != 0)
			REASON(g, out, g->rs->terrain_effects.rule, "target in %s: %+d %s", t->id, terrain, dice_word(terrain));
		REASON(g, out, g->rs->terrain_effects.rule, "target behind fieldworks: %+d %s", fw, dice_word(fw));
		return terrain + fw;
	}
	if (terrain != 0)
		REASON(g, out, g->rs->terrain_effects.rule, "target in %s: %+d %s", t->id, terrain, dice_word(terrain));
	return terrain;
}

/* The line of sight of a battle (§6.1) from `from` (`at`) to `to`
 * (`there`); a reason says what blocks it when the answer writes them. */
static bool sight_allows(const hex_game *g, hex_coord from, hex_coord to, const char *at, const char *there,
	dice_answer *out)
{
	if (out->quiet)
		return sight_check(g, from, to, NULL);
	los_result los;
	los_result_init(&los);
	bool clear = sight_check(g, from, to, &los);
	if (!clear) {
		char list[120] = "";
		size_t len = 0;
		for (size_t i = 0; i < los.blocked_count && len + HEX_ADDRESS_MAX + 2 < sizeof list; i++) {
			char h[HEX_ADDRESS_MAX];
			len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "",
				hex_format(los.blocked[i], h));
		}
		REASON(g, out, g->rs->sight.rule, "no line of sight from %s to %s: blocked by %s%s", at, there, list,
			los.edge_blocked ? " (obstructions on both sides of the line)" : "");
	}
	los_result_finish(&los);
	return clear;
}

/* Where an enemy unit stands next to unit u, which then may battle no
 * more distant one (the rulesets that say so): true with the hex in *at. */
static bool enemy_adjacent(const hex_game *g, const hex_unit *u, hex_coord *at)
{
	hex_coord nb[6];
	hex_neighbours(u->at, nb);
	for (int k = 0; k < 6; k++) {
		/* Most neighbours are empty: the count kept per hex says so. */
		long index = hex_index(&g->board, nb[k]);
		if (index < 0 || !g->occupants[index] || hex_game_units_at(g, nb[k], 1 - u->side, NULL, 0) == 0)
			continue;
		*at = nb[k];
		return true;
	}
	return false;
}

void dice_attacker_init(const hex_game *g, int attacker, const bool *general_spent, dice_attacker *a)
{
	const hex_unit *u = &g->units[attacker];
	a->unit = attacker;
	a->entry = dice_entry(u);
	/* The attacker's hex, read once: its terrain, and whether a general
	 * may stand there (hex_game_terrain, hex_game_unit_general). */
	long from_index = hex_index(&g->board, u->at);
	/* A general with the unit (§4): battlecry-1999 and noord-zuid. */
	a->general = u->type->general_dice == 0 || (from_index >= 0 && !g->generals_on[from_index]) ? -1 :
		hex_game_unit_general_found(g, attacker);
	a->general_spent = a->general >= 0 && general_spent && general_spent[a->general];
	a->own = from_index >= 0 ? g->terrain[from_index] : NULL;
	/* The scenario's special rules: a side's unit type with more or
	 * fewer dice (counted only where the unit is in range). */
	a->adjust = hex_special_dice(g, u, &a->adjust_line);
	a->bound = -1;
}

/* Whether an enemy next to the attacker binds it (§4: the rulesets that
 * say so), asked once for every target weighed from where it stands. */
static bool attacker_bound(const hex_game *g, dice_attacker *a)
{
	if (a->bound < 0)
		a->bound = enemy_adjacent(g, &g->units[a->unit], &a->bound_at);
	return a->bound;
}

/* sharp: the battle of a sharpshooter card (§8.1) against a general; an
 * attached general is a target when `attached_ok`, and any unit type may
 * shoot at him. */
static void battle_dice(const hex_game *g, dice_attacker *a, hex_coord to, hex_ref target, bool sharp,
	bool attached_ok, bool sight, dice_answer *out)
{
	/* The reasons, last, are many and large: only their count is cleared,
	 * as the players ask the dice of every battle they weigh. */
	memset(out, 0, offsetof(dice_answer, reasons));
	out->reasons.count = 0;
	out->reasons.error = false;
	out->general = -1;
	/* A player weighing its choices (rules_quiet) reads no reasons. */
	bool quiet = rules_quiet();
	out->quiet = quiet;
	int attacker = a->unit;
	const hex_unit *u = &g->units[attacker];
	char at[HEX_ADDRESS_MAX], there[HEX_ADDRESS_MAX];
	if (!quiet) {
		hex_format(u->at, at);
		hex_format(to, there);
	}
	/* The target's hex, read once: asked of every battle a player weighs. */
	long to_index = hex_index(&g->board, to);
	bool on_board = to_index >= 0;
	out->distance = hex_distance(u->at, to);
	if (target.kind == REF_NONE)
		target = find_target(g, u->side, to);
	out->target = target;

	/* Base dice by distance (§4). */
	int base = entry_at(a->entry, out->distance);
	int range = a->entry ? a->entry->count : 0;
	const char *type = u->type->id;
	if (base > 0)
		REASON(g, out, g->rs->battle.dice_rule, "%s at %d %s: %d %s", type, out->distance,
			out->distance == 1 ? "hex" : "hexes", base, dice_word(base));
	int total = base;

	int gen = a->general;
	if (gen >= 0) {
		if (a->general_spent) {
			REASON(g, out, g->rs->battle.dice_rule, "general %s has already fought beside another unit this turn: no extra die",
				g->generals[gen].id);
		} else {
			total += u->type->general_dice;
			out->general = gen;
			REASON(g, out, g->rs->battle.dice_rule, "general %s with the unit: %+d %s", g->generals[gen].id,
				u->type->general_dice, dice_word(u->type->general_dice));
		}
	}

	/* Artillery on a hill (§4): the terrain the data marks elevated. */
	const rs_terrain *own = a->own;
	if (u->type->hill_dice != 0 && own && own->elevated) {
		total += u->type->hill_dice;
		if (!quiet)
			REASON(g, out, g->rs->battle.dice_rule, "%s on a %s: %+d %s", type, hex_game_terrain_id(g, u->at),
				u->type->hill_dice, dice_word(u->type->hill_dice));
	}

	/* The attacker's own hex (noord-zuid waterway) and the target's (§6). */
	if (own && own->occupant_dice != 0) {
		total += own->occupant_dice;
		REASON(g, out, g->rs->terrain_effects.rule,
			"attacker in %s: %+d %s", own->id, own->occupant_dice, dice_word(own->occupant_dice));
	}
	if (on_board)
		total += target_terrain(g, to_index, out);
	/* The scenario's special rules: a side's unit type with more or
	 * fewer dice; a unit in range keeps at least one. */
	int adjust = base > 0 ? a->adjust : 0;
	if (adjust != 0) {
		int before = total;
		total += adjust;
		if (total < 1 && before >= 1)
			total = 1;
		if (!quiet)
			rules_reasons_add(&out->reasons, special_kind_name(SPECIAL_ADJUST), "%s of %s: %+d %s, by the "
				"scenario's special rule on line %d%s", type, g->sides[u->side].id, adjust, dice_word(adjust),
				a->adjust_line, total == 1 && before + adjust < 1 ? " (one die stays)" : "");
	}
	out->total = total;

	/* Refusals: every reason from here on says why not. */
	int mark = out->reasons.count;
	bool ok = true;
	if (!on_board) {
		REASON(g, out, g->rs->board.rule, "%s is not on the board", there);
		ok = false;
	} else if (target.kind == REF_NONE) {
		int friends = hex_game_units_at(g, to, u->side, NULL, 0);
		if (friends > 0)
			REASON(g, out, g->rs->battle.rule, "%s holds a friendly unit, not an enemy", there);
		else
			REASON(g, out, g->rs->battle.rule, "no enemy unit or general at %s", there);
		ok = false;
	} else if (target.kind == REF_GENERAL) {
		const rs_general *rg = &g->rs->general;
		/* A unit with him: the count kept per hex (on the board here). */
		bool attached = g->occupants[to_index] > 0;
		if (sharp && !attached_ok && attached) {
			REASON(g, out, cards_effect_rule(g, RS_EFFECT_SHARPSHOOTER), "general %s is with a unit at %s: the sharpshooter shoots only at a lone general",
				g->generals[target.index].id, there);
			ok = false;
		} else if (sharp) {
			/* The card names the general as its target, whoever stands with him. */
		} else if (attached) {
			REASON(g, out, g->rs->general.attack_rule, "general %s is with a unit at %s: only a lone general can be attacked",
				g->generals[target.index].id, there);
			ok = false;
		} else if (!dice_may_attack_general(g, u)) {
			REASON(g, out, g->rs->general.attack_rule, "a general can be attacked only by %s%s%s, not by %s",
				rg->attackable_by[0], rg->attackable_by_count > 1 ? " or " : "",
				rg->attackable_by_count > 1 ? rg->attackable_by[1] : "", type);
			ok = false;
		}
	}
	if (out->distance == 0) {
		REASON(g, out, g->rs->battle.dice_rule, "a unit does not battle its own hex");
		ok = false;
	} else if (base == 0 && on_board) {
		REASON(g, out, g->rs->battle.dice_rule, "%s is %d hexes away, beyond the range of %s (%d %s)", there,
			out->distance, type, range, range == 1 ? "hex" : "hexes");
		ok = false;
	}
	if (ok && out->distance > 1 && sight)
		ok = sight_allows(g, u->at, to, at, there, out);
	if (ok && out->distance > 1 && g->rs->battle.adjacent_enemy_binds && attacker_bound(g, a)) {
		char h[HEX_ADDRESS_MAX];
		REASON(g, out, g->rs->battle.dice_rule, "an enemy unit is adjacent at %s: a unit may not battle a more distant one",
			hex_format(a->bound_at, h));
		ok = false;
	}
	if (ok && total < 1) {
		REASON(g, out, g->rs->battle.dice_rule, "%d %s after modifiers: fewer than one die, the unit cannot battle",
			total, dice_word(total));
		ok = false;
	}
	out->allowed = ok;
	out->dice = ok ? total : 0;
	out->refusal = ok || mark >= out->reasons.count ? -1 : mark;
}

void dice_battle(const hex_game *g, int attacker, hex_coord to, hex_ref target,
	const bool *general_spent, dice_answer *out)
{
	dice_attacker a;
	dice_attacker_init(g, attacker, general_spent, &a);
	battle_dice(g, &a, to, target, false, false, true, out);
}

void dice_battle_unsighted(const hex_game *g, int attacker, hex_coord to, hex_ref target,
	const bool *general_spent, dice_answer *out)
{
	dice_attacker a;
	dice_attacker_init(g, attacker, general_spent, &a);
	battle_dice(g, &a, to, target, false, false, false, out);
}

void dice_battle_from(const hex_game *g, dice_attacker *a, hex_coord to, hex_ref target, dice_answer *out)
{
	battle_dice(g, a, to, target, false, false, true, out);
}

void dice_battle_unsighted_from(const hex_game *g, dice_attacker *a, hex_coord to, hex_ref target,
	dice_answer *out)
{
	battle_dice(g, a, to, target, false, false, false, out);
}

bool dice_sight_clear(const hex_game *g, int attacker, hex_coord to, const dice_answer *unsighted)
{
	return unsighted->allowed && (unsighted->distance <= 1 || sight_check(g, g->units[attacker].at, to, NULL));
}

void dice_sharpshot(const hex_game *g, int attacker, int general, bool attached_ok, const bool *general_spent,
	dice_answer *out)
{
	dice_attacker a;
	dice_attacker_init(g, attacker, general_spent, &a);
	battle_dice(g, &a, g->generals[general].at, (hex_ref){ REF_GENERAL, general }, true, attached_ok, true, out);
}

bool dice_defensive(const hex_game *g, int defender, int attacker, rules_error *err)
{
	const hex_unit *d = &g->units[defender];
	const hex_unit *a = &g->units[attacker];
	const char *section = g->rs->battle.rule;
	int distance = hex_distance(d->at, a->at);
	if (!d->alive)
		return hex_game_fail(err, g, section, "unit '%s' %s", d->id,
			d->reserve ? "is in reserve, off the board" : "is destroyed");
	if (dice_at(d, distance) == 0)
		return hex_game_fail(err, g, section, "unit '%s' cannot reach '%s' at %d hexes", d->id, a->id, distance);
	/* One die, less the terrain: the attacker's hex and the defender's own. */
	int mods = 0;
	const rs_terrain *at = hex_game_terrain(g, a->at);
	if (hex_game_has_fieldworks(g, a->at) && g->rs->fieldworks.replaces_terrain_dice)
		mods += g->rs->fieldworks.target_dice;
	else
		mods += (at ? at->target_dice : 0) + (hex_game_has_fieldworks(g, a->at) ? g->rs->fieldworks.target_dice : 0);
	const rs_terrain *own = hex_game_terrain(g, d->at);
	if (own)
		mods += own->occupant_dice;
	if (1 + mods < 1)
		return hex_game_fail(err, g, section, "terrain leaves unit '%s' no die for its defensive roll (%+d)",
			d->id, mods);
	if (distance > 1 && !sight_check(g, d->at, a->at, NULL))
		return hex_game_fail(err, g, section, "unit '%s' cannot see '%s'", d->id, a->id);
	return true;
}
