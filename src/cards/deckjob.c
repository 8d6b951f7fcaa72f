#include "deckjob.h"

#include <stdlib.h>
#include <string.h>

#include "../base/jobpool.h"
#include "../base/outdir.h"
#include "../base/util.h"
#include "deckcmyk.h"

char *deck_job_size_error(const card_layouts *cl, const char *id)
{
	char *ids = cardlayout_size_ids(cl);
	char *msg = xasprintf("unknown card size '%s'; layouts/cards.xml defines %s", id, ids);
	free(ids);
	return msg;
}

static cairo_surface_t *record_face(const card_geom *g)
{
	cairo_rectangle_t extents = { -g->bleed, -g->bleed, g->width + 2 * g->bleed, g->height + 2 * g->bleed };
	return cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents);
}

/* A card kind's emblem, recorded the first time a design asks for it, so
 * that the document holds each emblem once.  An unknown name (the data's
 * schema allows none) gets the default. */
static cairo_surface_t *emblem_for(deck_job *job, const deck_face *card)
{
	emblem_kind kind = EMBLEM_DEFAULT;
	if (card->emblem && !emblem_find(card->emblem, &kind))
		kind = EMBLEM_DEFAULT;
	if (!job->emblems[kind])
		job->emblems[kind] = cardface_emblem(&job->geom, &job->body, kind);
	return job->emblems[kind];
}

/* The deck's body (cardface_choose_body), measured on a face like those
 * drawn, so that the fits found are the ones drawn. */
static cardface_body choose_body(deck_job *job)
{
	cairo_surface_t *scratch = record_face(&job->geom);
	cairo_t *cr = cairo_create(scratch);
	cardface_body body = cardface_choose_body(&job->tc, cr, &job->geom, job->designs, job->design_count);
	cairo_destroy(cr);
	cairo_surface_destroy(scratch);
	return body;
}

static bool draw_faces(deck_job *job)
{
	job->fronts = xcalloc(job->design_count ? job->design_count : 1, sizeof *job->fronts);
	job->body = choose_body(job);
	for (size_t i = 0; i < job->design_count; i++) {
		job->fronts[i] = record_face(&job->geom);
		cairo_t *cr = cairo_create(job->fronts[i]);
		cardface_front(&job->tc, cr, &job->geom, &job->designs[i], job->total,
			emblem_for(job, job->designs[i].card), &job->shared, &job->body);
		cairo_destroy(cr);
	}
	job->back = record_face(&job->geom);
	cairo_t *cr = cairo_create(job->back);
	cardface_back(&job->tc, cr, &job->geom, job->ink_saver ? cardface_back_ink_saver() : cardface_back_full());
	cairo_destroy(cr);
	return job->tc.failures == 0;
}

bool deck_job_begin(deck_job *job, const render_ctx *rc, const deck_options *opt, const char *product,
	char **error)
{
	memset(job, 0, sizeof *job);
	*error = NULL;
	job->rc = rc;
	job->back_offset[0] = opt->back_offset[0];
	job->back_offset[1] = opt->back_offset[1];
	job->ink_saver = opt->ink_saver;
	job->layouts = cardlayout_of_or_error(rc->ctx, error);
	if (!job->layouts) {
		deck_job_finish(job);
		return false;
	}
	job->size = cardlayout_size(job->layouts, opt->size);
	if (!job->size) {
		*error = deck_job_size_error(job->layouts, opt->size);
		deck_job_finish(job);
		return false;
	}
	job->geom = (card_geom){ job->size->width, job->size->height, cardlayout_max_bleed(job->layouts),
		job->layouts->face_safe };

	if (opt->deck) {
		job->deck = opt->deck;
	} else {
		job->own_deck = deck_from_ruleset(rc->rs);
		job->deck = job->own_deck;
	}
	job->total = deck_total(job->deck);
	job->design_count = deck_designs(job->deck, &job->designs);
	if (job->design_count == 0) {
		*error = xasprintf("the deck of ruleset '%s' holds no card to print", rc->rs->id);
		deck_job_finish(job);
		return false;
	}
	size_t cap = 0;
	for (size_t i = 0; i < job->design_count; i++) {
		int copies = opt->unique ? 1 : job->designs[i].count;
		for (int k = 0; k < copies; k++) {
			grow_array((void **)&job->prints, &cap, job->print_count + 1, sizeof *job->prints);
			job->prints[job->print_count++] = i;
		}
	}

	job->hyph = hyphen_create(NULL);
	textbox_init(&job->tc, rc, job->hyph, product);
	if (!draw_faces(job)) {
		*error = xstrdup(job->tc.first_failure);
		deck_job_finish(job);
		return false;
	}
	return true;
}

/* Destroy the surfaces of a list; NULL entries were never drawn. */
static void drop_surfaces(cairo_surface_t **list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (list[i])
			cairo_surface_destroy(list[i]);
}

void deck_job_finish(deck_job *job)
{
	drop_surfaces(job->fronts, job->fronts ? job->design_count : 0);
	drop_surfaces(job->emblems, EMBLEM_COUNT);
	cardface_shared_finish(&job->shared);
	free(job->fronts);
	if (job->back)
		cairo_surface_destroy(job->back);
	if (job->tc.fits)
		textbox_finish(&job->tc);
	hyphen_destroy(job->hyph);
	free(job->prints);
	free(job->designs);
	deck_destroy(job->own_deck);
	memset(job, 0, sizeof *job);
}

void deck_job_paint(cairo_t *cr, cairo_surface_t *face, double x, double y, const cards_rect *clip)
{
	/* The recorded design itself is painted, so the PDF holds it once as
	 * a form and each copy costs a few bytes of page content.  (Cairo 1.16
	 * names a form painted twice on one page twice in the page's resources;
	 * pdfdoc_end's last pass, render/pdfboxes.c, writes the key once.) */
	cairo_save(cr);
	cairo_rectangle(cr, clip->x, clip->y, clip->w, clip->h);
	cairo_clip(cr);
	cairo_set_source_surface(cr, face, x, y);
	cairo_paint(cr);
	cairo_restore(cr);
}

cards_outcome cards_write_language(const render_ctx *rc, const deck_options *opt, cards_formats what,
	const char *dir, char **error)
{
	*error = NULL;
	outdir *out = outdir_current();
	if (!outdir_make_dirs(out, dir, error))
		return CARDS_UNWRITABLE;
	/* A player's card whose text cannot fit is his input's fault: say so
	 * before anything is written. */
	if (opt->deck && !cards_check_deck(rc, opt, error))
		return CARDS_INVALID;
	if (what.pdf) {
		char *path = xasprintf("%s/deck.pdf", dir);
		bool ok = cards_render_deck(rc, opt, path, error);
		free(path);
		if (!ok)
			return CARDS_BROKEN;
	}
	if (what.png && !cards_render_tts(rc, opt, dir, NULL, error))
		return CARDS_BROKEN;
	cards_outcome outcome = CARDS_DONE;
	if (what.card_files) {
		char *cards_dir = xasprintf("%s/cards", dir);
		if (!outdir_make_dirs(out, cards_dir, error))
			outcome = CARDS_UNWRITABLE;
		else if (!cards_render_card_files(rc, opt, cards_dir, NULL, error))
			outcome = CARDS_BROKEN;
		free(cards_dir);
	}
	return outcome;
}

/* The languages of one run as jobs of the pool. */
typedef struct lang_jobs {
	render_ctx *rc;
	lang_id langs[LANG_COUNT];
	cards_lang_fn fn;
	void *arg;
	cards_failed_fn failed;
	void *failed_arg;
	cards_outcome outcome;
} lang_jobs;

static int lang_job(void *ctx, size_t i, jobpool_job *job)
{
	lang_jobs *l = ctx;
	l->rc->lang = l->langs[i];
	char *error = NULL;
	cards_outcome outcome = l->fn(l->arg, l->rc, &error);
	/* The message goes back with the result, told in the parent. */
	if (outcome != CARDS_DONE && error)
		jobpool_send(job, error, strlen(error));
	free(error);
	return outcome;
}

static bool lang_done(void *ctx, size_t i, const jobpool_result *r)
{
	lang_jobs *l = ctx;
	/* One process stops at the first language that fails: a language a
	 * worker finished after that is not reported. */
	if (l->outcome != CARDS_DONE)
		return false;
	jobpool_print(r);
	char *message = NULL;
	if (r->died) {
		fflush(stdout);
		message = xasprintf("internal error: the %s language could not be written: %s", lang_code(l->langs[i]),
			r->died);
	} else if (r->status != CARDS_DONE && r->data) {
		message = xasprintf("%.*s", (int)r->size, (const char *)r->data);
	}
	if (message && l->failed)
		l->failed(l->failed_arg, l->langs[i], message);
	free(message);
	l->outcome = (cards_outcome)r->status;
	return l->outcome == CARDS_DONE;
}

cards_outcome cards_each_language(render_ctx *rc, const bool langs[LANG_COUNT], unsigned jobs, cards_lang_fn fn,
	void *arg, cards_failed_fn failed, void *failed_arg)
{
	lang_jobs l = { .rc = rc, .fn = fn, .arg = arg, .failed = failed, .failed_arg = failed_arg };
	size_t count = 0;
	for (int lang = 0; lang < LANG_COUNT; lang++)
		if (langs[lang])
			l.langs[count++] = (lang_id)lang;
	jobpool_run(count, jobs ? jobs : 1, lang_job, lang_done, &l);
	return l.outcome;
}

/* What every language of cards_write_decks shares. */
typedef struct deck_run {
	const deck_options *opt;
	cards_formats what;
	const char *out_dir;
} deck_run;

static cards_outcome write_deck_language(void *arg, const render_ctx *rc, char **error)
{
	const deck_run *d = arg;
	char *dir = xasprintf("%s/cards/%s/%s", d->out_dir, rc->rs->id, lang_code(rc->lang));
	cards_outcome outcome = cards_write_language(rc, d->opt, d->what, dir, error);
	free(dir);
	return outcome;
}

cards_outcome cards_write_decks(render_ctx *rc, const deck_options *opt, cards_formats what, const char *out_dir,
	const bool langs[LANG_COUNT], unsigned jobs, cards_failed_fn failed, void *failed_arg)
{
	deck_run d = { opt, what, out_dir };
	return cards_each_language(rc, langs, jobs, write_deck_language, &d, failed, failed_arg);
}

cards_outcome cards_write_cmyk(context *ctx, const char *out_dir, const char *ruleset_id,
	const bool langs[LANG_COUNT], FILE *list, char **error)
{
	*error = NULL;
	cards_outcome outcome = CARDS_DONE;
	for (int lang = 0; lang < LANG_COUNT && outcome == CARDS_DONE; lang++) {
		if (!langs[lang])
			continue;
		char *dir = xasprintf("%s/cards/%s/%s", out_dir, ruleset_id, lang_code((lang_id)lang));
		char *in = xasprintf("%s/deck.pdf", dir), *out = xasprintf("%s/deck-cmyk.pdf", dir);
		if (!deckcmyk_convert(ctx, in, out, error))
			outcome = CARDS_BROKEN;
		else if (list)
			fprintf(list, "%s\n", out);
		free(in);
		free(out);
		free(dir);
	}
	return outcome;
}
