/* The system's paper size, read the way Debian systems agree on: through
 * libpaper, which looks at the PAPERSIZE variable, then at the file named
 * by PAPERCONF or /etc/papersize.  This module is the only one that talks
 * to libpaper. */
#ifndef ORBAT_PAPERSIZE_H
#define ORBAT_PAPERSIZE_H

/* "a4" or "letter", the two papers orbat prints on.  When the system names
 * neither, the result is "a4" and *unsupported receives the system's name
 * for its paper (free it); otherwise *unsupported is NULL.  A system with
 * no paper configured at all gives "a4". */
const char *papersize_system(char **unsupported);

#endif
