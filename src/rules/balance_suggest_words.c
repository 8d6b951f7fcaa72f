/* The balance lab's suggestions in words (balance_words.h): a change in
 * a phrase, its verdict in a word or two, the text table, the JSON fields
 * and the PDF's short table.  Every word from data/i18n/balance.xml. */
#include <stdlib.h>
#include <string.h>

#include "../base/jsonout.h"
#include "../base/util.h"
#include "../render/balancereport.h"
#include "balance_words.h"

/* The phrase of each kind of change (balance_change_kind). */
static const char *const CHANGE_WORDS[BALANCE_CHANGE_KINDS] = {
	[BALANCE_CHANGE_VICTORY] = "balance-change-victory",
	[BALANCE_CHANGE_CARDS] = "balance-change-cards",
	[BALANCE_CHANGE_FIRST] = "balance-change-first",
};

/* Why the square board offers no change of that kind: its rules have no
 * target and no cards (rules-digest §11). */
static const char *const NOT_OFFERED_WORDS[BALANCE_CHANGE_KINDS] = {
	[BALANCE_CHANGE_VICTORY] = "balance-not-offered-victory",
	[BALANCE_CHANGE_CARDS] = "balance-not-offered-cards",
	[BALANCE_CHANGE_FIRST] = "balance-not-offered-first",
};

static char *change_text(const balance_words *w, const balance_change *c)
{
	char from[24], to[24];
	snprintf(from, sizeof from, "%d", c->from);
	snprintf(to, sizeof to, "%d", c->to);
	const char *pairs[] = { "side", balance_words_side(w, c->side), "from", from, "to", to, NULL };
	return balance_words_say(w, CHANGE_WORDS[c->kind], pairs);
}

/* The verdict in a word or two: "balanced", "Union favoured". */
static char *verdict_word(const balance_words *w, const balance_verdict *v)
{
	if (v->kind == BALANCE_FAVOURED) {
		const char *pairs[] = { "side", balance_words_side(w, v->favoured), NULL };
		return balance_words_say(w, "balance-kind-favoured", pairs);
	}
	return xstrdup(balance_words_get(w, v->kind == BALANCE_BALANCED ? "balance-kind-balanced" :
		"balance-kind-inconclusive"));
}

/* A suggestion's four cells: the change, side 0's share of the decided
 * games, its interval, the verdict (free each). */
static void cells_of(const balance_words *w, const balance_suggestion *s, char *cells[BALANCE_CHART_COLUMNS])
{
	char share[32], low[32], high[32];
	cells[0] = change_text(w, &s->change);
	if (s->share.of > 0) {
		balance_words_percent(w, s->share.rate, share);
		balance_words_percent(w, s->share.low, low);
		balance_words_percent(w, s->share.high, high);
		cells[1] = xstrdup(share);
		cells[2] = xasprintf("%s - %s", low, high);
	} else {
		cells[1] = xstrdup("-");
		cells[2] = xstrdup("-");
	}
	cells[3] = verdict_word(w, &s->plan.stats.verdict);
}

static void cells_finish(char *cells[BALANCE_CHART_COLUMNS])
{
	for (int c = 0; c < BALANCE_CHART_COLUMNS; c++)
		free(cells[c]);
}

static char *heading(const balance_words *w, const balance_suggestions *s)
{
	char games[24];
	snprintf(games, sizeof games, "%zu", s->games);
	const char *pairs[] = { "games", games, NULL };
	char *text = balance_words_say(w, "balance-suggest-heading", pairs);
	char *line = xasprintf("%s%s", text, balance_words_get(w, "balance-colon"));
	free(text);
	return line;
}

static void column_titles(const balance_words *w, char *head[BALANCE_CHART_COLUMNS])
{
	const char *pairs[] = { "side", balance_words_side(w, 0), NULL };
	head[0] = xstrdup(balance_words_get(w, "balance-suggest-change"));
	head[1] = balance_words_say(w, "balance-suggest-share", pairs);
	head[2] = xstrdup(balance_words_get(w, "balance-interval"));
	head[3] = xstrdup(balance_words_get(w, "balance-suggest-verdict"));
}

/* The sentence on the kinds of change the board does not offer; NULL
 * when it offers all. */
static char *not_offered(const balance_words *w, grid_kind grid)
{
	char list[600] = "";
	size_t used = 0;
	for (int k = 0; k < BALANCE_CHANGE_KINDS; k++)
		if (!balance_change_applies((balance_change_kind)k, grid) && used < sizeof list)
			used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", used ? balance_words_get(w, "balance-semicolon") : "",
				balance_words_get(w, NOT_OFFERED_WORDS[k]));
	if (!used)
		return NULL;
	const char *pairs[] = { "list", list, NULL };
	return balance_words_say(w, "balance-suggest-not-offered", pairs);
}

static char *untried_line(const balance_words *w, const balance_untried *u)
{
	char *change = change_text(w, &u->change);
	const char *pairs[] = { "change", change, "reason", u->reason, NULL };
	char *line = balance_words_say(w, "balance-suggest-untried", pairs);
	free(change);
	return line;
}

void balance_suggest_words_text(FILE *out, const balance_words *w, const balance_suggestions *s)
{
	char *title = heading(w, s);
	fprintf(out, "\n%s\n", title);
	free(title);
	if (s->count == 0)
		fprintf(out, "  %s\n", balance_words_get(w, "balance-suggest-none"));
	char *head[BALANCE_CHART_COLUMNS];
	column_titles(w, head);
	/* The columns as wide as their longest text in this language. */
	char *(*rows)[BALANCE_CHART_COLUMNS] = xcalloc(s->count ? s->count : 1, sizeof *rows);
	int width[BALANCE_CHART_COLUMNS];
	for (int c = 0; c < BALANCE_CHART_COLUMNS; c++)
		width[c] = balance_words_chars(head[c]);
	for (size_t i = 0; i < s->count; i++) {
		cells_of(w, &s->items[i], rows[i]);
		for (int c = 0; c < BALANCE_CHART_COLUMNS; c++)
			if (balance_words_chars(rows[i][c]) > width[c])
				width[c] = balance_words_chars(rows[i][c]);
	}
	for (size_t r = 0; s->count > 0 && r <= s->count; r++) {
		char **cells = r == 0 ? head : rows[r - 1];
		fputs("  ", out);
		for (int c = 0; c < BALANCE_CHART_COLUMNS; c++) {
			if (c > 0)
				fputs("  ", out);
			/* The share right-aligned; the last column not padded. */
			if (c == BALANCE_CHART_COLUMNS - 1)
				fputs(cells[c], out);
			else
				balance_words_pad(out, cells[c], width[c], c == 1);
		}
		fputc('\n', out);
	}
	for (size_t i = 0; i < s->count; i++)
		cells_finish(rows[i]);
	free(rows);
	cells_finish(head);
	char *note = not_offered(w, s->grid);
	if (note)
		fprintf(out, "%s\n", note);
	free(note);
	for (size_t i = 0; i < s->untried_count; i++) {
		char *line = untried_line(w, &s->untried[i]);
		fprintf(out, "%s\n", line);
		free(line);
	}
}

/* A change's "from" and "to": numbers, or for the first side the ids of
 * the side that plays first as written and of the one tried. */
static void json_change(json_t *o, const balance_words *w, const balance_change *c)
{
	json_object_set_new(o, "change", json_string(balance_change_name(c->kind)));
	json_object_set_new(o, "side", jsonout_string(match_side_id(w->m, c->side)));
	if (c->kind == BALANCE_CHANGE_FIRST) {
		json_object_set_new(o, "from", jsonout_string(match_side_id(w->m, 1 - c->side)));
		json_object_set_new(o, "to", jsonout_string(match_side_id(w->m, c->side)));
	} else {
		json_object_set_new(o, "from", json_integer(c->from));
		json_object_set_new(o, "to", json_integer(c->to));
	}
	json_object_set_new(o, "distance", json_integer(balance_change_distance(c)));
	char *text = change_text(w, c);
	json_object_set_new(o, "text", jsonout_string(text));
	free(text);
}

void balance_suggest_words_json(json_t *doc, const balance_words *w, const balance_suggestions *s)
{
	json_t *list = json_array();
	for (size_t i = 0; i < s->count; i++) {
		const balance_suggestion *g = &s->items[i];
		const balance_stats *st = &g->plan.stats;
		const balance_verdict *v = &st->verdict;
		json_t *o = json_object();
		json_change(o, w, &g->change);
		json_object_set_new(o, "games", json_integer((json_int_t)g->plan.games));
		json_t *wins = json_object();
		for (int side = 0; side < MATCH_SIDES; side++)
			json_object_set_new(wins, match_side_id(w->m, side), json_integer(st->wins[side].count));
		json_object_set_new(wins, "draw", json_integer(st->no_winner.count));
		json_object_set_new(o, "wins", wins);
		json_object_set_new(o, "decided", json_integer(v->decided));
		json_object_set_new(o, "first_side", jsonout_string(match_side_id(w->m, 0)));
		json_object_set_new(o, "first_side_share", jsonout_real(g->share.rate, 4));
		json_object_set_new(o, "low", jsonout_real(g->share.low, 4));
		json_object_set_new(o, "high", jsonout_real(g->share.high, 4));
		json_object_set_new(o, "verdict", json_string(balance_verdict_name(v->kind)));
		json_object_set_new(o, "favoured", v->favoured >= 0 ? jsonout_string(match_side_id(w->m, v->favoured)) :
			json_null());
		char *word = verdict_word(w, v);
		json_object_set_new(o, "verdict_text", jsonout_string(word));
		free(word);
		json_array_append_new(list, o);
	}
	json_object_set_new(doc, "suggestions", list);
	json_t *absent = json_array();
	for (int k = 0; k < BALANCE_CHANGE_KINDS; k++)
		if (!balance_change_applies((balance_change_kind)k, s->grid))
			json_array_append_new(absent, json_pack("{s:s, s:o}", "change", balance_change_name((balance_change_kind)k),
				"text", jsonout_string(balance_words_get(w, NOT_OFFERED_WORDS[k]))));
	json_object_set_new(doc, "suggestions_not_offered", absent);
	json_t *untried = json_array();
	for (size_t i = 0; i < s->untried_count; i++) {
		json_t *o = json_object();
		json_change(o, w, &s->untried[i].change);
		json_object_set_new(o, "reason", jsonout_string(s->untried[i].reason));
		json_array_append_new(untried, o);
	}
	json_object_set_new(doc, "suggestions_untried", untried);
}

void balance_suggest_words_table(const balance_words *w, const balance_suggestions *s, balance_chart_table *t)
{
	memset(t, 0, sizeof *t);
	t->heading = heading(w, s);
	column_titles(w, t->head);
	t->rows = s->count < BALANCE_CHART_ROWS ? s->count : BALANCE_CHART_ROWS;
	for (size_t i = 0; i < t->rows; i++)
		cells_of(w, &s->items[i], t->cells[i]);
	t->total = s->count;
	/* Under the table (after the page's word on the rows it shows): no
	 * change at all, what the board does not offer, the changes the
	 * compiler refused. */
	char *parts[3] = { NULL, NULL, NULL };
	if (s->count == 0)
		parts[0] = xstrdup(balance_words_get(w, "balance-suggest-none"));
	parts[1] = not_offered(w, s->grid);
	if (s->untried_count > 0) {
		char n[24];
		snprintf(n, sizeof n, "%zu", s->untried_count);
		const char *pairs[] = { "n", n, NULL };
		parts[2] = balance_words_say(w, "balance-suggest-untried-count", pairs);
	}
	for (int i = 0; i < 3; i++) {
		if (!parts[i])
			continue;
		char *joined = t->note ? xasprintf("%s %s", t->note, parts[i]) : xstrdup(parts[i]);
		free(t->note);
		free(parts[i]);
		t->note = joined;
	}
}

void balance_suggest_words_table_finish(balance_chart_table *t)
{
	for (size_t i = 0; i < t->rows; i++)
		cells_finish(t->cells[i]);
	cells_finish(t->head);
	free(t->heading);
	free(t->note);
	memset(t, 0, sizeof *t);
}
