/* Opening a file that is to be read whole.  Only a regular file is read:
 * a FIFO's open() waits for a writer and its read for an end that may
 * never come, a device or a socket may never answer, so any of them would
 * hang the command.  The open itself does not block either. */
#ifndef ORBAT_REGFILE_H
#define ORBAT_REGFILE_H

/* Said of a path that names something other than a regular file. */
#define REGFILE_NOT_REGULAR "not a regular file (a folder, pipe, device or socket); give a file"

/* A read-only descriptor of the regular file at `path` (blocking reads,
 * close-on-exec), or -1 with *why set to a sentence for the reader: the
 * system's reason, or REGFILE_NOT_REGULAR. */
int regfile_open(const char *path, const char **why);

#endif
