#include "scenario.h"

#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "ruleset.h"
#include "special_rules.h"

const char *const sc_unit_attribute_names[SC_UNIT_ATTRIBUTES] = {
	"weapon", "quality", "state", "kind",
};

typedef struct builder {
	const xml_document *doc;
	scenario *sc;
	size_t terrain_cap, side_cap, unit_cap, reserve_cap, general_cap, brigade_cap, objective_cap;
	size_t city_cap, zone_cap, ship_cap;
} builder;

/* The readers of one attribute are shared with the modules that read a
 * part of the file of their own (special_rules.c); within the loader they
 * take the builder. */
#define locate(b, n, attr) scenario_read_pos((b)->doc, (n), (attr))
#define read_string(b, n, attr) scenario_read_string((b)->doc, (n), (attr))
#define read_number(b, n, attr) scenario_read_number((b)->doc, (n), (attr))
#define read_address(b, n, attr) scenario_read_address((b)->doc, (n), (attr))

src_pos scenario_read_pos(const xml_document *doc, const xmlNode *n, const char *attr)
{
	src_pos p;
	xmldoc_locate(doc, n, attr, &p.line, &p.column);
	return p;
}

/* A copy with white space collapsed as the schema's token type reads it:
 * no blanks at the ends, single spaces inside. */
static char *token_copy(const char *v)
{
	char *out = xmalloc(strlen(v) + 1), *o = out;
	bool space = false;
	for (const char *p = v; *p; p++) {
		if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
			space = o != out;
			continue;
		}
		if (space)
			*o++ = ' ';
		space = false;
		*o++ = *p;
	}
	*o = '\0';
	return out;
}

sc_string scenario_read_string(const xml_document *doc, const xmlNode *n, const char *attr)
{
	sc_string s = { 0 };
	const char *v = xmldoc_attr(n, attr);
	s.pos = scenario_read_pos(doc, n, v ? attr : NULL);
	if (v)
		s.text = token_copy(v);
	return s;
}

/* Numbers of any length are read; beyond a trillion they are held at that
 * bound, far outside every limit of the rules, so checks still see them
 * as too large and sums of them cannot overflow. */
#define SC_NUMBER_BOUND 1000000000000L

sc_number scenario_read_number(const xml_document *doc, const xmlNode *n, const char *attr)
{
	sc_number num = { 0 };
	const char *v = xmldoc_attr(n, attr);
	num.pos = scenario_read_pos(doc, n, v ? attr : NULL);
	if (!v)
		return num;
	num.given = true;
	/* Surrounding blanks are allowed by the schema's integer type. */
	while (*v == ' ' || *v == '\t' || *v == '\n' || *v == '\r')
		v++;
	bool negative = *v == '-';
	if (*v == '+' || *v == '-')
		v++;
	if (*v < '0' || *v > '9')
		return num;
	long value = 0;
	while (*v >= '0' && *v <= '9') {
		if (value < SC_NUMBER_BOUND)
			value = value * 10 + (*v - '0');
		v++;
	}
	while (*v == ' ' || *v == '\t' || *v == '\n' || *v == '\r')
		v++;
	if (*v != '\0')
		return num;
	if (value > SC_NUMBER_BOUND)
		value = SC_NUMBER_BOUND;
	num.valid = true;
	num.value = negative ? -value : value;
	return num;
}

sc_address scenario_read_address(const xml_document *doc, const xmlNode *n, const char *attr)
{
	sc_address a = { 0 };
	const char *v = xmldoc_attr(n, attr);
	a.pos = scenario_read_pos(doc, n, v ? attr : NULL);
	if (v) {
		a.text = token_copy(v);
		a.valid = hex_parse(a.text, &a.cell);
	}
	return a;
}

static bool read_flag(const xmlNode *n, const char *attr)
{
	const char *v = xmldoc_attr(n, attr);
	if (!v)
		return false;
	char *t = token_copy(v);
	bool yes = strcmp(t, "true") == 0 || strcmp(t, "1") == 0;
	free(t);
	return yes;
}

static void read_text(const xmlNode *n, l10n_text *out)
{
	lang_id lang;
	if (!lang_parse(xmldoc_lang(n), &lang))
		return;
	xmlChar *content = xmlNodeGetContent(n);
	l10n_set(out, lang, (const char *)content);
	xmlFree(content);
}

#define APPEND(b, array, count, cap) \
	(grow_array((void **)&(array), &(cap), (count) + 1, sizeof *(array)), \
	 memset(&(array)[(count)], 0, sizeof *(array)), &(array)[(count)++])

/* What each piece a side brings (unit, ship, general, brigade) states
 * first: where it stands in the file, its side, id and name. */
static void read_piece(builder *b, const xmlNode *n, size_t side_index, src_pos *pos, size_t *side, sc_string *id,
	sc_string *name)
{
	*pos = locate(b, n, NULL);
	*side = side_index;
	*id = read_string(b, n, "id");
	*name = read_string(b, n, "name");
}

/* What every unit element carries, placed or in reserve. */
static void read_unit_fields(builder *b, const xmlNode *c, size_t side_index, sc_unit *u)
{
	read_piece(b, c, side_index, &u->pos, &u->side, &u->id, &u->name);
	u->type = read_string(b, c, "type");
	u->figures = read_number(b, c, "figures");
	for (int i = 0; i < SC_UNIT_ATTRIBUTES; i++)
		u->attributes[i] = read_string(b, c, sc_unit_attribute_names[i]);
}

void scenario_read_unit(const xml_document *doc, const xmlNode *n, size_t side_index, sc_unit *u)
{
	builder b = { .doc = doc };
	memset(u, 0, sizeof *u);
	read_unit_fields(&b, n, side_index, u);
	u->at = read_address(&b, n, "at");
}

static void read_unit(builder *b, const xmlNode *c, size_t side_index, size_t aboard)
{
	scenario *sc = b->sc;
	sc_unit *u = APPEND(b, sc->units, sc->unit_count, b->unit_cap);
	read_unit_fields(b, c, side_index, u);
	u->aboard = aboard;
	u->at = read_address(b, c, "at");
	u->player = read_number(b, c, "player");
}

/* A reserve unit: the attributes of a placed unit, an entry hex instead of
 * a starting hex. */
static void read_reserve(builder *b, const xmlNode *n, size_t side_index)
{
	scenario *sc = b->sc;
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (!xmldoc_is(c, SCENARIO_NS, "unit"))
			continue;
		sc_unit *u = APPEND(b, sc->reserves, sc->reserve_count, b->reserve_cap);
		read_unit_fields(b, c, side_index, u);
		u->entry = read_address(b, c, "entry");
	}
}

static void read_ship(builder *b, const xmlNode *n, size_t side_index)
{
	scenario *sc = b->sc;
	size_t ship_index = sc->ship_count;
	sc_ship *s = APPEND(b, sc->ships, sc->ship_count, b->ship_cap);
	read_piece(b, n, side_index, &s->pos, &s->side, &s->id, &s->name);
	s->type = read_string(b, n, "type");
	s->at = read_address(b, n, "at");
	s->zone = read_string(b, n, "zone");
	s->player = read_number(b, n, "player");
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (xmldoc_is(c, SCENARIO_NS, "unit")) {
			read_unit(b, c, side_index, ship_index + 1);
			sc_ship *ship = &sc->ships[ship_index];
			ship->cargo_count++;
			/* The cargo serves the ship's player unless it says otherwise. */
			sc_unit *u = &sc->units[sc->unit_count - 1];
			if (!u->player.given && ship->player.given) {
				u->player = ship->player;
				u->player_from_ship = true;
			}
		}
	}
}

static void read_city(builder *b, const xmlNode *n)
{
	scenario *sc = b->sc;
	sc_city *c = APPEND(b, sc->cities, sc->city_count, b->city_cap);
	c->pos = locate(b, n, NULL);
	c->id = read_string(b, n, "id");
	c->name = read_string(b, n, "name");
	c->at = read_address(b, n, "at");
	c->side = read_string(b, n, "side");
	c->capital = read_flag(n, "capital");
	c->capital_pos = locate(b, n, xmldoc_attr(n, "capital") ? "capital" : NULL);
	c->port = read_flag(n, "port");
	c->port_pos = locate(b, n, xmldoc_attr(n, "port") ? "port" : NULL);
	c->zone = read_string(b, n, "zone");
	for (const xmlNode *child = n->children; child; child = child->next)
		if (xmldoc_is(child, SCENARIO_NS, "name"))
			read_text(child, &c->names);
}

const char *scenario_city_name(const sc_city *city, lang_id lang)
{
	if ((unsigned)lang < LANG_COUNT && city->names.text[lang] && city->names.text[lang][0])
		return city->names.text[lang];
	if (city->name.text)
		return city->name.text;
	if (!l10n_empty(&city->names))
		return l10n_get(&city->names, lang);
	return city->id.text ? city->id.text : "";
}

static void read_sea_zone(builder *b, const xmlNode *n)
{
	scenario *sc = b->sc;
	sc_sea_zone *z = APPEND(b, sc->sea_zones, sc->sea_zone_count, b->zone_cap);
	z->pos = locate(b, n, NULL);
	z->id = read_string(b, n, "id");
	size_t cap = 0;
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (xmldoc_is(c, SCENARIO_NS, "name")) {
			read_text(c, &z->name);
		} else if (xmldoc_is(c, SCENARIO_NS, "squares")) {
			z->squares_pos = locate(b, c, NULL);
			xmlChar *content = xmlNodeGetContent(c);
			char **words = NULL;
			size_t count = str_split_words((const char *)content, &words, 0);
			xmlFree(content);
			for (size_t i = 0; i < count; i++) {
				sc_address *a = APPEND(b, z->squares, z->square_count, cap);
				a->text = words[i];
				a->valid = hex_parse(a->text, &a->cell);
				a->pos = z->squares_pos;
			}
			free(words);
		}
	}
}

static void read_side(builder *b, const xmlNode *n)
{
	scenario *sc = b->sc;
	size_t side_index = sc->side_count;
	sc_side *side = APPEND(b, sc->sides, sc->side_count, b->side_cap);
	side->pos = locate(b, n, NULL);
	side->forces = xmldoc_is(n, SCENARIO_NS, "forces");
	side->id = read_string(b, n, side->forces ? "side" : "id");
	side->home = read_string(b, n, "home");
	side->cards = read_number(b, n, "cards");
	side->victory = read_number(b, n, "victory");
	side->first = read_flag(n, "first");
	side->first_pos = locate(b, n, xmldoc_attr(n, "first") ? "first" : NULL);

	for (const xmlNode *c = n->children; c; c = c->next) {
		if (xmldoc_is(c, SCENARIO_NS, "unit")) {
			read_unit(b, c, side_index, 0);
		} else if (xmldoc_is(c, SCENARIO_NS, "reserve")) {
			read_reserve(b, c, side_index);
		} else if (xmldoc_is(c, SCENARIO_NS, "ship")) {
			read_ship(b, c, side_index);
		} else if (xmldoc_is(c, SCENARIO_NS, "general")) {
			sc_general *g = APPEND(b, sc->generals, sc->general_count, b->general_cap);
			read_piece(b, c, side_index, &g->pos, &g->side, &g->id, &g->name);
			g->at = read_address(b, c, "at");
			g->player = read_number(b, c, "player");
		} else if (xmldoc_is(c, SCENARIO_NS, "brigade")) {
			sc_brigade *br = APPEND(b, sc->brigades, sc->brigade_count, b->brigade_cap);
			read_piece(b, c, side_index, &br->pos, &br->side, &br->id, &br->name);
			br->general = read_string(b, c, "general");
			br->units_attr = read_string(b, c, "units");
			if (br->units_attr.text)
				br->unit_count = str_split_words(br->units_attr.text, &br->units, 0);
		}
	}
}

scenario *scenario_from_document(const xml_document *doc, diag_sink *sink)
{
	xmlNodePtr root = xmlDocGetRootElement(doc->doc);
	if (!xmldoc_is(root, SCENARIO_NS, "scenario")) {
		int line, col;
		xmldoc_locate(doc, root, NULL, &line, &col);
		diag_add(sink, doc->file, line, col, DIAG_ERROR, "schema",
			"the root element must be <scenario xmlns=\"%s\">", SCENARIO_NS);
		return NULL;
	}
	scenario *sc = xcalloc(1, sizeof *sc);
	builder b = { .doc = doc, .sc = sc };
	sc->file = xstrdup(doc->file);
	sc->pos = locate(&b, root, NULL);
	sc->id = read_string(&b, root, "id");
	sc->ruleset = read_string(&b, root, "ruleset");
	sc->players = read_number(&b, root, "players");
	sc->turn_limit = read_number(&b, root, "turn-limit");

	bool title_seen = false;
	for (const xmlNode *n = root->children; n; n = n->next) {
		struct sc_element_count *counter = xmldoc_is(n, SCENARIO_NS, "board") ? &sc->boards :
			xmldoc_is(n, SCENARIO_NS, "date") ? &sc->dates :
			xmldoc_is(n, SCENARIO_NS, "terrain") ? &sc->terrains :
			xmldoc_is(n, SCENARIO_NS, "title") ? &sc->titles : NULL;
		if (counter && ++counter->count == 2)
			counter->second = locate(&b, n, NULL);
		if (xmldoc_is(n, SCENARIO_NS, "title")) {
			read_text(n, &sc->title);
			if (!title_seen)
				sc->title_pos = locate(&b, n, NULL);
			title_seen = true;
		} else if (xmldoc_is(n, SCENARIO_NS, "briefing")) {
			if (l10n_empty(&sc->briefing))
				sc->briefing_pos = locate(&b, n, NULL);
			read_text(n, &sc->briefing);
		} else if (xmldoc_is(n, SCENARIO_NS, "date")) {
			xmlChar *content = xmlNodeGetContent(n);
			free(sc->date.text);
			sc->date.text = xstrdup((const char *)content);
			sc->date.pos = locate(&b, n, NULL);
			xmlFree(content);
		} else if (xmldoc_is(n, SCENARIO_NS, "board")) {
			sc->board_pos = locate(&b, n, NULL);
			sc->columns = read_number(&b, n, "columns");
			sc->rows = read_number(&b, n, "rows");
			free(sc->short_rows.text);
			sc->short_rows = read_string(&b, n, "short-rows");
			free(sc->grid.text);
			sc->grid = read_string(&b, n, "grid");
			for (const xmlNode *c = n->children; c; c = c->next) {
				if (xmldoc_is(c, SCENARIO_NS, "sections")) {
					sc->has_sections = true;
					sc->sections_pos = locate(&b, c, NULL);
					sc->west = read_number(&b, c, "west");
					sc->east = read_number(&b, c, "east");
				}
			}
		} else if (xmldoc_is(n, SCENARIO_NS, "terrain")) {
			for (const xmlNode *c = n->children; c; c = c->next) {
				bool square = xmldoc_is(c, SCENARIO_NS, "square");
				if (!square && !xmldoc_is(c, SCENARIO_NS, "hex"))
					continue;
				sc_terrain *t = APPEND(&b, sc->terrain, sc->terrain_count, b.terrain_cap);
				t->pos = locate(&b, c, NULL);
				t->at = read_address(&b, c, "at");
				t->type = read_string(&b, c, "type");
				t->fieldworks = read_flag(c, "fieldworks");
				t->fieldworks_pos = locate(&b, c, xmldoc_attr(c, "fieldworks") ? "fieldworks" : NULL);
				t->square = square;
			}
		} else if (xmldoc_is(n, SCENARIO_NS, "side") || xmldoc_is(n, SCENARIO_NS, "forces")) {
			read_side(&b, n);
		} else if (xmldoc_is(n, SCENARIO_NS, "city")) {
			read_city(&b, n);
		} else if (xmldoc_is(n, SCENARIO_NS, "sea-zone")) {
			read_sea_zone(&b, n);
		} else if (xmldoc_is(n, SCENARIO_NS, "special-rules")) {
			if (!sc->special)
				sc->special = special_rules_create();
			special_rules_read(sc->special, doc, n);
		} else if (xmldoc_is(n, SCENARIO_NS, "objective")) {
			sc_objective *o = APPEND(&b, sc->objectives, sc->objective_count, b.objective_cap);
			o->pos = locate(&b, n, NULL);
			o->at = read_address(&b, n, "at");
			o->vp = read_number(&b, n, "vp");
			o->for_side = read_string(&b, n, "for");
			for (const xmlNode *c = n->children; c; c = c->next)
				if (xmldoc_is(c, SCENARIO_NS, "name"))
					read_text(c, &o->name);
		}
	}
	return sc;
}

/* What read_piece read. */
static void free_piece(sc_string *id, sc_string *name)
{
	free(id->text);
	free(name->text);
}

void scenario_unit_finish(sc_unit *u)
{
	free_piece(&u->id, &u->name);
	free(u->type.text);
	free(u->at.text);
	free(u->entry.text);
	for (int k = 0; k < SC_UNIT_ATTRIBUTES; k++)
		free(u->attributes[k].text);
}

void scenario_destroy(scenario *sc)
{
	if (!sc)
		return;
	free(sc->file);
	free(sc->id.text);
	free(sc->ruleset.text);
	l10n_finish(&sc->title);
	l10n_finish(&sc->briefing);
	free(sc->date.text);
	free(sc->short_rows.text);
	for (size_t i = 0; i < sc->terrain_count; i++) {
		free(sc->terrain[i].at.text);
		free(sc->terrain[i].type.text);
	}
	free(sc->terrain);
	for (size_t i = 0; i < sc->side_count; i++) {
		free(sc->sides[i].id.text);
		free(sc->sides[i].home.text);
	}
	free(sc->sides);
	for (size_t i = 0; i < sc->unit_count + sc->reserve_count; i++)
		scenario_unit_finish(i < sc->unit_count ? &sc->units[i] : &sc->reserves[i - sc->unit_count]);
	free(sc->units);
	free(sc->reserves);
	for (size_t i = 0; i < sc->general_count; i++) {
		free_piece(&sc->generals[i].id, &sc->generals[i].name);
		free(sc->generals[i].at.text);
	}
	free(sc->generals);
	for (size_t i = 0; i < sc->brigade_count; i++) {
		sc_brigade *br = &sc->brigades[i];
		free_piece(&br->id, &br->name);
		free(br->general.text);
		free(br->units_attr.text);
		str_free_words(br->units, br->unit_count);
	}
	free(sc->brigades);
	for (size_t i = 0; i < sc->objective_count; i++) {
		free(sc->objectives[i].at.text);
		free(sc->objectives[i].for_side.text);
		l10n_finish(&sc->objectives[i].name);
	}
	free(sc->objectives);
	free(sc->grid.text);
	for (size_t i = 0; i < sc->city_count; i++) {
		sc_city *c = &sc->cities[i];
		free(c->id.text);
		free(c->name.text);
		l10n_finish(&c->names);
		free(c->at.text);
		free(c->side.text);
		free(c->zone.text);
	}
	free(sc->cities);
	for (size_t i = 0; i < sc->sea_zone_count; i++) {
		sc_sea_zone *z = &sc->sea_zones[i];
		free(z->id.text);
		l10n_finish(&z->name);
		for (size_t k = 0; k < z->square_count; k++)
			free(z->squares[k].text);
		free(z->squares);
	}
	free(sc->sea_zones);
	for (size_t i = 0; i < sc->ship_count; i++) {
		sc_ship *s = &sc->ships[i];
		free_piece(&s->id, &s->name);
		free(s->type.text);
		free(s->at.text);
		free(s->zone.text);
	}
	free(sc->ships);
	special_rules_destroy(sc->special);
	free(sc);
}

long scenario_player(const sc_number *player)
{
	return player->given && player->valid ? player->value : 1;
}

/* The number as an int when it lies in [lo, hi], else `outside`. */
static int number_within(const sc_number *n, int lo, int hi, int outside)
{
	return n->valid && n->value >= lo && n->value <= hi ? (int)n->value : outside;
}

bool scenario_board(const scenario *sc, const ruleset *rs, hex_board *out)
{
	if (!sc->columns.valid || !sc->rows.valid || sc->columns.value < 1 || sc->rows.value < 1 ||
		sc->columns.value > HEX_MAX_COLUMNS || sc->rows.value > HEX_MAX_ROWS)
		return false;
	bool short_rows = !sc->short_rows.text || strcmp(sc->short_rows.text, "none") != 0;
	hex_board_init(out, (int)sc->columns.value, (int)sc->rows.value, short_rows);
	/* The numbers read may be as large as SC_NUMBER_BOUND: only ones
	 * within the board's width become ints the geometry adds up. */
	if (sc->has_sections && sc->west.valid && sc->east.valid) {
		out->west = number_within(&sc->west, 0, HEX_MAX_COLUMNS, -1);
		out->east = number_within(&sc->east, 0, HEX_MAX_COLUMNS, -1);
		if (!hex_sections_valid(out))
			out->west = out->east = out->columns / 3;
	} else if (rs && out->columns == rs->board.columns) {
		out->west = rs->board.west;
		out->east = rs->board.east;
	}
	return true;
}

static bool hex_grid_of(const scenario *sc, const ruleset *rs, grid_board *out)
{
	hex_board hex;
	if (!scenario_board(sc, rs, &hex))
		return false;
	grid_board_hex(out, &hex);
	return true;
}

/* A square board is its size alone: no short rows, no sections. */
static bool square_grid_of(const scenario *sc, const ruleset *rs, grid_board *out)
{
	(void)rs;
	if (!sc->columns.valid || !sc->rows.valid || sc->columns.value < 1 || sc->rows.value < 1 ||
		sc->columns.value > SQUARE_MAX_COLUMNS || sc->rows.value > SQUARE_MAX_ROWS)
		return false;
	square_board sq;
	square_board_init(&sq, (int)sc->columns.value, (int)sc->rows.value);
	grid_board_square(out, &sq);
	return true;
}

/* What a scenario says about its board depends on the grid. */
static bool (*const GRID_OF[GRID_KINDS])(const scenario *, const ruleset *, grid_board *) = {
	[GRID_HEX] = hex_grid_of,
	[GRID_SQUARE] = square_grid_of,
};

bool scenario_grid(const scenario *sc, const ruleset *rs, grid_board *out)
{
	return GRID_OF[rs ? rs->grid : GRID_DEFAULT](sc, rs, out);
}
