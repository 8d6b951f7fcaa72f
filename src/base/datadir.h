/* Where the program finds data/ (rulesets, schema, strings, layouts, fonts).
 *
 * ORBAT_DATADIR wins when set.  Otherwise a program run from its build
 * folder reads the source tree's data/, whose path meson writes into a
 * small file beside the built program (DATADIR_UNINSTALLED_NOTE, never
 * installed), and an installed program reads the installed data folder.
 * The binary itself holds no path of the machine it was built on. */
#ifndef ORBAT_DATADIR_H
#define ORBAT_DATADIR_H

#include <stdbool.h>
#include <stdio.h>

/* The file beside an uninstalled program that names its data folder. */
#define DATADIR_UNINSTALLED_NOTE "orbat-uninstalled-datadir"

/* The data directory: rulesets/, schema/, i18n/, fonts/ and layouts/ (in
 * the source tree data/fonts and data/layouts link to the top-level
 * folders).  The string is static. */
const char *datadir_get(void);

/* Check datadir_get() once, before a command reads anything from it: the
 * folder holds rulesets/ with a ruleset, schema/scenario.rng, i18n/,
 * layouts/ and fonts/.  When it does not, write one line to err that names
 * the folder, what is missing and ORBAT_DATADIR, prefixed "orbat COMMAND: ",
 * and return false: the caller exits with status 3 (broken installation). */
bool datadir_check(const char *command, FILE *err);

/* The layout of the data folder, known here alone: every file or folder a
 * command reads from it, so that no caller assembles "DIR/i18n" itself. */
typedef enum datadir_part {
	DATADIR_RULESETS,       /* rulesets/: one ID.xml per ruleset */
	DATADIR_RULES,          /* rules/: the rule texts orbat explain quotes */
	DATADIR_SCHEMA,         /* schema/scenario.rng */
	DATADIR_STRINGS,        /* i18n/: the words of every product */
	DATADIR_FONTS,          /* fonts/ */
	DATADIR_LAYOUTS,        /* layouts/: the folder of the layout files */
	DATADIR_PRINT_LAYOUTS,  /* layouts/print.xml: papers and print geometry */
	DATADIR_CARD_LAYOUTS,   /* layouts/cards.xml: card sizes and sheets */
	DATADIR_TEMPLATES,      /* templates/: one starter scenario ID.xml per ruleset */
} datadir_part;

/* The part's name inside the data folder ("layouts/cards.xml"). */
const char *datadir_name(datadir_part part);
/* DIR/NAME of the part (free it). */
char *datadir_path(const char *dir, datadir_part part);
/* DIR/FOLDER/ID.xml, the file of one ruleset or template (free it). */
char *datadir_item(const char *dir, datadir_part folder, const char *id);

#endif
