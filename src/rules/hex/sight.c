#include "sight.h"

typedef struct viewer {
	const hex_game *g;
	hex_coord from;
	int side;
	bool over_friends;
} viewer;

static bool only_friends(const hex_game *g, hex_coord h, int side)
{
	if (hex_game_units_at(g, h, 1 - side, NULL, 0) > 0)
		return false;
	int gen = hex_game_general_at(g, h);
	return gen < 0 || g->generals[gen].side == side;
}

bool sight_obstructs(const hex_game *g, hex_coord from, int side, hex_coord hex)
{
	const rs_terrain *t = hex_game_terrain(g, hex);
	if (t && t->blocks_los)
		return true;
	if (!hex_game_occupied(g, hex))
		return false;
	const rs_terrain *own = hex_game_terrain(g, from);
	if (side >= 0 && own && own->sight_over_adjacent_friends && hex_adjacent(from, hex) &&
		only_friends(g, hex, side))
		return false;
	return true;
}

static bool blocks(void *ctx, hex_coord hex)
{
	const viewer *v = ctx;
	return sight_obstructs(v->g, v->from, v->side, hex);
}

bool sight_check(const hex_game *g, hex_coord from, hex_coord to, los_result *out)
{
	viewer v = { g, from, -1, false };
	int units[1];
	if (hex_game_units_at(g, from, -1, units, 1) > 0) {
		v.side = g->units[units[0]].side;
	} else {
		int gen = hex_game_general_at(g, from);
		if (gen >= 0)
			v.side = g->generals[gen].side;
	}
	return los_check(&g->board, from, to, blocks, &v, out);
}
