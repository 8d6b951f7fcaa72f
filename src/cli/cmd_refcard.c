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
	      "  -j, --jobs N        N languages' cards at a time, each on its own\n"
	      "                      process (default: one per processor); the same\n"
	      "                      cards as with -j 1\n"
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

static bool write_card(const render_ctx *rc, const void *arg, const char *path, char **error)
{
	(void)arg;
	return cards_render_refcard(rc, path, error);
}

static int refcard_run(const options *o, refcard_args *a)
{
	const char *ruleset_id = a->ruleset;
	if (!ruleset_id)
		return options_usage("refcard", "name the ruleset with --ruleset ID");

	return cards_session_write("refcard", ruleset_id, o, "refcard", "refcard.pdf", write_card, NULL);
}

COMMAND(refcard, "write the two-sided reference card of a ruleset", refcard_args,
	.common = OPTIONS_LANG | OPTIONS_PAPER | OPTIONS_OUTPUT | OPTIONS_QUIET | OPTIONS_JOBS,
	.operands = &(const options_operands){ 0, 0, NULL },
	.own = { { "ruleset", OPTIONS_STRING, offsetof(refcard_args, ruleset), .what = "a ruleset id" } });
