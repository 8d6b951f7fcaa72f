/* §0 the two sides, §1 their home edges, §8 hand sizes, §9 the first player. */
#include "check.h"

#include "../base/util.h"

void check_sides(check_ctx *ctx)
{
	const scenario *sc = ctx->sc;
	const ruleset *rs = ctx->rs;

	if (sc->side_count != 2) {
		src_pos pos = sc->side_count > 2 ? sc->sides[2].pos : sc->pos;
		check_error(ctx, pos, CHECK_RULE(ctx, sides_rule),
			"a scenario has exactly two sides, union and confederate; this one has %zu",
			sc->side_count);
	}
	for (size_t i = 0; i < sc->side_count; i++) {
		const sc_side *s = &sc->sides[i];
		if (s->id.text && !ruleset_find_side(rs, s->id.text))
			check_error(ctx, s->id.pos, CHECK_RULE(ctx, sides_rule),
				"side '%s' does not exist in %s", s->id.text, rs->id);
		for (size_t k = 0; k < i; k++) {
			if (str_eq(sc->sides[k].id.text, s->id.text))
				check_error(ctx, s->id.pos, CHECK_RULE(ctx, sides_rule),
					"side '%s' is given twice (first on line %d)", s->id.text, sc->sides[k].pos.line);
			else if (str_eq(sc->sides[k].home.text, s->home.text))
				check_error(ctx, s->home.pos, CHECK_RULE(ctx, board.rule),
					"sides '%s' and '%s' both have their home edge in the %s; "
					"the two sides start from opposite edges",
					sc->sides[k].id.text ? sc->sides[k].id.text : "?",
					s->id.text ? s->id.text : "?", s->home.text);
		}
	}

	/* §8: hands. */
	int deck = ruleset_deck_size(rs);
	long hands = 0;
	bool hands_known = true;
	for (size_t i = 0; i < sc->side_count; i++) {
		const sc_side *s = &sc->sides[i];
		if (!s->cards.given || !s->cards.valid) {
			hands_known = false;
			continue;
		}
		if (s->cards.value < 1) {
			check_error(ctx, s->cards.pos, check_rule(ctx, rs->deck.rule),
				"side '%s' holds %ld order cards; a hand needs at least 1",
				s->id.text ? s->id.text : "?", s->cards.value);
			hands_known = false;
		}
		hands += s->cards.value;
	}
	if (hands_known && sc->side_count >= 2 && hands > deck) {
		const sc_side *s = &sc->sides[1];
		check_error(ctx, s->cards.pos, check_rule(ctx, rs->deck.rule),
			"the two hands hold %ld cards together, more than the %d cards of the %s deck",
			hands, deck, rs->id);
	}

	/* §9: first player. */
	size_t firsts = 0;
	for (size_t i = 0; i < sc->side_count; i++) {
		if (!sc->sides[i].first)
			continue;
		if (++firsts == 2)
			check_error(ctx, sc->sides[i].first_pos, check_rule(ctx, rs->turn.rule),
				"both sides are marked first=\"true\"; only one side opens the battle");
	}
	if (firsts == 0 && rs->turn.first_player_required && sc->side_count > 0)
		check_error(ctx, sc->sides[0].pos, check_rule(ctx, rs->turn.rule),
			"no side is marked first=\"true\"; %s needs the scenario to name the side that opens the battle",
			rs->id);
}
