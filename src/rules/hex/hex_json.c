/* The hex game as JSON (hex_engine.h): what `orbat check --format json`
 * prints after a log, and what the studio serves. */
#include "hex_engine.h"

#include "../../base/jsonout.h"

/* A side by its index, or null when none. */
static json_t *side_or_null(const hex_game *g, int side)
{
	return side >= 0 ? jsonout_string(g->sides[side].id) : json_null();
}

/* A unit's or a general's object: id, side, type (units only) and where
 * it stands (null once gone). */
static json_t *json_piece(const hex_game *g, const char *id, int side, const char *type, bool alive, hex_coord at)
{
	char buf[HEX_ADDRESS_MAX];
	json_t *o = json_object();
	json_object_set_new(o, "id", jsonout_string(id));
	json_object_set_new(o, "side", jsonout_string(g->sides[side].id));
	if (type)
		json_object_set_new(o, "type", jsonout_string(type));
	json_object_set_new(o, "at", alive ? jsonout_string(hex_format(at, buf)) : json_null());
	return o;
}

void hex_engine_state_json(game *gm, json_t *into)
{
	const referee *r = hex_engine_referee(gm);
	const hex_game *g = r->g;
	json_object_set_new(into, "turns", json_integer(r->turn));
	/* A draw a scenario's special rule declares reads as the square
	 * game's ("draw"); its reason goes in "result". */
	json_object_set_new(into, "winner", g->drawn ? json_string("draw") : side_or_null(g, g->winner));
	json_object_set_new(into, "winner_line", json_integer(g->winner >= 0 || g->drawn ? r->winner_line : 0));
	json_object_set_new(into, "to_play", side_or_null(g, g->winner < 0 && !g->drawn ? r->side : -1));
	if (g->result[0]) {
		json_object_set_new(into, "result", jsonout_string(g->result));
		json_object_set_new(into, "result_rule", jsonout_string(g->result_rule));
	}
	json_t *sides = json_array();
	for (int s = 0; s < GAME_SIDES; s++)
		json_array_append_new(sides, json_pack("{s:o, s:i, s:i, s:i}", "id", jsonout_string(g->sides[s].id),
			"score", hex_game_score(g, s), "flags", g->sides[s].flags, "target", g->sides[s].target));
	json_object_set_new(into, "sides", sides);
	json_t *units = json_array();
	for (size_t i = 0; i < g->unit_count; i++) {
		const hex_unit *u = &g->units[i];
		json_t *o = json_piece(g, u->id, u->side, u->type->id, u->alive, u->at);
		json_object_set_new(o, "figures", json_integer(u->alive ? u->figures : 0));
		json_object_set_new(o, "alive", json_boolean(u->alive));
		/* §8.1: a reserve unit not arrived yet is absent, not destroyed. */
		if (u->reserve) {
			char at[HEX_ADDRESS_MAX];
			json_object_set_new(o, "reserve", json_true());
			json_object_set_new(o, "entry", jsonout_string(hex_format(u->entry, at)));
		}
		/* Gone off the board by an exit hex, not destroyed. */
		if (u->exited)
			json_object_set_new(o, "exited", json_true());
		/* Brought by the scenario's schedule, not arrived yet. */
		if (u->scheduled) {
			char at[HEX_ADDRESS_MAX];
			json_object_set_new(o, "scheduled", json_true());
			json_object_set_new(o, "entry", jsonout_string(hex_format(u->at, at)));
		}
		json_array_append_new(units, o);
	}
	json_object_set_new(into, "units", units);
	json_t *generals = json_array();
	for (size_t i = 0; i < g->general_count; i++) {
		const hex_general *gg = &g->generals[i];
		json_t *o = json_piece(g, gg->id, gg->side, NULL, gg->alive, gg->at);
		json_object_set_new(o, "alive", json_boolean(gg->alive));
		json_array_append_new(generals, o);
	}
	json_object_set_new(into, "generals", generals);
}
