/* orbat's front: the program a user runs.  It checks scenarios itself and
 * hands every other command to the full program, orbat-full.
 *
 * Why two programs: the full one links Cairo, Pango, HarfBuzz and
 * fontconfig, some fifty shared libraries whose loading and symbol
 * binding cost about 8 ms before main even starts, three quarters of an
 * `orbat validate` of one file.  Validation needs only libxml2, and an
 * editor runs it on every save; with this front it starts in about 4 ms.
 * The render and rules commands pay one exec more (about 2 ms).
 *
 * The full program lies beside this one in a build folder, and in
 * LIBEXECDIR/orbat/ once installed (found relative to this one first). */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <errno.h>

#include "command.h"

#ifndef ORBAT_FULL_PROGRAM
#define ORBAT_FULL_PROGRAM "/usr/local/libexec/orbat/orbat-full"
#endif
#define FULL_NAME "orbat-full"

/* This program's own path. */
static bool self_path(char *out, size_t size)
{
	ssize_t n = readlink("/proc/self/exe", out, size - 1);
	if (n <= 0)
		return false;
	out[n] = '\0';
	return true;
}

/* The full program at `rel` from this one's folder, when it is there. */
static bool beside(const char *rel, char *out, size_t size)
{
	if (!self_path(out, size))
		return false;
	char *slash = strrchr(out, '/');
	if (!slash || (size_t)(slash + 1 - out) + strlen(rel) + 1 > size)
		return false;
	strcpy(slash + 1, rel);
	return access(out, X_OK) == 0;
}

/* glibc's malloc tuned for the work, through its tunables (read once,
 * as a program starts, so only a program about to start can be given
 * them):
 *   glibc.malloc.hugetlb=1   the heap is marked for huge pages;
 *   glibc.malloc.top_pad=4M  it grows 4 MiB at a time, so that its first
 *                            2 MiB pages are whole (grown 128 KiB at a
 *                            time, the start of the heap never is).
 * A job that builds tens of megabytes of heap (a print product, a
 * validation of large files) otherwise takes a page fault per 4 KiB, and
 * on a virtual machine those faults are a good part of its time: a deck
 * is some 15 % faster, a validation of a 400 KiB scenario 40 %.  Where the
 * kernel gives no huge pages, nothing changes.
 *   glibc.malloc.tcache_count=300, for a validation alone: file after
 *                            file it frees and takes again the same small
 *                            blocks (libxml2's nodes and strings), and a
 *                            thread cache of 300 blocks a size instead of
 *                            7 hands most of them back without the bins
 *                            (770 files some 3 % faster).  The print
 *                            products gain nothing from it.
 * A tunable the user set stays as set.  Returns whether one was added
 * (false when the user had set them all, or their value leaves no room). */
static const struct { const char *name, *value; bool validation_only; } heap_tunables[] = {
	{ "glibc.malloc.hugetlb", "1", false },
	{ "glibc.malloc.top_pad", "4194304", false },
	{ "glibc.malloc.tcache_count", "300", true },
};

static bool ask_for_heap_settings(bool validation)
{
	const char *t = getenv("GLIBC_TUNABLES");
	char value[2048];
	int len = snprintf(value, sizeof value, "%s", t ? t : "");
	if (len < 0 || (size_t)len >= sizeof value)
		return false;
	size_t n = (size_t)len;
	bool added = false;
	for (size_t i = 0; i < sizeof heap_tunables / sizeof *heap_tunables; i++) {
		if ((heap_tunables[i].validation_only && !validation) || (t && strstr(t, heap_tunables[i].name)))
			continue;
		int k = snprintf(value + n, sizeof value - n, "%s%s=%s", n ? ":" : "",
			heap_tunables[i].name, heap_tunables[i].value);
		if (k < 0 || (size_t)k >= sizeof value - n)
			return false;
		n += (size_t)k;
		added = true;
	}
	return added && setenv("GLIBC_TUNABLES", value, 1) == 0;
}

/* Whether a validation reads enough XML for the heap settings above to
 * pay for starting this program once more (about 5 ms): from some 64 KiB
 * on, the faults saved outweigh it (a 50 KiB scenario, 25 ms, is then
 * 17 ms); an editor's check of one scenario of the usual size, 10 to 20
 * KiB, runs at once.  Every argument that names a regular file counts
 * (an option's value that happens to be one too: it only tips this). */
#define VALIDATE_REEXEC_BYTES (64 << 10)

static bool validation_is_large(int argc, char **argv)
{
	long long total = 0;
	for (int i = 2; i < argc && total < VALIDATE_REEXEC_BYTES; i++) {
		struct stat sb;
		if (argv[i][0] != '-' && stat(argv[i], &sb) == 0 && S_ISREG(sb.st_mode))
			total += (long long)sb.st_size;
	}
	return total >= VALIDATE_REEXEC_BYTES;
}

/* Validation runs in this program; once, for large inputs, started again
 * with the heap settings.  The tunables it then carries say it was. */
static void restart_for_large_validation(int argc, char **argv)
{
	char self[PATH_MAX];
	if (!validation_is_large(argc, argv) || !self_path(self, sizeof self))
		return;
	if (ask_for_heap_settings(true))
		execv(self, argv);
	/* Not started again: validate here, as for a small input. */
}

int main(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "validate") == 0) {
		restart_for_large_validation(argc, argv);
		/* As the full program does: a write past a file size limit fails
		 * instead of killing the process. */
		signal(SIGXFSZ, SIG_IGN);
		return command_main(&command_validate, argc - 1, argv + 1);
	}
	/* In a build folder beside this program; installed, at the same
	 * place relative to it (also under a DESTDIR or once moved), else at
	 * its configured place. */
	char path[PATH_MAX];
	const char *full = ORBAT_FULL_PROGRAM;
	if (beside(FULL_NAME, path, sizeof path))
		full = path;
#ifdef ORBAT_FULL_RELATIVE
	else if (beside(ORBAT_FULL_RELATIVE, path, sizeof path))
		full = path;
#endif
	ask_for_heap_settings(false);
	execv(full, argv);
	int err = errno;
	const char *cmd = argc >= 2 && argv[1][0] != '-' ? argv[1] : NULL;
	fprintf(stderr, "orbat%s%s: cannot run %s, which does all but validate: %s; reinstall orbat\n",
		cmd ? " " : "", cmd ? cmd : "", full, strerror(err));
	return EXIT_INTERNAL;
}
