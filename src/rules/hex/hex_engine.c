/* The hex grid's game behind the engine interface (hex_engine.h). */
#include "hex_engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "../players.h"
#include "hex_auto.h"
#include "hex_board.h"
#include "hex_log.h"
#include "hex_table.h"
#include "strong.h"
#include "../expert/expert_player.h"
#include "hex_determinize.h"
#include "hex_expert.h"

typedef struct hex_play {
	game base;
	hex_game *g;
	referee *r;
} hex_play;

referee *hex_engine_referee(game *g)
{
	return GAME_CONTAINER(hex_play, g)->r;
}

hex_game *hex_engine_position(game *g)
{
	return GAME_CONTAINER(hex_play, g)->g;
}

/* ---- life ---- */

static game *hex_wrap(hex_game *g, referee *r)
{
	hex_play *p = GAME_CONTAINER(hex_play, game_new(&hex_engine, sizeof *p));
	p->g = g;
	p->r = r;
	return &p->base;
}

static game *hex_engine_open(const scenario *sc, const ruleset *rs, rules_error *why)
{
	hex_game *g = hex_game_create(sc, rs);
	if (!g) {
		rules_fail(why, RULES_ERROR_LOG_RULE, "the scenario's board cannot be set up");
		return NULL;
	}
	return hex_wrap(g, referee_create(g));
}

static game *hex_engine_clone(const game *from)
{
	const hex_play *p = GAME_CONTAINER(const hex_play, from);
	hex_game *g = hex_game_clone(p->g);
	return hex_wrap(g, referee_clone(p->r, g));
}

static void hex_engine_keep_learned(game *gm, game *copy)
{
	strong_memo_keep(GAME_CONTAINER(hex_play, gm)->g, GAME_CONTAINER(hex_play, copy)->g);
}

static void hex_engine_destroy(game *gm)
{
	hex_play *p = GAME_CONTAINER(hex_play, gm);
	referee_destroy(p->r);
	hex_game_destroy(p->g);
	free(p);
}

/* ---- the log's lines: hex_log.h ---- */

GAME_ENGINE_LOG(hex_lines, gl_action, hexlog_parse_line, hexlog_format, hexlog_action_finish, hexlog_is_head,
	ACT_SCENARIO)

/* ---- what the seed decides ---- */

typedef struct deal_ctx {
	game_deal_fn *put;
	void *ctx;
} deal_ctx;

static bool deal_put(void *ctx, gl_action *head)
{
	deal_ctx *d = ctx;
	return d->put(d->ctx, (game_action *)head);
}

static bool hex_engine_deal(game *gm, rng *dice, game_deal_fn *put, void *ctx, rules_error *err)
{
	deal_ctx d = { put, ctx };
	bool deck_short = false;
	if (table_hex_deal(hex_engine_referee(gm), dice, deal_put, &d, &deck_short))
		return true;
	if (!rules_error_set(err))
		rules_fail(err, RULES_ERROR_LOG_RULE, deck_short ? "the deck cannot deal the hands the scenario asks for" :
			"the head of the game cannot be dealt");
	return false;
}

static bool hex_engine_rolls(game *gm, const game_action *a)
{
	return table_hex_rolls(hex_engine_referee(gm), (const gl_action *)a);
}

static bool hex_engine_seeded(game *gm, const game_action *action)
{
	return hex_engine_rolls(gm, action) || ((const gl_action *)action)->kind == ACT_DRAW;
}

static void hex_engine_forget_seeded(game *gm, game_action *action, bool faces)
{
	gl_action *a = (gl_action *)action;
	if (faces && table_hex_rolls(hex_engine_referee(gm), a))
		table_hex_unroll(a);
	if (a->kind == ACT_DRAW) {
		free(a->card);
		a->card = NULL;
	}
}

/* The side a card is played, discarded or drawn for, when the line
 * leaves it out: the side to play. */
static void name_side(const referee *r, gl_action *a)
{
	if ((a->kind == ACT_PLAY || a->kind == ACT_DISCARD || a->kind == ACT_DRAW) && !a->side && r->side >= 0)
		a->side = xstrdup(r->g->sides[r->side].id);
}

/* The players' own faces: each checked when the referee applies the
 * action; "inf" and "s" are enough to type, the log gets the face ids. */
static bool take_faces(referee *r, gl_action *a, rules_error *err)
{
	if (!a->faces_given) {
		int n;
		if (!referee_dice_needed(r, a, &n, err))
			return false;
		char *text = hexlog_format(a);
		rules_fail(err, RULES_ERROR_LOG_RULE, "roll %d %s and type the faces: %s : FACE...", n,
			n == 1 ? "die" : "dice", text);
		free(text);
		return false;
	}
	for (size_t i = 0; i < a->face_count; i++) {
		int f = referee_face(r->g, a->faces[i]);
		if (f >= 0) {
			free(a->faces[i]);
			a->faces[i] = xstrdup(r->g->rs->faces[f].id);
		}
	}
	return true;
}

static bool hex_engine_prepare(game *gm, game_action *action, bool manual, bool computer, rules_error *err)
{
	referee *r = hex_engine_referee(gm);
	gl_action *a = (gl_action *)action;
	name_side(r, a);
	bool rolls = table_hex_rolls(r, a);
	if (rolls && manual)
		return take_faces(r, a, err);
	if (rolls && a->faces_given && !computer)
		return rules_fail(err, RULES_ERROR_LOG_RULE,
			"orbat play rolls the dice itself: leave out ': FACES' (or play with --dice manual)");
	if (a->kind == ACT_DRAW && a->card && !computer)
		return rules_fail(err, RULES_ERROR_LOG_RULE, "orbat play deals the card itself: write 'draw'");
	return true;
}

static bool hex_engine_act(game *gm, rng *dice, game_action *action, rules_error *err)
{
	referee *r = hex_engine_referee(gm);
	gl_action *a = (gl_action *)action;
	rng before = *dice;
	/* The battle the roll counts the dice of is the one applied. */
	referee_keep_battle(r, true);
	bool ok = table_hex_complete(r, dice, a, err) && referee_apply(r, a, err);
	referee_keep_battle(r, false);
	if (!ok)
		*dice = before;
	return ok;
}

/* ---- the referee ---- */

static bool hex_engine_apply(game *gm, const game_action *a, rules_error *err)
{
	return referee_apply(hex_engine_referee(gm), (const gl_action *)a, err);
}

static bool hex_engine_finish(game *gm, rules_error *err)
{
	return referee_finish(hex_engine_referee(gm), err);
}

/* A battle's optional step is left alike whether or not each side
 * decides for itself. */
static bool hex_engine_pass(game *gm, bool seats, rules_error *err)
{
	(void)seats;
	return referee_pass(hex_engine_referee(gm), err);
}

/* ---- seats ---- */

static bool hex_engine_own_choice(game *gm, const game_action *action, int decider, bool held, rules_error *err)
{
	const referee *r = hex_engine_referee(gm);
	const hex_game *g = r->g;
	const gl_action *a = (const gl_action *)action;
	/* In the other's turn a side types the steps the rules give it,
	 * never the other's. */
	int owner = referee_action_side(r, a);
	if (r->side >= 0 && (owner != decider || held))
		return rules_fail(err, RULES_ERROR_LOG_RULE, "%s decides now, not %s: %s", g->sides[decider].id,
			g->sides[owner].id, held ? "stand (or pass) or withdraw before the roll" :
			decider == r->side ? "the battle's steps of the other side are over" :
			"answer the battle (save, defend, flagsave, retreat, follow) or pass");
	/* §5.2: whether the defender withdraws before the roll is its own
	 * choice, which the attacker's line cannot make for it. */
	if (a->kind == ACT_BATTLE && a->withdraw)
		return hex_game_fail(err, g, g->rs->battle.rule, "whether '%s' withdraws before the roll is its owner's "
			"choice, not the attacker's: battle it without 'withdraw'", a->object ? a->object : "?");
	return true;
}

/* §5.2: a battle whose target may withdraw one hex before the roll waits
 * for its side's choice, when that side is not the one to play. */
static bool hex_engine_holds(game *gm, const game_action *action, game_action *held_action, int *side)
{
	referee *r = hex_engine_referee(gm);
	const gl_action *a = (const gl_action *)action;
	if (a->kind != ACT_BATTLE || a->withdraw || !a->object)
		return false;
	hex_ref target;
	if (!hex_game_resolve_ref(r->g, a->object, &target) || hex_game_ref_side(r->g, target) == r->side)
		return false;
	gl_action trial = *a;
	trial.withdraw = true;
	int dice = 0;
	rules_error why;
	if (!referee_dice_needed(r, &trial, &dice, &why))
		return false;
	gl_action *held = (gl_action *)held_action;
	held->kind = ACT_BATTLE;
	held->subject = xstrdup(a->subject);
	held->object = xstrdup(a->object);
	held->alone = a->alone;
	*side = hex_game_ref_side(r->g, target);
	return true;
}

/* The held battle's target stands (a pass too: simple and strong never
 * withdraw before the roll) or withdraws. */
static bool hex_engine_choose(game_action *held, const char *word)
{
	if (word && strcmp(word, "stand") != 0 && strcmp(word, "withdraw") != 0)
		return false;
	((gl_action *)held)->withdraw = word && strcmp(word, "withdraw") == 0;
	return true;
}

static void hex_engine_forget_news(game *gm)
{
	hex_engine_referee(gm)->battle.note[0] = '\0';
}

/* A step of the battle on a unit: its word, the unit, a count. */
static size_t battle_due(game_due *d, game_due_kind kind, const char *step, const char *unit, int count)
{
	d->kind = kind;
	d->step = step;
	snprintf(d->unit, sizeof d->unit, "%s", unit);
	d->count = count;
	return 1;
}

static size_t hex_engine_dues(game *gm, const game_action *held, bool seats, game_due *out, size_t max)
{
	(void)seats;
	referee *r = hex_engine_referee(gm);
	const hex_game *g = r->g;
	const referee_battle *b = &r->battle;
	if (max == 0)
		return 0;
	game_due *d = out;
	memset(d, 0, sizeof *d);
	d->side = referee_decider(r);
	d->rule = g->rs->battle.rule;
	if (held) {
		const gl_action *h = (const gl_action *)held;
		hex_ref target;
		if (hex_game_resolve_ref(g, h->object, &target))
			d->side = hex_game_ref_side(g, target);
		snprintf(d->other, sizeof d->other, "%s", h->subject);
		return battle_due(d, GAME_DUE_NEXT, "stand", h->object, 0);
	}
	bool required = false;
	/* What a special card still owes outside a battle (the unit short
	 * supply names, the arrivals of reinforcements, rally's roll and the
	 * units it serves: §8.1) is not a battle. */
	if (!b->active) {
		d->rule = g->rs->turn.rule;
		return referee_owed(r, d->text, sizeof d->text, &required) && required;
	}
	/* What a battle owes behind optional steps: said once, with them. */
	if (b->step != STEP_SAVE && b->step != STEP_RETREAT && referee_owed(r, d->text, sizeof d->text, &required) &&
		(required || b->step == STEP_FOLLOW)) {
		d->kind = required ? GAME_DUE_OWED : GAME_DUE_MAY;
		return 1;
	}
	d->text[0] = '\0';
	const char *t = hex_game_ref_id(g, b->target), *w = hex_game_ref_id(g, b->retreater);
	switch (b->step) {
	case STEP_SAVE:
		return battle_due(d, GAME_DUE_NEXT, "save", t, b->count.savable);
	case STEP_DEFEND:
		return battle_due(d, GAME_DUE_MAY, "defend", t, 0);
	case STEP_FLAGSAVE:
		return battle_due(d, GAME_DUE_MAY, "flagsave", w, 0);
	case STEP_RETREAT:
		return battle_due(d, GAME_DUE_NEXT, "retreat", w, b->retreat_hexes);
	case STEP_GAIN:
		return battle_due(d, GAME_DUE_MAY, "gain", g->units[b->attacker].id, 0);
	default:
		return 0;
	}
}

/* ---- where it stands ---- */

static bool hex_engine_over(game *gm)
{
	return hex_engine_referee(gm)->phase == PHASE_OVER;
}

static bool hex_engine_at_turn_start(game *gm)
{
	return hex_engine_referee(gm)->phase == PHASE_START;
}

static int hex_engine_turn(game *gm)
{
	return hex_engine_referee(gm)->turn;
}

static int hex_engine_to_play(game *gm)
{
	return hex_engine_referee(gm)->side;
}

static int hex_engine_decider(game *gm)
{
	return referee_decider(hex_engine_referee(gm));
}

static int hex_engine_action_side(game *gm, const game_action *a)
{
	return referee_action_side(hex_engine_referee(gm), (const gl_action *)a);
}

static void hex_engine_result(game *gm, game_result *out)
{
	const hex_play *p = GAME_CONTAINER(hex_play, gm);
	out->winner = p->g->winner >= 0 ? p->g->winner : GAME_NO_SIDE;
	out->turns = p->r->turn;
	out->winner_line = p->g->winner >= 0 || p->g->drawn ? p->r->winner_line : 0;
	out->end_rule = p->g->result[0] ? p->g->result_rule : NULL;
	for (int s = 0; s < GAME_SIDE_COUNT; s++) {
		out->score[s] = hex_game_score(p->g, s);
		out->target[s] = p->g->sides[s].target;
	}
}

static const char *hex_engine_side_id(const game *gm, int side)
{
	const hex_play *p = GAME_CONTAINER(const hex_play, gm);
	return side >= 0 && side < GAME_SIDES ? p->g->sides[side].id : "?";
}

static size_t hex_engine_hand(game *gm, int side, game_card *out, size_t max)
{
	const referee *r = hex_engine_referee(gm);
	if (side < 0 || side >= GAME_SIDES)
		return 0;
	const referee_hand *h = &r->hands[side];
	size_t n = 0;
	for (int i = 0; i < h->count && n < max; i++, n++) {
		deck_format(r->g->rs, h->cards[i], out[n].id, sizeof out[n].id);
		out[n].card = &r->g->rs->deck.cards[h->cards[i].card];
	}
	return n;
}

static char *hex_engine_board_text(game *gm)
{
	return hex_board_text(hex_engine_position(gm));
}

static char *hex_engine_roster_text(game *gm)
{
	return hex_board_roster(hex_engine_position(gm));
}

/* ---- the players ---- */

/* Both players plan the turn of whichever side is to play: the caller
 * asks them only on its side's turns and keeps the turn limit (the hex
 * referee counts the turns; the players do not stop themselves). */
static void simple_init(void *state, int side, long max_turns)
{
	(void)side, (void)max_turns;
	autoplay_init(state);
}

static bool simple_next(void *state, game *gm, rng *choices, game_action *a)
{
	return autoplay_next(hex_engine_referee(gm), state, choices, (gl_action *)a);
}

static void nothing_to_free(void *state)
{
	(void)state;
}

/* A battle's step of the side not to play, for simple and strong alike
 * (strong leaves saves, defensive rolls and retreats to the simple
 * player): the answer needs the referee alone. */
static bool battle_answer(void *state, game *gm, rng *choices, game_action *a)
{
	(void)state;
	(void)choices;
	return autoplay_answer(hex_engine_referee(gm), (gl_action *)a);
}

static const player_ops SIMPLE = {
	sizeof(autoplay), simple_init, simple_next, nothing_to_free, NULL, battle_answer, NULL, NULL,
};

static void strong_player_init(void *state, int side, long max_turns)
{
	(void)side, (void)max_turns;
	strong_init(state);
}

static bool strong_player_next(void *state, game *gm, rng *choices, game_action *a)
{
	return strong_next(hex_engine_referee(gm), state, choices, (gl_action *)a);
}

static void strong_player_free(void *state)
{
	strong_finish(state);
}

static bool strong_player_manner(void *state, int manner)
{
	return strong_set_manner(state, manner);
}

static const player_ops STRONG = {
	sizeof(strong_player), strong_player_init, strong_player_next, strong_player_free, NULL, battle_answer, NULL,
	strong_player_manner,
};

/* The expert: the search of rules/expert/ with the hex game's hidden
 * hand dealt again and its strength on the board. */
static void expert_hidden(game *gm, int viewer, rng *rnd)
{
	hex_determinize(hex_engine_referee(gm), viewer, rnd);
}

static double expert_strength(game *gm, int side)
{
	return hex_expert_material(hex_engine_position(gm), side);
}

static size_t expert_openings(game *gm, int side, char (*lines)[EXPERT_LINE_MAX], size_t max)
{
	return hex_expert_openings(hex_engine_referee(gm), side, lines, max);
}

static double expert_near_flags(game *gm, int side)
{
	return hex_expert_near_flags(hex_engine_position(gm), side);
}

static const expert_grid EXPERT_GRID = { GRID_HEX, expert_hidden, expert_strength, expert_openings,
	expert_near_flags };

EXPERT_PLAYER_OPS(EXPERT, EXPERT_GRID);

static const game_engine_player PLAYERS[] = {
	{ "simple", &SIMPLE }, { "strong", &STRONG }, { "expert", &EXPERT },
};

GAME_ENGINE_DEFINE(hex_engine, "hex", GRID_HEX, gl_action, hex_lines, hex_engine, PLAYERS, &hex_ask_ops);
