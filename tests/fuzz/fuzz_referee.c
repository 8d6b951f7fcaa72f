/* libFuzzer harness for the whole referee: each input is a game log
 * replayed on a bundled hex scenario through the path of `orbat check`
 * (hexlog_parse, referee_create, referee_apply line by line up to the
 * first refusal, referee_finish, then the final board, roster and scores
 * that check prints), not only the log parser.
 *
 * The first byte of an input chooses the scenario and the mode:
 *   (byte & 0x7f) % N   the scenario, in the order of referee-scenarios.txt
 *                       (so 'H' is the first, 'I' the second, ... for N = 12)
 *   byte & 0x80         keep going after a refusal, as `orbat play` does
 *                       (a refused action must leave everything as it was),
 *                       and ask referee_dice_needed before each roll
 * the rest of the input is the log.
 *
 * The scenarios are validated and loaded once per process; each input gets
 * a fresh game (hex_game_clone of the loaded position).  What must hold for any
 * input, besides no crash, leak or undefined behaviour:
 *   - every refusal has a message and a rule id that is "log" or carries the
 *     prefix of the ruleset being played (bc-, ntz-);
 *   - a malformed log gives exactly as many diagnostics as bad lines.
 *
 * ORBAT_FUZZ_VERBOSE=1 prints, for each input, the scenario and how the
 * replay ended (handy when replaying one reproducer).
 *
 * Data directory and source tree (the listed paths are relative to it):
 * as fuzz_common.h finds them. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "rules/hex/hex_game.h"
#include "rules/hex/hex_log.h"
#include "rules/hex/hex_referee.h"
#include "rules/hex/hex_board.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_SCENARIOS 64

typedef struct loaded {
	char path[512];      /* relative to the source tree */
	scenario *sc;
	const ruleset *rs;
	hex_game *pristine;
} loaded;

static validator *the_validator;
static loaded the_scenarios[MAX_SCENARIOS];
static size_t the_count;
static bool the_verbose;

static void shut_down(void)
{
	for (size_t i = 0; i < the_count; i++) {
		hex_game_destroy(the_scenarios[i].pristine);
		scenario_destroy(the_scenarios[i].sc);
	}
	the_count = 0;
	fuzz_stop(the_validator);
	the_validator = NULL;
}

static void load_one(const char *rel, diag_sink *sink)
{
	if (the_count >= MAX_SCENARIOS) {
		fprintf(stderr, "fuzz_referee: more than %d scenarios listed\n", MAX_SCENARIOS);
		exit(2);
	}
	loaded *l = &the_scenarios[the_count];
	snprintf(l->path, sizeof l->path, "%s", rel);
	fuzz_load_scenario(the_validator, rel, sink, &l->sc, &l->rs);
	if (l->rs->grid != GRID_HEX) {
		fprintf(stderr, "fuzz_referee: %s is not a hex scenario: leave it out of the list\n", l->path);
		exit(2);
	}
	l->pristine = hex_game_create(l->sc, l->rs);
	if (!l->pristine) {
		fprintf(stderr, "fuzz_referee: %s is valid but its board cannot be set up\n", l->path);
		exit(2);
	}
	the_count++;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_start("fuzz_referee");
	diag_sink sink;
	diag_sink_init(&sink);
	the_validator = fuzz_validator(&sink);

	char list[600];
	snprintf(list, sizeof list, "%s/tests/fuzz/referee-scenarios.txt", fuzz_source_dir());
	FILE *f = fopen(list, "r");
	if (!f) {
		fprintf(stderr, "fuzz_referee: cannot read %s (set ORBAT_FUZZ_SOURCEDIR to the source tree)\n", list);
		exit(2);
	}
	char line[512];
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "#\r\n")] = '\0';
		size_t n = strlen(line);
		while (n && (line[n - 1] == ' ' || line[n - 1] == '\t'))
			line[--n] = '\0';
		if (n)
			load_one(line, &sink);
	}
	fclose(f);
	diag_sink_finish(&sink);
	if (!the_count) {
		fprintf(stderr, "fuzz_referee: %s lists no scenario\n", list);
		exit(2);
	}
	const char *verbose = getenv("ORBAT_FUZZ_VERBOSE");
	the_verbose = verbose && *verbose && *verbose != '0';
	atexit(shut_down);
	return 0;
}

static bool rolls_dice(gl_kind k)
{
	return k == ACT_BATTLE || k == ACT_SAVE || k == ACT_DEFEND || k == ACT_FLAGSAVE;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	const loaded *l = &the_scenarios[(data[0] & 0x7f) % the_count];
	bool keep_going = (data[0] & 0x80) != 0;
	const char *text = (const char *)data + 1;
	size_t len = size - 1;

	gl_log log;
	hexlog_init(&log);
	diag_sink sink;
	diag_sink_init(&sink);
	size_t bad = hexlog_parse(text, len, "fuzz.log", &log, &sink);
	if (bad) {
		/* orbat check prints every malformed line and replays nothing. */
		if (bad != sink.count)
			abort();
		if (the_verbose)
			fprintf(stderr, "fuzz_referee: %s: %zu malformed line(s)\n", l->path, bad);
		char out[1024];
		for (size_t i = 0; i < sink.count; i++) {
			/* A malformed line is a fault of the log's form. */
			if (!sink.items[i].rule || strcmp(sink.items[i].rule, RULES_ERROR_LOG_RULE) != 0)
				abort();
			diag_format_one(&sink.items[i], out, sizeof out);
		}
		hexlog_finish(&log);
		diag_sink_finish(&sink);
		return 0;
	}

	hex_game *g = hex_game_clone(l->pristine);
	if (!g)
		abort();
	referee *r = referee_create(g);
	rules_error err;
	bool legal = true;
	for (size_t i = 0; i < log.count; i++) {
		const gl_action *a = &log.actions[i];
		if (keep_going && rolls_dice(a->kind)) {
			int n = -1;
			if (referee_dice_needed(r, a, &n, &err)) {
				if (n < 0)
					abort();
			} else {
				fuzz_check_refusal(g->rs, &err);
			}
		}
		if (!referee_apply(r, a, &err)) {
			fuzz_check_refusal(g->rs, &err);
			if (the_verbose)
				fprintf(stderr, "fuzz_referee: %s: line %d refused: %s [%s]\n", l->path, a->line,
					err.message, err.rule);
			diag_add(&sink, "fuzz.log", a->line, 0, DIAG_ERROR, err.rule, "%s", err.message);
			legal = false;
			if (!keep_going)
				break;
		}
	}
	if (legal && !referee_finish(r, &err)) {
		/* A log stopped halfway through a battle: a warning in check. */
		fuzz_check_refusal(g->rs, &err);
	}
	if (the_verbose && legal)
		fprintf(stderr, "fuzz_referee: %s: %zu action(s), legal, turn %d\n", l->path, log.count, r->turn);
	if (legal) {
		/* What check prints for a legal log. */
		char *board = hex_board_text(g);
		char *roster = hex_board_roster(g);
		if (!board || !roster)
			abort();
		free(board);
		free(roster);
		for (int s = 0; s < GAME_SIDES; s++)
			(void)hex_game_score(g, s);
	}
	referee_destroy(r);
	hex_game_destroy(g);
	hexlog_finish(&log);
	diag_sink_finish(&sink);
	return 0;
}
