/* The board as SVG: the same canvas render_map_image draws (mapdraw.h,
 * 1 mm of map = PT_PER_MM user units), written by Cairo's SVG surface into
 * a growing buffer instead of a file, and the cells' outlines taken from
 * the same map geometry, so that an outline laid over the drawing covers
 * its cell exactly. */
#include "boardsvg.h"

#include <cairo-svg.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../model/position.h"
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

static void cells_make(const render_ctx *rc, const position *pos, const map_geom *g, boardsvg *out)
{
	size_t n = grid_count(&rc->board);
	out->cells = xcalloc(n ? n : 1, sizeof *out->cells);
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
	}
}

bool boardsvg_make(const render_ctx *rc, bool pieces, boardsvg *out, char **error)
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

	byte_buf buf = { 0 };
	out->width = MM(g.width);
	out->height = MM(g.height);
	cairo_surface_t *surface = cairo_svg_surface_create_for_stream(svg_write, &buf, out->width, out->height);
	cairo_t *cr = cairo_create(surface);
	cairo_scale(cr, PT_PER_MM, PT_PER_MM);
	cairo_rectangle(cr, 0, 0, g.width, g.height);
	cairo_set_source_rgb(cr, 0.97, 0.96, 0.92);
	cairo_fill(cr);
	if (pieces)
		mapdraw_map(&draw, cr, &g);
	else
		mapdraw_board(&draw, cr, &g);
	cairo_status_t st = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_finish(surface);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(surface);
	cairo_surface_destroy(surface);
	if (st != CAIRO_STATUS_SUCCESS) {
		*error = xasprintf("cannot draw the board: %s", cairo_status_to_string(st));
		free(buf.p);
		position_destroy(own);
		return false;
	}
	bytes_put(&buf, "", 1);
	out->svg = (char *)buf.p;
	out->svg_size = buf.len - 1;
	cells_make(&draw, draw.pos, &g, out);
	position_destroy(own);
	return true;
}

void boardsvg_finish(boardsvg *b)
{
	for (size_t i = 0; i < b->cell_count; i++) {
		free(b->cells[i].terrain);
		free(b->cells[i].standing);
		free(b->cells[i].section);
	}
	free(b->cells);
	free(b->svg);
	memset(b, 0, sizeof *b);
}
