/* Line of sight on a position (§6.1): what obstructs, seen from a hex.
 * Units and generals (friend or foe) and blocking terrain obstruct; a unit
 * on a hill whose terrain says so sees over friendly figures next to it
 * (battlecry, 004).  The geometry is in los.c. */
#ifndef ORBAT_RULES_HEX_SIGHT_H
#define ORBAT_RULES_HEX_SIGHT_H

#include <stdbool.h>

#include "hex_game.h"
#include "los.h"

/* Can the figure at `from` see `to`?  The viewer's side is that of the
 * unit (else general) at `from`; with nobody there, only the hill
 * exception is lost.  out may be NULL. */
bool sight_check(const hex_game *g, hex_coord from, hex_coord to, los_result *out);

/* Whether a hex obstructs sight for a viewer at `from` of `side` (-1: none). */
bool sight_obstructs(const hex_game *g, hex_coord from, int side, hex_coord hex);

#endif
