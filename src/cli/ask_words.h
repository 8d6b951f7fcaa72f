/* The rules questions as `orbat ask` says them, for ask and for the
 * square questions typed in `orbat play`: read and answered by the game's
 * engine (rules/engine.h), the answers on stdout, a question about
 * nothing and the usage errors on stderr after the command's name. */
#ifndef ORBAT_ASK_WORDS_H
#define ORBAT_ASK_WORDS_H

#include <stdbool.h>

#include "../rules/engine.h"
#include "command.h"

/* The questions of words[0..count) for a game of engine e (`after`: the
 * game comes from a log or is in play).  NULL with the usage error said
 * ("options go before FILE" for an option among them). */
game_questions *ask_words_read(const game_engine *e, char **words, int count, bool after);
/* Answer them on g: an exit code, 1 when a question is about nothing
 * (which does not stop the others). */
int ask_words_answer(game *g, const game_questions *q, output_format format);
/* The questions of a line typed in play, its first `skip` words left
 * out ("ask"), answered in text on g as it stands (its purse the
 * game's, as after a log). */
void ask_words_in_play(game *g, const char *line, int skip);

#endif
