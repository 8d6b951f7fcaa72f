#include "moves.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "hex_special.h"


int moves_max(const hex_game *g, hex_ref who)
{
	if (who.kind == REF_GENERAL)
		return g->rs->general.move;
	/* Kept with the unit (hex_game_unit_attrs_changed). */
	return g->units[who.index].move_hexes;
}

bool moves_battle_after(const hex_game *g, int unit, int hexes)
{
	/* Some entry it meets lets it battle after `hexes`: the longest does. */
	return g->units[unit].battle_after_hexes >= hexes;
}


static void moves_step_figure(const hex_game *g, hex_ref who, int self_general, int friends, int gen,
	bool terrain_stop, const char *there, step_verdict *v);

void moves_step(const hex_game *g, hex_ref who, bool with_general, hex_coord to, step_verdict *v)
{
	const ruleset *rs = g->rs;
	const char *stack = rs->stacking.rule;
	/* The hex's address is for the refusals' words, which quiet mode (a
	 * player reaching out from every unit) does not write. */
	char there[HEX_ADDRESS_MAX] = "";
	if (!rules_quiet())
		hex_format(to, there);
	v->enter = v->stop = v->end = false;
	rules_error_clear(&v->why);
	int side = hex_game_ref_side(g, who);
	int self_unit = who.kind == REF_UNIT ? who.index : -1;
	int self_general = -1;
	if (who.kind == REF_GENERAL)
		self_general = who.index;
	else if (with_general)
		self_general = hex_game_unit_general(g, who.index);

	long index = hex_index(&g->board, to);
	if (index < 0) {
		hex_game_fail(&v->why, g, g->rs->movement.off_board_rule, "%s is off the board; only a forced retreat leaves it", there);
		return;
	}
	/* The scenario's special rules first: a hex they close is closed
	 * whatever stands there, and a ford opens what the terrain closes. */
	hex_special_step sv;
	if (!hex_special_ground(g, side, to, &sv, g->rs->terrain_effects.rule, "no unit or general may enter", &v->why))
		return;
	const rs_terrain *t = g->terrain[index];
	bool ford = sv.ford && t && !t->passable;
	/* Most hexes a move looks at are empty: nobody to ask about. */
	bool empty = !g->occupants[index] && !g->generals_on[index];
	if (!empty && hex_game_enemy_holds(g, to, side, self_general, stack, there, &v->why))
		return;
	int gen = empty ? -1 : hex_game_general_at_except(g, to, self_general);
	int friends = empty ? 0 : hex_game_units_at_except(g, to, side, self_unit);
	bool terrain_stop = (t && t->stop) || ford;
	moves_step_figure(g, who, self_general, friends, gen, terrain_stop, there, v);
	if (v->end && sv.no_end) {
		v->end = false;
		rules_error_take(&v->why, &sv.why);
	}
}

/* moves_step for what stands on the hex: the stacking of units and
 * generals, once the terrain and the rules have let the figure in. */
static void moves_step_figure(const hex_game *g, hex_ref who, int self_general, int friends, int gen,
	bool terrain_stop, const char *there, step_verdict *v)
{
	const ruleset *rs = g->rs;
	const char *stack = rs->stacking.rule;

	if (who.kind == REF_UNIT) {
		if (friends + 1 > rs->stacking.units_per_hex) {
			if (rs->stacking.units_per_hex == 1)
				hex_game_fail(&v->why, g, stack, "%s holds a friendly unit; a unit may not move into or through it", there);
			else
				hex_game_fail(&v->why, g, stack, "%s already holds %d friendly units, the most a hex may hold",
					there, friends);
			return;
		}
		if (gen >= 0 && self_general >= 0) {
			hex_game_fail(&v->why, g, stack,
				"%s holds general '%s' and this unit brings general '%s': one general per hex",
				there, g->generals[gen].id, g->generals[self_general].id);
			return;
		}
		v->enter = v->end = true;
		v->stop = terrain_stop || friends > 0 || gen >= 0;
		return;
	}

	/* A general on his own. */
	if (gen >= 0) {
		if (!g->rs->general.passes_friendly_generals) {
			hex_game_fail(&v->why, g, stack, "%s holds general '%s'; a general never enters a hex with another general",
				there, g->generals[gen].id);
			return;
		}
		v->enter = true;
		v->end = false;
		hex_game_fail(&v->why, g, stack, "%s holds general '%s'; a general may pass but not stop there",
			there, g->generals[gen].id);
		v->stop = terrain_stop;
		if (friends > 0 && !rs->general.passes_friendly_units) {
			/* He would have to stop on a unit that already has a general. */
			v->enter = false;
			hex_game_fail(&v->why, g, stack,
				"%s holds a friendly unit with general '%s'; the general would have to stop there",
				there, g->generals[gen].id);
		}
		return;
	}
	if (friends > rs->stacking.units_with_general) {
		hex_game_fail(&v->why, g, stack, "%s holds %d units; a general may join at most %d", there, friends,
			rs->stacking.units_with_general);
		return;
	}
	v->enter = v->end = true;
	v->stop = terrain_stop || (friends > 0 && !rs->general.passes_friendly_units);
}

#define REACH_ROOM 512

int moves_reach(const hex_game *g, hex_ref who, const move_options *o, int *steps)
{
	size_t n = hex_count(&g->board);
	for (size_t i = 0; i < n; i++)
		steps[i] = -1;
	int max = o && o->max_hexes >= 0 ? o->max_hexes : moves_max(g, who);
	bool with_general = o && o->with_general;
	hex_coord start = hex_game_ref_at(g, who);
	if (max <= 0 || !hex_game_on_board(g, start))
		return 0;
	/* On the stack for the boards of the bundled scenarios: a player asks
	 * the reach of every unit it might order. */
	int dist_room[REACH_ROOM];
	long queue_room[REACH_ROOM];
	int *dist = n <= REACH_ROOM ? dist_room : xmalloc(n * sizeof *dist);
	long *queue = n <= REACH_ROOM ? queue_room : xmalloc(n * sizeof *queue);
	for (size_t i = 0; i < n; i++)
		dist[i] = -1;
	size_t head = 0, tail = 0;
	long s = hex_index(&g->board, start);
	dist[s] = 0;
	queue[tail++] = s;
	int count = 0;
	while (head < tail) {
		long cur = queue[head++];
		if (dist[cur] >= max)
			continue;
		hex_coord nb[6];
		hex_neighbours(hex_from_index(&g->board, (size_t)cur), nb);
		for (int k = 0; k < 6; k++) {
			long idx = hex_index(&g->board, nb[k]);
			if (idx < 0 || dist[idx] >= 0)
				continue;
			step_verdict v;
			moves_step(g, who, with_general, nb[k], &v);
			if (!v.enter)
				continue;
			dist[idx] = dist[cur] + 1;
			if (v.end) {
				steps[idx] = dist[idx];
				count++;
			}
			if (!v.stop)
				queue[tail++] = idx;
		}
	}
	if (dist != dist_room) {
		free(dist);
		free(queue);
	}
	return count;
}

bool moves_check_path(const hex_game *g, hex_ref who, const move_options *o,
	const hex_coord *path, int len, rules_error *err)
{
	int max = o && o->max_hexes >= 0 ? o->max_hexes : moves_max(g, who);
	bool with_general = o && o->with_general;
	const char *id = hex_game_ref_id(g, who);
	hex_coord start = hex_game_ref_at(g, who);
	char from[HEX_ADDRESS_MAX], to[HEX_ADDRESS_MAX];
	if (len <= 0) {
		hex_game_fail(err, g, g->rs->movement.rule, "a move names at least one hex");
		return false;
	}
	if (len == 1 && !hex_adjacent(start, path[0])) {
		/* A destination alone: any legal way there. */
		size_t n = hex_count(&g->board);
		int *steps = xmalloc((n ? n : 1) * sizeof *steps);
		moves_reach(g, who, o, steps);
		long idx = hex_index(&g->board, path[0]);
		bool ok = idx >= 0 && steps[idx] >= 0;
		free(steps);
		if (!ok) {
			if (grid_cell_equal(start, path[0]))
				hex_game_fail(err, g, g->rs->movement.rule, "'%s' is already at %s", id, hex_format(start, to));
			else
				hex_game_fail(err, g, g->rs->movement.rule, "'%s' cannot reach %s from %s in one move of at most %d %s",
					id, hex_format(path[0], to), hex_format(start, from), max, max == 1 ? "hex" : "hexes");
		}
		return ok;
	}
	if (len > max) {
		hex_game_fail(err, g, g->rs->movement.rule, "'%s' may move at most %d %s, not %d", id, max, max == 1 ? "hex" : "hexes", len);
		return false;
	}
	hex_coord prev = start;
	for (int i = 0; i < len; i++) {
		if (!hex_adjacent(prev, path[i])) {
			hex_game_fail(err, g, g->rs->movement.rule, "%s is not next to %s", hex_format(path[i], to), hex_format(prev, from));
			return false;
		}
		step_verdict v;
		moves_step(g, who, with_general, path[i], &v);
		if (!v.enter) {
			rules_error_take(err, &v.why);
			rules_error_prefix(err, "'%s' may not enter %s: ", id, hex_format(path[i], to));
			return false;
		}
		if (i == len - 1 && !v.end) {
			rules_error_take(err, &v.why);
			rules_error_prefix(err, "'%s' may not end its move at %s: ", id, hex_format(path[i], to));
			return false;
		}
		if (i < len - 1 && v.stop) {
			const rs_terrain *t = hex_game_terrain(g, path[i]);
			if (t && t->stop)
				hex_game_fail(err, g, g->rs->terrain_effects.rule, "'%s' must stop on entering %s at %s", id, t->id,
					hex_format(path[i], to));
			else
				hex_game_fail(err, g, g->rs->stacking.rule,
					"'%s' must stop on entering %s, which holds a friendly figure", id,
					hex_format(path[i], to));
			return false;
		}
		prev = path[i];
	}
	return true;
}
