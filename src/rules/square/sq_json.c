/* The square game as JSON (sq_engine.h): what `orbat check --format
 * json` prints after a log, and what the studio serves. */
#include "sq_engine.h"

#include <stdio.h>

#include "../../base/json.h"

void sq_engine_state_json(game *gm, FILE *out)
{
	game_result result;
	gm->impl->result(gm, &result);
	const sq_game *g = sq_engine_game(gm);
	fprintf(out, ",\"turns\":%d,\"winner\":", g->turn);
	if (g->winner == SQ_DRAW)
		json_write_string(out, "draw");
	else if (g->winner != SQ_NO_WINNER)
		json_write_string(out, sq_side_id(g, g->winner));
	else
		fputs("null", out);
	fprintf(out, ",\"winner_line\":%d,\"to_play\":", result.winner_line);
	if (g->winner == SQ_NO_WINNER)
		json_write_string(out, sq_side_id(g, sq_current(g)->side));
	else
		fputs("null", out);
	fprintf(out, ",\"player\":%d,\"sides\":[", sq_current(g)->player);
	for (int s = 0; s < SQ_SIDES; s++) {
		fprintf(out, "%s{\"id\":", s ? "," : "");
		json_write_string(out, sq_side_id(g, s));
		/* points and allowance: the side's, summed over its players'
		 * purses; with four players each purse as well. */
		int players = g->seat_count > 2 ? SQ_SIDE_PLAYERS : 1, points = 0, allowance = 0;
		for (int pl = 1; pl <= players; pl++) {
			points += sq_purse_read(g, s, pl)->points;
			allowance += sq_purse_read(g, s, pl)->allowance;
		}
		fprintf(out, ",\"cities\":%d,\"income\":%d,\"points\":%d,\"allowance\":%d,", sq_cities_held(g, s),
			sq_income(g, s), points, allowance);
		for (int pl = 1; players > 1 && pl <= players; pl++)
			fprintf(out, "%s{\"player\":%d,\"points\":%d,\"allowance\":%d}%s", pl == 1 ? "\"players\":[" : ",", pl,
				sq_purse_read(g, s, pl)->points, sq_purse_read(g, s, pl)->allowance, pl == players ? "]," : "");
		fputs("\"held\":[", out);
		bool first = true;
		for (size_t i = 0; i < g->city_count; i++)
			if (g->cities[i].owner == s) {
				fputs(first ? "" : ",", out);
				json_write_string(out, g->sc->cities[i].id.text);
				first = false;
			}
		fputs("]}", out);
	}
	fputs("],\"units\":[", out);
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		char at[GRID_ADDRESS_MAX];
		fprintf(out, "%s{\"id\":", i ? "," : "");
		json_write_string(out, p->id);
		fputs(",\"side\":", out);
		json_write_string(out, sq_side_id(g, p->side));
		fputs(",\"type\":", out);
		json_write_string(out, p->kind == SQ_GENERAL ? "general" : p->type ? p->type->id : "?");
		fprintf(out, ",\"player\":%d,\"alive\":%s,\"at\":", p->player, p->alive ? "true" : "false");
		if (p->alive && p->on_map)
			json_write_string(out, grid_format(p->at, at));
		else
			fputs("null", out);
		if (p->alive && p->aboard >= 0) {
			fputs(",\"aboard\":", out);
			json_write_string(out, g->pieces[p->aboard].id);
		}
		/* A ship's sea zone, and its port when it lies in one (a port
		 * lies on its zone). */
		if (p->alive && p->kind == SQ_SHIP) {
			fputs(",\"sea\":", out);
			json_write_string(out, p->zone >= 0 ? g->sc->sea_zones[p->zone].id.text : "?");
			if (p->port >= 0) {
				fputs(",\"port\":", out);
				json_write_string(out, g->sc->cities[p->port].id.text);
			}
		}
		fprintf(out, ",\"hits\":%d}", p->hits);
	}
	fputs("]", out);
}
