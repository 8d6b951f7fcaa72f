/* orbat play: not built yet. */
#include <stdio.h>

#include "../cli/command.h"

static void play_help(FILE *out)
{
	fputs("Usage: orbat play FILE ...\n\nNot available in this version yet.\n", out);
}

static int play_run(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fputs("orbat play: not available in this version yet\n", stderr);
	return EXIT_USAGE;
}

const command command_play = {
	.name = "play",
	.summary = "(not built yet)",
	.run = play_run,
	.help = play_help,
};
