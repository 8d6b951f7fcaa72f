#include "input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/regfile.h"
#include "../base/util.h"

bool input_is_stdin(const char *path)
{
	return strcmp(path, "-") == 0;
}

bool input_read(const char *path, size_t limit, char **text, size_t *size, bool *too_large,
	const char **why)
{
	*text = NULL;
	*size = 0;
	*too_large = false;
	bool from_stdin = input_is_stdin(path);
	FILE *f = stdin;
	if (!from_stdin) {
		/* Only a regular file: a named pipe or a device would hang the
		 * command (standard input is the way to pipe text in). */
		int fd = regfile_open(path, why);
		if (fd < 0)
			return false;
		f = fdopen(fd, "rb");
		if (!f) {
			*why = strerror(errno);
			close(fd);
			return false;
		}
	}
	char *buf = NULL;
	size_t len = 0, cap = 0;
	for (;;) {
		grow_array((void **)&buf, &cap, len + 65536 + 1, 1);
		size_t n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
		if (len > limit) {
			*too_large = true;
			len = limit + 1;
			break;
		}
		if (n == 0)
			break;
	}
	int failed = ferror(f);
	int saved = errno;
	if (!from_stdin)
		fclose(f);
	if (failed) {
		free(buf);
		*why = strerror(saved ? saved : EIO);
		return false;
	}
	buf[len] = '\0';
	*text = buf;
	*size = len;
	return true;
}
