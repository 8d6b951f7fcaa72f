#include "render.h"

#include <math.h>

/* Laid out once per process for the same text, style and width: the
 * font library's cache (text/layoutcache.h).  The layout is shared: only
 * read and drawn here. */
static PangoLayout *make_layout(const render_ctx *rc, cairo_t *cr, const char *utf8,
	const text_style *style, double width)
{
	PangoFontDescription *desc = fonts_description(rc->fonts, style->family, style->size, style->bold,
		style->italic);
	PangoAlignment align = style->align == ALIGN_CENTER ? PANGO_ALIGN_CENTER :
		style->align == ALIGN_RIGHT ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT;
	text_spec spec = { utf8, desc, rc->lang, width > 0 ? (int)(width * PANGO_SCALE) : -1,
		PANGO_WRAP_WORD_CHAR, align };
	PangoLayout *layout = fonts_text_layout(rc->fonts, cr, &spec);
	pango_font_description_free(desc);
	fonts_check(rc->fonts, layout);
	return layout;
}

void text_measure(const render_ctx *rc, cairo_t *cr, const char *utf8, const text_style *style,
	double width, double *out_width, double *out_height)
{
	PangoLayout *layout = make_layout(rc, cr, utf8, style, width);
	PangoRectangle ink, logical;
	pango_layout_get_extents(layout, &ink, &logical);
	if (out_width)
		*out_width = (double)logical.width / PANGO_SCALE;
	if (out_height)
		*out_height = (double)logical.height / PANGO_SCALE;
	g_object_unref(layout);
}

double text_printed_size(const render_ctx *rc, cairo_t *cr, double size)
{
	/* The drawing's scale is the root of the matrix's determinant, so a
	 * rotated label counts as much as a level one.  PDF and SVG devices
	 * draw in points; the PNG device in pixels, pdfdoc_begin_as having
	 * scaled points to pixels before anything else. */
	cairo_matrix_t m;
	cairo_get_matrix(cr, &m);
	double scale = sqrt(fabs(m.xx * m.yy - m.xy * m.yx));
	double device_per_pt = rc->format == DOC_PNG && rc->dpi > 0 ? rc->dpi / 72.0 : 1.0;
	return size * scale / device_per_pt;
}

bool text_legible(const render_ctx *rc, cairo_t *cr, const text_style *style)
{
	/* A hair of tolerance: 6 pt asked in millimetres is 2.1166… mm. */
	return text_printed_size(rc, cr, style->size) >= TEXT_MIN_PT - 0.005;
}

double text_min_size(const render_ctx *rc, cairo_t *cr)
{
	double one = text_printed_size(rc, cr, 1.0);
	return one > 0 ? TEXT_MIN_PT / one : TEXT_MIN_PT / PT_PER_MM;
}

void text_show_layout(cairo_t *cr, PangoLayout *layout, double r, double g, double b, double x, double y)
{
	cairo_save(cr);
	cairo_set_source_rgb(cr, r, g, b);
	cairo_move_to(cr, x, y);
	pango_cairo_show_layout(cr, layout);
	cairo_restore(cr);
}

double text_draw(const render_ctx *rc, cairo_t *cr, const char *utf8, const text_style *style,
	double x, double y, double width)
{
	PangoLayout *layout = make_layout(rc, cr, utf8, style, width);
	PangoRectangle logical;
	pango_layout_get_extents(layout, NULL, &logical);
	double w = (double)logical.width / PANGO_SCALE;
	double h = (double)logical.height / PANGO_SCALE;
	double left = x;
	if (width <= 0) {
		/* Unwrapped text: x is the anchor named by the alignment. */
		if (style->align == ALIGN_CENTER)
			left = x - w / 2;
		else if (style->align == ALIGN_RIGHT)
			left = x - w;
	}
	/* Text too small to read is left out, not printed: the space it
	 * would take is still returned, so what follows does not move.  So
	 * is text wholly outside the clip (a drawing cut into parts, the
	 * studio's tiles): nothing of it would show, and shaping it into
	 * glyphs is most of what a word costs.  Its ink may overhang its
	 * logical box, by less than a line. */
	double clip_x0, clip_y0, clip_x1, clip_y1;
	cairo_clip_extents(cr, &clip_x0, &clip_y0, &clip_x1, &clip_y1);
	double wide = width > 0 ? fmax(w, width) : w;
	bool seen = left + wide + h >= clip_x0 && left - h <= clip_x1 && y + 2 * h >= clip_y0 && y - h <= clip_y1;
	if (seen && text_legible(rc, cr, style))
		text_show_layout(cr, layout, style->r, style->g, style->b, left, y);
	/* The current point is not part of the saved state: clear it, or the
	 * next arc would start with a line from here. */
	cairo_new_path(cr);
	g_object_unref(layout);
	return h;
}

const char *render_string(const render_ctx *rc, const char *id)
{
	return strings_get(rc->strings, id, rc->lang);
}

const char *render_colon(const render_ctx *rc)
{
	return rc->lang == LANG_FR ? "\u00a0:" : ":";
}
