#include "command.h"

#include <stdlib.h>
#include <string.h>

#include "../base/datadir.h"
#include "../base/outdir.h"
#include "../base/util.h"
#include "../text/context.h"
#include "../validate/validate.h"

int command_run(const command *cmd, int argc, char **argv)
{
	void *args = xcalloc(1, cmd->args_size ? cmd->args_size : 1);
	options o;
	int code = options_parse(&o, cmd->name, cmd->help, &cmd->options, argc, argv, args);
	if (code < 0) {
		context ctx;
		context_init(&ctx, datadir_get());
		o.ctx = &ctx;
		code = cmd->run(&o, args);
		context_finish(&ctx);
	}
	free(args);
	return code;
}

/* Whether a command line asks for help, which needs no data folder. */
static bool asks_help(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
			return true;
	return false;
}

int command_main(const command *cmd, int argc, char **argv)
{
	if (!asks_help(argc, argv) && !datadir_check(cmd->name, stderr))
		return EXIT_INTERNAL;
	return outdir_finish_stdout(cmd->name, command_run(cmd, argc, argv));
}

bool cli_data_check(const char *cmd)
{
	return datadir_check(cmd, stderr);
}

int cli_data_broken(const char *cmd, const diag_sink *sink)
{
	if (!cli_data_check(cmd))
		return EXIT_INTERNAL;
	if (sink && sink->errors) {
		/* One line: the broken file and its first problem. */
		char *line = diag_data_error(sink, 0);
		fprintf(stderr, "orbat %s: %s\n", cmd, line);
		free(line);
	} else {
		fprintf(stderr, "orbat %s: the data folder %s is damaged; set ORBAT_DATADIR to the folder that holds rulesets/ and schema/\n", cmd, datadir_get());
	}
	return EXIT_INTERNAL;
}

validator *cli_validator_in(const char *cmd, context *ctx, diag_sink *sink)
{
	diag_sink_init(sink);
	if (!cli_data_check(cmd))
		return NULL;
	validator *v = validator_create_in(ctx, sink);
	if (!v) {
		cli_data_broken(cmd, sink);
		diag_sink_finish(sink);
	}
	return v;
}

void cli_validator_close(validator *v, diag_sink *sink)
{
	validator_destroy(v);
	diag_sink_finish(sink);
}
