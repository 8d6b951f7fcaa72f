/* The square-grid questions of `orbat ask` (attack, buy): the command
 * line's side of rules/ask_square.h. */
#ifndef ORBAT_ASK_SQUARE_CLI_H
#define ORBAT_ASK_SQUARE_CLI_H

#include <stdbool.h>

#include "../model/ruleset.h"
#include "../model/scenario.h"
#include "command.h"

/* Whether a word starts a square-grid question (attack, buy). */
bool ask_square_is_query(const char *word);

/* `orbat ask FILE QUERY...` on a square-grid scenario already validated:
 * WORDS are the queries.  Returns an exit code as cmd_ask does. */
int ask_square_run(const scenario *sc, const ruleset *rs, char **words, int count, output_format format);

#endif
