/* The subcommands of the orbat program: one file each, registered in the
 * table in main.c. */
#ifndef ORBAT_COMMAND_H
#define ORBAT_COMMAND_H

#include <stdbool.h>
#include <stdio.h>

#include "../base/diag.h"

enum {
	EXIT_VALID = 0,
	EXIT_INVALID = 1,
	EXIT_USAGE = 2,
	EXIT_INTERNAL = 3,
};

typedef struct command {
	const char *name;
	const char *summary;
	int (*run)(int argc, char **argv);
	void (*help)(FILE *out);
} command;

extern const command command_validate;
extern const command command_render;
extern const command command_cards;
extern const command command_refcard;
extern const command command_ask;
extern const command command_check;
extern const command command_play;
extern const command command_explain;
extern const command command_new;

/* Parse "--format text|json"; false on anything else. */
typedef enum { FORMAT_TEXT, FORMAT_JSON } output_format;
int cli_parse_format(const char *text, output_format *out);

/* Whether the data folder exists with its schema and rulesets; when not,
 * one line on stderr naming the folder and ORBAT_DATADIR.  Commands ask
 * before loading anything, so that a missing folder never reaches the
 * XML parser. */
bool cli_data_check(const char *cmd);
/* A data file could not be loaded: the folder is missing or incomplete
 * (as cli_data_check says), or damaged (the diagnostics in sink, then one
 * line).  Returns EXIT_INTERNAL. */
int cli_data_broken(const char *cmd, const diag_sink *sink);

#endif
