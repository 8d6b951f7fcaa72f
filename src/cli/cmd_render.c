/* orbat render FILE...: the full print set of each scenario. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/diag.h"
#include "../base/jobpool.h"
#include "../base/outdir.h"
#include "../base/outtree.h"
#include "../base/util.h"
#include "../print/printset.h"
#include "../validate/validate.h"
#include "cards_cli.h"
#include "command.h"
#include "input.h"
#include "options.h"

static void render_help(FILE *out)
{
	fputs("Usage: orbat render [OPTIONS] FILE...\n"
	      "\n"
	      "Validate each scenario and write its print set, for each language, in\n"
	      "DIR/<scenario-id>/<lang>/:\n"
	      "  map-tiles.pdf       the board at true scale cut over A4 or Letter pages,\n"
	      "                      with overlap bands, cut marks and a 50 mm bar\n"
	      "  map-overview.pdf    the whole map on one page, with the set-up and legend\n"
	      "  map-poster.pdf      the whole board on one page at true size, 3 mm bleed\n"
	      "  scenario-sheet.pdf  title, briefing, map with the set-up, legend, hands,\n"
	      "                      victory\n"
	      "  rosters.pdf         every unit and general, with a box per figure\n"
	      "  order-cards.pdf     the ruleset's order-card deck, fronts and backs for\n"
	      "                      long-edge duplex (see 'orbat cards' for options)\n"
	      "  reference-card.pdf  the two-sided summary card of the ruleset\n"
	      "The tiles, the poster and the svg/png map are bare boards (terrain,\n"
	      "places, objectives) for players to set their own figures on; the\n"
	      "overview and the scenario sheet show where everything starts.\n"
	      "A scenario with errors produces no output at all.  Each scenario's print\n"
	      "set goes in place whole, in one step, as soon as it is drawn, and is\n"
	      "listed then: a render stopped (even killed) keeps the sets it listed and\n"
	      "the earlier files of the one under way, never a mix of old and new.  A\n"
	      "second render into the same folder waits until the first has ended.\n"
	      "\n"
	      "Options:\n"
	      "  --lang en|nl|fr     languages, repeatable or comma list (default all)\n"
	      "  --paper a4|letter   paper for tiles, sheet and rosters (default: the\n"
	      "                      system's, from PAPERSIZE or /etc/papersize, else a4)\n"
	      "  --format pdf|svg|png\n"
	      "                      pdf (default): the whole set; svg or png: the map\n"
	      "                      alone at true scale (map.svg/png) and the scenario\n"
	      "                      sheet, for VASSAL or Tabletop Simulator modules\n"
	      "  --dpi N             resolution of png images (default 150)\n"
	      "  --hex-size MM       hex size across the flats in millimetres\n"
	      "                      (default per ruleset, from layouts/print.xml)\n"
	      "  --square-size MM    side of a square on square-grid maps; the same\n"
	      "                      option as --hex-size under its own name\n"
	      "  --poster-panel a0|a1|a2|WxH\n"
	      "                      cut the poster over panels of that paper (WxH in\n"
	      "                      mm), with overlap bands and marks as the tiles\n"
	      "  --back-offset X,Y   move the order cards' backs (see 'orbat cards')\n"
	      "  --setup             print the start positions (units, ships, generals)\n"
	      "                      on the tiles, poster and svg/png map too\n"
	      "  -o, --output DIR    output folder (default output/)\n"
	      "  -q, --quiet         do not list the files written\n"
	      "  -j, --jobs N        draw the products on N processes at once (default:\n"
	      "                      the number of processors); the files, the list\n"
	      "                      and the messages are the same as with -j 1\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "Example:\n"
	      "  orbat render --lang nl --paper letter -o prints scenarios/shiloh.xml\n"
	      "\n"
	      "Exit status: 0 done, 1 a scenario is invalid, 2 usage error or a file\n"
	      "that cannot be read or written, 3 internal error or broken installation.\n", out);
}

typedef struct render_args {
	double dpi;
	double cell_size;   /* --hex-size and --square-size alike */
	const char *poster_panel;
	const char *back_offset;
	bool setup;         /* start positions on the boards too */
} render_args;

/* One scenario of the run, validated by the parent before any job. */
typedef struct render_item {
	const char *file;
	validate_status st;
	size_t diag_from, diag_to;   /* its diagnostics in the run's sink */
	scenario *sc;
	const ruleset *rs;
	printset_scenario *ps;       /* NULL when not to be printed */
	char *prepare_error;         /* a valid scenario that cannot be printed */
	size_t first_job, job_count;
	bool failed;                 /* a part failed: the rest is not reported */
} render_item;

/* A job: a part of an item's print set; an item with nothing to print
 * has one job, which only reports. */
typedef struct render_job {
	size_t item;
	size_t first_part, part_count;
} render_job;

typedef struct render_run_ctx {
	const options *o;
	printer *p;
	validator *v;
	diag_sink *sink;
	render_item *items;
	size_t item_count;
	render_job *jobs;
	size_t job_count, job_cap;
	int exit_code;
} render_run_ctx;

static void worst(render_run_ctx *c, int code)
{
	if (code > c->exit_code)
		c->exit_code = code;
}

static int render_part(void *ctx, size_t index, jobpool_job *job)
{
	render_run_ctx *c = ctx;
	const render_job *j = &c->jobs[index];
	render_item *it = &c->items[j->item];
	/* In this process, the rest of a failed set is not drawn; a worker
	 * cannot know and its work is thrown away. */
	if (!it->ps || it->failed)
		return EXIT_VALID;
	for (size_t part = j->first_part; part < j->first_part + j->part_count; part++) {
		char *error = NULL;
		if (!printer_render_part(c->p, it->ps, part, &error)) {
			/* The message goes back with the result: only the first
			 * failure of a scenario is told. */
			jobpool_send(job, error, strlen(error));
			free(error);
			return printer_write_failed(c->p) ? EXIT_USAGE : EXIT_INTERNAL;
		}
	}
	return EXIT_VALID;
}

/* The scenario's first job: what its validation found. */
static bool report_item(render_run_ctx *c, render_item *it)
{
	if (it->st == VALIDATE_DATA_ERROR) {
		cli_data_broken("render", validator_data_errors(c->v));
		worst(c, EXIT_INTERNAL);
		return false;
	}
	diag_print_text(c->sink, it->diag_from, it->diag_to, stderr);
	if (it->st != VALIDATE_OK) {
		fprintf(stderr, "orbat render: %s %s; nothing was written for it\n", it->file,
			it->st == VALIDATE_IO_ERROR ? "cannot be read" : "has errors");
		worst(c, it->st == VALIDATE_IO_ERROR ? EXIT_USAGE : EXIT_INVALID);
	} else if (it->prepare_error) {
		fprintf(stderr, "orbat render: %s\n", it->prepare_error);
		worst(c, EXIT_INTERNAL);
		it->failed = true;
	}
	return true;
}

/* Whether a later scenario of the run has the same id, and so writes into
 * the same folder. */
static bool written_again(const render_run_ctx *c, const render_item *it)
{
	for (const render_item *later = it + 1; later < c->items + c->item_count; later++)
		if (later->ps && later->sc && it->sc && str_eq(later->sc->id.text, it->sc->id.text))
			return true;
	return false;
}

static bool render_done(void *ctx, size_t index, const jobpool_result *r)
{
	render_run_ctx *c = ctx;
	const render_job *j = &c->jobs[index];
	render_item *it = &c->items[j->item];
	if (index == it->first_job && !report_item(c, it))
		return false;
	if (it->ps && !it->failed) {
		jobpool_print(r);
		if (r->died) {
			fflush(stdout);
			fprintf(stderr, "orbat render: internal error: the print set of %s could not be written: %s\n",
				it->file, r->died);
			it->failed = true;
		} else if (r->status != EXIT_VALID) {
			fprintf(stderr, "orbat render: %.*s\n", (int)r->size, r->data ? (const char *)r->data : "");
			it->failed = true;
		}
		if (it->failed)
			worst(c, r->status);
	}
	if (index + 1 == it->first_job + it->job_count) {
		/* The scenario's whole print set is one output set: it appears
		 * when every part is written, and a failure leaves the folders as
		 * they were.  The next scenario gets a set of its own. */
		outdir *out = outdir_current();
		if (it->ps && !it->failed) {
			char *error = NULL;
			FILE *list = c->o->quiet ? NULL : stdout;
			/* A scenario named twice: the folder is written again after
			 * this set, maybe already by a worker, and cannot be swapped
			 * under it; its files go in one by one, as the last set's
			 * swap then puts the whole in place. */
			bool swap = !written_again(c, it);
			if (!(swap ? printer_commit(c->p, it->ps, list, &error) : outdir_commit(out, list, &error))) {
				fprintf(stderr, "orbat render: %s\n", error);
				free(error);
				worst(c, EXIT_USAGE);
			}
		}
		outdir_close(out);
		outdir_open();
	}
	return true;
}

/* How many parts one job draws: a language's products (7 PDFs) are
 * drawn one per job, so that two cores share even a single scenario. */
#define RENDER_PARTS_PER_JOB 1

static void plan_jobs(render_run_ctx *c)
{
	for (size_t i = 0; i < c->item_count; i++) {
		render_item *it = &c->items[i];
		size_t parts = it->ps ? printset_part_count(it->ps) : 0;
		it->first_job = c->job_count;
		size_t from = 0;
		do {
			size_t n = parts - from < RENDER_PARTS_PER_JOB ? parts - from : RENDER_PARTS_PER_JOB;
			grow_array((void **)&c->jobs, &c->job_cap, c->job_count + 1, sizeof *c->jobs);
			c->jobs[c->job_count++] = (render_job){ i, from, n };
			from += n;
		} while (from < parts);
		it->job_count = c->job_count - it->first_job;
	}
}

static int render_run(const options *o, render_args *a)
{
	static const doc_format doc_formats[] = { DOC_PDF, DOC_SVG, DOC_PNG };
	for (int i = 0; i < o->operand_count; i++)
		if (input_is_stdin(o->operands[i]))
			return options_usage("render", "render reads scenario files, not standard input "
				"(check one with 'orbat validate -')");
	printset_options opt = {
		.ctx = o->ctx,
		.out_dir = o->output,
		.paper = o->paper,
		.format = doc_formats[o->format],
		.dpi = a->dpi,
		.cell_size = a->cell_size,
		.setup = a->setup,
		.quiet = o->quiet,
	};
	if (a->poster_panel) {
		char *why = NULL;
		if (!printset_panel_size(a->poster_panel, &opt.panel_width, &opt.panel_height, &why)) {
			int code = options_usage("render", "%s", why);
			free(why);
			return code;
		}
	}
	memcpy(opt.langs, o->langs, sizeof opt.langs);
	int offset_code = cards_back_offset("render", a->back_offset, opt.back_offset);
	if (offset_code)
		return offset_code;

	diag_sink sink;
	validator *v = cli_validator_in("render", o->ctx, &sink);
	if (!v)
		return EXIT_INTERNAL;
	char *error = NULL;
	printer *p = printer_create(&opt, &error);
	if (!p) {
		fprintf(stderr, "orbat render: %s\n", error ? error : "cannot load the print resources");
		free(error);
		cli_validator_close(v, &sink);
		return EXIT_INTERNAL;
	}

	/* Everything the jobs share is read here, once, before any worker
	 * starts: the scenarios, their rulesets, boards and positions. */
	render_run_ctx c = { .o = o, .p = p, .v = v, .sink = &sink };
	c.items = xcalloc((size_t)o->operand_count, sizeof *c.items);
	for (int i = 0; i < o->operand_count; i++) {
		render_item *it = &c.items[c.item_count++];
		it->file = o->operands[i];
		it->diag_from = sink.count;
		it->st = validator_check_file(v, it->file, &sink, &it->sc, &it->rs);
		it->diag_to = sink.count;
		if (it->st == VALIDATE_DATA_ERROR)
			break;   /* as before: nothing after a broken installation */
		if (it->st == VALIDATE_OK)
			it->ps = printer_prepare(p, it->sc, it->rs, &it->prepare_error);
	}
	plan_jobs(&c);
	/* Two renders into one folder at once would mix their files, and one
	 * would swap away the other's unfinished ones: the second waits. */
	outtree_lock("render", opt.out_dir);
	outdir_open();
	jobpool_run(c.job_count, o->jobs, render_part, render_done, &c);
	outdir_close(outdir_current());

	for (size_t i = 0; i < c.item_count; i++) {
		printset_scenario_destroy(c.items[i].ps);
		scenario_destroy(c.items[i].sc);
		free(c.items[i].prepare_error);
	}
	free(c.items);
	free(c.jobs);
	printer_destroy(p);
	cli_validator_close(v, &sink);
	return c.exit_code;
}

/* --hex-size and --square-size are one option under two names: the cell's size. */
COMMAND(render, "write the print set of each scenario (maps, sheet, rosters)", render_args,
	.common = OPTIONS_FORMAT | OPTIONS_LANG | OPTIONS_PAPER | OPTIONS_OUTPUT | OPTIONS_QUIET | OPTIONS_JOBS,
	.formats = (const char *const[]){ "pdf", "svg", "png", NULL },
	.operands = &(const options_operands){ 1, -1, "name at least one scenario file" },
	.own = {
		{ "dpi", OPTIONS_REAL, offsetof(render_args, dpi), 36, 1200, .what = "a resolution" },
		{ "hex-size", OPTIONS_REAL, offsetof(render_args, cell_size), 10, 500, .what = "millimetres" },
		{ "square-size", OPTIONS_REAL, offsetof(render_args, cell_size), 10, 500, .what = "millimetres" },
		{ "poster-panel", OPTIONS_STRING, offsetof(render_args, poster_panel), .what = "a0, a1, a2 or WxH" },
		{ "back-offset", OPTIONS_STRING, offsetof(render_args, back_offset), .what = "X,Y in millimetres" },
		{ "setup", OPTIONS_FLAG, offsetof(render_args, setup) },
	});
