/* What the expert player (rules/expert/expert_player.h) needs of the hex
 * game beyond the engine's door: the hidden hand dealt again
 * (hex_determinize.h) and the strength on the board.  The hex engine's
 * player table seats it as "expert" with these (hex_engine.c).  No I/O. */
#ifndef ORBAT_RULES_HEX_EXPERT_H
#define ORBAT_RULES_HEX_EXPERT_H

#include "hex_game.h"

/* The share of the figures on the board that are `side`'s, a general
 * counted as one: what can still fight and give flags away. */
double hex_expert_material(const hex_game *g, int side);

#endif
