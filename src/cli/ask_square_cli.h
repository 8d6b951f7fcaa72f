/* The square-grid questions of `orbat ask` (attack, buy, moves, transport,
 * income): the command line's side of rules/ask_square.h. */
#ifndef ORBAT_ASK_SQUARE_CLI_H
#define ORBAT_ASK_SQUARE_CLI_H

#include <stdbool.h>

#include "command.h"
#include "rules_cli.h"

/* Whether a word starts a square-grid question. */
bool ask_square_is_query(const char *word);

/* `orbat ask [--after LOG] FILE QUERY...` on a square-grid scenario loaded
 * and valid (the session): WORDS are the queries, asked of the scenario's
 * start or of the position after the log LOG (NULL: none; "-" standard
 * input) replayed through the square referee.  Returns an exit code as
 * cmd_ask does; a log the referee refuses gives check's diagnostics and
 * exit status. */
int ask_square_run(rules_session *s, char **words, int count, output_format format, const char *after);

#endif
