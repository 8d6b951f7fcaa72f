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

/* A page to fit: the first scale of a descending series at which each of
 * its `parts` heights (its columns) stays within `limit`. */
#define FITSCALE_PARTS_MAX 4

typedef struct fitscale {
	const double *series;
	size_t n;        /* at least 1 */
	size_t parts;    /* 1 to FITSCALE_PARTS_MAX */
	double limit;
	/* The heights at series[k], measured whole; false when one has no
	 * height at all (a word wider than its column): it does not fit. */
	bool (*measure)(void *arg, size_t k, double *used);
	/* Whether all fit at series[k], free to stop at the first that does
	 * not; NULL to measure them whole. */
	bool (*fits)(void *arg, size_t k);
	void *arg;
} fitscale;

/* The index of that scale: n - 1 when none fits.  The page is measured
 * whole at index 0 and, when it overflows there, at the scale the square
 * law of a wrapped text predicts; those two measures give each part its
 * own law (fitsearch_power_predict), and fitsearch_first checks the
 * scale it predicts and the one above.  No index is tried twice.  Some
 * four layouts of the page, where halving takes seven or eight and a
 * walk down the series one per step.  The answer is always among the
 * scales tried, by measure or by fits (but for a series of one). */
size_t fitsearch_scale(const fitscale *fs);

#endif
