/* memfd_create and prctl are Linux's; the pool falls back on tmpfile()
 * and on the parent's own watch elsewhere. */
#define _GNU_SOURCE
#include "jobpool.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "outdir.h"
#include "util.h"

/* The four streams of a worker, each a file the parent reads with pread
 * at the offsets the worker reports: its standard output and error, the
 * data its jobs send, and the journal of the files they write. */
enum { S_OUT, S_ERR, S_DATA, S_FILES, S_COUNT };

struct jobpool_job {
	bool in_worker;
	int data_fd;             /* in a worker */
	char *buf;               /* in this process */
	size_t size, cap;
};

/* What a worker tells its parent through its pipe, one write each (far
 * below PIPE_BUF, so never split). */
typedef struct record {
	uint64_t index;
	int32_t kind;            /* REC_START, REC_DONE */
	int32_t status;
	int64_t at[S_COUNT];     /* offsets in the streams */
} record;

enum { REC_START = 1, REC_DONE = 2 };

/* Shared by parent and workers (MAP_SHARED): the next job to take. */
typedef struct shared {
	atomic_size_t next;
	atomic_bool stop;
} shared;

typedef enum { JOB_WAITING, JOB_RUNNING, JOB_DONE, JOB_DIED, JOB_DELIVERED } job_state;

typedef struct job_slot {
	job_state state;
	int status;
	size_t files;            /* which worker's streams */
	int64_t from[S_COUNT], to[S_COUNT];
	char *died;
} job_slot;

typedef struct worker {
	pid_t pid;               /* 0 once reaped */
	int pipe_fd;             /* read end; -1 once closed */
	size_t files;            /* index in the run's stream sets */
	bool has_job;
	size_t job;
	unsigned char buf[sizeof(record)];
	size_t buffered;
} worker;

typedef struct run_state {
	size_t count;
	unsigned max_workers;
	jobpool_run_fn run;
	jobpool_done_fn done;
	void *ctx;
	shared *sh;
	job_slot *jobs;
	worker *workers;         /* max_workers slots */
	int (*streams)[S_COUNT]; /* one set per worker ever started */
	size_t stream_count, stream_cap;
	bool stopped;
} run_state;

/* For the signal handler: the workers to stop, the handlers to restore. */
static const int watched[] = { SIGINT, SIGTERM, SIGHUP };
#define WATCHED_COUNT (sizeof watched / sizeof watched[0])
static struct sigaction previous[WATCHED_COUNT];
static bool watching[WATCHED_COUNT];
static volatile pid_t live[JOBPOOL_MAX_WORKERS];
/* The journals of the workers of the run under way (S_FILES streams). */
static int journal_fds[JOBPOOL_MAX_WORKERS * 4];
static volatile size_t journal_count;

unsigned jobpool_default_workers(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		return 1;
	return n > JOBPOOL_MAX_WORKERS ? JOBPOOL_MAX_WORKERS : (unsigned)n;
}

void jobpool_send(jobpool_job *job, const void *data, size_t size)
{
	if (size == 0)   /* nothing to hand back (and no buffer to copy into yet) */
		return;
	if (!job->in_worker) {
		grow_array((void **)&job->buf, &job->cap, job->size + size, 1);
		memcpy(job->buf + job->size, data, size);
		job->size += size;
		return;
	}
	const char *p = data;
	while (size) {
		ssize_t n = write(job->data_fd, p, size);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;   /* the parent reads what arrived */
		p += n;
		size -= (size_t)n;
	}
}

bool jobpool_in_worker(const jobpool_job *job)
{
	return job->in_worker;
}

void jobpool_print(const jobpool_result *r)
{
	if (r->out_size)
		fwrite(r->out, 1, r->out_size, stdout);
	if (r->err_size) {
		/* What came before on stdout first, as a job in this process
		 * would have had it. */
		fflush(stdout);
		fwrite(r->err, 1, r->err_size, stderr);
	}
}

/* One job after another in this process. */
static bool run_here(size_t first, size_t count, jobpool_run_fn run, jobpool_done_fn done, void *ctx)
{
	for (size_t i = first; i < count; i++) {
		jobpool_job job = { .in_worker = false, .data_fd = -1 };
		int status = run(ctx, i, &job);
		jobpool_result r = { .status = status, .data = job.buf, .size = job.size };
		bool go_on = done(ctx, i, &r);
		free(job.buf);
		if (!go_on)
			return false;
	}
	return true;
}

/* ---- signals ---------------------------------------------------------- */

/* The thread running the pool, which blocks the signals around a fork. */
static pthread_t pool_thread;

static void stop_all_and_die(int sig)
{
	/* A library's helper thread (Pango starts some) can take the signal
	 * while the pool's thread blocks it: hand it over, so that a worker
	 * being started is known before the workers are stopped. */
	if (!pthread_equal(pthread_self(), pool_thread)) {
		pthread_kill(pool_thread, sig);
		return;
	}
	for (size_t i = 0; i < JOBPOOL_MAX_WORKERS; i++)
		if (live[i] > 0)
			kill(live[i], SIGTERM);
	/* Wait for them: each removes its unfinished files on SIGTERM, and
	 * the shell should not come back before that is done. */
	for (size_t i = 0; i < JOBPOOL_MAX_WORKERS; i++)
		if (live[i] > 0)
			while (waitpid(live[i], NULL, 0) < 0 && errno == EINTR)
				;
	/* Only now, with no worker left to write, can the folders go: one
	 * worker may have made a folder another one was still filling, and a
	 * worker that ended early left its finished files for the parent. */
	outdir_undo_all(journal_fds, journal_count);
	for (size_t i = 0; i < WATCHED_COUNT; i++) {
		if (watched[i] != sig)
			continue;
		sigaction(sig, &previous[i], NULL);
		if (previous[i].sa_handler != SIG_DFL && previous[i].sa_handler != SIG_IGN && !(previous[i].sa_flags & SA_SIGINFO))
			previous[i].sa_handler(sig);
		else
			raise(sig);
	}
}

/* Put the pool's handler on top of outdir's (installed first in
 * jobpool_run) and of any other a done function installed: that one is
 * then called after the workers are stopped and their files removed. */
static void watch_signals(void)
{
	pool_thread = pthread_self();
	for (size_t i = 0; i < WATCHED_COUNT; i++) {
		struct sigaction cur;
		if (sigaction(watched[i], NULL, &cur) != 0 || cur.sa_handler == stop_all_and_die)
			continue;
		/* A signal the user chose to ignore (nohup) stays ignored. */
		if (cur.sa_handler == SIG_IGN)
			continue;
		previous[i] = cur;
		watching[i] = true;
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = stop_all_and_die;
		sigfillset(&sa.sa_mask);
		sigaction(watched[i], &sa, NULL);
	}
}

static void unwatch_signals(void)
{
	for (size_t i = 0; i < WATCHED_COUNT; i++) {
		if (watching[i])
			sigaction(watched[i], &previous[i], NULL);
		watching[i] = false;
	}
}

static void block_watched(sigset_t *saved)
{
	sigset_t set;
	sigemptyset(&set);
	for (size_t i = 0; i < WATCHED_COUNT; i++)
		sigaddset(&set, watched[i]);
	sigprocmask(SIG_BLOCK, &set, saved);
}

/* ---- workers ---------------------------------------------------------- */

static int new_stream(void)
{
#ifdef __linux__
	int fd = memfd_create("orbat-job", 0);
	if (fd >= 0)
		return fd;
#endif
	FILE *f = tmpfile();
	if (!f)
		return -1;
	int copy = dup(fileno(f));
	fclose(f);
	return copy;
}

static int64_t position(int fd)
{
	off_t at = lseek(fd, 0, SEEK_CUR);
	return at < 0 ? 0 : (int64_t)at;
}

/* One write for n records (at most two: far below PIPE_BUF, so never
 * split), so that the parent wakes once for them. */
static void tell(int fd, const record *recs, size_t n)
{
	ssize_t w;
	do
		w = write(fd, recs, n * sizeof *recs);
	while (w < 0 && errno == EINTR);
}

static void where(const int streams[S_COUNT], int64_t at[S_COUNT])
{
	at[S_OUT] = position(STDOUT_FILENO);
	at[S_ERR] = position(STDERR_FILENO);
	at[S_DATA] = position(streams[S_DATA]);
	at[S_FILES] = position(streams[S_FILES]);
}

/* ---- a worker's own heap ----------------------------------------------- */

/* A larger heap is left to copy itself page by page: it holds much that a
 * single worker never touches (the scenarios of a long command line). */
#define HEAP_COPY_MAX ((size_t)64 << 20)

/* A worker writes into the heap it shares with its parent from its first
 * allocation on: malloc hands it the parent's free chunks, and the first
 * write to each shared page is a copy-on-write fault, which is dear on a
 * virtual machine (some thousand per worker in a print set).  Copying the
 * whole heap in one call (MADV_POPULATE_WRITE, Linux 5.14) costs less
 * than those faults: a print set on two workers takes some 13 % less
 * work.  Where the kernel or the C library lacks the call, the faults
 * stay as they were. */
static void take_own_heap(void)
{
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
	FILE *maps = fopen("/proc/self/maps", "r");
	if (!maps)
		return;
	char line[512];
	while (fgets(line, sizeof line, maps)) {
		unsigned long from, to;
		if (!strstr(line, " [heap]") || sscanf(line, "%lx-%lx", &from, &to) != 2)
			continue;
		if (to > from && to - from <= HEAP_COPY_MAX)
			madvise((void *)from, to - from, MADV_POPULATE_WRITE);
		break;
	}
	fclose(maps);
#endif
}

static _Noreturn void worker_main(run_state *rs, size_t w, int pipe_out, pid_t parent, const sigset_t *mask)
{
	/* The handlers the program had: a worker cleans up after itself.
	 * Signals wait until then: the parent's handler must not run here. */
	for (size_t i = 0; i < WATCHED_COUNT; i++)
		if (watching[i])
			sigaction(watched[i], &previous[i], NULL);
	sigprocmask(SIG_SETMASK, mask, NULL);
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
	if (getppid() != parent)
		_exit(JOBPOOL_DIED);
	take_own_heap();
	const int *mine = rs->streams[rs->workers[w].files];
	/* No other worker's pipe may stay open here: its parent would wait
	 * for an end of file that never comes. */
	for (unsigned i = 0; i < rs->max_workers; i++)
		if (rs->workers[i].pipe_fd >= 0)
			close(rs->workers[i].pipe_fd);
	if (dup2(mine[S_OUT], STDOUT_FILENO) < 0 || dup2(mine[S_ERR], STDERR_FILENO) < 0)
		_exit(JOBPOOL_DIED);
	/* A file must never go into place behind the parent's back: it waits
	 * in a set until the parent commits it. */
	if (!outdir_current())
		outdir_open();
	outdir_journal(mine[S_FILES]);
	/* A job's end and the next one's start go in one write: one wake-up
	 * of the parent per job, where a run of many small jobs (the files of
	 * a validation) spent a good part of a core on twice as many. */
	record recs[2];
	size_t told = 0;
	for (;;) {
		size_t i = atomic_load(&rs->sh->stop) ? rs->count : atomic_fetch_add(&rs->sh->next, 1);
		if (i < rs->count) {
			recs[told] = (record){ .index = i, .kind = REC_START };
			if (told)
				memcpy(recs[told].at, recs[0].at, sizeof recs[0].at);
			else
				where(mine, recs[told].at);
			told++;
		}
		if (told)
			tell(pipe_out, recs, told);
		if (i >= rs->count)
			break;
		jobpool_job job = { .in_worker = true, .data_fd = mine[S_DATA] };
		int status = rs->run(rs->ctx, i, &job);
		fflush(stdout);
		fflush(stderr);
		recs[0] = (record){ .index = i, .kind = REC_DONE, .status = status };
		where(mine, recs[0].at);
		told = 1;
	}
	fflush(stdout);
	fflush(stderr);
	_exit(0);
}

static bool start_worker(run_state *rs, size_t w)
{
	int streams[S_COUNT];
	size_t made = 0;
	for (; made < S_COUNT; made++)
		if ((streams[made] = new_stream()) < 0)
			break;
	int fds[2] = { -1, -1 };
	if (made < S_COUNT || pipe(fds) != 0) {
		for (size_t i = 0; i < made; i++)
			close(streams[i]);
		return false;
	}
	grow_array((void **)&rs->streams, &rs->stream_cap, rs->stream_count + 1, sizeof *rs->streams);
	memcpy(rs->streams[rs->stream_count], streams, sizeof streams);
	if (journal_count < sizeof journal_fds / sizeof *journal_fds) {
		journal_fds[journal_count] = streams[S_FILES];
		journal_count = journal_count + 1;
	}
	worker *wk = &rs->workers[w];
	*wk = (worker){ .pid = 0, .pipe_fd = -1, .files = rs->stream_count++ };
	/* The child must not write out what this process has buffered. */
	fflush(stdout);
	fflush(stderr);
	pid_t parent = getpid();
	sigset_t saved;
	block_watched(&saved);
	pid_t pid = fork();
	if (pid == 0) {
		close(fds[0]);
		worker_main(rs, w, fds[1], parent, &saved);
	}
	if (pid > 0) {
		live[w] = pid;
		/* Its temporary files are this run's, also once it has ended. */
		outdir_worker_started((long)pid);
	}
	sigprocmask(SIG_SETMASK, &saved, NULL);
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		return false;
	}
	wk->pid = pid;
	wk->pipe_fd = fds[0];
	return true;
}

static char *how_it_died(int wstatus)
{
	if (WIFSIGNALED(wstatus))
		return xasprintf("its worker process was killed by signal %d (%s)", WTERMSIG(wstatus),
			strsignal(WTERMSIG(wstatus)));
	if (WIFEXITED(wstatus))
		return xasprintf("its worker process ended unexpectedly with status %d", WEXITSTATUS(wstatus));
	return xstrdup("its worker process ended unexpectedly");
}

/* The worker's pipe is closed: it has ended.  A job it had begun and not
 * finished died with it. */
static void reap(run_state *rs, size_t w)
{
	worker *wk = &rs->workers[w];
	close(wk->pipe_fd);
	wk->pipe_fd = -1;
	int wstatus = 0;
	while (waitpid(wk->pid, &wstatus, 0) < 0 && errno == EINTR)
		;
	sigset_t saved;
	block_watched(&saved);
	live[w] = 0;
	sigprocmask(SIG_SETMASK, &saved, NULL);
	wk->pid = 0;
	if (wk->has_job) {
		job_slot *j = &rs->jobs[wk->job];
		j->state = JOB_DIED;
		j->died = how_it_died(wstatus);
		/* What it wrote up to its end belongs to the job. */
		for (int s = 0; s < S_COUNT; s++) {
			struct stat st;
			j->to[s] = fstat(rs->streams[j->files][s], &st) == 0 ? (int64_t)st.st_size : j->from[s];
		}
		wk->has_job = false;
	}
}

static void take_record(run_state *rs, size_t w, const record *rec)
{
	worker *wk = &rs->workers[w];
	if (rec->index >= rs->count)
		return;
	job_slot *j = &rs->jobs[rec->index];
	if (rec->kind == REC_START) {
		j->state = JOB_RUNNING;
		j->files = wk->files;
		memcpy(j->from, rec->at, sizeof j->from);
		wk->has_job = true;
		wk->job = rec->index;
	} else if (rec->kind == REC_DONE) {
		j->state = JOB_DONE;
		j->status = rec->status;
		memcpy(j->to, rec->at, sizeof j->to);
		wk->has_job = false;
	}
}

static void read_worker(run_state *rs, size_t w)
{
	worker *wk = &rs->workers[w];
	ssize_t n = read(wk->pipe_fd, wk->buf + wk->buffered, sizeof wk->buf - wk->buffered);
	if (n < 0 && errno == EINTR)
		return;
	if (n <= 0) {
		reap(rs, w);
		return;
	}
	wk->buffered += (size_t)n;
	if (wk->buffered == sizeof wk->buf) {
		record rec;
		memcpy(&rec, wk->buf, sizeof rec);
		wk->buffered = 0;
		take_record(rs, w, &rec);
	}
}

static char *read_stream(int fd, int64_t from, int64_t to, size_t *size)
{
	size_t n = to > from ? (size_t)(to - from) : 0;
	char *text = xmalloc(n + 1);
	size_t got = 0;
	while (got < n) {
		ssize_t r = pread(fd, text + got, n - got, (off_t)(from + (int64_t)got));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	text[got] = '\0';
	*size = got;
	return text;
}

static void deliver(run_state *rs, size_t i)
{
	job_slot *j = &rs->jobs[i];
	const int *st = rs->streams[j->files];
	size_t sizes[S_COUNT];
	char *text[S_COUNT];
	for (int s = 0; s < S_COUNT; s++)
		text[s] = read_stream(st[s], j->from[s], j->to[s], &sizes[s]);
	/* The job's files join this process's output set before its caller
	 * hears of it; a dead worker's unfinished ones go when the set closes. */
	outdir_adopt(outdir_current(), text[S_FILES], sizes[S_FILES]);
	jobpool_result r = {
		.status = j->state == JOB_DIED ? JOBPOOL_DIED : j->status,
		.out = text[S_OUT], .out_size = sizes[S_OUT],
		.err = text[S_ERR], .err_size = sizes[S_ERR],
		.data = text[S_DATA], .size = sizes[S_DATA],
		.died = j->died,
	};
	bool go_on = rs->done(rs->ctx, i, &r);
	j->state = JOB_DELIVERED;
	for (int s = 0; s < S_COUNT; s++)
		free(text[s]);
	if (!go_on && !rs->stopped) {
		rs->stopped = true;
		atomic_store(&rs->sh->stop, true);
	}
	watch_signals();
}

static unsigned alive(const run_state *rs)
{
	unsigned n = 0;
	for (unsigned w = 0; w < rs->max_workers; w++)
		n += rs->workers[w].pipe_fd >= 0;
	return n;
}

static void wait_for_workers(run_state *rs)
{
	struct pollfd fds[JOBPOOL_MAX_WORKERS];
	size_t of[JOBPOOL_MAX_WORKERS];
	nfds_t n = 0;
	for (unsigned w = 0; w < rs->max_workers; w++) {
		if (rs->workers[w].pipe_fd < 0)
			continue;
		fds[n] = (struct pollfd){ .fd = rs->workers[w].pipe_fd, .events = POLLIN };
		of[n++] = w;
	}
	if (n == 0)
		return;
	if (poll(fds, n, -1) < 0)
		return;   /* EINTR: look again */
	for (nfds_t k = 0; k < n; k++)
		if (fds[k].revents)
			read_worker(rs, of[k]);
}

bool jobpool_run(size_t count, unsigned workers, jobpool_run_fn run, jobpool_done_fn done, void *ctx)
{
	if (workers > JOBPOOL_MAX_WORKERS)
		workers = JOBPOOL_MAX_WORKERS;
	if (workers > count)
		workers = (unsigned)count;
	if (workers <= 1)
		return run_here(0, count, run, done, ctx);
	shared *sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		return run_here(0, count, run, done, ctx);
	atomic_init(&sh->next, 0);
	atomic_init(&sh->stop, false);
	run_state rs = {
		.count = count, .max_workers = workers, .run = run, .done = done, .ctx = ctx, .sh = sh,
		.jobs = xcalloc(count, sizeof *rs.jobs),
		.workers = xcalloc(workers, sizeof *rs.workers),
	};
	for (unsigned w = 0; w < workers; w++)
		rs.workers[w].pipe_fd = -1;
	/* outdir's handler below the pool's, never above it: outdir would
	 * otherwise install its own on the first file taken over, and a signal
	 * then would not stop the workers first. */
	outdir_watch_signals();
	watch_signals();

	size_t next_delivery = 0;
	bool here = false;       /* no worker could be started: the rest runs here */
	for (;;) {
		while (next_delivery < count &&
			(rs.jobs[next_delivery].state == JOB_DONE || rs.jobs[next_delivery].state == JOB_DIED))
			deliver(&rs, next_delivery++);
		size_t claimed = atomic_load(&sh->next);
		/* Keep the pool full: at the start, and after a worker died. */
		for (unsigned w = 0; w < workers && !rs.stopped && claimed < count; w++)
			if (rs.workers[w].pipe_fd < 0 && rs.workers[w].pid == 0 && !start_worker(&rs, w))
				break;
		if (alive(&rs) > 0) {
			wait_for_workers(&rs);
			continue;
		}
		/* Every worker has ended.  A job taken but never begun (its worker
		 * died in between) died with it. */
		claimed = atomic_load(&sh->next);
		for (size_t i = next_delivery; i < count && i < claimed; i++) {
			if (rs.jobs[i].state == JOB_WAITING) {
				rs.jobs[i].state = JOB_DIED;
				rs.jobs[i].died = xstrdup("its worker process ended before it began");
			}
		}
		bool ready = false;
		for (size_t i = next_delivery; i < count; i++)
			ready |= rs.jobs[i].state == JOB_DONE || rs.jobs[i].state == JOB_DIED;
		if (rs.stopped) {
			/* Hand over what ran, for its files to be cleaned up. */
			for (size_t i = next_delivery; i < count; i++)
				if (rs.jobs[i].state == JOB_DONE || rs.jobs[i].state == JOB_DIED)
					deliver(&rs, i);
			break;
		}
		if (ready)
			continue;
		if (claimed >= count || next_delivery >= count)
			break;
		/* No worker can be started (fork or a stream failed): run the
		 * remaining jobs here rather than not at all. */
		here = true;
		break;
	}
	bool ok = !rs.stopped;
	if (here) {
		size_t from = atomic_load(&sh->next);
		atomic_store(&sh->next, count);
		while (next_delivery < from)
			deliver(&rs, next_delivery++);
		unwatch_signals();
		ok = run_here(from, count, run, done, ctx) && ok;
	}
	unwatch_signals();
	journal_count = 0;
	for (size_t i = 0; i < count; i++)
		free(rs.jobs[i].died);
	for (size_t s = 0; s < rs.stream_count; s++)
		for (int k = 0; k < S_COUNT; k++)
			close(rs.streams[s][k]);
	free(rs.streams);
	free(rs.jobs);
	free(rs.workers);
	munmap(sh, sizeof *sh);
	return ok;
}
