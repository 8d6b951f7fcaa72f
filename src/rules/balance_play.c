/* A balance run played on the job pool (balance_play.h). */
#include "balance_play.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../base/jobpool.h"
#include "../base/outdir.h"
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

/* Job status of a block stopped by a log it could not write: the user's
 * disk or folder, not a bug (1 is a game that broke the rules). */
#define BALANCE_LOG_FAILED 2

/* ---- the games' logs ---- */

/* A name part kept safe for a file name: letters, digits, '.', '-', '_'. */
static void put_name_part(str_buf *b, const char *text)
{
	for (const char *c = text; *c; c++) {
		bool safe = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
			*c == '.' || *c == '-' || *c == '_';
		str_printf(b, "%c", safe ? *c : '_');
	}
}

char *balance_log_stem(const char *scenario_id, unsigned long long seed, const char *player)
{
	str_buf b = { 0 };
	put_name_part(&b, scenario_id && *scenario_id ? scenario_id : "scenario");
	str_printf(&b, "-s%llu", seed);
	if (player) {
		str_printf(&b, "-");
		put_name_part(&b, player);
	}
	return b.s;
}

char *balance_log_path(const balance_plan *br, size_t i)
{
	int width = 4;
	for (size_t n = br->games / 10000; n > 0; n /= 10)
		width++;
	return xasprintf("%s/%s-g%0*zu.log", br->log_dir, br->log_stem, width, i + 1);
}

bool balance_logs_free(const balance_plan *br, char **error)
{
	*error = NULL;
	for (size_t i = 0; br->log_dir && i < br->games; i++) {
		char *path = balance_log_path(br, i);
		struct stat sb;
		if (lstat(path, &sb) == 0) {
			*error = xasprintf("%s exists already, and a game log is never overwritten: name another "
				"--logs folder, or move the logs of the earlier run away", path);
			free(path);
			return false;
		}
		free(path);
	}
	return true;
}

/* A game's lines gathered as they are played (match_opts.line), written
 * in one go when the game is over. */
static void gather_line(void *ctx, const char *line)
{
	str_printf(ctx, "%s\n", line);
}

/* How the game ended, in the log's last comment. */
static char *end_comment(const balance_plan *br, const match_result *r)
{
	switch (r->end) {
	case MATCH_WON:
		return xasprintf("# %s won, turn %d", match_side_id(br->m, r->winner), r->turns);
	case MATCH_DRAWN:
		return xasprintf("# drawn, turn %d", r->turns);
	case MATCH_TURN_LIMIT:
		return xasprintf("# stopped at the turn limit, turn %d", r->turns);
	default:
		return xasprintf("# stopped: a player's bug, not the rules: %s [%s]", r->error.message, r->error.rule);
	}
}

/* Write game i's log whole: a comment naming the run, the game's lines,
 * a comment with its end.  False with the message in *failure. */
static bool write_log(const balance_plan *br, size_t i, const match_opts *opts, const str_buf *lines,
	const match_result *r, char **failure)
{
	char *path = balance_log_path(br, i);
	char *error = NULL;
	outfile *f = outfile_create(path, &error);
	if (f) {
		char *head = xasprintf("# orbat balance, seed %llu: game %zu of %zu, %s (%s) against %s (%s)\n",
			br->seed, i + 1, br->games, opts->players[0], match_side_id(br->m, 0),
			opts->players[1], match_side_id(br->m, 1));
		char *end = end_comment(br, r);
		outfile_puts(f, head);
		outfile_write(f, lines->s ? lines->s : "", lines->len);
		outfile_puts(f, end);
		outfile_puts(f, "\n");
		free(head);
		free(end);
		outfile_finish(f, true, &error);
	}
	free(path);
	*failure = error;
	return error == NULL;
}

/* The games of one block: how many, from which. */
static size_t block_games(const balance_plan *br, size_t block)
{
	size_t first = block * BALANCE_BLOCK;
	return br->games - first < BALANCE_BLOCK ? br->games - first : BALANCE_BLOCK;
}

/* Play the games of one block into out (and their logs, when asked); 0,
 * or the job's status with the first failure in *failure (the games after
 * it left unplayed): 1 a game that broke the rules (its log written
 * first, up to the refused action), BALANCE_LOG_FAILED a log not
 * written. */
static int play_block(const balance_plan *br, size_t block, balance_game *out, size_t *count, char **failure)
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
		str_buf lines = { 0 };
		if (br->log_dir) {
			opts.line = gather_line;
			opts.line_ctx = &lines;
		}
		match_result r;
		match_play(br->m, &opts, &r);
		bool logged = !br->log_dir || write_log(br, i, &opts, &lines, &r, failure);
		free(lines.s);
		if (!logged)
			return BALANCE_LOG_FAILED;
		if (!balance_record(&r, seat, &out[k])) {
			*failure = failure_text(br, i, &opts, &r);
			return 1;
		}
		out[k].seed = opts.seed;
		(*count)++;
	}
	return 0;
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
	int status = play_block(bp->plan, index, games, &count, &failure);
	jobpool_send(job, games, count * sizeof *games);
	if (status == BALANCE_LOG_FAILED)
		fprintf(bp->errors, "%s: %s\n", bp->who, failure);
	else if (failure)
		/* Loud: a computer player broke the rules, or the engine failed. */
		fprintf(bp->errors, "%s: internal error: %s\n", bp->who, failure);
	free(failure);
	return status;
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
	else if (r->status == BALANCE_LOG_FAILED)
		br->log_failed = true;
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
