/* A small pool of worker processes for independent jobs: the products of
 * a print set, the languages of a deck, the files of a validation.
 *
 * Processes, not threads: Cairo, Pango and fontconfig keep state that is
 * not safe to share between threads without care, and a process that
 * crashes takes only its own job down.  The caller loads what every job
 * needs (data, fonts, the compiled schema, the scenarios) before
 * jobpool_run; the workers are forked from it and share it.
 *
 * Jobs are numbered 0..count-1 and handed to the workers in that order as
 * they become free.  Whatever a job prints on standard output and standard
 * error is captured, and each job's result is handed to the caller's `done`
 * function in the parent in job order, so that a parallel run prints the
 * same text in the same order as a run on one worker.  Files a job writes
 * through base/outdir.h are taken over by the parent's open output set
 * before `done` sees the job (outdir_adopt): they stay atomic per set.
 *
 * With one worker (or one job) the jobs run in this process, one after
 * another, without fork: for debugging and valgrind; `done` then follows
 * each job at once and the text was printed as the job ran.
 *
 * A worker that crashes or is killed fails its job (status
 * JOBPOOL_DIED, a message in the result) and the run goes on with the other
 * jobs.  SIGINT, SIGTERM and SIGHUP during a run stop every worker, which
 * removes its unfinished files, before the parent goes the way the signal
 * says; a worker whose parent dies is stopped as well.  No worker outlives
 * jobpool_run, none is left unreaped. */
#ifndef ORBAT_JOBPOOL_H
#define ORBAT_JOBPOOL_H

#include <stdbool.h>
#include <stddef.h>

/* The status of a job whose worker died: an internal error. */
#define JOBPOOL_DIED 3

/* The most workers a run takes (the --jobs option's limit). */
#define JOBPOOL_MAX_WORKERS 64

typedef struct jobpool_job jobpool_job;

typedef struct jobpool_result {
	int status;            /* what the job returned; JOBPOOL_DIED when its worker died */
	/* What the job printed on standard output and standard error, when it
	 * ran in a worker (NUL-terminated; "" when nothing); NULL when it ran
	 * in this process and its text is printed already. */
	const char *out, *err;
	size_t out_size, err_size;
	const void *data;      /* what the job passed to jobpool_send */
	size_t size;
	/* When the worker died: how ("killed by signal 9 (Killed)"); else NULL. */
	const char *died;
} jobpool_result;

/* Run job `index`; return its status (0 for success: the pool gives it no
 * meaning but hands it back). */
typedef int (*jobpool_run_fn)(void *ctx, size_t index, jobpool_job *job);
/* Job `index` is over: called in the parent, in job order, once for every
 * job that ran.  Return false to start no further job (a fatal error): the
 * jobs running already end and are still handed to done, the others are
 * never run. */
typedef bool (*jobpool_done_fn)(void *ctx, size_t index, const jobpool_result *result);

/* The number of processors online: the default number of workers. */
unsigned jobpool_default_workers(void);

/* Run `count` jobs on up to `workers` processes (1: in this process).
 * Returns false when the run stopped early because done returned false. */
bool jobpool_run(size_t count, unsigned workers, jobpool_run_fn run, jobpool_done_fn done, void *ctx);

/* Hand bytes back to the parent with the job's result (result->data): a
 * job's findings, not its text.  In a worker they are written at once, so
 * what was sent before a crash still arrives. */
void jobpool_send(jobpool_job *job, const void *data, size_t size);

/* Print a result's captured text on standard output and standard error,
 * as the job would have printed it in this process. */
void jobpool_print(const jobpool_result *result);

/* Whether the job runs in a worker process rather than in the caller's. */
bool jobpool_in_worker(const jobpool_job *job);

#endif
