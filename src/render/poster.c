/* The whole map on one page at true size, for a print shop: a border with
 * the title, legend and calibration bar, and a bleed on every side where
 * the background runs on past the trim. */
#include <math.h>
#include <stdlib.h>

#include "../base/util.h"
#include "mapdraw.h"
#include "pdfdoc.h"
#include "products.h"

bool render_poster(const render_ctx *rc, const char *path, char **error)
{
	const layouts *l = rc->layouts;
	map_geom g;
	mapgeom_init(&g, &rc->board, rc->hex_size);
	double bleed = l->poster_bleed, border = l->poster_border;
	/* Title and legend grow with the map, so they read at table distance. */
	double swatch = fmax(7, rc->hex_size * 0.18);
	double title_size = fmax(9, rc->hex_size * 0.16);
	double legend_h = mapdraw_legend_height(rc, g.width - 60, swatch) + 8;
	double trim_w = g.width + 2 * border;
	double trim_h = g.height + 2 * border + legend_h;
	double page_w = trim_w + 2 * bleed, page_h = trim_h + 2 * bleed;

	const char *title = l10n_get(&rc->sc->title, rc->lang);
	char *doc_title = xasprintf("%s — %s", title, render_string(rc, "poster"));
	char *keywords = xasprintf("%s; trim %.1f x %.1f mm; bleed %.0f mm", rc->rs->id, trim_w, trim_h, bleed);
	pdf_meta meta = { doc_title, render_string(rc, "poster"), keywords, lang_code(rc->lang) };
	pdfdoc *doc = pdfdoc_begin(path, page_w, page_h, &meta, error);
	free(doc_title);
	free(keywords);
	if (!doc)
		return false;
	cairo_t *cr = pdfdoc_cairo(doc);
	pdfdoc_label_page(doc, render_string(rc, "map"));
	pdfdoc_bookmark(doc, 0, render_string(rc, "poster"));

	cairo_save(cr);
	cairo_scale(cr, PT_PER_MM, PT_PER_MM);
	/* Background into the bleed. */
	cairo_rectangle(cr, 0, 0, page_w, page_h);
	cairo_set_source_rgb(cr, 0.97, 0.96, 0.92);
	cairo_fill(cr);

	double ox = bleed + border, oy = bleed + border;
	text_style head = { FONT_TITLE, fmin(title_size, border * 0.6), true, false, ALIGN_LEFT, 0.1, 0.1, 0.1 };
	text_draw(rc, cr, title, &head, ox, bleed + 2, trim_w - 2 * border);

	cairo_save(cr);
	cairo_translate(cr, ox, oy);
	mapdraw_map(rc, cr, &g);
	cairo_restore(cr);

	double ly = oy + g.height + 4;
	mapdraw_legend(rc, cr, ox, ly, trim_w - 2 * border - 60, swatch);
	tiles_draw_calibration(rc, cr, bleed + trim_w - border - 50, ly + 4);

	/* Trim marks in the bleed, continuing the edges of the trim box. */
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, 0.2);
	double xs[2] = { bleed, bleed + trim_w }, ys[2] = { bleed, bleed + trim_h };
	for (int i = 0; i < 2; i++) {
		for (int k = 0; k < 2; k++) {
			double dx = i ? 1 : -1, dy = k ? 1 : -1;
			/* outward from the trim corner, within the bleed */
			cairo_move_to(cr, xs[i] + dx * 0.5, ys[k]);
			cairo_line_to(cr, xs[i] + dx * bleed, ys[k]);
			cairo_move_to(cr, xs[i], ys[k] + dy * 0.5);
			cairo_line_to(cr, xs[i], ys[k] + dy * bleed);
		}
	}
	cairo_stroke(cr);
	cairo_restore(cr);
	return pdfdoc_end(doc, fonts_unknown_glyphs(rc->fonts) == 0, error);
}

bool render_map_image(const render_ctx *rc, const char *path, char **error)
{
	map_geom g;
	mapgeom_init(&g, &rc->board, rc->hex_size);
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
