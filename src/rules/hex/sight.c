#include "sight.h"

#include "sight_lines.h"

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

/* The side of the figure at `from`: its unit's, else its general's; -1
 * with nobody there. */
static int viewer_side(const hex_game *g, hex_coord from)
{
	int units[1];
	if (hex_game_units_at(g, from, -1, units, 1) > 0)
		return g->units[units[0]].side;
	int gen = hex_game_general_at(g, from);
	return gen >= 0 ? g->generals[gen].side : -1;
}

/* sight_obstructs for a hex whose terrain does not block: its figures. */
static bool figures_obstruct(const hex_game *g, const sight_cell *c, bool over_friends, int side)
{
	if (!g->occupants[c->index] && !g->generals_on[c->index])
		return false;
	return !(over_friends && c->adjacent && only_friends(g, c->at, side));
}

/* los_check's answer on a kept line: the terrain's verdict, then the
 * figures on the other hexes. */
static bool line_clear(const hex_game *g, const sight_line *l, hex_coord from)
{
	bool left = l->terrain_left, right = l->terrain_right;
	if (l->terrain_through || (left && right))
		return false;
	/* The viewer's side matters only where his hex lets him see over
	 * friends: found only there. */
	const rs_terrain *own = hex_game_terrain(g, from);
	int side = own && own->sight_over_adjacent_friends ? viewer_side(g, from) : -1;
	bool over_friends = side >= 0;
	for (int i = 0; i < l->count; i++) {
		const sight_cell *c = &l->cells[i];
		if (!figures_obstruct(g, c, over_friends, side))
			continue;
		if (c->how == LOS_THROUGH)
			return false;
		left |= c->how == LOS_EDGE_LEFT;
		right |= c->how == LOS_EDGE_RIGHT;
		if (left && right)
			return false;
	}
	return true;
}

bool sight_check(const hex_game *g, hex_coord from, hex_coord to, los_result *out)
{
	/* Only the answer wanted (a player, a check): the kept line. */
	const sight_line *l = !out && g->sight_lines ? sight_lines_get(g->sight_lines, from, to) : NULL;
	if (l)
		return line_clear(g, l, from);
	viewer v = { g, from, viewer_side(g, from), false };
	return los_check(&g->board, from, to, blocks, &v, out);
}
