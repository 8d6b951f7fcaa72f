/* Where units and generals start: on the board, on terrain they may enter,
 * and stacked as §3.1 (Battle Cry) or §3.2 (noord-zuid) allows. */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>

#include "../base/util.h"

static const char *id_or_unknown(const sc_string *s)
{
	return s->text ? s->text : "?";
}

static void check_ground(check_ctx *ctx, const char *kind, const char *id, const sc_address *at)
{
	const rs_terrain *t = check_terrain_at(ctx, at->hex);
	if (t && !t->passable) {
		char name[HEX_ADDRESS_MAX];
		check_error(ctx, at->pos, check_rule(ctx, "6"),
			"%s '%s' stands at %s on %s, which no unit or general may enter",
			kind, id, hex_format(at->hex, name), t->id);
	}
}

static void place_units(check_ctx *ctx, const char *rule)
{
	const scenario *sc = ctx->sc;
	const ruleset *rs = ctx->rs;
	for (size_t i = 0; i < sc->unit_count; i++) {
		const sc_unit *u = &sc->units[i];
		const char *id = id_or_unknown(&u->id);
		char what[160];
		snprintf(what, sizeof what, "unit '%s'", id);
		if (!check_address(ctx, &u->at, what))
			continue;
		ctx->unit_placed[i] = true;
		check_ground(ctx, "unit", id, &u->at);
		if (u->side > 1)
			continue;

		long idx = hex_index(&ctx->board, u->at.hex);
		size_t own = u->side, other = 1 - u->side;
		char name[HEX_ADDRESS_MAX];
		hex_format(u->at.hex, name);
		long enemy = ctx->unit_first[other][idx];
		int friends = ctx->unit_count[own][idx];
		if (enemy >= 0) {
			check_error(ctx, u->at.pos, rule,
				"unit '%s' shares hex %s with enemy unit '%s'; units never stand with the enemy",
				id, name, id_or_unknown(&sc->units[enemy].id));
		} else if (friends >= rs->stacking.units_per_hex) {
			if (rs->stacking.units_per_hex == 1)
				check_error(ctx, u->at.pos, rule,
					"unit '%s' cannot stand at %s: unit '%s' is already there and %s allows one unit per hex",
					id, name, id_or_unknown(&sc->units[ctx->unit_first[own][idx]].id), rs->id);
			else
				check_error(ctx, u->at.pos, rule,
					"unit '%s' cannot stand at %s: %d friendly units are already there and %s allows %d per hex",
					id, name, friends, rs->id, rs->stacking.units_per_hex);
		}
		if (ctx->unit_first[own][idx] < 0)
			ctx->unit_first[own][idx] = (long)i;
		ctx->unit_count[own][idx]++;
	}
}

static void place_generals(check_ctx *ctx, const char *rule)
{
	const scenario *sc = ctx->sc;
	const ruleset *rs = ctx->rs;
	for (size_t i = 0; i < sc->general_count; i++) {
		const sc_general *g = &sc->generals[i];
		const char *id = id_or_unknown(&g->id);
		char what[160];
		snprintf(what, sizeof what, "general '%s'", id);
		if (!check_address(ctx, &g->at, what))
			continue;
		ctx->general_placed[i] = true;
		check_ground(ctx, "general", id, &g->at);
		if (g->side > 1)
			continue;

		long idx = hex_index(&ctx->board, g->at.hex);
		char name[HEX_ADDRESS_MAX];
		hex_format(g->at.hex, name);
		long enemy = ctx->unit_first[1 - g->side][idx];
		int friends = ctx->unit_count[g->side][idx];
		long other = ctx->general_first[idx];
		if (enemy >= 0) {
			check_error(ctx, g->at.pos, rule,
				"general '%s' shares hex %s with enemy unit '%s'; a general never stands with the enemy",
				id, name, id_or_unknown(&sc->units[enemy].id));
		} else if (other >= 0 && ctx->general_count[idx] >= rs->stacking.generals_per_hex) {
			check_error(ctx, g->at.pos, rule,
				"general '%s' cannot stand at %s: general '%s' is already there and %s allows %d general%s per hex",
				id, name, id_or_unknown(&sc->generals[other].id), rs->id, rs->stacking.generals_per_hex,
				rs->stacking.generals_per_hex == 1 ? "" : "s");
		} else if (friends > rs->stacking.units_with_general) {
			check_error(ctx, g->at.pos, rule,
				"general '%s' stands at %s with %d units; in %s a general joins at most %d",
				id, name, friends, rs->id, rs->stacking.units_with_general);
		}
		if (other < 0)
			ctx->general_first[idx] = (long)i;
		ctx->general_count[idx]++;
	}
}

void check_deployment(check_ctx *ctx)
{
	const scenario *sc = ctx->sc;
	if (!ctx->board_ok) {
		/* Without a usable board only the form of an address can be judged. */
		for (size_t i = 0; i < sc->unit_count; i++)
			check_address(ctx, &sc->units[i].at, "unit");
		for (size_t i = 0; i < sc->general_count; i++)
			check_address(ctx, &sc->generals[i].at, "general");
		return;
	}
	char rule[40];
	snprintf(rule, sizeof rule, "%s", check_rule(ctx, ctx->rs->stacking.rule));
	place_units(ctx, rule);
	place_generals(ctx, rule);
}
