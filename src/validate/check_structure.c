/* The counts the schema leaves open so that children may come in any
 * order: one board, at least one title, at most one date and one terrain
 * list. */
#include "check.h"

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
