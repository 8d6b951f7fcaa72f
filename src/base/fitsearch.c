#include "fitsearch.h"

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

size_t fitsearch_first(const double *series, size_t n, double predicted, bool (*fits)(void *arg, size_t k),
	void *arg)
{
	if (n < 2)
		return 0;
	size_t k = 1;
	while (k + 1 < n && series[k] > predicted)
		k++;
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
