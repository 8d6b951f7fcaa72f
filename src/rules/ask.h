/* The rules questions of `orbat ask` and of `orbat play` on a position:
 * line of sight, dice, moves, retreat.  A question names its figure by a
 * hex address or by the id of a unit (or general); a noord-zuid hex may
 * hold two units, and a question about such a hex is answered for each.
 * The answers are written to a stream given by the caller, as text or as
 * one JSON object per answer; no argv, no exit codes, nothing on stderr:
 * a question about nothing comes back as a message for the caller to
 * print. */
#ifndef ORBAT_ASK_H
#define ORBAT_ASK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "game.h"

typedef enum { ASK_LOS, ASK_DICE, ASK_MOVES, ASK_RETREAT, ASK_REINFORCEMENTS, ASK_SHARPSHOOTER, ASK_RALLY } ask_kind;

typedef struct ask_query {
	ask_kind kind;
	const char *name;       /* the query word: los, dice, moves, retreat */
	const char *from_word;  /* as typed: a hex address or a unit/general id;
	                           reinforcements and rally: a side id */
	const char *to_word;    /* los and dice; NULL otherwise */
	int flags;              /* retreat */
} ask_query;

/* Whether a word starts one of the questions: los, dice, moves, retreat,
 * and the special cards': reinforcements SIDE (the side's reserve units
 * left, their entry hexes and where each would arrive now), sharpshooter
 * (whom the unit may shoot at) and rally (which units may take figures
 * back). */
bool ask_is_query(const char *word);

/* Read one question from words[0..count): the words point into the
 * caller's array, which must outlive the query.  Returns the number of
 * words taken, or 0 with the reason in *err (a usage error, rule "log"). */
int ask_parse(char **words, int count, ask_query *q, rules_error *err);

/* Answer a question about g on out, as text or as JSON (one object a
 * line).  True when answered (the answer may be "no"); false when the
 * question is about nothing (no figure there, a hex off the board, an
 * unknown id): *error then holds the reason and its rule, and in JSON an
 * object with an "error" field and empty results has been written too.
 * `label` (may be NULL) receives the query word and its FROM as shown,
 * e.g. "dice A1", for the caller's message. */
bool ask_answer(const game *g, const ask_query *q, bool json, FILE *out, rules_error *error,
	char *label, size_t label_size);

#endif
