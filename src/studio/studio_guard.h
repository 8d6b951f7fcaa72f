/* What the studio's server checks before it does anything for a request:
 * a local server is reachable from every page the user's browser opens,
 * so each request is treated as hostile until it proves otherwise.  The
 * checks are plain functions of the request's texts, so that the tests
 * and the fuzz harness reach them without a socket. */
#ifndef ORBAT_STUDIO_GUARD_H
#define ORBAT_STUDIO_GUARD_H

#include <stdbool.h>
#include <stddef.h>

/* 128 random bits as 32 lower-case hex digits and a NUL. */
#define STUDIO_TOKEN_CHARS 33
#define STUDIO_COOKIE "orbat_token"

/* A fresh token from the kernel's random source (getrandom); false when
 * none can be had. */
bool studio_token_make(char out[STUDIO_TOKEN_CHARS]);
/* Whether `given` is the token, compared in a time that does not depend
 * on where they differ. */
bool studio_token_equal(const char *token, const char *given);
/* The value of the cookie `name` in a Cookie header ("a=1; b=2"), copied
 * into out (at most size - 1 bytes); false when absent or too long. */
bool studio_cookie_value(const char *header, const char *name, char *out, size_t size);

/* The names a request may reach the server by: the loopback address and
 * "localhost", and the --listen address when one is given, each with the
 * port. */
typedef struct studio_hosts {
	char names[3][96];
	size_t count;
} studio_hosts;

/* listen: the --listen address or NULL (then 127.0.0.1). */
void studio_hosts_init(studio_hosts *h, const char *listen, unsigned port);
/* Whether a Host header names the server (exactly, case-insensitively). */
bool studio_host_ok(const studio_hosts *h, const char *host);
/* Whether an Origin header is "http://" followed by the request's Host. */
bool studio_origin_ok(const char *origin, const char *host);

/* The path with every link, '.' and '..' resolved (free it), or NULL
 * with errno set. */
char *studio_realpath(const char *path);
/* Whether NAME is a plain file name the server may serve or open: not
 * empty, at most 128 bytes, of letters, digits, '-', '_' and '.', not
 * starting with '.', so that no '/', no ".." and no hidden file passes. */
bool studio_name_ok(const char *name);
/* FOLDER/NAME when NAME passes studio_name_ok and the file it resolves
 * to (symbolic links followed) is a regular file inside FOLDER (itself a
 * resolved path); a fresh string, or NULL. */
char *studio_path_inside(const char *folder, const char *name);
/* FOLDER/NAME for a file to be made: NAME passes studio_name_ok and ends
 * in ".xml", and nothing of that name (not even a link) is in FOLDER yet;
 * a fresh string, or NULL. */
char *studio_path_new(const char *folder, const char *name);

#endif
