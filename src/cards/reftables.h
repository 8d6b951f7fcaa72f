/* What the reference card says, built from the ruleset: its tables (units,
 * terrain, deck, retreat thresholds) and the sentences that carry numbers.
 * No drawing here, so the tests can read the content directly.
 *
 * Sentences come from data/i18n/cards.xml.  Where rulesets differ in
 * procedure (how a battle is resolved), a text may exist per ruleset:
 * "ref-battle-1@noord-zuid" is preferred to "ref-battle-1@battlecry-1999"
 * (the parent) and to plain "ref-battle-1".  Placeholders such as {n},
 * {sabres} or {types} are filled from the ruleset. */
#ifndef ORBAT_REFTABLES_H
#define ORBAT_REFTABLES_H

#include <stdbool.h>
#include <stddef.h>

#include "../model/ruleset.h"
#include "textbox.h"

typedef struct ref_table {
	size_t columns;
	size_t rows;            /* body rows, the header not counted */
	char **head;            /* one per column */
	double *weights;        /* relative column widths */
	bool *centred;          /* numbers: centred in their column */
	char **cells;           /* rows × columns */
	size_t cap_rows;
	bool last_row_total;    /* the last row sums up: drawn bold */
} ref_table;

ref_table *reftable_create(size_t columns);
void reftable_destroy(ref_table *t);
void reftable_head(ref_table *t, size_t col, const char *text, double weight, bool centred);
/* Append an empty row; returns its index. */
size_t reftable_add_row(ref_table *t);
/* Set a cell (copied). */
void reftable_set(ref_table *t, size_t row, size_t col, const char *text);
const char *reftable_cell(const ref_table *t, size_t row, size_t col);

/* Printed where a cell has nothing to say: a dash, the same in every
 * language and on the cards of every grid. */
#define REF_NOTHING "\u2013"

/* A number in a cell, or REF_NOTHING when it is not shown. */
void reftable_number(ref_table *t, size_t row, size_t col, int n, bool shown);

/* Helpers of the sentences of every grid: */
/* "a", "a and b", "a, b and c" in the context's language; conjunction
 * "ref-and" or "ref-or". */
char *reftext_join(textbox_ctx *tc, const char *const *names, size_t n, const char *conjunction);
/* The string "base-one" or "base-other" for n (die/dice, round/rounds). */
const char *reftext_plural(textbox_ctx *tc, const char *base, int n);
/* Append sep and s to *out, or make *out s when it is empty; s is freed. */
void reftext_append(char **out, char *s, const char *sep);

/* The placeholders a grid's sentences may fill ({hexes}, {points}…):
 * name/value pairs for textbox_expand, NULL-ended. */
typedef struct ref_pairs {
	char numbers[24][16];
	size_t number_count;
	const char *pairs[64];
	size_t count;
} ref_pairs;
void refpairs_text(ref_pairs *p, const char *name, const char *value);
void refpairs_number(ref_pairs *p, const char *name, int n);
/* Fills out with the placeholders of one grid's sentences. */
typedef void (*refpairs_fn)(textbox_ctx *tc, const ruleset *rs, ref_pairs *out);
/* Those of the hex rulesets: retreat, general, stacking, die faces. */
void reftext_hex_values(textbox_ctx *tc, const ruleset *rs, ref_pairs *out);

/* Units: name (and variant), figures, movement, dice at each distance. */
ref_table *reftable_units(textbox_ctx *tc, const ruleset *rs);
/* Terrain: movement, dice modifier, line of sight; fieldworks last. */
ref_table *reftable_terrain(textbox_ctx *tc, const ruleset *rs);
/* The same tables of only some of the ruleset's unit types and terrains
 * (a scenario's): a flag per entry of rs->unit_types or rs->terrains
 * (NULL: every one), and whether fieldworks have their row. */
ref_table *reftable_units_of(textbox_ctx *tc, const ruleset *rs, const bool *types);
ref_table *reftable_terrain_of(textbox_ctx *tc, const ruleset *rs, const bool *terrains, bool fieldworks);
/* The deck: copies per card and per flank, with the total. */
ref_table *reftable_deck(textbox_ctx *tc, const ruleset *rs);
/* Retreat thresholds by quality and unit type; NULL when the ruleset has
 * none. */
ref_table *reftable_thresholds(textbox_ctx *tc, const ruleset *rs);

/* Sentences (free them): */
char *reftext_hill(textbox_ctx *tc, const ruleset *rs);        /* artillery on a hill */
char *reftext_general(textbox_ctx *tc, const ruleset *rs);     /* the general's move and effect */
char *reftext_die(textbox_ctx *tc, const ruleset *rs);         /* the faces of the die */
char *reftext_ground_gain(textbox_ctx *tc, const ruleset *rs); /* who may take the ground */
char *reftext_threshold_general(textbox_ctx *tc, const ruleset *rs); /* NULL without thresholds */
/* The back of a hex card: what blocks sight, a general with a unit and
 * alone, how a side wins. */
char *reftext_los(textbox_ctx *tc, const ruleset *rs);
char *reftext_general_attached(textbox_ctx *tc, const ruleset *rs);
char *reftext_general_alone(textbox_ctx *tc, const ruleset *rs);
char *reftext_victory(textbox_ctx *tc, const ruleset *rs);
/* How units share a hex and form brigades, for a ruleset whose card says
 * it (a text "ref-stacking" for it, or brigades); NULL otherwise. */
char *reftext_stacking(textbox_ctx *tc, const ruleset *rs);
/* One line per special card of §8.1 with its numbers from the data; NULL when
 * the deck has none. */
char *reftext_special_cards(textbox_ctx *tc, const ruleset *rs);

/* A numbered list ("ref-turn", "ref-battle", "ref-retreat"): its items
 * for this ruleset, placeholders filled.  Returns how many; free each and
 * the array. */
size_t reftext_steps(textbox_ctx *tc, const ruleset *rs, const char *base, char ***out);

/* One sentence for this ruleset (see above), the placeholders of its
 * grid's card filled (refcard_grid.values); NULL when no variant exists
 * (not counted as a failure). */
char *reftext_optional(textbox_ctx *tc, const ruleset *rs, const char *base);
/* The same, counted as a failure when missing. */
char *reftext(textbox_ctx *tc, const ruleset *rs, const char *base);
/* The most specific variant with the caller's placeholders only (a
 * sentence about one card, unit or place); counted as a failure when
 * missing. */
char *reftext_with(textbox_ctx *tc, const ruleset *rs, const char *base, const char *const *pairs);
/* A function that writes one sentence of a ruleset (reftext, or a grid's
 * own with its placeholders). */
typedef char *(*reftext_fn)(textbox_ctx *tc, const ruleset *rs, const char *id);
/* reftext_steps with each item written by `text`. */
size_t reftext_steps_with(textbox_ctx *tc, const ruleset *rs, const char *base, reftext_fn text, char ***out);

#endif
