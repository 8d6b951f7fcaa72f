/* libFuzzer harness for the studio's request handling (studio/studio_api.h):
 * every request the HTTP library hands over, past or stopped by the
 * security checks, routed, answered in JSON, SVG or a file.
 *
 * An input is a request: its first byte says which of the guards it
 * passes (bit 0 the right Host, bit 1 the right token cookie, bit 2 the
 * right Origin, bit 3 a POST, bit 4 HEAD instead of GET); then lines,
 * split at '\n': the path, then query arguments KEY=VALUE, up to an empty
 * line, after which the rest is the body.  Random paths seldom name a
 * route, so a path of one byte 0x01..0x09 stands for one of the routes.
 * Whatever the bytes, an answer has a status from 200 to 599, a content
 * type and a body, and everything is freed.  The studio opens the bundled
 * scenarios' folder, with antietam.xml open. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	"/api/explain", "/api/open",
};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_start("fuzz_studio");
	const char *dir = getenv("ORBAT_DATADIR");
	context_init(&ctx, dir && *dir ? dir : ORBAT_FUZZ_DATADIR);
	char *scenarios = xasprintf("%s/scenarios", fuzz_source_dir());
	char *folder = studio_realpath(scenarios);
	char *error = NULL;
	studio_api_options o = { &ctx, folder, "antietam.xml", NULL, LANG_EN, false };
	api = folder ? studio_api_create(&o, &error) : NULL;
	if (!api) {
		fprintf(stderr, "fuzz_studio: the studio does not start over %s: %s\n", scenarios,
			error ? error : "no such folder");
		exit(2);
	}
	studio_api_set_port(api, FUZZ_PORT);
	free(scenarios);
	free(folder);
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
	if (path[0] >= 1 && path[0] <= (char)ARRAY_LEN(ROUTES) && path[1] == '\0') {
		char *route = xstrdup(ROUTES[path[0] - 1]);
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
	snprintf(cookie, sizeof cookie, "%s=%s", STUDIO_COOKIE, studio_api_token(api));
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
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	free(path);
	return 0;
}
