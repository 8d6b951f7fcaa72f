/* The expert player on the hex grid: the generic expert (expert_player.h)
 * with the hex game's determinization (hex/hex_determinize.h) and its
 * material, the figures and generals each side has on the board.  The
 * hex engine's player table lists it as "expert".  No I/O. */
#ifndef ORBAT_RULES_EXPERT_HEX_H
#define ORBAT_RULES_EXPERT_HEX_H

#include "../players.h"

extern const player_ops expert_hex_ops;

#endif
