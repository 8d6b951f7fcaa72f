/* §1 the board and §6 the terrain laid on it. */
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

static bool number_in(check_ctx *ctx, const sc_number *n, long min, long max,
	const char *what, src_pos fallback)
{
	if (!n->given || !n->valid)
		return false; /* the schema reports missing or malformed numbers */
	if (n->value < min || n->value > max) {
		check_error(ctx, n->given ? n->pos : fallback, CHECK_RULE(ctx, board.rule),
			"the board has %ld %s; %s allows %ld to %ld", n->value, what, ctx->rs->id, min, max);
		return false;
	}
	return true;
}

void check_board(check_ctx *ctx)
{
	const scenario *sc = ctx->sc;
	const ruleset *rs = ctx->rs;
	bool cols_ok = number_in(ctx, &sc->columns, rs->board.min_columns, rs->board.max_columns,
		"columns", sc->board_pos);
	bool rows_ok = number_in(ctx, &sc->rows, rs->board.min_rows, rs->board.max_rows,
		"rows", sc->board_pos);
	if (!cols_ok || !rows_ok)
		return;
	if (!ctx->pos->board_ok)
		return;
	const hex_board *board = &ctx->pos->board.hex;
	hex_board probe = *board;
	if (sc->has_sections && sc->west.valid && sc->east.valid) {
		probe.west = sc->west.value < 0 || sc->west.value > HEX_MAX_COLUMNS ? -1 : (int)sc->west.value;
		probe.east = sc->east.value < 0 || sc->east.value > HEX_MAX_COLUMNS ? -1 : (int)sc->east.value;
	}
	if (!hex_sections_valid(&probe)) {
		check_error(ctx, sc->sections_pos, CHECK_RULE(ctx, board.rule),
			"sections west=%ld and east=%ld do not fit a board %d hexes wide: "
			"each flank needs at least one hex and the centre at least one",
			sc->west.value, sc->east.value, board->columns);
	}
}

static bool touches_water(const check_ctx *ctx, hex_coord hex)
{
	hex_coord around[6];
	hex_neighbours(hex, around);
	for (int i = 0; i < 6; i++)
		if (position_water(ctx->pos, around[i]))
			return true;
	return false;
}

static char *known_terrain_list(const ruleset *rs)
{
	const char **ids = xcalloc(rs->terrain_count + 1, sizeof *ids);
	for (size_t i = 0; i < rs->terrain_count; i++)
		ids[i] = rs->terrains[i].id;
	char *out = str_join(ids, rs->terrain_count, ", ");
	free(ids);
	return out;
}

void check_terrain(check_ctx *ctx)
{
	const scenario *sc = ctx->sc;
	char *known = NULL;
	for (size_t i = 0; i < sc->terrain_count; i++) {
		const sc_terrain *t = &sc->terrain[i];
		const rs_terrain *type = NULL;
		if (t->type.text) {
			type = ruleset_find_terrain(ctx->rs, t->type.text);
			if (!type) {
				if (!known)
					known = known_terrain_list(ctx->rs);
				check_error(ctx, t->type.pos, CHECK_RULE(ctx, terrain_effects.rule),
					"terrain type '%s' does not exist in %s; it knows %s",
					t->type.text, ctx->rs->id, known);
			}
		}
		if (!check_address(ctx, &t->at, "terrain"))
			continue;
		long first_entry = position_at_address(ctx->pos, &t->at)->terrain_entry;
		if (first_entry != (long)i) {
			const sc_terrain *first = &sc->terrain[first_entry];
			char name[HEX_ADDRESS_MAX];
			check_error(ctx, t->pos, CHECK_RULE(ctx, terrain_effects.rule),
				"hex %s already has terrain '%s' (line %d); a hex has one terrain entry",
				hex_format(t->at.cell, name), first->type.text ? first->type.text : "?",
				first->pos.line);
			continue;
		}
		if (type && t->fieldworks && !type->passable) {
			char name[HEX_ADDRESS_MAX];
			check_error(ctx, t->fieldworks_pos, CHECK_RULE(ctx, terrain_effects.rule),
				"fieldworks at %s stand on %s, where no unit may stand",
				hex_format(t->at.cell, name), t->type.text);
		}
	}
	free(known);

	/* Second pass, once every hex has its terrain: bridges need water. */
	for (size_t i = 0; i < sc->terrain_count; i++) {
		const sc_terrain *t = &sc->terrain[i];
		const position_cell *cell = position_at_address(ctx->pos, &t->at);
		if (!t->type.text || !cell || cell->terrain_entry != (long)i)
			continue;
		const rs_terrain *type = ruleset_find_terrain(ctx->rs, t->type.text);
		if (type && type->crosses_water && !touches_water(ctx, t->at.cell)) {
			char name[HEX_ADDRESS_MAX];
			check_warning(ctx, t->pos, CHECK_RULE(ctx, terrain_effects.rule),
				"the bridge at %s touches no river or stream", hex_format(t->at.cell, name));
		}
	}
}

static const check_fn hex_checks[] = {
	check_hex_elements, check_board, check_terrain, check_sides, check_forces, check_deployment,
	check_brigades, check_victory, NULL,
};

const check_grid check_hex_grid = { GRID_HEX, hex_checks };
