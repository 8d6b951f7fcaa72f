/* Where the program finds data/ (rulesets, schema, layouts, fonts).
 *
 * ORBAT_DATADIR wins when set.  Otherwise a program run from its build
 * directory uses the source tree, and an installed one the installed
 * data directory. */
#ifndef ORBAT_DATADIR_H
#define ORBAT_DATADIR_H

/* The data directory: rulesets/, schema/, i18n/, fonts/ and layouts/ (in
 * the source tree data/fonts and data/layouts link to the top-level
 * folders).  The string is static. */
const char *datadir_get(void);

#endif
