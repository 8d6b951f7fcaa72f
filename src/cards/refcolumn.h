/* The blocks a reference card page is made of, and the page builders of
 * each grid.  A page has two columns of blocks (headings, texts, notes,
 * numbered steps, tables); refcard.c measures, scales and draws them, a
 * grid's builder only says what goes where: front_columns/back_columns in
 * refcard.c for the hex rulesets, refsquare.c for the square grid.
 * refcard.c picks one by the ruleset's grid from its table of grids. */
#ifndef ORBAT_REFCOLUMN_H
#define ORBAT_REFCOLUMN_H

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
/* The numbered list "base-1", "base-2", … of data/i18n for this ruleset. */
void refcolumn_add_steps(ref_column *c, textbox_ctx *tc, const ruleset *rs, const char *base);

/* Fills the left and right columns of one page. */
typedef void (*refcard_columns_fn)(textbox_ctx *tc, const ruleset *rs, ref_column *left, ref_column *right);

/* The two pages of a grid's card, the share of each page's width the
 * left column takes, and how far a page with room to spare may enlarge
 * its type (1: body text 10 pt). */
typedef struct refcard_grid {
	refcard_columns_fn front, back;
	double front_share, back_share;
	double max_scale;
} refcard_grid;

/* The square grid's card (refsquare.c). */
extern const refcard_grid refcard_square_grid;

#endif
