/* The game driver of the square-grid rulesets (game_driver.h): what a
 * player sees of a square game -- the turn with its purse, the board as
 * text, the summary of cities, income and units, what is owed, the
 * result, the help -- and the questions of orbat ask inside a game.  The
 * game itself (rules/square/sq_referee.h, the dice, the automatic player,
 * the seats) is the library session's. */
#include "play_square.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../rules/session.h"
#include "../rules/square/sq_engine.h"
#include "../rules/square/sq_referee.h"
#include "ask_words.h"
#include "command.h"
#include "game_flow.h"
#include "rules_cli.h"

struct game_run {
	game_session s;    /* the game (sq_engine.h); in play its start, the
	                    * dice, the automatic player, the seats */
	sq_game *g;        /* the square game as it stands: read again by each
	                    * hook (undo replaces the session's game) */
	/* play only: */
	bool quiet;
};

/* The square game of the session's game as it stands. */
static game_run *run_sync(game_run *run)
{
	run->g = sq_engine_game(run->s.game);
	return run;
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
	const sq_game *g = run_sync(run)->g;
	if (!run->quiet)
		game_put_text(sq_board_text(g));
	char who[80];
	int side = sq_current(g)->side;
	printf("Turn %d (round %d): %s to play; %d points, %d %s allowed; %d cities held.\n", g->turn + 1,
		g->turn / g->seat_count + 1, player_of(g, who, sizeof who), sq_current_purse(g)->points,
		sq_current_purse(g)->allowance,
		g->rs->square.limited_unit ? g->rs->square.limited_unit : "limited", sq_cities_held(g, side));
}

/* After a round with seats the defender may fall back, else the side to
 * play owes the next step (game_session_dues). */
static void sq_print_pending(game_run *run)
{
	game_due dues[GAME_DUES_MAX];
	size_t n = game_session_dues(&run->s, dues, GAME_DUES_MAX);
	for (size_t i = 0; i < n; i++) {
		if (dues[i].kind == GAME_DUE_MAY)
			printf("  may: retreat UNIT SQUARE CAVALRY (under its cover), withdraw GENERAL SQUARE, or pass: %s "
				"answers the round\n", sq_side_id(run_sync(run)->g, dues[i].side));
		else
			printf("  next: %s\n", dues[i].text);
	}
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
	game_help_dice(run->s.manual, "  roll : 3 5      attack u1 c1 : 2 6\n");
	fputs("Other commands:\n" GAME_HELP_BOARD
	      "  summary                 cities held, income, points and units of each side\n"
	      "  moves UNIT|SQUARE, transport SHIP, income SIDE, ask attack FROM TO,\n"
	      "  ask buy UNITS           the questions of orbat ask, on the game now\n" GAME_HELP_SHELL,
		stdout);
}

static void sq_print_result(game_run *run, bool check)
{
	const sq_game *g = run_sync(run)->g;
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

/* After an accepted action: the next turn, or what the rules owe now. */
static void sq_acted(game_run *run, const game_action *action)
{
	const sq_action *a = (const sq_action *)action;
	if (a->kind == SQ_ACT_END && run_sync(run)->g->step != SQ_STEP_OVER)
		sq_print_turn(run);
	else if (run->g->step != SQ_STEP_OVER)
		sq_print_pending(run);
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
	if (!game_session_ready(&run->s, s->sc, s->rs, cmd, path, play, code)) {
		free(run);
		return NULL;
	}
	run_sync(run);
	if (play) {
		run->quiet = play->quiet;
	}
	return run;
}

static bool sq_command(game_run *run, char *line, const char *word)
{
	run_sync(run);
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
	.acted = sq_acted,
	.open = sq_open,
	.destroy = sq_destroy,
	.command = sq_command,
	.fixed_reason = sq_fixed_reason,
	.session_of = sq_session_of,
};
