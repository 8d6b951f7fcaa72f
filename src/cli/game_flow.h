/* The flow of a game over the lines of its log, written once for every
 * grid on a driver's game engine (game_driver.h): reading a line for
 * resume and undo, writing the head of a new game, taking a typed action
 * or the automatic player's, replaying a saved action, refereeing a whole
 * log for check.  The drivers keep what differs: completing and applying
 * their actions, their printing, their questions. */
#ifndef ORBAT_GAME_FLOW_H
#define ORBAT_GAME_FLOW_H

#include <stdbool.h>
#include <stddef.h>

#include "game_driver.h"

/* Read one log line (`number` for the messages): its kind and its
 * canonical text (*canon, NULL when empty), and for the scenario line the
 * id it names (*scenario_id, else NULL); both freed by the caller.  False
 * with the reason when the line is malformed. */
bool game_line_read(const game_driver *d, const char *line, int number, game_line_kind *kind, char **canon,
	char **scenario_id, rules_error *why);

/* Write and apply the head of a new game of `scenario_id` from the seed
 * of `play`, through its emit.  False (with the reason on stderr) when it
 * cannot be dealt. */
bool game_head(const game_driver *d, game_run *run, const game_play_opts *play, const char *scenario_id);

/* A saved action of --resume, completed again from the seed and applied;
 * *made receives the line it makes (freed by the caller), *undoable
 * whether undo may take it back.  False with the reason when refused. */
bool game_replay_line(const game_driver *d, game_run *run, const char *line, int number, char **made,
	bool *undoable, rules_error *err);

/* A line the player typed (not a command word): parsed, completed with
 * the dice and cards, applied, emitted, and what follows printed; a
 * malformed line or a refusal is printed.  False when not taken. */
bool game_take(const game_driver *d, game_run *run, const game_play_opts *play, const char *typed);

/* The automatic player's next action, taken. */
game_auto game_auto_take(const game_driver *d, game_run *run, const game_play_opts *play);

/* The automatic player's answer for the side that decides now, when it is
 * not the side to play: taken, or its pass. */
game_auto game_auto_answer(const game_driver *d, game_run *run, const game_play_opts *play);

/* 'pass' typed: the deciding side leaves what is on offer; the refusal
 * printed when it owes it.  False when refused. */
bool game_pass(const game_driver *d, game_run *run);

/* Undo: the session's game put aside and its start taken up again, on
 * which the kept lines are applied (game_apply_line); then the new game
 * kept, or the one put aside back. */
void game_undo_begin(const game_driver *d, game_run *run);
void game_undo_end(const game_driver *d, game_run *run, bool keep);

/* Undo's replay: one kept line applied as written (between the driver's
 * replay_begin and replay_end).  False when it is refused. */
bool game_apply_line(const game_driver *d, game_run *run, const char *line, int number);

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

/* A driver's session at the start of a loaded scenario (game_session_open
 * under the driver's engine), ready for play when `play` is given
 * (game_session_start).  False with the reason printed and *code the exit
 * code; the session is closed then. */
bool game_session_ready(struct game_session *s, const game_driver *d, const scenario *sc, const ruleset *rs,
	const char *cmd, const char *path, const game_play_opts *play, int *code);

/* The game as it stands in a driver's session (rules/engine.h asks it
 * where it stands: over, turn, side to play...). */
game *game_of_run(const game_driver *d, game_run *run);

/* Print a text a driver made (the board...) and free it. */
void game_put_text(char *text);

#endif
