/* The square game as JSON (sq_engine.h): what `orbat check --format
 * json` prints after a log, and what the studio serves. */
#include "sq_engine.h"

#include "../../base/jsonout.h"

/* A side's fields: its cities, income, points and allowance, each purse
 * with four players, and the cities it holds. */
static json_t *json_side(const sq_game *g, int s)
{
	/* points and allowance: the side's, summed over its players'
	 * purses; with four players each purse as well. */
	int players = g->seat_count > 2 ? SQ_SIDE_PLAYERS : 1, points = 0, allowance = 0;
	json_t *purses = json_array();
	for (int pl = 1; pl <= players; pl++) {
		points += sq_purse_read(g, s, pl)->points;
		allowance += sq_purse_read(g, s, pl)->allowance;
		json_array_append_new(purses, json_pack("{s:i, s:i, s:i}", "player", pl, "points",
			sq_purse_read(g, s, pl)->points, "allowance", sq_purse_read(g, s, pl)->allowance));
	}
	json_t *o = json_pack("{s:o, s:i, s:i, s:i, s:i}", "id", jsonout_string(sq_side_id(g, s)), "cities",
		sq_cities_held(g, s), "income", sq_income(g, s), "points", points, "allowance", allowance);
	if (players > 1)
		json_object_set_new(o, "players", purses);
	else
		json_decref(purses);
	json_t *held = json_array();
	for (size_t i = 0; i < g->city_count; i++)
		if (g->cities[i].owner == s)
			json_array_append_new(held, jsonout_string(g->sc->cities[i].id.text));
	json_object_set_new(o, "held", held);
	return o;
}

static json_t *json_unit(const sq_game *g, const sq_piece *p)
{
	char at[GRID_ADDRESS_MAX];
	json_t *o = json_object();
	json_object_set_new(o, "id", jsonout_string(p->id));
	json_object_set_new(o, "side", jsonout_string(sq_side_id(g, p->side)));
	json_object_set_new(o, "type", jsonout_string(p->kind == SQ_GENERAL ? "general" : p->type ? p->type->id : "?"));
	json_object_set_new(o, "player", json_integer(p->player));
	json_object_set_new(o, "alive", json_boolean(p->alive));
	json_object_set_new(o, "at", p->alive && p->on_map ? jsonout_string(grid_format(p->at, at)) : json_null());
	if (p->alive && p->aboard >= 0)
		json_object_set_new(o, "aboard", jsonout_string(g->pieces[p->aboard].id));
	/* A ship's sea zone, and its port when it lies in one (a port lies on
	 * its zone). */
	if (p->alive && p->kind == SQ_SHIP) {
		json_object_set_new(o, "sea", jsonout_string(p->zone >= 0 ? g->sc->sea_zones[p->zone].id.text : "?"));
		if (p->port >= 0)
			json_object_set_new(o, "port", jsonout_string(g->sc->cities[p->port].id.text));
	}
	json_object_set_new(o, "hits", json_integer(p->hits));
	return o;
}

void sq_engine_state_json(game *gm, json_t *into)
{
	game_result result;
	gm->impl->result(gm, &result);
	const sq_game *g = sq_engine_game(gm);
	json_object_set_new(into, "turns", json_integer(g->turn));
	json_object_set_new(into, "winner", g->winner == SQ_DRAW ? json_string("draw") :
		g->winner != SQ_NO_WINNER ? jsonout_string(sq_side_id(g, g->winner)) : json_null());
	json_object_set_new(into, "winner_line", json_integer(result.winner_line));
	json_object_set_new(into, "to_play", g->winner == SQ_NO_WINNER ? jsonout_string(sq_side_id(g,
		sq_current(g)->side)) : json_null());
	json_object_set_new(into, "player", json_integer(sq_current(g)->player));
	json_t *sides = json_array();
	for (int s = 0; s < SQ_SIDES; s++)
		json_array_append_new(sides, json_side(g, s));
	json_object_set_new(into, "sides", sides);
	json_t *units = json_array();
	for (size_t i = 0; i < g->piece_count; i++)
		json_array_append_new(units, json_unit(g, &g->pieces[i]));
	json_object_set_new(into, "units", units);
}
