/* The table of a square game (mb-remastered): what the seed decides
 * rather than a player.  The square referee rolls the dice an action
 * leaves out itself (sq_apply with a stream, sq_referee.h), so the table here
 * is the head after "seed N" -- the side that plays first, as the scenario
 * seats it -- and the completion of a proposed action.  One
 * implementation for `orbat play` (cli/play_square.c) and headless games
 * (match.h).  No I/O. */
#ifndef ORBAT_RULES_SQUARE_TABLE_H
#define ORBAT_RULES_SQUARE_TABLE_H

#include <stdbool.h>

#include "../rng.h"
#include "sq_game.h"
#include "sq_log.h"

/* The head line "first SIDE" as an action (SQ_ACT_FIRST; its subject a
 * new string: free with sqlog_action_finish). */
void table_square_first(const sq_game *g, sq_action *out);

/* Apply a proposed action with the dice it rolls from the stream (faces
 * left out are rolled and written into it): the referee's sq_apply.
 * False with the reason, nothing changed and the stream as it was. */
bool table_square_act(sq_game *g, rng *dice, sq_action *a, rules_error *err);

#endif
