#include "textboard.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

typedef struct sb {
	char *s;
	size_t len, cap;
} sb;

static void add(sb *b, const char *fmt, ...) DIAG_PRINTF(2, 3);

static void add(sb *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0) {
		va_end(ap2);
		return;
	}
	if (b->len + (size_t)n + 1 > b->cap) {
		b->cap = (b->len + (size_t)n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	b->len += (size_t)n;
}

char textboard_terrain_code(const char *id)
{
	static const struct {
		const char *id;
		char code;
	} codes[] = {
		{ "clear", '.' }, { "woods", 'w' }, { "orchard", 'o' }, { "hill", 'h' }, { "buildings", 'b' },
		{ "stream", 's' }, { "river", 'r' }, { "bridge", '=' }, { "field", 'f' }, { "rough", 'x' },
		{ "fence", '|' },
	};
	for (size_t i = 0; i < ARRAY_LEN(codes); i++)
		if (strcmp(codes[i].id, id) == 0)
			return codes[i].code;
	return id[0] ? id[0] : '?';
}

static char side_letter(const game *g, int side)
{
	const char *id = g->sides[side].id;
	return (char)(id[0] >= 'a' && id[0] <= 'z' ? id[0] - 'a' + 'A' : id[0]);
}

#define TEXTBOARD_CELL_MAX 8

static void hex_cell(const void *ctx, grid_cell h, char *out)
{
	const game *g = ctx;
	char *c = out;
	memcpy(c, "     ", 6);
	c[0] = textboard_terrain_code(game_terrain_id(g, h));
	if (game_has_fieldworks(g, h))
		c[0] = '#';
	int units[3];
	int n = game_units_at(g, h, -1, units, 3);
	int gen = game_general_at(g, h);
	if (n > 0) {
		const game_unit *u = &g->units[units[0]];
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

/* The column letters, each over the second character of its cells. */
static void column_letters(sb *b, int columns, int width)
{
	add(b, "    ");
	for (int col = 0; col < columns; col++) {
		char name[GRID_ADDRESS_MAX];
		grid_format((grid_cell){ col, 0 }, name);
		name[strlen(name) - 1] = '\0';   /* drop the row number */
		add(b, "  %-*s", width - 1, name);
	}
	add(b, "\n");
}

/* How far the grid shifts a row, in characters: the lattice x of its
 * first cell against the least of every row's, at the lattice's pitch
 * from one column to the next. */
static int row_shift(const grid_ops *ops, grid_cell first, long least, long pitch, int width)
{
	long x, y;
	ops->lattice_center(first, &x, &y);
	return pitch > 0 ? (int)((x - least) * (width + 1) / pitch) : 0;
}

char *textboard_frame(const grid_board *board, int width, textboard_cell_fn cell, const void *ctx,
	const char *legend)
{
	sb b = { NULL, 0, 0 };
	add(&b, "%s", "");
	if (width < 1 || width > TEXTBOARD_CELL_MAX)
		return b.s;
	const grid_ops *ops = grid_board_ops(board);
	size_t n = grid_count(board);
	int columns = 0;
	long least = 0, x0, x1, y;
	for (size_t i = 0; i < n; i++) {
		grid_cell c = grid_from_index(board, i);
		if (c.col + 1 > columns)
			columns = c.col + 1;
		long x;
		ops->lattice_center(c, &x, &y);
		if (i == 0 || x < least)
			least = x;
	}
	ops->lattice_center((grid_cell){ 0, 0 }, &x0, &y);
	ops->lattice_center((grid_cell){ 1, 0 }, &x1, &y);
	column_letters(&b, columns, width);
	char text[TEXTBOARD_CELL_MAX + 1];
	for (size_t i = 0; i < n;) {
		grid_cell first = grid_from_index(board, i);
		int shift = row_shift(ops, first, least, x1 - x0, width);
		add(&b, "%3d %*s", first.row + 1, shift, "");
		for (; i < n; i++) {
			grid_cell c = grid_from_index(board, i);
			if (c.row != first.row)
				break;
			cell(ctx, c, text);
			text[width] = '\0';
			add(&b, " %s", text);
		}
		add(&b, "%*s %d\n", shift, "", first.row + 1);
	}
	column_letters(&b, columns, width);
	add(&b, "%s", legend ? legend : "");
	return b.s;
}

char *textboard_board(const game *g)
{
	grid_board board;
	grid_board_hex(&board, &g->board);
	char *legend = xasprintf("Cell: terrain, side, type, figures, and * when a general is with the unit (& with two units,\n"
				 "2 two units).  Terrain: . clear  w woods  o orchard  h hill  b buildings  s stream  r river\n"
				 "= bridge  f field  x rough  | fence  # fieldworks.  %cG, %cG: a general alone.\n",
		side_letter(g, 0), side_letter(g, 1));
	char *s = textboard_frame(&board, 5, hex_cell, g, legend);
	free(legend);
	return s;
}

char *textboard_roster(const game *g)
{
	sb b = { NULL, 0, 0 };
	add(&b, "%s", "");
	for (int s = 0; s < GAME_SIDES; s++) {
		add(&b, "%s: %d of %d victory %s (%d from destroyed enemies)\n", g->sides[s].id, game_score(g, s),
			g->sides[s].target, g->gaps->saving_rolls ? "points" : "flags", g->sides[s].flags);
		for (size_t i = 0; i < g->unit_count; i++) {
			const game_unit *u = &g->units[i];
			if (u->side != s)
				continue;
			char at[HEX_ADDRESS_MAX];
			if (u->reserve) {
				add(&b, "  %-14s %-9s in reserve, enters at %s\n", u->id, u->type->id, hex_format(u->entry, at));
				continue;
			}
			if (!u->alive) {
				add(&b, "  %-14s %-9s destroyed\n", u->id, u->type->id);
				continue;
			}
			add(&b, "  %-14s %-9s %-4s %d/%d", u->id, u->type->id, hex_format(u->at, at), u->figures, u->full);
			for (int a = 0; a < SC_UNIT_ATTRIBUTES; a++)
				if (u->attr[a])
					add(&b, " %s", u->attr[a]);
			int gen = game_unit_general(g, (int)i);
			if (gen >= 0)
				add(&b, ", general %s", g->generals[gen].id);
			if (u->brigade >= 0 && g->brigades[u->brigade].alive)
				add(&b, ", brigade %s", g->brigades[u->brigade].id);
			add(&b, "\n");
		}
		for (size_t i = 0; i < g->general_count; i++) {
			const game_general *gg = &g->generals[i];
			if (gg->side != s)
				continue;
			char at[HEX_ADDRESS_MAX];
			if (gg->alive)
				add(&b, "  %-14s general   %s\n", gg->id, hex_format(gg->at, at));
			else
				add(&b, "  %-14s general   killed\n", gg->id);
		}
	}
	return b.s;
}
