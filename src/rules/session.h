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

/* The lines of a game being played, as its log keeps them: the head, the
 * actions taken, the comments of the caller's; the first `fixed` of them
 * nothing takes back (the head, a roll, a draw). */
typedef struct game_lines {
	char **line;
	size_t count, capacity;
	size_t fixed;
} game_lines;

/* A game being played: its lines, the game as it stands, the start undo
 * replays from, the dice and cards of the seed, and the automatic player
 * with the stream of its own choices (seeded with the game's seed xor
 * PLAYER_CHOICE_SALT, so the actions of an automatic game typed back in
 * meet the same dice).  With seats each side decides for itself: the
 * session knows whose decision the game waits for, refuses a side's
 * action that is not its choice, and holds a proposal of the automatic
 * player's the other side chooses about first (§5.2 of the hex games: a
 * defender that may withdraw before the roll).  check and ask open the
 * game alone. */
typedef struct game_session {
	const game_engine *engine;
	game *game;          /* as it stands */
	game *start;         /* the scenario's start (play) */
	game_replay undo;
	rng dice;            /* the dice and the cards (play) */
	rng choices;         /* the automatic player's choices (play) */
	player player;       /* the automatic player (play) */
	bool manual;         /* the players roll their own dice (play) */
	bool seats;          /* each side decides for itself (play) */
	game_lines kept;     /* the game's lines (play) */
	/* With seats, the proposal held for the other side's choice: */
	game_action *held;   /* the action the choice completes (play) */
	int held_side;       /* the side that chooses */
	bool holding;        /* held waits for that choice */
	bool chosen;         /* the choice is made: the next proposal is held */
	bool released;       /* the proposal is the held one, chosen: not held again */
	int passes;          /* the automatic player's passes since the last action */
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
 * each line kept (play) and through `put` (may be NULL).  False with the
 * reason when refused. */
bool game_session_head(game_session *s, const char *scenario_id, unsigned long long seed, game_line_fn *put,
	void *ctx, rules_error *err);

/* Who wrote an action the session takes. */
typedef enum game_author {
	GAME_BY_PLAYER,      /* typed by a player, or a saved line taken again */
	GAME_BY_COMPUTER,    /* proposed by the automatic player */
} game_author;

/* Take an action: refuse the head (the session writes it), with seats a
 * player's action that is not the deciding side's own choice, and what
 * its author may not write (engine prepare); complete it with the seeded
 * dice and cards (with manual dice, the faces typed stand), apply it and
 * keep its line (play).  *undoable: it took nothing from the seed.  False
 * with the reason: nothing changed, the dice included. */
bool game_session_take(game_session *s, game_action *a, game_author by, bool *undoable, rules_error *err);
/* A saved action of a resumed game: what the seed decides is decided
 * again (the faces too, unless the players roll their own), then taken;
 * the seats do not judge it again (it was judged when played), and what
 * it told the players is no news (game_engine.forget_news). */
bool game_session_redo(game_session *s, game_action *a, bool *undoable, rules_error *err);

/* Undo's replay from the start (game_replay), the automatic player
 * starting its plans again when the new position is kept; a proposal
 * held is dropped. */
void game_session_replay_begin(game_session *s);
void game_session_replay_end(game_session *s, bool keep);

/* A line of the game kept as it is (a comment of the caller's: the first
 * line of orbat play's log); `undoable` false: nothing takes it back. */
void game_session_keep(game_session *s, const char *line, bool undoable);

/* What undo did, or why it did nothing. */
typedef enum game_undo {
	GAME_UNDO_DONE,      /* the last line is taken back */
	GAME_UNDO_NONE,      /* nothing but the head is kept */
	GAME_UNDO_FIXED,     /* the last line took dice or a card from the seed:
	                      * it stands, and what came before it */
	GAME_UNDO_REFUSED,   /* the position before it cannot be rebuilt */
} game_undo;

/* Take back the last action kept: the lines before it applied again on
 * the start (game_replay).  *line: the line taken back (DONE: the
 * caller's to free), or the last line (FIXED, REFUSED: the session's). */
game_undo game_session_undo(game_session *s, char **line);

/* The automatic player's next action into *a (zeroed), false when it has
 * nothing to propose (a held proposal, chosen about, comes back first);
 * its answer for the side that decides now when that is not the side to
 * play, false when it passes (or a proposal is held: its side stands). */
bool game_session_propose(game_session *s, game_action *a);
bool game_session_answer(game_session *s, game_action *a);

/* What the automatic player decided for the side that decides now. */
typedef enum game_decision {
	GAME_DECIDED_NOTHING,   /* it has nothing to propose: the game stops */
	GAME_DECIDED_ACTION,    /* an action, to take (game_session_take) */
	GAME_DECIDED_HELD,      /* its proposal waits for the other side's choice */
	GAME_DECIDED_PASS,      /* it left what was on offer (taken) */
	GAME_DECIDED_BAD_PASS,  /* it passed where it must decide: its fault */
} game_decision;

/* The automatic player's decision for the side that decides now, as
 * `orbat play --auto` and `--computer` take it: with seats, in the other
 * side's turn its answer or its pass; else its next proposal, held when
 * the other side chooses first (game_session_hold).  An action goes into
 * *a (zeroed: the caller's to take, then to empty); a refused pass gives
 * the reason, and so does a pass after GAME_SESSION_PASSES_MAX of them
 * with no action taken between (BAD_PASS: a player going round in
 * circles, which no caller's loop waits on for ever). */
#define GAME_SESSION_PASSES_MAX 16
game_decision game_session_decide(game_session *s, game_action *a, rules_error *err);

/* ---- seats ---- */

/* The side whose decision the game waits for: without seats the side to
 * play; with seats the side a proposal is held for, else the engine's
 * decider (a retreat, saving dice, a covered retreat...). */
int game_session_decider(game_session *s);
/* With seats, whether the proposal `a` waits for the other side's choice
 * (game_engine.holds): then the session holds it, `a` stays the caller's
 * to free, and the next propose gives it back with the choice.  A held
 * proposal given back is not held again. */
bool game_session_hold(game_session *s, const game_action *a);
/* The choice about the proposal held, by its word (hex: stand,
 * withdraw): true when one is held and `word` is a choice. */
bool game_session_choose(game_session *s, const char *word);
/* The deciding side leaves what is on offer (the held proposal's default
 * choice, or the engine's pass): no line of the log, the next action
 * declines it.  False with the reason when what it owes cannot be left. */
bool game_session_pass(game_session *s, rules_error *err);
/* What the rules owe or allow now (game_engine.dues), the held proposal
 * first: at most `max` into out, the count returned. */
size_t game_session_dues(game_session *s, game_due *out, size_t max);

/* ---- a saved game ---- */

/* A log orbat play wrote, read for --resume: its lines (without their
 * ends), the seed of its "seed N" line, and whether the players rolled
 * their own dice.  Read before the scenario, and so the grid, is known. */
typedef struct game_saved {
	char **lines;
	size_t count, capacity;
	unsigned long long seed;
	bool manual;
} game_saved;

/* The saved log `text` of `size` bytes into *sv (free it with
 * game_saved_free either way).  False with the reason when it cannot be
 * resumed, *line the line at fault (0: the whole log): a last line cut
 * short (orbat play writes every line whole with its end, so the log was
 * not written whole), or no seed line. */
bool game_saved_read(game_saved *sv, const char *text, size_t size, rules_error *err, size_t *line);
void game_saved_free(game_saved *sv);

/* The seed a line "seed N" of a saved log names (its words as a game log
 * has them: between blanks, a '#' starts a comment, at most 200
 * characters a word): false for any other line.  Read before the
 * scenario, and so the grid, is known. */
bool game_log_seed(const char *line, unsigned long long *seed);
/* Whether the first line of a log orbat play wrote says the players
 * rolled their own dice ("# orbat play ID, seed N, dice manual"). */
bool game_log_manual(const char *first_line);

/* Go on with a saved game (its `count` lines) on a session ready to play
 * whose head was written (game_session_head; comments kept among it):
 * each head line of the saved log must be the one the seed dealt, each
 * action, what the seed decides decided again, must come out as it was
 * saved, and is kept.  False at the first line that does not follow,
 * with the reason and its number (1 the first) in *line. */
bool game_session_resume(game_session *s, char *const *lines, size_t count, const char *scenario_id,
	unsigned long long seed, rules_error *err, size_t *line);

#endif
