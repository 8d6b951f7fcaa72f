#include "papersize.h"

#include <paper.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "util.h"

/* Whether the system says anything about paper: libpaper 1.1 answers its
 * own built-in default (Letter) when neither the variable nor the file
 * exists, but orbat's default is A4. */
static bool configured(void)
{
	const char *env = getenv("PAPERSIZE");
	if (env && *env)
		return true;
	const char *file = systempapersizefile();
	return file && access(file, R_OK) == 0;
}

const char *papersize_system(char **unsupported)
{
	*unsupported = NULL;
	/* An empty PAPERSIZE means "not set" to a user, but libpaper would
	 * answer the empty name instead of reading /etc/papersize. */
	const char *env = getenv("PAPERSIZE");
	if (env && !*env)
		unsetenv("PAPERSIZE");
	if (!configured())
		return "a4";
	const char *result = "a4";
	paperinit();
	char *name = systempapername();
	if (name) {
		/* paperinfo() knows the aliases and ignores case; its name is
		 * the canonical one ("letter" for "Letter"). */
		const struct paper *p = paperinfo(name);
		const char *canonical = p ? papername(p) : name;
		if (strcasecmp(canonical, "a4") == 0)
			result = "a4";
		else if (strcasecmp(canonical, "letter") == 0)
			result = "letter";
		else if (*canonical)
			*unsupported = xstrdup(canonical);
		free(name);
	}
	paperdone();
	return result;
}
