/* What the reference card of a square-grid ruleset says (rules digest
 * §11), built from ruleset->square: the unit table, the ports and the
 * generals in play, and the sentences that carry its numbers.  No drawing
 * here, so the tests read the content directly.
 *
 * Sentences are the "ref-sq-*" texts of data/i18n/cards.xml, written by
 * reftext as the hex card's are (an id@ruleset variant wins over the
 * plain id), with the placeholders of reftext_square_values.  A
 * sentence whose rule is fixed wording rather than a number of the data
 * exists only as such a variant, so a new square ruleset must state its
 * own. */
#ifndef ORBAT_REFTABLES_SQUARE_H
#define ORBAT_REFTABLES_SQUARE_H

#include <stddef.h>

#include "../model/ruleset.h"
#include "reftables.h"
#include "textbox.h"

/* Units, one column each (its name heads it); rows: cost, move, attack,
 * defend, hits, carries, how it fights (across sides only, also across
 * corners, in its sea zone, defends only), range. */
ref_table *reftable_square_units(textbox_ctx *tc, const ruleset *rs);
/* Ports: one row per coast, one column per side that owns ports there. */
ref_table *reftable_square_ports(textbox_ctx *tc, const ruleset *rs);
/* Generals: one row per number of players, one column per side. */
ref_table *reftable_square_generals(textbox_ctx *tc, const ruleset *rs);

/* Sentences (free them): */
char *reftext_square_purchase(textbox_ctx *tc, const ruleset *rs);  /* points, the limited unit */
char *reftext_square_general(textbox_ctx *tc, const ruleset *rs);   /* bonus, range, move */
char *reftext_square_entrench(textbox_ctx *tc, const ruleset *rs);  /* NULL without entrenchment */
char *reftext_square_sea(textbox_ctx *tc, const ruleset *rs);       /* zones, safe ports, rounds */
char *reftext_square_capitals(textbox_ctx *tc, const ruleset *rs);  /* which, and what losing one costs */
char *reftext_square_movement(textbox_ctx *tc, const ruleset *rs);  /* the roll, where land units and ships go */
char *reftext_square_transport(textbox_ctx *tc, const ruleset *rs); /* boarding and landing; NULL without a sea */
char *reftext_square_taking(textbox_ctx *tc, const ruleset *rs);    /* advancing, cities and ports changing hands */
/* §11.1 (render/victory.h): how a side wins, and the turn order with two
 * players a side (NULL without such a game); with the print set's
 * scenario at hand, its own turn limit and its players by name. */
char *reftext_square_victory(textbox_ctx *tc, const ruleset *rs);
char *reftext_square_seats(textbox_ctx *tc, const ruleset *rs);

/* "Artillery: fires first; …" for each unit with an ability of that kind:
 * land units' combat abilities, or ships' cargo and hits.  Returns how
 * many lines; free each and the array. */
size_t reftext_square_abilities(textbox_ctx *tc, const ruleset *rs, bool naval, char ***out);

/* The placeholders of the square grid's sentences (a refpairs_fn): points,
 * limits, the general, entrenchment, the sea, capitals, placements. */
void reftext_square_values(textbox_ctx *tc, const ruleset *rs, ref_pairs *out);

#endif
