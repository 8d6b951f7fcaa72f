/* The print-and-play deck: sheets of card fronts, each followed by its
 * backs mirrored for the chosen duplex mode (or, for duplex none, fronts
 * and backs side by side for folding), with cut marks around the grid. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../base/util.h"
#include "cardreg.h"
#include "cards.h"
#include "deckjob.h"

#ifndef M_PI_2
#define M_PI_2 1.57079632679489661923
#endif

/* Enough for any sheet: every cut has a mark in each margin and gutter. */
#define MAX_MARKS 2048

static const double MARK_LINE = 0.2;     /* mm: hairline cut marks */
static const double FOLD_DASH = 2.0;     /* mm */

/* The marks cardsheet places, in black (the registration colour of an
 * RGB file: every printer prints it). */
static void cut_marks(cairo_t *cr, const cards_sheet *s)
{
	static cards_mark marks[MAX_MARKS];
	size_t n = cards_sheet_marks(s, marks, MAX_MARKS);
	n = n < MAX_MARKS ? n : MAX_MARKS;
	cairo_save(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, MARK_LINE);
	for (size_t i = 0; i < n; i++) {
		cairo_move_to(cr, marks[i].x0, marks[i].y0);
		cairo_line_to(cr, marks[i].x1, marks[i].y1);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* A cutter sheet's registration marks, filled in black: the machine's
 * sensor looks for their edges, which a fill gives exactly. */
static void registration_marks(cairo_t *cr, const cards_sheet *s)
{
	cards_rect shapes[CARDS_REG_SHAPES];
	cards_reg_shapes(s, shapes);
	cairo_save(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	for (int i = 0; i < CARDS_REG_SHAPES; i++)
		cairo_rectangle(cr, shapes[i].x, shapes[i].y, shapes[i].w, shapes[i].h);
	cairo_fill(cr);
	cairo_restore(cr);
}

/* Duplex none: a dashed fold line down the middle, named along its length. */
static void fold_line(deck_job *job, cairo_t *cr, const cards_sheet *s)
{
	double x = s->page_width / 2;
	/* A cutter sheet keeps its band free for the machine. */
	double band = s->cutter ? s->edge : 0;
	cairo_save(cr);
	cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
	cairo_set_line_width(cr, MARK_LINE);
	double dash[] = { FOLD_DASH, FOLD_DASH };
	cairo_set_dash(cr, dash, 2, 0);
	cairo_move_to(cr, x, band);
	cairo_line_to(cr, x, s->page_height - band);
	cairo_stroke(cr);
	cairo_restore(cr);

	/* The label runs up the fold in the gutter between the bleeds. */
	double room = s->gutter_x - 2 * s->bleed - 1.0;
	if (room <= 2)
		return;
	cairo_save(cr);
	cairo_translate(cr, x, s->page_height / 2);
	cairo_rotate(cr, -M_PI_2);
	double len = s->page_height * 0.6, th = fmin(room / 2, 3.5);
	cairo_rectangle(cr, -len / 2, -th - 0.5, len, th);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill(cr);
	textbox_style st = { FONT_TEXT, th * 0.8, th * 0.5, false, true, ALIGN_CENTER, VALIGN_MIDDLE, true,
		0.4, 0.4, 0.4 };
	textbox_draw(&job->tc, cr, textbox_string(&job->tc, "deck-fold"), &st, -len / 2, -th - 0.5, len, th);
	cairo_restore(cr);
}

/* A page of fronts: the cutter's registration marks, or cut marks.  The
 * backs have no registration marks: the machine reads the fronts. */
static void front_marks(cairo_t *cr, const cards_sheet *s)
{
	if (s->cutter)
		registration_marks(cr, s);
	else
		cut_marks(cr, s);
}

static const double NO_OFFSET[2] = { 0, 0 };

/* The page's TrimBox: the box round every cut, the outer bleed beyond it;
 * on a back page moved by `offset` (x, y mm) with its cards and marks,
 * so that the boxes stand where they are printed. */
static void page_heading(deck_job *job, pdfdoc *doc, const cards_sheet *s, int parent, const char *label_id,
	int sheet, const double offset[2])
{
	cards_rect ext = cards_sheet_extent(s);
	pdfdoc_set_trim(doc, ext.x + offset[0], ext.y + offset[1], ext.w, ext.h, s->bleed);
	char label[128];
	snprintf(label, sizeof label, "%s %d", textbox_string(&job->tc, label_id), sheet);
	pdfdoc_label_page(doc, label);
	pdfdoc_bookmark(doc, parent, label);
}

static void paint_fronts(deck_job *job, cairo_t *cr, const cards_sheet *s, size_t first, int slots)
{
	for (int k = 0; k < slots && first + (size_t)k < job->print_count; k++) {
		double x, y;
		cards_slot_position(s, k, false, &x, &y);
		cards_rect cell = cards_slot_cell(s, k, false);
		deck_job_paint(cr, job->fronts[job->prints[first + (size_t)k]], x, y, &cell);
	}
}

static void paint_backs(deck_job *job, cairo_t *cr, const cards_sheet *s, size_t first, int slots)
{
	cairo_save(cr);
	cairo_translate(cr, job->back_offset[0], job->back_offset[1]);
	for (int k = 0; k < slots && first + (size_t)k < job->print_count; k++) {
		double x, y;
		cards_slot_position(s, k, true, &x, &y);
		cards_rect cell = cards_slot_cell(s, k, true);
		deck_job_paint(cr, job->back, x, y, &cell);
	}
	cairo_restore(cr);
}

bool cards_render_deck(const render_ctx *rc, const deck_options *opt, const char *path, char **error)
{
	*error = NULL;
	deck_job job;
	int unknown_before = fonts_unknown_glyphs(rc->fonts);
	char *product = xasprintf("%s (%s, %s)", path, rc->rs->id, lang_code(rc->lang));
	if (!deck_job_begin(&job, rc, opt, product, error)) {
		free(product);
		return false;
	}
	cards_sheet sheet;
	const sheet_params *params = cardlayout_sheet(job.layouts, opt->sheet);
	if (!params) {
		char *ids = cardlayout_sheet_ids(job.layouts);
		*error = xasprintf("unknown card sheet '%s'; layouts/cards.xml defines %s", opt->sheet, ids);
		free(ids);
		deck_job_finish(&job);
		free(product);
		return false;
	}
	bool cutter = opt->marks == CARDS_MARKS_CUTTER;
	bool planned = cutter ?
		cards_sheet_plan_cutter(rc->paper->width, rc->paper->height, job.geom.width, job.geom.height, params,
			&job.layouts->cutter, opt->duplex, &sheet) :
		cards_sheet_plan(rc->paper->width, rc->paper->height, job.geom.width, job.geom.height, params,
			opt->duplex, &sheet);
	if (!planned) {
		*error = xasprintf("a %s card (%.1f × %.1f mm) does not fit on %s paper with its %s",
			job.size->id, job.geom.width, job.geom.height, rc->paper->id,
			cutter ? "registration marks" : "margins");
		deck_job_finish(&job);
		free(product);
		return false;
	}
	int slots = cards_sheet_slots(&sheet);
	size_t sheets = (job.print_count + (size_t)slots - 1) / (size_t)slots;

	const char *deck_name = textbox_string(&job.tc, "deck-title");
	const char *rs_name = l10n_get(&rc->rs->name, rc->lang);
	char *title = xasprintf("%s — %s", deck_name, rs_name);
	/* The keywords tell a print shop what the sheet holds and the bleed
	 * its paper left (cardsheet.h). */
	char *keywords = xasprintf("%s; %s %.2f x %.2f mm; %d x %d per sheet; bleed %.2f mm%s", rc->rs->id,
		job.size->id, job.geom.width, job.geom.height, sheet.columns, sheet.rows, sheet.bleed,
		cutter ? "; registration marks for print-then-cut" : "");
	pdf_meta meta = { title, textbox_string(&job.tc, "deck-subject"), keywords, lang_code(rc->lang) };
	pdfdoc *doc = pdfdoc_begin(path, sheet.page_width, sheet.page_height, &meta, error);
	free(keywords);
	if (!doc) {
		free(title);
		deck_job_finish(&job);
		free(product);
		return false;
	}
	cairo_t *cr = pdfdoc_cairo(doc);
	int top = pdfdoc_bookmark(doc, 0, title);
	cairo_save(cr);
	cairo_scale(cr, PT_PER_MM, PT_PER_MM);
	for (size_t s = 0; s < sheets; s++) {
		size_t first = s * (size_t)slots;
		if (s > 0)
			pdfdoc_next_page(doc, sheet.page_width, sheet.page_height);
		if (opt->duplex == CARDS_DUPLEX_NONE) {
			page_heading(&job, doc, &sheet, top, "deck-sheet", (int)s + 1, NO_OFFSET);
			paint_fronts(&job, cr, &sheet, first, slots);
			paint_backs(&job, cr, &sheet, first, slots);
			fold_line(&job, cr, &sheet);
			front_marks(cr, &sheet);
			continue;
		}
		page_heading(&job, doc, &sheet, top, "deck-fronts", (int)s + 1, NO_OFFSET);
		paint_fronts(&job, cr, &sheet, first, slots);
		front_marks(cr, &sheet);
		pdfdoc_next_page(doc, sheet.page_width, sheet.page_height);
		page_heading(&job, doc, &sheet, top, "deck-backs", (int)s + 1, opt->back_offset);
		paint_backs(&job, cr, &sheet, first, slots);
		/* The back page's marks move with its cards, so that once the
		 * printer's shift is undone they fall behind the fronts' marks. */
		cairo_save(cr);
		cairo_translate(cr, opt->back_offset[0], opt->back_offset[1]);
		cut_marks(cr, &sheet);
		cairo_restore(cr);
	}
	cairo_restore(cr);
	bool written = textbox_end_pdf(&job.tc, doc, unknown_before, path, error);
	free(title);
	deck_job_finish(&job);
	free(product);
	return written;
}

bool cards_check_deck(const render_ctx *rc, const deck_options *opt, char **error)
{
	deck_job job;
	char *product = xasprintf("deck (%s, %s)", rc->rs->id, lang_code(rc->lang));
	bool ok = deck_job_begin(&job, rc, opt, product, error);
	if (ok)
		deck_job_finish(&job);
	free(product);
	return ok;
}
