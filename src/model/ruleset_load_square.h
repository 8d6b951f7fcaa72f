/* The §11 elements of a square-grid ruleset: its unit table, places
 * (ports, capitals, generals), turn sequence, seats and victory. */
#ifndef ORBAT_RULESET_LOAD_SQUARE_H
#define ORBAT_RULESET_LOAD_SQUARE_H

#include "ruleset.h"
#include "ruleset_read.h"

void ruleset_square_apply_unit(ruleset_reader *ld, ruleset *rs, const xmlNode *n);
/* The <element> children of parent into items; all_players (when not
 * NULL) gathers their players bits. */
void ruleset_square_apply_places(ruleset_reader *ld, const xmlNode *parent, const char *element,
	rs_square_place **items, size_t *count, unsigned *all_players);
void ruleset_square_apply_sequence(ruleset_reader *ld, ruleset *rs, const xmlNode *n);
void ruleset_square_apply_seats(ruleset_reader *ld, ruleset *rs, const xmlNode *n);
void ruleset_square_apply_victory(ruleset_reader *ld, ruleset *rs, const xmlNode *n);
/* Free what the square elements hold (not rs itself). */
void ruleset_square_free(ruleset *rs);

#endif
