/* One door to a game of any grid: what a grid's game gives everything
 * above it (the session, headless matches, the players, the commands and
 * the studio), in the manner of wlroots' `struct wlr_backend_impl` or
 * git's `struct ref_storage_be`.  Each grid implements the table in its
 * own folder (hex/hex_engine.c, square/sq_engine.c); a game of either is
 * a `game *` whose first member is its engine, so code above never names
 * a grid and never holds a `void *` game.  game_engine_of is the one place
 * the rules pick an engine by the ruleset's grid.
 *
 * The life of a game: open at a validated scenario's start; apply the
 * head lines ("orbat-game-log 1", "scenario ID", "seed N"), then the lines
 * the seed deals (deal: who plays first, the hands); then each action,
 * either as the log wrote it (apply: its own dice and cards, as `check`
 * referees a log) or completed with the seeded dice and cards first (act:
 * as `play` and headless games take a proposal).  A refused action changes
 * nothing, the dice stream included: the referees check before they
 * change anything.  A clone is a deep copy that goes its own way.
 *
 * Actions are the grid's parsed log lines, held in buffers of the engine's
 * action_size bytes: zeroed by the caller, filled by parse or a player,
 * emptied again by game_action_finish.
 *
 * The rules questions of a grid (`orbat ask`, the questions typed in
 * `orbat play`, the studio) are read and answered here too, the answers
 * written as text for a reader or as one JSON object a line
 * (docs/interfaces.md section 4): every program answers them alike.  No
 * other I/O. */
#ifndef ORBAT_RULES_ENGINE_H
#define ORBAT_RULES_ENGINE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../geo/grid.h"
#include "../model/ruleset.h"
#include "../model/scenario.h"
#include "rng.h"
#include "rules_error.h"

/* Every game of these rules has two sides. */
#define GAME_SIDE_COUNT 2
/* No winner (yet), or no side (a question with no side to answer it). */
#define GAME_NO_SIDE (-1)

typedef struct game_engine game_engine;
struct player_ops;

/* What the rules owe or allow now, as data (game_engine.dues): the
 * commands say it in their words, the studio shows it. */
typedef enum game_due_kind {
	GAME_DUE_OWED,    /* required before the game goes on (a card's arrivals,
	                   * a follower's fall-back...): `text` says it */
	GAME_DUE_NEXT,    /* the step the game waits for now */
	GAME_DUE_MAY,     /* a step that may be taken, or left (go on, pass) */
} game_due_kind;

#define GAME_DUE_TEXT_LEN 600
#define GAME_DUES_MAX 4

typedef struct game_due {
	game_due_kind kind;
	int side;                     /* the side whose step it is */
	const char *step;             /* its action word ("save", "retreat",
	                               * "stand" for a held battle...); NULL: `text` */
	char unit[80];                /* the unit it concerns, as the log names it; "" none */
	char other[80];               /* a second one: a held battle's attacker; "" none */
	int count;                    /* the dice to roll, or the hexes to retreat */
	const char *rule;             /* the rule that gives the step */
	char text[GAME_DUE_TEXT_LEN]; /* the referee's own words for it; "" none */
} game_due;

/* A card in a side's hand (game_engine.hand). */
#define GAME_CARD_ID_LEN 80
typedef struct game_card {
	char id[GAME_CARD_ID_LEN];    /* as the log names the copy: "recon/left" */
	const rs_card *card;          /* the ruleset's card: its name and text */
} game_card;

/* A game of some grid: the first member of each grid's own game. */
typedef struct game {
	const game_engine *impl;
} game;

/* The grid's own game around `g` (whose first member it is), for the
 * grid's engine alone. */
#define GAME_CONTAINER(type, g) ((type *)(g))

/* An action of some grid's log: a gl_action (hex/hex_log.h) or an
 * sq_action (square/sq_log.h), never looked into above the grid. */
typedef struct game_action game_action;

/* A rules question of some grid: an ask_query (hex/hex_ask.h) or an
 * ask_sq_query (square/sq_ask.h), held in its engine's ask->query_size
 * bytes. */
typedef struct game_question game_question;

/* A question about nothing answered in text: `query` as asked ("dice
 * A1"), `why` a reason it has no answer (one call for each; a reason
 * with an empty rule when none says why).  Where and how to say it is
 * the caller's: the answers written so far are on their stream. */
typedef void game_ask_said_fn(void *ctx, const char *query, const rules_error *why);

/* The rules questions of a grid, defined beside its questions
 * (hex/hex_ask_answer.c, square/sq_ask_answer.c). */
typedef struct game_ask_ops {
	/* The words that start them, for a reader ("los, dice, ..."). */
	const char *names;
	/* Whether a word starts one of them. */
	bool (*is_query)(const char *word);
	size_t query_size;
	/* One question read from words[0..count) into a zeroed *q (the
	 * words must outlive it): the words taken, or 0 with the reason (a
	 * usage error, rule "log").  `after`: the game comes from a log or is
	 * in play, not at the scenario's start (its purse is the game's). */
	int (*parse)(char **words, int count, bool after, game_question *q, rules_error *why);
	/* The answer to a question on g, a game of the grid, written on out
	 * as text or as JSON.  False when the question is about nothing: in
	 * JSON an answer with empty results and an "error" field, in text
	 * nothing on out and each reason through `said`. */
	bool (*answer)(game *g, const game_question *q, bool json, FILE *out, game_ask_said_fn *said, void *ctx);
	/* Another grid's question is refused with these words before and
	 * after "FILE uses ruleset ID". */
	const char *refusal_before, *refusal_after;
} game_ask_ops;

/* A head line the seed dealt, as an action: the caller applies it (and
 * keeps or writes it); false refuses it, which stops the deal. */
typedef bool game_deal_fn(void *ctx, game_action *head);

/* Where a game stands, in numbers every grid has. */
typedef struct game_result {
	int winner;                   /* side index, or GAME_NO_SIDE */
	int turns;                    /* turns begun (the hex referee's count; the
	                                 square game's turns, one per seat) */
	int score[GAME_SIDE_COUNT];   /* hex: victory flags or points; square: cities held */
	int target[GAME_SIDE_COUNT];  /* hex: the flags or points to win; square: 0 */
	int winner_line;              /* the log line that decided the game, 0 while none */
	const char *end_rule;         /* hex: the scenario's special rule that ended the
	                                 game (its element name: turn-limit,
	                                 sudden-death), NULL for none */
} game_result;

/* A player kind the engine plays (players.h names the kinds). */
typedef struct game_engine_player {
	const char *kind;                 /* "simple", "strong" */
	const struct player_ops *ops;
} game_engine_player;

struct game_engine {
	const char *name;                 /* "hex", "square" */
	grid_kind grid;
	size_t action_size;

	/* ---- life ---- */
	/* The game at the start of a scenario validated with the ruleset
	 * (both must outlive it); NULL with the reason when its board cannot
	 * be set up. */
	game *(*open)(const scenario *sc, const ruleset *rs, rules_error *why);
	game *(*clone)(const game *g);
	void (*destroy)(game *g);
	/* What a copy of g worked out that no answer depends on (the odds
	 * the strong player reckons, kept with the game) is kept by g too,
	 * before the copy goes: the next copy starts from it.  A search
	 * plays thousands of copies of one game. */
	void (*keep_learned)(game *g, game *copy);

	/* ---- the log's lines ---- */
	/* One line (`number` for the messages) into a zeroed *a: false with
	 * the reason when malformed (nothing to finish then); *empty for a
	 * blank line or a comment. */
	bool (*parse)(const char *line, int number, game_action *a, bool *empty, rules_error *why);
	/* The canonical line of an action, a new string. */
	char *(*format)(const game_action *a);
	void (*action_finish)(game_action *a);
	/* A head line: format, scenario, seed and what the seed deals. */
	bool (*is_head)(const game_action *a);
	/* The scenario id a scenario line names ("?" when none); NULL for
	 * any other line. */
	const char *(*scenario_named)(const game_action *a);
	/* The line number the action was parsed with. */
	int (*line)(const game_action *a);

	/* ---- what the seed decides ---- */
	/* The head lines after "seed N" (who plays first, the hands), each
	 * through `put`.  False with the reason when they cannot be dealt. */
	bool (*deal)(game *g, rng *dice, game_deal_fn *put, void *ctx, rules_error *err);
	/* Whether the action rolls dice now. */
	bool (*rolls)(game *g, const game_action *a);
	/* Whether the action takes anything from the seed now (dice rolled,
	 * a card drawn): what undo cannot take back. */
	bool (*seeded)(game *g, const game_action *a);
	/* Take out of a saved action what the seed decides, to decide it
	 * again: the card drawn, and the faces unless `faces` is false (the
	 * players rolled their own dice). */
	void (*forget_seeded)(game *g, game_action *a, bool faces);
	/* A player's action (`computer` false) or the automatic player's,
	 * before it is completed and applied: refuse what a player may not
	 * write (the faces of dice the program rolls, the card a draw
	 * gives), and with `manual` (the players roll their own dice) ask
	 * for the faces an action needs and write them as the log does
	 * ("inf" typed, the face id kept).  False with the reason. */
	bool (*prepare)(game *g, game_action *a, bool manual, bool computer, rules_error *err);
	/* Complete the action with the dice and cards of the stream and apply
	 * it.  False with the reason: nothing changed, the stream as it was. */
	bool (*act)(game *g, rng *dice, game_action *a, rules_error *err);

	/* ---- the referee ---- */
	/* Apply an action as written (its own faces and cards): false with
	 * the reason, nothing changed (err->line set when an earlier line is
	 * at fault). */
	bool (*apply)(game *g, const game_action *a, rules_error *err);
	/* The log ends here: false when it stops halfway through something
	 * (a step the rules require), with what is missing. */
	bool (*finish)(game *g, rules_error *err);
	/* The deciding side leaves the choice on offer (an optional step of
	 * the other side's: a defensive roll, a covered retreat...); `seats`:
	 * each side decides for itself (else the side to play answers for
	 * both, where a grid may have nothing to leave).  False with the
	 * reason when what it owes cannot be left. */
	bool (*pass)(game *g, bool seats, rules_error *err);

	/* ---- seats: each side decides for itself ---- */
	/* A player's typed action `a` is a choice of `decider`, the side the
	 * game waits for (`held`: a proposal is held for that side's choice,
	 * which no action of the log makes): false with the reason when it is
	 * not, or when it makes a choice that belongs to the other side. */
	bool (*own_choice)(game *g, const game_action *a, int decider, bool held, rules_error *err);
	/* Whether the other side chooses before the automatic player's
	 * proposal `a` is taken (hex: a battle whose target may withdraw one
	 * hex before the roll, §5.2): then *held (zeroed) receives the action
	 * that choice completes and *side the side that makes it. */
	bool (*holds)(game *g, const game_action *a, game_action *held, int *side);
	/* The choice about a held action by its word (hex: "stand",
	 * "withdraw"; NULL: the one a pass makes); false when `word` is none. */
	bool (*choose)(game_action *held, const char *word);
	/* What the actions applied so far told the players (the hex battle's
	 * note) is forgotten: a saved action replayed is no news. */
	void (*forget_news)(game *g);
	/* What the rules owe or allow now, at most `max` into out (zeroed by
	 * the engine); `held` the action held for a choice (holds), or NULL;
	 * `seats` as for pass.  Returns the count. */
	size_t (*dues)(game *g, const game_action *held, bool seats, game_due *out, size_t max);

	/* ---- where it stands ---- */
	bool (*over)(game *g);
	/* Between turns: the next one not begun. */
	bool (*at_turn_start)(game *g);
	/* The turns begun: the one under way, or the last. */
	int (*turn)(game *g);
	/* The side to play, GAME_NO_SIDE before the head says. */
	int (*to_play)(game *g);
	/* The side whose decision the game waits for when each side decides
	 * for itself: during a step the rules give the other side (a
	 * retreat, saving dice, a covered retreat after a round...) that
	 * side, else the side to play. */
	int (*decider)(game *g);
	/* The side whose choice an action is. */
	int (*action_side)(game *g, const game_action *a);
	void (*result)(game *g, game_result *out);
	/* The id of side 0 or 1, as the log writes it. */
	const char *(*side_id)(const game *g, int side);

	/* ---- as text ---- */
	/* The board, and what stands on it, as new strings. */
	char *(*board_text)(game *g);
	char *(*roster_text)(game *g);
	/* The position as fields set on a JSON object after its "ruleset":
	 * turns, winner and its line, the side to play, the sides and their
	 * scores, every piece and where it stands (docs/interfaces.md,
	 * `orbat check --format json`). */
	void (*state_json)(game *g, json_t *into);
	/* The cards in a side's hand, at most `max` into out: the count
	 * (0 where the grid plays no cards).  For a face that shows one
	 * side's hand (the studio): the log's head deals them. */
	size_t (*hand)(game *g, int side, game_card *out, size_t max);

	/* ---- the players ---- */
	const game_engine_player *players;
	size_t player_count;

	/* ---- the rules questions ---- */
	const game_ask_ops *ask;
};

/* The log functions of a grid whose actions are `type` (a struct with
 * the fields kind, line and subject), read by parse_fn, written by
 * format_fn, emptied by finish_fn, its head lines told by is_head_fn(kind),
 * its scenario line of the kind scenario_kind: defines the static
 * functions NAME_parse ... NAME_line, which GAME_ENGINE_LOG_FIELDS(NAME)
 * puts into the engine's table. */
#define GAME_ENGINE_LOG(name, type, parse_fn, format_fn, finish_fn, is_head_fn, scenario_kind) \
	static bool name##_parse(const char *line, int number, game_action *a, bool *empty, rules_error *why) \
	{ return parse_fn(line, number, (type *)a, empty, why); } \
	static char *name##_format(const game_action *a) { return format_fn((const type *)a); } \
	static void name##_action_finish(game_action *a) { finish_fn((type *)a); } \
	static bool name##_is_head(const game_action *a) { return is_head_fn(((const type *)a)->kind); } \
	static const char *name##_scenario_named(const game_action *a) \
	{ \
		const type *t = (const type *)a; \
		return t->kind != (scenario_kind) ? NULL : t->subject ? t->subject : "?"; \
	} \
	static int name##_line(const game_action *a) { return ((const type *)a)->line; }

#define GAME_ENGINE_LOG_FIELDS(name) \
	.parse = name##_parse, .format = name##_format, .action_finish = name##_action_finish, \
	.is_head = name##_is_head, .scenario_named = name##_scenario_named, .line = name##_line

/* The table of an engine whose functions are named NAME_open ...
 * NAME_roster_text after its fields. */
#define GAME_ENGINE_FIELDS(name) \
	.open = name##_open, .clone = name##_clone, .destroy = name##_destroy, \
	.keep_learned = name##_keep_learned, .deal = name##_deal, \
	.rolls = name##_rolls, .seeded = name##_seeded, .forget_seeded = name##_forget_seeded, \
	.prepare = name##_prepare, .act = name##_act, \
	.apply = name##_apply, .finish = name##_finish, .pass = name##_pass, .own_choice = name##_own_choice, \
	.holds = name##_holds, .choose = name##_choose, .forget_news = name##_forget_news, .dues = name##_dues, \
	.over = name##_over, \
	.at_turn_start = name##_at_turn_start, .turn = name##_turn, .to_play = name##_to_play, \
	.decider = name##_decider, .action_side = name##_action_side, .result = name##_result, \
	.side_id = name##_side_id, .hand = name##_hand, .board_text = name##_board_text, .roster_text = name##_roster_text, \
	.state_json = name##_state_json

/* An engine's table: `var` named `name` for grid `grid_kind`, whose
 * actions are `action_type`, its log functions made by GAME_ENGINE_LOG
 * (`lines`), its functions named PREFIX_open ..., and its players (an
 * array of game_engine_player), and its rules questions (a game_ask_ops). */
#define GAME_ENGINE_DEFINE(var, name_text, grid_kind, action_type, lines, prefix, player_table, questions) \
	const game_engine var = { \
		.name = name_text, .grid = grid_kind, .action_size = sizeof(action_type), \
		GAME_ENGINE_LOG_FIELDS(lines), GAME_ENGINE_FIELDS(prefix), \
		.players = player_table, .player_count = sizeof player_table / sizeof player_table[0], \
		.ask = questions, \
	}

/* The engine of a ruleset's grid; NULL with *refusal (the reason after
 * "FILE uses ruleset ID, ") when its games cannot be played yet. */
const game_engine *game_engine_of(const ruleset *rs, const char **refusal);
/* The engine of a grid, NULL when none. */
const game_engine *game_engine_of_grid(grid_kind grid);
/* Every engine, for tests that hold each to the contract: NULL past the
 * last. */
const game_engine *game_engine_at(size_t i);

/* ---- a game, through its engine ---- */

static inline game *game_open(const game_engine *e, const scenario *sc, const ruleset *rs, rules_error *why)
{
	return e->open(sc, rs, why);
}
static inline game *game_clone(const game *g)
{
	return g->impl->clone(g);
}
/* g keeps what its copy worked out (game_engine.keep_learned); the copy
 * is still to be destroyed. */
static inline void game_keep_learned(game *g, game *copy)
{
	g->impl->keep_learned(g, copy);
}
/* A new game of engine `e` for the engine alone: `size` zeroed bytes of
 * the grid's own game, whose first member is the game returned. */
game *game_new(const game_engine *e, size_t size);
/* Accepts NULL. */
void game_destroy(game *g);
static inline bool game_apply(game *g, const game_action *a, rules_error *err)
{
	return g->impl->apply(g, a, err);
}
static inline bool game_act(game *g, rng *dice, game_action *a, rules_error *err)
{
	return g->impl->act(g, dice, a, err);
}
static inline bool game_over(game *g)
{
	return g->impl->over(g);
}
static inline int game_to_play(game *g)
{
	return g->impl->to_play(g);
}
static inline int game_turn(game *g)
{
	return g->impl->turn(g);
}
static inline bool game_at_turn_start(game *g)
{
	return g->impl->at_turn_start(g);
}
/* The id of the side to play. */
static inline const char *game_side_to_play(game *g)
{
	return g->impl->side_id(g, g->impl->to_play(g));
}
static inline const char *game_side_id(const game *g, int side)
{
	return g->impl->side_id(g, side);
}

/* ---- actions ---- */

/* A zeroed action of the engine's size; free with game_action_free. */
game_action *game_action_new(const game_engine *e);
/* Empty what parse or a player put in (the buffer stays). */
static inline void game_action_finish(const game_engine *e, game_action *a)
{
	e->action_finish(a);
}
/* Finish and free; accepts NULL. */
void game_action_free(const game_engine *e, game_action *a);
/* A line parsed into a new action: NULL when malformed (the reason in
 * *why) or when empty (*empty). */
game_action *game_action_parse(const game_engine *e, const char *line, int number, bool *empty, rules_error *why);

/* Apply a line as written: parse then apply.  An empty line is accepted. */
bool game_apply_text(game *g, const char *line, int number, rules_error *err);

/* The head of a new game of `scenario_id` dealt from `seed` with the
 * dice stream: "orbat-game-log 1", "scenario ID", "seed N" and the deal,
 * each applied, then handed to `put` as its line (put may be NULL).
 * False with the reason when a line is refused. */
typedef void game_line_fn(void *ctx, const char *line);
bool game_deal_head(game *g, const char *scenario_id, unsigned long long seed, rng *dice, game_line_fn *put, void *ctx,
	rules_error *err);


/* ---- the rules questions ---- */

/* The questions read from words, answered on a game of their engine. */
typedef struct game_questions {
	const game_engine *engine;
	game_question *items;   /* count questions of engine->ask->query_size bytes */
	size_t count;
} game_questions;

/* Every question of words[0..count) (which must outlive them), `after`
 * as the engine's ask->parse takes it; with `one`, a single question (a
 * line typed in play).  NULL with the reason and *bad the word refused:
 * the one a question failed to read at, or `count` when there is no
 * question. */
game_questions *game_questions_read(const game_engine *e, char **words, int count, bool after, bool one, int *bad,
	rules_error *why);
/* Answer each in turn on g, a game of their engine (ask->answer): false
 * when one is about nothing, which does not stop the others. */
bool game_questions_answer(game *g, const game_questions *q, bool json, FILE *out, game_ask_said_fn *said, void *ctx);
/* Accepts NULL. */
void game_questions_free(game_questions *q);

/* A question's reason in JSON, as every answer gives it: one string,
 * "MESSAGE [RULE]"; and reasons as an array of them. */
json_t *game_ask_json_reason(const rules_error *e);
json_t *game_ask_json_reasons(const rules_reasons *why);

#endif
