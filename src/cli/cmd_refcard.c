/* orbat refcard --ruleset ID: the two-sided reference card, per language. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../cards/cards.h"
#include "cards_cli.h"
#include "command.h"
#include "options.h"

static void refcard_help(FILE *out)
{
	fputs("Usage: orbat refcard --ruleset ID [OPTIONS]\n"
	      "\n"
	      "Write the ruleset's reference card for each language:\n"
	      "  DIR/refcard/<ruleset>/<lang>/refcard.pdf\n"
	      "One landscape sheet, two pages to print on both sides of card stock.\n"
	      "Hex rulesets, front: units (movement, dice by distance), the deck with\n"
	      "its counts, terrain (movement, dice, line of sight), artillery on a\n"
	      "hill, the general.  Back: the turn, the battle, line of sight, a\n"
	      "general with a unit and alone, the die, retreats, ground gain,\n"
	      "victory, the special cards.\n"
	      "Square grid (mb-remastered), front: the unit table (cost, move, attack,\n"
	      "defence, hits, carries, range), purchases, entrenchment, combat, the\n"
	      "generals.  Back: the turn, how a side wins, the sea and its ports, the\n"
	      "capitals, the order of play.\n"
	      "Both sides take one type size, the largest the fuller side allows.\n"
	      "Every number is taken from the ruleset, so the card always agrees with\n"
	      "the scenario compiler.  The file is written atomically.\n"
	      "\n"
	      "Options:\n"
	      "  --ruleset ID        the ruleset to summarise (required)\n"
	      "  --lang en|nl|fr     languages, repeatable or comma list (default all)\n"
	      "  --paper a4|letter   paper (default: the system's, from PAPERSIZE or\n"
	      "                      /etc/papersize, else a4)\n"
	      "  -o, --output DIR    output folder (default output/)\n"
	      "  -q, --quiet         do not list the files written\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "Example:\n"
	      "  orbat refcard --ruleset battlecry-1999 --lang nl --paper letter\n"
	      "\n"
	      "Exit status: 0 done, 2 usage error or a file that cannot be written,\n"
	      "3 internal error (such as a text that does not fit its box) or broken\n"
	      "installation.\n", out);
}

typedef struct refcard_args { const char *ruleset; } refcard_args;

static int refcard_run(const options *o, refcard_args *a)
{
	const char *ruleset_id = a->ruleset;
	if (!ruleset_id)
		return options_usage("refcard", "name the ruleset with --ruleset ID");

	cards_session s;
	render_ctx rc;
	int code = cards_session_open(&s, "refcard", ruleset_id, o->paper, &rc);
	for (int lang = 0; code == EXIT_VALID && lang < LANG_COUNT; lang++) {
		if (!o->langs[lang])
			continue;
		rc.lang = (lang_id)lang;
		char *error = NULL;
		char *dir = xasprintf("%s/refcard/%s/%s", o->output, s.rs->id, lang_code(rc.lang));
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
	code = cards_session_commit(&s, code, o->quiet);
	cards_session_close(&s);
	return code;
}

COMMAND(refcard, "write the two-sided reference card of a ruleset", refcard_args,
	.common = OPTIONS_LANG | OPTIONS_PAPER | OPTIONS_OUTPUT | OPTIONS_QUIET,
	.operands = &(const options_operands){ 0, 0, NULL },
	.own = { { "ruleset", OPTIONS_STRING, offsetof(refcard_args, ruleset), .what = "a ruleset id" } });
