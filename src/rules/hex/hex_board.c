#include "hex_board.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "../textframe.h"

static char side_letter(const hex_game *g, int side)
{
	const char *id = g->sides[side].id;
	return (char)(id[0] >= 'a' && id[0] <= 'z' ? id[0] - 'a' + 'A' : id[0]);
}

static void hex_cell(const void *ctx, grid_cell h, char *out)
{
	const hex_game *g = ctx;
	char *c = out;
	memcpy(c, "     ", 6);
	const rs_terrain *t = hex_game_terrain(g, h);
	c[0] = t ? t->letter : '.';
	if (hex_game_has_fieldworks(g, h))
		c[0] = '#';
	int units[3];
	int n = hex_game_units_at(g, h, -1, units, 3);
	int gen = hex_game_general_at(g, h);
	if (n > 0) {
		const hex_unit *u = &g->units[units[0]];
		c[1] = side_letter(g, u->side);
		c[2] = u->type->id[0];
		c[3] = (char)(u->figures < 10 ? '0' + u->figures : '+');
		c[4] = gen >= 0 ? '*' : n > 1 ? '2' : ' ';
		if (gen >= 0 && n > 1)
			c[4] = '&';
	} else if (gen >= 0) {
		c[1] = side_letter(g, g->generals[gen].side);
		c[2] = 'G';
	}
}

char *hex_board_text(const hex_game *g)
{
	grid_board board;
	grid_board_hex(&board, &g->board);
	char *legend = xasprintf("Cell: terrain, side, type, figures, and * when a general is with the unit (& with two units,\n"
				 "2 two units).  Terrain: . clear  w woods  o orchard  h hill  b buildings  s stream  r river\n"
				 "= bridge  f field  x rough  | fence  # fieldworks.  %cG, %cG: a general alone.\n",
		side_letter(g, 0), side_letter(g, 1));
	char *s = textframe_draw(&board, 5, hex_cell, g, legend);
	free(legend);
	return s;
}

char *hex_board_roster(const hex_game *g)
{
	str_buf b = { NULL, 0, 0 };
	str_printf(&b, "%s", "");
	for (int s = 0; s < GAME_SIDES; s++) {
		str_printf(&b, "%s: %d of %d victory %s (%d from destroyed enemies)\n", g->sides[s].id, hex_game_score(g, s),
			g->sides[s].target, g->rs->battle.saving_rolls ? "points" : "flags", g->sides[s].flags);
		for (size_t i = 0; i < g->unit_count; i++) {
			const hex_unit *u = &g->units[i];
			if (u->side != s)
				continue;
			char at[HEX_ADDRESS_MAX];
			if (u->reserve) {
				str_printf(&b, "  %-14s %-9s in reserve, enters at %s\n", u->id, u->type->id, hex_format(u->entry, at));
				continue;
			}
			if (!u->alive) {
				str_printf(&b, "  %-14s %-9s destroyed\n", u->id, u->type->id);
				continue;
			}
			str_printf(&b, "  %-14s %-9s %-4s %d/%d", u->id, u->type->id, hex_format(u->at, at), u->figures, u->full);
			for (int a = 0; a < SC_UNIT_ATTRIBUTES; a++)
				if (u->attr[a])
					str_printf(&b, " %s", u->attr[a]);
			int gen = hex_game_unit_general(g, (int)i);
			if (gen >= 0)
				str_printf(&b, ", general %s", g->generals[gen].id);
			if (u->brigade >= 0 && g->brigades[u->brigade].alive)
				str_printf(&b, ", brigade %s", g->brigades[u->brigade].id);
			str_printf(&b, "\n");
		}
		for (size_t i = 0; i < g->general_count; i++) {
			const hex_general *gg = &g->generals[i];
			if (gg->side != s)
				continue;
			char at[HEX_ADDRESS_MAX];
			if (gg->alive)
				str_printf(&b, "  %-14s general   %s\n", gg->id, hex_format(gg->at, at));
			else
				str_printf(&b, "  %-14s general   killed\n", gg->id);
		}
	}
	return b.s;
}
