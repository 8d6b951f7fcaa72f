/* Unit rosters, one section per side: every unit by name, its type and
 * attributes in the page's language, start hex and section, brigade and
 * commanding general, and a tick box per figure for losses at the table;
 * then the side's reserves (units off the board that the Reinforcements
 * card brings on, with their entry hex and a cell for the turn they
 * arrive), then the side's generals with their positions.  On a square-grid map the
 * table has the unit's square and place (city, port, sea zone or the ship
 * carrying it), its factors and a tick box per hit it can take; ships come
 * after the land units ashore, each followed by its cargo. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "mapdraw.h"
#include "names.h"
#include "paint.h"
#include "pdfdoc.h"
#include "products.h"
#include "victory.h"

#define MARGIN 12.0
#define ROW_PAD 1.2

typedef struct column {
	const char *heading_id;
	double width;
} column;

/* The last column (width 0) takes what is left: the tick boxes. */
typedef struct roster_table {
	const column *columns;
	size_t count;
} roster_table;

static const column HEX_COLUMNS[] = {
	{ "col-unit", 32 }, { "col-type", 22 }, { "col-attributes", 30 }, { "col-hex", 12 },
	{ "col-section", 17 }, { "col-brigade", 21 }, { "col-general", 22 }, { "col-figures", 0 },
};
static const column SQUARE_COLUMNS[] = {
	{ "col-unit", 26 }, { "col-type", 24 }, { "col-hex", 12 }, { "col-place", 42 },
	{ "col-move", 18 }, { "col-attack", 16 }, { "col-defend", 20 }, { "col-hits", 0 },
};
/* Reserves: the entry hex instead of the start, and an empty cell to note
 * the turn a unit arrived instead of brigade and general.  The entry
 * column is wide enough for its heading in one piece in every language
 * (a heading broken inside a word reads badly). */
static const column RESERVE_COLUMNS[] = {
	{ "col-unit", 32 }, { "col-type", 22 }, { "col-attributes", 30 }, { "col-entry", 16 },
	{ "col-section", 17 }, { "col-arrived", 39 }, { "col-figures", 0 },
};
static const roster_table HEX_TABLE = { HEX_COLUMNS, sizeof HEX_COLUMNS / sizeof HEX_COLUMNS[0] };
static const roster_table RESERVE_TABLE = { RESERVE_COLUMNS, sizeof RESERVE_COLUMNS / sizeof RESERVE_COLUMNS[0] };
static const roster_table SQUARE_TABLE = { SQUARE_COLUMNS, sizeof SQUARE_COLUMNS / sizeof SQUARE_COLUMNS[0] };
#define MAX_COLUMNS 8

typedef struct roster_page {
	pdfdoc *doc;
	cairo_t *cr;
	double width, height;
	double y;
	int pages;           /* in the whole document */
	int side_pages;      /* of the current side, for the page labels */
	int bookmark;
} roster_page;

/* A section as the side's own player calls it from his home edge, in the
 * words the map prints ("Union left"), without the side's name: the
 * roster is that side's.  A player at the south edge faces north, so
 * his left is the west; at the north edge it is the east.  Sections
 * between the outer two are his centre. */
static const char *seat_word(const render_ctx *rc, int section, int sections, size_t side)
{
	bool north = side < rc->sc->side_count && str_eq(rc->sc->sides[side].home.text, "north");
	int from_left = north ? sections - 1 - section : section;
	if (sections < 2 || (from_left > 0 && from_left < sections - 1))
		return render_string(rc, "roster-section-centre");
	return render_string(rc, from_left == 0 ? "roster-section-left" : "roster-section-right");
}

/* The sections a cell lies in (two on a section line), from the side's
 * left to its right. */
static const char *section_names(const render_ctx *rc, hex_coord h, size_t side, char *buf, size_t size)
{
	unsigned s = grid_sections(&rc->board, h);
	int sections = grid_board_ops(&rc->board)->section_count;
	bool north = side < rc->sc->side_count && str_eq(rc->sc->sides[side].home.text, "north");
	buf[0] = '\0';
	for (int k = 0; k < sections && k < 32; k++) {
		int i = north ? sections - 1 - k : k;
		if (!(s & (1u << i)))
			continue;
		if (buf[0])
			strncat(buf, " / ", size - strlen(buf) - 1);
		strncat(buf, seat_word(rc, i, sections, side), size - strlen(buf) - 1);
	}
	return buf;
}

static const sc_brigade *brigade_of(const scenario *sc, const char *unit_id)
{
	for (size_t b = 0; b < sc->brigade_count; b++)
		for (size_t k = 0; k < sc->brigades[b].unit_count; k++)
			if (str_eq(sc->brigades[b].units[k], unit_id))
				return &sc->brigades[b];
	return NULL;
}

static const sc_general *general_with(const scenario *sc, hex_coord at, size_t side)
{
	for (size_t i = 0; i < sc->general_count; i++)
		if (sc->generals[i].side == side && sc->generals[i].at.cell.col == at.col &&
			sc->generals[i].at.cell.row == at.row)
			return &sc->generals[i];
	return NULL;
}

static const sc_general *general_by_id(const scenario *sc, const char *id)
{
	for (size_t i = 0; i < sc->general_count; i++)
		if (str_eq(sc->generals[i].id.text, id))
			return &sc->generals[i];
	return NULL;
}

/* One attribute value as it reads after the type's name on the page:
 * data/i18n's "roster-attr-TYPE-VALUE" when it has one (the form that
 * agrees with that type's noun, "aguerrie" for the French "cavalerie"),
 * else the ruleset's name for the value, else the value as written. */
static const char *attribute_form(const render_ctx *rc, const char *type_id, const char *attribute,
	const char *value)
{
	char *key = xasprintf("roster-attr-%s-%s", type_id, value);
	bool own = strings_has(rc->strings, key);
	const char *form = own ? render_string(rc, key) : value;
	free(key);
	const rs_attribute *attr = ruleset_find_attribute(rc->rs, attribute);
	for (size_t v = 0; !own && attr && v < attr->value_count; v++)
		if (str_eq(attr->values[v].id, value))
			form = l10n_get(&attr->values[v].name, rc->lang);
	return form;
}

/* A unit's attributes as one phrase in the page's language: data/i18n's
 * "roster-attrs-TYPE" gives the order and the joining words ("{quality},
 * {weapon}"), since languages put a unit's qualities in different orders.
 * A type without that entry, or a phrase that would leave out one of
 * the type's attributes or name one it lacks (a house ruleset's), lists
 * the forms in the ruleset's order instead. */
static char *unit_attributes(const render_ctx *rc, const sc_unit *u)
{
	const rs_unit_type *type = ruleset_find_unit_type(rc->rs, u->type.text);
	if (!type || type->allow_count == 0)
		return xstrdup("");
	const char **pairs = xcalloc(2 * type->allow_count + 1, sizeof *pairs);
	char *listed = xstrdup("");
	size_t n = 0;
	for (size_t i = 0; i < type->allow_count; i++) {
		const rs_allow *allow = &type->allows[i];
		const char *value = allow->default_value;
		for (int k = 0; k < SC_UNIT_ATTRIBUTES; k++)
			if (str_eq(sc_unit_attribute_names[k], allow->attribute) && u->attributes[k].text)
				value = u->attributes[k].text;
		if (!value)
			continue;
		const char *form = attribute_form(rc, type->id, allow->attribute, value);
		pairs[n++] = allow->attribute;
		pairs[n++] = form;
		char *next = xasprintf("%s%s%s", listed, *listed ? ", " : "", form);
		free(listed);
		listed = next;
	}
	char *key = xasprintf("roster-attrs-%s", type->id);
	char *out = NULL;
	if (strings_has(rc->strings, key)) {
		const char *tmpl = render_string(rc, key);
		bool all_named = true;
		for (size_t i = 0; i < n; i += 2) {
			char *slot = xasprintf("{%s}", pairs[i]);
			all_named = all_named && strstr(tmpl, slot);
			free(slot);
		}
		out = all_named ? strings_expand(tmpl, pairs) : NULL;
		/* A slot left as written names an attribute the unit lacks. */
		if (out && strchr(out, '{')) {
			free(out);
			out = NULL;
		}
	}
	free(key);
	free(pairs);
	if (!out)
		return listed;
	free(listed);
	return out;
}

/* Whether one of the side's units, on the board or in reserve, starts
 * with fewer figures than its type's full strength: its row then shows
 * struck-out boxes.  Square boards have hits, never struck out. */
static bool unit_starts_short(const render_ctx *rc, const sc_unit *u)
{
	const rs_unit_type *type = ruleset_find_unit_type(rc->rs, u->type.text);
	return type && u->figures.given && u->figures.valid && (int)u->figures.value < type->figures;
}

static bool side_starts_short(const render_ctx *rc, size_t side)
{
	const scenario *sc = rc->sc;
	if (rc->board.kind != GRID_HEX)
		return false;
	for (size_t i = 0; i < sc->unit_count; i++)
		if (sc->units[i].side == side && unit_starts_short(rc, &sc->units[i]))
			return true;
	for (size_t i = 0; i < sc->reserve_count; i++)
		if (sc->reserves[i].side == side && unit_starts_short(rc, &sc->reserves[i]))
			return true;
	return false;
}

static void start_page(const render_ctx *rc, roster_page *rp, const char *side_name, size_t side)
{
	if (rp->pages > 0)
		pdfdoc_next_page(rp->doc, rp->width, rp->height);
	rp->pages++;
	rp->side_pages++;
	char label[128];
	snprintf(label, sizeof label, "%s %d", side_name, rp->side_pages);
	pdfdoc_label_page(rp->doc, label);
	cairo_t *cr = rp->cr;
	double r, g, b;
	mapdraw_side_colour(side, &r, &g, &b);
	double x = MARGIN, w = rp->width - 2 * MARGIN;
	rp->y = MARGIN;
	text_style head = { FONT_TITLE, 7, true, false, ALIGN_LEFT, r * 0.8, g * 0.8, b * 0.8 };
	char *title = xasprintf("%s — %s", render_string(rc, "rosters"), side_name);
	rp->y += text_draw(rc, cr, title, &head, x, rp->y, w);
	free(title);
	text_style sub = { FONT_TEXT, 3.0, false, true, ALIGN_LEFT, 0.25, 0.25, 0.25 };
	rp->y += text_draw(rc, cr, l10n_get(&rc->sc->title, rc->lang), &sub, x, rp->y, w) + 1;
	/* The struck-out boxes need a word of explanation wherever they are
	 * printed: a key with a box drawn as in the table. */
	if (side_starts_short(rc, side)) {
		text_style key = { FONT_TEXT, 2.8, false, false, ALIGN_LEFT, INK_BLACK };
		double box = 3.0, th;
		const char *text = render_string(rc, "roster-struck-key");
		text_measure(rc, cr, text, &key, w - box - 2, NULL, &th);
		double by = rp->y + fmax(0, (fmin(th, 4.0) - box) / 2);
		cairo_set_line_width(cr, 0.25);
		paint_set(cr, PAINT_INK);
		cairo_rectangle(cr, x, by, box, box);
		cairo_move_to(cr, x, by);
		cairo_line_to(cr, x + box, by + box);
		cairo_move_to(cr, x + box, by);
		cairo_line_to(cr, x, by + box);
		cairo_stroke(cr);
		rp->y += fmax(box, text_draw(rc, cr, text, &key, x + box + 2, rp->y, w - box - 2));
	}
	rp->y += 2;
}

static void table_header(const render_ctx *rc, roster_page *rp, const roster_table *t, size_t side)
{
	const column *COLUMNS = t->columns;
	size_t COLUMN_COUNT = t->count;
	cairo_t *cr = rp->cr;
	double r, g, b;
	mapdraw_side_colour(side, &r, &g, &b);
	double x = MARGIN, h = 6;
	text_style st = { FONT_TEXT, 2.6, true, false, ALIGN_LEFT, 1, 1, 1 };
	double figures_w = rp->width - 2 * MARGIN;
	for (size_t c = 0; c + 1 < COLUMN_COUNT; c++)
		figures_w -= COLUMNS[c].width;
	/* Headings may wrap (French and Dutch run long): the band grows. */
	for (size_t c = 0; c < COLUMN_COUNT; c++) {
		double th;
		text_measure(rc, cr, render_string(rc, COLUMNS[c].heading_id), &st,
			(COLUMNS[c].width ? COLUMNS[c].width : figures_w) - 2, NULL, &th);
		h = fmax(h, th + 2.8);
	}
	cairo_rectangle(cr, x, rp->y, rp->width - 2 * MARGIN, h);
	cairo_set_source_rgb(cr, r, g, b);
	cairo_fill(cr);
	for (size_t c = 0; c < COLUMN_COUNT; c++) {
		double cw = COLUMNS[c].width ? COLUMNS[c].width : figures_w;
		text_draw(rc, cr, render_string(rc, COLUMNS[c].heading_id), &st, x + 1, rp->y + 1.4, cw - 2);
		x += cw;
	}
	rp->y += h;
}

/* One row: the cells of every column but the last, then `full` tick
 * boxes in the last one, those from `start` on struck out. */
static void table_row(const render_ctx *rc, roster_page *rp, const roster_table *t, const char *const *cells,
	bool shade, int full, int start)
{
	cairo_t *cr = rp->cr;
	const column *cols = t->columns;
	text_style st = { FONT_TEXT, 2.8, false, false, ALIGN_LEFT, INK_BLACK };
	double h = 6;
	/* Each cell is measured in the style it is drawn in: the bold name
	 * wraps sooner than the same words in the regular face would. */
	for (size_t c = 0; c + 1 < t->count; c++) {
		double th;
		st.bold = c == 0;
		text_measure(rc, cr, cells[c] ? cells[c] : "", &st, cols[c].width - 2, NULL, &th);
		h = fmax(h, th + 2 * ROW_PAD);
	}
	if (shade) {
		cairo_rectangle(cr, MARGIN, rp->y, rp->width - 2 * MARGIN, h);
		cairo_set_source_rgb(cr, 0.93, 0.93, 0.91);
		cairo_fill(cr);
	}
	double x = MARGIN;
	for (size_t c = 0; c + 1 < t->count; c++) {
		st.bold = c == 0;
		text_draw(rc, cr, cells[c] ? cells[c] : "", &st, x + 1, rp->y + ROW_PAD, cols[c].width - 2);
		x += cols[c].width;
	}
	/* Boxes share what is left of the row, at most 3.6 mm each. */
	double boxes_w = rp->width - MARGIN - x - 1;
	double box = full > 0 ? fmin(3.6, boxes_w / full - 1.0) : 3.6;
	cairo_set_line_width(cr, 0.25);
	for (int i = 0; i < full; i++) {
		double bx = x + 1 + i * (box + 1.0), by = rp->y + ROW_PAD;
		if (bx + box > rp->width - MARGIN)
			break;
		cairo_rectangle(cr, bx, by, box, box);
		paint_set(cr, PAINT_INK);
		cairo_stroke(cr);
		if (i >= start) {
			cairo_move_to(cr, bx, by);
			cairo_line_to(cr, bx + box, by + box);
			cairo_move_to(cr, bx + box, by);
			cairo_line_to(cr, bx, by + box);
			cairo_stroke(cr);
		}
	}
	cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
	cairo_set_line_width(cr, 0.15);
	cairo_move_to(cr, MARGIN, rp->y + h);
	cairo_line_to(cr, rp->width - MARGIN, rp->y + h);
	cairo_stroke(cr);
	rp->y += h;
}

/* A unit's row: name, type, attributes, the given address and
 * sections, then extra cells; one box per figure the unit starts with,
 * full strength beyond that shown struck out. */
static void figures_row(const render_ctx *rc, roster_page *rp, const roster_table *t, const sc_unit *u,
	const char *address, const char *sections, const char *const extra[2], bool shade)
{
	const rs_unit_type *type = ruleset_find_unit_type(rc->rs, u->type.text);
	char *name = names_unit(rc, u);
	char *attrs = unit_attributes(rc, u);
	const char *cells[MAX_COLUMNS] = { name, type ? l10n_get(&type->name, rc->lang) : "", attrs, address,
		sections, extra[0], extra[1] };
	int full = type ? type->figures : 0;
	int start = u->figures.given && u->figures.valid ? (int)u->figures.value : full;
	table_row(rc, rp, t, cells, shade, full, start);
	free(name);
	free(attrs);
}

/* On the board: the unit's hex, brigade and general. */
static void unit_row(const render_ctx *rc, roster_page *rp, const sc_unit *u, bool shade)
{
	const scenario *sc = rc->sc;
	char hex[HEX_ADDRESS_MAX], sections[128];
	hex_format(u->at.cell, hex);
	section_names(rc, u->at.cell, u->side, sections, sizeof sections);
	const sc_brigade *br = brigade_of(sc, u->id.text);
	const sc_general *gen = general_with(sc, u->at.cell, u->side);
	if (!gen && br)
		gen = general_by_id(sc, br->general.text);
	char *brigade = br ? names_brigade(rc, br) : NULL, *general = gen ? names_general(rc, gen) : NULL;
	const char *extra[2] = { brigade ? brigade : "", general ? general : "" };
	figures_row(rc, rp, &HEX_TABLE, u, hex, sections, extra, shade);
	free(brigade);
	free(general);
}

static void make_room(const render_ctx *rc, roster_page *rp, const roster_table *t, const char *side_name,
	size_t side);

/* In reserve: the entry hex, and an empty cell for the turn it arrives. */
static void reserve_row(const render_ctx *rc, roster_page *rp, const sc_unit *u, bool shade)
{
	char hex[HEX_ADDRESS_MAX] = "", sections[128] = "";
	if (u->entry.valid) {
		hex_format(u->entry.cell, hex);
		section_names(rc, u->entry.cell, u->side, sections, sizeof sections);
	}
	const char *extra[2] = { "", NULL };
	figures_row(rc, rp, &RESERVE_TABLE, u, hex, sections, extra, shade);
}

/* One row per unit of the side, shaded every other row, a new page when
 * one is full. */
static void unit_rows(const render_ctx *rc, roster_page *rp, const roster_table *t, const sc_unit *units,
	size_t count, void (*row)(const render_ctx *, roster_page *, const sc_unit *, bool), const char *side_name,
	size_t side)
{
	int n = 0;
	for (size_t i = 0; i < count; i++) {
		if (units[i].side != side)
			continue;
		make_room(rc, rp, t, side_name, side);
		row(rc, rp, &units[i], (n++ & 1) != 0);
	}
}

static size_t reserves_of(const scenario *sc, size_t side)
{
	size_t n = 0;
	for (size_t i = 0; i < sc->reserve_count; i++)
		n += sc->reserves[i].side == side;
	return n;
}

/* The note under the heading names the card by the ruleset's own name. */
static char *reserves_note(const render_ctx *rc)
{
	const rs_card *card = ruleset_find_card_effect(rc->rs, RS_EFFECT_REINFORCE);
	const char *name = card ? l10n_get(&card->name, rc->lang) : "";
	const char *tmpl = render_string(rc, "reserves-note");
	const char *at = strstr(tmpl, "{card}");
	if (!at)
		return xstrdup(tmpl);
	return xasprintf("%.*s%s%s", (int)(at - tmpl), tmpl, name, at + strlen("{card}"));
}

/* The side's reserve units, after its units on the board: a heading, a
 * line on how they come on, and their table.  Nothing when it has none. */
static void reserves_part(const render_ctx *rc, roster_page *rp, const char *side_name, size_t side)
{
	const scenario *sc = rc->sc;
	if (!reserves_of(sc, side))
		return;
	if (rp->y > rp->height - MARGIN - 40)
		start_page(rc, rp, side_name, side);
	cairo_t *cr = rp->cr;
	text_style h2 = { FONT_TITLE, 4.6, true, false, ALIGN_LEFT, INK_BLACK };
	text_style note = { FONT_TEXT, 2.8, false, true, ALIGN_LEFT, 0.25, 0.25, 0.25 };
	rp->y += 4;
	rp->y += text_draw(rc, cr, render_string(rc, "reserves"), &h2, MARGIN, rp->y, 0) + 1;
	char *text = reserves_note(rc);
	rp->y += text_draw(rc, cr, text, &note, MARGIN, rp->y, rp->width - 2 * MARGIN) + 1.5;
	free(text);
	table_header(rc, rp, &RESERVE_TABLE, side);
	unit_rows(rc, rp, &RESERVE_TABLE, sc->reserves, sc->reserve_count, reserve_row, side_name, side);
}

/* ---- square grid ---- */

static const sc_city *city_at(const scenario *sc, const sc_address *a)
{
	for (size_t i = 0; a->text && i < sc->city_count; i++)
		if (sc->cities[i].at.text && sc->cities[i].at.cell.col == a->cell.col &&
			sc->cities[i].at.cell.row == a->cell.row)
			return &sc->cities[i];
	return NULL;
}

static const char *zone_name(const render_ctx *rc, const char *zone_id)
{
	for (size_t i = 0; zone_id && i < rc->sc->sea_zone_count; i++) {
		const sc_sea_zone *z = &rc->sc->sea_zones[i];
		if (str_eq(z->id.text, zone_id))
			return l10n_empty(&z->name) ? zone_id : l10n_get(&z->name, rc->lang);
	}
	return zone_id ? zone_id : "";
}

/* Where a piece stands, in words: "City of Boston", "Port of New York",
 * "Sea zone Hampton Roads", "Aboard Gunboat 1". */
static char *place_text(const render_ctx *rc, const sc_address *at, const char *zone, const char *ship)
{
	if (ship)
		return xasprintf("%s %s", render_string(rc, "aboard"), ship);
	const sc_city *city = city_at(rc->sc, at);
	if (city)
		return xasprintf("%s %s", render_string(rc, city->capital ? "place-capital"
			: city->port ? "place-port" : "place-city"), names_city(rc, city));
	if (zone)
		return xasprintf("%s %s", render_string(rc, "place-zone"), zone_name(rc, zone));
	return xstrdup("");
}

static void square_row(const render_ctx *rc, roster_page *rp, const char *name, const char *type_id,
	const sc_address *at, const char *zone, const char *ship, bool shade)
{
	const rs_square_unit *type = ruleset_find_square_unit(rc->rs, type_id);
	char square[GRID_ADDRESS_MAX] = "", move[16] = "", attack[16] = "", defend[16] = "";
	if (at->text && at->valid)
		grid_format(at->cell, square);
	if (type) {
		snprintf(move, sizeof move, "%d", type->move);
		snprintf(attack, sizeof attack, "%d", type->attack);
		snprintf(defend, sizeof defend, "%d", type->defend);
	}
	char *place = place_text(rc, at, zone, ship);
	const char *cells[MAX_COLUMNS] = {
		name, type ? l10n_get(&type->name, rc->lang) : "", square, place, move, attack, defend,
	};
	/* A box per hit the piece can take. */
	int hits = type ? type->hits : 1;
	table_row(rc, rp, &SQUARE_TABLE, cells, shade, hits, hits);
	free(place);
}

static bool page_full(const roster_page *rp)
{
	return rp->y > rp->height - MARGIN - 14;
}

/* A new page, with the table's header, when this one is full. */
static void make_room(const render_ctx *rc, roster_page *rp, const roster_table *t, const char *side_name,
	size_t side)
{
	if (!page_full(rp))
		return;
	start_page(rc, rp, side_name, side);
	table_header(rc, rp, t, side);
}

static void square_unit_row(const render_ctx *rc, roster_page *rp, const sc_unit *u, const sc_address *at,
	const char *ship, int *row)
{
	char *name = names_unit(rc, u);
	square_row(rc, rp, name, u->type.text, at, NULL, ship, ((*row)++ & 1) != 0);
	free(name);
}

/* The pieces of one player of a side (0: every player's): land units
 * ashore, then each ship followed by the units it carries, which are
 * its player's. */
static void square_player_units(const render_ctx *rc, roster_page *rp, const char *side_name, size_t side,
	long player)
{
	const scenario *sc = rc->sc;
	int row = 0;
	for (size_t i = 0; i < sc->unit_count; i++) {
		const sc_unit *u = &sc->units[i];
		if (u->side != side || u->aboard || (player && scenario_player(&u->player) != player))
			continue;
		make_room(rc, rp, &SQUARE_TABLE, side_name, side);
		square_unit_row(rc, rp, u, &u->at, NULL, &row);
	}
	for (size_t i = 0; i < sc->ship_count; i++) {
		const sc_ship *ship = &sc->ships[i];
		if (ship->side != side || (player && scenario_player(&ship->player) != player))
			continue;
		make_room(rc, rp, &SQUARE_TABLE, side_name, side);
		char *ship_name = names_ship(rc, ship);
		square_row(rc, rp, ship_name, ship->type.text, &ship->at, ship->zone.text, NULL, (row++ & 1) != 0);
		for (size_t k = 0; k < sc->unit_count; k++) {
			const sc_unit *u = &sc->units[k];
			if (u->aboard != i + 1)
				continue;
			make_room(rc, rp, &SQUARE_TABLE, side_name, side);
			square_unit_row(rc, rp, u, &ship->at, ship_name, &row);
		}
		free(ship_name);
	}
}

/* A band over the table naming who commands the rows below it. */
static void group_row(const render_ctx *rc, roster_page *rp, const char *text, size_t side)
{
	cairo_t *cr = rp->cr;
	double r, g, b;
	mapdraw_side_colour(side, &r, &g, &b);
	text_style st = { FONT_TEXT, 3.0, true, false, ALIGN_LEFT, r * 0.8, g * 0.8, b * 0.8 };
	rp->y += 1.5;
	double h = text_draw(rc, cr, text, &st, MARGIN + 1, rp->y + ROW_PAD, rp->width - 2 * MARGIN - 2) + 2 * ROW_PAD;
	cairo_set_source_rgb(cr, r, g, b);
	cairo_set_line_width(cr, 0.4);
	cairo_move_to(cr, MARGIN, rp->y + h);
	cairo_line_to(cr, rp->width - MARGIN, rp->y + h);
	cairo_stroke(cr);
	rp->y += h;
}

/* A side's pieces on a square board; with two players a side, each
 * player's under a band that names him ("Player 2 (Sheridan)"), so that
 * each player finds what he commands. */
static void square_units(const render_ctx *rc, roster_page *rp, const char *side_name, size_t side)
{
	int players = victory_square_player_count(rc);
	if (players < 2) {
		square_player_units(rc, rp, side_name, side, 0);
		return;
	}
	for (long player = 1; player <= players; player++) {
		make_room(rc, rp, &SQUARE_TABLE, side_name, side);
		char *who = victory_square_commander(rc, side, player);
		group_row(rc, rp, who, side);
		free(who);
		square_player_units(rc, rp, side_name, side, player);
	}
}

/* Where a general stands, in words: on a hex board the sections of its
 * hex, on a square board the city there. */
static const char *hex_where(const render_ctx *rc, const sc_address *at, size_t side, char *buf, size_t size)
{
	return section_names(rc, at->cell, side, buf, size);
}

static const char *square_where(const render_ctx *rc, const sc_address *at, size_t side, char *buf, size_t size)
{
	(void)side;
	const sc_city *city = city_at(rc->sc, at);
	snprintf(buf, size, "%s", city ? names_city(rc, city) : "—");
	return buf;
}

/* A side's units on a hex board, then its reserves. */
static void hex_units(const render_ctx *rc, roster_page *rp, const char *side_name, size_t side)
{
	unit_rows(rc, rp, &HEX_TABLE, rc->sc->units, rc->sc->unit_count, unit_row, side_name, side);
	reserves_part(rc, rp, side_name, side);
}

/* The rosters follow the grid's rules: figures, brigades and sections on
 * hex boards; hits, places, ships and cargo on square boards (§11). */
typedef struct roster_grid {
	const roster_table *table;
	void (*units)(const render_ctx *rc, roster_page *rp, const char *side_name, size_t side);
	const char *(*where)(const render_ctx *rc, const sc_address *at, size_t side, char *buf, size_t size);
} roster_grid;

static const roster_grid ROSTER_GRIDS[GRID_KINDS] = {
	[GRID_HEX] = { &HEX_TABLE, hex_units, hex_where },
	[GRID_SQUARE] = { &SQUARE_TABLE, square_units, square_where },
};

static void generals_list(const render_ctx *rc, roster_page *rp, size_t side)
{
	const scenario *sc = rc->sc;
	cairo_t *cr = rp->cr;
	text_style h2 = { FONT_TITLE, 4.6, true, false, ALIGN_LEFT, INK_BLACK };
	text_style st = { FONT_TEXT, 2.8, false, false, ALIGN_LEFT, INK_BLACK };
	rp->y += 4;
	rp->y += text_draw(rc, cr, render_string(rc, "generals"), &h2, MARGIN, rp->y, 0) + 1;
	for (size_t i = 0; i < sc->general_count; i++) {
		const sc_general *g = &sc->generals[i];
		if (g->side != side)
			continue;
		char address[GRID_ADDRESS_MAX], sections[128];
		const char *with = render_string(rc, "alone");
		char *with_text = NULL;
		for (size_t k = 0; k < sc->unit_count; k++) {
			const sc_unit *u = &sc->units[k];
			if (u->side == side && !u->aboard && u->at.cell.col == g->at.cell.col &&
				u->at.cell.row == g->at.cell.row) {
				char *unit = names_unit(rc, u);
				char *next = xasprintf("%s%s%s", with_text ? with_text : render_string(rc, "attached-to"),
					with_text ? ", " : " ", unit);
				free(unit);
				free(with_text);
				with_text = next;
			}
		}
		if (with_text)
			with = with_text;
		char *name = names_general(rc, g);
		char *line = xasprintf("%s — %s (%s) — %s", name, grid_format(g->at.cell, address),
			ROSTER_GRIDS[rc->board.kind].where(rc, &g->at, side, sections, sizeof sections), with);
		free(name);
		rp->y += text_draw(rc, cr, line, &st, MARGIN + 2, rp->y, rp->width - 2 * MARGIN - 2) + 0.8;
		free(line);
		free(with_text);
	}
}

bool render_rosters(const render_ctx *rc, const char *path, char **error)
{
	const scenario *sc = rc->sc;
	roster_page rp = { 0 };
	rp.width = fmin(rc->paper->width, rc->paper->height);
	rp.height = fmax(rc->paper->width, rc->paper->height);
	const char *title = l10n_get(&sc->title, rc->lang);
	char *doc_title = xasprintf("%s — %s", title, render_string(rc, "rosters"));
	pdf_meta meta = { doc_title, render_string(rc, "rosters"), rc->rs->id, lang_code(rc->lang) };
	rp.doc = pdfdoc_begin(path, rp.width, rp.height, &meta, error);
	free(doc_title);
	if (!rp.doc)
		return false;
	rp.cr = pdfdoc_cairo(rp.doc);
	int top = pdfdoc_bookmark(rp.doc, 0, render_string(rc, "rosters"));
	cairo_save(rp.cr);
	cairo_scale(rp.cr, PT_PER_MM, PT_PER_MM);
	for (size_t s = 0; s < sc->side_count && s < 2; s++) {
		const rs_named *named = ruleset_find_side(rc->rs, sc->sides[s].id.text);
		const char *side_name = named ? l10n_get(&named->name, rc->lang) : sc->sides[s].id.text;
		/* Each side starts on a page of its own.  The millimetre scale
		 * set above stays in force across pages. */
		rp.side_pages = 0;
		start_page(rc, &rp, side_name, s);
		pdfdoc_bookmark(rp.doc, top, side_name);
		const roster_grid *grid = &ROSTER_GRIDS[rc->board.kind];
		table_header(rc, &rp, grid->table, s);
		grid->units(rc, &rp, side_name, s);
		if (rp.y > rp.height - MARGIN - 30)
			start_page(rc, &rp, side_name, s);
		generals_list(rc, &rp, s);
	}
	cairo_restore(rp.cr);
	return pdfdoc_end(rp.doc, fonts_unknown_glyphs(rc->fonts) == 0, error);
}
