/* orbat render FILE...: the full print set of each scenario. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/diag.h"
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
	      "  scenario-card.pdf   one page: the scenario's special rules, and its unit\n"
	      "                      types and terrain from the reference card (hex maps)\n"
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

/* Each item's news, as the library's run tells it (print/printset.h). */
static void render_report(void *arg, const printset_report *r)
{
	(void)arg;
	if (r->event == PRINTSET_CHECKED) {
		if (r->status == VALIDATE_DATA_ERROR) {
			cli_data_broken("render", r->diags);
			return;
		}
		if (r->diags)
			diag_print_text(r->diags, r->diag_from, r->diag_to, stderr);
		if (r->status != VALIDATE_OK)
			fprintf(stderr, "orbat render: %s %s; nothing was written for it\n", r->file,
				r->status == VALIDATE_IO_ERROR ? "cannot be read" : "has errors");
	} else if (r->event == PRINTSET_FAILED) {
		fprintf(stderr, "orbat render: %s\n", r->message);
	}
}

static int render_run(const options *o, render_args *a)
{
	static const doc_format doc_formats[] = { DOC_PDF, DOC_SVG, DOC_PNG };
	for (int i = 0; i < o->operand_count; i++)
		if (input_is_stdin(o->operands[i]))
			return options_usage("render", "render reads scenario files, not standard input "
				"(check one with 'orbat validate -')");
	printset_run_options run = {
		.jobs = o->jobs,
		.list = o->quiet ? NULL : stdout,
		.lock_as = "render",
		.report = render_report,
	};
	printset_options *opt = &run.print;
	*opt = (printset_options){
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
		if (!printset_panel_size(a->poster_panel, &opt->panel_width, &opt->panel_height, &why)) {
			int code = options_usage("render", "%s", why);
			free(why);
			return code;
		}
	}
	memcpy(opt->langs, o->langs, sizeof opt->langs);
	int offset_code = cards_back_offset("render", a->back_offset, opt->back_offset);
	if (offset_code)
		return offset_code;

	diag_sink sink;
	validator *v = cli_validator_in("render", o->ctx, &sink);
	if (!v)
		return EXIT_INTERNAL;
	printset_item *items = xcalloc((size_t)o->operand_count, sizeof *items);
	for (int i = 0; i < o->operand_count; i++)
		items[i].file = o->operands[i];
	run.validator = v;
	run.sink = &sink;
	char *error = NULL;
	printset_outcome worst = printset_run(&run, items, (size_t)o->operand_count, &error);
	if (error)
		fprintf(stderr, "orbat render: %s\n", error);
	free(error);
	free(items);
	cli_validator_close(v, &sink);
	return cards_exit_code(worst);
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
