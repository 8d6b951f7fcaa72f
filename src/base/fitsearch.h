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

/* The index fitsearch_first tries first for a prediction: the first
 * after 0 whose value is at most `predicted` (n - 1 if none is; n >= 2). */
size_t fitsearch_start(const double *series, size_t n, double predicted);

/* Where a quantity that grows as c · s^p (a text's height with its type
 * size, p between 1 for one-line rows and 2 for wrapped paragraphs) meets
 * `limit`, from two measures of it: `used0` at s0 and `used1` at s1.  The
 * exponent is the one through both points; where they give none (equal
 * scales or heights, or a height that does not grow) the square law is
 * taken from the second point.  HUGE_VAL for an empty quantity.  A
 * prediction for fitsearch_first. */
double fitsearch_power_predict(double s0, double used0, double s1, double used1, double limit);

#endif
