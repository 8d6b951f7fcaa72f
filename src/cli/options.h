/* The option parser every orbat command shares.  A command declares which
 * of the common options it takes (--format, --lang, --paper, -o/--output,
 * -q/--quiet; -h/--help always) and a table of its own; the parser reads
 * them all with getopt_long, checks every value, prints its own one-line
 * messages ("orbat CMD: ..." and a pointer to --help) and fills the
 * defaults (all three languages, the system's paper size, output/). */
#ifndef ORBAT_OPTIONS_H
#define ORBAT_OPTIONS_H

#include <stdbool.h>

#include <stddef.h>
#include <stdio.h>

#include "../text/lang.h"


enum {
	OPTIONS_FORMAT = 1u << 0,  /* --format WORD (or a comma list) */
	OPTIONS_LANG = 1u << 1,    /* --lang en|nl|fr, repeatable or a comma list */
	OPTIONS_PAPER = 1u << 2,   /* --paper a4|letter */
	OPTIONS_OUTPUT = 1u << 3,  /* -o, --output DIR (never "-") */
	OPTIONS_QUIET = 1u << 4,   /* -q, --quiet */
	OPTIONS_JOBS = 1u << 5,    /* -j, --jobs N: worker processes (base/jobpool.h) */
};

typedef enum {
	OPTIONS_FLAG,      /* no value: sets *to.flag */
	OPTIONS_STRING,    /* *to.string = the value (not empty) */
	OPTIONS_INT,       /* *to.number = a whole number from min to max */
	OPTIONS_REAL,      /* *to.real = a number from min to max */
	OPTIONS_CHOICE,    /* *to.choice = index of the value in choices */
} options_kind;

/* One option of a command's own; a table ends at the first entry without
 * a name.  The value lands in the command's argument struct (zeroed before
 * parsing) at offset `at`: the table is data, declared once with the
 * command. */
typedef struct options_own {
	const char *name;               /* long name, without "--" */
	options_kind kind;
	size_t at;                      /* offsetof the value: bool, const char *,
	                                   long, double or int by kind */
	double min, max;                /* OPTIONS_INT, OPTIONS_REAL */
	const char *const *choices;     /* OPTIONS_CHOICE, NULL-terminated */
	const char *what;               /* the value in messages: "a resolution" */
} options_own;

/* How many operands a command takes, checked once the options are read:
 * fewer than min, or more than max (-1: no limit), is a usage error with
 * the message `wrong`; more than none is "unexpected argument 'X'". */
typedef struct options_operands {
	int min, max;
	const char *wrong;
} options_operands;

/* The most own options a command declares. */
#define OPTIONS_OWN_MAX 12

typedef struct options_spec {
	unsigned common;                /* OPTIONS_* */
	const char *const *formats;     /* words --format takes, NULL-terminated;
	                                   the first is the default (text, json
	                                   when NULL) */
	bool format_list;               /* --format takes several (cards: pdf,png) */
	bool stop_at_operand;           /* options end at the first operand (ask:
	                                   the queries have options of their own) */
	const options_operands *operands; /* NULL: the command counts them */
	options_own own[OPTIONS_OWN_MAX];
} options_spec;

typedef struct options {
	int format;                     /* index in formats of the last one named */
	unsigned formats_named;         /* bit i: formats[i] was named */
	bool langs[LANG_COUNT];         /* all three when --lang is not given */
	bool langs_named;
	const char *paper;              /* "a4" or "letter" */
	bool paper_named;
	const char *output;             /* "output" when -o is not given */
	bool quiet;
	unsigned jobs;                  /* -j: 1 to JOBPOOL_MAX_WORKERS; default
	                                   the processors online */
	char **operands;                /* what follows the options */
	int operand_count;
	/* What the run reads from the data folder (text/context.h): made
	 * once by command_run, loaded as the command asks. */
	struct context *ctx;
} options;

/* Parse argv (argv[0] is the command's name) by the command's options
 * table into o and into args, the command's own argument struct.  Returns
 * -1 when the command is to go on, else its exit status: 0 after --help
 * (printed on stdout), 2 after a usage error (one line and the pointer to
 * --help on stderr). */
int options_parse(options *o, const char *name, void (*help)(FILE *out), const options_spec *spec, int argc,
	char **argv, void *args);

/* A usage error found by the command itself: "orbat CMD: MESSAGE" and
 * "Try 'orbat CMD --help' for more information." on stderr.  Returns
 * EXIT_USAGE. */
int options_usage(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* Parse "en,nl" (repeatable) into the flags; false on an unknown code. */
bool options_parse_langs(const char *text, bool langs[LANG_COUNT]);
/* When no language was chosen, choose all three. */
void options_default_langs(bool langs[LANG_COUNT]);
/* For a command that works in one language: *lang becomes the one named
 * by --lang (left as it is when --lang was not given); false when several
 * were named, for the command to say so in its own words. */
bool options_one_lang(const options *o, lang_id *lang);

/* The value of a command's --seed (`text`, NULL when not given: *seed
 * left as it is): a whole number up to 2^64 - 1.  EXIT_VALID, or the
 * usage error told for `cmd`. */
int options_seed(const char *cmd, const char *text, unsigned long long *seed);

/* A command's --think (`text`, NULL when not given: the default stays):
 * the expert player's budget a turn, "MS", "MSms" or "Nsims"
 * (rules/expert/expert_think.h), set for the players the command seats.
 * EXIT_VALID, or the usage error told for `cmd`. */
int options_think(const char *cmd, const char *text);

#endif
