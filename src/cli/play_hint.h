/* orbat play's `hint`: the expert's advice (rules/expert/expert_advice.h)
 * for the side to play, printed for a player -- the next action, the turn
 * the expert would play with its dice assumed, and the expected outcome.
 * The game is never changed: the advice is searched on copies. */
#ifndef ORBAT_PLAY_HINT_H
#define ORBAT_PLAY_HINT_H

#include <stdbool.h>
#include <stddef.h>

#include "../rules/engine.h"
#include "../rules/expert/expert_think.h"

/* hint's budget when --think is not given: a count of simulations that
 * answers within a second on a small machine, and the same hint for the
 * same game on any machine. */
#define PLAY_HINT_SIMS 60L

/* Print the advice for the side to play on g.  `own_side`: the side the
 * player at the keyboard plays (GAME_NO_SIDE: both); `think` the budget
 * (NULL: PLAY_HINT_SIMS); `seed` and `position` (the lines kept so far)
 * make the advice's seed, so that the same position of the same game
 * gets the same hint. */
void play_hint(game *g, int own_side, const expert_think *think, unsigned long long seed, size_t position);

/* The advice's expected outcome in words, after "expected: ". */
void play_hint_outcome(const char *side, double value, long sims, long wins, bool endgame, char *out,
	size_t size);

#endif
