/* orbat play FILE [--seed N] [--log FILE]: solo play in the terminal.  It
 * deals the hands from the ruleset's deck, draws the board as text, reads
 * the actions of the game-log format on standard input (without dice
 * faces or the card drawn: it rolls and deals them with its own seeded
 * generator), refuses illegal actions with the reason, announces victory
 * and writes the game log, which `orbat check` accepts. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../base/outdir.h"
#include "../base/util.h"
#include "../cli/command.h"
#include "../cli/options.h"
#include "autoplay.h"
#include "rng.h"
#include "rules_cli.h"
#include "textboard.h"

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
	      "Other commands: board, hand, auto (the computer plays the rest of the\n"
	      "turn), help, quit.  Hex rulesets only: the games of mb-remastered cannot\n"
	      "be refereed yet.\n"
	      "\n"
	      "Options:\n"
	      "  --seed N        seed of the dice and the deck (default: from the clock,\n"
	      "                  printed and written into the log)\n"
	      "  --log FILE      write the game log to FILE (at the end, atomically)\n"
	      "  --auto          the computer plays both sides (a simple player)\n"
	      "  --max-turns N   with --auto, stop after N turns (default 500)\n"
	      "  -q, --quiet     print only the actions and the result, no board\n"
	      "  -h, --help      show this help\n"
	      "\n"
	      "Example:\n"
	      "  orbat play --auto --seed 7 --log game.log scenarios/shiloh.xml\n"
	      "\n"
	      "Exit status: 0 the game ended or the input did; 1 the scenario is\n"
	      "invalid; 2 usage error, the log cannot be written, or a ruleset whose\n"
	      "games cannot be refereed; 3 internal error or broken installation.\n", out);
}

typedef struct play_state {
	rules_session s;
	referee *r;
	rng rnd;
	/* The automatic player's own choices (cards, ties) come from a
	 * generator of their own, so the dice and cards of a game depend only
	 * on the seed and the actions: an --auto game typed back gives the
	 * same game. */
	rng choice;
	autoplay ap;
	char **lines;
	size_t line_count, line_cap;
	bool quiet;
} play_state;

static void emit(play_state *p, const char *line)
{
	grow_array((void **)&p->lines, &p->line_cap, p->line_count + 1, sizeof *p->lines);
	p->lines[p->line_count++] = xstrdup(line);
}

static int roll_face(const game *g, rng *rnd)
{
	int total = 0;
	for (size_t i = 0; i < g->rs->face_count; i++)
		total += g->rs->faces[i].count;
	if (total <= 0)
		return 0;
	int n = (int)rng_below(rnd, (uint32_t)total);
	for (size_t i = 0; i < g->rs->face_count; i++) {
		if (n < g->rs->faces[i].count)
			return (int)i;
		n -= g->rs->faces[i].count;
	}
	return 0;
}

static void print_hand(const play_state *p, int side)
{
	const game *g = p->r->g;
	const referee_hand *h = &p->r->hands[side];
	printf("Hand of %s:", g->sides[side].id);
	for (int i = 0; i < h->count; i++) {
		char name[80];
		printf(" %s", deck_format(g->rs, h->cards[i], name, sizeof name));
	}
	printf("\n");
}

static void print_turn(const play_state *p)
{
	const referee *r = p->r;
	const game *g = r->g;
	if (!p->quiet) {
		char *board = textboard_board(g);
		fputs(board, stdout);
		free(board);
	}
	printf("Turn %d: %s to play (%s %d, %s %d of %d).\n", r->turn + 1, g->sides[r->side].id, g->sides[0].id,
		game_score(g, 0), g->sides[1].id, game_score(g, 1), g->sides[r->side].target);
	print_hand(p, r->side);
}

static void print_pending(const play_state *p)
{
	const referee *r = p->r;
	const game *g = r->g;
	const referee_battle *b = &r->battle;
	if (!b->active)
		return;
	const char *t = game_ref_id(g, b->target), *w = game_ref_id(g, b->retreater);
	switch (b->step) {
	case STEP_SAVE:
		printf("  next: save %s (%d saving %s)\n", t, b->count.savable, b->count.savable == 1 ? "die" : "dice");
		break;
	case STEP_DEFEND:
		printf("  may: defend %s (defensive roll), or go on\n", t);
		break;
	case STEP_FLAGSAVE:
		printf("  may: flagsave %s (a saving die per flag), or go on\n", w);
		break;
	case STEP_RETREAT:
		printf("  next: retreat %s HEX... (%d %s toward its home edge)\n", w, b->retreat_hexes,
			b->retreat_hexes == 1 ? "hex" : "hexes");
		break;
	case STEP_GAIN:
		printf("  may: gain %s (take the ground), or go on\n", g->units[b->attacker].id);
		break;
	default:
		break;
	}
}

static bool rolls_dice(gl_kind k)
{
	return k == ACT_BATTLE || k == ACT_SAVE || k == ACT_DEFEND || k == ACT_FLAGSAVE;
}

/* Fill in what orbat play decides: the side, the dice, the card drawn.
 * False with the reason when the action cannot be completed. */
static bool complete(play_state *p, gl_action *a, bool automatic, referee_error *err)
{
	referee *r = p->r;
	const game *g = r->g;
	switch (a->kind) {
	case ACT_FORMAT:
	case ACT_SCENARIO:
	case ACT_SEED:
	case ACT_FIRST:
	case ACT_HAND:
		snprintf(err->rule, sizeof err->rule, "log");
		snprintf(err->message, sizeof err->message, "orbat play writes the head of the log itself");
		return false;
	default:
		break;
	}
	if ((a->kind == ACT_PLAY || a->kind == ACT_DISCARD || a->kind == ACT_DRAW) && !a->side && r->side >= 0)
		a->side = xstrdup(g->sides[r->side].id);
	if (rolls_dice(a->kind)) {
		if (a->faces_given && !automatic) {
			snprintf(err->rule, sizeof err->rule, "log");
			snprintf(err->message, sizeof err->message, "orbat play rolls the dice itself: leave out ': FACES'");
			return false;
		}
		int n;
		if (!referee_dice_needed(r, a, &n, err))
			return false;
		a->faces_given = true;
		a->face_count = (size_t)n;
		a->faces = xcalloc((size_t)n + 1, sizeof *a->faces);
		for (int i = 0; i < n; i++)
			a->faces[i] = xstrdup(g->rs->faces[roll_face(g, &p->rnd)].id);
	}
	if (a->kind == ACT_DRAW) {
		if (a->card && !automatic) {
			snprintf(err->rule, sizeof err->rule, "log");
			snprintf(err->message, sizeof err->message, "orbat play deals the card itself: write 'draw'");
			return false;
		}
		/* The card played goes to the discard pile first (§9 step 5). */
		deck_pool trial = r->pool;
		trial.draw = xmalloc(((size_t)r->pool.kinds + 1) * sizeof *trial.draw);
		trial.discard = xmalloc(((size_t)r->pool.kinds + 1) * sizeof *trial.discard);
		memcpy(trial.draw, r->pool.draw, (size_t)r->pool.kinds * sizeof *trial.draw);
		memcpy(trial.discard, r->pool.discard, (size_t)r->pool.kinds * sizeof *trial.discard);
		if (r->has_current)
			deck_pool_discard(&trial, r->current.played);
		deck_card c;
		bool ok = deck_pool_pick(&trial, &p->rnd, &c);
		free(trial.draw);
		free(trial.discard);
		if (!ok) {
			snprintf(err->rule, sizeof err->rule, "%s", "log");
			snprintf(err->message, sizeof err->message, "the deck is empty");
			return false;
		}
		char name[80];
		free(a->card);
		a->card = xstrdup(deck_format(g->rs, c, name, sizeof name));
	}
	return true;
}

static bool apply_header(play_state *p, const char *line)
{
	gl_action a;
	bool empty;
	char why[400];
	referee_error err;
	if (!gamelog_parse_line(line, 0, &a, &empty, why, sizeof why))
		return false;
	bool ok = referee_apply(p->r, &a, &err);
	if (!ok)
		fprintf(stderr, "orbat play: %s: %s [%s]\n", line, err.message, err.rule);
	gamelog_action_finish(&a);
	if (ok)
		emit(p, line);
	return ok;
}

static bool deal(play_state *p)
{
	game *g = p->r->g;
	char line[4096];
	if (g->first_side < 0) {
		/* §9 noord-zuid: both roll, the higher chooses; here the dice
		 * choose. */
		snprintf(line, sizeof line, "first %s", g->sides[rng_below(&p->rnd, 2)].id);
		if (!apply_header(p, line))
			return false;
	}
	deck_pool trial = p->r->pool;
	trial.draw = xmalloc(((size_t)trial.kinds + 1) * sizeof *trial.draw);
	trial.discard = xmalloc(((size_t)trial.kinds + 1) * sizeof *trial.discard);
	memcpy(trial.draw, p->r->pool.draw, (size_t)trial.kinds * sizeof *trial.draw);
	memcpy(trial.discard, p->r->pool.discard, (size_t)trial.kinds * sizeof *trial.discard);
	bool ok = true;
	for (int s = 0; s < GAME_SIDES && ok; s++) {
		size_t len = (size_t)snprintf(line, sizeof line, "hand %s", g->sides[s].id);
		for (int i = 0; i < g->sides[s].hand_size && ok; i++) {
			deck_card c;
			ok = deck_pool_pick(&trial, &p->rnd, &c) && deck_pool_take(&trial, c);
			char name[80];
			if (ok && len < sizeof line - 100)
				len += (size_t)snprintf(line + len, sizeof line - len, " %s", deck_format(g->rs, c, name, sizeof name));
		}
		ok = ok && apply_header(p, line);
	}
	free(trial.draw);
	free(trial.discard);
	return ok;
}

/* Under a temporary name renamed into place when whole, so that a full
 * disk or a killed run never leaves half a log; a device such as
 * /dev/stdout is written directly. */
static bool write_log(const play_state *p, const char *path)
{
	char *error = NULL;
	outfile *f = outfile_create(path, &error);
	for (size_t i = 0; f && i < p->line_count; i++)
		if (!outfile_puts(f, p->lines[i]) || !outfile_puts(f, "\n"))
			break;
	if (!f || !outfile_finish(f, true, &error)) {
		fprintf(stderr, "orbat play: %s\n", error);
		free(error);
		return false;
	}
	return true;
}

static void print_result(const play_state *p)
{
	const game *g = p->r->g;
	const char *points = g->gaps->saving_rolls ? "victory points" : "victory flags";
	for (int s = 0; s < GAME_SIDES; s++)
		printf("%s: %d of %d %s\n", g->sides[s].id, game_score(g, s), g->sides[s].target, points);
	if (g->winner >= 0)
		printf("Victory: %s wins on turn %d.\n", g->sides[g->winner].id, p->r->turn);
	else
		printf("The game stops on turn %d without a winner.\n", p->r->turn);
}

/* One action: complete, apply, record.  Returns false when refused. */
static bool take(play_state *p, gl_action *a, bool automatic)
{
	referee *r = p->r;
	referee_error err;
	if (!complete(p, a, automatic, &err) || !referee_apply(r, a, &err)) {
		printf("refused: %s [%s]\n", err.message, err.rule);
		return false;
	}
	char *line = gamelog_format(a);
	emit(p, line);
	printf("%s %s\n", automatic ? "auto:" : "ok:", line);
	free(line);
	if (r->battle.note[0] && (a->kind == ACT_BATTLE || a->kind == ACT_SAVE || a->kind == ACT_DEFEND ||
		a->kind == ACT_FLAGSAVE || a->kind == ACT_RETREAT || a->kind == ACT_GAIN)) {
		printf("  %s\n", r->battle.note);
		r->battle.note[0] = '\0';
	}
	print_pending(p);
	if (r->phase == PHASE_START && a->kind == ACT_DRAW)
		print_turn(p);
	return true;
}

static int play_run(int argc, char **argv)
{
	const char *seed_text = NULL;
	const char *log_path = NULL;
	bool all_auto = false;
	long max_turns = 500;
	const options_own own[] = {
		{ "seed", OPTIONS_STRING, .to.string = &seed_text, .what = "a whole number" },
		{ "log", OPTIONS_STRING, .to.string = &log_path, .what = "a file" },
		{ "auto", OPTIONS_FLAG, .to.flag = &all_auto },
		{ "max-turns", OPTIONS_INT, .to.number = &max_turns, .min = 1, .max = 1000000, .what = "a number" },
		{ NULL },
	};
	const options_spec spec = {
		.common = OPTIONS_QUIET,
		.own = own,
	};
	options o;
	int code = options_parse(&o, &command_play, &spec, argc, argv);
	if (code >= 0)
		return code;
	unsigned long long seed = (unsigned long long)time(NULL);
	if (seed_text) {
		char *end = NULL;
		errno = 0;
		seed = strtoull(seed_text, &end, 10);
		if (errno || !end || *end || seed_text[0] < '0' || seed_text[0] > '9')
			return options_usage("play", "--seed takes a whole number, not '%s'", seed_text);
	}
	if (log_path && strcmp(log_path, "-") == 0)
		return options_usage("play", "--log takes a file, not '-': standard output carries the game");
	if (o.operand_count != 1)
		return options_usage("play", "name one scenario file");
	bool quiet = o.quiet;
	play_state p;
	memset(&p, 0, sizeof p);
	p.quiet = quiet;
	code = rules_session_open(&p.s, "play", o.operands[0], FORMAT_TEXT);
	if (code != EXIT_VALID)
		return code;
	p.r = referee_create(p.s.g);
	rng_seed(&p.rnd, seed);
	rng_seed(&p.choice, seed ^ 0x9e3779b97f4a7c15ULL);
	autoplay_init(&p.ap);
	char line[256];
	snprintf(line, sizeof line, "# orbat play %s, seed %llu", p.s.g->scenario_id ? p.s.g->scenario_id : "?", seed);
	emit(&p, line);
	emit(&p, "orbat-game-log 1");
	snprintf(line, sizeof line, "scenario %s", p.s.g->scenario_id ? p.s.g->scenario_id : "?");
	apply_header(&p, line);
	snprintf(line, sizeof line, "seed %llu", seed);
	apply_header(&p, line);
	if (!deal(&p)) {
		fputs("orbat play: the deck cannot deal the hands the scenario asks for\n", stderr);
		code = EXIT_INVALID;
		goto out;
	}
	printf("%s (%s), seed %llu.\n", p.s.g->scenario_id, p.s.g->rs->id, seed);
	print_turn(&p);

	char *input = NULL;
	size_t cap = 0;
	bool auto_turn = false;
	int auto_turn_of = -1;
	while (p.r->phase != PHASE_OVER) {
		if (auto_turn && p.r->phase == PHASE_START && p.r->turn >= auto_turn_of)
			auto_turn = false;
		bool automatic = all_auto || auto_turn;
		gl_action a;
		if (automatic) {
			if (p.r->turn >= max_turns && p.r->phase == PHASE_START) {
				printf("Stopped after %ld turns.\n", max_turns);
				break;
			}
			if (!autoplay_next(p.r, &p.ap, &p.choice, &a))
				break;
			if (!take(&p, &a, true)) {
				char *text = gamelog_format(&a);
				fprintf(stderr, "orbat play: the automatic player proposed an illegal action: %s\n", text);
				free(text);
				gamelog_action_finish(&a);
				code = EXIT_INTERNAL;
				break;
			}
			gamelog_action_finish(&a);
			continue;
		}
		printf("%s> ", p.s.g->sides[p.r->side].id);
		fflush(stdout);
		ssize_t got = getline(&input, &cap, stdin);
		if (got < 0) {
			printf("\n");
			break;
		}
		while (got > 0 && (input[got - 1] == '\n' || input[got - 1] == '\r'))
			input[--got] = '\0';
		/* Piped input: echo it, so the transcript reads like a session. */
		if (!isatty(STDIN_FILENO))
			printf("%s\n", input);
		char word[32] = "";
		sscanf(input, "%31s", word);
		if (!word[0] || word[0] == '#')
			continue;
		if (strcmp(word, "quit") == 0 || strcmp(word, "exit") == 0)
			break;
		if (strcmp(word, "help") == 0) {
			play_help(stdout);
			continue;
		}
		if (strcmp(word, "board") == 0) {
			char *board = textboard_board(p.s.g);
			char *roster = textboard_roster(p.s.g);
			fputs(board, stdout);
			fputs(roster, stdout);
			free(board);
			free(roster);
			continue;
		}
		if (strcmp(word, "hand") == 0) {
			print_hand(&p, p.r->side);
			continue;
		}
		if (strcmp(word, "auto") == 0) {
			/* The computer plays the rest of this turn (all of it at its
			 * start). */
			auto_turn = true;
			auto_turn_of = p.r->phase == PHASE_START ? p.r->turn + 1 : p.r->turn;
			continue;
		}
		bool empty;
		char why[400];
		if (!gamelog_parse_line(input, 0, &a, &empty, why, sizeof why)) {
			printf("error: %s [log]\n", why);
			continue;
		}
		if (empty)
			continue;
		take(&p, &a, false);
		gamelog_action_finish(&a);
	}
	free(input);
	if (p.r->phase == PHASE_OVER)
		printf("The game is over.\n");
	print_result(&p);
	if (log_path && !write_log(&p, log_path))
		code = code == EXIT_VALID ? EXIT_USAGE : code;
out:
	for (size_t i = 0; i < p.line_count; i++)
		free(p.lines[i]);
	free(p.lines);
	referee_destroy(p.r);
	rules_session_close(&p.s);
	return code;
}

const command command_play = {
	.name = "play",
	.summary = "solo play in the terminal: deals, rolls and referees",
	.run = play_run,
	.help = play_help,
};
