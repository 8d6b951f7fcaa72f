/* One-page products in landscape: the overview map (the whole map scaled
 * to the page, with its legend) and the scenario sheet (title, date,
 * briefing, the map with deployments, the legend, each side's hand,
 * victory target and first move, and the objectives; on square maps how
 * a side wins and, with two players a side, who commands what and the
 * order of play). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../base/util.h"
#include "mapdraw.h"
#include "names.h"
#include "pdfdoc.h"
#include "products.h"
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
	cairo_stroke(cr);
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
	text_style head = { FONT_TITLE, 6.5, true, false, ALIGN_LEFT, 0.1, 0.1, 0.1 };
	y += text_draw(rc, cr, l10n_get(&rc->sc->title, rc->lang), &head, x, y, w) + 2;
	double lh = mapdraw_legend_height(rc, w, 6);
	double map_h = ph - PAGE_MARGIN - y - lh - 4;
	y += fit_map(rc, cr, &g, x, y, w, map_h) + 3;
	mapdraw_legend(rc, cr, x, y, w, 6);
	cairo_restore(cr);
	return pdfdoc_end(doc, fonts_unknown_glyphs(rc->fonts) == 0, error);
}

/* What a side starts with on a square-grid map: purchase points, first
 * move, its capital, the cities it holds and its generals; with two
 * players a side, each player's general and forces instead. */
static char *square_side_text(const render_ctx *rc, size_t s)
{
	const scenario *sc = rc->sc;
	const sc_side *side = &sc->sides[s];
	const char *colon = render_colon(rc);
	char *capital = xstrdup(""), *cities = xstrdup(""), *generals = xstrdup("");
	for (size_t i = 0; i < sc->city_count; i++) {
		const sc_city *c = &sc->cities[i];
		if (!str_eq(c->side.text, side->id.text))
			continue;
		const char *name = c->name.text ? c->name.text : c->id.text;
		char *next = xasprintf("%s%s%s", cities, *cities ? ", " : "", name);
		free(cities);
		cities = next;
		if (c->capital) {
			free(capital);
			capital = xstrdup(name);
		}
	}
	for (size_t i = 0; i < sc->general_count; i++) {
		const sc_general *g = &sc->generals[i];
		if (g->side != s)
			continue;
		char *name = names_general(rc, g);
		char *next = xasprintf("%s%s%s", generals, *generals ? ", " : "", name);
		free(name);
		free(generals);
		generals = next;
	}
	char *players = victory_square_players(rc, s);
	char *who = players ? players : xasprintf("%s%s %s", render_string(rc, "generals"), colon,
		*generals ? generals : "—");
	char *text = xasprintf("%s%s %d · %s%s %s\n%s%s %s\n%s\n%s%s %s",
		render_string(rc, "purchase-points"), colon, rc->rs->square.purchase_points,
		render_string(rc, "first-player"), colon, render_string(rc, side->first ? "yes" : "no"),
		render_string(rc, "capital"), colon, *capital ? capital : "—", who,
		render_string(rc, "cities"), colon, *cities ? cities : "—");
	free(who);
	free(capital);
	free(cities);
	free(generals);
	return text;
}

/* What a side starts with on a hex map: its hand, the banners it needs
 * and whether it moves first. */
static char *hex_side_text(const render_ctx *rc, size_t s)
{
	const sc_side *side = &rc->sc->sides[s];
	const char *colon = render_colon(rc);
	return xasprintf("%s%s %ld · %s%s %ld · %s%s %s",
		render_string(rc, "hand"), colon, side->cards.value,
		render_string(rc, "victory"), colon, side->victory.value,
		render_string(rc, "first-player"), colon, render_string(rc, side->first ? "yes" : "no"));
}

/* Reserves: what the Reinforcements card can bring on, by name and entry
 * hex. */
static char *hex_reserves_text(const render_ctx *rc, size_t s)
{
	const scenario *sc = rc->sc;
	char *list = xstrdup("");
	size_t count = 0;
	for (size_t i = 0; i < sc->reserve_count; i++) {
		const sc_unit *u = &sc->reserves[i];
		if (u->side != s)
			continue;
		char hex[GRID_ADDRESS_MAX] = "?";
		if (u->entry.valid)
			grid_format(u->entry.cell, hex);
		char *label = names_unit(rc, u);
		char *next = xasprintf("%s%s%s (%s)", list, count ? ", " : "", label, hex);
		free(label);
		free(list);
		list = next;
		count++;
	}
	char *reserves = xasprintf("%s%s %s", render_string(rc, "reserves"), render_colon(rc), count ? list : "—");
	free(list);
	return reserves;
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
 * and reserves on hex boards; purchases, capital, cities and generals on
 * square boards (§11), which have no reserves.  Square boards add how a
 * side wins (§11.1): hex victory is each side's banners, in its block. */
typedef struct sheet_grid {
	char *(*side_text)(const render_ctx *rc, size_t s);
	char *(*reserves_text)(const render_ctx *rc, size_t s);  /* NULL: no such line */
	const sheet_section *sections;                          /* NULL: none */
} sheet_grid;

static const sheet_grid SHEET_GRIDS[GRID_KINDS] = {
	[GRID_HEX] = { hex_side_text, hex_reserves_text, NULL },
	[GRID_SQUARE] = { square_side_text, NULL, SQUARE_SECTIONS },
};

static double side_block(const render_ctx *rc, cairo_t *cr, size_t s, double x, double y, double w)
{
	const scenario *sc = rc->sc;
	const sc_side *side = &sc->sides[s];
	const rs_named *named = ruleset_find_side(rc->rs, side->id.text);
	double r, g, b;
	mapdraw_side_colour(s, &r, &g, &b);
	double top = y;
	text_style name = { FONT_TITLE, 4.6, true, false, ALIGN_LEFT, r * 0.8, g * 0.8, b * 0.8 };
	y += text_draw(rc, cr, named ? l10n_get(&named->name, rc->lang) : side->id.text, &name, x + 4, y, w - 4);
	text_style line = { FONT_TEXT, 3.0, false, false, ALIGN_LEFT, 0.1, 0.1, 0.1 };
	const sheet_grid *grid = &SHEET_GRIDS[rc->board.kind];
	char *text = grid->side_text(rc, s);
	y += text_draw(rc, cr, text, &line, x + 4, y, w - 4);
	free(text);
	if (grid->reserves_text) {
		char *reserves = grid->reserves_text(rc, s);
		y += text_draw(rc, cr, reserves, &line, x + 4, y, w - 4);
		free(reserves);
	}
	/* The side's colour bar runs the height of its block, reserves line
	 * included. */
	double height = fmax(14, y - top);
	cairo_rectangle(cr, x, top, 2, height);
	cairo_set_source_rgb(cr, r, g, b);
	cairo_fill(cr);
	/* The block is as tall as its bar, so what follows starts below it
	 * (a short block's bar ran into the next heading). */
	return height;
}

/* The body text of the sheet's left column, and the least it may shrink
 * to (6 pt), in millimetres. */
#define SHEET_BODY_TEXT 3.0
#define SHEET_MIN_TEXT (TEXT_MIN_PT / PT_PER_MM)
/* Between the sheet's two text columns, and the legend's swatches (mm). */
#define SHEET_GUTTER 8.0
#define SHEET_SWATCH 6.0

/* The left column of the sheet from its top-left corner, col_w wide:
 * briefing and sides.  Returns its height. */
static double left_column(const render_ctx *rc, cairo_t *cr, double col_w)
{
	const scenario *sc = rc->sc;
	double ly = 0;
	text_style h2 = { FONT_TITLE, 4.4, true, false, ALIGN_LEFT, 0.1, 0.1, 0.1 };
	text_style body = { FONT_TEXT, SHEET_BODY_TEXT, false, false, ALIGN_LEFT, 0.1, 0.1, 0.1 };
	if (!l10n_empty(&sc->briefing)) {
		ly += text_draw(rc, cr, render_string(rc, "briefing"), &h2, 0, ly, col_w) + 1;
		ly += text_draw(rc, cr, l10n_get(&sc->briefing, rc->lang), &body, 0, ly, col_w) + 4;
	}
	for (size_t s = 0; s < sc->side_count && s < 2; s++)
		ly += side_block(rc, cr, s, 0, ly, col_w) + 3;
	return ly;
}

/* The right column: the grid's sections, the objectives and the legend
 * of the map page.  Returns its height. */
static double right_column(const render_ctx *rc, cairo_t *cr, double col_w)
{
	const scenario *sc = rc->sc;
	double ly = 0;
	text_style h2 = { FONT_TITLE, 4.4, true, false, ALIGN_LEFT, 0.1, 0.1, 0.1 };
	text_style body = { FONT_TEXT, SHEET_BODY_TEXT, false, false, ALIGN_LEFT, 0.1, 0.1, 0.1 };
	for (const sheet_section *sec = SHEET_GRIDS[rc->board.kind].sections; sec && sec->heading; sec++) {
		char *text = sec->text(rc);
		if (!text)
			continue;
		ly += text_draw(rc, cr, render_string(rc, sec->heading), &h2, 0, ly, col_w) + 1;
		ly += text_draw(rc, cr, text, &body, 0, ly, col_w) + 3;
		free(text);
	}
	if (sc->objective_count) {
		ly += text_draw(rc, cr, render_string(rc, "objectives"), &h2, 0, ly, col_w) + 1;
		for (size_t i = 0; i < sc->objective_count; i++) {
			const sc_objective *o = &sc->objectives[i];
			char address[GRID_ADDRESS_MAX];
			const rs_named *side = ruleset_find_side(rc->rs, o->for_side.text);
			const char *who = side ? l10n_get(&side->name, rc->lang) : render_string(rc, "for-both");
			const char *name = l10n_empty(&o->name) ? "" : l10n_get(&o->name, rc->lang);
			bool fr = rc->lang == LANG_FR;
			char *line = xasprintf("%s %s%s%s — %ld %s (%s)", grid_format(o->at.cell, address),
				*name ? (fr ? "«\u00a0" : "“") : "", name, *name ? (fr ? "\u00a0»" : "”") : "",
				o->vp.value, render_string(rc, o->vp.value == 1 ? "vp-one" : "vp"), who);
			ly += text_draw(rc, cr, line, &body, 2, ly, col_w - 2) + 0.5;
			free(line);
		}
		ly += 3;
	}
	ly += mapdraw_legend(rc, cr, 0, ly, col_w, SHEET_SWATCH);
	return ly;
}

typedef double (*sheet_column_fn)(const render_ctx *rc, cairo_t *cr, double col_w);

/* The scale a column is drawn at: 1 when it fits the height, else
 * smaller (its lines then wrap wider), never below 6 pt body text.  The
 * column is drawn into a discarded group to measure it. */
static double column_scale(const render_ctx *rc, cairo_t *cr, sheet_column_fn column, double col_w,
	double height)
{
	double scale = 1, least = SHEET_MIN_TEXT / SHEET_BODY_TEXT;
	for (int tries = 0; tries < 8; tries++) {
		cairo_push_group(cr);
		cairo_save(cr);
		cairo_scale(cr, scale, scale);
		double used = column(rc, cr, col_w / scale) * scale;
		cairo_restore(cr);
		cairo_pattern_destroy(cairo_pop_group(cr));
		if (used <= height || scale <= least)
			break;
		scale = fmax(least, scale * fmin(0.97, height / used));
	}
	return scale;
}

/* A column at x, y, shrunk as far as the smallest legible size when it
 * is too long for the height left. */
static void draw_column(const render_ctx *rc, cairo_t *cr, sheet_column_fn column, double x, double y,
	double col_w, double height)
{
	double scale = column_scale(rc, cr, column, col_w, height);
	cairo_save(cr);
	cairo_translate(cr, x, y);
	cairo_scale(cr, scale, scale);
	column(rc, cr, col_w / scale);
	cairo_restore(cr);
}

/* The sheet's title and the line under it, from the page's top margin
 * down; returns where the page's content starts. */
static double sheet_heading(const render_ctx *rc, cairo_t *cr, double top, double w, const char *extra)
{
	const scenario *sc = rc->sc;
	double x = PAGE_MARGIN, y = top + PAGE_MARGIN;
	text_style head = { FONT_TITLE, 7.5, true, false, ALIGN_LEFT, 0.1, 0.1, 0.1 };
	y += text_draw(rc, cr, l10n_get(&sc->title, rc->lang), &head, x, y, w);
	text_style sub = { FONT_TEXT, 3.2, false, true, ALIGN_LEFT, 0.25, 0.25, 0.25 };
	char players[96] = "";
	if (sc->players.given && sc->players.valid)
		snprintf(players, sizeof players, " · %s%s %ld", render_string(rc, "players"), render_colon(rc),
			sc->players.value);
	char *subtitle = xasprintf("%s%s%s · %s%s %s%s%s%s",
		sc->date.text ? render_string(rc, "date") : "", sc->date.text ? " " : "",
		sc->date.text ? sc->date.text : "", render_string(rc, "ruleset"), render_colon(rc),
		l10n_get(&rc->rs->name, rc->lang), players, extra ? " · " : "", extra ? extra : "");
	y += text_draw(rc, cr, subtitle, &sub, x, y, w) + 3;
	free(subtitle);
	cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
	cairo_set_line_width(cr, 0.3);
	cairo_move_to(cr, x, y - 1.5);
	cairo_line_to(cr, x + w, y - 1.5);
	cairo_stroke(cr);
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
	double col_w = (w - SHEET_GUTTER) / 2;
	draw_column(rc, cr, left_column, PAGE_MARGIN, y, col_w, ph - PAGE_MARGIN - y);
	draw_column(rc, cr, right_column, PAGE_MARGIN + col_w + SHEET_GUTTER, y, col_w, ph - PAGE_MARGIN - y);

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
