/* The game driver: what `orbat play` and `orbat check` need from the
 * referee of one grid.  The commands themselves (cmd_play.c, cmd_check.c,
 * rules_cli.c) are a shell every grid shares: options, the seed, the log
 * file and its atomic rewrite, resume (reading a saved log and comparing
 * each replayed line), undo (replaying the kept lines from the start), the
 * input loop (quit, help, board, undo, auto, --max-turns, the prompt), the
 * diagnostics GAMELOG:LINE: error: MESSAGE [RULE], the JSON framing and
 * the exit codes.  The flow of a game over the lines of its log is
 * written once too (game_flow.h): reading a line, taking a typed action or
 * the automatic player's, writing the head, replaying a log.  A driver
 * knows the rest: its log format (the action codec below), its referee,
 * its dice and cards, its board drawn as text, its in-game questions.
 *
 * What a driver must provide (every field of game_driver is required):
 *  - engine: its game engine (rules/engine.h), whose log lines are the
 *    actions the shell holds (parse, format, free, which are head lines,
 *    the scenario a line names, the line it came from); session_of gives
 *    the game's session in the library (the game as it stands, its start,
 *    the dice and the automatic player).
 *  - open/destroy: its game at the scenario's start, from a loaded
 *    rules_session; with play options also the seeded dice, the automatic
 *    player and whatever it prints with (card texts...).
 *  - check: print_result gives the final position (refereeing the log,
 *    the board, the roster and the JSON are the engine's).
 *  - play: act (complete a typed
 *    or proposed action with the dice and cards, and apply it), acted
 *    (what a player sees after it), propose (the automatic player's next
 *    action), awaits (a choice of the other side's before it is
 *    taken), answer and pass (the choices of the side that decides when
 *    it is not the side to play, with seats), redo (a saved action of --resume, what the seed decides
 *    decided again), the side that decides now (decider: where the game
 *    stands otherwise is the engine's), the printing (print_turn, print_pending, print_help), command
 *    (its own command words) and undo's (renewed, fixed_reason,
 *    undo_none).
 * Every line of a game goes through the emit callback of the play options
 * (game_play_opts), which keeps it for undo and writes the log: the flow
 * calls it, a driver never needs to.
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
struct player;

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
	const char *player;       /* the automatic player's name (players.h); NULL: the default */
	bool seats;               /* each side decides for itself (--computer): the
	                           * prompt names the side whose decision the game waits
	                           * for, a side is asked only its own choices, and the
	                           * automatic player makes none of the other side's */
	game_emit_fn *emit;
	void *emit_ctx;
} game_play_opts;

/* What a log line is, for resume and undo. */
typedef enum game_line_kind {
	GAME_LINE_EMPTY,     /* blank or a comment */
	GAME_LINE_HEAD,      /* the head orbat play writes itself (scenario, seed, hands...) */
	GAME_LINE_ACTION,    /* a move of the hex_game */
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
	"  pass                    with --computer, in the other side's turn:\n" \
	"                          leave the choice on offer (a defensive roll,\n" \
	"                          a covered retreat...) and let the game go on\n" \
	"  help                    this list\n" \
	"  quit                    stop; the log keeps every action, and\n" \
	"                          orbat play FILE --resume LOG goes on\n"

typedef struct game_driver {
	/* The grid's game engine (rules/engine.h): its log lines are the
	 * actions the shell holds without looking inside. */
	const game_engine *engine;

	/* The game at the scenario's start of a loaded session; play NULL for
	 * check and ask.  NULL when it cannot be set up: the reason is
	 * printed with `cmd` and `path`, *code is the exit code. */
	game_run *(*open)(struct rules_session *s, const char *cmd, const char *path, const game_play_opts *play,
		int *code);
	void (*destroy)(game_run *run);
	/* The game's session (rules/session.h): the game as it stands, and in
	 * play the start, the seeded dice and the automatic player. */
	struct game_session *(*session_of)(game_run *run);

	/* ---- check (and ask --after) ---- */
	/* The score and the winner: as check ends (`check`) or as play ends. */
	void (*print_result)(game_run *run, bool check);

	/* ---- play ---- */
	/* Complete an action (a typed one, or the automatic player's:
	 * `automatic`) with the dice and cards and apply it; *undoable whether
	 * undo may take it back.  False with the reason, the dice and cards
	 * left as they were. */
	bool (*act)(game_run *run, game_action *action, bool automatic, bool *undoable, rules_error *err);
	/* What a player sees after an accepted action, its line printed. */
	void (*acted)(game_run *run, const game_action *action);
	/* The automatic player's next action into *action; false when it has
	 * nothing to propose. */
	bool (*propose)(game_run *run, game_action *action);
	/* With seats: the other side chooses before the proposed action is
	 * taken (noord-zuid's defender stands or withdraws before the roll,
	 * §5.2): the driver keeps a copy, that side decides (a command word
	 * of the driver's, or pass), and the next propose gives the action
	 * back with the choice.  True when kept. */
	bool (*awaits)(game_run *run, const game_action *action);
	/* A saved action of --resume: strip what the seed decides (dice, the
	 * card drawn), complete it again, apply it.  False with the reason. */
	bool (*redo)(game_run *run, game_action *action, bool *undoable, rules_error *err);
	/* The id of the side whose decision the game waits for now: with
	 * seats, during a step the rules give the other side (a retreat,
	 * saving dice, a covered retreat after a round...) that side, else
	 * the side to play. */
	const char *(*decider)(game_run *run);
	/* The automatic player's answer for the deciding side when it is not
	 * the side to play, into *action; false when it leaves the choice
	 * on offer (then pass). */
	bool (*answer)(game_run *run, game_action *action);
	/* The deciding side leaves what is on offer to the other side (no
	 * line of the log: there the next action declines it).  False with
	 * the reason when what it owes cannot be left. */
	bool (*pass)(game_run *run, rules_error *err);
	/* Whose turn and the hand (and the board unless quiet). */
	void (*print_turn)(game_run *run);
	/* What the rules still owe or allow now. */
	void (*print_pending)(game_run *run);
	void (*print_help)(game_run *run);
	/* A command word of the driver's own (questions, hand...): true when
	 * it was one and has been answered.  `line` may be cut up. */
	bool (*command)(game_run *run, char *line, const char *word);
	/* Undo replaced the session's game (game_undo_begin, game_undo_end):
	 * forget what was kept about the old one and read the new. */
	void (*renewed)(game_run *run);
	/* Why a kept action cannot be undone ("rolled the dice"). */
	const char *(*fixed_reason)(const char *line);
	/* Why nothing can be undone yet, at the head. */
	const char *undo_none;
} game_driver;

/* The driver of a ruleset's grid; NULL with *refusal, the reason after
 * "FILE uses ruleset ID, ", when orbat cannot referee its games yet. */
const game_driver *game_driver_of(const ruleset *rs, const char **refusal);

#endif
