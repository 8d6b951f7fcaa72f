/* The sections of a board as a side names them from its seat (§1, §3):
 * the ruleset's sections, left to right, over the grid's split of the
 * board (west to east), turned round for the side whose home edge is
 * north.  Geometry of a scenario and its ruleset, for whoever shows a
 * section (the studio's board lights the one a card asks for). */
#ifndef ORBAT_MODEL_SCENARIO_SECTIONS_H
#define ORBAT_MODEL_SCENARIO_SECTIONS_H

#include <stddef.h>

#include "../geo/grid.h"
#include "ruleset.h"
#include "scenario.h"

/* The cells wholly in section `section` ("left", or its other spelling)
 * as side `side` of sc sees it: at most max written to out; returns how
 * many there are, 0 when the board has no such section.  A cell cut by a
 * section line lies in two sections and is in neither list: either may
 * count for it (§3), so a choice made by pointing at it would be a
 * guess. */
size_t scenario_section_cells(const scenario *sc, const ruleset *rs, size_t side, const char *section, grid_cell *out,
	size_t max);

#endif
