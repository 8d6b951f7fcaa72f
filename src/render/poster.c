/* The whole map at true size for a print shop: a border with the title,
 * legend and calibration bar, a bleed on every side where the background
 * runs on past the trim, and crop marks beyond the bleed.  One page, or
 * panels of a chosen paper (--poster-panel) with overlap, as the tiles. */
#include <math.h>
#include <stdlib.h>

#include "../base/util.h"
#include "mapdraw.h"
#include "paint.h"
#include "pdfdoc.h"
#include "products.h"

/* PDF 1.5 pages are at most 200 inches a side; a longer poster without
 * --poster-panel is cut into panels of equal size that butt edge to edge,
 * each still at true scale. */
#define POSTER_MAX_PAGE_MM 5000.0

/* Crop marks: outside the bleed by a gap, so a slightly wide cut does not
 * catch them, and long enough to lay a ruler on. */
#define POSTER_MARK_GAP 3.0
#define POSTER_MARK_LENGTH 6.0

typedef struct poster_layout {
	map_geom g;
	double bleed, border, swatch, title_size;
	double trim_w, trim_h;
	double edge;            /* paper edge to the trim: bleed, gap, marks and the unprinted edge */
	double page_w, page_h;
} poster_layout;

static void poster_measure(const render_ctx *rc, poster_layout *p)
{
	const layouts *l = rc->layouts;
	mapgeom_init(&p->g, &rc->board, rc->cell_size);
	p->bleed = l->poster_bleed;
	p->border = l->poster_border;
	/* Title and legend grow with the map, so they read at table distance. */
	p->swatch = fmax(7, rc->cell_size * 0.18);
	p->title_size = fmax(9, rc->cell_size * 0.16);
	double legend_h = mapdraw_board_legend_height(rc, p->g.width - 60, p->swatch) + 8;
	p->trim_w = p->g.width + 2 * p->border;
	p->trim_h = p->g.height + 2 * p->border + legend_h;
	p->edge = p->bleed + POSTER_MARK_GAP + POSTER_MARK_LENGTH + l->poster_edge;
	p->page_w = p->trim_w + 2 * p->edge;
	p->page_h = p->trim_h + 2 * p->edge;
}

/* The whole poster in millimetres, origin at the top-left of the trim; the
 * background runs on `bleed` mm beyond it. */
static void poster_draw(const render_ctx *rc, cairo_t *cr, const poster_layout *p)
{
	cairo_rectangle(cr, -p->bleed, -p->bleed, p->trim_w + 2 * p->bleed, p->trim_h + 2 * p->bleed);
	cairo_set_source_rgb(cr, 0.97, 0.96, 0.92);
	cairo_fill(cr);

	double ox = p->border, oy = p->border;
	text_style head = { FONT_TITLE, fmin(p->title_size, p->border * 0.6), true, false, ALIGN_LEFT,
		INK_BLACK };
	text_draw(rc, cr, l10n_get(&rc->sc->title, rc->lang), &head, ox, 2, p->trim_w - 2 * p->border);

	cairo_save(cr);
	cairo_translate(cr, ox, oy);
	mapdraw_board(rc, cr, &p->g);
	cairo_restore(cr);

	double ly = oy + p->g.height + 4;
	mapdraw_board_legend(rc, cr, ox, ly, p->trim_w - 2 * p->border - 60, p->swatch);
	tiles_draw_calibration(rc, cr, p->trim_w - p->border - 50, ly + 4);
}

/* Corner crop marks of a trim at x, y (w × h), in the slug outside the
 * bleed.  Black: in an RGB file it is the one colour every separation
 * and every desktop printer renders. */
static void poster_crop_marks(cairo_t *cr, double x, double y, double w, double h, double bleed)
{
	cairo_save(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 0.25);
	double xs[2] = { x, x + w }, ys[2] = { y, y + h };
	double from = bleed + POSTER_MARK_GAP, to = from + POSTER_MARK_LENGTH;
	for (int i = 0; i < 2; i++) {
		for (int k = 0; k < 2; k++) {
			double dx = i ? 1 : -1, dy = k ? 1 : -1;
			cairo_move_to(cr, xs[i] + dx * from, ys[k]);
			cairo_line_to(cr, xs[i] + dx * to, ys[k]);
			cairo_move_to(cr, xs[i], ys[k] + dy * from);
			cairo_line_to(cr, xs[i], ys[k] + dy * to);
		}
	}
	paint_stroke(cr);
	cairo_restore(cr);
}

static void draw_poster_region(const render_ctx *rc, cairo_t *cr, const void *content, double x0, double y0,
	double x1, double y1)
{
	/* The clip of the panel leaves out what lies outside x0..y1. */
	(void)x0, (void)y0, (void)x1, (void)y1;
	poster_draw(rc, cr, content);
}

/* --poster-panel: the poster's trim cut over panels of the chosen paper
 * as the tiles cut the map, with their overlap bands and marks. */
static void poster_panels(const render_ctx *rc, pdfdoc *doc, int top, const poster_layout *p,
	const tile_plan *plan)
{
	char *note = xasprintf("%s %.0f × %.0f mm", render_string(rc, "poster"), p->trim_w, p->trim_h);
	tiles_write(rc, doc, top, plan, draw_poster_region, p, note);
	free(note);
}

/* The poster on one page, or for a poster beyond PDF's page limit on
 * equal panels that butt edge to edge. */
static void poster_pages(const render_ctx *rc, pdfdoc *doc, int top, const poster_layout *p, int cols,
	int rows)
{
	cairo_t *cr = pdfdoc_cairo(doc);
	double panel_w = p->page_w / cols, panel_h = p->page_h / rows;
	for (int r = 0; r < rows; r++) {
		for (int c = 0; c < cols; c++) {
			if (r || c)
				pdfdoc_next_page(doc, panel_w, panel_h);
			if (cols * rows == 1) {
				pdfdoc_label_page(doc, render_string(rc, "map"));
			} else {
				char *label = xasprintf("%s %d/%d", render_string(rc, "map"), r * cols + c + 1, cols * rows);
				pdfdoc_label_page(doc, label);
				pdfdoc_bookmark(doc, top, label);
				free(label);
			}
			/* The part of the poster's trim on this page. */
			double px = c * panel_w, py = r * panel_h;
			double tx0 = fmax(p->edge, px), ty0 = fmax(p->edge, py);
			double tx1 = fmin(p->edge + p->trim_w, px + panel_w), ty1 = fmin(p->edge + p->trim_h, py + panel_h);
			if (tx1 > tx0 && ty1 > ty0)
				pdfdoc_set_trim(doc, tx0 - px, ty0 - py, tx1 - tx0, ty1 - ty0, p->bleed);
			cairo_save(cr);
			cairo_scale(cr, PT_PER_MM, PT_PER_MM);
			cairo_rectangle(cr, 0, 0, panel_w, panel_h);
			cairo_clip(cr);
			cairo_translate(cr, -px, -py);
			cairo_save(cr);
			cairo_translate(cr, p->edge, p->edge);
			poster_draw(rc, cr, p);
			cairo_restore(cr);
			poster_crop_marks(cr, p->edge, p->edge, p->trim_w, p->trim_h, p->bleed);
			cairo_restore(cr);
		}
	}
}

bool render_poster(const render_ctx *rc, const char *path, char **error)
{
	poster_layout p;
	poster_measure(rc, &p);
	bool panels = rc->panel_width > 0 && rc->panel_height > 0;
	tile_plan plan = { 0 };
	int cols = 1, rows = 1;
	double first_w, first_h;
	if (panels) {
		paper_size panel = { "panel", rc->panel_width, rc->panel_height };
		tiles_plan(rc->layouts, &panel, p.trim_w, p.trim_h, &plan);
		cols = plan.columns;
		rows = plan.rows;
		first_w = plan.page_width;
		first_h = plan.page_height;
	} else {
		cols = (int)ceil(p.page_w / POSTER_MAX_PAGE_MM);
		rows = (int)ceil(p.page_h / POSTER_MAX_PAGE_MM);
		first_w = p.page_w / cols;
		first_h = p.page_h / rows;
	}

	const char *title = l10n_get(&rc->sc->title, rc->lang);
	char *doc_title = xasprintf("%s — %s", title, render_string(rc, "poster"));
	char *keywords = panels ?
		xasprintf("%s; trim %.1f x %.1f mm; panels %d x %d of %.0f x %.0f mm, overlap %.0f mm", rc->rs->id,
			p.trim_w, p.trim_h, cols, rows, plan.page_width, plan.page_height, rc->layouts->tile_overlap) :
		xasprintf("%s; trim %.1f x %.1f mm; bleed %.0f mm; panels %d x %d", rc->rs->id, p.trim_w, p.trim_h,
			p.bleed, cols, rows);
	pdf_meta meta = { doc_title, render_string(rc, "poster"), keywords, lang_code(rc->lang) };
	pdfdoc *doc = pdfdoc_begin(path, first_w, first_h, &meta, error);
	free(doc_title);
	free(keywords);
	if (!doc)
		return false;
	int top = pdfdoc_bookmark(doc, 0, render_string(rc, "poster"));
	if (panels)
		poster_panels(rc, doc, top, &p, &plan);
	else
		poster_pages(rc, doc, top, &p, cols, rows);
	return pdfdoc_end(doc, fonts_unknown_glyphs(rc->fonts) == 0, error);
}

bool render_map_image(const render_ctx *rc, const char *path, char **error)
{
	map_geom g;
	mapgeom_init(&g, &rc->board, rc->cell_size);
	const char *title = l10n_get(&rc->sc->title, rc->lang);
	pdf_meta meta = { title, render_string(rc, "map"), rc->rs->id, lang_code(rc->lang) };
	pdfdoc *doc = pdfdoc_begin_as(rc->format, rc->dpi, path, g.width, g.height, &meta, error);
	if (!doc)
		return false;
	cairo_t *cr = pdfdoc_cairo(doc);
	pdfdoc_bookmark(doc, 0, render_string(rc, "map"));
	cairo_save(cr);
	cairo_scale(cr, PT_PER_MM, PT_PER_MM);
	cairo_rectangle(cr, 0, 0, g.width, g.height);
	cairo_set_source_rgb(cr, 0.97, 0.96, 0.92);
	cairo_fill(cr);
	mapdraw_board(rc, cr, &g);
	cairo_restore(cr);
	return pdfdoc_end(doc, fonts_unknown_glyphs(rc->fonts) == 0, error);
}
