/* orbat: the command-line front.  It only dispatches to a subcommand; all
 * the work is in liborbat. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "command.h"
#include "../base/datadir.h"

static const command *const commands[] = {
	&command_validate,
	&command_render,
	&command_cards,
	&command_refcard,
	&command_ask,
	&command_check,
	&command_play,
};


int cli_parse_format(const char *text, output_format *out)
{
	if (strcmp(text, "text") == 0)
		*out = FORMAT_TEXT;
	else if (strcmp(text, "json") == 0)
		*out = FORMAT_JSON;
	else
		return 0;
	return 1;
}

static void usage(FILE *out)
{
	fputs("Usage: orbat COMMAND [OPTIONS] ARGS...\n"
	      "\n"
	      "Scenario compiler and print toolkit for the Battle Cry family of\n"
	      "American Civil War games.\n"
	      "\n"
	      "Commands:\n", out);
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(out, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
	fputs("\n"
	      "Run 'orbat COMMAND --help' for the options of a command.\n"
	      "Exit status: 0 success, 1 invalid input or illegal action,\n"
	      "2 usage error or unreadable/unwritable file, 3 internal error.\n"
	      "Data directory: $ORBAT_DATADIR overrides where rulesets and the schema are read.\n", out);
}

/* Whether a command line asks for help, which needs no data folder. */
static int asks_help(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	/* Past a file size limit, let write() fail (the product is then
	 * discarded cleanly) instead of the process being killed with its
	 * temporary file left behind. */
	signal(SIGXFSZ, SIG_IGN);
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	const char *name = argv[1];
	if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
		usage(stdout);
		return EXIT_VALID;
	}
	if (strcmp(name, "--version") == 0) {
		printf("orbat %s\n", ORBAT_VERSION);
		return EXIT_VALID;
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(commands[i]->name, name) == 0) {
			/* A missing or broken data folder: one line up front, not
			 * whatever the first file that fails to load would say. */
			if (!asks_help(argc - 1, argv + 1) && !datadir_check(name, stderr))
				return EXIT_INTERNAL;
			return commands[i]->run(argc - 1, argv + 1);
		}
	fprintf(stderr, "orbat: unknown command '%s'\n\n", name);
	usage(stderr);
	return EXIT_USAGE;
}
