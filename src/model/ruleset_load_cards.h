/* The order cards of a ruleset's deck (§8): reading each <card> into the
 * model, freeing it, and the checks on a complete ruleset's cards. */
#ifndef ORBAT_RULESET_LOAD_CARDS_H
#define ORBAT_RULESET_LOAD_CARDS_H

#include "ruleset.h"
#include "ruleset_read.h"

/* Apply one <card> of a <deck> (a new id, or an override of an inherited
 * card; absent="true" removes it). */
void ruleset_cards_apply(ruleset_reader *ld, ruleset *rs, const xmlNode *n);
void ruleset_cards_free(rs_card *c);
/* Once the whole chain is applied: what the cards name exists (and is
 * resolved to the ruleset's die faces and unit types, rs_card_face), and
 * each special card states what its effect needs; errors go to sink
 * against file. */
void ruleset_cards_resolve(ruleset *rs, const char *file, diag_sink *sink);

#endif
