/* orbat cards: not built yet. */
#include <stdio.h>

#include "../cli/command.h"

static void cards_help(FILE *out)
{
	fputs("Usage: orbat cards --ruleset ID [OPTIONS]\n\nNot available in this version yet.\n", out);
}

static int cards_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fputs("orbat cards: not available in this version yet\n", stderr);
	return EXIT_USAGE;
}

const command command_cards = {
	.name = "cards",
	.summary = "(not built yet)",
	.run = cards_run,
	.help = cards_help,
};
