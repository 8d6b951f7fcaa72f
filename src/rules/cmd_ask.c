/* orbat ask: not built yet. */
#include <stdio.h>

#include "../cli/command.h"

static void ask_help(FILE *out)
{
	fputs("Usage: orbat ask FILE ...\n\nNot available in this version yet.\n", out);
}

static int ask_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fputs("orbat ask: not available in this version yet\n", stderr);
	return EXIT_USAGE;
}

const command command_ask = {
	.name = "ask",
	.summary = "(not built yet)",
	.run = ask_run,
	.help = ask_help,
};
