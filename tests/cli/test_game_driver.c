/* What orbat play and check count on from every game driver
 * (src/cli/game_driver.h), run on a real scenario of each grid that has
 * one, and the refusal of a grid that has none.  A new driver (the square
 * referee's) adds its scenario to CONTRACT_SCENARIOS and must pass the
 * same contract. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/util.h"
#include "cli/game_driver.h"
#include "cli/game_flow.h"
#include "cli/rules_cli.h"
#include "rules/session.h"

/* One scenario per driver, from the source tree (meson's cwd is the
 * build folder; the path comes from meson). */
static const char *const CONTRACT_SCENARIOS[] = {
	ORBAT_TEST_SOURCE_ROOT "/tests/rules/scenarios/bc-duel.xml",
	ORBAT_TEST_SOURCE_ROOT "/tests/rules/scenarios/ntz-duel.xml",
	ORBAT_TEST_SOURCE_ROOT "/scenarios/mb-1861.xml",
	ORBAT_TEST_SOURCE_ROOT "/scenarios/mb-1861-four-players.xml",
};
static const char SQUARE_SCENARIO[] = ORBAT_TEST_SOURCE_ROOT "/scenarios/mb-1861.xml";

/* The lines a game emits, as the shell keeps them. */
typedef struct kept {
	char *lines[4096];
	bool undoable[4096];
	size_t count;
} kept;

static void keep(void *ctx, const char *line, bool undoable)
{
	kept *k = ctx;
	assert_true(k->count < 4096);
	k->undoable[k->count] = undoable;
	k->lines[k->count++] = xstrdup(line);
}

static void kept_free(kept *k)
{
	for (size_t i = 0; i < k->count; i++)
		free(k->lines[i]);
	k->count = 0;
}

/* The drivers print to stdout and stderr: out of the way of cmocka's
 * report while they run. */
static int saved_out = -1, saved_err = -1;

/* Both into `to` (a file kept open by the caller). */
static void capture_begin(FILE *to)
{
	fflush(stdout);
	fflush(stderr);
	saved_out = dup(1);
	saved_err = dup(2);
	dup2(fileno(to), 1);
	dup2(fileno(to), 2);
}

static void quiet_begin(void)
{
	FILE *null = fopen("/dev/null", "w");
	assert_non_null(null);
	capture_begin(null);
	fclose(null);
}

static void quiet_end(void)
{
	fflush(stdout);
	fflush(stderr);
	dup2(saved_out, 1);
	dup2(saved_err, 2);
	close(saved_out);
	close(saved_err);
}

static game_run *open_game(rules_session *s, const char *path, const game_play_opts *play, const game_driver **d)
{
	assert_int_equal(rules_session_load(s, "play", path, FORMAT_TEXT), EXIT_VALID);
	game_run *run = NULL;
	assert_int_equal(rules_session_run(s, "play", path, play, d, &run), EXIT_VALID);
	assert_non_null(run);
	return run;
}

/* Every field filled: the shell calls each without asking. */
static void assert_complete(const game_driver *d)
{
	assert_non_null(d->engine);
	assert_non_null(d->session_of);
	assert_non_null(d->open);
	assert_non_null(d->destroy);
	assert_non_null(d->apply);
	assert_non_null(d->finish);
	assert_non_null(d->check_json);
	assert_non_null(d->board_text);
	assert_non_null(d->roster_text);
	assert_non_null(d->print_result);
	assert_non_null(d->turn);
	assert_non_null(d->act);
	assert_non_null(d->acted);
	assert_non_null(d->propose);
	assert_non_null(d->redo);
	assert_non_null(d->over);
	assert_non_null(d->at_turn_start);
	assert_non_null(d->side);
	assert_non_null(d->decider);
	assert_non_null(d->awaits);
	assert_non_null(d->answer);
	assert_non_null(d->pass);
	assert_non_null(d->print_turn);
	assert_non_null(d->print_pending);
	assert_non_null(d->print_help);
	assert_non_null(d->command);
	assert_non_null(d->renewed);
	assert_non_null(d->fixed_reason);
	assert_non_null(d->undo_none);
}

/* Every grid has a driver or a reason to refuse, never both or neither. */
static void test_table(void **state)
{
	(void)state;
	for (int k = 0; k < GRID_KINDS; k++) {
		ruleset rs;
		memset(&rs, 0, sizeof rs);
		rs.grid = (grid_kind)k;
		const char *refusal = NULL;
		const game_driver *d = game_driver_of(&rs, &refusal);
		assert_true((d == NULL) != (refusal == NULL));
		if (d)
			assert_complete(d);
	}
}

/* A scenario of a grid without a referee: usage error with the reason,
 * the session closed, nothing opened. */
static void test_refused(void **state)
{
	(void)state;
	rules_session s;
	assert_int_equal(rules_session_load(&s, "check", SQUARE_SCENARIO, FORMAT_TEXT), EXIT_VALID);
	const char *refusal = NULL;
	if (game_driver_of(s.rs, &refusal)) {
		/* The square referee has a driver now: nothing left to refuse. */
		rules_session_close(&s);
		skip();
	}
	const game_driver *d = NULL;
	game_run *run = (game_run *)&s;
	FILE *said = tmpfile();
	assert_non_null(said);
	capture_begin(said);
	int code = rules_session_run(&s, "check", SQUARE_SCENARIO, NULL, &d, &run);
	quiet_end();
	assert_int_equal(code, EXIT_USAGE);
	char text[512] = "", want[512];
	rewind(said);
	size_t n = fread(text, 1, sizeof text - 1, said);
	text[n] = '\0';
	fclose(said);
	snprintf(want, sizeof want, "orbat check: %s uses ruleset mb-remastered, %s\n", SQUARE_SCENARIO, refusal);
	assert_string_equal(text, want);
	assert_null(d);
	assert_null(run);
	assert_null(s.sc);
	rules_session_close(&s);
}

/* The head of a new game: undoable never, each line a head line whose
 * canonical text is itself; blank lines and comments are empty, a
 * malformed line is refused under the log's rule. */
static void check_head(const game_driver *d, const kept *k, const char *scenario_id)
{
	assert_true(k->count > 0);
	bool named = false;
	for (size_t i = 0; i < k->count; i++) {
		game_line_kind kind;
		char *canon = NULL, *sc = NULL;
		rules_error why;
		assert_false(k->undoable[i]);
		assert_true(game_line_read(d, k->lines[i], (int)i + 1, &kind, &canon, &sc, &why));
		assert_int_equal(kind, GAME_LINE_HEAD);
		assert_string_equal(canon, k->lines[i]);
		if (sc) {
			assert_string_equal(sc, scenario_id);
			named = true;
		}
		free(canon);
		free(sc);
	}
	assert_true(named);
	const char *empties[] = { "", "   ", "# a comment" };
	for (size_t i = 0; i < sizeof empties / sizeof empties[0]; i++) {
		game_line_kind kind = GAME_LINE_ACTION;
		char *canon = NULL, *sc = NULL;
		rules_error why;
		assert_true(game_line_read(d, empties[i], 1, &kind, &canon, &sc, &why));
		assert_int_equal(kind, GAME_LINE_EMPTY);
		assert_null(canon);
		assert_null(sc);
	}
	game_line_kind kind;
	char *canon = NULL, *sc = NULL;
	rules_error why;
	assert_false(game_line_read(d, "fly to the moon", 3, &kind, &canon, &sc, &why));
	assert_string_equal(why.rule, RULES_ERROR_LOG_RULE);
}

/* The whole log as text, for check. */
static char *join(const kept *k)
{
	size_t len = 1;
	for (size_t i = 0; i < k->count; i++)
		len += strlen(k->lines[i]) + 1;
	char *text = xmalloc(len);
	text[0] = '\0';
	for (size_t i = 0; i < k->count; i++) {
		strcat(text, k->lines[i]);
		strcat(text, "\n");
	}
	return text;
}

static void contract(const char *path)
{
	kept k = { .count = 0 };
	game_play_opts play = { .seed = 7, .quiet = true, .emit = keep, .emit_ctx = &k };
	rules_session s;
	const game_driver *d = NULL;
	game_run *run = open_game(&s, path, &play, &d);
	assert_complete(d);
	keep(&k, "# a comment the shell writes", false);
	quiet_begin();
	bool dealt = game_head(d, run, &play, s.sc->id.text);
	quiet_end();
	assert_true(dealt);
	kept head = { .count = 0 };
	for (size_t i = 1; i < k.count; i++)
		keep(&head, k.lines[i], k.undoable[i]);
	check_head(d, &head, s.sc->id.text);
	kept_free(&head);
	assert_false(d->over(run));
	assert_int_equal(d->turn(run), 0);
	assert_non_null(d->side(run));
	assert_non_null(d->fixed_reason("x"));

	/* The automatic player: two turns at least, every action emitted. */
	quiet_begin();
	size_t taken = 0;
	while (!d->over(run) && (d->turn(run) < 3 || !d->at_turn_start(run)) && taken < 400) {
		assert_int_not_equal(game_auto_take(d, run, &play), GAME_AUTO_ILLEGAL);
		taken++;
	}
	quiet_end();
	size_t head_end = 0;
	for (size_t i = 0; i < k.count; i++) {
		game_line_kind kind;
		char *canon = NULL, *sc = NULL;
		rules_error why;
		assert_true(game_line_read(d, k.lines[i], (int)i + 1, &kind, &canon, &sc, &why));
		if (kind != GAME_LINE_ACTION)
			head_end = i + 1;
		else
			assert_string_equal(canon, k.lines[i]);
		free(canon);
		free(sc);
	}
	assert_true(k.count > head_end + 4);
	int turns = d->turn(run);

	/* Undo: the lines kept but the last rebuild a position; a refused
	 * line leaves the position as it was. */
	game_undo_begin(d, run);
	bool ok = true;
	for (size_t i = 0; i + 1 < k.count && ok; i++)
		ok = game_apply_line(d, run, k.lines[i], (int)i + 1);
	game_undo_end(d, run, ok);
	assert_true(ok);
	int turn = d->turn(run);
	game_undo_begin(d, run);
	assert_false(game_apply_line(d, run, "fly to the moon", 1));
	game_undo_end(d, run, false);
	assert_int_equal(d->turn(run), turn);

	/* Resume: the same seed gives the same head, and every saved action,
	 * stripped of its dice and cards, comes out as it was saved. */
	kept again = { .count = 0 };
	game_play_opts play2 = play;
	play2.emit_ctx = &again;
	rules_session s2;
	const game_driver *d2 = NULL;
	game_run *run2 = open_game(&s2, path, &play2, &d2);
	quiet_begin();
	assert_true(game_head(d2, run2, &play2, s2.sc->id.text));
	quiet_end();
	assert_int_equal(again.count, head_end - 1);
	for (size_t i = 0; i < again.count; i++)
		assert_string_equal(again.lines[i], k.lines[i + 1]);
	for (size_t i = head_end; i < k.count; i++) {
		char *made = NULL;
		bool undoable = false;
		rules_error err;
		assert_true(game_replay_line(d2, run2, k.lines[i], (int)i + 1, &made, &undoable, &err));
		assert_string_equal(made, k.lines[i]);
		assert_int_equal(undoable, k.undoable[i]);
		free(made);
	}
	d2->destroy(run2);
	rules_session_close(&s2);
	kept_free(&again);

	/* Check: the log replays; a malformed line is counted. */
	rules_session s3;
	const game_driver *d3 = NULL;
	assert_int_equal(rules_session_load(&s3, "check", path, FORMAT_TEXT), EXIT_VALID);
	game_run *run3 = NULL;
	assert_int_equal(rules_session_run(&s3, "check", path, NULL, &d3, &run3), EXIT_VALID);
	char *text = join(&k);
	diag_sink sink;
	diag_sink_init(&sink);
	game_log log;
	assert_int_equal(game_log_load(&log, d3->engine, text, strlen(text), "game.log", &sink), 0);
	rules_error err;
	int line = 0;
	assert_true(game_log_apply(d3->session_of(run3)->game, &log, &err, &line));
	game_log_finish(d3->session_of(run3)->game, &log, &err, &line);
	assert_int_equal(d3->turn(run3), turns);
	free(text);
	game_log_free(&log);
	assert_int_equal(game_log_load(&log, d3->engine, "fly to the moon\n", 16, "bad.log", &sink), 1);
	assert_int_equal(log.count, 0);
	game_log_free(&log);
	assert_int_equal(sink.count, 1);
	diag_sink_finish(&sink);
	d3->destroy(run3);
	rules_session_close(&s3);

	d->destroy(run);
	rules_session_close(&s);
	kept_free(&k);
}

static void test_contract(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof CONTRACT_SCENARIOS / sizeof CONTRACT_SCENARIOS[0]; i++)
		contract(CONTRACT_SCENARIOS[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_contract),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
