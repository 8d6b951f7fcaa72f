/* The square game behind the engine interface (sq_engine.h). */
#include "sq_engine.h"

#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "../expert/expert_player.h"
#include "../players.h"
#include "sq_auto.h"
#include "sq_expert.h"
#include "sq_log.h"
#include "sq_referee.h"
#include "sq_strong.h"
#include "sq_table.h"

/* ---- the log's lines: sq_log.h ---- */

GAME_ENGINE_LOG(sq_lines, sq_action, sqlog_parse_line, sqlog_format, sqlog_action_finish, sqlog_is_head,
	SQ_ACT_SCENARIO)

/* The scenario's start, which every game of it reads: shared by a game
 * and its clones, freed with the last of them. */
typedef struct sq_start {
	position *pos;
	int users;
} sq_start;

typedef struct sq_play {
	game base;
	sq_start *start;
	sq_game *g;
	bool head_seen;      /* the log named its scenario */
	int winner_line;     /* the line that decided the game, 0 while none */
	int passed_turn;     /* the defender passed after the round that made */
	int passed_rounds;   /* sq_game.rounds this many, on that turn; -1: none */
} sq_play;

sq_game *sq_engine_game(game *g)
{
	return GAME_CONTAINER(sq_play, g)->g;
}

/* ---- life ---- */

static game *sq_wrap(sq_start *start, sq_game *g)
{
	sq_play *p = GAME_CONTAINER(sq_play, game_new(&square_engine, sizeof *p));
	p->start = start;
	start->users++;
	p->g = g;
	p->passed_turn = p->passed_rounds = -1;
	return &p->base;
}

static void start_release(sq_start *start)
{
	if (start && --start->users <= 0) {
		position_destroy(start->pos);
		free(start);
	}
}

static game *sq_engine_open(const scenario *sc, const ruleset *rs, rules_error *why)
{
	sq_start *start = xcalloc(1, sizeof *start);
	start->pos = position_create(sc, rs);
	sq_game *g = start->pos ? sq_game_create(start->pos) : NULL;
	if (!g) {
		start_release(start);
		rules_fail(why, RULES_ERROR_LOG_RULE, "the scenario's board cannot be set up");
		return NULL;
	}
	return sq_wrap(start, g);
}

static game *sq_engine_clone(const game *from)
{
	const sq_play *p = GAME_CONTAINER(const sq_play, from);
	game *c = sq_wrap(p->start, sq_game_clone(p->g));
	sq_play *q = GAME_CONTAINER(sq_play, c);
	q->head_seen = p->head_seen;
	q->winner_line = p->winner_line;
	q->passed_turn = p->passed_turn;
	q->passed_rounds = p->passed_rounds;
	return c;
}

/* The square game keeps no memo of its players'. */
static void sq_engine_keep_learned(game *gm, game *copy)
{
	(void)gm;
	(void)copy;
}

static void sq_engine_destroy(game *gm)
{
	sq_play *p = GAME_CONTAINER(sq_play, gm);
	sq_game_destroy(p->g);
	start_release(p->start);
	free(p);
}

/* ---- what the seed decides ---- */

/* After "seed N": the side that plays first, as the scenario seats it. */
static bool sq_engine_deal(game *gm, rng *dice, game_deal_fn *put, void *ctx, rules_error *err)
{
	(void)dice;
	(void)err;
	sq_action first;
	table_square_first(sq_engine_game(gm), &first);
	bool ok = put(ctx, (game_action *)&first);
	sqlog_action_finish(&first);
	return ok;
}

static bool sq_engine_rolls(game *gm, const game_action *a)
{
	return sq_dice_needed(sq_engine_game(gm), (const sq_action *)a) > 0;
}

/* Only the dice: the square game draws no cards. */
static bool sq_engine_seeded(game *gm, const game_action *a)
{
	return sq_engine_rolls(gm, a);
}

static void sq_engine_forget_seeded(game *gm, game_action *action, bool faces)
{
	sq_action *a = (sq_action *)action;
	if (faces && sq_engine_rolls(gm, action)) {
		a->face_count = 0;
		a->faces_given = false;
	}
}

static bool sq_engine_prepare(game *gm, game_action *action, bool manual, bool computer, rules_error *err)
{
	const sq_game *g = sq_engine_game(gm);
	sq_action *a = (sq_action *)action;
	int n = sq_dice_needed(g, a);
	if (n > 0 && manual && !a->faces_given) {
		char *text = sqlog_format(a);
		rules_fail(err, RULES_ERROR_LOG_RULE, "roll %s%d %s and type the faces: %s : FACE...",
			a->kind == SQ_ACT_ATTACK ? "up to " : "", n, n == 1 ? "die" : "dice", text);
		free(text);
		return false;
	}
	if (n > 0 && !manual && a->faces_given && !computer)
		return rules_fail(err, RULES_ERROR_LOG_RULE,
			"orbat play rolls the dice itself: leave out ': FACES' (or play with --dice manual)");
	return true;
}

/* What an applied action tells: the log named its scenario, the line
 * that ended the game. */
static void note_applied(sq_play *p, const sq_action *a)
{
	if (a->kind == SQ_ACT_SCENARIO)
		p->head_seen = true;
	if (p->winner_line == 0 && p->g->step == SQ_STEP_OVER)
		p->winner_line = a->line;
}

/* The referee's sq_apply: with a dice stream the faces an action leaves
 * out are rolled and written into it (the table's act); without one the
 * faces are the log's and nothing is written into the action. */
static bool apply_with(game *gm, game_action *action, rng *dice, rules_error *err)
{
	sq_play *p = GAME_CONTAINER(sq_play, gm);
	sq_action *a = (sq_action *)action;
	if (!(dice ? table_square_act(p->g, dice, a, err) : sq_apply(p->g, a, NULL, err)))
		return false;
	note_applied(p, a);
	return true;
}

static bool sq_engine_act(game *gm, rng *dice, game_action *a, rules_error *err)
{
	return apply_with(gm, a, dice, err);
}

/* ---- the referee ---- */

static bool sq_engine_apply(game *gm, const game_action *a, rules_error *err)
{
	return apply_with(gm, (game_action *)a, NULL, err);
}

static bool sq_engine_finish(game *gm, rules_error *err)
{
	sq_play *p = GAME_CONTAINER(sq_play, gm);
	return sq_finish(p->g, p->head_seen, err);
}

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
			!grid_cell_equal(p->at, g->combat.target))
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

/* After a round the defender decides while it may fall back and has not
 * passed; else the side to play. */
static int sq_engine_decider(game *gm)
{
	const sq_play *p = GAME_CONTAINER(sq_play, gm);
	const sq_game *g = p->g;
	int side = sq_current(g)->side;
	if (p->passed_turn == g->turn && p->passed_rounds == g->rounds)
		return side;
	return defender_may_fall_back(g, 1 - side) ? 1 - side : side;
}

/* Without seats the side to play answers every round itself: there is
 * nothing of the other side's to leave. */
static bool sq_engine_pass(game *gm, bool seats, rules_error *err)
{
	sq_play *p = GAME_CONTAINER(sq_play, gm);
	const sq_game *g = p->g;
	int side = sq_current(g)->side;
	if (!seats || sq_engine_decider(gm) == side)
		return rules_fail(err, RULES_ERROR_LOG_RULE, "nothing to pass: %s is to play (a combat is broken off "
			"with 'stop')", sq_side_id(g, side));
	p->passed_turn = g->turn;
	p->passed_rounds = g->rounds;
	return true;
}

/* ---- seats ---- */

/* The defender's retreats and withdrawals are its own; the rest the side
 * to play's. */
static int sq_engine_action_side(game *gm, const game_action *action);

static bool sq_engine_own_choice(game *gm, const game_action *action, int decider, bool held, rules_error *err)
{
	(void)held;
	const sq_game *g = sq_engine_game(gm);
	const sq_action *a = (const sq_action *)action;
	int owner = sq_engine_action_side(gm, action);
	if (owner != decider && !sqlog_is_head(a->kind))
		return rules_fail(err, RULES_ERROR_LOG_RULE, "%s decides now, not %s: %s", sq_side_id(g, decider),
			sq_side_id(g, owner), owner == sq_current(g)->side ?
			"retreat a unit under a cavalry's cover, withdraw a general, or pass" :
			"only the defender retreats its units and withdraws its generals");
	return true;
}

/* The square game has no choice of the other side's before an action. */
static bool sq_engine_holds(game *gm, const game_action *a, game_action *held, int *side)
{
	(void)gm, (void)a, (void)held, (void)side;
	return false;
}

static bool sq_engine_choose(game_action *held, const char *word)
{
	(void)held, (void)word;
	return false;
}

/* The square referee keeps no news between actions. */
static void sq_engine_forget_news(game *gm)
{
	(void)gm;
}

/* With seats, after a round the defender may fall back (or pass); else
 * what the side to play owes next, in the referee's words. */
static size_t sq_engine_dues(game *gm, const game_action *held, bool seats, game_due *out, size_t max)
{
	(void)held;
	const sq_game *g = sq_engine_game(gm);
	if (max == 0)
		return 0;
	memset(out, 0, sizeof *out);
	out->side = seats ? sq_engine_decider(gm) : sq_current(g)->side;
	if (out->side != sq_current(g)->side) {
		out->kind = GAME_DUE_MAY;
		out->step = "retreat";
		out->rule = g->rs->square.rules.retreat;
		return 1;
	}
	out->kind = GAME_DUE_NEXT;
	out->rule = g->rs->square.rules.turn;
	sq_owed(g, out->text, sizeof out->text);
	return 1;
}

/* ---- where it stands ---- */

static bool sq_engine_over(game *gm)
{
	return sq_engine_game(gm)->step == SQ_STEP_OVER;
}

static bool sq_engine_at_turn_start(game *gm)
{
	const sq_game *g = sq_engine_game(gm);
	return g->step == SQ_STEP_BUY && !g->bought_now;
}

/* The turns begun, as `orbat play` counts them. */
static int sq_engine_turn(game *gm)
{
	const sq_game *g = sq_engine_game(gm);
	bool begun = g->step != SQ_STEP_BUY || g->bought_now;
	return g->step == SQ_STEP_OVER ? g->turn : g->turn + (begun ? 1 : 0);
}

static int sq_engine_to_play(game *gm)
{
	return sq_current(sq_engine_game(gm))->side;
}

static int sq_engine_action_side(game *gm, const game_action *action)
{
	const sq_action *a = (const sq_action *)action;
	int side = sq_engine_to_play(gm);
	return a->kind == SQ_ACT_RETREAT || a->kind == SQ_ACT_WITHDRAW ? 1 - side : side;
}

static void sq_engine_result(game *gm, game_result *out)
{
	const sq_play *p = GAME_CONTAINER(sq_play, gm);
	const sq_game *g = p->g;
	out->winner = g->winner >= 0 && g->winner < SQ_SIDES ? g->winner : GAME_NO_SIDE;
	out->turns = sq_engine_turn(gm);
	out->winner_line = p->winner_line;
	for (int s = 0; s < GAME_SIDE_COUNT; s++) {
		out->score[s] = sq_cities_held(g, s);
		out->target[s] = 0;
	}
}

/* The square game plays no cards: its purse is in the state. */
static size_t sq_engine_hand(game *gm, int side, game_card *out, size_t max)
{
	(void)gm, (void)side, (void)out, (void)max;
	return 0;
}

static const char *sq_engine_side_id(const game *gm, int side)
{
	return sq_side_id(GAME_CONTAINER(const sq_play, gm)->g, side);
}

static char *sq_engine_board_text(game *gm)
{
	return sq_board_text(sq_engine_game(gm));
}

static char *sq_engine_roster_text(game *gm)
{
	return sq_summary(sq_engine_game(gm));
}

/* ---- the players ---- */

static void simple_init(void *state, int side, long max_turns)
{
	(void)side;
	sq_auto_init(state, max_turns);
}

static bool simple_next(void *state, game *gm, rng *choices, game_action *a)
{
	return sq_auto_next(sq_engine_game(gm), state, choices, (sq_action *)a);
}

static void nothing_to_free(void *state)
{
	(void)state;
}

static void simple_own_choices(void *state)
{
	sq_auto_own_choices(state);
}

static bool simple_answer(void *state, game *gm, rng *choices, game_action *a)
{
	return sq_auto_answer(sq_engine_game(gm), state, choices, (sq_action *)a);
}

static const player_ops SIMPLE = {
	sizeof(sq_auto), simple_init, simple_next, nothing_to_free, simple_own_choices, simple_answer, NULL, NULL,
};

/* The strong player: the simple player's machinery with a plan over it
 * (sq_strong.h). */
static void strong_init(void *state, int side, long max_turns)
{
	(void)side;
	sq_strong_init(state, max_turns);
}

static const player_ops STRONG = {
	sizeof(sq_auto), strong_init, simple_next, nothing_to_free, simple_own_choices, simple_answer, NULL, NULL,
};

/* The expert: the search of rules/expert/ with nothing hidden to deal
 * again and the square game's strength on the board. */
static void expert_nothing_hidden(game *gm, int viewer, rng *rnd)
{
	(void)gm;
	(void)viewer;
	(void)rnd;
}

static double expert_strength(game *gm, int side)
{
	return sq_expert_material(sq_engine_game(gm), side);
}

static const expert_grid EXPERT_GRID = { GRID_SQUARE, expert_nothing_hidden, expert_strength, NULL, NULL };

EXPERT_PLAYER_OPS(EXPERT, EXPERT_GRID);

static const game_engine_player PLAYERS[] = { { "simple", &SIMPLE }, { "strong", &STRONG }, { "expert", &EXPERT } };

GAME_ENGINE_DEFINE(square_engine, "square", GRID_SQUARE, sq_action, sq_lines, sq_engine, PLAYERS, &sq_ask_ops);
