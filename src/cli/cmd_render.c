/* orbat render FILE...: the full print set of each scenario. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/datadir.h"
#include "../base/diag.h"
#include "../print/printset.h"
#include "../validate/validate.h"
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
	      "A scenario with errors produces no output at all; files are written\n"
	      "atomically.\n"
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
	      "  --setup             print the start positions (units, ships, generals)\n"
	      "                      on the tiles, poster and svg/png map too\n"
	      "  -o, --output DIR    output folder (default output/)\n"
	      "  -q, --quiet         do not list the files written\n"
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
	bool setup;         /* start positions on the boards too */
} render_args;

static int render_run(const options *o, render_args *a)
{
	static const doc_format doc_formats[] = { DOC_PDF, DOC_SVG, DOC_PNG };
	for (int i = 0; i < o->operand_count; i++)
		if (input_is_stdin(o->operands[i]))
			return options_usage("render", "render reads scenario files, not standard input "
				"(check one with 'orbat validate -')");
	printset_options opt = {
		.data_dir = datadir_get(),
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

	diag_sink sink;
	validator *v = cli_validator("render", &sink);
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

	int exit_code = EXIT_VALID;
	for (int i = 0; i < o->operand_count; i++) {
		const char *file = o->operands[i];
		size_t from = sink.count;
		scenario *sc = NULL;
		const ruleset *rs = NULL;
		validate_status st = validator_check_file(v, file, &sink, &sc, &rs);
		if (st == VALIDATE_DATA_ERROR) {
			cli_data_broken("render", validator_data_errors(v));
			exit_code = EXIT_INTERNAL;
			break;
		}
		diag_print_text(&sink, from, sink.count, stderr);
		if (st != VALIDATE_OK) {
			fprintf(stderr, "orbat render: %s %s; nothing was written for it\n", file,
				st == VALIDATE_IO_ERROR ? "cannot be read" : "has errors");
			int code2 = st == VALIDATE_IO_ERROR ? EXIT_USAGE : EXIT_INVALID;
			if (code2 > exit_code)
				exit_code = code2;
			continue;
		}
		if (!printer_render(p, sc, rs, stdout, &error)) {
			fprintf(stderr, "orbat render: %s\n", error);
			free(error);
			error = NULL;
			int failed = printer_write_failed(p) ? EXIT_USAGE : EXIT_INTERNAL;
			if (failed > exit_code)
				exit_code = failed;
		}
		scenario_destroy(sc);
	}
	printer_destroy(p);
	cli_validator_close(v, &sink);
	return exit_code;
}

/* --hex-size and --square-size are one option under two names: the cell's size. */
COMMAND(render, "write the print set of each scenario (maps, sheet, rosters)", render_args,
	.common = OPTIONS_FORMAT | OPTIONS_LANG | OPTIONS_PAPER | OPTIONS_OUTPUT | OPTIONS_QUIET,
	.formats = (const char *const[]){ "pdf", "svg", "png", NULL },
	.operands = &(const options_operands){ 1, -1, "name at least one scenario file" },
	.own = {
		{ "dpi", OPTIONS_REAL, offsetof(render_args, dpi), 36, 1200, .what = "a resolution" },
		{ "hex-size", OPTIONS_REAL, offsetof(render_args, cell_size), 10, 500, .what = "millimetres" },
		{ "square-size", OPTIONS_REAL, offsetof(render_args, cell_size), 10, 500, .what = "millimetres" },
		{ "poster-panel", OPTIONS_STRING, offsetof(render_args, poster_panel), .what = "a0, a1, a2 or WxH" },
		{ "setup", OPTIONS_FLAG, offsetof(render_args, setup) },
	});
