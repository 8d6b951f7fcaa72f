/* The statistics of a balance run (balance.h). */
#include "balance.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

/* 97.5th percentile of the normal distribution: a two-sided 95 % interval. */
#define BALANCE_Z 1.959963984540054

unsigned long long balance_game_seed(unsigned long long seed, size_t i)
{
	/* splitmix64's step and finaliser: a well-mixed seed for every index,
	 * independent of how the games are shared out. */
	unsigned long long z = seed + ((unsigned long long)i + 1) * 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

int balance_seat(size_t i, bool players_differ)
{
	return players_differ ? (int)(i % 2) : 0;
}

bool balance_record(const match_result *r, int first_seat, balance_game *out)
{
	memset(out, 0, sizeof *out);
	out->end = (int)r->end;
	out->winner = r->winner;
	out->first_seat = first_seat;
	out->turns = r->turns;
	for (int s = 0; s < MATCH_SIDES; s++)
		out->score[s] = r->score[s];
	return r->end == MATCH_WON || r->end == MATCH_DRAWN || r->end == MATCH_TURN_LIMIT;
}

balance_rate balance_wilson(long count, long of)
{
	balance_rate r = { count, of, 0, 0, 0 };
	if (of <= 0)
		return r;
	double n = (double)of, p = (double)count / n, z2 = BALANCE_Z * BALANCE_Z;
	double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
	double half = BALANCE_Z / (1 + z2 / n) * sqrt(p * (1 - p) / n + z2 / (4 * n * n));
	r.rate = p;
	r.low = fmax(0.0, centre - half);
	r.high = fmin(1.0, centre + half);
	return r;
}

static int int_order(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* The nearest-rank quantile q of n sorted values: the smallest value with
 * at least q of the values at or below it. */
static int quantile(const int *sorted, long n, double q)
{
	long rank = (long)ceil(q * (double)n);
	if (rank < 1)
		rank = 1;
	return sorted[rank - 1];
}

void balance_spread_of(int *values, long n, balance_spread *out)
{
	memset(out, 0, sizeof *out);
	out->n = n;
	if (n <= 0)
		return;
	qsort(values, (size_t)n, sizeof *values, int_order);
	out->min = values[0];
	out->max = values[n - 1];
	out->q1 = quantile(values, n, 0.25);
	out->median = quantile(values, n, 0.5);
	out->q3 = quantile(values, n, 0.75);
	double sum = 0;
	for (long i = 0; i < n; i++)
		sum += values[i];
	out->mean = sum / (double)n;
	/* Bars of whole numbers, as wide as it takes to need at most
	 * BALANCE_BINS of them. */
	int range = out->max - out->min + 1;
	int width = (range + BALANCE_BINS - 1) / BALANCE_BINS;
	out->bins = (range + width - 1) / width;
	for (int b = 0; b < out->bins; b++) {
		out->bin_low[b] = out->min + b * width;
		out->bin_high[b] = out->bin_low[b] + width - 1;
	}
	for (long i = 0; i < n; i++)
		out->bin_count[(values[i] - out->min) / width]++;
}

/* The verdict: side 0's share of the decided games and its interval; an
 * interval that holds an even split cannot tell the sides apart. */
static void judge(balance_stats *st)
{
	balance_verdict *v = &st->verdict;
	long decided = st->wins[0].count + st->wins[1].count;
	v->favoured = -1;
	if (decided == 0) {
		v->kind = BALANCE_UNDECIDED;
		return;
	}
	balance_rate share = balance_wilson(st->wins[0].count, decided);
	if (share.low <= 0.5 && share.high >= 0.5) {
		v->kind = BALANCE_EVEN;
		v->share = share;
	} else {
		v->kind = BALANCE_FAVOURS;
		v->favoured = share.rate > 0.5 ? 0 : 1;
		v->share = balance_wilson(st->wins[v->favoured].count, decided);
	}
	v->points = (v->share.rate - 0.5) * 100.0;
}

void balance_summarize(const balance_game *games, size_t n, balance_stats *out)
{
	memset(out, 0, sizeof *out);
	out->games = (long)n;
	long wins[MATCH_SIDES] = { 0, 0 }, draws = 0, limit = 0, first = 0, second = 0, won = 0;
	int *length = xcalloc(n ? n : 1, sizeof *length);
	int *margin = xcalloc(n ? n : 1, sizeof *margin);
	for (size_t i = 0; i < n; i++) {
		const balance_game *g = &games[i];
		length[i] = g->turns;
		if (g->end == MATCH_WON && g->winner >= 0 && g->winner < MATCH_SIDES) {
			wins[g->winner]++;
			if (g->winner == g->first_seat)
				first++;
			else
				second++;
			margin[won++] = g->score[g->winner] - g->score[1 - g->winner];
		} else if (g->end == MATCH_DRAWN) {
			draws++;
		} else {
			limit++;
		}
	}
	for (int s = 0; s < MATCH_SIDES; s++)
		out->wins[s] = balance_wilson(wins[s], (long)n);
	out->draws = balance_wilson(draws, (long)n);
	out->limit = balance_wilson(limit, (long)n);
	out->no_winner = balance_wilson(draws + limit, (long)n);
	out->first_player = balance_wilson(first, (long)n);
	out->second_player = balance_wilson(second, (long)n);
	balance_spread_of(length, (long)n, &out->length);
	balance_spread_of(margin, won, &out->margin);
	free(length);
	free(margin);
	judge(out);
}
