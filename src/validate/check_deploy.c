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
	const rs_terrain *t = position_terrain(ctx->pos, at->cell);
	if (t && !t->passable) {
		char name[HEX_ADDRESS_MAX];
		check_error(ctx, at->pos, CHECK_RULE(ctx, terrain_effects.rule),
			"%s '%s' stands at %s on %s, which no unit or general may enter",
			kind, id, hex_format(at->cell, name), t->id);
	}
}

/* A unit or general ("kind") set up on the board: its address and ground
 * judged, the cell it stands on and that cell's name.  NULL when it is not
 * on the board, or belongs to a third side (an error of its own). */
static const position_cell *set_up(check_ctx *ctx, const char *kind, const char *id, const sc_address *at,
	const position_piece *piece, size_t side, char name[HEX_ADDRESS_MAX])
{
	char what[160];
	snprintf(what, sizeof what, "%s '%s'", kind, id);
	if (!check_address(ctx, at, what) || !piece->placed)
		return NULL;
	check_ground(ctx, kind, id, at);
	if (side >= POSITION_SIDES)
		return NULL;
	hex_format(at->cell, name);
	return position_at_address(ctx->pos, at);
}

/* The position holds every unit already; each is judged against those
 * before it in the file, as a player would set them up one by one. */
static void judge_unit(check_ctx *ctx, const char *rule, size_t i, const char *name, const position_cell *cell)
{
	const scenario *sc = ctx->sc;
	const ruleset *rs = ctx->rs;
	const sc_unit *u = &sc->units[i];
	const char *id = id_or_unknown(&u->id);
	size_t own = u->side, other = 1 - u->side;
	long enemy = cell->units[other].first < (long)i ? cell->units[other].first : -1;
	int friends = ctx->pos->units[i].rank;
	if (enemy >= 0) {
		check_error(ctx, u->at.pos, rule,
			"unit '%s' shares hex %s with enemy unit '%s'; units never stand with the enemy",
			id, name, id_or_unknown(&sc->units[enemy].id));
	} else if (friends >= rs->stacking.units_per_hex) {
		if (rs->stacking.units_per_hex == 1)
			check_error(ctx, u->at.pos, rule,
				"unit '%s' cannot stand at %s: unit '%s' is already there and %s allows one unit per hex",
				id, name, id_or_unknown(&sc->units[cell->units[own].first].id), rs->id);
		else
			check_error(ctx, u->at.pos, rule,
				"unit '%s' cannot stand at %s: %d friendly units are already there and %s allows %d per hex",
				id, name, friends, rs->id, rs->stacking.units_per_hex);
	}
}

/* Generals are set up after every unit. */
static void judge_general(check_ctx *ctx, const char *rule, size_t i, const char *name, const position_cell *cell)
{
	const scenario *sc = ctx->sc;
	const ruleset *rs = ctx->rs;
	const sc_general *g = &sc->generals[i];
	const char *id = id_or_unknown(&g->id);
	long enemy = cell->units[1 - g->side].first;
	int friends = cell->units[g->side].count;
	int before = ctx->pos->generals[i].rank;
	if (enemy >= 0) {
		check_error(ctx, g->at.pos, rule,
			"general '%s' shares hex %s with enemy unit '%s'; a general never stands with the enemy",
			id, name, id_or_unknown(&sc->units[enemy].id));
	} else if (before > 0 && before >= rs->stacking.generals_per_hex) {
		check_error(ctx, g->at.pos, rule,
			"general '%s' cannot stand at %s: general '%s' is already there and %s allows %d general%s per hex",
			id, name, id_or_unknown(&sc->generals[cell->generals.first].id), rs->id,
			rs->stacking.generals_per_hex, rs->stacking.generals_per_hex == 1 ? "" : "s");
	} else if (friends > rs->stacking.units_with_general) {
		check_error(ctx, g->at.pos, rule,
			"general '%s' stands at %s with %d units; in %s a general joins at most %d",
			id, name, friends, rs->id, rs->stacking.units_with_general);
	}
}

void check_deployment(check_ctx *ctx)
{
	const scenario *sc = ctx->sc;
	const position *pos = ctx->pos;
	if (!pos->board_ok) {
		/* Without a usable board only the form of an address can be judged. */
		for (size_t i = 0; i < sc->unit_count; i++)
			check_address(ctx, &sc->units[i].at, "unit");
		for (size_t i = 0; i < sc->general_count; i++)
			check_address(ctx, &sc->generals[i].at, "general");
		return;
	}
	char rule[40], name[HEX_ADDRESS_MAX];
	snprintf(rule, sizeof rule, "%s", check_rule(ctx, ctx->rs->stacking.rule));
	for (size_t i = 0; i < sc->unit_count; i++) {
		const sc_unit *u = &sc->units[i];
		const position_cell *cell = set_up(ctx, "unit", id_or_unknown(&u->id), &u->at, &pos->units[i], u->side, name);
		if (cell)
			judge_unit(ctx, rule, i, name, cell);
	}
	for (size_t i = 0; i < sc->general_count; i++) {
		const sc_general *g = &sc->generals[i];
		const position_cell *cell =
			set_up(ctx, "general", id_or_unknown(&g->id), &g->at, &pos->generals[i], g->side, name);
		if (cell)
			judge_general(ctx, rule, i, name, cell);
	}
}
