/* The board as SVG: the same canvas render_map_image draws (mapdraw.h,
 * 1 mm of map = PT_PER_MM user units), written by Cairo's SVG surface into
 * a growing buffer instead of a file, and the cells' outlines taken from
 * the same map geometry, so that an outline laid over the drawing covers
 * its cell exactly. */
#include "boardsvg.h"

#include <cairo-svg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../model/position.h"
#include "boarddigest.h"
#include "mapdraw.h"
#include "mapgeom.h"
#include "names.h"
#include "pdfdoc.h"

static cairo_status_t svg_write(void *closure, const unsigned char *data, unsigned int length)
{
	bytes_put(closure, data, length);
	return CAIRO_STATUS_SUCCESS;
}

/* A side's name in the page's language, else its id. */
static const char *side_name(const render_ctx *rc, size_t side)
{
	if (side >= rc->sc->side_count)
		return "";
	const char *id = rc->sc->sides[side].id.text;
	const rs_named *named = ruleset_find_side(rc->rs, id);
	return named ? l10n_get(&named->name, rc->lang) : id ? id : "";
}

/* "NAME (SIDE)" into the list, "; " between entries. */
static void standing_add(str_buf *b, char *name, const char *side)
{
	if (b->len)
		str_printf(b, "; ");
	if (side && *side)
		str_printf(b, "%s (%s)", name, side);
	else
		str_printf(b, "%s", name);
	free(name);
}

/* Everything on the cell, in the order the map draws it: units, generals,
 * ships, the city, the objectives. */
static char *standing_of(const render_ctx *rc, const position *pos, const position_cell *c)
{
	const scenario *sc = rc->sc;
	str_buf b = { 0 };
	str_printf(&b, "%s", "");
	position_walk w;
	position_units_begin(c, &w);
	for (long u = position_units_next(pos, &w); u >= 0; u = position_units_next(pos, &w))
		standing_add(&b, names_unit(rc, &sc->units[u]), side_name(rc, sc->units[u].side));
	for (long g = c->generals.first; g >= 0; g = pos->generals[g].next)
		standing_add(&b, names_general(rc, &sc->generals[g]), side_name(rc, sc->generals[g].side));
	for (long s = c->ships.first; s >= 0; s = pos->ships[s].next)
		standing_add(&b, names_ship(rc, &sc->ships[s]), side_name(rc, sc->ships[s].side));
	if (c->city >= 0)
		standing_add(&b, xstrdup(names_city(rc, &sc->cities[c->city])), NULL);
	for (long o = c->objectives.first; o >= 0; o = pos->objectives[o].next) {
		const sc_objective *obj = &sc->objectives[o];
		const char *name = l10n_get(&obj->name, rc->lang);
		char *text = *name ? xasprintf("%s: %s", render_string(rc, "studio-objective"), name)
			: xstrdup(render_string(rc, "studio-objective"));
		standing_add(&b, text, NULL);
	}
	return b.s;
}

/* The sections the cell lies in, by the grid's names ("west", ...), in
 * the page's words. */
static char *section_of(const render_ctx *rc, grid_cell cell)
{
	const grid_ops *ops = grid_board_ops(&rc->board);
	unsigned bits = grid_sections(&rc->board, cell);
	str_buf b = { 0 };
	str_printf(&b, "%s", "");
	for (int i = 0; i < ops->section_count; i++) {
		if (!(bits & (1u << i)))
			continue;
		char *id = xasprintf("studio-section-%s", ops->section_names[i]);
		str_printf(&b, "%s%s", b.len ? " / " : "", render_string(rc, id));
		free(id);
	}
	return b.s;
}

/* The cells' facts go (their hashes stay, for whoever compares). */
static void cells_free(boardsvg *b)
{
	for (size_t i = 0; i < b->cell_count; i++) {
		free(b->cells[i].terrain);
		free(b->cells[i].standing);
		free(b->cells[i].section);
	}
	free(b->cells);
	b->cells = NULL;
}

static void cells_make(const render_ctx *rc, const position *pos, const map_geom *g, boardsvg *out)
{
	size_t n = grid_count(&rc->board);
	out->cells = xcalloc(n ? n : 1, sizeof *out->cells);
	out->cell_digests = xcalloc(n ? n : 1, sizeof *out->cell_digests);
	out->cell_count = n;
	for (size_t i = 0; i < n; i++) {
		boardsvg_cell *c = &out->cells[i];
		c->cell = grid_from_index(&rc->board, i);
		grid_format(c->cell, c->address);
		double cx, cy, x[GRID_OUTLINE_MAX], y[GRID_OUTLINE_MAX];
		mapgeom_center(g, c->cell, &cx, &cy);
		c->corner_count = mapgeom_cell_corners(g, cx, cy, 0, x, y, GRID_OUTLINE_MAX);
		for (int k = 0; k < c->corner_count; k++) {
			c->x[k] = MM(x[k]);
			c->y[k] = MM(y[k]);
		}
		c->cx = MM(cx);
		c->cy = MM(cy);
		const rs_terrain *t = position_terrain(pos, c->cell);
		c->terrain = t ? xstrdup(l10n_get(&t->name, rc->lang)) : NULL;
		const position_cell *pc = position_at(pos, c->cell);
		c->standing = pc ? standing_of(rc, pos, pc) : xstrdup("");
		c->section = section_of(rc, c->cell);
		out->cell_digests[i] = boarddigest_cell(rc, pos, c->cell);
	}
	out->rest_digest = boarddigest_rest(rc);
}

/* Draw the part x, y, w × h (user units) of the map into an SVG document
 * of that size.  Cairo's SVG surface leaves out what falls wholly outside
 * the part, so a part's document holds only its own share of the map. */
static bool draw_part(const render_ctx *draw, const map_geom *g, bool pieces, double x, double y, double w,
	double h, label_placer *keep, byte_buf *buf, char **error)
{
	cairo_surface_t *surface = cairo_svg_surface_create_for_stream(svg_write, buf, w, h);
	cairo_t *cr = cairo_create(surface);
	cairo_translate(cr, -x, -y);
	cairo_rectangle(cr, x, y, w, h);
	cairo_clip(cr);
	cairo_scale(cr, PT_PER_MM, PT_PER_MM);
	cairo_rectangle(cr, 0, 0, g->width, g->height);
	cairo_set_source_rgb(cr, 0.97, 0.96, 0.92);
	cairo_fill(cr);
	if (pieces && keep)
		mapdraw_map_placed(draw, cr, g, keep);
	else if (pieces)
		mapdraw_map(draw, cr, g);
	else if (keep)
		mapdraw_board_placed(draw, cr, g, keep);
	else
		mapdraw_board(draw, cr, g);
	cairo_status_t st = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_finish(surface);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(surface);
	cairo_surface_destroy(surface);
	if (st != CAIRO_STATUS_SUCCESS) {
		*error = xasprintf("cannot draw the board: %s", cairo_status_to_string(st));
		free(buf->p);
		memset(buf, 0, sizeof *buf);
		return false;
	}
	bytes_put(buf, "", 1);
	return true;
}

/* A tile's hash stands for what it shows, not for its bytes: Cairo
 * numbers what a document defines (glyphs, clip paths) by a count over the
 * whole drawing, the parts left out of the tile included, and writes every
 * clip path of the drawing into each tile's <defs>.  So an edit elsewhere
 * renumbers and adds definitions without changing the tile's picture.
 * The hash reads the body after </defs> and, in place of each reference
 * "#NAME", the hash of what NAME defines (its own references likewise). */

typedef struct svg_def {
	const char *id;          /* the name, in the document */
	size_t id_len;
	const char *start, *end; /* the definition after its id */
	unsigned long long hash; /* 0: not yet hashed */
	bool busy;               /* being hashed: a loop of references */
} svg_def;

typedef struct svg_defs {
	svg_def *items;
	size_t count, capacity;
} svg_defs;

#define FNV_START 14695981039346656037ull
/* Definitions within definitions: Cairo nests two deep at most. */
#define DEF_DEPTH_MAX 8

/* The first `needle` in p..end, or NULL (memmem is not POSIX). */
static const char *find_text(const char *p, const char *end, const char *needle)
{
	size_t n = strlen(needle);
	for (; p && (size_t)(end - p) >= n; p++) {
		p = memchr(p, needle[0], (size_t)(end - p) - n + 1);
		if (!p || memcmp(p, needle, n) == 0)
			return p;
	}
	return NULL;
}

static unsigned long long fnv_bytes(unsigned long long h, const void *bytes, size_t n)
{
	const unsigned char *p = bytes;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 1099511628211ull;
	return h;
}

/* The elements between begin and end that carry an id: each up to the
 * end tag of its name (Cairo's do not nest in themselves) or its "/>". */
static void defs_read(const char *begin, const char *end, svg_defs *defs)
{
	const char *p = begin;
	while ((p = find_text(p, end, " id=\"")) != NULL) {
		const char *id = p + 5;
		const char *quote = memchr(id, '"', (size_t)(end - id));
		const char *open = p;
		while (open > begin && *open != '<')
			open--;
		if (!quote || *open != '<')
			return;
		size_t tag_len = strcspn(open + 1, " \n>/");
		const char *gt = memchr(quote, '>', (size_t)(end - quote));
		const char *stop = NULL;
		char close[40];
		if (gt && gt[-1] == '/') {
			stop = gt + 1;
		} else if (gt && tag_len + 4 < sizeof close) {
			snprintf(close, sizeof close, "</%.*s>", (int)tag_len, open + 1);
			stop = find_text(gt, end, close);
			if (stop)
				stop += strlen(close);
		}
		if (!stop)
			return;
		if (defs->count == defs->capacity) {
			defs->capacity = defs->capacity ? defs->capacity * 2 : 64;
			defs->items = xrealloc(defs->items, defs->capacity * sizeof *defs->items);
		}
		defs->items[defs->count++] = (svg_def){ .id = id, .id_len = (size_t)(quote - id), .start = quote + 1,
			.end = stop };
		p = quote;
	}
}

static svg_def *def_find(svg_defs *defs, const char *name, size_t n)
{
	for (size_t i = 0; i < defs->count; i++)
		if (defs->items[i].id_len == n && memcmp(defs->items[i].id, name, n) == 0)
			return &defs->items[i];
	return NULL;
}

static unsigned long long def_hash(svg_defs *defs, svg_def *d, int depth);

/* Hash p..end into h, each "#NAME" of a definition as that one's hash,
 * and without the names of ids (Cairo numbers its groups too). */
static unsigned long long hash_refs(svg_defs *defs, const char *p, const char *end, unsigned long long h, int depth)
{
	while (p < end) {
		const char *mark = memchr(p, '#', (size_t)(end - p));
		const char *id = find_text(p, mark ? mark : end, " id=\"");
		if (id) {
			h = fnv_bytes(h, p, (size_t)(id + 5 - p));
			const char *quote = memchr(id + 5, '"', (size_t)(end - id - 5));
			p = quote ? quote : end;
			continue;
		}
		if (!mark)
			return fnv_bytes(h, p, (size_t)(end - p));
		h = fnv_bytes(h, p, (size_t)(mark + 1 - p));
		const char *name = mark + 1;
		size_t n = 0;
		while (name + n < end && name[n] != '"' && name[n] != ')' && name[n] != ' ')
			n++;
		svg_def *d = n ? def_find(defs, name, n) : NULL;
		if (d) {
			unsigned long long dh = def_hash(defs, d, depth);
			h = fnv_bytes(h, &dh, sizeof dh);
			p = name + n;
		} else {
			p = name;
		}
	}
	return h;
}

static unsigned long long def_hash(svg_defs *defs, svg_def *d, int depth)
{
	if (d->hash)
		return d->hash;
	if (d->busy || depth > DEF_DEPTH_MAX)
		return fnv_bytes(FNV_START, d->start, (size_t)(d->end - d->start));
	d->busy = true;
	d->hash = hash_refs(defs, d->start, d->end, FNV_START, depth + 1) | 1;
	d->busy = false;
	return d->hash;
}

static unsigned long long tile_hash(const char *svg, size_t size)
{
	const char *end = svg + size;
	const char *defs_end = find_text(svg, end, "</defs>");
	if (!defs_end)
		return fnv_bytes(FNV_START, svg, size);
	svg_defs defs = { 0 };
	defs_read(svg, defs_end, &defs);
	/* The document's head up to <defs> (its size) and the body. */
	const char *defs_start = find_text(svg, defs_end, "<defs>");
	unsigned long long h = fnv_bytes(FNV_START, svg, (size_t)((defs_start ? defs_start : defs_end) - svg));
	h = hash_refs(&defs, defs_end, end, h, 0);
	free(defs.items);
	return h;
}

/* The tile at column col, row row of `across` × `down` parts of equal
 * size: each but the last of its row and column runs
 * BOARDSVG_TILE_OVERLAP further, so that tiles laid side by side and
 * scaled show no seam where they meet. */
static void tile_place(const boardsvg *b, int across, int down, int col, int row, boardsvg_tile *t)
{
	t->x = b->width * col / across;
	t->y = b->height * row / down;
	double right = b->width * (col + 1) / across, bottom = b->height * (row + 1) / down;
	t->w = (col + 1 < across ? fmin(right + BOARDSVG_TILE_OVERLAP, b->width) : right) - t->x;
	t->h = (row + 1 < down ? fmin(bottom + BOARDSVG_TILE_OVERLAP, b->height) : bottom) - t->y;
}

/* Draw a tile anew; keep (or NULL) receives the drawing's placer. */
static bool tile_draw(const render_ctx *draw, const map_geom *g, bool pieces, boardsvg_tile *t, label_placer *keep,
	char **error)
{
	byte_buf buf = { 0 };
	if (!draw_part(draw, g, pieces, t->x, t->y, t->w, t->h, keep, &buf, error))
		return false;
	free(t->svg);
	t->svg = (char *)buf.p;
	t->svg_size = buf.len - 1;
	t->hash = tile_hash(t->svg, t->svg_size);
	return true;
}

static int taken_order(const void *x, const void *y)
{
	const boardsvg_taken *a = x, *b = y;
	const double ka[4] = { a->box.x0, a->box.y0, a->box.x1, a->box.y1 };
	const double kb[4] = { b->box.x0, b->box.y0, b->box.x1, b->box.y1 };
	for (int i = 0; i < 4; i++)
		if (ka[i] != kb[i])
			return ka[i] < kb[i] ? -1 : 1;
	return (a->kind > b->kind) - (a->kind < b->kind);
}

/* The placer's boxes, sorted, as the drawing's own (lp freed). */
static void taken_keep(boardsvg *b, label_placer *lp)
{
	free(b->taken);
	b->taken = xcalloc(lp->count ? lp->count : 1, sizeof *b->taken);
	for (size_t i = 0; i < lp->count; i++)
		b->taken[i] = (boardsvg_taken){ lp->boxes[i], lp->placed[i] };
	b->taken_count = lp->count;
	qsort(b->taken, b->taken_count, sizeof *b->taken, taken_order);
	labelplace_free(lp);
}

/* Mark the tiles a rectangle of user units meets. */
static void tiles_meeting(const boardsvg *b, double x0, double y0, double x1, double y1, bool *dirty)
{
	for (size_t k = 0; k < b->tile_count; k++) {
		const boardsvg_tile *t = &b->tiles[k];
		if (x1 >= t->x && x0 <= t->x + t->w && y1 >= t->y && y0 <= t->y + t->h)
			dirty[k] = true;
	}
}

/* A box in the map's mm, grown by the placer's gap and a hair, as the
 * tiles' user units. */
static void tiles_meeting_box(const boardsvg *b, lp_box box, bool *dirty)
{
	const double grow = 0.5;
	tiles_meeting(b, MM(box.x0 - grow), MM(box.y0 - grow), MM(box.x1 + grow), MM(box.y1 + grow), dirty);
}

/* Mark the tiles under every box taken in one drawing and not in the
 * other: where a word or symbol came, went or moved. */
static void taken_changes(const boardsvg *b, const boardsvg_taken *before, size_t n_before, bool *dirty)
{
	size_t i = 0, j = 0;
	while (i < n_before || j < b->taken_count) {
		int order = i == n_before ? 1 : j == b->taken_count ? -1 : taken_order(&before[i], &b->taken[j]);
		if (order == 0) {
			i++;
			j++;
		} else if (order < 0) {
			tiles_meeting_box(b, before[i++].box, dirty);
		} else {
			tiles_meeting_box(b, b->taken[j++].box, dirty);
		}
	}
}

static bool tiles_make(const render_ctx *draw, const map_geom *g, bool pieces, int across, int down,
	boardsvg *out, char **error)
{
	out->tile_count = (size_t)across * (size_t)down;
	out->tiles = xcalloc(out->tile_count, sizeof *out->tiles);
	for (int row = 0; row < down; row++) {
		for (int col = 0; col < across; col++) {
			size_t k = (size_t)row * (size_t)across + (size_t)col;
			label_placer lp;
			tile_place(out, across, down, col, row, &out->tiles[k]);
			if (!tile_draw(draw, g, pieces, &out->tiles[k], k == 0 ? &lp : NULL, error))
				return false;
			if (k == 0)
				taken_keep(out, &lp);
		}
	}
	return true;
}

/* How a map of w × h is cut into about `about` tiles, as near square as
 * its shape allows. */
static void tile_grid(double w, double h, int about, int *across, int *down)
{
	int a = (int)lround(sqrt(about * w / h));
	a = a < 1 ? 1 : a > BOARDSVG_TILES_MAX ? BOARDSVG_TILES_MAX : a;
	int b = (int)lround((double)about / a);
	*across = a;
	*down = b < 1 ? 1 : b > BOARDSVG_TILES_MAX ? BOARDSVG_TILES_MAX : b;
}

/* The whole map (about 0) or its tiles, and the cells. */
static bool board_make(const render_ctx *rc, bool pieces, int about, boardsvg *out, char **error)
{
	memset(out, 0, sizeof *out);
	*error = NULL;
	map_geom g;
	mapgeom_init(&g, &rc->board, rc->cell_size);
	if (!(g.width > 0 && g.height > 0)) {
		*error = xstrdup("the board has no cells to draw");
		return false;
	}
	/* The drawing is made as the SVG map product makes it: points, not
	 * pixels, decide which labels are large enough to print. */
	render_ctx draw = *rc;
	draw.format = DOC_SVG;
	position *own = rc->pos ? NULL : position_create(rc->sc, rc->rs);
	draw.pos = rc->pos ? rc->pos : own;
	out->width = MM(g.width);
	out->height = MM(g.height);
	bool ok;
	out->pieces = pieces;
	out->about = about;
	if (about > 0) {
		int across, down;
		tile_grid(out->width, out->height, about, &across, &down);
		ok = tiles_make(&draw, &g, pieces, across, down, out, error);
	} else {
		byte_buf buf = { 0 };
		ok = draw_part(&draw, &g, pieces, 0, 0, out->width, out->height, NULL, &buf, error);
		out->svg = (char *)buf.p;
		out->svg_size = ok ? buf.len - 1 : 0;
	}
	if (ok)
		cells_make(&draw, draw.pos, &g, out);
	else
		boardsvg_finish(out);
	position_destroy(own);
	return ok;
}

bool boardsvg_make(const render_ctx *rc, bool pieces, boardsvg *out, char **error)
{
	return board_make(rc, pieces, 0, out, error);
}

bool boardsvg_make_tiles(const render_ctx *rc, bool pieces, int about, boardsvg *out, char **error)
{
	return board_make(rc, pieces, about < 1 ? 1 : about, out, error);
}

/* The cells whose hashes changed, with the cells round each (a river or
 * road drawn in a neighbour joins the cell), mark the tiles they meet;
 * true when any did. */
static bool cells_changed(const boardsvg *b, const unsigned long long *before, const map_geom *g, bool *dirty)
{
	bool any = false;
	double reach = MM(g->radius + g->cell);
	for (size_t i = 0; i < b->cell_count; i++) {
		if (before[i] == b->cell_digests[i])
			continue;
		const boardsvg_cell *c = &b->cells[i];
		tiles_meeting(b, c->cx - reach, c->cy - reach, c->cx + reach, c->cy + reach, dirty);
		any = true;
	}
	return any;
}

/* The update of the same cut on the same board: the cells' facts and
 * hashes anew, then the tiles they mark, the first of them handing back
 * its placer, then those under the boxes that changed. */
static bool tiles_update(const render_ctx *draw, const map_geom *g, boardsvg *b, char **error)
{
	unsigned long long *before = b->cell_digests;
	cells_free(b);
	cells_make(draw, draw->pos, g, b);
	bool *dirty = xcalloc(b->tile_count, sizeof *dirty);
	bool any = cells_changed(b, before, g, dirty);
	free(before);
	bool ok = true;
	if (any) {
		size_t first = 0;
		while (!dirty[first])
			first++;
		boardsvg_taken *taken = b->taken;
		size_t taken_count = b->taken_count;
		b->taken = NULL;
		label_placer lp;
		ok = tile_draw(draw, g, b->pieces, &b->tiles[first], &lp, error);
		if (ok) {
			taken_keep(b, &lp);
			taken_changes(b, taken, taken_count, dirty);
		}
		free(taken);
		for (size_t k = 0; ok && k < b->tile_count; k++)
			if (dirty[k] && k != first)
				ok = tile_draw(draw, g, b->pieces, &b->tiles[k], NULL, error);
	}
	free(dirty);
	return ok;
}

bool boardsvg_update_tiles(const render_ctx *rc, boardsvg *b, char **error)
{
	*error = NULL;
	map_geom g;
	mapgeom_init(&g, &rc->board, rc->cell_size);
	bool same_cut = b->tiles && b->about > 0 && b->width == MM(g.width) && b->height == MM(g.height)
		&& b->cell_count == grid_count(&rc->board);
	if (same_cut) {
		render_ctx draw = *rc;
		draw.format = DOC_SVG;
		position *own = rc->pos ? NULL : position_create(rc->sc, rc->rs);
		draw.pos = rc->pos ? rc->pos : own;
		same_cut = boarddigest_rest(&draw) == b->rest_digest;
		if (same_cut) {
			bool ok = tiles_update(&draw, &g, b, error);
			position_destroy(own);
			if (!ok)
				boardsvg_finish(b);
			return ok;
		}
		position_destroy(own);
	}
	bool pieces = b->pieces;
	int about = b->about > 0 ? b->about : 1;
	boardsvg_finish(b);
	return board_make(rc, pieces, about, b, error);
}

void boardsvg_finish(boardsvg *b)
{
	cells_free(b);
	for (size_t i = 0; i < b->tile_count; i++)
		free(b->tiles[i].svg);
	free(b->tiles);
	free(b->svg);
	free(b->cell_digests);
	free(b->taken);
	memset(b, 0, sizeof *b);
}
