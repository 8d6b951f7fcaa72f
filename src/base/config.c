#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "regfile.h"
#include "util.h"

char *config_default_path(void)
{
	const char *xdg = getenv("XDG_CONFIG_HOME");
	/* The XDG base directory rules: a relative value is to be ignored. */
	if (xdg && xdg[0] == '/')
		return xasprintf("%s/orbat/orbat.conf", xdg);
	const char *home = getenv("HOME");
	if (home && *home)
		return xasprintf("%s/.config/orbat/orbat.conf", home);
	return NULL;
}

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	size_t n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
		s[--n] = '\0';
	return s;
}

/* One number in millimetres within the limit; the whole text must be it. */
static bool parse_mm(const char *text, double *out)
{
	char *copy = xstrdup(text);
	char *s = trim(copy), *end = NULL;
	errno = 0;
	double v = *s ? strtod(s, &end) : 0;
	bool ok = *s && end && *end == '\0' && errno == 0 && isfinite(v) && fabs(v) <= CONFIG_MAX_BACK_OFFSET;
	free(copy);
	if (ok)
		*out = v == 0 ? 0 : v;   /* no "-0" */
	return ok;
}

bool config_parse_offset(const char *text, double out[2])
{
	const char *comma = strchr(text, ',');
	if (!comma || strchr(comma + 1, ','))
		return false;
	char *x = xasprintf("%.*s", (int)(comma - text), text);
	double v[2];
	bool ok = parse_mm(x, &v[0]) && parse_mm(comma + 1, &v[1]);
	free(x);
	if (ok) {
		out[0] = v[0];
		out[1] = v[1];
	}
	return ok;
}

/* Lines longer than this are not a configuration file. */
#define CONFIG_LINE_MAX 1024

bool config_load(const char *path, orbat_config *out, char **error)
{
	memset(out, 0, sizeof *out);
	*error = NULL;
	/* Every command reads it: a pipe or a device in its place must not
	 * hang them all. */
	const char *why = NULL;
	int fd = regfile_open(path, &why);
	if (fd < 0) {
		if (errno == ENOENT && strcmp(why, REGFILE_NOT_REGULAR) != 0)
			return true;
		*error = xasprintf("%s: cannot read the configuration file: %s", path, why);
		return false;
	}
	FILE *f = fdopen(fd, "r");
	if (!f) {
		*error = xasprintf("%s: cannot read the configuration file: %s", path, strerror(errno));
		close(fd);
		return false;
	}
	char line[CONFIG_LINE_MAX + 2];
	int number = 0;
	while (!*error && fgets(line, sizeof line, f)) {
		number++;
		size_t len = strlen(line);
		if (len > CONFIG_LINE_MAX && line[len - 1] != '\n') {
			*error = xasprintf("%s:%d: line longer than %d characters", path, number, CONFIG_LINE_MAX);
			break;
		}
		char *s = trim(line);
		if (!*s || *s == '#')
			continue;
		char *eq = strchr(s, '=');
		if (!eq) {
			*error = xasprintf("%s:%d: expected 'key = value', not '%s'", path, number, s);
			break;
		}
		*eq = '\0';
		char *key = trim(s), *value = trim(eq + 1);
		if (str_eq(key, "back-offset")) {
			if (out->has_back_offset)
				*error = xasprintf("%s:%d: back-offset is given twice", path, number);
			else if (!config_parse_offset(value, out->back_offset))
				*error = xasprintf("%s:%d: back-offset takes X,Y in millimetres, each from -%g to %g "
					"(as 'orbat calibrate' measures them), not '%s'", path, number,
					CONFIG_MAX_BACK_OFFSET, CONFIG_MAX_BACK_OFFSET, value);
			else
				out->has_back_offset = true;
		} else {
			*error = xasprintf("%s:%d: unknown key '%s'; the keys are: back-offset", path, number, key);
		}
	}
	if (!*error && ferror(f))
		*error = xasprintf("%s: cannot read the configuration file: %s", path, strerror(errno));
	fclose(f);
	return *error == NULL;
}
