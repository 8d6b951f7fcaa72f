/* The balance report in words (balance_words.h). */
#include "balance_words.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "../base/jsonout.h"
#include "../base/outdir.h"
#include "../base/util.h"
#include "../render/balancereport.h"
#include "../render/layouts.h"
#include "../text/context.h"
#include "../text/fonts.h"

const char *balance_words_get(const balance_words *w, const char *id)
{
	return strings_get(w->strings, id, w->lang);
}

char *balance_words_say(const balance_words *w, const char *id, const char *const *pairs)
{
	return strings_expand(balance_words_get(w, id), pairs);
}

/* "Label: text" with the colon as the language writes it. */
static char *labelled(const balance_words *w, const char *label, const char *text)
{
	return xasprintf("%s%s %s", label, balance_words_get(w, "balance-colon"), text);
}

void balance_words_percent(const balance_words *w, double share, char buf[32])
{
	balance_chart_percent(w->strings, w->lang, share, buf, 32);
}

/* A number with one decimal, written with the language's decimal mark
 * ("52.5", "52,5"). */
static void one_decimal(const balance_words *w, double value, char buf[32])
{
	snprintf(buf, 32, "%.1f", value);
	const char *decimal = balance_words_get(w, "balance-decimal");
	char *dot = strchr(buf, '.');
	if (dot && decimal[0] && !decimal[1])
		*dot = decimal[0];
}

/* A side's name in the report's language, else its id. */
const char *balance_words_side(const balance_words *w, int side)
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
	return balance_words_say(w, br->differ ? "balance-players-differ" : "balance-players-same", pairs);
}

static char *run_line(const balance_words *w, const balance_plan *br)
{
	char *players = players_phrase(w, br);
	char games[24], seed[24], limit[24];
	snprintf(games, sizeof games, "%zu", br->games);
	snprintf(seed, sizeof seed, "%llu", br->seed);
	snprintf(limit, sizeof limit, "%ld", br->max_turns);
	const char *pairs[] = { "games", games, "players", players, "seed", seed, "limit", limit, NULL };
	char *line = balance_words_say(w, "balance-run", pairs);
	free(players);
	return line;
}

/* A bound of the verdict as a whole percentage ("45%", "45 %"). */
static void whole_percent(const balance_words *w, double share, char buf[32])
{
	char n[16];
	snprintf(n, sizeof n, "%.0f", share * 100.0);
	const char *pairs[] = { "n", n, NULL };
	char *text = balance_words_say(w, "balance-percent", pairs);
	snprintf(buf, 32, "%s", text);
	free(text);
}

/* The label of the verdict: the verdict "with 'strong'", or "with 'strong'
 * against 'simple'": the player it was measured with. */
static char *verdict_label(const balance_words *w, const balance_plan *br)
{
	const char *pairs[] = { "a", br->names[0], "b", br->names[1], NULL };
	return balance_words_say(w, br->differ ? "balance-verdict-with-two" : "balance-verdict-with", pairs);
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
		return xstrdup(balance_words_get(w, "balance-undecided"));
	char share[32], low[32], high[32], points[32], band_low[32], band_high[32], conf[32], needed[24];
	balance_words_percent(w, v->share.rate, share);
	balance_words_percent(w, v->share.low, low);
	balance_words_percent(w, v->share.high, high);
	one_decimal(w, v->points, points);
	whole_percent(w, BALANCE_EVEN_LOW, band_low);
	whole_percent(w, BALANCE_EVEN_HIGH, band_high);
	whole_percent(w, BALANCE_CONFIDENCE_PERCENT / 100.0, conf);
	snprintf(needed, sizeof needed, "%ld", v->games_needed);
	const char *pairs[] = { "side", balance_words_side(w, v->kind == BALANCE_FAVOURED ? v->favoured : 0), "share", share,
		"low", low, "high", high, "points", points, "band_low", band_low, "band_high", band_high, "conf", conf,
		"needed", needed, NULL };
	return balance_words_say(w, VERDICT_WORDS[v->kind], pairs);
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
	balance_words_percent(w, v->no_winner.rate, rate);
	whole_percent(w, BALANCE_UNFINISHED_MAX, most);
	const char *pairs[] = { "count", count, "games", games, "rate", rate, "most", most, NULL };
	return balance_words_say(w, "balance-unfinished", pairs);
}

/* The verdict with the other player, after the main one: its run in
 * brief, its verdict and its own warning.  Label and text apart, as the
 * verdict's. */
static char *other_label(const balance_words *w, const balance_plan *other)
{
	const char *pairs[] = { "a", other->names[0], NULL };
	return balance_words_say(w, "balance-other-with", pairs);
}

static char *other_line(const balance_words *w, const balance_plan *other)
{
	const balance_stats *st = &other->stats;
	char games[24], w0[24], w1[24], none[24];
	snprintf(games, sizeof games, "%zu", other->games);
	snprintf(w0, sizeof w0, "%ld", st->wins[0].count);
	snprintf(w1, sizeof w1, "%ld", st->wins[1].count);
	snprintf(none, sizeof none, "%ld", st->no_winner.count);
	const char *pairs[] = { "games", games, "a", balance_words_side(w, 0), "wa", w0, "b", balance_words_side(w, 1), "wb", w1, "none",
		none, NULL };
	char *run = balance_words_say(w, "balance-other-run", pairs);
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
	return balance_words_say(w, "balance-skill", pairs);
}

static char *spread_line(const balance_words *w, const balance_spread *s)
{
	if (s->n == 0)
		return xstrdup(balance_words_get(w, "balance-none-won"));
	char v[5][16], mean[32];
	int values[5] = { s->min, s->q1, s->median, s->q3, s->max };
	for (int i = 0; i < 5; i++)
		snprintf(v[i], sizeof v[i], "%d", values[i]);
	one_decimal(w, s->mean, mean);
	const char *pairs[] = { "min", v[0], "q1", v[1], "median", v[2], "q3", v[3], "max", v[4], "mean", mean, NULL };
	return balance_words_say(w, "balance-spread", pairs);
}

/* "wins" of each side, the games without a winner: the rows of the text
 * table and the bars of the PDF. */
static void result_bars(const balance_words *w, const balance_stats *st, balance_chart_bar bars[3], char *labels[3])
{
	for (int s = 0; s < MATCH_SIDES; s++) {
		const char *pairs[] = { "side", balance_words_side(w, s), NULL };
		labels[s] = balance_words_say(w, "balance-wins-of", pairs);
		bars[s] = (balance_chart_bar){ labels[s], st->wins[s].count, st->wins[s].rate, st->wins[s].low,
			st->wins[s].high };
	}
	const balance_rate *none = &st->no_winner;
	labels[2] = xstrdup(balance_words_get(w, "balance-no-winner"));
	bars[2] = (balance_chart_bar){ labels[2], none->count, none->rate, none->low, none->high };
}

/* How the games without a winner ended. */
static char *no_winner_detail(const balance_words *w, const balance_stats *st)
{
	char drawn[24], limit[24];
	snprintf(drawn, sizeof drawn, "%ld", st->draws.count);
	snprintf(limit, sizeof limit, "%ld", st->limit.count);
	const char *pairs[] = { "drawn", drawn, "limit", limit, NULL };
	return balance_words_say(w, "balance-no-winner-detail", pairs);
}

/* The games the scenario's special rules ended, by rule ("turn-limit 12,
 * sudden-death 3"); NULL when none did, so that a scenario without them
 * reads as before. */
static char *special_ends(const balance_words *w, const balance_stats *st)
{
	char list[200] = "";
	size_t used = 0;
	for (int k = 0; k < BALANCE_SPECIAL_KINDS && used < sizeof list; k++)
		if (st->special_ends[k] > 0)
			used += (size_t)snprintf(list + used, sizeof list - used, "%s%s %ld", used ? ", " : "",
				special_kind_name((special_kind)k), st->special_ends[k]);
	if (used == 0)
		return NULL;
	const char *pairs[] = { "list", list, NULL };
	return balance_words_say(w, "balance-special-ends", pairs);
}

/* What each of two different players won, whichever side it played. */
static char *by_player(const balance_words *w, const balance_plan *br, const balance_stats *st)
{
	char wa[24], wb[24], ra[32], rb[32];
	snprintf(wa, sizeof wa, "%ld", st->first_player.count);
	snprintf(wb, sizeof wb, "%ld", st->second_player.count);
	balance_words_percent(w, st->first_player.rate, ra);
	balance_words_percent(w, st->second_player.rate, rb);
	const char *pp[] = { "a", br->names[0], "b", br->names[1], "wa", wa, "wb", wb, "ra", ra, "rb", rb, NULL };
	return balance_words_say(w, "balance-by-player", pp);
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

static void print_histogram(FILE *out, const balance_spread *s)
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
		fprintf(out, "  %9s %5ld ", range, s->bin_count[b]);
		for (int i = 0; i < len; i++)
			fputc('#', out);
		fputc('\n', out);
	}
}

int balance_words_chars(const char *text)
{
	int chars = 0;
	for (const char *p = text; *p; p++)
		chars += ((unsigned char)*p & 0xC0) != 0x80;
	return chars;
}

void balance_words_pad(FILE *out, const char *text, int width, bool right)
{
	int chars = balance_words_chars(text);
	if (right)
		fprintf(out, "%*s%s", width > chars ? width - chars : 0, "", text);
	else
		fprintf(out, "%s%*s", text, width > chars ? width - chars : 0, "");
}

void balance_words_text(FILE *out, const balance_words *w, const balance_report *r)
{
	const balance_plan *br = r->run, *other = r->other;
	const balance_stats *st = &br->stats;
	const char *pairs[] = { "scenario", l10n_get(&w->sc->title, w->lang), NULL };
	char *title = balance_words_say(w, "balance-title", pairs);
	char *run = run_line(w, br);
	fprintf(out, "%s (%s, %s)\n%s\n\n", title, w->sc->id.text ? w->sc->id.text : "?", w->rs->id, run);
	free(title);
	free(run);
	balance_chart_bar bars[3];
	char *labels[3];
	result_bars(w, st, bars, labels);
	/* The labels' column as wide as the longest in this language. */
	int label_width = 28;
	for (int i = 0; i < 3; i++)
		label_width = balance_words_chars(labels[i]) + 2 > label_width ? balance_words_chars(labels[i]) + 2 : label_width;
	balance_words_pad(out, "", label_width, false);
	balance_words_pad(out, balance_words_get(w, "balance-games"), 9, true);
	balance_words_pad(out, balance_words_get(w, "balance-share"), 9, true);
	fprintf(out, "  %s\n", balance_words_get(w, "balance-interval"));
	for (int i = 0; i < 3; i++) {
		char rate[32], low[32], high[32];
		balance_words_percent(w, bars[i].rate, rate);
		balance_words_percent(w, bars[i].low, low);
		balance_words_percent(w, bars[i].high, high);
		balance_words_pad(out, labels[i], label_width, false);
		fprintf(out, " %8ld", bars[i].count);
		balance_words_pad(out, rate, 9, true);
		fprintf(out, "  %s - %s\n", low, high);
		free(labels[i]);
	}
	char *detail = no_winner_detail(w, st);
	fprintf(out, "  (%s)\n", detail);
	free(detail);
	char *ends = special_ends(w, st);
	if (ends)
		fprintf(out, "  (%s)\n", ends);
	free(ends);
	if (br->differ) {
		char *by = by_player(w, br, st);
		fprintf(out, "%s\n", by);
		free(by);
	}
	char *length = spread_line(w, &st->length);
	char *line = labelled(w, balance_words_get(w, "balance-length"), length);
	fprintf(out, "\n%s\n", line);
	free(line);
	free(length);
	print_histogram(out, &st->length);
	char *margin = spread_line(w, &st->margin);
	line = labelled(w, balance_words_get(w, MARGIN_WORDS[match_grid(w->m)]), margin);
	fprintf(out, "\n%s\n", line);
	free(line);
	free(margin);
	print_histogram(out, &st->margin);
	/* The verdict last, where the eye lands; its warning and the other
	 * player's verdict under it. */
	verdict_texts t;
	verdict_texts_init(&t, w, br, other);
	line = labelled(w, t.label, t.verdict);
	fprintf(out, "\n%s\n", line);
	free(line);
	if (t.warning)
		fprintf(out, "%s\n", t.warning);
	if (t.other) {
		line = labelled(w, t.other_label, t.other);
		fprintf(out, "%s\n", line);
		free(line);
	}
	if (t.skill)
		fprintf(out, "%s\n", t.skill);
	verdict_texts_finish(&t);
	if (r->suggest)
		balance_suggest_words_text(out, w, r->suggest);
}

/* A rate to four places, its interval too. */
static json_t *json_rate(const balance_rate *r)
{
	return json_pack("{s:I, s:o, s:o, s:o}", "count", (json_int_t)r->count, "rate", jsonout_real(r->rate, 4), "low",
		jsonout_real(r->low, 4), "high", jsonout_real(r->high, 4));
}

static json_t *json_spread(const balance_spread *s)
{
	json_t *o = json_pack("{s:I}", "games", (json_int_t)s->n);
	if (s->n > 0) {
		json_object_update_new(o, json_pack("{s:i, s:i, s:i, s:i, s:i, s:o}", "min", s->min, "q1", s->q1, "median",
			s->median, "q3", s->q3, "max", s->max, "mean", jsonout_real(s->mean, 2)));
		json_t *bars = json_array();
		for (int b = 0; b < s->bins; b++)
			json_array_append_new(bars, json_pack("{s:i, s:i, s:I}", "from", s->bin_low[b], "to", s->bin_high[b],
				"games", (json_int_t)s->bin_count[b]));
		json_object_set_new(o, "histogram", bars);
	}
	return o;
}

/* The players' names: one, or both when they change sides. */
static json_t *json_players(const balance_plan *br)
{
	json_t *list = json_pack("[o]", jsonout_string(br->names[0]));
	if (br->differ)
		json_array_append_new(list, jsonout_string(br->names[1]));
	return list;
}

/* A verdict as a JSON object: its kind, the favoured side, the share and
 * interval, the games that would settle it, the warning, its text. */
static json_t *json_verdict(const balance_words *w, const balance_plan *br, const balance_verdict *v)
{
	json_t *o = json_object();
	json_object_set_new(o, "kind", json_string(balance_verdict_name(v->kind)));
	json_object_set_new(o, "favoured", v->favoured >= 0 ? jsonout_string(match_side_id(w->m, v->favoured)) :
		json_null());
	json_object_set_new(o, "decided", json_integer(v->decided));
	json_object_set_new(o, "share", jsonout_real(v->share.rate, 4));
	json_object_set_new(o, "low", jsonout_real(v->share.low, 4));
	json_object_set_new(o, "high", jsonout_real(v->share.high, 4));
	json_object_set_new(o, "points", jsonout_real(v->points, 2));
	json_object_set_new(o, "games_needed", v->kind == BALANCE_INCONCLUSIVE && v->games_needed > 0 ?
		json_integer(v->games_needed) : json_null());
	json_object_set_new(o, "unfinished", json_boolean(v->unfinished));
	json_object_set_new(o, "no_winner_rate", jsonout_real(v->no_winner.rate, 4));
	json_object_set_new(o, "players", json_players(br));
	char *text = verdict_line(w, v);
	json_object_set_new(o, "text", jsonout_string(text));
	free(text);
	char *warning = unfinished_line(w, v);
	json_object_set_new(o, "warning", jsonout_string_or_null(warning));
	free(warning);
	return o;
}

/* Each side's wins and the games without a winner, by side id. */
static json_t *json_wins(const balance_words *w, const balance_stats *st)
{
	json_t *o = json_object();
	for (int s = 0; s < MATCH_SIDES; s++)
		json_object_set_new(o, match_side_id(w->m, s), json_integer(st->wins[s].count));
	json_object_set_new(o, "draw", json_integer(st->no_winner.count));
	return o;
}

void balance_words_json(FILE *out, const balance_words *w, const balance_report *r)
{
	const balance_plan *br = r->run, *other = r->other;
	const balance_stats *st = &br->stats;
	json_t *o = json_object();
	json_object_set_new(o, "scenario", jsonout_string(w->sc->id.text));
	json_object_set_new(o, "ruleset", jsonout_string(w->rs->id));
	json_object_set_new(o, "games", json_integer((json_int_t)br->games));
	/* A seed past what a JSON integer of jansson holds (2^63 - 1) is
	 * given as its digits in a string rather than wrapped round. */
	json_object_set_new(o, "seed", br->seed <= (unsigned long long)LLONG_MAX ?
		json_integer((json_int_t)br->seed) : json_sprintf("%llu", br->seed));
	json_object_set_new(o, "max_turns", json_integer(br->max_turns));
	json_object_set_new(o, "swapped", json_boolean(br->differ));
	json_object_set_new(o, "paired", json_boolean(br->differ));
	json_t *players = json_object();
	for (int s = 0; s < MATCH_SIDES; s++)
		json_object_set_new(players, match_side_id(w->m, s), json_players(br));
	json_object_set_new(o, "players", players);
	json_t *sides = json_array();
	for (int s = 0; s < MATCH_SIDES; s++)
		json_array_append_new(sides, json_pack("{s:o, s:o}", "id", jsonout_string(match_side_id(w->m, s)), "name",
			jsonout_string(balance_words_side(w, s))));
	json_object_set_new(o, "sides", sides);
	json_object_set_new(o, "wins", json_wins(w, st));
	json_object_set_new(o, "drawn", json_integer(st->draws.count));
	json_object_set_new(o, "turn_limit", json_integer(st->limit.count));
	json_t *ends = json_object();
	for (int k = 0; k < BALANCE_SPECIAL_KINDS; k++)
		if (st->special_ends[k] > 0)
			json_object_set_new(ends, special_kind_name((special_kind)k), json_integer(st->special_ends[k]));
	if (json_object_size(ends) > 0)
		json_object_set_new(o, "special_rules", ends);
	else
		json_decref(ends);
	json_t *interval = json_object();
	for (int s = 0; s < MATCH_SIDES; s++)
		json_object_set_new(interval, match_side_id(w->m, s), json_rate(&st->wins[s]));
	json_object_set_new(interval, "draw", json_rate(&st->no_winner));
	json_object_set_new(o, "interval", interval);
	if (br->differ)
		json_object_set_new(o, "by_player", json_pack("{s:o, s:o}", br->names[0], json_rate(&st->first_player),
			br->names[1], json_rate(&st->second_player)));
	json_object_set_new(o, "length", json_spread(&st->length));
	json_object_set_new(o, "margin", json_pack("{s:s, s:o}", "unit", MARGIN_WORDS[match_grid(w->m)] +
		strlen("balance-margin-"), "spread", json_spread(&st->margin)));
	json_object_set_new(o, "verdict", json_verdict(w, br, &st->verdict));
	/* The same games with the other player, for the default choice. */
	if (other) {
		const balance_stats *ot = &other->stats;
		json_t *more = json_object();
		json_object_set_new(more, "games", json_integer((json_int_t)other->games));
		json_object_set_new(more, "wins", json_wins(w, ot));
		json_object_set_new(more, "drawn", json_integer(ot->draws.count));
		json_object_set_new(more, "turn_limit", json_integer(ot->limit.count));
		json_object_set_new(more, "verdict", json_verdict(w, other, &ot->verdict));
		json_object_set_new(o, "other", more);
		json_object_set_new(o, "depends_on_skill", json_boolean(balance_verdicts_disagree(&st->verdict,
			&ot->verdict)));
	}
	if (r->suggest)
		balance_suggest_words_json(o, w, r->suggest);
	jsonout_line(out, o);
}

/* The command line that makes the same report, for its footer.  The
 * scenario is named by its file's name alone, as run from its folder: a
 * page that is handed round must not carry the folders of the machine it
 * was made on, and the same scenario gives the same page wherever it
 * lies. */
static char *command_line(const balance_plan *br, const balance_report *r, bool default_players, const char *path,
	lang_id lang)
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
	char think[48] = "";
	if (r->think)
		snprintf(think, sizeof think, " --think %.32s", r->think);
	return xasprintf("orbat balance --games %zu%s --seed %llu --max-turns %ld%s%s --format pdf --lang %s %s",
		br->games, players, br->seed, br->max_turns, think, r->suggest ? " --suggest" : "", lang_code(lang), file);
}
bool balance_words_page(const render_ctx *rc, const balance_words *w, const balance_report *r, bool default_players,
	const char *scenario_file, const char *path, char **error)
{
	const balance_plan *br = r->run, *other = r->other;
	const balance_stats *st = &br->stats;
	const char *pairs[] = { "scenario", l10n_get(&w->sc->title, w->lang), NULL };
	char *title = balance_words_say(w, "balance-title", pairs);
	char *run = run_line(w, br);
	verdict_texts t;
	verdict_texts_init(&t, w, br, other);
	char *again = command_line(br, r, default_players, scenario_file, w->lang);
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
	facts[nf++] = labelled(w, balance_words_get(w, "balance-no-winner"), detail);
	free(detail);
	char *ends = special_ends(w, st);
	if (ends)
		facts[nf++] = ends;
	char *length = spread_line(w, &st->length);
	facts[nf++] = labelled(w, balance_words_get(w, "balance-length"), length);
	free(length);
	char *margin = spread_line(w, &st->margin);
	facts[nf++] = labelled(w, balance_words_get(w, MARGIN_WORDS[match_grid(w->m)]), margin);
	free(margin);
	if (br->differ)
		facts[nf++] = by_player(w, br, st);
	chart.facts = (const char *const *)facts;
	chart.fact_count = nf;
	if (r->suggest)
		balance_suggest_words_table(w, r->suggest, &chart.suggest);
	bool ok = balance_report_write(rc, &chart, path, error);
	balance_suggest_words_table_finish(&chart.suggest);
	for (size_t i = 0; i < nf; i++)
		free(facts[i]);
	for (int i = 0; i < 3; i++)
		free(labels[i]);
	free(title);
	free(run);
	verdict_texts_finish(&t);
	free(again);
	return ok;
}

balance_pdf_status balance_words_save(context *ctx, const balance_words *w, const balance_report *r,
	const balance_pdf_opts *opts, char **error)
{
	*error = NULL;
	diag_sink sink;
	diag_sink_init(&sink);
	font_library *fonts = fonts_of(ctx, error);
	const layouts *lay = fonts ? layouts_of(ctx, &sink) : NULL;
	const paper_size *paper = lay ? layouts_paper(lay, opts->paper) : NULL;
	balance_pdf_status status = BALANCE_PDF_WRITTEN;
	if (!fonts || !lay) {
		if (!*error)
			*error = diag_data_error(&sink, 0);
		status = BALANCE_PDF_BROKEN_DATA;
	} else if (!paper) {
		*error = xasprintf("unknown paper size '%s'; layouts/print.xml defines a4 and letter", opts->paper);
		status = BALANCE_PDF_UNKNOWN_PAPER;
	}
	diag_sink_finish(&sink);
	if (status != BALANCE_PDF_WRITTEN)
		return status;
	render_ctx rc = { .fonts = fonts, .strings = w->strings, .layouts = lay, .ctx = ctx, .sc = w->sc, .rs = w->rs,
		.lang = w->lang, .paper = paper, .format = DOC_PDF };
	char *dir = xasprintf("%s/%s/%s", opts->output_dir, w->sc->id.text ? w->sc->id.text : "scenario",
		lang_code(w->lang));
	char *file = xasprintf("%s/balance.pdf", dir);
	outdir *out = outdir_open();
	bool ok = outdir_make_dirs(out, dir, error) &&
		balance_words_page(&rc, w, r, opts->default_players, opts->scenario_file, file, error) &&
		outdir_commit(out, opts->list, error);
	if (!ok) {
		if (!*error)
			*error = xstrdup("the report could not be written");
		status = outdir_write_failed(out) ? BALANCE_PDF_WRITE_FAILED : BALANCE_PDF_FAILED;
	}
	outdir_close(out);
	free(dir);
	free(file);
	return status;
}
