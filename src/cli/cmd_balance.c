/* orbat balance FILE: is a scenario fair?  Plays many seeded games
 * between two named computer players (rules/match.h) on every core and
 * reports each side's wins with their 95 % intervals, the games without a
 * winner, the spread of game length and winning margin, and a three-way
 * verdict (balanced, favoured, inconclusive with the games that would
 * settle it), warned when too many games end without a winner -- as text,
 * one JSON document, or a one-page PDF (render/balancereport.h).  With the
 * default player it also plays the games with the plainer player and says
 * when the two verdicts disagree: the balance then depends on skill.
 * The statistics are rules/balance.h's; this file runs the games, phrases
 * the figures in the chosen language (data/i18n/balance.xml) and prints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/datadir.h"
#include "../base/jobpool.h"
#include "../base/json.h"
#include "../base/outdir.h"
#include "../base/util.h"
#include "../render/balancereport.h"
#include "../render/layouts.h"
#include "../rules/balance.h"
#include "../rules/match.h"
#include "../rules/players.h"
#include "../text/fonts.h"
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
	      "disagree.  The same seed gives the same report, on any number of\n"
	      "cores.\n"
	      "\n"
	      "Options:\n"
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
	      "  orbat balance --format pdf --lang fr -o prints my-scenario.xml\n"
	      "\n"
	      "Exit status: 0 the report is made; 1 the scenario is invalid; 2 usage\n"
	      "error, an unknown player, a ruleset whose games cannot be played, or\n"
	      "a PDF that cannot be written; 3 internal error (a computer player\n"
	      "proposed an illegal action: a bug, reported with its game and seed)\n"
	      "or broken installation.\n", out);
}

typedef struct balance_args {
	long games;
	const char *players;
	const char *seed;
	long max_turns;
} balance_args;

static const char *const BALANCE_FORMATS[] = { "text", "json", "pdf", NULL };
enum { OUT_TEXT, OUT_JSON, OUT_PDF };

/* Games handed to a process at a time: small enough to share the games
 * out evenly over the cores, large enough that handing them out costs
 * nothing beside playing them. */
#define BALANCE_BLOCK 25

/* ---- playing the games ---- */

typedef struct balance_plan {
	match *m;
	const char *names[2];      /* the first and second named players */
	bool differ;               /* two players: pairs of games, seats swapped */
	unsigned long long seed;
	long max_turns;
	size_t games;
	balance_game *results;     /* one per game, in game order */
	balance_stats stats;       /* once played */
} balance_plan;

/* The player's bug that stopped a game, in words, for the report. */
static char *failure_text(const balance_plan *br, size_t i, const match_opts *opts, const match_result *r)
{
	const char *who = r->refused_side >= 0 && r->refused_side < MATCH_SIDES ?
		match_side_id(br->m, r->refused_side) : "?";
	const char *name = r->refused_side >= 0 && r->refused_side < MATCH_SIDES && opts->players[r->refused_side] ?
		opts->players[r->refused_side] : "?";
	if (r->end == MATCH_REFUSED)
		return xasprintf("game %zu (seed %llu): the player '%s' of side %s proposed '%s', which the referee "
			"refused: %s [%s]", i + 1, opts->seed, name, who, r->refused_action, r->error.message, r->error.rule);
	return xasprintf("game %zu (seed %llu): %s [%s]", i + 1, opts->seed, r->error.message, r->error.rule);
}

/* Play the games of one block into out; 0, or EXIT_INTERNAL with the
 * first failure in *failure (the games after it left unplayed). */
static int play_block(const balance_plan *br, size_t block, balance_game *out, size_t *count, char **failure)
{
	size_t first = block * BALANCE_BLOCK;
	size_t n = br->games - first < BALANCE_BLOCK ? br->games - first : BALANCE_BLOCK;
	*count = 0;
	*failure = NULL;
	for (size_t k = 0; k < n; k++) {
		size_t i = first + k;
		int seat = balance_seat(i, br->differ);
		match_opts opts = { .seed = balance_game_seed(br->seed, i, br->differ), .max_turns = br->max_turns };
		opts.players[seat] = br->names[0];
		opts.players[1 - seat] = br->names[1];
		match_result r;
		match_play(br->m, &opts, &r);
		if (!balance_record(&r, seat, &out[k])) {
			*failure = failure_text(br, i, &opts, &r);
			return EXIT_INTERNAL;
		}
		(*count)++;
	}
	return 0;
}

static size_t block_count(const balance_plan *br)
{
	return (br->games + BALANCE_BLOCK - 1) / BALANCE_BLOCK;
}

/* The run on the job pool: one job per block, its games handed back as
 * bytes and put in game order, whatever the number of workers. */
typedef struct balance_pool {
	balance_plan *plan;
	int code;
} balance_pool;

static int pool_run(void *ctx, size_t index, jobpool_job *job)
{
	balance_pool *bp = ctx;
	balance_game games[BALANCE_BLOCK] = { { 0 } };
	size_t count = 0;
	char *failure = NULL;
	int status = play_block(bp->plan, index, games, &count, &failure);
	jobpool_send(job, games, count * sizeof *games);
	if (failure)
		/* Loud: a computer player broke the rules, or the engine failed. */
		fprintf(stderr, "orbat balance: internal error: %s\n", failure);
	free(failure);
	return status;
}

static bool pool_done(void *ctx, size_t index, const jobpool_result *r)
{
	balance_pool *bp = ctx;
	balance_plan *br = bp->plan;
	jobpool_print(r);
	size_t first = index * BALANCE_BLOCK;
	size_t want = br->games - first < BALANCE_BLOCK ? br->games - first : BALANCE_BLOCK;
	if (r->status == 0 && r->size == want * sizeof *br->results) {
		memcpy(br->results + first, r->data, r->size);
		return true;
	}
	if (r->died)
		fprintf(stderr, "orbat balance: internal error: the process playing games %zu to %zu %s\n", first + 1,
			first + want, r->died);
	else if (r->status == 0)
		fprintf(stderr, "orbat balance: internal error: the games %zu to %zu did not come back\n", first + 1,
			first + want);
	bp->code = EXIT_INTERNAL;
	return false;
}

/* Play every game on up to `workers` processes (1: in this one).  Returns
 * 0, or EXIT_INTERNAL once the first failure is printed. */
static int play_all(balance_plan *br, unsigned workers)
{
	balance_pool bp = { br, 0 };
	if (!jobpool_run(block_count(br), workers, pool_run, pool_done, &bp) && !bp.code)
		bp.code = EXIT_INTERNAL;
	return bp.code;
}

/* ---- the words of the report ---- */

typedef struct balance_words {
	const string_table *strings;
	lang_id lang;
	const scenario *sc;
	const ruleset *rs;
	const match *m;
} balance_words;

static const char *word(const balance_words *w, const char *id)
{
	return strings_get(w->strings, id, w->lang);
}

static char *say(const balance_words *w, const char *id, const char *const *pairs)
{
	return strings_expand(word(w, id), pairs);
}

/* "Label: text" with the colon as the language writes it. */
static char *labelled(const balance_words *w, const char *label, const char *text)
{
	return xasprintf("%s%s %s", label, word(w, "balance-colon"), text);
}

static void percent(const balance_words *w, double share, char buf[32])
{
	balance_chart_percent(w->strings, w->lang, share, buf, 32);
}

/* A number with one decimal, written with the language's decimal mark
 * ("52.5", "52,5"). */
static void one_decimal(const balance_words *w, double value, char buf[32])
{
	snprintf(buf, 32, "%.1f", value);
	const char *decimal = word(w, "balance-decimal");
	char *dot = strchr(buf, '.');
	if (dot && decimal[0] && !decimal[1])
		*dot = decimal[0];
}

/* A side's name in the report's language, else its id. */
static const char *side_name(const balance_words *w, int side)
{
	const char *id = match_side_id(w->m, side);
	const rs_named *named = ruleset_find_side(w->rs, id);
	const char *name = named ? l10n_get(&named->name, w->lang) : NULL;
	return name && *name ? name : id;
}

/* The words of the winning margin, by grid: flags or points of victory on
 * the hex boards, cities held on the squares. */
static const char *const MARGIN_WORDS[GRID_KINDS] = {
	[GRID_HEX] = "balance-margin-hex",
	[GRID_SQUARE] = "balance-margin-square",
};

/* The players of a run in a phrase: "the player 'strong' on both sides",
 * "'strong' against 'simple' in pairs of games ...". */
static char *players_phrase(const balance_words *w, const balance_plan *br)
{
	const char *pairs[] = { "a", br->names[0], "b", br->names[1], NULL };
	return say(w, br->differ ? "balance-players-differ" : "balance-players-same", pairs);
}

static char *run_line(const balance_words *w, const balance_plan *br)
{
	char *players = players_phrase(w, br);
	char games[24], seed[24], limit[24];
	snprintf(games, sizeof games, "%zu", br->games);
	snprintf(seed, sizeof seed, "%llu", br->seed);
	snprintf(limit, sizeof limit, "%ld", br->max_turns);
	const char *pairs[] = { "games", games, "players", players, "seed", seed, "limit", limit, NULL };
	char *line = say(w, "balance-run", pairs);
	free(players);
	return line;
}

/* A bound of the verdict as a whole percentage ("45%", "45 %"). */
static void whole_percent(const balance_words *w, double share, char buf[32])
{
	char n[16];
	snprintf(n, sizeof n, "%.0f", share * 100.0);
	const char *pairs[] = { "n", n, NULL };
	char *text = say(w, "balance-percent", pairs);
	snprintf(buf, 32, "%s", text);
	free(text);
}

/* The label of the verdict: the verdict "with 'strong'", or "with 'strong'
 * against 'simple'": the player it was measured with. */
static char *verdict_label(const balance_words *w, const balance_plan *br)
{
	const char *pairs[] = { "a", br->names[0], "b", br->names[1], NULL };
	return say(w, br->differ ? "balance-verdict-with-two" : "balance-verdict-with", pairs);
}

/* The words of each verdict kind (balance_verdict_kind). */
static const char *const VERDICT_WORDS[BALANCE_VERDICT_KINDS] = {
	[BALANCE_BALANCED] = "balance-balanced",
	[BALANCE_FAVOURED] = "balance-favoured",
	[BALANCE_INCONCLUSIVE] = "balance-inconclusive",
};

/* The verdict in a sentence or two. */
static char *verdict_line(const balance_words *w, const balance_verdict *v)
{
	if (v->decided == 0)
		return xstrdup(word(w, "balance-undecided"));
	char share[32], low[32], high[32], points[32], band_low[32], band_high[32], conf[32], needed[24];
	percent(w, v->share.rate, share);
	percent(w, v->share.low, low);
	percent(w, v->share.high, high);
	one_decimal(w, v->points, points);
	whole_percent(w, BALANCE_EVEN_LOW, band_low);
	whole_percent(w, BALANCE_EVEN_HIGH, band_high);
	whole_percent(w, BALANCE_CONFIDENCE_PERCENT / 100.0, conf);
	snprintf(needed, sizeof needed, "%ld", v->games_needed);
	const char *pairs[] = { "side", side_name(w, v->kind == BALANCE_FAVOURED ? v->favoured : 0), "share", share,
		"low", low, "high", high, "points", points, "band_low", band_low, "band_high", band_high, "conf", conf,
		"needed", needed, NULL };
	return say(w, VERDICT_WORDS[v->kind], pairs);
}

/* The warning of a run with too many games without a winner; NULL when
 * there are few enough. */
static char *unfinished_line(const balance_words *w, const balance_verdict *v)
{
	if (!v->unfinished)
		return NULL;
	char count[24], games[24], rate[32], most[32];
	snprintf(count, sizeof count, "%ld", v->no_winner.count);
	snprintf(games, sizeof games, "%ld", v->no_winner.of);
	percent(w, v->no_winner.rate, rate);
	whole_percent(w, BALANCE_UNFINISHED_MAX, most);
	const char *pairs[] = { "count", count, "games", games, "rate", rate, "most", most, NULL };
	return say(w, "balance-unfinished", pairs);
}

/* The verdict with the other player, after the main one: its run in
 * brief, its verdict and its own warning.  Label and text apart, as the
 * verdict's. */
static char *other_label(const balance_words *w, const balance_plan *other)
{
	const char *pairs[] = { "a", other->names[0], NULL };
	return say(w, "balance-other-with", pairs);
}

static char *other_line(const balance_words *w, const balance_plan *other)
{
	const balance_stats *st = &other->stats;
	char games[24], w0[24], w1[24], none[24];
	snprintf(games, sizeof games, "%zu", other->games);
	snprintf(w0, sizeof w0, "%ld", st->wins[0].count);
	snprintf(w1, sizeof w1, "%ld", st->wins[1].count);
	snprintf(none, sizeof none, "%ld", st->no_winner.count);
	const char *pairs[] = { "games", games, "a", side_name(w, 0), "wa", w0, "b", side_name(w, 1), "wb", w1, "none",
		none, NULL };
	char *run = say(w, "balance-other-run", pairs);
	char *verdict = verdict_line(w, &st->verdict);
	char *warning = unfinished_line(w, &st->verdict);
	char *line = xasprintf("%s%s%s %s", verdict, warning ? " " : "", warning ? warning : "", run);
	free(run);
	free(verdict);
	free(warning);
	return line;
}

/* When the two players' verdicts contradict each other, the sentence that
 * says the balance depends on skill; else NULL. */
static char *skill_line(const balance_words *w, const balance_plan *main_run, const balance_plan *other)
{
	if (!other || !balance_verdicts_disagree(&main_run->stats.verdict, &other->stats.verdict))
		return NULL;
	const char *pairs[] = { "a", main_run->names[0], "b", other->names[0], NULL };
	return say(w, "balance-skill", pairs);
}

static char *spread_line(const balance_words *w, const balance_spread *s)
{
	if (s->n == 0)
		return xstrdup(word(w, "balance-none-won"));
	char v[5][16], mean[32];
	int values[5] = { s->min, s->q1, s->median, s->q3, s->max };
	for (int i = 0; i < 5; i++)
		snprintf(v[i], sizeof v[i], "%d", values[i]);
	one_decimal(w, s->mean, mean);
	const char *pairs[] = { "min", v[0], "q1", v[1], "median", v[2], "q3", v[3], "max", v[4], "mean", mean, NULL };
	return say(w, "balance-spread", pairs);
}

/* "wins" of each side, the games without a winner: the rows of the text
 * table and the bars of the PDF. */
static void result_bars(const balance_words *w, const balance_stats *st, balance_chart_bar bars[3], char *labels[3])
{
	for (int s = 0; s < MATCH_SIDES; s++) {
		const char *pairs[] = { "side", side_name(w, s), NULL };
		labels[s] = say(w, "balance-wins-of", pairs);
		bars[s] = (balance_chart_bar){ labels[s], st->wins[s].count, st->wins[s].rate, st->wins[s].low,
			st->wins[s].high };
	}
	const balance_rate *none = &st->no_winner;
	labels[2] = xstrdup(word(w, "balance-no-winner"));
	bars[2] = (balance_chart_bar){ labels[2], none->count, none->rate, none->low, none->high };
}

/* How the games without a winner ended. */
static char *no_winner_detail(const balance_words *w, const balance_stats *st)
{
	char drawn[24], limit[24];
	snprintf(drawn, sizeof drawn, "%ld", st->draws.count);
	snprintf(limit, sizeof limit, "%ld", st->limit.count);
	const char *pairs[] = { "drawn", drawn, "limit", limit, NULL };
	return say(w, "balance-no-winner-detail", pairs);
}

/* What each of two different players won, whichever side it played. */
static char *by_player(const balance_words *w, const balance_plan *br, const balance_stats *st)
{
	char wa[24], wb[24], ra[32], rb[32];
	snprintf(wa, sizeof wa, "%ld", st->first_player.count);
	snprintf(wb, sizeof wb, "%ld", st->second_player.count);
	percent(w, st->first_player.rate, ra);
	percent(w, st->second_player.rate, rb);
	const char *pp[] = { "a", br->names[0], "b", br->names[1], "wa", wa, "wb", wb, "ra", ra, "rb", rb, NULL };
	return say(w, "balance-by-player", pp);
}

/* The verdict's words, made once for the text and the PDF: the verdict
 * with the player measured, its warning, the other player's verdict and
 * the sentence on skill (each NULL when there is none). */
typedef struct verdict_texts {
	char *label, *verdict, *warning, *other_label, *other, *skill;
} verdict_texts;

static void verdict_texts_init(verdict_texts *t, const balance_words *w, const balance_plan *br,
	const balance_plan *other)
{
	t->label = verdict_label(w, br);
	t->verdict = verdict_line(w, &br->stats.verdict);
	t->warning = unfinished_line(w, &br->stats.verdict);
	t->other_label = other ? other_label(w, other) : NULL;
	t->other = other ? other_line(w, other) : NULL;
	t->skill = skill_line(w, br, other);
}

static void verdict_texts_finish(verdict_texts *t)
{
	free(t->label);
	free(t->verdict);
	free(t->warning);
	free(t->other_label);
	free(t->other);
	free(t->skill);
}

/* ---- the three formats ---- */

static void print_histogram(const balance_spread *s)
{
	long most = 1;
	for (int b = 0; b < s->bins; b++)
		if (s->bin_count[b] > most)
			most = s->bin_count[b];
	for (int b = 0; b < s->bins; b++) {
		char range[32];
		if (s->bin_low[b] == s->bin_high[b])
			snprintf(range, sizeof range, "%d", s->bin_low[b]);
		else
			snprintf(range, sizeof range, "%d-%d", s->bin_low[b], s->bin_high[b]);
		int len = (int)((40 * s->bin_count[b] + most - 1) / most);
		printf("  %9s %5ld ", range, s->bin_count[b]);
		for (int i = 0; i < len; i++)
			putchar('#');
		putchar('\n');
	}
}

/* The characters of a UTF-8 text (not its bytes). */
static int text_chars(const char *text)
{
	int chars = 0;
	for (const char *p = text; *p; p++)
		chars += ((unsigned char)*p & 0xC0) != 0x80;
	return chars;
}

/* Print text padded with blanks to `width` characters. */
static void print_padded(const char *text, int width, bool right)
{
	int chars = text_chars(text);
	if (right)
		printf("%*s%s", width > chars ? width - chars : 0, "", text);
	else
		printf("%s%*s", text, width > chars ? width - chars : 0, "");
}

static void print_text(const balance_words *w, const balance_plan *br, const balance_plan *other)
{
	const balance_stats *st = &br->stats;
	const char *pairs[] = { "scenario", l10n_get(&w->sc->title, w->lang), NULL };
	char *title = say(w, "balance-title", pairs);
	char *run = run_line(w, br);
	printf("%s (%s, %s)\n%s\n\n", title, w->sc->id.text ? w->sc->id.text : "?", w->rs->id, run);
	free(title);
	free(run);
	balance_chart_bar bars[3];
	char *labels[3];
	result_bars(w, st, bars, labels);
	/* The labels' column as wide as the longest in this language. */
	int label_width = 28;
	for (int i = 0; i < 3; i++)
		label_width = text_chars(labels[i]) + 2 > label_width ? text_chars(labels[i]) + 2 : label_width;
	print_padded("", label_width, false);
	print_padded(word(w, "balance-games"), 9, true);
	print_padded(word(w, "balance-share"), 9, true);
	printf("  %s\n", word(w, "balance-interval"));
	for (int i = 0; i < 3; i++) {
		char rate[32], low[32], high[32];
		percent(w, bars[i].rate, rate);
		percent(w, bars[i].low, low);
		percent(w, bars[i].high, high);
		print_padded(labels[i], label_width, false);
		printf(" %8ld", bars[i].count);
		print_padded(rate, 9, true);
		printf("  %s - %s\n", low, high);
		free(labels[i]);
	}
	char *detail = no_winner_detail(w, st);
	printf("  (%s)\n", detail);
	free(detail);
	if (br->differ) {
		char *by = by_player(w, br, st);
		printf("%s\n", by);
		free(by);
	}
	char *length = spread_line(w, &st->length);
	char *line = labelled(w, word(w, "balance-length"), length);
	printf("\n%s\n", line);
	free(line);
	free(length);
	print_histogram(&st->length);
	char *margin = spread_line(w, &st->margin);
	line = labelled(w, word(w, MARGIN_WORDS[match_grid(w->m)]), margin);
	printf("\n%s\n", line);
	free(line);
	free(margin);
	print_histogram(&st->margin);
	/* The verdict last, where the eye lands; its warning and the other
	 * player's verdict under it. */
	verdict_texts t;
	verdict_texts_init(&t, w, br, other);
	line = labelled(w, t.label, t.verdict);
	printf("\n%s\n", line);
	free(line);
	if (t.warning)
		printf("%s\n", t.warning);
	if (t.other) {
		line = labelled(w, t.other_label, t.other);
		printf("%s\n", line);
		free(line);
	}
	if (t.skill)
		printf("%s\n", t.skill);
	verdict_texts_finish(&t);
}

static void json_rate(const char *key, const balance_rate *r)
{
	printf("\"%s\":{\"count\":%ld,\"rate\":%.4f,\"low\":%.4f,\"high\":%.4f}", key, r->count, r->rate, r->low, r->high);
}

static void json_spread(const balance_spread *s)
{
	printf("{\"games\":%ld", s->n);
	if (s->n > 0) {
		printf(",\"min\":%d,\"q1\":%d,\"median\":%d,\"q3\":%d,\"max\":%d,\"mean\":%.2f,\"histogram\":[", s->min, s->q1,
			s->median, s->q3, s->max, s->mean);
		for (int b = 0; b < s->bins; b++)
			printf("%s{\"from\":%d,\"to\":%d,\"games\":%ld}", b ? "," : "", s->bin_low[b], s->bin_high[b],
				s->bin_count[b]);
		fputs("]", stdout);
	}
	fputs("}", stdout);
}

static void json_key(const char *key)
{
	json_write_string(stdout, key);
	fputc(':', stdout);
}

/* A verdict as a JSON object: its kind, the favoured side, the share and
 * interval, the games that would settle it, the warning, its text. */
static void json_verdict(const balance_words *w, const balance_plan *br, const balance_verdict *v)
{
	printf("{\"kind\":\"%s\",\"favoured\":", balance_verdict_name(v->kind));
	if (v->favoured >= 0)
		json_write_string(stdout, match_side_id(w->m, v->favoured));
	else
		fputs("null", stdout);
	printf(",\"decided\":%ld,\"share\":%.4f,\"low\":%.4f,\"high\":%.4f,\"points\":%.2f,\"games_needed\":", v->decided,
		v->share.rate, v->share.low, v->share.high, v->points);
	if (v->kind == BALANCE_INCONCLUSIVE && v->games_needed > 0)
		printf("%ld", v->games_needed);
	else
		fputs("null", stdout);
	printf(",\"unfinished\":%s,\"no_winner_rate\":%.4f,\"players\":[", v->unfinished ? "true" : "false",
		v->no_winner.rate);
	json_write_string(stdout, br->names[0]);
	if (br->differ) {
		fputc(',', stdout);
		json_write_string(stdout, br->names[1]);
	}
	fputs("],\"text\":", stdout);
	char *text = verdict_line(w, v);
	json_write_string(stdout, text);
	free(text);
	char *warning = unfinished_line(w, v);
	fputs(",\"warning\":", stdout);
	if (warning)
		json_write_string(stdout, warning);
	else
		fputs("null", stdout);
	free(warning);
	fputc('}', stdout);
}

/* Each side's wins and the games without a winner, by side id. */
static void json_wins(const balance_words *w, const balance_stats *st)
{
	fputs("{", stdout);
	for (int s = 0; s < MATCH_SIDES; s++) {
		json_key(match_side_id(w->m, s));
		printf("%ld,", st->wins[s].count);
	}
	printf("\"draw\":%ld}", st->no_winner.count);
}

static void print_json(const balance_words *w, const balance_plan *br, const balance_plan *other)
{
	const balance_stats *st = &br->stats;
	fputs("{\"scenario\":", stdout);
	json_write_string(stdout, w->sc->id.text ? w->sc->id.text : "");
	fputs(",\"ruleset\":", stdout);
	json_write_string(stdout, w->rs->id);
	printf(",\"games\":%zu,\"seed\":%llu,\"max_turns\":%ld,\"swapped\":%s,\"paired\":%s,", br->games, br->seed,
		br->max_turns, br->differ ? "true" : "false", br->differ ? "true" : "false");
	/* The players of each side: one name, or both when they change sides. */
	fputs("\"players\":{", stdout);
	for (int s = 0; s < MATCH_SIDES; s++) {
		if (s)
			fputc(',', stdout);
		json_key(match_side_id(w->m, s));
		fputc('[', stdout);
		json_write_string(stdout, br->names[0]);
		if (br->differ) {
			fputc(',', stdout);
			json_write_string(stdout, br->names[1]);
		}
		fputc(']', stdout);
	}
	fputs("},\"sides\":[", stdout);
	for (int s = 0; s < MATCH_SIDES; s++) {
		fputs(s ? ",{\"id\":" : "{\"id\":", stdout);
		json_write_string(stdout, match_side_id(w->m, s));
		fputs(",\"name\":", stdout);
		json_write_string(stdout, side_name(w, s));
		fputc('}', stdout);
	}
	fputs("],\"wins\":", stdout);
	json_wins(w, st);
	printf(",\"drawn\":%ld,\"turn_limit\":%ld,\"interval\":{", st->draws.count, st->limit.count);
	for (int s = 0; s < MATCH_SIDES; s++) {
		if (s)
			fputc(',', stdout);
		json_rate(match_side_id(w->m, s), &st->wins[s]);
	}
	fputc(',', stdout);
	json_rate("draw", &st->no_winner);
	fputs("}", stdout);
	if (br->differ) {
		fputs(",\"by_player\":{", stdout);
		json_rate(br->names[0], &st->first_player);
		fputc(',', stdout);
		json_rate(br->names[1], &st->second_player);
		fputs("}", stdout);
	}
	fputs(",\"length\":", stdout);
	json_spread(&st->length);
	printf(",\"margin\":{\"unit\":\"%s\",\"spread\":", MARGIN_WORDS[match_grid(w->m)] + strlen("balance-margin-"));
	json_spread(&st->margin);
	fputs("},\"verdict\":", stdout);
	json_verdict(w, br, &st->verdict);
	/* The same games with the other player, for the default choice. */
	if (other) {
		const balance_stats *ot = &other->stats;
		printf(",\"other\":{\"games\":%zu,\"wins\":", other->games);
		json_wins(w, ot);
		printf(",\"drawn\":%ld,\"turn_limit\":%ld,\"verdict\":", ot->draws.count, ot->limit.count);
		json_verdict(w, other, &ot->verdict);
		printf("},\"depends_on_skill\":%s",
			balance_verdicts_disagree(&st->verdict, &ot->verdict) ? "true" : "false");
	}
	fputs("}\n", stdout);
}

/* The command line that makes the same report, for its footer.  The
 * scenario is named by its file's name alone, as run from its folder: a
 * page that is handed round must not carry the folders of the machine it
 * was made on, and the same scenario gives the same page wherever it
 * lies. */
static char *command_line(const balance_plan *br, bool default_players, const char *path, lang_id lang)
{
	const char *slash = strrchr(path, '/');
	const char *file = slash && slash[1] ? slash + 1 : path;
	/* The default players stay unnamed: naming them would leave out the
	 * other player's verdict. */
	char players[160] = "";
	if (!default_players && br->differ)
		snprintf(players, sizeof players, " --players %s,%s", br->names[0], br->names[1]);
	else if (!default_players)
		snprintf(players, sizeof players, " --players %s", br->names[0]);
	return xasprintf("orbat balance --games %zu%s --seed %llu --max-turns %ld --format pdf --lang %s %s",
		br->games, players, br->seed, br->max_turns, lang_code(lang), file);
}

static int write_pdf(const balance_words *w, const balance_plan *br, const balance_plan *other, bool default_players,
	const options *o, const char *path)
{
	const balance_stats *st = &br->stats;
	const char *data = datadir_get();
	char *error = NULL;
	diag_sink sink;
	diag_sink_init(&sink);
	char *fonts_dir = datadir_path(data, DATADIR_FONTS);
	char *layouts_path = datadir_path(data, DATADIR_PRINT_LAYOUTS);
	font_library *fonts = fonts_create(fonts_dir, &error);
	layouts *lay = fonts ? layouts_load(layouts_path, &sink) : NULL;
	free(fonts_dir);
	free(layouts_path);
	int code = EXIT_VALID;
	if (!fonts || !lay) {
		if (!error)
			error = diag_data_error(&sink, 0);
		fprintf(stderr, "orbat balance: %s\n", error);
		code = EXIT_INTERNAL;
		goto out;
	}
	const paper_size *paper = layouts_paper(lay, o->paper);
	if (!paper) {
		fprintf(stderr, "orbat balance: unknown paper size '%s'; layouts/print.xml defines a4 and letter\n", o->paper);
		code = EXIT_USAGE;
		goto out;
	}
	render_ctx rc = { .fonts = fonts, .strings = w->strings, .layouts = lay, .sc = w->sc, .rs = w->rs,
		.lang = w->lang, .paper = paper, .format = DOC_PDF };
	const char *pairs[] = { "scenario", l10n_get(&w->sc->title, w->lang), NULL };
	char *title = say(w, "balance-title", pairs);
	char *run = run_line(w, br);
	verdict_texts t;
	verdict_texts_init(&t, w, br, other);
	char *again = command_line(br, default_players, path, w->lang);
	balance_chart chart = { .title = title, .run = run, .verdict_label = t.label, .verdict = t.verdict,
		.warning = t.warning, .other_label = t.other_label, .other = t.other, .skill = t.skill, .command = again,
		.bar_count = 3 };
	char *labels[3];
	result_bars(w, st, chart.bars, labels);
	chart.bins = st->length.bins < BALANCE_CHART_BINS ? st->length.bins : BALANCE_CHART_BINS;
	for (int b = 0; b < chart.bins; b++) {
		chart.bin_low[b] = st->length.bin_low[b];
		chart.bin_high[b] = st->length.bin_high[b];
		chart.bin_count[b] = st->length.bin_count[b];
	}
	/* The figures under the charts. */
	char *facts[5];
	size_t nf = 0;
	char *detail = no_winner_detail(w, st);
	facts[nf++] = labelled(w, word(w, "balance-no-winner"), detail);
	free(detail);
	char *length = spread_line(w, &st->length);
	facts[nf++] = labelled(w, word(w, "balance-length"), length);
	free(length);
	char *margin = spread_line(w, &st->margin);
	facts[nf++] = labelled(w, word(w, MARGIN_WORDS[match_grid(w->m)]), margin);
	free(margin);
	if (br->differ) {
		facts[nf++] = by_player(w, br, st);
	}
	chart.facts = (const char *const *)facts;
	chart.fact_count = nf;

	char *dir = xasprintf("%s/%s/%s", o->output, w->sc->id.text ? w->sc->id.text : "scenario", lang_code(w->lang));
	char *file = xasprintf("%s/balance.pdf", dir);
	outdir *out = outdir_open();
	bool ok = outdir_make_dirs(out, dir, &error) && balance_report_write(&rc, &chart, file, &error) &&
		outdir_commit(out, o->quiet ? NULL : stdout, &error);
	if (!ok) {
		fprintf(stderr, "orbat balance: %s\n", error ? error : "the report could not be written");
		code = outdir_write_failed(out) ? EXIT_USAGE : EXIT_INTERNAL;
	}
	outdir_close(out);
	free(dir);
	free(file);
	for (size_t i = 0; i < nf; i++)
		free(facts[i]);
	for (int i = 0; i < 3; i++)
		free(labels[i]);
	free(title);
	free(run);
	verdict_texts_finish(&t);
	free(again);
out:
	free(error);
	diag_sink_finish(&sink);
	layouts_destroy(lay);
	fonts_destroy(fonts);
	return code;
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

/* The player the default one is compared with: the plain player, when the
 * default is another one.  NULL when there is none to compare with (the
 * grid has only the plain player). */
static const char *other_player(const char *default_name, grid_kind grid)
{
	const player_kind *plain = player_kind_find(PLAYER_DEFAULT);
	if (strcmp(default_name, PLAYER_DEFAULT) == 0 || !plain || !player_kind_on(plain, grid))
		return NULL;
	return PLAYER_DEFAULT;
}

/* Play a plan's games and sum them up. */
static int play_plan(balance_plan *br, unsigned workers)
{
	br->results = xcalloc(br->games, sizeof *br->results);
	int code = play_all(br, workers);
	if (code == EXIT_VALID)
		balance_summarize(br->results, br->games, br->differ, &br->stats);
	return code;
}

static int balance_run(const options *o, balance_args *a)
{
	unsigned long long seed = 1;
	int code = options_seed("balance", a->seed, &seed);
	if (code != EXIT_VALID)
		return code;
	lang_id lang = LANG_EN;
	if (!options_one_lang(o, &lang))
		return options_usage("balance", "--lang takes one language for the report (en, nl or fr)");
	int format = o->format;
	rules_session s;
	code = rules_session_load(&s, "balance", o->operands[0], format == OUT_JSON ? FORMAT_JSON : FORMAT_TEXT);
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
	string_table *strings = NULL;
	code = parse_players(a->players, match_grid(m), names);
	if (code == EXIT_VALID) {
		br.differ = strcmp(names[0], names[1]) != 0;
		br.games = balance_run_games(asked, br.differ);
		match_opts check = { .players = { names[0], names[1] } };
		if (!match_players_ok(m, &check, &why)) {
			fprintf(stderr, "orbat balance: %s\n", why.message);
			code = EXIT_USAGE;
		}
		const char *plain = a->players ? NULL : other_player(names[0], match_grid(m));
		if (plain) {
			other_plan = br;
			other_plan.names[0] = other_plan.names[1] = plain;
			other = &other_plan;
		}
	}
	if (code == EXIT_VALID) {
		diag_sink sink;
		diag_sink_init(&sink);
		char *dir = datadir_path(datadir_get(), DATADIR_STRINGS);
		strings = strings_load(dir, &sink);
		free(dir);
		if (!strings)
			code = cli_data_broken("balance", &sink);
		diag_sink_finish(&sink);
	}
	if (code == EXIT_VALID)
		code = play_plan(&br, o->jobs);
	if (code == EXIT_VALID && other)
		code = play_plan(other, o->jobs);
	if (code == EXIT_VALID) {
		balance_words w = { strings, lang, s.sc, s.rs, m };
		if (format == OUT_TEXT)
			print_text(&w, &br, other);
		else if (format == OUT_JSON)
			print_json(&w, &br, other);
		else
			code = write_pdf(&w, &br, other, a->players == NULL, o, o->operands[0]);
	}
	free(br.results);
	free(other_plan.results);
	strings_destroy(strings);
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
	});
