/* The flag race (§10) as the strong player weighs it: how many flags or
 * points each side still needs, from the game's own targets and score,
 * turned into the weight of a flag won or given away. */
#include <limits.h>

#include "strong_impl.h"

/* The weight of a destruction that wins the game at once, in the flags
 * of W_DESTROY: far above anything else a battle does, so that the
 * likeliest kill is chosen over the battle that takes most figures. */
#define RACE_WINNING_KILL 10.0
/* One destruction short of the last: a flag counts for a little more. */
#define RACE_NEAR_KILL 1.25
/* The enemy one flag from its target: a unit or general lost is the
 * game lost; two flags: nearly so.  Multiplies the worth of a loss. */
#define RACE_GUARD_LAST 3.0
#define RACE_GUARD_NEAR 1.8

int strong_race_short(const hex_game *g, int side)
{
	if (side < 0 || side >= GAME_SIDES || g->sides[side].target <= 0)
		return INT_MAX;
	int left = g->sides[side].target - hex_game_score(g, side);
	return left > 0 ? left : 0;
}

double strong_race_kill(const hex_game *g, int side)
{
	int left = strong_race_short(g, side);
	return left <= 1 ? RACE_WINNING_KILL : left == 2 ? RACE_NEAR_KILL : 1.0;
}

double strong_race_guard(const hex_game *g, int side)
{
	int left = strong_race_short(g, 1 - side);
	return left <= 1 ? RACE_GUARD_LAST : left == 2 ? RACE_GUARD_NEAR : 1.0;
}
