#define _XOPEN_SOURCE 700   /* realpath */
#include "studio_guard.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <sys/stat.h>

#include "../base/util.h"

bool studio_token_make(char out[STUDIO_TOKEN_CHARS])
{
	unsigned char bits[16];
	size_t got = 0;
	while (got < sizeof bits) {
		ssize_t n = getrandom(bits + got, sizeof bits - got, 0);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return false;
		}
		got += (size_t)n;
	}
	for (size_t i = 0; i < sizeof bits; i++)
		snprintf(out + 2 * i, 3, "%02x", bits[i]);
	return true;
}

bool studio_token_equal(const char *token, const char *given)
{
	if (!given)
		return false;
	size_t n = strlen(token);
	if (strlen(given) != n)
		return false;
	unsigned char diff = 0;
	for (size_t i = 0; i < n; i++)
		diff |= (unsigned char)(token[i] ^ given[i]);
	return diff == 0;
}

bool studio_cookie_value(const char *header, const char *name, char *out, size_t size)
{
	if (!header)
		return false;
	size_t name_len = strlen(name);
	const char *p = header;
	while (*p) {
		while (*p == ' ' || *p == '\t' || *p == ';')
			p++;
		const char *end = strchr(p, ';');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len > name_len && strncmp(p, name, name_len) == 0 && p[name_len] == '=') {
			size_t value_len = len - name_len - 1;
			while (value_len && (p[name_len + 1 + value_len - 1] == ' ' || p[name_len + 1 + value_len - 1] == '\t'))
				value_len--;
			if (value_len >= size)
				return false;
			memcpy(out, p + name_len + 1, value_len);
			out[value_len] = '\0';
			return true;
		}
		p += len;
	}
	return false;
}

void studio_hosts_init(studio_hosts *h, const char *listen, unsigned port)
{
	memset(h, 0, sizeof *h);
	snprintf(h->names[h->count++], sizeof h->names[0], "127.0.0.1:%u", port);
	snprintf(h->names[h->count++], sizeof h->names[0], "localhost:%u", port);
	if (listen && strcmp(listen, "127.0.0.1") != 0) {
		/* An IPv6 address stands in brackets in a Host header. */
		if (strchr(listen, ':'))
			snprintf(h->names[h->count++], sizeof h->names[0], "[%s]:%u", listen, port);
		else
			snprintf(h->names[h->count++], sizeof h->names[0], "%s:%u", listen, port);
	}
}

bool studio_host_ok(const studio_hosts *h, const char *host)
{
	if (!host)
		return false;
	for (size_t i = 0; i < h->count; i++)
		if (strcasecmp(h->names[i], host) == 0)
			return true;
	return false;
}

bool studio_origin_ok(const char *origin, const char *host)
{
	if (!origin || !host || strncmp(origin, "http://", 7) != 0)
		return false;
	return strcasecmp(origin + 7, host) == 0;
}

bool studio_name_ok(const char *name)
{
	size_t n = name ? strlen(name) : 0;
	if (n == 0 || n > 128 || name[0] == '.')
		return false;
	for (const char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '-'
			    || *p == '_' || *p == '.'))
			return false;
	return true;
}

char *studio_realpath(const char *path)
{
	return realpath(path, NULL);
}

char *studio_path_inside(const char *folder, const char *name)
{
	if (!studio_name_ok(name))
		return NULL;
	char *path = xasprintf("%s/%s", folder, name);
	char *real = studio_realpath(path);
	free(path);
	if (!real)
		return NULL;
	/* The file itself, once every link is followed, must lie directly in
	 * the folder: a link pointing out of it is refused. */
	size_t n = strlen(folder);
	struct stat st;
	bool inside = strncmp(real, folder, n) == 0 && real[n] == '/' && !strchr(real + n + 1, '/')
		&& stat(real, &st) == 0 && S_ISREG(st.st_mode);
	if (!inside) {
		free(real);
		return NULL;
	}
	return real;
}

char *studio_path_new(const char *folder, const char *name)
{
	size_t n = name ? strlen(name) : 0;
	if (!studio_name_ok(name) || n < 5 || strcmp(name + n - 4, ".xml") != 0)
		return NULL;
	char *path = xasprintf("%s/%s", folder, name);
	struct stat st;
	/* Anything of that name, even a dangling link, is not overwritten. */
	if (lstat(path, &st) == 0 || errno != ENOENT) {
		free(path);
		return NULL;
	}
	return path;
}
