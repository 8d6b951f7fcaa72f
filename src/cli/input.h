/* Reading a whole input for the commands: a named file, or standard input
 * when the name is "-". */
#ifndef ORBAT_INPUT_H
#define ORBAT_INPUT_H

#include <stdbool.h>
#include <stddef.h>

/* The whole of PATH ("-": standard input), NUL-terminated in *text (free
 * it), its length in *size.  Reading stops past `limit` bytes: then
 * *too_large is set and the text holds limit + 1 bytes.  False when the
 * input cannot be read or is not a regular file, with *why saying so. */
bool input_read(const char *path, size_t limit, char **text, size_t *size, bool *too_large,
	const char **why);

/* Whether PATH names standard input. */
bool input_is_stdin(const char *path);

#endif
