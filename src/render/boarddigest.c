/* What a map drawing reads of a scenario, as hashes: one per cell for
 * what stands on it, one for everything else.  See boarddigest.h. */
#include "boarddigest.h"

#include <stdlib.h>
#include <string.h>

#include "names.h"
#include "specialmarks.h"

#define FNV_START 14695981039346656037ull
#define FNV_PRIME 1099511628211ull

static unsigned long long mix_bytes(unsigned long long h, const void *bytes, size_t n)
{
	const unsigned char *p = bytes;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * FNV_PRIME;
	return h;
}

/* A string, told apart from its absence and from its neighbours. */
static unsigned long long mix_text(unsigned long long h, const char *s)
{
	if (!s)
		return mix_bytes(h, "\x01", 1);
	return mix_bytes(h, s, strlen(s) + 1);
}

static unsigned long long mix_long(unsigned long long h, long v)
{
	return mix_bytes(h, &v, sizeof v);
}

static unsigned long long mix_string(unsigned long long h, const sc_string *s)
{
	return mix_text(h, s->text);
}

static unsigned long long mix_number(unsigned long long h, const sc_number *n)
{
	return mix_long(h, n->given ? (n->valid ? n->value : -2) : -1);
}

static unsigned long long mix_address(unsigned long long h, const sc_address *a)
{
	h = mix_text(h, a->text);
	return mix_long(h, a->valid ? (long)a->cell.col * 4096 + a->cell.row : -1);
}

static unsigned long long mix_l10n(unsigned long long h, const l10n_text *t)
{
	for (int l = 0; l < LANG_COUNT; l++)
		h = mix_text(h, t->text[l]);
	return h;
}

/* A name made for the map (a fresh string, freed here). */
static unsigned long long mix_made(unsigned long long h, char *made)
{
	h = mix_text(h, made);
	free(made);
	return h;
}

static unsigned long long mix_unit(unsigned long long h, const sc_unit *u)
{
	h = mix_long(h, (long)u->side);
	h = mix_string(h, &u->id);
	h = mix_string(h, &u->type);
	h = mix_string(h, &u->name);
	h = mix_address(h, &u->at);
	h = mix_number(h, &u->figures);
	for (int i = 0; i < SC_UNIT_ATTRIBUTES; i++)
		h = mix_string(h, &u->attributes[i]);
	h = mix_long(h, (long)u->aboard);
	h = mix_address(h, &u->entry);
	h = mix_number(h, &u->player);
	return mix_long(h, u->player_from_ship);
}

/* What the counters of a unit say: its label and mark are numbered
 * among the units of its type, so a unit added elsewhere may change
 * them. */
static unsigned long long mix_unit_names(const render_ctx *rc, unsigned long long h, const sc_unit *u)
{
	h = mix_unit(h, u);
	h = mix_made(h, names_unit(rc, u));
	h = mix_made(h, names_unit_label(rc, u));
	return mix_made(h, names_unit_mark(rc, u));
}

unsigned long long boarddigest_cell(const render_ctx *rc, const position *pos, grid_cell cell)
{
	const position_cell *c = position_at(pos, cell);
	if (!c)
		return FNV_START;
	const scenario *sc = pos->sc;
	unsigned long long h = FNV_START;
	h = mix_bytes(h, &c->terrain, sizeof c->terrain);
	if (c->terrain_entry >= 0) {
		const sc_terrain *t = &sc->terrain[c->terrain_entry];
		h = mix_string(h, &t->type);
		h = mix_long(h, t->fieldworks * 2 + t->square);
	}
	for (int side = 0; side < POSITION_SIDES; side++) {
		h = mix_long(h, -100 - side);
		for (long u = c->units[side].first; u >= 0; u = pos->units[u].next)
			h = mix_unit_names(rc, h, &sc->units[u]);
	}
	h = mix_long(h, -200);
	for (long g = c->generals.first; g >= 0; g = pos->generals[g].next) {
		const sc_general *gen = &sc->generals[g];
		h = mix_long(h, (long)gen->side);
		h = mix_string(h, &gen->id);
		h = mix_string(h, &gen->name);
		h = mix_number(h, &gen->player);
		h = mix_made(h, names_general(rc, gen));
	}
	h = mix_long(h, -300);
	for (long o = c->objectives.first; o >= 0; o = pos->objectives[o].next) {
		const sc_objective *obj = &sc->objectives[o];
		h = mix_number(h, &obj->vp);
		h = mix_string(h, &obj->for_side);
		h = mix_l10n(h, &obj->name);
	}
	h = mix_long(h, -400);
	for (long s = c->ships.first; s >= 0; s = pos->ships[s].next) {
		const sc_ship *ship = &sc->ships[s];
		h = mix_long(h, (long)ship->side);
		h = mix_string(h, &ship->id);
		h = mix_string(h, &ship->type);
		h = mix_string(h, &ship->name);
		h = mix_string(h, &ship->zone);
		h = mix_long(h, (long)ship->cargo_count);
		h = mix_number(h, &ship->player);
		h = mix_made(h, names_ship(rc, ship));
		h = mix_made(h, names_ship_label(rc, ship));
	}
	h = mix_long(h, -500);
	if (c->city >= 0) {
		const sc_city *city = &sc->cities[c->city];
		h = mix_string(h, &city->id);
		h = mix_string(h, &city->name);
		h = mix_l10n(h, &city->names);
		h = mix_string(h, &city->side);
		h = mix_long(h, city->capital * 2 + city->port);
		h = mix_string(h, &city->zone);
		h = mix_text(h, names_city(rc, city));
	}
	h = mix_long(h, c->zone);
	h = mix_long(h, (long)c->zone_square);
	/* The special rules' marks on the cell: their kinds and whom they
	 * bind (an exit's arrow follows from the cell and the board). */
	h = mix_long(h, -600);
	special_mark marks[SPECIAL_MARKS_MAX];
	size_t n = specialmarks_at(sc, cell, marks);
	for (size_t i = 0; i < n; i++)
		h = mix_long(mix_long(h, (long)marks[i].kind), (long)marks[i].side);
	return h;
}

unsigned long long boarddigest_rest(const render_ctx *rc)
{
	const scenario *sc = rc->sc;
	unsigned long long h = mix_long(FNV_START, rc->lang);
	h = mix_bytes(h, &rc->rs, sizeof rc->rs);
	h = mix_long(h, rc->setup);
	h = mix_string(h, &sc->id);
	h = mix_string(h, &sc->ruleset);
	h = mix_l10n(h, &sc->title);
	h = mix_l10n(h, &sc->briefing);
	h = mix_string(h, &sc->date);
	h = mix_number(h, &sc->columns);
	h = mix_number(h, &sc->rows);
	h = mix_string(h, &sc->short_rows);
	h = mix_long(h, sc->has_sections);
	h = mix_number(h, &sc->west);
	h = mix_number(h, &sc->east);
	h = mix_string(h, &sc->grid);
	h = mix_number(h, &sc->players);
	h = mix_number(h, &sc->turn_limit);
	for (size_t i = 0; i < sc->side_count; i++) {
		const sc_side *s = &sc->sides[i];
		h = mix_string(h, &s->id);
		h = mix_string(h, &s->home);
		h = mix_number(h, &s->cards);
		h = mix_number(h, &s->victory);
		h = mix_long(h, s->first * 2 + s->forces);
	}
	h = mix_long(h, -1);
	for (size_t i = 0; i < sc->reserve_count; i++)
		h = mix_unit(h, &sc->reserves[i]);
	h = mix_long(h, -2);
	for (size_t i = 0; i < sc->brigade_count; i++) {
		const sc_brigade *b = &sc->brigades[i];
		h = mix_long(h, (long)b->side);
		h = mix_string(h, &b->id);
		h = mix_string(h, &b->general);
		h = mix_string(h, &b->name);
		h = mix_string(h, &b->units_attr);
	}
	h = mix_long(h, -3);
	for (size_t i = 0; i < sc->sea_zone_count; i++) {
		const sc_sea_zone *z = &sc->sea_zones[i];
		h = mix_string(h, &z->id);
		h = mix_l10n(h, &z->name);
		for (size_t k = 0; k < z->square_count; k++)
			h = mix_address(h, &z->squares[k]);
	}
	return h;
}
