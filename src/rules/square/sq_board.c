/* The square game for a terminal: the map with cities, units and
 * generals, the sea zones with their ships, and the summary `check` prints
 * at the end of a log.  Returns new strings; no I/O. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "sq_referee.h"
#include "../textframe.h"

static char upper(const char *id)
{
	return id && id[0] >= 'a' && id[0] <= 'z' ? (char)(id[0] - 'a' + 'A') : id && id[0] ? id[0] : '?';
}

static char lower(const char *id)
{
	return id && id[0] >= 'A' && id[0] <= 'Z' ? (char)(id[0] - 'A' + 'a') : id && id[0] ? id[0] : '?';
}

/* Four characters: ground (or the city's holder), then the first land
 * unit's side and type and how many stand there, or a general alone. */
static void square_cell(const void *ctx, grid_cell at, char *out)
{
	const sq_game *g = ctx;
	char *c = out;
	memcpy(c, "    ", 5);
	const rs_terrain *ter = position_terrain(g->pos, at);
	if (position_water(g->pos, at))
		c[0] = '~';
	else if (ter && !ter->passable)
		c[0] = '^';
	else
		c[0] = ter ? ter->letter : '.';
	long city = sq_city_at(g, at);
	if (city >= 0)
		c[0] = lower(sq_side_id(g, (int)g->cities[city].owner));
	int land = 0;
	bool general = false;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (!p->alive || !p->on_map || !grid_cell_equal(p->at, at))
			continue;
		if (p->kind == SQ_GENERAL) {
			general = true;
			if (!land)
				c[1] = upper(sq_side_id(g, p->side)), c[2] = 'G';
			continue;
		}
		if (!land++) {
			c[1] = upper(sq_side_id(g, p->side));
			c[2] = p->type->id[0];
		}
	}
	if (land)
		c[3] = general ? '*' : (char)('0' + (land < 10 ? land : 9));
}

static const char *ship_place(const sq_game *g, const sq_piece *p)
{
	if (p->port >= 0)
		return g->sc->cities[p->port].id.text;
	return p->zone >= 0 ? g->sc->sea_zones[p->zone].id.text : "?";
}

char *sq_board_text(const sq_game *g)
{
	char *legend = xasprintf("Square: ground (. clear  ^ impassable  ~ sea, or the lower-case letter of the side holding a city),\n"
		"the first land unit's side and type (i infantry, c cavalry, a artillery) and how many stand there,\n"
		"* with a general; %cG, %cG: a general alone.\n",
		upper(sq_side_id(g, 0)), upper(sq_side_id(g, 1)));
	str_buf t = { textframe_draw(g->board, 4, square_cell, g, legend), 0, 0 };
	t.len = strlen(t.s);
	t.cap = t.len + 1;
	free(legend);
	for (size_t z = 0; z < g->zone_count; z++) {
		bool any = false;
		for (size_t i = 0; i < g->piece_count; i++) {
			const sq_piece *p = &g->pieces[i];
			if (!p->alive || p->kind != SQ_SHIP || p->zone != (long)z)
				continue;
			str_printf(&t, "%s %s %s (%s", any ? "," : g->sc->sea_zones[z].id.text, p->id, p->type->id,
				sq_side_id(g, p->side));
			if (p->port >= 0)
				str_printf(&t, ", in %s", ship_place(g, p));
			for (size_t k = 0; k < g->piece_count; k++)
				if (g->pieces[k].alive && g->pieces[k].aboard == (long)i)
					str_printf(&t, ", %s aboard", g->pieces[k].id);
			str_printf(&t, ")");
			any = true;
		}
		if (any)
			str_printf(&t, "\n");
	}
	return t.s;
}

char *sq_summary(const sq_game *g)
{
	str_buf t = { NULL, 0, 0 };
	str_printf(&t, "%s", "");
	for (int s = 0; s < SQ_SIDES; s++) {
		str_printf(&t, "%s: %d %s held", sq_side_id(g, s), sq_cities_held(g, s),
			sq_cities_held(g, s) == 1 ? "city" : "cities");
		const char *sep = " (";
		for (size_t i = 0; i < g->city_count; i++)
			if (g->cities[i].owner == s) {
				str_printf(&t, "%s%s", sep, g->sc->cities[i].id.text);
				sep = ", ";
			}
		str_printf(&t, "%s; income %d", sq_cities_held(g, s) ? ")" : "", sq_income(g, s));
		/* Each player's purse: with four players, each his own. */
		int players = g->seat_count > 2 ? SQ_SIDE_PLAYERS : 1;
		for (int pl = 1; pl <= players; pl++) {
			const sq_purse *purse = sq_purse_read(g, s, pl);
			if (players > 1)
				str_printf(&t, "%s player %d", pl == 1 ? ";" : ",", pl);
			str_printf(&t, "%s %d %s saved", players > 1 ? ":" : ",", purse->points, purse->points == 1 ? "point" : "points");
			if (g->rs->square.limited_unit)
				str_printf(&t, "%s %d %s allowed", players > 1 ? " and" : ",", purse->allowance,
					g->rs->square.limited_unit);
		}
		long lost = sq_capital_lost(g, s);
		if (lost >= 0)
			str_printf(&t, "; capital %s lost", g->sc->cities[lost].id.text);
		str_printf(&t, "\n");
		for (size_t i = 0; i < g->piece_count; i++) {
			const sq_piece *p = &g->pieces[i];
			char a[GRID_ADDRESS_MAX];
			if (p->side != s || !p->alive)
				continue;
			const char *type = p->kind == SQ_GENERAL ? "general" : p->type->id;
			if (p->kind == SQ_SHIP)
				str_printf(&t, "  %-14s %-9s %s", p->id, type, ship_place(g, p));
			else if (p->aboard >= 0)
				str_printf(&t, "  %-14s %-9s aboard %s", p->id, type, g->pieces[p->aboard].id);
			else
				str_printf(&t, "  %-14s %-9s %s", p->id, type, grid_format(p->at, a));
			if (g->seat_count > 2)
				str_printf(&t, ", player %d", p->player);
			if (p->hits > 0)
				str_printf(&t, ", %d %s taken", p->hits, p->hits == 1 ? "hit" : "hits");
			str_printf(&t, "\n");
		}
		for (size_t i = 0; i < g->bought_count; i++)
			if (g->bought[i].side == s)
				str_printf(&t, "  %-14s %-9s bought, waiting to be placed\n", "-", g->bought[i].type->id);
	}
	return t.s;
}

void sq_result(const sq_game *g, char *buf, size_t size)
{
	const sq_seat *s = sq_current(g);
	if (g->step == SQ_STEP_OVER && g->winner == SQ_DRAW)
		snprintf(buf, size, "a draw: %s", g->result);
	else if (g->step == SQ_STEP_OVER)
		snprintf(buf, size, "%s wins: %s", sq_side_id(g, g->winner), g->result);
	else if (g->seat_count > 2)
		snprintf(buf, size, "no result yet: round %d, %s player %d to play", g->turn / g->seat_count + 1,
			sq_side_id(g, s->side), s->player);
	else
		snprintf(buf, size, "no result yet: round %d, %s to play", g->turn / g->seat_count + 1,
			sq_side_id(g, s->side));
}
