#include "studio_tray.h"

#include <string.h>

#include "../geo/grid.h"

/* A string member, or null when the text is missing. */
static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *number_or_null(const sc_number *n)
{
	return n->given && n->valid ? json_integer((json_int_t)n->value) : json_null();
}

/* {en, nl, fr}: each language's own text, null where it has none (the
 * panels edit the languages side by side, so no fallback here). */
static json_t *langs_json(const l10n_text *t)
{
	json_t *o = json_object();
	for (int l = 0; l < LANG_COUNT; l++)
		json_object_set_new(o, lang_code((lang_id)l), str_or_null(t->text[l]));
	return o;
}

static const char *side_id(const scenario *sc, size_t side)
{
	return side < sc->side_count && sc->sides[side].id.text ? sc->sides[side].id.text : "";
}

static json_t *terrains_json(const ruleset *rs, lang_id lang)
{
	json_t *list = json_array();
	for (size_t i = 0; rs && i < rs->terrain_count; i++) {
		const rs_terrain *t = &rs->terrains[i];
		json_array_append_new(list, json_pack("{s:s, s:s, s:b, s:b}", "id", t->id, "name",
			l10n_get(&t->name, lang), "passable", t->passable, "default", t->unlisted));
	}
	return list;
}

static json_t *type_add(json_t *list, const char *id, const l10n_text *name, const char *piece, lang_id lang)
{
	json_t *o = json_pack("{s:s, s:s, s:s}", "id", id, "name", l10n_get(name, lang), "piece", piece);
	json_array_append_new(list, o);
	return o;
}

/* The attributes a hex unit type may carry and the values it allows
 * (noord-zuid: weapon, quality, state, kind): the inspector offers only
 * these, the default first. */
static json_t *allows_json(const rs_unit_type *ut)
{
	json_t *list = json_array();
	for (size_t i = 0; i < ut->allow_count; i++) {
		const rs_allow *a = &ut->allows[i];
		json_t *values = json_array();
		for (size_t k = 0; k < a->value_count; k++)
			json_array_append_new(values, json_string(a->values[k]));
		json_array_append_new(list, json_pack("{s:s, s:o, s:o}", "attribute", a->attribute, "values", values,
			"default", str_or_null(a->default_value)));
	}
	return list;
}

/* The square grid's generals of one side by the ruleset's ids and names,
 * with the player counts each is in play for (bit n: n players). */
static json_t *square_generals_json(const ruleset *rs, const char *side, lang_id lang)
{
	json_t *list = json_array();
	for (size_t i = 0; rs && rs->grid == GRID_SQUARE && i < rs->square.general_count; i++) {
		const rs_square_place *g = &rs->square.generals[i];
		if (!g->side || strcmp(g->side, side) != 0)
			continue;
		json_t *players = json_array();
		for (unsigned n = 1; n < 8 * sizeof g->players; n++)
			if (g->players & (1u << n))
				json_array_append_new(players, json_integer(n));
		json_array_append_new(list, json_pack("{s:s, s:s, s:o}", "id", g->id, "name", l10n_get(&g->name, lang),
			"players", players));
	}
	return list;
}

/* What a side may place: the hex grid's unit types and a general; the
 * square grid's unit table, whose leader is a general and whose naval
 * types are ships. */
static json_t *unit_types_json(const ruleset *rs, lang_id lang)
{
	json_t *list = json_array();
	if (!rs)
		return list;
	if (rs->grid == GRID_SQUARE) {
		for (size_t i = 0; i < rs->square.unit_count; i++) {
			const rs_square_unit *u = &rs->square.units[i];
			type_add(list, u->id, &u->name, u->leader ? "general" : u->naval ? "ship" : "unit", lang);
		}
		return list;
	}
	for (size_t i = 0; i < rs->unit_type_count; i++)
		json_object_set_new(type_add(list, rs->unit_types[i].id, &rs->unit_types[i].name, "unit", lang), "allows",
			allows_json(&rs->unit_types[i]));
	type_add(list, "general", &rs->general.name, "general", lang);
	return list;
}

static json_t *tray_json(const ruleset *rs, lang_id lang)
{
	json_t *sides = json_array();
	for (size_t i = 0; rs && i < rs->side_count; i++) {
		json_array_append_new(sides, json_pack("{s:s, s:s, s:o, s:o}", "id", rs->sides[i].id, "name",
			l10n_get(&rs->sides[i].name, lang), "units", unit_types_json(rs, lang), "generals",
			square_generals_json(rs, rs->sides[i].id, lang)));
	}
	json_t *attributes = json_array();
	for (size_t i = 0; rs && i < rs->attribute_count; i++) {
		const rs_attribute *a = &rs->attributes[i];
		json_t *values = json_array();
		for (size_t k = 0; k < a->value_count; k++)
			json_array_append_new(values, json_pack("{s:s, s:s}", "id", a->values[k].id, "name",
				l10n_get(&a->values[k].name, lang)));
		json_array_append_new(attributes, json_pack("{s:s, s:s, s:o}", "id", a->id, "name",
			l10n_get(&a->name, lang), "values", values));
	}
	const char *fieldworks = rs && rs->grid != GRID_SQUARE ? l10n_get(&rs->fieldworks.name, lang) : NULL;
	/* Brigades and reserves are pieces of a hex side (<side>); the square
	 * grid's <forces> hold neither. */
	bool hex = rs && rs->grid != GRID_SQUARE;
	return json_pack("{s:o, s:o, s:o, s:o, s:b, s:b, s:I}", "terrains", terrains_json(rs, lang), "sides", sides,
		"attributes", attributes, "fieldworks", str_or_null(fieldworks && *fieldworks ? fieldworks : NULL),
		"brigades", hex && rs->stacking.brigades, "reserves", hex, "brigade_units",
		(json_int_t)(hex ? rs->brigades.max_units : 0));
}

static json_t *unit_json(const scenario *sc, const sc_unit *u, bool reserve)
{
	json_t *o = json_pack("{s:s, s:s, s:o, s:o, s:o, s:o, s:b}", "id", u->id.text ? u->id.text : "", "side",
		side_id(sc, u->side), "type", str_or_null(u->type.text), "at", str_or_null(u->at.text), "name",
		str_or_null(u->name.text), "figures", number_or_null(&u->figures), "reserve", reserve);
	for (int a = 0; a < SC_UNIT_ATTRIBUTES; a++)
		json_object_set_new(o, sc_unit_attribute_names[a], str_or_null(u->attributes[a].text));
	json_object_set_new(o, "entry", str_or_null(u->entry.text));
	json_object_set_new(o, "player", u->player_from_ship ? json_null() : number_or_null(&u->player));
	json_object_set_new(o, "ship", u->aboard && u->aboard <= sc->ship_count
		? str_or_null(sc->ships[u->aboard - 1].id.text) : json_null());
	return o;
}

static json_t *pieces_json(const scenario *sc)
{
	json_t *units = json_array(), *generals = json_array(), *objectives = json_array();
	json_t *cities = json_array(), *zones = json_array(), *ships = json_array(), *brigades = json_array();
	for (size_t i = 0; i < sc->unit_count; i++)
		json_array_append_new(units, unit_json(sc, &sc->units[i], false));
	for (size_t i = 0; i < sc->reserve_count; i++)
		json_array_append_new(units, unit_json(sc, &sc->reserves[i], true));
	for (size_t i = 0; i < sc->general_count; i++) {
		const sc_general *g = &sc->generals[i];
		json_array_append_new(generals, json_pack("{s:s, s:s, s:o, s:o, s:o}", "id", g->id.text ? g->id.text : "",
			"side", side_id(sc, g->side), "at", str_or_null(g->at.text), "name", str_or_null(g->name.text),
			"player", number_or_null(&g->player)));
	}
	for (size_t i = 0; i < sc->objective_count; i++) {
		const sc_objective *o = &sc->objectives[i];
		json_array_append_new(objectives, json_pack("{s:I, s:o, s:o, s:o, s:o}", "index", (json_int_t)i, "at",
			str_or_null(o->at.text), "vp", number_or_null(&o->vp), "for", str_or_null(o->for_side.text),
			"names", langs_json(&o->name)));
	}
	for (size_t i = 0; i < sc->city_count; i++) {
		const sc_city *c = &sc->cities[i];
		json_array_append_new(cities, json_pack("{s:s, s:o, s:o, s:o, s:o, s:b, s:b, s:o}", "id",
			c->id.text ? c->id.text : "", "at", str_or_null(c->at.text), "name", str_or_null(c->name.text),
			"names", langs_json(&c->names), "side", str_or_null(c->side.text), "capital", c->capital, "port",
			c->port, "zone", str_or_null(c->zone.text)));
	}
	for (size_t i = 0; i < sc->sea_zone_count; i++) {
		const sc_sea_zone *z = &sc->sea_zones[i];
		json_t *squares = json_array();
		for (size_t k = 0; k < z->square_count; k++)
			if (z->squares[k].text)
				json_array_append_new(squares, json_string(z->squares[k].text));
		json_array_append_new(zones, json_pack("{s:s, s:o, s:o}", "id", z->id.text ? z->id.text : "", "names",
			langs_json(&z->name), "squares", squares));
	}
	for (size_t i = 0; i < sc->ship_count; i++) {
		const sc_ship *s = &sc->ships[i];
		json_array_append_new(ships, json_pack("{s:s, s:s, s:o, s:o, s:o, s:o, s:o}", "id",
			s->id.text ? s->id.text : "", "side", side_id(sc, s->side), "type", str_or_null(s->type.text), "at",
			str_or_null(s->at.text), "zone", str_or_null(s->zone.text), "name", str_or_null(s->name.text),
			"player", number_or_null(&s->player)));
	}
	for (size_t i = 0; i < sc->brigade_count; i++) {
		const sc_brigade *b = &sc->brigades[i];
		json_array_append_new(brigades, json_pack("{s:s, s:s, s:o, s:o, s:o}", "id", b->id.text ? b->id.text : "",
			"side", side_id(sc, b->side), "general", str_or_null(b->general.text), "units",
			str_or_null(b->units_attr.text), "name", str_or_null(b->name.text)));
	}
	return json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "units", units, "generals", generals, "objectives",
		objectives, "cities", cities, "sea_zones", zones, "ships", ships, "brigades", brigades);
}

static json_t *info_json(const scenario *sc, const ruleset *rs, lang_id lang)
{
	json_t *sides = json_array();
	for (size_t i = 0; i < sc->side_count; i++) {
		const sc_side *s = &sc->sides[i];
		const rs_named *named = rs && s->id.text ? ruleset_find_side(rs, s->id.text) : NULL;
		json_array_append_new(sides, json_pack("{s:s, s:s, s:o, s:o, s:o, s:b}", "id", s->id.text ? s->id.text : "",
			"name", named ? l10n_get(&named->name, lang) : s->id.text ? s->id.text : "", "home",
			str_or_null(s->home.text), "cards", number_or_null(&s->cards), "victory", number_or_null(&s->victory),
			"first", s->first));
	}
	json_t *sections = sc->has_sections
		? json_pack("{s:o, s:o}", "west", number_or_null(&sc->west), "east", number_or_null(&sc->east))
		: json_null();
	return json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "id", str_or_null(sc->id.text), "columns",
		number_or_null(&sc->columns), "rows", number_or_null(&sc->rows), "short_rows",
		str_or_null(sc->short_rows.text), "sections", sections, "date", str_or_null(sc->date.text), "players",
		number_or_null(&sc->players), "turn_limit", number_or_null(&sc->turn_limit), "sides", sides);
}

void studio_tray_add(json_t *state, const scenario *sc, const ruleset *rs, lang_id lang)
{
	json_object_set_new(state, "tray", tray_json(rs, lang));
	if (!sc)
		return;
	json_object_set_new(state, "pieces", pieces_json(sc));
	json_object_set_new(state, "info", info_json(sc, rs, lang));
	json_object_set_new(state, "texts", json_pack("{s:o, s:o}", "title", langs_json(&sc->title), "briefing",
		langs_json(&sc->briefing)));
}
