/* Print products II: the order-card deck (print-and-play PDF, Tabletop
 * Simulator sheets) and the two-sided reference card of a ruleset.
 *
 * Callable from the cards/refcard commands and from a scenario's print set.
 * The render context's scenario (rc->sc) may be NULL: these products depend
 * on the ruleset, the language and the paper only.  Every number printed
 * comes from the ruleset; every sentence from data/i18n/cards.xml.  A text
 * that does not fit its box (even shrunk to its minimum size), a missing
 * translation or a glyph the bundled fonts lack fails the product: nothing
 * is written, and the message names the text. */
#ifndef ORBAT_CARDS_H
#define ORBAT_CARDS_H

#include <stdbool.h>
#include <stdio.h>

#include "../render/render.h"
#include "cardsheet.h"
#include "deckfaces.h"

/* The marks of the print-and-play sheets. */
typedef enum {
	CARDS_MARKS_CUT,         /* cut marks for a knife or a guillotine */
	CARDS_MARKS_CUTTER,      /* registration marks for a print-then-cut machine */
} cards_marks;

typedef struct deck_options {
	const cards_deck *deck;  /* NULL: the ruleset's own deck */
	const char *size;        /* card size id of layouts/cards.xml; NULL: its default */
	const char *sheet;       /* sheet id of layouts/cards.xml (print-and-play,
	                            trade); NULL: its default */
	cards_duplex duplex;     /* zero value: long edge */
	cards_marks marks;       /* zero value: cut marks */
	bool unique;             /* each design once instead of every copy */
	bool ink_saver;          /* light backs: outline, emblem and title on white */
	double dpi;              /* Tabletop Simulator images; 0: the layout's */
	/* mm, x right and y down as the back page shows in the PDF: every
	 * back side (and, in duplex, the back page's marks) moves so far, to
	 * undo a duplex printer's shift (`orbat calibrate` measures it).  The
	 * Tabletop Simulator sheets ignore it. */
	double back_offset[2];
} deck_options;

/* The deck as a print-and-play PDF at `path`: sheets of fronts, each
 * followed by its backs (or beside them, for duplex none), the bleed and
 * cut marks of cardsheet.h, the grid centred on rc->paper; with
 * CARDS_MARKS_CUTTER the registration marks of cardreg.h on each page of
 * fronts instead of cut marks. */
bool cards_render_deck(const render_ctx *rc, const deck_options *opt, const char *path, char **error);

/* The reference card at `path`: one landscape sheet, front and back. */
bool cards_render_refcard(const render_ctx *rc, const char *path, char **error);

/* Why a ruleset of this grid may have no order cards, as a parenthesis
 * that follows "has no order cards" in a message ("" when the grid gives
 * no reason). */
const char *cards_no_deck_reason(const ruleset *rs);

/* Tabletop Simulator sheets in `dir`: deck-sheet-N.png with the layout's
 * grid of fronts (10 × 7, fewer where the image would pass the layout's
 * max-side pixels), the last slot of each holding the back, and
 * deck-back.png.  Each file written is named on `log` (NULL: silent).
 * Files are written atomically. */
bool cards_render_tts(const render_ctx *rc, const deck_options *opt, const char *dir, FILE *log,
	char **error);

/* Single-card images for print-on-demand services in `dir`, each with
 * the faces' 3 mm bleed, at opt->dpi (else the layout's tts dpi, 300):
 * card-NN-ID-FLANK-xCOPIES.png for each design (NN its place in the deck,
 * FLANK left, centre, right or any, COPIES how many the deck holds) and
 * card-back.png.  Files are written atomically; each is named on `log`. */
bool cards_render_card_files(const render_ctx *rc, const deck_options *opt, const char *dir, FILE *log,
	char **error);

/* Lay out every face of the deck without writing anything: false, with
 * the first text that does not fit, when the deck cannot be printed. */
bool cards_check_deck(const render_ctx *rc, const deck_options *opt, char **error);

/* A run of the deck products, language by language, as 'orbat cards'
 * makes them and the studio may. */

/* Which deck products a run writes for each language. */
typedef struct cards_formats {
	bool pdf;           /* deck.pdf, print and play */
	bool png;           /* Tabletop Simulator sheets */
	bool card_files;    /* cards/: one image a card, for print-on-demand */
} cards_formats;

/* How a language's products went, ordered by gravity: a run's result is
 * its worst. */
typedef enum cards_outcome {
	CARDS_DONE = 0,
	CARDS_INVALID = 1,      /* the player's deck cannot be printed */
	CARDS_UNWRITABLE = 2,   /* a folder or file cannot be written */
	CARDS_BROKEN = 3,       /* a product not drawn: an internal error */
} cards_outcome;

/* Write one language's deck products (rc->lang) into `dir`, its folders
 * made in the open output set (base/outdir.h): deck.pdf, the Tabletop
 * Simulator sheets, cards/ with one image a card.  A deck of the
 * player's (opt->deck) whose text cannot fit fails before anything is
 * written.  Other than CARDS_DONE with a message in *error (free it). */
cards_outcome cards_write_language(const render_ctx *rc, const deck_options *opt, cards_formats what,
	const char *dir, char **error);

/* Run fn once for each language of `langs` (rc->lang set), on up to `jobs`
 * worker processes (base/jobpool.h): what fn prints comes out in the order
 * of the languages, its files join the open output set.  Stops at the
 * first language that fails, as one process would, tells its message to
 * `failed` (also when a worker died: CARDS_BROKEN) and returns its
 * outcome. */
typedef cards_outcome (*cards_lang_fn)(void *arg, const render_ctx *rc, char **error);
typedef void (*cards_failed_fn)(void *arg, lang_id lang, const char *message);
cards_outcome cards_each_language(render_ctx *rc, const bool langs[LANG_COUNT], unsigned jobs, cards_lang_fn fn,
	void *arg, cards_failed_fn failed, void *failed_arg);

/* The deck products of every language of `langs` in
 * OUT_DIR/cards/<ruleset>/<lang>/ (cards_write_language), into the open
 * output set, on up to `jobs` workers (cards_each_language). */
cards_outcome cards_write_decks(render_ctx *rc, const deck_options *opt, cards_formats what, const char *out_dir,
	const bool langs[LANG_COUNT], unsigned jobs, cards_failed_fn failed, void *failed_arg);

/* After cards_write_decks wrote deck.pdf: deck-cmyk.pdf beside each, in
 * CMYK as PDF/X (cards/deckcmyk.h), written atomically and named on `list`
 * (NULL: silent).  Stops at the first failure: CARDS_BROKEN with a
 * message in *error (free it). */
cards_outcome cards_write_cmyk(context *ctx, const char *out_dir, const char *ruleset_id,
	const bool langs[LANG_COUNT], FILE *list, char **error);

#endif
