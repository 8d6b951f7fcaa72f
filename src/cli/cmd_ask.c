/* orbat ask FILE QUERY...: rules questions on a scenario position.  The
 * scenario's ruleset picks the questions through its grid (ASK_GRIDS):
 * on hexes los, dice, moves, retreat, reinforcements, sharpshooter and
 * rally (rules/hex/hex_ask.c, printed by ask_print.c); on squares attack,
 * buy, moves, transport and income (rules/square/sq_ask.h, printed by
 * ask_square_cli.c); both also after a game log with --after.  Several
 * may follow one another. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../rules/hex/hex_ask.h"
#include "../rules/hex/hex_engine.h"
#include "../rules/square/sq_ask.h"
#include "ask_print.h"
#include "ask_square_cli.h"
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

/* ask_parse as ask_words reads the questions: the hex questions do not
 * depend on where the game comes from. */
static int parse_hex(char **words, int count, bool after, void *query, rules_error *why)
{
	(void)after;
	return ask_parse(words, count, query, why);
}

/* The hex questions (rules/hex/hex_ask.c) and how many. */
typedef struct ask_hex_queries {
	ask_query *q;
	size_t n;
} ask_hex_queries;

static int ask_hex_parse(char **words, int count, bool after, void **queries)
{
	ask_hex_queries *h = xcalloc(1, sizeof *h);
	*queries = h;
	void *q = NULL;
	int code = ask_words_read(words, count, after, parse_hex, sizeof *h->q,
		"los, dice, moves, retreat, reinforcements, sharpshooter, rally", &q, &h->n);
	h->q = q;
	return code;
}

static void ask_hex_release(void *queries)
{
	ask_hex_queries *h = queries;
	if (h)
		free(h->q);
	free(h);
}

/* The hex questions on the hex engine's game. */
static int ask_hex_answer(game *gm, const void *queries, output_format format)
{
	const ask_hex_queries *h = queries;
	hex_game *g = hex_engine_position(gm);
	bool failed = false;
	for (size_t i = 0; i < h->n; i++) {
		ask_result answer;
		bool answered = ask_answer(g, &h->q[i], &answer);
		ask_print(g, &answer, format == FORMAT_JSON, stdout);
		if (!answered) {
			failed = true;
			if (format == FORMAT_TEXT) {
				fflush(stdout);   /* answers and errors in the order of the queries */
				fprintf(stderr, "orbat ask: %s: error: %s [%s]\n", answer.label, answer.error.message,
					answer.error.rule);
			}
		}
		ask_result_free(&answer);
	}
	/* A question about nothing does not stop the others. */
	return failed ? EXIT_INVALID : EXIT_VALID;
}

/* The questions of one grid, answered on the game of the grid's driver
 * (game_driver.h): at the scenario's start, or after --after replayed
 * through that driver's referee, as check replays it. */
typedef struct ask_grid {
	bool (*is_query)(const char *word);
	/* Read the queries (an exit code); *queries goes to answer and
	 * release, also when the reading fails. */
	int (*parse)(char **words, int count, bool after, void **queries);
	/* Answer them: an exit code. */
	int (*answer)(game *g, const void *queries, output_format format);
	void (*release)(void *queries);
	/* A question of another grid is refused: these come before and after
	 * "FILE uses ruleset ID". */
	const char *refusal_before, *refusal_after;
} ask_grid;

static int ask_grid_run(const ask_grid *grid, rules_session *s, const char *file, char **words, int count,
	output_format format, const char *after)
{
	void *queries = NULL;
	const game_driver *d = NULL;
	game_run *run = NULL;
	int code = grid->parse(words, count, after != NULL, &queries);
	if (code == EXIT_VALID)
		code = rules_session_run(s, "ask", file, NULL, &d, &run);
	if (code == EXIT_VALID && after)
		code = rules_replay("ask", after, format, d, run);
	if (code == EXIT_VALID)
		code = grid->answer(game_of_run(d, run), queries, format);
	grid->release(queries);
	if (run)
		d->destroy(run);
	return code;
}

static const ask_grid ASK_GRIDS[GRID_KINDS] = {
	[GRID_HEX] = { ask_is_query, ask_hex_parse, ask_hex_answer, ask_hex_release, "attack and buy are questions of the square-grid rulesets; ",
		" (ask los, dice, moves, retreat)" },
	[GRID_SQUARE] = { ask_square_is_query, ask_square_read, ask_square_print_answers, ask_square_release, "", ", played on squares; ask it 'attack FROM TO', "
		"'buy UNITS', 'moves UNIT', 'transport SHIP' or 'income SIDE' (los, dice, retreat, reinforcements, "
		"sharpshooter and rally are hex questions)" },
};

/* Whether a word starts a question of some grid other than g. */
static bool other_grid_query(const ask_grid *g, const char *word)
{
	for (int k = 0; k < GRID_KINDS; k++)
		if (&ASK_GRIDS[k] != g && ASK_GRIDS[k].is_query(word))
			return true;
	return false;
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
	int code = rules_session_load(&s, "ask", file, format);
	if (code != EXIT_VALID)
		return code;
	const ask_grid *g = &ASK_GRIDS[s.rs->grid];
	if (count > 0 && !g->is_query(words[0]) && other_grid_query(g, words[0])) {
		fprintf(stderr, "orbat ask: %s%s uses ruleset %s%s\n", g->refusal_before, file, s.rs->id,
			g->refusal_after);
		code = EXIT_USAGE;
	} else {
		code = ask_grid_run(g, &s, file, words, count, format, after);
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
