/* orbat ask FILE QUERY...: rules questions on a scenario position.  The
 * scenario's ruleset picks the questions through its grid's engine
 * (rules/engine.h), which reads and answers them: on hexes los, dice,
 * moves, retreat, reinforcements, sharpshooter and rally
 * (rules/hex/hex_ask.h); on squares attack, buy, moves, transport and
 * income (rules/square/sq_ask.h); both also after a game log with
 * --after.  Several may follow one another.  Here: the options, the help
 * and the exit codes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rules/engine.h"
#include "ask_words.h"
#include "command.h"
#include "options.h"
#include "game_flow.h"
#include "rules_cli.h"

static void ask_help(FILE *out)
{
	fputs("Usage: orbat ask [OPTIONS] FILE QUERY...\n"
	      "\n"
	      "Answer rules questions on the position of a scenario.  Queries:\n"
	      "  los FROM TO        can the figure at FROM see TO, and if not which\n"
	      "                     hexes block\n"
	      "  dice FROM TO       how many dice the unit at FROM rolls against TO,\n"
	      "                     every modifier and refusal named by its rule\n"
	      "  moves FROM         where the unit (else the general) at FROM may end\n"
	      "                     its move\n"
	      "  retreat FROM FLAGS where the unit (else the general) at FROM may\n"
	      "                     retreat with FLAGS flags, and the figures it loses\n"
	      "                     for flags not taken\n"
	      "  reinforcements SIDE the reserve units SIDE has left for the\n"
	      "                     Reinforcements card, their entry hexes and where\n"
	      "                     each would arrive now\n"
	      "  sharpshooter FROM  may the unit at FROM be the sharpshooter, and\n"
	      "                     which enemy generals it could shoot at, with how\n"
	      "                     many dice\n"
	      "  rally SIDE         the dice of a rally card of SIDE, and the units\n"
	      "                     that could take figures back, with how many\n"
	      "FROM and TO are hexes like C4 or the ids of units and generals.  A\n"
	      "noord-zuid hex may hold two units: a question about it is answered for\n"
	      "each, a question about a unit id for that unit only.  Several queries\n"
	      "may follow one another:\n"
	      "  orbat ask bull-run.xml los C4 F6 dice C4 F6 moves C4 retreat u-inf-1 2\n"
	      "\n"
	      "Square-grid scenarios (mb-remastered) take instead, each verdict the\n"
	      "square referee's (a piece whose turn or step is not now is answered for\n"
	      "its next one):\n"
	      "  attack FROM TO     may the land unit at FROM attack the unit (else the\n"
	      "                     general) at TO, and why; each side's factor and\n"
	      "                     chance to hit a round, every modifier named by its\n"
	      "                     rule; artillery at an enemy ship (its id, its sea\n"
	      "                     zone, a square of it): coastal fire\n"
	      "  buy UNITS [--saved-points P] [--saved N]\n"
	      "                     may the side to play buy UNITS (comma-separated,\n"
	      "                     like infantry,cavalry) with its purse: at the\n"
	      "                     start a turn's points plus P points and N infantry\n"
	      "                     allowance saved (default 0); after a log, what it\n"
	      "                     holds\n"
	      "  moves UNIT|SQUARE  where the unit, general or ship may end its move\n"
	      "                     in its movement step (ships: sea zones and ports)\n"
	      "  transport SHIP     where the ship's cargo may land, and which units\n"
	      "                     may embark\n"
	      "  income SIDE        points a turn less the capital's loss, points\n"
	      "                     held, infantry allowance\n"
	      "FROM, TO, UNIT are squares like M7 or the ids of units and generals.\n"
	      "  orbat ask mb-1861.xml attack M7 M8 buy cavalry,artillery\n"
	      "  orbat ask mb-1861.xml buy ironclad --saved-points 3\n"
	      "  orbat ask --after game.log mb-1861.xml moves u-cav-1 income union\n"
	      "Every answer names its rules in brackets; 'orbat explain RULE' tells\n"
	      "what a rule says.\n"
	      "\n"
	      "Options (before FILE):\n"
	      "  --format text|json  human answers (default), or one JSON object per\n"
	      "                      answer, one per line, with the unit it is about\n"
	      "  --after LOG         ask about the position after replaying the game\n"
	      "                      log LOG (- reads standard input)\n"
	      "  -h, --help          show this help\n"
	      "\n"
	      "Exit status: 0 every query answered (an answer may be \"no\"); 1 the\n"
	      "scenario or the log is invalid, or a query is about nothing (no unit at\n"
	      "FROM, a hex off the board): the other queries are still answered; 2\n"
	      "usage error, unreadable file, or a query the scenario's ruleset does not\n"
	      "take (los on a square grid), --saved-points or --saved after a log;\n"
	      "3 internal error or broken installation.\n", out);
}

/* Whether a word starts a question of an engine other than e. */
static bool other_grid_query(const game_engine *e, const char *word)
{
	const game_engine *other;
	for (size_t i = 0; (other = game_engine_at(i)) != NULL; i++)
		if (other != e && other->ask->is_query(word))
			return true;
	return false;
}

/* The questions answered on the game of the grid's driver (game_driver.h):
 * at the scenario's start, or after --after replayed through that
 * driver's referee, as check replays it. */
static int ask_questions(const game_engine *e, rules_session *s, const char *file, char **words, int count,
	output_format format, const char *after)
{
	const game_driver *d = NULL;
	game_run *run = NULL;
	game_questions *q = ask_words_read(e, words, count, after != NULL);
	int code = q ? rules_session_run(s, "ask", file, NULL, &d, &run) : EXIT_USAGE;
	if (code == EXIT_VALID && after)
		code = rules_replay("ask", after, format, d, run);
	if (code == EXIT_VALID)
		code = ask_words_answer(game_of_run(d, run), q, format);
	game_questions_free(q);
	if (run)
		d->destroy(run);
	return code;
}

typedef struct ask_args { const char *after; } ask_args;

static int ask_run(const options *o, ask_args *a)
{
	const char *after = a->after;
	output_format format = (output_format)o->format;
	const char *file = o->operands[0];
	char **words = o->operands + 1;
	int count = o->operand_count - 1;
	rules_session s;
	int code = rules_session_load(&s, "ask", o->ctx, file, format);
	if (code != EXIT_VALID)
		return code;
	const game_engine *e = game_engine_of_grid(s.rs->grid);
	if (count > 0 && !e->ask->is_query(words[0]) && other_grid_query(e, words[0])) {
		fprintf(stderr, "orbat ask: %s%s uses ruleset %s%s\n", e->ask->refusal_before, file, s.rs->id,
			e->ask->refusal_after);
		code = EXIT_USAGE;
	} else {
		code = ask_questions(e, &s, file, words, count, format, after);
	}
	rules_session_close(&s);
	return code;
}

/* Options end at FILE: the queries that follow are never options (buy
 * has its own --saved-points and --saved). */
COMMAND(ask, "rules questions on a position (los, dice, moves, attack, buy...)", ask_args,
	.common = OPTIONS_FORMAT,
	.stop_at_operand = true,
	.operands = &(const options_operands){ 1, -1, "name a scenario file and at least one query" },
	.own = { { "after", OPTIONS_STRING, offsetof(ask_args, after), .what = "a game log" } });
