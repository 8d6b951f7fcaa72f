/* libFuzzer harness for the studio's request handling (studio/studio_api.h):
 * every request the HTTP library hands over, past or stopped by the
 * security checks, routed, answered in JSON, SVG or a file.
 *
 * An input is a request: its first byte says which of the guards it
 * passes (bit 0 the right Host, bit 1 the right token cookie, bit 2 the
 * right Origin, bit 3 a POST, bit 4 HEAD instead of GET); then lines,
 * split at '\n': the path, then query arguments KEY=VALUE, up to an empty
 * line, after which the rest is the body.  Random paths seldom name a
 * route, so a path of one byte 0x01..0x09 or 0x0b..0x0f stands for one of
 * the routes (0x0a ends the line).
 * Whatever the bytes, an answer has a status from 200 to 599, a content
 * type and a body, and everything is freed.  The studio opens a copy of
 * the bundled scenarios' folder in a temporary folder, with antietam.xml
 * open: the edits, saves and new scenarios the inputs make change only the
 * copy, and a file a save or new adds to it is removed again. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "fuzz_common.h"
#include "studio/studio_api.h"
#include "studio/studio_guard.h"
#include "text/context.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static context ctx;
static studio_api *api;
#define FUZZ_PORT 8123

static const char *const ROUTES[] = {
	"/", "/static/studio.js", "/api/strings", "/api/files", "/api/state", "/api/board.svg", "/api/cells",
	"/api/explain", "/api/open", "/api/edit", "/api/undo", "/api/redo", "/api/save", "/api/new",
};

static char *folder;            /* the copy of the bundled scenarios */
static char **originals;        /* its files' names, as copied */
static size_t original_count;

static bool is_original(const char *name)
{
	for (size_t i = 0; i < original_count; i++)
		if (strcmp(originals[i], name) == 0)
			return true;
	return false;
}

/* The bundled scenarios copied into a fresh temporary folder (resolved). */
static char *folder_copy(const char *from)
{
	char tmpl[] = "/tmp/orbat-fuzz-studio-XXXXXX";
	if (!mkdtemp(tmpl))
		return NULL;
	DIR *dir = opendir(from);
	size_t cap = 0;
	for (struct dirent *e; dir && (e = readdir(dir));) {
		size_t n = strlen(e->d_name);
		if (n < 5 || strcmp(e->d_name + n - 4, ".xml") != 0)
			continue;
		char *src = xasprintf("%s/%s", from, e->d_name);
		char *dst = xasprintf("%s/%s", tmpl, e->d_name);
		FILE *in = fopen(src, "rb"), *out = fopen(dst, "wb");
		char buf[65536];
		size_t got;
		while (in && out && (got = fread(buf, 1, sizeof buf, in)) > 0)
			fwrite(buf, 1, got, out);
		if (in)
			fclose(in);
		if (out)
			fclose(out);
		free(src);
		free(dst);
		grow_array((void **)&originals, &cap, original_count + 1, sizeof *originals);
		originals[original_count++] = xstrdup(e->d_name);
	}
	if (dir)
		closedir(dir);
	return studio_realpath(tmpl);
}

/* Files a save or new added to the copy go again, so that the folder
 * does not fill up over a long run; all: every file, and the folder. */
static void folder_tidy(bool all)
{
	DIR *dir = opendir(folder);
	for (struct dirent *e; dir && (e = readdir(dir));) {
		if (e->d_name[0] == '.' || (!all && is_original(e->d_name)))
			continue;
		char *path = xasprintf("%s/%s", folder, e->d_name);
		unlink(path);
		free(path);
	}
	if (dir)
		closedir(dir);
	if (all)
		rmdir(folder);
}

/* At the end of a run the copy goes whole. */
static void folder_remove(void)
{
	folder_tidy(true);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_start("fuzz_studio");
	const char *dir = getenv("ORBAT_DATADIR");
	context_init(&ctx, dir && *dir ? dir : ORBAT_FUZZ_DATADIR);
	char *scenarios = xasprintf("%s/scenarios", fuzz_source_dir());
	folder = folder_copy(scenarios);
	char *error = NULL;
	studio_api_options o = { &ctx, folder, "antietam.xml", NULL, LANG_EN, false };
	api = folder ? studio_api_create(&o, &error) : NULL;
	if (!api) {
		fprintf(stderr, "fuzz_studio: the studio does not start over %s: %s\n", scenarios,
			error ? error : "no such folder");
		exit(2);
	}
	studio_api_set_port(api, FUZZ_PORT);
	atexit(folder_remove);
	free(scenarios);
	return 0;
}

/* The next line of [*p, end) as a fresh string; *p moves past it. */
static char *next_line(const char **p, const char *end)
{
	const char *nl = memchr(*p, '\n', (size_t)(end - *p));
	const char *stop = nl ? nl : end;
	char *line = xstrndup(*p, (size_t)(stop - *p));
	*p = nl ? nl + 1 : end;
	return line;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	unsigned flags = data[0];
	const char *p = (const char *)data + 1, *end = (const char *)data + size;
	char *path = next_line(&p, end);
	size_t route_at = path[0] >= 1 && path[0] <= 9 ? (size_t)path[0] - 1 : (size_t)path[0] - 2;
	if (path[0] >= 1 && path[0] != '\n' && route_at < ARRAY_LEN(ROUTES) && path[1] == '\0') {
		char *route = xstrdup(ROUTES[route_at]);
		free(path);
		path = route;
	}
	studio_arg args[16];
	char *lines[16];
	size_t n = 0;
	while (p < end && n < ARRAY_LEN(args)) {
		char *line = next_line(&p, end);
		if (!*line) {
			free(line);
			break;
		}
		lines[n] = line;
		char *eq = strchr(line, '=');
		if (eq)
			*eq = '\0';
		args[n] = (studio_arg){ line, eq ? eq + 1 : NULL };
		n++;
	}
	char host[64], cookie[64], origin[80];
	snprintf(host, sizeof host, "127.0.0.1:%d", FUZZ_PORT);
	snprintf(cookie, sizeof cookie, "%s=%s", studio_api_cookie_name(api), studio_api_token(api));
	snprintf(origin, sizeof origin, "http://%s", host);
	studio_request req = {
		.method = flags & 8 ? "POST" : flags & 16 ? "HEAD" : "GET",
		.path = path,
		.args = args,
		.arg_count = n,
		.host = flags & 1 ? host : "evil.example",
		.origin = flags & 4 ? origin : NULL,
		.cookie = flags & 2 ? cookie : "orbat_token=0",
		.body = p,
		.body_size = (size_t)(end - p),
	};
	studio_response resp;
	studio_api_handle(api, &req, &resp);
	if (resp.status < 200 || resp.status > 599 || !resp.content_type || !resp.body)
		abort();
	studio_response_finish(&resp);
	if (strcmp(path, "/api/save") == 0 || strcmp(path, "/api/new") == 0)
		folder_tidy(false);
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	free(path);
	return 0;
}
