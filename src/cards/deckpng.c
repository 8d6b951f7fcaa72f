/* The deck's fronts as PNG images (deckpng.h). */
#include "deckpng.h"

#include <cairo.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "cards.h"
#include "deckjob.h"

static const char *const FLANKS[DECK_FLANKS] = { "left", "centre", "right", "any" };

static cairo_status_t png_write(void *closure, const unsigned char *data, unsigned int length)
{
	bytes_put(closure, data, length);
	return CAIRO_STATUS_SUCCESS;
}

/* One recorded face cut at the card's edge, DECKPNG_WIDTH pixels wide. */
static bool face_png(const deck_job *job, cairo_surface_t *face, deckpng_face *out, char **error)
{
	double px = DECKPNG_WIDTH / job->geom.width;   /* pixels a millimetre */
	int h = (int)(job->geom.height * px + 0.5);
	cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, DECKPNG_WIDTH, h);
	cairo_t *cr = cairo_create(surface);
	cairo_scale(cr, px, px);
	cards_rect clip = { 0, 0, job->geom.width, job->geom.height };
	deck_job_paint(cr, face, 0, 0, &clip);
	cairo_status_t st = cairo_status(cr);
	cairo_destroy(cr);
	byte_buf buf = { 0 };
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_write_to_png_stream(surface, png_write, &buf);
	cairo_surface_destroy(surface);
	if (st != CAIRO_STATUS_SUCCESS) {
		*error = xasprintf("cannot draw a card: %s", cairo_status_to_string(st));
		free(buf.p);
		return false;
	}
	out->png = buf.p;
	out->png_size = buf.len;
	return true;
}

bool deckpng_make(const render_ctx *rc, deckpng_face **out, size_t *count, char **error)
{
	*out = NULL;
	*count = 0;
	*error = NULL;
	deck_job job;
	deck_options opt = { 0 };
	char *product = xasprintf("the cards of %s (%s)", rc->rs->id, lang_code(rc->lang));
	bool ok = deck_job_begin(&job, rc, &opt, product, error);
	if (ok) {
		*out = xcalloc(job.design_count ? job.design_count : 1, sizeof **out);
		for (size_t i = 0; ok && i < job.design_count; i++) {
			deckpng_face *f = &(*out)[i];
			f->card = xstrdup(job.designs[i].card->id);
			f->flank = xstrdup(FLANKS[job.designs[i].flank]);
			*count = i + 1;
			ok = face_png(&job, job.fronts[i], f, error);
		}
		deck_job_finish(&job);
	}
	free(product);
	if (!ok) {
		deckpng_free(*out, *count);
		*out = NULL;
		*count = 0;
	}
	return ok;
}

const deckpng_face *deckpng_find(const deckpng_face *faces, size_t count, const char *log_id)
{
	const char *slash = strchr(log_id, '/');
	size_t len = slash ? (size_t)(slash - log_id) : strlen(log_id);
	const deckpng_face *any = NULL;
	for (size_t i = 0; i < count; i++) {
		if (strlen(faces[i].card) != len || strncmp(faces[i].card, log_id, len) != 0)
			continue;
		if (slash && strcmp(faces[i].flank, slash + 1) == 0)
			return &faces[i];
		if (!any || strcmp(faces[i].flank, "any") == 0)
			any = &faces[i];
	}
	return any;
}

void deckpng_free(deckpng_face *faces, size_t count)
{
	for (size_t i = 0; faces && i < count; i++) {
		free(faces[i].card);
		free(faces[i].flank);
		free(faces[i].png);
	}
	free(faces);
}
