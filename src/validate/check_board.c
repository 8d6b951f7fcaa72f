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
		check_error(ctx, n->given ? n->pos : fallback, check_rule(ctx, "1"),
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
	scenario_board(sc, rs, &ctx->board);
	hex_board probe = ctx->board;
	if (sc->has_sections && sc->west.valid && sc->east.valid) {
		probe.west = sc->west.value < 0 || sc->west.value > HEX_MAX_COLUMNS ? -1 : (int)sc->west.value;
		probe.east = sc->east.value < 0 || sc->east.value > HEX_MAX_COLUMNS ? -1 : (int)sc->east.value;
	}
	if (!hex_sections_valid(&probe)) {
		check_error(ctx, sc->sections_pos, check_rule(ctx, "1"),
			"sections west=%ld and east=%ld do not fit a board %d hexes wide: "
			"each flank needs at least one hex and the centre at least one",
			sc->west.value, sc->east.value, ctx->board.columns);
	}
	ctx->board_ok = true;
	ctx->hex_total = hex_count(&ctx->board);
	ctx->terrain_at = xmalloc(ctx->hex_total * sizeof(long));
	ctx->general_first = xmalloc(ctx->hex_total * sizeof(long));
	ctx->general_count = xcalloc(ctx->hex_total, sizeof(int));
	for (int s = 0; s < 2; s++) {
		ctx->unit_first[s] = xmalloc(ctx->hex_total * sizeof(long));
		ctx->unit_count[s] = xcalloc(ctx->hex_total, sizeof(int));
	}
	for (size_t i = 0; i < ctx->hex_total; i++)
		ctx->terrain_at[i] = ctx->unit_first[0][i] = ctx->unit_first[1][i] = ctx->general_first[i] = -1;
}

static bool touches_water(const check_ctx *ctx, hex_coord hex)
{
	hex_coord around[6];
	hex_neighbours(hex, around);
	for (int i = 0; i < 6; i++) {
		if (!hex_on_board(&ctx->board, around[i]))
			continue;
		const rs_terrain *t = check_terrain_at(ctx, around[i]);
		if (t && t->water)
			return true;
	}
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
				check_error(ctx, t->type.pos, check_rule(ctx, "6"),
					"terrain type '%s' does not exist in %s; it knows %s",
					t->type.text, ctx->rs->id, known);
			}
		}
		if (!check_address(ctx, &t->at, "terrain"))
			continue;
		long idx = hex_index(&ctx->board, t->at.hex);
		if (ctx->terrain_at[idx] >= 0) {
			const sc_terrain *first = &sc->terrain[ctx->terrain_at[idx]];
			char name[HEX_ADDRESS_MAX];
			check_error(ctx, t->pos, check_rule(ctx, "6"),
				"hex %s already has terrain '%s' (line %d); a hex has one terrain entry",
				hex_format(t->at.hex, name), first->type.text ? first->type.text : "?",
				first->pos.line);
			continue;
		}
		ctx->terrain_at[idx] = (long)i;
		if (type && t->fieldworks && !type->passable) {
			char name[HEX_ADDRESS_MAX];
			check_error(ctx, t->fieldworks_pos, check_rule(ctx, "6"),
				"fieldworks at %s stand on %s, where no unit may stand",
				hex_format(t->at.hex, name), t->type.text);
		}
	}
	free(known);

	/* Second pass, once every hex has its terrain: bridges need water. */
	for (size_t i = 0; i < sc->terrain_count; i++) {
		const sc_terrain *t = &sc->terrain[i];
		if (!t->type.text || !t->at.valid || !ctx->board_ok || !hex_on_board(&ctx->board, t->at.hex))
			continue;
		if (ctx->terrain_at[hex_index(&ctx->board, t->at.hex)] != (long)i)
			continue;
		const rs_terrain *type = ruleset_find_terrain(ctx->rs, t->type.text);
		if (type && type->crosses_water && !touches_water(ctx, t->at.hex)) {
			char name[HEX_ADDRESS_MAX];
			check_warning(ctx, t->pos, check_rule(ctx, "6"),
				"the bridge at %s touches no river or stream", hex_format(t->at.hex, name));
		}
	}
}
