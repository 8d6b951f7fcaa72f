/* The subcommands of the orbat program: one file each, registered in the
 * table in main.c.  A command is declared once, as data: its name, its
 * help, its options table (options.h) and the struct its own options are
 * parsed into; main parses the command line by the table and hands the
 * result to run, so that a command keeps only what is its own. */
#ifndef ORBAT_COMMAND_H
#define ORBAT_COMMAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../base/diag.h"
#include "exitcode.h"
#include "options.h"

struct validator;

typedef struct command {
	const char *name;
	const char *summary;
	void (*help)(FILE *out);
	/* o: the common options and the operands; args: the command's own
	 * struct (args_size bytes, zeroed), filled by its options table. */
	int (*run)(const options *o, void *args);
	size_t args_size;
	options_spec options;
} command;

/* The argument struct of a command that has only common options. */
typedef struct command_no_args {
	char unused;
} command_no_args;

/* const command command_NAME, with NAME_help and NAME_run; ARGS is the
 * struct of the command's own options, which NAME_run takes typed, and the
 * rest are the fields of its options_spec. */
#define COMMAND(NAME, SUMMARY, ARGS, ...) \
	static int NAME##_run_args(const options *o, void *args) { return NAME##_run(o, (ARGS *)args); } \
	const command command_##NAME = { #NAME, SUMMARY, NAME##_help, NAME##_run_args, sizeof(ARGS), { __VA_ARGS__ } }

extern const command command_validate;
extern const command command_render;
extern const command command_cards;
extern const command command_refcard;
extern const command command_calibrate;
extern const command command_ask;
extern const command command_check;
extern const command command_review;
extern const command command_play;
extern const command command_explain;
extern const command command_new;
extern const command command_balance;
extern const command command_studio;

/* Parse the command line by the command's table and run it; the exit
 * status. */
int command_run(const command *cmd, int argc, char **argv);

/* A command's whole run from a program's main (argv[0] is the command's
 * name): a missing data folder told up front in one line rather than by
 * the first file that fails to load (help needs no data), the command,
 * then standard output flushed and checked (outdir_finish_stdout).  The
 * exit status. */
int command_main(const command *cmd, int argc, char **argv);

/* --format text|json, in the order of the default formats table. */
typedef enum { FORMAT_TEXT, FORMAT_JSON } output_format;

/* Whether the data folder exists with its schema and rulesets; when not,
 * one line on stderr naming the folder and ORBAT_DATADIR.  Commands ask
 * before loading anything, so that a missing folder never reaches the
 * XML parser. */
bool cli_data_check(const char *cmd);
/* A data file could not be loaded: the folder is missing or incomplete
 * (as cli_data_check says), or damaged (the diagnostics in sink, then one
 * line).  Returns EXIT_INTERNAL. */
int cli_data_broken(const char *cmd, const diag_sink *sink);
/* The scenario compiler over the run's context (its data folder and
 * rulesets), with sink made ready for its diagnostics; or NULL once the
 * broken installation is reported (the exit status is then EXIT_INTERNAL,
 * and sink needs no finishing). */
struct context;
struct validator *cli_validator_in(const char *cmd, struct context *ctx, diag_sink *sink);

/* Close what cli_validator_in opened. */
void cli_validator_close(struct validator *v, diag_sink *sink);

#endif
