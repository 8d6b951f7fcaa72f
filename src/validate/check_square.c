/* §11: scenarios of the square-grid ruleset (mb-remastered).  The map (board,
 * terrain, sea zones), its cities (capitals and ports), and the starting
 * forces (land units, ships and their cargo, generals).  Every number comes
 * from the ruleset, and so does every section cited (mb's in brackets):
 *   <board rule>                  board size, grid, terrain squares, addresses (11.board)
 *   <ruleset sides-rule>          the two sides (11.sides)
 *   <ruleset cities-rule>         city squares and who controls them (11.cities)
 *   <capitals rule>               the capitals of the ruleset (11.capitals)
 *   <naval ports-rule>            its ports, on the coast, on a zone (11.ports)
 *   <naval rule>                  the sea zones; where ships may be (11.naval)
 *   <square-unit rule>            a unit type's row; land units on land (11.units)
 *   <ruleset units-rule>          a type the ruleset lacks (11.units)
 *   <naval cargo-rule>            land units aboard ships (11.cargo)
 *   <generals rule>               the generals of the game for its number of players (11.generals)
 *   <square-players players-rule> who plays which general, unit and ship (11.players)
 *   <square-victory rule>         the turn limit (11.victory)
 *   <ruleset ids-rule>            one id per city, sea zone, unit, ship and general (11.ids) */
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../geo/square.h"

/* A unit type the ruleset knows is cited by its own row of the unit
 * table; a type it lacks, by the table's section (units-rule). */
static const char *unit_rule(const check_ctx *c, const rs_square_unit *type)
{
	return type ? check_rule(c, type->rule) : CHECK_RULE(c, units_rule);
}

static const char *or_q(const char *s)
{
	return s ? s : "?";
}

static square_coord coord(const sc_address *a)
{
	return (square_coord){ a->cell.col, a->cell.row };
}

/* A well-formed address on the board; reported under the board's rule otherwise. */
static bool address_ok(check_ctx *c, const sc_address *a, const char *what)
{
	if (!a->text)
		return false;
	if (!a->valid) {
		check_error(c, a->pos, CHECK_RULE(c, board.rule),
			"%s: '%s' is not a square address; write column letters then the row number, such as C4",
			what, a->text);
		return false;
	}
	const position *pos = c->pos;
	if (!pos->board_ok)
		return false;
	if (position_at_address(pos, a))
		return true;
	char name[SQUARE_ADDRESS_MAX], last[SQUARE_ADDRESS_MAX];
	square_format(coord(a), name);
	square_format((square_coord){ pos->board.square.columns - 1, pos->board.square.rows - 1 }, last);
	check_error(c, a->pos, CHECK_RULE(c, board.rule),
		"%s: square %s is off the board, which runs from A1 to %s", what, name, last);
	return false;
}

/* The cell of an address address_ok accepted. */
static const position_cell *cell_of(const check_ctx *c, const sc_address *a)
{
	return position_at_address(c->pos, a);
}

static bool is_sea(const check_ctx *c, const sc_address *a)
{
	return position_water(c->pos, coord(a));
}

static const char *place_name(const rs_square_place *p)
{
	const char *n = l10n_get(&p->name, LANG_EN);
	return n ? n : p->id;
}

/* ---- board, terrain, hex-only elements ---- */

static void check_map(check_ctx *c)
{
	const scenario *sc = c->sc;
	const ruleset *rs = c->rs;

	if (sc->boards.count > 0 && (!sc->grid.text || strcmp(sc->grid.text, "square") != 0))
		check_error(c, sc->grid.text ? sc->grid.pos : sc->board_pos, CHECK_RULE(c, board.rule),
			"ruleset %s plays on a square grid; write <board grid=\"square\" …>", rs->id);
	for (size_t i = 0; i < sc->brigade_count; i++)
		check_error(c, sc->brigades[i].pos, CHECK_RULE(c, board.rule),
			"<brigade> belongs to the hex rulesets; %s has no brigades", rs->id);
	for (size_t i = 0; i < sc->reserve_count; i++)
		check_error(c, sc->reserves[i].pos, CHECK_RULE(c, board.rule),
			"a <reserve> unit belongs to the hex rulesets (the Reinforcements card); %s places new units "
			"by purchase", rs->id);
	for (size_t i = 0; i < sc->objective_count; i++)
		check_error(c, sc->objectives[i].pos, CHECK_RULE(c, board.rule),
			"<objective> belongs to the hex rulesets; %s wins by conquest, not objective hexes", rs->id);

	bool cols = sc->columns.given && sc->columns.valid;
	bool rows = sc->rows.given && sc->rows.valid;
	if (cols && (sc->columns.value < rs->board.min_columns || sc->columns.value > rs->board.max_columns)) {
		check_error(c, sc->columns.pos, CHECK_RULE(c, board.rule), "the board has %ld columns; %s allows %d to %d",
			sc->columns.value, rs->id, rs->board.min_columns, rs->board.max_columns);
		cols = false;
	}
	if (rows && (sc->rows.value < rs->board.min_rows || sc->rows.value > rs->board.max_rows)) {
		check_error(c, sc->rows.pos, CHECK_RULE(c, board.rule), "the board has %ld rows; %s allows %d to %d",
			sc->rows.value, rs->id, rs->board.min_rows, rs->board.max_rows);
		rows = false;
	}
	for (size_t i = 0; i < sc->terrain_count; i++) {
		const sc_terrain *t = &sc->terrain[i];
		if (!t->square) {
			check_error(c, t->pos, CHECK_RULE(c, board.rule),
				"<hex> belongs to the hex rulesets; write <square> for ruleset %s", rs->id);
			continue;
		}
		const rs_terrain *type = t->type.text ? ruleset_find_terrain(rs, t->type.text) : NULL;
		if (t->type.text && !type) {
			char **ids = xcalloc(rs->terrain_count + 1, sizeof *ids);
			for (size_t k = 0; k < rs->terrain_count; k++)
				ids[k] = rs->terrains[k].id;
			char *known = str_join((const char *const *)ids, rs->terrain_count, ", ");
			check_error(c, t->type.pos, CHECK_RULE(c, board.rule),
				"terrain type '%s' does not exist in %s; the types are %s", t->type.text, rs->id, known);
			free(known);
			free(ids);
		}
		if (!address_ok(c, &t->at, "terrain"))
			continue;
		long first = cell_of(c, &t->at)->terrain_entry;
		if (first != (long)i)
			check_error(c, t->at.pos, CHECK_RULE(c, board.rule),
				"square %s is given a terrain twice (first on line %d)", t->at.text,
				sc->terrain[first].pos.line);
	}
}

/* ---- sea zones ---- */

static void check_zones(check_ctx *c)
{
	const scenario *sc = c->sc;
	const ruleset *rs = c->rs;
	if ((long)sc->sea_zone_count != rs->square.sea_zones) {
		src_pos pos = sc->sea_zone_count > (size_t)rs->square.sea_zones ?
			sc->sea_zones[rs->square.sea_zones].pos : sc->pos;
		check_error(c, pos, CHECK_RULE(c, square.rules.naval),
			"the map has %zu sea zones; %s cuts the sea into exactly %d",
			sc->sea_zone_count, rs->id, rs->square.sea_zones);
	}
	for (size_t i = 0; i < sc->sea_zone_count; i++) {
		const sc_sea_zone *z = &sc->sea_zones[i];
		for (size_t k = 0; k < z->square_count; k++) {
			const sc_address *a = &z->squares[k];
			char *what = xasprintf("sea zone '%s'", or_q(z->id.text));
			bool ok = address_ok(c, a, what);
			free(what);
			if (!ok)
				continue;
			const position_cell *cell = cell_of(c, a);
			char name[SQUARE_ADDRESS_MAX];
			square_format(coord(a), name);
			if (cell->zone != (long)i || cell->zone_square != k) {
				const sc_sea_zone *other = &sc->sea_zones[cell->zone];
				check_error(c, a->pos, CHECK_RULE(c, square.rules.naval),
					"square %s is in sea zone '%s' and in sea zone '%s' (line %d); a square belongs to one zone",
					name, or_q(z->id.text), or_q(other->id.text), other->pos.line);
				continue;
			}
			if (cell->terrain && !cell->terrain->water)
				check_error(c, a->pos, CHECK_RULE(c, square.rules.naval),
					"square %s of sea zone '%s' is %s, not sea; mark it <square at=\"%s\" type=\"sea\"/>",
					name, or_q(z->id.text), cell->terrain->id, name);
		}
	}
}

static long find_zone(const scenario *sc, const char *id)
{
	for (size_t i = 0; i < sc->sea_zone_count; i++)
		if (str_eq(sc->sea_zones[i].id.text, id))
			return (long)i;
	return -1;
}

/* ---- cities, capitals, ports ---- */

static long find_city(const scenario *sc, const char *id)
{
	for (size_t i = 0; i < sc->city_count; i++)
		if (str_eq(sc->cities[i].id.text, id))
			return (long)i;
	return -1;
}

static bool touches_zone(const check_ctx *c, square_coord at, long zone)
{
	square_coord n[SQUARE_NEIGHBOURS];
	square_neighbours(at, n);
	for (int k = 0; k < SQUARE_NEIGHBOURS; k++) {
		const position_cell *cell = position_at(c->pos, n[k]);
		if (cell && (zone < 0 ? cell->terrain && cell->terrain->water : cell->zone == zone))
			return true;
	}
	return false;
}

static void check_cities(check_ctx *c)
{
	const scenario *sc = c->sc;
	const ruleset *rs = c->rs;

	for (size_t i = 0; i < sc->city_count; i++) {
		const sc_city *city = &sc->cities[i];
		const char *id = or_q(city->id.text);
		if (city->side.text && !ruleset_find_side(rs, city->side.text))
			check_error(c, city->side.pos, CHECK_RULE(c, square.rules.cities),
				"city '%s' is controlled by '%s', which is not a side of %s; write union or confederate",
				id, city->side.text, rs->id);
		bool is_capital = false;
		for (size_t k = 0; k < rs->square.capital_count; k++)
			is_capital |= str_eq(rs->square.capitals[k].id, city->id.text);
		if (city->capital && !is_capital)
			check_error(c, city->capital_pos, CHECK_RULE(c, square.rules.capitals),
				"city '%s' is marked capital=\"true\", but it is not a capital of %s", id, rs->id);
		char *what = xasprintf("city '%s'", id);
		bool placed = address_ok(c, &city->at, what);
		free(what);
		if (!placed)
			continue;
		long first = cell_of(c, &city->at)->city;
		if (first != (long)i) {
			check_error(c, city->at.pos, CHECK_RULE(c, square.rules.cities),
				"cities '%s' and '%s' (line %d) stand on the same square %s", id,
				or_q(sc->cities[first].id.text), sc->cities[first].pos.line, city->at.text);
			continue;
		}
		if (is_sea(c, &city->at))
			check_error(c, city->at.pos, CHECK_RULE(c, square.rules.cities),
				"city '%s' stands on a sea square, %s; cities stand on land", id, city->at.text);
		if (!city->port)
			continue;
		if (!touches_zone(c, coord(&city->at), -1)) {
			check_error(c, city->port_pos, CHECK_RULE(c, square.rules.ports),
				"port '%s' at %s is inland: no sea square touches it", id, city->at.text);
			continue;
		}
		if (!city->zone.text) {
			check_error(c, city->port_pos, CHECK_RULE(c, square.rules.ports),
				"port '%s' names no sea zone; write zone=\"…\" with the zone its ships sail into", id);
			continue;
		}
		long zone = find_zone(sc, city->zone.text);
		if (zone < 0)
			check_error(c, city->zone.pos, CHECK_RULE(c, square.rules.ports),
				"port '%s' opens on sea zone '%s', which the map does not define", id, city->zone.text);
		else if (!touches_zone(c, coord(&city->at), zone))
			check_error(c, city->zone.pos, CHECK_RULE(c, square.rules.ports),
				"port '%s' at %s does not touch sea zone '%s': none of its squares is beside the port",
				id, city->at.text, city->zone.text);
	}

	for (size_t k = 0; k < rs->square.capital_count; k++) {
		const rs_square_place *cap = &rs->square.capitals[k];
		long i = find_city(sc, cap->id);
		if (i < 0) {
			check_error(c, sc->pos, CHECK_RULE(c, square.rules.capitals),
				"the map lacks %s, the capital of the %s side; add <city id=\"%s\" side=\"%s\" capital=\"true\" …/>",
				place_name(cap), or_q(cap->side), cap->id, or_q(cap->side));
			continue;
		}
		const sc_city *city = &sc->cities[i];
		if (!city->capital)
			check_error(c, city->pos, CHECK_RULE(c, square.rules.capitals),
				"city '%s' is %s, the capital of the %s side; mark it capital=\"true\"",
				cap->id, place_name(cap), or_q(cap->side));
		if (city->side.text && cap->side && !str_eq(city->side.text, cap->side))
			check_error(c, city->side.pos, CHECK_RULE(c, square.rules.capitals),
				"%s is the capital of the %s side, but the scenario gives it to the %s side",
				place_name(cap), cap->side, city->side.text);
	}

	for (size_t k = 0; k < rs->square.port_count; k++) {
		const rs_square_place *port = &rs->square.ports[k];
		long i = find_city(sc, port->id);
		if (i < 0) {
			check_error(c, sc->pos, CHECK_RULE(c, square.rules.ports),
				"the map lacks the port of %s (%s side); add <city id=\"%s\" port=\"true\" zone=\"…\" …/>",
				place_name(port), or_q(port->side), port->id);
			continue;
		}
		const sc_city *city = &sc->cities[i];
		if (!city->port)
			check_error(c, city->pos, CHECK_RULE(c, square.rules.ports),
				"city '%s' is the port of %s; mark it port=\"true\" with the zone=\"…\" it opens on",
				port->id, place_name(port));
		if (city->side.text && port->side && !str_eq(city->side.text, port->side))
			check_error(c, city->side.pos, CHECK_RULE(c, square.rules.ports),
				"the port of %s starts under %s control, not %s", place_name(port), port->side, city->side.text);
	}
}

/* ---- sides, units, ships, generals ---- */

static void check_sides_square(check_ctx *c)
{
	const scenario *sc = c->sc;
	if (sc->side_count != 2) {
		src_pos pos = sc->side_count > 2 ? sc->sides[2].pos : sc->pos;
		check_error(c, pos, CHECK_RULE(c, sides_rule),
			"a scenario has exactly two sides, union and confederate; this one has %zu", sc->side_count);
	}
	for (size_t i = 0; i < sc->side_count; i++) {
		const sc_side *s = &sc->sides[i];
		if (!s->forces)
			check_error(c, s->pos, CHECK_RULE(c, sides_rule),
				"<side> belongs to the hex rulesets; write the starting forces as <forces side=\"…\">");
		if (s->id.text && !ruleset_find_side(c->rs, s->id.text))
			check_error(c, s->id.pos, CHECK_RULE(c, sides_rule),
				"side '%s' does not exist in %s; write union or confederate", s->id.text, c->rs->id);
		for (size_t k = 0; k < i; k++)
			if (str_eq(sc->sides[k].id.text, s->id.text))
				check_error(c, s->id.pos, CHECK_RULE(c, sides_rule),
					"side '%s' is given twice (first on line %d)", s->id.text, sc->sides[k].pos.line);
	}
}

/* Comma list of the unit type ids that are (or are not) naval, leaders excluded. */
static char *type_list(const ruleset *rs, bool naval)
{
	char **ids = xcalloc(rs->square.unit_count + 1, sizeof *ids);
	size_t n = 0;
	for (size_t i = 0; i < rs->square.unit_count; i++)
		if (rs->square.units[i].naval == naval && !rs->square.units[i].leader)
			ids[n++] = rs->square.units[i].id;
	char *out = str_join((const char *const *)ids, n, ", ");
	free(ids);
	return out;
}

static void check_units(check_ctx *c)
{
	const scenario *sc = c->sc;
	const ruleset *rs = c->rs;
	for (size_t i = 0; i < sc->unit_count; i++) {
		const sc_unit *u = &sc->units[i];
		const char *id = or_q(u->id.text);
		const rs_square_unit *type = u->type.text ? ruleset_find_square_unit(rs, u->type.text) : NULL;
		if (u->type.text && (!type || type->naval || type->leader)) {
			char *known = type_list(rs, false);
			if (type && type->naval)
				check_error(c, u->type.pos, unit_rule(c, type),
					"unit '%s' has type '%s', a ship; write ships as <ship>. The land unit types are %s",
					id, u->type.text, known);
			else if (type)
				check_error(c, u->type.pos, unit_rule(c, type),
					"unit '%s' has type '%s', the leader; write generals as <general>. The land unit types are %s",
					id, u->type.text, known);
			else
				check_error(c, u->type.pos, unit_rule(c, type),
					"unit '%s' has type '%s', which %s does not know; the land unit types are %s",
					id, u->type.text, rs->id, known);
			free(known);
		}
		if (u->aboard)
			continue;
		char *what = xasprintf("unit '%s'", id);
		bool placed = address_ok(c, &u->at, what);
		free(what);
		if (placed && is_sea(c, &u->at))
			check_error(c, u->at.pos, unit_rule(c, type),
				"unit '%s' stands at sea on %s; land units stand on land, or aboard a ship", id, u->at.text);
	}
}

static void check_ships(check_ctx *c)
{
	const scenario *sc = c->sc;
	const ruleset *rs = c->rs;
	for (size_t i = 0; i < sc->ship_count; i++) {
		const sc_ship *s = &sc->ships[i];
		const char *id = or_q(s->id.text);
		const rs_square_unit *type = s->type.text ? ruleset_find_square_unit(rs, s->type.text) : NULL;
		if (s->type.text && (!type || !type->naval)) {
			char *known = type_list(rs, true);
			check_error(c, s->type.pos, unit_rule(c, type),
				"ship '%s' has type '%s', which is not a ship of %s; the ship types are %s",
				id, s->type.text, rs->id, known);
			free(known);
			type = NULL;
		}
		if (type && s->cargo_count > (size_t)(type->carries > 0 ? type->carries : 0))
			check_error(c, s->pos, CHECK_RULE(c, square.rules.cargo),
				"ship '%s' carries %zu land units; a ship of type '%s' carries at most %d",
				id, s->cargo_count, s->type.text, type->carries);

		long zone = -1;
		if (s->zone.text) {
			zone = find_zone(sc, s->zone.text);
			if (zone < 0)
				check_error(c, s->zone.pos, CHECK_RULE(c, square.rules.naval),
					"ship '%s' is in sea zone '%s', which the map does not define", id, s->zone.text);
		}
		if (!s->at.text) {
			if (!s->zone.text)
				check_error(c, s->pos, CHECK_RULE(c, square.rules.naval),
					"ship '%s' is nowhere; give at=\"…\" (a port or a sea square) or zone=\"…\"", id);
			continue;
		}
		char *what = xasprintf("ship '%s'", id);
		bool placed = address_ok(c, &s->at, what);
		free(what);
		if (!placed)
			continue;
		const position_cell *cell = cell_of(c, &s->at);
		long city = cell->city;
		if (city >= 0 && sc->cities[city].port) {
			const sc_city *port = &sc->cities[city];
			if (zone >= 0 && !str_eq(port->zone.text, s->zone.text))
				check_error(c, s->zone.pos, CHECK_RULE(c, square.rules.naval),
					"ship '%s' lies in the port of '%s', which opens on sea zone '%s', not '%s'",
					id, or_q(port->id.text), or_q(port->zone.text), s->zone.text);
		} else if (cell->zone >= 0) {
			if (zone >= 0 && cell->zone != zone)
				check_error(c, s->zone.pos, CHECK_RULE(c, square.rules.naval),
					"ship '%s' at %s is in sea zone '%s', not '%s'",
					id, s->at.text, or_q(sc->sea_zones[cell->zone].id.text), s->zone.text);
		} else {
			check_error(c, s->at.pos, CHECK_RULE(c, square.rules.naval),
				"ship '%s' at %s is %s; ships lie in ports or on the squares of a sea zone",
				id, s->at.text, is_sea(c, &s->at) ? "on a sea square outside every sea zone" : "inland");
		}
	}
}

/* The number of players: as given, else the smallest game the ruleset
 * has; 0 when the number given has no game. */
static int game_players(const check_ctx *c)
{
	const scenario *sc = c->sc;
	unsigned counts = c->rs->square.player_counts;
	if (sc->players.given && sc->players.valid)
		return sc->players.value >= 1 && sc->players.value <= 15 && (counts & (1u << sc->players.value)) ?
			(int)sc->players.value : 0;
	for (int n = 1; n < 16; n++)
		if (counts & (1u << n))
			return n;
	return 0;
}

static void check_generals(check_ctx *c)
{
	const scenario *sc = c->sc;
	const ruleset *rs = c->rs;

	int players = game_players(c);
	if (sc->players.given && sc->players.valid) {
		if (!players) {
			char counts[64] = "";
			for (int n = 1; n < 16; n++)
				if (rs->square.player_counts & (1u << n))
					snprintf(counts + strlen(counts), sizeof counts - strlen(counts), "%s%d", *counts ? " or " : "", n);
			check_error(c, sc->players.pos, CHECK_RULE(c, square.rules.roster),
				"%s is played by %s players, not %ld", rs->id, counts, sc->players.value);
		}
	}

	bool *seen = xcalloc(rs->square.general_count + 1, sizeof *seen);
	for (size_t i = 0; i < sc->general_count; i++) {
		const sc_general *g = &sc->generals[i];
		const char *id = or_q(g->id.text);
		const char *side = g->side < sc->side_count ? sc->sides[g->side].id.text : NULL;
		const rs_square_place *known = g->id.text ? ruleset_find_square_general(rs, g->id.text) : NULL;
		if (g->id.text && !known) {
			char **ids = xcalloc(rs->square.general_count + 1, sizeof *ids);
			for (size_t k = 0; k < rs->square.general_count; k++)
				ids[k] = rs->square.generals[k].id;
			char *list = str_join((const char *const *)ids, rs->square.general_count, ", ");
			check_error(c, g->id.pos, CHECK_RULE(c, square.rules.roster),
				"general '%s' is not a general of %s; the generals are %s", id, rs->id, list);
			free(list);
			free(ids);
		} else if (known) {
			seen[known - rs->square.generals] = true;
			if (side && known->side && !str_eq(side, known->side))
				check_error(c, g->id.pos, CHECK_RULE(c, square.rules.roster),
					"general %s leads the %s side, not the %s side", place_name(known), known->side, side);
			if (players && !(known->players & (1u << players)))
				check_error(c, g->id.pos, CHECK_RULE(c, square.rules.roster),
					"general %s is not in the %d-player game", place_name(known), players);
		}
		char *what = xasprintf("general '%s'", id);
		bool placed = address_ok(c, &g->at, what);
		free(what);
		if (placed && is_sea(c, &g->at))
			check_error(c, g->at.pos, CHECK_RULE(c, square.rules.roster),
				"general '%s' stands at sea on %s; generals stand on land", id, g->at.text);
	}
	for (size_t k = 0; players && k < rs->square.general_count; k++) {
		const rs_square_place *need = &rs->square.generals[k];
		if (!seen[k] && (need->players & (1u << players)))
			check_error(c, sc->pos, CHECK_RULE(c, square.rules.roster),
				"the %d-player game needs general %s on the %s side; add <general id=\"%s\" at=\"…\"/>",
				players, place_name(need), or_q(need->side), need->id);
	}
	free(seen);
}

/* ---- players (§11.1) ---- */

/* The highest player number of a side in this game: 1 with two players, 2
 * with four; 0 when the game is unknown (already reported). */
static int players_per_side(const check_ctx *c)
{
	const rs_seat_order *seats = ruleset_square_seats(c->rs, game_players(c));
	int most = 0;
	for (size_t i = 0; seats && i < seats->count; i++)
		if (seats->seats[i].player > most)
			most = seats->seats[i].player;
	return most;
}

static void check_player(check_ctx *c, const sc_number *player, int per_side, const char *what, const char *id)
{
	if (!player->given || !player->valid)
		return;
	if (player->value < 1 || player->value > 2)
		check_error(c, player->pos, CHECK_RULE(c, square.rules.players),
			"%s '%s' has player=\"%ld\"; a side's players are numbered 1 and 2", what, id, player->value);
	else if (per_side && player->value > per_side)
		check_error(c, player->pos, CHECK_RULE(c, square.rules.players),
			"%s '%s' belongs to player %ld, but in the %d-player game each side has %d player%s; "
			"player 2 exists only with players=\"4\"", what, id, player->value, game_players(c), per_side,
			per_side == 1 ? "" : "s");
}

static void check_players(check_ctx *c)
{
	const scenario *sc = c->sc;
	int per_side = players_per_side(c);
	for (size_t i = 0; i < sc->general_count; i++)
		check_player(c, &sc->generals[i].player, per_side, "general", or_q(sc->generals[i].id.text));
	for (size_t i = 0; i < sc->ship_count; i++)
		check_player(c, &sc->ships[i].player, per_side, "ship", or_q(sc->ships[i].id.text));
	/* Cargo that took its ship's number is reported with its ship. */
	for (size_t i = 0; i < sc->unit_count; i++)
		if (!sc->units[i].player_from_ship)
			check_player(c, &sc->units[i].player, per_side, "unit", or_q(sc->units[i].id.text));

	/* With two players a side, each has his own general: two generals of
	 * one side serving the same player leave the other without one.  A
	 * general missing altogether is reported under the <generals> rule. */
	if (per_side < 2)
		return;
	const sc_general *first[2][3] = { { NULL } };
	for (size_t i = 0; i < sc->general_count; i++) {
		const sc_general *g = &sc->generals[i];
		long p = scenario_player(&g->player);
		if (g->side >= 2 || p < 1 || p > 2)
			continue;
		const sc_general *other = first[g->side][p];
		if (!other) {
			first[g->side][p] = g;
			continue;
		}
		check_error(c, g->player.given ? g->player.pos : g->pos, CHECK_RULE(c, square.rules.players),
			"generals '%s' and '%s' (line %d) both serve player %ld of the %s side; in the %d-player game "
			"each player of a side has his own general: give one of them player=\"%ld\"",
			or_q(g->id.text), or_q(other->id.text), other->pos.line, p, or_q(sc->sides[g->side].id.text),
			game_players(c), 3 - p);
	}
}

/* ---- the turn limit ---- */

static void check_turn_limit(check_ctx *c)
{
	const sc_number *limit = &c->sc->turn_limit;
	if (!limit->given || !limit->valid)
		return;
	if (!c->rs->square_victory.limit_by_cities)
		check_error(c, limit->pos, CHECK_RULE(c, square.rules.victory),
			"ruleset %s plays every game to the end: it has no rule for a turn limit; remove turn-limit",
			c->rs->id);
	else if (limit->value < 1)
		check_error(c, limit->pos, CHECK_RULE(c, square.rules.victory),
			"turn-limit=\"%ld\": a turn limit counts rounds of play, at least 1", limit->value);
}

/* ---- ids ---- */

static void report_id(check_ctx *c, const check_id *again, const check_id *first)
{
	check_error(c, again->pos, CHECK_RULE(c, square.rules.ids),
		"id '%s' is used twice (first on line %d); every city, sea zone, unit, ship and general needs its own id",
		again->id, first->pos.line);
}

static void check_ids(check_ctx *c)
{
	check_unique_ids(c, CHECK_IDS_CITIES | CHECK_IDS_SEA_ZONES | CHECK_IDS_UNITS | CHECK_IDS_SHIPS | CHECK_IDS_GENERALS,
		report_id);
}

static const check_fn square_checks[] = {
	check_map, check_zones, check_cities, check_sides_square, check_units, check_ships, check_generals,
	check_players, check_turn_limit, check_ids, NULL,
};

const check_grid check_square_grid = { GRID_SQUARE, square_checks };
