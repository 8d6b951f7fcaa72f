/* The flow of a game over the lines of its log, written once for every
 * grid on a driver's action codec (game_driver.h): reading a line for
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

/* Undo's replay: one kept line applied as written (between the driver's
 * replay_begin and replay_end).  False when it is refused. */
bool game_apply_line(const game_driver *d, game_run *run, const char *line, int number);

/* A whole log as the driver's actions, codec->size apart. */
typedef struct game_log {
	void *actions;
	size_t count, capacity;
} game_log;

/* Parse a whole log named `name` into an empty *log: each malformed line
 * goes into the sink; returns their count. */
size_t game_log_load(const game_driver *d, game_log *log, const char *text, size_t size, const char *name,
	diag_sink *sink);
/* Check: referee the actions of the log; false at the first illegal one,
 * with the reason and its line. */
bool game_log_apply(const game_driver *d, game_run *run, const game_log *log, rules_error *err, int *line);
/* The log has ended: false when it stops halfway through something
 * (unfinished, not illegal), with what is missing and the last line. */
bool game_log_finish(const game_driver *d, game_run *run, const game_log *log, rules_error *err, int *line);
/* Free the actions of a log, leaving it empty. */
void game_log_free(const game_driver *d, game_log *log);

/* The board and what stands on it; `spaced`: a blank line after each
 * (check), or none (play's 'board'). */
void game_print_board(const game_driver *d, game_run *run, bool spaced);

/* The lines of a driver's help on the dice: who rolls them, and with
 * --dice manual (`manual`) how to type the faces, after the driver's
 * `example` line. */
void game_help_dice(bool manual, const char *example);

/* The automatic player of a driver's game (players.h): the one `play`
 * names, on the ruleset's grid, playing whichever side is to play (with
 * seats, making none of the other side's choices).  False
 * with the reason on stderr ("orbat CMD: ..."), when it does not play
 * that grid. */
bool game_player_open(struct player *p, const game_play_opts *play, const ruleset *rs, const char *cmd);

/* Print a text a driver made (the board...) and free it. */
void game_put_text(char *text);

#endif
