/* The dice roller and card shuffler of `orbat play`: xoshiro256** seeded
 * through splitmix64, so a seed gives the same game on every machine. */
#ifndef ORBAT_RULES_RNG_H
#define ORBAT_RULES_RNG_H

#include <stdint.h>

typedef struct rng {
	uint64_t s[4];
} rng;

void rng_seed(rng *r, uint64_t seed);
uint64_t rng_next(rng *r);
/* Uniform in [0, bound), without modulo bias; bound > 0. */
uint32_t rng_below(rng *r, uint32_t bound);

#endif
