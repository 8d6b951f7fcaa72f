#include "datadir.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef ORBAT_SOURCE_ROOT
#define ORBAT_SOURCE_ROOT "."
#endif
#ifndef ORBAT_BUILD_ROOT
#define ORBAT_BUILD_ROOT "."
#endif
#ifndef ORBAT_INSTALLED_DATADIR
#define ORBAT_INSTALLED_DATADIR "/usr/local/share/orbat"
#endif

static bool running_uninstalled(void)
{
	static int cached = -1;
	if (cached >= 0)
		return cached;
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	cached = 0;
	if (n > 0) {
		exe[n] = '\0';
		size_t len = strlen(ORBAT_BUILD_ROOT);
		cached = strncmp(exe, ORBAT_BUILD_ROOT, len) == 0 && exe[len] == '/';
	}
	return cached;
}

const char *datadir_get(void)
{
	const char *env = getenv("ORBAT_DATADIR");
	if (env && *env)
		return env;
	return running_uninstalled() ? ORBAT_SOURCE_ROOT "/data" : ORBAT_INSTALLED_DATADIR;
}
