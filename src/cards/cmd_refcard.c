/* orbat refcard --ruleset ID: the two-sided reference card, per language. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../cli/command.h"
#include "../cli/options.h"
#include "cards.h"
#include "cards_cli.h"

static void refcard_help(FILE *out)
{
	fputs("Usage: orbat refcard --ruleset ID [OPTIONS]\n"
	      "\n"
	      "Write the ruleset's reference card for each language:\n"
	      "  DIR/refcard/<ruleset>/<lang>/refcard.pdf\n"
	      "One landscape sheet, two pages to print on both sides of card stock.\n"
	      "Hex rulesets, front: units (movement, dice by distance), terrain\n"
	      "(movement, dice, line of sight), artillery on a hill, the general, the\n"
	      "deck with its counts.  Back: the turn, the battle, the die, retreats,\n"
	      "ground gain.\n"
	      "Square grid (mb-remastered), front: the unit table (cost, move, attack,\n"
	      "defence, hits, carries, range), purchases, entrenchment, combat, the\n"
	      "generals.  Back: the turn, placing new units, the sea and its ports,\n"
	      "the capitals.\n"
	      "Every number is taken from the ruleset, so the card always agrees with\n"
	      "the scenario compiler.  The file is written atomically.\n"
	      "\n"
	      "Options:\n"
	      "  --ruleset ID        the ruleset to summarise (required)\n"
	      "  --lang en|nl|fr     languages, repeatable or comma list (default all)\n"
	      "  --paper a4|letter   paper (default a4)\n"
	      "  -o, --output DIR    output folder (default output/)\n"
	      "  -q, --quiet         do not list the files written\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "Exit status: 0 done, 2 usage error or a file that cannot be written,\n"
	      "3 internal error (such as a text that does not fit its box).\n", out);
}

static int refcard_run(int argc, char **argv)
{
	static const struct option options[] = {
		{ "ruleset", required_argument, NULL, 'r' },
		{ "lang", required_argument, NULL, 'l' },
		{ "paper", required_argument, NULL, 'p' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *ruleset_id = NULL, *paper = "a4", *out_dir = "output";
	bool langs[LANG_COUNT] = { false };
	bool quiet = false;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:qh", options, NULL)) != -1) {
		switch (c) {
		case 'r':
			ruleset_id = optarg;
			break;
		case 'l':
			if (!options_parse_langs(optarg, langs)) {
				fprintf(stderr, "orbat refcard: --lang takes en, nl or fr, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			break;
		case 'p':
			paper = optarg;
			break;
		case 'o':
			out_dir = optarg;
			break;
		case 'q':
			quiet = true;
			break;
		case 'h':
			refcard_help(stdout);
			return EXIT_VALID;
		default:
			refcard_help(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "orbat refcard: unexpected argument '%s'\n", argv[optind]);
		return EXIT_USAGE;
	}
	if (!ruleset_id) {
		fputs("orbat refcard: name the ruleset with --ruleset ID\n", stderr);
		return EXIT_USAGE;
	}
	options_default_langs(langs);

	cards_session s;
	render_ctx rc;
	int code = cards_session_open(&s, "refcard", ruleset_id, paper, &rc);
	for (int lang = 0; code == EXIT_VALID && lang < LANG_COUNT; lang++) {
		if (!langs[lang])
			continue;
		rc.lang = (lang_id)lang;
		char *error = NULL;
		char *dir = xasprintf("%s/refcard/%s/%s", out_dir, s.rs->id, lang_code(rc.lang));
		char *path = xasprintf("%s/refcard.pdf", dir);
		if (!cards_make_dirs(dir, &error))
			code = EXIT_USAGE;
		else if (!cards_render_refcard(&rc, path, &error))
			code = EXIT_INTERNAL;
		if (error)
			fprintf(stderr, "orbat refcard: %s\n", error);
		free(error);
		free(path);
		free(dir);
	}
	code = cards_session_commit(&s, code, quiet);
	cards_session_close(&s);
	return code;
}

const command command_refcard = {
	.name = "refcard",
	.summary = "write the two-sided reference card of a ruleset",
	.run = refcard_run,
	.help = refcard_help,
};
