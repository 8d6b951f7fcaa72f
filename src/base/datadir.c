#include "datadir.h"

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

#ifndef ORBAT_INSTALLED_DATADIR
#define ORBAT_INSTALLED_DATADIR "/usr/local/share/orbat"
#endif

/* Where the path in use came from, for the message of datadir_check(). */
typedef enum { FROM_ENV, FROM_BUILD, FROM_INSTALL } datadir_origin;

static datadir_origin origin;         /* of the last datadir_get() */
static const char *fallback;          /* without ORBAT_DATADIR, found once */
static datadir_origin fallback_origin;
static char note_path[PATH_MAX];

/* The data folder named in the note beside the running program, which
 * only a build folder holds; false for an installed program.  Reading
 * /proc/self/exe finds the note wherever the program is run from. */
static bool read_uninstalled_note(char *out, size_t size)
{
	char path[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
	if (n <= 0)
		return false;
	path[n] = '\0';
	char *slash = strrchr(path, '/');
	if (!slash || (size_t)(slash - path) + 1 + sizeof DATADIR_UNINSTALLED_NOTE > sizeof path)
		return false;
	strcpy(slash + 1, DATADIR_UNINSTALLED_NOTE);
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	bool ok = fgets(out, (int)size, f) != NULL;
	fclose(f);
	if (!ok)
		return false;
	out[strcspn(out, "\r\n")] = '\0';
	/* Only an absolute path: a relative one would depend on the folder
	 * the user happens to be in. */
	return out[0] == '/';
}

const char *datadir_get(void)
{
	/* Read each time, as before: a caller may set it while running. */
	const char *env = getenv("ORBAT_DATADIR");
	if (env && *env) {
		origin = FROM_ENV;
		return env;
	}
	if (!fallback) {
		if (read_uninstalled_note(note_path, sizeof note_path)) {
			fallback = note_path;
			fallback_origin = FROM_BUILD;
		} else {
			fallback = ORBAT_INSTALLED_DATADIR;
			fallback_origin = FROM_INSTALL;
		}
	}
	origin = fallback_origin;
	return fallback;
}

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_readable_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, R_OK) == 0;
}

/* Whether the folder holds at least one readable file ending in one of
 * the given suffixes. */
static bool dir_has_file(const char *dir, const char *const *suffixes, size_t count)
{
	DIR *d = opendir(dir);
	if (!d)
		return false;
	bool found = false;
	struct dirent *e;
	while (!found && (e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		for (size_t i = 0; i < count && !found; i++) {
			size_t slen = strlen(suffixes[i]);
			if (len > slen && strcmp(e->d_name + len - slen, suffixes[i]) == 0) {
				char path[PATH_MAX];
				int n = snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
				found = n > 0 && (size_t)n < sizeof path && is_readable_file(path);
			}
		}
	}
	closedir(d);
	return found;
}

/* What the folder lacks of the files every command reads ("rulesets/ is
 * missing", "fonts/ holds no font", ...), or NULL when it is complete.
 * *partial tells a folder with rulesets in it from one that holds no orbat
 * data at all. */
static const char *find_problem(const char *dir, bool *partial)
{
	/* Each file a command opens first, in the order the commands need
	 * them: the scenario schema and the rulesets for every command, then
	 * the strings, layouts and fonts of the print products. */
	static const char *const files[] = {
		"schema/scenario.rng",
		"i18n/strings.xml",
		"layouts/print.xml",
		"layouts/cards.xml",
	};
	static const char *const xml[] = { ".xml" };
	static const char *const fonts[] = { ".ttf", ".otf" };
	char path[PATH_MAX];

	*partial = false;
	if (!is_dir(dir))
		return access(dir, F_OK) == 0 ? "it is not a folder" : "the folder does not exist";
	if (snprintf(path, sizeof path, "%s/%s", dir, datadir_name(DATADIR_RULESETS)) >= (int)sizeof path)
		return "its name is too long";
	if (!is_dir(path))
		return "rulesets/ is missing";
	if (!dir_has_file(path, xml, 1))
		return "rulesets/ holds no ruleset";
	*partial = true;
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		if (snprintf(path, sizeof path, "%s/%s", dir, files[i]) >= (int)sizeof path)
			return "its name is too long";
		if (!is_readable_file(path)) {
			/* The names are constant: return the one that failed. */
			static char missing[64];
			snprintf(missing, sizeof missing, "%s is missing", files[i]);
			return missing;
		}
	}
	snprintf(path, sizeof path, "%s/%s", dir, datadir_name(DATADIR_FONTS));
	if (!dir_has_file(path, fonts, 2))
		return is_dir(path) ? "fonts/ holds no font" : "fonts/ is missing";
	return NULL;
}

bool datadir_check(const char *command, FILE *err)
{
	const char *dir = datadir_get();
	bool partial;
	const char *problem = find_problem(dir, &partial);
	if (!problem)
		return true;
	const char *what = partial ? "incomplete" : "no";
	switch (origin) {
	case FROM_ENV:
		fprintf(err, "orbat %s: %s orbat data in %s (%s); set ORBAT_DATADIR to the "
			"folder that holds rulesets/ and schema/\n", command, what, dir, problem);
		break;
	case FROM_BUILD:
		fprintf(err, "orbat %s: %s orbat data in %s (%s), the source tree this program "
			"was built from; set ORBAT_DATADIR to the folder that holds rulesets/ "
			"and schema/\n", command, what, dir, problem);
		break;
	case FROM_INSTALL:
		fprintf(err, "orbat %s: %s orbat data in %s (%s), where it was installed; "
			"reinstall orbat or set ORBAT_DATADIR to the folder that holds "
			"rulesets/ and schema/\n", command, what, dir, problem);
		break;
	}
	return false;
}

const char *datadir_name(datadir_part part)
{
	static const char *const names[] = {
		[DATADIR_RULESETS] = "rulesets",
		[DATADIR_RULES] = "rules",
		[DATADIR_SCHEMA] = "schema/scenario.rng",
		[DATADIR_STRINGS] = "i18n",
		[DATADIR_FONTS] = "fonts",
		[DATADIR_LAYOUTS] = "layouts",
		[DATADIR_PRINT_LAYOUTS] = "layouts/print.xml",
		[DATADIR_CARD_LAYOUTS] = "layouts/cards.xml",
		[DATADIR_TEMPLATES] = "templates",
	};
	return names[part];
}

char *datadir_path(const char *dir, datadir_part part)
{
	return xasprintf("%s/%s", dir, datadir_name(part));
}

char *datadir_item(const char *dir, datadir_part folder, const char *id)
{
	return xasprintf("%s/%s/%s.xml", dir, datadir_name(folder), id);
}
