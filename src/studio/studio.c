/* The HTTP side of the studio: libmicrohttpd's single polling thread
 * collects each request (its body bounded), hands it to studio_api_handle
 * and sends the answer with the headers every answer carries.  The main
 * thread waits for SIGINT or SIGTERM, blocked in every thread so that
 * only sigwait sees them, and then stops the server cleanly. */
#include "studio.h"

#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <microhttpd.h>
#include <pthread.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../base/util.h"
#include "studio_api.h"
#include "studio_guard.h"

extern char **environ;

enum { STUDIO_EXIT_OK = 0, STUDIO_EXIT_USAGE = 2, STUDIO_EXIT_INTERNAL = 3 };

/* One request while its body arrives. */
typedef struct studio_conn {
	byte_buf body;
	bool too_large;
} studio_conn;

/* The query's arguments, gathered from the library. */
typedef struct arg_list {
	studio_arg items[32];
	size_t count;
} arg_list;

static enum MHD_Result arg_add(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
	(void)kind;
	arg_list *list = cls;
	if (list->count < ARRAY_LEN(list->items))
		list->items[list->count++] = (studio_arg){ key, value };
	return MHD_YES;
}

static enum MHD_Result send_answer(struct MHD_Connection *connection, studio_response *answer)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(answer->body_size, answer->body,
		MHD_RESPMEM_MUST_FREE);
	answer->body = NULL;
	if (!r) {
		studio_response_finish(answer);
		return MHD_NO;
	}
	MHD_add_response_header(r, "Content-Type", answer->content_type);
	MHD_add_response_header(r, "Content-Security-Policy", "default-src 'self'");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "Cache-Control", "no-store");
	MHD_add_response_header(r, "X-Frame-Options", "DENY");
	MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
	if (answer->set_cookie)
		MHD_add_response_header(r, "Set-Cookie", answer->set_cookie);
	if (answer->disposition)
		MHD_add_response_header(r, "Content-Disposition", answer->disposition);
	enum MHD_Result ret = MHD_queue_response(connection, (unsigned)answer->status, r);
	MHD_destroy_response(r);
	studio_response_finish(answer);
	return ret;
}

static enum MHD_Result refuse_large(struct MHD_Connection *connection)
{
	studio_response answer;
	memset(&answer, 0, sizeof answer);
	studio_response_error(&answer, 413, "the request is too large");
	return send_answer(connection, &answer);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *connection, const char *url,
	const char *method, const char *version, const char *upload_data, size_t *upload_size, void **con_cls)
{
	(void)version;
	studio_api *api = cls;
	studio_conn *conn = *con_cls;
	if (!conn) {
		*con_cls = conn = xcalloc(1, sizeof *conn);
		/* A body announced too large is refused before it is read. */
		const char *length = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Content-Length");
		if (length) {
			char *end;
			errno = 0;
			unsigned long long n = strtoull(length, &end, 10);
			if (errno || *end || n > STUDIO_BODY_MAX)
				return refuse_large(connection);
		}
		return MHD_YES;
	}
	if (*upload_size) {
		if (!conn->too_large && conn->body.len + *upload_size <= STUDIO_BODY_MAX)
			bytes_put(&conn->body, upload_data, *upload_size);
		else
			conn->too_large = true;
		*upload_size = 0;
		return MHD_YES;
	}
	if (conn->too_large)
		return refuse_large(connection);
	bytes_put(&conn->body, "", 1);
	arg_list args = { .count = 0 };
	MHD_get_connection_values(connection, MHD_GET_ARGUMENT_KIND, arg_add, &args);
	studio_request req = {
		.method = method,
		.path = url,
		.args = args.items,
		.arg_count = args.count,
		.host = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Host"),
		.origin = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Origin"),
		.cookie = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Cookie"),
		.body = (const char *)conn->body.p,
		.body_size = conn->body.len - 1,
	};
	studio_response answer;
	studio_api_handle(api, &req, &answer);
	return send_answer(connection, &answer);
}

static void on_completed(void *cls, struct MHD_Connection *connection, void **con_cls,
	enum MHD_RequestTerminationCode code)
{
	(void)cls;
	(void)connection;
	(void)code;
	studio_conn *conn = *con_cls;
	if (conn) {
		free(conn->body.p);
		free(conn);
	}
	*con_cls = NULL;
}

/* The socket address to listen on: the loopback address, or --listen. */
typedef struct listen_addr {
	struct sockaddr_storage ss;
	bool ipv6;
} listen_addr;

static bool listen_addr_make(const char *text, long port, listen_addr *out)
{
	memset(out, 0, sizeof *out);
	struct sockaddr_in *v4 = (struct sockaddr_in *)&out->ss;
	struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&out->ss;
	if (inet_pton(AF_INET, text, &v4->sin_addr) == 1) {
		v4->sin_family = AF_INET;
		v4->sin_port = htons((uint16_t)port);
		return true;
	}
	if (inet_pton(AF_INET6, text, &v6->sin6_addr) == 1) {
		v6->sin6_family = AF_INET6;
		v6->sin6_port = htons((uint16_t)port);
		out->ipv6 = true;
		return true;
	}
	return false;
}

/* The user's browser on the address; the studio goes on whatever it does. */
static pid_t browser_open(const char *url)
{
	pid_t pid;
	char *argv[] = { "xdg-open", (char *)url, NULL };
	int err = posix_spawnp(&pid, "xdg-open", NULL, NULL, argv, environ);
	if (err) {
		fprintf(stderr, "orbat studio: cannot run xdg-open: %s; open the address yourself\n", strerror(err));
		return -1;
	}
	return pid;
}

static void warn_listen(const char *addr)
{
	fprintf(stderr,
		"orbat studio: WARNING: listening on %s, not only on this computer's loopback address.\n"
		"orbat studio: WARNING: anyone who can reach %s and learns the address's token can read\n"
		"orbat studio: WARNING: the scenarios of this folder; the connection is not encrypted.\n",
		addr, addr);
}

int studio_run(const studio_opts *o)
{
	char *folder = NULL;
	const char *file = NULL;
	if (o->file) {
		/* The folder is the file's, and the file is named within it. */
		char *real = studio_realpath(o->file);
		if (!real) {
			fprintf(stderr, "orbat studio: cannot open %s: %s\n", o->file, strerror(errno));
			return STUDIO_EXIT_USAGE;
		}
		char *slash = strrchr(real, '/');
		folder = slash == real ? xstrdup("/") : xstrndup(real, (size_t)(slash - real));
		file = xstrdup(slash + 1);
		free(real);
	} else {
		folder = studio_realpath(".");
		if (!folder) {
			fprintf(stderr, "orbat studio: cannot read this folder: %s\n", strerror(errno));
			return STUDIO_EXIT_USAGE;
		}
	}
	listen_addr addr;
	const char *host = o->listen ? o->listen : "127.0.0.1";
	if (!listen_addr_make(host, o->port, &addr)) {
		fprintf(stderr, "orbat studio: --listen needs an IP address, not '%s'\n", host);
		free(folder);
		free((char *)file);
		return STUDIO_EXIT_USAGE;
	}
	if (o->listen && strcmp(o->listen, "127.0.0.1") != 0)
		warn_listen(o->listen);

	char *error = NULL;
	studio_api_options ao = { o->ctx, folder, file, o->listen, o->lang, o->lang_given, o->play, o->side, o->player };
	studio_api *api = studio_api_create(&ao, &error);
	free((char *)file);
	free(folder);
	if (!api) {
		fprintf(stderr, "orbat studio: %s\n", error);
		free(error);
		return STUDIO_EXIT_USAGE;
	}

	/* Blocked before the server's thread starts, which inherits the mask. */
	sigset_t stop;
	sigemptyset(&stop);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &stop, NULL);
	signal(SIGPIPE, SIG_IGN);

	unsigned flags = MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD | (addr.ipv6 ? MHD_USE_IPv6 : 0);
	struct MHD_Daemon *daemon = MHD_start_daemon(flags, (uint16_t)o->port, NULL, NULL, on_request, api,
		MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr.ss,
		MHD_OPTION_NOTIFY_COMPLETED, on_completed, NULL,
		MHD_OPTION_CONNECTION_LIMIT, (unsigned)64,
		MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)30,
		MHD_OPTION_END);
	if (!daemon) {
		fprintf(stderr, "orbat studio: cannot listen on %s port %ld: %s\n", host, o->port,
			errno ? strerror(errno) : "refused");
		studio_api_destroy(api);
		return STUDIO_EXIT_USAGE;
	}
	const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
	unsigned port = info ? info->port : (unsigned)o->port;
	studio_api_set_port(api, port);

	char *url = addr.ipv6 ? xasprintf("http://[%s]:%u/?token=%s", host, port, studio_api_token(api))
			      : xasprintf("http://%s:%u/?token=%s", host, port, studio_api_token(api));
	printf("%s\n", url);
	fflush(stdout);
	pid_t browser = o->open ? browser_open(url) : -1;
	free(url);

	int sig = 0;
	while (sigwait(&stop, &sig) != 0)
		;
	MHD_stop_daemon(daemon);
	studio_api_destroy(api);
	if (browser > 0)
		waitpid(browser, NULL, WNOHANG);
	return STUDIO_EXIT_OK;
}
