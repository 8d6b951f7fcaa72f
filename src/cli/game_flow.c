/* The flow of a game over the lines of its log, for every grid
 * (game_flow.h).  An action is held in a buffer of the codec's size: the
 * shell never looks inside it. */
#include "game_flow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../rules/gamelog.h"
#include "../rules/players.h"

/* One action of the driver's log: a parsed line, or an empty buffer the
 * automatic player fills. */
static void *action_new(const game_driver *d)
{
	return xcalloc(1, d->codec->size);
}

/* Free what a parse or a proposal put into the action, and the action. */
static void action_free(const game_driver *d, void *a)
{
	d->codec->finish(a);
	free(a);
}

/* Parse a line into a new action; NULL when malformed (the reason in
 * *why) or empty (*empty). */
static void *action_parse(const game_driver *d, const char *line, int number, bool *empty, rules_error *why)
{
	void *a = action_new(d);
	if (!d->codec->parse(line, number, a, empty, why)) {
		free(a);
		return NULL;
	}
	if (*empty) {
		action_free(d, a);
		return NULL;
	}
	return a;
}

bool game_line_read(const game_driver *d, const char *line, int number, game_line_kind *kind, char **canon,
	char **scenario_id, rules_error *why)
{
	*canon = NULL;
	*scenario_id = NULL;
	bool empty = false;
	void *a = action_parse(d, line, number, &empty, why);
	if (!a && !empty)
		return false;
	*kind = GAME_LINE_EMPTY;
	if (!a)
		return true;
	*kind = d->codec->is_head(a) ? GAME_LINE_HEAD : GAME_LINE_ACTION;
	*canon = d->codec->format(a);
	const char *named = d->codec->scenario(a);
	if (named)
		*scenario_id = xstrdup(named);
	action_free(d, a);
	return true;
}

/* ---- the head ---- */

typedef struct head_ctx {
	const game_driver *d;
	game_run *run;
	const game_play_opts *play;
} head_ctx;

/* A head line: applied as written, then kept; the reason on stderr when
 * refused. */
static bool head_put(void *ctx, const char *line)
{
	head_ctx *h = ctx;
	bool empty = false;
	rules_error err;
	rules_error_clear(&err);
	void *a = action_parse(h->d, line, 0, &empty, &err);
	bool ok = a && h->d->apply(h->run, a, &err);
	if (!ok)
		fprintf(stderr, "orbat play: %s: %s [%s]\n", line, err.message, err.rule);
	else
		h->play->emit(h->play->emit_ctx, line, false);
	if (a)
		action_free(h->d, a);
	return ok;
}

bool game_head(const game_driver *d, game_run *run, const game_play_opts *play, const char *scenario_id)
{
	head_ctx h = { d, run, play };
	char line[256];
	bool ok = head_put(&h, "orbat-game-log 1");
	snprintf(line, sizeof line, "scenario %s", scenario_id ? scenario_id : "?");
	ok = ok && head_put(&h, line);
	snprintf(line, sizeof line, "seed %llu", play->seed);
	ok = ok && head_put(&h, line);
	return ok && d->deal(run, head_put, &h);
}

/* ---- playing ---- */

bool game_replay_line(const game_driver *d, game_run *run, const char *line, int number, char **made,
	bool *undoable, rules_error *err)
{
	bool empty = false;
	*made = NULL;
	void *a = action_parse(d, line, number, &empty, err);
	if (!a)
		return empty;
	bool ok = d->redo(run, a, undoable, err);
	if (ok)
		*made = d->codec->format(a);
	action_free(d, a);
	return ok;
}

/* One action, typed or proposed: completed, applied, kept and shown. */
static bool take_action(const game_driver *d, game_run *run, const game_play_opts *play, void *a, bool automatic)
{
	rules_error err;
	rules_error_clear(&err);
	bool undoable = false;
	if (!d->act(run, a, automatic, &undoable, &err)) {
		printf("refused: %s [%s]\n", err.message, err.rule);
		return false;
	}
	char *line = d->codec->format(a);
	play->emit(play->emit_ctx, line, undoable);
	printf("%s %s\n", automatic ? "auto:" : "ok:", line);
	free(line);
	d->acted(run, a);
	return true;
}

bool game_take(const game_driver *d, game_run *run, const game_play_opts *play, const char *typed)
{
	bool empty = false;
	rules_error why;
	void *a = action_parse(d, typed, 0, &empty, &why);
	if (!a && !empty)
		printf("error: %s [%s]\n", why.message, why.rule);
	if (!a)
		return empty;
	bool ok = take_action(d, run, play, a, false);
	action_free(d, a);
	return ok;
}

/* The automatic player's action taken, or reported as illegal (a bug
 * of the player): freed either way. */
static game_auto auto_taken(const game_driver *d, game_run *run, const game_play_opts *play, void *a)
{
	game_auto got = GAME_AUTO_TAKEN;
	if (!take_action(d, run, play, a, true)) {
		char *text = d->codec->format(a);
		fprintf(stderr, "orbat play: the automatic player proposed an illegal action: %s\n", text);
		free(text);
		got = GAME_AUTO_ILLEGAL;
	}
	action_free(d, a);
	return got;
}

game_auto game_auto_take(const game_driver *d, game_run *run, const game_play_opts *play)
{
	void *a = action_new(d);
	if (!d->propose(run, a)) {
		free(a);
		return GAME_AUTO_NONE;
	}
	if (play->seats && d->awaits(run, a)) {
		/* The other side chooses first; the action comes back after. */
		action_free(d, a);
		d->print_pending(run);
		return GAME_AUTO_TAKEN;
	}
	return auto_taken(d, run, play, a);
}

/* A pass, typed (`automatic` false) or the automatic player's: what is
 * on offer now is printed after it. */
static bool pass_taken(const game_driver *d, game_run *run, bool automatic)
{
	rules_error err;
	rules_error_clear(&err);
	if (!d->pass(run, &err)) {
		printf("refused: %s [%s]\n", err.message, err.rule);
		return false;
	}
	printf("%s pass\n", automatic ? "auto:" : "ok:");
	d->print_pending(run);
	return true;
}

bool game_pass(const game_driver *d, game_run *run)
{
	return pass_taken(d, run, false);
}

game_auto game_auto_answer(const game_driver *d, game_run *run, const game_play_opts *play)
{
	void *a = action_new(d);
	if (d->answer(run, a))
		return auto_taken(d, run, play, a);
	action_free(d, a);
	if (pass_taken(d, run, true))
		return GAME_AUTO_TAKEN;
	fprintf(stderr, "orbat play: the automatic player passed where %s must decide\n", d->decider(run));
	return GAME_AUTO_ILLEGAL;
}

bool game_apply_line(const game_driver *d, game_run *run, const char *line, int number)
{
	bool empty = false;
	rules_error err;
	void *a = action_parse(d, line, number, &empty, &err);
	if (!a)
		return empty;
	bool ok = d->apply(run, a, &err);
	action_free(d, a);
	return ok;
}

/* ---- check ---- */

/* The i-th action of a log. */
static void *log_action(const game_driver *d, const game_log *log, size_t i)
{
	return (char *)log->actions + i * d->codec->size;
}

size_t game_log_load(const game_driver *d, game_log *log, const char *text, size_t size, const char *name,
	diag_sink *sink)
{
	return gamelog_collect(text, size, name, sink, d->codec->parse, d->codec->size, &log->actions, &log->count,
		&log->capacity);
}

bool game_log_apply(const game_driver *d, game_run *run, const game_log *log, rules_error *err, int *line)
{
	for (size_t i = 0; i < log->count; i++) {
		void *a = log_action(d, log, i);
		rules_error_clear(err);
		if (!d->apply(run, a, err)) {
			*line = err->line > 0 ? err->line : d->codec->line(a);
			return false;
		}
	}
	return true;
}

bool game_log_finish(const game_driver *d, game_run *run, const game_log *log, rules_error *err, int *line)
{
	*line = log->count ? d->codec->line(log_action(d, log, log->count - 1)) : 0;
	return d->finish(run, err);
}

void game_log_free(const game_driver *d, game_log *log)
{
	for (size_t i = 0; i < log->count; i++)
		d->codec->finish(log_action(d, log, i));
	free(log->actions);
	memset(log, 0, sizeof *log);
}

/* ---- printing ---- */

void game_help_dice(bool manual, const char *example)
{
	if (manual) {
		fputs("With --dice manual, roll your own dice and type their faces after ':'\n", stdout);
		fputs(example, stdout);
	} else {
		fputs("orbat play rolls the dice: leave out ': FACES'.\n", stdout);
	}
}

bool game_player_open(struct player *p, const game_play_opts *play, const ruleset *rs, const char *cmd)
{
	rules_error why;
	rules_error_clear(&why);
	if (player_open(p, play->player ? play->player : PLAYER_DEFAULT, rs->grid, -1, 0, &why)) {
		if (play->seats)
			player_own_choices(p);
		return true;
	}
	fprintf(stderr, "orbat %s: %s\n", cmd, why.message);
	return false;
}

void game_put_text(char *text)
{
	fputs(text, stdout);
	free(text);
}

void game_print_board(const game_driver *d, game_run *run, bool spaced)
{
	game_put_text(d->board_text(run));
	if (spaced)
		fputc('\n', stdout);
	game_put_text(d->roster_text(run));
	if (spaced)
		fputc('\n', stdout);
}
