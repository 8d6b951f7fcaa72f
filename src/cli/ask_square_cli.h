/* The square-grid questions of `orbat ask` (attack, buy, moves, transport,
 * income): the command line's side of rules/square/sq_ask.h. */
#ifndef ORBAT_ASK_SQUARE_CLI_H
#define ORBAT_ASK_SQUARE_CLI_H

#include <stdbool.h>

#include "command.h"
#include "game_driver.h"

/* Whether a word starts a square-grid question. */
bool ask_square_is_query(const char *word);

/* The square questions of `orbat ask`, for its per-grid table: read the
 * query words (an exit code; --saved-points and --saved are refused after
 * a log, whose purse counts), answer them on the square driver's game
 * (play_square.h) in text or JSON (an exit code: 1 when a question is
 * about nothing), and free what parse made. */
int ask_square_parse(char **words, int count, bool after, void **queries);
int ask_square_answer(game *g, const void *queries, output_format format);
void ask_square_release(void *queries);

struct sq_game;
/* A question typed in `orbat play` on a square game, answered in text on
 * the game as it stands: moves, transport and income by their own word,
 * every square question after "ask" (attack and buy alone are actions of
 * the log).  False when the line is no question. */
bool ask_square_in_play(const struct sq_game *g, const char *line, const char *word);

#endif
