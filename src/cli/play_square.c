/* The game driver of the square-grid rulesets (game_driver.h): the square
 * game's referee (rules/sqref.h) with its log (rules/sqlog.h), the dice
 * rolled with the seed or typed by the player, the board drawn as text, the
 * summary of cities, income and units, and a simple automatic player that
 * buys, moves toward the enemy's cities, ships troops to an enemy city on a
 * coast, attacks when the odds are even or better, and places what it
 * bought. */
#include "play_square.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/json.h"
#include "../base/util.h"
#include "../rules/sqref.h"
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
	int placed;        /* new units the automatic player has named */
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
	      "  summary                 cities held, income, points and units of each side\n" GAME_HELP_SHELL,
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
		if (p->alive && p->kind == SQ_SHIP) {
			fputs(",\"sea\":", stdout);
			json_write_string(stdout, p->port >= 0 ? g->sc->cities[p->port].id.text
				: p->zone >= 0 ? g->sc->sea_zones[p->zone].id.text : "?");
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

/* Whether the action would be accepted now (tried on a copy, with a copy
 * of the dice). */
static bool legal(const game_run *run, sq_action *a)
{
	sq_game *trial = sq_game_clone(run->g);
	rng r = run->rnd;
	rules_error err;
	sq_action copy;
	sqlog_action_copy(&copy, a);
	bool ok = sq_apply(trial, &copy, &r, &err);
	sqlog_action_finish(&copy);
	sq_game_destroy(trial);
	return ok;
}

static void make(sq_action *a, sq_act_kind kind, const char *subject, const char *object, const char *extra)
{
	memset(a, 0, sizeof *a);
	a->kind = kind;
	a->subject = subject ? xstrdup(subject) : NULL;
	a->object = object ? xstrdup(object) : NULL;
	a->extra = extra ? xstrdup(extra) : NULL;
}

static bool try_action(game_run *run, sq_action *a)
{
	if (legal(run, a))
		return true;
	sqlog_action_finish(a);
	return false;
}

static bool own(const sq_game *g, const sq_piece *p)
{
	const sq_seat *s = sq_current(g);
	return p->alive && p->side == s->side && (g->seat_count <= 2 || p->player == s->player);
}

/* The enemy city nearest to a square, -1 when none. */
static long nearest_target(const sq_game *g, grid_cell at, int side)
{
	long best = -1;
	int best_d = 0;
	for (size_t i = 0; i < g->city_count; i++) {
		if (g->cities[i].owner == side)
			continue;
		int d = grid_distance(g->board, g->cities[i].at, at);
		if (best < 0 || d < best_d || (d == best_d && g->cities[i].capital_of[1 - side])) {
			best = (long)i;
			best_d = d;
		}
	}
	return best;
}

static bool auto_buy(game_run *run, sq_action *a)
{
	const sq_game *g = run->g;
	const ruleset *rs = g->rs;
	int side = sq_current(g)->side;
	if (g->bought_now || !rs->square.limited_unit)
		return false;
	const rs_square_unit *inf = ruleset_find_square_unit(rs, rs->square.limited_unit);
	int n = 0;
	while (inf && inf->cost > 0 && n < g->allowance[side] && (n + 1) * inf->cost <= g->points[side] && n < 4)
		n++;
	if (n == 0)
		return false;
	make(a, SQ_ACT_BUY, NULL, NULL, NULL);
	a->word_count = (size_t)n;
	a->words = xcalloc((size_t)n, sizeof *a->words);
	for (int i = 0; i < n; i++)
		a->words[i] = xstrdup(inf->id);
	return try_action(run, a);
}

/* An attack at even odds or better by a unit that has not fought. */
static bool auto_attack(game_run *run, sq_action *a)
{
	const sq_game *g = run->g;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (!own(g, p) || p->kind != SQ_LAND || !p->on_map || p->fought)
			continue;
		for (size_t k = 0; k < g->piece_count; k++) {
			const sq_piece *d = &g->pieces[k];
			if (!d->alive || !d->on_map || d->side == p->side || d->kind == SQ_SHIP ||
				grid_distance(g->board, p->at, d->at) > p->type->range)
				continue;
			sq_factor fa, fd;
			sq_fight_factor(g, (long)i, p->at, false, &fa);
			sq_fight_factor(g, (long)k, d->at, true, &fd);
			if (fa.factor < fd.factor)
				continue;
			make(a, SQ_ACT_ATTACK, p->id, d->id, NULL);
			if (try_action(run, a))
				return true;
		}
	}
	return false;
}

static bool auto_advance(game_run *run, sq_action *a)
{
	const sq_game *g = run->g;
	if (!g->combat.active || !g->combat.cleared || g->combat.advanced)
		return false;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (!own(g, p) || p->kind != SQ_LAND || !p->on_map || !p->fought)
			continue;
		make(a, SQ_ACT_ADVANCE, p->id, NULL, NULL);
		if (try_action(run, a))
			return true;
	}
	return false;
}

/* One step of a unit toward the nearest enemy city. */
static bool auto_move(game_run *run, sq_action *a)
{
	const sq_game *g = run->g;
	if (g->counted >= g->roll)
		return false;
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (!own(g, p) || p->kind != SQ_LAND || !p->on_map || p->moved)
			continue;
		/* The last unit in its own capital stays to hold it. */
		long city = sq_city_at(g, p->at);
		if (city >= 0 && g->cities[city].capital_of[p->side] && sq_land_count(g, p->at, p->side) <= 1)
			continue;
		long target = nearest_target(g, p->at, p->side);
		if (target < 0)
			continue;
		grid_cell to = g->cities[target].at;
		grid_cell n[GRID_NEIGHBOURS_MAX];
		int count = grid_neighbours(g->board, p->at, n);
		for (int k = 0; k < count; k++) {
			if (!grid_on_board(g->board, n[k]) ||
				grid_distance(g->board, n[k], to) >= grid_distance(g->board, p->at, to))
				continue;
			char sq[GRID_ADDRESS_MAX];
			make(a, SQ_ACT_MOVE, p->id, NULL, NULL);
			a->word_count = 1;
			a->words = xcalloc(1, sizeof *a->words);
			a->words[0] = xstrdup(grid_format(n[k], sq));
			if (try_action(run, a))
				return true;
		}
	}
	return false;
}

/* An enemy city on the coast of a zone with no enemy in it: where an
 * invasion lands.  -1 when none. */
static long invasion_city(const sq_game *g, long zone, int side)
{
	for (size_t c = 0; zone >= 0 && c < g->city_count; c++)
		if (g->cities[c].owner != side && sq_coastal(g, g->cities[c].at, zone) &&
			!sq_enemy_at(g, g->cities[c].at, side))
			return (long)c;
	return -1;
}

/* A zone one step from the ship's (or its own) whose coast has a city to
 * invade; -1 when none. */
static long invasion_zone(const sq_game *g, const sq_piece *ship)
{
	if (ship->zone < 0)
		return -1;
	if (invasion_city(g, ship->zone, ship->side) >= 0)
		return ship->zone;
	for (size_t z = 0; z < g->zone_count; z++)
		if (g->zone_adjacent[(size_t)ship->zone * g->zone_count + z] && invasion_city(g, (long)z, ship->side) >= 0)
			return (long)z;
	return -1;
}

/* Transport: troops aboard land on a city to invade; a ship with troops
 * sails to one; a unit in a port boards a ship that can reach one. */
static bool auto_transport(game_run *run, sq_action *a)
{
	const sq_game *g = run->g;
	char sq[GRID_ADDRESS_MAX];
	for (size_t i = 0; i < g->piece_count; i++) {
		const sq_piece *p = &g->pieces[i];
		if (!own(g, p))
			continue;
		if (p->kind == SQ_LAND && p->aboard >= 0 && g->pieces[p->aboard].port < 0) {
			long city = invasion_city(g, g->pieces[p->aboard].zone, p->side);
			if (city < 0)
				continue;
			make(a, SQ_ACT_LAND, p->id, grid_format(g->cities[city].at, sq), NULL);
			if (try_action(run, a))
				return true;
		} else if (p->kind == SQ_SHIP && !p->moved && sq_ship_room(g, (long)i) < p->type->carries) {
			long zone = invasion_zone(g, p);
			if (zone < 0 || (zone == p->zone && p->port < 0))
				continue;
			make(a, SQ_ACT_MOVE, p->id, NULL, NULL);
			a->word_count = 1;
			a->words = xcalloc(1, sizeof *a->words);
			a->words[0] = xstrdup(g->sc->sea_zones[zone].id.text);
			if (try_action(run, a))
				return true;
		} else if (p->kind == SQ_LAND && p->on_map && !p->moved) {
			long city = sq_city_at(g, p->at);
			if (city < 0 || !g->cities[city].port || g->cities[city].capital_of[p->side])
				continue;
			for (size_t k = 0; k < g->piece_count; k++) {
				const sq_piece *s = &g->pieces[k];
				if (!own(g, s) || s->kind != SQ_SHIP || s->port != city || s->moved || sq_ship_room(g, (long)k) <= 0 ||
					invasion_zone(g, s) < 0)
					continue;
				make(a, SQ_ACT_EMBARK, p->id, s->id, NULL);
				if (try_action(run, a))
					return true;
			}
		}
	}
	return false;
}

static bool auto_place(game_run *run, sq_action *a)
{
	const sq_game *g = run->g;
	int side = sq_current(g)->side;
	for (size_t b = 0; b < g->bought_count; b++) {
		if (g->bought[b].side != side)
			continue;
		for (size_t c = 0; c < g->city_count; c++) {
			char id[64], sq[GRID_ADDRESS_MAX];
			do
				snprintf(id, sizeof id, "%s-new-%d", sq_side_id(g, side), ++run->placed);
			while (sq_find(g, id) >= 0);
			make(a, SQ_ACT_PLACE, g->bought[b].type->id, grid_format(g->cities[c].at, sq), id);
			if (try_action(run, a))
				return true;
			run->placed--;
		}
	}
	return false;
}

/* The next action of the turn's steps: buy then roll; move, fight and
 * advance, then the non-combat roll; place, then end. */
static bool auto_next(game_run *run, sq_action *a)
{
	const sq_game *g = run->g;
	if (g->step == SQ_STEP_OVER)
		return false;
	if (g->step == SQ_STEP_BUY) {
		if (!auto_buy(run, a))
			make(a, SQ_ACT_ROLL, NULL, NULL, NULL);
	} else if (g->step == SQ_STEP_MOVE || g->step == SQ_STEP_COMBAT) {
		bool acted = (g->step == SQ_STEP_MOVE && (auto_transport(run, a) || auto_move(run, a))) ||
			auto_advance(run, a) || auto_attack(run, a);
		if (!acted)
			make(a, SQ_ACT_REDEPLOY, NULL, NULL, NULL);
	} else if (!auto_place(run, a)) {
		make(a, SQ_ACT_END, NULL, NULL, NULL);
	}
	return true;
}

static game_auto sq_auto_take(game_run *run)
{
	sq_action a;
	if (!auto_next(run, &a))
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
		run->quiet = play->quiet;
		run->manual = play->manual;
		run->emit = play->emit;
		run->emit_ctx = play->emit_ctx;
	}
	return run;
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
	(void)line;
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
