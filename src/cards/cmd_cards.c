/* orbat cards --ruleset ID: the order-card deck, print-and-play PDF and
 * Tabletop Simulator sheets, for each language. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/datadir.h"
#include "../base/util.h"
#include "../cli/command.h"
#include "../cli/options.h"
#include "cardlayout.h"
#include "cards.h"
#include "cards_cli.h"

static void cards_help(FILE *out)
{
	fputs("Usage: orbat cards --ruleset ID [OPTIONS]\n"
	      "\n"
	      "Write the ruleset's deck of order cards, every copy of every card, for\n"
	      "each language:\n"
	      "  DIR/cards/<ruleset>/<lang>/deck.pdf           print-and-play sheets\n"
	      "  DIR/cards/<ruleset>/<lang>/deck-sheet-N.png   Tabletop Simulator sheets\n"
	      "  DIR/cards/<ruleset>/<lang>/deck-back.png      (with --format png)\n"
	      "The PDF holds sheets of fronts, each followed by its backs mirrored for\n"
	      "duplex printing, 3 mm of bleed around each card, cut marks in the margin.\n"
	      "A Tabletop Simulator sheet holds 10 x 7 cards; its last slot is the back.\n"
	      "Files are written atomically.\n"
	      "\n"
	      "Options:\n"
	      "  --ruleset ID        the ruleset whose deck to print (required)\n"
	      "  --lang en|nl|fr     languages, repeatable or comma list (default all)\n"
	      "  --paper a4|letter   paper of the PDF (default a4)\n"
	      "  --size ID           card size from layouts/cards.xml: poker (default,\n"
	      "                      63.5 x 88.9 mm), bridge (57.15 x 88.9), tarot (70 x 120)\n"
	      "  --duplex MODE       long (default): backs mirrored left-right, for printers\n"
	      "                      that turn the sheet over its long edge; short: mirrored\n"
	      "                      top-bottom; none: fronts and backs side by side on one\n"
	      "                      page, to fold along the middle and glue\n"
	      "  --unique            print each design once instead of every copy\n"
	      "  --deck FILE         your own cards (XML, urn:orbat:deck:1): mode=\"add\"\n"
	      "                      adds them to the deck, mode=\"replace\" prints only them\n"
	      "  --format LIST       pdf (default) and/or png, comma list or repeated\n"
	      "  --dpi N             resolution of the png sheets (default from\n"
	      "                      layouts/cards.xml: 150)\n"
	      "  -o, --output DIR    output folder (default output/)\n"
	      "  -q, --quiet         do not list the files written\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "A deck file:\n"
	      "  <deck xmlns=\"urn:orbat:deck:1\" mode=\"add\">\n"
	      "    <card id=\"ambush\" order=\"special\" any=\"2\">\n"
	      "      <name xml:lang=\"en\">Ambush</name>\n"
	      "      <text xml:lang=\"en\">One unit in woods may battle before the enemy moves.</text>\n"
	      "    </card>\n"
	      "  </deck>\n"
	      "order: section, each-section, type, section-type, generals, all or special;\n"
	      "left, centre, right, any: copies for each flank (whole numbers, 0 or more).\n"
	      "\n"
	      "Exit status: 0 done, 1 the deck file is invalid, 2 usage error or a file\n"
	      "that cannot be read or written, 3 internal error.\n", out);
}

typedef struct cards_args {
	const char *ruleset;
	const char *paper;
	const char *out_dir;
	const char *deck_file;
	bool langs[LANG_COUNT];
	bool pdf, png;
	bool quiet;
	deck_options deck;
} cards_args;

static bool parse_formats(const char *text, cards_args *a)
{
	char *copy = xstrdup(text);
	bool ok = true;
	for (char *save = NULL, *t = strtok_r(copy, ", ", &save); t; t = strtok_r(NULL, ", ", &save)) {
		if (strcmp(t, "pdf") == 0)
			a->pdf = true;
		else if (strcmp(t, "png") == 0)
			a->png = true;
		else
			ok = false;
	}
	free(copy);
	return ok;
}

/* Returns -1 to go on, else the exit code. */
static int parse(int argc, char **argv, cards_args *a)
{
	static const struct option options[] = {
		{ "ruleset", required_argument, NULL, 'r' },
		{ "lang", required_argument, NULL, 'l' },
		{ "paper", required_argument, NULL, 'p' },
		{ "size", required_argument, NULL, 's' },
		{ "duplex", required_argument, NULL, 'x' },
		{ "unique", no_argument, NULL, 'u' },
		{ "deck", required_argument, NULL, 'k' },
		{ "format", required_argument, NULL, 'f' },
		{ "dpi", required_argument, NULL, 'd' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:qh", options, NULL)) != -1) {
		switch (c) {
		case 'r':
			a->ruleset = optarg;
			break;
		case 'l':
			if (!options_parse_langs(optarg, a->langs)) {
				fprintf(stderr, "orbat cards: --lang takes en, nl or fr, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'p':
			a->paper = optarg;
			break;
		case 's':
			a->deck.size = optarg;
			break;
		case 'x':
			if (strcmp(optarg, "long") == 0)
				a->deck.duplex = CARDS_DUPLEX_LONG;
			else if (strcmp(optarg, "short") == 0)
				a->deck.duplex = CARDS_DUPLEX_SHORT;
			else if (strcmp(optarg, "none") == 0)
				a->deck.duplex = CARDS_DUPLEX_NONE;
			else {
				fprintf(stderr, "orbat cards: --duplex takes long, short or none, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'u':
			a->deck.unique = true;
			break;
		case 'k':
			a->deck_file = optarg;
			break;
		case 'f':
			if (!parse_formats(optarg, a)) {
				fprintf(stderr, "orbat cards: --format takes pdf or png (or both), not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'd': {
			char *end = NULL;
			a->deck.dpi = strtod(optarg, &end);
			if (end == optarg || *end || a->deck.dpi < 36 || a->deck.dpi > 1200) {
				fprintf(stderr, "orbat cards: --dpi takes a resolution from 36 to 1200, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		}
		case 'o':
			a->out_dir = optarg;
			break;
		case 'q':
			a->quiet = true;
			break;
		case 'h':
			cards_help(stdout);
			return EXIT_VALID;
		default:
			cards_help(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "orbat cards: unexpected argument '%s'\n", argv[optind]);
		return EXIT_USAGE;
	}
	if (!a->ruleset) {
		fputs("orbat cards: name the ruleset with --ruleset ID\n", stderr);
		return EXIT_USAGE;
	}
	if (!a->pdf && !a->png)
		a->pdf = true;
	options_default_langs(a->langs);
	return -1;
}

/* The size must be one of layouts/cards.xml: a usage error otherwise. */
static int check_size(const char *size)
{
	if (!size)
		return EXIT_VALID;
	diag_sink sink;
	diag_sink_init(&sink);
	char *path = xasprintf("%s/layouts/cards.xml", datadir_get());
	card_layouts *l = cardlayout_load(path, &sink);
	free(path);
	int code = EXIT_VALID;
	if (!l) {
		char *line = diag_data_error(&sink, 0);
		fprintf(stderr, "orbat cards: %s\n", line);
		free(line);
		code = EXIT_INTERNAL;
	} else if (!cardlayout_size(l, size)) {
		char *ids = cardlayout_size_ids(l);
		fprintf(stderr, "orbat cards: --size takes one of %s, not '%s'\n", ids, size);
		free(ids);
		code = EXIT_USAGE;
	}
	cardlayout_destroy(l);
	diag_sink_finish(&sink);
	return code;
}

static int render_language(const cards_args *a, render_ctx *rc)
{
	char *error = NULL;
	char *dir = xasprintf("%s/cards/%s/%s", a->out_dir, rc->rs->id, lang_code(rc->lang));
	int code = EXIT_VALID;
	if (!cards_make_dirs(dir, &error)) {
		code = EXIT_USAGE;
		goto out;
	}
	/* A player's card whose text cannot fit is his input's fault: say so
	 * before anything is written. */
	if (a->deck.deck && !cards_check_deck(rc, &a->deck, &error)) {
		code = EXIT_INVALID;
		goto out;
	}
	if (a->pdf) {
		char *path = xasprintf("%s/deck.pdf", dir);
		if (!cards_render_deck(rc, &a->deck, path, &error))
			code = EXIT_INTERNAL;
		free(path);
		if (code)
			goto out;
	}
	if (a->png && !cards_render_tts(rc, &a->deck, dir, NULL, &error))
		code = EXIT_INTERNAL;
out:
	if (error)
		fprintf(stderr, "orbat cards: %s\n", error);
	free(error);
	free(dir);
	return code;
}

/* A ruleset without order cards (the square grid: turns are driven by
 * purchases and the movement dice) is a usage error, not an empty deck:
 * say what to run instead. */
static int no_deck(const ruleset *rs)
{
	fprintf(stderr, "orbat cards: ruleset '%s' has no order cards%s; its reference card is written by "
		"'orbat refcard --ruleset %s'\n", rs->id,
		rs->grid == GRID_SQUARE ? " (its turns are driven by purchases and the movement dice)" : "", rs->id);
	return EXIT_USAGE;
}

static int cards_run(int argc, char **argv)
{
	cards_args a = { .paper = "a4", .out_dir = "output" };
	int code = parse(argc, argv, &a);
	if (code >= 0)
		return code;
	code = check_size(a.deck.size);
	if (code)
		return code;

	cards_session s;
	render_ctx rc;
	code = cards_session_open(&s, "cards", a.ruleset, a.paper, &rc);
	if (code == EXIT_VALID && ruleset_deck_size(s.rs) == 0)
		code = no_deck(s.rs);
	cards_deck *deck = NULL;
	if (code == EXIT_VALID && a.deck_file) {
		deck = deck_from_ruleset(s.rs);
		size_t from = s.sink.count;
		deck_status st = deck_load_file(deck, s.rs, a.deck_file, &s.sink);
		diag_print_text(&s.sink, from, s.sink.count, stderr);
		if (st != DECK_OK) {
			fprintf(stderr, "orbat cards: %s is not a usable deck file; nothing was written\n", a.deck_file);
			code = st == DECK_IO_ERROR ? EXIT_USAGE : EXIT_INVALID;
		}
		a.deck.deck = deck;
	}
	for (int lang = 0; code == EXIT_VALID && lang < LANG_COUNT; lang++) {
		if (!a.langs[lang])
			continue;
		rc.lang = (lang_id)lang;
		code = render_language(&a, &rc);
	}
	code = cards_session_commit(&s, code, a.quiet);
	deck_destroy(deck);
	cards_session_close(&s);
	return code;
}

const command command_cards = {
	.name = "cards",
	.summary = "write the order-card deck of a ruleset (print-and-play, Tabletop Simulator)",
	.run = cards_run,
	.help = cards_help,
};
