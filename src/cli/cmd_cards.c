/* orbat cards --ruleset ID: the order-card deck, print-and-play PDF and
 * Tabletop Simulator sheets, for each language. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../cards/cardlayout.h"
#include "../cards/cards.h"
#include "../cards/deckcmyk.h"
#include "cards_cli.h"
#include "command.h"
#include "options.h"

static void cards_help(FILE *out)
{
	fputs("Usage: orbat cards --ruleset ID [OPTIONS]\n"
	      "\n"
	      "Write the ruleset's deck of order cards, every copy of every card, for\n"
	      "each language:\n"
	      "  DIR/cards/<ruleset>/<lang>/deck.pdf           print-and-play sheets\n"
	      "  DIR/cards/<ruleset>/<lang>/deck-sheet-N.png   Tabletop Simulator sheets\n"
	      "  DIR/cards/<ruleset>/<lang>/deck-back.png      (with --format png)\n"
	      "  DIR/cards/<ruleset>/<lang>/cards/card-NN-ID-FLANK-xN.png, card-back.png\n"
	      "                    one card a file with its 3 mm bleed, for print-on-demand\n"
	      "                    services (with --format cards-png)\n"
	      "The PDF holds sheets of fronts, each followed by its backs mirrored for\n"
	      "duplex printing, a bleed round each card (up to 3 mm), cut marks 5 mm in.\n"
	      "A Tabletop Simulator sheet holds up to 10 x 7 cards; its last slot is the back.\n"
	      "Files are written atomically.  A ruleset without order cards\n"
	      "(mb-remastered) is refused.\n"
	      "\n", out);
	/* Two strings: C99 promises no longer literal. */
	fputs("Options:\n"
	      "  --ruleset ID        the ruleset whose deck to print (required)\n"
	      "  --lang en|nl|fr     languages, repeatable or comma list (default all)\n"
	      "  --paper a4|letter   paper of the PDF (default: the system's, from\n"
	      "                      PAPERSIZE or /etc/papersize, else a4)\n"
	      "  --size ID           card size from layouts/cards.xml: poker (default,\n"
	      "                      63.5 x 88.9 mm), bridge (57.15 x 88.9), tarot (70 x 120)\n"
	      "  --sheet ID          card sheet from layouts/cards.xml: print-and-play\n"
	      "                      (default: the most cards a sheet, the bleed the paper\n"
	      "                      leaves) or trade (3 mm bleed round every card, as\n"
	      "                      print shops ask; fewer cards a sheet)\n"
	      "  --duplex MODE       long (default): backs mirrored left-right, for printers\n"
	      "                      that turn the sheet over its long edge; short: mirrored\n"
	      "                      top-bottom; none: fronts and backs side by side on one\n"
	      "                      page, to fold along the middle and glue\n"
	      "  --back-offset X,Y   move every back side X mm right and Y mm down (as the\n"
	      "                      back page shows in the PDF), to undo a duplex\n"
	      "                      printer's shift; 'orbat calibrate' measures it.\n"
	      "                      Default: back-offset in $XDG_CONFIG_HOME/orbat/\n"
	      "                      orbat.conf (~/.config/orbat/orbat.conf), else 0,0\n"
	      "  --marks KIND        cut (default): cut marks for a knife or guillotine;\n"
	      "                      cutter: registration marks for print-then-cut\n"
	      "                      machines as Silhouette Studio lays them out (a 5 mm\n"
	      "                      square top left, 20 mm L marks top right and bottom\n"
	      "                      left, 10 mm in, 0.3 mm thick: layouts/cards.xml), no\n"
	      "                      card within 12 mm of the edge nor near a mark\n"
	      "                      (A4 poker: 2 x 3 a sheet)\n"
	      "  --unique            print each design once instead of every copy\n"
	      "  --ink-saver         light backs: white, with the outline, emblem and title\n"
	      "                      in navy, instead of the navy field to the bleed\n"
	      "  --deck FILE         your own cards (XML, urn:orbat:deck:1): mode=\"add\"\n"
	      "                      adds them to the deck, mode=\"replace\" prints only them\n"
	      "  --cmyk              also write deck-cmyk.pdf: the deck in CMYK as PDF/X with\n"
	      "                      an output intent, for print shops (needs Ghostscript,\n"
	      "                      the ghostscript package)\n"
	      "  --format LIST       pdf (default), png (Tabletop Simulator) and/or cards-png\n"
	      "                      (single cards), comma list or repeated\n"
	      "  --dpi N             resolution of the png images (default from\n"
	      "                      layouts/cards.xml: 300); a sheet keeps within\n"
	      "                      10,000 pixels a side, Tabletop Simulator's limit, and\n"
	      "                      holds fewer cards where 10 x 7 would be larger\n"
	      "  -o, --output DIR    output folder (default output/)\n"
	      "  -q, --quiet         do not list the files written\n"
	      "  -j, --jobs N        draw the languages on N processes at once (default:\n"
	      "                      the number of processors); the files are the same\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "A deck file:\n"
	      "  <deck xmlns=\"urn:orbat:deck:1\" mode=\"add\">\n"
	      "    <card id=\"ambush\" order=\"special\" any=\"2\">\n"
	      "      <name xml:lang=\"en\">Ambush</name>\n"
	      "      <text xml:lang=\"en\">One unit in woods may battle first.</text>\n"
	      "    </card>\n"
	      "  </deck>\n"
	      "order: section, each-section, type, section-type, generals, all or special;\n"
	      "left, centre, right, any: copies for each flank (whole numbers, 0 or more).\n"
	      "\n"
	      "Example:\n"
	      "  orbat cards --ruleset noord-zuid --lang fr --format pdf,png -o prints\n"
	      "\n"
	      "Exit status: 0 done, 1 the deck file is invalid, 2 usage error, a file\n"
	      "that cannot be read or written, a malformed configuration file, or a\n"
	      "ruleset without order cards,\n"
	      "3 internal error or broken installation.\n", out);
}

/* The command's own options, then what the common ones decide. */
typedef struct cards_args {
	const char *ruleset;
	const char *deck_file;
	const char *back_offset;
	int duplex_choice;      /* index in DUPLEX */
	int marks_choice;       /* index in MARKS */
	deck_options deck;
	cards_formats what;
	bool cmyk;              /* a CMYK PDF/X copy of each deck.pdf */
} cards_args;

static const char *const DUPLEX[] = { "long", "short", "none", NULL };
static const char *const MARKS[] = { "cut", "cutter", NULL };

/* The size and the sheet must be ones of layouts/cards.xml: a usage error
 * otherwise. */
static int check_layouts(context *ctx, const char *size, const char *sheet)
{
	if (!size && !sheet)
		return EXIT_VALID;
	diag_sink sink;
	diag_sink_init(&sink);
	const card_layouts *l = cardlayout_of(ctx, &sink);
	int code = EXIT_VALID;
	if (!l) {
		code = cli_data_broken("cards", &sink);
	} else if (size && !cardlayout_size(l, size)) {
		char *ids = cardlayout_size_ids(l);
		code = options_usage("cards", "--size takes one of %s, not '%s'", ids, size);
		free(ids);
	} else if (sheet && !cardlayout_sheet(l, sheet)) {
		char *ids = cardlayout_sheet_ids(l);
		code = options_usage("cards", "--sheet takes one of %s, not '%s'", ids, sheet);
		free(ids);
	}
	diag_sink_finish(&sink);
	return code;
}

/* A ruleset without order cards is a usage error, not an empty deck: say
 * why its grid has none (cards.h) and what to run instead. */
static int no_deck(const ruleset *rs)
{
	fprintf(stderr, "orbat cards: ruleset '%s' has no order cards%s; its reference card is written by "
		"'orbat refcard --ruleset %s'\n", rs->id, cards_no_deck_reason(rs), rs->id);
	return EXIT_USAGE;
}

static int cards_run(const options *o, cards_args *a)
{
	static const cards_duplex duplex_modes[] = { CARDS_DUPLEX_LONG, CARDS_DUPLEX_SHORT, CARDS_DUPLEX_NONE };
	if (!a->ruleset)
		return options_usage("cards", "name the ruleset with --ruleset ID");
	a->deck.duplex = duplex_modes[a->duplex_choice];
	a->deck.marks = a->marks_choice == 1 ? CARDS_MARKS_CUTTER : CARDS_MARKS_CUT;
	a->what.pdf = !o->formats_named || (o->formats_named & 1u);
	a->what.png = (o->formats_named & 2u) != 0;
	a->what.card_files = (o->formats_named & 4u) != 0;
	if (!cli_data_check("cards"))
		return EXIT_INTERNAL;
	if (a->cmyk) {
		char *why = NULL;
		if (!a->what.pdf)
			return options_usage("cards", "--cmyk converts the PDF deck: add pdf to --format");
		if (!deckcmyk_available(o->ctx, &why)) {
			fprintf(stderr, "orbat cards: %s; nothing was written\n", why);
			free(why);
			return EXIT_USAGE;
		}
	}
	int code = check_layouts(o->ctx, a->deck.size, a->deck.sheet);
	if (!code)
		code = cards_back_offset("cards", a->back_offset, a->deck.back_offset);
	if (code)
		return code;

	cards_session s;
	render_ctx rc;
	code = cards_session_open(&s, o->ctx, "cards", a->ruleset, o->paper, &rc);
	if (code == EXIT_VALID && ruleset_deck_size(s.rs) == 0)
		code = no_deck(s.rs);
	cards_deck *deck = NULL;
	if (code == EXIT_VALID && a->deck_file) {
		deck = deck_from_ruleset(s.rs);
		size_t from = s.sink.count;
		deck_status st = deck_load_file(deck, s.rs, a->deck_file, &s.sink);
		diag_print_text(&s.sink, from, s.sink.count, stderr);
		if (st != DECK_OK) {
			fprintf(stderr, "orbat cards: %s is not a usable deck file; nothing was written\n", a->deck_file);
			code = st == DECK_IO_ERROR ? EXIT_USAGE : EXIT_INVALID;
		}
		a->deck.deck = deck;
	}
	if (code == EXIT_VALID)
		code = cards_exit_code(cards_write_decks(&rc, &a->deck, a->what, o->output, o->langs, o->jobs,
			cards_tell_failure, "cards"));
	code = cards_session_commit(&s, code, o->quiet);
	deck_destroy(deck);
	cards_session_close(&s);
	if (code == EXIT_VALID && a->cmyk) {
		char *error = NULL;
		code = cards_exit_code(cards_write_cmyk(o->ctx, o->output, a->ruleset, o->langs, o->quiet ? NULL : stdout,
			&error));
		if (error)
			fprintf(stderr, "orbat cards: %s\n", error);
		free(error);
	}
	return code;
}

COMMAND(cards, "write the order-card deck of a ruleset (print and play, TTS)", cards_args,
	.common = OPTIONS_FORMAT | OPTIONS_LANG | OPTIONS_PAPER | OPTIONS_OUTPUT | OPTIONS_QUIET | OPTIONS_JOBS,
	.formats = (const char *const[]){ "pdf", "png", "cards-png", NULL },
	.format_list = true,
	.operands = &(const options_operands){ 0, 0, NULL },
	.own = {
		{ "ruleset", OPTIONS_STRING, offsetof(cards_args, ruleset), .what = "a ruleset id" },
		{ "size", OPTIONS_STRING, offsetof(cards_args, deck.size), .what = "a card size" },
		{ "sheet", OPTIONS_STRING, offsetof(cards_args, deck.sheet), .what = "a card sheet" },
		{ "duplex", OPTIONS_CHOICE, offsetof(cards_args, duplex_choice), .choices = DUPLEX },
		{ "marks", OPTIONS_CHOICE, offsetof(cards_args, marks_choice), .choices = MARKS },
		{ "unique", OPTIONS_FLAG, offsetof(cards_args, deck.unique) },
		{ "ink-saver", OPTIONS_FLAG, offsetof(cards_args, deck.ink_saver) },
		{ "cmyk", OPTIONS_FLAG, offsetof(cards_args, cmyk) },
		{ "back-offset", OPTIONS_STRING, offsetof(cards_args, back_offset), .what = "X,Y in millimetres" },
		{ "deck", OPTIONS_STRING, offsetof(cards_args, deck_file), .what = "a deck file" },
		{ "dpi", OPTIONS_REAL, offsetof(cards_args, deck.dpi), 36, 1200, .what = "a resolution" },
	});
