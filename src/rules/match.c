/* Headless games between two named players (match.h).  The grid-neutral
 * loop is match_play; what a game of one grid is -- its start, its copy,
 * its head, completing and applying an action, its state and result --
 * is a row of MATCH_GRIDS. */
#include "match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../model/position.h"
#include "players.h"
#include "referee.h"
#include "rng.h"
#include "sqgame.h"
#include "sqref.h"
#include "table_hex.h"
#include "table_square.h"

/* Actions in one turn past which a player is taken to be looping: no
 * turn of these games comes near it. */
#define MATCH_TURN_ACTIONS 20000

/* Where the lines of a game go, formatted only when wanted. */
typedef struct match_out {
	match_line_fn *line;
	void *ctx;
} match_out;

static void put_line(const match_out *o, const char *line)
{
	if (o->line)
		o->line(o->ctx, line);
}

/* What a grid gives the loop. */
typedef struct match_table {
	size_t action_size;
	void *(*start_open)(const scenario *sc, const ruleset *rs, rules_error *why);
	void (*start_close)(void *start);
	const char *(*side_id)(const void *start, int side);
	/* A game at the start, its own copy; the player's view of it. */
	void *(*game_new)(const void *start);
	void (*game_free)(void *gm);
	void *(*player_game)(void *gm);
	/* The head after "orbat-game-log 1": scenario, seed and what the seed
	 * deals, applied and put out. */
	bool (*head)(void *gm, const char *scenario_id, unsigned long long seed, rng *dice, const match_out *o,
		rules_error *err);
	/* Complete a proposal with the table and apply it. */
	bool (*act)(void *gm, rng *dice, void *action, rules_error *err);
	bool (*over)(void *gm);
	bool (*at_turn_start)(void *gm);
	int (*turn)(void *gm);
	int (*to_play)(void *gm);
	void (*result)(void *gm, match_result *out);
	char *(*format)(const void *action);
	void (*finish)(void *action);
} match_table;

/* ---- the hex grid ---- */

typedef struct hex_match {
	game *g;
	referee *r;
} hex_match;

static void *hex_start_open(const scenario *sc, const ruleset *rs, rules_error *why)
{
	game *g = game_create(sc, rs);
	if (!g)
		rules_fail(why, RULES_ERROR_LOG_RULE, "the scenario's board cannot be set up");
	return g;
}

static void hex_start_close(void *start)
{
	game_destroy(start);
}

static const char *hex_side_id(const void *start, int side)
{
	return ((const game *)start)->sides[side].id;
}

static void *hex_game_new(const void *start)
{
	hex_match *h = xcalloc(1, sizeof *h);
	h->g = game_clone(start);
	h->r = referee_create(h->g);
	return h;
}

static void hex_game_free(void *gm)
{
	hex_match *h = gm;
	referee_destroy(h->r);
	game_destroy(h->g);
	free(h);
}

static void *hex_player_game(void *gm)
{
	return ((hex_match *)gm)->r;
}

typedef struct hex_put_ctx {
	referee *r;
	const match_out *o;
	rules_error *err;
} hex_put_ctx;

static bool hex_put(void *ctx, gl_action *a)
{
	hex_put_ctx *p = ctx;
	if (!referee_apply(p->r, a, p->err))
		return false;
	if (p->o->line) {
		char *text = gamelog_format(a);
		put_line(p->o, text);
		free(text);
	}
	return true;
}

static bool hex_head(void *gm, const char *scenario_id, unsigned long long seed, rng *dice, const match_out *o,
	rules_error *err)
{
	hex_match *h = gm;
	hex_put_ctx p = { h->r, o, err };
	gl_action a;
	memset(&a, 0, sizeof a);
	a.kind = ACT_SCENARIO;
	a.subject = (char *)scenario_id;
	bool ok = hex_put(&p, &a);
	a.subject = NULL;
	a.kind = ACT_SEED;
	a.number = seed;
	ok = ok && hex_put(&p, &a);
	bool deck_short = false;
	if (ok && !table_hex_deal(h->r, dice, hex_put, &p, &deck_short) && deck_short)
		rules_fail(err, RULES_ERROR_LOG_RULE, "the deck cannot deal the hands the scenario asks for");
	return ok && !rules_error_set(err);
}

static bool hex_act(void *gm, rng *dice, void *action, rules_error *err)
{
	hex_match *h = gm;
	rng before = *dice;
	if (!table_hex_complete(h->r, dice, action, err) || !referee_apply(h->r, action, err)) {
		*dice = before;
		return false;
	}
	return true;
}

static bool hex_over(void *gm)
{
	return ((hex_match *)gm)->r->phase == PHASE_OVER;
}

static bool hex_at_turn_start(void *gm)
{
	return ((hex_match *)gm)->r->phase == PHASE_START;
}

static int hex_turn(void *gm)
{
	return ((hex_match *)gm)->r->turn;
}

static int hex_to_play(void *gm)
{
	return ((hex_match *)gm)->r->side;
}

static void hex_result(void *gm, match_result *out)
{
	hex_match *h = gm;
	out->winner = h->g->winner >= 0 ? h->g->winner : MATCH_NO_WINNER;
	out->turns = h->r->turn;
	for (int s = 0; s < MATCH_SIDES; s++) {
		out->score[s] = game_score(h->g, s);
		out->target[s] = h->g->sides[s].target;
	}
}

static char *hex_line(const void *action)
{
	return gamelog_format(action);
}

static void hex_finish(void *action)
{
	gamelog_action_finish(action);
}

/* ---- the square grid ---- */

/* The start: the position the games read, and the game at it. */
typedef struct square_start {
	position *pos;
	sq_game *g;
} square_start;

static void square_start_close(void *start)
{
	square_start *s = start;
	if (!s)
		return;
	sq_game_destroy(s->g);
	position_destroy(s->pos);
	free(s);
}

static void *square_start_open(const scenario *sc, const ruleset *rs, rules_error *why)
{
	square_start *s = xcalloc(1, sizeof *s);
	s->pos = position_create(sc, rs);
	s->g = s->pos ? sq_game_create(s->pos) : NULL;
	if (!s->g) {
		square_start_close(s);
		rules_fail(why, RULES_ERROR_LOG_RULE, "the scenario's board cannot be set up");
		return NULL;
	}
	return s;
}

static const char *square_side_id(const void *start, int side)
{
	return sq_side_id(((const square_start *)start)->g, side);
}

static void *square_game_new(const void *start)
{
	return sq_game_clone(((const square_start *)start)->g);
}

static void square_game_free(void *gm)
{
	sq_game_destroy(gm);
}

static void *square_player_game(void *gm)
{
	return gm;
}

/* A head line applied (no dice) and put out. */
static bool square_put(sq_game *g, sq_action *a, const match_out *o, rules_error *err)
{
	if (!sq_apply(g, a, NULL, err))
		return false;
	if (o->line) {
		char *text = sqlog_format(a);
		put_line(o, text);
		free(text);
	}
	return true;
}

static bool square_head(void *gm, const char *scenario_id, unsigned long long seed, rng *dice, const match_out *o,
	rules_error *err)
{
	(void)dice;
	sq_game *g = gm;
	sq_action a;
	memset(&a, 0, sizeof a);
	a.kind = SQ_ACT_SCENARIO;
	a.subject = (char *)scenario_id;
	bool ok = square_put(g, &a, o, err);
	a.subject = NULL;
	a.kind = SQ_ACT_SEED;
	a.number = seed;
	ok = ok && square_put(g, &a, o, err);
	if (ok) {
		table_square_first(g, &a);
		ok = square_put(g, &a, o, err);
		sqlog_action_finish(&a);
	}
	return ok;
}

static bool square_act(void *gm, rng *dice, void *action, rules_error *err)
{
	return table_square_act(gm, dice, action, err);
}

static bool square_over(void *gm)
{
	return ((sq_game *)gm)->step == SQ_STEP_OVER;
}

static bool square_at_turn_start(void *gm)
{
	const sq_game *g = gm;
	return g->step == SQ_STEP_BUY && !g->bought_now;
}

/* The turns begun, as `orbat play` counts them. */
static int square_turn(void *gm)
{
	const sq_game *g = gm;
	bool begun = g->step != SQ_STEP_BUY || g->bought_now;
	return g->step == SQ_STEP_OVER ? g->turn : g->turn + (begun ? 1 : 0);
}

static int square_to_play(void *gm)
{
	return sq_current(gm)->side;
}

static void square_result(void *gm, match_result *out)
{
	const sq_game *g = gm;
	out->winner = g->winner >= 0 && g->winner < SQ_SIDES ? g->winner : MATCH_NO_WINNER;
	out->turns = square_turn(gm);
	for (int s = 0; s < MATCH_SIDES; s++) {
		out->score[s] = sq_cities_held(g, s);
		out->target[s] = 0;
	}
}

static char *square_line(const void *action)
{
	return sqlog_format(action);
}

static void square_finish(void *action)
{
	sqlog_action_finish(action);
}

/* ---- the grids ---- */

static const match_table MATCH_GRIDS[GRID_KINDS] = {
	[GRID_HEX] = { sizeof(gl_action), hex_start_open, hex_start_close, hex_side_id, hex_game_new, hex_game_free,
		hex_player_game, hex_head, hex_act, hex_over, hex_at_turn_start, hex_turn, hex_to_play, hex_result,
		hex_line, hex_finish },
	[GRID_SQUARE] = { sizeof(sq_action), square_start_open, square_start_close, square_side_id, square_game_new,
		square_game_free, square_player_game, square_head, square_act, square_over, square_at_turn_start,
		square_turn, square_to_play, square_result, square_line, square_finish },
};

struct match {
	const match_table *grid;
	grid_kind kind;
	void *start;
	char *scenario_id;
};

match *match_open(const scenario *sc, const ruleset *rs, rules_error *why)
{
	if ((unsigned)rs->grid >= GRID_KINDS || !MATCH_GRIDS[rs->grid].start_open) {
		rules_fail(why, RULES_ERROR_LOG_RULE, "the games of ruleset %s cannot be played yet", rs->id);
		return NULL;
	}
	const match_table *grid = &MATCH_GRIDS[rs->grid];
	void *start = grid->start_open(sc, rs, why);
	if (!start)
		return NULL;
	match *m = xcalloc(1, sizeof *m);
	m->grid = grid;
	m->kind = rs->grid;
	m->start = start;
	m->scenario_id = xstrdup(sc->id.text ? sc->id.text : "?");
	return m;
}

void match_close(match *m)
{
	if (!m)
		return;
	m->grid->start_close(m->start);
	free(m->scenario_id);
	free(m);
}

grid_kind match_grid(const match *m)
{
	return m->kind;
}

const char *match_side_id(const match *m, int side)
{
	return m->grid->side_id(m->start, side);
}

static const char *player_name(const match_opts *opts, int side)
{
	return opts->players[side] ? opts->players[side] : PLAYER_DEFAULT;
}

bool match_players_ok(const match *m, const match_opts *opts, rules_error *why)
{
	for (int s = 0; s < MATCH_SIDES; s++) {
		player p;
		if (!player_open(&p, player_name(opts, s), m->kind, s, opts->max_turns, why))
			return false;
		player_close(&p);
	}
	return true;
}

/* The refused or stuck proposal, kept for the report. */
static void note_refusal(const match *m, match_result *out, int side, const void *action)
{
	out->refused_side = side;
	char *text = m->grid->format(action);
	snprintf(out->refused_action, sizeof out->refused_action, "%s", text);
	free(text);
}

bool match_play(match *m, const match_opts *opts, match_result *out)
{
	const match_table *grid = m->grid;
	memset(out, 0, sizeof *out);
	out->winner = MATCH_NO_WINNER;
	out->refused_side = -1;
	rules_error_clear(&out->error);
	player players[MATCH_SIDES];
	memset(players, 0, sizeof players);
	for (int s = 0; s < MATCH_SIDES; s++)
		if (!player_open(&players[s], player_name(opts, s), m->kind, s, opts->max_turns, &out->error)) {
			out->end = MATCH_FAILED;
			for (int k = 0; k < s; k++)
				player_close(&players[k]);
			return false;
		}
	const match_out o = { opts->line, opts->line_ctx };
	rng dice, choices;
	rng_seed(&dice, opts->seed);
	rng_seed(&choices, opts->seed ^ PLAYER_CHOICE_SALT);
	void *gm = grid->game_new(m->start);
	void *action = xcalloc(1, grid->action_size);
	put_line(&o, "orbat-game-log 1");
	bool ok = grid->head(gm, m->scenario_id, opts->seed, &dice, &o, &out->error);
	out->end = ok ? MATCH_TURN_LIMIT : MATCH_FAILED;
	long in_turn = 0;
	int last_turn = -1;
	while (ok && !grid->over(gm)) {
		int turn = grid->turn(gm);
		if (opts->max_turns > 0 && turn >= opts->max_turns && grid->at_turn_start(gm)) {
			out->end = MATCH_TURN_LIMIT;
			break;
		}
		in_turn = turn == last_turn ? in_turn + 1 : 0;
		last_turn = turn;
		int side = grid->to_play(gm);
		if (side < 0 || side >= MATCH_SIDES || in_turn > MATCH_TURN_ACTIONS ||
			!player_next(&players[side], grid->player_game(gm), &choices, action)) {
			const char *who = side >= 0 && side < MATCH_SIDES ? match_side_id(m, side) : "?";
			out->end = MATCH_STUCK;
			out->refused_side = side;
			if (in_turn > MATCH_TURN_ACTIONS)
				rules_fail(&out->error, RULES_ERROR_LOG_RULE,
					"the player of %s proposed more than %d actions in one turn", who, MATCH_TURN_ACTIONS);
			else
				rules_fail(&out->error, RULES_ERROR_LOG_RULE,
					"the player of %s has nothing to propose before the game's end", who);
			ok = false;
			break;
		}
		if (!grid->act(gm, &dice, action, &out->error)) {
			out->end = MATCH_REFUSED;
			note_refusal(m, out, side, action);
			grid->finish(action);
			ok = false;
			break;
		}
		out->actions++;
		if (o.line) {
			char *text = grid->format(action);
			put_line(&o, text);
			free(text);
		}
		grid->finish(action);
	}
	grid->result(gm, out);
	if (ok && grid->over(gm))
		out->end = out->winner == MATCH_NO_WINNER ? MATCH_DRAWN : MATCH_WON;
	free(action);
	grid->game_free(gm);
	for (int s = 0; s < MATCH_SIDES; s++)
		player_close(&players[s]);
	return ok;
}
