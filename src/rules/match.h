/* A match: whole games played headless between two named players
 * (players.h), one per side, from a seed and a turn limit, on either grid.
 * The scenario is loaded once (match_open: the start position of a
 * validated scenario and its ruleset); each game copies that position,
 * deals and rolls with the table of its grid (hex_table.h,
 * sq_table.h) from the seed, asks the player of the side to play for
 * its next action and has the referee judge it, until a side wins, the
 * game ends drawn, or the turn limit is reached.
 *
 * The dice and cards come from the seed (the stream `orbat play --seed N`
 * uses), the players' choices from a second stream of the same seed
 * shared by both players: a hex game of simple against simple is the game
 * `orbat play --auto --seed N` plays, line for line.  (On the square grid
 * each side keeps its own notes, so the ids of units placed may be
 * numbered otherwise than in --auto, where one player plays both sides.)
 * Same seed, same players, same turn limit: same game.
 *
 * A proposal the referee refuses ends the game: it is a bug of the player
 * and is reported in the result (refused, with the action and the
 * reason), never passed over.  No I/O; lines are formatted only when the
 * caller asks for them (match_opts.line). */
#ifndef ORBAT_RULES_MATCH_H
#define ORBAT_RULES_MATCH_H

#include <stdbool.h>

#include "../model/ruleset.h"
#include "../model/scenario.h"
#include "rules_error.h"

#define MATCH_SIDES 2
/* No winner: a draw, the turn limit, or a game stopped by a refusal. */
#define MATCH_NO_WINNER (-1)

typedef struct match match;

/* A line of the game's log, in order, from "orbat-game-log 1" on (the
 * head, then every action with its dice and cards): written to a file,
 * one per line, `orbat check` accepts it. */
typedef void match_line_fn(void *ctx, const char *line);

typedef struct match_opts {
	unsigned long long seed;
	const char *players[MATCH_SIDES];  /* the player of each side (index of
	                                      the scenario's sides); NULL: "simple" */
	long max_turns;                    /* stop at a turn's start after this many
	                                      turns; 0: only the game's own end */
	match_line_fn *line;               /* NULL: no lines formatted */
	void *line_ctx;
} match_opts;

typedef enum match_end {
	MATCH_WON,          /* a side reached its victory */
	MATCH_DRAWN,        /* the rules declared a draw (square game) */
	MATCH_TURN_LIMIT,   /* max_turns reached without a result */
	MATCH_STUCK,        /* a player had nothing to propose before the end: its bug */
	MATCH_REFUSED,      /* the referee refused a proposal: the player's bug */
	MATCH_FAILED,       /* the game could not be set up (deal, head): see `error` */
} match_end;

typedef struct match_result {
	match_end end;
	int winner;                   /* side index, or MATCH_NO_WINNER */
	int turns;                    /* turns begun (the hex referee's count; the
	                                 square game's turns, one per seat) */
	int score[MATCH_SIDES];       /* hex: victory flags or points; square: cities held */
	int target[MATCH_SIDES];      /* hex: the flags or points to win; square: 0 */
	long actions;                 /* actions applied after the head */
	int refused_side;             /* the side whose proposal was refused, -1 */
	char refused_action[512];     /* its line (cut short when longer) */
	rules_error error;            /* the referee's reason (refused, failed) */
	char end_rule[24];            /* the scenario's special rule that ended the
	                                 game (game_result.end_rule), "" for none */
} match_result;

/* Load once: the game at the start of a validated scenario under its
 * ruleset (both must outlive the match).  NULL with the reason when the
 * start cannot be set up or the ruleset's grid has no referee. */
match *match_open(const scenario *sc, const ruleset *rs, rules_error *why);
void match_close(match *m);

/* The grid of the match's scenario (what players must play on). */
grid_kind match_grid(const match *m);
/* The id of side 0 or 1, as the log writes it. */
const char *match_side_id(const match *m, int side);

/* Check that both named players play on the match's grid: false with the
 * reason (player_open's) when one does not. */
bool match_players_ok(const match *m, const match_opts *opts, rules_error *why);

/* Play one whole game.  True when it was played to an end the rules or
 * the limit gave (won, drawn, turn limit); false when a player failed
 * (refused, stuck) or the game could not be set up -- *out says which,
 * and why.  It only reads the match (each game works on its own copy of
 * the start), so several threads may play games on one match at once. */
bool match_play(match *m, const match_opts *opts, match_result *out);

#endif
