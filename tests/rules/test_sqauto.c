/* The square game's automatic player (rules/square/sq_auto.h) against the referee:
 * many seeds on both bundled mb-remastered scenarios, every proposal put to
 * sq_apply (one refused is a failure), each game played to a result within
 * a turn limit; its log written line by line, read back and replayed from
 * the start without dice must give the same game (replay determinism); the
 * same seed played twice gives the same log; and over all the games every
 * kind of action of the square log is used somewhere; a scenario's own
 * turn limit ends the games it plays.  Two positions made
 * to measure check the capital's defence: retaking it, and new units
 * placed there first.  SQAUTO_DUMP=N (or all) prints the logs of seed N
 * (and the moves of the made-to-measure games) on standard error. */
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
#include "rules/square/sq_auto.h"
#include "rules/square/sq_referee.h"
#include "validate/validate.h"
#include "sq_fixture.h"

/* Seeds per scenario (coastal fire, the rarest action, comes up in about
 * one game in forty), and the turns (one per seat) a game may last. */
#define SEEDS 150
#define MAX_TURNS 400
#define MAX_ACTIONS 200000

typedef struct text {
	char *s;
	size_t len, cap;
} text;

static void add_line(text *t, const char *line)
{
	size_t n = strlen(line);
	grow_array((void **)&t->s, &t->cap, t->len + n + 2, 1);
	memcpy(t->s + t->len, line, n);
	t->len += n;
	t->s[t->len++] = '\n';
	t->s[t->len] = '\0';
}

typedef sq_fixture loaded;

typedef struct tally {
	long kinds[SQ_ACT_COUNT];
	int games, wins[SQ_SIDES], draws, limits;
} tally;

/* One game by the automatic player: its log; the game played in *out. */
static char *play_game(const position *pos, unsigned long long seed, tally *tl, sq_game **out)
{
	sq_game *g = sq_game_create(pos);
	assert_non_null(g);
	sq_auto st;
	sq_auto_init(&st, MAX_TURNS);
	rng dice, choices;
	rng_seed(&dice, seed);
	rng_seed(&choices, seed ^ 0x5eed5eedULL);
	text log = { 0 };
	char head[200];
	snprintf(head, sizeof head, "orbat-game-log 1\nscenario %s\nseed %llu\nfirst %s", g->sc->id.text, seed,
		sq_side_id(g, g->seats[0].side));
	add_line(&log, head);
	sq_action a;
	long actions = 0;
	while (sq_auto_next(g, &st, &choices, &a)) {
		rules_error err;
		if (!sq_apply(g, &a, &dice, &err)) {
			char *line = sqlog_format(&a);
			fail_msg("%s seed %llu, turn %d: the automatic player proposed '%s', refused: %s [%s]", g->sc->id.text,
				seed, g->turn, line, err.message, err.rule);
		}
		char *line = sqlog_format(&a);
		add_line(&log, line);
		free(line);
		if (tl)
			tl->kinds[a.kind]++;
		sqlog_action_finish(&a);
		if (++actions > MAX_ACTIONS)
			fail_msg("%s seed %llu: %ld actions and no end", g->sc->id.text, seed, actions);
	}
	/* The player stops only at the game's end or the turn limit. */
	if (g->step != SQ_STEP_OVER && g->turn < MAX_TURNS)
		fail_msg("%s seed %llu: the automatic player stopped at turn %d without a result", g->sc->id.text, seed,
			g->turn);
	if (tl) {
		tl->games++;
		if (g->step != SQ_STEP_OVER)
			tl->limits++;
		else if (g->winner == SQ_DRAW)
			tl->draws++;
		else
			tl->wins[g->winner]++;
	}
	if (getenv("SQAUTO_DUMP") && (seed == strtoull(getenv("SQAUTO_DUMP"), NULL, 10) || !strcmp(getenv("SQAUTO_DUMP"), "all")))
		fprintf(stderr, "%s# %s\n", log.s, g->result);
	*out = g;
	return log.s;
}

/* The log read back and replayed from the start with its written dice:
 * every line accepted, the same end. */
static void replay_same(const position *pos, const char *log, const sq_game *played, unsigned long long seed)
{
	sq_log parsed;
	sqlog_init(&parsed);
	diag_sink sink;
	diag_sink_init(&sink);
	size_t bad = sqlog_parse(log, strlen(log), "auto.log", &parsed, &sink);
	if (bad)
		diag_print_text(&sink, 0, sink.count, stderr);
	assert_int_equal(bad, 0);
	sq_game *g = sq_game_create(pos);
	for (size_t i = 0; i < parsed.count; i++) {
		rules_error err;
		if (!sq_apply(g, &parsed.actions[i], NULL, &err))
			fail_msg("seed %llu: the log's line %d is refused on replay: %s [%s]", seed, parsed.actions[i].line,
				err.message, err.rule);
	}
	assert_int_equal(g->step, played->step);
	assert_int_equal(g->winner, played->winner);
	assert_int_equal(g->turn, played->turn);
	assert_string_equal(g->result, played->result);
	char *a = sq_summary(g), *b = sq_summary(played);
	assert_string_equal(a, b);
	free(a);
	free(b);
	sq_game_destroy(g);
	sqlog_finish(&parsed);
	diag_sink_finish(&sink);
}

static void play_scenario(const char *file, tally *tl)
{
	loaded l;
	sq_fixture_load(&l, file, NULL, NULL);
	for (unsigned long long seed = 1; seed <= SEEDS; seed++) {
		sq_game *g;
		char *log = play_game(l.pos, seed, tl, &g);
		replay_same(l.pos, log, g, seed);
		sq_game_destroy(g);
		free(log);
	}
	sq_fixture_unload(&l);
}

/* A trial (sq_game_trial: the player's "would the referee take this?")
 * borrows the pieces' ids and the sea zones of the game it copies: trying
 * each action the player proposes, placements that add pieces among
 * them, leaves the game as it was, ids and all (meson's MALLOC_PERTURB_
 * spoils an id freed by mistake), and the game then plays on. */
static void test_trial_leaves_game(void **state)
{
	(void)state;
	loaded l;
	sq_fixture_load(&l, "mb-1861.xml", NULL, NULL);
	long grown = 0, trials = 0;
	for (unsigned long long seed = 1; seed <= 3; seed++) {
		sq_game *g = sq_game_create(l.pos);
		sq_auto st;
		sq_auto_init(&st, MAX_TURNS);
		rng dice, choices;
		rng_seed(&dice, seed);
		rng_seed(&choices, seed ^ 0x5eed5eedULL);
		sq_action a;
		while (sq_auto_next(g, &st, &choices, &a)) {
			char *before = sq_summary(g);
			size_t pieces = g->piece_count;
			char **ids = xcalloc(pieces + 1, sizeof *ids);
			for (size_t i = 0; i < pieces; i++)
				ids[i] = xstrdup(g->pieces[i].id);
			sq_game *t = sq_game_trial(g);
			sq_action copy;
			sqlog_action_copy(&copy, &a);
			rng scratch = dice;
			rules_error err;
			assert_true(sq_apply(t, &copy, &scratch, &err));
			grown += t->piece_count > pieces;
			trials++;
			sqlog_action_finish(&copy);
			sq_game_destroy(t);
			char *after = sq_summary(g);
			assert_string_equal(before, after);
			assert_int_equal(g->piece_count, pieces);
			for (size_t i = 0; i < pieces; i++) {
				assert_string_equal(g->pieces[i].id, ids[i]);
				free(ids[i]);
			}
			free(ids);
			free(before);
			free(after);
			assert_true(sq_apply(g, &a, &dice, &err));
			sqlog_action_finish(&a);
		}
		sq_game_destroy(g);
	}
	sq_fixture_unload(&l);
	assert_true(trials > 100);
	assert_true(grown > 0);
}

static void print_tally(const char *what, const tally *tl)
{
	printf("%s: %d games: %d and %d won by each side, %d drawn, %d at the turn limit\n", what, tl->games,
		tl->wins[0], tl->wins[1], tl->draws, tl->limits);
	for (int k = SQ_ACT_BUY; k < SQ_ACT_COUNT; k++)
		printf("  %-9s %ld\n", sqlog_keyword((sq_act_kind)k), tl->kinds[k]);
}

/* Every action kind of play is used somewhere, and most games end with a
 * result of the rules rather than the turn limit. */
static void check_tally(const tally *tl)
{
	for (int k = SQ_ACT_BUY; k < SQ_ACT_COUNT; k++)
		if (tl->kinds[k] == 0)
			fail_msg("the automatic player never used '%s'", sqlog_keyword((sq_act_kind)k));
	int ended = tl->games - tl->limits;
	if (ended * 10 < tl->games * 9)
		fail_msg("only %d of %d games reached a result", ended, tl->games);
}

static void test_many_games(void **state)
{
	(void)state;
	tally two = { 0 }, four = { 0 }, all = { 0 };
	play_scenario("mb-1861.xml", &two);
	print_tally("mb-1861", &two);
	play_scenario("mb-1861-four-players.xml", &four);
	print_tally("mb-1861-four-players", &four);
	for (int k = 0; k < SQ_ACT_COUNT; k++)
		all.kinds[k] = two.kinds[k] + four.kinds[k];
	all.games = two.games + four.games;
	all.limits = two.limits + four.limits;
	check_tally(&all);
}

/* The same seed gives the same game: the player is a function of the game,
 * its notes and its choice stream. */
static void test_same_seed_same_game(void **state)
{
	(void)state;
	loaded l;
	sq_fixture_load(&l, "mb-1861.xml", NULL, NULL);
	for (unsigned long long seed = 101; seed <= 103; seed++) {
		sq_game *g1, *g2;
		char *a = play_game(l.pos, seed, NULL, &g1);
		char *b = play_game(l.pos, seed, NULL, &g2);
		assert_string_equal(a, b);
		free(a);
		free(b);
		sq_game_destroy(g1);
		sq_game_destroy(g2);
	}
	sq_fixture_unload(&l);
}

/* A scenario's own turn limit ends the game through the referee: the
 * player plays on until then and proposes nothing after. */
static void test_scenario_turn_limit(void **state)
{
	(void)state;
	const char *data = getenv("ORBAT_DATADIR");
	assert_non_null(data);
	char *path = xasprintf("%s/../scenarios/mb-1861.xml", data);
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	text xml = { 0 };
	char buf[4096];
	while (fgets(buf, sizeof buf, f)) {
		char *at = strstr(buf, " players=\"2\"");
		if (at) {
			char line[4200];
			snprintf(line, sizeof line, "%.*s turn-limit=\"2\"%s", (int)(at - buf), buf, at);
			add_line(&xml, line);
			xml.s[--xml.len] = '\0';
		} else {
			add_line(&xml, buf);
			xml.s[--xml.len] = '\0';
		}
	}
	fclose(f);
	free(path);
	loaded l;
	diag_sink_init(&l.sink);
	l.v = validator_create(data, &l.sink);
	validate_status st = validator_check_memory(l.v, "limit.xml", xml.s, xml.len, &l.sink, &l.sc, &l.rs);
	if (st != VALIDATE_OK)
		diag_print_text(&l.sink, 0, l.sink.count, stderr);
	assert_int_equal(st, VALIDATE_OK);
	free(xml.s);
	l.pos = position_create(l.sc, l.rs);
	l.g = NULL;   /* the games are played from l.pos */
	int limited = 0;
	for (unsigned long long seed = 1; seed <= 20; seed++) {
		sq_game *g;
		char *log = play_game(l.pos, seed, NULL, &g);
		assert_int_equal(g->step, SQ_STEP_OVER);
		assert_true(g->turn <= 4);
		if (g->turn == 4)
			limited++;
		free(log);
		sq_game_destroy(g);
	}
	assert_true(limited > 0);
	sq_fixture_unload(&l);
}

/* A player given a turn limit proposes nothing once it is reached. */
static void test_turn_limit(void **state)
{
	(void)state;
	loaded l;
	sq_fixture_load(&l, "mb-1861.xml", NULL, NULL);
	sq_game *g = sq_game_create(l.pos);
	sq_auto st;
	sq_auto_init(&st, 3);
	rng dice, choices;
	rng_seed(&dice, 7);
	rng_seed(&choices, 8);
	sq_action a;
	while (sq_auto_next(g, &st, &choices, &a)) {
		rules_error err;
		assert_true(sq_apply(g, &a, &dice, &err));
		sqlog_action_finish(&a);
	}
	assert_true(g->step == SQ_STEP_OVER || g->turn == 3);
	sq_game_destroy(g);
	sq_fixture_unload(&l);
}

/* The own capital taken: the player's first fight is for it, and it goes
 * on fighting there until it is retaken or no unit can reach it. */
static void test_retakes_capital(void **state)
{
	(void)state;
	loaded l;
	sq_fixture_load(&l, "mb-1861.xml",
		"<general id=\"grant\" at=\"E6\"/>"
		"<unit id=\"u-inf-1\" type=\"infantry\" at=\"L6\"/>"
		"<unit id=\"u-art-1\" type=\"artillery\" at=\"N6\"/>"
		"<unit id=\"u-cav-1\" type=\"cavalry\" at=\"L7\"/>",
		"<general id=\"lee\" at=\"C10\"/>"
		"<unit id=\"c-inf-1\" type=\"infantry\" at=\"M8\"/>"
		"<unit id=\"c-inf-2\" type=\"infantry\" at=\"J10\"/>"
		"<unit id=\"c-cav-1\" type=\"cavalry\" at=\"K10\"/>");
	sq_game *g = sq_game_create(l.pos);
	static const char *const lines[] = { "roll : 1 1", "redeploy : 1", "end", "roll : 1 1", "move c-inf-1 M7",
		"redeploy : 1", "end", NULL };
	sq_fixture_apply(g, lines);
	assert_true(sq_capital_lost(g, 0) >= 0);
	sq_auto st;
	sq_auto_init(&st, 0);
	rng dice, choices;
	rng_seed(&dice, 3);
	rng_seed(&choices, 4);
	sq_action a;
	int attacks = 0, elsewhere = 0;
	int turn = g->turn;
	while (g->turn == turn && g->step != SQ_STEP_OVER && sq_auto_next(g, &st, &choices, &a)) {
		if (a.kind == SQ_ACT_ATTACK) {
			attacks++;
			if (strcmp(a.object, "c-inf-1") != 0 && sq_find(g, "c-inf-1") >= 0 &&
				g->pieces[sq_find(g, "c-inf-1")].alive)
				elsewhere++;
		}
		rules_error err;
		assert_true(sq_apply(g, &a, &dice, &err));
		if (getenv("SQAUTO_DUMP")) {
			char *line = sqlog_format(&a);
			fprintf(stderr, "%s\n", line);
			free(line);
		}
		sqlog_action_finish(&a);
	}
	assert_true(attacks > 0);
	assert_int_equal(elsewhere, 0);
	sq_game_destroy(g);
	sq_fixture_unload(&l);
}

/* A capital in danger gets the new units first. */
static void test_places_in_threatened_capital(void **state)
{
	(void)state;
	loaded l;
	sq_fixture_load(&l, "mb-1861.xml",
		"<general id=\"grant\" at=\"E6\"/>"
		"<unit id=\"u-inf-1\" type=\"infantry\" at=\"E6\"/>",
		"<general id=\"lee\" at=\"M8\"/>"
		"<unit id=\"c-inf-1\" type=\"infantry\" at=\"M8\"/>"
		"<unit id=\"c-inf-2\" type=\"infantry\" at=\"L8\"/>"
		"<unit id=\"c-art-1\" type=\"artillery\" at=\"N8\"/>");
	sq_game *g = sq_game_create(l.pos);
	sq_auto st;
	sq_auto_init(&st, 0);
	rng dice, choices;
	rng_seed(&dice, 5);
	rng_seed(&choices, 6);
	sq_action a;
	const char *first_place = NULL;
	char where[16] = "";
	while (g->turn == 0 && sq_auto_next(g, &st, &choices, &a)) {
		if (a.kind == SQ_ACT_PLACE && !first_place) {
			snprintf(where, sizeof where, "%s", a.object);
			first_place = where;
		}
		rules_error err;
		assert_true(sq_apply(g, &a, &dice, &err));
		sqlog_action_finish(&a);
	}
	assert_non_null(first_place);
	assert_string_equal(first_place, "M7");
	sq_game_destroy(g);
	sq_fixture_unload(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_trial_leaves_game),
		cmocka_unit_test(test_turn_limit),
		cmocka_unit_test(test_scenario_turn_limit),
		cmocka_unit_test(test_retakes_capital),
		cmocka_unit_test(test_places_in_threatened_capital),
		cmocka_unit_test(test_same_seed_same_game),
		cmocka_unit_test(test_many_games),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
