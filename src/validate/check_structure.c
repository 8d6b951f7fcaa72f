/* The counts the schema leaves open so that children may come in any
 * order: one board, at least one title, at most one date and one terrain
 * list. */
#include "check.h"

#include <string.h>

static void once(check_ctx *ctx, const struct sc_element_count *c, const char *element, bool required)
{
	if (c->count == 0 && required)
		check_error(ctx, ctx->sc->pos, "schema", "the scenario has no <%s> element; it needs one", element);
	else if (c->count > 1)
		check_error(ctx, c->second, "schema", "the scenario has %zu <%s> elements; it may have one",
			c->count, element);
}

void check_structure(check_ctx *ctx)
{
	const scenario *sc = ctx->sc;
	once(ctx, &sc->boards, "board", true);
	once(ctx, &sc->dates, "date", false);
	once(ctx, &sc->terrains, "terrain", false);
	if (sc->titles.count == 0)
		check_error(ctx, sc->pos, "schema", "the scenario has no <title>; give it one in en, nl or fr");
}

static void square_only(check_ctx *ctx, src_pos pos, const char *element)
{
	check_error(ctx, pos, "schema", "<%s> belongs to square-grid scenarios; ruleset %s plays on hexes", element,
		ctx->rs->id);
}

static void square_attribute(check_ctx *ctx, src_pos pos, const char *element)
{
	check_error(ctx, pos, "schema",
		"player=\"…\" on <%s> belongs to the four-player square game; ruleset %s plays on hexes, one player a side",
		element, ctx->rs->id);
}

/* The schema holds the elements of both grids; a hex scenario may not use
 * those of the square grid. */
void check_hex_elements(check_ctx *ctx)
{
	const scenario *sc = ctx->sc;
	const char *rs_id = ctx->rs->id;
	if (sc->grid.text && strcmp(sc->grid.text, "hex") != 0)
		check_error(ctx, sc->grid.pos, "schema", "<board grid=\"%s\"> does not fit ruleset %s, which plays on hexes",
			sc->grid.text, rs_id);
	if (sc->players.given)
		check_error(ctx, sc->players.pos, "schema",
			"the attribute 'players' belongs to square-grid scenarios; %s plays on hexes", rs_id);
	if (sc->turn_limit.given)
		check_error(ctx, sc->turn_limit.pos, "schema",
			"the attribute 'turn-limit' belongs to square-grid scenarios; %s plays on hexes", rs_id);
	for (size_t i = 0; i < sc->general_count; i++)
		if (sc->generals[i].player.given)
			square_attribute(ctx, sc->generals[i].player.pos, "general");
	for (size_t i = 0; i < sc->unit_count; i++)
		if (sc->units[i].player.given)
			square_attribute(ctx, sc->units[i].player.pos, "unit");
	for (size_t i = 0; i < sc->terrain_count; i++)
		if (sc->terrain[i].square)
			check_error(ctx, sc->terrain[i].pos, "schema",
				"<square> belongs to square-grid scenarios; write <hex> for ruleset %s", rs_id);
	for (size_t i = 0; i < sc->city_count; i++)
		square_only(ctx, sc->cities[i].pos, "city");
	for (size_t i = 0; i < sc->sea_zone_count; i++)
		square_only(ctx, sc->sea_zones[i].pos, "sea-zone");
	for (size_t i = 0; i < sc->ship_count; i++)
		square_only(ctx, sc->ships[i].pos, "ship");
	for (size_t i = 0; i < sc->side_count; i++)
		if (sc->sides[i].forces)
			check_error(ctx, sc->sides[i].pos, "schema",
				"<forces> belongs to square-grid scenarios; write <side> for ruleset %s", rs_id);
}
