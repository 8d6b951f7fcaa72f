/* What a scenario's special rules (<special-rules>, model/special_rules.h)
 * allow now on a hex board: the one place the referee, `ask` and the
 * computer players learn that a hex is closed to a side, that a ford opens
 * a river, that a unit is still frozen, that the game has ended.  It reads
 * the table the game made of them (special_table.h); every answer that
 * depends on the play is worked out from the game's state when asked,
 * except the one fact the board forgets: that an enemy once came near a
 * frozen group (kept in the table, which the game's clone copies).  A refusal names the scenario rule by its element
 * name (the rule id `orbat explain` serves) and the line it is written on. */
#ifndef ORBAT_RULES_HEX_SPECIAL_H
#define ORBAT_RULES_HEX_SPECIAL_H

#include <stdbool.h>

#include "../../model/scenario.h"
#include "hex_game.h"
#include "special_table.h"

/* What the rules say of a figure of `side` stepping onto hex h. */
typedef struct hex_special_step {
	bool closed;       /* it may not enter h (a closed water hex, a no-entry hex) */
	bool ford;         /* h is a ford of its side: entered though its terrain is
	                      impassable, and entering it ends a move */
	bool no_end;       /* it may pass h but not end a move (or a retreat) there */
	rules_error why;   /* closed or no_end: the rule, as a refusal */
} hex_special_step;

/* Fills *v for `side` and h; all false when g has no special rules. */
void hex_special_step_at(const hex_game *g, int side, hex_coord h, hex_special_step *v);
/* The line of the <crossing> rule that makes h a ford for `side`, or 0
 * when h is not one of its fords. */
int hex_special_ford_line(const hex_game *g, int side, hex_coord h);
/* The ground of h for a figure of `side`, as moves and retreats judge it
 * alike: false with the reason in *why when the special rules close it,
 * or when its terrain is impassable and no ford of the side opens it
 * ("H5 is river, which WHICH", under the ruleset's `section`); else true,
 * *v filled as hex_special_step_at does. */
bool hex_special_ground(const hex_game *g, int side, hex_coord h, hex_special_step *v, const char *section,
	const char *which, rules_error *why);

/* Whether unit `unit` is frozen now (<frozen>): held by a group whose
 * condition is not met at this moment of the game; then *why names the
 * rule.  The turn and the flags are read from the game as it stands; an
 * enemy near counts from the first time hex_special_wake saw it. */
bool hex_special_frozen_found(const hex_game *g, int unit, rules_error *why);
/* Inline for a game without special rules, as most, and for a unit no
 * frozen group holds: asked of every unit for every card a player weighs. */
static inline bool hex_special_frozen(const hex_game *g, int unit, rules_error *why)
{
	const hex_special *sp = g->special;
	if (!sp || unit < 0 || (size_t)unit >= sp->frozen_units || sp->frozen_of[unit] == -1)
		return false;
	return hex_special_frozen_found(g, unit, why);
}
/* After every change of the board (an action applied, units arrived):
 * a frozen group with `enemy-within` that has an enemy unit that near
 * now is released for the rest of the game. */
void hex_special_wake(hex_game *g);

/* The turn of `side` is about to begin (the other side has drawn; the
 * referee has counted it in g->turns): the game ends when each side has
 * played the turns of <turn-limit> (its outcome decides) or when `side`
 * holds a <sudden-death> hex that is its own.  Then g->winner (-1 and
 * g->drawn for a draw) and g->result, the reason with the rule, are set
 * and true is returned. */
bool hex_special_turn_begins(hex_game *g, int side);

/* The turn of `side` begins: the units of its <schedule> rules whose
 * condition (turn, flags) is met arrive on their hexes, each while its
 * hex is free of units and generals; a unit whose hex is taken waits for
 * the next turn of its side on which it is free.  Returns how many came. */
int hex_special_arrivals(hex_game *g, int side);
/* Whether `unit` is a <schedule>'s unit that has not arrived yet; then
 * *why says when it comes, naming the rule. */
bool hex_special_unarrived(const hex_game *g, int unit, rules_error *why);

/* <exit>: may unit `unit` leave the board from hex `from` (the last hex
 * of its move, or where it stands)?  False with the rule when `from` is
 * not an exit hex of its side. */
bool hex_special_exit_check(const hex_game *g, int unit, hex_coord from, rules_error *why);
/* The unit, standing on an exit hex of its side, leaves the board: out of
 * the game without a loss to the enemy (`exited`), and its side scores the
 * exit's flags, which it returns (0 when the hex is none). */
int hex_special_exit(hex_game *g, int unit);

/* Whether `side` may gain ground after a battle; false with the rule in
 * *why (may be NULL) when an adjust takes it away. */
bool hex_special_ground_gain(const hex_game *g, int side, rules_error *why);
/* The dice the adjusts add to every battle of unit u (its side and type;
 * negative: fewer), 0 for none; *line the first such rule's line. */
int hex_special_dice_found(const hex_game *g, const hex_unit *u, int *line);
/* Inline where the scenario adjusts no dice, as most do: asked of every
 * battle a player weighs. */
static inline int hex_special_dice(const hex_game *g, const hex_unit *u, int *line)
{
	if (!g->special || g->special->adjust_count == 0) {
		*line = 0;
		return 0;
	}
	return hex_special_dice_found(g, u, line);
}

/* What a unit of `side` standing on h is worth as an objective for a
 * computer player: a sudden-death hex of its side wins the game (the
 * side's target), one of the enemy's is held against it (the enemy's
 * target); 0 elsewhere. */
int hex_special_sudden_worth(const hex_game *g, int side, hex_coord h);

#endif
