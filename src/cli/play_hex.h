/* The game driver of the hex rulesets (play_hex.c). */
#ifndef ORBAT_PLAY_HEX_H
#define ORBAT_PLAY_HEX_H

#include "../rules/hex/hex_game.h"
#include "game_driver.h"

extern const game_driver play_hex_driver;

/* The position of a hex game as it stands: for the questions of orbat
 * ask (the hex slot of its own table), after a log replayed. */
hex_game *play_hex_game(game_run *run);

#endif
