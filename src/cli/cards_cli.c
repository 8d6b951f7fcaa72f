#include "cards_cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/config.h"
#include "../base/outdir.h"
#include "../base/util.h"
#include "../print/printset.h"
#include "command.h"
#include "options.h"

int cards_session_open(cards_session *s, context *ctx, const char *name, const char *ruleset_id, const char *paper,
	render_ctx *rc)
{
	memset(s, 0, sizeof *s);
	s->command = name;
	diag_sink_init(&s->sink);
	s->out = outdir_open();
	if (!cli_data_check(name))
		return EXIT_INTERNAL;
	ruleset_registry *registry = ruleset_registry_of(ctx);
	if (ruleset_id && !ruleset_registry_has(registry, ruleset_id)) {
		char *known = ruleset_registry_known(registry);
		/* No ruleset at all: the installation is broken, not the
		 * command line. */
		int code = !*known ? cli_data_broken(name, NULL) :
			options_usage(name, "unknown ruleset '%s'; the rulesets are: %s", ruleset_id, known);
		free(known);
		return code;
	}
	s->rs = ruleset_id ? ruleset_registry_get(registry, ruleset_id, &s->sink) : NULL;
	if (ruleset_id && !s->rs)
		return cli_data_broken(name, &s->sink);

	char *error = NULL;
	if (!printset_resources(ctx, &s->sink, &error)) {
		if (!error)
			return cli_data_broken(name, &s->sink);
		fprintf(stderr, "orbat %s: %s\n", name, error);
		free(error);
		return EXIT_INTERNAL;
	}
	const layouts *lay = layouts_of(ctx, &s->sink);
	const paper_size *p = layouts_paper(lay, paper);
	if (!p) {
		/* The option parser let only a4 and letter through. */
		fprintf(stderr, "orbat %s: layouts/print.xml has no paper '%s'\n", name, paper);
		return EXIT_INTERNAL;
	}
	*rc = (render_ctx){
		.fonts = fonts_of(ctx, &error),
		.strings = strings_of(ctx, &s->sink),
		.layouts = lay,
		.ctx = ctx,
		.sc = NULL,
		.rs = s->rs,
		.paper = p,
		.format = DOC_PDF,
		.dpi = 150,
	};
	return EXIT_VALID;
}

int cards_session_commit(cards_session *s, int code, bool quiet)
{
	if (code == EXIT_VALID) {
		char *error = NULL;
		if (!outdir_commit(s->out, quiet ? NULL : stdout, &error)) {
			fprintf(stderr, "orbat %s: %s\n", s->command, error);
			free(error);
			code = EXIT_USAGE;
		}
	} else if (outdir_write_failed(s->out)) {
		/* The products are fine; the disk or the folder refused them. */
		code = EXIT_USAGE;
	}
	return code;
}

void cards_session_close(cards_session *s)
{
	outdir_close(s->out);
	diag_sink_finish(&s->sink);
	memset(s, 0, sizeof *s);
}

int cards_back_offset(const char *cmd, const char *option, double out[2])
{
	out[0] = out[1] = 0;
	char *path = config_default_path();
	orbat_config config = { 0 };
	char *error = NULL;
	bool loaded = !path || config_load(path, &config, &error);
	free(path);
	if (!loaded) {
		fprintf(stderr, "orbat %s: %s\n", cmd, error);
		free(error);
		return EXIT_USAGE;
	}
	if (option) {
		if (!config_parse_offset(option, out))
			return options_usage(cmd, "--back-offset takes X,Y in millimetres, each from -%g to %g "
				"(for example 1.5,-0.5), not '%s'", CONFIG_MAX_BACK_OFFSET, CONFIG_MAX_BACK_OFFSET, option);
	} else if (config.has_back_offset) {
		out[0] = config.back_offset[0];
		out[1] = config.back_offset[1];
	}
	return EXIT_VALID;
}

int cards_exit_code(int outcome)
{
	static const int codes[] = {
		[CARDS_DONE] = EXIT_VALID,
		[CARDS_INVALID] = EXIT_INVALID,
		[CARDS_UNWRITABLE] = EXIT_USAGE,
		[CARDS_BROKEN] = EXIT_INTERNAL,
	};
	return codes[outcome];
}

void cards_tell_failure(void *cmd, lang_id lang, const char *message)
{
	(void)lang;
	fprintf(stderr, "orbat %s: %s\n", (const char *)cmd, message);
}

/* One language's file of cards_session_write. */
typedef struct one_file {
	const char *output, *sub, *file;
	cards_write_fn write;
	const void *arg;
} one_file;

static cards_outcome write_language(void *arg, const render_ctx *rc, char **error)
{
	const one_file *f = arg;
	cards_outcome outcome = CARDS_DONE;
	char *dir = xasprintf("%s/%s/%s", f->output, f->sub, lang_code(rc->lang));
	char *path = xasprintf("%s/%s", dir, f->file);
	if (!outdir_make_dirs(outdir_current(), dir, error))
		outcome = CARDS_UNWRITABLE;
	else if (!f->write(rc, f->arg, path, error))
		outcome = CARDS_BROKEN;
	free(path);
	free(dir);
	return outcome;
}

int cards_session_write(const char *cmd, const char *ruleset_id, const options *o, const char *sub, const char *file,
	cards_write_fn write, const void *arg)
{
	cards_session s;
	render_ctx rc;
	int code = cards_session_open(&s, o->ctx, cmd, ruleset_id, o->paper, &rc);
	if (code == EXIT_VALID) {
		char *where = s.rs ? xasprintf("%s/%s", sub, s.rs->id) : xstrdup(sub);
		one_file f = { o->output, where, file, write, arg };
		code = cards_exit_code(cards_each_language(&rc, o->langs, o->jobs, write_language, &f, cards_tell_failure,
			(void *)cmd));
		free(where);
	}
	code = cards_session_commit(&s, code, o->quiet);
	cards_session_close(&s);
	return code;
}
