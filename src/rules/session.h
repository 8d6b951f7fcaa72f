/* A game's session on any grid, through its engine (engine.h): the part
 * every face of orbat shares -- the command line's check, play and ask,
 * and the studio -- so none of them keeps a copy.  Today: a whole log read
 * into actions (every malformed line reported with its number), refereed
 * from the start (the first illegal action with its line), and its end
 * judged (a log that stops halfway through a step the rules require is
 * unfinished, not illegal); and undo's replay (the game put aside while
 * the kept lines are replayed on a copy of the start).  No I/O. */
#ifndef ORBAT_RULES_SESSION_H
#define ORBAT_RULES_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"
#include "engine.h"
#include "players.h"
#include "rng.h"

/* A whole log as an engine's actions, action_size bytes apart. */
typedef struct game_log {
	const game_engine *engine;
	unsigned char *actions;
	size_t count, capacity;
} game_log;

/* Parse a whole log named `name` (for the diagnostics) into *log: each
 * malformed line goes into the sink; returns their count.  Free the log
 * with game_log_free either way. */
size_t game_log_load(game_log *log, const game_engine *e, const char *text, size_t size, const char *name,
	diag_sink *sink);
/* The i-th action. */
game_action *game_log_at(const game_log *log, size_t i);
/* Referee the log's actions as written on g: false at the first illegal
 * one, with the reason and its line. */
bool game_log_apply(game *g, const game_log *log, rules_error *err, int *line);
/* The log has ended: false when it stops halfway through something
 * (unfinished, not illegal), with what is missing and the last line. */
bool game_log_finish(game *g, const game_log *log, rules_error *err, int *line);
void game_log_free(game_log *log);

/* Undo's replay: the game as it stands is put aside and a copy of the
 * start takes its place (*current), on which the kept lines are applied
 * again; then the new game is kept, or the one put aside comes back. */
typedef struct game_replay {
	game *aside;
} game_replay;

void game_replay_begin(game_replay *r, game **current, const game *start);
void game_replay_end(game_replay *r, game **current, bool keep);

/* A game being played: the game as it stands, the start undo replays
 * from, the dice and cards of the seed, and the automatic player with the
 * stream of its own choices (seeded with the game's seed xor
 * PLAYER_CHOICE_SALT, so the actions of an automatic game typed back in
 * meet the same dice).  check and ask open the game alone. */
typedef struct game_session {
	const game_engine *engine;
	game *game;          /* as it stands */
	game *start;         /* the scenario's start (play) */
	game_replay undo;
	rng dice;            /* the dice and the cards (play) */
	rng choices;         /* the automatic player's choices (play) */
	player player;       /* the automatic player (play) */
	bool manual;         /* the players roll their own dice (play) */
} game_session;

/* The game at the start of a validated scenario, under the engine of its
 * ruleset's grid.  False with the reason when its board cannot be set
 * up. */
bool game_session_open(game_session *s, const game_engine *e, const scenario *sc, const ruleset *rs,
	rules_error *why);
/* Ready to play from `seed`: the dice, the start kept for undo, and the
 * automatic player `player_name` (NULL: the default) for whichever side
 * is to play; with `seats` it makes none of the other side's choices;
 * with `manual` the players roll their own dice and type the faces.
 * False with the reason (a usage error: no such player, or not on this
 * grid). */
bool game_session_play(game_session *s, unsigned long long seed, const char *player_name, bool seats,
	bool manual, rules_error *why);
void game_session_close(game_session *s);

/* Write and apply the head of a new game of `scenario_id` from the seed:
 * "orbat-game-log 1", "scenario ID", "seed N" and what the seed deals,
 * each line through `put`.  False with the reason when refused. */
bool game_session_head(game_session *s, const char *scenario_id, unsigned long long seed, game_line_fn *put,
	void *ctx, rules_error *err);

/* Who wrote an action the session takes. */
typedef enum game_author {
	GAME_BY_PLAYER,      /* typed by a player, or a saved line taken again */
	GAME_BY_COMPUTER,    /* proposed by the automatic player */
} game_author;

/* Take an action: refuse the head (the session writes it) and what its
 * author may not write (engine prepare), complete it with the seeded dice
 * and cards (with manual dice, the faces typed stand) and apply it.
 * *undoable: it took nothing from the seed.  False with the reason:
 * nothing changed, the dice included. */
bool game_session_take(game_session *s, game_action *a, game_author by, bool *undoable, rules_error *err);
/* A saved action of a resumed game: what the seed decides is decided
 * again (the faces too, unless the players roll their own), then taken. */
bool game_session_redo(game_session *s, game_action *a, bool *undoable, rules_error *err);

/* Undo's replay from the start (game_replay), the automatic player
 * starting its plans again when the new position is kept. */
void game_session_replay_begin(game_session *s);
void game_session_replay_end(game_session *s, bool keep);

/* The automatic player's next action into *a (zeroed), false when it has
 * nothing to propose; its answer for the side that decides now when that
 * is not the side to play, false when it passes. */
bool game_session_propose(game_session *s, game_action *a);
bool game_session_answer(game_session *s, game_action *a);

#endif
