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
#include "../rules/sqauto.h"
#include "../rules/sqref.h"
#include "ask_square_cli.h"
#include "command.h"
#include "rules_cli.h"

struct game_run {
	position *pos;     /* the scenario's starting position, which the games read */
	sq_game *g;        /* the game as it stands */
	sq_log log;        /* check: the actions of the log loaded */
	bool head_seen;    /* the log named its scenario */
	int winner_line;   /* the line that decided the game, 0 while none */
	/* play only: */
	sq_game *aside;    /* undo: the game put aside while the lines are replayed */
	unsigned long long seed;
	rng rnd;           /* the dice */
	bool quiet;
	bool manual;       /* --dice manual: the player types the faces */
	rng arnd;          /* the automatic player's choices, a stream of their own: the
	                    * actions of an --auto game typed back in with the same seed
	                    * meet the same dice */
	sq_auto ap;        /* the automatic player's notes */
	game_emit_fn *emit;
	void *emit_ctx;
};

/* ---- refereeing one action ---- */

static bool apply(game_run *run, sq_action *a, rng *r, rules_error *err)
{
	bool over = run->g->step == SQ_STEP_OVER;
	if (!sq_apply(run->g, a, r, err))
		return false;
	if (a->kind == SQ_ACT_SCENARIO)
		run->head_seen = true;
	if (!over && run->g->step == SQ_STEP_OVER)
		run->winner_line = a->line;
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
	if (!run->quiet) {
		char *board = sq_board_text(g);
		fputs(board, stdout);
		free(board);
	}
	char who[80];
	int side = sq_current(g)->side;
	printf("Turn %d (round %d): %s to play; %d points, %d %s allowed; %d cities held.\n", g->turn + 1,
		g->turn / g->seat_count + 1, player_of(g, who, sizeof who), g->points[side], g->allowance[side],
		g->rs->square.limited_unit ? g->rs->square.limited_unit : "limited", sq_cities_held(g, side));
}

static void sq_print_pending(game_run *run)
{
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
	if (run->manual)
		fputs("With --dice manual, roll your own dice and type their faces after ':'\n"
		      "  roll : 3 5      attack u1 c1 : 2 6\n", stdout);
	else
		fputs("orbat play rolls the dice: leave out ': FACES'.\n", stdout);
	fputs("Other commands:\n" GAME_HELP_BOARD
	      "  summary                 cities held, income, points and units of each side\n"
	      "  moves UNIT|SQUARE, transport SHIP, income SIDE, ask attack FROM TO,\n"
	      "  ask buy UNITS           the questions of orbat ask, on the game now\n" GAME_HELP_SHELL,
		stdout);
}

static void sq_print_board(game_run *run, bool spaced)
{
	char *board = sq_board_text(run->g);
	char *sum = sq_summary(run->g);
	fputs(board, stdout);
	if (spaced)
		fputc('\n', stdout);
	fputs(sum, stdout);
	if (spaced)
		fputc('\n', stdout);
	free(board);
	free(sum);
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
		fprintf(stdout, ",\"cities\":%d,\"income\":%d,\"points\":%d,\"allowance\":%d,\"held\":[",
			sq_cities_held(g, s), sq_income(g, s), g->points[s], g->allowance[s]);
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
static bool take_action(game_run *run, sq_action *a, bool automatic)
{
	rules_error err;
	bool rolls = sq_dice_needed(run->g, a) > 0;
	rng before = run->rnd;
	bool ok = true;
	if (sqlog_is_head(a->kind)) {
		ok = rules_fail(&err, RULES_ERROR_LOG_RULE, "orbat play writes the head of the log itself");
	} else if (rolls && run->manual && !a->faces_given) {
		char *text = sqlog_format(a);
		int n = sq_dice_needed(run->g, a);
		ok = rules_fail(&err, RULES_ERROR_LOG_RULE, "roll %s%d %s and type the faces: %s : FACE...",
			a->kind == SQ_ACT_ATTACK ? "up to " : "", n, n == 1 ? "die" : "dice", text);
		free(text);
	} else if (rolls && !run->manual && a->faces_given && !automatic) {
		ok = rules_fail(&err, RULES_ERROR_LOG_RULE,
			"orbat play rolls the dice itself: leave out ': FACES' (or play with --dice manual)");
	}
	if (!ok || !apply(run, a, run->manual ? NULL : &run->rnd, &err)) {
		run->rnd = before;
		printf("refused: %s [%s]\n", err.message, err.rule);
		return false;
	}
	char *line = sqlog_format(a);
	run->emit(run->emit_ctx, line, !rolls);
	printf("%s %s\n", automatic ? "auto:" : "ok:", line);
	free(line);
	if (a->kind == SQ_ACT_END && run->g->step != SQ_STEP_OVER)
		sq_print_turn(run);
	else if (run->g->step != SQ_STEP_OVER)
		sq_print_pending(run);
	return true;
}

static bool sq_take(game_run *run, const char *typed)
{
	sq_action a;
	bool empty;
	rules_error why;
	if (!sqlog_parse_line(typed, 0, &a, &empty, &why)) {
		printf("error: %s [%s]\n", why.message, why.rule);
		return false;
	}
	if (empty)
		return true;
	bool ok = take_action(run, &a, false);
	sqlog_action_finish(&a);
	return ok;
}

/* ---- the automatic player ---- */

static game_auto sq_auto_take(game_run *run)
{
	sq_action a;
	if (!sq_auto_next(run->g, &run->ap, &run->arnd, &a))
		return GAME_AUTO_NONE;
	game_auto got = GAME_AUTO_TAKEN;
	if (!take_action(run, &a, true)) {
		char *text = sqlog_format(&a);
		fprintf(stderr, "orbat play: the automatic player proposed an illegal action: %s\n", text);
		free(text);
		got = GAME_AUTO_ILLEGAL;
	}
	sqlog_action_finish(&a);
	return got;
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
	sqlog_init(&run->log);
	if (play) {
		run->seed = play->seed;
		rng_seed(&run->rnd, play->seed);
		rng_seed(&run->arnd, play->seed ^ 0x9e3779b97f4a7c15ull);
		sq_auto_init(&run->ap, 0);
		run->quiet = play->quiet;
		run->manual = play->manual;
		run->emit = play->emit;
		run->emit_ctx = play->emit_ctx;
	}
	return run;
}

const sq_game *play_square_game(game_run *run)
{
	return run->g;
}

static void sq_destroy(game_run *run)
{
	if (!run)
		return;
	sq_game_destroy(run->g);
	sq_game_destroy(run->aside);
	position_destroy(run->pos);
	sqlog_finish(&run->log);
	free(run);
}

static size_t sq_log_load(game_run *run, const char *text, size_t size, const char *name, diag_sink *sink)
{
	sqlog_finish(&run->log);
	sqlog_init(&run->log);
	return sqlog_parse(text, size, name, &run->log, sink);
}

static bool sq_log_apply(game_run *run, rules_error *err, int *line)
{
	for (size_t i = 0; i < run->log.count; i++)
		if (!apply(run, &run->log.actions[i], NULL, err)) {
			*line = run->log.actions[i].line;
			return false;
		}
	return true;
}

static bool sq_log_finish(game_run *run, rules_error *err, int *line)
{
	*line = run->log.count ? run->log.actions[run->log.count - 1].line : 0;
	return sq_finish(run->g, run->head_seen, err);
}

static int sq_turn(game_run *run)
{
	const sq_game *g = run->g;
	bool begun = g->step != SQ_STEP_BUY || g->bought_now;
	return g->step == SQ_STEP_OVER ? g->turn : g->turn + (begun ? 1 : 0);
}

static bool sq_line_read(const char *line, int number, game_line_kind *kind, char **canon, char **scenario_id,
	rules_error *why)
{
	*canon = NULL;
	*scenario_id = NULL;
	sq_action a;
	bool empty;
	if (!sqlog_parse_line(line, number, &a, &empty, why))
		return false;
	*kind = empty ? GAME_LINE_EMPTY : sqlog_is_head(a.kind) ? GAME_LINE_HEAD : GAME_LINE_ACTION;
	if (!empty)
		*canon = sqlog_format(&a);
	if (!empty && a.kind == SQ_ACT_SCENARIO)
		*scenario_id = xstrdup(a.subject ? a.subject : "?");
	sqlog_action_finish(&a);
	return true;
}

static bool head_line(game_run *run, const char *line)
{
	sq_action a;
	bool empty;
	rules_error err;
	bool ok = sqlog_parse_line(line, 0, &a, &empty, &err) && apply(run, &a, NULL, &err);
	if (!ok)
		fprintf(stderr, "orbat play: %s: %s [%s]\n", line, err.message, err.rule);
	else
		run->emit(run->emit_ctx, line, false);
	sqlog_action_finish(&a);
	return ok;
}

static bool sq_head(game_run *run)
{
	char line[256];
	run->emit(run->emit_ctx, "orbat-game-log 1", false);
	snprintf(line, sizeof line, "scenario %s", run->g->sc->id.text ? run->g->sc->id.text : "?");
	bool ok = head_line(run, line);
	snprintf(line, sizeof line, "seed %llu", run->seed);
	ok = ok && head_line(run, line);
	snprintf(line, sizeof line, "first %s", sq_side_id(run->g, run->g->seats[0].side));
	return ok && head_line(run, line);
}

static bool sq_replay_line(game_run *run, const char *line, int number, char **made, bool *undoable,
	rules_error *err)
{
	sq_action a;
	bool empty;
	*made = NULL;
	if (!sqlog_parse_line(line, number, &a, &empty, err))
		return false;
	bool rolls = sq_dice_needed(run->g, &a) > 0;
	if (rolls && !run->manual)
		strip_faces(&a);
	bool ok = apply(run, &a, run->manual ? NULL : &run->rnd, err);
	if (ok) {
		*made = sqlog_format(&a);
		*undoable = !rolls;
	}
	sqlog_action_finish(&a);
	return ok;
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

static bool sq_apply_line(game_run *run, const char *line, int number)
{
	sq_action a;
	bool empty;
	rules_error err;
	if (!sqlog_parse_line(line, number, &a, &empty, &err))
		return false;
	bool ok = empty || a.kind == SQ_ACT_FORMAT || apply(run, &a, NULL, &err);
	sqlog_action_finish(&a);
	return ok;
}

static void sq_replay_end(game_run *run, bool keep)
{
	if (keep) {
		sq_game_destroy(run->aside);
		/* The automatic player starts its plans again on the position. */
		sq_auto_init(&run->ap, 0);
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

const game_driver play_square_driver = {
	.open = sq_open,
	.destroy = sq_destroy,
	.log_load = sq_log_load,
	.log_apply = sq_log_apply,
	.log_finish = sq_log_finish,
	.check_json = sq_check_json,
	.print_board = sq_print_board,
	.print_result = sq_print_result,
	.turn = sq_turn,
	.line_read = sq_line_read,
	.head = sq_head,
	.replay_line = sq_replay_line,
	.take = sq_take,
	.auto_take = sq_auto_take,
	.over = sq_over,
	.at_turn_start = sq_at_turn_start,
	.side = sq_side,
	.print_turn = sq_print_turn,
	.print_pending = sq_print_pending,
	.print_help = sq_print_help,
	.command = sq_command,
	.replay_begin = sq_replay_begin,
	.apply_line = sq_apply_line,
	.replay_end = sq_replay_end,
	.fixed_reason = sq_fixed_reason,
	.undo_none = "nothing to undo since the game began",
};
