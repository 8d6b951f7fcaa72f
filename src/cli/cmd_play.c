/* orbat play FILE [--seed N] [--log FILE]: solo play in the terminal.  It
 * deals the hands from the ruleset's deck, draws the board as text, reads
 * the actions of the game-log format on standard input (without dice
 * faces or the card drawn: it rolls and deals them with its own seeded
 * generator, unless --dice manual), refuses illegal actions with the
 * reason, answers the questions of orbat ask (hex_ask.c), shows the cards,
 * takes back actions that rolled nothing, announces victory and writes
 * the game log as it goes, which `orbat check` accepts and --resume goes
 * on with.  This file is the shell every grid shares; what a game of one
 * grid is, its driver knows (game_driver.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../base/outdir.h"
#include "../base/util.h"
#include "../rules/players.h"
#include "../rules/session.h"
#include "command.h"
#include "game_flow.h"
#include "input.h"
#include "options.h"
#include "play_hint.h"
#include "rules_cli.h"

static void play_help(FILE *out)
{
	fputs("Usage: orbat play [OPTIONS] FILE\n"
	      "\n"
	      "Play a scenario solo: both sides at the keyboard (or piped in).  orbat\n"
	      "deals the cards, rolls the dice and referees every action.  Type the\n"
	      "actions of the game-log format (game-log.md, under share/doc/orbat)\n"
	      "without dice faces and without the card drawn, for example:\n"
	      "  play recon/left        order u-inf-1 u-cav-1     move u-cav-1 C5\n"
	      "  battle u-inf-1 c-inf-2 retreat c-inf-2 E2 E1     gain u-inf-1\n"
	      "  save c-inf-2           defend c-inf-2            draw\n"
	      "In the game, 'help' lists the other commands: the questions of orbat\n"
	      "ask (los, dice, moves, retreat, reinforcements, sharpshooter, rally),\n"
	      "hand, card, board, hint, undo, auto, quit.  'hint' prints the expert's\n"
	      "advice for the side to play (the next action, its turn and the outcome\n"
	      "it expects), within --think's budget (without it, 60 simulations).\n"
	      "Every accepted action is written to the log at once.  On the squares\n"
	      "of mb-remastered the actions are those of the square game's log.\n"
	      "\n"
	      "Options:\n"
	      "  --seed N        seed of the dice and the deck (default: from the clock,\n"
	      "                  printed and written into the log)\n"
	      "  --log FILE      write the game log to FILE as the game goes (a new file:\n"
	      "                  a saved game is not overwritten; go on with it by --resume)\n"
	      "  --resume LOG    go on with the game saved in LOG, with its seed; the\n"
	      "                  log goes on in LOG (or in --log FILE)\n"
	      "  --dice MODE     auto (orbat rolls, the default) or manual (you roll\n"
	      "                  your own dice and type the faces: battle u1 c1 : i f)\n"
	      "  --lang LANG     language of the card texts: en (default), nl or fr\n"
	      "  --auto          the computer plays both sides (a simple player)\n"
	      "  --computer SIDE the computer plays SIDE (its id, as the board names\n"
	      "                  it) and you the other; its actions and dice are\n"
	      "                  printed as it takes them.  Each side decides for\n"
	      "                  itself: in the computer's turn you are asked your\n"
	      "                  own retreats, saves and other choices (the prompt\n"
	      "                  names your side; 'pass' leaves an optional one),\n"
	      "                  and the computer takes its own in yours\n"
	      "  --player NAME   the computer player of --computer, --auto and 'auto':\n"
	      "                  simple, strong or expert (default: with --computer\n"
	      "                  the strongest that plays the scenario's grid but\n"
	      "                  expert, else simple); expert@500ms or\n"
	      "                  expert@400sims gives the expert its own budget\n"
	      "  --think MS      the expert's time a turn in milliseconds (default\n"
	      "                  1000), or --think Nsims: N simulations a turn, the\n"
	      "                  same game on any machine\n"
	      "  --max-turns N   with --auto, stop after N turns (default 500)\n"
	      "  -q, --quiet     print only the actions and the result, no board\n"
	      "  -h, --help      show this help\n"
	      "\n"
	      "Examples:\n"
	      "  orbat play --seed 7 --log game.log scenarios/shiloh.xml\n"
	      "  orbat play --resume game.log scenarios/shiloh.xml\n"
	      "  orbat play --auto --seed 7 --log auto.log scenarios/shiloh.xml\n"
	      "  orbat play --computer confederate --log game.log scenarios/shiloh.xml\n"
	      "\n"
	      "Exit status: 0 the game ended or the input did; 1 the scenario is\n"
	      "invalid, or the log to resume does not follow from its seed; 2 usage\n"
	      "error, the log cannot be read or written, or a ruleset whose games\n"
	      "cannot be refereed; 3 internal error or broken installation.\n", out);
}

typedef struct play_state {
	rules_session s;
	const game_driver *d;
	game_run *run;     /* the driver's game; its session keeps the lines */
	bool manual;       /* --dice manual: the player types the faces */
	const char *log_path;
	int log_fd;        /* appended at every accepted action, one whole line at a time; -1: none */
	bool log_failed;
} play_state;

static void log_error(play_state *p, const char *what)
{
	if (!p->log_failed)
		fprintf(stderr, "orbat play: cannot write the game log %s: %s\n", p->log_path, what);
	p->log_failed = true;
}

/* The session's kept lines of the game. */
static const game_lines *kept(play_state *p)
{
	return &p->d->session_of(p->run)->kept;
}

/* A line the session kept, appended to the log file at once (a crash or
 * a quit loses nothing). */
static void emit(void *ctx, const char *line, bool undoable)
{
	play_state *p = ctx;
	(void)undoable;
	if (p->log_fd >= 0 && !p->log_failed) {
		/* One write of the line and its newline, cut back when the disk
		 * fills part-way: never half an action (an order cut to fewer
		 * units would resume a different game). */
		size_t len = strlen(line);
		char *whole = xmalloc(len + 1);
		memcpy(whole, line, len);
		whole[len] = '\n';
		int err = outdir_append_whole(p->log_fd, whole, len + 1);
		free(whole);
		if (err)
			log_error(p, strerror(err));
	}
}

/* The whole log, under a temporary name renamed into place when whole
 * (a full disk or a killed run never leaves half a log), then reopened
 * for appending: at the start, at a resume, after an undo. */
static bool log_rewrite(play_state *p)
{
	if (!p->log_path || p->log_failed)
		return !p->log_failed;
	if (p->log_fd >= 0) {
		close(p->log_fd);
		p->log_fd = -1;
	}
	char *error = NULL;
	outfile *f = outfile_create(p->log_path, &error);
	for (size_t i = 0; f && i < kept(p)->count; i++)
		if (!outfile_puts(f, kept(p)->line[i]) || !outfile_puts(f, "\n"))
			break;
	if (!f || !outfile_finish(f, true, &error)) {
		fprintf(stderr, "orbat play: %s\n", error);
		free(error);
		p->log_failed = true;
		return false;
	}
	p->log_fd = open(p->log_path, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (p->log_fd < 0) {
		log_error(p, strerror(errno));
		return false;
	}
	return true;
}

/* undo: take back the last action, unless it rolled dice or drew a card
 * (the dice and the deck do not forget). */
static void undo(play_state *p)
{
	char *last = NULL;
	switch (game_session_undo(p->d->session_of(p->run), &last)) {
	case GAME_UNDO_NONE:
		printf("refused: %s [log]\n", p->d->undo_none);
		return;
	case GAME_UNDO_FIXED:
		printf("refused: '%s' %s: it stands, and what came before it too [log]\n", last, p->d->fixed_reason(last));
		return;
	case GAME_UNDO_REFUSED:
		printf("refused: the position before '%s' cannot be rebuilt [log]\n", last);
		return;
	case GAME_UNDO_DONE:
		break;
	}
	printf("undone: %s\n", last);
	free(last);
	log_rewrite(p);
	p->d->print_pending(p->run);
}

/* ---- reading the player's lines ---- */

#ifdef ORBAT_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

/* One line without its end; NULL at the end of the input.  At a terminal
 * with libedit: line editing and a history of the session. */
static char *read_line(const char *prompt, bool tty, char **buf, size_t *cap)
{
#ifdef ORBAT_HAVE_LIBEDIT
	if (tty) {
		char *got = readline(prompt);
		if (!got)
			return NULL;
		if (*got)
			add_history(got);
		free(*buf);
		*buf = got;
		*cap = strlen(got) + 1;
		return got;
	}
#endif
	fputs(prompt, stdout);
	fflush(stdout);
	ssize_t got = getline(buf, cap, stdin);
	if (got < 0)
		return NULL;
	while (got > 0 && ((*buf)[got - 1] == '\n' || (*buf)[got - 1] == '\r'))
		(*buf)[--got] = '\0';
	/* Piped input: echo it, so the transcript reads like a session. */
	if (!tty)
		printf("%s\n", *buf);
	return *buf;
}

/* ---- resume ---- */

/* The same ceiling as check's game logs. */
#define SAVED_LOG_MAX_BYTES (32u * 1024u * 1024u)

/* Read a log written by orbat play (game_saved_read): an exit code, the
 * reason printed. */
static int saved_read(game_saved *sv, const char *path)
{
	memset(sv, 0, sizeof *sv);
	/* A file named "-": standard input carries the game. */
	const char *file = input_is_stdin(path) ? "./-" : path;
	char *text = NULL;
	size_t size = 0;
	bool too_large = false;
	const char *why = NULL;
	if (!input_read(file, SAVED_LOG_MAX_BYTES, &text, &size, &too_large, &why)) {
		fprintf(stderr, "orbat play: cannot read %s: %s\n", path, why);
		return EXIT_USAGE;
	}
	if (too_large) {
		free(text);
		fprintf(stderr, "orbat play: %s is longer than %u bytes, more than a game log may be\n", path,
			SAVED_LOG_MAX_BYTES);
		return EXIT_USAGE;
	}
	rules_error err;
	size_t line = 0;
	bool ok = game_saved_read(sv, text, size, &err, &line);
	free(text);
	if (ok)
		return EXIT_VALID;
	if (line)
		fprintf(stderr, "orbat play: %s:%zu: error: %s [%s]\n", path, line, err.message, err.rule);
	else
		fprintf(stderr, "orbat play: %s %s\n", path, err.message);
	return EXIT_INVALID;
}

/* Replay the actions of a saved log: each is completed with the same seed
 * and must come out as it was saved (same dice, same card drawn). */
static int resume_replay(play_state *p, const game_saved *sl, const char *path)
{
	rules_error err;
	size_t line = 0;
	if (game_session_resume(p->d->session_of(p->run), sl->lines, sl->count, p->s.sc->id.text, sl->seed, &err, &line))
		return EXIT_VALID;
	fprintf(stderr, "orbat play: %s:%zu: error: %s [%s]\n", path, line, err.message, err.rule);
	return EXIT_INVALID;
}

/* Whether --log names a file that holds something already (a saved game,
 * or anything else a log would replace).  A device or a pipe (/dev/null)
 * is written through, not replaced. */
static bool saved_game_exists(const char *path)
{
	struct stat sb;
	return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

typedef struct play_args {
	const char *seed;
	const char *log;
	const char *resume;
	const char *dice;
	bool all_auto;
	long max_turns;     /* 0: not given */
	const char *computer;  /* --computer SIDE: the side the computer plays */
	const char *player;    /* --player NAME */
	const char *think;     /* --think MS or Nsims: the expert's budget */
} play_args;

/* Whether the scenario has a side of that id. */
static bool has_side(const scenario *sc, const char *id)
{
	for (size_t i = 0; i < sc->side_count; i++)
		if (sc->sides[i].id.text && strcmp(sc->sides[i].id.text, id) == 0)
			return true;
	return false;
}

/* The index of the side of that id in g (a side of the scenario). */
static int side_index(game *g, const char *id)
{
	return strcmp(game_side_id(g, 0), id) == 0 ? 0 : 1;
}

static int play_run(const options *o, play_args *pa)
{
	const char *seed_text = pa->seed;
	const char *log_path = pa->log;
	const char *resume_path = pa->resume;
	const char *dice_mode = pa->dice;
	bool all_auto = pa->all_auto;
	long max_turns = pa->max_turns ? pa->max_turns : 500;
	int code;
	unsigned long long seed = (unsigned long long)time(NULL);
	code = options_seed("play", seed_text, &seed);
	if (code != EXIT_VALID)
		return code;
	code = options_think("play", pa->think);
	if (code != EXIT_VALID)
		return code;
	if (log_path && strcmp(log_path, "-") == 0)
		return options_usage("play", "--log takes a file, not '-': standard output carries the game");
	if (o->operand_count != 1)
		return options_usage("play", "name one scenario file");
	bool manual = false;
	if (dice_mode) {
		if (strcmp(dice_mode, "manual") == 0)
			manual = true;
		else if (strcmp(dice_mode, "auto") != 0)
			return options_usage("play", "--dice takes auto (orbat rolls) or manual (you roll), not '%s'", dice_mode);
	}
	lang_id lang = LANG_EN;
	if (!options_one_lang(o, &lang))
		return options_usage("play", "--lang takes one language for the card texts (en, nl or fr)");
	game_saved sl;
	memset(&sl, 0, sizeof sl);
	if (resume_path) {
		if (seed_text)
			return options_usage("play", "--resume plays on with the seed of the log; leave out --seed");
		code = saved_read(&sl, resume_path);
		if (code != EXIT_VALID) {
			game_saved_free(&sl);
			return code;
		}
		if (dice_mode && manual != sl.manual) {
			game_saved_free(&sl);
			return options_usage("play", "%s was played with the dice %s; leave out --dice", resume_path,
				sl.manual ? "typed in (--dice manual)" : "rolled by orbat");
		}
		seed = sl.seed;
		manual = sl.manual;
		if (!log_path)
			log_path = resume_path;
	}
	if (pa->log && !(resume_path && strcmp(pa->log, resume_path) == 0) && saved_game_exists(pa->log)) {
		game_saved_free(&sl);
		fprintf(stderr, "orbat play: %s already exists; orbat play does not overwrite a saved game: go on with it "
			"(orbat play --resume %s SCENARIO) or name another --log file\n", pa->log, pa->log);
		return EXIT_USAGE;
	}
	if (manual && (all_auto || pa->computer)) {
		game_saved_free(&sl);
		return options_usage("play", "%s and --dice manual do not go together: the computer cannot roll "
			"your dice", all_auto ? "--auto" : "--computer");
	}
	if (all_auto && pa->computer) {
		game_saved_free(&sl);
		return options_usage("play", "--auto plays both sides; --computer SIDE plays one: name one of them");
	}
	play_state p;
	memset(&p, 0, sizeof p);
	p.manual = manual;
	p.log_path = log_path;
	p.log_fd = -1;
	code = rules_session_load(&p.s, "play", o->ctx, o->operands[0], FORMAT_TEXT);
	/* The computer's seat gets the strongest player of the grid, as
	 * balance measures with; --auto and 'auto' alone the simple one. */
	const char *player_name = pa->player;
	if (!player_name && pa->computer && code == EXIT_VALID)
		player_name = player_strongest(p.s.rs->grid);
	const game_play_opts play = { .seed = seed, .manual = manual, .quiet = o->quiet, .lang = lang,
		.player = player_name, .seats = pa->computer != NULL, .emit = emit, .emit_ctx = &p };
	if (code == EXIT_VALID)
		code = rules_session_run(&p.s, "play", o->operands[0], &play, &p.d, &p.run);
	if (code != EXIT_VALID) {
		game_saved_free(&sl);
		return code;
	}
	if (pa->computer && !has_side(p.s.sc, pa->computer)) {
		char sides[256] = "";
		size_t len = 0;
		for (size_t i = 0; i < p.s.sc->side_count && len < sizeof sides; i++)
			len += (size_t)snprintf(sides + len, sizeof sides - len, "%s%s", i ? ", " : "",
				p.s.sc->sides[i].id.text ? p.s.sc->sides[i].id.text : "?");
		code = options_usage("play", "--computer takes a side of the scenario (%s), not '%s'", sides, pa->computer);
		game_saved_free(&sl);
		p.d->destroy(p.run);
		rules_session_close(&p.s);
		return code;
	}
	const char *scenario_id = p.s.sc->id.text ? p.s.sc->id.text : "?";
	char line[256];
	snprintf(line, sizeof line, "# orbat play %s, seed %llu%s", scenario_id, seed, manual ? ", dice manual" : "");
	game_session_keep(p.d->session_of(p.run), line, false);
	if (!game_head(p.d, p.run, &play, scenario_id)) {
		code = EXIT_INVALID;
		goto out;
	}
	if (resume_path) {
		code = resume_replay(&p, &sl, resume_path);
		if (code != EXIT_VALID)
			goto out;
	}
	if (!log_rewrite(&p)) {
		code = EXIT_USAGE;
		goto out;
	}
	printf("%s (%s), seed %llu%s.\n", p.s.sc->id.text, p.s.rs->id, seed, manual ? ", your own dice" : "");
	if (resume_path)
		printf("Resumed %s: the game goes on after its last line (%zu lines).\n", resume_path, kept(&p)->count);
	if (!game_over(game_of_run(p.d, p.run))) {
		p.d->print_turn(p.run);
		p.d->print_pending(p.run);
	}

	bool tty = isatty(STDIN_FILENO);
	char *input = NULL;
	size_t cap = 0;
	bool auto_turn = false;
	int auto_turn_of = -1;
	while (!game_over(game_of_run(p.d, p.run))) {
		/* A game whose log cannot be written stops: what the player
		 * would do next could not be kept. */
		if (p.log_failed) {
			printf("The game stops: its log cannot be written.\n");
			break;
		}
		if (auto_turn && game_at_turn_start(game_of_run(p.d, p.run)) && game_turn(game_of_run(p.d, p.run)) >= auto_turn_of)
			auto_turn = false;
		/* With --computer each side decides for itself: the side asked
		 * is the one whose decision the game waits for, in either's
		 * turn; the computer answers its own in the player's turn, and
		 * 'auto' the player's, in the computer's turn too (a square's
		 * defender after a round, a retreat, a save). */
		const char *decider = game_decider(p.d, p.run);
		bool computer_turn = pa->computer && strcmp(decider, pa->computer) == 0;
		if (all_auto || auto_turn || computer_turn) {
			if (!computer_turn && game_turn(game_of_run(p.d, p.run)) >= max_turns && game_at_turn_start(game_of_run(p.d, p.run))) {
				printf("Stopped after %ld turns.\n", max_turns);
				break;
			}
			/* 'auto' for the player's side hands the game back when the
			 * automatic player cannot go on (nothing to propose, or a
			 * pass refused: the session refuses a run of passes too):
			 * the prompt, never a loop. */
			bool for_player = !all_auto && !computer_turn;
			game_auto got = game_auto_decide(p.d, p.run, &play);
			if (got == GAME_AUTO_TAKEN)
				continue;
			if (for_player && got != GAME_AUTO_ILLEGAL) {
				printf("The computer has no move to propose for %s here: play on yourself.\n", decider);
				auto_turn = false;
				continue;
			}
			if (got == GAME_AUTO_NONE) {
				printf("The computer has nothing to propose: the game stops here.\n");
			} else {
				if (got == GAME_AUTO_STUCK)
					fprintf(stderr, "orbat play: the automatic player passed where %s must decide\n", decider);
				code = EXIT_INTERNAL;
			}
			break;
		}
		char prompt[80];
		snprintf(prompt, sizeof prompt, "%s> ", decider);
		char *got = read_line(prompt, tty, &input, &cap);
		if (!got) {
			printf("\n");
			break;
		}
		char word[32] = "";
		sscanf(got, "%31s", word);
		if (!word[0] || word[0] == '#')
			continue;
		if (strcmp(word, "quit") == 0 || strcmp(word, "exit") == 0)
			break;
		if (strcmp(word, "help") == 0) {
			p.d->print_help(p.run);
			continue;
		}
		if (strcmp(word, "board") == 0) {
			game_print_board(p.d, p.run, false);
			continue;
		}
		if (strcmp(word, "undo") == 0) {
			undo(&p);
			continue;
		}
		if (strcmp(word, "pass") == 0) {
			game_pass(p.d, p.run);
			continue;
		}
		if (strcmp(word, "hint") == 0) {
			game *g = game_of_run(p.d, p.run);
			expert_think think = expert_think_get();
			play_hint(g, pa->computer ? 1 - side_index(g, pa->computer) : GAME_NO_SIDE, pa->think ? &think : NULL,
				seed, kept(&p)->count);
			continue;
		}
		if (strcmp(word, "auto") == 0) {
			if (p.manual) {
				printf("refused: with --dice manual the computer cannot roll your dice; play the turn yourself [log]\n");
				continue;
			}
			/* The computer plays the rest of this turn (all of it at its
			 * start). */
			auto_turn = true;
			auto_turn_of = game_at_turn_start(game_of_run(p.d, p.run)) ? game_turn(game_of_run(p.d, p.run)) + 1 : game_turn(game_of_run(p.d, p.run));
			continue;
		}
		/* The driver's own words (hand, card, the questions), else an
		 * action. */
		if (!game_command(p.d, p.run, got, word))
			game_take(p.d, p.run, &play, got);
	}
	free(input);
	if (game_over(game_of_run(p.d, p.run)))
		printf("The game is over.\n");
	p.d->print_result(p.run, false);
	if (p.log_failed)
		code = code == EXIT_VALID ? EXIT_USAGE : code;
out:
	if (p.log_fd >= 0 && close(p.log_fd) != 0 && !p.log_failed) {
		log_error(&p, strerror(errno));
		code = code == EXIT_VALID ? EXIT_USAGE : code;
	}
	p.d->destroy(p.run);
	rules_session_close(&p.s);
	game_saved_free(&sl);
	return code;
}

COMMAND(play, "solo play in the terminal: deals, rolls and referees", play_args,
	.common = OPTIONS_QUIET | OPTIONS_LANG,
	.own = {
		{ "seed", OPTIONS_STRING, offsetof(play_args, seed), .what = "a whole number" },
		{ "log", OPTIONS_STRING, offsetof(play_args, log), .what = "a file" },
		{ "resume", OPTIONS_STRING, offsetof(play_args, resume), .what = "a game log" },
		{ "dice", OPTIONS_STRING, offsetof(play_args, dice), .what = "auto or manual" },
		{ "auto", OPTIONS_FLAG, offsetof(play_args, all_auto) },
		{ "max-turns", OPTIONS_INT, offsetof(play_args, max_turns), 1, 1000000, .what = "a number" },
		{ "computer", OPTIONS_STRING, offsetof(play_args, computer), .what = "a side's id" },
		{ "player", OPTIONS_STRING, offsetof(play_args, player), .what = "a player's name" },
		{ "think", OPTIONS_STRING, offsetof(play_args, think), .what = "milliseconds or Nsims" },
	});
