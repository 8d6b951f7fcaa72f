/* The questions of `orbat ask`, and of a line typed in `orbat play`, read
 * one after another by their grid's parser in the library (hex_ask.h's
 * ask_parse, sq_ask.h's ask_square_parse), the usage errors said as the
 * command says them. */
#ifndef ORBAT_ASK_WORDS_H
#define ORBAT_ASK_WORDS_H

#include <stdbool.h>
#include <stddef.h>

#include "../rules/rules_error.h"

/* One question read from words[0..count) into *query (the grid's query
 * type): the words taken, or 0 with why.  after: the game comes from a
 * log or a game in play, not the scenario's start. */
typedef int ask_words_parse(char **words, int count, bool after, void *query, rules_error *why);

/* Every question of words[0..count) into a new array of `size`-byte
 * queries (*out, freed by the caller, even on failure; *n of them): an
 * exit code, the usage error said ("options go before FILE" for an
 * option among them; "name at least one query (NAMES)" for none). */
int ask_words_read(char **words, int count, bool after, ask_words_parse *parse, size_t size, const char *names,
	void **out, size_t *n);

#endif
