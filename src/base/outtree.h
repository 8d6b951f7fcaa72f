/* Folder trees for committing an output set whole (base/outdir.h): a copy
 * of a tree made of hard links, removing a tree, the temporary names runs
 * leave behind (NAME.tmp-PID) and removing those of dead processes, and
 * the lock that keeps two runs from writing into one folder at once. */
#ifndef ORBAT_OUTTREE_H
#define ORBAT_OUTTREE_H

#include <stdbool.h>

/* Whether name is a temporary name, NAME.tmp-PID or NAME.tmp-PID-N; the
 * PID in *pid. */
bool outtree_temp_name(const char *name, long *pid);

/* Make `to` (a new, empty folder) hold what `from` holds: folders made
 * anew, regular files hard-linked (no byte copied; `from` keeps them),
 * symbolic links made again.  Temporary names are left out.  0, or the
 * errno of what failed (ENOTSUP for a node that is neither). */
int outtree_mirror(const char *from, const char *to);

/* Swap two folders in one step (renameat2 RENAME_EXCHANGE): a reader sees
 * the one or the other under each name, never neither.  0, or the errno
 * (EINVAL where the file system cannot). */
int outtree_exchange(const char *a, const char *b);

/* Remove path and everything under it, following no link. */
void outtree_remove(const char *path);

/* A new private folder (mode 0700) $TMPDIR/PREFIX-XXXXXX (/tmp without
 * TMPDIR) for a process's own files: its path (free it), or NULL. */
char *outtree_private_folder(const char *prefix);

/* Remove the temporary files and folders in `folder` that a process no
 * longer running left there (killed by SIGKILL, or its machine stopped):
 * only those named PREFIX.tmp-PID when prefix is not NULL, else every
 * NAME.tmp-PID.  Another running process's are left alone, and so are the
 * paths for which keep (when not NULL) says true: the finished files of a
 * worker that has ended, which its parent's set still holds. */
void outtree_clean_stale(const char *folder, const char *prefix, bool (*keep)(const char *path));

/* Take the lock of the folder `path` (or, while it does not exist, of its
 * nearest folder that does) for the rest of the process: a second run
 * writing there waits until the first has ended, so that their files
 * never mix.  When it has to wait, says so on stderr as "orbat COMMAND:
 * ...".  False (with errno) only when the folder cannot be opened or
 * locked at all; the caller then goes on without the lock. */
bool outtree_lock(const char *command, const char *path);

#endif
