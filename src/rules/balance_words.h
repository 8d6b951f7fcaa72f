/* The balance report of a run of games in the reader's language: the
 * text and the JSON document orbat balance prints, and the composition of
 * its one-page PDF (drawn by render/balancereport.h).  The figures are
 * rules/balance.h's; every word comes from data/i18n/balance.xml.  A
 * product of the library like the print set: a command runs the games and
 * hands the plans here, and any other program can do the same. */
#ifndef ORBAT_BALANCE_WORDS_H
#define ORBAT_BALANCE_WORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../render/render.h"
#include "../text/strings.h"
#include "balance.h"
#include "match.h"

/* A run of games between two named players on one scenario. */
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

/* What the report speaks of, and in which words. */
typedef struct balance_words {
	const string_table *strings;
	lang_id lang;
	const scenario *sc;
	const ruleset *rs;
	const match *m;
} balance_words;

/* The report of the played plan br as text on out: the results table, the
 * length and margin with their histograms, the verdict last.  other: the
 * same games with the plainer player (NULL: none). */
void balance_words_text(FILE *out, const balance_words *w, const balance_plan *br, const balance_plan *other);
/* The same as one JSON document and a newline (interfaces.md §6). */
void balance_words_json(FILE *out, const balance_words *w, const balance_plan *br, const balance_plan *other);
/* The one-page PDF at `path` on rc's paper (rc's strings, scenario,
 * ruleset and language are w's).  default_players: the run chose its
 * players itself; scenario_file: the scenario's path, whose file name the
 * page's footer names in the command that makes the page again.  False
 * with a message in *error (free it). */
bool balance_words_page(const render_ctx *rc, const balance_words *w, const balance_plan *br,
	const balance_plan *other, bool default_players, const char *scenario_file, const char *path, char **error);

#endif
