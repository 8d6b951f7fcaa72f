/* The balance report of a scenario (orbat balance --format pdf): one page
 * a designer puts beside the scenario sheet, with the run's figures, a
 * chart of the results -- each side's wins as a bar with its 95 %
 * interval, and the games without a winner -- and a histogram of the
 * games' length.  The verdict stands first in a shaded box, with its
 * warning and the other player's verdict when there are.  The figures come ready from the caller (the statistics
 * are src/rules/balance.h's, which this layer does not see); the words of
 * the page are data/i18n/balance.xml's, in the context's language. */
#ifndef ORBAT_BALANCEREPORT_H
#define ORBAT_BALANCEREPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "render.h"

/* Bars of the game-length histogram the page draws, at most. */
#define BALANCE_CHART_BINS 10

/* One bar of the results chart: a share of all games with its interval. */
typedef struct balance_chart_bar {
	const char *label;        /* the side's name, or "draws" */
	long count;
	double rate, low, high;   /* 0..1; low = high = rate: no interval drawn */
} balance_chart_bar;

/* Rows of the suggestions' table the page shows, at most: the nearest
 * and most even changes (the text and JSON reports list them all). */
#define BALANCE_CHART_ROWS 6
#define BALANCE_CHART_COLUMNS 4

/* The short table of the balance lab's suggestions (orbat balance
 * --suggest): a heading, the columns' titles (change, share, interval,
 * verdict) and a row of texts for each of the first changes (`rows` of
 * `total`); a note under it (what the board does not offer, the changes
 * not tried).  The page shows as many rows as fit and says so when it
 * shows fewer than `total`.  heading NULL: no table. */
typedef struct balance_chart_table {
	char *heading;
	char *head[BALANCE_CHART_COLUMNS];
	char *cells[BALANCE_CHART_ROWS][BALANCE_CHART_COLUMNS];
	size_t rows, total;
	char *note;
} balance_chart_table;

typedef struct balance_chart {
	const char *title;        /* "Balance of Shiloh" */
	const char *run;          /* the run in one line: games, players, seed */
	const char *verdict_label; /* "Verdict with 'strong'": the player measured */
	const char *verdict;      /* the verdict in a sentence or two */
	const char *warning;      /* too many games without a winner; NULL: none */
	const char *other_label;  /* "With 'simple' instead"; NULL: no other player */
	const char *other;        /* that player's verdict; NULL: none */
	const char *skill;        /* the two verdicts disagree; NULL: they do not */
	const char *const *facts; /* lines of figures under the charts */
	size_t fact_count;
	const char *command;      /* the command that makes this page again */
	balance_chart_bar bars[3];
	size_t bar_count;
	int bins;
	int bin_low[BALANCE_CHART_BINS], bin_high[BALANCE_CHART_BINS];
	long bin_count[BALANCE_CHART_BINS];
	balance_chart_table suggest;
} balance_chart;

/* A share as the language writes a percentage with one decimal
 * ("52.5%", "52,5%", "52,5 %"), into buf. */
void balance_chart_percent(const string_table *strings, lang_id lang, double share, char *buf, size_t size);

/* Write the page at `path` on the context's paper (one PDF page, written
 * atomically).  False with a message in *error. */
bool balance_report_write(const render_ctx *rc, const balance_chart *chart, const char *path, char **error);

#endif
