/* The flow of a game in the terminal, for every grid (game_flow.h).  An
 * action is held in a buffer of the engine's size: the shell never looks
 * inside it. */
#include "game_flow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../rules/session.h"
#include "command.h"

/* ---- the head ---- */

bool game_head(const game_driver *d, game_run *run, const game_play_opts *play, const char *scenario_id)
{
	rules_error err;
	rules_error_clear(&err);
	if (game_session_head(d->session_of(run), scenario_id, play->seed, NULL, NULL, &err))
		return true;
	fprintf(stderr, "orbat play: %s [%s]\n", err.message, err.rule);
	return false;
}

/* ---- playing ---- */

/* One action, typed or proposed: completed, applied, kept and shown. */
static bool take_action(const game_driver *d, game_run *run, const game_play_opts *play, game_action *a, bool automatic)
{
	rules_error err;
	rules_error_clear(&err);
	bool undoable = false;
	if (!game_session_take(d->session_of(run), a, automatic ? GAME_BY_COMPUTER : GAME_BY_PLAYER, &undoable, &err)) {
		printf("refused: %s [%s]\n", err.message, err.rule);
		return false;
	}
	char *line = d->session_of(run)->engine->format(a);
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
	game_action *a = game_action_parse(d->session_of(run)->engine, typed, 0, &empty, &why);
	if (!a && !empty)
		printf("error: %s [%s]\n", why.message, why.rule);
	if (!a)
		return empty;
	bool ok = take_action(d, run, play, a, false);
	game_action_free(d->session_of(run)->engine, a);
	return ok;
}

/* The automatic player's action taken, or reported as illegal (a bug
 * of the player): freed either way. */
static game_auto auto_taken(const game_driver *d, game_run *run, const game_play_opts *play, game_action *a)
{
	game_auto got = GAME_AUTO_TAKEN;
	if (!take_action(d, run, play, a, true)) {
		char *text = d->session_of(run)->engine->format(a);
		fprintf(stderr, "orbat play: the automatic player proposed an illegal action: %s\n", text);
		free(text);
		got = GAME_AUTO_ILLEGAL;
	}
	game_action_free(d->session_of(run)->engine, a);
	return got;
}

bool game_pass(const game_driver *d, game_run *run)
{
	rules_error err;
	rules_error_clear(&err);
	if (!game_session_pass(d->session_of(run), &err)) {
		printf("refused: %s [%s]\n", err.message, err.rule);
		return false;
	}
	printf("ok: pass\n");
	d->print_pending(run);
	return true;
}

const char *game_decider(const game_driver *d, game_run *run)
{
	game_session *s = d->session_of(run);
	return game_side_id(s->game, game_session_decider(s));
}

game_auto game_auto_decide(const game_driver *d, game_run *run, const game_play_opts *play)
{
	game_action *a = game_action_new(d->session_of(run)->engine);
	rules_error err;
	rules_error_clear(&err);
	switch (game_session_decide(d->session_of(run), a, &err)) {
	case GAME_DECIDED_ACTION:
		return auto_taken(d, run, play, a);
	case GAME_DECIDED_NOTHING:
		free(a);
		return GAME_AUTO_NONE;
	case GAME_DECIDED_HELD:
		/* The other side chooses first; the action comes back after. */
		free(a);
		d->print_pending(run);
		return GAME_AUTO_TAKEN;
	case GAME_DECIDED_PASS:
		free(a);
		printf("auto: pass\n");
		d->print_pending(run);
		return GAME_AUTO_TAKEN;
	case GAME_DECIDED_BAD_PASS:
		break;
	}
	free(a);
	printf("refused: %s [%s]\n", err.message, err.rule);
	return GAME_AUTO_STUCK;
}

bool game_command(const game_driver *d, game_run *run, char *line, const char *word)
{
	if (game_session_choose(d->session_of(run), word)) {
		printf("ok: %s\n", word);
		return true;
	}
	return d->command(run, line, word);
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

bool game_session_start(struct game_session *s, const game_play_opts *play, const char *cmd)
{
	rules_error why;
	rules_error_clear(&why);
	if (game_session_play(s, play->seed, play->player, play->seats, play->manual, &why))
		return true;
	fprintf(stderr, "orbat %s: %s\n", cmd, why.message);
	return false;
}

bool game_session_ready(struct game_session *s, const scenario *sc, const ruleset *rs, const char *cmd,
	const char *path, const game_play_opts *play, int *code)
{
	rules_error why;
	rules_error_clear(&why);
	if (!game_session_open(s, game_engine_of(rs, NULL), sc, rs, &why)) {
		/* The validator accepted it: the two disagree, which is ours. */
		fprintf(stderr, "orbat %s: internal error: %s is valid but its board cannot be set up\n", cmd, path);
		*code = EXIT_INTERNAL;
		return false;
	}
	if (play && !game_session_start(s, play, cmd)) {
		game_session_close(s);
		*code = EXIT_USAGE;
		return false;
	}
	return true;
}

game *game_of_run(const game_driver *d, game_run *run)
{
	return d->session_of(run)->game;
}

void game_put_text(char *text)
{
	fputs(text, stdout);
	free(text);
}

void game_print_board(const game_driver *d, game_run *run, bool spaced)
{
	game *g = d->session_of(run)->game;
	game_put_text(g->impl->board_text(g));
	if (spaced)
		fputc('\n', stdout);
	game_put_text(g->impl->roster_text(g));
	if (spaced)
		fputc('\n', stdout);
}
