/* orbat check FILE GAMELOG: replay a played game (docs/game-log.md) and
 * verify every action; stop at the first illegal one with
 * GAMELOG:LINE: error: MESSAGE [RULE].  GAMELOG - is standard input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/jsonout.h"
#include "../rules/session.h"
#include "command.h"
#include "game_flow.h"
#include "input.h"
#include "options.h"
#include "rules_cli.h"

static void check_help(FILE *out)
{
	fputs("Usage: orbat check [OPTIONS] FILE GAMELOG\n"
	      "\n"
	      "Replay the game log GAMELOG on the scenario FILE and check every action\n"
	      "against the rules; GAMELOG - reads the log from standard input (named\n"
	      "<stdin> in messages).  The format is described in game-log.md, installed\n"
	      "under share/doc/orbat.  Malformed lines are all reported; otherwise the\n"
	      "replay stops at the first illegal action:\n"
	      "  GAMELOG:LINE: error: MESSAGE [RULE]\n"
	      "('orbat explain RULE' tells what a rule says.)  A legal log ends with\n"
	      "the final position, the victory points and the winner (or 'no winner\n"
	      "yet' when the log stops before the end).  The games of mb-remastered\n"
	      "are written in the square game's log (game-log.md).\n"
	      "\n"
	      "Options:\n"
	      "  --format text|json  text (default), or one JSON document on stdout: the\n"
	      "                      diagnostics as orbat validate gives them, or the\n"
	      "                      result\n"
	      "  -q, --quiet         no board and roster, only the result lines\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "Examples:\n"
	      "  orbat check scenarios/shiloh.xml shiloh.log\n"
	      "  orbat check scenarios/shiloh.xml - < shiloh.log\n"
	      "\n"
	      "Exit status: 0 every action legal, 1 the scenario or the log is invalid\n"
	      "or an action is illegal, 2 usage error, unreadable file or a ruleset\n"
	      "whose games cannot be checked, 3 internal error or broken installation.\n", out);
}

static int check_run(const options *o, command_no_args *a)
{
	(void)a;
	output_format format = (output_format)o->format;
	const char *file = o->operands[0];
	const char *log_path = o->operands[1];
	const char *log_name = input_is_stdin(log_path) ? "<stdin>" : log_path;
	rules_session s;
	int code = rules_session_load(&s, "check", o->ctx, file, format);
	const game_driver *d = NULL;
	game_run *run = NULL;
	if (code == EXIT_VALID)
		code = rules_session_run(&s, "check", file, NULL, &d, &run);
	if (code != EXIT_VALID)
		return code;
	code = rules_replay("check", log_path, format, d, run);
	if (code == EXIT_VALID && format == FORMAT_JSON) {
		/* The engine writes the fields of its game's position. */
		json_t *doc = json_object();
		json_object_set_new(doc, "file", jsonout_string(log_name));
		json_object_set_new(doc, "valid", json_true());
		json_object_set_new(doc, "ruleset", jsonout_string(s.rs->id));
		game *g = d->session_of(run)->game;
		g->impl->state_json(g, doc);
		jsonout_line(stdout, doc);
	} else if (code == EXIT_VALID) {
		if (!o->quiet)
			game_print_board(d, run, true);
		int turns = game_turn(game_of_run(d, run));
		printf("%s: legal, %d %s (%s)\n", log_name, turns, turns == 1 ? "turn" : "turns", s.rs->id);
		d->print_result(run, true);
	}
	d->destroy(run);
	rules_session_close(&s);
	return code;
}

COMMAND(check, "replay a game log and check every action against the rules", command_no_args,
	.common = OPTIONS_FORMAT | OPTIONS_QUIET,
	.operands = &(const options_operands){ 2, 2, "name a scenario file and a game log (or - for standard input)" });
