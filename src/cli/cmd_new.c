/* orbat new --ruleset R FILE: a starter scenario for ruleset R.
 *
 * The scenario is a copy of DATADIR/templates/R.xml, a small but complete
 * battle whose comments teach the format.  Only the scenario id changes:
 * the template's root carries the placeholder id NEW_ID_MARKER, which is
 * replaced by an id made from the file name, so that the output is the
 * template byte for byte apart from that id.  The list of rulesets is the
 * list of templates: a ruleset without a starter scenario is not offered. */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../base/datadir.h"
#include "../base/regfile.h"
#include "../base/util.h"
#include "../text/context.h"
#include "command.h"
#include "options.h"

/* The placeholder in every template, and the id used when the file name
 * gives none (standard output, or a name with no usable character). */
#define NEW_DEFAULT_ID "my-battle"
#define NEW_ID_MARKER "id=\"" NEW_DEFAULT_ID "\""
/* The scenario-id rule: at most 64 characters. */
#define NEW_ID_MAX 64
/* Templates are a few kilobytes; anything far bigger is not one. */
#define NEW_TEMPLATE_MAX (1024 * 1024)

typedef struct new_list {
	char **ids;
	size_t count;
} new_list;

static int new_compare(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The rulesets that have a starter scenario, sorted.  False (errno set)
 * when the templates folder cannot be read. */
static bool new_list_load(const char *data_dir, new_list *out)
{
	out->ids = NULL;
	out->count = 0;
	char *path = datadir_path(data_dir, DATADIR_TEMPLATES);
	DIR *dir = opendir(path);
	free(path);
	if (!dir)
		return false;
	size_t cap = 0;
	struct dirent *e;
	while ((e = readdir(dir))) {
		size_t len = strlen(e->d_name);
		if (len > 4 && e->d_name[0] != '.' && strcmp(e->d_name + len - 4, ".xml") == 0) {
			grow_array((void **)&out->ids, &cap, out->count + 1, sizeof *out->ids);
			out->ids[out->count++] = xstrndup(e->d_name, len - 4);
		}
	}
	closedir(dir);
	if (out->count)
		qsort(out->ids, out->count, sizeof *out->ids, new_compare);
	return true;
}

static void new_list_finish(new_list *list)
{
	for (size_t i = 0; i < list->count; i++)
		free(list->ids[i]);
	free(list->ids);
	list->ids = NULL;
	list->count = 0;
}

static bool new_list_has(const new_list *list, const char *id)
{
	for (size_t i = 0; i < list->count; i++)
		if (strcmp(list->ids[i], id) == 0)
			return true;
	return false;
}

/* "a, b, c or d" */
static char *new_list_text(const new_list *list, const char *last_sep)
{
	char *out = xstrdup("");
	for (size_t i = 0; i < list->count; i++) {
		const char *sep = i == 0 ? "" : i + 1 == list->count ? last_sep : ", ";
		char *next = xasprintf("%s%s%s", out, sep, list->ids[i]);
		free(out);
		out = next;
	}
	return out;
}

static void new_help(FILE *out)
{
	fputs("Usage: orbat new --ruleset RULESET FILE\n"
	      "\n"
	      "Write a small starter scenario for RULESET to FILE: a board with some\n"
	      "terrain, both sides with units and generals, how to win, and a title and\n"
	      "briefing in English, Dutch and French. Its XML comments explain each\n"
	      "element and attribute and name the rule that checks it. The scenario id\n"
	      "comes from the file name: my-battle.xml gets id=\"my-battle\". An existing\n"
	      "FILE is never overwritten; FILE - writes the scenario to standard output.\n"
	      "\n", out);
	new_list list;
	if (new_list_load(datadir_get(), &list) && list.count) {
		/* Wrapped by hand: the list comes from the data folder. */
		size_t col = strlen("Rulesets:");
		fputs("Rulesets:", out);
		for (size_t i = 0; i < list.count; i++) {
			size_t len = strlen(list.ids[i]) + (i + 1 < list.count ? 1 : 0);
			if (col + 1 + len > 78) {
				fputs("\n         ", out);
				col = 9;
			}
			fprintf(out, " %s%s", list.ids[i], i + 1 < list.count ? "," : "");
			col += 1 + len;
		}
		fputc('\n', out);
	} else {
		fprintf(out, "Rulesets: none found in %s/%s\n", datadir_get(), datadir_name(DATADIR_TEMPLATES));
	}
	new_list_finish(&list);
	fputs("\n"
	      "Options:\n"
	      "  --ruleset RULESET   the game the scenario is for (required)\n"
	      "  -q, --quiet         do not print what to do next\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "Then check the scenario with 'orbat validate FILE', print it with\n"
	      "'orbat render FILE', and read about any rule id in square brackets with\n"
	      "'orbat explain RULE-ID'. The format is described in scenario-format.md,\n"
	      "installed under share/doc/orbat.\n"
	      "\n"
	      "Exit status: 0 written, 2 usage error, unknown ruleset, or a FILE that\n"
	      "exists or cannot be written, 3 broken installation.\n", out);
}

static int new_usage_error(void)
{
	fputs("Try 'orbat new --help' for more information.\n", stderr);
	return EXIT_USAGE;
}

/* The scenario id for a file name: its last component without ".xml",
 * lower-cased, every other character outside [a-z0-9._-] turned into '-',
 * runs of '-' merged, no leading '.' or '-', at most NEW_ID_MAX characters,
 * no trailing '-' or '.'.  Nothing left gives the default id. */
static char *new_id_from_path(const char *path)
{
	if (strcmp(path, "-") == 0)
		return xstrdup(NEW_DEFAULT_ID);
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t len = strlen(base);
	if (len >= 4 && strcasecmp(base + len - 4, ".xml") == 0)
		len -= 4;
	char *id = xmalloc(NEW_ID_MAX + 1);
	size_t n = 0;
	for (size_t i = 0; i < len && n < NEW_ID_MAX; i++) {
		unsigned char c = (unsigned char)base[i];
		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c - 'A' + 'a');
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-'))
			c = '-';
		if (c == '-' && n > 0 && id[n - 1] == '-')
			continue;
		if ((c == '-' || c == '.') && n == 0)
			continue;
		id[n++] = (char)c;
	}
	while (n > 0 && (id[n - 1] == '-' || id[n - 1] == '.'))
		n--;
	id[n] = '\0';
	if (n == 0) {
		free(id);
		return xstrdup(NEW_DEFAULT_ID);
	}
	return id;
}

/* Read the template whole.  NULL (errno set) when it cannot be read. */
static char *new_read_template(const char *path, size_t *len)
{
	const char *why = NULL;
	int fd = regfile_open(path, &why);
	if (fd < 0) {
		/* A template that is not a regular file: a broken installation. */
		if (strcmp(why, REGFILE_NOT_REGULAR) == 0)
			errno = EINVAL;
		return NULL;
	}
	FILE *f = fdopen(fd, "rb");
	if (!f) {
		close(fd);
		return NULL;
	}
	char *text = xmalloc(NEW_TEMPLATE_MAX + 1);
	size_t n = fread(text, 1, NEW_TEMPLATE_MAX + 1, f);
	int err = ferror(f) ? errno : 0;
	fclose(f);
	if (err || n > NEW_TEMPLATE_MAX) {
		free(text);
		errno = err ? err : EFBIG;
		return NULL;
	}
	text[n] = '\0';
	*len = n;
	return text;
}

/* The template with its placeholder id replaced; NULL when the template
 * does not hold the placeholder exactly once (a broken installation). */
static char *new_fill(const char *text, size_t len, const char *id, size_t *out_len)
{
	const char *at = strstr(text, NEW_ID_MARKER);
	if (!at || strstr(at + 1, NEW_ID_MARKER) || strlen(text) != len)
		return NULL;
	size_t head = (size_t)(at - text), marker = strlen(NEW_ID_MARKER);
	char *out = xasprintf("%.*sid=\"%s\"%s", (int)head, text, id, at + marker);
	*out_len = strlen(out);
	return out;
}

static bool new_write_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, data, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return false;
		}
		data += n;
		len -= (size_t)n;
	}
	return true;
}

/* Write FILE through a temporary file in the same folder, then give it its
 * name: nothing is ever half written, and a failure leaves nothing behind.
 * The last step is link(), which fails rather than replace a FILE created
 * meanwhile; on a file system without hard links, rename() after a last
 * check.  Returns an exit status; messages are printed here. */
static int new_write_file(const char *file, const char *data, size_t len)
{
	const char *slash = strrchr(file, '/');
	char *dir = slash ? xstrndup(file, (size_t)(slash - file) + 1) : xstrdup("./");
	char *tmp = xasprintf("%s.orbat-new.XXXXXX", dir);
	free(dir);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		fprintf(stderr, "orbat new: cannot create %s: %s\n", file, strerror(errno));
		free(tmp);
		return EXIT_USAGE;
	}
	/* mkstemp makes the file private; a scenario is an ordinary file. */
	mode_t mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0 || !new_write_all(fd, data, len) || fsync(fd) != 0) {
		fprintf(stderr, "orbat new: cannot write %s: %s\n", file, strerror(errno));
		close(fd);
		goto fail;
	}
	if (close(fd) != 0) {
		fprintf(stderr, "orbat new: cannot write %s: %s\n", file, strerror(errno));
		goto fail;
	}
	if (link(tmp, file) == 0) {
		unlink(tmp);
		free(tmp);
		return EXIT_VALID;
	}
	if (errno == EEXIST) {
		fprintf(stderr, "orbat new: %s already exists; orbat new does not overwrite files\n", file);
		goto fail;
	}
	struct stat st;
	if (lstat(file, &st) == 0) {
		fprintf(stderr, "orbat new: %s already exists; orbat new does not overwrite files\n", file);
		goto fail;
	}
	if (rename(tmp, file) != 0) {
		fprintf(stderr, "orbat new: cannot create %s: %s\n", file, strerror(errno));
		goto fail;
	}
	free(tmp);
	return EXIT_VALID;
fail:
	unlink(tmp);
	free(tmp);
	return EXIT_USAGE;
}

/* FILE as the user can paste it into a shell. */
static char *new_shell_word(const char *s)
{
	bool plain = *s != '\0';
	for (const char *p = s; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/+,:@%", *p))
			plain = false;
	if (plain)
		return xstrdup(s);
	char *out = xstrdup("'");
	for (const char *p = s; *p; p++) {
		char *next = *p == '\'' ? xasprintf("%s'\\''", out) : xasprintf("%s%c", out, *p);
		free(out);
		out = next;
	}
	char *done = xasprintf("%s'", out);
	free(out);
	return done;
}

typedef struct new_args { const char *ruleset; } new_args;

static int new_run(const options *o, new_args *a)
{
	const char *ruleset = a->ruleset;
	bool quiet = o->quiet;

	const char *data_dir = context_data_dir(o->ctx);
	new_list list;
	bool loaded = new_list_load(data_dir, &list);
	if (!loaded || list.count == 0) {
		fprintf(stderr, "orbat new: no starter scenarios in %s/%s (%s); "
			"set ORBAT_DATADIR to the orbat data folder\n", data_dir, datadir_name(DATADIR_TEMPLATES),
			loaded ? "the folder holds no .xml file" : strerror(errno));
		new_list_finish(&list);
		return EXIT_INTERNAL;
	}
	int code = EXIT_USAGE;
	char *text = NULL, *filled = NULL, *id = NULL, *template = NULL;
	char *known = new_list_text(&list, " or ");
	if (!ruleset) {
		fprintf(stderr, "orbat new: choose a ruleset with --ruleset: %s\n", known);
		code = new_usage_error();
		goto out;
	}
	if (!new_list_has(&list, ruleset)) {
		fprintf(stderr, "orbat new: --ruleset takes %s, not '%s'\n", known, ruleset);
		code = new_usage_error();
		goto out;
	}
	if (o->operand_count < 1) {
		fputs("orbat new: name the scenario file to write, or - for standard output\n", stderr);
		code = new_usage_error();
		goto out;
	}
	if (o->operand_count > 1) {
		fprintf(stderr, "orbat new: one scenario file at a time; '%s' is one too many\n", o->operands[1]);
		code = new_usage_error();
		goto out;
	}
	const char *file = o->operands[0];
	bool to_stdout = strcmp(file, "-") == 0;
	size_t flen = strlen(file);
	if (!to_stdout && (flen == 0 || file[flen - 1] == '/')) {
		fprintf(stderr, "orbat new: '%s' is not a file name; write for example %smy-battle.xml\n",
			file, file);
		code = new_usage_error();
		goto out;
	}
	struct stat st;
	if (!to_stdout && lstat(file, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			fprintf(stderr, "orbat new: %s is a folder; name the file to write in it, such as %s/my-battle.xml\n",
				file, file);
		else
			fprintf(stderr, "orbat new: %s already exists; orbat new does not overwrite files\n", file);
		code = EXIT_USAGE;
		goto out;
	}

	template = datadir_item(data_dir, DATADIR_TEMPLATES, ruleset);
	size_t len = 0, out_len = 0;
	text = new_read_template(template, &len);
	if (!text) {
		fprintf(stderr, "orbat new: cannot read %s: %s\n", template, strerror(errno));
		code = EXIT_INTERNAL;
		goto out;
	}
	id = new_id_from_path(file);
	filled = new_fill(text, len, id, &out_len);
	if (!filled) {
		fprintf(stderr, "orbat new: %s is broken: it must hold %s exactly once, on <scenario>\n",
			template, NEW_ID_MARKER);
		code = EXIT_INTERNAL;
		goto out;
	}

	if (to_stdout) {
		if (fwrite(filled, 1, out_len, stdout) != out_len || fflush(stdout) != 0) {
			fprintf(stderr, "orbat new: cannot write to standard output: %s\n", strerror(errno));
			code = EXIT_USAGE;
			goto out;
		}
		code = EXIT_VALID;
		goto out;
	}
	code = new_write_file(file, filled, out_len);
	if (code == EXIT_VALID && !quiet) {
		char *word = new_shell_word(file);
		printf("Wrote %s (%s, id %s). Next: orbat validate %s; orbat render %s; "
			"orbat explain RULE-ID for a rule in [brackets].\n", file, ruleset, id, word, word);
		free(word);
	}
out:
	free(known);
	free(template);
	free(text);
	free(filled);
	free(id);
	new_list_finish(&list);
	return code;
}

COMMAND(new, "write a starter scenario that teaches the format", new_args,
	.common = OPTIONS_QUIET,
	.own = { { "ruleset", OPTIONS_STRING, offsetof(new_args, ruleset), .what = "a ruleset" } });
