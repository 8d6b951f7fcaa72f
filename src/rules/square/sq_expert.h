/* What the expert player (rules/expert/expert_player.h) needs of the
 * square game beyond the engine's door: the strength on the board.  The
 * square game hides nothing (purses, purchases and pieces are in view), so
 * a determinization has nothing to deal again.  The square engine's player
 * table seats it as "expert" (sq_engine.c).  No I/O. */
#ifndef ORBAT_RULES_SQUARE_EXPERT_H
#define ORBAT_RULES_SQUARE_EXPERT_H

#include "sq_game.h"

/* The share of the fighting strength on the board that is `side`'s: each
 * living piece counted at its purchase cost (a general, who cannot be
 * bought, as the dearest land unit), less its share of hits taken. */
double sq_expert_material(const sq_game *g, int side);

#endif
