#include "fitsearch.h"

#include <math.h>

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
