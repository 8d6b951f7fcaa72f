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

#include <jansson.h>

#include "../render/render.h"
#include "../text/strings.h"
#include "balance.h"
#include "balance_play.h"
#include "balance_suggest.h"
#include "match.h"

/* What the report speaks of, and in which words. */
typedef struct balance_words {
	const string_table *strings;
	lang_id lang;
	const scenario *sc;
	const ruleset *rs;
	const match *m;
} balance_words;

/* What a report shows: the played plan, the same games with the player
 * it is compared with (the plainer player beside the default one, the
 * default one beside an opt-in player; NULL: none), and the lab's
 * suggestions (balance_suggest.h; NULL: not asked). */
typedef struct balance_report {
	const balance_plan *run, *other;
	const balance_suggestions *suggest;
	const char *think;         /* --think as given (the expert's budget),
	                              for the PDF's command line; NULL: none */
} balance_report;

/* The report as text on out: the results table, the length and margin
 * with their histograms, the verdict (and the other player's), then the
 * suggestions. */
void balance_words_text(FILE *out, const balance_words *w, const balance_report *r);
/* The same as one JSON document and a newline (interfaces.md §6). */
void balance_words_json(FILE *out, const balance_words *w, const balance_report *r);
/* The one-page PDF at `path` on rc's paper (rc's strings, scenario,
 * ruleset and language are w's).  default_players: the run chose its
 * players itself; scenario_file: the scenario's path, whose file name the
 * page's footer names in the command that makes the page again.  False
 * with a message in *error (free it). */
bool balance_words_page(const render_ctx *rc, const balance_words *w, const balance_report *r, bool default_players,
	const char *scenario_file, const char *path, char **error);

/* Where and how the page of balance_words_save goes. */
typedef struct balance_pdf_opts {
	const char *output_dir;    /* the page is OUTPUT_DIR/SCENARIO/LANG/balance.pdf */
	const char *paper;         /* a paper of layouts/print.xml; NULL: the system's */
	bool default_players;      /* as balance_words_page's */
	const char *scenario_file; /* as balance_words_page's */
	FILE *list;                /* the file written is listed here; NULL: not */
} balance_pdf_opts;

typedef enum balance_pdf_status {
	BALANCE_PDF_WRITTEN,
	BALANCE_PDF_BROKEN_DATA,   /* the fonts or the print layouts do not load */
	BALANCE_PDF_UNKNOWN_PAPER, /* no such paper in the layouts */
	BALANCE_PDF_WRITE_FAILED,  /* the system refused a folder or the file */
	BALANCE_PDF_FAILED,        /* the page could not be made */
} balance_pdf_status;

/* The page of balance_words_page with the fonts, print layouts and paper
 * of the run's context, written atomically into its folder (made when
 * missing).  Not BALANCE_PDF_WRITTEN: why in *error (free it). */
balance_pdf_status balance_words_save(struct context *ctx, const balance_words *w, const balance_report *r,
	const balance_pdf_opts *opts, char **error);

/* The words the report's parts share (balance_suggest_words.c too): a
 * string of data/i18n/balance.xml in the report's language, the same with
 * its {placeholders} filled (free it), a side's name, a share as a
 * percentage with one decimal, and text padded with blanks to `width`
 * characters (UTF-8 counted by characters). */
const char *balance_words_get(const balance_words *w, const char *id);
char *balance_words_say(const balance_words *w, const char *id, const char *const *pairs);
const char *balance_words_side(const balance_words *w, int side);
void balance_words_percent(const balance_words *w, double share, char buf[32]);
int balance_words_chars(const char *text);
void balance_words_pad(FILE *out, const char *text, int width, bool right);

/* The suggestions' part of each format (balance_suggest_words.c): the
 * text table after the verdict; the JSON fields "suggestions",
 * "suggestions_not_offered" and "suggestions_untried" added to the
 * document; the rows of the PDF's short table (balancereport.h). */
void balance_suggest_words_text(FILE *out, const balance_words *w, const balance_suggestions *s);
void balance_suggest_words_json(json_t *doc, const balance_words *w, const balance_suggestions *s);
struct balance_chart_table;
void balance_suggest_words_table(const balance_words *w, const balance_suggestions *s, struct balance_chart_table *t);
void balance_suggest_words_table_finish(struct balance_chart_table *t);

#endif
