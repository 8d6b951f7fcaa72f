#define _GNU_SOURCE   /* nftw, flock, renameat2 */
#include "outtree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

bool outtree_temp_name(const char *name, long *pid)
{
	const char *tmp = strstr(name, ".tmp-");
	if (!tmp)
		return false;
	/* The last one: a name may hold ".tmp-" itself. */
	for (const char *next; (next = strstr(tmp + 1, ".tmp-"));)
		tmp = next;
	/* PID, or PID-N for a second file of one process (outdir.c). */
	const char *digits = tmp + 5;
	size_t n = strspn(digits, "0123456789");
	const char *rest = digits + n;
	if (n == 0 || n > 9 || (*rest && (rest[0] != '-' || !rest[1] || strspn(rest + 1, "0123456789") != strlen(rest + 1))))
		return false;
	*pid = strtol(digits, NULL, 10);
	return *pid > 0;
}

int outtree_mirror(const char *from, const char *to)
{
	DIR *d = opendir(from);
	if (!d)
		return errno;
	int err = 0;
	struct dirent *e;
	while (!err && (errno = 0, e = readdir(d))) {
		long pid;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 || outtree_temp_name(e->d_name, &pid))
			continue;
		char *src = xasprintf("%s/%s", from, e->d_name), *dst = xasprintf("%s/%s", to, e->d_name);
		struct stat sb;
		if (lstat(src, &sb) != 0) {
			err = errno;
		} else if (S_ISDIR(sb.st_mode)) {
			if (mkdir(dst, sb.st_mode & 07777) != 0)
				err = errno;
			else
				err = outtree_mirror(src, dst);
		} else if (S_ISREG(sb.st_mode)) {
			if (link(src, dst) != 0)
				err = errno;
		} else if (S_ISLNK(sb.st_mode)) {
			char target[PATH_MAX];
			ssize_t n = readlink(src, target, sizeof target - 1);
			if (n < 0) {
				err = errno;
			} else {
				target[n] = '\0';
				if (symlink(target, dst) != 0)
					err = errno;
			}
		} else {
			err = ENOTSUP;
		}
		free(src);
		free(dst);
	}
	if (!err && errno)
		err = errno;
	closedir(d);
	return err;
}

static int remove_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)ftw;
	if (flag == FTW_DP)
		rmdir(path);
	else
		unlink(path);
	return 0;
}

int outtree_exchange(const char *a, const char *b)
{
	return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) == 0 ? 0 : errno;
}

void outtree_remove(const char *path)
{
	nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

char *outtree_private_folder(const char *prefix)
{
	const char *tmp = getenv("TMPDIR");
	char *path = xasprintf("%s/%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", prefix);
	if (mkdtemp(path))
		return path;
	free(path);
	return NULL;
}

/* Whether the process is gone: a process that runs (or that this one may
 * not signal) is left its files. */
static bool process_gone(long pid)
{
	return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

void outtree_clean_stale(const char *folder, const char *prefix, bool (*keep)(const char *path))
{
	DIR *d = opendir(folder);
	if (!d)
		return;
	size_t prefix_len = prefix ? strlen(prefix) : 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		long pid;
		if (!outtree_temp_name(e->d_name, &pid) || !process_gone(pid))
			continue;
		if (prefix && (strncmp(e->d_name, prefix, prefix_len) != 0 || strncmp(e->d_name + prefix_len, ".tmp-", 5) != 0))
			continue;
		char *path = xasprintf("%s/%s", folder, e->d_name);
		if (!keep || !keep(path))
			outtree_remove(path);
		free(path);
	}
	closedir(d);
}

bool outtree_lock(const char *command, const char *path)
{
	char *folder = xstrdup(path);
	struct stat sb;
	/* The nearest folder that exists: the run may create the rest. */
	while (stat(folder, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
		char *slash = strrchr(folder, '/');
		if (!slash) {
			strcpy(folder, ".");
			break;
		}
		if (slash == folder)
			slash[1] = '\0';
		else
			*slash = '\0';
		if (strcmp(folder, "/") == 0)
			break;
	}
	/* The lock lives as long as the process (and its workers, which
	 * share the open folder): never closed. */
	int fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	bool ok = fd >= 0;
	if (ok && flock(fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno == EWOULDBLOCK) {
			fprintf(stderr, "orbat %s: another orbat is writing into %s; waiting until it is done\n", command,
				folder);
			int r;
			do
				r = flock(fd, LOCK_EX);
			while (r != 0 && errno == EINTR);
			ok = r == 0;
		} else {
			ok = false;
		}
	}
	free(folder);
	return ok;
}
