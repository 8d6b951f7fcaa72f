/* Painting a square-grid map (mb-remastered): terrain per square as its
 * look in the ruleset says (terrainpaint.c), the coast and the borders
 * between sea zones, the zones' names, cities with their capital and port
 * marks in the colour of the side holding them, land units, ships (with
 * the land units they carry) and generals.  Ships placed in a sea zone
 * without a square stand under the zone's name. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "mappaint.h"
#include "terrainpaint.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static const rgb COAST = { 0.12, 0.28, 0.50 };

/* Counters shown in one square; more are summed up as "+N". */
#define PIECES_SHOWN 4

/* ---- per-square look-ups built once per map ---- */

typedef struct square_contents {
	const sc_terrain **terrain; /* per square, NULL = clear */
	long *zone_of;              /* per square: sea zone, -1 */
	long *city_at;              /* per square: city, -1 */
	long *general_at;           /* per square: general, -1 */
	long *unit_first;           /* per square: first land unit ashore, -1 */
	long *unit_next;            /* per unit */
	long *ship_first;           /* per square: first ship, -1 */
	long *ship_next;            /* per ship */
	long *zone_anchor;          /* per zone: the square that carries its name, -1 */
} square_contents;

static long cell_index(const render_ctx *rc, const sc_address *a)
{
	if (!a->text || !a->valid)
		return -1;
	return grid_index(&rc->board, a->hex);
}

/* The square of a zone nearest to its middle: where its name goes. */
static long zone_anchor(const render_ctx *rc, const sc_sea_zone *z)
{
	double mx = 0, my = 0;
	size_t n = 0;
	for (size_t k = 0; k < z->square_count; k++) {
		if (cell_index(rc, &z->squares[k]) < 0)
			continue;
		mx += z->squares[k].hex.col;
		my += z->squares[k].hex.row;
		n++;
	}
	if (n == 0)
		return -1;
	mx /= (double)n;
	my /= (double)n;
	long best = -1;
	double best_d = 0;
	for (size_t k = 0; k < z->square_count; k++) {
		long idx = cell_index(rc, &z->squares[k]);
		if (idx < 0)
			continue;
		double dx = z->squares[k].hex.col - mx, dy = z->squares[k].hex.row - my;
		double d = dx * dx + dy * dy;
		if (best < 0 || d < best_d - 1e-9) {
			best = idx;
			best_d = d;
		}
	}
	return best;
}

/* Prepend in reverse so that each list keeps document order. */
static void contents_build(square_contents *c, const render_ctx *rc)
{
	const scenario *sc = rc->sc;
	size_t n = grid_count(&rc->board);
	c->terrain = xcalloc(n, sizeof *c->terrain);
	c->zone_of = xmalloc(n * sizeof(long));
	c->city_at = xmalloc(n * sizeof(long));
	c->general_at = xmalloc(n * sizeof(long));
	c->unit_first = xmalloc(n * sizeof(long));
	c->ship_first = xmalloc(n * sizeof(long));
	c->unit_next = xmalloc((sc->unit_count + 1) * sizeof(long));
	c->ship_next = xmalloc((sc->ship_count + 1) * sizeof(long));
	c->zone_anchor = xmalloc((sc->sea_zone_count + 1) * sizeof(long));
	for (size_t i = 0; i < n; i++)
		c->zone_of[i] = c->city_at[i] = c->general_at[i] = c->unit_first[i] = c->ship_first[i] = -1;
	for (size_t i = 0; i < sc->terrain_count; i++) {
		long idx = cell_index(rc, &sc->terrain[i].at);
		if (idx >= 0)
			c->terrain[idx] = &sc->terrain[i];
	}
	for (size_t z = 0; z < sc->sea_zone_count; z++) {
		for (size_t k = 0; k < sc->sea_zones[z].square_count; k++) {
			long idx = cell_index(rc, &sc->sea_zones[z].squares[k]);
			if (idx >= 0)
				c->zone_of[idx] = (long)z;
		}
		c->zone_anchor[z] = zone_anchor(rc, &sc->sea_zones[z]);
	}
	for (size_t i = 0; i < sc->city_count; i++) {
		long idx = cell_index(rc, &sc->cities[i].at);
		if (idx >= 0)
			c->city_at[idx] = (long)i;
	}
	for (size_t i = 0; i < sc->general_count; i++) {
		long idx = cell_index(rc, &sc->generals[i].at);
		if (idx >= 0)
			c->general_at[idx] = (long)i;
	}
	for (size_t k = sc->unit_count; k-- > 0;) {
		long idx = sc->units[k].aboard ? -1 : cell_index(rc, &sc->units[k].at);
		c->unit_next[k] = -1;
		if (idx >= 0) {
			c->unit_next[k] = c->unit_first[idx];
			c->unit_first[idx] = (long)k;
		}
	}
	for (size_t k = sc->ship_count; k-- > 0;) {
		long idx = cell_index(rc, &sc->ships[k].at);
		c->ship_next[k] = -1;
		if (idx >= 0) {
			c->ship_next[k] = c->ship_first[idx];
			c->ship_first[idx] = (long)k;
		}
	}
}

static void contents_free(square_contents *c)
{
	free(c->terrain);
	free(c->zone_of);
	free(c->city_at);
	free(c->general_at);
	free(c->unit_first);
	free(c->unit_next);
	free(c->ship_first);
	free(c->ship_next);
	free(c->zone_anchor);
}

/* The type a scenario gives a square; NULL when it lists none. */
static const char *terrain_at(const square_contents *c, long idx)
{
	if (idx < 0 || !c->terrain[idx])
		return NULL;
	return c->terrain[idx]->type.text;
}

/* Sea: water, by the ruleset's flag. */
static bool is_sea(const render_ctx *rc, const char *terrain)
{
	const rs_terrain *t = terrainpaint_terrain(rc, terrain);
	return t && t->water;
}

/* The scenario's index of a side id (cities name their holder by id). */
static size_t side_index(const scenario *sc, const char *id)
{
	for (size_t s = 0; s < sc->side_count; s++)
		if (str_eq(sc->sides[s].id.text, id))
			return s;
	return 0;
}

/* ---- terrain ---- */

static void draw_terrain(const render_ctx *rc, cairo_t *cr, const map_geom *g, const square_contents *c,
	grid_cell cell)
{
	/* Watercourses join the side neighbours that hold or span water. */
	terrain_links links = { .count = 0 };
	grid_cell around[SQUARE_NEIGHBOURS];
	square_neighbours(cell, around);
	for (int d = 0; d < SQUARE_SIDE_NEIGHBOURS; d++)
		if (grid_on_board(&g->board, around[d])
			&& terrainpaint_joins_water(rc, terrain_at(c, grid_index(&g->board, around[d]))))
			terrainpaint_link(&links, g, around[d]);
	terrainpaint_cell(rc, cr, g, cell, terrain_at(c, grid_index(&g->board, cell)), &links);
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
	cairo_stroke(cr);
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
	cairo_stroke(cr);
	if (capital) {
		cairo_arc(cr, x, y, r * 1.28, 0, 2 * M_PI);
		cairo_set_line_width(cr, r * 0.12);
		cairo_stroke(cr);
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

static void draw_city(const render_ctx *rc, cairo_t *cr, const map_geom *g, const sc_city *city,
	double cx, double cy)
{
	double r = g->cell * 0.065, y = cy - g->cell * 0.32;
	city_symbol(cr, cx, y, r, paint_side(side_index(rc->sc, city->side.text)), city->capital, city->port);
	const char *name = city->name.text ? city->name.text : city->id.text ? city->id.text : "";
	text_style st = { FONT_TEXT, paint_clamp(g->cell * 0.10, 1.6, 8), true, false, ALIGN_CENTER,
		PAINT_INK.r, PAINT_INK.g, PAINT_INK.b };
	double w;
	text_measure(rc, cr, name, &st, 0, &w, NULL);
	double max = g->cell * 0.92;
	if (w > max)
		st.size *= max / w;
	text_draw(rc, cr, name, &st, cx, y + r * 1.45, 0);
}

/* ---- pieces: land units and ships ---- */

typedef struct piece {
	const char *type;
	size_t side;
	const char *id;
	size_t cargo;        /* ships: land units aboard */
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

static void draw_piece(const render_ctx *rc, cairo_t *cr, const map_geom *g, const piece *p,
	double cx, double cy, double w, double h)
{
	char value[24], label[96];
	factors(rc, p->type, value);
	if (p->cargo)
		snprintf(label, sizeof label, "%s +%zu", p->id ? p->id : "", p->cargo);
	else
		snprintf(label, sizeof label, "%s", p->id ? p->id : "");
	paint_counter(rc, cr, p->type, p->side, value, label, paint_clamp(g->cell * 0.042, 1.4, 4), cx, cy, w, h);
}

/* Up to PIECES_SHOWN counters in two rows across the lower part of the
 * square, starting at `top`; "+N" when there are more. */
static void draw_pieces(const render_ctx *rc, cairo_t *cr, const map_geom *g, const piece *pieces,
	size_t n, double cx, double top)
{
	double w = g->cell * 0.42, h = g->cell * 0.15, row = h * 1.55;
	size_t shown = n > PIECES_SHOWN ? PIECES_SHOWN - 1 : n;
	for (size_t i = 0; i < shown; i++) {
		double x = shown == 1 ? cx : cx + ((i % 2) ? 0.5 : -0.5) * w * 1.08;
		double y = top + h / 2 + (double)(i / 2) * row;
		draw_piece(rc, cr, g, &pieces[i], x, y, w, h);
	}
	if (n > shown) {
		char more[24];
		snprintf(more, sizeof more, "+%zu", n - shown);
		text_style st = { FONT_TEXT, h * 0.8, true, false, ALIGN_CENTER,
			PAINT_INK.r, PAINT_INK.g, PAINT_INK.b };
		text_draw(rc, cr, more, &st, cx + 0.5 * w * 1.08, top + row * 1.0, 0);
	}
}

static size_t collect_pieces(const render_ctx *rc, const square_contents *c, long idx, piece *out, size_t max)
{
	const scenario *sc = rc->sc;
	size_t n = 0;
	for (long k = c->unit_first[idx]; k >= 0; k = c->unit_next[k], n++)
		if (n < max)
			out[n] = (piece){ sc->units[k].type.text, sc->units[k].side, sc->units[k].id.text, 0 };
	for (long k = c->ship_first[idx]; k >= 0; k = c->ship_next[k], n++)
		if (n < max)
			out[n] = (piece){ sc->ships[k].type.text, sc->ships[k].side, sc->ships[k].id.text,
				sc->ships[k].cargo_count };
	return n;
}

static void draw_occupants(const render_ctx *rc, cairo_t *cr, const map_geom *g, const square_contents *c,
	grid_cell cell)
{
	const scenario *sc = rc->sc;
	long idx = grid_index(&g->board, cell);
	double cx, cy;
	mapgeom_center(g, cell, &cx, &cy);
	bool city = c->city_at[idx] >= 0;
	if (city)
		draw_city(rc, cr, g, &sc->cities[c->city_at[idx]], cx, cy);
	piece pieces[PIECES_SHOWN + 1];
	size_t n = collect_pieces(rc, c, idx, pieces, PIECES_SHOWN + 1);
	bool general = c->general_at[idx] >= 0;
	/* A general stands on the middle line; counters below him. */
	double top = cy + (general ? g->cell * 0.06 : city ? 0 : -g->cell * 0.15);
	draw_pieces(rc, cr, g, pieces, n, cx, top);
	if (general) {
		const sc_general *gen = &sc->generals[c->general_at[idx]];
		const rs_square_place *known = ruleset_find_square_general(rc->rs, gen->id.text);
		const char *name = gen->name.text ? gen->name.text
			: known ? l10n_get(&known->name, rc->lang) : gen->id.text;
		paint_general(rc, cr, gen->side, name, cx - g->cell * 0.32, cy - g->cell * 0.02,
			g->cell * 0.075, paint_clamp(g->cell * 0.075, 1.6, 6), g->cell * 0.70);
	}
}

/* The zone's name, and the ships placed in the zone without a square. */
static void draw_zone_label(const render_ctx *rc, cairo_t *cr, const map_geom *g, size_t z, grid_cell cell)
{
	const scenario *sc = rc->sc;
	const sc_sea_zone *zone = &sc->sea_zones[z];
	double cx, cy;
	mapgeom_center(g, cell, &cx, &cy);
	const char *name = l10n_empty(&zone->name) ? zone->id.text : l10n_get(&zone->name, rc->lang);
	text_style st = { FONT_TITLE, paint_clamp(g->cell * 0.10, 1.8, 8), true, true, ALIGN_CENTER,
		COAST.r, COAST.g, COAST.b };
	double h = text_draw(rc, cr, name ? name : "", &st, cx, cy - g->cell * 0.46, g->cell * 0.96);
	piece pieces[PIECES_SHOWN + 1];
	size_t n = 0;
	for (size_t k = 0; k < sc->ship_count; k++) {
		const sc_ship *s = &sc->ships[k];
		if (s->at.text || !str_eq(s->zone.text, zone->id.text))
			continue;
		if (n < PIECES_SHOWN + 1)
			pieces[n] = (piece){ s->type.text, s->side, s->id.text, s->cargo_count };
		n++;
	}
	draw_pieces(rc, cr, g, pieces, n, cx, cy - g->cell * 0.46 + h + g->cell * 0.04);
}

/* ---- lines: coast and zone borders ---- */

/* The side of a square towards neighbour d (0 N, 1 E, 2 S, 3 W). */
static void side_path(cairo_t *cr, const map_geom *g, grid_cell cell, int d)
{
	double cx, cy, r = g->radius;
	mapgeom_center(g, cell, &cx, &cy);
	static const double ends[4][4] = { { -1, -1, 1, -1 }, { 1, -1, 1, 1 }, { -1, 1, 1, 1 }, { -1, -1, -1, 1 } };
	cairo_move_to(cr, cx + ends[d][0] * r, cy + ends[d][1] * r);
	cairo_line_to(cr, cx + ends[d][2] * r, cy + ends[d][3] * r);
}

static void draw_borders(const render_ctx *rc, cairo_t *cr, const map_geom *g, const square_contents *c,
	const size_t *shown, size_t n)
{
	/* Zone borders first (dashed), then the coast over them. */
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < n; i++) {
			grid_cell cell = grid_from_index(&g->board, shown[i]);
			long idx = (long)shown[i];
			bool sea = is_sea(rc, terrain_at(c, idx));
			grid_cell around[SQUARE_NEIGHBOURS];
			square_neighbours(cell, around);
			for (int d = 0; d < SQUARE_SIDE_NEIGHBOURS; d++) {
				/* Each border once, from the square with the lower index
				 * (the visible set reaches a square past the region, so
				 * that square is drawn). */
				long other = grid_on_board(&g->board, around[d]) ? grid_index(&g->board, around[d]) : -1;
				if (other <= idx)
					continue;
				bool other_sea = is_sea(rc, terrain_at(c, other));
				bool zone_border = sea && other_sea && c->zone_of[idx] != c->zone_of[other];
				if (pass == 0 ? zone_border : sea != other_sea)
					side_path(cr, g, cell, d);
			}
		}
		if (pass == 0) {
			double dash[2] = { g->cell * 0.06, g->cell * 0.04 };
			cairo_set_dash(cr, dash, 2, 0);
			paint_set(cr, COAST);
			cairo_set_line_width(cr, fmax(0.35, g->cell * 0.018));
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
		} else {
			paint_set(cr, COAST);
			cairo_set_line_width(cr, fmax(0.5, g->cell * 0.03));
			cairo_stroke(cr);
		}
	}
}

/* ---- frame: column letters and row numbers ---- */

static void draw_frame(const render_ctx *rc, cairo_t *cr, const map_geom *g, double x0, double y0,
	double x1, double y1)
{
	text_style st = { FONT_TITLE, paint_clamp(g->frame * 0.38, 3.0, 8), true, false, ALIGN_CENTER,
		PAINT_INK.r, PAINT_INK.g, PAINT_INK.b };
	const square_board *b = &g->board.square;
	for (int col = 0; col < b->columns; col++) {
		double x = g->frame + (col + 0.5) * g->cell;
		if (x < x0 - g->cell || x > x1 + g->cell)
			continue;
		char name[GRID_ADDRESS_MAX];
		grid_format((grid_cell){ col, 0 }, name);
		name[strcspn(name, "0123456789")] = '\0';
		text_draw(rc, cr, name, &st, x, (g->frame - st.size * 1.3) / 2, 0);
		text_draw(rc, cr, name, &st, x, g->height - (g->frame + st.size * 1.3) / 2, 0);
	}
	for (int row = 0; row < b->rows; row++) {
		double y = g->frame + (row + 0.5) * g->cell - st.size * 0.65;
		if (y < y0 - g->cell || y > y1 + g->cell)
			continue;
		char name[16];
		snprintf(name, sizeof name, "%d", row + 1);
		text_draw(rc, cr, name, &st, g->frame / 2, y, 0);
		text_draw(rc, cr, name, &st, g->width - g->frame / 2, y, 0);
	}
	cairo_rectangle(cr, g->frame, g->frame, g->cells_width, g->cells_height);
	paint_set(cr, PAINT_INK);
	cairo_set_line_width(cr, fmax(0.4, g->cell * 0.012));
	cairo_stroke(cr);
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
			out[k++] = (size_t)square_index(b, (square_coord){ c, r });
	return k;
}

void squaredraw_region(const render_ctx *rc, cairo_t *cr, const map_geom *g,
	double x0, double y0, double x1, double y1)
{
	square_contents c;
	contents_build(&c, rc);
	cairo_save(cr);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);

	size_t *shown = xmalloc((grid_count(&g->board) + 1) * sizeof *shown);
	size_t n = visible_squares(g, x0, y0, x1, y1, shown);
	for (size_t i = 0; i < n; i++)
		draw_terrain(rc, cr, g, &c, grid_from_index(&g->board, shown[i]));

	paint_set(cr, PAINT_GRID);
	cairo_set_line_width(cr, fmax(0.15, g->cell * 0.005));
	for (size_t i = 0; i < n; i++)
		mapgeom_cell_path(cr, g, grid_from_index(&g->board, shown[i]), 0);
	cairo_stroke(cr);
	draw_borders(rc, cr, g, &c, shown, n);

	/* Addresses in the top-left corner of each square. */
	text_style addr = { FONT_TEXT, paint_clamp(g->cell * 0.06, 1.4, 5), false, false, ALIGN_LEFT,
		0.30, 0.28, 0.25 };
	for (size_t i = 0; i < n; i++) {
		grid_cell cell = grid_from_index(&g->board, shown[i]);
		char name[GRID_ADDRESS_MAX];
		double cx, cy;
		mapgeom_center(g, cell, &cx, &cy);
		text_draw(rc, cr, grid_format(cell, name), &addr, cx - g->radius + addr.size * 0.3,
			cy - g->radius + addr.size * 0.15, 0);
	}

	for (size_t i = 0; i < n; i++)
		draw_occupants(rc, cr, g, &c, grid_from_index(&g->board, shown[i]));
	for (size_t z = 0; z < rc->sc->sea_zone_count; z++) {
		long anchor = c.zone_anchor[z];
		for (size_t i = 0; anchor >= 0 && i < n; i++)
			if ((long)shown[i] == anchor)
				draw_zone_label(rc, cr, g, z, grid_from_index(&g->board, (size_t)anchor));
	}
	draw_frame(rc, cr, g, x0, y0, x1, y1);
	cairo_restore(cr);
	free(shown);
	contents_free(&c);
}

/* ---- legend ---- */

typedef enum {
	ENTRY_TERRAIN, ENTRY_COAST, ENTRY_ZONE_BORDER, ENTRY_CITY, ENTRY_CAPITAL, ENTRY_PORT,
	ENTRY_UNIT, ENTRY_GENERAL, ENTRY_CARGO,
} entry_kind;

static void legend_terrain(const render_ctx *rc, cairo_t *cr, const char *terrain, double x, double y,
	double s)
{
	square_board b;
	square_board_init(&b, 1, 1);
	grid_board board;
	grid_board_square(&board, &b);
	map_geom g;
	mapgeom_init(&g, &board, s);
	g.frame = 0;
	cairo_save(cr);
	cairo_translate(cr, x, y);
	terrainpaint_cell(rc, cr, &g, (grid_cell){ 0, 0 }, terrain, &(terrain_links){ .count = 0 });
	paint_set(cr, PAINT_GRID);
	cairo_set_line_width(cr, 0.2);
	mapgeom_cell_path(cr, &g, (grid_cell){ 0, 0 }, 0);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* One entry's symbol in the swatch at x, y; returns its label. */
static const char *legend_entry(const render_ctx *rc, cairo_t *cr, entry_kind kind, size_t k,
	double x, double y, double s)
{
	const ruleset *rs = rc->rs;
	switch (kind) {
	case ENTRY_TERRAIN:
		legend_terrain(rc, cr, rs->terrains[k].id, x, y, s);
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
		cairo_stroke(cr);
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
		paint_counter(rc, cr, u->id, 0, value, NULL, 0, x + s / 2, y + s / 2, s * 1.1, s * 0.45);
		return l10n_get(&u->name, rc->lang);
	}
	case ENTRY_GENERAL:
		paint_general(rc, cr, 0, NULL, x + s / 2, y + s / 2, s * 0.3, 0, 0);
		return l10n_get(&rs->square.units[k].name, rc->lang);
	case ENTRY_CARGO: {
		text_style st = { FONT_TEXT, s * 0.45, true, false, ALIGN_CENTER, PAINT_INK.r, PAINT_INK.g, PAINT_INK.b };
		text_draw(rc, cr, "+2", &st, x + s / 2, y + s * 0.2, 0);
		return render_string(rc, "units-aboard");
	}
	}
	return "";
}

double squaredraw_legend(const render_ctx *rc, cairo_t *cr, double x, double y, double width, double swatch)
{
	const ruleset *rs = rc->rs;
	double text_size = fmax(2.8, swatch * 0.40);
	text_style head = { FONT_TITLE, text_size * 1.5, true, false, ALIGN_LEFT,
		PAINT_INK.r, PAINT_INK.g, PAINT_INK.b };
	double top = y;
	y += text_draw(rc, cr, render_string(rc, "legend"), &head, x, y, 0) + text_size * 0.5;
	text_style label = { FONT_TEXT, text_size, false, false, ALIGN_LEFT, PAINT_INK.r, PAINT_INK.g, PAINT_INK.b };
	double col_w, row_h;
	int cols = paint_legend_grid(width, swatch, text_size, &col_w, &row_h);

	/* Terrain, the lines, the places, every piece but the general (a
	 * star, not a counter), the general, and the cargo mark. */
	typedef struct { entry_kind kind; size_t k; } entry;
	size_t cap = rs->terrain_count + rs->square.unit_count + 8, count = 0;
	entry *entries = xmalloc(cap * sizeof *entries);
	for (size_t i = 0; i < rs->terrain_count; i++)
		entries[count++] = (entry){ ENTRY_TERRAIN, i };
	entries[count++] = (entry){ ENTRY_COAST, 0 };
	entries[count++] = (entry){ ENTRY_ZONE_BORDER, 0 };
	entries[count++] = (entry){ ENTRY_CITY, 0 };
	entries[count++] = (entry){ ENTRY_CAPITAL, 0 };
	entries[count++] = (entry){ ENTRY_PORT, 0 };
	for (size_t i = 0; i < rs->square.unit_count; i++)
		if (!rs->square.units[i].leader)
			entries[count++] = (entry){ ENTRY_UNIT, i };
	for (size_t i = 0; i < rs->square.unit_count; i++)
		if (rs->square.units[i].leader)
			entries[count++] = (entry){ ENTRY_GENERAL, i };
	entries[count++] = (entry){ ENTRY_CARGO, 0 };

	for (size_t i = 0; i < count; i++) {
		double ex = x + (double)(i % (size_t)cols) * col_w;
		double ey = y + (double)(i / (size_t)cols) * row_h;
		const char *text = legend_entry(rc, cr, entries[i].kind, entries[i].k, ex, ey, swatch);
		text_draw(rc, cr, text, &label, ex + swatch + text_size * 0.7, ey + swatch / 2 - label.size * 0.7,
			col_w - swatch - text_size);
	}
	size_t rows = (count + (size_t)cols - 1) / (size_t)cols;
	free(entries);
	return y + (double)rows * row_h - top;
}
