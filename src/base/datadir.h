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

#endif
