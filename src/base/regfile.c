#include "regfile.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int regfile_open(const char *path, const char **why)
{
	/* O_NONBLOCK: opening a FIFO without a writer returns at once; the
	 * flag is dropped again once the file is known to be regular. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0) {
		*why = strerror(errno);
		return -1;
	}
	struct stat sb;
	if (fstat(fd, &sb) != 0) {
		*why = strerror(errno);
		close(fd);
		return -1;
	}
	if (!S_ISREG(sb.st_mode)) {
		*why = REGFILE_NOT_REGULAR;
		close(fd);
		return -1;
	}
	int flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
		*why = strerror(errno);
		close(fd);
		return -1;
	}
	return fd;
}
