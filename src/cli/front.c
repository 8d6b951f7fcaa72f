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
#include <unistd.h>
#include <errno.h>

#include "command.h"

#ifndef ORBAT_FULL_PROGRAM
#define ORBAT_FULL_PROGRAM "/usr/local/libexec/orbat/orbat-full"
#endif
#define FULL_NAME "orbat-full"

/* The full program at `rel` from this one's folder, when it is there. */
static bool beside(const char *rel, char *out, size_t size)
{
	ssize_t n = readlink("/proc/self/exe", out, size - 1);
	if (n <= 0)
		return false;
	out[n] = '\0';
	char *slash = strrchr(out, '/');
	if (!slash || (size_t)(slash + 1 - out) + strlen(rel) + 1 > size)
		return false;
	strcpy(slash + 1, rel);
	return access(out, X_OK) == 0;
}

/* The full program's malloc on transparent huge pages, through glibc's
 * glibc.malloc.hugetlb tunable (read once, as a program starts): a print
 * job touches tens of megabytes of fresh heap, one page fault per 4 KiB
 * page, and on a virtual machine those faults are a good part of its
 * time; a 2 MiB page faults once.  Where the kernel gives no huge pages,
 * nothing changes.  A tunable the user set stays as set. */
static void ask_for_huge_pages(void)
{
	const char *t = getenv("GLIBC_TUNABLES");
	if (t && strstr(t, "glibc.malloc.hugetlb"))
		return;
	char value[1024];
	int n = t && *t ? snprintf(value, sizeof value, "%s:glibc.malloc.hugetlb=1", t) :
		snprintf(value, sizeof value, "glibc.malloc.hugetlb=1");
	if (n > 0 && (size_t)n < sizeof value)
		setenv("GLIBC_TUNABLES", value, 1);
}

int main(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "validate") == 0) {
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
	ask_for_huge_pages();
	execv(full, argv);
	int err = errno;
	const char *cmd = argc >= 2 && argv[1][0] != '-' ? argv[1] : NULL;
	fprintf(stderr, "orbat%s%s: cannot run %s, which does all but validate: %s; reinstall orbat\n",
		cmd ? " " : "", cmd ? cmd : "", full, strerror(err));
	return EXIT_INTERNAL;
}
