/* Writing output files so that a failed run leaves the output tree as it
 * found it.
 *
 * Each file is written under a temporary name beside its target.  While an
 * output set is open (outdir_open), finished files wait under that name
 * until the whole set succeeds (outdir_commit renames them into place); a
 * failed set (outdir_close without commit, or a signal such as Ctrl-C)
 * removes them, then the folders the set created, deepest first, when they
 * are still empty.  So earlier files in the same folders stay untouched, no
 * partial file is left and no empty folder appears.  Without an open set, a
 * file is renamed into place as soon as it is finished.
 *
 * A target that exists and is not a regular file (/dev/stdout, a FIFO, a
 * device such as /dev/full) is written directly: renaming over it would
 * replace it.
 *
 * Every message names the path and the cause in the operating system's
 * words (strerror): "cannot write out/deck.pdf: No space left on device".
 *
 * One set is open at a time, process-wide: the products written deep inside
 * the renderers join it without it being passed down, and the signal
 * handler finds what to remove. */
#ifndef ORBAT_OUTDIR_H
#define ORBAT_OUTDIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct outdir outdir;
typedef struct outfile outfile;

/* Open an output set; it becomes the current one until closed.  NULL when
 * another set is open already. */
outdir *outdir_open(void);
/* The open set, or NULL. */
outdir *outdir_current(void);

/* mkdir -p: create the folder and its missing parents, remembering which
 * ones this set created.  o may be NULL (then nothing is remembered).
 * False with a message in *error (free it). */
bool outdir_make_dirs(outdir *o, const char *path, char **error);

/* Rename every finished file into place, in the order they were begun,
 * printing each final path on `list` when it is not NULL.  False with a
 * message when one cannot be renamed; the files not yet renamed are then
 * removed.  The set stays open: close it afterwards. */
bool outdir_commit(outdir *o, FILE *list, char **error);
/* The same for a set whose files all lie under the folder root (a
 * scenario's print set under OUT/SCENARIO): root is swapped for a tree
 * holding the new files and what else root held, in one step, so that a
 * reader, or a run killed at any moment, sees the old set or the new one
 * whole (outtree.h).  Where that cannot be done (a file system without
 * hard links or the exchange), the files are renamed one by one. */
bool outdir_commit_folder(outdir *o, const char *root, FILE *list, char **error);

/* Whether writing failed in the operating system (a folder, file, write,
 * close or rename refused): the run then ends with exit status 2, not as
 * an internal error. */
bool outdir_write_failed(const outdir *o);
/* Record such a failure found before the system was asked (a file that
 * could not be written at the size requested).  o may be NULL. */
void outdir_fail(outdir *o);

/* Close the set: files not committed are removed, then the folders it
 * created when empty.  Accepts NULL. */
void outdir_close(outdir *o);

/* One file: begun under its temporary name (joining the open set, if
 * any), written, then finished.  NULL with a message when it cannot be
 * created. */
outfile *outfile_create(const char *path, char **error);
/* Append bytes.  The first failure is remembered with its cause and the
 * rest dropped; false from then on. */
bool outfile_write(outfile *f, const void *data, size_t size);
bool outfile_puts(outfile *f, const char *text);
/* Close the file.  `keep` false discards it (the caller failed while
 * producing it).  With `keep`, false and a message in *error when any
 * write, the close or the rename failed; the file is then removed.
 * *error stays NULL when the caller discarded the file. */
bool outfile_finish(outfile *f, bool keep, char **error);

/* Parallel runs (base/jobpool.h).  A worker process writes its part of
 * its parent's output set under temporary names as usual; with a journal
 * fd set, every file and folder it begins, finishes or removes is also
 * recorded there as it happens (fd -1 stops).  The parent reads that
 * record and takes the files over with outdir_adopt (and a write failure
 * with them: outdir_write_failed): finished files then
 * wait for the parent's commit like its own, and a file a dead worker left
 * unfinished is removed when the set closes.  With o NULL (no set open)
 * finished files are renamed into place at once and unfinished ones
 * removed.  False when the record is cut short or unreadable (what could
 * be read is still taken over). */
void outdir_journal(int fd);
/* A worker of this process's run has started: its temporary files are
 * this run's, never a dead run's leftovers, even after it has ended and
 * before its parent has taken them over. */
void outdir_worker_started(long pid);
bool outdir_adopt(outdir *o, const void *journal, size_t size);

/* Remove everything a failed run left: this process's temporary files and
 * the ones the given worker journals record (read from their start), then
 * every folder this process or a journal records as created, as long as
 * one still goes (a folder one worker made may hold one that another made).
 * A folder holding anything else stays.  Async-signal-safe: a parallel
 * run's signal handler calls it once every worker has ended, so that no
 * worker can still be writing into what it removes.  The handler
 * outdir_watch_signals installs calls it with no journal. */
void outdir_undo_all(const int *journals, size_t count);

/* Install the handler for SIGINT, SIGTERM and SIGHUP that removes this
 * process's unfinished files and folders, then ends the process by that
 * signal (done by itself on the first file or folder; a signal ignored
 * stays ignored).  Once is enough.  A job pool calls it before it puts its
 * own handler on top, so that its handler always runs first. */
void outdir_watch_signals(void);

/* Append size bytes to the end of the file open on fd (O_APPEND) whole or
 * not at all: when the disk fills (or a size limit stops it) part-way, the
 * file is cut back to where it was, so that a reader never finds half a
 * record (a game log's last action cut to fewer units).  0, or the errno
 * of the failure. */
int outdir_append_whole(int fd, const void *data, size_t size);

/* Flush standard output at the end of a command.  When it fails (a full
 * disk behind a redirection, a closed pipe) print "orbat CMD: cannot write
 * to standard output: CAUSE" ("orbat: ..." when command is NULL) and
 * return exit status 2; otherwise, or when `code` is 2 or more already
 * (the command failed and said why), return `code` unchanged. */
int outdir_finish_stdout(const char *command, int code);

#endif
