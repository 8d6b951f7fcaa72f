/* The game driver of the square-grid rulesets (game_driver.h): the square
 * game's referee (rules/sqref.h) with its log (rules/sqlog.h), the dice
 * rolled with the seed or typed by the player, the board drawn as text, the
 * summary of cities, income and units, and the automatic player of
 * rules/sqauto.h for --auto and the `auto` command. */
#include "play_square.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/json.h"
#include "../base/util.h"
#include "../rules/players.h"
#include "../rules/sqref.h"
#include "../rules/table_square.h"
#include "ask_square_cli.h"
#include "command.h"
#include "game_flow.h"
#include "rules_cli.h"

struct game_run {
	position *pos;     /* the scenario's starting position, which the games read */
	sq_game *g;        /* the game as it stands */
	bool head_seen;    /* the log named its scenario */
	int winner_line;   /* the line that decided the game, 0 while none */
	/* play only: */
	sq_game *aside;    /* undo: the game put aside while the lines are replayed */
	rng rnd;           /* the dice */
	bool quiet;
	bool manual;       /* --dice manual: the player types the faces */
	rng arnd;          /* the automatic player's choices, a stream of their own: the
	                    * actions of an --auto game typed back in with the same seed
	                    * meet the same dice */
	player ap;         /* the automatic player (--auto, auto) */
	bool seats;        /* each side decides for itself (game_play_opts) */
	int passed_turn;   /* the defender passed after the round that made */
	int passed_rounds; /* sq_game.rounds this many, on that turn; -1: none */
};

/* ---- who decides ---- */

/* The defender of the combat under way may fall back after its last
 * round: a general of its on the square may withdraw, a unit of its may
 * retreat under the cover of another cavalry of its in reach that has
 * not covered one in this round (the referee judges the squares). */
static bool defender_may_fall_back(const sq_game *g, int defender)
{
	if (g->step != SQ_STEP_COMBAT || !g->combat.active || g->combat.rounds == 0 || g->combat.cleared)
		return false;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (!p->alive || !p->on_map || p->side != defender || p->kind == SQ_SHIP ||
			p->at.col != g->combat.target.col || p->at.row != g->combat.target.row)
			continue;
		if (p->kind == SQ_GENERAL)
			return true;
		for (size_t k = 0; k < g->piece_count; k++) {
			const sq_piece *c = &g->pieces[k];
			if (k != i && c->alive && c->on_map && c->side == defender && c->type && c->type->covers_retreats > 0 &&
				c->cover_round != g->rounds && grid_distance(g->board, c->at, p->at) <= c->type->cover_range)
				return true;
		}
	}
	return false;
}

/* The side whose choice the game waits for: with seats, after a round the
 * defender's while it may fall back and has not passed, else the side to
 * play. */
static int decider_side(const game_run *run)
{
	const sq_game *g = run->g;
	int side = sq_current(g)->side;
	if (!run->seats || (run->passed_turn == g->turn && run->passed_rounds == g->rounds))
		return side;
	return defender_may_fall_back(g, 1 - side) ? 1 - side : side;
}

/* The side an action is the choice of: the defender's retreats and
 * withdrawals, the side to play's the rest. */
static int action_side(const sq_game *g, const sq_action *a)
{
	int side = sq_current(g)->side;
	return a->kind == SQ_ACT_RETREAT || a->kind == SQ_ACT_WITHDRAW ? 1 - side : side;
}

/* ---- refereeing one action ---- */

/* What an applied action tells the log: its head, the line that ended
 * the game. */
static void note_end(game_run *run, const sq_action *a)
{
	if (a->kind == SQ_ACT_SCENARIO)
		run->head_seen = true;
	if (run->winner_line == 0 && run->g->step == SQ_STEP_OVER)
		run->winner_line = a->line;
}

static bool apply(game_run *run, sq_action *a, rng *r, rules_error *err)
{
	if (!sq_apply(run->g, a, r, err))
		return false;
	note_end(run, a);
	return true;
}

/* The faces a line wrote, taken out: the seed rolls them again. */
static void strip_faces(sq_action *a)
{
	a->face_count = 0;
	a->faces_given = false;
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

static char *sq_board_text_of(game_run *run)
{
	return sq_board_text(run->g);
}

static char *sq_roster_text(game_run *run)
{
	return sq_summary(run->g);
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
		printf("Draw (line %d): %s\n", run->winner_line, g->result);
	else if (check)
		printf("Winner: %s (line %d): %s\n", sq_side_id(g, g->winner), run->winner_line, g->result);
	else
		printf("%s on turn %d: %s.\n", g->winner == SQ_DRAW ? "Draw" : "Victory", g->turn, text);
}

static void sq_check_json(game_run *run)
{
	const sq_game *g = run->g;
	fprintf(stdout, ",\"turns\":%d,\"winner\":", g->turn);
	if (g->winner == SQ_DRAW)
		json_write_string(stdout, "draw");
	else if (g->winner != SQ_NO_WINNER)
		json_write_string(stdout, sq_side_id(g, g->winner));
	else
		fputs("null", stdout);
	fprintf(stdout, ",\"winner_line\":%d,\"to_play\":", run->winner_line);
	if (g->winner == SQ_NO_WINNER)
		json_write_string(stdout, sq_side_id(g, sq_current(g)->side));
	else
		fputs("null", stdout);
	fprintf(stdout, ",\"player\":%d,\"sides\":[", sq_current(g)->player);
	for (int s = 0; s < SQ_SIDES; s++) {
		fprintf(stdout, "%s{\"id\":", s ? "," : "");
		json_write_string(stdout, sq_side_id(g, s));
		/* points and allowance: the side's, summed over its players'
		 * purses; with four players each purse as well. */
		int players = g->seat_count > 2 ? SQ_SIDE_PLAYERS : 1, points = 0, allowance = 0;
		for (int pl = 1; pl <= players; pl++) {
			points += sq_purse_read(g, s, pl)->points;
			allowance += sq_purse_read(g, s, pl)->allowance;
		}
		fprintf(stdout, ",\"cities\":%d,\"income\":%d,\"points\":%d,\"allowance\":%d,", sq_cities_held(g, s),
			sq_income(g, s), points, allowance);
		for (int pl = 1; players > 1 && pl <= players; pl++)
			fprintf(stdout, "%s{\"player\":%d,\"points\":%d,\"allowance\":%d}%s", pl == 1 ? "\"players\":[" : ",", pl,
				sq_purse_read(g, s, pl)->points, sq_purse_read(g, s, pl)->allowance, pl == players ? "]," : "");
		fputs("\"held\":[", stdout);
		bool first = true;
		for (size_t i = 0; i < g->city_count; i++)
			if (g->cities[i].owner == s) {
				fputs(first ? "" : ",", stdout);
				json_write_string(stdout, g->sc->cities[i].id.text);
				first = false;
			}
		fputs("]}", stdout);
	}
	fputs("],\"units\":[", stdout);
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		char at[GRID_ADDRESS_MAX];
		fprintf(stdout, "%s{\"id\":", i ? "," : "");
		json_write_string(stdout, p->id);
		fputs(",\"side\":", stdout);
		json_write_string(stdout, sq_side_id(g, p->side));
		fputs(",\"type\":", stdout);
		json_write_string(stdout, p->kind == SQ_GENERAL ? "general" : p->type ? p->type->id : "?");
		fprintf(stdout, ",\"player\":%d,\"alive\":%s,\"at\":", p->player, p->alive ? "true" : "false");
		if (p->alive && p->on_map)
			json_write_string(stdout, grid_format(p->at, at));
		else
			fputs("null", stdout);
		if (p->alive && p->aboard >= 0) {
			fputs(",\"aboard\":", stdout);
			json_write_string(stdout, g->pieces[p->aboard].id);
		}
		/* A ship's sea zone, and its port when it lies in one (a port
		 * lies on its zone). */
		if (p->alive && p->kind == SQ_SHIP) {
			fputs(",\"sea\":", stdout);
			json_write_string(stdout, p->zone >= 0 ? g->sc->sea_zones[p->zone].id.text : "?");
			if (p->port >= 0) {
				fputs(",\"port\":", stdout);
				json_write_string(stdout, g->sc->cities[p->port].id.text);
			}
		}
		fprintf(stdout, ",\"hits\":%d}", p->hits);
	}
	fputs("]", stdout);
}

/* ---- playing ---- */

/* Complete an action with its dice: the player's own (--dice manual),
 * else rolled by the referee from the seed. */
static bool sq_act(game_run *run, void *action, bool automatic, bool *undoable, rules_error *err)
{
	sq_action *a = action;
	bool rolls = sq_dice_needed(run->g, a) > 0;
	rng before = run->rnd;
	bool ok = true;
	int decider = decider_side(run), owner = action_side(run->g, a);
	if (sqlog_is_head(a->kind)) {
		ok = rules_fail(err, RULES_ERROR_LOG_RULE, "orbat play writes the head of the log itself");
	} else if (run->seats && !automatic && owner != decider) {
		/* With seats, a side types only its own choices. */
		ok = rules_fail(err, RULES_ERROR_LOG_RULE, "%s decides now, not %s: %s", sq_side_id(run->g, decider),
			sq_side_id(run->g, owner), owner == sq_current(run->g)->side ?
			"retreat a unit under a cavalry's cover, withdraw a general, or pass" :
			"only the defender retreats its units and withdraws its generals");
	} else if (rolls && run->manual && !a->faces_given) {
		char *text = sqlog_format(a);
		int n = sq_dice_needed(run->g, a);
		ok = rules_fail(err, RULES_ERROR_LOG_RULE, "roll %s%d %s and type the faces: %s : FACE...",
			a->kind == SQ_ACT_ATTACK ? "up to " : "", n, n == 1 ? "die" : "dice", text);
		free(text);
	} else if (rolls && !run->manual && a->faces_given && !automatic) {
		ok = rules_fail(err, RULES_ERROR_LOG_RULE,
			"orbat play rolls the dice itself: leave out ': FACES' (or play with --dice manual)");
	}
	if (ok && !run->manual)
		ok = table_square_act(run->g, &run->rnd, a, err);
	else if (ok)
		ok = sq_apply(run->g, a, NULL, err);
	if (!ok) {
		run->rnd = before;
		return false;
	}
	note_end(run, a);
	*undoable = !rolls;
	return true;
}

/* After an accepted action: the next turn, or what the rules owe now. */
static void sq_acted(game_run *run, const void *action)
{
	const sq_action *a = action;
	if (a->kind == SQ_ACT_END && run->g->step != SQ_STEP_OVER)
		sq_print_turn(run);
	else if (run->g->step != SQ_STEP_OVER)
		sq_print_pending(run);
}

/* ---- the automatic player ---- */

static bool sq_propose(game_run *run, void *action)
{
	return player_next(&run->ap, run->g, &run->arnd, action);
}

/* The square game has no choice of the other side's before an action. */
static bool sq_awaits(game_run *run, const void *action)
{
	(void)run;
	(void)action;
	return false;
}

static bool sq_answer(game_run *run, void *action)
{
	return player_answer(&run->ap, run->g, &run->arnd, action);
}

static bool sq_pass(game_run *run, rules_error *err)
{
	const sq_game *g = run->g;
	int side = sq_current(g)->side;
	if (decider_side(run) == side)
		return rules_fail(err, RULES_ERROR_LOG_RULE, "nothing to pass: %s is to play (a combat is broken off "
			"with 'stop')", sq_side_id(g, side));
	run->passed_turn = g->turn;
	run->passed_rounds = g->rounds;
	return true;
}

static const char *sq_decider(game_run *run)
{
	return sq_side_id(run->g, decider_side(run));
}

/* ---- the driver ---- */

static game_run *sq_open(rules_session *s, const char *cmd, const char *path, const game_play_opts *play, int *code)
{
	position *pos = position_create(s->sc, s->rs);
	sq_game *g = sq_game_create(pos);
	if (!g) {
		fprintf(stderr, "orbat %s: internal error: %s is valid but its board cannot be set up\n", cmd, path);
		position_destroy(pos);
		*code = EXIT_INTERNAL;
		return NULL;
	}
	game_run *run = xcalloc(1, sizeof *run);
	run->pos = pos;
	run->g = g;
	run->passed_turn = run->passed_rounds = -1;
	if (play) {
		rng_seed(&run->rnd, play->seed);
		rng_seed(&run->arnd, play->seed ^ PLAYER_CHOICE_SALT);
		if (!game_player_open(&run->ap, play, s->rs, cmd)) {
			*code = EXIT_USAGE;
			sq_game_destroy(g);
			position_destroy(pos);
			free(run);
			return NULL;
		}
		run->quiet = play->quiet;
		run->manual = play->manual;
		run->seats = play->seats;
	}
	return run;
}

const sq_game *play_square_game(game_run *run)
{
	return run->g;
}

static void sq_destroy(game_run *run)
{
	if (run) {
		sq_game_destroy(run->g);
		sq_game_destroy(run->aside);
		position_destroy(run->pos);
		player_close(&run->ap);
	}
	free(run);
}

/* An action as the log wrote it, with its own faces. */
static bool sq_apply_written(game_run *run, void *action, rules_error *err)
{
	return apply(run, action, NULL, err);
}

static bool sq_log_finish(game_run *run, rules_error *err)
{
	return sq_finish(run->g, run->head_seen, err);
}

static int sq_turn(game_run *run)
{
	const sq_game *g = run->g;
	bool begun = g->step != SQ_STEP_BUY || g->bought_now;
	return g->step == SQ_STEP_OVER ? g->turn : g->turn + (begun ? 1 : 0);
}

/* The head after the seed: the first side, as the scenario seats it. */
static bool sq_deal(game_run *run, game_head_fn *put, void *ctx)
{
	sq_action first;
	table_square_first(run->g, &first);
	char *line = sqlog_format(&first);
	bool ok = put(ctx, line);
	free(line);
	sqlog_action_finish(&first);
	return ok;
}

/* A saved action: the seed rolls its dice again, unless the player typed
 * them. */
static bool sq_redo(game_run *run, void *action, bool *undoable, rules_error *err)
{
	sq_action *a = action;
	bool rolls = sq_dice_needed(run->g, a) > 0;
	if (rolls && !run->manual)
		strip_faces(a);
	*undoable = !rolls;
	return apply(run, a, run->manual ? NULL : &run->rnd, err);
}

static bool sq_over(game_run *run)
{
	return run->g->step == SQ_STEP_OVER;
}

static bool sq_at_turn_start(game_run *run)
{
	return run->g->step == SQ_STEP_BUY && !run->g->bought_now;
}

static const char *sq_side(game_run *run)
{
	return sq_side_id(run->g, sq_current(run->g)->side);
}

static bool sq_command(game_run *run, char *line, const char *word)
{
	if (ask_square_in_play(run->g, line, word))
		return true;
	if (strcmp(word, "summary") == 0) {
		char *sum = sq_summary(run->g);
		fputs(sum, stdout);
		free(sum);
		return true;
	}
	return false;
}

static void sq_replay_begin(game_run *run)
{
	run->aside = run->g;
	run->g = sq_game_create(run->pos);
	run->head_seen = false;
	run->winner_line = 0;
}

static void sq_replay_end(game_run *run, bool keep)
{
	if (keep) {
		sq_game_destroy(run->aside);
		/* The automatic player starts its plans again on the position. */
		player_reset(&run->ap, 0);
	} else {
		sq_game_destroy(run->g);
		run->g = run->aside;
	}
	run->aside = NULL;
}

static const char *sq_fixed_reason(const char *line)
{
	(void)line;
	return "rolled the dice";
}

/* The action codec: the lines of sqlog.h. */
GAME_CODEC(sq_codec, sq_action, sqlog_parse_line, sqlog_format, sqlog_action_finish, sqlog_is_head,
	SQ_ACT_SCENARIO);

/* Its text first, then what it defines in the order of this file. */
const game_driver play_square_driver = {
	.undo_none = "nothing to undo since the game began",
	.print_turn = sq_print_turn,
	.print_pending = sq_print_pending,
	.print_help = sq_print_help,
	.board_text = sq_board_text_of,
	.roster_text = sq_roster_text,
	.print_result = sq_print_result,
	.check_json = sq_check_json,
	.act = sq_act,
	.acted = sq_acted,
	.propose = sq_propose,
	.awaits = sq_awaits,
	.answer = sq_answer,
	.pass = sq_pass,
	.decider = sq_decider,
	.open = sq_open,
	.destroy = sq_destroy,
	.apply = sq_apply_written,
	.finish = sq_log_finish,
	.turn = sq_turn,
	.deal = sq_deal,
	.redo = sq_redo,
	.over = sq_over,
	.at_turn_start = sq_at_turn_start,
	.side = sq_side,
	.command = sq_command,
	.replay_begin = sq_replay_begin,
	.replay_end = sq_replay_end,
	.fixed_reason = sq_fixed_reason,
	.codec = &sq_codec,
};
