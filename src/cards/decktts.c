/* Tabletop Simulator deck sheets: a grid of card fronts per image, cut
 * exactly at the card edge (no bleed, no marks), the last slot of each
 * sheet holding the back (Tabletop Simulator shows that slot for hidden
 * cards), and the back alone as its own image for the deck's back URL. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../base/util.h"
#include "cards.h"
#include "deckjob.h"

/* Paint one face, with `bleed` mm of its art beyond the cut, into the
 * pixel cell whose top-left is px, py. */
static void paint_cell(cairo_t *cr, cairo_surface_t *face, const card_geom *g, double bleed, int px, int py,
	int cell_w, int cell_h)
{
	cairo_save(cr);
	cairo_translate(cr, px, py);
	cairo_scale(cr, cell_w / (g->width + 2 * bleed), cell_h / (g->height + 2 * bleed));
	cards_rect clip = { 0, 0, g->width + 2 * bleed, g->height + 2 * bleed };
	deck_job_paint(cr, face, bleed, bleed, &clip);
	cairo_restore(cr);
}

/* A PNG of exactly w × h pixels through pdfdoc, which writes it atomically
 * (temporary file, renamed when whole; removed on a signal).  pdfdoc sizes
 * images in millimetres and rounds up: asking for half a pixel less gives
 * the exact size.  The context it returns draws in pixels here. */
static pdfdoc *begin_image(const char *path, int w, int h, double dpi, cairo_t **cr, char **error)
{
	pdfdoc *doc = pdfdoc_begin_as(DOC_PNG, dpi, path, (w - 0.5) * 25.4 / dpi, (h - 0.5) * 25.4 / dpi, NULL, error);
	if (!doc)
		return NULL;
	*cr = pdfdoc_cairo(doc);
	cairo_save(*cr);
	cairo_scale(*cr, 72.0 / dpi, 72.0 / dpi);
	return doc;
}

static bool end_image(pdfdoc *doc, cairo_t *cr, const char *path, FILE *log, char **error)
{
	cairo_restore(cr);
	bool ok = pdfdoc_end(doc, true, error);
	if (ok && log)
		fprintf(log, "%s\n", path);
	return ok;
}

/* Draw the deck for the images `what` in `dir`: false with a message, the
 * job finished, when a text does not fit or needs a glyph the bundled
 * fonts lack.  *product names the images in messages while the job lasts:
 * free it after deck_job_finish. */
static bool begin_images(deck_job *job, const render_ctx *rc, const deck_options *opt, const char *dir,
	const char *what, char **product, char **error)
{
	*error = NULL;
	int unknown_before = fonts_unknown_glyphs(rc->fonts);
	*product = xasprintf("%s/%s (%s, %s)", dir, what, rc->rs->id, lang_code(rc->lang));
	bool ok = deck_job_begin(job, rc, opt, *product, error);
	if (ok && fonts_unknown_glyphs(rc->fonts) != unknown_before) {
		*error = xasprintf("%s: the text \"%s\" needs a character the bundled fonts lack; nothing was written",
			dir, fonts_first_bad_text(rc->fonts));
		deck_job_finish(job);
		ok = false;
	}
	if (!ok) {
		free(*product);
		*product = NULL;
	}
	return ok;
}

bool cards_render_tts(const render_ctx *rc, const deck_options *opt, const char *dir, FILE *log,
	char **error)
{
	deck_job job;
	char *product = NULL;
	if (!begin_images(&job, rc, opt, dir, "deck-sheet", &product, error))
		return false;
	bool ok = true;
	double dpi = opt->dpi > 0 ? opt->dpi : job.layouts->tts_dpi;
	int cell_w = (int)lround(job.geom.width / 25.4 * dpi), cell_h = (int)lround(job.geom.height / 25.4 * dpi);
	/* The layout's grid, narrowed until the image keeps within the most
	 * pixels a side Tabletop Simulator takes: the deck then spreads over
	 * more sheets. */
	int max_side = job.layouts->tts_max_side;
	int cols = job.layouts->tts_columns, rows = job.layouts->tts_rows;
	if (cell_w > 0 && cols > max_side / cell_w)
		cols = max_side / cell_w;
	if (cell_h > 0 && rows > max_side / cell_h)
		rows = max_side / cell_h;
	if (ok && (cols < 1 || rows < 1 || cell_w < 1 || cell_h < 1)) {
		*error = xasprintf("a %s card at %.0f dpi would exceed %d pixels a side", job.size->id, dpi, max_side);
		ok = false;
	}
	/* The last slot is the back: the others hold fronts. */
	size_t per_sheet = (size_t)(cols * rows - 1);
	if (ok && per_sheet == 0) {
		*error = xstrdup("a Tabletop Simulator sheet needs room for at least one front besides the back");
		ok = false;
	}
	size_t sheets = ok ? (job.print_count + per_sheet - 1) / per_sheet : 0;
	for (size_t s = 0; ok && s < sheets; s++) {
		char *path = xasprintf("%s/deck-sheet-%zu.png", dir, s + 1);
		cairo_t *cr = NULL;
		pdfdoc *doc = begin_image(path, cell_w * cols, cell_h * rows, dpi, &cr, error);
		ok = doc != NULL;
		for (size_t k = 0; ok && k < per_sheet && s * per_sheet + k < job.print_count; k++) {
			int col = (int)(k % (size_t)cols), row = (int)(k / (size_t)cols);
			size_t design = job.prints[s * per_sheet + k];
			paint_cell(cr, job.fronts[design], &job.geom, 0, col * cell_w, row * cell_h, cell_w, cell_h);
		}
		if (ok) {
			paint_cell(cr, job.back, &job.geom, 0, (cols - 1) * cell_w, (rows - 1) * cell_h, cell_w, cell_h);
			ok = end_image(doc, cr, path, log, error);
		}
		free(path);
	}
	if (ok) {
		char *path = xasprintf("%s/deck-back.png", dir);
		cairo_t *cr = NULL;
		pdfdoc *doc = begin_image(path, cell_w, cell_h, dpi, &cr, error);
		ok = doc != NULL;
		if (ok) {
			paint_cell(cr, job.back, &job.geom, 0, 0, 0, cell_w, cell_h);
			ok = end_image(doc, cr, path, log, error);
		}
		free(path);
	}
	deck_job_finish(&job);
	free(product);
	return ok;
}

/* One face as its own image with the bleed of the faces (layouts/cards.xml:
 * the widest sheet bleed), w × h pixels. */
static bool write_face(cairo_surface_t *face, const deck_job *job, const char *path, int w, int h, double dpi,
	FILE *log, char **error)
{
	cairo_t *cr = NULL;
	pdfdoc *doc = begin_image(path, w, h, dpi, &cr, error);
	if (!doc)
		return false;
	paint_cell(cr, face, &job->geom, job->geom.bleed, 0, 0, w, h);
	return end_image(doc, cr, path, log, error);
}

bool cards_render_card_files(const render_ctx *rc, const deck_options *opt, const char *dir, FILE *log,
	char **error)
{
	static const char *const FLANKS[DECK_FLANKS] = { "left", "centre", "right", "any" };
	deck_job job;
	char *product = NULL;
	if (!begin_images(&job, rc, opt, dir, "card", &product, error))
		return false;
	bool ok = true;
	double dpi = opt->dpi > 0 ? opt->dpi : job.layouts->tts_dpi;
	double bleed = job.geom.bleed;
	int w = (int)lround((job.geom.width + 2 * bleed) / 25.4 * dpi);
	int h = (int)lround((job.geom.height + 2 * bleed) / 25.4 * dpi);
	/* card-NN-ID-FLANK-xCOPIES.png: the order of the deck, the design, and
	 * how many copies to order of it. */
	for (size_t i = 0; ok && i < job.design_count; i++) {
		const deck_design *d = &job.designs[i];
		char *path = xasprintf("%s/card-%02zu-%s-%s-x%d.png", dir, i + 1, d->card->id, FLANKS[d->flank],
			opt->unique ? 1 : d->count);
		ok = write_face(job.fronts[i], &job, path, w, h, dpi, log, error);
		free(path);
	}
	if (ok) {
		char *path = xasprintf("%s/card-back.png", dir);
		ok = write_face(job.back, &job, path, w, h, dpi, log, error);
		free(path);
	}
	deck_job_finish(&job);
	free(product);
	return ok;
}
