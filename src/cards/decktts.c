/* Tabletop Simulator deck sheets: a grid of card fronts per image, cut
 * exactly at the card edge (no bleed, no marks), the last slot of each
 * sheet holding the back (Tabletop Simulator shows that slot for hidden
 * cards), and the back alone as its own image for the deck's back URL. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/util.h"
#include "cards.h"
#include "deckjob.h"

/* Cairo's limit for an image side. */
#define MAX_PIXELS 32767

/* PNG through a temporary file beside the target, renamed when complete. */
static bool write_png(cairo_surface_t *surface, const char *path, char **error)
{
	char *temp = xasprintf("%s.tmp-%ld", path, (long)getpid());
	cairo_status_t st = cairo_surface_write_to_png(surface, temp);
	bool ok = st == CAIRO_STATUS_SUCCESS;
	if (!ok)
		*error = xasprintf("cannot write %s: %s", path, cairo_status_to_string(st));
	else if (rename(temp, path) != 0) {
		*error = xasprintf("cannot move the finished file to %s: %s", path, strerror(errno));
		ok = false;
	}
	if (!ok)
		unlink(temp);
	free(temp);
	return ok;
}

/* Paint one face into the pixel cell whose top-left is px, py. */
static void paint_cell(cairo_t *cr, cairo_surface_t *face, const card_geom *g, int px, int py,
	int cell_w, int cell_h)
{
	cairo_save(cr);
	cairo_translate(cr, px, py);
	cairo_scale(cr, cell_w / g->width, cell_h / g->height);
	cards_rect clip = { 0, 0, g->width, g->height };
	deck_job_paint(cr, face, 0, 0, &clip);
	cairo_restore(cr);
}

static cairo_surface_t *blank_image(int w, int h)
{
	cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	cairo_t *cr = cairo_create(img);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_destroy(cr);
	return img;
}

bool cards_render_tts(const render_ctx *rc, const deck_options *opt, const char *dir, FILE *log,
	char **error)
{
	*error = NULL;
	int unknown_before = fonts_unknown_glyphs(rc->fonts);
	deck_job job;
	char *product = xasprintf("%s/deck-sheet (%s, %s)", dir, rc->rs->id, lang_code(rc->lang));
	if (!deck_job_begin(&job, rc, opt, product, error)) {
		free(product);
		return false;
	}
	bool ok = true;
	if (fonts_unknown_glyphs(rc->fonts) != unknown_before) {
		*error = xasprintf("%s: the text \"%s\" needs a character the bundled fonts lack; nothing was written",
			dir, fonts_first_bad_text(rc->fonts));
		ok = false;
	}
	double dpi = opt->dpi > 0 ? opt->dpi : job.layouts->tts_dpi;
	int cell_w = (int)lround(job.geom.width / 25.4 * dpi), cell_h = (int)lround(job.geom.height / 25.4 * dpi);
	int cols = job.layouts->tts_columns, rows = job.layouts->tts_rows;
	if (ok && ((long)cell_w * cols > MAX_PIXELS || (long)cell_h * rows > MAX_PIXELS || cell_w < 1 || cell_h < 1)) {
		*error = xasprintf("a sheet of %d × %d cards at %.0f dpi would exceed %d pixels a side",
			cols, rows, dpi, MAX_PIXELS);
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
		cairo_surface_t *img = blank_image(cell_w * cols, cell_h * rows);
		cairo_t *cr = cairo_create(img);
		for (size_t k = 0; k < per_sheet && s * per_sheet + k < job.print_count; k++) {
			int col = (int)(k % (size_t)cols), row = (int)(k / (size_t)cols);
			size_t design = job.prints[s * per_sheet + k];
			paint_cell(cr, job.fronts[design], &job.geom, col * cell_w, row * cell_h, cell_w, cell_h);
		}
		paint_cell(cr, job.back, &job.geom, (cols - 1) * cell_w, (rows - 1) * cell_h, cell_w, cell_h);
		cairo_destroy(cr);
		char *path = xasprintf("%s/deck-sheet-%zu.png", dir, s + 1);
		ok = write_png(img, path, error);
		if (ok && log)
			fprintf(log, "%s\n", path);
		free(path);
		cairo_surface_destroy(img);
	}
	if (ok) {
		cairo_surface_t *img = blank_image(cell_w, cell_h);
		cairo_t *cr = cairo_create(img);
		paint_cell(cr, job.back, &job.geom, 0, 0, cell_w, cell_h);
		cairo_destroy(cr);
		char *path = xasprintf("%s/deck-back.png", dir);
		ok = write_png(img, path, error);
		if (ok && log)
			fprintf(log, "%s\n", path);
		free(path);
		cairo_surface_destroy(img);
	}
	deck_job_finish(&job);
	free(product);
	return ok;
}
