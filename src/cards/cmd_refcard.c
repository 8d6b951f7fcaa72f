/* orbat refcard: not built yet. */
#include <stdio.h>

#include "../cli/command.h"

static void refcard_help(FILE *out)
{
	fputs("Usage: orbat refcard --ruleset ID [OPTIONS]\n\nNot available in this version yet.\n", out);
}

static int refcard_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fputs("orbat refcard: not available in this version yet\n", stderr);
	return EXIT_USAGE;
}

const command command_refcard = {
	.name = "refcard",
	.summary = "(not built yet)",
	.run = refcard_run,
	.help = refcard_help,
};
