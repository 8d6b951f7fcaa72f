/* A die of a ruleset, showing one face, as a small SVG picture: the play
 * page's dice (a battle's roll, the computer's, the faces a player
 * clicks in when rolling the dice by hand).  The faces are the ruleset's:
 * a unit type's face wears the type's symbol as the counters do
 * (<unit-type symbol>), the retreat face the flag, the face that hits any
 * unit the crossed sabres of the card emblems; the square grid's numbered
 * die (square-combat die-faces) its pips.  Nothing of the faces here but
 * how each kind is drawn. */
#ifndef ORBAT_DIEPAINT_H
#define ORBAT_DIEPAINT_H

#include <stdbool.h>
#include <stddef.h>

#include "../model/ruleset.h"

/* Whether `face` is a face of rs's die: one of rs->faces by id, or on
 * the square grid a number from 1 to its die's faces. */
bool diepaint_is_face(const ruleset *rs, const char *face);

/* The die showing `face` (NULL or "": a die not yet rolled, blank) as an
 * SVG document into *svg (NUL-terminated, *size bytes without the NUL;
 * free it), the same bytes for the same face.  False with why (free it)
 * for a face the ruleset's die has not. */
bool diepaint_svg(const ruleset *rs, const char *face, char **svg, size_t *size, char **error);

#endif
