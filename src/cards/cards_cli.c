#include "cards_cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../base/datadir.h"
#include "../base/util.h"
#include "../cli/command.h"
#include "../cli/options.h"

int cards_session_open(cards_session *s, const char *name, const char *ruleset_id, const char *paper,
	render_ctx *rc)
{
	memset(s, 0, sizeof *s);
	s->command = name;
	diag_sink_init(&s->sink);
	if (!cli_data_check(name))
		return EXIT_INTERNAL;
	const char *data = datadir_get();
	s->registry = ruleset_registry_create(data);
	if (!ruleset_registry_has(s->registry, ruleset_id)) {
		char *known = ruleset_registry_known(s->registry);
		/* No ruleset at all: the installation is broken, not the
		 * command line. */
		int code = !*known ? cli_data_broken(name, NULL) :
			options_usage(name, "unknown ruleset '%s'; the rulesets are: %s", ruleset_id, known);
		free(known);
		return code;
	}
	s->rs = ruleset_registry_get(s->registry, ruleset_id, &s->sink);
	if (!s->rs) {
		diag_print_text(&s->sink, 0, s->sink.count, stderr);
		fprintf(stderr, "orbat %s: ruleset '%s' could not be loaded\n", name, ruleset_id);
		return EXIT_INTERNAL;
	}

	char *error = NULL;
	char *fonts_dir = xasprintf("%s/fonts", data);
	char *strings_dir = xasprintf("%s/i18n", data);
	char *layouts_path = xasprintf("%s/layouts/print.xml", data);
	s->fonts = fonts_create(fonts_dir, &error);
	if (s->fonts)
		s->strings = strings_load(strings_dir, &s->sink);
	if (s->strings)
		s->layouts = layouts_load(layouts_path, &s->sink);
	free(fonts_dir);
	free(strings_dir);
	free(layouts_path);
	if (!s->layouts) {
		diag_print_text(&s->sink, 0, s->sink.count, stderr);
		fprintf(stderr, "orbat %s: %s\n", name, error ? error : "cannot load the print resources");
		free(error);
		return EXIT_INTERNAL;
	}
	const paper_size *p = layouts_paper(s->layouts, paper);
	if (!p) {
		/* The option parser let only a4 and letter through. */
		fprintf(stderr, "orbat %s: layouts/print.xml has no paper '%s'\n", name, paper);
		return EXIT_INTERNAL;
	}
	*rc = (render_ctx){
		.fonts = s->fonts,
		.strings = s->strings,
		.layouts = s->layouts,
		.sc = NULL,
		.rs = s->rs,
		.paper = p,
		.format = DOC_PDF,
		.dpi = 150,
	};
	return EXIT_VALID;
}

void cards_session_close(cards_session *s)
{
	fonts_destroy(s->fonts);
	strings_destroy(s->strings);
	layouts_destroy(s->layouts);
	ruleset_registry_destroy(s->registry);
	diag_sink_finish(&s->sink);
	memset(s, 0, sizeof *s);
}

bool cards_make_dirs(const char *path, char **error)
{
	char *copy = xstrdup(path);
	for (char *p = copy + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(copy, 0777) != 0 && errno != EEXIST) {
			*error = xasprintf("cannot create the folder %s: %s", copy, strerror(errno));
			free(copy);
			return false;
		}
		*p = '/';
	}
	if (mkdir(copy, 0777) != 0 && errno != EEXIST) {
		*error = xasprintf("cannot create the folder %s: %s", copy, strerror(errno));
		free(copy);
		return false;
	}
	free(copy);
	struct stat sb;
	if (stat(path, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
		*error = xasprintf("%s is not a folder", path);
		return false;
	}
	if (access(path, W_OK) != 0) {
		*error = xasprintf("cannot write in the folder %s: %s", path, strerror(errno));
		return false;
	}
	return true;
}
