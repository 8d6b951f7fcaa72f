/* The flow of a game in the terminal, written once for every grid on a
 * driver's session (game_driver.h, rules/session.h): writing the head of
 * a new game, taking a typed action, the automatic player's or a pass
 * through the session, each taken line written through the play options'
 * emit and what follows printed by the driver.  The session plays; the
 * drivers print. */
#ifndef ORBAT_GAME_FLOW_H
#define ORBAT_GAME_FLOW_H

#include <stdbool.h>
#include <stddef.h>

#include "game_driver.h"

/* What the automatic player did. */
typedef enum game_auto {
	GAME_AUTO_NONE,      /* it has nothing to propose */
	GAME_AUTO_TAKEN,     /* it took an action, passed, or its proposal is held */
	GAME_AUTO_STUCK,     /* it passed where its side must decide (refused,
	                      * said): the caller judges whose fault */
	GAME_AUTO_ILLEGAL,   /* it proposed an illegal action (said on stderr): ours */
} game_auto;

/* Write and apply the head of a new game of `scenario_id` from the seed
 * of `play`, kept by the session.  False (with the reason on stderr) when
 * it cannot be dealt. */
bool game_head(const game_driver *d, game_run *run, const game_play_opts *play, const char *scenario_id);

/* A line the player typed (not a command word): parsed, completed with
 * the dice and cards, applied, emitted, and what follows printed; a
 * malformed line or a refusal is printed.  False when not taken. */
bool game_take(const game_driver *d, game_run *run, const game_play_opts *play, const char *typed);

/* The automatic player's decision for the side that decides now
 * (game_session_decide): an action taken, a proposal held for the other
 * side's choice, or a pass, each printed. */
game_auto game_auto_decide(const game_driver *d, game_run *run, const game_play_opts *play);

/* 'pass' typed: the deciding side leaves what is on offer; the refusal
 * printed when it owes it.  False when refused. */
bool game_pass(const game_driver *d, game_run *run);

/* The id of the side whose decision the game waits for now
 * (game_session_decider). */
const char *game_decider(const game_driver *d, game_run *run);

/* A command word typed: the choice about a proposal held for the side
 * asked (stand, withdraw: game_session_choose), else the driver's own
 * words.  True when it was one and has been answered. */
bool game_command(const game_driver *d, game_run *run, char *line, const char *word);

/* The board and what stands on it; `spaced`: a blank line after each
 * (check), or none (play's 'board'). */
void game_print_board(const game_driver *d, game_run *run, bool spaced);

/* The lines of a driver's help on the dice: who rolls them, and with
 * --dice manual (`manual`) how to type the faces, after the driver's
 * `example` line. */
void game_help_dice(bool manual, const char *example);

/* Ready the session of a driver's game for play (game_session_play):
 * the seeded dice and the automatic player `play` names, for whichever
 * side is to play (with seats, making none of the other side's choices).
 * False with the reason on stderr ("orbat CMD: ..."), when it does not
 * play that grid. */
struct game_session;
bool game_session_start(struct game_session *s, const game_play_opts *play, const char *cmd);

/* A game's session at the start of a loaded scenario (game_session_open
 * under the engine of its ruleset's grid), ready for play when `play` is
 * given (game_session_start).  False with the reason printed and *code
 * the exit code; the session is closed then. */
bool game_session_ready(struct game_session *s, const scenario *sc, const ruleset *rs, const char *cmd,
	const char *path, const game_play_opts *play, int *code);

/* The game as it stands in a driver's session (rules/engine.h asks it
 * where it stands: over, turn, side to play...). */
game *game_of_run(const game_driver *d, game_run *run);

/* Print a text a driver made (the board...) and free it. */
void game_put_text(char *text);

#endif
