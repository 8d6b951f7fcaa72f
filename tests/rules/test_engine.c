/* The contract every game engine keeps (rules/engine.h), held to each
 * engine on every bundled scenario of its grid, from the library alone.
 * A game is played by the simple player from a seed (its log kept as
 * lines), then:
 *  - every log line round-trips: parse then format gives it back;
 *  - the same seed gives the same game, line for line;
 *  - a refused action changes nothing: earlier lines of the log tried
 *    again later (most are refused) leave the position, the hands and the
 *    dice stream as they were, and the game goes on to the same end;
 *  - a clone equals its original and goes its own way: the rest of the
 *    log applied to the clone leaves the original as it was;
 *  - undo restores the exact state: the start cloned and the log replayed
 *    up to a line gives the position the game had there;
 *  - what is due is data: before every action at most GAME_DUES_MAX
 *    items, each of a side of the game, with its step or its words, a
 *    rule, and with seats none of them the other side's unless that side
 *    decides; the side to play's own action is its own choice.
 * "The state" is engine_fixture.h's. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/util.h"
#include "engine_fixture.h"
#include "rules/engine.h"
#include "rules/players.h"

#define SEED_COUNT 2
#define MAX_ACTIONS 600
/* Tries of earlier lines every this many actions. */
#define TRY_EVERY 7

/* ---- a game's lines ---- */

typedef struct lines {
	char **line;
	size_t count, capacity;
	size_t head;          /* lines of the head (format, scenario, seed, deal) */
} lines;

static void lines_add(void *ctx, const char *line)
{
	lines *l = ctx;
	grow_array((void **)&l->line, &l->capacity, l->count + 1, sizeof *l->line);
	l->line[l->count++] = xstrdup(line);
}

static void lines_free(lines *l)
{
	str_free_words(l->line, l->count);
	memset(l, 0, sizeof *l);
}

/* ---- playing ---- */

/* What is due now, with and without seats, as the contract says; and an
 * action of the side to play, typed when that side decides, is its own
 * choice. */
static void check_dues(const game_engine *e, game *g, const game_action *next)
{
	game_due due[GAME_DUES_MAX + 1];
	for (int seats = 0; seats < 2; seats++) {
		size_t n = e->dues(g, NULL, seats, due, GAME_DUES_MAX);
		assert_true(n <= GAME_DUES_MAX);
		for (size_t i = 0; i < n; i++) {
			assert_true(due[i].side >= 0 && due[i].side < GAME_SIDE_COUNT);
			assert_true(due[i].step || due[i].text[0]);
			assert_true(due[i].kind == GAME_DUE_OWED || due[i].kind == GAME_DUE_NEXT || due[i].kind == GAME_DUE_MAY);
			if (seats)
				assert_int_equal(due[i].side, e->decider(g));
		}
	}
	assert_int_equal(e->dues(g, NULL, true, due, 0), 0);
	int decider = e->decider(g);
	rules_error err;
	if (decider == e->to_play(g) && e->action_side(g, next) == decider &&
		!e->own_choice(g, next, decider, false, &err))
		fail_msg("the side to play's own action refused: %s", err.message);
}

/* A game of the simple player on both sides from `seed`: its lines. */
static void play(const game_engine *e, game *start, const char *scenario_id, unsigned long long seed, lines *out)
{
	game *g = game_clone(start);
	rng dice, choices;
	rng_seed(&dice, seed);
	rng_seed(&choices, seed ^ PLAYER_CHOICE_SALT);
	rules_error err;
	rules_error_clear(&err);
	assert_true(game_deal_head(g, scenario_id, seed, &dice, lines_add, out, &err));
	out->head = out->count;
	player p;
	assert_true(player_open(&p, "simple", e->grid, -1, 0, &err));
	game_action *a = game_action_new(e);
	for (int n = 0; n < MAX_ACTIONS && !game_over(g); n++) {
		if (!player_next(&p, g, &choices, a))
			break;
		check_dues(e, g, a);
		if (!game_act(g, &dice, a, &err)) {
			char *text = e->format(a);
			fail_msg("%s: the simple player's '%s' refused: %s [%s]", scenario_id, text, err.message, err.rule);
		}
		char *text = e->format(a);
		lines_add(out, text);
		free(text);
		game_action_finish(e, a);
	}
	free(a);
	player_close(&p);
	game_destroy(g);
}

/* Apply a log line as written; the test fails on a refusal. */
static void apply_line(game *g, const char *line)
{
	rules_error err;
	rules_error_clear(&err);
	if (!game_apply_text(g, line, 0, &err))
		fail_msg("'%s' refused on replay: %s [%s]", line, err.message, err.rule);
}

/* A game at the start with lines [0, upto) applied. */
static game *replayed(game *start, const lines *log, size_t upto)
{
	game *g = game_clone(start);
	for (size_t i = 0; i < upto; i++)
		apply_line(g, log->line[i]);
	return g;
}

/* ---- the contract ---- */

static void round_trips(const game_engine *e, const lines *log)
{
	for (size_t i = 0; i < log->count; i++) {
		bool empty = false;
		rules_error why;
		game_action *a = game_action_parse(e, log->line[i], (int)i + 1, &empty, &why);
		if (!a)
			fail_msg("'%s' does not parse: %s", log->line[i], empty ? "empty" : why.message);
		char *again = e->format(a);
		assert_same_text(again, log->line[i]);
		assert_int_equal(e->line(a), (int)i + 1);
		free(again);
		game_action_free(e, a);
	}
}

/* Earlier lines tried on `g` (as written, then completed with the dice):
 * each refusal leaves the state and the dice stream as they were.
 * Returns the refusals seen. */
static long refusals_change_nothing(const game_engine *e, game *g, const lines *log, size_t at)
{
	long refused = 0;
	char *before = state_text(g);
	for (size_t k = log->head; k < at; k += 1 + k / 4) {
		game *trial = game_clone(g);
		rules_error err;
		rules_error_clear(&err);
		if (!game_apply_text(trial, log->line[k], 0, &err)) {
			refused++;
			char *after = state_text(trial);
			assert_same_text(after, before);
			free(after);
			/* The same line completed with the dice: refused too, and
			 * the stream untouched. */
			bool empty = false;
			game_action *a = game_action_parse(e, log->line[k], 0, &empty, &err);
			assert_non_null(a);
			e->forget_seeded(trial, a, true);
			rng dice, kept;
			rng_seed(&dice, at * 31 + k);
			kept = dice;
			if (!game_act(trial, &dice, a, &err)) {
				assert_memory_equal(&dice, &kept, sizeof dice);
				after = state_text(trial);
				assert_same_text(after, before);
				free(after);
			}
			game_action_free(e, a);
		}
		game_destroy(trial);
	}
	free(before);
	return refused;
}

/* The position as JSON fields: the sides and every unit, in an object
 * jansson writes whole (every string UTF-8). */
static void json_holds(game *g)
{
	json_t *o = json_object();
	g->impl->state_json(g, o);
	assert_int_equal(json_array_size(json_object_get(o, "sides")), 2);
	assert_true(json_is_array(json_object_get(o, "units")));
	assert_true(json_array_size(json_object_get(o, "units")) > 0);
	char *text = json_dumps(o, JSON_COMPACT);
	assert_non_null(text);
	free(text);
	json_decref(o);
}

static long hold_to_contract(const game_engine *e, game *start, const char *scenario_id, unsigned long long seed)
{
	lines log = { 0 }, again = { 0 };
	play(e, start, scenario_id, seed, &log);
	assert_true(log.count > log.head);
	if (getenv("ENGINE_VERBOSE"))
		fprintf(stderr, "%s seed %llu: %zu lines (%zu of the head)\n", scenario_id, seed, log.count, log.head);

	/* The same seed, the same game. */
	play(e, start, scenario_id, seed, &again);
	assert_int_equal(again.count, log.count);
	for (size_t i = 0; i < log.count; i++)
		assert_string_equal(again.line[i], log.line[i]);
	lines_free(&again);

	round_trips(e, &log);

	/* Walk the game line by line. */
	game *g = game_clone(start);
	long refused = 0;
	size_t middle = log.head + (log.count - log.head) / 2;
	char *at_middle = NULL;
	game *clone = NULL;
	for (size_t i = 0; i < log.count; i++) {
		if (i > log.head && i % TRY_EVERY == 0) {
			refused += refusals_change_nothing(e, g, &log, i);
			/* Undo: the start replayed up to here is this game. */
			game *undone = replayed(start, &log, i);
			assert_same_state(undone, g);
			game_destroy(undone);
		}
		if (i == middle) {
			clone = game_clone(g);
			assert_same_state(clone, g);
			at_middle = state_text(g);
		}
		apply_line(g, log.line[i]);
	}
	assert_non_null(clone);
	/* The original went on; the clone stayed at the middle... */
	char *clone_now = state_text(clone);
	assert_same_text(clone_now, at_middle);
	free(clone_now);
	/* ...and goes its own way to the same end, leaving the original be. */
	json_holds(g);
	char *end = state_text(g);
	for (size_t i = middle; i < log.count; i++)
		apply_line(clone, log.line[i]);
	char *still = state_text(g);
	assert_same_text(still, end);
	assert_same_state(clone, g);
	free(still);
	free(end);
	free(at_middle);
	game_destroy(clone);
	game_destroy(g);
	lines_free(&log);
	return refused;
}

/* Every bundled scenario, each under its engine. */
static void test_every_engine(void **state)
{
	(void)state;
	size_t count = 0;
	char **paths = bundled_scenarios(&count);
	long played[GRID_KINDS] = { 0 }, refused = 0;
	for (size_t k = 0; k < count; k++) {
		const char *path = paths[k];
		loaded l;
		load(&l, path);
		const char *refusal = NULL;
		const game_engine *e = game_engine_of(l.rs, &refusal);
		assert_non_null(e);
		assert_int_equal(e->grid, l.rs->grid);
		rules_error why;
		game *start = game_open(e, l.sc, l.rs, &why);
		assert_non_null(start);
		assert_ptr_equal(start->impl, e);
		for (unsigned long long seed = 1; seed <= SEED_COUNT; seed++)
			refused += hold_to_contract(e, start, l.sc->id.text, seed);
		played[e->grid]++;
		game_destroy(start);
		unload(&l);
	}
	str_free_words(paths, count);
	/* Every engine was held to it, and the refusals were exercised. */
	for (size_t i = 0; game_engine_at(i); i++)
		assert_true(played[game_engine_at(i)->grid] > 0);
	fprintf(stderr, "engine contract: %ld hex and %ld square scenarios, %ld refusals tried\n", played[GRID_HEX],
		played[GRID_SQUARE], refused);
	assert_true(refused > 20);
}

/* The table: an engine per grid, each found by its grid. */
static void test_engines_by_grid(void **state)
{
	(void)state;
	size_t count = 0;
	for (size_t i = 0; game_engine_at(i); i++, count++) {
		const game_engine *e = game_engine_at(i);
		assert_ptr_equal(game_engine_of_grid(e->grid), e);
		assert_true(e->action_size > 0);
		assert_true(e->player_count > 0);
		assert_string_equal(e->players[0].kind, PLAYER_DEFAULT);
	}
	assert_int_equal(count, GRID_KINDS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_engines_by_grid),
		cmocka_unit_test(test_every_engine),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
