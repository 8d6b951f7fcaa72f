/* orbat balance FILE: is a scenario fair?  Plays many seeded games
 * between two named computer players (rules/match.h) on every core and
 * reports each side's wins with their 95 % intervals, the games without a
 * winner, the spread of game length and winning margin, and a three-way
 * verdict (balanced, favoured, inconclusive with the games that would
 * settle it), warned when too many games end without a winner -- as text,
 * one JSON document, or a one-page PDF (render/balancereport.h).  With the
 * default player it also plays the games with the plainer player and says
 * when the two verdicts disagree: the balance then depends on skill; an
 * opt-in player (expert) is compared with the default player the same
 * way.  --suggest adds the balance lab (rules/balance_suggest.h): the
 * nearest changes that would make the scenario even, each played on the
 * run's seeds.
 * The statistics are rules/balance.h's and the report's words
 * rules/balance_words.h's, the games are played on every core by
 * rules/balance_play.h; this file reads the options and the players' names
 * and prints the report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/outdir.h"
#include "../base/util.h"
#include "../rules/balance.h"
#include "../rules/balance_suggest.h"
#include "../rules/balance_words.h"
#include "../rules/match.h"
#include "../rules/players.h"
#include "../text/context.h"
#include "../text/strings.h"
#include "command.h"
#include "options.h"
#include "rules_cli.h"

static void balance_help(FILE *out)
{
	fputs("Usage: orbat balance [OPTIONS] FILE\n"
	      "\n"
	      "Is the scenario fair?  The computer plays it many times against\n"
	      "itself, with seeded dice and cards, and reports how often each side\n"
	      "wins (with a 95% confidence interval), the games without a winner,\n"
	      "how long the games last, by how much they are won, and a verdict on\n"
	      "the first side's share of the decided games: balanced (its whole\n"
	      "95% interval within 45-55%), favoured (the interval wholly on one\n"
	      "side of 50%: which side, by how much) or inconclusive (with the\n"
	      "games that would settle it).  More than 5% of games without a\n"
	      "winner is a warning.  With the default players the report also\n"
	      "gives the verdict of simple on both sides, and says when the two\n"
	      "disagree; --players expert gives the default player's beside its\n"
	      "own.  The same seed gives the same report, on any number of\n"
	      "cores.\n"
	      "\n", out);
	fputs("Options:\n"
	      "  --games N          games to play (default 1000; an odd number is\n"
	      "                     rounded up when two players play pairs)\n"
	      "  --players A[,B]    the computer players: A on both sides, or A\n"
	      "                     against B in pairs of games, each seed played\n"
	      "                     twice with the seats swapped (default: strong\n"
	      "                     where it plays the scenario's grid, compared\n"
	      "                     with simple; else simple)\n"
	      "  --seed S           seed of the run (default 1): game i is seeded\n"
	      "                     from S and i alone\n"
	      "  --max-turns N      stop a game after N turns (default 500); such a\n"
	      "                     game is counted apart, never as a result\n"
	      "  --suggest          also try the nearest changes that would make the\n"
	      "                     scenario even -- each side's victory target (+-1,\n"
	      "                     +-2) and hand size (+-1), the other side first;\n"
	      "                     on the square board the first side only -- each\n"
	      "                     played on the same seeds as the run, and list\n"
	      "                     them nearest and most even first with the first\n"
	      "                     side's share, its interval and the verdict (the\n"
	      "                     file is never changed)\n"
	      "  --think MS         the expert player's time a turn in milliseconds\n"
	      "                     (default 1000), or Nsims: N simulations a turn\n"
	      "  --logs DIR         also write every game played as a game log, one\n"
	      "                     file a game, DIR/SCENARIO-sSEED-gNNNN.log (the\n"
	      "                     games of the comparison with the other player:\n"
	      "                     SCENARIO-sSEED-PLAYER-gNNNN.log), which orbat\n"
	      "                     check replays; DIR is made when missing, a file\n"
	      "                     there is never overwritten; with --suggest only\n"
	      "                     the games of the scenario as given are written\n"
	      "  --progress         say on standard error how many games are played,\n"
	      "                     each time a block of them is back\n"
	      "  -j, --jobs N       processes playing at once (default: the processors\n"
	      "                     online; 1 plays in this process)\n"
	      "  --format FORMAT    text (default), json (one document on standard\n"
	      "                     output) or pdf (a one-page report, written to\n"
	      "                     DIR/SCENARIO/LANG/balance.pdf)\n"
	      "  -o, --output DIR   where the PDF goes (default output/)\n"
	      "  --paper a4|letter  paper of the PDF (default: the system's)\n"
	      "  --lang LANG        language of the report: en (default), nl or fr\n"
	      "  -q, --quiet        do not list the PDF written\n"
	      "  -h, --help         show this help\n"
	      "\n"
	      "Examples:\n"
	      "  orbat balance scenarios/shiloh.xml\n"
	      "  orbat balance --games 1000 --players simple scenarios/mb-1861.xml\n"
	      "  orbat balance --players strong,simple --format json my-scenario.xml\n"
	      "  orbat balance --suggest --games 400 my-scenario.xml\n"
	      "  orbat balance --players expert --think 200sims --games 100 my-scenario.xml\n"
	      "  orbat balance --players expert@400sims,expert@40sims my-scenario.xml\n"
	      "  orbat balance --format pdf --lang fr -o prints my-scenario.xml\n"
	      "  orbat balance --players simple --games 10 --logs games scenarios/shiloh.xml\n"
	      "\n"
	      "Exit status: 0 the report is made; 1 the scenario is invalid; 2 usage\n"
	      "error, an unknown player, a ruleset whose games cannot be played, a\n"
	      "PDF or a game log that cannot be written, or a game log already\n"
	      "there; 3 internal error (a computer player proposed an illegal\n"
	      "action: a bug, reported with its game and seed) or broken\n"
	      "installation.\n", out);
}

typedef struct balance_args {
	long games;
	const char *players;
	const char *seed;
	long max_turns;
	const char *think;
	bool progress;
	bool suggest;
	const char *logs;
} balance_args;

/* --progress: the games of every run (the players', the other player's,
 * the lab's changes) counted as one run, one line a block. */
typedef struct balance_progress {
	size_t before;             /* games of the runs finished already */
	size_t total;              /* games of every run */
	size_t last;               /* the count of the run playing now */
} balance_progress;

static void progress_line(void *ctx, size_t played, size_t games)
{
	balance_progress *p = ctx;
	(void)games;
	/* A run counts again from its first block: the one before it, a
	 * change of the lab, is done. */
	if (played <= p->last)
		p->before += p->last;
	p->last = played;
	fprintf(stderr, "orbat balance: %zu of %zu games played\n", p->before + played, p->total);
	fflush(stderr);
}

static const char *const BALANCE_FORMATS[] = { "text", "json", "pdf", NULL };
enum { OUT_TEXT, OUT_JSON, OUT_PDF };

/* The one-page report, written where the options say; an exit status. */
static int write_pdf(const balance_words *w, const balance_report *r, bool default_players, const options *o)
{
	balance_pdf_opts opts = { .output_dir = o->output, .paper = o->paper, .default_players = default_players,
		.scenario_file = o->operands[0], .list = o->quiet ? NULL : stdout };
	char *error = NULL;
	balance_pdf_status st = balance_words_save(o->ctx, w, r, &opts, &error);
	if (st != BALANCE_PDF_WRITTEN)
		fprintf(stderr, "orbat balance: %s\n", error);
	free(error);
	switch (st) {
	case BALANCE_PDF_WRITTEN:
		return EXIT_VALID;
	case BALANCE_PDF_UNKNOWN_PAPER:
	case BALANCE_PDF_WRITE_FAILED:
		return EXIT_USAGE;
	default:
		return EXIT_INTERNAL;
	}
}

/* --logs DIR: the folder made, the names of each run's logs set, and no
 * file there that a game would overwrite; an exit status (2 with the
 * reason said when the folder cannot be made or a log is there). */
static int prepare_logs(const char *dir, const scenario *sc, balance_plan *br, balance_plan *other)
{
	char *error = NULL;
	if (!outdir_make_dirs(NULL, dir, &error)) {
		fprintf(stderr, "orbat balance: %s\n", error);
		free(error);
		return EXIT_USAGE;
	}
	balance_plan *plans[2] = { br, other };
	for (int k = 0; k < 2 && plans[k]; k++) {
		plans[k]->log_dir = dir;
		plans[k]->log_stem = balance_log_stem(sc->id.text, br->seed, k ? plans[k]->names[0] : NULL);
		if (!balance_logs_free(plans[k], &error)) {
			fprintf(stderr, "orbat balance: %s\n", error);
			free(error);
			return EXIT_USAGE;
		}
	}
	return EXIT_VALID;
}

/* ---- the command ---- */

/* The players of --players: "A" or "A,B"; the default the strongest that
 * plays the grid. */
static int parse_players(const char *text, grid_kind grid, char names[2][64])
{
	if (!text) {
		const char *name = player_strongest(grid);
		snprintf(names[0], 64, "%s", name);
		snprintf(names[1], 64, "%s", name);
		return EXIT_VALID;
	}
	const char *comma = strchr(text, ',');
	size_t len = comma ? (size_t)(comma - text) : strlen(text);
	if (len == 0 || len >= 64 || (comma && (!comma[1] || strchr(comma + 1, ',') || strlen(comma + 1) >= 64)))
		return options_usage("balance", "--players takes one player or two, as NAME or NAME,NAME, not '%s'", text);
	snprintf(names[0], 64, "%.*s", (int)len, text);
	snprintf(names[1], 64, "%.63s", comma ? comma + 1 : names[0]);
	return EXIT_VALID;
}

/* The player a run is compared with: with the default players, the plain
 * player, when the default is another one; with one opt-in player named
 * (expert, too slow to be the default), the default player.  NULL when
 * there is none to compare with. */
static const char *other_player(const char *players, const char *name, grid_kind grid)
{
	const player_kind *kind = player_kind_find(name);
	const char *other = NULL;
	if (!players)
		other = PLAYER_DEFAULT;
	else if (!strchr(players, ',') && kind && kind->opt_in)
		other = player_strongest(grid);
	const player_kind *ok = other ? player_kind_find(other) : NULL;
	if (!ok || strcmp(name, other) == 0 || !player_kind_on(ok, grid))
		return NULL;
	return other;
}

static int balance_run(const options *o, balance_args *a)
{
	unsigned long long seed = 1;
	int code = options_seed("balance", a->seed, &seed);
	if (code != EXIT_VALID)
		return code;
	code = options_think("balance", a->think);
	if (code != EXIT_VALID)
		return code;
	lang_id lang = LANG_EN;
	if (!options_one_lang(o, &lang))
		return options_usage("balance", "--lang takes one language for the report (en, nl or fr)");
	int format = o->format;
	rules_session s;
	code = rules_session_load(&s, "balance", o->ctx, o->operands[0], format == OUT_JSON ? FORMAT_JSON : FORMAT_TEXT);
	if (code != EXIT_VALID)
		return code;
	rules_error why;
	rules_error_clear(&why);
	match *m = match_open(s.sc, s.rs, &why);
	if (!m) {
		fprintf(stderr, "orbat balance: %s uses ruleset %s: %s\n", o->operands[0], s.rs->id, why.message);
		rules_session_close(&s);
		return EXIT_USAGE;
	}
	char names[2][64];
	balance_plan br = { .m = m, .names = { names[0], names[1] }, .seed = seed,
		.max_turns = a->max_turns ? a->max_turns : BALANCE_MAX_TURNS };
	size_t asked = a->games ? (size_t)a->games : BALANCE_DEFAULT_GAMES;
	/* The default players are also measured against the other player:
	 * the same seeds, the same number of games. */
	balance_plan other_plan = br;
	balance_plan *other = NULL;
	const string_table *strings = NULL;
	code = parse_players(a->players, match_grid(m), names);
	if (code == EXIT_VALID) {
		br.differ = strcmp(names[0], names[1]) != 0;
		br.games = balance_run_games(asked, br.differ);
		match_opts check = { .players = { names[0], names[1] } };
		if (!match_players_ok(m, &check, &why)) {
			fprintf(stderr, "orbat balance: %s\n", why.message);
			code = EXIT_USAGE;
		}
		const char *plain = code == EXIT_VALID ? other_player(a->players, names[0], match_grid(m)) : NULL;
		if (plain) {
			other_plan = br;
			other_plan.names[0] = other_plan.names[1] = plain;
			other = &other_plan;
		}
	}
	if (code == EXIT_VALID) {
		diag_sink sink;
		diag_sink_init(&sink);
		strings = strings_of(o->ctx, &sink);
		if (!strings)
			code = cli_data_broken("balance", &sink);
		diag_sink_finish(&sink);
	}
	/* The lab's changes, made and checked before any game is played, so
	 * that --progress knows every game to come. */
	if (code == EXIT_VALID && a->logs)
		code = prepare_logs(a->logs, s.sc, &br, other);
	balance_progress told = { 0, br.games + (other ? other->games : 0), 0 };
	balance_lab lab = { .base = &br, .scenario_file = o->operands[0], .data_dir = context_data_dir(o->ctx),
		.rs = s.rs, .workers = o->jobs, .who = "orbat balance", .errors = stderr };
	balance_suggestions suggest = { 0 };
	char *error = NULL;
	if (code == EXIT_VALID && a->suggest) {
		if (balance_suggest_prepare(&lab, &suggest, &error))
			told.total += suggest.count * br.games;
		else
			code = EXIT_INTERNAL;
	}
	if (a->progress) {
		br.progress = other_plan.progress = lab.progress = progress_line;
		br.progress_ctx = other_plan.progress_ctx = lab.progress_ctx = &told;
	}
	/* A game that broke the rules is a bug: said, exit status 3; a log
	 * that could not be written is the disk's or the folder's: 2. */
	if (code == EXIT_VALID && !balance_play(&br, o->jobs, "orbat balance", stderr))
		code = br.log_failed ? EXIT_USAGE : EXIT_INTERNAL;
	told.before = br.games;
	told.last = 0;
	if (code == EXIT_VALID && other && !balance_play(other, o->jobs, "orbat balance", stderr))
		code = other->log_failed ? EXIT_USAGE : EXIT_INTERNAL;
	told.before += other ? other->games : 0;
	told.last = 0;
	if (code == EXIT_VALID && a->suggest && !balance_suggest_play(&lab, &suggest, &error))
		code = EXIT_INTERNAL;
	if (error)
		fprintf(stderr, "orbat balance: internal error: %s\n", error);
	free(error);
	if (code == EXIT_VALID) {
		balance_words w = { strings, lang, s.sc, s.rs, m };
		balance_report report = { &br, other, a->suggest ? &suggest : NULL, a->think };
		if (format == OUT_TEXT)
			balance_words_text(stdout, &w, &report);
		else if (format == OUT_JSON)
			balance_words_json(stdout, &w, &report);
		else
			code = write_pdf(&w, &report, a->players == NULL, o);
	}
	balance_suggestions_finish(&suggest);
	free((char *)br.log_stem);
	if (other)
		free((char *)other->log_stem);
	balance_plan_finish(&br);
	balance_plan_finish(&other_plan);
	match_close(m);
	rules_session_close(&s);
	return outdir_finish_stdout("balance", code);
}

static const options_operands BALANCE_OPERANDS = { 1, 1, "name one scenario file" };

COMMAND(balance, "is a scenario fair? many computer games and a verdict", balance_args,
	.common = OPTIONS_FORMAT | OPTIONS_LANG | OPTIONS_PAPER | OPTIONS_OUTPUT | OPTIONS_QUIET | OPTIONS_JOBS,
	.formats = BALANCE_FORMATS,
	.operands = &BALANCE_OPERANDS,
	.own = {
		{ "games", OPTIONS_INT, offsetof(balance_args, games), 1, 1000000, .what = "a number of games" },
		{ "players", OPTIONS_STRING, offsetof(balance_args, players), .what = "NAME or NAME,NAME" },
		{ "seed", OPTIONS_STRING, offsetof(balance_args, seed), .what = "a whole number" },
		{ "max-turns", OPTIONS_INT, offsetof(balance_args, max_turns), 1, 1000000, .what = "a number of turns" },
		{ "think", OPTIONS_STRING, offsetof(balance_args, think), .what = "milliseconds or Nsims" },
		{ "progress", OPTIONS_FLAG, offsetof(balance_args, progress) },
		{ "suggest", OPTIONS_FLAG, offsetof(balance_args, suggest) },
		{ "logs", OPTIONS_STRING, offsetof(balance_args, logs), .what = "a folder" },
	});
