/* The job pool: results in job order whatever order the workers finish
 * in, captured text, data sent back, a dead worker reported for its job
 * alone, a stop that starts nothing more, files taken over by the
 * parent's output set, a heap of the worker's own, and no worker left
 * behind. */
/* MADV_POPULATE_WRITE, as the pool itself sees it. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/jobpool.h"
#include "base/outdir.h"
#include "base/util.h"

#define JOBS 24

typedef struct probe {
	size_t delivered[JOBS + 1];
	size_t delivered_count;
	int status[JOBS];
	char *out[JOBS], *err[JOBS], *data[JOBS], *died[JOBS];
	bool in_worker[JOBS];
	size_t stop_after;       /* done returns false after this job; JOBS: never */
	size_t kill_job, exit_job; /* JOBS: none */
	const char *dir;         /* jobs write DIR/job-N.txt when set */
} probe;

static void probe_init(probe *p)
{
	memset(p, 0, sizeof *p);
	p->stop_after = p->kill_job = p->exit_job = JOBS;
}

static void probe_free(probe *p)
{
	for (size_t i = 0; i < JOBS; i++) {
		free(p->out[i]);
		free(p->err[i]);
		free(p->data[i]);
		free(p->died[i]);
	}
}

static int job_run(void *ctx, size_t i, jobpool_job *job)
{
	probe *p = ctx;
	/* Later jobs finish first: the pool must still hand them back in order. */
	struct timespec pause = { 0, (long)((JOBS - i) % 5) * 2000000L };
	nanosleep(&pause, NULL);
	printf("out %zu\n", i);
	fprintf(stderr, "err %zu\n", i);
	char word[32];
	int n = snprintf(word, sizeof word, "data %zu", i);
	jobpool_send(job, word, (size_t)n);
	if (p->dir) {
		char *path = xasprintf("%s/job-%zu.txt", p->dir, i);
		char *error = NULL;
		outfile *f = outfile_create(path, &error);
		assert_non_null(f);
		outfile_puts(f, word);
		if (i == p->kill_job && jobpool_in_worker(job)) {
			fflush(stdout);
			kill(getpid(), SIGKILL);   /* in the middle of writing */
		}
		assert_true(outfile_finish(f, true, &error));
		free(path);
	} else if (i == p->kill_job && jobpool_in_worker(job)) {
		fflush(stdout);
		kill(getpid(), SIGKILL);
	}
	if (i == p->exit_job && jobpool_in_worker(job)) {
		fflush(stdout);
		_exit(7);
	}
	return (int)(i % 3);
}

static bool job_done(void *ctx, size_t i, const jobpool_result *r)
{
	probe *p = ctx;
	p->delivered[p->delivered_count++] = i;
	p->status[i] = r->status;
	p->in_worker[i] = r->out != NULL;
	p->out[i] = r->out ? xstrdup(r->out) : NULL;
	p->err[i] = r->err ? xstrdup(r->err) : NULL;
	p->data[i] = xstrndup(r->data ? r->data : "", r->size);
	p->died[i] = r->died ? xstrdup(r->died) : NULL;
	return i < p->stop_after;
}

static void assert_no_child_left(void)
{
	errno = 0;
	assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
	assert_int_equal(errno, ECHILD);
}

static void test_order_and_text(void **state)
{
	(void)state;
	probe p;
	probe_init(&p);
	assert_true(jobpool_run(JOBS, 3, job_run, job_done, &p));
	assert_int_equal(p.delivered_count, JOBS);
	for (size_t i = 0; i < JOBS; i++) {
		char want[64];
		assert_int_equal(p.delivered[i], i);
		assert_int_equal(p.status[i], (int)(i % 3));
		assert_true(p.in_worker[i]);
		snprintf(want, sizeof want, "out %zu\n", i);
		assert_string_equal(p.out[i], want);
		snprintf(want, sizeof want, "err %zu\n", i);
		assert_string_equal(p.err[i], want);
		snprintf(want, sizeof want, "data %zu", i);
		assert_string_equal(p.data[i], want);
		assert_null(p.died[i]);
	}
	probe_free(&p);
	assert_no_child_left();
}

/* Jobs run in this process print straight out: keep the test's own
 * output readable. */
static int saved_fds[2];

static void quiet_begin(void)
{
	fflush(stdout);
	fflush(stderr);
	saved_fds[0] = dup(1);
	saved_fds[1] = dup(2);
	int null = open("/dev/null", O_WRONLY);
	dup2(null, 1);
	dup2(null, 2);
	close(null);
}

static void quiet_end(void)
{
	fflush(stdout);
	fflush(stderr);
	dup2(saved_fds[0], 1);
	dup2(saved_fds[1], 2);
	close(saved_fds[0]);
	close(saved_fds[1]);
}

static void test_one_worker_runs_here(void **state)
{
	(void)state;
	probe p;
	probe_init(&p);
	quiet_begin();
	assert_true(jobpool_run(5, 1, job_run, job_done, &p));
	quiet_end();
	assert_int_equal(p.delivered_count, 5);
	for (size_t i = 0; i < 5; i++) {
		assert_int_equal(p.delivered[i], i);
		assert_false(p.in_worker[i]);
		char want[32];
		snprintf(want, sizeof want, "data %zu", i);
		assert_string_equal(p.data[i], want);
	}
	probe_free(&p);
	assert_no_child_left();
}

static void test_killed_worker(void **state)
{
	(void)state;
	probe p;
	probe_init(&p);
	p.kill_job = 7;
	p.exit_job = 13;
	assert_true(jobpool_run(JOBS, 2, job_run, job_done, &p));
	assert_int_equal(p.delivered_count, JOBS);
	for (size_t i = 0; i < JOBS; i++) {
		assert_int_equal(p.delivered[i], i);
		if (i == 7 || i == 13) {
			assert_int_equal(p.status[i], JOBPOOL_DIED);
			assert_non_null(p.died[i]);
			/* What it printed before it died is still its own. */
			char want[32];
			snprintf(want, sizeof want, "out %zu\n", i);
			assert_string_equal(p.out[i], want);
		} else {
			assert_int_equal(p.status[i], (int)(i % 3));
			assert_null(p.died[i]);
		}
	}
	assert_non_null(strstr(p.died[7], "signal 9"));
	assert_non_null(strstr(p.died[13], "status 7"));
	probe_free(&p);
	assert_no_child_left();
}

static void test_stop(void **state)
{
	(void)state;
	probe p;
	probe_init(&p);
	p.stop_after = 4;
	assert_false(jobpool_run(JOBS, 2, job_run, job_done, &p));
	/* Jobs 0..4 in order; after the stop only jobs that were running
	 * already come back, still in order, and far from all of them. */
	assert_true(p.delivered_count >= 5);
	assert_true(p.delivered_count < JOBS);
	for (size_t i = 0; i < p.delivered_count; i++) {
		assert_int_equal(p.delivered[i], i);
	}
	probe_free(&p);
	assert_no_child_left();

	probe_init(&p);
	p.stop_after = 2;
	quiet_begin();
	assert_false(jobpool_run(JOBS, 1, job_run, job_done, &p));
	quiet_end();
	assert_int_equal(p.delivered_count, 3);
	probe_free(&p);
}

/* The number a shell command prints (grep -c); the command is freed. */
static size_t count_from(char *cmd)
{
	FILE *f = popen(cmd, "r");
	free(cmd);
	size_t n = 0;
	if (f) {
		if (fscanf(f, "%zu", &n) != 1)
			n = 0;
		pclose(f);
	}
	return n;
}

/* Entries of dir whose name has `part`. */
static size_t count_entries(const char *dir, const char *part)
{
	return count_from(xasprintf("ls -A '%s' | grep -c -- '%s'", dir, part));
}

/* Entries anywhere under dir whose path has `part`. */
static size_t count_tree(const char *dir, const char *part)
{
	return count_from(xasprintf("find '%s' -mindepth 1 | grep -c -- '%s'", dir, part));
}

static void test_files_adopted(void **state)
{
	(void)state;
	char dir[] = "/tmp/orbat-jobpool-XXXXXX";
	assert_non_null(mkdtemp(dir));
	probe p;
	probe_init(&p);
	p.dir = dir;
	p.kill_job = 5;
	outdir *o = outdir_open();
	assert_non_null(o);
	assert_true(jobpool_run(10, 3, job_run, job_done, &p));
	assert_int_equal(p.status[5], JOBPOOL_DIED);
	/* Nothing in place before the commit; the dead job's file is there
	 * only under its temporary name. */
	assert_int_equal(count_entries(dir, "txt$"), 0);
	char *listing = NULL;
	size_t listing_size = 0;
	FILE *list = open_memstream(&listing, &listing_size);
	char *error = NULL;
	assert_true(outdir_commit(o, list, &error));
	fclose(list);
	outdir_close(o);
	assert_int_equal(count_entries(dir, "txt$"), 9);
	assert_int_equal(count_entries(dir, "tmp"), 0);
	/* Committed in job order. */
	char *want = xstrdup("");
	for (size_t i = 0; i < 10; i++) {
		if (i == 5)
			continue;
		char *next = xasprintf("%s%s/job-%zu.txt\n", want, dir, i);
		free(want);
		want = next;
	}
	assert_string_equal(listing, want);
	free(want);
	free(listing);
	probe_free(&p);
	char *rm = xasprintf("rm -rf '%s'", dir);
	assert_int_equal(system(rm), 0);
	free(rm);
	assert_no_child_left();
}

static void test_failed_set_leaves_nothing(void **state)
{
	(void)state;
	char dir[] = "/tmp/orbat-jobpool-XXXXXX";
	assert_non_null(mkdtemp(dir));
	probe p;
	probe_init(&p);
	p.dir = dir;
	outdir *o = outdir_open();
	assert_true(jobpool_run(6, 2, job_run, job_done, &p));
	/* The caller decides the set failed: closing without a commit
	 * removes every file the workers wrote. */
	outdir_close(o);
	assert_int_equal(count_entries(dir, "."), 0);
	probe_free(&p);
	rmdir(dir);
	assert_no_child_left();
}

/* A worker that ends without cleaning up (as if killed between two
 * records): what it made is only in its journal. */
static void worker_leaves(int journal_fd, const char *dir, const char *folder, const char *file, bool finish)
{
	fflush(NULL);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		outdir_open();
		outdir_journal(journal_fd);
		char *error = NULL;
		char *path = xasprintf("%s/%s", dir, folder);
		if (!outdir_make_dirs(outdir_current(), path, &error))
			_exit(1);
		if (file) {
			char *name = xasprintf("%s/%s", path, file);
			outfile *f = outfile_create(name, &error);
			if (!f || !outfile_puts(f, "part"))
				_exit(1);
			if (finish && !outfile_finish(f, true, &error))
				_exit(1);
		}
		_exit(0);
	}
	int wstatus = 0;
	assert_int_equal(waitpid(pid, &wstatus, 0), pid);
	assert_true(WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0);
}

/* What a parallel run's signal handler does once its workers have ended:
 * one worker made a/b, another wrote into a/b (one file finished, one not)
 * and made a/c; the journals, read in any order, remove all of it, deepest
 * first, and leave what was there before and anything else put inside. */
static void test_undo_all_journals(void **state)
{
	(void)state;
	for (int foreign = 0; foreign < 2; foreign++) {
		char dir[] = "/tmp/orbat-jobpool-XXXXXX";
		assert_non_null(mkdtemp(dir));
		char *keep = xasprintf("%s/keep.txt", dir);
		FILE *k = fopen(keep, "w");
		assert_non_null(k);
		fclose(k);
		FILE *j1 = tmpfile(), *j2 = tmpfile();
		assert_non_null(j1);
		assert_non_null(j2);
		worker_leaves(fileno(j1), dir, "a/b", NULL, false);
		worker_leaves(fileno(j2), dir, "a/b", "done.pdf", true);
		worker_leaves(fileno(j2), dir, "a/c", "half.pdf", false);
		char *other = xasprintf("%s/a/user.txt", dir);
		if (foreign) {
			FILE *u = fopen(other, "w");
			assert_non_null(u);
			fclose(u);
		}
		assert_int_equal(count_tree(dir, "tmp-"), 2);
		/* The journal with the files first: the folders of the other
		 * one still go, on a later pass. */
		int fds[] = { fileno(j2), fileno(j1) };
		outdir_undo_all(fds, 2);
		struct stat sb;
		assert_int_equal(stat(keep, &sb), 0);
		char *a = xasprintf("%s/a", dir);
		if (foreign) {
			/* Someone else's file keeps its folder; the rest goes. */
			assert_int_equal(count_tree(dir, "."), 3);
			assert_int_equal(stat(other, &sb), 0);
			unlink(other);
			rmdir(a);
		} else {
			assert_int_equal(count_tree(dir, "."), 1);
			assert_int_not_equal(stat(a, &sb), 0);
		}
		fclose(j1);
		fclose(j2);
		unlink(keep);
		assert_int_equal(rmdir(dir), 0);
		free(a);
		free(other);
		free(keep);
	}
	assert_no_child_left();
}

/* What of this process's heap ([heap] in /proc/self/smaps) it shares
 * with another process, in KiB; -1 when it has no such heap (a sanitizer's
 * allocator keeps its own mappings). */
static long shared_heap_kib(long *size_kib)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	if (!f)
		return -1;
	char line[512];
	bool in_heap = false, found = false;
	long shared = 0, kib;
	*size_kib = 0;
	while (fgets(line, sizeof line, f)) {
		unsigned long from, to;
		if (sscanf(line, "%lx-%lx ", &from, &to) == 2) {
			in_heap = strstr(line, " [heap]") != NULL;
			found = found || in_heap;
			if (in_heap)
				*size_kib = (long)((to - from) >> 10);
		} else if (in_heap && (sscanf(line, "Shared_Clean: %ld kB", &kib) == 1 ||
		                       sscanf(line, "Shared_Dirty: %ld kB", &kib) == 1)) {
			shared += kib;
		}
	}
	fclose(f);
	return found ? shared : -1;
}

static int heap_job(void *ctx, size_t i, jobpool_job *job)
{
	(void)ctx;
	(void)i;
	long size, shared = shared_heap_kib(&size);
	char word[64];
	int n = snprintf(word, sizeof word, "%ld %ld", shared, size);
	jobpool_send(job, word, (size_t)n);
	return 0;
}

static bool heap_done(void *ctx, size_t i, const jobpool_result *r)
{
	char (*words)[64] = ctx;
	snprintf(words[i], sizeof words[i], "%.*s", (int)r->size, r->data ? (const char *)r->data : "");
	return true;
}

/* A worker copies the heap it shares with the parent as it starts, in one
 * call, rather than page by page as it writes: none of it is still shared
 * when its first job runs. */
static void test_worker_owns_its_heap(void **state)
{
	(void)state;
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
	/* The kernel must know the call (Linux 5.14). */
	long page = sysconf(_SC_PAGESIZE);
	void *probe_page = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(probe_page != MAP_FAILED);
	bool known = madvise(probe_page, (size_t)page, MADV_POPULATE_WRITE) == 0;
	munmap(probe_page, (size_t)page);
	if (!known)
		skip();
	/* A heap with some two megabytes written, as the parent of a print
	 * set has its fonts and scenarios. */
	enum { BLOCKS = 8192 };
	char **blocks = xcalloc(BLOCKS, sizeof *blocks);
	for (size_t i = 0; i < BLOCKS; i++) {
		blocks[i] = xmalloc(256);
		memset(blocks[i], (int)i, 256);
	}
	long size;
	if (shared_heap_kib(&size) < 0 || size < 1024) {
		for (size_t i = 0; i < BLOCKS; i++)
			free(blocks[i]);
		free(blocks);
		skip();
	}
	char words[2][64] = { "", "" };
	assert_true(jobpool_run(2, 2, heap_job, heap_done, words));
	for (size_t i = 0; i < 2; i++) {
		long shared = -2, worker_size = 0;
		assert_int_equal(sscanf(words[i], "%ld %ld", &shared, &worker_size), 2);
		assert_true(worker_size >= size);
		assert_int_equal(shared, 0);
	}
	for (size_t i = 0; i < BLOCKS; i++)
		free(blocks[i]);
	free(blocks);
	assert_no_child_left();
#else
	skip();
#endif
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order_and_text),
		cmocka_unit_test(test_one_worker_runs_here),
		cmocka_unit_test(test_killed_worker),
		cmocka_unit_test(test_stop),
		cmocka_unit_test(test_files_adopted),
		cmocka_unit_test(test_failed_set_leaves_nothing),
		cmocka_unit_test(test_undo_all_journals),
		cmocka_unit_test(test_worker_owns_its_heap),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
