/* The reference card: one landscape sheet, printed on both sides.
 *
 * What goes on each page is the table of the ruleset's grid (refhex.c,
 * refsquare.c), built into columns by refcolumn.c; this file places it:
 * each page has two columns of blocks (headings, texts, numbered steps,
 * tables).  A column that is too tall is drawn smaller as a whole, down to
 * REF_MIN_SCALE; beyond that the card fails loudly.  Both pages take the
 * scale of the fuller one, so the type is one size on the whole card. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/fitsearch.h"
#include "../base/util.h"
#include "../render/paint.h"
#include "cardlayout.h"
#include "cards.h"
#include "refcard.h"
#include "refcolumn.h"
#include "reftables.h"
#include "textbox.h"

/* Type sizes in mm at scale 1 (body text 10 pt); a page with room to
 * spare grows to its grid's maximum (refcard_grid.max_scale), a full one
 * shrinks down to REF_MIN_SCALE (body text 7 pt, still readable at arm's
 * length). */
#define REF_MIN_SCALE 0.7
#define REF_SCALE_STEP 0.97
#define SIZE_HEADING 4.6
#define SIZE_TEXT 3.6
#define SIZE_NOTE 3.2
#define SIZE_TABLE 3.3
#define CELL_PAD_X 0.9
#define CELL_PAD_Y 0.55
#define HEADER_BAND 13.0

static const rgb ACCENT = { 0.16, 0.23, 0.40 };
static const rgb HEAD_FILL = { 0.86, 0.88, 0.93 };
static const rgb ROW_SHADE = { 0.95, 0.95, 0.93 };
static const rgb RULE = { 0.70, 0.70, 0.72 };

/* ---- measuring and drawing ---- */

static textbox_style ref_style(double size, bool bold, bool italic, rgb colour, text_align align)
{
	textbox_style st = { FONT_TEXT, size, 0, bold, italic, align, VALIGN_TOP, false, colour.r, colour.g, colour.b };
	return st;
}

static double gap_before(const ref_block *b, bool first, double s)
{
	if (first)
		return 0;
	switch (b->kind) {
	case BLOCK_HEADING:
		return 3.2 * s;
	case BLOCK_TABLE:
		return 1.0 * s;
	default:
		return 0.9 * s;
	}
}

/* Widths of a table's columns for a total width. */
static void column_widths(const ref_table *t, double w, double *out)
{
	double sum = 0;
	for (size_t c = 0; c < t->columns; c++)
		sum += t->weights[c];
	for (size_t c = 0; c < t->columns; c++)
		out[c] = w * t->weights[c] / sum;
}

/* Height of one table row; false when a cell cannot fit its width. */
static bool row_height(textbox_ctx *tc, cairo_t *cr, const ref_table *t, size_t row, const double *widths,
	double s, double *out)
{
	bool head = row == (size_t)-1;
	double h = 0;
	for (size_t c = 0; c < t->columns; c++) {
		const char *text = head ? t->head[c] : reftable_cell(t, row, c);
		textbox_style st = ref_style(SIZE_TABLE * s, head, false, PAINT_INK, ALIGN_LEFT);
		textbox_fit f = textbox_measure(tc, cr, text, &st, widths[c] - 2 * CELL_PAD_X * s, 1e4);
		if (!f.fits)
			return false;
		h = fmax(h, f.height);
	}
	*out = h + 2 * CELL_PAD_Y * s;
	return true;
}

static bool table_height(textbox_ctx *tc, cairo_t *cr, const ref_table *t, double w, double s, double *out)
{
	double widths[32];
	if (t->columns > ARRAY_LEN(widths))
		return false;
	column_widths(t, w, widths);
	double total = 0, h;
	for (size_t r = 0; r <= t->rows; r++) {
		if (!row_height(tc, cr, t, r == 0 ? (size_t)-1 : r - 1, widths, s, &h))
			return false;
		total += h;
	}
	*out = total;
	return true;
}

static textbox_style block_style(const ref_block *b, double s)
{
	switch (b->kind) {
	case BLOCK_HEADING: {
		textbox_style st = ref_style(SIZE_HEADING * s, true, false, (rgb){ 1, 1, 1 }, ALIGN_LEFT);
		st.family = FONT_TITLE;
		return st;
	}
	case BLOCK_NOTE:
		return ref_style(SIZE_NOTE * s, false, true, PAINT_INK, ALIGN_LEFT);
	default:
		return ref_style(SIZE_TEXT * s, false, false, PAINT_INK, ALIGN_LEFT);
	}
}

/* Steps hang their text after the number. */
static double step_indent(double s)
{
	return 5.0 * s;
}

static bool block_height(textbox_ctx *tc, cairo_t *cr, const ref_block *b, double w, double s, double *out)
{
	if (b->kind == BLOCK_TABLE)
		return table_height(tc, cr, b->table, w, s, out);
	textbox_style st = block_style(b, s);
	double indent = b->kind == BLOCK_STEP ? step_indent(s) : b->kind == BLOCK_HEADING ? 2.0 * s : 0;
	textbox_fit f = textbox_measure(tc, cr, b->text, &st, w - indent - (b->kind == BLOCK_HEADING ? 2.0 * s : 0), 1e4);
	if (!f.fits)
		return false;
	*out = b->kind == BLOCK_HEADING ? f.height + 1.6 * s : f.height;
	return true;
}

/* The height of a column at scale s; false when a block cannot fit its
 * width or, with limit > 0, as soon as the column is taller than limit
 * (the blocks below need not be laid out to know it does not fit). */
static bool column_height(textbox_ctx *tc, cairo_t *cr, const ref_column *col, double w, double s, double limit,
	double *out)
{
	double total = 0, h;
	for (size_t i = 0; i < col->count; i++) {
		if (!block_height(tc, cr, &col->blocks[i], w, s, &h))
			return false;
		total += gap_before(&col->blocks[i], i == 0, s) + h;
		if (col->blocks[i].kind == BLOCK_HEADING)
			total += 1.2 * s;
		if (limit > 0 && total > limit)
			return false;
	}
	*out = total;
	return true;
}

static void fill_rect(cairo_t *cr, double x, double y, double w, double h, rgb c)
{
	cairo_rectangle(cr, x, y, w, h);
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
	cairo_fill(cr);
}

static void hline(cairo_t *cr, double x, double y, double w, rgb c, double width)
{
	cairo_move_to(cr, x, y);
	cairo_line_to(cr, x + w, y);
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
	cairo_set_line_width(cr, width);
	cairo_stroke(cr);
}

static double draw_table(textbox_ctx *tc, cairo_t *cr, const ref_table *t, double x, double y, double w, double s)
{
	double widths[32];
	column_widths(t, w, widths);
	double top = y;
	for (size_t r = 0; r <= t->rows; r++) {
		bool head = r == 0;
		size_t row = head ? (size_t)-1 : r - 1;
		double h = 0;
		row_height(tc, cr, t, row, widths, s, &h);
		bool total_row = !head && t->last_row_total && r == t->rows;
		if (head)
			fill_rect(cr, x, y, w, h, HEAD_FILL);
		else if (r % 2 == 0 && !total_row)
			fill_rect(cr, x, y, w, h, ROW_SHADE);
		double cx = x;
		for (size_t c = 0; c < t->columns; c++) {
			const char *text = head ? t->head[c] : reftable_cell(t, row, c);
			textbox_style st = ref_style(SIZE_TABLE * s, head || total_row, false, head ? ACCENT : PAINT_INK,
				t->centred[c] ? ALIGN_CENTER : ALIGN_LEFT);
			textbox_draw(tc, cr, text, &st, cx + CELL_PAD_X * s, y + CELL_PAD_Y * s, widths[c] - 2 * CELL_PAD_X * s,
				h - 2 * CELL_PAD_Y * s);
			cx += widths[c];
		}
		y += h;
		/* Strong rules under the header, above a total row and at the
		 * bottom; hairlines between the others. */
		if (head || r == t->rows || (t->last_row_total && r + 1 == t->rows))
			hline(cr, x, y, w, ACCENT, 0.3 * s);
		else
			hline(cr, x, y, w, RULE, 0.1 * s);
	}
	hline(cr, x, top, w, ACCENT, 0.3 * s);
	return y - top;
}

static void draw_column(textbox_ctx *tc, cairo_t *cr, const ref_column *col, double x, double y, double w, double s)
{
	for (size_t i = 0; i < col->count; i++) {
		const ref_block *b = &col->blocks[i];
		y += gap_before(b, i == 0, s);
		double h = 0;
		block_height(tc, cr, b, w, s, &h);
		textbox_style st = block_style(b, s);
		switch (b->kind) {
		case BLOCK_HEADING:
			fill_rect(cr, x, y, w, h, ACCENT);
			textbox_draw(tc, cr, b->text, &st, x + 2.0 * s, y + 0.8 * s, w - 4.0 * s, h - 1.6 * s);
			y += 1.2 * s;
			break;
		case BLOCK_TABLE:
			draw_table(tc, cr, b->table, x, y, w, s);
			break;
		case BLOCK_STEP: {
			textbox_style num = st;
			num.bold = true;
			num.r = ACCENT.r;
			num.g = ACCENT.g;
			num.b = ACCENT.b;
			num.one_line = true;
			textbox_draw(tc, cr, b->label, &num, x, y, step_indent(s), h);
			textbox_draw(tc, cr, b->text, &st, x + step_indent(s), y, w - step_indent(s), h);
			break;
		}
		default:
			textbox_draw(tc, cr, b->text, &st, x, y, w, h);
			break;
		}
		y += h;
	}
}

/* Which column of a page does not fit its height at scale s, or -1. */
static int page_overflow(textbox_ctx *tc, cairo_t *cr, const ref_column cols[2], const double w[2], double h,
	double s)
{
	for (int i = 0; i < 2; i++) {
		double used = 0;
		if (!column_height(tc, cr, &cols[i], w[i], s, h, &used) || used > h)
			return i;
	}
	return -1;
}

/* The scales a page is tried at, largest first: max_scale, then each
 * REF_SCALE_STEP of the one before, ending at REF_MIN_SCALE.  Returns how
 * many (at most max). */
static size_t scale_series(double max_scale, double *out, size_t max)
{
	size_t n = 0;
	double s = max_scale;
	while (n < max) {
		out[n++] = s;
		if (s <= REF_MIN_SCALE)
			break;
		s = fmax(REF_MIN_SCALE, s * REF_SCALE_STEP);
	}
	return n;
}

/* A page being fitted, for fitsearch_scale. */
typedef struct page_try {
	textbox_ctx *tc;
	cairo_t *cr;
	const ref_column *cols;
	const double *w;
	double h;
	const double *series;
} page_try;

static bool page_fits_at(void *arg, size_t k)
{
	const page_try *p = arg;
	return page_overflow(p->tc, p->cr, p->cols, p->w, p->h, p->series[k]) < 0;
}

/* Both columns' whole heights (no stopping at the bottom). */
static bool measure_page(void *arg, size_t k, double *used)
{
	const page_try *p = arg;
	bool whole = true;
	for (int i = 0; i < 2; i++)
		whole = column_height(p->tc, p->cr, &p->cols[i], p->w[i], p->series[k], 0, &used[i]) && whole;
	return whole;
}

/* The largest scale of the series at which both columns of a page fit
 * their height (one scale for the page, so its columns match); at
 * REF_MIN_SCALE *worst says which column does not fit, else it is -1.
 *
 * A column only grows with the type size (more lines, each taller), so
 * the page fits from some point of the series on, and fitsearch_scale
 * finds it in a few layouts of the page.  Each column gets its own law
 * there: tables of one-line rows grow more slowly than paragraphs, and
 * the square law alone guesses some 8 % too large. */
static double fit_columns(textbox_ctx *tc, cairo_t *cr, const ref_column cols[2], const double w[2], double h,
	double max_scale, int *worst)
{
	double series[64];
	size_t n = scale_series(max_scale, series, ARRAY_LEN(series));
	page_try p = { tc, cr, cols, w, h, series };
	fitscale fs = { series, n, 2, h, measure_page, page_fits_at, &p };
	size_t k = fitsearch_scale(&fs);
	/* Only at the end of the series can the answer not fit. */
	*worst = k + 1 < n ? -1 : page_overflow(tc, cr, cols, w, h, series[k]);
	return series[k];
}

/* ---- the two pages ---- */

/* The band over a page: the card's title at the left, what the page is
 * (front, back, the ruleset) at the right. */
static void page_header(textbox_ctx *tc, cairo_t *cr, double pw, double margin, const char *title_text,
	const char *side_text)
{
	fill_rect(cr, margin, margin, pw - 2 * margin, HEADER_BAND - 3, ACCENT);
	double w = pw - 2 * margin - 8;
	textbox_style title = { FONT_TITLE, 6.0, 4.0, true, false, ALIGN_LEFT, VALIGN_MIDDLE, true, 1, 1, 1 };
	textbox_draw(tc, cr, title_text, &title, margin + 4, margin, w * 0.78, HEADER_BAND - 3);
	textbox_style side = { FONT_TEXT, 3.4, 2.4, false, true, ALIGN_RIGHT, VALIGN_MIDDLE, true, 1, 1, 1 };
	textbox_draw(tc, cr, side_text, &side, margin + 4 + w * 0.8, margin, w * 0.2, HEADER_BAND - 3);
}

/* The reference card's title: "Reference card — <ruleset>" (free it). */
static char *card_title(textbox_ctx *tc)
{
	return xasprintf("%s — %s", textbox_string(tc, "ref-title"), l10n_get(&tc->rc->rs->name, tc->rc->lang));
}

/* A page's columns, where they go, and the height they may take. */
typedef struct page_frame {
	ref_column cols[2];
	double x[2], w[2];
	double top, height;
} page_frame;

/* Where a page's two columns go, the left one taking left_share of the
 * width; the columns are left empty. */
static void frame_place(page_frame *f, const card_layouts *cl, double pw, double ph, double left_share)
{
	memset(f, 0, sizeof *f);
	double m = cl->refcard_margin, gap = cl->refcard_gap;
	f->top = m + HEADER_BAND;
	f->height = ph - m - f->top;
	double avail = pw - 2 * m - gap;
	double lw = avail * left_share;
	f->x[0] = m;
	f->x[1] = m + lw + gap;
	f->w[0] = lw;
	f->w[1] = avail - lw;
}

static void frame_open(page_frame *f, textbox_ctx *tc, const card_layouts *cl, double pw, double ph,
	const refcard_page *page)
{
	frame_place(f, cl, pw, ph, page->left_share);
	refcolumn_fill(&f->cols[0], tc, tc->rc->rs, page->left);
	refcolumn_fill(&f->cols[1], tc, tc->rc->rs, page->right);
}

static void frame_close(page_frame *f)
{
	refcolumn_finish(&f->cols[0]);
	refcolumn_finish(&f->cols[1]);
}

/* How much text a page holds: a guess at which page is the fuller. */
static size_t page_text(const page_frame *f)
{
	size_t n = 0;
	for (int i = 0; i < 2; i++)
		for (size_t b = 0; b < f->cols[i].count; b++) {
			const ref_block *blk = &f->cols[i].blocks[b];
			if (blk->kind != BLOCK_TABLE) {
				n += strlen(blk->text);
				continue;
			}
			for (size_t r = 0; r < blk->table->rows; r++)
				for (size_t c = 0; c < blk->table->columns; c++)
					n += strlen(reftable_cell(blk->table, r, c));
		}
	return n;
}

/* The scale both pages are drawn at: the smaller of the two pages' best,
 * so the body text is one size on the whole card.
 *
 * Each page's best is the first scale of the descending series that fits.
 * The fuller page is searched first; the other is then searched from that
 * scale down (the series from there on is the same series), so that a
 * page that fits there costs one measure and the other's best above it
 * is never looked for: it would not be used. */
static double card_scale(textbox_ctx *tc, cairo_t *cr, const card_layouts *cl, double pw, double ph,
	const refcard_grid *g)
{
	page_frame f[2];
	frame_open(&f[0], tc, cl, pw, ph, &g->front);
	frame_open(&f[1], tc, cl, pw, ph, &g->back);
	int first = page_text(&f[1]) > page_text(&f[0]);
	int worst;
	double s = fit_columns(tc, cr, f[first].cols, f[first].w, f[first].height, g->max_scale, &worst);
	const page_frame *other = &f[!first];
	/* At the smallest scale the answer is that scale, whatever the other
	 * page does. */
	if (s > REF_MIN_SCALE)
		s = fit_columns(tc, cr, other->cols, other->w, other->height, s, &worst);
	frame_close(&f[0]);
	frame_close(&f[1]);
	return s;
}

/* A page's columns at the largest scale up to `scale` at which they fit
 * (failing loudly below REF_MIN_SCALE). */
static void draw_frame(textbox_ctx *tc, cairo_t *cr, const page_frame *f, double scale)
{
	int worst;
	double s = fit_columns(tc, cr, f->cols, f->w, f->height, scale, &worst);
	if (worst >= 0) {
		char *msg = xasprintf("%s: the %s column does not fit its %.0f mm even at %.0f %% of its type size",
			tc->product, worst ? "right" : "left", f->height, REF_MIN_SCALE * 100);
		textbox_fail(tc, msg);
		free(msg);
	}
	for (int i = 0; i < 2; i++)
		draw_column(tc, cr, &f->cols[i], f->x[i], f->top, f->w[i], s);
}

static void draw_page(textbox_ctx *tc, cairo_t *cr, const card_layouts *cl, double pw, double ph,
	const char *side_id, const refcard_page *page, double scale)
{
	char *title = card_title(tc);
	page_header(tc, cr, pw, cl->refcard_margin, title, textbox_string(tc, side_id));
	free(title);
	page_frame f;
	frame_open(&f, tc, cl, pw, ph, page);
	draw_frame(tc, cr, &f, scale);
	frame_close(&f);
}

double refcard_columns_scale(textbox_ctx *tc, cairo_t *cr, const card_layouts *cl, double pw, double ph,
	ref_column cols[2], double left_share, double max_scale)
{
	page_frame f;
	frame_place(&f, cl, pw, ph, left_share);
	f.cols[0] = cols[0];
	f.cols[1] = cols[1];
	int worst;
	double s = fit_columns(tc, cr, f.cols, f.w, f.height, max_scale, &worst);
	return worst >= 0 ? 0 : s;
}

void refcard_draw_columns(textbox_ctx *tc, cairo_t *cr, const card_layouts *cl, double pw, double ph,
	const char *title, const char *side_text, ref_column cols[2], double left_share, double max_scale)
{
	page_header(tc, cr, pw, cl->refcard_margin, title, side_text);
	page_frame f;
	frame_place(&f, cl, pw, ph, left_share);
	f.cols[0] = cols[0];
	f.cols[1] = cols[1];
	draw_frame(tc, cr, &f, max_scale);
}

/* The card of the ruleset's grid; a grid without one is a failure of
 * the product, said once, as the scale is looked for. */
static const refcard_grid *grid_of(textbox_ctx *tc)
{
	const refcard_grid *g = refcard_grid_of(tc->rc->rs);
	if (!g) {
		char *msg = xasprintf("%s: no reference card for the grid of ruleset '%s'", tc->product, tc->rc->rs->id);
		textbox_fail(tc, msg);
		free(msg);
	}
	return g;
}

double refcard_scale(textbox_ctx *tc, cairo_t *cr, const card_layouts *cl, double pw, double ph)
{
	const refcard_grid *g = grid_of(tc);
	return g ? card_scale(tc, cr, cl, pw, ph, g) : 0;
}

void refcard_draw_front(textbox_ctx *tc, cairo_t *cr, const card_layouts *cl, double pw, double ph, double scale)
{
	const refcard_grid *g = refcard_grid_of(tc->rc->rs);
	if (g && scale > 0)
		draw_page(tc, cr, cl, pw, ph, "ref-front", &g->front, scale);
}

void refcard_draw_back(textbox_ctx *tc, cairo_t *cr, const card_layouts *cl, double pw, double ph, double scale)
{
	const refcard_grid *g = refcard_grid_of(tc->rc->rs);
	if (g && scale > 0)
		draw_page(tc, cr, cl, pw, ph, "ref-back", &g->back, scale);
}

bool refcard_pdf_begin(refcard_pdf *p, const render_ctx *rc, const char *path, char **error)
{
	memset(p, 0, sizeof *p);
	*error = NULL;
	p->unknown_before = fonts_unknown_glyphs(rc->fonts);
	p->cl = cardlayout_of_or_error(rc->ctx, error);
	if (!p->cl)
		return false;
	p->pw = fmax(rc->paper->width, rc->paper->height);
	p->ph = fmin(rc->paper->width, rc->paper->height);
	p->hyph = hyphen_create(NULL);
	p->product = xasprintf("%s (%s, %s)", path, rc->rs->id, lang_code(rc->lang));
	textbox_init(&p->tc, rc, p->hyph, p->product);
	return true;
}

bool refcard_pdf_open(refcard_pdf *p, const char *path, const char *title, const char *subject, char **error)
{
	const render_ctx *rc = p->tc.rc;
	pdf_meta meta = { title, subject, rc->rs->id, lang_code(rc->lang) };
	p->doc = pdfdoc_begin(path, p->pw, p->ph, &meta, error);
	if (!p->doc)
		return false;
	p->cr = pdfdoc_cairo(p->doc);
	p->top = pdfdoc_bookmark(p->doc, 0, title);
	cairo_save(p->cr);
	cairo_scale(p->cr, PT_PER_MM, PT_PER_MM);
	return true;
}

bool refcard_pdf_end(refcard_pdf *p, const char *path, char **error)
{
	bool ok = false;
	if (p->doc) {
		cairo_restore(p->cr);
		ok = textbox_end_pdf(&p->tc, p->doc, p->unknown_before, path, error);
	}
	if (p->hyph) {
		textbox_finish(&p->tc);
		hyphen_destroy(p->hyph);
	}
	free(p->product);
	memset(p, 0, sizeof *p);
	return ok;
}

bool cards_render_refcard(const render_ctx *rc, const char *path, char **error)
{
	refcard_pdf p;
	if (!refcard_pdf_begin(&p, rc, path, error))
		return false;
	char *title = card_title(&p.tc);
	if (refcard_pdf_open(&p, path, title, textbox_string(&p.tc, "ref-subject"), error)) {
		double scale = refcard_scale(&p.tc, p.cr, p.cl, p.pw, p.ph);
		pdfdoc_label_page(p.doc, textbox_string(&p.tc, "ref-front"));
		pdfdoc_bookmark(p.doc, p.top, textbox_string(&p.tc, "ref-front"));
		refcard_draw_front(&p.tc, p.cr, p.cl, p.pw, p.ph, scale);
		pdfdoc_next_page(p.doc, p.pw, p.ph);
		pdfdoc_label_page(p.doc, textbox_string(&p.tc, "ref-back"));
		pdfdoc_bookmark(p.doc, p.top, textbox_string(&p.tc, "ref-back"));
		refcard_draw_back(&p.tc, p.cr, p.cl, p.pw, p.ph, scale);
	}
	free(title);
	return refcard_pdf_end(&p, path, error);
}
