/* A balance run played: the games of a plan between two named players
 * (match.h), handed out in blocks to the job pool (base/jobpool.h) so that
 * every core plays, and put back in game order, so that the same seed gives
 * the same results on any number of processes.  The statistics are
 * balance.h's; the words of the report balance_words.h's. */
#ifndef ORBAT_BALANCE_PLAY_H
#define ORBAT_BALANCE_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "balance.h"
#include "match.h"

/* A run of games between two named players on one scenario.  With log_dir
 * each game is also written down as a game log (docs/game-log.md: what
 * `orbat play --log` writes and `orbat check` replays), one file a game,
 * whole, by the process that plays it: DIR/STEM-gNNNN.log
 * (balance_log_path). */
typedef struct balance_plan {
	match *m;
	const char *names[2];      /* the first and second named players */
	bool differ;               /* two players: pairs of games, seats swapped */
	unsigned long long seed;
	long max_turns;
	size_t games;
	balance_game *results;     /* one per game, in game order */
	balance_stats stats;       /* once played */
	/* Told, in this process, each time a block of games is back: the
	 * games of the plan played so far.  NULL: nobody asks. */
	void (*progress)(void *ctx, size_t played, size_t games);
	void *progress_ctx;
	const char *log_dir;       /* NULL: no logs */
	const char *log_stem;      /* the names' start: balance_log_stem */
	bool log_failed;           /* set when a log could not be written: the
	                              run stopped, a write error (exit 2), no bug */
} balance_plan;

/* The start of a run's log names: SCENARIO-sSEED, and -PLAYER for a run
 * told apart by its player (the comparison run); characters a file name
 * should not hold become '_'. */
char *balance_log_stem(const char *scenario_id, unsigned long long seed, const char *player);
/* Game i's log: LOG_DIR/STEM-gNNNN.log, game numbers from 1, as many
 * digits as the run's last game needs (at least 4), so that the files
 * list in game order. */
char *balance_log_path(const balance_plan *br, size_t i);
/* True when no game of the plan would overwrite a file; false with a
 * message naming the first file found (free it). */
bool balance_logs_free(const balance_plan *br, char **error);

/* Play every game of the plan on up to `workers` processes (1: in this
 * one) into br->results, and sum them up into br->stats.  False when a game
 * did not end as the rules say (a computer player proposed an illegal
 * action, or the engine failed: a bug) or a process playing games died:
 * said loudly on `errors`, one line each beginning "WHO: internal error: "
 * and naming the game and its seed, so that it can be replayed.  A log
 * that cannot be written also stops the run: said on `errors` as "WHO:
 * cannot write PATH: CAUSE", br->log_failed set. */
bool balance_play(balance_plan *br, unsigned workers, const char *who, FILE *errors);

/* Free what balance_play kept (the results). */
void balance_plan_finish(balance_plan *br);

#endif
