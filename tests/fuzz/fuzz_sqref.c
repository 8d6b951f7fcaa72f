/* libFuzzer harness for the square game's referee: each input is a square
 * game's log (docs/game-log.md, "The square game's log") replayed on a
 * bundled square scenario: sqlog_parse, then sq_apply action by action,
 * sq_finish, and the board, summary and what is owed, as `check` and `play`
 * print them.
 *
 * The first byte of an input chooses the scenario and the mode:
 *   (byte & 0x7f) % 2   mb-1861 ('@', 'B', ...) or mb-1861-four-players ('A', 'C', ...)
 *   byte & 0x80         roll the faces a line leaves out with a seeded dice
 *                       roller and keep going after a refusal, as `play` does
 * the rest of the input is the log.  What must hold for any input, besides
 * no crash, leak or undefined behaviour:
 *   - a malformed log gives exactly as many diagnostics as bad lines, each
 *     under the rule "log";
 *   - every refusal has a message and a whole rule id of its own that is
 *     "log" or of the ruleset played (mb-...);
 *   - a refused action changes nothing (the summary, board and what is
 *     owed read the same before and after).
 *
 * Data directory and source tree (scenarios/ under it): as fuzz_common.h
 * finds them. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "rules/square/sq_referee.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const SCENARIOS[] = { "scenarios/mb-1861.xml", "scenarios/mb-1861-four-players.xml" };
#define SCENARIO_COUNT (sizeof SCENARIOS / sizeof *SCENARIOS)

static validator *the_validator;
static scenario *the_scenarios[SCENARIO_COUNT];
static const ruleset *the_rulesets[SCENARIO_COUNT];
static position *the_positions[SCENARIO_COUNT];

static void shut_down(void)
{
	for (size_t i = 0; i < SCENARIO_COUNT; i++) {
		position_destroy(the_positions[i]);
		scenario_destroy(the_scenarios[i]);
	}
	fuzz_stop(the_validator);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_start("fuzz_sqref");
	diag_sink sink;
	diag_sink_init(&sink);
	the_validator = fuzz_validator(&sink);
	for (size_t i = 0; i < SCENARIO_COUNT; i++) {
		fuzz_load_scenario(the_validator, SCENARIOS[i], &sink, &the_scenarios[i], &the_rulesets[i]);
		the_positions[i] = position_create(the_scenarios[i], the_rulesets[i]);
	}
	diag_sink_finish(&sink);
	atexit(shut_down);
	return 0;
}

/* Everything a player sees of the game, as one string. */
static char *seen(const sq_game *g)
{
	char owed[600];
	sq_owed(g, owed, sizeof owed);
	char *board = sq_board_text(g), *sum = sq_summary(g);
	size_t n = strlen(owed) + strlen(board) + strlen(sum) + 1;
	char *all = malloc(n);
	if (!all)
		abort();
	snprintf(all, n, "%s%s%s", owed, board, sum);
	free(board);
	free(sum);
	return all;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	size_t which = (data[0] & 0x7f) % SCENARIO_COUNT;
	bool keep_going = (data[0] & 0x80) != 0;
	sq_log log;
	sqlog_init(&log);
	diag_sink sink;
	diag_sink_init(&sink);
	size_t bad = sqlog_parse((const char *)data + 1, size - 1, "fuzz.log", &log, &sink);
	if (bad != sink.count)
		abort();
	for (size_t i = 0; i < sink.count; i++)
		if (!sink.items[i].rule || strcmp(sink.items[i].rule, RULES_ERROR_LOG_RULE) != 0)
			abort();
	sq_game *g = bad ? NULL : sq_game_create(the_positions[which]);
	rng r;
	rng_seed(&r, 1);
	bool head = false;
	for (size_t i = 0; g && i < log.count; i++) {
		sq_action *a = &log.actions[i];
		if (sq_dice_needed(g, a) < 0 || sq_dice_needed(g, a) > SQ_ACTION_FACES)
			abort();
		char *before = keep_going ? seen(g) : NULL;
		rules_error err;
		bool ok = sq_apply(g, a, keep_going ? &r : NULL, &err);
		head = head || (ok && a->kind == SQ_ACT_SCENARIO);
		if (!ok) {
			fuzz_check_refusal(the_rulesets[which], &err);
			if (before) {
				char *after = seen(g);
				if (strcmp(before, after) != 0) {
					fprintf(stderr, "fuzz_sqref: line %d was refused but changed the game\n", a->line);
					abort();
				}
				free(after);
			}
		}
		free(before);
		if (!ok && !keep_going)
			break;
	}
	if (g) {
		rules_error err;
		if (!sq_finish(g, head, &err))
			fuzz_check_refusal(the_rulesets[which], &err);
		free(seen(g));
		sq_game_destroy(g);
	}
	sqlog_finish(&log);
	diag_sink_finish(&sink);
	return 0;
}
