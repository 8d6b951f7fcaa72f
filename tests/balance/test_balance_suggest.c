/* The balance lab (rules/balance_suggest.h): the changes offered on each
 * grid, every change played on the very seeds of the run it follows (one
 * player and two players in pairs, on one process and on two), the file
 * left as it was, a change the compiler refuses left unplayed with its
 * reason, and the order of the suggestions. */
/* mkstemps, fdopen */
#define _DEFAULT_SOURCE

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "rules/balance_suggest.h"
#include "validate/validate.h"

#define FIXTURE ORBAT_TEST_SOURCE_ROOT "/tests/balance/lopsided.xml"
#define SQUARE ORBAT_TEST_SOURCE_ROOT "/scenarios/mb-1861.xml"

/* A scenario loaded through the compiler, and its match. */
typedef struct loaded {
	diag_sink sink;
	validator *v;
	scenario *sc;
	const ruleset *rs;
	match *m;
} loaded;

static const char *data_dir(void)
{
	const char *data = getenv("ORBAT_DATADIR");
	return data ? data : ORBAT_TEST_SOURCE_ROOT "/data";
}

static void load(loaded *l, const char *path)
{
	memset(l, 0, sizeof *l);
	diag_sink_init(&l->sink);
	l->v = validator_create(data_dir(), &l->sink);
	assert_non_null(l->v);
	assert_int_equal(validator_check_file(l->v, path, &l->sink, &l->sc, &l->rs), VALIDATE_OK);
	rules_error why;
	rules_error_clear(&why);
	l->m = match_open(l->sc, l->rs, &why);
	assert_non_null(l->m);
}

static void unload(loaded *l)
{
	match_close(l->m);
	scenario_destroy(l->sc);
	validator_destroy(l->v);
	diag_sink_finish(&l->sink);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	char *bytes = xcalloc(1 << 16, 1);
	size_t n = fread(bytes, 1, (1 << 16) - 1, f);
	fclose(f);
	bytes[n] = '\0';
	return bytes;
}

static void changes_on_each_grid(void **state)
{
	(void)state;
	loaded l;
	load(&l, FIXTURE);
	/* Union: victory 1 (only +1, +2: a target is at least 1), cards 3;
	 * Confederates: victory 4, cards 3; the Union plays first. */
	balance_change c[BALANCE_MAX_CHANGES];
	size_t n = balance_suggest_changes(l.sc, l.m, c);
	const balance_change want[] = {
		{ BALANCE_CHANGE_VICTORY, 0, 1, 2 }, { BALANCE_CHANGE_VICTORY, 0, 1, 3 },
		{ BALANCE_CHANGE_CARDS, 0, 3, 2 }, { BALANCE_CHANGE_CARDS, 0, 3, 4 },
		{ BALANCE_CHANGE_VICTORY, 1, 4, 3 }, { BALANCE_CHANGE_VICTORY, 1, 4, 5 },
		{ BALANCE_CHANGE_VICTORY, 1, 4, 2 }, { BALANCE_CHANGE_VICTORY, 1, 4, 6 },
		{ BALANCE_CHANGE_CARDS, 1, 3, 2 }, { BALANCE_CHANGE_CARDS, 1, 3, 4 },
		{ BALANCE_CHANGE_FIRST, 1, 0, 1 },
	};
	assert_int_equal(n, sizeof want / sizeof want[0]);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(c[i].kind, want[i].kind);
		assert_int_equal(c[i].side, want[i].side);
		assert_int_equal(c[i].from, want[i].from);
		assert_int_equal(c[i].to, want[i].to);
	}
	assert_int_equal(balance_change_distance(&c[1]), 2);
	assert_int_equal(balance_change_distance(&c[10]), 1);
	unload(&l);
	/* The square game: no target, no cards; the first side only. */
	load(&l, SQUARE);
	n = balance_suggest_changes(l.sc, l.m, c);
	assert_int_equal(n, 1);
	assert_int_equal(c[0].kind, BALANCE_CHANGE_FIRST);
	assert_string_equal(match_side_id(l.m, c[0].side), "confederate");
	assert_false(balance_change_applies(BALANCE_CHANGE_VICTORY, GRID_SQUARE));
	assert_false(balance_change_applies(BALANCE_CHANGE_CARDS, GRID_SQUARE));
	assert_true(balance_change_applies(BALANCE_CHANGE_CARDS, GRID_HEX));
	unload(&l);
}

/* Play the base run and every change of the lab on `workers` processes;
 * every change's game i must have the base's game i's seed (and seat),
 * which is balance_game_seed of the run's seed and i. */
static void same_seeds_with(const char *a, const char *b, unsigned workers)
{
	loaded l;
	load(&l, FIXTURE);
	char *before = slurp(FIXTURE);
	bool differ = strcmp(a, b) != 0;
	balance_plan base = { .m = l.m, .names = { a, b }, .differ = differ, .seed = 42, .max_turns = 60,
		.games = balance_run_games(6, differ) };
	FILE *errors = tmpfile();
	assert_true(balance_play(&base, workers, "test", errors));
	balance_lab lab = { .base = &base, .scenario_file = FIXTURE, .data_dir = data_dir(), .rs = l.rs,
		.workers = workers, .who = "test", .errors = errors };
	balance_suggestions s;
	char *error = NULL;
	assert_true(balance_suggest_prepare(&lab, &s, &error));
	assert_true(balance_suggest_play(&lab, &s, &error));
	assert_null(error);
	assert_int_equal(s.count + s.untried_count, 11);
	assert_int_equal(s.games, base.games);
	bool some_other_result = false;
	for (size_t k = 0; k < s.count; k++) {
		const balance_plan *p = &s.items[k].plan;
		assert_int_equal(p->games, base.games);
		assert_string_equal(p->names[0], a);
		assert_string_equal(p->names[1], b);
		for (size_t i = 0; i < base.games; i++) {
			assert_true(base.results[i].seed == balance_game_seed(42, i, differ));
			assert_true(p->results[i].seed == base.results[i].seed);
			assert_int_equal(p->results[i].first_seat, base.results[i].first_seat);
			if (p->results[i].turns != base.results[i].turns)
				some_other_result = true;
		}
		/* The share is side 0's of the decided games, with its interval. */
		const balance_stats *st = &p->stats;
		assert_int_equal(s.items[k].share.count, st->wins[0].count);
		assert_int_equal(s.items[k].share.of, st->wins[0].count + st->wins[1].count);
	}
	/* The changes were played: some game went otherwise. */
	assert_true(some_other_result);
	/* The file is never written. */
	char *after = slurp(FIXTURE);
	assert_string_equal(before, after);
	free(before);
	free(after);
	fclose(errors);
	balance_suggestions_finish(&s);
	balance_plan_finish(&base);
	unload(&l);
}

static void same_seeds_one_player(void **state)
{
	(void)state;
	same_seeds_with("simple", "simple", 1);
}

static void same_seeds_in_pairs_on_two_processes(void **state)
{
	(void)state;
	same_seeds_with("simple", "strong", 2);
}

/* A change the compiler refuses is listed with its reason, not played:
 * a Union target of 3 is all the three Confederate units give, so 4 and
 * 5 cannot be reached. */
static void refused_changes_are_not_played(void **state)
{
	(void)state;
	char *bytes = slurp(FIXTURE);
	char *at = strstr(bytes, "victory=\"1\"");
	assert_non_null(at);
	at[9] = '3';
	char path[] = "/tmp/orbat-suggest-XXXXXX.xml";
	int fd = mkstemps(path, 4);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "wb");
	fputs(bytes, f);
	fclose(f);
	free(bytes);
	loaded l;
	load(&l, path);
	balance_plan base = { .m = l.m, .names = { "simple", "simple" }, .seed = 1, .max_turns = 40, .games = 2 };
	FILE *errors = tmpfile();
	assert_true(balance_play(&base, 1, "test", errors));
	balance_lab lab = { .base = &base, .scenario_file = path, .data_dir = data_dir(), .rs = l.rs, .workers = 1,
		.who = "test", .errors = errors };
	balance_suggestions s;
	char *error = NULL;
	assert_true(balance_suggest_prepare(&lab, &s, &error));
	assert_int_equal(s.untried_count, 2);
	for (size_t i = 0; i < s.untried_count; i++) {
		assert_int_equal(s.untried[i].change.kind, BALANCE_CHANGE_VICTORY);
		assert_int_equal(s.untried[i].change.side, 0);
		assert_true(s.untried[i].change.to > 3);
		assert_non_null(strstr(s.untried[i].reason, "needs"));
	}
	for (size_t i = 0; i < s.count; i++)
		assert_false(s.items[i].change.kind == BALANCE_CHANGE_VICTORY && s.items[i].change.to > 3 &&
			s.items[i].change.side == 0);
	fclose(errors);
	balance_suggestions_finish(&s);
	balance_plan_finish(&base);
	unload(&l);
	remove(path);
}

/* A suggestion made by hand: its change's distance, its verdict's kind
 * and side 0's share. */
static balance_suggestion made(size_t order, int distance, balance_verdict_kind kind, double share)
{
	balance_suggestion s;
	memset(&s, 0, sizeof s);
	s.order = order;
	s.change = distance == 0 ? (balance_change){ BALANCE_CHANGE_FIRST, 1, 0, 1 } :
		(balance_change){ BALANCE_CHANGE_VICTORY, 0, 5, 5 + distance };
	s.plan.stats.verdict.kind = kind;
	s.share.rate = share;
	return s;
}

static void order_nearest_and_most_even_first(void **state)
{
	(void)state;
	balance_suggestion s[] = {
		made(0, 2, BALANCE_FAVOURED, 0.70),      /* favoured, far from even */
		made(1, 1, BALANCE_INCONCLUSIVE, 0.60),
		made(2, 2, BALANCE_BALANCED, 0.50),
		made(3, 1, BALANCE_FAVOURED, 0.62),
		made(4, 1, BALANCE_BALANCED, 0.53),
		made(5, 0, BALANCE_INCONCLUSIVE, 0.52),  /* the first side: distance 1 */
		made(6, 1, BALANCE_BALANCED, 0.49),
		made(7, 2, BALANCE_FAVOURED, 0.62),
	};
	balance_suggest_order(s, sizeof s / sizeof s[0]);
	/* Balanced: nearest first, then the most even; inconclusive the
	 * same; favoured: the most even first, then the nearest. */
	const size_t want[] = { 6, 4, 2, 5, 1, 3, 7, 0 };
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
		assert_int_equal(s[i].order, want[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(changes_on_each_grid),
		cmocka_unit_test(same_seeds_one_player),
		cmocka_unit_test(same_seeds_in_pairs_on_two_processes),
		cmocka_unit_test(refused_changes_are_not_played),
		cmocka_unit_test(order_nearest_and_most_even_first),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
