#include "position.h"

#include <stdlib.h>

#include "../base/util.h"

/* Whether the board's size is one the ruleset allows: a board outside the
 * ruleset's limits is reported by the checks and places nothing. */
static bool number_in(const sc_number *n, long min, long max)
{
	return n->given && n->valid && n->value >= min && n->value <= max;
}

static bool board_usable(const scenario *sc, const ruleset *rs, grid_board *out)
{
	return number_in(&sc->columns, rs->board.min_columns, rs->board.max_columns) &&
		number_in(&sc->rows, rs->board.min_rows, rs->board.max_rows) && scenario_grid(sc, rs, out);
}

static long cell_index(const position *p, const sc_address *a)
{
	if (!p->board_ok || !a->text || !a->valid)
		return -1;
	return grid_index(&p->board, a->hex);
}

const position_cell *position_at(const position *p, grid_cell cell)
{
	long idx = p->board_ok ? grid_index(&p->board, cell) : -1;
	return idx >= 0 ? &p->cells[idx] : NULL;
}

const position_cell *position_at_address(const position *p, const sc_address *a)
{
	long idx = cell_index(p, a);
	return idx >= 0 ? &p->cells[idx] : NULL;
}

const rs_terrain *position_terrain(const position *p, grid_cell cell)
{
	const position_cell *c = position_at(p, cell);
	return c ? c->terrain : ruleset_find_terrain(p->rs, "clear");
}

bool position_water(const position *p, grid_cell cell)
{
	const position_cell *c = position_at(p, cell);
	return c && c->terrain && c->terrain->water;
}

/* A hex board takes every terrain entry (a <square> written for a hex
 * ruleset is reported, yet still lays its terrain); a square board only
 * the <square> entries, since a <hex> there names no square. */
static bool terrain_entry_counts(const position *p, const sc_terrain *t)
{
	return p->board.kind != GRID_SQUARE || t->square;
}

static void lay_terrain(position *p)
{
	const scenario *sc = p->sc;
	for (size_t i = 0; i < sc->terrain_count; i++) {
		const sc_terrain *t = &sc->terrain[i];
		long idx = terrain_entry_counts(p, t) ? cell_index(p, &t->at) : -1;
		if (idx < 0 || p->cells[idx].terrain_entry >= 0)
			continue;
		p->cells[idx].terrain_entry = (long)i;
		p->cells[idx].terrain = t->type.text ? ruleset_find_terrain(p->rs, t->type.text) : NULL;
	}
}

/* Append element i to a cell's list: first, count, the link of the last
 * one.  `last` holds the tail per cell so that appending stays O(1). */
static int append(long *first, int *count, long *last_of_cell, long *next, long i)
{
	if (*first < 0)
		*first = i;
	else
		next[*last_of_cell] = i;
	*last_of_cell = i;
	return (*count)++;
}

static void place_units(position *p, long *tail)
{
	const scenario *sc = p->sc;
	for (size_t s = 0; s < POSITION_SIDES; s++) {
		for (size_t c = 0; c < p->cell_count; c++)
			tail[c] = -1;
		for (size_t i = 0; i < sc->unit_count; i++) {
			const sc_unit *u = &sc->units[i];
			long idx = u->aboard ? -1 : cell_index(p, &u->at);
			if (idx < 0)
				continue;
			p->unit_placed[i] = true;
			if (u->side != s)
				continue;
			position_cell *cell = &p->cells[idx];
			p->unit_rank[i] = append(&cell->unit_first[s], &cell->unit_count[s], &tail[idx], p->unit_next,
				(long)i);
		}
	}
}

static void place_generals(position *p, long *tail)
{
	const scenario *sc = p->sc;
	for (size_t c = 0; c < p->cell_count; c++)
		tail[c] = -1;
	for (size_t i = 0; i < sc->general_count; i++) {
		const sc_general *g = &sc->generals[i];
		long idx = cell_index(p, &g->at);
		if (idx < 0)
			continue;
		p->general_placed[i] = true;
		if (g->side >= POSITION_SIDES)
			continue;
		position_cell *cell = &p->cells[idx];
		p->general_rank[i] = append(&cell->general_first, &cell->general_count, &tail[idx], p->general_next,
			(long)i);
	}
}

static void place_objectives(position *p, long *tail)
{
	const scenario *sc = p->sc;
	for (size_t c = 0; c < p->cell_count; c++)
		tail[c] = -1;
	for (size_t i = 0; i < sc->objective_count; i++) {
		long idx = cell_index(p, &sc->objectives[i].at);
		if (idx >= 0)
			append(&p->cells[idx].objective_first, &p->cells[idx].objective_count, &tail[idx],
				p->objective_next, (long)i);
	}
}

static void place_ships(position *p, long *tail)
{
	const scenario *sc = p->sc;
	for (size_t c = 0; c < p->cell_count; c++)
		tail[c] = -1;
	for (size_t i = 0; i < sc->ship_count; i++) {
		long idx = cell_index(p, &sc->ships[i].at);
		if (idx >= 0)
			append(&p->cells[idx].ship_first, &p->cells[idx].ship_count, &tail[idx], p->ship_next, (long)i);
	}
}

static void place_cities_and_zones(position *p)
{
	const scenario *sc = p->sc;
	for (size_t i = 0; i < sc->city_count; i++) {
		long idx = cell_index(p, &sc->cities[i].at);
		if (idx >= 0 && p->cells[idx].city < 0)
			p->cells[idx].city = (long)i;
	}
	for (size_t z = 0; z < sc->sea_zone_count; z++) {
		const sc_sea_zone *zone = &sc->sea_zones[z];
		for (size_t k = 0; k < zone->square_count; k++) {
			long idx = cell_index(p, &zone->squares[k]);
			if (idx >= 0 && p->cells[idx].zone < 0) {
				p->cells[idx].zone = (long)z;
				p->cells[idx].zone_square = k;
			}
		}
	}
}

static long *minus_ones(size_t n)
{
	long *a = xmalloc((n + 1) * sizeof *a);
	for (size_t i = 0; i < n + 1; i++)
		a[i] = -1;
	return a;
}

position *position_create(const scenario *sc, const ruleset *rs)
{
	position *p = xcalloc(1, sizeof *p);
	p->sc = sc;
	p->rs = rs;
	p->board_ok = board_usable(sc, rs, &p->board);
	p->cell_count = p->board_ok ? grid_count(&p->board) : 0;
	p->cells = xcalloc(p->cell_count + 1, sizeof *p->cells);
	const rs_terrain *clear = ruleset_find_terrain(rs, "clear");
	for (size_t i = 0; i < p->cell_count; i++) {
		position_cell *c = &p->cells[i];
		c->terrain = clear;
		c->terrain_entry = c->general_first = c->objective_first = c->city = c->zone = c->ship_first = -1;
		for (size_t s = 0; s < POSITION_SIDES; s++)
			c->unit_first[s] = -1;
	}
	p->unit_placed = xcalloc(sc->unit_count + 1, sizeof *p->unit_placed);
	p->unit_next = minus_ones(sc->unit_count);
	p->unit_rank = xcalloc(sc->unit_count + 1, sizeof *p->unit_rank);
	p->general_placed = xcalloc(sc->general_count + 1, sizeof *p->general_placed);
	p->general_next = minus_ones(sc->general_count);
	p->general_rank = xcalloc(sc->general_count + 1, sizeof *p->general_rank);
	p->objective_next = minus_ones(sc->objective_count);
	p->ship_next = minus_ones(sc->ship_count);

	long *tail = xmalloc((p->cell_count + 1) * sizeof *tail);
	lay_terrain(p);
	place_units(p, tail);
	place_generals(p, tail);
	place_objectives(p, tail);
	place_ships(p, tail);
	place_cities_and_zones(p);
	free(tail);
	return p;
}

void position_destroy(position *p)
{
	if (!p)
		return;
	free(p->cells);
	free(p->unit_placed);
	free(p->unit_next);
	free(p->unit_rank);
	free(p->general_placed);
	free(p->general_next);
	free(p->general_rank);
	free(p->objective_next);
	free(p->ship_next);
	free(p);
}
