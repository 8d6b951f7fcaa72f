#include "cards_cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/config.h"
#include "../base/jobpool.h"
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

/* The languages of one run as jobs of the pool. */
typedef struct lang_jobs {
	const char *cmd;
	render_ctx *rc;
	lang_id langs[LANG_COUNT];
	cards_lang_fn fn;
	void *arg;
	int code;
} lang_jobs;

static int lang_job(void *ctx, size_t i, jobpool_job *job)
{
	(void)job;
	lang_jobs *l = ctx;
	l->rc->lang = l->langs[i];
	return l->fn(l->arg, l->rc);
}

static bool lang_done(void *ctx, size_t i, const jobpool_result *r)
{
	lang_jobs *l = ctx;
	/* One process stops at the first language that fails: a language a
	 * worker finished after that is not reported. */
	if (l->code != EXIT_VALID)
		return false;
	jobpool_print(r);
	if (r->died) {
		fflush(stdout);
		fprintf(stderr, "orbat %s: internal error: the %s language could not be written: %s\n", l->cmd,
			lang_code(l->langs[i]), r->died);
	}
	l->code = r->status;
	return l->code == EXIT_VALID;
}

int cards_each_language(const char *cmd, const options *o, render_ctx *rc, cards_lang_fn fn, void *arg)
{
	lang_jobs l = { .cmd = cmd, .rc = rc, .fn = fn, .arg = arg, .code = EXIT_VALID };
	size_t count = 0;
	for (int lang = 0; lang < LANG_COUNT; lang++)
		if (o->langs[lang])
			l.langs[count++] = (lang_id)lang;
	jobpool_run(count, o->jobs, lang_job, lang_done, &l);
	return l.code;
}

/* One language's file of cards_session_write. */
typedef struct one_file {
	const char *cmd, *output, *sub, *file;
	cards_write_fn write;
	const void *arg;
} one_file;

static int write_language(void *arg, render_ctx *rc)
{
	const one_file *f = arg;
	int code = EXIT_VALID;
	char *error = NULL;
	char *dir = xasprintf("%s/%s/%s", f->output, f->sub, lang_code(rc->lang));
	char *path = xasprintf("%s/%s", dir, f->file);
	if (!cards_make_dirs(dir, &error))
		code = EXIT_USAGE;
	else if (!f->write(rc, f->arg, path, &error))
		code = EXIT_INTERNAL;
	if (error)
		fprintf(stderr, "orbat %s: %s\n", f->cmd, error);
	free(error);
	free(path);
	free(dir);
	return code;
}

int cards_session_write(const char *cmd, const char *ruleset_id, const options *o, const char *sub, const char *file,
	cards_write_fn write, const void *arg)
{
	cards_session s;
	render_ctx rc;
	int code = cards_session_open(&s, o->ctx, cmd, ruleset_id, o->paper, &rc);
	if (code == EXIT_VALID) {
		char *where = s.rs ? xasprintf("%s/%s", sub, s.rs->id) : xstrdup(sub);
		one_file f = { cmd, o->output, where, file, write, arg };
		code = cards_each_language(cmd, o, &rc, write_language, &f);
		free(where);
	}
	code = cards_session_commit(&s, code, o->quiet);
	cards_session_close(&s);
	return code;
}

bool cards_make_dirs(const char *path, char **error)
{
	return outdir_make_dirs(outdir_current(), path, error);
}
