/* Unit tests of base/outdir: an output set appears whole or not at all,
 * removes exactly the folders it created, names causes in the system's
 * words, and cleans up when a signal ends the program. */
#define _GNU_SOURCE   /* mknod, fopencookie */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/outdir.h"
#include "base/util.h"

/* ---- fixture: a fresh temporary folder per test ---- */

typedef struct fixture {
	char *dir;
} fixture;

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof *f);
	const char *tmp = getenv("TMPDIR");
	f->dir = xasprintf("%s/orbat-outdir-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(f->dir))
		return -1;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;
	outdir_close(outdir_current());
	char *cmd = xasprintf("rm -rf '%s'", f->dir);
	if (system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", f->dir);
	free(cmd);
	free(f->dir);
	free(f);
	return 0;
}

static char *path_in(const fixture *f, const char *rel)
{
	return xasprintf("%s/%s", f->dir, rel);
}

static bool exists(const fixture *f, const char *rel)
{
	char *p = path_in(f, rel);
	struct stat sb;
	bool yes = lstat(p, &sb) == 0;
	free(p);
	return yes;
}

static void write_text(const fixture *f, const char *rel, const char *text)
{
	char *p = path_in(f, rel);
	FILE *fp = fopen(p, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
	free(p);
}

static char *read_text(const fixture *f, const char *rel)
{
	char *p = path_in(f, rel);
	FILE *fp = fopen(p, "r");
	free(p);
	if (!fp)
		return NULL;
	char buf[256];
	size_t n = fread(buf, 1, sizeof buf - 1, fp);
	fclose(fp);
	buf[n] = '\0';
	return xstrdup(buf);
}

/* Names in the folder rel (no . and ..), counted; any leftover temporary
 * file shows up here. */
static int entries(const fixture *f, const char *rel)
{
	char *cmd = xasprintf("ls -A '%s/%s' | wc -l", f->dir, rel);
	FILE *p = popen(cmd, "r");
	free(cmd);
	int n = -1;
	if (p) {
		if (fscanf(p, "%d", &n) != 1)
			n = -1;
		pclose(p);
	}
	return n;
}

/* Write one file of the open set (or alone) with the given text. */
static bool put(const fixture *f, const char *rel, const char *text, char **error)
{
	char *p = path_in(f, rel);
	outfile *of = outfile_create(p, error);
	free(p);
	if (!of)
		return false;
	outfile_puts(of, text);
	return outfile_finish(of, true, error);
}

/* ---- tests ---- */

static void test_commit_moves_every_file_into_place(void **state)
{
	fixture *f = *state;
	outdir *o = outdir_open();
	assert_non_null(o);
	assert_null(outdir_open());
	char *error = NULL;
	char *dir = path_in(f, "out/s/en");
	assert_true(outdir_make_dirs(o, dir, &error));
	assert_true(put(f, "out/s/en/a.pdf", "new a", &error));
	assert_true(put(f, "out/s/en/b.pdf", "new b", &error));
	/* Finished files wait under their temporary names. */
	assert_false(exists(f, "out/s/en/a.pdf"));
	assert_int_equal(entries(f, "out/s/en"), 2);

	char *listed = NULL;
	size_t listed_size = 0;
	FILE *list = open_memstream(&listed, &listed_size);
	assert_true(outdir_commit(o, list, &error));
	fclose(list);
	outdir_close(o);
	assert_null(outdir_current());

	char *a = read_text(f, "out/s/en/a.pdf");
	assert_string_equal(a, "new a");
	assert_int_equal(entries(f, "out/s/en"), 2);
	/* Listed in the order they were begun. */
	char *expected = xasprintf("%s/a.pdf\n%s/b.pdf\n", dir, dir);
	assert_string_equal(listed, expected);
	free(expected);
	free(listed);
	free(a);
	free(dir);
}

static void test_failed_set_leaves_the_tree_as_it_was(void **state)
{
	fixture *f = *state;
	char *error = NULL;
	char *base = path_in(f, "out/s");
	assert_true(outdir_make_dirs(NULL, base, &error));
	write_text(f, "out/s/old.pdf", "earlier run");

	outdir *o = outdir_open();
	char *en = path_in(f, "out/s/en"), *nl = path_in(f, "out/s/nl/deeper");
	assert_true(outdir_make_dirs(o, en, &error));
	assert_true(outdir_make_dirs(o, nl, &error));
	assert_true(put(f, "out/s/old.pdf", "this run", &error));
	assert_true(put(f, "out/s/en/a.pdf", "new", &error));
	outdir_close(o);    /* no commit: the run failed */

	char *old = read_text(f, "out/s/old.pdf");
	assert_string_equal(old, "earlier run");
	assert_false(exists(f, "out/s/en"));
	assert_false(exists(f, "out/s/nl"));
	assert_int_equal(entries(f, "out/s"), 1);
	free(old);
	free(en);
	free(nl);
	free(base);
}

static void test_a_folder_holding_other_files_stays(void **state)
{
	fixture *f = *state;
	char *error = NULL;
	outdir *o = outdir_open();
	char *dir = path_in(f, "out/s");
	assert_true(outdir_make_dirs(o, dir, &error));
	/* Someone else puts a file in the folder while the run goes on. */
	write_text(f, "out/s/theirs.txt", "keep me");
	outdir_close(o);
	assert_true(exists(f, "out/s/theirs.txt"));
	free(dir);
}

/* A link planted under the temporary name a run will use: the run must
 * write a file of its own, not through the link into its target. */
static void test_a_planted_link_is_not_followed(void **state)
{
	fixture *f = *state;
	char *error = NULL;
	write_text(f, "victim.txt", "the user's own");
	char *victim = path_in(f, "victim.txt");
	char *planted = xasprintf("%s/rosters.pdf.tmp-%ld", f->dir, (long)getpid());
	assert_int_equal(symlink(victim, planted), 0);
	assert_true(put(f, "rosters.pdf", "new rosters", &error));
	char *kept = read_text(f, "victim.txt"), *written = read_text(f, "rosters.pdf");
	assert_string_equal(kept, "the user's own");
	assert_string_equal(written, "new rosters");
	/* The link went, not replaced by a file of the same name. */
	assert_int_equal(entries(f, "."), 2);
	free(kept);
	free(written);
	free(planted);
	free(victim);
}

static void test_make_dirs_through_a_file(void **state)
{
	fixture *f = *state;
	write_text(f, "blocker", "");
	char *error = NULL;
	outdir *o = outdir_open();
	char *dir = path_in(f, "blocker/s/en");
	assert_false(outdir_make_dirs(o, dir, &error));
	assert_true(outdir_write_failed(o));
	char *expected = xasprintf("cannot create the folder %s/blocker/s: %s", f->dir, strerror(ENOTDIR));
	assert_string_equal(error, expected);
	free(expected);
	free(error);
	free(dir);
	outdir_close(o);
}

static void test_make_dirs_meets_a_file_after_creating_folders(void **state)
{
	fixture *f = *state;
	char *error = NULL;
	outdir *o = outdir_open();
	char *first = path_in(f, "out/x");
	assert_true(outdir_make_dirs(o, first, &error));
	write_text(f, "out/x/file", "");
	/* Creates out/w and out/w/v, then meets out/x/file on the way: the
	 * two folders this call made go at once, the set's own stay until
	 * it closes. */
	char *second = path_in(f, "out/w/v/../../x/file/q");
	assert_false(outdir_make_dirs(o, second, &error));
	char *expected = xasprintf("cannot create the folder %s/out/w/v/../../x/file/q: %s", f->dir,
		strerror(ENOTDIR));
	assert_string_equal(error, expected);
	free(expected);
	free(error);
	assert_false(exists(f, "out/w"));
	assert_true(exists(f, "out/x"));
	/* The final folder itself a file: "File exists". */
	char *third = path_in(f, "out/x/file");
	assert_false(outdir_make_dirs(o, third, &error));
	expected = xasprintf("cannot create the folder %s: %s", third, strerror(EEXIST));
	assert_string_equal(error, expected);
	free(expected);
	free(error);
	unlink(third);
	outdir_close(o);
	assert_false(exists(f, "out"));
	free(first);
	free(second);
	free(third);
}

static void test_make_dirs_without_a_set_rolls_back_its_own_folders(void **state)
{
	fixture *f = *state;
	char *error = NULL;
	char *dir = path_in(f, "a/b");
	assert_true(outdir_make_dirs(NULL, dir, &error));
	write_text(f, "a/b/c", "");
	char *deeper = path_in(f, "new/one/two");
	assert_true(outdir_make_dirs(NULL, deeper, &error));
	assert_true(exists(f, "new/one/two"));
	char *blocked = path_in(f, "fresh/x/../../a/b/c/d");
	assert_false(outdir_make_dirs(NULL, blocked, &error));
	free(error);
	/* fresh and fresh/x were made by the failed call: gone again. */
	assert_false(exists(f, "fresh"));
	free(dir);
	free(deeper);
	free(blocked);
}

static void test_file_alone_is_renamed_when_finished(void **state)
{
	fixture *f = *state;
	write_text(f, "game.log", "old");
	char *error = NULL;
	char *p = path_in(f, "game.log");
	outfile *of = outfile_create(p, &error);
	assert_non_null(of);
	assert_true(outfile_puts(of, "new"));
	assert_int_equal(entries(f, "."), 2);
	assert_true(outfile_finish(of, true, &error));
	char *text = read_text(f, "game.log");
	assert_string_equal(text, "new");
	free(text);
	assert_int_equal(entries(f, "."), 1);

	/* Discarded by the caller: the old file stays, no message. */
	of = outfile_create(p, &error);
	assert_true(outfile_puts(of, "half"));
	assert_false(outfile_finish(of, false, &error));
	assert_null(error);
	text = read_text(f, "game.log");
	assert_string_equal(text, "new");
	free(text);
	assert_int_equal(entries(f, "."), 1);
	free(p);
}

static void test_a_folder_is_not_a_file(void **state)
{
	fixture *f = *state;
	char *error = NULL;
	char *p = path_in(f, "deck.pdf");
	mkdir(p, 0777);
	outdir *o = outdir_open();
	assert_null(outfile_create(p, &error));
	assert_true(outdir_write_failed(o));
	char *expected = xasprintf("cannot write %s: %s", p, strerror(EISDIR));
	assert_string_equal(error, expected);
	free(expected);
	free(error);
	free(p);
	outdir_close(o);
}

static void test_a_full_device_is_written_directly(void **state)
{
	fixture *f = *state;
	char *p = path_in(f, "full");
	/* Our own node with the numbers of /dev/full, so that a mistake can
	 * only ever replace it. */
	if (mknod(p, S_IFCHR | 0666, makedev(1, 7)) != 0) {
		free(p);
		skip();
	}
	char *error = NULL;
	outfile *of = outfile_create(p, &error);
	assert_non_null(of);
	char block[8192];
	memset(block, 'x', sizeof block);
	outfile_write(of, block, sizeof block);
	assert_false(outfile_finish(of, true, &error));
	char *expected = xasprintf("cannot write %s: %s", p, strerror(ENOSPC));
	assert_string_equal(error, expected);
	struct stat sb;
	assert_int_equal(lstat(p, &sb), 0);
	assert_true(S_ISCHR(sb.st_mode));
	assert_int_equal(entries(f, "."), 1);
	free(expected);
	free(error);
	free(p);
}

static void test_a_signal_removes_what_the_run_wrote(void **state)
{
	fixture *f = *state;
	write_text(f, "earlier.pdf", "earlier");
	fflush(NULL);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		char *error = NULL;
		outdir *o = outdir_open();
		char *dir = path_in(f, "out/s/en");
		outdir_make_dirs(o, dir, &error);
		put(f, "out/s/en/a.pdf", "finished", &error);
		char *p = path_in(f, "earlier.pdf");
		outfile *of = outfile_create(p, &error);
		outfile_puts(of, "half");
		raise(SIGTERM);
		_exit(0);
	}
	int status = 0;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGTERM);
	assert_false(exists(f, "out"));
	assert_int_equal(entries(f, "."), 1);
	char *text = read_text(f, "earlier.pdf");
	assert_string_equal(text, "earlier");
	free(text);
}

/* A process id no process has: a child that has ended and been reaped. */
static long dead_pid(void)
{
	pid_t pid = fork();
	if (pid == 0)
		_exit(0);
	assert_true(pid > 0);
	assert_int_equal(waitpid(pid, NULL, 0), pid);
	return (long)pid;
}

static ino_t inode_of(const fixture *f, const char *rel)
{
	char *p = path_in(f, rel);
	struct stat sb;
	assert_int_equal(lstat(p, &sb), 0);
	free(p);
	return sb.st_ino;
}

/* An earlier print set in out/s: en/a.pdf, en/b.pdf, fr/x.pdf, a note of
 * the user's; and what killed runs left: a temporary file, and the new
 * tree of a commit killed before its swap. */
static void earlier_set(const fixture *f, long dead)
{
	char *error = NULL;
	char *en = path_in(f, "out/s/en"), *fr = path_in(f, "out/s/fr");
	char *stale_tree = xasprintf("%s/out/s.tmp-%ld/en", f->dir, dead);
	char *stale_file = xasprintf("out/s/en/c.pdf.tmp-%ld", dead);
	assert_true(outdir_make_dirs(NULL, en, &error));
	assert_true(outdir_make_dirs(NULL, fr, &error));
	assert_true(outdir_make_dirs(NULL, stale_tree, &error));
	write_text(f, "out/s/en/a.pdf", "old a");
	write_text(f, "out/s/en/b.pdf", "old b");
	write_text(f, "out/s/fr/x.pdf", "old x");
	write_text(f, "out/s/notes.txt", "the user's");
	write_text(f, stale_file, "half of a killed run");
	free(en);
	free(fr);
	free(stale_tree);
	free(stale_file);
}

/* Committed into its scenario's folder, a set replaces the files it
 * writes and keeps the rest (the very same files: links, not copies), and
 * what dead runs left there goes. */
static void test_commit_folder_swaps_the_set_in(void **state)
{
	fixture *f = *state;
	long dead = dead_pid();
	earlier_set(f, dead);
	ino_t x_before = inode_of(f, "out/s/fr/x.pdf");
	char *error = NULL;
	outdir *o = outdir_open();
	assert_true(put(f, "out/s/en/a.pdf", "new a", &error));
	assert_true(put(f, "out/s/en/b.pdf", "new b", &error));
	char *root = path_in(f, "out/s");
	assert_true(outdir_commit_folder(o, root, NULL, &error));
	outdir_close(o);
	char *a = read_text(f, "out/s/en/a.pdf"), *b = read_text(f, "out/s/en/b.pdf");
	char *x = read_text(f, "out/s/fr/x.pdf"), *notes = read_text(f, "out/s/notes.txt");
	assert_string_equal(a, "new a");
	assert_string_equal(b, "new b");
	assert_string_equal(x, "old x");
	assert_string_equal(notes, "the user's");
	assert_true(inode_of(f, "out/s/fr/x.pdf") == x_before);
	assert_int_equal(entries(f, "out/s/en"), 2);
	assert_int_equal(entries(f, "out"), 1);
	free(a);
	free(b);
	free(x);
	free(notes);
	free(root);
}

/* What a run killed by SIGKILL left beside a file goes when the file is
 * written again; what a running process writes stays. */
static void test_stale_temporaries_of_dead_runs_go(void **state)
{
	fixture *f = *state;
	char *error = NULL;
	char *dead = xasprintf("cards.pdf.tmp-%ld", dead_pid());
	char *alive = xasprintf("cards.pdf.tmp-%ld", (long)getppid());
	write_text(f, dead, "half");
	write_text(f, alive, "being written");
	assert_true(put(f, "cards.pdf", "whole", &error));
	assert_false(exists(f, dead));
	assert_true(exists(f, alive));
	assert_int_equal(entries(f, "."), 2);
	free(dead);
	free(alive);
}

/* A worker that has ended left a finished file its parent took over: that
 * one goes in place at the commit, though its process is gone, while one
 * that no set holds goes away. */
static void test_an_ended_workers_file_is_no_stale_one(void **state)
{
	fixture *f = *state;
	char *error = NULL;
	char *temp = xasprintf("%s/a.pdf.tmp-%ld", f->dir, dead_pid());
	char *final = path_in(f, "a.pdf");
	char *stale = xasprintf("b.pdf.tmp-%ld", dead_pid());
	write_text(f, temp + strlen(f->dir) + 1, "from the worker");
	write_text(f, stale, "of a killed run");
	/* The worker's journal: begun (T temp final), finished (F temp). */
	size_t lt = strlen(temp) + 1, lf = strlen(final) + 1;
	char *journal = xmalloc(2 + 2 * lt + lf);
	journal[0] = 'T';
	memcpy(journal + 1, temp, lt);
	memcpy(journal + 1 + lt, final, lf);
	journal[1 + lt + lf] = 'F';
	memcpy(journal + 2 + lt + lf, temp, lt);
	outdir *o = outdir_open();
	assert_true(outdir_adopt(o, journal, 2 + 2 * lt + lf));
	assert_true(put(f, "b.pdf", "from the parent", &error));
	assert_true(outdir_commit(o, NULL, &error));
	outdir_close(o);
	char *a = read_text(f, "a.pdf"), *b = read_text(f, "b.pdf");
	assert_string_equal(a, "from the worker");
	assert_string_equal(b, "from the parent");
	assert_int_equal(entries(f, "."), 2);
	free(a);
	free(b);
	free(journal);
	free(temp);
	free(final);
	free(stale);
}

/* One process writes the same file twice in one set (a scenario named
 * twice): the first, finished and waiting, is not lost or written over;
 * the commit puts both in place in turn, the second last. */
static void test_one_file_written_twice_in_a_set(void **state)
{
	fixture *f = *state;
	char *error = NULL;
	outdir *o = outdir_open();
	assert_true(put(f, "map.pdf", "first", &error));
	assert_true(put(f, "map.pdf", "second", &error));
	assert_int_equal(entries(f, "."), 2);
	char *listed = NULL;
	size_t listed_size = 0;
	FILE *list = open_memstream(&listed, &listed_size);
	assert_true(outdir_commit(o, list, &error));
	fclose(list);
	outdir_close(o);
	char *text = read_text(f, "map.pdf");
	assert_string_equal(text, "second");
	assert_int_equal(entries(f, "."), 1);
	char *expected = xasprintf("%s/map.pdf\n%s/map.pdf\n", f->dir, f->dir);
	assert_string_equal(listed, expected);
	free(expected);
	free(listed);
	free(text);
}

/* A stream whose every write ends the process by the signal the test
 * names: the commit lists each file as it goes, so this stops the run in
 * the middle of committing. */
static ssize_t write_and_die(void *cookie, const char *buf, size_t size)
{
	(void)buf;
	raise(*(int *)cookie);
	return (ssize_t)size;
}

static void test_a_run_stopped_while_committing_leaves_one_set_whole(void **state)
{
	static int signals[] = { SIGTERM, SIGKILL };
	fixture *f = *state;
	for (size_t k = 0; k < ARRAY_LEN(signals); k++) {
		char *cmd = xasprintf("rm -rf '%s/out'", f->dir);
		assert_int_equal(system(cmd), 0);
		free(cmd);
		earlier_set(f, dead_pid());
		fflush(NULL);
		pid_t pid = fork();
		assert_true(pid >= 0);
		if (pid == 0) {
			char *error = NULL;
			outdir *o = outdir_open();
			put(f, "out/s/en/a.pdf", "new a", &error);
			put(f, "out/s/en/b.pdf", "new b", &error);
			FILE *list = fopencookie(&signals[k], "w", (cookie_io_functions_t){ .write = write_and_die });
			setvbuf(list, NULL, _IONBF, 0);
			char *root = path_in(f, "out/s");
			outdir_commit_folder(o, root, list, &error);
			_exit(0);
		}
		int status = 0;
		assert_int_equal(waitpid(pid, &status, 0), pid);
		assert_true(WIFSIGNALED(status));
		assert_int_equal(WTERMSIG(status), signals[k]);
		/* The new set whole: the listing comes once it is in place. */
		char *a = read_text(f, "out/s/en/a.pdf"), *b = read_text(f, "out/s/en/b.pdf");
		assert_string_equal(a, "new a");
		assert_string_equal(b, "new b");
		free(a);
		free(b);
	}
}

static void test_write_failure_keeps_its_cause(void **state)
{
	fixture *f = *state;
	char *error = NULL;
	char *p = path_in(f, "big.pdf");
	/* A file size limit makes write() fail with EFBIG once SIGXFSZ is
	 * ignored, as orbat does. */
	fflush(NULL);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		signal(SIGXFSZ, SIG_IGN);
		struct rlimit rl = { 4096, 4096 };
		if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
			_exit(4);
		outfile *of = outfile_create(p, &error);
		char block[65536];
		memset(block, 'x', sizeof block);
		outfile_write(of, block, sizeof block);
		bool ok = outfile_finish(of, true, &error);
		char *expected = xasprintf("cannot write %s: %s", p, strerror(EFBIG));
		_exit(!ok && error && strcmp(error, expected) == 0 ? 0 : 1);
	}
	int status = 0;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(entries(f, "."), 0);
	free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_commit_moves_every_file_into_place, setup, teardown),
		cmocka_unit_test_setup_teardown(test_failed_set_leaves_the_tree_as_it_was, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_folder_holding_other_files_stays, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_planted_link_is_not_followed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_make_dirs_through_a_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_make_dirs_meets_a_file_after_creating_folders, setup, teardown),
		cmocka_unit_test_setup_teardown(test_make_dirs_without_a_set_rolls_back_its_own_folders, setup, teardown),
		cmocka_unit_test_setup_teardown(test_file_alone_is_renamed_when_finished, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_folder_is_not_a_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_full_device_is_written_directly, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_signal_removes_what_the_run_wrote, setup, teardown),
		cmocka_unit_test_setup_teardown(test_write_failure_keeps_its_cause, setup, teardown),
		cmocka_unit_test_setup_teardown(test_commit_folder_swaps_the_set_in, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stale_temporaries_of_dead_runs_go, setup, teardown),
		cmocka_unit_test_setup_teardown(test_an_ended_workers_file_is_no_stale_one, setup, teardown),
		cmocka_unit_test_setup_teardown(test_one_file_written_twice_in_a_set, setup, teardown),
		cmocka_unit_test_setup_teardown(test_a_run_stopped_while_committing_leaves_one_set_whole, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
