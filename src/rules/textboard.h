/* The position drawn as text for a terminal: the board with terrain and
 * figures, a legend, and the list of units and generals.  Returns new
 * strings; no I/O. */
#ifndef ORBAT_TEXTBOARD_H
#define ORBAT_TEXTBOARD_H

#include "game.h"

/* The board, one text row per hex row, with column letters and row
 * numbers. */
char *textboard_board(const game *g);
/* Units and generals still in play, by side, and each side's score. */
char *textboard_roster(const game *g);
/* The one-letter code of a terrain on the board. */
char textboard_terrain_code(const char *terrain_id);

#endif
