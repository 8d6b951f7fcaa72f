/* The game session (rules/session.h), what orbat play and check count on
 * from the library on every grid, run on a scenario of each ruleset:
 *  - the head a new game writes: head lines only, each its own canonical
 *    text, the scenario named; blank lines and comments are empty, a
 *    malformed line is refused under the log's rule;
 *  - the automatic player plays turns, each action taken and kept, the
 *    head's lines and the rolls not undoable;
 *  - undo: the kept lines but the last, replayed on the start, rebuild a
 *    position; a refused line leaves the game as it was;
 *  - resume: a new session from the same seed writes the same head, and
 *    every saved action, its dice and cards taken out and decided again,
 *    comes out as it was saved, with the same undo;
 *  - check: the log read back referees to the same position, and a
 *    malformed line is counted, with its line number.
 * And with the players' own dice, a rolling action without faces is
 * refused with the number of dice to roll, and one with faces stands.
 * Seated games, each side deciding for itself, played through the
 * library alone as `orbat play --computer` plays them: a noord-zuid
 * battle of the computer's held until the defender withdraws, and a
 * square round after which the defender passes; the side asked is the
 * one the game waits for, the other side's actions are refused, what is
 * owed is said as data, and the game resumes from its lines. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine_fixture.h"
#include "rules/session.h"

/* A scenario of each ruleset, from the source tree (meson's cwd is the
 * build folder; the path comes from meson). */
static const char *const SCENARIOS[] = {
	ORBAT_TEST_SOURCE_ROOT "/tests/rules/scenarios/bc-duel.xml",
	ORBAT_TEST_SOURCE_ROOT "/tests/rules/scenarios/ntz-duel.xml",
	ORBAT_TEST_SOURCE_ROOT "/scenarios/gettysburg-first-day.xml",
	ORBAT_TEST_SOURCE_ROOT "/scenarios/mb-1861.xml",
	ORBAT_TEST_SOURCE_ROOT "/scenarios/mb-1861-four-players.xml",
};

#define SEED 7
#define TURNS 3
#define MAX_ACTIONS 400

/* The lines of a game, as play keeps them. */
typedef struct kept {
	char **line;
	bool *undoable;
	size_t count, capacity;
} kept;

static void keep(kept *k, const char *line, bool undoable)
{
	size_t cap = k->capacity;
	grow_array((void **)&k->line, &k->capacity, k->count + 1, sizeof *k->line);
	grow_array((void **)&k->undoable, &cap, k->count + 1, sizeof *k->undoable);
	k->line[k->count] = xstrdup(line);
	k->undoable[k->count++] = undoable;
}

static void keep_head(void *ctx, const char *line)
{
	keep(ctx, line, false);
}

static void kept_free(kept *k)
{
	str_free_words(k->line, k->count);
	free(k->undoable);
	memset(k, 0, sizeof *k);
}

/* A session ready to play the scenario with the simple player. */
static void session_begin(game_session *s, const loaded *l, bool manual)
{
	rules_error why;
	const game_engine *e = game_engine_of(l->rs, NULL);
	assert_non_null(e);
	assert_true(game_session_open(s, e, l->sc, l->rs, &why));
	assert_true(game_session_play(s, SEED, NULL, false, manual, &why));
}

static void check_head(const game_engine *e, const kept *k, const char *scenario_id)
{
	bool named = false;
	for (size_t i = 0; i < k->count; i++) {
		bool empty = false;
		rules_error why;
		assert_false(k->undoable[i]);
		game_action *a = game_action_parse(e, k->line[i], (int)i + 1, &empty, &why);
		assert_non_null(a);
		assert_true(e->is_head(a));
		char *canon = e->format(a);
		assert_string_equal(canon, k->line[i]);
		free(canon);
		const char *named_id = e->scenario_named(a);
		if (named_id) {
			assert_string_equal(named_id, scenario_id);
			named = true;
		}
		game_action_free(e, a);
	}
	assert_true(named);
	const char *empties[] = { "", "   ", "# a comment" };
	for (size_t i = 0; i < sizeof empties / sizeof empties[0]; i++) {
		bool empty = false;
		rules_error why;
		assert_null(game_action_parse(e, empties[i], 1, &empty, &why));
		assert_true(empty);
	}
	bool empty = false;
	rules_error why;
	assert_null(game_action_parse(e, "fly to the moon", 3, &empty, &why));
	assert_false(empty);
	assert_string_equal(why.rule, RULES_ERROR_LOG_RULE);
}

/* The automatic player until TURNS turns are over: every action taken
 * and kept. */
static void play_turns(game_session *s, kept *k)
{
	const game_engine *e = s->engine;
	game_action *a = game_action_new(e);
	for (int n = 0; n < MAX_ACTIONS && !game_over(s->game); n++) {
		if (game_turn(s->game) >= TURNS && e->at_turn_start(s->game))
			break;
		assert_true(game_session_propose(s, a));
		bool undoable = true;
		rules_error err;
		if (!game_session_take(s, a, GAME_BY_COMPUTER, &undoable, &err))
			fail_msg("the simple player's action refused: %s [%s]", err.message, err.rule);
		char *line = e->format(a);
		keep(k, line, undoable);
		free(line);
		game_action_finish(e, a);
	}
	free(a);
}

static char *join(const kept *k)
{
	size_t len = 1;
	for (size_t i = 0; i < k->count; i++)
		len += strlen(k->line[i]) + 1;
	char *text = xcalloc(1, len);
	for (size_t i = 0; i < k->count; i++) {
		strcat(text, k->line[i]);
		strcat(text, "\n");
	}
	return text;
}

static void session_contract(const char *path)
{
	loaded l;
	load(&l, path);
	game_session s;
	session_begin(&s, &l, false);
	const game_engine *e = s.engine;
	kept k = { 0 };
	rules_error err;
	assert_true(game_session_head(&s, l.sc->id.text, SEED, keep_head, &k, &err));
	size_t head = k.count;
	check_head(e, &k, l.sc->id.text);
	assert_false(game_over(s.game));
	assert_int_equal(game_turn(s.game), 0);
	char *undone = NULL;
	assert_int_equal(game_session_undo(&s, &undone), GAME_UNDO_NONE);

	play_turns(&s, &k);
	assert_true(k.count > head + 4);
	bool rolled = false;
	for (size_t i = head; i < k.count; i++)
		rolled |= !k.undoable[i];
	assert_true(rolled);
	char *played = state_text(s.game);
	/* The session keeps the lines as play does, and undo takes back the
	 * last unless it took from the seed. */
	assert_int_equal(s.kept.count, k.count);
	for (size_t i = 0; i < k.count; i++)
		assert_string_equal(s.kept.line[i], k.line[i]);
	game_undo u = game_session_undo(&s, &undone);
	assert_int_equal(u, k.undoable[k.count - 1] ? GAME_UNDO_DONE : GAME_UNDO_FIXED);
	assert_string_equal(undone, k.line[k.count - 1]);
	if (u == GAME_UNDO_DONE) {
		assert_int_equal(s.kept.count, k.count - 1);
		assert_true(game_apply_text(s.game, undone, 0, &err));
		free(undone);
		char *again = state_text(s.game);
		assert_same_text(again, played);
		free(again);
	}

	/* Undo: the kept lines but the last rebuild a position, which is
	 * kept; a refused line leaves the game as it was. */
	game_session_replay_begin(&s);
	for (size_t i = 0; i + 1 < k.count; i++)
		if (!game_apply_text(s.game, k.line[i], 0, &err))
			fail_msg("'%s' refused on undo: %s", k.line[i], err.message);
	game_session_replay_end(&s, true);
	game_session_replay_begin(&s);
	assert_false(game_apply_text(s.game, "fly to the moon", 1, &err));
	char *before = state_text(s.game);
	game_session_replay_end(&s, false);
	char *after = state_text(s.game);
	assert_string_not_equal(after, before);
	free(before);
	/* The last line again on top: the game as played. */
	assert_true(game_apply_text(s.game, k.line[k.count - 1], 0, &err));
	free(after);
	after = state_text(s.game);
	assert_same_text(after, played);
	free(after);

	/* Resume: the same head from the same seed, and each saved action,
	 * its seed's part decided again, as it was saved. */
	game_session r;
	session_begin(&r, &l, false);
	kept again = { 0 };
	assert_true(game_session_head(&r, l.sc->id.text, SEED, keep_head, &again, &err));
	assert_int_equal(again.count, head);
	for (size_t i = 0; i < head; i++)
		assert_string_equal(again.line[i], k.line[i]);
	for (size_t i = head; i < k.count; i++) {
		bool empty = false;
		game_action *a = game_action_parse(e, k.line[i], (int)i + 1, &empty, &err);
		assert_non_null(a);
		bool undoable = false;
		if (!game_session_redo(&r, a, &undoable, &err))
			fail_msg("'%s' refused on resume: %s", k.line[i], err.message);
		char *made = e->format(a);
		assert_string_equal(made, k.line[i]);
		assert_int_equal(undoable, k.undoable[i]);
		free(made);
		game_action_free(e, a);
	}
	after = state_text(r.game);
	assert_same_text(after, played);
	free(after);
	game_session_close(&r);
	kept_free(&again);

	/* Check: the log read back referees to the same position. */
	char *text = join(&k);
	diag_sink sink;
	diag_sink_init(&sink);
	game_log log;
	assert_int_equal(game_log_load(&log, e, text, strlen(text), "game.log", &sink), 0);
	assert_int_equal(log.count, k.count);
	game *checked = game_open(e, l.sc, l.rs, &err);
	int line = 0;
	assert_true(game_log_apply(checked, &log, &err, &line));
	game_log_finish(checked, &log, &err, &line);
	assert_int_equal(line, (int)k.count);
	after = state_text(checked);
	assert_same_text(after, played);
	free(after);
	game_log_free(&log);
	assert_int_equal(game_log_load(&log, e, "# head\n\nfly to the moon\n", 24, "bad.log", &sink), 1);
	assert_int_equal(log.count, 0);
	game_log_free(&log);
	assert_int_equal(sink.count, 1);
	assert_int_equal(sink.items[0].line, 3);
	diag_sink_finish(&sink);
	game_destroy(checked);
	free(text);
	free(played);

	game_session_close(&s);
	kept_free(&k);
	unload(&l);
}

static void test_contract(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof SCENARIOS / sizeof SCENARIOS[0]; i++)
		session_contract(SCENARIOS[i]);
}

/* The players' own dice: the first rolling action the automatic player
 * proposes, without faces, is refused with the dice to roll; the same
 * line with the faces it rolled on a seeded session stands, as typed. */
static void manual_dice(const char *path)
{
	loaded l;
	load(&l, path);
	game_session seeded, manual;
	session_begin(&seeded, &l, false);
	session_begin(&manual, &l, true);
	const game_engine *e = seeded.engine;
	rules_error err;
	assert_true(game_session_head(&seeded, l.sc->id.text, SEED, NULL, NULL, &err));
	assert_true(game_session_head(&manual, l.sc->id.text, SEED, NULL, NULL, &err));
	game_action *a = game_action_new(e);
	bool found = false;
	for (int n = 0; n < MAX_ACTIONS && !found && !game_over(seeded.game); n++) {
		assert_true(game_session_propose(&seeded, a));
		bool rolls = e->rolls(seeded.game, a);
		bool undoable;
		if (rolls) {
			char *bare = e->format(a);
			bool empty;
			game_action *typed = game_action_parse(e, bare, 0, &empty, &err);
			assert_false(game_session_take(&manual, typed, GAME_BY_PLAYER, &undoable, &err));
			assert_non_null(strstr(err.message, "type the faces"));
			game_action_free(e, typed);
			free(bare);
		}
		assert_true(game_session_take(&seeded, a, GAME_BY_COMPUTER, &undoable, &err));
		char *line = e->format(a);
		bool empty;
		game_action *typed = game_action_parse(e, line, 0, &empty, &err);
		/* The faces stand; a card drawn is the table's, as the seeded
		 * session drew it from the same stream (no die rolled yet). */
		e->forget_seeded(manual.game, typed, false);
		if (!game_session_take(&manual, typed, GAME_BY_PLAYER, &undoable, &err))
			fail_msg("'%s' with the faces typed refused: %s", line, err.message);
		char *again = e->format(typed);
		assert_same_text(again, line);
		free(again);
		game_action_free(e, typed);
		free(line);
		found = rolls;
		game_action_finish(e, a);
	}
	assert_true(found);
	assert_same_state(manual.game, seeded.game);
	free(a);
	game_session_close(&seeded);
	game_session_close(&manual);
	unload(&l);
}

static void test_manual_dice(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof SCENARIOS / sizeof SCENARIOS[0]; i++)
		manual_dice(SCENARIOS[i]);
}

/* ---- seated games ---- */

/* A session each side of which decides for itself, the automatic player
 * (the strongest of the grid, as --computer seats it) on `computer`'s
 * seat, its head kept; the index of that side. */
static int seated_begin(game_session *s, const loaded *l, unsigned long long seed, const char *computer)
{
	rules_error why;
	const game_engine *e = game_engine_of(l->rs, NULL);
	assert_true(game_session_open(s, e, l->sc, l->rs, &why));
	assert_true(game_session_play(s, seed, player_strongest(e->grid), true, false, &why));
	assert_true(game_session_head(s, l->sc->id.text, seed, NULL, NULL, &why));
	for (int side = 0; side < GAME_SIDE_COUNT; side++)
		if (strcmp(game_side_id(s->game, side), computer) == 0)
			return side;
	fail_msg("no side '%s'", computer);
	return -1;
}

/* The automatic player's decisions on its seat, its own choices in the
 * other's turn too, until the game waits for the other side (or holds a
 * proposal for its choice); the session keeps each action taken.
 * Returns the count. */
static size_t computer_plays(game_session *s, int computer)
{
	const game_engine *e = s->engine;
	game_action *a = game_action_new(e);
	size_t taken = 0;
	rules_error err;
	bool held = false;
	for (int n = 0; n < MAX_ACTIONS && !held && !game_over(s->game) && game_session_decider(s) == computer; n++) {
		switch (game_session_decide(s, a, &err)) {
		case GAME_DECIDED_ACTION:
			break;
		case GAME_DECIDED_PASS:
			continue;
		case GAME_DECIDED_HELD:
			held = true;
			continue;
		default:
			fail_msg("the computer decides nothing where it must");
		}
		bool undoable = false;
		if (!game_session_take(s, a, GAME_BY_COMPUTER, &undoable, &err))
			fail_msg("the computer's action refused: %s [%s]", err.message, err.rule);
		game_action_finish(e, a);
		taken++;
	}
	free(a);
	return taken;
}

/* A line typed by the side that does not decide now is refused. */
static void typed_refused(game_session *s, const char *line)
{
	bool empty = false, undoable = false;
	rules_error err;
	game_action *a = game_action_parse(s->engine, line, 0, &empty, &err);
	assert_non_null(a);
	assert_false(game_session_take(s, a, GAME_BY_PLAYER, &undoable, &err));
	if (!strstr(err.message, " decides now, not "))
		fail_msg("'%s' refused for another reason: %s", line, err.message);
	game_action_free(s->engine, a);
}

/* The kept lines, resumed on a new seated session from the same seed,
 * come out as they were saved and lead to the same position; from
 * another seed the head is refused at its seed line. */
static void seated_resume(game_session *s, const loaded *l, unsigned long long seed, const char *computer)
{
	const game_lines *k = &s->kept;
	game_session r;
	seated_begin(&r, l, seed, computer);
	rules_error err;
	size_t line = 0;
	if (!game_session_resume(&r, k->line, k->count, l->sc->id.text, seed, &err, &line))
		fail_msg("line %zu refused on resume: %s [%s]", line, err.message, err.rule);
	assert_int_equal(r.kept.count, k->count);
	for (size_t i = 0; i < k->count; i++)
		assert_string_equal(r.kept.line[i], k->line[i]);
	assert_int_equal(r.kept.fixed, k->fixed);
	assert_same_state(r.game, s->game);
	game_session_close(&r);

	seated_begin(&r, l, seed + 1, computer);
	assert_false(game_session_resume(&r, k->line, k->count, l->sc->id.text, seed + 1, &err, &line));
	assert_non_null(strstr(err.message, "is not what seed"));
	assert_string_equal(k->line[line - 1], "seed 1");
	game_session_close(&r);
}

/* noord-zuid, seed 1: the computer (confederate) battles u1, which may
 * withdraw one hex before the roll (§5.2): the battle is held, union
 * decides, its withdrawal goes into the computer's battle line. */
static void test_seated_withdraw(void **state)
{
	(void)state;
	loaded l;
	load(&l, SCENARIOS[1]);
	game_session s;
	int computer = seated_begin(&s, &l, 1, "confederate");
	int human = 1 - computer;
	assert_true(computer_plays(&s, computer) > 0);
	assert_true(s.holding);
	assert_int_equal(game_to_play(s.game), computer);
	assert_int_equal(game_session_decider(&s), human);
	game_due due[GAME_DUES_MAX];
	assert_int_equal(game_session_dues(&s, due, GAME_DUES_MAX), 1);
	assert_int_equal(due[0].kind, GAME_DUE_NEXT);
	assert_string_equal(due[0].step, "stand");
	assert_int_equal(due[0].side, human);
	assert_string_equal(due[0].unit, "u1");
	assert_string_equal(due[0].other, "c1");
	/* No action answers it, the computer's own draw neither; the
	 * automatic player makes none of union's choices. */
	typed_refused(&s, "draw");
	game_action *a = game_action_new(s.engine);
	assert_false(game_session_answer(&s, a));
	free(a);
	assert_false(game_session_choose(&s, "retreat"));
	assert_true(game_session_choose(&s, "withdraw"));
	assert_false(s.holding);
	assert_int_equal(game_session_decider(&s), computer);
	size_t before = s.kept.count;
	assert_true(computer_plays(&s, computer) > 0);
	assert_true(strncmp(s.kept.line[before], "battle c1 u1 withdraw : ", 24) == 0);
	seated_resume(&s, &l, 1, "confederate");
	game_session_close(&s);
	unload(&l);
}

/* The square game (sq-seats, seed 1): after a round of the computer's
 * (union) attack the defender may fall back, or pass; a pass, which
 * writes no line, gives the decision back to the computer.  Without
 * seats there is nothing of the other side's to pass. */
static void test_seated_pass(void **state)
{
	(void)state;
	loaded l;
	load(&l, ORBAT_TEST_SOURCE_ROOT "/tests/rules/square/sq-seats.xml");
	game_session s;
	int computer = seated_begin(&s, &l, 1, "union");
	int human = 1 - computer;
	assert_true(computer_plays(&s, computer) > 0);
	assert_int_equal(game_to_play(s.game), computer);
	assert_int_equal(game_session_decider(&s), human);
	game_due due[GAME_DUES_MAX];
	assert_int_equal(game_session_dues(&s, due, GAME_DUES_MAX), 1);
	assert_int_equal(due[0].kind, GAME_DUE_MAY);
	assert_int_equal(due[0].side, human);
	assert_string_equal(due[0].step, "retreat");
	typed_refused(&s, "end");
	assert_false(game_session_choose(&s, "withdraw"));
	rules_error err;
	assert_true(game_session_pass(&s, &err));
	assert_int_equal(game_session_decider(&s), computer);
	assert_int_equal(game_session_dues(&s, due, GAME_DUES_MAX), 1);
	assert_int_equal(due[0].kind, GAME_DUE_NEXT);
	assert_int_equal(due[0].side, computer);
	assert_true(due[0].text[0] != '\0');
	assert_true(computer_plays(&s, computer) > 0);
	seated_resume(&s, &l, 1, "union");
	game_session_close(&s);

	session_begin(&s, &l, false);
	assert_true(game_session_head(&s, l.sc->id.text, SEED, NULL, NULL, &err));
	assert_false(game_session_pass(&s, &err));
	assert_non_null(strstr(err.message, "nothing to pass"));
	game_session_close(&s);
	unload(&l);
}

/* A saved log read for --resume: its lines without their ends, the seed
 * and the players' own dice; a last line cut short and a log without a
 * seed are refused, the first with its line. */
static void test_saved_log(void **state)
{
	(void)state;
	game_saved sv;
	rules_error err;
	size_t line = 0;
	const char *log = "# orbat play x, seed 12, dice manual\r\norbat-game-log 1\nseed 12 # the seed\n\ndraw\n";
	assert_true(game_saved_read(&sv, log, strlen(log), &err, &line));
	assert_int_equal(sv.count, 5);
	assert_string_equal(sv.lines[0], "# orbat play x, seed 12, dice manual");
	assert_string_equal(sv.lines[3], "");
	assert_true(sv.seed == 12);
	assert_true(sv.manual);
	game_saved_free(&sv);
	const char *cut = "orbat-game-log 1\nseed 3\nmove u1 F";
	assert_false(game_saved_read(&sv, cut, strlen(cut), &err, &line));
	assert_int_equal(line, 3);
	assert_non_null(strstr(err.message, "'move u1 F'"));
	game_saved_free(&sv);
	const char *seedless = "orbat-game-log 1\nseed x\nseeds 4\n";
	assert_false(game_saved_read(&sv, seedless, strlen(seedless), &err, &line));
	assert_int_equal(line, 0);
	assert_non_null(strstr(err.message, "no 'seed' line"));
	game_saved_free(&sv);
	unsigned long long seed = 0;
	assert_false(game_log_seed("seed 99999999999999999999999", &seed));
	assert_true(game_log_seed("  seed\t42  ", &seed) && seed == 42);
	assert_false(game_log_manual("# orbat play x, seed 12"));
}

/* The automatic player answering for the side that decides in the
 * other's turn ('auto' typed there: mb-1861, seed 5, after a round of
 * the computer's attack on lee): it stays (a pass), which gives the decision back to the
 * computer; and a pass after GAME_SESSION_PASSES_MAX of them with no
 * action between is refused with the reason, the game as it was, so that
 * no caller's loop waits on it for ever. */
static void test_answer_for_the_other_side(void **state)
{
	(void)state;
	loaded l;
	load(&l, ORBAT_TEST_SOURCE_ROOT "/scenarios/mb-1861.xml");
	for (int stuck = 0; stuck < 2; stuck++) {
		game_session s;
		int computer = seated_begin(&s, &l, 5, "union");
		int human = 1 - computer;
		assert_true(computer_plays(&s, computer) > 0);
		assert_int_equal(game_session_decider(&s), human);
		size_t lines = s.kept.count;
		if (stuck)
			s.passes = GAME_SESSION_PASSES_MAX;
		game_action *a = game_action_new(s.engine);
		rules_error err;
		rules_error_clear(&err);
		game_decision d = game_session_decide(&s, a, &err);
		free(a);
		if (stuck) {
			assert_int_equal(d, GAME_DECIDED_BAD_PASS);
			assert_non_null(strstr(err.message, "again and again"));
			assert_int_equal(game_session_decider(&s), human);
		} else {
			assert_int_equal(d, GAME_DECIDED_PASS);
			assert_int_equal(s.passes, 1);
			assert_int_equal(game_session_decider(&s), computer);
			assert_true(computer_plays(&s, computer) > 0);
			assert_int_equal(s.passes, 0);
		}
		assert_true(s.kept.count >= lines);
		game_session_close(&s);
	}
	unload(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_contract),
		cmocka_unit_test(test_manual_dice),
		cmocka_unit_test(test_seated_withdraw),
		cmocka_unit_test(test_seated_pass),
		cmocka_unit_test(test_answer_for_the_other_side),
		cmocka_unit_test(test_saved_log),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
