/* Where the program finds data/ (rulesets, schema, layouts, fonts).
 *
 * ORBAT_DATADIR wins when set.  Otherwise a program run from its build
 * directory uses the source tree, and an installed one the installed
 * data directory. */
#ifndef ORBAT_DATADIR_H
#define ORBAT_DATADIR_H

/* The data directory; the string is static. */
const char *datadir_get(void);
/* The project's top directory when run uninstalled (fonts/, layouts/),
 * else the installed data directory. */
const char *datadir_root(void);

#endif
