/* The statistics of orbat balance (rules/balance.h): the Wilson interval
 * against published values, quartiles and histogram bars, the seed and
 * seat of each game, the record of a failed game, and the verdict for an
 * even, a one-sided and an undecided run. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "rules/balance.h"

#define NEAR(a, b) assert_true(fabs((a) - (b)) < 0.0005)

static void wilson_known_values(void **state)
{
	(void)state;
	/* 5 of 10: 0.2366 to 0.7634; 0 of 10: 0 to 0.2775; 81 of 263
	 * (Wilson's example in Newcombe 1998): 0.2553 to 0.3662. */
	balance_rate r = balance_wilson(5, 10);
	NEAR(r.rate, 0.5);
	NEAR(r.low, 0.2366);
	NEAR(r.high, 0.7634);
	r = balance_wilson(0, 10);
	NEAR(r.low, 0.0);
	NEAR(r.high, 0.2775);
	r = balance_wilson(81, 263);
	NEAR(r.low, 0.2553);
	NEAR(r.high, 0.3662);
	r = balance_wilson(10, 10);
	NEAR(r.high, 1.0);
	NEAR(r.low, 0.7225);
	r = balance_wilson(0, 0);
	assert_int_equal(r.of, 0);
	NEAR(r.rate, 0.0);
	NEAR(r.high, 0.0);
}

static void spread_quartiles_and_bars(void **state)
{
	(void)state;
	int v[] = { 8, 3, 5, 1, 7, 2, 6, 4 };
	balance_spread s;
	balance_spread_of(v, 8, &s);
	assert_int_equal(s.min, 1);
	assert_int_equal(s.q1, 2);
	assert_int_equal(s.median, 4);
	assert_int_equal(s.q3, 6);
	assert_int_equal(s.max, 8);
	NEAR(s.mean, 4.5);
	assert_int_equal(s.bins, 8);
	for (int b = 0; b < s.bins; b++) {
		assert_int_equal(s.bin_low[b], b + 1);
		assert_int_equal(s.bin_count[b], 1);
	}
	/* 1..25: bars three wide, nine of them, every value in one. */
	int w[25];
	for (int i = 0; i < 25; i++)
		w[i] = 25 - i;
	balance_spread_of(w, 25, &s);
	assert_int_equal(s.bins, 9);
	assert_int_equal(s.bin_low[8], 25);
	assert_int_equal(s.bin_high[8], 27);
	long total = 0;
	for (int b = 0; b < s.bins; b++)
		total += s.bin_count[b];
	assert_int_equal(total, 25);
	assert_int_equal(s.bin_count[0], 3);
	assert_int_equal(s.bin_count[8], 1);
	/* One value, and none. */
	int one = 12;
	balance_spread_of(&one, 1, &s);
	assert_int_equal(s.q1, 12);
	assert_int_equal(s.bins, 1);
	balance_spread_of(NULL, 0, &s);
	assert_int_equal(s.bins, 0);
}

static void seeds_and_seats(void **state)
{
	(void)state;
	/* The seed of game i depends on the run's seed and i only. */
	assert_true(balance_game_seed(1, 0) == balance_game_seed(1, 0));
	assert_true(balance_game_seed(1, 0) != balance_game_seed(1, 1));
	assert_true(balance_game_seed(1, 5) != balance_game_seed(2, 5));
	assert_true(balance_game_seed(0, 0) != 0);
	for (size_t i = 0; i < 6; i++) {
		assert_int_equal(balance_seat(i, false), 0);
		assert_int_equal(balance_seat(i, true), (int)(i % 2));
	}
}

static void record_refuses_a_failed_game(void **state)
{
	(void)state;
	match_result r;
	memset(&r, 0, sizeof r);
	r.end = MATCH_WON;
	r.winner = 1;
	r.turns = 9;
	r.score[0] = 2;
	r.score[1] = 5;
	balance_game g;
	assert_true(balance_record(&r, 1, &g));
	assert_int_equal(g.winner, 1);
	assert_int_equal(g.turns, 9);
	assert_int_equal(g.first_seat, 1);
	r.end = MATCH_TURN_LIMIT;
	r.winner = MATCH_NO_WINNER;
	assert_true(balance_record(&r, 0, &g));
	r.end = MATCH_REFUSED;
	assert_false(balance_record(&r, 0, &g));
	r.end = MATCH_STUCK;
	assert_false(balance_record(&r, 0, &g));
	r.end = MATCH_FAILED;
	assert_false(balance_record(&r, 0, &g));
}

/* n games: side 0 wins the first w0, side 1 the next w1, the rest stop
 * at the turn limit; the first named player sits on side i % 2. */
static void fill(balance_game *g, size_t n, size_t w0, size_t w1)
{
	for (size_t i = 0; i < n; i++) {
		memset(&g[i], 0, sizeof g[i]);
		g[i].first_seat = (int)(i % 2);
		g[i].turns = 5 + (int)(i % 7);
		if (i < w0 + w1) {
			g[i].end = MATCH_WON;
			g[i].winner = i < w0 ? 0 : 1;
			g[i].score[g[i].winner] = 4;
			g[i].score[1 - g[i].winner] = 1 + (int)(i % 3);
		} else {
			g[i].end = MATCH_TURN_LIMIT;
			g[i].winner = MATCH_NO_WINNER;
		}
	}
}

static void verdicts(void **state)
{
	(void)state;
	balance_game g[200];
	balance_stats st;
	/* 104 to 96: inside the margin of error. */
	fill(g, 200, 104, 96);
	balance_summarize(g, 200, &st);
	assert_int_equal(st.verdict.kind, BALANCE_EVEN);
	assert_int_equal(st.verdict.favoured, -1);
	assert_int_equal(st.wins[0].count, 104);
	assert_int_equal(st.limit.count, 0);
	/* 60 to 130 and 10 stopped: side 1, by about 15 points. */
	fill(g, 200, 60, 130);
	balance_summarize(g, 200, &st);
	assert_int_equal(st.verdict.kind, BALANCE_FAVOURS);
	assert_int_equal(st.verdict.favoured, 1);
	NEAR(st.verdict.share.rate, 130.0 / 190.0);
	NEAR(st.verdict.points, (130.0 / 190.0 - 0.5) * 100);
	assert_int_equal(st.limit.count, 10);
	assert_int_equal(st.no_winner.count, 10);
	NEAR(st.no_winner.rate, 10.0 / 200.0);
	assert_int_equal(st.margin.n, 190);
	assert_int_equal(st.margin.min, 1);
	assert_int_equal(st.margin.max, 3);
	assert_int_equal(st.first_player.count + st.second_player.count, 190);
	assert_int_equal(st.length.n, 200);
	assert_int_equal(st.length.min, 5);
	assert_int_equal(st.length.max, 11);
	/* Every game stopped: nothing to judge. */
	fill(g, 50, 0, 0);
	balance_summarize(g, 50, &st);
	assert_int_equal(st.verdict.kind, BALANCE_UNDECIDED);
	assert_int_equal(st.limit.count, 50);
	assert_int_equal(st.margin.n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(wilson_known_values),
		cmocka_unit_test(spread_quartiles_and_bars),
		cmocka_unit_test(seeds_and_seats),
		cmocka_unit_test(record_refuses_a_failed_game),
		cmocka_unit_test(verdicts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
