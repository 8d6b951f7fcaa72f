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
 * processes and the summary is the same.
 *
 * The verdict is three-way (balance_judge): *balanced* only when the whole
 * 95 % interval of the first side's share of the decided games lies within
 * the even band (BALANCE_EVEN_LOW..BALANCE_EVEN_HIGH), *favoured* when it
 * lies wholly on one side of 50 %, else *inconclusive*, with an estimate of
 * the games that would settle it. */
#ifndef ORBAT_RULES_BALANCE_H
#define ORBAT_RULES_BALANCE_H

#include <stdbool.h>
#include <stddef.h>

#include "match.h"
#include "../model/special_rules.h"

/* The games a run plays when the caller names no number: enough that a
 * scenario whose first side wins half the decided games is called
 * balanced (its interval is then about +-3.1 points, inside the band),
 * and that a 55/45 lean is not. */
#define BALANCE_DEFAULT_GAMES 1000
/* The turn limit of each game: no bundled scenario needs more, and a game
 * that reaches it is reported as such, never counted as a result. */
#define BALANCE_MAX_TURNS 500
/* Bars of the game-length histogram, at most. */
#define BALANCE_BINS 10
/* The special rules' kinds a game's end is counted by. */
#define BALANCE_SPECIAL_KINDS SPECIAL_KIND_COUNT

/* The band of the first side's share of the decided games that counts as
 * balanced, and the share of unfinished games above which the verdict
 * warns.  They are the report's judgement, not rules of any game, so they
 * are not in a ruleset: a named constant each, printed by the report from
 * here (its texts take them as {placeholders}), stated in docs/balance.md.
 * Five points either way is a lean a player hardly feels over a few games;
 * more than one game in twenty without a result is a scenario that often
 * does not end. */
#define BALANCE_EVEN_LOW 0.45
#define BALANCE_EVEN_HIGH 0.55
#define BALANCE_UNFINISHED_MAX 0.05
/* The confidence of every interval, as a percentage for the texts (the z
 * of balance.c's Wilson interval belongs to it). */
#define BALANCE_CONFIDENCE_PERCENT 95
/* The most games an inconclusive verdict ever asks for. */
#define BALANCE_MAX_NEEDED 100000000L

/* The seed of game i of a run seeded `seed`: the run's seed and an index
 * mixed (splitmix64 of seed + (index + 1) * golden ratio), so neighbouring
 * games share nothing.  Unpaired, the index is i, and `orbat play --auto
 * --seed` replays game i; paired (two different players), games 2k and
 * 2k + 1 are one pair and share the seed of index k, so each seed's dice
 * and cards are played once from each seat. */
unsigned long long balance_game_seed(unsigned long long seed, size_t i, bool paired);

/* Which side the first named player takes in game i: side 0 in the even
 * games, side 1 in the odd ones when the two players differ (the two
 * games of a pair, so each plays each side half the time); always side 0
 * when they are the same. */
int balance_seat(size_t i, bool players_differ);

/* The games a run plays when asked for `games`: paired runs play whole
 * pairs, so an odd number is rounded up. */
size_t balance_run_games(size_t games, bool paired);

/* What one game leaves for the statistics (small: sent between
 * processes). */
typedef struct balance_game {
	unsigned long long seed; /* the game's seed (balance_game_seed): a
	                            change of the balance lab plays game i on
	                            the same seed as the run */
	int end;              /* match_end */
	int winner;           /* side index, or MATCH_NO_WINNER */
	int first_seat;       /* the side the first named player took */
	int turns;
	int score[MATCH_SIDES];
	int end_rule;         /* the special_kind (model/special_rules.h) of the
	                         scenario's rule that ended it, -1 for none */
} balance_game;

/* The record of a game's result (its seed left for the caller); false
 * when the game did not end as the rules or the limit say (refused, stuck, failed: a player's or the
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
	BALANCE_BALANCED,     /* the whole interval of side 0's share lies in the even band */
	BALANCE_FAVOURED,     /* it lies wholly on one side of 50 %: `favoured` wins more */
	BALANCE_INCONCLUSIVE, /* neither (or no game was decided) */
	BALANCE_VERDICT_KINDS
} balance_verdict_kind;

/* The verdict's kind as JSON and docs name it: "balanced", "favoured",
 * "inconclusive". */
const char *balance_verdict_name(balance_verdict_kind kind);

typedef struct balance_verdict {
	balance_verdict_kind kind;
	int favoured;          /* side index when BALANCE_FAVOURED, else -1 */
	long decided;          /* games won by either side */
	/* The favoured side's (or side 0's) share of the decided games, with
	 * its interval, and how far it lies above an even split, in
	 * percentage points. */
	balance_rate share;
	double points;
	/* Inconclusive: the games of a run (decided or not) that would settle
	 * the verdict if side 0's share and the rate of decided games stayed
	 * as observed; 0 when no game was decided (nothing to go by). */
	long games_needed;
	/* More than BALANCE_UNFINISHED_MAX of the games ended drawn or at the
	 * turn limit: the verdict speaks of the decided games only. */
	bool unfinished;
	balance_rate no_winner;
} balance_verdict;

/* The verdict on counts: side 0 won wins0 and side 1 wins1 of `games`
 * (the rest drawn or stopped); a paired run asks for whole pairs. */
balance_verdict balance_judge(long wins0, long wins1, long games, bool paired);

/* Do two verdicts on one scenario (by two players) contradict each other:
 * both settled, and not the same kind or not the same favoured side.  An
 * inconclusive verdict contradicts nothing. */
bool balance_verdicts_disagree(const balance_verdict *a, const balance_verdict *b);

typedef struct balance_stats {
	long games;
	balance_rate wins[MATCH_SIDES];    /* of all games */
	balance_rate draws;                /* drawn by the rules */
	balance_rate limit;                /* stopped at the turn limit */
	balance_rate no_winner;            /* drawn or stopped: the games without a winner */
	balance_rate first_player;         /* games won by the first named player */
	balance_rate second_player;
	balance_spread length;             /* turns, every hex_game */
	balance_spread margin;             /* winner's score minus loser's, won games */
	balance_verdict verdict;
	/* Games the scenario's special rules ended, by special_kind (turn
	 * limit, sudden death), whether won or drawn. */
	long special_ends[BALANCE_SPECIAL_KINDS];
} balance_stats;

/* The statistics of n recorded games; `paired` as balance_judge's. */
void balance_summarize(const balance_game *games, size_t n, bool paired, balance_stats *out);

#endif
