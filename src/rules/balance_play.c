/* A balance run played on the job pool (balance_play.h). */
#include "balance_play.h"

#include <stdlib.h>
#include <string.h>

#include "../base/jobpool.h"
#include "../base/util.h"

/* Games handed to a process at a time: small enough to share the games
 * out evenly over the cores, large enough that handing them out costs
 * nothing beside playing them. */
#define BALANCE_BLOCK 25

/* The player's bug that stopped a game, in words, for the report. */
static char *failure_text(const balance_plan *br, size_t i, const match_opts *opts, const match_result *r)
{
	const char *who = r->refused_side >= 0 && r->refused_side < MATCH_SIDES ?
		match_side_id(br->m, r->refused_side) : "?";
	const char *name = r->refused_side >= 0 && r->refused_side < MATCH_SIDES && opts->players[r->refused_side] ?
		opts->players[r->refused_side] : "?";
	if (r->end == MATCH_REFUSED)
		return xasprintf("game %zu (seed %llu): the player '%s' of side %s proposed '%s', which the referee "
			"refused: %s [%s]", i + 1, opts->seed, name, who, r->refused_action, r->error.message, r->error.rule);
	return xasprintf("game %zu (seed %llu): %s [%s]", i + 1, opts->seed, r->error.message, r->error.rule);
}

/* The games of one block: how many, from which. */
static size_t block_games(const balance_plan *br, size_t block)
{
	size_t first = block * BALANCE_BLOCK;
	return br->games - first < BALANCE_BLOCK ? br->games - first : BALANCE_BLOCK;
}

/* Play the games of one block into out; true, or false with the first
 * failure in *failure (the games after it left unplayed). */
static bool play_block(const balance_plan *br, size_t block, balance_game *out, size_t *count, char **failure)
{
	size_t first = block * BALANCE_BLOCK;
	size_t n = block_games(br, block);
	*count = 0;
	*failure = NULL;
	for (size_t k = 0; k < n; k++) {
		size_t i = first + k;
		int seat = balance_seat(i, br->differ);
		match_opts opts = { .seed = balance_game_seed(br->seed, i, br->differ), .max_turns = br->max_turns };
		opts.players[seat] = br->names[0];
		opts.players[1 - seat] = br->names[1];
		match_result r;
		match_play(br->m, &opts, &r);
		if (!balance_record(&r, seat, &out[k])) {
			*failure = failure_text(br, i, &opts, &r);
			return false;
		}
		out[k].seed = opts.seed;
		(*count)++;
	}
	return true;
}

/* The run on the job pool: one job per block, its games handed back as
 * bytes and put in game order, whatever the number of workers. */
typedef struct balance_pool {
	balance_plan *plan;
	const char *who;
	FILE *errors;
	bool failed;
	size_t played;             /* games back so far */
} balance_pool;

static int pool_run(void *ctx, size_t index, jobpool_job *job)
{
	balance_pool *bp = ctx;
	balance_game games[BALANCE_BLOCK] = { { 0 } };
	size_t count = 0;
	char *failure = NULL;
	bool ok = play_block(bp->plan, index, games, &count, &failure);
	jobpool_send(job, games, count * sizeof *games);
	if (failure)
		/* Loud: a computer player broke the rules, or the engine failed. */
		fprintf(bp->errors, "%s: internal error: %s\n", bp->who, failure);
	free(failure);
	return ok ? 0 : 1;
}

static bool pool_done(void *ctx, size_t index, const jobpool_result *r)
{
	balance_pool *bp = ctx;
	balance_plan *br = bp->plan;
	jobpool_print(r);
	size_t first = index * BALANCE_BLOCK;
	size_t want = block_games(br, index);
	if (r->status == 0 && r->size == want * sizeof *br->results) {
		memcpy(br->results + first, r->data, r->size);
		bp->played += want;
		if (br->progress)
			br->progress(br->progress_ctx, bp->played, br->games);
		return true;
	}
	if (r->died)
		fprintf(bp->errors, "%s: internal error: the process playing games %zu to %zu %s\n", bp->who, first + 1,
			first + want, r->died);
	else if (r->status == 0)
		fprintf(bp->errors, "%s: internal error: the games %zu to %zu did not come back\n", bp->who, first + 1,
			first + want);
	bp->failed = true;
	return false;
}

bool balance_play(balance_plan *br, unsigned workers, const char *who, FILE *errors)
{
	br->results = xcalloc(br->games ? br->games : 1, sizeof *br->results);
	balance_pool bp = { br, who, errors, false, 0 };
	size_t blocks = (br->games + BALANCE_BLOCK - 1) / BALANCE_BLOCK;
	if (!jobpool_run(blocks, workers, pool_run, pool_done, &bp) || bp.failed)
		return false;
	balance_summarize(br->results, br->games, br->differ, &br->stats);
	return true;
}

void balance_plan_finish(balance_plan *br)
{
	free(br->results);
	br->results = NULL;
}
