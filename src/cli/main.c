/* orbat: the command-line front.  It only dispatches to a subcommand; all
 * the work is in liborbat. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/outdir.h"
#include "command.h"

static const command *const commands[] = {
	&command_validate,
	&command_render,
	&command_cards,
	&command_refcard,
	&command_calibrate,
	&command_ask,
	&command_check,
	&command_review,
	&command_play,
	&command_new,
	&command_explain,
	&command_balance,
	&command_studio,
};


static const command *find_command(const char *name)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(commands[i]->name, name) == 0)
			return commands[i];
	return NULL;
}

static void usage(FILE *out)
{
	fputs("Usage: orbat COMMAND [OPTIONS] ARGS...\n"
	      "       orbat help COMMAND\n"
	      "\n"
	      "Scenario compiler and print toolkit for the Battle Cry family of\n"
	      "American Civil War games.\n"
	      "\n"
	      "Commands:\n", out);
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(out, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
	fputs("\n"
	      "Run 'orbat help COMMAND' or 'orbat COMMAND --help' for the options of a\n"
	      "command; 'orbat --version' prints the version.\n"
	      "\n"
	      "Exit status, the same for every command:\n"
	      "  0  done\n"
	      "  1  the input breaks a rule (invalid scenario, illegal action)\n"
	      "  2  usage error, a file that cannot be read or written, or a request\n"
	      "     the ruleset does not support\n"
	      "  3  internal error or broken installation\n"
	      "\n"
	      "Environment:\n"
	      "  ORBAT_DATADIR      the folder holding rulesets/ and schema/\n"
	      "  PAPERSIZE          default paper (a4 or letter), else /etc/papersize\n"
	      "  SOURCE_DATE_EPOCH  the date written into PDFs\n", out);
}

/* An unknown command or option before the command: one line, and where
 * to look. */
static int not_a_command(const char *name)
{
	if (name[0] == '-')
		fprintf(stderr, "orbat: unknown option '%s'\n", name);
	else
		fprintf(stderr, "orbat: '%s' is not an orbat command\n", name);
	fputs("Try 'orbat --help' for the list of commands.\n", stderr);
	return EXIT_USAGE;
}

static int help(int argc, char **argv)
{
	if (argc < 3) {
		usage(stdout);
		return EXIT_VALID;
	}
	if (argc > 3) {
		fputs("orbat help: name one command\n"
		      "Try 'orbat --help' for the list of commands.\n", stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[2], "help") == 0) {
		usage(stdout);
		return EXIT_VALID;
	}
	const command *cmd = find_command(argv[2]);
	if (!cmd)
		return not_a_command(argv[2]);
	cmd->help(stdout);
	return EXIT_VALID;
}

int main(int argc, char **argv)
{
	/* Past a file size limit, let write() fail (the product is then
	 * discarded cleanly) instead of the process being killed with its
	 * temporary file left behind. */
	signal(SIGXFSZ, SIG_IGN);
	if (argc < 2) {
		fputs("orbat: usage: orbat COMMAND [OPTIONS] ARGS...\n"
		      "Try 'orbat --help' for the list of commands.\n", stderr);
		return EXIT_USAGE;
	}
	const char *name = argv[1];
	if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
		usage(stdout);
		return outdir_finish_stdout(NULL, EXIT_VALID);
	}
	if (strcmp(name, "help") == 0)
		return outdir_finish_stdout("help", help(argc, argv));
	if (strcmp(name, "--version") == 0) {
		printf("orbat %s\n", ORBAT_VERSION);
		return outdir_finish_stdout(NULL, EXIT_VALID);
	}
	const command *cmd = find_command(name);
	if (!cmd)
		return not_a_command(name);
	return command_main(cmd, argc - 1, argv + 1);
}
