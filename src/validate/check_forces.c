/* §2 units and generals: ids, types, attributes, figures. */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

/* Ids share one name space per scenario: units, generals and brigades are
 * named in brigades, game logs and rule questions alike. */
typedef struct id_source {
	const char *id;
	src_pos pos;
} id_source;

static int compare_sources(const void *pa, const void *pb)
{
	const id_source *a = pa, *b = pb;
	int c = strcmp(a->id, b->id);
	if (c)
		return c;
	if (a->pos.line != b->pos.line)
		return a->pos.line < b->pos.line ? -1 : 1;
	return (a->pos.column > b->pos.column) - (a->pos.column < b->pos.column);
}

static void check_unique_ids(check_ctx *ctx)
{
	const scenario *sc = ctx->sc;
	size_t total = sc->unit_count + sc->reserve_count + sc->general_count + sc->brigade_count;
	id_source *src = xcalloc(total ? total : 1, sizeof *src);
	size_t n = 0;
	for (size_t i = 0; i < sc->unit_count; i++)
		if (sc->units[i].id.text)
			src[n++] = (id_source){ sc->units[i].id.text, sc->units[i].id.pos };
	/* a reserve unit arrives under its id: it shares the name space */
	for (size_t i = 0; i < sc->reserve_count; i++)
		if (sc->reserves[i].id.text)
			src[n++] = (id_source){ sc->reserves[i].id.text, sc->reserves[i].id.pos };
	for (size_t i = 0; i < sc->general_count; i++)
		if (sc->generals[i].id.text)
			src[n++] = (id_source){ sc->generals[i].id.text, sc->generals[i].id.pos };
	for (size_t i = 0; i < sc->brigade_count; i++)
		if (sc->brigades[i].id.text)
			src[n++] = (id_source){ sc->brigades[i].id.text, sc->brigades[i].id.pos };

	/* Sorted by id then position, duplicates sit together after their
	 * first use: n log n whatever the number of units. */
	qsort(src, n, sizeof *src, compare_sources);
	size_t first = 0;
	for (size_t i = 1; i < n; i++) {
		if (strcmp(src[i].id, src[first].id) != 0) {
			first = i;
			continue;
		}
		check_error(ctx, src[i].pos, "unique-id",
			"id '%s' is already used on line %d; every unit, general and brigade needs its own id",
			src[i].id, src[first].pos.line);
	}
	free(src);
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
				check_error(ctx, value->pos, check_rule(ctx, "2"),
					"unit '%s': %s has no attribute '%s'", u->id.text ? u->id.text : "?",
					ctx->rs->id, attr);
			else
				check_error(ctx, value->pos, check_rule(ctx, "2"),
					"unit '%s': %s has no '%s' in %s", u->id.text ? u->id.text : "?",
					type->id, attr, ctx->rs->id);
			continue;
		}
		if (!ruleset_allow_has(allow, value->text)) {
			char *allowed = str_join((const char *const *)allow->values, allow->value_count, ", ");
			check_error(ctx, value->pos, check_rule(ctx, "2"),
				"unit '%s': %s cannot have %s '%s' in %s; it may be %s",
				u->id.text ? u->id.text : "?", type->id, attr, value->text, ctx->rs->id, allowed);
			free(allowed);
		}
	}
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
	hex_format(u->entry.hex, name);
	const rs_terrain *t = position_terrain(ctx->pos, u->entry.hex);
	if (t && !t->passable)
		check_error(ctx, u->entry.pos, check_rule(ctx, "6"),
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
	if (u->entry.hex.row != home_row)
		check_error(ctx, u->entry.pos, check_rule(ctx, "8.1"),
			"reserve unit '%s' enters at %s, in row %d; side '%s' has its home edge in the %s, "
			"so its reserves enter on row %d", id, name, u->entry.hex.row + 1,
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
		check_error(ctx, u->type.pos, check_rule(ctx, "2"),
			"%sunit '%s' has type '%s', which %s does not know; it knows %s",
			u->entry.text ? "reserve " : "", id, u->type.text, rs->id, known);
		free(known);
		free(ids);
	}
	if (type)
		check_unit_attributes(ctx, u, type);
	if (type && u->figures.given && u->figures.valid &&
		(u->figures.value < 1 || u->figures.value > type->figures)) {
		check_error(ctx, u->figures.pos, check_rule(ctx, "2"),
			"%sunit '%s' starts with %ld figures; %s allows 1 to %d for %s",
			u->entry.text ? "reserve " : "", id, u->figures.value, rs->id, type->figures, type->id);
	}
}

void check_forces(check_ctx *ctx)
{
	const scenario *sc = ctx->sc;
	check_unique_ids(ctx);

	for (size_t i = 0; i < sc->reserve_count; i++) {
		check_unit_type_and_strength(ctx, &sc->reserves[i]);
		check_reserve_entry(ctx, &sc->reserves[i]);
	}

	for (size_t i = 0; i < sc->unit_count; i++)
		check_unit_type_and_strength(ctx, &sc->units[i]);
}
