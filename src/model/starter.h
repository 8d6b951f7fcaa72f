/* Starter scenarios: DATADIR/templates/R.xml, a small but complete battle
 * for ruleset R whose comments teach the format, copied for an author
 * (orbat new).  Only the scenario id changes: the template's root carries
 * the placeholder id STARTER_ID_MARKER, replaced by an id made from the
 * file name, so that the copy is the template byte for byte apart from
 * that id.  The rulesets offered are those with a template. */
#ifndef ORBAT_STARTER_H
#define ORBAT_STARTER_H

#include <stdbool.h>
#include <stddef.h>

/* The placeholder in every template, and the id used when the file name
 * gives none (standard output, or a name with no usable character). */
#define STARTER_DEFAULT_ID "my-battle"
#define STARTER_ID_MARKER "id=\"" STARTER_DEFAULT_ID "\""

typedef struct starter_list {
	char **ids;
	size_t count;
} starter_list;

/* The rulesets that have a starter scenario, sorted.  False (errno set)
 * when the templates folder cannot be read. */
bool starter_list_load(const char *data_dir, starter_list *out);
void starter_list_finish(starter_list *list);
bool starter_list_has(const starter_list *list, const char *id);
/* "a, b, c" with last_sep before the last ("a, b or c"); free it. */
char *starter_list_text(const starter_list *list, const char *last_sep);

/* The scenario id for a file name: its last component without ".xml",
 * lower-cased, every other character outside [a-z0-9._-] turned into '-',
 * runs of '-' merged, no leading '.' or '-', at most 64 characters (the
 * scenario-id rule), no trailing '-' or '.'.  "-" or nothing left gives
 * STARTER_DEFAULT_ID.  Free it. */
char *starter_id_from_path(const char *path);

typedef enum starter_status {
	STARTER_OK,
	STARTER_UNREADABLE,  /* the template cannot be read (errno set) */
	STARTER_BROKEN,      /* it does not hold STARTER_ID_MARKER exactly once */
} starter_status;

/* The starter scenario of `ruleset` with the scenario id `id`, in *text
 * (*len bytes; free it).  *template: the template's path, for messages
 * (free it, whatever the status). */
starter_status starter_fill(const char *data_dir, const char *ruleset, const char *id, char **text, size_t *len,
	char **template);

typedef enum starter_write_status {
	STARTER_WRITTEN,
	STARTER_EXISTS,      /* the file is there already, and is kept */
	STARTER_FAILED,      /* *error says why */
} starter_write_status;

/* Write the file through a temporary file in the same folder, then give
 * it its name: nothing is ever half written, a failure leaves nothing
 * behind, and an existing file is never replaced.  On STARTER_FAILED a
 * message in *error ("cannot write FILE: why"; free it). */
starter_write_status starter_write_file(const char *file, const char *data, size_t len, char **error);

#endif
