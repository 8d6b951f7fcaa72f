/* What the expert player (rules/expert/expert_player.h) needs of the hex
 * game beyond the engine's door: the hidden hand dealt again
 * (hex_determinize.h) and the strength on the board.  The hex engine's
 * player table seats it as "expert" with these (hex_engine.c).  No I/O. */
#ifndef ORBAT_RULES_HEX_EXPERT_H
#define ORBAT_RULES_HEX_EXPERT_H

#include <stddef.h>

#include "../expert/expert_grid.h"
#include "hex_game.h"
#include "hex_referee.h"

/* The share of the figures on the board that are `side`'s, a general
 * counted as one: what can still fight and give flags away. */
double hex_expert_material(const hex_game *g, int side);

/* The ways `side` may open the turn it is to start: each card of its
 * hand with each section the card may order, that orders someone who
 * may act (or is a card the referee plays out), as log lines into
 * lines[0..max), each once; how many. */
size_t hex_expert_openings(const referee *r, int side, char (*lines)[EXPERT_LINE_MAX], size_t max);

/* The flags `side` is about to win, weighed by their chance: each enemy
 * unit with one figure left as half a flag, with two as a fifth, each
 * enemy general standing with no unit as a fifth. */
double hex_expert_near_flags(const hex_game *g, int side);

#endif
