/* The statistics of a balance run (balance.h). */
#include "balance.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

/* 97.5th percentile of the normal distribution: a two-sided 95 % interval. */
#define BALANCE_Z 1.959963984540054

unsigned long long balance_game_seed(unsigned long long seed, size_t i, bool paired)
{
	/* splitmix64's step and finaliser: a well-mixed seed for every index,
	 * independent of how the games are shared out. */
	unsigned long long index = paired ? i / 2 : i;
	unsigned long long z = seed + (index + 1) * 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

int balance_seat(size_t i, bool players_differ)
{
	return players_differ ? (int)(i % 2) : 0;
}

size_t balance_run_games(size_t games, bool paired)
{
	return paired && games % 2 ? games + 1 : games;
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
	out->end_rule = -1;
	for (int k = 0; k < SPECIAL_KIND_COUNT && r->end_rule[0]; k++)
		if (strcmp(special_kind_name((special_kind)k), r->end_rule) == 0)
			out->end_rule = k;
	return r->end == MATCH_WON || r->end == MATCH_DRAWN || r->end == MATCH_TURN_LIMIT;
}

/* The Wilson interval of a share p of n trials into *low, *high (n may be
 * any positive number: the estimate of games needed asks about shares of
 * runs not played). */
static void wilson(double p, double n, double *low, double *high)
{
	double z2 = BALANCE_Z * BALANCE_Z;
	double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
	double half = BALANCE_Z / (1 + z2 / n) * sqrt(p * (1 - p) / n + z2 / (4 * n * n));
	*low = fmax(0.0, centre - half);
	*high = fmin(1.0, centre + half);
}

balance_rate balance_wilson(long count, long of)
{
	balance_rate r = { count, of, 0, 0, 0 };
	if (of <= 0)
		return r;
	r.rate = (double)count / (double)of;
	wilson(r.rate, (double)of, &r.low, &r.high);
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

const char *balance_verdict_name(balance_verdict_kind kind)
{
	static const char *const NAMES[BALANCE_VERDICT_KINDS] = {
		[BALANCE_BALANCED] = "balanced",
		[BALANCE_FAVOURED] = "favoured",
		[BALANCE_INCONCLUSIVE] = "inconclusive",
	};
	return (unsigned)kind < BALANCE_VERDICT_KINDS ? NAMES[kind] : "?";
}

/* The kind an interval of side 0's share of the decided games gives. */
static balance_verdict_kind kind_of(double low, double high)
{
	if (low >= BALANCE_EVEN_LOW && high <= BALANCE_EVEN_HIGH)
		return BALANCE_BALANCED;
	if (low > 0.5 || high < 0.5)
		return BALANCE_FAVOURED;
	return BALANCE_INCONCLUSIVE;
}

static bool settled_at(double share, double decided)
{
	double low, high;
	wilson(share, decided, &low, &high);
	return kind_of(low, high) != BALANCE_INCONCLUSIVE;
}

/* The decided games at which the interval around the same share would be
 * narrow enough to settle: the interval only narrows around the share as
 * the games grow, so the first count that settles is found by doubling,
 * then halving the gap.  Every share settles in the end (at 50 % the
 * interval fits in the band, elsewhere it leaves 50 % out). */
static double decided_needed(double share, double decided)
{
	double low = decided, high = decided > 1 ? decided * 2 : 2;
	while (!settled_at(share, high)) {
		if (high >= (double)BALANCE_MAX_NEEDED)
			return (double)BALANCE_MAX_NEEDED;
		low = high;
		high *= 2;
	}
	while (high - low > 1) {
		double mid = floor((low + high) / 2);
		if (settled_at(share, mid))
			high = mid;
		else
			low = mid;
	}
	return high;
}

balance_verdict balance_judge(long wins0, long wins1, long games, bool paired)
{
	balance_verdict v;
	memset(&v, 0, sizeof v);
	v.favoured = -1;
	v.decided = wins0 + wins1;
	v.no_winner = balance_wilson(games - v.decided, games);
	v.unfinished = games > 0 && v.no_winner.rate > BALANCE_UNFINISHED_MAX;
	if (v.decided <= 0) {
		v.kind = BALANCE_INCONCLUSIVE;
		return v;
	}
	balance_rate share = balance_wilson(wins0, v.decided);
	v.kind = kind_of(share.low, share.high);
	v.share = share;
	if (v.kind == BALANCE_FAVOURED) {
		v.favoured = share.rate > 0.5 ? 0 : 1;
		v.share = balance_wilson(v.favoured ? wins1 : wins0, v.decided);
	}
	v.points = (v.share.rate - 0.5) * 100.0;
	if (v.kind == BALANCE_INCONCLUSIVE) {
		/* As many games in all as it takes to decide that many, at the
		 * rate games were decided. */
		double decided_rate = (double)v.decided / (double)games;
		double needed = ceil(decided_needed(share.rate, (double)v.decided) / decided_rate);
		v.games_needed = needed >= (double)BALANCE_MAX_NEEDED ? BALANCE_MAX_NEEDED : (long)needed;
		v.games_needed = (long)balance_run_games((size_t)v.games_needed, paired);
	}
	return v;
}

bool balance_verdicts_disagree(const balance_verdict *a, const balance_verdict *b)
{
	if (a->kind == BALANCE_INCONCLUSIVE || b->kind == BALANCE_INCONCLUSIVE)
		return false;
	return a->kind != b->kind || a->favoured != b->favoured;
}

void balance_summarize(const balance_game *games, size_t n, bool paired, balance_stats *out)
{
	memset(out, 0, sizeof *out);
	out->games = (long)n;
	long wins[MATCH_SIDES] = { 0, 0 }, draws = 0, limit = 0, first = 0, second = 0, won = 0;
	int *length = xcalloc(n ? n : 1, sizeof *length);
	int *margin = xcalloc(n ? n : 1, sizeof *margin);
	for (size_t i = 0; i < n; i++) {
		const balance_game *g = &games[i];
		length[i] = g->turns;
		if (g->end_rule >= 0 && g->end_rule < BALANCE_SPECIAL_KINDS)
			out->special_ends[g->end_rule]++;
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
	out->verdict = balance_judge(wins[0], wins[1], (long)n, paired);
}
