#include "outdir.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outtree.h"
#include "util.h"

/* Everything a failed run must undo, newest first: temporary files and
 * the folders a set created.  The signal handler walks this list, so it is
 * only changed with the signals blocked, and a node is complete before it
 * is linked. */
typedef enum { NODE_TEMP, NODE_DIR } node_kind;

typedef struct undo_node {
	struct undo_node *next;
	node_kind kind;
	char *undo_path;     /* the temporary file, or the folder */
	char *path;          /* a file's final path */
	outdir *owner;       /* NULL for a file written outside a set */
	bool finished;       /* a file closed whole, waiting for the commit */
	size_t seq;          /* creation order */
} undo_node;

struct outdir {
	bool write_failed;
};

struct outfile {
	FILE *fp;
	char *path;
	undo_node *node;     /* NULL when written directly */
	outdir *owner;
	int error;           /* errno of the first failure, 0 while all is well */
};

static undo_node *volatile undo_list;
/* Why standard output could not be written when a commit flushed its list
 * there: the stream keeps the failure, not its cause. */
static int stdout_errno;
static size_t undo_seq;
static outdir *current;
/* In a worker process of a parallel run (base/jobpool.h): where every
 * file and folder begun is also recorded as it happens, for the parent to
 * take over; -1 otherwise. */
static int journal_fd = -1;

/* Journal records: a letter, then NUL-terminated paths.
 *   T temp final   a file begun under its temporary name
 *   F temp         that file finished whole, waiting for the commit
 *   D folder       a folder created
 *   X path         a temporary file or folder removed again
 *   W ""           writing failed in the system (outdir_fail) */
static void journal(char kind, const char *a, const char *b)
{
	if (journal_fd < 0)
		return;
	size_t la = strlen(a) + 1, lb = b ? strlen(b) + 1 : 0;
	char *rec = xmalloc(1 + la + lb);
	rec[0] = kind;
	memcpy(rec + 1, a, la);
	if (b)
		memcpy(rec + 1 + la, b, lb);
	/* One write per record: a worker that dies between two records
	 * leaves a journal the parent can still read up to there. */
	size_t done = 0, size = 1 + la + lb;
	while (done < size) {
		ssize_t n = write(journal_fd, rec + done, size - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		done += (size_t)n;
	}
	free(rec);
}

static const int watched_signals[] = { SIGINT, SIGTERM, SIGHUP };

/* Reading a journal inside a signal handler: no allocation, one static
 * buffer (the handlers run with every signal blocked, so never twice at
 * once), pread from the start so the writer's offset is left alone. */
typedef struct journal_reader {
	int fd;
	off_t at;
	size_t len, pos;
	char buf[4096];
} journal_reader;

static journal_reader reader;
static char reader_a[4096], reader_b[4096];

static int reader_getc(journal_reader *r)
{
	if (r->pos == r->len) {
		ssize_t n;
		do
			n = pread(r->fd, r->buf, sizeof r->buf, r->at);
		while (n < 0 && errno == EINTR);
		if (n <= 0)
			return EOF;
		r->at += n;
		r->len = (size_t)n;
		r->pos = 0;
	}
	return (unsigned char)r->buf[r->pos++];
}

/* One NUL-terminated path into out; false at the end of the journal.  A
 * path too long for the buffer comes back empty (nothing is removed). */
static bool reader_path(journal_reader *r, char *out, size_t cap)
{
	size_t n = 0;
	for (;;) {
		int c = reader_getc(r);
		if (c == EOF)
			return false;
		if (n < cap)
			out[n] = (char)c;
		if (c == '\0')
			break;
		n++;
	}
	if (n >= cap)
		out[0] = '\0';
	return true;
}

/* Walk a journal's records: remove its temporary files (files) or try
 * to remove its folders (!files).  Returns how many folders went. */
static size_t undo_journal(int fd, bool files)
{
	size_t removed = 0;
	reader.fd = fd;
	reader.at = 0;
	reader.len = reader.pos = 0;
	for (;;) {
		int kind = reader_getc(&reader);
		if (kind == EOF || !reader_path(&reader, reader_a, sizeof reader_a))
			break;
		if (kind == 'T' && !reader_path(&reader, reader_b, sizeof reader_b))
			break;
		if (!reader_a[0])
			continue;
		if (kind == 'T' && files)
			unlink(reader_a);
		else if (kind == 'D' && !files && rmdir(reader_a) == 0)
			removed++;
	}
	return removed;
}

void outdir_undo_all(const int *journals, size_t count)
{
	/* Every temporary file first, this process's and the ones the
	 * journals record: a folder is only removed once empty. */
	for (undo_node *n = undo_list; n; n = n->next)
		if (n->kind == NODE_TEMP)
			unlink(n->undo_path);
	for (size_t i = 0; i < count; i++)
		undo_journal(journals[i], true);
	/* Then the folders, over and over while one still goes: a folder one
	 * process made may hold one that another made, and the records come
	 * in no particular order.  A folder that holds anything else (an
	 * earlier file, a committed product) stays. */
	size_t removed;
	do {
		removed = 0;
		for (undo_node *n = undo_list; n; n = n->next)
			if (n->kind == NODE_DIR && rmdir(n->undo_path) == 0)
				removed++;
		for (size_t i = 0; i < count; i++)
			removed += undo_journal(journals[i], false);
	} while (removed);
}

/* The thread that blocks the signals around its records: the one that
 * installed the handler (a worker's is its parent's, copied by fork). */
static pthread_t watching_thread;

static void undo_all_and_die(int sig)
{
	/* A library's helper thread (Pango starts some) can take the signal
	 * while this one blocks it: hand it over, to be taken when the
	 * record under way is complete. */
	if (!pthread_equal(pthread_self(), watching_thread)) {
		pthread_kill(watching_thread, sig);
		return;
	}
	outdir_undo_all(NULL, 0);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void block_signals(sigset_t *saved)
{
	sigset_t set;
	sigemptyset(&set);
	for (size_t i = 0; i < ARRAY_LEN(watched_signals); i++)
		sigaddset(&set, watched_signals[i]);
	sigprocmask(SIG_BLOCK, &set, saved);
}

static void restore_signals(const sigset_t *saved)
{
	sigprocmask(SIG_SETMASK, saved, NULL);
}

void outdir_watch_signals(void)
{
	static bool installed;
	if (installed)
		return;
	installed = true;
	watching_thread = pthread_self();
	for (size_t i = 0; i < ARRAY_LEN(watched_signals); i++) {
		struct sigaction old;
		/* A signal the caller chose to ignore (nohup) stays ignored. */
		if (sigaction(watched_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = undo_all_and_die;
		/* Every other signal waits: a second one must not start over
		 * on the same static journal buffer. */
		sigfillset(&sa.sa_mask);
		sigaction(watched_signals[i], &sa, NULL);
	}
}

static undo_node *push_node(node_kind kind, const char *undo_path, const char *path, outdir *owner)
{
	outdir_watch_signals();
	undo_node *n = xcalloc(1, sizeof *n);
	n->kind = kind;
	n->undo_path = xstrdup(undo_path);
	n->path = path ? xstrdup(path) : NULL;
	n->owner = owner;
	n->seq = undo_seq++;
	sigset_t saved;
	block_signals(&saved);
	n->next = undo_list;
	undo_list = n;
	restore_signals(&saved);
	if (kind == NODE_TEMP)
		journal('T', undo_path, path);
	else
		journal('D', undo_path, NULL);
	return n;
}

static void drop_node(undo_node *node)
{
	sigset_t saved;
	block_signals(&saved);
	for (undo_node *volatile *p = &undo_list; *p; p = &(*p)->next) {
		if (*p == node) {
			*p = node->next;
			break;
		}
	}
	restore_signals(&saved);
	free(node->undo_path);
	free(node->path);
	free(node);
}

outdir *outdir_open(void)
{
	if (current)
		return NULL;
	current = xcalloc(1, sizeof *current);
	return current;
}

outdir *outdir_current(void)
{
	return current;
}

bool outdir_write_failed(const outdir *o)
{
	return o && o->write_failed;
}

void outdir_fail(outdir *o)
{
	if (o) {
		o->write_failed = true;
		/* The parent's set failed in the system too. */
		journal('W', "", NULL);
	}
}

bool outdir_make_dirs(outdir *o, const char *path, char **error)
{
	*error = NULL;
	char *copy = xstrdup(path);
	size_t len = strlen(copy);
	/* The folders this call created, so that a failure half-way removes
	 * them again at once. */
	undo_node **made = NULL;
	size_t made_count = 0, made_cap = 0;
	bool ok = true;
	for (size_t i = 1; i <= len && ok; i++) {
		if (copy[i] != '/' && copy[i] != '\0')
			continue;
		if (copy[i - 1] == '/')
			continue;
		char saved = copy[i];
		copy[i] = '\0';
		/* A signal between the mkdir and its record (and journal entry)
		 * would leave a folder nobody knows of: it waits until both are
		 * done. */
		outdir_watch_signals();
		sigset_t blocked;
		block_signals(&blocked);
		bool created = mkdir(copy, 0777) == 0;
		int mkdir_errno = errno;
		if (created) {
			grow_array((void **)&made, &made_cap, made_count + 1, sizeof *made);
			made[made_count++] = push_node(NODE_DIR, copy, NULL, o);
		}
		restore_signals(&blocked);
		if (!created && mkdir_errno != EEXIST) {
			*error = xasprintf("cannot create the folder %s: %s", copy, strerror(mkdir_errno));
			ok = false;
		} else if (!created) {
			struct stat sb;
			if (stat(copy, &sb) != 0) {
				*error = xasprintf("cannot create the folder %s: %s", copy, strerror(errno));
				ok = false;
			} else if (!S_ISDIR(sb.st_mode) && saved == '\0') {
				*error = xasprintf("cannot create the folder %s: %s", copy, strerror(EEXIST));
				ok = false;
			}
			/* A file on the way: the next mkdir says "Not a directory". */
		}
		copy[i] = saved;
	}
	for (size_t i = made_count; i-- > 0;) {
		if (!ok) {
			rmdir(made[i]->undo_path);
			journal('X', made[i]->undo_path, NULL);
		}
		if (!ok || !o)
			drop_node(made[i]);
	}
	if (!ok)
		outdir_fail(o);
	free(made);
	free(copy);
	return ok;
}

static char *write_error(const char *path, int err)
{
	return xasprintf("cannot write %s: %s", path, strerror(err ? err : EIO));
}

static undo_node *find_node(const char *undo_path);

/* The workers this process has started (base/jobpool.h). */
static long *worker_pids;
static size_t worker_count, worker_cap;

void outdir_worker_started(long pid)
{
	grow_array((void **)&worker_pids, &worker_cap, worker_count + 1, sizeof *worker_pids);
	worker_pids[worker_count++] = pid;
}

/* Whether a temporary path is one this run answers for: a file taken over
 * and waiting for the commit, or one of a worker of this run that has
 * ended and whose files the parent has not yet taken over. */
static bool known_temp(const char *path)
{
	if (find_node(path))
		return true;
	const char *slash = strrchr(path, '/');
	long pid;
	if (!outtree_temp_name(slash ? slash + 1 : path, &pid))
		return false;
	for (size_t i = 0; i < worker_count; i++)
		if (worker_pids[i] == pid)
			return true;
	return false;
}

/* The temporary files of this target that killed runs left (PATH.tmp-PID
 * of a process that is gone): a later run removes them, else nothing
 * would.  Not in a worker of a parallel run: the finished files of another
 * worker that has ended are its parent's, and only the parent knows them. */
static void clean_stale_beside(const char *path)
{
	if (journal_fd >= 0)
		return;
	char *folder = xstrdup(path), *slash = strrchr(folder, '/');
	if (slash) {
		*slash = '\0';
		outtree_clean_stale(*folder ? folder : "/", slash + 1, known_temp);
	} else {
		outtree_clean_stale(".", path, known_temp);
	}
	free(folder);
}

/* PATH.tmp-PID, or PATH.tmp-PID-N when this process holds a file of that
 * name already: a scenario named twice in one run has its products
 * written twice by one worker, the first still waiting for its commit. */
static char *fresh_temp_name(const char *path)
{
	long pid = (long)getpid();
	char *temp = xasprintf("%s.tmp-%ld", path, pid);
	for (unsigned n = 2; find_node(temp); n++) {
		free(temp);
		temp = xasprintf("%s.tmp-%ld-%u", path, pid, n);
	}
	return temp;
}

/* A temporary file made new, never one found there: O_EXCL refuses a file
 * that exists and O_NOFOLLOW a symbolic link, so that a link planted under
 * the temporary name (out/rosters.pdf.tmp-PID -> a file of the user's) is
 * not followed and its target overwritten.  What is found under the name
 * (such a link, or the leftover of a killed run with the same process id)
 * is removed (the link itself, not its target) and the name tried once
 * more. */
static FILE *open_new_file(const char *temp)
{
	int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
	int fd = open(temp, flags, 0666);
	if (fd < 0 && errno == EEXIST && unlink(temp) == 0)
		fd = open(temp, flags, 0666);
	if (fd < 0)
		return NULL;
	FILE *fp = fdopen(fd, "wb");
	if (!fp) {
		int err = errno;
		close(fd);
		unlink(temp);
		errno = err;
	}
	return fp;
}

outfile *outfile_create(const char *path, char **error)
{
	*error = NULL;
	outdir *o = current;
	struct stat sb;
	bool exists = stat(path, &sb) == 0;
	if (exists && S_ISDIR(sb.st_mode)) {
		*error = write_error(path, EISDIR);
		outdir_fail(o);
		return NULL;
	}
	outfile *f = xcalloc(1, sizeof *f);
	f->path = xstrdup(path);
	f->owner = o;
	if (exists && !S_ISREG(sb.st_mode)) {
		/* A device or a pipe: there is nothing to replace atomically. */
		f->fp = fopen(path, "wb");
	} else {
		clean_stale_beside(path);
		char *temp = fresh_temp_name(path);
		f->node = push_node(NODE_TEMP, temp, path, o);
		free(temp);
		f->fp = open_new_file(f->node->undo_path);
	}
	if (!f->fp) {
		*error = write_error(path, errno);
		outdir_fail(o);
		if (f->node) {
			journal('X', f->node->undo_path, NULL);
			drop_node(f->node);
		}
		free(f->path);
		free(f);
		return NULL;
	}
	return f;
}

bool outfile_write(outfile *f, const void *data, size_t size)
{
	if (f->error)
		return false;
	if (size && fwrite(data, 1, size, f->fp) != size) {
		f->error = errno ? errno : EIO;
		return false;
	}
	return true;
}

bool outfile_puts(outfile *f, const char *text)
{
	return outfile_write(f, text, strlen(text));
}

bool outfile_finish(outfile *f, bool keep, char **error)
{
	*error = NULL;
	if (keep && !f->error && fflush(f->fp) != 0)
		f->error = errno ? errno : EIO;
	if (fclose(f->fp) != 0 && keep && !f->error)
		f->error = errno ? errno : EIO;
	bool ok = keep && !f->error;
	if (ok && f->node && !f->owner) {
		if (rename(f->node->undo_path, f->path) != 0) {
			f->error = errno;
			ok = false;
		}
	}
	if (keep && !ok) {
		*error = write_error(f->path, f->error);
		outdir_fail(f->owner);
	}
	if (f->node) {
		if (!ok)
			unlink(f->node->undo_path);
		/* A file renamed into place already leaves nothing to undo. */
		journal(ok && f->owner ? 'F' : 'X', f->node->undo_path, NULL);
		if (ok && f->owner)
			f->node->finished = true;
		else
			drop_node(f->node);
	}
	free(f->path);
	free(f);
	return ok;
}

/* The nodes of a set, oldest first. */
static size_t owned_nodes(const outdir *o, undo_node ***out)
{
	size_t count = 0, cap = 0;
	undo_node **nodes = NULL;
	for (undo_node *n = undo_list; n; n = n->next) {
		if (n->owner != o)
			continue;
		grow_array((void **)&nodes, &cap, count + 1, sizeof *nodes);
		nodes[count++] = n;
	}
	for (size_t i = 0; i < count / 2; i++) {
		undo_node *t = nodes[i];
		nodes[i] = nodes[count - 1 - i];
		nodes[count - 1 - i] = t;
	}
	*out = nodes;
	return count;
}

/* Put a set whose files all lie under the folder root in place in one
 * step: a new tree beside it (ROOT.tmp-PID) holds what root holds (hard
 * links, no byte copied) with the set's files in their places, and is
 * swapped with root by one exchange; the old tree then goes.  A reader
 * sees the old print set or the new one whole, never a mix, and a run
 * killed at any moment (even by SIGKILL) leaves root one or the other; a
 * new tree it left is a stale temporary, removed by the next run.  False
 * (nothing changed) when it cannot be done so: the files are then renamed
 * one by one. */
static bool swap_in(const char *root, undo_node **nodes, size_t count)
{
	size_t root_len = strlen(root);
	struct stat sb;
	/* A folder of its own: a link to one elsewhere stays the user's. */
	if (lstat(root, &sb) != 0 || !S_ISDIR(sb.st_mode))
		return false;
	for (size_t i = 0; i < count; i++) {
		undo_node *n = nodes[i];
		if (n->kind == NODE_TEMP && n->finished &&
			(strncmp(n->path, root, root_len) != 0 || n->path[root_len] != '/'))
			return false;
	}
	/* The new trees of commits killed before their exchange. */
	clean_stale_beside(root);
	char *staging = xasprintf("%s.tmp-%ld", root, (long)getpid());
	bool ok = mkdir(staging, sb.st_mode & 07777) == 0 && outtree_mirror(root, staging) == 0;
	size_t moved = 0;
	for (; ok && moved < count; moved++) {
		undo_node *n = nodes[moved];
		if (n->kind != NODE_TEMP || !n->finished)
			continue;
		char *to = xasprintf("%s%s", staging, n->path + root_len);
		ok = rename(n->undo_path, to) == 0;
		free(to);
		if (!ok)
			break;
	}
	ok = ok && outtree_exchange(staging, root) == 0;
	if (!ok) {
		/* The files go back under their temporary names. */
		for (size_t i = 0; i < moved; i++) {
			undo_node *n = nodes[i];
			if (n->kind != NODE_TEMP || !n->finished)
				continue;
			char *from = xasprintf("%s%s", staging, n->path + root_len);
			if (rename(from, n->undo_path) != 0) {
				/* left where it is; the per-file renames report it */
			}
			free(from);
		}
	}
	/* After the exchange, the old tree. */
	outtree_remove(staging);
	free(staging);
	return ok;
}

bool outdir_commit(outdir *o, FILE *list, char **error)
{
	return outdir_commit_folder(o, NULL, list, error);
}

bool outdir_commit_folder(outdir *o, const char *root, FILE *list, char **error)
{
	*error = NULL;
	if (!o)
		return true;
	/* A signal waits until the set is in place (it then ends the run
	 * with nothing left to undo): never part of a set. */
	outdir_watch_signals();
	sigset_t saved;
	block_signals(&saved);
	undo_node **nodes = NULL;
	size_t count = owned_nodes(o, &nodes);
	bool swapped = root && swap_in(root, nodes, count);
	bool ok = true;
	for (size_t i = 0; i < count && ok; i++) {
		undo_node *n = nodes[i];
		if (n->kind != NODE_TEMP || !n->finished)
			continue;
		if (!swapped)
			clean_stale_beside(n->path);
		if (!swapped && rename(n->undo_path, n->path) != 0) {
			*error = write_error(n->path, errno);
			outdir_fail(o);
			ok = false;
			break;
		}
		if (list)
			fprintf(list, "%s\n", n->path);
		drop_node(n);
		nodes[i] = NULL;
	}
	/* Once every file is in place, the folders hold them: nothing more to
	 * undo.  After a failure, outdir_close removes what is left. */
	for (size_t i = 0; i < count && ok; i++)
		if (nodes[i] && nodes[i]->kind == NODE_DIR)
			drop_node(nodes[i]);
	free(nodes);
	/* The list says what is in place, also to a run stopped next.  The
	 * cause of a failure is kept for outdir_finish_stdout. */
	if (list && fflush(list) != 0 && list == stdout)
		stdout_errno = errno;
	restore_signals(&saved);
	return ok;
}

/* Folders before their parents (a longer path first), removed files
 * (NULL) last. */
static int deeper_first(const void *a, const void *b)
{
	const undo_node *x = *(undo_node *const *)a, *y = *(undo_node *const *)b;
	if (!x || !y)
		return !x - !y;
	size_t lx = strlen(x->undo_path), ly = strlen(y->undo_path);
	return lx < ly ? 1 : lx > ly ? -1 : 0;
}

void outdir_close(outdir *o)
{
	if (!o)
		return;
	undo_node **nodes = NULL;
	size_t count = owned_nodes(o, &nodes);
	/* The files first, then the folders deepest first: a folder is
	 * emptied before it is removed, also when the folders were taken over
	 * from parallel workers in another order than they were made. */
	for (size_t i = count; i-- > 0;) {
		if (nodes[i]->kind == NODE_TEMP) {
			unlink(nodes[i]->undo_path);
			drop_node(nodes[i]);
			nodes[i] = NULL;
		}
	}
	/* qsort wants an array even of nothing: a set that made nothing has none. */
	if (count > 0)
		qsort(nodes, count, sizeof *nodes, deeper_first);
	for (size_t i = 0; i < count && nodes[i]; i++) {
		rmdir(nodes[i]->undo_path);
		drop_node(nodes[i]);
	}
	free(nodes);
	if (current == o)
		current = NULL;
	free(o);
}

void outdir_journal(int fd)
{
	journal_fd = fd;
}

static undo_node *find_node(const char *undo_path)
{
	for (undo_node *n = undo_list; n; n = n->next)
		if (str_eq(n->undo_path, undo_path))
			return n;
	return NULL;
}

bool outdir_adopt(outdir *o, const void *data, size_t size)
{
	const char *p = data, *end = p + size;
	bool ok = true;
	/* Without a set, the files taken over here, to be put in place. */
	undo_node **loose = NULL;
	size_t loose_count = 0, loose_cap = 0;
	while (p < end) {
		char kind = *p++;
		const char *a = p, *b = NULL;
		const char *nul = p < end ? memchr(a, '\0', (size_t)(end - a)) : NULL;
		if (nul && kind == 'T') {
			b = nul + 1;
			nul = b < end ? memchr(b, '\0', (size_t)(end - b)) : NULL;
		}
		if (!nul) {
			/* A worker that died in the middle of a record. */
			ok = false;
			break;
		}
		p = nul + 1;
		if (kind == 'T' || kind == 'D') {
			undo_node *n = push_node(kind == 'T' ? NODE_TEMP : NODE_DIR, a, b, o);
			if (!o) {
				grow_array((void **)&loose, &loose_cap, loose_count + 1, sizeof *loose);
				loose[loose_count++] = n;
			}
			continue;
		}
		if (kind == 'W') {
			outdir_fail(o);
			continue;
		}
		undo_node *n = find_node(a);
		if (kind == 'F' && n) {
			n->finished = true;
		} else if (kind == 'X' && n) {
			for (size_t i = 0; i < loose_count; i++)
				if (loose[i] == n)
					loose[i] = NULL;
			drop_node(n);
		} else if (kind != 'F' && kind != 'X') {
			ok = false;
			break;
		}
	}
	/* Outside a set a finished file goes into place at once, as it would
	 * have in this process; folders stay. */
	for (size_t i = 0; i < loose_count; i++) {
		undo_node *n = loose[i];
		if (!n)
			continue;
		if (n->kind == NODE_TEMP && (!n->finished || rename(n->undo_path, n->path) != 0)) {
			unlink(n->undo_path);
			ok = false;
		}
		drop_node(n);
	}
	free(loose);
	return ok;
}

int outdir_append_whole(int fd, const void *data, size_t size)
{
	struct stat sb;
	off_t before = fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) ? sb.st_size : -1;
	const char *p = data;
	size_t done = 0;
	while (done < size) {
		ssize_t n = write(fd, p + done, size - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			int err = n < 0 ? errno : ENOSPC;
			/* Take back the part that was written; a device or a pipe
			 * cannot be cut back, and has nothing to resume.  Should
			 * the cut fail too, the half line has no newline at its
			 * end, which a reader recognises. */
			if (done > 0 && before >= 0 && ftruncate(fd, before) != 0) {
				/* the cause stays the write's */
			}
			return err;
		}
		done += (size_t)n;
	}
	return 0;
}

int outdir_finish_stdout(const char *command, int code)
{
	bool failed_before = ferror(stdout) != 0;
	errno = 0;
	bool flush_failed = fflush(stdout) != 0;
	int err = flush_failed ? errno : stdout_errno;
	/* A command that failed has said why (some check standard output
	 * themselves): one message is enough. */
	if ((!failed_before && !flush_failed) || code >= 2)
		return code;
	const char *sep = command ? " " : "";
	if (!command)
		command = "";
	if (err)
		fprintf(stderr, "orbat%s%s: cannot write to standard output: %s\n", sep, command, strerror(err));
	else
		fprintf(stderr, "orbat%s%s: cannot write to standard output\n", sep, command);
	/* 2: an unwritable file, unless something worse already happened. */
	return code > 2 ? code : 2;
}
