/* orbat check: not built yet. */
#include <stdio.h>

#include "../cli/command.h"

static void check_help(FILE *out)
{
	fputs("Usage: orbat check FILE ...\n\nNot available in this version yet.\n", out);
}

static int check_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fputs("orbat check: not available in this version yet\n", stderr);
	return EXIT_USAGE;
}

const command command_check = {
	.name = "check",
	.summary = "(not built yet)",
	.run = check_run,
	.help = check_help,
};
