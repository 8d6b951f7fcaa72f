/* Terrain painted from the ruleset's looks: one fill colour, one of a
 * fixed set of symbols, and the name when asked for.  The symbols scale
 * with the cell size s and stand around the cell's centre, so they serve
 * hexes and squares alike; the hill and the field follow the cell's own
 * outline. */
#include "terrainpaint.h"

#include <math.h>

#include <stdlib.h>

#include "../base/util.h"
#include "paint.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static const rgb MOUNTAIN_FILL = { 0.86, 0.78, 0.64 };
static const rgb MOUNTAIN_LINE = { 0.45, 0.32, 0.18 };

/* What a map drawing works out once: how the water runs between its
 * cells, and the size of each symbol. */
struct terrain_course {
	/* The ink of each pattern's symbol (x, y, w, h at SYMBOL_PROBE_SIZE),
	 * once measured. */
	double ink[RS_PATTERN_COUNT][4];
	bool measured[RS_PATTERN_COUNT];
	size_t count;
	/* Per cell index: bit d set when the water runs towards neighbour
	 * d. */
	unsigned char joins[];
};

const rs_terrain *terrainpaint_terrain(const render_ctx *rc, const char *type)
{
	return type ? ruleset_find_terrain(rc->rs, type) : ruleset_unlisted_terrain(rc->rs);
}

/* True when a cell of this terrain type (NULL: a cell the scenario does
 * not list) carries water a watercourse next to it joins up with: the
 * ruleset's water or crosses-water flag. */
static bool joins_water(const render_ctx *rc, const char *type)
{
	const rs_terrain *t = terrainpaint_terrain(rc, type);
	return t && (t->water || t->crosses_water);
}

static void link(terrain_links *links, const map_geom *g, grid_cell neighbour)
{
	if (links->count >= TERRAINPAINT_MAX_LINKS)
		return;
	mapgeom_center(g, neighbour, &links->x[links->count], &links->y[links->count]);
	links->count++;
}

static void set_colour(cairo_t *cr, rs_colour c)
{
	cairo_set_source_rgb(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0);
}

/* Most symbols are small shapes filled in one colour and outlined in a
 * darker one: the current path, filled and stroked. */
static void fill_outlined(cairo_t *cr, rgb fill, rgb line, double width)
{
	paint_set(cr, fill);
	cairo_fill_preserve(cr);
	paint_set(cr, line);
	cairo_set_line_width(cr, width);
	paint_stroke(cr);
}

/* ---- symbols: s is the cell size, (cx, cy) its centre ---- */

static void tree(cairo_t *cr, double x, double y, double s)
{
	cairo_set_source_rgb(cr, 0.36, 0.26, 0.14);
	cairo_rectangle(cr, x - s * 0.012, y, s * 0.024, s * 0.07);
	cairo_fill(cr);
	cairo_arc(cr, x, y - s * 0.02, s * 0.065, 0, 2 * M_PI);
	fill_outlined(cr, (rgb){ 0.24, 0.50, 0.22 }, (rgb){ 0.10, 0.28, 0.10 }, s * 0.008);
}

static void symbol_trees(cairo_t *cr, double cx, double cy, double s)
{
	tree(cr, cx - s * 0.18, cy - s * 0.02, s);
	tree(cr, cx + s * 0.17, cy - s * 0.06, s);
	tree(cr, cx, cy + s * 0.12, s);
	tree(cr, cx + s * 0.02, cy - s * 0.22, s * 0.8);
}

static void symbol_orchard(cairo_t *cr, double cx, double cy, double s)
{
	for (int i = -1; i <= 1; i++) {
		for (int k = -1; k <= 1; k++) {
			cairo_arc(cr, cx + k * s * 0.17, cy + i * s * 0.15, s * 0.04, 0, 2 * M_PI);
			fill_outlined(cr, (rgb){ 0.45, 0.66, 0.30 }, (rgb){ 0.20, 0.38, 0.14 }, s * 0.006);
		}
	}
}

static void symbol_hill(cairo_t *cr, const map_geom *g, grid_cell cell)
{
	cairo_set_source_rgb(cr, 0.55, 0.40, 0.22);
	cairo_set_line_width(cr, g->cell * 0.010);
	mapgeom_cell_path(cr, g, cell, g->cell * 0.10);
	paint_stroke(cr);
	mapgeom_cell_path(cr, g, cell, g->cell * 0.22);
	paint_stroke(cr);
}

static void symbol_buildings(cairo_t *cr, double cx, double cy, double s)
{
	const double spots[3][2] = { { -0.16, -0.08 }, { 0.12, -0.12 }, { 0.0, 0.12 } };
	for (int i = 0; i < 3; i++) {
		double x = cx + spots[i][0] * s, y = cy + spots[i][1] * s;
		double w = s * 0.16, hgt = s * 0.10;
		cairo_rectangle(cr, x - w / 2, y - hgt / 2, w, hgt);
		fill_outlined(cr, (rgb){ 0.62, 0.30, 0.22 }, (rgb){ 0.25, 0.12, 0.08 }, s * 0.008);
		cairo_move_to(cr, x - w / 2, y - hgt / 2);
		cairo_line_to(cr, x, y - hgt);
		cairo_line_to(cr, x + w / 2, y - hgt / 2);
		cairo_close_path(cr);
		cairo_set_source_rgb(cr, 0.35, 0.18, 0.12);
		cairo_fill(cr);
	}
}

static void symbol_field(cairo_t *cr, const map_geom *g, grid_cell cell, double cx, double cy, double s)
{
	cairo_save(cr);
	mapgeom_cell_path(cr, g, cell, s * 0.06);
	cairo_clip(cr);
	cairo_set_source_rgb(cr, 0.70, 0.58, 0.20);
	cairo_set_line_width(cr, s * 0.010);
	for (double d = -s; d <= s; d += s * 0.09) {
		cairo_move_to(cr, cx + d - s * 0.5, cy + s * 0.5);
		cairo_line_to(cr, cx + d + s * 0.5, cy - s * 0.5);
	}
	paint_stroke(cr);
	cairo_restore(cr);
}

static void symbol_rough(cairo_t *cr, double cx, double cy, double s)
{
	const double spots[6][2] = { { -0.2, -0.1 }, { 0.05, -0.2 }, { 0.2, 0.0 },
		{ -0.05, 0.05 }, { -0.18, 0.18 }, { 0.12, 0.2 } };
	for (int i = 0; i < 6; i++) {
		double x = cx + spots[i][0] * s, y = cy + spots[i][1] * s, r = s * 0.055;
		cairo_move_to(cr, x - r, y + r * 0.6);
		cairo_line_to(cr, x - r * 0.2, y - r);
		cairo_line_to(cr, x + r, y + r * 0.6);
		cairo_close_path(cr);
		fill_outlined(cr, (rgb){ 0.45, 0.42, 0.38 }, (rgb){ 0.20, 0.18, 0.16 }, s * 0.008);
	}
}

static void symbol_fence(cairo_t *cr, double cx, double cy, double s)
{
	/* A worm (zig-zag rail) fence across the cell. */
	cairo_set_source_rgb(cr, 0.40, 0.26, 0.12);
	cairo_set_line_width(cr, s * 0.018);
	double left = cx - s * 0.38, step = s * 0.095;
	cairo_move_to(cr, left, cy);
	for (int i = 1; i <= 8; i++)
		cairo_line_to(cr, left + i * step, cy + ((i & 1) ? -s * 0.05 : s * 0.05));
	paint_stroke(cr);
}

static void symbol_mountains(cairo_t *cr, double cx, double cy, double s)
{
	const double peaks[3][3] = { { -0.20, 0.14, 0.20 }, { 0.05, 0.10, 0.26 }, { 0.26, 0.16, 0.17 } };
	cairo_line_join_t join = cairo_get_line_join(cr);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	for (int i = 0; i < 3; i++) {
		double x = cx + peaks[i][0] * s, base = cy + peaks[i][1] * s, h = peaks[i][2] * s;
		cairo_move_to(cr, x - h * 0.75, base);
		cairo_line_to(cr, x, base - h);
		cairo_line_to(cr, x + h * 0.75, base);
		cairo_close_path(cr);
		fill_outlined(cr, MOUNTAIN_FILL, MOUNTAIN_LINE, s * 0.012);
		/* A snow cap: the top third of the peak. */
		cairo_move_to(cr, x - h * 0.25, base - h * 0.66);
		cairo_line_to(cr, x, base - h);
		cairo_line_to(cr, x + h * 0.25, base - h * 0.66);
		cairo_close_path(cr);
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_fill(cr);
	}
	/* The caller's join back, whatever it was (a legend's is not a map's). */
	cairo_set_line_join(cr, join);
}

static void symbol_waves(cairo_t *cr, double cx, double cy, double s)
{
	paint_set(cr, PAINT_WATER_LINE);
	cairo_set_line_width(cr, s * 0.008);
	for (int i = -1; i <= 1; i++) {
		double y = cy + i * s * 0.22 + s * 0.05, x = cx - s * 0.18 + (i & 1) * s * 0.08;
		cairo_move_to(cr, x, y);
		cairo_curve_to(cr, x + s * 0.05, y - s * 0.04, x + s * 0.08, y - s * 0.04, x + s * 0.12, y);
		cairo_curve_to(cr, x + s * 0.16, y + s * 0.04, x + s * 0.19, y + s * 0.04, x + s * 0.24, y);
	}
	paint_stroke(cr);
}

/* The widths of the water, as parts of the cell size: the band of a
 * stream (a bridge spans one as wide: no bulge where it stands), the
 * course line of a stream and of a river. */
#define WATER_BAND 0.22
#define STREAM_LINE 0.03
#define RIVER_LINE 0.05

/* A watercourse: a band from the centre to each edge shared with another
 * water cell, so streams and rivers join up across the map.  Alone it
 * runs straight across; with one neighbour (a source, or the map's edge)
 * it runs on to the opposite side. */
static void water_band(cairo_t *cr, const map_geom *g, double cx, double cy, const terrain_links *l,
	double width)
{
	/* Round ends for the water alone: the cap is given back, or what is
	 * drawn after a stream (a fence, the section lines' dashes) would end
	 * round on some tiles and square on others. */
	cairo_line_cap_t cap = cairo_get_line_cap(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_set_line_width(cr, width);
	for (int i = 0; i < l->count; i++) {
		cairo_move_to(cr, cx, cy);
		cairo_line_to(cr, (cx + l->x[i]) / 2, (cy + l->y[i]) / 2);
	}
	if (l->count == 0) {
		cairo_move_to(cr, cx - g->cell * 0.45, cy);
		cairo_line_to(cr, cx + g->cell * 0.45, cy);
	} else if (l->count == 1) {
		cairo_move_to(cr, cx, cy);
		cairo_line_to(cr, cx - (l->x[0] - cx) / 2, cy - (l->y[0] - cy) / 2);
	}
	paint_stroke(cr);
	cairo_set_line_cap(cr, cap);
}

/* The deck runs across the water: square to the course's first link. */
static void bridge_deck(cairo_t *cr, double cx, double cy, double s, const terrain_links *l)
{
	double a = (l->count > 0 ? atan2(l->y[0] - cy, l->x[0] - cx) : 0) + M_PI / 2;
	cairo_save(cr);
	cairo_translate(cr, cx, cy);
	cairo_rotate(cr, a);
	cairo_rectangle(cr, -s * 0.34, -s * 0.10, s * 0.68, s * 0.20);
	fill_outlined(cr, (rgb){ 0.62, 0.45, 0.25 }, (rgb){ 0.30, 0.18, 0.08 }, s * 0.014);
	cairo_restore(cr);
}

/* The symbols that stand around the cell's centre, by pattern. */
typedef void (*centred_symbol)(cairo_t *cr, double cx, double cy, double s);
static const centred_symbol CENTRED[RS_PATTERN_COUNT] = {
	[RS_PATTERN_TREES] = symbol_trees,
	[RS_PATTERN_ORCHARD] = symbol_orchard,
	[RS_PATTERN_BUILDINGS] = symbol_buildings,
	[RS_PATTERN_ROUGH] = symbol_rough,
	[RS_PATTERN_FENCE] = symbol_fence,
	[RS_PATTERN_MOUNTAINS] = symbol_mountains,
	[RS_PATTERN_WAVES] = symbol_waves,
};

typedef struct centred_art {
	centred_symbol draw;
	double s;
} centred_art;

static void draw_centred(cairo_t *cr, const void *ctx, double x, double y)
{
	const centred_art *a = ctx;
	a->draw(cr, x, y, a->s);
}

/* How far below the cell's centre its symbol stands (mm): a fence, the
 * one symbol drawn as a line across the cell, drops to the cell's foot
 * where the set-up puts counters on its middle, which would hide it; a
 * spread symbol (trees, houses) still shows round them, and its ground's
 * colour names the terrain anyway. */
#define FENCE_DROP 0.30

static double symbol_drop(const map_geom *g, const position *pos, const position_cell *c, rs_pattern pattern,
	bool pieces)
{
	if (!pieces || !c || pattern != RS_PATTERN_FENCE)
		return 0;
	position_walk walk;
	position_units_begin(c, &walk);
	return position_units_next(pos, &walk) >= 0 ? g->cell * FENCE_DROP : 0;
}

static void draw_pattern(cairo_t *cr, const map_geom *g, grid_cell cell, rs_pattern pattern,
	const terrain_links *links, double drop)
{
	double s = g->cell, cx, cy;
	mapgeom_center(g, cell, &cx, &cy);
	cy += drop;
	if ((unsigned)pattern < RS_PATTERN_COUNT && CENTRED[pattern]) {
		/* The same at every cell of the terrain: drawn once per document. */
		centred_art art = { CENTRED[pattern], s };
		paint_art_key key = { PAINT_ART_TERRAIN, (int)pattern, s, 0 };
		paint_art(cr, &key, s, cx, cy, draw_centred, &art);
		return;
	}
	/* The others follow the cell's outline or its neighbours. */
	switch (pattern) {
	case RS_PATTERN_HILL:
		symbol_hill(cr, g, cell);
		break;
	case RS_PATTERN_FIELD:
		symbol_field(cr, g, cell, cx, cy, s);
		break;
	case RS_PATTERN_STREAM:
	case RS_PATTERN_RIVER:
	case RS_PATTERN_BRIDGE:
		if (!links)
			break;  /* a map's: terrainpaint_water draws it */
		if (pattern == RS_PATTERN_STREAM) {
			paint_set(cr, PAINT_WATER);
			water_band(cr, g, cx, cy, links, WATER_BAND * s);
			paint_set(cr, PAINT_WATER_LINE);
			water_band(cr, g, cx, cy, links, STREAM_LINE * s);
		} else if (pattern == RS_PATTERN_RIVER) {
			paint_set(cr, PAINT_WATER_LINE);
			water_band(cr, g, cx, cy, links, RIVER_LINE * s);
		} else {
			paint_set(cr, PAINT_WATER);
			water_band(cr, g, cx, cy, links, WATER_BAND * s);
			bridge_deck(cr, cx, cy, s, links);
		}
		break;
	default:
		break;
	}
}

/* The type a scenario gives a cell; NULL when it lists none. */
static const char *type_of(const position *pos, const position_cell *c)
{
	return c && c->terrain_entry >= 0 ? pos->sc->terrain[c->terrain_entry].type.text : NULL;
}

/* The name across the lower part of the cell (else its middle or top),
 * shrunk to fit the cell but not below the legible size. */
static void draw_name(const render_ctx *rc, cairo_t *cr, const map_geom *g, grid_cell cell, const char *name,
	rs_colour colour, label_placer *lp)
{
	if (!name || !*name)
		return;
	double cx, cy;
	mapgeom_center(g, cell, &cx, &cy);
	text_style st = { FONT_TEXT, paint_clamp(g->cell * 0.10, 1.2, 6), false, true, ALIGN_CENTER,
		colour.r / 255.0, colour.g / 255.0, colour.b / 255.0 };
	const paint_spot spots[] = {
		{ cx, cy + g->radius * 0.50, 0.5, 0 },
		{ cx, cy, 0.5, 0.5 },
		{ cx, cy - g->radius * 0.50, 0.5, 1 },
	};
	paint_place_text(rc, cr, lp, name, &st, g->cell * 0.55, spots, 3);
}

/* terrainpaint_cell with the symbol `drop` mm below the centre. */
static void paint_cell(const render_ctx *rc, cairo_t *cr, const map_geom *g, grid_cell cell, const char *type,
	const terrain_links *links, double drop)
{
	const rs_terrain *t = terrainpaint_terrain(rc, type);
	mapgeom_cell_path(cr, g, cell, 0);
	if (!t && !type) {
		/* A ruleset without a clear type: unlisted cells are paper. */
		paint_set(cr, PAINT_PAPER);
		cairo_fill(cr);
		return;
	}
	/* An id the ruleset lacks (not for a validated scenario) prints like
	 * a type without a look, under its id. */
	const rs_look *look = t ? &t->look : &ruleset_default_look;
	set_colour(cr, look->fill);
	cairo_fill(cr);
	draw_pattern(cr, g, cell, look->pattern, links, drop);
}

void terrainpaint_cell(const render_ctx *rc, cairo_t *cr, const map_geom *g, grid_cell cell,
	const char *type, const terrain_links *links)
{
	paint_cell(rc, cr, g, cell, type, links, 0);
}

void terrainpaint_name(const render_ctx *rc, cairo_t *cr, const map_geom *g, const position *pos, grid_cell cell,
	label_placer *lp)
{
	const position_cell *c = position_at(pos, cell);
	const char *type = type_of(pos, c);
	const rs_terrain *t = terrainpaint_terrain(rc, type);
	if (!t && !type)
		return;
	const rs_look *look = t ? &t->look : &ruleset_default_look;
	if (!look->named)
		return;
	const char *name = t ? l10n_get(&t->name, rc->lang) : type;
	draw_name(rc, cr, g, cell, name && *name ? name : t ? t->id : type, look->label, lp);
}

/* The symbols words keep off where they can: every centred one (trees,
 * houses, peaks, the sea's waves). */
static bool is_icon(rs_pattern pattern)
{
	return (unsigned)pattern < RS_PATTERN_COUNT && CENTRED[pattern];
}

/* The symbol's ink when drawn at SYMBOL_PROBE_SIZE, measured once per
 * map drawing: exact for every symbol, with no table of extents to keep
 * in step. */
#define SYMBOL_PROBE_SIZE 100.0

static const double *symbol_ink(terrain_course *course, rs_pattern pattern)
{
	double *ink = course->ink[pattern];
	if (course->measured[pattern])
		return ink;
	cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
	cairo_t *probe = cairo_create(rec);
	CENTRED[pattern](probe, 0, 0, SYMBOL_PROBE_SIZE);
	cairo_destroy(probe);
	cairo_recording_surface_ink_extents(rec, &ink[0], &ink[1], &ink[2], &ink[3]);
	cairo_surface_destroy(rec);
	course->measured[pattern] = true;
	return ink;
}

bool terrainpaint_symbol_box(const render_ctx *rc, const map_geom *g, const position *pos,
	terrain_course *course, grid_cell cell, bool pieces, lp_box *out, lp_colour *ground)
{
	const position_cell *c = position_at(pos, cell);
	const rs_terrain *t = terrainpaint_terrain(rc, type_of(pos, c));
	if (!t || !is_icon(t->look.pattern))
		return false;
	*ground = (lp_colour){ t->look.fill.r / 255.0, t->look.fill.g / 255.0, t->look.fill.b / 255.0 };
	const double *ink = symbol_ink(course, t->look.pattern);
	double x = ink[0], y = ink[1], w = ink[2], h = ink[3];
	double k = g->cell / SYMBOL_PROBE_SIZE, cx, cy;
	mapgeom_center(g, cell, &cx, &cy);
	cy += symbol_drop(g, pos, c, t->look.pattern, pieces);
	*out = labelplace_box(cx + x * k, cy + y * k, w * k, h * k);
	return true;
}

/* Earthworks: a dark rampart inside the cell's outline. */
static void fieldworks(cairo_t *cr, const map_geom *g, grid_cell cell)
{
	double s = g->cell;
	cairo_set_source_rgb(cr, 0.35, 0.22, 0.10);
	cairo_set_line_width(cr, s * 0.035);
	mapgeom_cell_path(cr, g, cell, s * 0.06);
	paint_stroke(cr);
}

/* ---- the course of water over the cells ---- */

static bool water_at(const render_ctx *rc, const map_geom *g, const position *pos, grid_cell cell)
{
	return grid_on_board(&g->board, cell) && joins_water(rc, type_of(pos, position_at(pos, cell)));
}

/* A join between two water cells across a side, and what orders it. */
typedef struct water_join {
	long a, b;           /* cell indices, a < b */
	int da, db;          /* the direction of each from the other */
	int mixed;           /* 0: both of one terrain (stream and stream); 1 not */
	int degrees;         /* water neighbours of both cells together */
} water_join;

static int join_compare(const void *x, const void *y)
{
	const water_join *p = x, *q = y;
	if (p->mixed != q->mixed)
		return p->mixed - q->mixed;
	if (p->degrees != q->degrees)
		return p->degrees - q->degrees;
	if (p->b != q->b)
		return p->b < q->b ? -1 : 1;
	return (p->a > q->a) - (p->a < q->a);
}

/* The direction of `to` among the neighbours of `from`; -1 if none. */
static int side_towards(const map_geom *g, grid_cell from, grid_cell to)
{
	grid_cell around[GRID_NEIGHBOURS_MAX];
	grid_neighbours(&g->board, from, around);
	for (int d = 0; d < g->grid->side_neighbours; d++)
		if (grid_cell_equal(around[d], to))
			return d;
	return -1;
}

/* What the course needs to know of each cell while it is made. */
typedef struct course_cell {
	bool wet;
	int degree;          /* water cells across its sides */
	long parent;         /* union-find of the cells joined so far */
} course_cell;

static long root_of(course_cell *cells, long i)
{
	while (cells[i].parent != i)
		i = cells[i].parent = cells[cells[i].parent].parent;
	return i;
}

/* Water drawn across every join between water cells closes loops: three
 * mutually adjacent water hexes make a triangle of streams, and a stream
 * touching a river twice a ring.  The course keeps a tree of joins (a
 * minimum spanning forest, Kruskal's way): joins within one terrain
 * first (a stream along its length, a river along its own), then those
 * where a stream meets a river or a lake, the better connected cells
 * last; a join that would close a loop is left out. */
terrain_course *terrainpaint_course(const render_ctx *rc, const map_geom *g, const position *pos)
{
	size_t n = grid_count(&g->board);
	terrain_course *course = xcalloc(1, sizeof *course + n + 1);
	course->count = n;
	int sides = g->grid->side_neighbours;
	course_cell *cells = xcalloc(n + 1, sizeof *cells);
	for (size_t i = 0; i < n; i++)
		cells[i] = (course_cell){ water_at(rc, g, pos, grid_from_index(&g->board, i)), 0, (long)i };
	water_join *joins = xmalloc((n * (size_t)sides + 1) * sizeof *joins);
	size_t count = 0;
	for (size_t i = 0; i < n; i++) {
		if (!cells[i].wet)
			continue;
		grid_cell cell = grid_from_index(&g->board, i), around[GRID_NEIGHBOURS_MAX];
		grid_neighbours(&g->board, cell, around);
		for (int d = 0; d < sides; d++) {
			long k = grid_index(&g->board, around[d]);
			if (k < 0 || !cells[k].wet)
				continue;
			cells[i].degree++;
			if (k < (long)i)
				continue;
			int db = side_towards(g, around[d], cell);
			const char *ta = type_of(pos, position_at(pos, cell));
			const char *tb = type_of(pos, position_at(pos, around[d]));
			joins[count++] = (water_join){ (long)i, k, d, db, !str_eq(ta, tb), 0 };
		}
	}
	for (size_t j = 0; j < count; j++)
		joins[j].degrees = cells[joins[j].a].degree + cells[joins[j].b].degree;
	qsort(joins, count, sizeof *joins, join_compare);
	for (size_t j = 0; j < count; j++) {
		long ra = root_of(cells, joins[j].a), rb = root_of(cells, joins[j].b);
		if (ra == rb)
			continue;
		cells[ra].parent = rb;
		if (joins[j].da < 8)
			course->joins[joins[j].a] |= (unsigned char)(1u << joins[j].da);
		if (joins[j].db >= 0 && joins[j].db < 8)
			course->joins[joins[j].b] |= (unsigned char)(1u << joins[j].db);
	}
	free(joins);
	free(cells);
	return course;
}

void terrainpaint_course_free(terrain_course *course)
{
	free(course);
}

unsigned terrainpaint_course_joins(const terrain_course *course, size_t index)
{
	return index < course->count ? course->joins[index] : 0;
}

void terrainpaint_position_cell(const render_ctx *rc, cairo_t *cr, const map_geom *g, const position *pos,
	grid_cell cell, bool pieces)
{
	const position_cell *c = position_at(pos, cell);
	const char *type = type_of(pos, c);
	const rs_terrain *t = terrainpaint_terrain(rc, type);
	/* The water is terrainpaint_water's, once every cell is filled. */
	paint_cell(rc, cr, g, cell, type, NULL, symbol_drop(g, pos, c, t ? t->look.pattern : RS_PATTERN_NONE, pieces));
	if (c && c->terrain_entry >= 0 && pos->sc->terrain[c->terrain_entry].fieldworks)
		fieldworks(cr, g, cell);
}

/* The neighbours of a cell whose bits are set in mask, as links. */
static void links_of(const map_geom *g, grid_cell cell, unsigned mask, terrain_links *links)
{
	grid_cell around[GRID_NEIGHBOURS_MAX];
	grid_neighbours(&g->board, cell, around);
	links->count = 0;
	for (int d = 0; d < g->grid->side_neighbours; d++)
		if (mask & (1u << d))
			link(links, g, around[d]);
}

static rs_pattern pattern_at(const render_ctx *rc, const position *pos, grid_cell cell)
{
	const rs_terrain *t = terrainpaint_terrain(rc, type_of(pos, position_at(pos, cell)));
	return t ? t->look.pattern : RS_PATTERN_NONE;
}

/* The course line a bridge carries on: a river's where it spans one. */
static double bridge_line(const render_ctx *rc, const map_geom *g, const position *pos, grid_cell cell,
	unsigned joins)
{
	grid_cell around[GRID_NEIGHBOURS_MAX];
	grid_neighbours(&g->board, cell, around);
	for (int d = 0; d < g->grid->side_neighbours; d++)
		if ((joins & (1u << d)) && pattern_at(rc, pos, around[d]) == RS_PATTERN_RIVER)
			return RIVER_LINE;
	return STREAM_LINE;
}

enum { WATER_BANDS, WATER_LINES, WATER_OVER, WATER_PASSES };

void terrainpaint_water(const render_ctx *rc, cairo_t *cr, const map_geom *g, const position *pos,
	const terrain_course *course, const size_t *shown, size_t n)
{
	/* Every band first, then every course line, then what stands over
	 * the water: no cell's band covers the line of the cell before, so
	 * a stream reads as one line from end to end, joined round at the
	 * sides of its cells. */
	double s = g->cell;
	for (int pass = 0; pass < WATER_PASSES; pass++) {
		for (size_t i = 0; i < n; i++) {
			if (shown[i] >= course->count)
				continue;
			grid_cell cell = grid_from_index(&g->board, shown[i]);
			unsigned joins = course->joins[shown[i]];
			rs_pattern pattern = pattern_at(rc, pos, cell);
			/* Only water cells carry water: a stream whose end meets a
			 * dry cell (a town on it) stops at that cell's side, so the
			 * map never shows water where the rules have none. */
			bool water = pattern == RS_PATTERN_STREAM || pattern == RS_PATTERN_RIVER
				|| pattern == RS_PATTERN_BRIDGE;
			if (!water)
				continue;
			terrain_links links;
			links_of(g, cell, joins, &links);
			double cx, cy;
			mapgeom_center(g, cell, &cx, &cy);
			if (pass == WATER_BANDS && pattern != RS_PATTERN_RIVER) {
				paint_set(cr, PAINT_WATER);
				water_band(cr, g, cx, cy, &links, WATER_BAND * s);
			} else if (pass == WATER_LINES) {
				double w = pattern == RS_PATTERN_RIVER ? RIVER_LINE
					: pattern == RS_PATTERN_BRIDGE ? bridge_line(rc, g, pos, cell, joins) : STREAM_LINE;
				paint_set(cr, PAINT_WATER_LINE);
				water_band(cr, g, cx, cy, &links, w * s);
			} else if (pass == WATER_OVER && pattern == RS_PATTERN_BRIDGE) {
				bridge_deck(cr, cx, cy, s, &links);
			}
		}
	}
}

void terrainpaint_swatch(const render_ctx *rc, cairo_t *cr, const grid_ops *grid, const char *type,
	bool with_fieldworks, double x, double y, double s)
{
	grid_board board;
	grid_board_one_cell(grid, &board);
	map_geom g;
	mapgeom_init(&g, &board, s);
	g.frame = 0;
	grid_cell cell = { 0, 0 };
	cairo_save(cr);
	/* A hex is taller than wide: centred on the swatch's band. */
	cairo_translate(cr, x, y - (2 * g.radius - s) / 2);
	terrainpaint_cell(rc, cr, &g, cell, type, &(terrain_links){ .count = 0 });
	if (with_fieldworks)
		fieldworks(cr, &g, cell);
	paint_set(cr, PAINT_GRID);
	cairo_set_line_width(cr, 0.2);
	mapgeom_cell_path(cr, &g, cell, 0);
	paint_stroke(cr);
	cairo_restore(cr);
}

void terrainpaint_shown(const render_ctx *rc, terrain_shown *out)
{
	const ruleset *rs = rc->rs;
	const scenario *sc = rc->sc;
	size_t cells = grid_count(&rc->board);
	unsigned char *listed = xcalloc(cells + 1, 1);
	bool *present = xcalloc(rs->terrain_count + 1, sizeof *present);
	out->count = 0;
	out->fieldworks = false;
	/* A later entry for a cell overrides an earlier one, as it does in
	 * the position: walk back and keep the first seen. */
	size_t listed_count = 0;
	for (size_t e = sc->terrain_count; e-- > 0;) {
		const sc_terrain *t = &sc->terrain[e];
		long k = t->at.valid ? grid_index(&rc->board, t->at.cell) : -1;
		if (k < 0 || listed[k])
			continue;
		listed[k] = 1;
		listed_count++;
		const rs_terrain *rt = terrainpaint_terrain(rc, t->type.text);
		if (rt)
			present[rt - rs->terrains] = true;
		out->fieldworks |= t->fieldworks;
	}
	const rs_terrain *unlisted = ruleset_unlisted_terrain(rs);
	if (listed_count < cells && unlisted)
		present[unlisted - rs->terrains] = true;
	for (size_t i = 0; i < rs->terrain_count && out->count < ARRAY_LEN(out->terrains); i++)
		if (present[i])
			out->terrains[out->count++] = i;
	free(present);
	free(listed);
}
