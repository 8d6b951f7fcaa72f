#include "studio_balance.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../base/outtree.h"
#include "../base/util.h"
#include "../rules/players.h"

extern char **environ;

/* The report a run writes is a few kilobytes; anything past this is not
 * a report of ours. */
#define REPORT_MAX (1024L * 1024L)
/* The end of the child's standard error that is read: its last progress
 * line, or why it failed. */
#define ERRORS_TAIL 4096
/* How long a stopped run is given to end before it is killed (ms). */
#define STOP_GRACE_MS 3000

typedef enum run_state { RUN_NONE, RUN_RUNNING, RUN_DONE, RUN_FAILED, RUN_STOPPED } run_state;

static const char *const STATE_NAMES[] = { "none", "running", "done", "failed", "stopped" };

struct studio_balance {
	char *dir;                 /* the private temporary folder, or NULL */
	char *run;                 /* the last run's folder in it, or NULL */
	unsigned long serial;      /* runs started so far */
	pid_t pid;                 /* the run going on, or 0 */
	run_state state;
	/* What the last run measures. */
	char *file;                /* the scenario's file name in the page */
	unsigned long long digest; /* of the scenario's bytes it was given */
	long games;
	char *players;             /* as asked; NULL: the default players */
	unsigned long long seed;
	lang_id lang;
	json_t *report;            /* once done */
	char *error;               /* once failed */
};

studio_balance *studio_balance_create(void)
{
	return xcalloc(1, sizeof(studio_balance));
}

/* Stop the run going on, if any: SIGTERM to its process group (the
 * balance command stops its workers on it), SIGKILL when it has not ended
 * after a grace period.  Reaped either way. */
static void stop_child(studio_balance *b)
{
	if (!b->pid)
		return;
	kill(-b->pid, SIGTERM);
	int status;
	for (int waited = 0; waitpid(b->pid, &status, WNOHANG) == 0; waited += 10) {
		if (waited >= STOP_GRACE_MS) {
			kill(-b->pid, SIGKILL);
			waitpid(b->pid, &status, 0);
			break;
		}
		nanosleep(&(struct timespec){ 0, 10 * 1000 * 1000 }, NULL);
	}
	b->pid = 0;
}

/* The last run's results go (not its folder's name counter). */
static void forget(studio_balance *b)
{
	stop_child(b);
	if (b->run)
		outtree_remove(b->run);
	free(b->run);
	free(b->file);
	free(b->players);
	free(b->error);
	json_decref(b->report);
	b->run = b->file = b->players = b->error = NULL;
	b->report = NULL;
	b->state = RUN_NONE;
}

void studio_balance_destroy(studio_balance *b)
{
	if (!b)
		return;
	forget(b);
	if (b->dir)
		rmdir(b->dir);
	free(b->dir);
	free(b);
}

bool studio_balance_route(const char *path)
{
	return strcmp(path, "/api/balance") == 0 || strcmp(path, "/api/balance/stop") == 0;
}

/* The last ERRORS_TAIL bytes of the run's standard error, NUL-terminated
 * ("" when there are none). */
static char *errors_tail(const studio_balance *b)
{
	char *path = xasprintf("%s/errors.txt", b->run);
	FILE *f = fopen(path, "rb");
	free(path);
	char *text = xcalloc(ERRORS_TAIL + 1, 1);
	if (!f)
		return text;
	if (fseek(f, 0, SEEK_END) == 0) {
		long size = ftell(f);
		fseek(f, size > ERRORS_TAIL ? size - ERRORS_TAIL : 0, SEEK_SET);
	}
	size_t got = fread(text, 1, ERRORS_TAIL, f);
	text[got] = '\0';
	fclose(f);
	return text;
}

/* The games played and in all from the last --progress line of the run's
 * standard error; false when there is none yet. */
static bool progress_of(const char *errors, long *played, long *total)
{
	bool found = false;
	for (const char *line = errors; *line;) {
		long a, b;
		if (sscanf(line, "orbat balance: %ld of %ld games played", &a, &b) == 2) {
			*played = a;
			*total = b;
			found = true;
		}
		const char *nl = strchr(line, '\n');
		line = nl ? nl + 1 : line + strlen(line);
	}
	return found;
}

/* What the run said besides its progress: why it failed. */
static char *failure_of(const char *errors, int status)
{
	byte_buf out = { 0 };
	for (const char *line = errors; *line;) {
		const char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) : strlen(line);
		long a, b;
		if (n && sscanf(line, "orbat balance: %ld of %ld games played", &a, &b) != 2) {
			if (out.len)
				bytes_put(&out, "\n", 1);
			bytes_put(&out, line, n);
		}
		line += n + (nl ? 1 : 0);
	}
	if (!out.len) {
		char *why = WIFSIGNALED(status) ? xasprintf("the run was ended by signal %d", WTERMSIG(status))
			: xasprintf("the run ended with exit status %d", WEXITSTATUS(status));
		bytes_put(&out, why, strlen(why));
		free(why);
	}
	bytes_put(&out, "", 1);
	return (char *)out.p;
}

/* A run that has ended since the last look: reaped, its report read. */
static void poll_child(studio_balance *b)
{
	int status;
	if (!b->pid || waitpid(b->pid, &status, WNOHANG) != b->pid)
		return;
	b->pid = 0;
	char *path = xasprintf("%s/report.json", b->run);
	json_error_t jerr;
	struct stat st;
	json_t *report = WIFEXITED(status) && WEXITSTATUS(status) == 0 && stat(path, &st) == 0
		&& st.st_size <= REPORT_MAX ? json_load_file(path, JSON_REJECT_DUPLICATES, &jerr) : NULL;
	free(path);
	if (json_is_object(report)) {
		b->report = report;
		b->state = RUN_DONE;
		return;
	}
	json_decref(report);
	char *errors = errors_tail(b);
	b->error = failure_of(errors, status);
	free(errors);
	b->state = RUN_FAILED;
}

static json_t *facts(studio_balance *b, const studio_doc *doc)
{
	poll_child(b);
	json_t *f = json_pack("{s:s, s:I}", "state", STATE_NAMES[b->state], "serial", (json_int_t)b->serial);
	if (b->state == RUN_NONE)
		return f;
	long played = 0, total = 0;
	char *errors = errors_tail(b);
	if (!progress_of(errors, &played, &total))
		played = total = 0;
	free(errors);
	bool current = doc && strcmp(doc->name, b->file) == 0 && studio_doc_digest(doc) == b->digest;
	json_object_update_new(f, json_pack("{s:s, s:I, s:o, s:I, s:s, s:I, s:I, s:b}", "file", b->file, "games",
		(json_int_t)b->games, "players", b->players ? json_string(b->players) : json_null(), "seed",
		(json_int_t)b->seed, "lang", lang_code(b->lang), "played", (json_int_t)played, "total",
		(json_int_t)total, "current", current));
	if (b->report)
		json_object_set(f, "report", b->report);
	if (b->error)
		json_object_set_new(f, "error", json_string(b->error));
	return f;
}

/* "A" or "A,B", each a player of the library that plays the grid; NULL
 * when it is, else why not. */
static const char *players_refused(const char *players, grid_kind grid)
{
	char names[2][64];
	const char *comma = strchr(players, ',');
	size_t first = comma ? (size_t)(comma - players) : strlen(players);
	if (first == 0 || first >= sizeof names[0] || (comma && (strlen(comma + 1) == 0
		|| strlen(comma + 1) >= sizeof names[1] || strchr(comma + 1, ','))))
		return "players must be one player's name, or two separated by a comma";
	memcpy(names[0], players, first);
	names[0][first] = '\0';
	snprintf(names[1], sizeof names[1], "%s", comma ? comma + 1 : names[0]);
	for (int i = 0; i < 2; i++) {
		const player_kind *k = player_kind_find(names[i]);
		if (!k || !player_kind_on(k, grid))
			return "no such player plays this scenario's grid (see /api/game/players)";
	}
	return NULL;
}

/* Where this program is, to run its balance command. */
static char *self_path(void)
{
	char path[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
	if (n <= 0)
		return NULL;
	path[n] = '\0';
	return xstrdup(path);
}

/* The run's folder made and the scenario written into it; false with a
 * message (free it). */
static bool prepare(studio_balance *b, const studio_doc *doc, char **error)
{
	if (!b->dir && !(b->dir = outtree_private_folder("orbat-balance"))) {
		*error = xstrdup("no temporary folder can be made for the balance run");
		return false;
	}
	b->run = xasprintf("%s/run-%lu", b->dir, b->serial);
	char *copy = xasprintf("%s/%s", b->run, doc->name);
	size_t size;
	const char *bytes = scenario_doc_bytes(doc->edit, &size);
	FILE *f = mkdir(b->run, 0700) == 0 ? fopen(copy, "wb") : NULL;
	bool ok = f && fwrite(bytes, 1, size, f) == size;
	if (f && fclose(f) != 0)
		ok = false;
	free(copy);
	if (!ok)
		*error = xasprintf("the scenario cannot be written for the balance run: %s", strerror(errno));
	return ok;
}

/* The child: `orbat balance` with the run's options, its standard output
 * and error into the run's folder, in a process group of its own (a stop
 * reaches its workers), with the signals a command expects (the server
 * blocks SIGINT and SIGTERM in every thread). */
static bool spawn(studio_balance *b, const studio_doc *doc, char **error)
{
	char *self = self_path();
	char *copy = xasprintf("%s/%s", b->run, doc->name);
	char *report = xasprintf("%s/report.json", b->run);
	char *errors = xasprintf("%s/errors.txt", b->run);
	char games[32], seed[32];
	snprintf(games, sizeof games, "%ld", b->games);
	snprintf(seed, sizeof seed, "%llu", b->seed);
	char *argv[16];
	int n = 0;
	argv[n++] = self;
	argv[n++] = "balance";
	argv[n++] = "--format";
	argv[n++] = "json";
	argv[n++] = "--progress";
	argv[n++] = "--lang";
	argv[n++] = (char *)lang_code(b->lang);
	argv[n++] = "--games";
	argv[n++] = games;
	argv[n++] = "--seed";
	argv[n++] = seed;
	if (b->players) {
		argv[n++] = "--players";
		argv[n++] = b->players;
	}
	argv[n++] = "--";
	argv[n++] = copy;
	argv[n] = NULL;
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, report, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, errors, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	posix_spawnattr_init(&attr);
	sigset_t none, defaults;
	sigemptyset(&none);
	sigemptyset(&defaults);
	sigaddset(&defaults, SIGINT);
	sigaddset(&defaults, SIGTERM);
	sigaddset(&defaults, SIGHUP);
	sigaddset(&defaults, SIGPIPE);
	posix_spawnattr_setsigmask(&attr, &none);
	posix_spawnattr_setsigdefault(&attr, &defaults);
	posix_spawnattr_setpgroup(&attr, 0);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP);
	int err = self ? posix_spawn(&b->pid, self, &fa, &attr, argv, environ) : ENOENT;
	posix_spawnattr_destroy(&attr);
	posix_spawn_file_actions_destroy(&fa);
	if (err) {
		b->pid = 0;
		*error = xasprintf("the balance run cannot be started: %s", strerror(err));
	}
	free(self);
	free(copy);
	free(report);
	free(errors);
	return err == 0;
}

/* Why the open scenario cannot be measured now, or NULL. */
static const char *unplayable(const studio_doc *doc)
{
	if (!doc)
		return "no scenario is open";
	if (doc->status != VALIDATE_OK || !doc->rs)
		return "the scenario has errors: correct them (see the diagnostics) to measure its balance";
	return NULL;
}

static void post_start(studio_balance *b, const studio_doc *doc, const studio_request *req, lang_id lang,
	studio_response *resp)
{
	static const char *usage = "expected {\"games\": 1 to 100000, \"players\": \"NAME\" or \"NAME,NAME\" "
				   "(optional), \"seed\": a whole number (optional), \"lang\": \"en\" | \"nl\" | \"fr\" "
				   "(optional)}";
	json_error_t jerr;
	json_t *body = json_loadb(req->body ? req->body : "", req->body_size, JSON_REJECT_DUPLICATES, &jerr);
	const json_t *games = json_object_get(body, "games"), *players = json_object_get(body, "players");
	const json_t *seed = json_object_get(body, "seed"), *lang_value = json_object_get(body, "lang");
	const char *why = NULL;
	char *error = NULL;
	poll_child(b);
	if (!json_is_object(body) || !json_is_integer(games) || json_integer_value(games) < 1
		|| json_integer_value(games) > STUDIO_BALANCE_MAX_GAMES || (players && !json_is_null(players)
		&& !json_is_string(players)) || (seed && !(json_is_integer(seed) && json_integer_value(seed) >= 0)))
		studio_response_error(resp, 400, usage);
	else if (lang_value && !(json_is_string(lang_value) && lang_parse(json_string_value(lang_value), &lang)))
		studio_response_error(resp, 400, "lang must be en, nl or fr");
	else if ((why = unplayable(doc)))
		studio_response_error(resp, doc ? 422 : 409, why);
	else if (json_is_string(players) && (why = players_refused(json_string_value(players), doc->rs->grid)))
		studio_response_error(resp, 400, why);
	else if (b->pid)
		studio_response_error(resp, 409, "a balance run is going on: stop it first");
	else {
		forget(b);
		b->serial++;
		b->file = xstrdup(doc->name);
		b->digest = studio_doc_digest(doc);
		b->games = (long)json_integer_value(games);
		b->players = json_is_string(players) ? xstrdup(json_string_value(players)) : NULL;
		b->seed = seed ? (unsigned long long)json_integer_value(seed) : 1;
		b->lang = lang;
		if (prepare(b, doc, &error) && spawn(b, doc, &error)) {
			b->state = RUN_RUNNING;
			studio_response_json(resp, 200, facts(b, doc));
		} else {
			b->state = RUN_FAILED;
			b->error = xstrdup(error);
			studio_response_error(resp, 500, error);
		}
	}
	free(error);
	json_decref(body);
}

void studio_balance_handle(studio_balance *b, const studio_doc *doc, const studio_request *req, lang_id lang,
	studio_response *resp)
{
	bool post = strcmp(req->method, "POST") == 0;
	if (strcmp(req->path, "/api/balance") == 0 && post) {
		post_start(b, doc, req, lang, resp);
	} else if (strcmp(req->path, "/api/balance") == 0) {
		studio_response_json(resp, 200, facts(b, doc));
	} else if (!post) {
		studio_response_error(resp, 405, "stop a run with POST");
	} else {
		poll_child(b);
		if (b->pid) {
			stop_child(b);
			b->state = RUN_STOPPED;
		}
		studio_response_json(resp, 200, facts(b, doc));
	}
}
