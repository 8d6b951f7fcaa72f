/* orbat render FILE...: the full print set of each scenario. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/datadir.h"
#include "../base/diag.h"
#include "../render/printset.h"
#include "../validate/validate.h"
#include "command.h"
#include "options.h"

static void render_help(FILE *out)
{
	fputs("Usage: orbat render [OPTIONS] FILE...\n"
	      "\n"
	      "Validate each scenario and write its print set, for each language, in\n"
	      "DIR/<scenario-id>/<lang>/:\n"
	      "  map-tiles.pdf       the map at true scale cut over A4 or Letter pages,\n"
	      "                      with overlap bands, cut marks and a 50 mm bar\n"
	      "  map-overview.pdf    the whole map on one page, with its legend\n"
	      "  map-poster.pdf      the whole map on one page at true size, 3 mm bleed\n"
	      "  scenario-sheet.pdf  title, briefing, map, legend, hands, victory\n"
	      "  rosters.pdf         every unit and general, with a box per figure\n"
	      "  order-cards.pdf     the ruleset's order-card deck, fronts and backs for\n"
	      "                      long-edge duplex (see 'orbat cards' for options)\n"
	      "  reference-card.pdf  the two-sided summary card of the ruleset\n"
	      "A scenario with errors produces no output at all; files are written\n"
	      "atomically.\n"
	      "\n"
	      "Options:\n"
	      "  --lang en|nl|fr     languages, repeatable or comma list (default all)\n"
	      "  --paper a4|letter   paper for tiles, sheet and rosters (default a4)\n"
	      "  --format pdf|svg|png  pdf (default): the whole set; svg or png: the map\n"
	      "                      alone at true scale (map.svg/png) and the scenario\n"
	      "                      sheet, for VASSAL or Tabletop Simulator modules\n"
	      "  --dpi N             resolution of png images (default 150)\n"
	      "  --hex-size MM       hex size across the flats in millimetres\n"
	      "                      (default per ruleset, from layouts/print.xml)\n"
	      "  --square-size MM    side of a square on square-grid maps; the same\n"
	      "                      option as --hex-size under its own name\n"
	      "  -o, --output DIR    output folder (default output/)\n"
	      "  -q, --quiet         do not list the files written\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "Exit status: 0 done, 1 a scenario is invalid, 2 usage error or a file\n"
	      "that cannot be read or written, 3 internal error.\n", out);
}

static int render_run(int argc, char **argv)
{
	static const struct option options[] = {
		{ "lang", required_argument, NULL, 'l' },
		{ "paper", required_argument, NULL, 'p' },
		{ "hex-size", required_argument, NULL, 'x' },
		{ "square-size", required_argument, NULL, 'x' },
		{ "format", required_argument, NULL, 'f' },
		{ "dpi", required_argument, NULL, 'd' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	printset_options opt = {
		.data_dir = datadir_get(),
		.out_dir = "output",
		.paper = "a4",
	};
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:qh", options, NULL)) != -1) {
		switch (c) {
		case 'l':
			if (!options_parse_langs(optarg, opt.langs)) {
				fprintf(stderr, "orbat render: --lang takes en, nl or fr, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'p':
			opt.paper = optarg;
			break;
		case 'x': {
			char *end = NULL;
			opt.cell_size = strtod(optarg, &end);
			if (end == optarg || *end || opt.cell_size < 10 || opt.cell_size > 500) {
				fprintf(stderr, "orbat render: --hex-size and --square-size take millimetres from 10 to 500, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		}
		case 'o':
			opt.out_dir = optarg;
			break;
		case 'f':
			if (strcmp(optarg, "pdf") == 0)
				opt.format = DOC_PDF;
			else if (strcmp(optarg, "svg") == 0)
				opt.format = DOC_SVG;
			else if (strcmp(optarg, "png") == 0)
				opt.format = DOC_PNG;
			else {
				fprintf(stderr, "orbat render: --format takes pdf, svg or png, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'd': {
			char *end = NULL;
			opt.dpi = strtod(optarg, &end);
			if (end == optarg || *end || opt.dpi < 36 || opt.dpi > 1200) {
				fprintf(stderr, "orbat render: --dpi takes a resolution from 36 to 1200, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		}
		case 'q':
			opt.quiet = true;
			break;
		case 'h':
			render_help(stdout);
			return EXIT_VALID;
		default:
			render_help(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		fputs("orbat render: name at least one scenario file\n", stderr);
		return EXIT_USAGE;
	}
	if (strcmp(opt.paper, "a4") != 0 && strcmp(opt.paper, "letter") != 0) {
		fprintf(stderr, "orbat render: --paper takes a4 or letter, not '%s'\n", opt.paper);
		return EXIT_USAGE;
	}
	options_default_langs(opt.langs);

	diag_sink sink;
	diag_sink_init(&sink);
	validator *v = validator_create(datadir_get(), &sink);
	char *error = NULL;
	printer *p = v ? printer_create(&opt, &error) : NULL;
	if (!v || !p) {
		if (!error)
			error = diag_data_error(&sink, 0);
		fprintf(stderr, "orbat render: %s\n", error);
		free(error);
		validator_destroy(v);
		diag_sink_finish(&sink);
		return EXIT_INTERNAL;
	}

	int exit_code = EXIT_VALID;
	for (int i = optind; i < argc; i++) {
		size_t from = sink.count;
		scenario *sc = NULL;
		const ruleset *rs = NULL;
		validate_status st = validator_check_file(v, argv[i], &sink, &sc, &rs);
		if (st == VALIDATE_DATA_ERROR) {
			char *line = validator_data_error(v);
			fprintf(stderr, "orbat render: %s\n", line);
			free(line);
			exit_code = EXIT_INTERNAL;
			break;
		}
		diag_print_text(&sink, from, sink.count, stderr);
		if (st != VALIDATE_OK) {
			fprintf(stderr, "orbat render: %s has errors; nothing was written for it\n", argv[i]);
			int code = st == VALIDATE_IO_ERROR ? EXIT_USAGE : EXIT_INVALID;
			if (code > exit_code)
				exit_code = code;
			continue;
		}
		if (!printer_render(p, sc, rs, stdout, &error)) {
			fprintf(stderr, "orbat render: %s\n", error);
			free(error);
			error = NULL;
			int code = printer_write_failed(p) ? EXIT_USAGE : EXIT_INTERNAL;
			if (code > exit_code)
				exit_code = code;
		}
		scenario_destroy(sc);
	}
	printer_destroy(p);
	validator_destroy(v);
	diag_sink_finish(&sink);
	return exit_code;
}

const command command_render = {
	.name = "render",
	.summary = "write the print set of each scenario (maps, sheet, rosters)",
	.run = render_run,
	.help = render_help,
};
