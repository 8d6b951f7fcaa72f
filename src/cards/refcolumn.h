/* The blocks a reference card page is made of, and the pages of each
 * grid.  A page has two columns of blocks (headings, texts, notes,
 * numbered steps, tables); refcard.c measures, scales and draws them.
 * What goes where is data: each grid lists its blocks in a small table of
 * refcard_item (refhex.c, refsquare.c), and refcolumn_fill builds the
 * columns from it.  refcard_grid_of picks the grid's card by the name of
 * the ruleset's grid, so no code outside those tables asks which grid it
 * has. */
#ifndef ORBAT_REFCOLUMN_H
#define ORBAT_REFCOLUMN_H

#include <stdbool.h>
#include <stddef.h>

#include "../model/ruleset.h"
#include "reftables.h"
#include "textbox.h"

typedef enum { BLOCK_HEADING, BLOCK_TEXT, BLOCK_NOTE, BLOCK_STEP, BLOCK_TABLE } block_kind;

typedef struct ref_block {
	block_kind kind;
	char *text;          /* owned */
	char label[24];      /* step number */
	ref_table *table;    /* owned */
} ref_block;

typedef struct ref_column {
	ref_block *blocks;
	size_t count, cap;
} ref_column;

/* Append a block; the column takes text and table (either may be NULL). */
void refcolumn_add(ref_column *c, block_kind kind, char *text, ref_table *table);
/* A numbered step (taken over, like refcolumn_add). */
void refcolumn_add_step(ref_column *c, char *text, size_t number);
/* Free the blocks and empty the column. */
void refcolumn_finish(ref_column *c);

/* Builders of a block's content; each returns NULL when the ruleset has
 * nothing to say there, and the block is left out. */
typedef ref_table *(*reftable_fn)(textbox_ctx *tc, const ruleset *rs);
typedef char *(*refsentence_fn)(textbox_ctx *tc, const ruleset *rs);
/* Lines of a list: steps, or one text block per line (free each and the
 * array); `id` is the item's. */
typedef size_t (*reflines_fn)(textbox_ctx *tc, const ruleset *rs, const char *id, char ***out);

/* One block of a page as a grid's table states it.  Its content is the
 * first that is set of: table, lines, sentence, text (called with id),
 * and else the plain string id. */
typedef struct refcard_item {
	block_kind kind;
	const char *id;
	reftext_fn text;
	refsentence_fn sentence;
	reftable_fn table;
	reflines_fn lines;
	/* Shown only when the next item has content (a heading over an
	 * optional text, the introduction of an optional table). */
	bool needs_next;
} refcard_item;

/* The items as a grid's table writes them, one section (a heading and
 * what follows it) to a line. */
#define REF_HEADING(i) { .kind = BLOCK_HEADING, .id = (i) }
#define REF_HEADING_IF(i) { .kind = BLOCK_HEADING, .id = (i), .needs_next = true }
#define REF_STRING(k, i) { .kind = (k), .id = (i) }
#define REF_TABLE(f) { .kind = BLOCK_TABLE, .table = (f) }
#define REF_SAY(k, f) { .kind = (k), .sentence = (f) }
#define REF_TEXT(k, i, f) { .kind = (k), .id = (i), .text = (f) }
#define REF_LINES(k, i, f) { .kind = (k), .id = (i), .lines = (f) }
#define REF_END { 0 }

/* Blocks of a column, up to a terminating item with neither id nor
 * builder ({ 0 }). */
void refcolumn_fill(ref_column *c, textbox_ctx *tc, const ruleset *rs, const refcard_item *items);

/* A page: its two columns and the share of the page's width the left one
 * takes. */
typedef struct refcard_page {
	const refcard_item *left, *right;
	double left_share;
} refcard_page;

/* A grid's card: its two pages, and how far a page with room to spare
 * may enlarge its type (1: body text 10 pt).  `grid` is the grid's name
 * in the ruleset files (geo/grid.h); `no_deck` is what `orbat cards` adds
 * when a ruleset of the grid has no order cards (English, as the other
 * messages); `values` the numbers its sentences name. */
typedef struct refcard_grid {
	const char *grid;
	refcard_page front, back;
	double max_scale;
	const char *no_deck;
	refpairs_fn values;   /* the placeholders reftext fills */
} refcard_grid;

extern const refcard_grid refcard_hex_grid;     /* refhex.c */
extern const refcard_grid refcard_square_grid;  /* refsquare.c */

/* The card of the ruleset's grid; NULL for a grid without one. */
const refcard_grid *refcard_grid_of(const ruleset *rs);

#endif
