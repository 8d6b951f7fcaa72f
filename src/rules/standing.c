/* The scenario as a game stands (standing.h), from the engine's JSON
 * state: every engine writes its pieces there by id, side and address, so
 * one reading serves both grids. */
#include "standing.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../geo/hex.h"

/* The side's index in the scenario by its id; the scenario's count when
 * none (drawn as a further side's, which the painters accept). */
static size_t side_index(const scenario *sc, const char *id)
{
	for (size_t s = 0; id && s < sc->side_count; s++)
		if (sc->sides[s].id.text && strcmp(sc->sides[s].id.text, id) == 0)
			return s;
	return sc->side_count;
}

static const char *text_of(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

/* A string the model keeps, out of the game's JSON. */
static char *own(standing *s, const char *text)
{
	s->owned = xrealloc(s->owned, (s->owned_count + 1) * sizeof *s->owned);
	return s->owned[s->owned_count++] = xstrdup(text ? text : "");
}

/* The scenario's string when the game's says the same, else a copy. */
static char *same_or_own(standing *s, const sc_string *was, const char *text)
{
	return was && was->text && strcmp(was->text, text) == 0 ? was->text : own(s, text);
}

/* The address of a piece as it stands: where the game says, parsed as the
 * compiler parses a file's; not given when off the board. */
static sc_address address_now(standing *s, const char *at, const sc_address *was)
{
	sc_address a = { .pos = was ? was->pos : (src_pos){ 0 } };
	if (at) {
		a.text = was && was->text && strcmp(was->text, at) == 0 ? was->text : own(s, at);
		a.valid = hex_parse(a.text, &a.cell);
	}
	return a;
}

/* The scenario's piece of an id in a list of `size`-byte records whose
 * sc_string id lies at `offset`; NULL when none. */
static const void *find_id(const void *list, size_t count, size_t size, size_t offset, const char *id)
{
	for (size_t i = 0; id && i < count; i++) {
		const sc_string *sid = (const sc_string *)((const char *)list + i * size + offset);
		if (sid->text && strcmp(sid->text, id) == 0)
			return (const char *)list + i * size;
	}
	return NULL;
}

#define FIND(array, count, type, key) ((const type *)find_id((array), (count), sizeof(type), offsetof(type, id), (key)))

static void *grow(void *list, size_t count, size_t size)
{
	return xrealloc(list, (count + 1) * size);
}

/* The player of a piece the game made (square grid, four players). */
static sc_number player_of(const json_t *o)
{
	const json_t *p = json_object_get(o, "player");
	return (sc_number){ .given = json_is_integer(p), .valid = json_is_integer(p), .value = json_integer_value(p) };
}

/* A ship of the square game as it stands: the scenario's, or one bought
 * (its type, side and sea zone from the game). */
static void add_ship(standing *s, const scenario *sc, const json_t *o)
{
	const char *id = text_of(o, "id");
	const sc_ship *was = FIND(sc->ships, sc->ship_count, sc_ship, id);
	sc_ship ship = was ? *was : (sc_ship){ .side = side_index(sc, text_of(o, "side")) };
	if (!was) {
		ship.id.text = own(s, id);
		ship.type.text = own(s, text_of(o, "type"));
		ship.player = player_of(o);
	}
	if (text_of(o, "sea"))
		ship.zone.text = same_or_own(s, was ? &was->zone : NULL, text_of(o, "sea"));
	ship.at = address_now(s, text_of(o, "at"), was ? &was->at : NULL);
	ship.cargo_count = 0;
	s->sc.ships = grow(s->sc.ships, s->sc.ship_count, sizeof ship);
	s->sc.ships[s->sc.ship_count++] = ship;
}

/* A unit as it stands: the scenario's (set up or in reserve), or one
 * bought on the square grid; its figures when the game counts them. */
static void add_unit(standing *s, const scenario *sc, const json_t *o)
{
	const char *id = text_of(o, "id");
	const sc_unit *was = FIND(sc->units, sc->unit_count, sc_unit, id);
	if (!was)
		was = FIND(sc->reserves, sc->reserve_count, sc_unit, id);
	sc_unit u = was ? *was : (sc_unit){ .side = side_index(sc, text_of(o, "side")) };
	if (!was) {
		u.id.text = own(s, id);
		u.type.text = own(s, text_of(o, "type"));
		u.player = player_of(o);
	}
	u.at = address_now(s, text_of(o, "at"), was ? &was->at : NULL);
	u.entry = (sc_address){ 0 };
	const json_t *figures = json_object_get(o, "figures");
	if (json_is_integer(figures))
		u.figures = (sc_number){ .given = true, .valid = true, .value = json_integer_value(figures),
			.pos = u.figures.pos };
	u.aboard = 0;
	const char *ship = text_of(o, "aboard");
	for (size_t k = 0; ship && k < s->sc.ship_count; k++)
		if (strcmp(s->sc.ships[k].id.text, ship) == 0) {
			u.aboard = k + 1;
			s->sc.ships[k].cargo_count++;
		}
	if (!u.at.text && !u.aboard)
		return;
	s->sc.units = grow(s->sc.units, s->sc.unit_count, sizeof u);
	s->sc.units[s->sc.unit_count++] = u;
}

static void add_general(standing *s, const scenario *sc, const json_t *o)
{
	const sc_general *was = FIND(sc->generals, sc->general_count, sc_general, text_of(o, "id"));
	if (!was || !text_of(o, "at"))
		return;
	sc_general gen = *was;
	gen.at = address_now(s, text_of(o, "at"), &was->at);
	s->sc.generals = grow(s->sc.generals, s->sc.general_count, sizeof gen);
	s->sc.generals[s->sc.general_count++] = gen;
}

/* The square game's cities go to whoever holds them now. */
static void hold_cities(standing *s, const scenario *sc, const json_t *sides)
{
	if (!sc->city_count)
		return;
	s->sc.cities = xmalloc(sc->city_count * sizeof *s->sc.cities);
	memcpy(s->sc.cities, sc->cities, sc->city_count * sizeof *s->sc.cities);
	size_t i, j;
	const json_t *side, *held;
	json_array_foreach(sides, i, side) {
		size_t si = side_index(sc, text_of(side, "id"));
		json_array_foreach(json_object_get(side, "held"), j, held) {
			const char *id = json_string_value(held);
			for (size_t c = 0; id && si < sc->side_count && c < sc->city_count; c++)
				if (sc->cities[c].id.text && strcmp(sc->cities[c].id.text, id) == 0)
					s->sc.cities[c].side = sc->sides[si].id;
		}
	}
}

void standing_make(standing *out, const game_engine *e, game *g, const scenario *sc)
{
	memset(out, 0, sizeof *out);
	out->sc = *sc;
	out->sc.units = NULL;
	out->sc.unit_count = 0;
	out->sc.reserves = NULL;   /* the arrived ones stand among the units */
	out->sc.reserve_count = 0;
	out->sc.generals = NULL;
	out->sc.general_count = 0;
	out->sc.ships = NULL;
	out->sc.ship_count = 0;
	json_t *state = json_object();
	e->state_json(g, state);
	const json_t *units = json_object_get(state, "units");
	size_t i;
	const json_t *o;
	/* Ships first, for the units aboard name them. */
	json_array_foreach(units, i, o)
		if (json_is_true(json_object_get(o, "alive")) && json_object_get(o, "sea"))
			add_ship(out, sc, o);
	json_array_foreach(units, i, o) {
		if (!json_is_true(json_object_get(o, "alive")) || json_object_get(o, "sea"))
			continue;
		const char *type = text_of(o, "type");
		if (type && strcmp(type, "general") == 0 && FIND(sc->generals, sc->general_count, sc_general, text_of(o, "id")))
			add_general(out, sc, o);
		else
			add_unit(out, sc, o);
	}
	json_array_foreach(json_object_get(state, "generals"), i, o)
		if (json_is_true(json_object_get(o, "alive")))
			add_general(out, sc, o);
	hold_cities(out, sc, json_object_get(state, "sides"));
	json_decref(state);
}

void standing_finish(standing *s)
{
	free(s->sc.units);
	free(s->sc.generals);
	free(s->sc.ships);
	if (s->sc.city_count)
		free(s->sc.cities);
	for (size_t i = 0; i < s->owned_count; i++)
		free(s->owned[i]);
	free(s->owned);
	memset(s, 0, sizeof *s);
}
