/* The hex game as JSON (hex_engine.h): what `orbat check --format json`
 * prints after a log, and what the studio serves. */
#include "hex_engine.h"

#include <stdio.h>

#include "../../base/json.h"

/* The start of a unit's or a general's object, the i-th of its list: id,
 * side, type (units only) and where it stands (null once gone). */
static void json_piece(FILE *out, const hex_game *g, size_t i, const char *id, int side, const char *type, bool alive, hex_coord at)
{
	char buf[HEX_ADDRESS_MAX];
	fprintf(out, "%s{\"id\":", i ? "," : "");
	json_write_string(out, id);
	fputs(",\"side\":", out);
	json_write_string(out, g->sides[side].id);
	if (type) {
		fputs(",\"type\":", out);
		json_write_string(out, type);
	}
	fputs(",\"at\":", out);
	if (alive)
		json_write_string(out, hex_format(at, buf));
	else
		fputs("null", out);
}

void hex_engine_state_json(game *gm, FILE *out)
{
	const referee *r = hex_engine_referee(gm);
	const hex_game *g = r->g;
	fprintf(out, ",\"turns\":%d,\"winner\":", r->turn);
	if (g->winner >= 0)
		json_write_string(out, g->sides[g->winner].id);
	else
		fputs("null", out);
	fprintf(out, ",\"winner_line\":%d,\"to_play\":", g->winner >= 0 ? r->winner_line : 0);
	if (g->winner < 0 && r->side >= 0)
		json_write_string(out, g->sides[r->side].id);
	else
		fputs("null", out);
	fputs(",\"sides\":[", out);
	for (int s = 0; s < GAME_SIDES; s++) {
		fprintf(out, "%s{\"id\":", s ? "," : "");
		json_write_string(out, g->sides[s].id);
		fprintf(out, ",\"score\":%d,\"flags\":%d,\"target\":%d}", hex_game_score(g, s), g->sides[s].flags,
			g->sides[s].target);
	}
	fputs("],\"units\":[", out);
	for (size_t i = 0; i < g->unit_count; i++) {
		const hex_unit *u = &g->units[i];
		json_piece(out, g, i, u->id, u->side, u->type->id, u->alive, u->at);
		fprintf(out, ",\"figures\":%d,\"alive\":%s", u->alive ? u->figures : 0, u->alive ? "true" : "false");
		/* §8.1: a reserve unit not arrived yet is absent, not destroyed. */
		char at[HEX_ADDRESS_MAX];
		if (u->reserve)
			fprintf(out, ",\"reserve\":true,\"entry\":\"%s\"", hex_format(u->entry, at));
		fputs("}", out);
	}
	fputs("],\"generals\":[", out);
	for (size_t i = 0; i < g->general_count; i++) {
		const hex_general *gg = &g->generals[i];
		json_piece(out, g, i, gg->id, gg->side, NULL, gg->alive, gg->at);
		fprintf(out, ",\"alive\":%s}", gg->alive ? "true" : "false");
	}
	fputs("]", out);
}
