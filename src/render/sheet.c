/* One-page products in landscape: the overview map (the whole map scaled
 * to the page, with its legend) and the scenario sheet (title, date,
 * briefing, the map with deployments, the legend, each side's hand,
 * victory target and first move, and the objectives; on square maps how
 * a side wins and, with two players a side, who commands what and the
 * order of play). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../model/special_rules.h"
#include "mapdraw.h"
#include "names.h"
#include "paint.h"
#include "pdfdoc.h"
#include "products.h"
#include "specialtext.h"
#include "victory.h"

#define PAGE_MARGIN 10.0

/* The printed width, in mm, the frame of a scaled map keeps: its edge
 * labels (column letters, row numbers, home edges, sections) then print
 * at 6 pt or more, where the frame of the full-size map scaled down would
 * leave them too small to print. */
#define MAP_FRAME_PRINTED 7.5

/* Draw the whole map scaled into the box, centred; returns the height used. */
static double fit_map(const render_ctx *rc, cairo_t *cr, map_geom *g,
	double x, double y, double w, double h)
{
	/* The cells take what the printed frame leaves; the frame then grows
	 * to MAP_FRAME_PRINTED at that scale (never shrinks). */
	double room = fmin((w - 2 * MAP_FRAME_PRINTED) / g->cells_width, (h - 2 * MAP_FRAME_PRINTED) / g->cells_height);
	if (room > 0 && g->frame * room < MAP_FRAME_PRINTED)
		mapgeom_set_frame(g, MAP_FRAME_PRINTED / room);
	double scale = fmin(w / g->width, h / g->height);
	double used_w = g->width * scale, used_h = g->height * scale;
	cairo_save(cr);
	cairo_translate(cr, x + (w - used_w) / 2, y);
	cairo_scale(cr, scale, scale);
	mapdraw_map(rc, cr, g);
	cairo_restore(cr);
	cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
	cairo_set_line_width(cr, 0.2);
	cairo_rectangle(cr, x + (w - used_w) / 2, y, used_w, used_h);
	paint_stroke(cr);
	return used_h;
}

/* A landscape document of one product, its first page labelled and
 * bookmarked, *cr drawing in millimetres (restore it before the end). */
static pdfdoc *begin_landscape(const render_ctx *rc, const char *path, const char *product_id,
	double *w, double *h, cairo_t **cr, char **error)
{
	*w = fmax(rc->paper->width, rc->paper->height);
	*h = fmin(rc->paper->width, rc->paper->height);
	const char *title = l10n_get(&rc->sc->title, rc->lang);
	char *doc_title = xasprintf("%s — %s", title, render_string(rc, product_id));
	pdf_meta meta = { doc_title, render_string(rc, product_id), rc->rs->id, lang_code(rc->lang) };
	pdfdoc *doc = pdfdoc_begin_as(rc->format, rc->dpi, path, *w, *h, &meta, error);
	free(doc_title);
	if (doc) {
		pdfdoc_label_page(doc, render_string(rc, product_id));
		pdfdoc_bookmark(doc, 0, render_string(rc, product_id));
		*cr = pdfdoc_cairo(doc);
		cairo_save(*cr);
		cairo_scale(*cr, PT_PER_MM, PT_PER_MM);
	}
	return doc;
}

/* The square overview: the map is wider than tall and the page is
 * landscape, so the map takes the page's full height at the left and the
 * title and legend stand in the column its width leaves (at least
 * SIDE_COLUMN_MIN wide: the map narrows for it).  False when the legend
 * would not fit that column: the caller lays the page out as for hexes. */
#define SIDE_COLUMN_MIN 50.0
#define SIDE_GAP 5.0

static bool overview_side_by_side(const render_ctx *rc, cairo_t *cr, map_geom *g, double pw, double ph,
	const text_style *head)
{
	double h = ph - 2 * PAGE_MARGIN, full_w = pw - 2 * PAGE_MARGIN;
	/* The map's width at the full height, frame included as fit_map
	 * prints it (the frame grows on a reduced map). */
	map_geom probe = *g;
	double room = (h - 2 * MAP_FRAME_PRINTED) / probe.cells_height;
	if (room > 0 && probe.frame * room < MAP_FRAME_PRINTED)
		mapgeom_set_frame(&probe, MAP_FRAME_PRINTED / room);
	double map_w = fmin(probe.width * h / probe.height, full_w - SIDE_GAP - SIDE_COLUMN_MIN);
	double col_x = PAGE_MARGIN + map_w + SIDE_GAP, col_w = pw - PAGE_MARGIN - col_x;
	double title_w, title_h;
	text_measure(rc, cr, l10n_get(&rc->sc->title, rc->lang), head, col_w, &title_w, &title_h);
	if (title_h + 4 + mapdraw_legend_height(rc, col_w, 6) > h)
		return false;
	fit_map(rc, cr, g, PAGE_MARGIN, PAGE_MARGIN, map_w, h);
	double y = PAGE_MARGIN + text_draw(rc, cr, l10n_get(&rc->sc->title, rc->lang), head, col_x, PAGE_MARGIN,
		col_w) + 4;
	mapdraw_legend(rc, cr, col_x, y, col_w, 6);
	return true;
}

bool render_overview(const render_ctx *rc, const char *path, char **error)
{
	double pw, ph;
	cairo_t *cr;
	pdfdoc *doc = begin_landscape(rc, path, "overview", &pw, &ph, &cr, error);
	if (!doc)
		return false;
	map_geom g;
	mapgeom_init(&g, &rc->board, rc->cell_size);
	double x = PAGE_MARGIN, y = PAGE_MARGIN, w = pw - 2 * PAGE_MARGIN;
	text_style head = { FONT_TITLE, 6.5, true, false, ALIGN_LEFT, INK_BLACK };
	if (rc->board.kind == GRID_SQUARE && overview_side_by_side(rc, cr, &g, pw, ph, &head)) {
		cairo_restore(cr);
		return pdfdoc_end(doc, fonts_unknown_glyphs(rc->fonts) == 0, error);
	}
	y += text_draw(rc, cr, l10n_get(&rc->sc->title, rc->lang), &head, x, y, w) + 2;
	double lh = mapdraw_legend_height(rc, w, 6);
	double map_h = ph - PAGE_MARGIN - y - lh - 4;
	y += fit_map(rc, cr, &g, x, y, w, map_h) + 3;
	mapdraw_legend(rc, cr, x, y, w, 6);
	cairo_restore(cr);
	return pdfdoc_end(doc, fonts_unknown_glyphs(rc->fonts) == 0, error);
}

/* What a side starts with on a square-grid map: purchase points, first
 * move, its capital and the cities it holds; with two players a side,
 * each player's general and forces too.  Its pieces and generals follow
 * in the side's list. */
static char *square_side_text(const render_ctx *rc, size_t s)
{
	const scenario *sc = rc->sc;
	const sc_side *side = &sc->sides[s];
	const char *colon = render_colon(rc);
	char *capital = xstrdup(""), *cities = xstrdup("");
	for (size_t i = 0; i < sc->city_count; i++) {
		const sc_city *c = &sc->cities[i];
		if (!str_eq(c->side.text, side->id.text))
			continue;
		const char *name = names_city(rc, c);
		char *next = xasprintf("%s%s%s", cities, *cities ? ", " : "", name);
		free(cities);
		cities = next;
		if (c->capital) {
			free(capital);
			capital = xstrdup(name);
		}
	}
	char *players = victory_square_players(rc, s);
	char *text = xasprintf("%s%s %d%s%s\n%s%s %s\n%s%s%s%s %s",
		render_string(rc, "purchase-points"), colon, rc->rs->square.purchase_points,
		side->first ? " · " : "", side->first ? render_string(rc, "first-player") : "",
		render_string(rc, "capital"), colon, *capital ? capital : "—", players ? players : "",
		players ? "\n" : "", render_string(rc, "cities"), colon, *cities ? cities : "—");
	free(players);
	free(capital);
	free(cities);
	return text;
}

/* What a side starts with on a hex map: its hand, the banners it needs
 * and whether it moves first. */
static char *hex_side_text(const render_ctx *rc, size_t s)
{
	const sc_side *side = &rc->sc->sides[s];
	const char *colon = render_colon(rc);
	return xasprintf("%s%s %ld · %s%s %ld%s%s",
		render_string(rc, "hand"), colon, side->cards.value,
		render_string(rc, "victory"), colon, side->victory.value,
		side->first ? " · " : "", side->first ? render_string(rc, "first-player") : "");
}

/* One line of a side's list: a piece by the short label the map prints
 * beside its counter, or a general (the map's star instead of a label);
 * its name; where it starts. */
typedef struct force_row {
	char *label;    /* NULL: a general */
	char *name;     /* with no label and no where: a heading over the rows
	                   that follow ("Player 2 (Sheridan)") */
	char *where;
} force_row;

typedef struct force_list {
	force_row *rows;
	size_t count, capacity;
} force_list;

/* Adds a row; takes the three strings. */
static void force_add(force_list *list, char *label, char *name, char *where)
{
	if (list->count == list->capacity) {
		list->capacity = list->capacity ? list->capacity * 2 : 16;
		list->rows = xrealloc(list->rows, list->capacity * sizeof *list->rows);
	}
	list->rows[list->count++] = (force_row){ label, name, where };
}

static void force_free(force_list *list)
{
	for (size_t i = 0; i < list->count; i++) {
		free(list->rows[i].label);
		free(list->rows[i].name);
		free(list->rows[i].where);
	}
	free(list->rows);
	*list = (force_list){ 0 };
}

/* The figures a unit starts with, as the list says them ("5 figures",
 * "5 of 6 figures" below full strength); NULL where the ruleset does not
 * count figures for its type (the square game's units). */
static char *unit_figures_text(const render_ctx *rc, const sc_unit *u)
{
	const rs_unit_type *t = ruleset_find_unit_type(rc->rs, u->type.text);
	if (!t || t->figures <= 0)
		return NULL;
	long n = u->figures.given && u->figures.valid ? u->figures.value : t->figures;
	char count[24], full[24];
	snprintf(count, sizeof count, "%ld", n);
	snprintf(full, sizeof full, "%d", t->figures);
	const char *pairs[] = { "n", count, "full", full, NULL };
	const char *id = n < t->figures ? "list-figures-short" : n == 1 ? "list-figure-one" : "list-figures";
	return strings_expand(render_string(rc, id), pairs);
}

/* The name a list gives a unit: the scenario's, else its type's (the
 * label already says its number), then the figures it starts with where
 * the game counts them, so that a player can set it up from the list. */
static char *unit_list_name(const render_ctx *rc, const sc_unit *u)
{
	const char *type = names_type(rc, u->type.text);
	char *name = u->name.text ? xstrdup(u->name.text) : type ? xstrdup(type) : names_unit(rc, u);
	char *figures = unit_figures_text(rc, u);
	if (!figures)
		return name;
	char *out = xasprintf("%s, %s", name, figures);
	free(name);
	free(figures);
	return out;
}

static char *address_text(const sc_address *a)
{
	char buf[GRID_ADDRESS_MAX] = "?";
	if (a->valid)
		grid_format(a->cell, buf);
	return xstrdup(buf);
}

/* The side's generals (of one player, or every player's: 0), first in
 * its list. */
static void generals_rows(const render_ctx *rc, size_t s, long player, force_list *list)
{
	for (size_t i = 0; i < rc->sc->general_count; i++) {
		const sc_general *g = &rc->sc->generals[i];
		if (g->side == s && (!player || scenario_player(&g->player) == player))
			force_add(list, NULL, names_general(rc, g), address_text(&g->at));
	}
}

/* A hex side: generals and units on the board; the reserves by their
 * entry hex. */
static void hex_forces(const render_ctx *rc, size_t s, force_list *board, force_list *reserves)
{
	const scenario *sc = rc->sc;
	generals_rows(rc, s, 0, board);
	for (size_t i = 0; i < sc->unit_count; i++)
		if (sc->units[i].side == s)
			force_add(board, names_unit_label(rc, &sc->units[i]), unit_list_name(rc, &sc->units[i]),
				address_text(&sc->units[i].at));
	for (size_t i = 0; i < sc->reserve_count; i++)
		if (sc->reserves[i].side == s)
			force_add(reserves, names_unit_label(rc, &sc->reserves[i]), unit_list_name(rc, &sc->reserves[i]),
				address_text(&sc->reserves[i].entry));
}

/* One player's part of a square side (0: every player's): generals,
 * land units ashore, then each ship (on its square or in its sea zone) and
 * the units it carries, which are its player's. */
static void square_player_forces(const render_ctx *rc, size_t s, long player, force_list *board)
{
	const scenario *sc = rc->sc;
	generals_rows(rc, s, player, board);
	for (size_t i = 0; i < sc->unit_count; i++)
		if (sc->units[i].side == s && !sc->units[i].aboard &&
			(!player || scenario_player(&sc->units[i].player) == player))
			force_add(board, names_unit_label(rc, &sc->units[i]), unit_list_name(rc, &sc->units[i]),
				address_text(&sc->units[i].at));
	for (size_t k = 0; k < sc->ship_count; k++) {
		const sc_ship *ship = &sc->ships[k];
		if (ship->side != s || (player && scenario_player(&ship->player) != player))
			continue;
		char *where = NULL;
		for (size_t z = 0; !ship->at.text && z < sc->sea_zone_count; z++)
			if (str_eq(sc->sea_zones[z].id.text, ship->zone.text) && !l10n_empty(&sc->sea_zones[z].name))
				where = xstrdup(l10n_get(&sc->sea_zones[z].name, rc->lang));
		const char *type = names_type(rc, ship->type.text);
		char *ship_label = names_ship_label(rc, ship);
		force_add(board, xstrdup(ship_label),
			ship->name.text ? xstrdup(ship->name.text) : type ? xstrdup(type) : names_ship(rc, ship),
			where ? where : address_text(&ship->at));
		for (size_t i = 0; i < sc->unit_count; i++) {
			if (sc->units[i].aboard != k + 1)
				continue;
			const char *pairs[] = { "ship", ship_label, NULL };
			force_add(board, names_unit_label(rc, &sc->units[i]), unit_list_name(rc, &sc->units[i]),
				strings_expand(render_string(rc, "aboard-ship"), pairs));
		}
		free(ship_label);
	}
}

/* A square side; with two players a side, each player's part under a
 * heading that names him, so that each finds what he sets up. */
static void square_forces(const render_ctx *rc, size_t s, force_list *board, force_list *reserves)
{
	(void)reserves;  /* the square game has none: it buys its units */
	int players = victory_square_player_count(rc);
	if (players < 2) {
		square_player_forces(rc, s, 0, board);
		return;
	}
	for (long player = 1; player <= players; player++) {
		force_add(board, NULL, victory_square_commander(rc, s, player), NULL);
		square_player_forces(rc, s, player, board);
	}
}

/* A section of the sheet after the sides: its heading's string id and
 * its text (NULL: the section is left out). */
typedef struct sheet_section {
	const char *heading;
	char *(*text)(const render_ctx *rc);
} sheet_section;

/* The order of play and what each player commands. */
static char *square_order_text(const render_ctx *rc)
{
	char *order = victory_square_order(rc);
	if (!order)
		return NULL;
	char *text = xasprintf("%s %s", order, render_string(rc, "sq-own-pieces"));
	free(order);
	return text;
}

static const sheet_section SQUARE_SECTIONS[] = {
	{ "victory-heading", victory_square_text },
	{ "order-of-play", square_order_text },
	{ NULL, NULL },
};

/* A side's block on the sheet follows the grid's rules: hands, banners
 * and reserves on hex boards; purchases, capital, cities and ships on
 * square boards (§11), which have no reserves.  Square boards add how a
 * side wins (§11.1): hex victory is each side's banners, in its block. */
typedef struct sheet_grid {
	char *(*side_text)(const render_ctx *rc, size_t s);
	/* The side's list: on the board, and in reserve (a reserves line is
	 * printed, "—" when empty, when has_reserves). */
	void (*forces)(const render_ctx *rc, size_t s, force_list *board, force_list *reserves);
	bool has_reserves;
	const sheet_section *sections;                          /* NULL: none */
} sheet_grid;

static const sheet_grid SHEET_GRIDS[GRID_KINDS] = {
	[GRID_HEX] = { hex_side_text, hex_forces, true, NULL },
	[GRID_SQUARE] = { square_side_text, square_forces, false, SQUARE_SECTIONS },
};

/* The body text of the sheet at full size, and the least it may shrink
 * to (6 pt), in millimetres. */
#define SHEET_BODY_TEXT 3.0
#define SHEET_MIN_TEXT (TEXT_MIN_PT / PT_PER_MM)
/* The most the text may grow to fill the page: about 10 pt. */
#define SHEET_MAX_SCALE 1.2
/* Between the sheet's text columns, between blocks, and the legend's
 * swatches (mm, at full size). */
#define SHEET_GUTTER 8.0
#define SHEET_BLOCK_GAP 4.0
#define SHEET_SWATCH 6.0
/* Page 1 in three columns: lines of 50 to 60 characters, the measure a
 * reader takes in at a glance, on A4 and Letter in landscape. */
#define SHEET_COLUMNS 3

static const text_style SHEET_H2 = { FONT_TITLE, 4.4, true, false, ALIGN_LEFT, INK_BLACK };
static const text_style SHEET_BODY = { FONT_TEXT, SHEET_BODY_TEXT, false, false, ALIGN_LEFT, INK_BLACK };

/* The rows of a list as a table: the labels in bold (a general's star in
 * their place), the names wrapping in the middle, where each starts at
 * the right.  Returns its height. */
static double force_table(const render_ctx *rc, cairo_t *cr, const force_list *list, size_t side, double x,
	double y, double w)
{
	text_style label = SHEET_BODY, name = SHEET_BODY, where = SHEET_BODY;
	label.bold = true;
	where.align = ALIGN_RIGHT;
	double label_w = SHEET_BODY_TEXT * 1.2, where_w = 0;
	for (size_t i = 0; i < list->count; i++) {
		double lw = 0, ww = 0;
		if (list->rows[i].label)
			text_measure(rc, cr, list->rows[i].label, &label, 0, &lw, NULL);
		if (list->rows[i].where)
			text_measure(rc, cr, list->rows[i].where, &where, 0, &ww, NULL);
		label_w = fmax(label_w, lw);
		where_w = fmax(where_w, ww);
	}
	label_w += SHEET_BODY_TEXT * 0.6;
	double name_w = w - label_w - where_w - SHEET_BODY_TEXT * 0.8, top = y;
	for (size_t i = 0; i < list->count; i++) {
		const force_row *row = &list->rows[i];
		if (!row->label && !row->where) {
			text_style head = label;
			head.size *= 1.05;
			y += text_draw(rc, cr, row->name, &head, x, y + (i ? 0.8 : 0), w) + (i ? 0.8 : 0) +
				SHEET_BODY_TEXT * 0.12;
			continue;
		}
		double h = text_draw(rc, cr, row->name, &name, x + label_w, y, name_w);
		if (row->label) {
			text_draw(rc, cr, row->label, &label, x, y, 0);
		} else {
			/* Centred on the first line, as the map's star. */
			double r = SHEET_BODY_TEXT * 0.42;
			paint_general(cr, side, x + r * 1.1, y + SHEET_BODY_TEXT * 0.68, r);
		}
		text_draw(rc, cr, row->where, &where, x + w, y, 0);
		y += h + SHEET_BODY_TEXT * 0.12;
	}
	return y - top;
}

/* A side: its name, what it starts with, its list, and its reserves. */
static double side_block(const render_ctx *rc, cairo_t *cr, size_t s, double w)
{
	const scenario *sc = rc->sc;
	if (s >= sc->side_count)
		return 0;
	const sc_side *side = &sc->sides[s];
	const rs_named *named = ruleset_find_side(rc->rs, side->id.text);
	double r, g, b;
	mapdraw_side_colour(s, &r, &g, &b);
	double x = 4, y = 0;
	w -= 4;
	text_style title = { FONT_TITLE, 4.6, true, false, ALIGN_LEFT, r * 0.8, g * 0.8, b * 0.8 };
	y += text_draw(rc, cr, named ? l10n_get(&named->name, rc->lang) : side->id.text, &title, x, y, w);
	const sheet_grid *grid = &SHEET_GRIDS[rc->board.kind];
	char *text = grid->side_text(rc, s);
	y += text_draw(rc, cr, text, &SHEET_BODY, x, y, w) + 1.2;
	free(text);
	force_list board = { 0 }, reserves = { 0 };
	grid->forces(rc, s, &board, &reserves);
	if (s == 0 && board.count) {
		text_style note = SHEET_BODY;
		note.italic = true;
		note.r = note.g = note.b = 0.3;
		y += text_draw(rc, cr, render_string(rc, "forces-key"), &note, x, y, w) + 0.8;
	}
	y += force_table(rc, cr, &board, s, x, y, w);
	if (grid->has_reserves) {
		char *line = xasprintf("%s%s%s", render_string(rc, "reserves"), render_colon(rc), reserves.count ? "" : " —");
		text_style head = SHEET_BODY;
		head.bold = true;
		y += 0.8 + text_draw(rc, cr, line, &head, x, y + 0.8, w);
		free(line);
		y += force_table(rc, cr, &reserves, s, x, y, w);
	}
	force_free(&board);
	force_free(&reserves);
	/* The side's colour bar runs the height of its block, reserves
	 * included. */
	cairo_rectangle(cr, 0, 0, 2, y);
	cairo_set_source_rgb(cr, r, g, b);
	cairo_fill(cr);
	return y;
}

static double briefing_block(const render_ctx *rc, cairo_t *cr, size_t arg, double w)
{
	(void)arg;
	if (l10n_empty(&rc->sc->briefing))
		return 0;
	double y = text_draw(rc, cr, render_string(rc, "briefing"), &SHEET_H2, 0, 0, w) + 1;
	return y + text_draw(rc, cr, l10n_get(&rc->sc->briefing, rc->lang), &SHEET_BODY, 0, y, w);
}

/* The grid's section `arg` (SHEET_GRIDS), when it has something to say. */
static double section_block(const render_ctx *rc, cairo_t *cr, size_t arg, double w)
{
	const sheet_section *sec = &SHEET_GRIDS[rc->board.kind].sections[arg];
	char *text = sec->text(rc);
	if (!text)
		return 0;
	double y = text_draw(rc, cr, render_string(rc, sec->heading), &SHEET_H2, 0, 0, w) + 1;
	y += text_draw(rc, cr, text, &SHEET_BODY, 0, y, w);
	free(text);
	return y;
}

static double objectives_block(const render_ctx *rc, cairo_t *cr, size_t arg, double w)
{
	(void)arg;
	const scenario *sc = rc->sc;
	if (!sc->objective_count)
		return 0;
	double y = text_draw(rc, cr, render_string(rc, "objectives"), &SHEET_H2, 0, 0, w) + 1;
	for (size_t i = 0; i < sc->objective_count; i++) {
		const sc_objective *o = &sc->objectives[i];
		char address[GRID_ADDRESS_MAX];
		const rs_named *side = ruleset_find_side(rc->rs, o->for_side.text);
		const char *who = side ? l10n_get(&side->name, rc->lang) : render_string(rc, "for-both");
		const char *name = l10n_empty(&o->name) ? "" : l10n_get(&o->name, rc->lang);
		bool fr = rc->lang == LANG_FR;
		/* Flags or points, as the ruleset counts them (vp@RULESET). */
		char vp_id[64];
		snprintf(vp_id, sizeof vp_id, "%s@%s", o->vp.value == 1 ? "vp-one" : "vp", rc->rs->id);
		if (!strings_has(rc->strings, vp_id))
			snprintf(vp_id, sizeof vp_id, "%s", o->vp.value == 1 ? "vp-one" : "vp");
		char *line = xasprintf("%s %s%s%s — %ld %s (%s)", grid_format(o->at.cell, address),
			*name ? (fr ? "«\u00a0" : "“") : "", name, *name ? (fr ? "\u00a0»" : "”") : "",
			o->vp.value, render_string(rc, vp_id), who);
		y += text_draw(rc, cr, line, &SHEET_BODY, 2, y, w - 2) + (i + 1 < sc->objective_count ? 0.5 : 0);
		free(line);
	}
	return y;
}

/* The scenario's special rules in plain words, one paragraph each. */
static double special_block(const render_ctx *rc, cairo_t *cr, size_t arg, double w)
{
	(void)arg;
	char **lines;
	size_t n = specialtext_lines(rc, &lines);
	if (!n)
		return 0;
	double y = text_draw(rc, cr, render_string(rc, "sr-heading"), &SHEET_H2, 0, 0, w) + 1;
	for (size_t i = 0; i < n; i++)
		y += text_draw(rc, cr, lines[i], &SHEET_BODY, 2, y, w - 2) + (i + 1 < n ? 0.5 : 0);
	specialtext_free(lines, n);
	return y;
}

static double legend_block(const render_ctx *rc, cairo_t *cr, size_t arg, double w)
{
	(void)arg;
	return mapdraw_legend(rc, cr, 0, 0, w, SHEET_SWATCH);
}

/* A block of page 1, drawn from the origin w wide at full size; returns
 * its height (0: nothing to show). */
typedef struct sheet_block {
	double (*draw)(const render_ctx *rc, cairo_t *cr, size_t arg, double w);
	size_t arg;
} sheet_block;

#define SHEET_BLOCKS_MAX 16

/* Page 1's blocks in reading order: the briefing, each side, what
 * decides the game, the objectives and the legend. */
static size_t sheet_blocks(const render_ctx *rc, sheet_block *out)
{
	size_t n = 0;
	out[n++] = (sheet_block){ briefing_block, 0 };
	for (size_t s = 0; s < rc->sc->side_count && s < 2; s++)
		out[n++] = (sheet_block){ side_block, s };
	const sheet_section *sections = SHEET_GRIDS[rc->board.kind].sections;
	for (size_t i = 0; sections && sections[i].heading && n < SHEET_BLOCKS_MAX - 3; i++)
		out[n++] = (sheet_block){ section_block, i };
	out[n++] = (sheet_block){ objectives_block, 0 };
	/* Only a scenario that has them gets the block: the others keep the
	 * split, and the page, they had. */
	if (rc->sc->special && rc->sc->special->count)
		out[n++] = (sheet_block){ special_block, 0 };
	out[n++] = (sheet_block){ legend_block, 0 };
	return n;
}

/* How the blocks share the columns at one scale: each block's column,
 * and the tallest column's height (page mm). */
typedef struct sheet_split {
	int column[SHEET_BLOCKS_MAX];
	double tallest;
} sheet_split;

/* The blocks' heights at a scale, on the page: drawn into a discarded
 * group to measure them. */
static void measure_blocks(const render_ctx *rc, cairo_t *cr, const sheet_block *blocks, size_t n, double scale,
	double col_w, double *heights)
{
	cairo_push_group(cr);
	cairo_save(cr);
	cairo_scale(cr, scale, scale);
	for (size_t i = 0; i < n; i++)
		heights[i] = blocks[i].draw(rc, cr, blocks[i].arg, col_w / scale) * scale;
	cairo_restore(cr);
	cairo_pattern_destroy(cairo_pop_group(cr));
}

/* What a block out of reading order costs in the choice of a split, in
 * mm of column: a column a hair taller is worth the natural order. */
#define SHEET_ORDER_COST 2.0

/* The split of the blocks over the columns that makes the tallest column
 * least, so that the columns end near one line: every assignment is
 * tried (3^n, n at most 8: a few thousand).  A column keeps its blocks
 * in reading order, the briefing opens the first one, the first side
 * stands in a column before or with the second, and each block placed
 * out of reading order costs SHEET_ORDER_COST. */
static sheet_split best_split(const sheet_block *blocks, const double *heights, size_t n, double gap)
{
	sheet_split best = { { 0 }, INFINITY };
	double best_score = INFINITY;
	size_t combos = 1;
	for (size_t i = 0; i < n; i++)
		combos *= SHEET_COLUMNS;
	for (size_t code = 0; code < combos; code++) {
		sheet_split try = { { 0 }, 0 };
		size_t rest = code, first_side = n;
		bool ok = true;
		double col_h[SHEET_COLUMNS] = { 0 };
		int inversions = 0;
		for (size_t i = 0; i < n; i++) {
			int c = (int)(rest % SHEET_COLUMNS);
			rest /= SHEET_COLUMNS;
			try.column[i] = c;
			if (blocks[i].draw == briefing_block && c != 0)
				ok = false;
			if (blocks[i].draw == side_block) {
				if (first_side < n && c < try.column[first_side])
					ok = false;
				first_side = first_side < n ? first_side : i;
			}
			for (size_t k = 0; k < i; k++)
				inversions += heights[k] > 0 && heights[i] > 0 && try.column[k] > c;
			if (heights[i] > 0)
				col_h[c] += (col_h[c] > 0 ? gap : 0) + heights[i];
		}
		if (!ok)
			continue;
		for (int c = 0; c < SHEET_COLUMNS; c++)
			try.tallest = fmax(try.tallest, col_h[c]);
		double score = try.tallest + inversions * SHEET_ORDER_COST;
		if (score < best_score - 1e-6) {
			best = try;
			best_score = score;
		}
	}
	return best;
}

/* The tallest column of the best split at a scale (page mm); the
 * blocks' heights in `heights`. */
static double columns_height(const render_ctx *rc, cairo_t *cr, const sheet_block *blocks, size_t n,
	double scale, double col_w, double *heights)
{
	measure_blocks(rc, cr, blocks, n, scale, col_w, heights);
	return best_split(blocks, heights, n, SHEET_BLOCK_GAP * scale).tallest;
}

/* Page 1 from y down to the bottom margin: the blocks over the columns,
 * balanced, at the largest scale (up to SHEET_MAX_SCALE, down to 6 pt
 * body text) at which the tallest column fits the height. */
static void sheet_page_one(const render_ctx *rc, cairo_t *cr, double x, double y, double w, double height)
{
	sheet_block blocks[SHEET_BLOCKS_MAX];
	size_t n = sheet_blocks(rc, blocks);
	double heights[SHEET_BLOCKS_MAX], col_w = (w - (SHEET_COLUMNS - 1) * SHEET_GUTTER) / SHEET_COLUMNS;
	/* The largest scale that fits: the largest, else halving the range
	 * between 6 pt and it seven times (within 0.4 %).  The heights of the
	 * scale that fits are kept: the page is drawn with them. */
	double lo = SHEET_MIN_TEXT / SHEET_BODY_TEXT, hi = SHEET_MAX_SCALE, scale = hi;
	bool measured = columns_height(rc, cr, blocks, n, hi, col_w, heights) <= height;
	if (!measured) {
		double trial[SHEET_BLOCKS_MAX];
		for (int step = 0; step < 7; step++) {
			double mid = (lo + hi) / 2;
			if (columns_height(rc, cr, blocks, n, mid, col_w, trial) <= height) {
				lo = mid;
				memcpy(heights, trial, sizeof heights);
				measured = true;
			} else {
				hi = mid;
			}
		}
		/* Too long even at 6 pt: the columns then run into the bottom
		 * margin rather than print smaller. */
		scale = lo;
	}
	if (!measured)
		measure_blocks(rc, cr, blocks, n, scale, col_w, heights);
	sheet_split split = best_split(blocks, heights, n, SHEET_BLOCK_GAP * scale);
	double cy[SHEET_COLUMNS];
	for (int c = 0; c < SHEET_COLUMNS; c++)
		cy[c] = y;
	for (size_t i = 0; i < n; i++) {
		if (heights[i] <= 0)
			continue;
		int c = split.column[i];
		cairo_save(cr);
		cairo_translate(cr, x + c * (col_w + SHEET_GUTTER), cy[c]);
		cairo_scale(cr, scale, scale);
		blocks[i].draw(rc, cr, blocks[i].arg, col_w / scale);
		cairo_restore(cr);
		cy[c] += heights[i] + SHEET_BLOCK_GAP * scale;
	}
}

/* The battle's day as running text in the sheet's language ("6 April
 * 1862", "6 april 1862", "1er juillet 1863"), from the scenario's
 * YYYY-MM-DD, YYYY-MM or YYYY (the schema allows no other). */
static char *sheet_date(const render_ctx *rc, const char *iso)
{
	int year = 0, month = 0, day = 0;
	int fields = sscanf(iso, "%d-%d-%d", &year, &month, &day);
	if (fields < 2 || month < 1 || month > 12)
		return xstrdup(iso);
	char month_id[16], year_text[16], day_text[16];
	snprintf(month_id, sizeof month_id, "month-%d", month);
	snprintf(year_text, sizeof year_text, "%d", year);
	snprintf(day_text, sizeof day_text, "%d", day);
	const char *pairs[] = { "day", day == 1 ? render_string(rc, "date-first") : day_text,
		"month", render_string(rc, month_id), "year", year_text, NULL };
	return strings_expand(render_string(rc, fields == 3 ? "date-day" : "date-month"), pairs);
}

/* The sheet's title and the line under it, from the page's top margin
 * down; returns where the page's content starts. */
static double sheet_heading(const render_ctx *rc, cairo_t *cr, double top, double w, const char *extra)
{
	const scenario *sc = rc->sc;
	double x = PAGE_MARGIN, y = top + PAGE_MARGIN;
	text_style head = { FONT_TITLE, 7.5, true, false, ALIGN_LEFT, INK_BLACK };
	y += text_draw(rc, cr, l10n_get(&sc->title, rc->lang), &head, x, y, w);
	text_style sub = { FONT_TEXT, 3.2, false, true, ALIGN_LEFT, 0.25, 0.25, 0.25 };
	char players[96] = "";
	if (sc->players.given && sc->players.valid)
		snprintf(players, sizeof players, " · %s%s %ld", render_string(rc, "players"), render_colon(rc),
			sc->players.value);
	/* "Date: 6 April 1862 · Rules: …": every item as "label: value". */
	char *day = sc->date.text ? sheet_date(rc, sc->date.text) : NULL;
	char *date = day ? xasprintf("%s%s %s · ", render_string(rc, "date"), render_colon(rc), day) : xstrdup("");
	free(day);
	char *subtitle = xasprintf("%s%s%s %s%s%s%s", date, render_string(rc, "ruleset"), render_colon(rc),
		l10n_get(&rc->rs->name, rc->lang), players, extra ? " · " : "", extra ? extra : "");
	y += text_draw(rc, cr, subtitle, &sub, x, y, w) + 3;
	free(subtitle);
	free(date);
	cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
	cairo_set_line_width(cr, 0.3);
	cairo_move_to(cr, x, y - 1.5);
	cairo_line_to(cr, x + w, y - 1.5);
	paint_stroke(cr);
	return y;
}

/* Two pages: the text (briefing, sides, what decides the game,
 * objectives, legend), then the map with the set-up as large as a page
 * holds it, so that a player sets up from the sheet alone.  PNG and SVG
 * hold one page: the map page then follows the text page on one tall
 * image. */
bool render_sheet(const render_ctx *rc, const char *path, char **error)
{
	double pw = fmax(rc->paper->width, rc->paper->height);
	double ph = fmin(rc->paper->width, rc->paper->height);
	bool one_image = rc->format != DOC_PDF;
	const char *title = l10n_get(&rc->sc->title, rc->lang);
	const char *product = render_string(rc, "sheet");
	char *doc_title = xasprintf("%s — %s", title, product);
	pdf_meta meta = { doc_title, product, rc->rs->id, lang_code(rc->lang) };
	pdfdoc *doc = pdfdoc_begin_as(rc->format, rc->dpi, path, pw, one_image ? 2 * ph : ph, &meta, error);
	free(doc_title);
	if (!doc)
		return false;
	pdfdoc_label_page(doc, product);
	pdfdoc_bookmark(doc, 0, product);
	cairo_t *cr = pdfdoc_cairo(doc);
	cairo_save(cr);
	cairo_scale(cr, PT_PER_MM, PT_PER_MM);

	double w = pw - 2 * PAGE_MARGIN;
	double y = sheet_heading(rc, cr, 0, w, NULL);
	sheet_page_one(rc, cr, PAGE_MARGIN, y, w, ph - PAGE_MARGIN - y);

	double top = 0;
	const char *map_word = render_string(rc, "sheet-map");
	if (one_image) {
		top = ph;
	} else {
		cairo_restore(cr);
		pdfdoc_next_page(doc, pw, ph);
		pdfdoc_label_page(doc, map_word);
		cairo_save(cr);
		cairo_scale(cr, PT_PER_MM, PT_PER_MM);
	}
	y = sheet_heading(rc, cr, top, w, map_word);
	map_geom g;
	mapgeom_init(&g, &rc->board, rc->cell_size);
	fit_map(rc, cr, &g, PAGE_MARGIN, y, w, top + ph - PAGE_MARGIN - y);
	cairo_restore(cr);
	return pdfdoc_end(doc, fonts_unknown_glyphs(rc->fonts) == 0, error);
}
