/* The whole map at true size for a print shop: a border with the title,
 * legend and calibration bar, and a bleed on every side where the
 * background runs on past the trim.  One page, or panels when the poster
 * is longer than a PDF page may be. */
#include <math.h>
#include <stdlib.h>

#include "../base/util.h"
#include "mapdraw.h"
#include "pdfdoc.h"
#include "products.h"

/* PDF 1.5 pages are at most 200 inches a side; a longer poster is cut into
 * panels of equal size that butt edge to edge, each still at true scale. */
#define POSTER_MAX_PAGE_MM 5000.0

typedef struct poster_layout {
	map_geom g;
	double bleed, border, swatch, title_size;
	double trim_w, trim_h, page_w, page_h;
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
	double legend_h = mapdraw_legend_height(rc, p->g.width - 60, p->swatch) + 8;
	p->trim_w = p->g.width + 2 * p->border;
	p->trim_h = p->g.height + 2 * p->border + legend_h;
	p->page_w = p->trim_w + 2 * p->bleed;
	p->page_h = p->trim_h + 2 * p->bleed;
}

/* The whole poster in millimetres, origin at the top-left of the bleed. */
static void poster_draw(const render_ctx *rc, cairo_t *cr, const poster_layout *p)
{
	cairo_rectangle(cr, 0, 0, p->page_w, p->page_h);
	cairo_set_source_rgb(cr, 0.97, 0.96, 0.92);
	cairo_fill(cr);

	double ox = p->bleed + p->border, oy = p->bleed + p->border;
	text_style head = { FONT_TITLE, fmin(p->title_size, p->border * 0.6), true, false, ALIGN_LEFT,
		0.1, 0.1, 0.1 };
	text_draw(rc, cr, l10n_get(&rc->sc->title, rc->lang), &head, ox, p->bleed + 2, p->trim_w - 2 * p->border);

	cairo_save(cr);
	cairo_translate(cr, ox, oy);
	mapdraw_map(rc, cr, &p->g);
	cairo_restore(cr);

	double ly = oy + p->g.height + 4;
	mapdraw_legend(rc, cr, ox, ly, p->trim_w - 2 * p->border - 60, p->swatch);
	tiles_draw_calibration(rc, cr, p->bleed + p->trim_w - p->border - 50, ly + 4);

	/* Trim marks in the bleed, continuing the edges of the trim box. */
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 0.2);
	double xs[2] = { p->bleed, p->bleed + p->trim_w }, ys[2] = { p->bleed, p->bleed + p->trim_h };
	for (int i = 0; i < 2; i++) {
		for (int k = 0; k < 2; k++) {
			double dx = i ? 1 : -1, dy = k ? 1 : -1;
			cairo_move_to(cr, xs[i] + dx * 0.5, ys[k]);
			cairo_line_to(cr, xs[i] + dx * p->bleed, ys[k]);
			cairo_move_to(cr, xs[i], ys[k] + dy * 0.5);
			cairo_line_to(cr, xs[i], ys[k] + dy * p->bleed);
		}
	}
	cairo_stroke(cr);
}

bool render_poster(const render_ctx *rc, const char *path, char **error)
{
	poster_layout p;
	poster_measure(rc, &p);
	int cols = (int)ceil(p.page_w / POSTER_MAX_PAGE_MM);
	int rows = (int)ceil(p.page_h / POSTER_MAX_PAGE_MM);
	double panel_w = p.page_w / cols, panel_h = p.page_h / rows;

	const char *title = l10n_get(&rc->sc->title, rc->lang);
	char *doc_title = xasprintf("%s — %s", title, render_string(rc, "poster"));
	char *keywords = xasprintf("%s; trim %.1f x %.1f mm; bleed %.0f mm; panels %d x %d",
		rc->rs->id, p.trim_w, p.trim_h, p.bleed, cols, rows);
	pdf_meta meta = { doc_title, render_string(rc, "poster"), keywords, lang_code(rc->lang) };
	pdfdoc *doc = pdfdoc_begin(path, panel_w, panel_h, &meta, error);
	free(doc_title);
	free(keywords);
	if (!doc)
		return false;
	cairo_t *cr = pdfdoc_cairo(doc);
	int top = pdfdoc_bookmark(doc, 0, render_string(rc, "poster"));
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
			cairo_save(cr);
			cairo_scale(cr, PT_PER_MM, PT_PER_MM);
			cairo_rectangle(cr, 0, 0, panel_w, panel_h);
			cairo_clip(cr);
			cairo_translate(cr, -c * panel_w, -r * panel_h);
			poster_draw(rc, cr, &p);
			cairo_restore(cr);
		}
	}
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
	mapdraw_map(rc, cr, &g);
	cairo_restore(cr);
	return pdfdoc_end(doc, fonts_unknown_glyphs(rc->fonts) == 0, error);
}
