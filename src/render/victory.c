#include "victory.h"

#include <stdio.h>
#include <stdlib.h>

#include "../base/util.h"

/* One sentence of data/i18n with its {placeholders} filled. */
static char *say(const render_ctx *rc, const char *id, const char *const *pairs)
{
	return strings_expand(render_string(rc, id), pairs);
}

/* Append piece (taken over) to *out, sep between. */
static void append(char **out, char *piece, const char *sep)
{
	if (!piece)
		return;
	char *next = xasprintf("%s%s%s", *out, **out ? sep : "", piece);
	free(*out);
	free(piece);
	*out = next;
}

/* The number of players of the game: the scenario's, else the smallest
 * game the ruleset has. */
static long game_players(const render_ctx *rc)
{
	const scenario *sc = rc->sc;
	if (sc && sc->players.given && sc->players.valid)
		return sc->players.value;
	for (long n = 1; n <= RS_SQUARE_MAX_PLAYERS; n++)
		if (rc->rs->square.player_counts & (1u << n))
			return n;
	return 0;
}

/* The players of each side in that seat order: the highest number seated. */
static int players_per_side(const rs_seat_order *seats)
{
	int most = 0;
	for (size_t i = 0; seats && i < seats->count; i++)
		if (seats->seats[i].player > most)
			most = seats->seats[i].player;
	return most;
}

char *victory_square_text(const render_ctx *rc)
{
	const ruleset *rs = rc->rs;
	if (!rs->square_victory.given)
		return NULL;
	char n[24];
	snprintf(n, sizeof n, "%d", rs->square_victory.hold_turns);
	const char *hold[] = { "n", n, NULL };
	char *out = say(rc, rs->square_victory.hold_turns == 0 ? "sq-win-capital-now" :
		rs->square_victory.hold_turns == 1 ? "sq-win-capital-1" : "sq-win-capital-n", hold);
	if (rs->square_victory.wipe_out)
		append(&out, say(rc, "sq-win-wipe-out", NULL), " ");
	if (rs->square_victory.limit_by_cities) {
		const scenario *sc = rc->sc;
		if (!sc) {
			append(&out, say(rc, "sq-win-limit-any", NULL), " ");
		} else if (sc->turn_limit.given && sc->turn_limit.valid) {
			snprintf(n, sizeof n, "%ld", sc->turn_limit.value);
			const char *limit[] = { "n", n, NULL };
			append(&out, say(rc, "sq-win-limit-n", limit), " ");
		} else {
			append(&out, say(rc, "sq-win-no-limit", NULL), " ");
		}
	}
	return out;
}

char *victory_square_seats(const render_ctx *rc)
{
	char *out = xstrdup("");
	for (long players = 1; players <= RS_SQUARE_MAX_PLAYERS; players++) {
		const rs_seat_order *seats = ruleset_square_seats(rc->rs, players);
		if (players_per_side(seats) < 2)
			continue;
		char *list = xstrdup("");
		for (size_t i = 0; i < seats->count; i++) {
			char n[24];
			snprintf(n, sizeof n, "%d", seats->seats[i].player);
			const char *pairs[] = { "n", n, NULL };
			char *seat = say(rc, seats->seats[i].second_side ? "sq-seat-second" : "sq-seat-first", pairs);
			append(&list, xasprintf("%zu. %s", i + 1, seat), ", ");
			free(seat);
		}
		char count[24];
		snprintf(count, sizeof count, "%ld", players);
		const char *pairs[] = { "players", count, "seats", list, NULL };
		append(&out, say(rc, "sq-order-any", pairs), " ");
		free(list);
	}
	if (!*out) {
		free(out);
		return NULL;
	}
	append(&out, say(rc, "sq-own-pieces", NULL), " ");
	return out;
}

/* ---- the scenario's players ---- */

/* The side that plays first: the one marked first="true", else the first
 * listed (the compiler asks for the mark). */
static size_t first_side(const scenario *sc)
{
	for (size_t s = 0; s < sc->side_count; s++)
		if (sc->sides[s].first)
			return s;
	return 0;
}

static const char *side_name(const render_ctx *rc, size_t s)
{
	const char *id = s < rc->sc->side_count ? rc->sc->sides[s].id.text : NULL;
	const rs_named *named = id ? ruleset_find_side(rc->rs, id) : NULL;
	return named ? l10n_get(&named->name, rc->lang) : id ? id : "?";
}

/* The general of that player of that side, as the scenario names him. */
static const char *general_of(const render_ctx *rc, size_t s, long player)
{
	const scenario *sc = rc->sc;
	for (size_t i = 0; i < sc->general_count; i++) {
		const sc_general *g = &sc->generals[i];
		if (g->side != s || scenario_player(&g->player) != player)
			continue;
		if (g->name.text)
			return g->name.text;
		const rs_square_place *known = ruleset_find_square_general(rc->rs, g->id.text);
		return known ? l10n_get(&known->name, rc->lang) : g->id.text ? g->id.text : "?";
	}
	return "—";
}

/* The scenario's seats; NULL with one player a side. */
static const rs_seat_order *scenario_seats(const render_ctx *rc)
{
	if (!rc->sc)
		return NULL;
	const rs_seat_order *seats = ruleset_square_seats(rc->rs, game_players(rc));
	return players_per_side(seats) >= 2 ? seats : NULL;
}

int victory_square_player_count(const render_ctx *rc)
{
	return players_per_side(scenario_seats(rc));
}

char *victory_square_commander(const render_ctx *rc, size_t side, long player)
{
	char n[24];
	snprintf(n, sizeof n, "%ld", player);
	const char *pairs[] = { "n", n, "general", general_of(rc, side, player), NULL };
	return say(rc, "sq-commander", pairs);
}

char *victory_square_order(const render_ctx *rc)
{
	const rs_seat_order *seats = scenario_seats(rc);
	if (!seats)
		return NULL;
	size_t first = first_side(rc->sc);
	char *list = xstrdup("");
	for (size_t i = 0; i < seats->count; i++) {
		size_t s = seats->seats[i].second_side ? !first : first;
		char n[24];
		snprintf(n, sizeof n, "%d", seats->seats[i].player);
		const char *pairs[] = { "side", side_name(rc, s), "n", n, "general",
			general_of(rc, s, seats->seats[i].player), NULL };
		char *seat = say(rc, "sq-seat-named", pairs);
		append(&list, xasprintf("%zu. %s", i + 1, seat), ", ");
		free(seat);
	}
	const char *pairs[] = { "seats", list, NULL };
	char *out = say(rc, "sq-order-scenario", pairs);
	free(list);
	return out;
}

/* "4 × Infantry, 1 × Ironclad": the units and ships of one player of a
 * side, by type in the ruleset's order, those aboard ships included. */
static char *forces_of(const render_ctx *rc, size_t s, long player)
{
	const scenario *sc = rc->sc;
	const ruleset *rs = rc->rs;
	char *out = xstrdup("");
	for (size_t t = 0; t < rs->square.unit_count; t++) {
		const rs_square_unit *type = &rs->square.units[t];
		size_t count = 0;
		for (size_t i = 0; i < sc->unit_count; i++)
			count += sc->units[i].side == s && str_eq(sc->units[i].type.text, type->id) &&
				scenario_player(&sc->units[i].player) == player;
		for (size_t i = 0; i < sc->ship_count; i++)
			count += sc->ships[i].side == s && str_eq(sc->ships[i].type.text, type->id) &&
				scenario_player(&sc->ships[i].player) == player;
		if (count)
			append(&out, xasprintf("%zu × %s", count, l10n_get(&type->name, rc->lang)), ", ");
	}
	if (!*out) {
		free(out);
		out = xstrdup("—");
	}
	return out;
}

char *victory_square_players(const render_ctx *rc, size_t side)
{
	const rs_seat_order *seats = scenario_seats(rc);
	if (!seats)
		return NULL;
	char *out = xstrdup("");
	for (long player = 1; player <= players_per_side(seats); player++) {
		char n[24];
		snprintf(n, sizeof n, "%ld", player);
		char *forces = forces_of(rc, side, player);
		const char *pairs[] = { "n", n, "general", general_of(rc, side, player), "forces", forces, NULL };
		append(&out, say(rc, "sq-player-part", pairs), "\n");
		free(forces);
	}
	return out;
}
