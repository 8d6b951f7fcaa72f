/* The game driver of the hex rulesets (play_hex.c). */
#ifndef ORBAT_PLAY_HEX_H
#define ORBAT_PLAY_HEX_H

#include "game_driver.h"

extern const game_driver play_hex_driver;

#endif
