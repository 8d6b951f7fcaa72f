/* The first point of a descending series (type sizes, page scales, from
 * large to small) at which something fits, for a series along which
 * fitting never stops once it starts.
 *
 * Each try is costly (a text or a whole page laid out), so the search
 * starts where the caller predicts the answer from how far index 0
 * overflowed, and reaches the answer in a few tries: with a good
 * prediction the index tried and its neighbour above; with a poor one,
 * steps that double away from the prediction, then halving of what they
 * bracket (a logarithm of the series' length, never one try per point). */
#ifndef ORBAT_FITSEARCH_H
#define ORBAT_FITSEARCH_H

#include <stdbool.h>
#include <stddef.h>

/* The first index k of series[0 .. n-1] for which fits(arg, k) holds; n-1
 * when none does (then tried like the others).  Index 0 must be known not
 * to fit (0 is returned, untried, for a series of one).  The search
 * starts at the first index after 0 whose value is at most `predicted`. */
size_t fitsearch_first(const double *series, size_t n, double predicted, bool (*fits)(void *arg, size_t k),
	void *arg);

#endif
