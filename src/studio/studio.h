/* orbat studio: a local web server that shows a scenario on its board in
 * the browser, beside the command line as a second front over the same
 * library.  This is its entry: the HTTP server (libmicrohttpd) on the
 * loopback address, the one line with the address and its token, and a
 * clean stop on SIGINT.  What it answers is studio_api.h's business. */
#ifndef ORBAT_STUDIO_H
#define ORBAT_STUDIO_H

#include <stdbool.h>

#include "../text/context.h"
#include "../text/lang.h"

typedef struct studio_opts {
	context *ctx;
	const char *file;        /* the scenario to open, or NULL: the start page */
	long port;               /* 0: a free port */
	bool open;               /* run xdg-open on the address */
	const char *listen;      /* an address other than 127.0.0.1, or NULL */
	lang_id lang;
	bool lang_given;
	bool play;               /* --play: a game on `file` starts at once */
	const char *side;        /* its side for the user (--side), or NULL */
	const char *player;      /* the computer's player (--player), or NULL */
} studio_opts;

/* Serve until SIGINT or SIGTERM.  The exit status: 0 after a clean stop,
 * 2 when the file cannot be opened or the port not had, 3 for a broken
 * installation; the message is on stderr, "orbat studio: ...". */
int studio_run(const studio_opts *o);

#endif
