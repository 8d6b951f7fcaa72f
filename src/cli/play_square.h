/* The game driver of the square-grid rulesets (play_square.c). */
#ifndef ORBAT_PLAY_SQUARE_H
#define ORBAT_PLAY_SQUARE_H

#include "game_driver.h"

extern const game_driver play_square_driver;

#endif
