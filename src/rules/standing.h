/* The scenario as a game stands now: the same model the compiler reads
 * from a file, with every unit, general and ship where the game has put
 * it (its figures, the arrived reserves, on the square grid the units
 * bought and the cities' owners), so that the print products' painters
 * draw a game in progress as they draw a set-up.  Read through the
 * engine's own state (engine.h state_json): nothing of the rules here.
 *
 * The model shares the scenario's strings and owns only its lists and
 * the few strings the game made; it lives while the scenario does. */
#ifndef ORBAT_RULES_STANDING_H
#define ORBAT_RULES_STANDING_H

#include "../model/scenario.h"
#include "engine.h"

typedef struct standing {
	scenario sc;          /* the scenario's fields, its pieces as they stand */
	char **owned;         /* strings made for pieces the scenario has not */
	size_t owned_count;
} standing;

/* Fill *out with the scenario `sc` of game g (opened on it by engine e)
 * as g stands.  Free it with standing_finish. */
void standing_make(standing *out, const game_engine *e, game *g, const scenario *sc);
void standing_finish(standing *s);

#endif
