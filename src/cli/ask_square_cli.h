/* The square-grid questions of `orbat ask` (attack, buy, moves, transport,
 * income): the command line's side of rules/square/sq_ask.h, which reads
 * and answers them; here they are printed. */
#ifndef ORBAT_ASK_SQUARE_CLI_H
#define ORBAT_ASK_SQUARE_CLI_H

#include <stdbool.h>

#include "../rules/engine.h"
#include "command.h"

/* The square questions of `orbat ask`, for its per-grid table: read the
 * query words through the library (rules/square/sq_ask.h's
 * ask_square_parse; an exit code, the usage error said; --saved-points and
 * --saved are refused after a log, whose purse counts), answer them on the
 * square engine's game and print the answers in text or JSON (an exit
 * code: 1 when a question is about nothing), and free what read made. */
int ask_square_read(char **words, int count, bool after, void **queries);
int ask_square_print_answers(game *g, const void *queries, output_format format);
void ask_square_release(void *queries);

struct sq_game;
/* A question typed in `orbat play` on a square game, answered in text on
 * the game as it stands: moves, transport and income by their own word,
 * every square question after "ask" (attack and buy alone are actions of
 * the log).  False when the line is no question. */
bool ask_square_in_play(const struct sq_game *g, const char *line, const char *word);

#endif
