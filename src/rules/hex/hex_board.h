/* The position drawn as text for a terminal: the board with terrain and
 * figures, a legend, and the list of units and generals.  Returns new
 * strings; no I/O. */
#ifndef ORBAT_RULES_HEX_BOARD_H
#define ORBAT_RULES_HEX_BOARD_H

#include "hex_game.h"

/* The board, one text row per hex row, with column letters and row
 * numbers. */
char *hex_board_text(const hex_game *g);
/* Units and generals still in play, by side, and each side's score. */
char *hex_board_roster(const hex_game *g);
#endif
