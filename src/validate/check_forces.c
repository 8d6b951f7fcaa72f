/* §2 units and generals: ids, types, attributes, figures. */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

static void report_id(check_ctx *ctx, const check_id *again, const check_id *first)
{
	check_error(ctx, again->pos, "unique-id",
		"id '%s' is already used on line %d; every unit, general and brigade needs its own id",
		again->id, first->pos.line);
}

/* Ids share one name space per scenario: units, generals and brigades are
 * named in brigades, game logs and rule questions alike; a reserve unit
 * arrives under its id. */
static void check_ids(check_ctx *ctx)
{
	check_unique_ids(ctx, CHECK_IDS_UNITS | CHECK_IDS_RESERVES | CHECK_IDS_GENERALS | CHECK_IDS_BRIGADES,
		report_id);
}

static void check_unit_attributes(check_ctx *ctx, const sc_unit *u, const rs_unit_type *type)
{
	for (int k = 0; k < SC_UNIT_ATTRIBUTES; k++) {
		const sc_string *value = &u->attributes[k];
		if (!value->text)
			continue;
		const char *attr = sc_unit_attribute_names[k];
		const rs_allow *allow = ruleset_unit_allows(type, attr);
		if (!allow) {
			if (!ruleset_find_attribute(ctx->rs, attr))
				check_error(ctx, value->pos, CHECK_RULE(ctx, units_rule),
					"unit '%s': %s has no attribute '%s'", u->id.text ? u->id.text : "?",
					ctx->rs->id, attr);
			else
				check_error(ctx, value->pos, CHECK_RULE(ctx, units_rule),
					"unit '%s': %s has no '%s' in %s", u->id.text ? u->id.text : "?",
					type->id, attr, ctx->rs->id);
			continue;
		}
		if (!ruleset_allow_has(allow, value->text)) {
			char *allowed = str_join((const char *const *)allow->values, allow->value_count, ", ");
			check_error(ctx, value->pos, CHECK_RULE(ctx, units_rule),
				"unit '%s': %s cannot have %s '%s' in %s; it may be %s",
				u->id.text ? u->id.text : "?", type->id, attr, value->text, ctx->rs->id, allowed);
			free(allowed);
		}
	}
}

/* Reserve units come on with the Reinforcements card: where they enter is
 * that card's rule (§8.1), or the deck's when the ruleset has no such card,
 * as the referee cites it. */
static const char *reserve_rule(const check_ctx *ctx)
{
	const rs_card *card = ruleset_find_card_effect(ctx->rs, RS_EFFECT_REINFORCE);
	return card && card->rule ? check_rule(ctx, card->rule) : CHECK_RULE(ctx, deck.rule);
}

/* §8.1: a reserve unit enters on its side's home row, on the board and on
 * ground it may enter.  Several reserve units may share an entry hex, and
 * a placed unit may stand on it: the card then takes the nearest free hex
 * of the row. */
static void check_reserve_entry(check_ctx *ctx, const sc_unit *u)
{
	const scenario *sc = ctx->sc;
	const char *id = u->id.text ? u->id.text : "?";
	char what[160];
	snprintf(what, sizeof what, "reserve unit '%s'", id);
	if (!check_address(ctx, &u->entry, what))
		return;
	char name[HEX_ADDRESS_MAX];
	hex_format(u->entry.cell, name);
	const rs_terrain *t = position_terrain(ctx->pos, u->entry.cell);
	if (t && !t->passable)
		check_error(ctx, u->entry.pos, CHECK_RULE(ctx, terrain_effects.rule),
			"reserve unit '%s' enters at %s on %s, which no unit may enter", id, name, t->id);
	if (u->side >= sc->side_count)
		return;
	const sc_side *side = &sc->sides[u->side];
	int home_row;
	if (str_eq(side->home.text, "north"))
		home_row = 0;
	else if (str_eq(side->home.text, "south"))
		home_row = ctx->pos->board.hex.rows - 1;
	else
		return;   /* a missing or wrong home edge has its own error */
	if (u->entry.cell.row != home_row)
		check_error(ctx, u->entry.pos, reserve_rule(ctx),
			"reserve unit '%s' enters at %s, in row %d; side '%s' has its home edge in the %s, "
			"so its reserves enter on row %d", id, name, u->entry.cell.row + 1,
			side->id.text ? side->id.text : "?", side->home.text, home_row + 1);
}

static void check_unit_type_and_strength(check_ctx *ctx, const sc_unit *u)
{
	const ruleset *rs = ctx->rs;
	const char *id = u->id.text ? u->id.text : "?";
	const rs_unit_type *type = u->type.text ? ruleset_find_unit_type(rs, u->type.text) : NULL;
	if (u->type.text && !type) {
		const char **ids = xcalloc(rs->unit_type_count + 1, sizeof *ids);
		for (size_t k = 0; k < rs->unit_type_count; k++)
			ids[k] = rs->unit_types[k].id;
		char *known = str_join(ids, rs->unit_type_count, ", ");
		check_error(ctx, u->type.pos, CHECK_RULE(ctx, units_rule),
			"%sunit '%s' has type '%s', which %s does not know; it knows %s",
			u->entry.text ? "reserve " : "", id, u->type.text, rs->id, known);
		free(known);
		free(ids);
	}
	if (type)
		check_unit_attributes(ctx, u, type);
	if (type && u->figures.given && u->figures.valid &&
		(u->figures.value < 1 || u->figures.value > type->figures)) {
		check_error(ctx, u->figures.pos, CHECK_RULE(ctx, units_rule),
			"%sunit '%s' starts with %ld figures; %s allows 1 to %d for %s",
			u->entry.text ? "reserve " : "", id, u->figures.value, rs->id, type->figures, type->id);
	}
}

void check_forces(check_ctx *ctx)
{
	const scenario *sc = ctx->sc;
	check_ids(ctx);

	for (size_t i = 0; i < sc->reserve_count; i++) {
		check_unit_type_and_strength(ctx, &sc->reserves[i]);
		check_reserve_entry(ctx, &sc->reserves[i]);
	}

	for (size_t i = 0; i < sc->unit_count; i++)
		check_unit_type_and_strength(ctx, &sc->units[i]);
}
