/* The referee of the square game (mb-remastered, rules digest §11 and
 * §11.1): applies the actions of a square game's log (sq_log.h) to a game
 * (sq_game.h) one at a time, and refuses the first one the rules do not
 * allow with the rule it breaks.  Every action is checked in full before
 * anything changes: a refused action leaves the game as it was, so `play`
 * can ask again.  What `play` needs besides (dice an action rolls, what is
 * owed now, the board as text, the final summary) comes back as data.
 * No I/O. */
#ifndef ORBAT_RULES_SQUARE_REFEREE_H
#define ORBAT_RULES_SQUARE_REFEREE_H

#include <stdbool.h>
#include <stddef.h>

#include "../rng.h"
#include "../rules_error.h"
#include "sq_game.h"
#include "sq_log.h"

/* Check the action, then apply it.  Dice faces the action leaves out are
 * rolled with r and written into *a (so the log records them); without r
 * they are required.  False with the reason in *err: nothing changed. */
bool sq_apply(sq_game *g, sq_action *a, rng *r, rules_error *err);

/* The referee's own checks of a square, for `ask` to list where a piece
 * may go without judging twice: may a land unit or general of side stand
 * on it (land, passable, no enemy), and may a land unit stop there too
 * (stacking).  `who` names the piece in the reason. */
bool sq_can_enter(const sq_game *g, grid_cell c, int side, const char *who, rules_error *err);
bool sq_can_stop(const sq_game *g, grid_cell c, int side, const char *who, rules_error *err);

/* The dice the action rolls at most (0: none): `play` asks for that many
 * faces when the player rolls his own. */
int sq_dice_needed(const sq_game *g, const sq_action *a);

/* The end of a log: false when it lacks what every log needs (its head);
 * what the side to play still owes is in sq_owed. */
bool sq_finish(const sq_game *g, bool head_seen, rules_error *err);

/* What the player to move owes or may do now, in words ("union (player
 * 1): buy units (5 points) or roll for movement"). */
void sq_owed(const sq_game *g, char *buf, size_t size);

/* The board for a terminal: one text row per square row, column letters
 * and row numbers, then a legend.  A new string. */
char *sq_board_text(const sq_game *g);
/* Every side's cities, income, points and units.  A new string. */
char *sq_summary(const sq_game *g);
/* How the game ended ("union wins: ..."), or who is to play. */
void sq_result(const sq_game *g, char *buf, size_t size);

#endif
