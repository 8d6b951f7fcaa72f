#include "printset.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../base/jobpool.h"
#include "../base/outdir.h"
#include "../base/outtree.h"
#include "../base/util.h"
#include "../cards/cardlayout.h"
#include "../cards/cards.h"
#include "../render/layouts.h"
#include "../render/products.h"
#include "../render/render.h"
#include "../text/fonts.h"
#include "../text/hyphen.h"
#include "../text/strings.h"
#include "scenariocard.h"

struct printer {
	printset_options options;
	font_library *fonts;     /* the context's, as the strings and layouts */
	const string_table *strings;
	const layouts *layouts;
	bool write_failed;       /* the last printer_render failed in the system */
};

static bool product_known(doc_format format, const char *name);

void printer_destroy(printer *p)
{
	free(p);
}

bool printset_resources(context *c, diag_sink *sink, char **error)
{
	*error = NULL;
	if (!fonts_of(c, error) || !strings_of(c, sink) || !layouts_of(c, sink))
		return false;
	/* The order cards and the reference card read the card layouts when
	 * they are drawn; reading them here too reports a broken file as a
	 * broken installation before anything is written. */
	return cardlayout_of(c, sink) != NULL;
}

printer *printer_create(const printset_options *options, char **error)
{
	*error = NULL;
	diag_sink sink;
	diag_sink_init(&sink);
	printer *p = xcalloc(1, sizeof *p);
	p->options = *options;
	if (printset_resources(options->ctx, &sink, error)) {
		p->fonts = fonts_of(options->ctx, error);
		p->strings = strings_of(options->ctx, &sink);
		p->layouts = layouts_of(options->ctx, &sink);
		if (!layouts_paper(p->layouts, options->paper))
			*error = xasprintf("unknown paper size '%s'; layouts/print.xml defines a4 and letter",
				options->paper);
		if (!*error && options->products && !options->products[0])
			*error = xstrdup("no print product chosen");
		for (const char *const *name = options->products; !*error && name && *name; name++)
			if (!product_known(options->format, *name))
				*error = xasprintf("unknown print product '%s'", *name);
	} else if (!*error) {
		*error = diag_data_error(&sink, 0);
	}
	diag_sink_finish(&sink);
	if (*error) {
		printer_destroy(p);
		return NULL;
	}
	return p;
}

typedef bool (*product_fn)(const render_ctx *, const char *, char **);

typedef struct product {
	const char *name;    /* file name without extension */
	product_fn render;
	bool needs_deck;     /* left out for a ruleset without order cards */
	bool hex_only;       /* left out on a square grid (no special rules) */
} product;

/* The ruleset's deck as players use it: every copy, poker size, backs
 * mirrored for long-edge duplex and moved by the printer's back offset. */
static bool render_deck(const printer *p, const render_ctx *rc, const char *path, char **error)
{
	deck_options opt = { .back_offset = { p->options.back_offset[0], p->options.back_offset[1] } };
	return cards_render_deck(rc, &opt, path, error);
}

static const product PDF_PRODUCTS[] = {
	{ "map-tiles", render_tiles, false, false },
	{ "map-overview", render_overview, false, false },
	{ "map-poster", render_poster, false, false },
	{ "scenario-sheet", render_sheet, false, false },
	{ "rosters", render_rosters, false, false },
	{ "order-cards", NULL, true, false },   /* render_deck */
	{ "reference-card", cards_render_refcard, false, false },
	{ "scenario-card", scenariocard_render, false, true },
};

/* Images for building digital modules: one page each. */
static const product IMAGE_PRODUCTS[] = {
	{ "map", render_map_image, false, false },
	{ "scenario-sheet", render_sheet, false, false },
};

/* Whether `name` is one of the format's products. */
static bool product_known(doc_format format, const char *name)
{
	const product *all = format == DOC_PDF ? PDF_PRODUCTS : IMAGE_PRODUCTS;
	size_t n = format == DOC_PDF ? ARRAY_LEN(PDF_PRODUCTS) : ARRAY_LEN(IMAGE_PRODUCTS);
	for (size_t i = 0; i < n; i++)
		if (str_eq(all[i].name, name))
			return true;
	return false;
}

/* Whether the options ask for the product. */
static bool product_chosen(const printset_options *o, const product *pr)
{
	if (!o->products)
		return true;
	for (const char *const *name = o->products; *name; name++)
		if (str_eq(*name, pr->name))
			return true;
	return false;
}

struct printset_scenario {
	render_ctx rc;           /* all but the language */
	position *pos;
	const product *products[ARRAY_LEN(PDF_PRODUCTS)];
	size_t product_count;
	lang_id langs[LANG_COUNT];
	size_t lang_count;
};

void printset_scenario_destroy(printset_scenario *ps)
{
	if (ps)
		position_destroy(ps->pos);
	free(ps);
}

printset_scenario *printer_prepare(printer *p, const scenario *sc, const ruleset *rs, char **error)
{
	*error = NULL;
	printset_scenario *ps = xcalloc(1, sizeof *ps);
	ps->rc = (render_ctx){
		.fonts = p->fonts,
		.strings = p->strings,
		.layouts = p->layouts,
		.ctx = p->options.ctx,
		.sc = sc,
		.rs = rs,
		.paper = layouts_paper(p->layouts, p->options.paper),
		.cell_size = p->options.cell_size > 0 ? p->options.cell_size : layouts_hex_size(p->layouts, rs->id),
		.format = p->options.format,
		.dpi = p->options.dpi > 0 ? p->options.dpi : 150,
		.panel_width = p->options.panel_width,
		.panel_height = p->options.panel_height,
		.setup = p->options.setup,
	};
	bool pdf = ps->rc.format == DOC_PDF;
	const product *all = pdf ? PDF_PRODUCTS : IMAGE_PRODUCTS;
	size_t all_count = pdf ? ARRAY_LEN(PDF_PRODUCTS) : ARRAY_LEN(IMAGE_PRODUCTS);
	for (size_t i = 0; i < all_count; i++)
		if (product_chosen(&p->options, &all[i]))
			ps->products[ps->product_count++] = &all[i];
	for (int lang = 0; lang < LANG_COUNT; lang++)
		if (p->options.langs[lang])
			ps->langs[ps->lang_count++] = (lang_id)lang;
	if (!scenario_grid(sc, rs, &ps->rc.board)) {
		*error = xstrdup("the scenario has no usable board");
		free(ps);
		return NULL;
	}
	/* What stands where, built once for every product and language. */
	ps->pos = position_create(sc, rs);
	ps->rc.pos = ps->pos;
	return ps;
}

/* The bytes malloc has handed out and not had back; where the C library
 * cannot tell, as good as unbounded: every product then starts afresh.
 * An allocator in front of glibc's (a sanitizer's) leaves its figures at
 * 0, which a program with its fonts loaded never has. */
static size_t heap_in_use(void)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
	struct mallinfo2 mi = mallinfo2();
	size_t used = mi.uordblks + mi.hblkhd;
	return used ? used : SIZE_MAX;
#else
	return SIZE_MAX;
#endif
}

size_t printset_part_count(const printset_scenario *ps)
{
	return ps->lang_count * ps->product_count;
}

bool printset_part_is_language_start(const printset_scenario *ps, size_t part)
{
	return part % ps->product_count == 0;
}

bool printer_render_part(printer *p, const printset_scenario *ps, size_t part, char **error)
{
	*error = NULL;
	p->write_failed = false;
	render_ctx rc = ps->rc;
	rc.lang = ps->langs[part / ps->product_count];
	/* What the products before made is kept while it is small: the fonts
	 * at the sizes they asked for and the texts they laid out (the
	 * poster's labels are the map tiles').  Loading them anew for every
	 * product was an eighth of a print set's work.  Past the bound they
	 * go, and the hyphenation dictionaries of other languages always do:
	 * a process holds some 12 MiB of heap and then some at most, where
	 * keeping it all over many scenarios would grow without end. */
	if (heap_in_use() > (p->options.keep_bytes ? p->options.keep_bytes : PRINTSET_KEEP_BYTES))
		fonts_forget(p->fonts);
	hyphen_keep_only(rc.lang);
	const product *pr = ps->products[part % ps->product_count];
	outdir *out = outdir_current();
	bool failed_before = outdir_write_failed(out);
	char *dir = xasprintf("%s/%s/%s", p->options.out_dir, rc.sc->id.text, lang_code(rc.lang));
	bool ok = outdir_make_dirs(out, dir, error);
	if (ok && !(pr->needs_deck && ruleset_deck_size(rc.rs) == 0) && !(pr->hex_only && rc.board.kind != GRID_HEX)) {
		char *path = xasprintf("%s/%s.%s", dir, pr->name, pdfdoc_extension(rc.format));
		int unknown_before = fonts_unknown_glyphs(p->fonts);
		ok = pr->render ? pr->render(&rc, path, error) : render_deck(p, &rc, path, error);
		if (!ok && !*error && fonts_unknown_glyphs(p->fonts) > unknown_before)
			*error = xasprintf("%s: the text \"%s\" needs a character the bundled fonts lack; "
				"nothing was written", path, fonts_first_bad_text(p->fonts));
		else if (!ok && !*error)
			*error = xasprintf("%s could not be written", path);
		free(path);
	}
	free(dir);
	/* A failure the folder or the disk caused (a set that failed before
	 * this part failed the same way). */
	p->write_failed = !ok && (outdir_write_failed(out) || failed_before);
	return ok;
}

bool printer_commit(const printer *p, const printset_scenario *ps, FILE *log, char **error)
{
	char *folder = xasprintf("%s/%s", p->options.out_dir, ps->rc.sc->id.text);
	bool ok = outdir_commit_folder(outdir_current(), folder, log, error);
	free(folder);
	return ok;
}

bool printer_render(printer *p, const scenario *sc, const ruleset *rs, FILE *log, char **error)
{
	*error = NULL;
	p->write_failed = false;
	printset_scenario *ps = printer_prepare(p, sc, rs, error);
	if (!ps)
		return false;
	/* The scenario's whole print set is one output set: it appears when
	 * every product of every language is written, and a failure leaves the
	 * folders as they were (earlier files untouched, no new empty folder). */
	outdir *out = outdir_open();
	bool ok = true;
	for (size_t part = 0; ok && part < printset_part_count(ps); part++)
		ok = printer_render_part(p, ps, part, error);
	if (ok)
		ok = printer_commit(p, ps, p->options.quiet ? NULL : log, error);
	p->write_failed = outdir_write_failed(out);
	outdir_close(out);
	printset_scenario_destroy(ps);
	return ok;
}

/* A panel smaller than this leaves no room for a map between the tile
 * margins, footer and overlap; larger than a PDF page cannot be written. */
#define PANEL_MIN_MM 200.0
#define PANEL_MAX_MM 5000.0

bool printset_panel_size(const char *text, double *width, double *height, char **error)
{
	/* The ISO sizes a print shop's roll or a plotter takes. */
	static const struct { const char *id; double w, h; } named[] = {
		{ "a0", 841, 1189 },
		{ "a1", 594, 841 },
		{ "a2", 420, 594 },
	};
	*error = NULL;
	for (size_t i = 0; i < ARRAY_LEN(named); i++) {
		if (str_eq(text, named[i].id)) {
			*width = named[i].w;
			*height = named[i].h;
			return true;
		}
	}
	char *end = NULL;
	double w = strtod(text, &end), h = 0;
	bool ok = end != text && (*end == 'x' || *end == 'X');
	if (ok) {
		const char *rest = end + 1;
		h = strtod(rest, &end);
		ok = end != rest && !*end;
	}
	if (!ok || !(w >= PANEL_MIN_MM && w <= PANEL_MAX_MM && h >= PANEL_MIN_MM && h <= PANEL_MAX_MM)) {
		*error = xasprintf("--poster-panel takes a0, a1, a2 or WIDTHxHEIGHT in millimetres, each from %.0f to %.0f "
			"(for example 900x1200), not '%s'", PANEL_MIN_MM, PANEL_MAX_MM, text);
		return false;
	}
	*width = w;
	*height = h;
	return true;
}

layoutcache_stats printer_text_stats(const printer *p)
{
	return fonts_cache_stats(p->fonts);
}

bool printer_write_failed(const printer *p)
{
	return p->write_failed;
}

/* One scale for print sets and decks: a command maps both to its exit
 * codes alike. */
_Static_assert(PRINTSET_DONE == (int)CARDS_DONE && PRINTSET_INVALID == (int)CARDS_INVALID &&
	PRINTSET_UNWRITABLE == (int)CARDS_UNWRITABLE && PRINTSET_BROKEN == (int)CARDS_BROKEN,
	"print set and deck outcomes share one scale");

/* One item of a run, validated (or given loaded) before any job starts. */
typedef struct run_item {
	const printset_item *in;
	validate_status st;
	size_t diag_from, diag_to;   /* its diagnostics in the run's sink */
	scenario *own_sc;            /* loaded by the run */
	const scenario *sc;
	const ruleset *rs;
	printset_scenario *ps;       /* NULL when not to be printed */
	char *prepare_error;         /* a valid scenario that cannot be printed */
	size_t first_job, job_count;
	bool failed;                 /* a part failed: the rest is not reported */
} run_item;

/* A job: a part of an item's print set; an item with nothing to print
 * has one job, which only reports. */
typedef struct run_job {
	size_t item;
	size_t first_part, part_count;
} run_job;

typedef struct run_ctx {
	const printset_run_options *run;
	printer *p;
	run_item *items;
	size_t item_count;
	run_job *jobs;
	size_t job_count, job_cap;
	printset_outcome worst;
} run_ctx;

static void run_tell(run_ctx *c, const run_item *it, printset_report r)
{
	r.item = (size_t)(it - c->items);
	r.file = it->in->file;
	if (c->run->report)
		c->run->report(c->run->arg, &r);
}

static void run_fail(run_ctx *c, run_item *it, printset_outcome outcome, const char *message)
{
	if (outcome > c->worst)
		c->worst = outcome;
	run_tell(c, it, (printset_report){ .event = PRINTSET_FAILED, .message = message, .outcome = outcome });
}

static int run_part(void *ctx, size_t index, jobpool_job *job)
{
	run_ctx *c = ctx;
	const run_job *j = &c->jobs[index];
	run_item *it = &c->items[j->item];
	/* In this process, the rest of a failed set is not drawn; a worker
	 * cannot know and its work is thrown away. */
	if (!it->ps || it->failed)
		return PRINTSET_DONE;
	for (size_t part = j->first_part; part < j->first_part + j->part_count; part++) {
		char *error = NULL;
		if (!printer_render_part(c->p, it->ps, part, &error)) {
			/* The message goes back with the result: only the first
			 * failure of a scenario is told. */
			jobpool_send(job, error, strlen(error));
			free(error);
			return printer_write_failed(c->p) ? PRINTSET_UNWRITABLE : PRINTSET_BROKEN;
		}
	}
	return PRINTSET_DONE;
}

/* The item's first job: what its validation found.  False when the
 * installation is broken and the run stops. */
static bool run_checked(run_ctx *c, run_item *it)
{
	const validator *v = c->run->validator;
	bool broken = it->st == VALIDATE_DATA_ERROR;
	printset_report r = {
		.event = PRINTSET_CHECKED,
		.status = it->st,
		.diags = broken ? validator_data_errors(v) : it->in->sc ? NULL : c->run->sink,
		.diag_from = broken ? 0 : it->diag_from,
		.diag_to = broken ? validator_data_errors(v)->count : it->diag_to,
	};
	run_tell(c, it, r);
	printset_outcome outcome = broken ? PRINTSET_BROKEN : it->st == VALIDATE_IO_ERROR ? PRINTSET_UNWRITABLE :
		it->st != VALIDATE_OK ? PRINTSET_INVALID : PRINTSET_DONE;
	if (outcome > c->worst)
		c->worst = outcome;
	if (!broken && it->prepare_error) {
		run_fail(c, it, PRINTSET_BROKEN, it->prepare_error);
		it->failed = true;
	}
	return !broken;
}

/* Whether a later item of the run has the same id, and so writes into
 * the same folder. */
static bool written_again(const run_ctx *c, const run_item *it)
{
	for (const run_item *later = it + 1; later < c->items + c->item_count; later++)
		if (later->ps && later->sc && it->sc && str_eq(later->sc->id.text, it->sc->id.text))
			return true;
	return false;
}

/* The item's print set, every part written, goes in place whole. */
static void run_commit(run_ctx *c, run_item *it)
{
	/* The scenario's whole print set is one output set: it appears when
	 * every part is written, and a failure leaves the folders as they
	 * were.  The next scenario gets a set of its own. */
	outdir *out = outdir_current();
	if (it->ps && !it->failed) {
		char *error = NULL;
		/* A scenario named twice: the folder is written again after this
		 * set, maybe already by a worker, and cannot be swapped under it;
		 * its files go in one by one, as the last set's swap then puts
		 * the whole in place. */
		bool swap = !written_again(c, it);
		FILE *list = c->run->list;
		if (!(swap ? printer_commit(c->p, it->ps, list, &error) : outdir_commit(out, list, &error)))
			run_fail(c, it, PRINTSET_UNWRITABLE, error);
		else
			run_tell(c, it, (printset_report){ .event = PRINTSET_WRITTEN });
		free(error);
	}
	outdir_close(out);
	outdir_open();
}

static bool run_done(void *ctx, size_t index, const jobpool_result *r)
{
	run_ctx *c = ctx;
	const run_job *j = &c->jobs[index];
	run_item *it = &c->items[j->item];
	if (index == it->first_job && !run_checked(c, it))
		return false;
	if (it->ps && !it->failed) {
		jobpool_print(r);
		if (r->died) {
			fflush(stdout);
			char *message = xasprintf("internal error: the print set of %s could not be written: %s",
				it->in->file, r->died);
			it->failed = true;
			run_fail(c, it, (printset_outcome)r->status, message);
			free(message);
		} else if (r->status != PRINTSET_DONE) {
			char *message = xasprintf("%.*s", (int)r->size, r->data ? (const char *)r->data : "");
			it->failed = true;
			run_fail(c, it, (printset_outcome)r->status, message);
			free(message);
		}
	}
	if (index + 1 == it->first_job + it->job_count)
		run_commit(c, it);
	return true;
}

/* How many parts one job draws: a language's products (7 PDFs) are
 * drawn one per job, so that two cores share even a single scenario. */
#define RUN_PARTS_PER_JOB 1

static void plan_jobs(run_ctx *c)
{
	for (size_t i = 0; i < c->item_count; i++) {
		run_item *it = &c->items[i];
		size_t parts = it->ps ? printset_part_count(it->ps) : 0;
		it->first_job = c->job_count;
		size_t from = 0;
		do {
			size_t n = parts - from < RUN_PARTS_PER_JOB ? parts - from : RUN_PARTS_PER_JOB;
			grow_array((void **)&c->jobs, &c->job_cap, c->job_count + 1, sizeof *c->jobs);
			c->jobs[c->job_count++] = (run_job){ i, from, n };
			from += n;
		} while (from < parts);
		it->job_count = c->job_count - it->first_job;
	}
}

/* Everything the jobs share is read here, once, before any worker
 * starts: the scenarios, their rulesets, boards and positions. */
static void load_items(run_ctx *c, const printset_item *items, size_t count)
{
	const printset_run_options *run = c->run;
	c->items = xcalloc(count ? count : 1, sizeof *c->items);
	for (size_t i = 0; i < count; i++) {
		run_item *it = &c->items[c->item_count++];
		it->in = &items[i];
		if (items[i].sc) {
			it->sc = items[i].sc;
			it->rs = items[i].rs;
			it->st = VALIDATE_OK;
		} else {
			it->diag_from = run->sink->count;
			it->st = validator_check_file(run->validator, it->in->file, run->sink, &it->own_sc, &it->rs);
			it->diag_to = run->sink->count;
			it->sc = it->own_sc;
		}
		if (it->st == VALIDATE_DATA_ERROR)
			break;   /* nothing after a broken installation */
		if (it->st == VALIDATE_OK)
			it->ps = printer_prepare(c->p, it->sc, it->rs, &it->prepare_error);
	}
}

printset_outcome printset_run(const printset_run_options *run, const printset_item *items, size_t count,
	char **error)
{
	*error = NULL;
	printer *p = printer_create(&run->print, error);
	if (!p) {
		if (!*error)
			*error = xstrdup("cannot load the print resources");
		return PRINTSET_BROKEN;
	}
	run_ctx c = { .run = run, .p = p, .worst = PRINTSET_DONE };
	load_items(&c, items, count);
	plan_jobs(&c);
	/* Two runs into one folder at once would mix their files, and one
	 * would swap away the other's unfinished ones: the second waits. */
	if (run->lock_as)
		outtree_lock(run->lock_as, run->print.out_dir);
	outdir_open();
	jobpool_run(c.job_count, run->jobs ? run->jobs : 1, run_part, run_done, &c);
	outdir_close(outdir_current());

	for (size_t i = 0; i < c.item_count; i++) {
		printset_scenario_destroy(c.items[i].ps);
		scenario_destroy(c.items[i].own_sc);
		free(c.items[i].prepare_error);
	}
	free(c.items);
	free(c.jobs);
	printer_destroy(p);
	return c.worst;
}

/* The first failure of a printset_make run. */
static void keep_first_failure(void *arg, const printset_report *r)
{
	char **error = arg;
	if (r->event == PRINTSET_FAILED && !*error)
		*error = xstrdup(r->message);
}

bool printset_make(context *ctx, const scenario *sc, const ruleset *rs, const char *const *products, lang_id lang,
	const char *paper, const char *out_dir, char **error)
{
	*error = NULL;
	printset_run_options run = {
		.print = {
			.ctx = ctx,
			.out_dir = out_dir,
			.paper = paper,
			.format = DOC_PDF,
			.quiet = true,
			.products = products,
		},
		.jobs = 1,
		.report = keep_first_failure,
		.arg = error,
	};
	run.print.langs[lang] = true;
	printset_item item = { .file = sc->id.text, .sc = sc, .rs = rs };
	char *failure = NULL;
	printset_outcome outcome = printset_run(&run, &item, 1, &failure);
	if (failure) {
		free(*error);
		*error = failure;
	} else if (outcome != PRINTSET_DONE && !*error) {
		*error = xstrdup("the print products could not be made");
	}
	return outcome == PRINTSET_DONE;
}
