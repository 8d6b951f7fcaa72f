/* Headless games between two named players (match.h): one loop for every
 * grid, on the game engine of the scenario's (engine.h). */
#include "match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "engine.h"
#include "players.h"
#include "rng.h"

/* Actions in one turn past which a player is taken to be looping: no
 * turn of these games comes near it. */
#define MATCH_TURN_ACTIONS 20000

struct match {
	const game_engine *engine;
	game *start;          /* the scenario's start, which each game copies */
	char *scenario_id;
};

match *match_open(const scenario *sc, const ruleset *rs, rules_error *why)
{
	const game_engine *engine = game_engine_of(rs, NULL);
	if (!engine) {
		rules_fail(why, RULES_ERROR_LOG_RULE, "the games of ruleset %s cannot be played yet", rs->id);
		return NULL;
	}
	game *start = game_open(engine, sc, rs, why);
	if (!start)
		return NULL;
	match *m = xcalloc(1, sizeof *m);
	m->engine = engine;
	m->start = start;
	m->scenario_id = xstrdup(sc->id.text ? sc->id.text : "?");
	return m;
}

void match_close(match *m)
{
	if (!m)
		return;
	game_destroy(m->start);
	free(m->scenario_id);
	free(m);
}

grid_kind match_grid(const match *m)
{
	return m->engine->grid;
}

const char *match_side_id(const match *m, int side)
{
	return game_side_id(m->start, side);
}

static const char *player_name(const match_opts *opts, int side)
{
	return opts->players[side] ? opts->players[side] : PLAYER_DEFAULT;
}

bool match_players_ok(const match *m, const match_opts *opts, rules_error *why)
{
	for (int s = 0; s < MATCH_SIDES; s++) {
		player p;
		if (!player_open(&p, player_name(opts, s), m->engine->grid, s, opts->max_turns, why))
			return false;
		player_close(&p);
	}
	return true;
}

/* The refused or stuck proposal, kept for the report. */
static void note_refusal(const match *m, match_result *out, int side, const game_action *action)
{
	out->refused_side = side;
	char *text = m->engine->format(action);
	snprintf(out->refused_action, sizeof out->refused_action, "%s", text);
	free(text);
}

/* Where the lines of a game go, formatted only when wanted. */
static void put_line(const match_opts *opts, const char *line)
{
	if (opts->line)
		opts->line(opts->line_ctx, line);
}

static void put_head_line(void *ctx, const char *line)
{
	put_line(ctx, line);
}

static void put_action(const match *m, const match_opts *opts, const game_action *a)
{
	if (opts->line) {
		char *text = m->engine->format(a);
		put_line(opts, text);
		free(text);
	}
}

static void take_result(game *g, match_result *out)
{
	game_result r;
	memset(&r, 0, sizeof r);
	g->impl->result(g, &r);
	out->winner = r.winner == GAME_NO_SIDE ? MATCH_NO_WINNER : r.winner;
	out->turns = r.turns;
	snprintf(out->end_rule, sizeof out->end_rule, "%s", r.end_rule ? r.end_rule : "");
	for (int s = 0; s < MATCH_SIDES; s++) {
		out->score[s] = r.score[s];
		out->target[s] = r.target[s];
	}
}

/* One seeded game.  quiet: the referee writes no sentence for the actions
 * it judges (rules_quiet_begin), which nobody reads when no line of the
 * game is wanted; its refusal then has no words either (match_play). */
static bool play_game(match *m, const match_opts *opts, match_result *out, bool quiet)
{
	const game_engine *e = m->engine;
	memset(out, 0, sizeof *out);
	out->winner = MATCH_NO_WINNER;
	out->refused_side = -1;
	rules_error_clear(&out->error);
	player players[MATCH_SIDES];
	memset(players, 0, sizeof players);
	for (int s = 0; s < MATCH_SIDES; s++)
		if (!player_open(&players[s], player_name(opts, s), e->grid, s, opts->max_turns, &out->error)) {
			out->end = MATCH_FAILED;
			for (int k = 0; k < s; k++)
				player_close(&players[k]);
			return false;
		}
	rng dice, choices;
	rng_seed(&dice, opts->seed);
	rng_seed(&choices, opts->seed ^ PLAYER_CHOICE_SALT);
	game *g = game_clone(m->start);
	game_action *action = game_action_new(e);
	bool ok = game_deal_head(g, m->scenario_id, opts->seed, &dice, put_head_line, (void *)opts, &out->error);
	out->end = ok ? MATCH_TURN_LIMIT : MATCH_FAILED;
	long in_turn = 0;
	int last_turn = -1;
	while (ok && !game_over(g)) {
		int turn = game_turn(g);
		if (opts->max_turns > 0 && turn >= opts->max_turns && e->at_turn_start(g)) {
			out->end = MATCH_TURN_LIMIT;
			break;
		}
		in_turn = turn == last_turn ? in_turn + 1 : 0;
		last_turn = turn;
		int side = game_to_play(g);
		if (side < 0 || side >= MATCH_SIDES || in_turn > MATCH_TURN_ACTIONS ||
			!player_next(&players[side], g, &choices, action)) {
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
		if (quiet)
			rules_quiet_begin();
		bool acted = game_act(g, &dice, action, &out->error);
		if (quiet)
			rules_quiet_end();
		if (!acted) {
			out->end = MATCH_REFUSED;
			note_refusal(m, out, side, action);
			game_action_finish(e, action);
			ok = false;
			break;
		}
		out->actions++;
		put_action(m, opts, action);
		game_action_finish(e, action);
	}
	take_result(g, out);
	if (ok && game_over(g))
		out->end = out->winner == MATCH_NO_WINNER ? MATCH_DRAWN : MATCH_WON;
	free(action);
	game_destroy(g);
	for (int s = 0; s < MATCH_SIDES; s++)
		player_close(&players[s]);
	return ok;
}

bool match_play(match *m, const match_opts *opts, match_result *out)
{
	bool quiet = !opts->line;
	bool ok = play_game(m, opts, out, quiet);
	/* A refused action is reported in the referee's words: the same
	 * seeded game once more, with them (a refusal is a player's bug,
	 * rare enough that the second game costs nothing). */
	if (quiet && out->end == MATCH_REFUSED)
		ok = play_game(m, opts, out, false);
	return ok;
}
