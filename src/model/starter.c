#include "starter.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../base/datadir.h"
#include "../base/regfile.h"
#include "../base/util.h"

/* The scenario-id rule: at most 64 characters. */
#define STARTER_ID_MAX 64
/* Templates are a few kilobytes; anything far bigger is not one. */
#define STARTER_TEMPLATE_MAX (1024 * 1024)

static int starter_compare(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The rulesets that have a starter scenario, sorted.  False (errno set)
 * when the templates folder cannot be read. */
bool starter_list_load(const char *data_dir, starter_list *out)
{
	out->ids = NULL;
	out->count = 0;
	char *path = datadir_path(data_dir, DATADIR_TEMPLATES);
	DIR *dir = opendir(path);
	free(path);
	if (!dir)
		return false;
	size_t cap = 0;
	struct dirent *e;
	while ((e = readdir(dir))) {
		size_t len = strlen(e->d_name);
		if (len > 4 && e->d_name[0] != '.' && strcmp(e->d_name + len - 4, ".xml") == 0) {
			grow_array((void **)&out->ids, &cap, out->count + 1, sizeof *out->ids);
			out->ids[out->count++] = xstrndup(e->d_name, len - 4);
		}
	}
	closedir(dir);
	if (out->count)
		qsort(out->ids, out->count, sizeof *out->ids, starter_compare);
	return true;
}

void starter_list_finish(starter_list *list)
{
	for (size_t i = 0; i < list->count; i++)
		free(list->ids[i]);
	free(list->ids);
	list->ids = NULL;
	list->count = 0;
}

bool starter_list_has(const starter_list *list, const char *id)
{
	for (size_t i = 0; i < list->count; i++)
		if (strcmp(list->ids[i], id) == 0)
			return true;
	return false;
}

/* "a, b, c or d" */
char *starter_list_text(const starter_list *list, const char *last_sep)
{
	char *out = xstrdup("");
	for (size_t i = 0; i < list->count; i++) {
		const char *sep = i == 0 ? "" : i + 1 == list->count ? last_sep : ", ";
		char *next = xasprintf("%s%s%s", out, sep, list->ids[i]);
		free(out);
		out = next;
	}
	return out;
}

/* The scenario id for a file name: its last component without ".xml",
 * lower-cased, every other character outside [a-z0-9._-] turned into '-',
 * runs of '-' merged, no leading '.' or '-', at most STARTER_ID_MAX characters,
 * no trailing '-' or '.'.  Nothing left gives the default id. */
char *starter_id_from_path(const char *path)
{
	if (strcmp(path, "-") == 0)
		return xstrdup(STARTER_DEFAULT_ID);
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t len = strlen(base);
	if (len >= 4 && strcasecmp(base + len - 4, ".xml") == 0)
		len -= 4;
	char *id = xmalloc(STARTER_ID_MAX + 1);
	size_t n = 0;
	for (size_t i = 0; i < len && n < STARTER_ID_MAX; i++) {
		unsigned char c = (unsigned char)base[i];
		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c - 'A' + 'a');
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-'))
			c = '-';
		if (c == '-' && n > 0 && id[n - 1] == '-')
			continue;
		if ((c == '-' || c == '.') && n == 0)
			continue;
		id[n++] = (char)c;
	}
	while (n > 0 && (id[n - 1] == '-' || id[n - 1] == '.'))
		n--;
	id[n] = '\0';
	if (n == 0) {
		free(id);
		return xstrdup(STARTER_DEFAULT_ID);
	}
	return id;
}

/* Read the template whole.  NULL (errno set) when it cannot be read. */
static char *read_template(const char *path, size_t *len)
{
	const char *why = NULL;
	int fd = regfile_open(path, &why);
	if (fd < 0) {
		/* A template that is not a regular file: a broken installation. */
		if (strcmp(why, REGFILE_NOT_REGULAR) == 0)
			errno = EINVAL;
		return NULL;
	}
	FILE *f = fdopen(fd, "rb");
	if (!f) {
		close(fd);
		return NULL;
	}
	char *text = xmalloc(STARTER_TEMPLATE_MAX + 1);
	size_t n = fread(text, 1, STARTER_TEMPLATE_MAX + 1, f);
	int err = ferror(f) ? errno : 0;
	fclose(f);
	if (err || n > STARTER_TEMPLATE_MAX) {
		free(text);
		errno = err ? err : EFBIG;
		return NULL;
	}
	text[n] = '\0';
	*len = n;
	return text;
}

/* The template with its placeholder id replaced; NULL when the template
 * does not hold the placeholder exactly once (a broken installation). */
static char *fill(const char *text, size_t len, const char *id, size_t *out_len)
{
	const char *at = strstr(text, STARTER_ID_MARKER);
	if (!at || strstr(at + 1, STARTER_ID_MARKER) || strlen(text) != len)
		return NULL;
	size_t head = (size_t)(at - text), marker = strlen(STARTER_ID_MARKER);
	char *out = xasprintf("%.*sid=\"%s\"%s", (int)head, text, id, at + marker);
	*out_len = strlen(out);
	return out;
}

starter_status starter_fill(const char *data_dir, const char *ruleset, const char *id, char **text, size_t *len,
	char **template)
{
	*text = NULL;
	*len = 0;
	*template = datadir_item(data_dir, DATADIR_TEMPLATES, ruleset);
	size_t raw_len = 0;
	char *raw = read_template(*template, &raw_len);
	if (!raw)
		return STARTER_UNREADABLE;
	*text = fill(raw, raw_len, id, len);
	free(raw);
	return *text ? STARTER_OK : STARTER_BROKEN;
}

static bool write_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, data, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return false;
		}
		data += n;
		len -= (size_t)n;
	}
	return true;
}

/* Write the file through a temporary file in the same folder, then give
 * it its name.  The last step is link(), which fails rather than replace a
 * file created meanwhile; on a file system without hard links, rename()
 * after a last check. */
starter_write_status starter_write_file(const char *file, const char *data, size_t len, char **error)
{
	*error = NULL;
	const char *slash = strrchr(file, '/');
	char *dir = slash ? xstrndup(file, (size_t)(slash - file) + 1) : xstrdup("./");
	char *tmp = xasprintf("%s.orbat-new.XXXXXX", dir);
	free(dir);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		*error = xasprintf("cannot create %s: %s", file, strerror(errno));
		free(tmp);
		return STARTER_FAILED;
	}
	starter_write_status status = STARTER_FAILED;
	/* mkstemp makes the file private; a scenario is an ordinary file. */
	mode_t mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0 || !write_all(fd, data, len) || fsync(fd) != 0) {
		*error = xasprintf("cannot write %s: %s", file, strerror(errno));
		close(fd);
		goto fail;
	}
	if (close(fd) != 0) {
		*error = xasprintf("cannot write %s: %s", file, strerror(errno));
		goto fail;
	}
	if (link(tmp, file) == 0) {
		unlink(tmp);
		free(tmp);
		return STARTER_WRITTEN;
	}
	struct stat st;
	if (errno == EEXIST || lstat(file, &st) == 0) {
		status = STARTER_EXISTS;
		goto fail;
	}
	if (rename(tmp, file) != 0) {
		*error = xasprintf("cannot create %s: %s", file, strerror(errno));
		goto fail;
	}
	free(tmp);
	return STARTER_WRITTEN;
fail:
	unlink(tmp);
	free(tmp);
	return status;
}
