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
	if (!p->board_ok || !a || !a->text || !a->valid)
		return -1;
	return grid_index(&p->board, a->cell);
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
	return c ? c->terrain : ruleset_unlisted_terrain(p->rs);
}

bool position_water(const position *p, grid_cell cell)
{
	const position_cell *c = position_at(p, cell);
	return c && c->terrain && c->terrain->water;
}

/* Which terrain entries a board of each grid lays (the one per-grid table
 * of the position): a hex board takes every entry (a <square> written for
 * a hex ruleset is reported, yet still lays its terrain); a square board
 * only the <square> entries, since a <hex> there names no square. */
static const bool LAYS_HEX_ENTRIES[GRID_KINDS] = {
	[GRID_HEX] = true,
	[GRID_SQUARE] = false,
};

static bool terrain_entry_counts(const position *p, const sc_terrain *t)
{
	return t->square || LAYS_HEX_ENTRIES[p->board.kind];
}

void position_units_begin(const position_cell *cell, position_walk *w)
{
	for (size_t s = 0; s < POSITION_SIDES; s++)
		w->head[s] = cell ? cell->units[s].first : -1;
}

long position_units_next(const position *p, position_walk *w)
{
	size_t best = POSITION_SIDES;
	for (size_t s = 0; s < POSITION_SIDES; s++)
		if (w->head[s] >= 0 && (best == POSITION_SIDES || w->head[s] < w->head[best]))
			best = s;
	if (best == POSITION_SIDES)
		return -1;
	long unit = w->head[best];
	w->head[best] = p->units[unit].next;
	return unit;
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

static void append(position_list *list, position_piece *pieces, long i)
{
	if (list->first < 0)
		list->first = i;
	else
		pieces[list->last].next = i;
	list->last = i;
	pieces[i].rank = list->count++;
}

/* Where element i of a kind stands (NULL: nowhere on the board), and the
 * list of the cell it joins there (NULL: on the board, in no list). */
typedef const sc_address *(*piece_at_fn)(const scenario *sc, size_t i);
typedef position_list *(*piece_list_fn)(const scenario *sc, size_t i, position_cell *cell);

static void place(position *p, position_piece *pieces, size_t count, piece_at_fn at, piece_list_fn list)
{
	for (size_t i = 0; i < count; i++) {
		long idx = cell_index(p, at(p->sc, i));
		if (idx < 0)
			continue;
		pieces[i].placed = true;
		position_list *l = list(p->sc, i, &p->cells[idx]);
		if (l)
			append(l, pieces, (long)i);
	}
}

/* A unit aboard a ship is carried, not on the board. */
static const sc_address *unit_at(const scenario *sc, size_t i)
{
	return sc->units[i].aboard ? NULL : &sc->units[i].at;
}

static position_list *unit_list(const scenario *sc, size_t i, position_cell *cell)
{
	return sc->units[i].side < POSITION_SIDES ? &cell->units[sc->units[i].side] : NULL;
}

static const sc_address *general_at(const scenario *sc, size_t i)
{
	return &sc->generals[i].at;
}

static position_list *general_list(const scenario *sc, size_t i, position_cell *cell)
{
	return sc->generals[i].side < POSITION_SIDES ? &cell->generals : NULL;
}

static const sc_address *objective_at(const scenario *sc, size_t i)
{
	return &sc->objectives[i].at;
}

static position_list *objective_list(const scenario *sc, size_t i, position_cell *cell)
{
	(void)sc, (void)i;
	return &cell->objectives;
}

static const sc_address *ship_at(const scenario *sc, size_t i)
{
	return &sc->ships[i].at;
}

static position_list *ship_list(const scenario *sc, size_t i, position_cell *cell)
{
	(void)sc, (void)i;
	return &cell->ships;
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

static position_piece *pieces(size_t n)
{
	position_piece *a = xcalloc(n + 1, sizeof *a);
	for (size_t i = 0; i < n; i++)
		a[i].next = -1;
	return a;
}

static const position_list empty_list = { -1, -1, 0 };

position *position_create(const scenario *sc, const ruleset *rs)
{
	position *p = xcalloc(1, sizeof *p);
	p->sc = sc;
	p->rs = rs;
	p->board_ok = board_usable(sc, rs, &p->board);
	p->cell_count = p->board_ok ? grid_count(&p->board) : 0;
	p->cells = xcalloc(p->cell_count + 1, sizeof *p->cells);
	const rs_terrain *clear = ruleset_unlisted_terrain(rs);
	for (size_t i = 0; i < p->cell_count; i++) {
		position_cell *c = &p->cells[i];
		c->terrain = clear;
		c->terrain_entry = c->city = c->zone = -1;
		for (size_t s = 0; s < POSITION_SIDES; s++)
			c->units[s] = empty_list;
		c->generals = c->objectives = c->ships = empty_list;
	}
	/* One block holds the pieces of every kind, in this order. */
	p->units = pieces(sc->unit_count + sc->general_count + sc->objective_count + sc->ship_count);
	p->generals = p->units + sc->unit_count;
	p->objectives = p->generals + sc->general_count;
	p->ships = p->objectives + sc->objective_count;

	lay_terrain(p);
	place(p, p->units, sc->unit_count, unit_at, unit_list);
	place(p, p->generals, sc->general_count, general_at, general_list);
	place(p, p->objectives, sc->objective_count, objective_at, objective_list);
	place(p, p->ships, sc->ship_count, ship_at, ship_list);
	place_cities_and_zones(p);
	return p;
}

void position_destroy(position *p)
{
	if (p) {
		free(p->cells);
		free(p->units);  /* and the other kinds' pieces after them */
		free(p);
	}
}
