/* The game driver of the square-grid rulesets (game_driver.h): the square
 * game's referee (rules/square/sq_referee.h) with its log (rules/square/sq_log.h), the dice
 * rolled with the seed or typed by the player, the board drawn as text, the
 * summary of cities, income and units, and the automatic player of
 * rules/square/sq_auto.h for --auto and the `auto` command. */
#include "play_square.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../rules/players.h"
#include "../rules/session.h"
#include "../rules/square/sq_engine.h"
#include "../rules/square/sq_referee.h"
#include "../rules/square/sq_table.h"
#include "ask_words.h"
#include "command.h"
#include "game_flow.h"
#include "rules_cli.h"

struct game_run {
	game_session s;    /* the game as it stands (sq_engine.h); in play its
	                    * start, the dice, the automatic player */
	sq_game *g;        /* the session game's square game */
	/* play only: */
	bool quiet;
	bool manual;       /* --dice manual: the player types the faces */
	bool seats;        /* each side decides for itself (game_play_opts) */
};

/* The square game of the session's game, which undo replaces. */
static void run_sync(game_run *run)
{
	run->g = sq_engine_game(run->s.game);
}

/* The side whose choice the game waits for: with seats, after a round the
 * defender's while it may fall back and has not passed (the engine's
 * decider), else the side to play. */
static int decider_side(const game_run *run)
{
	return run->seats ? square_engine.decider(run->s.game) : sq_current(run->g)->side;
}

static int winner_line(game_run *run)
{
	game_result r;
	memset(&r, 0, sizeof r);
	square_engine.result(run->s.game, &r);
	return r.winner_line;
}

/* ---- what a player sees ---- */

static const char *player_of(const sq_game *g, char *buf, size_t size)
{
	const sq_seat *s = sq_current(g);
	if (g->seat_count > 2)
		snprintf(buf, size, "%s player %d", sq_side_id(g, s->side), s->player);
	else
		snprintf(buf, size, "%s", sq_side_id(g, s->side));
	return buf;
}

static void sq_print_turn(game_run *run)
{
	const sq_game *g = run->g;
	if (!run->quiet)
		game_put_text(sq_board_text(g));
	char who[80];
	int side = sq_current(g)->side;
	printf("Turn %d (round %d): %s to play; %d points, %d %s allowed; %d cities held.\n", g->turn + 1,
		g->turn / g->seat_count + 1, player_of(g, who, sizeof who), sq_current_purse(g)->points,
		sq_current_purse(g)->allowance,
		g->rs->square.limited_unit ? g->rs->square.limited_unit : "limited", sq_cities_held(g, side));
}

static void sq_print_pending(game_run *run)
{
	int decider = decider_side(run);
	if (decider != sq_current(run->g)->side) {
		printf("  may: retreat UNIT SQUARE CAVALRY (under its cover), withdraw GENERAL SQUARE, or pass: %s "
			"answers the round\n", sq_side_id(run->g, decider));
		return;
	}
	char owed[600];
	sq_owed(run->g, owed, sizeof owed);
	printf("  next: %s\n", owed);
}

static void sq_print_help(game_run *run)
{
	fputs("Actions, as lines of the square game's log (game-log.md):\n"
	      "  buy TYPE...             roll                  move PIECE SQUARE...\n"
	      "  move SHIP ZONE|PORT...  embark UNIT SHIP      land UNIT SQUARE\n"
	      "  attack UNIT TARGET      retreat UNIT SQUARE CAVALRY\n"
	      "  withdraw GENERAL SQUARE advance UNIT          stop\n"
	      "  naval SHIP TARGET       fire ARTILLERY SHIP   redeploy\n"
	      "  place TYPE SQUARE ID    end                   (ends the turn)\n", stdout);
	game_help_dice(run->manual, "  roll : 3 5      attack u1 c1 : 2 6\n");
	fputs("Other commands:\n" GAME_HELP_BOARD
	      "  summary                 cities held, income, points and units of each side\n"
	      "  moves UNIT|SQUARE, transport SHIP, income SIDE, ask attack FROM TO,\n"
	      "  ask buy UNITS           the questions of orbat ask, on the game now\n" GAME_HELP_SHELL,
		stdout);
}

static void sq_print_result(game_run *run, bool check)
{
	const sq_game *g = run->g;
	char text[300];
	sq_result(g, text, sizeof text);
	for (int s = 0; s < SQ_SIDES; s++)
		printf("%s: %d %s, income %d\n", sq_side_id(g, s), sq_cities_held(g, s),
			sq_cities_held(g, s) == 1 ? "city" : "cities", sq_income(g, s));
	if (g->winner == SQ_NO_WINNER)
		printf("No winner yet: %s.\n", text + strlen("no result yet: "));
	else if (check && g->winner == SQ_DRAW)
		printf("Draw (line %d): %s\n", winner_line(run), g->result);
	else if (check)
		printf("Winner: %s (line %d): %s\n", sq_side_id(g, g->winner), winner_line(run), g->result);
	else
		printf("%s on turn %d: %s.\n", g->winner == SQ_DRAW ? "Draw" : "Victory", g->turn, text);
}


/* ---- playing ---- */

/* Complete an action with its dice: the player's own (--dice manual),
 * else rolled by the referee from the seed. */
static bool sq_act(game_run *run, game_action *action, bool automatic, bool *undoable, rules_error *err)
{
	sq_action *a = (sq_action *)action;
	int decider = decider_side(run), owner = square_engine.action_side(run->s.game, action);
	/* With seats, a side types only its own choices. */
	if (run->seats && !automatic && owner != decider && !sqlog_is_head(a->kind))
		return rules_fail(err, RULES_ERROR_LOG_RULE, "%s decides now, not %s: %s", sq_side_id(run->g, decider),
			sq_side_id(run->g, owner), owner == sq_current(run->g)->side ?
			"retreat a unit under a cavalry's cover, withdraw a general, or pass" :
			"only the defender retreats its units and withdraws its generals");
	return game_session_take(&run->s, action, automatic ? GAME_BY_COMPUTER : GAME_BY_PLAYER, undoable, err);
}

/* After an accepted action: the next turn, or what the rules owe now. */
static void sq_acted(game_run *run, const game_action *action)
{
	const sq_action *a = (const sq_action *)action;
	if (a->kind == SQ_ACT_END && run->g->step != SQ_STEP_OVER)
		sq_print_turn(run);
	else if (run->g->step != SQ_STEP_OVER)
		sq_print_pending(run);
}

/* ---- the automatic player ---- */

static bool sq_propose(game_run *run, game_action *action)
{
	return game_session_propose(&run->s, action);
}

/* The square game has no choice of the other side's before an action. */
static bool sq_awaits(game_run *run, const game_action *action)
{
	(void)run;
	(void)action;
	return false;
}

static bool sq_answer(game_run *run, game_action *action)
{
	return game_session_answer(&run->s, action);
}

static bool sq_pass(game_run *run, rules_error *err)
{
	/* Without seats the side to play answers every round itself: there
	 * is nothing of the other side's to leave. */
	if (!run->seats) {
		int side = sq_current(run->g)->side;
		return rules_fail(err, RULES_ERROR_LOG_RULE, "nothing to pass: %s is to play (a combat is broken off "
			"with 'stop')", sq_side_id(run->g, side));
	}
	return game_pass_choice(run->s.game, err);
}

static const char *sq_decider(game_run *run)
{
	return sq_side_id(run->g, decider_side(run));
}

/* ---- the driver ---- */

static void sq_destroy(game_run *run)
{
	if (run)
		game_session_close(&run->s);
	free(run);
}

static game_run *sq_open(rules_session *s, const char *cmd, const char *path, const game_play_opts *play, int *code)
{
	game_run *run = xcalloc(1, sizeof *run);
	if (!game_session_ready(&run->s, &play_square_driver, s->sc, s->rs, cmd, path, play, code)) {
		free(run);
		return NULL;
	}
	run_sync(run);
	if (play) {
		run->quiet = play->quiet;
		run->manual = play->manual;
		run->seats = play->seats;
	}
	return run;
}

/* A saved action: the seed rolls its dice again, unless the player typed
 * them. */
static bool sq_redo(game_run *run, game_action *action, bool *undoable, rules_error *err)
{
	return game_session_redo(&run->s, action, undoable, err);
}

static bool sq_command(game_run *run, char *line, const char *word)
{
	/* The questions of orbat ask on the game now: moves, transport and
	 * income by their own word, every one after "ask" (attack and buy
	 * alone are actions of the log). */
	bool asked = strcmp(word, "ask") == 0;
	if (asked || (square_engine.ask->is_query(word) && strcmp(word, "attack") != 0 && strcmp(word, "buy") != 0)) {
		ask_words_in_play(run->s.game, line, asked);
		return true;
	}
	if (strcmp(word, "summary") == 0) {
		char *sum = sq_summary(run->g);
		fputs(sum, stdout);
		free(sum);
		return true;
	}
	return false;
}

/* Undo replaced the session's game. */
static void sq_renewed(game_run *run)
{
	run_sync(run);
}

static const char *sq_fixed_reason(const char *line)
{
	(void)line;
	return "rolled the dice";
}

static game_session *sq_session_of(game_run *run)
{
	return &run->s;
}

const game_driver play_square_driver = {
	.undo_none = "nothing to undo since the game began",
	.print_turn = sq_print_turn,
	.print_pending = sq_print_pending,
	.print_help = sq_print_help,
	.print_result = sq_print_result,
	.act = sq_act,
	.acted = sq_acted,
	.propose = sq_propose,
	.awaits = sq_awaits,
	.answer = sq_answer,
	.pass = sq_pass,
	.decider = sq_decider,
	.open = sq_open,
	.destroy = sq_destroy,
	.redo = sq_redo,
	.command = sq_command,
	.renewed = sq_renewed,
	.fixed_reason = sq_fixed_reason,
	.engine = &square_engine,
	.session_of = sq_session_of,
};
