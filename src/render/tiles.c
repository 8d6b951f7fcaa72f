/* The map at true scale, cut over A4 or Letter pages for a miniatures
 * table: each tile repeats a band of its neighbour for taping, carries cut
 * and alignment marks, its place in the assembly ("2-3": row, column), a small diagram
 * of the assembly and a 50 mm bar to check the printer did not scale. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../base/util.h"
#include "mapdraw.h"
#include "paint.h"
#include "pdfdoc.h"
#include "products.h"

static int tiles_needed(double length, double area, double step)
{
	if (length <= area)
		return 1;
	return 1 + (int)ceil((length - area) / step - 1e-9);
}

/* Where the first of `count` tiles starts so that they are centred on
 * the content's length: the slack is shared by both ends. */
static double centred(double length, double area, double step, int count)
{
	return (length - (area + (count - 1) * step)) / 2;
}

void tiles_plan_cover(const layouts *l, const paper_size *paper, double map_width, double map_height,
	double need_x0, double need_y0, double need_x1, double need_y1, tile_plan *plan)
{
	tile_plan best = { 0 };
	for (int landscape = 0; landscape < 2; landscape++) {
		tile_plan p;
		p.page_width = landscape ? paper->height : paper->width;
		p.page_height = landscape ? paper->width : paper->height;
		p.area_width = p.page_width - 2 * l->tile_margin;
		p.area_height = p.page_height - 2 * l->tile_margin - l->tile_footer;
		p.step_x = p.area_width - l->tile_overlap;
		p.step_y = p.area_height - l->tile_overlap;
		/* The whole content when that takes no more pages than what
		 * must be covered; else what must, centred, the rest shared. */
		int need_columns = tiles_needed(need_x1 - need_x0, p.area_width, p.step_x);
		int need_rows = tiles_needed(need_y1 - need_y0, p.area_height, p.step_y);
		p.columns = tiles_needed(map_width, p.area_width, p.step_x);
		p.rows = tiles_needed(map_height, p.area_height, p.step_y);
		p.offset_x = p.offset_y = 0;
		if (p.columns > need_columns) {
			p.columns = need_columns;
			p.offset_x = (need_x0 + need_x1) / 2 - map_width / 2 + centred(map_width, p.area_width, p.step_x, p.columns);
		}
		if (p.rows > need_rows) {
			p.rows = need_rows;
			p.offset_y = (need_y0 + need_y1) / 2 - map_height / 2 + centred(map_height, p.area_height, p.step_y, p.rows);
		}
		if (!landscape || p.columns * p.rows < best.columns * best.rows)
			best = p;
	}
	*plan = best;
}

void tiles_plan(const layouts *l, const paper_size *paper, double map_width, double map_height,
	tile_plan *plan)
{
	tiles_plan_cover(l, paper, map_width, map_height, 0, 0, map_width, map_height, plan);
}

/* "2-3": row 2 from the north, column 3 from the west.  Digits on both
 * sides of a dash, so that no tile name reads like a cell's address
 * ("B3"). */
static void tile_name(int row, int col, char buf[32])
{
	snprintf(buf, 32, "%d-%d", row + 1, col + 1);
}

/* Footer contents stay this far in from the area's corners (mm), where
 * the cut marks run down into the footer band. */
#define FOOTER_INSET 3.0

static void cut_mark(cairo_t *cr, double x, double y, double dx, double dy, double len)
{
	/* A mark pointing away from the corner, outside the printed area. */
	cairo_move_to(cr, x + dx * 1.0, y);
	cairo_line_to(cr, x + dx * (1.0 + len), y);
	cairo_move_to(cr, x, y + dy * 1.0);
	cairo_line_to(cr, x, y + dy * (1.0 + len));
}

void tiles_draw_calibration(const render_ctx *rc, cairo_t *cr, double x, double y)
{
	cairo_save(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	/* Black and white 10 mm steps: a ruler can be laid on each. */
	for (int i = 0; i < 5; i += 2)
		cairo_rectangle(cr, x + i * 10, y, 10, 2.5);
	cairo_fill(cr);
	cairo_set_line_width(cr, 0.2);
	cairo_rectangle(cr, x, y, 50, 2.5);
	paint_stroke(cr);
	text_style st = { FONT_TEXT, 2.4, false, false, ALIGN_LEFT, 0, 0, 0 };
	/* Wrapped to the bar's width: the bar ends inside the trim, clear of
	 * the crop marks' line, and so must its words in every language. */
	text_draw(rc, cr, render_string(rc, "calibration"), &st, x, y + 3.2, 50);
	cairo_restore(cr);
}

static void draw_assembly(cairo_t *cr, const tile_plan *p, int row, int col, double x, double y, double max_w, double max_h)
{
	double cell = fmin(max_w / p->columns, max_h / p->rows);
	cell = fmin(cell, 4.0);
	cairo_save(cr);
	cairo_set_line_width(cr, 0.2);
	for (int r = 0; r < p->rows; r++) {
		for (int c = 0; c < p->columns; c++) {
			cairo_rectangle(cr, x + c * cell, y + r * cell, cell, cell);
			if (r == row && c == col) {
				cairo_set_source_rgb(cr, 0.70, 0.10, 0.10);
				cairo_fill_preserve(cr);
			}
			paint_set(cr, PAINT_INK);
			paint_stroke(cr);
		}
	}
	cairo_restore(cr);
}

/* Cut marks, overlap bands and footer of one tile (page coordinates, mm). */
static void tile_furniture(const render_ctx *rc, cairo_t *cr, const tile_plan *p, int r, int c,
	const char *name, const char *place)
{
	const layouts *l = rc->layouts;
	double m = l->tile_margin;
	/* Overlap bands that the next tiles cover: a light tint of the black
	 * plate alone (a grey mixed of four inks would fringe). */
	cairo_set_source_rgba(cr, INK_BLACK, 0.144);
	if (c + 1 < p->columns)
		cairo_rectangle(cr, m + p->area_width - l->tile_overlap, m, l->tile_overlap, p->area_height);
	if (r + 1 < p->rows)
		cairo_rectangle(cr, m, m + p->area_height - l->tile_overlap, p->area_width, l->tile_overlap);
	cairo_fill(cr);

	/* Cut marks at the corners of the area, alignment ticks where
	 * the neighbours' edges land; all of them stop short of the paper's
	 * edge band, which home and office printers do not print. */
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 0.25);
	double x0 = m, y0 = m, x1 = m + p->area_width, y1 = m + p->area_height;
	double len = m - 1 - l->tile_edge;
	cut_mark(cr, x0, y0, -1, -1, len);
	cut_mark(cr, x1, y0, 1, -1, len);
	cut_mark(cr, x0, y1, -1, 1, len);
	cut_mark(cr, x1, y1, 1, 1, len);
	if (c + 1 < p->columns) {
		double x = x1 - l->tile_overlap;
		cairo_move_to(cr, x, y0 - 1);
		cairo_line_to(cr, x, y0 - 1 - len);
		cairo_move_to(cr, x, y1 + 1);
		cairo_line_to(cr, x, y1 + 3);
	}
	if (r + 1 < p->rows) {
		double y = y1 - l->tile_overlap;
		cairo_move_to(cr, x0 - 1, y);
		cairo_line_to(cr, x0 - 1 - len, y);
		cairo_move_to(cr, x1 + 1, y);
		cairo_line_to(cr, x1 + 1 + len, y);
	}
	paint_stroke(cr);

	/* Footer: name, place, diagram, calibration, hint; kept
	 * FOOTER_INSET in from the corners, clear of the cut marks there,
	 * the place text starting after the name however long it is. */
	double fy = y1 + 4, left = x0 + FOOTER_INSET, right = x1 - FOOTER_INSET;
	text_style big = { FONT_TITLE, 9, true, false, ALIGN_LEFT, 0, 0, 0 };
	double name_w;
	text_measure(rc, cr, name, &big, 0, &name_w, NULL);
	text_draw(rc, cr, name, &big, left, fy, 0);
	double bar_x = right - 50, diagram_x = bar_x - 18;
	double text_x = left + name_w + 4, text_w = diagram_x - 2 - text_x;
	text_style small = { FONT_TEXT, 2.5, false, false, ALIGN_LEFT, INK_BLACK };
	text_draw(rc, cr, place, &small, text_x, fy + 0.5, text_w);
	text_draw(rc, cr, render_string(rc, "overlap-hint"), &small, text_x, fy + 7, text_w);
	draw_assembly(cr, p, r, c, diagram_x, fy, 14, 12);
	tiles_draw_calibration(rc, cr, bar_x, fy + 1);
}

void tiles_write(const render_ctx *rc, pdfdoc *doc, int parent, const tile_plan *p,
	tiles_draw_fn draw, const void *content, const char *note)
{
	cairo_t *cr = pdfdoc_cairo(doc);
	double m = rc->layouts->tile_margin;
	const char *title = l10n_get(&rc->sc->title, rc->lang);
	int total = p->columns * p->rows, index = 0;
	for (int r = 0; r < p->rows; r++) {
		for (int c = 0; c < p->columns; c++, index++) {
			if (index > 0)
				pdfdoc_next_page(doc, p->page_width, p->page_height);
			char name[32];
			tile_name(r, c, name);
			pdfdoc_label_page(doc, name);
			char *mark = xasprintf("%s %s", render_string(rc, "tile"), name);
			pdfdoc_bookmark(doc, parent, mark);
			free(mark);
			/* The tile is cut at its map area; the map stops there (no
			 * bleed): the overlap band hides the edge of the next tile. */
			pdfdoc_set_trim(doc, m, m, p->area_width, p->area_height, 0);

			cairo_save(cr);
			cairo_scale(cr, PT_PER_MM, PT_PER_MM);

			/* The content, clipped to the printable area. */
			cairo_save(cr);
			cairo_rectangle(cr, m, m, p->area_width, p->area_height);
			cairo_clip(cr);
			double ox = p->offset_x + c * p->step_x, oy = p->offset_y + r * p->step_y;
			cairo_translate(cr, m - ox, m - oy);
			draw(rc, cr, content, ox, oy, ox + p->area_width, oy + p->area_height);
			cairo_restore(cr);

			char *place = xasprintf("%s %d %s %d · %s · %s", render_string(rc, "tile"), index + 1,
				render_string(rc, "tile-of"), total, title, note);
			tile_furniture(rc, cr, p, r, c, name, place);
			free(place);
			cairo_restore(cr);
		}
	}
}

static void draw_map_region(const render_ctx *rc, cairo_t *cr, const void *content, double x0, double y0,
	double x1, double y1)
{
	mapdraw_board_region(rc, cr, content, x0, y0, x1, y1);
}

bool render_tiles(const render_ctx *rc, const char *path, char **error)
{
	map_geom g;
	mapgeom_init(&g, &rc->board, rc->cell_size);
	/* Every cell must be on a tile; the frame's edge labels only where
	 * the pages that takes have room for them (a page of hex tips and a
	 * home-edge label alone is a wasted sheet). */
	tile_plan p;
	tiles_plan_cover(rc->layouts, rc->paper, g.width, g.height, g.frame, g.frame, g.frame + g.cells_width,
		g.frame + g.cells_height, &p);

	const char *title = l10n_get(&rc->sc->title, rc->lang);
	char *doc_title = xasprintf("%s — %s", title, render_string(rc, "map-tiles"));
	pdf_meta meta = { doc_title, render_string(rc, "map-tiles"), rc->rs->id, lang_code(rc->lang) };
	pdfdoc *doc = pdfdoc_begin(path, p.page_width, p.page_height, &meta, error);
	free(doc_title);
	if (!doc)
		return false;
	int top = pdfdoc_bookmark(doc, 0, render_string(rc, "map-tiles"));
	/* The cell size under the grid's own word ("hex-size",
	 * "square-size"), as the option that sets it is named. */
	char size_id[32];
	snprintf(size_id, sizeof size_id, "%s-size", g.grid->name);
	char *note = xasprintf("%s %.0f mm", render_string(rc, size_id), rc->cell_size);
	tiles_write(rc, doc, top, &p, draw_map_region, &g, note);
	free(note);
	return pdfdoc_end(doc, fonts_unknown_glyphs(rc->fonts) == 0, error);
}
