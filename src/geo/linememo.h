/* The cells a line between two cell centres meets (grid_line_contacts),
 * kept once found: they depend on the grid's kind and the two cells
 * alone, and a player weighing its battles asks the same lines of sight
 * thousands of times a game. */
#ifndef ORBAT_LINEMEMO_H
#define ORBAT_LINEMEMO_H

#include <stddef.h>

#include "grid.h"

/* As grid_line_contacts: at most max written, the count returned.  Safe
 * from several threads at once. */
size_t grid_line_memo(const grid_board *board, grid_cell a, grid_cell b, grid_line_cell *out, size_t max);

/* Forget every line kept (for tests; the memo frees itself when it grows
 * past its bound). */
void grid_line_memo_clear(void);

#endif
