/* The table of a hex game: what the seed decides rather than a player --
 * the dice an action rolls, the card a draw gives, who plays first when
 * the scenario leaves it to the dice, and the hands.  One implementation
 * for `orbat play` (cli/play_hex.c) and for headless games (match.h): the
 * same seed and the same actions give the same faces and cards, so the
 * logs of both are alike line for line.  No I/O: the results go into the
 * actions, as the log writes them. */
#ifndef ORBAT_RULES_HEX_TABLE_H
#define ORBAT_RULES_HEX_TABLE_H

#include <stdbool.h>

#include "hex_log.h"
#include "hex_referee.h"
#include "../rng.h"

/* One die of the ruleset: the index of its face, each face as often as
 * the die carries it. */
int table_hex_face(const ruleset *rs, rng *dice);

/* Whether the action, written without faces, rolls dice now: battle,
 * save, defend, flagsave, the roll of 'rally', the play of a card that
 * rolls (reinforcements, §8.1). */
bool table_hex_rolls(const referee *r, const gl_action *a);

/* Take the faces out of an action (a saved line whose dice the seed rolls
 * again): none given. */
void table_hex_unroll(gl_action *a);

/* Roll the dice the action needs (referee_dice_needed) into its faces,
 * replacing none given: a->faces_given is set.  False with the reason when
 * the action is illegal (nothing rolled then, the stream unmoved). */
bool table_hex_roll(referee *r, rng *dice, gl_action *a, rules_error *err);

/* The card a 'draw' gives (the card played goes to the discard pile
 * first, §9 step 5) into a->card, replacing any.  False when the deck is
 * empty. */
bool table_hex_draw(referee *r, rng *dice, gl_action *a, rules_error *err);

/* Complete an action a player proposed (the automatic players leave the
 * faces and the card out): the side of play, discard and draw, the dice
 * it rolls, the card drawn.  Head lines are refused.  On failure the
 * stream is as it was. */
bool table_hex_complete(referee *r, rng *dice, gl_action *a, rules_error *err);

/* The head lines the seed decides, after "seed N": "first SIDE" when the
 * scenario names no side to play first (§9 noord-zuid: the dice choose),
 * then "hand SIDE CARD..." for each side.  Each is built as an action
 * (ACT_FIRST, ACT_HAND) and handed to put, which applies it (and may keep
 * its line) and frees nothing; put's false stops the deal.  False when the
 * deck cannot deal the hands the scenario asks for (*deck_short set) or
 * when put refused. */
typedef bool table_hex_put_fn(void *ctx, gl_action *head);
bool table_hex_deal(referee *r, rng *dice, table_hex_put_fn *put, void *ctx, bool *deck_short);

#endif
