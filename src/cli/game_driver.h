/* The game driver: what `orbat play` and `orbat check` need from the
 * referee of one grid.  The commands themselves (cmd_play.c, cmd_check.c,
 * rules_cli.c) are a shell every grid shares: options, the seed, the log
 * file and its atomic rewrite, resume (reading a saved log and comparing
 * each replayed line), undo (replaying the kept lines from the start), the
 * input loop (quit, help, board, undo, auto, --max-turns, the prompt), the
 * diagnostics GAMELOG:LINE: error: MESSAGE [RULE], the JSON framing and
 * the exit codes.  A driver knows the rest: its log format, its referee,
 * its dice and cards, its board drawn as text, its in-game questions.
 *
 * What a driver must provide (every field of game_driver is required):
 *  - open/destroy: its game at the scenario's start, from a loaded
 *    rules_session; with play options also the seeded dice, the automatic
 *    player and whatever it prints with (card texts...).
 *  - check: log_load parses a whole log (every malformed line into the
 *    sink), log_apply referees its actions up to the first illegal one,
 *    log_finish says whether the log stops halfway through something.
 *    print_board, print_result and check_json print the final position.
 *  - play: line_read (the kind and canonical text of a log line, for
 *    resume and undo), head (the lines a new game starts with, from the
 *    seed), replay_line (a saved action with its dice and cards stripped,
 *    completed again from the seed), take (a typed action), auto_take (the
 *    automatic player's next action), the state questions (over, turn,
 *    at_turn_start, side), the printing (print_turn, print_pending,
 *    print_help), command (its own command words) and undo's replay
 *    (replay_begin, apply_line, replay_end, fixed_reason, undo_none).
 * Every line a driver adds to a game goes through the shell's emit
 * callback (game_play_opts), which keeps it for undo and writes the log.
 * What the shell writes and reads itself, so a driver's log format keeps
 * it: the first line "# orbat play SCENARIO, seed N[, dice manual]" (a
 * comment: '#' starts one), and a head line "seed N" (its words between
 * blanks), which --resume reads before it knows the grid.
 * The table of drivers by grid is game_drivers.c: a grid without a driver
 * is refused there with the reason. */
#ifndef ORBAT_GAME_DRIVER_H
#define ORBAT_GAME_DRIVER_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"
#include "../model/ruleset.h"
#include "../rules/rules_error.h"
#include "../text/lang.h"

struct rules_session;

/* A driver's state for one game: opaque to the shell. */
typedef struct game_run game_run;

/* Keep a line of the game: for undo, and in the log file at once.
 * `undoable` false: the head, a roll, a draw, which nothing takes back. */
typedef void game_emit_fn(void *ctx, const char *line, bool undoable);

/* What orbat play adds to a game; check and ask open without them. */
typedef struct game_play_opts {
	unsigned long long seed;  /* of the dice and the cards */
	bool manual;              /* --dice manual: the player types the faces */
	bool quiet;               /* no board */
	lang_id lang;             /* of the card texts */
	game_emit_fn *emit;
	void *emit_ctx;
} game_play_opts;

/* What a log line is, for resume and undo. */
typedef enum game_line_kind {
	GAME_LINE_EMPTY,     /* blank or a comment */
	GAME_LINE_HEAD,      /* the head orbat play writes itself (scenario, seed, hands...) */
	GAME_LINE_ACTION,    /* a move of the game */
} game_line_kind;

/* What the automatic player did. */
typedef enum game_auto {
	GAME_AUTO_NONE,      /* it has nothing to propose: the game stops */
	GAME_AUTO_TAKEN,     /* it took an action */
	GAME_AUTO_ILLEGAL,   /* it proposed an illegal action (said on stderr): ours */
} game_auto;

/* The help lines of the shell's own commands, for a driver's print_help
 * to put among its own: board first, the rest last. */
#define GAME_HELP_BOARD "  board                   the board and the units left\n"
#define GAME_HELP_SHELL \
	"  undo                    take back the last action that rolled no dice\n" \
	"                          and drew no card\n" \
	"  auto                    the computer plays the rest of the turn\n" \
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

	/* ---- check (and ask --after) ---- */
	/* Parse a whole log named `name`: each malformed line goes into the
	 * sink; returns their count.  The actions are kept for log_apply. */
	size_t (*log_load)(game_run *run, const char *text, size_t size, const char *name, diag_sink *sink);
	/* Referee the loaded actions; false at the first illegal one, with
	 * the reason and its line. */
	bool (*log_apply)(game_run *run, rules_error *err, int *line);
	/* The log has ended: false when it stops halfway through something
	 * (unfinished, not illegal), with what is missing and the last line. */
	bool (*log_finish)(game_run *run, rules_error *err, int *line);
	/* The JSON fields of the result after "ruleset" (each with its
	 * leading comma), inside the object the shell opens and closes. */
	void (*check_json)(game_run *run);
	/* The board and what stands on it; `spaced`: a blank line after each
	 * (check), or none (play's 'board'). */
	void (*print_board)(game_run *run, bool spaced);
	/* The score and the winner: as check ends (`check`) or as play ends. */
	void (*print_result)(game_run *run, bool check);
	/* The turns begun: the one under way, or the last. */
	int (*turn)(game_run *run);

	/* ---- play ---- */
	/* Read one log line (`number` for the messages): its kind and its
	 * canonical text (*canon, NULL when empty), and for the scenario line
	 * the id it names (*scenario_id, else NULL); both freed by the caller.
	 * False with the reason when the line is malformed. */
	bool (*line_read)(const char *line, int number, game_line_kind *kind, char **canon, char **scenario_id,
		rules_error *why);
	/* Write and apply the head of a new game from the seed, through
	 * emit.  False (with the reason on stderr) when it cannot be dealt. */
	bool (*head)(game_run *run);
	/* A saved action of --resume: strip what the seed decides (dice, the
	 * card drawn), complete it again, apply it; *made receives the line
	 * it makes (freed by the caller), *undoable whether undo may take it
	 * back.  False with the reason when refused. */
	bool (*replay_line)(game_run *run, const char *line, int number, char **made, bool *undoable,
		rules_error *err);
	/* A line the player typed (not a command word): parse, complete with
	 * the dice and cards, apply, emit, and print what follows; the
	 * refusal is printed. */
	bool (*take)(game_run *run, const char *typed);
	/* The automatic player's next action, taken. */
	game_auto (*auto_take)(game_run *run);
	bool (*over)(game_run *run);
	/* Between turns: the next one not begun (max-turns and 'auto' count
	 * whole turns). */
	bool (*at_turn_start)(game_run *run);
	/* The id of the side to play, for the prompt. */
	const char *(*side)(game_run *run);
	/* Whose turn and the hand (and the board unless quiet). */
	void (*print_turn)(game_run *run);
	/* What the rules still owe or allow now. */
	void (*print_pending)(game_run *run);
	void (*print_help)(game_run *run);
	/* A command word of the driver's own (questions, hand...): true when
	 * it was one and has been answered.  `line` may be cut up. */
	bool (*command)(game_run *run, char *line, const char *word);
	/* Undo: put the position aside and start again at the scenario's
	 * start (the dice and cards go on where they are); apply the kept
	 * lines one by one; then keep the new position or go back. */
	void (*replay_begin)(game_run *run);
	bool (*apply_line)(game_run *run, const char *line, int number);
	void (*replay_end)(game_run *run, bool keep);
	/* Why a kept action cannot be undone ("rolled the dice"). */
	const char *(*fixed_reason)(const char *line);
	/* Why nothing can be undone yet, at the head. */
	const char *undo_none;
} game_driver;

/* The driver of a ruleset's grid; NULL with *refusal, the reason after
 * "FILE uses ruleset ID, ", when orbat cannot referee its games yet. */
const game_driver *game_driver_of(const ruleset *rs, const char **refusal);

#endif
