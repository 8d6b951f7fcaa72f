/* The sections of a board as a side names them (scenario_sections.h). */
#include "scenario_sections.h"

#include <string.h>
#include <strings.h>

size_t scenario_section_cells(const scenario *sc, const ruleset *rs, size_t side, const char *section, grid_cell *out,
	size_t max)
{
	grid_board board;
	if (!section || side >= sc->side_count || !scenario_grid(sc, rs, &board))
		return 0;
	size_t count = rs->section_count;
	size_t flank = 0;
	while (flank < count && strcasecmp(section, rs->sections[flank].id) != 0 &&
		!(rs->sections[flank].also && strcasecmp(section, rs->sections[flank].also) == 0))
		flank++;
	if (flank == count || (int)count > grid_board_ops(&board)->section_count)
		return 0;
	/* §1: the side at the north sees the board's sections east to west. */
	const char *home = sc->sides[side].home.text;
	size_t index = home && strcmp(home, "north") == 0 ? count - 1 - flank : flank;
	unsigned bit = 1u << index;
	size_t n = 0;
	for (size_t i = 0; i < grid_count(&board); i++) {
		grid_cell c = grid_from_index(&board, i);
		if (grid_sections(&board, c) == bit && n++ < max)
			out[n - 1] = c;
	}
	return n;
}
