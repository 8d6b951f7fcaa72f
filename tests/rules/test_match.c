/* Headless matches (rules/match.h) between the simple players on every
 * bundled scenario, hex and square: each game ends (a winner, a draw or
 * the turn limit), the referee refuses no proposal, no player gets stuck;
 * the same seed gives the same game (its log lines hashed) with or
 * without the lines formatted; different seeds give different games.  And
 * the players by name (rules/players.h): the names known, one refused,
 * and a kind's missing grid reported.  MATCH_SEEDS=N plays N seeds per
 * scenario (default 50). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/util.h"
#include "engine_fixture.h"
#include "rules/match.h"
#include "rules/players.h"
#include "validate/validate.h"

#define DEFAULT_SEEDS 50
#define MAX_TURNS 500

/* A game's lines, hashed (FNV-1a) and counted. */
typedef struct line_hash {
	uint64_t hash;
	long lines;
} line_hash;

static void hash_line(void *ctx, const char *line)
{
	line_hash *h = ctx;
	for (const char *p = line; *p; p++) {
		h->hash ^= (unsigned char)*p;
		h->hash *= 0x100000001b3ull;
	}
	h->hash ^= '\n';
	h->hash *= 0x100000001b3ull;
	h->lines++;
}

static int seeds(void)
{
	const char *e = getenv("MATCH_SEEDS");
	int n = e ? atoi(e) : DEFAULT_SEEDS;
	return n > 0 ? n : DEFAULT_SEEDS;
}

static void report(const char *name, unsigned long long seed, const match_result *r)
{
	fprintf(stderr, "%s seed %llu: end %d after %ld actions, side %d: %s [%s]%s%s\n", name, seed, (int)r->end,
		r->actions, r->refused_side, r->error.message, r->error.rule, r->end == MATCH_REFUSED ? ": " : "",
		r->end == MATCH_REFUSED ? r->refused_action : "");
}

/* Every seed of one scenario. */
static void play_scenario(const char *path, const char *name, int *won, int *limit)
{
	loaded l;
	load(&l, path);
	rules_error why;
	rules_error_clear(&why);
	match *m = match_open(l.sc, l.rs, &why);
	if (!m)
		fprintf(stderr, "%s: %s\n", name, why.message);
	assert_non_null(m);
	int n = seeds();
	uint64_t previous = 0;
	int same_as_previous = 0;
	for (int s = 1; s <= n; s++) {
		match_opts o = { .seed = (unsigned long long)s, .max_turns = MAX_TURNS };
		match_result a, b;
		line_hash h1 = { 0xcbf29ce484222325ull, 0 }, h2 = { 0xcbf29ce484222325ull, 0 };
		o.line = hash_line;
		o.line_ctx = &h1;
		bool ok = match_play(m, &o, &a);
		if (!ok)
			report(name, o.seed, &a);
		assert_true(ok);
		assert_int_not_equal(a.end, MATCH_REFUSED);
		assert_true(a.end == MATCH_WON || a.end == MATCH_DRAWN || a.end == MATCH_TURN_LIMIT);
		assert_true(a.end != MATCH_WON || (a.winner == 0 || a.winner == 1));
		assert_true(a.actions > 0);
		assert_true(a.turns > 0 && a.turns <= MAX_TURNS);
		/* The head and every action are lines of the log. */
		assert_true(h1.lines > a.actions);
		*won += a.end == MATCH_WON;
		*limit += a.end == MATCH_TURN_LIMIT;
		/* Same seed again, with the lines: the same game. */
		o.line_ctx = &h2;
		assert_true(match_play(m, &o, &b));
		assert_int_equal(h1.hash, h2.hash);
		assert_int_equal(h1.lines, h2.lines);
		/* Without the lines: the same result. */
		o.line = NULL;
		assert_true(match_play(m, &o, &b));
		assert_int_equal(a.end, b.end);
		assert_int_equal(a.winner, b.winner);
		assert_int_equal(a.turns, b.turns);
		assert_int_equal(a.actions, b.actions);
		assert_memory_equal(a.score, b.score, sizeof a.score);
		assert_memory_equal(a.target, b.target, sizeof a.target);
		same_as_previous += s > 1 && h1.hash == previous;
		previous = h1.hash;
	}
	/* The seed matters: games of neighbouring seeds differ. */
	assert_true(same_as_previous < n / 2 + 1);
	match_close(m);
	unload(&l);
}

static void test_every_scenario(void **state)
{
	(void)state;
	size_t count = 0;
	char **paths = bundled_scenarios(&count);
	int scenarios = 0, grids[GRID_KINDS] = { 0 };
	for (size_t k = 0; k < count; k++) {
		const char *path = paths[k];
		const char *name = strrchr(path, '/') + 1;
		int won = 0, limit = 0;
		play_scenario(path, name, &won, &limit);
		/* Most games end with a result, not at the limit. */
		assert_true(won > 0);
		fprintf(stderr, "%s: %d seeds, %d won, %d at the turn limit\n", name, seeds(), won, limit);
		loaded l;
		load(&l, path);
		grids[l.rs->grid]++;
		unload(&l);
		scenarios++;
	}
	str_free_words(paths, count);
	assert_true(scenarios >= 2);
	for (int g = 0; g < GRID_KINDS; g++)
		assert_true(grids[g] > 0);
}

static void test_players_by_name(void **state)
{
	(void)state;
	assert_true(player_kind_count() >= 1);
	const player_kind *k = player_kind_find(PLAYER_DEFAULT);
	assert_non_null(k);
	assert_string_equal(k->name, "simple");
	for (size_t i = 0; i < player_kind_count(); i++) {
		const player_kind *p = player_kind_at(i);
		assert_ptr_equal(player_kind_find(p->name), p);
		for (int lang = 0; lang < LANG_COUNT; lang++)
			assert_true(p->description[lang] && *p->description[lang]);
	}
	assert_null(player_kind_at(player_kind_count()));
	assert_null(player_kind_find("nobody"));
	player p;
	rules_error why;
	rules_error_clear(&why);
	assert_false(player_open(&p, "nobody", GRID_HEX, 0, 0, &why));
	assert_non_null(strstr(why.message, "'nobody'"));
	assert_non_null(strstr(why.message, "simple"));
	/* A grid the kind has no implementation for is refused. */
	assert_false(player_open(&p, "simple", (grid_kind)GRID_KINDS, 0, 0, &why));
	assert_non_null(strstr(why.message, "does not play"));
	for (int g = 0; g < GRID_KINDS; g++) {
		assert_true(player_open(&p, "simple", (grid_kind)g, 1, 10, &why));
		player_reset(&p, 0);
		player_close(&p);
	}
}

/* A kind without a grid is refused with the grid's name, and a match
 * refuses an unknown player before it plays. */
static void test_refusals(void **state)
{
	(void)state;
	loaded l;
	const char *data = getenv("ORBAT_DATADIR");
	char *path = xasprintf("%s/../scenarios/shiloh.xml", data);
	load(&l, path);
	free(path);
	rules_error why;
	rules_error_clear(&why);
	match *m = match_open(l.sc, l.rs, &why);
	assert_non_null(m);
	assert_string_equal(match_side_id(m, 0), "union");
	match_opts o = { .seed = 3, .players = { "simple", "nobody" }, .max_turns = 5 };
	assert_false(match_players_ok(m, &o, &why));
	assert_non_null(strstr(why.message, "'nobody'"));
	match_result r;
	assert_false(match_play(m, &o, &r));
	assert_int_equal(r.end, MATCH_FAILED);
	/* A turn limit stops the game at a turn's start. */
	o.players[1] = NULL;
	assert_true(match_play(m, &o, &r));
	assert_true(r.end == MATCH_TURN_LIMIT || r.end == MATCH_WON);
	if (r.end == MATCH_TURN_LIMIT) {
		assert_int_equal(r.turns, 5);
		assert_int_equal(r.winner, MATCH_NO_WINNER);
	}
	match_close(m);
	unload(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_players_by_name),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_every_scenario),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
