/* The user's own defaults, kept per machine (and so per printer) in
 * $XDG_CONFIG_HOME/orbat/orbat.conf, or ~/.config/orbat/orbat.conf when
 * XDG_CONFIG_HOME is unset or not an absolute path:
 *
 *   # the duplex printer in the club room
 *   back-offset = 1.5,-0.5
 *
 * One "key = value" a line; blank lines and lines starting with '#' are
 * ignored.  Keys:
 *   back-offset  X,Y in millimetres: how far every back side of an order
 *                card deck is moved (right and down as the back page
 *                shows in the PDF), as `orbat calibrate` measures it.
 * An option on the command line wins over the file.  A file that exists
 * but cannot be read, an unknown key, a key given twice or a bad value is
 * an error that names the file and the line. */
#ifndef ORBAT_CONFIG_H
#define ORBAT_CONFIG_H

#include <stdbool.h>

/* Farther than this is a typo, not a printer (mm, either axis). */
#define CONFIG_MAX_BACK_OFFSET 10.0

typedef struct orbat_config {
	bool has_back_offset;
	double back_offset[2];   /* mm: x right, y down */
} orbat_config;

/* The file's path as the environment names it (free it); NULL when
 * neither XDG_CONFIG_HOME nor HOME says where it would be. */
char *config_default_path(void);

/* Read the file at `path` into *out (zeroed first).  A file that does not
 * exist leaves *out empty and is no error.  False with a message naming
 * the file and line in *error (free it). */
bool config_load(const char *path, orbat_config *out, char **error);

/* "X,Y" in millimetres, each from -CONFIG_MAX_BACK_OFFSET to
 * +CONFIG_MAX_BACK_OFFSET; blanks around the numbers are allowed. */
bool config_parse_offset(const char *text, double out[2]);

#endif
