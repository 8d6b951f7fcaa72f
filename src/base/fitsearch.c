#include "fitsearch.h"

#include <math.h>
#include <stdlib.h>

#include "util.h"

/* The first fitting index in (no, yes], given that `no` does not fit and
 * `yes` does: halve the bracket. */
static size_t halve(size_t no, size_t yes, bool (*fits)(void *arg, size_t k), void *arg)
{
	while (yes - no > 1) {
		size_t mid = no + (yes - no) / 2;
		if (fits(arg, mid))
			yes = mid;
		else
			no = mid;
	}
	return yes;
}

size_t fitsearch_start(const double *series, size_t n, double predicted)
{
	size_t k = 1;
	while (k + 1 < n && series[k] > predicted)
		k++;
	return k;
}

size_t fitsearch_first(const double *series, size_t n, double predicted, bool (*fits)(void *arg, size_t k),
	void *arg)
{
	if (n < 2)
		return 0;
	size_t k = fitsearch_start(series, n, predicted);
	size_t step = 1;
	if (fits(arg, k)) {
		/* Up towards index 0 (known not to fit) until one does not. */
		size_t yes = k;
		for (;;) {
			size_t probe = yes > step ? yes - step : 0;
			if (probe == 0)
				return halve(0, yes, fits, arg);
			if (!fits(arg, probe))
				return halve(probe, yes, fits, arg);
			yes = probe;
			step *= 2;
		}
	}
	/* Down towards the end until one fits; the last is the answer
	 * whether it fits or not. */
	size_t no = k;
	for (;;) {
		size_t probe = no + step < n - 1 ? no + step : n - 1;
		if (fits(arg, probe))
			return halve(no, probe, fits, arg);
		if (probe == n - 1)
			return n - 1;
		no = probe;
		step *= 2;
	}
}

double fitsearch_power_predict(double s0, double used0, double s1, double used1, double limit)
{
	if (!(s0 > 0 && s1 > 0 && limit > 0))
		return s1;
	if (used0 <= 0 || used1 <= 0)
		return HUGE_VAL;   /* nothing there: no scale is too large */
	double p = s0 != s1 ? log(used0 / used1) / log(s0 / s1) : 0;
	/* Between the points the exponent is what the text does; outside a
	 * sane range a measure was off (a line broken one way at one size and
	 * the other at the next), and the square law is the safer guess. */
	if (!(p >= 0.5 && p <= 4))
		p = 2;
	return s1 * pow(limit / used1, 1 / p);
}

/* fitsearch_scale's state: what each index gave, once tried. */
enum { OUTCOME_UNTRIED, OUTCOME_FITS, OUTCOME_OVERFLOWS };

typedef struct scale_search {
	const fitscale *fs;
	unsigned char *outcome;   /* by index of the series */
} scale_search;

static bool measure_at(scale_search *ss, size_t k, double *used)
{
	const fitscale *fs = ss->fs;
	bool whole = fs->measure(fs->arg, k, used);
	bool fits = whole;
	for (size_t i = 0; fits && i < fs->parts; i++)
		fits = used[i] <= fs->limit;
	ss->outcome[k] = fits ? OUTCOME_FITS : OUTCOME_OVERFLOWS;
	return whole;
}

static bool fits_at(void *arg, size_t k)
{
	scale_search *ss = arg;
	if (ss->outcome[k] == OUTCOME_UNTRIED) {
		if (ss->fs->fits) {
			ss->outcome[k] = ss->fs->fits(ss->fs->arg, k) ? OUTCOME_FITS : OUTCOME_OVERFLOWS;
		} else {
			double used[FITSCALE_PARTS_MAX];
			measure_at(ss, k, used);
		}
	}
	return ss->outcome[k] == OUTCOME_FITS;
}

/* Two whole measures predict, fitsearch_first confirms. */
static size_t search_scale(scale_search *ss)
{
	const fitscale *fs = ss->fs;
	double used0[FITSCALE_PARTS_MAX], used1[FITSCALE_PARTS_MAX];
	bool whole = measure_at(ss, 0, used0);
	if (ss->outcome[0] == OUTCOME_FITS || fs->n < 2)
		return 0;
	/* Without a height the search starts one step down. */
	double predicted = fs->series[0];
	if (whole) {
		double ratio = 0;
		for (size_t i = 0; i < fs->parts; i++)
			ratio = fmax(ratio, used0[i] / fs->limit);
		predicted = fs->series[0] / sqrt(ratio);
		size_t k1 = fitsearch_start(fs->series, fs->n, predicted);
		if (measure_at(ss, k1, used1)) {
			predicted = HUGE_VAL;
			for (size_t i = 0; i < fs->parts; i++)
				predicted = fmin(predicted, fitsearch_power_predict(fs->series[0], used0[i], fs->series[k1],
					used1[i], fs->limit));
		}
	}
	return fitsearch_first(fs->series, fs->n, predicted, fits_at, ss);
}

size_t fitsearch_scale(const fitscale *fs)
{
	if (fs->n == 0 || fs->parts == 0 || fs->parts > FITSCALE_PARTS_MAX)
		return 0;
	scale_search ss = { fs, xcalloc(fs->n, 1) };
	size_t answer = search_scale(&ss);
	free(ss.outcome);
	return answer;
}
