/* The game driver: how `orbat play`, `check` and `ask` show the game of
 * one grid.  The game itself is the library's (rules/session.h over the
 * grid's engine, rules/engine.h): refereeing, the dice and cards, the
 * automatic player, the seats, what is owed, resume and undo.  The
 * commands (cmd_play.c, cmd_check.c, rules_cli.c) are a shell every grid
 * shares: options, the seed, the log file and its atomic rewrite, reading
 * a saved log for resume, undo's kept lines, the input loop (quit, help,
 * board, undo, auto, pass, --max-turns, the prompt), the diagnostics
 * GAMELOG:LINE: error: MESSAGE [RULE], the JSON framing and the exit
 * codes; the flow of a game over its lines is written once too
 * (game_flow.h).  A driver knows the rest: the grid's words and texts (the
 * turn, the hand, the board, what is owed, the help) and its in-game
 * questions.
 *
 * What a driver must provide (every field of game_driver is required):
 *  - session_of: the game's session in the library (rules/session.h,
 *    over the grid's engine, whose log lines are the actions the shell
 *    holds without looking inside), which plays the game: the game as it
 *    stands, its start, the dice, the automatic player, the seats (who
 *    decides now, a side's own choices, a proposal held for the other
 *    side's choice, pass), what the rules owe now, resume and undo.
 *  - open/destroy: its game at the scenario's start, from a loaded
 *    rules_session, with what it prints with (card texts...).
 *  - the printing: print_result (the final position, for check and play),
 *    acted (what a player sees after an action), print_turn,
 *    print_pending (the session's dues in the grid's words), print_help,
 *    command (its own command words: questions, hand...) and undo's words
 *    (fixed_reason, undo_none).
 * Every action taken goes through the emit callback of the play options
 * (game_play_opts), which writes it to the log at once; the session keeps
 * the lines for undo.  The flow calls it, a driver never needs to.
 * What the shell writes and reads itself, so a driver's log format keeps
 * it: the first line "# orbat play SCENARIO, seed N[, dice manual]" (a
 * comment: '#' starts one), the head lines "orbat-game-log 1",
 * "scenario ID" and "seed N" (its words between blanks), which --resume
 * reads before it knows the grid.
 * The table of drivers by grid is game_drivers.c: a grid without a driver
 * is refused there with the reason. */
#ifndef ORBAT_GAME_DRIVER_H
#define ORBAT_GAME_DRIVER_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"
#include "../model/ruleset.h"
#include "../rules/engine.h"
#include "../rules/rules_error.h"
#include "../text/lang.h"

struct rules_session;

/* A driver's state for one game: opaque to the shell. */
typedef struct game_run game_run;

/* Write an action the session took (and kept: game_session_take) into the
 * log file at once.  `undoable` false: a roll, a draw, which nothing
 * takes back. */
typedef void game_emit_fn(void *ctx, const char *line, bool undoable);

/* What orbat play adds to a game; check and ask open without them. */
typedef struct game_play_opts {
	unsigned long long seed;  /* of the dice and the cards */
	bool manual;              /* --dice manual: the player types the faces */
	bool quiet;               /* no board */
	lang_id lang;             /* of the card texts */
	const char *player;       /* the automatic player's name (players.h); NULL: the default */
	bool seats;               /* each side decides for itself (--computer): the
	                           * prompt names the side whose decision the game waits
	                           * for, a side is asked only its own choices, and the
	                           * automatic player makes none of the other side's */
	game_emit_fn *emit;
	void *emit_ctx;
} game_play_opts;

/* The help lines of the shell's own commands, for a driver's print_help
 * to put among its own: board first, the rest last. */
#define GAME_HELP_BOARD "  board                   the board and the units left\n"
#define GAME_HELP_SHELL \
	"  hint                    the expert's advice for the side to play: the\n" \
	"                          next action, its turn, the outcome it expects\n" \
	"  undo                    take back the last action that rolled no dice\n" \
	"                          and drew no card\n" \
	"  auto                    the computer plays the rest of the turn; with\n" \
	"                          --computer, in its turn, it answers for you\n" \
	"                          until that turn ends\n" \
	"  pass                    with --computer, in the other side's turn:\n" \
	"                          leave the choice on offer (a defensive roll,\n" \
	"                          a covered retreat...) and let the game go on\n" \
	"  help                    this list\n" \
	"  quit                    stop; the log keeps every action, and\n" \
	"                          orbat play FILE --resume LOG goes on\n"

typedef struct game_driver {
	/* The game at the scenario's start of a loaded session; play NULL for
	 * check and ask.  NULL when it cannot be set up: the reason is
	 * printed with `cmd` and `path`, *code is the exit code. */
	game_run *(*open)(struct rules_session *s, const char *cmd, const char *path, const game_play_opts *play,
		int *code);
	void (*destroy)(game_run *run);
	/* The game's session (rules/session.h): the game as it stands, and in
	 * play the start, the seeded dice, the automatic player, the seats. */
	struct game_session *(*session_of)(game_run *run);

	/* The score and the winner: as check ends (`check`) or as play ends. */
	void (*print_result)(game_run *run, bool check);
	/* What a player sees after an accepted action, its line printed. */
	void (*acted)(game_run *run, const game_action *action);
	/* Whose turn and the hand (and the board unless quiet). */
	void (*print_turn)(game_run *run);
	/* What the rules still owe or allow now (game_session_dues). */
	void (*print_pending)(game_run *run);
	void (*print_help)(game_run *run);
	/* A command word of the driver's own (questions, hand...): true when
	 * it was one and has been answered.  `line` may be cut up. */
	bool (*command)(game_run *run, char *line, const char *word);
	/* Why a kept action cannot be undone ("rolled the dice"). */
	const char *(*fixed_reason)(const char *line);
	/* Why nothing can be undone yet, at the head. */
	const char *undo_none;
} game_driver;

/* The driver of a ruleset's grid; NULL with *refusal, the reason after
 * "FILE uses ruleset ID, ", when orbat cannot referee its games yet. */
const game_driver *game_driver_of(const ruleset *rs, const char **refusal);

#endif
