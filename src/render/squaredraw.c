/* Painting a square-grid map (mb-remastered): terrain per square as its
 * look in the ruleset says (terrainpaint.c), the coast and the borders
 * between sea zones, the zones' names, cities with their capital and port
 * marks in the colour of the side holding them, land units, ships (with
 * the land units they carry) and generals.  Ships placed in a sea zone
 * without a square stand under the zone's name. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../base/util.h"
#include "mappaint.h"
#include "names.h"
#include "terrainpaint.h"
#include "victory.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static const rgb COAST = { 0.12, 0.28, 0.50 };

/* Counters shown in one square; more are summed up as "+N". */
#define PIECES_SHOWN 4

/* The index of the square an address names, or -1. */
static long square_at(const position *pos, const sc_address *a)
{
	const position_cell *c = position_at_address(pos, a);
	return c ? (long)(c - pos->cells) : -1;
}

/* The square of a zone nearest to its middle: where its name goes. */
static long zone_anchor(const position *pos, const sc_sea_zone *z)
{
	double mx = 0, my = 0;
	size_t n = 0;
	for (size_t k = 0; k < z->square_count; k++) {
		if (square_at(pos, &z->squares[k]) < 0)
			continue;
		mx += z->squares[k].cell.col;
		my += z->squares[k].cell.row;
		n++;
	}
	if (n == 0)
		return -1;
	mx /= (double)n;
	my /= (double)n;
	long best = -1;
	double best_d = 0;
	for (size_t k = 0; k < z->square_count; k++) {
		long idx = square_at(pos, &z->squares[k]);
		if (idx < 0)
			continue;
		double dx = z->squares[k].cell.col - mx, dy = z->squares[k].cell.row - my;
		double d = dx * dx + dy * dy;
		if (best < 0 || d < best_d - 1e-9) {
			best = idx;
			best_d = d;
		}
	}
	return best;
}

/* The scenario's index of a side id (cities name their holder by id). */
static size_t side_index(const scenario *sc, const char *id)
{
	for (size_t s = 0; s < sc->side_count; s++)
		if (str_eq(sc->sides[s].id.text, id))
			return s;
	return 0;
}

/* ---- cities ---- */

static void anchor_symbol(cairo_t *cr, double x, double y, double r)
{
	/* Ring, shank, stock and flukes. */
	cairo_set_line_width(cr, r * 0.16);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_new_sub_path(cr);
	cairo_arc(cr, x, y - r * 0.78, r * 0.16, 0, 2 * M_PI);
	cairo_move_to(cr, x, y - r * 0.62);
	cairo_line_to(cr, x, y + r * 0.85);
	cairo_move_to(cr, x - r * 0.38, y - r * 0.38);
	cairo_line_to(cr, x + r * 0.38, y - r * 0.38);
	cairo_move_to(cr, x - r * 0.70, y + r * 0.25);
	cairo_curve_to(cr, x - r * 0.55, y + r * 0.85, x - r * 0.15, y + r * 0.90, x, y + r * 0.85);
	cairo_curve_to(cr, x + r * 0.15, y + r * 0.90, x + r * 0.55, y + r * 0.85, x + r * 0.70, y + r * 0.25);
	paint_stroke(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
}

/* The city mark: a disc in the holder's colour; a capital has a gold star
 * on it and a second ring, a port an anchor beside it. */
static void city_symbol(cairo_t *cr, double x, double y, double r, rgb side, bool capital, bool port)
{
	cairo_arc(cr, x, y, r, 0, 2 * M_PI);
	paint_set(cr, side);
	cairo_fill_preserve(cr);
	paint_set(cr, PAINT_INK);
	cairo_set_line_width(cr, r * 0.12);
	paint_stroke(cr);
	if (capital) {
		cairo_arc(cr, x, y, r * 1.28, 0, 2 * M_PI);
		cairo_set_line_width(cr, r * 0.12);
		paint_stroke(cr);
		paint_star_path(cr, x, y, r * 0.78);
		paint_set(cr, PAINT_GOLD);
		cairo_fill(cr);
	} else {
		cairo_arc(cr, x, y, r * 0.35, 0, 2 * M_PI);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_fill(cr);
	}
	if (port) {
		paint_set(cr, COAST);
		anchor_symbol(cr, x + r * 2.1, y, r * 1.1);
	}
}

typedef struct city_look {
	size_t side;
	bool capital, port;
	double r;
} city_look;

static void city_art(cairo_t *cr, const void *ctx, double x, double y)
{
	const city_look *k = ctx;
	city_symbol(cr, x, y, k->r, paint_side(k->side), k->capital, k->port);
}

/* Where a square's city mark stands, and its radius. */
static void city_spot(const map_geom *g, double cx, double cy, double *y, double *r)
{
	*r = g->cell * 0.065;
	*y = cy - g->cell * 0.32;
}

static void draw_city(const render_ctx *rc, cairo_t *cr, label_placer *lp, const map_geom *g,
	const sc_city *city, double cx, double cy)
{
	double r, y;
	city_spot(g, cx, cy, &y, &r);
	/* The same mark at every city of a side and kind: drawn once per
	 * document. */
	city_look look = { side_index(rc->sc, city->side.text), city->capital, city->port, r };
	paint_art_key key = { PAINT_ART_CITY, (int)(look.side < 2 ? look.side : 0) * 4 + look.capital * 2 + look.port,
		r, 0 };
	paint_art(cr, &key, r * 4, cx, y, city_art, &look);
	/* The rings of a capital, the anchor of a port to the right. */
	labelplace_take(lp, (lp_box){ cx - r * 1.35, y - r * 1.35, cx + (city->port ? r * 3.0 : r * 1.35),
		y + r * 1.35 });
}

/* A city's name shortened as a last resort: a name of several words by
 * their initials ("N.Y.", "N.O.": two cities that both begin "New" stay
 * apart), one word by its first four letters and a full stop ("Wash."),
 * whole when it is that short. */
static char *city_abbreviation(const char *name)
{
	if (strchr(name, ' ')) {
		char *out = xmalloc(2 * strlen(name) + 2), *o = out;
		for (const char *w = name; *w;) {
			/* The word's first letter, whole (UTF-8), and a full stop. */
			*o++ = *w++;
			while ((*w & 0xC0) == 0x80)
				*o++ = *w++;
			*o++ = '.';
			while (*w && *w != ' ')
				w++;
			while (*w == ' ')
				w++;
		}
		*o = '\0';
		return out;
	}
	size_t letters = 0, b = 0;
	while (name[b] && name[b] != ' ' && letters < 4) {
		b++;
		while ((name[b] & 0xC0) == 0x80)
			b++;
		letters++;
	}
	if (!name[b])
		return xstrdup(name);
	return xasprintf("%.*s.", (int)b, name);
}

/* The city's name: under its mark, over it, beside it; then across the
 * square's middle or lower band, reaching into its neighbours' (the
 * counters' words yield: city names are placed before them), and as a
 * last resort its abbreviation.  Victory is about capitals and cities:
 * a bare dot tells a player nothing. */
static void draw_city_name(const render_ctx *rc, cairo_t *cr, label_placer *lp, const map_geom *g,
	const sc_city *city, double cx, double cy)
{
	double r, y, half = g->cell * 0.5;
	city_spot(g, cx, cy, &y, &r);
	const char *name = names_city(rc, city);
	text_style st = { FONT_TEXT, paint_clamp(g->cell * 0.10, 1.6, 8), true, false, ALIGN_CENTER,
		PAINT_INK.r, PAINT_INK.g, PAINT_INK.b };
	double right = r * (city->port ? 3.2 : 1.6);
	const paint_spot spots[] = {
		{ cx, y + r * 1.6, 0.5, 0 },
		{ cx, y - r * 1.6, 0.5, 1 },
		{ cx + right, y, 0, 0.5 },
		{ cx - r * 1.6, y, 1, 0.5 },
		/* Beside it, nudged down and up: clear of a line's end at the
		 * square's corner or of a counter below. */
		{ cx + right, y + r * 0.6, 0, 0.5 },
		{ cx - r * 1.6, y + r * 0.6, 1, 0.5 },
		{ cx + right, y - r * 0.6, 0, 0.5 },
		{ cx - r * 1.6, y - r * 0.6, 1, 0.5 },
		/* Across the square's middle, then its lower band, from its
		 * centre, its left side rightwards, its right side leftwards. */
		{ cx, cy, 0.5, 0.5 },
		{ cx - half * 0.9, cy, 0, 0.5 },
		{ cx + half * 0.9, cy, 1, 0.5 },
		{ cx, cy + half * 0.6, 0.5, 0.5 },
		{ cx - half * 0.9, cy + half * 0.6, 0, 0.5 },
		{ cx + half * 0.9, cy + half * 0.6, 1, 0.5 },
		/* Beside the mark, further out, past a neighbour's address. */
		{ cx + right, y + r * 1.6, 0, 0 },
		{ cx - r * 1.6, y + r * 1.6, 1, 0 },
		/* Over the square's sides, half in a neighbour: the last room
		 * a crowded map has before the name is shortened. */
		{ cx, cy - half, 0.5, 0.5 },
		{ cx, cy + half, 0.5, 0.5 },
		{ cx + half, cy, 0.5, 0.5 },
		{ cx - half, cy, 0.5, 0.5 },
	};
	int n = (int)(sizeof spots / sizeof spots[0]);
	/* Reaching past its square when the reduced map needs it: the
	 * placer keeps it off its neighbours' words and symbols. */
	if (paint_place_text(rc, cr, lp, name, &st, g->cell * 3.0, spots, n))
		return;
	char *shorter = city_abbreviation(name);
	if (strcmp(shorter, name) != 0)
		paint_place_text(rc, cr, lp, shorter, &st, g->cell * 3.0, spots, n);
	free(shorter);
}

/* ---- pieces: land units and ships ---- */

typedef struct piece {
	const char *type;
	size_t side;
	char *name;          /* as the players know it, or its short label on a
	                      * reduced map (names.h): free it */
	size_t cargo;        /* ships: land units aboard */
	long player;         /* with two players a side, whose it is; 0: none told */
} piece;

/* Attack and defence factors, as a counter shows them: "3-3". */
static void factors(const render_ctx *rc, const char *type, char buf[24])
{
	const rs_square_unit *u = ruleset_find_square_unit(rc->rs, type);
	if (u)
		snprintf(buf, 24, "%d-%d", u->attack, u->defend);
	else
		buf[0] = '\0';
}

/* The number of the player a piece belongs to, in a disc of its side's
 * colour centred on (x, y), large enough to read on any map; its
 * radius. */
static double player_badge(const render_ctx *rc, cairo_t *cr, size_t side, long player, double x, double y,
	double r)
{
	text_style st = { FONT_TEXT, fmax(r * 1.3, paint_min_text(rc, cr)), true, false, ALIGN_CENTER, 1, 1, 1 };
	r = st.size / 1.3;
	cairo_arc(cr, x, y, r, 0, 2 * M_PI);
	paint_set(cr, paint_side(side));
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_set_line_width(cr, r * 0.18);
	paint_stroke(cr);
	char n[24];
	snprintf(n, sizeof n, "%ld", player);
	text_draw(rc, cr, n, &st, x, y - st.size * 0.68, 0);
	return r;
}

/* A piece's counter: its type and factors, "+N" for the land units a
 * ship carries, and with two players a side its player's number on its
 * left end (right end: `badge_right`, so that a column's badges do not
 * touch). */
static void draw_piece(const map_canvas *mc, const piece *p, double cx, double cy, double w, double h,
	bool badge_right)
{
	char value[24], label[32] = "";
	factors(mc->rc, p->type, value);
	if (p->cargo)
		snprintf(label, sizeof label, "+%zu", p->cargo);
	paint_counter(mc->rc, mc->cr, mc->placer, ruleset_unit_symbol(mc->rc->rs, p->type), p->side, value, NULL, label,
		paint_clamp(mc->g->cell * 0.042, 1.4, 4), cx, cy, w, h);
	/* The mark takes no room from the names of places: on a reduced map
	 * a city's name may stand over its edge, never the reverse. */
	if (p->player)
		player_badge(mc->rc, mc->cr, p->side, p->player, badge_right ? cx + w / 2 : cx - w / 2, cy - h / 2,
			h * 0.42);
}

/* The narrowest counter a player reads on paper, in printed mm, and the
 * most of a square's width one counter may take to reach it: on a map
 * reduced to a page (overview, the sheet's map) the counters grow to this
 * width and stand in one column; on a smaller square they keep their
 * share of it. */
#define COUNTER_MIN_PRINTED 6.0
#define COUNTER_COLUMN_SHARE 0.64

/* Where a square's counters go: w × h each, `across` a row (2, or 1 in a
 * column), rows `row` apart, up to `most` shown, the column's centre
 * `shift` right of the square's (clear of the general at the left). */
typedef struct counter_grid {
	double w, h, row, shift;
	int across;
	size_t most;
} counter_grid;

static counter_grid counter_layout(const map_canvas *mc)
{
	const map_geom *g = mc->g;
	counter_grid k = { g->cell * 0.42, g->cell * 0.15, g->cell * 0.15 * 1.55, 0, 2, PIECES_SHOWN };
	double printed = text_printed_size(mc->rc, mc->cr, 1.0) / PT_PER_MM;
	if (printed > 0 && k.w * printed < COUNTER_MIN_PRINTED &&
		g->cell * COUNTER_COLUMN_SHARE * printed >= COUNTER_MIN_PRINTED) {
		k.w = COUNTER_MIN_PRINTED / printed;
		k.h = k.w * (0.15 / 0.42);
		/* Two rows fit under a general's line; a badge's disc may reach
		 * beyond its counter, so the next one's badge is at its other end. */
		k.row = k.h * 1.2;
		k.shift = g->cell * 0.07;
		k.across = 1;
		k.most = 2;
	}
	return k;
}

/* Up to the grid's `most` counters (two rows of two, or on a reduced map
 * one column of two) across the lower part of the square, starting at
 * `top`; "+N" when there are more.  With names, the words' turn: each
 * shown piece's name under (or over) its counter where it is clear,
 * instead of the symbols. */
static void draw_pieces(const map_canvas *mc, const piece *pieces, size_t n, double cx, double top, bool names)
{
	const map_geom *g = mc->g;
	counter_grid k = counter_layout(mc);
	double w = k.w, h = k.h, row = k.row;
	size_t shown = n > k.most ? k.most - 1 : n;
	for (size_t i = 0; i < shown; i++) {
		double x = k.across == 1 ? cx + k.shift : shown == 1 ? cx : cx + ((i % 2) ? 0.5 : -0.5) * w * 1.08;
		double y = top + h / 2 + (double)(i / (size_t)k.across) * row;
		if (names && mc->short_names)
			paint_counter_label(mc->rc, mc->cr, mc->placer, pieces[i].name, x, y, w, h,
				paint_clamp(g->cell * 0.042, 1.4, 4));
		else if (names)
			paint_counter_name(mc->rc, mc->cr, mc->placer, pieces[i].name, x, y, h,
				paint_clamp(g->cell * 0.042, 1.4, 4), shown == 1 ? g->cell * 0.9 : w * 1.04);
		else
			draw_piece(mc, &pieces[i], x, y, w, h, k.across == 1 && i % 2 == 1);
	}
	if (n > shown && !names) {
		char more[24];
		snprintf(more, sizeof more, "+%zu", n - shown);
		text_style st = { FONT_TEXT, fmax(h * 0.8, paint_min_text(mc->rc, mc->cr)), true, false, ALIGN_CENTER,
			PAINT_INK.r, PAINT_INK.g, PAINT_INK.b };
		double mw, mh;
		text_measure(mc->rc, mc->cr, more, &st, 0, &mw, &mh);
		/* In the next slot: beside the first counter, or under the
		 * column's last. */
		double mx = k.across == 1 ? cx + k.shift : cx + 0.5 * w * 1.08;
		double my = k.across == 1 ? top + (double)shown * row : top + row;
		text_draw(mc->rc, mc->cr, more, &st, mx, my, 0);
		labelplace_take(mc->placer, labelplace_box(mx - mw / 2, my, mw, mh));
	}
}

static void free_pieces(piece *pieces, size_t n)
{
	for (size_t i = 0; i < n && i < PIECES_SHOWN + 1; i++)
		free(pieces[i].name);
}

/* What a piece is called on this map: its name, or its short label. */
static char *unit_name(const map_canvas *mc, const sc_unit *u)
{
	return mc->short_names ? names_unit_label(mc->rc, u) : names_unit(mc->rc, u);
}

static char *ship_name(const map_canvas *mc, const sc_ship *ship)
{
	return mc->short_names ? names_ship_label(mc->rc, ship) : names_ship(mc->rc, ship);
}

/* The land units ashore on the square, then its ships, in file order;
 * returns how many there are (at most max written, each name to free). */
static size_t collect_pieces(const map_canvas *mc, const position_cell *c, piece *out, size_t max)
{
	const scenario *sc = mc->rc->sc;
	bool players = victory_square_player_count(mc->rc) >= 2;
	size_t n = 0;
	position_walk walk;
	position_units_begin(c, &walk);
	for (long k; (k = position_units_next(mc->pos, &walk)) >= 0; n++)
		if (n < max)
			out[n] = (piece){ sc->units[k].type.text, sc->units[k].side, unit_name(mc, &sc->units[k]), 0,
				players ? scenario_player(&sc->units[k].player) : 0 };
	for (long k = c->ships.first; k >= 0; k = mc->pos->ships[k].next, n++)
		if (n < max)
			out[n] = (piece){ sc->ships[k].type.text, sc->ships[k].side, ship_name(mc, &sc->ships[k]),
				sc->ships[k].cargo_count, players ? scenario_player(&sc->ships[k].player) : 0 };
	return n;
}

/* Where a square's general stands: on the middle line, at the left. */
static void general_spot(const map_geom *g, double cx, double cy, double *x, double *y, double *r)
{
	*x = cx - g->cell * 0.32;
	*y = cy - g->cell * 0.02;
	*r = g->cell * 0.075;
}

/* The square's pieces, symbols or names (draw_pieces): a general stands
 * on the middle line, the counters below him. */
static void cell_pieces(const map_canvas *mc, const position_cell *c, double cx, double cy, bool names)
{
	const map_geom *g = mc->g;
	piece pieces[PIECES_SHOWN + 1] = { 0 };
	size_t n = collect_pieces(mc, c, pieces, PIECES_SHOWN + 1);
	double top = cy + (c->generals.first >= 0 ? g->cell * 0.06 : c->city >= 0 ? 0 : -g->cell * 0.15);
	draw_pieces(mc, pieces, n, cx, top, names);
	free_pieces(pieces, n);
}

/* The city's mark, and with the set-up the pieces ashore and afloat and
 * the general's star. */
static void draw_occupants(const map_canvas *mc, const position_cell *c, double cx, double cy)
{
	const render_ctx *rc = mc->rc;
	cairo_t *cr = mc->cr;
	const map_geom *g = mc->g;
	const scenario *sc = rc->sc;
	if (c->city >= 0)
		draw_city(rc, cr, mc->placer, g, &sc->cities[c->city], cx, cy);
	if (!mc->setup)
		return;
	cell_pieces(mc, c, cx, cy, false);
	if (c->generals.first >= 0) {
		double x, y, r;
		general_spot(g, cx, cy, &x, &y, &r);
		paint_clear_backdrop_round(cr, mc->placer, x, y, r * 1.3);
		paint_general(cr, sc->generals[c->generals.first].side, x, y, r);
		labelplace_take(mc->placer, labelplace_box(x - r, y - r, 2 * r, 2 * r));
	}
}

/* With the set-up, the general's name, inside his square. */
static void draw_general_name(const map_canvas *mc, const position_cell *c, double cx, double cy)
{
	const render_ctx *rc = mc->rc;
	const map_geom *g = mc->g;
	const scenario *sc = rc->sc;
	if (mc->setup && c->generals.first >= 0) {
		double x, y, r;
		general_spot(g, cx, cy, &x, &y, &r);
		char *name = names_general(rc, &sc->generals[c->generals.first]);
		lp_room room;
		room.n = mapgeom_cell_corners(g, cx, cy, g->cell * 0.02, room.x, room.y, LP_ROOM_MAX);
		paint_general_name(rc, mc->cr, mc->placer, name, x, y, r, paint_clamp(g->cell * 0.075, 1.6, 6),
			g->cell * 0.70, &room);
		free(name);
	}
}

/* With the set-up, the pieces' names. */
static void draw_names(const map_canvas *mc, const position_cell *c, double cx, double cy)
{
	if (mc->setup)
		cell_pieces(mc, c, cx, cy, true);
}

/* The ships placed in a sea zone without a square, in the lower half of
 * the zone's anchor square: symbols, or with names their names. */
static void zone_ships(const map_canvas *mc, size_t z, grid_cell cell, bool names)
{
	const scenario *sc = mc->rc->sc;
	const sc_sea_zone *zone = &sc->sea_zones[z];
	double cx, cy;
	mapgeom_center(mc->g, cell, &cx, &cy);
	piece pieces[PIECES_SHOWN + 1] = { 0 };
	size_t n = 0;
	bool players = victory_square_player_count(mc->rc) >= 2;
	for (size_t k = 0; k < sc->ship_count; k++) {
		const sc_ship *s = &sc->ships[k];
		if (s->at.text || !str_eq(s->zone.text, zone->id.text))
			continue;
		if (n < PIECES_SHOWN + 1)
			pieces[n] = (piece){ s->type.text, s->side, ship_name(mc, s), s->cargo_count,
				players ? scenario_player(&s->player) : 0 };
		n++;
	}
	draw_pieces(mc, pieces, n, cx, cy + mc->g->cell * 0.02, names);
	free_pieces(pieces, n);
}

static void draw_zone_ships(const map_canvas *mc, size_t z, grid_cell cell)
{
	zone_ships(mc, z, cell, false);
}

/* The zone's name: over its anchor square (in the upper half, left clear
 * of the ships), reaching into the zone's squares around it; then, with
 * the set-up, its ships' names. */
static void draw_zone_name(const map_canvas *mc, size_t z, grid_cell cell)
{
	const render_ctx *rc = mc->rc;
	const map_geom *g = mc->g;
	const sc_sea_zone *zone = &rc->sc->sea_zones[z];
	double cx, cy;
	mapgeom_center(g, cell, &cx, &cy);
	const char *name = l10n_empty(&zone->name) ? zone->id.text : l10n_get(&zone->name, rc->lang);
	text_style st = { FONT_TITLE, paint_clamp(g->cell * 0.10, 1.8, 8), true, true, ALIGN_CENTER,
		COAST.r, COAST.g, COAST.b };
	const paint_spot spots[] = {
		{ cx, cy - g->cell * 0.12, 0.5, 1 },
		{ cx, cy - g->cell * 0.30, 0.5, 0.5 },
		{ cx, cy + g->cell * 0.30, 0.5, 0.5 },
		{ cx, cy - g->cell * 0.5, 0.5, 0.5 },
		{ cx, cy + g->cell * 0.5, 0.5, 0.5 },
	};
	paint_place_text(rc, mc->cr, mc->placer, name, &st, g->cell * 2.6, spots, 5);
	if (mc->setup)
		zone_ships(mc, z, cell, true);
}

/* ---- lines: coast and zone borders ---- */

/* The ends of the side of a square towards neighbour d (0 N, 1 E, 2 S,
 * 3 W): x0, y0, x1, y1. */
static void side_ends(const map_geom *g, grid_cell cell, int d, double e[4])
{
	double cx, cy, r = g->radius;
	mapgeom_center(g, cell, &cx, &cy);
	static const double ends[4][4] = { { -1, -1, 1, -1 }, { 1, -1, 1, 1 }, { -1, 1, 1, 1 }, { -1, -1, -1, 1 } };
	for (int k = 0; k < 4; k++)
		e[k] = (k % 2 ? cy : cx) + ends[d][k] * r;
}

static void side_path(cairo_t *cr, const map_geom *g, grid_cell cell, int d)
{
	double e[4];
	side_ends(g, cell, d, e);
	cairo_move_to(cr, e[0], e[1]);
	cairo_line_to(cr, e[2], e[3]);
}

/* The lines' widths: the coast, and a border between sea zones. */
static double coast_width(const map_geom *g)
{
	return fmax(0.5, g->cell * 0.03);
}

static double zone_border_width(const map_geom *g)
{
	return fmax(0.35, g->cell * 0.018);
}

/* A side of a shown square that carries a line, from that square: the
 * coast (land on one side, water on the other) or a border between two
 * sea zones.  `first` when the square has the lower index of the two, so
 * that what draws takes each line once. */
typedef void (*border_fn)(const map_canvas *mc, grid_cell cell, int d, bool coast, bool first, void *ctx);

/* Calls visit for every such side of the squares shown, in their order. */
static void each_border(const map_canvas *mc, const size_t *shown, size_t n, border_fn visit, void *ctx)
{
	const map_geom *g = mc->g;
	const position *pos = mc->pos;
	for (size_t i = 0; i < n; i++) {
		grid_cell cell = grid_from_index(&g->board, shown[i]);
		long idx = (long)shown[i];
		bool sea = position_water(pos, cell);
		grid_cell around[GRID_NEIGHBOURS_MAX];
		grid_neighbours(&g->board, cell, around);
		for (int d = 0; d < g->grid->side_neighbours; d++) {
			long other = grid_index(&g->board, around[d]);
			if (other < 0)
				continue;
			bool other_sea = position_water(pos, around[d]);
			bool coast = sea != other_sea;
			if (coast || (sea && pos->cells[idx].zone != pos->cells[other].zone))
				visit(mc, cell, d, coast, other > idx, ctx);
		}
	}
}

/* Adds a side to the path when it is a line of the kind *ctx asks for
 * (true: the coast), once: from the square with the lower index (the
 * visible set reaches a square past the region, so that square is
 * drawn). */
static void border_path(const map_canvas *mc, grid_cell cell, int d, bool coast, bool first, void *ctx)
{
	if (first && coast == *(const bool *)ctx)
		side_path(mc->cr, mc->g, cell, d);
}

static void draw_borders(const map_canvas *mc, const size_t *shown, size_t n)
{
	cairo_t *cr = mc->cr;
	const map_geom *g = mc->g;
	/* Zone borders first (dashed), then the coast over them. */
	bool coast = false;
	each_border(mc, shown, n, border_path, &coast);
	double dash[2] = { g->cell * 0.06, g->cell * 0.04 };
	cairo_set_dash(cr, dash, 2, 0);
	paint_set(cr, COAST);
	cairo_set_line_width(cr, zone_border_width(g));
	paint_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	coast = true;
	each_border(mc, shown, n, border_path, &coast);
	paint_set(cr, COAST);
	cairo_set_line_width(cr, coast_width(g));
	paint_stroke(cr);
}

static void take_border(const map_canvas *mc, grid_cell cell, int d, bool coast, bool first, void *ctx)
{
	(void)first, (void)ctx;  /* both squares take it: the other may not be shown */
	double e[4];
	side_ends(mc->g, cell, d, e);
	labelplace_take_line(mc->placer, e[0], e[1], e[2], e[3], coast ? coast_width(mc->g) : zone_border_width(mc->g));
}

/* Words keep off the coast, the zone borders and the board's edge: a
 * sea zone's name crossing the coast would read as a place ashore, one
 * crossing into the next zone as naming both, and a city's name reaching
 * into the frame would push out a row number.  Taken after the squares'
 * addresses, which stand inside their squares clear of the lines. */
static void take_borders(const map_canvas *mc, const size_t *shown, size_t n)
{
	const map_geom *g = mc->g;
	/* The board's edge too: the band outside it is the frame's, whose
	 * column letters and row numbers come last. */
	double x0 = g->frame, y0 = g->frame, x1 = g->frame + g->cells_width, y1 = g->frame + g->cells_height;
	double edge = fmax(0.4, g->cell * 0.012);
	labelplace_take_line(mc->placer, x0, y0, x1, y0, edge);
	labelplace_take_line(mc->placer, x0, y1, x1, y1, edge);
	labelplace_take_line(mc->placer, x0, y0, x0, y1, edge);
	labelplace_take_line(mc->placer, x1, y0, x1, y1, edge);
	each_border(mc, shown, n, take_border, NULL);
}

/* ---- frame: column letters and row numbers ---- */

static void draw_frame(const map_canvas *mc, double x0, double y0, double x1, double y1)
{
	const render_ctx *rc = mc->rc;
	cairo_t *cr = mc->cr;
	const map_geom *g = mc->g;
	text_style st = { FONT_TITLE, paint_clamp(g->frame * 0.38, 3.0, 8), true, false, ALIGN_CENTER,
		PAINT_INK.r, PAINT_INK.g, PAINT_INK.b };
	/* Raised to the legible size; a frame too narrow for that on a much
	 * reduced map goes without (the squares carry their addresses). */
	double min = paint_min_text(rc, cr);
	bool legible = min <= g->frame * 0.9;
	st.size = fmax(st.size, min);
	const square_board *b = &g->board.square;
	/* Through the placer as every word of the map: centred in the band,
	 * one spot each (nothing else stands there). */
	for (int col = 0; legible && col < b->columns; col++) {
		double x = g->frame + (col + 0.5) * g->cell;
		if (x < x0 - g->cell || x > x1 + g->cell)
			continue;
		char name[GRID_ADDRESS_MAX];
		grid_format((grid_cell){ col, 0 }, name);
		name[strcspn(name, "0123456789")] = '\0';
		const paint_spot top = { x, g->frame / 2, 0.5, 0.5 }, bottom = { x, g->height - g->frame / 2, 0.5, 0.5 };
		paint_place_text(rc, cr, mc->placer, name, &st, g->cell, &top, 1);
		paint_place_text(rc, cr, mc->placer, name, &st, g->cell, &bottom, 1);
	}
	for (int row = 0; legible && row < b->rows; row++) {
		double y = g->frame + (row + 0.5) * g->cell;
		if (y < y0 - g->cell || y > y1 + g->cell)
			continue;
		char name[16];
		snprintf(name, sizeof name, "%d", row + 1);
		const paint_spot left = { g->frame / 2, y, 0.5, 0.5 }, right = { g->width - g->frame / 2, y, 0.5, 0.5 };
		paint_place_text(rc, cr, mc->placer, name, &st, g->frame, &left, 1);
		paint_place_text(rc, cr, mc->placer, name, &st, g->frame, &right, 1);
	}
	cairo_rectangle(cr, g->frame, g->frame, g->cells_width, g->cells_height);
	paint_set(cr, PAINT_INK);
	cairo_set_line_width(cr, fmax(0.4, g->cell * 0.012));
	paint_stroke(cr);
}

/* The squares touching a rectangle, in reading order. */
static size_t visible_squares(const map_geom *g, double x0, double y0, double x1, double y1, size_t *out)
{
	/* A square's drawing (a general's name, a zone's name) stays within
	 * about one square of its centre. */
	const square_board *b = &g->board.square;
	int c0 = (int)floor((x0 - g->frame) / g->cell) - 1, c1 = (int)ceil((x1 - g->frame) / g->cell) + 1;
	int r0 = (int)floor((y0 - g->frame) / g->cell) - 1, r1 = (int)ceil((y1 - g->frame) / g->cell) + 1;
	c0 = c0 < 0 ? 0 : c0;
	r0 = r0 < 0 ? 0 : r0;
	c1 = c1 > b->columns - 1 ? b->columns - 1 : c1;
	r1 = r1 > b->rows - 1 ? b->rows - 1 : r1;
	size_t k = 0;
	for (int r = r0; r <= r1; r++)
		for (int c = c0; c <= c1; c++)
			out[k++] = (size_t)grid_index(&g->board, (grid_cell){ c, r });
	return k;
}

/* The zone of each anchor square shown, one by one. */
static void each_zone(const map_canvas *mc, const size_t *shown, size_t n,
	void (*draw)(const map_canvas *mc, size_t z, grid_cell cell))
{
	for (size_t z = 0; z < mc->rc->sc->sea_zone_count; z++) {
		long anchor = zone_anchor(mc->pos, &mc->rc->sc->sea_zones[z]);
		for (size_t i = 0; anchor >= 0 && i < n; i++)
			if ((long)shown[i] == anchor)
				draw(mc, z, grid_from_index(&mc->g->board, (size_t)anchor));
	}
}

static void draw_zone_pieces(const map_canvas *mc, const size_t *shown, size_t n)
{
	if (mc->setup)
		each_zone(mc, shown, n, draw_zone_ships);
}

/* Every city's name, before any piece's word: the names a player needs
 * to read the victory conditions come first. */
static void draw_city_names(const map_canvas *mc, const size_t *shown, size_t n)
{
	const scenario *sc = mc->rc->sc;
	for (size_t i = 0; i < n; i++) {
		grid_cell cell = grid_from_index(&mc->g->board, shown[i]);
		const position_cell *c = position_at(mc->pos, cell);
		if (!c || c->city < 0)
			continue;
		double cx, cy;
		mapgeom_center(mc->g, cell, &cx, &cy);
		draw_city_name(mc->rc, mc->cr, mc->placer, mc->g, &sc->cities[c->city], cx, cy);
	}
}

/* The words a player sets up and plays by, before the squares'
 * addresses (the frame names every column and row): the generals' names,
 * which must stay in their squares, every city's name, which may reach
 * over the next ones, then each square's pieces. */
static void draw_first_names(const map_canvas *mc, const size_t *shown, size_t n)
{
	mapdraw_each_cell(mc, shown, n, draw_general_name);
	draw_city_names(mc, shown, n);
	mapdraw_each_cell(mc, shown, n, draw_names);
}

static void draw_zone_labels(const map_canvas *mc, const size_t *shown, size_t n)
{
	each_zone(mc, shown, n, draw_zone_name);
}

/* ---- legend ---- */

typedef enum {
	ENTRY_TERRAIN, ENTRY_COAST, ENTRY_ZONE_BORDER, ENTRY_CITY, ENTRY_CAPITAL, ENTRY_PORT,
	ENTRY_UNIT, ENTRY_GENERAL, ENTRY_CARGO, ENTRY_PLAYER,
} entry_kind;

/* One entry's symbol in the swatch at x, y; returns its label. */
static const char *entry_symbol(const render_ctx *rc, cairo_t *cr, entry_kind kind, size_t k,
	double x, double y, double s)
{
	const ruleset *rs = rc->rs;
	switch (kind) {
	case ENTRY_TERRAIN:
		terrainpaint_swatch(rc, cr, &grid_square_ops, rs->terrains[k].id, false, x, y, s);
		return l10n_get(&rs->terrains[k].name, rc->lang);
	case ENTRY_COAST:
	case ENTRY_ZONE_BORDER:
		cairo_rectangle(cr, x + s / 2, y, s / 2, s);
		paint_set(cr, PAINT_WATER);
		cairo_fill(cr);
		if (kind == ENTRY_ZONE_BORDER) {
			cairo_rectangle(cr, x, y, s / 2, s);
			cairo_fill(cr);
			double dash[2] = { s * 0.12, s * 0.08 };
			cairo_set_dash(cr, dash, 2, 0);
		}
		paint_set(cr, COAST);
		cairo_set_line_width(cr, kind == ENTRY_COAST ? 0.8 : 0.5);
		cairo_move_to(cr, x + s / 2, y);
		cairo_line_to(cr, x + s / 2, y + s);
		paint_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		return render_string(rc, kind == ENTRY_COAST ? "coast" : "sea-zone-border");
	case ENTRY_CITY:
	case ENTRY_CAPITAL:
	case ENTRY_PORT:
		city_symbol(cr, x + (kind == ENTRY_PORT ? s * 0.3 : s / 2), y + s / 2, s * 0.2, paint_side(0),
			kind == ENTRY_CAPITAL, kind == ENTRY_PORT);
		return render_string(rc, kind == ENTRY_CITY ? "city" : kind == ENTRY_CAPITAL ? "capital" : "port");
	case ENTRY_UNIT: {
		const rs_square_unit *u = &rs->square.units[k];
		char value[24];
		factors(rc, u->id, value);
		paint_counter(rc, cr, NULL, u->symbol, 0, value, NULL, NULL, 0, x + s / 2, y + s / 2, s * 1.1, s * 0.45);
		return l10n_get(&u->name, rc->lang);
	}
	case ENTRY_GENERAL:
		paint_general(cr, 0, x + s / 2, y + s / 2, s * 0.3);
		return l10n_get(&rs->square.units[k].name, rc->lang);
	case ENTRY_CARGO: {
		text_style st = { FONT_TEXT, s * 0.45, true, false, ALIGN_CENTER, PAINT_INK.r, PAINT_INK.g, PAINT_INK.b };
		text_draw(rc, cr, "+2", &st, x + s / 2, y + s * 0.2, 0);
		return render_string(rc, "units-aboard");
	}
	case ENTRY_PLAYER: {
		/* k: side × players + player - 1.  paint_legend draws an
		 * entry's text before it asks for the next: one buffer. */
		long players = victory_square_player_count(rc);
		size_t side = k / (size_t)players;
		long player = (long)(k % (size_t)players) + 1;
		player_badge(rc, cr, side, player, x + s / 2, y + s / 2, s * 0.22);
		static char label[160];
		char *who = victory_square_commander(rc, side, player);
		const rs_named *named = side < rc->sc->side_count ? ruleset_find_side(rs, rc->sc->sides[side].id.text) : NULL;
		snprintf(label, sizeof label, "%s: %s", named ? l10n_get(&named->name, rc->lang) : "", who);
		free(who);
		return label;
	}
	}
	return "";
}

/* The terrain the map shows, the lines, the places, every piece but the
 * generals (a star, not a counter), the generals, and the cargo mark:
 * entry i as a kind and the index among its kind's items (a terrain's in
 * the ruleset). */
static entry_kind entry_at(const ruleset *rs, const terrain_shown *shows, size_t i, size_t *k)
{
	static const entry_kind LINES_AND_PLACES[] = {
		ENTRY_COAST, ENTRY_ZONE_BORDER, ENTRY_CITY, ENTRY_CAPITAL, ENTRY_PORT,
	};
	if (i < shows->count) {
		*k = shows->terrains[i];
		return ENTRY_TERRAIN;
	}
	i -= shows->count;
	if (i < ARRAY_LEN(LINES_AND_PLACES)) {
		*k = 0;
		return LINES_AND_PLACES[i];
	}
	i -= ARRAY_LEN(LINES_AND_PLACES);
	for (int leaders = 0; leaders < 2; leaders++)
		for (size_t u = 0; u < rs->square.unit_count; u++)
			if (rs->square.units[u].leader == (bool)leaders && i-- == 0) {
				*k = u;
				return leaders ? ENTRY_GENERAL : ENTRY_UNIT;
			}
	if (i == 0) {
		*k = 0;
		return ENTRY_CARGO;
	}
	*k = i - 1;
	return ENTRY_PLAYER;
}

/* A bare board's legend stops before the pieces; with two players a
 * side, the pieces end with each player's mark. */
static size_t legend_count(const render_ctx *rc, bool pieces)
{
	terrain_shown shows;
	terrainpaint_shown(rc, &shows);
	int players = victory_square_player_count(rc);
	size_t marks = players >= 2 ? (size_t)players * (rc->sc ? rc->sc->side_count : 0) : 0;
	return shows.count + 5 + (pieces ? rc->rs->square.unit_count + 1 + marks : 0);
}

static const char *legend_entry(const render_ctx *rc, cairo_t *cr, const void *ctx, size_t i,
	double x, double y, double swatch)
{
	(void)ctx;  /* the pieces come last: the count alone leaves them out */
	terrain_shown shows;
	terrainpaint_shown(rc, &shows);
	size_t k;
	entry_kind kind = entry_at(rc->rs, &shows, i, &k);
	return entry_symbol(rc, cr, kind, k, x, y, swatch);
}

const map_painter squaredraw_painter = {
	.visible = visible_squares,
	.grid_line = 0.005,
	/* In the top-left corner of the square, else in another corner. */
	.address = { 0.06, 1.4, 5, 0.9, 4, {
		{ -1, 0.3, -1, 0.15, 0, 0 },
		{ 1, -0.3, -1, 0.15, 1, 0 },
		{ -1, 0.3, 1, -0.05, 0, 1 },
		{ 1, -0.3, 1, -0.05, 1, 1 },
	} },
	.lines = draw_borders,
	.take_lines = take_borders,
	.occupants = draw_occupants,
	.extras = draw_zone_pieces,
	.first_labels = draw_first_names,
	.labels = draw_zone_labels,
	.frame = draw_frame,
	.legend_count = legend_count,
	.legend_entry = legend_entry,
};
