/* The balance of a scenario: what many seeded games between two named
 * players (match.h) say about its fairness.  This module only counts: the
 * seed and seat of each game, one record per game, and the statistics of
 * a whole run -- win rates with their 95 % Wilson intervals, draws and
 * games stopped at the turn limit, the distribution of game length and of
 * the winning margin, and a verdict as data.  No I/O: src/cli prints it,
 * src/render draws it.
 *
 * A run of N games is reproducible piece by piece: game i's seed and
 * seats depend only on the run's seed and i (balance_game_seed,
 * balance_seat), so the games may be played in any order on any number of
 * processes and the summary is the same. */
#ifndef ORBAT_BALANCE_H
#define ORBAT_BALANCE_H

#include <stdbool.h>
#include <stddef.h>

#include "match.h"

/* The games a run plays when the caller names no number. */
#define BALANCE_DEFAULT_GAMES 200
/* The turn limit of each game: no bundled scenario needs more, and a game
 * that reaches it is reported as such, never counted as a result. */
#define BALANCE_MAX_TURNS 500
/* Bars of the game-length histogram, at most. */
#define BALANCE_BINS 10

/* The seed of game i of a run seeded `seed`: the run's seed and the index
 * mixed (splitmix64 of seed + (i + 1) * golden ratio), so neighbouring
 * games share nothing and `orbat play --auto --seed` replays game i. */
unsigned long long balance_game_seed(unsigned long long seed, size_t i);

/* Which side the first named player takes in game i: side 0 in the even
 * games, side 1 in the odd ones when the two players differ (so each
 * plays each side half the time); always side 0 when they are the same. */
int balance_seat(size_t i, bool players_differ);

/* What one game leaves for the statistics (small: sent between
 * processes). */
typedef struct balance_game {
	int end;              /* match_end */
	int winner;           /* side index, or MATCH_NO_WINNER */
	int first_seat;       /* the side the first named player took */
	int turns;
	int score[MATCH_SIDES];
} balance_game;

/* The record of a game's result; false when the game did not end as the
 * rules or the limit say (refused, stuck, failed: a player's or the
 * engine's bug, which the caller reports loudly). */
bool balance_record(const match_result *r, int first_seat, balance_game *out);

/* A proportion with its 95 % Wilson score interval. */
typedef struct balance_rate {
	long count, of;
	double rate, low, high;   /* 0..1; all 0 when of is 0 */
} balance_rate;

/* The Wilson score interval of count successes in `of` trials (z = 1.96). */
balance_rate balance_wilson(long count, long of);

/* Minimum, quartiles (nearest rank) and maximum of a set of integers, and
 * a histogram of equal-width bars over min..max. */
typedef struct balance_spread {
	long n;
	int min, q1, median, q3, max;
	double mean;
	int bins;                  /* bars used, 0 when n is 0 */
	int bin_low[BALANCE_BINS]; /* the bar holds values bin_low..bin_high */
	int bin_high[BALANCE_BINS];
	long bin_count[BALANCE_BINS];
} balance_spread;

/* The spread of n values (sorted in place). */
void balance_spread_of(int *values, long n, balance_spread *out);

typedef enum balance_verdict_kind {
	BALANCE_EVEN,         /* the interval of side 0's share of decided games holds 50 % */
	BALANCE_FAVOURS,      /* it does not: `favoured` wins more */
	BALANCE_UNDECIDED,    /* no game was decided: nothing to judge */
} balance_verdict_kind;

typedef struct balance_verdict {
	balance_verdict_kind kind;
	int favoured;          /* side index when BALANCE_FAVOURS, else -1 */
	/* The favoured side's (or side 0's) share of the decided games, with
	 * its interval, and how far it lies above an even split, in
	 * percentage points. */
	balance_rate share;
	double points;
} balance_verdict;

typedef struct balance_stats {
	long games;
	balance_rate wins[MATCH_SIDES];    /* of all games */
	balance_rate draws;                /* drawn by the rules */
	balance_rate limit;                /* stopped at the turn limit */
	balance_rate no_winner;            /* drawn or stopped: the games without a winner */
	balance_rate first_player;         /* games won by the first named player */
	balance_rate second_player;
	balance_spread length;             /* turns, every game */
	balance_spread margin;             /* winner's score minus loser's, won games */
	balance_verdict verdict;
} balance_stats;

/* The statistics of n recorded games. */
void balance_summarize(const balance_game *games, size_t n, balance_stats *out);

#endif
