/* The square game's automatic player (mb-remastered, `orbat play --auto`):
 * a simple, sensible player for the seat to play.  It buys within its
 * purse (now and then saving for an ironclad), rolls, keeps a garrison in
 * its capital and retakes it when lost, moves toward the enemy's cities and
 * capital, carries troops by sea (embark in a port, sail, land on a weak
 * coast), fires from the coast and fights at sea, attacks where its factor
 * is the better one, stops a combat going badly, advances into squares it
 * cleared, covers the defender's retreats with cavalry and withdraws
 * threatened generals, places what it bought (the capital first when it is
 * threatened) and ends the turn.  It only proposes: the referee (sq_referee.h)
 * judges every action, and a proposal it refuses is a bug.  Dice faces are
 * left out (faces_given false) for the caller to roll.  The same game,
 * state and choice stream give the same proposal.  No I/O. */
#ifndef ORBAT_RULES_SQUARE_AUTO_H
#define ORBAT_RULES_SQUARE_AUTO_H

#include <stdbool.h>

#include "../rng.h"
#include "sq_game.h"
#include "sq_log.h"

#define SQ_AUTO_DONE_MAX 16

/* The player's notes between proposals: where it is in the seat's turn,
 * the combat it fights, what it saves for.  Proposals are assumed to be
 * applied (the notes follow them). */
typedef struct sq_auto {
	long max_turns;          /* stop proposing at a turn's start after this many turns; 0: no limit */
	int turn;                /* the game's turn the notes below belong to */
	int step;                /* the step of that turn */
	int phase;               /* what the player does next within the step */
	size_t cursor;           /* the next piece to consider in the phase */
	int actions;             /* proposed in this turn: a guard against endless combats */
	long combat_cell;        /* the square of the combat it leads, -1 */
	int combat_mine;         /* its own pieces when that combat began */
	int combat_theirs;       /* the enemy's */
	int advances;            /* units advanced into the cleared square */
	long done[SQ_AUTO_DONE_MAX]; /* squares fought over and left this turn */
	int done_count;
	bool saving[SQ_SIDES][SQ_SIDE_PLAYERS]; /* the player (by side, player - 1) saves his points for an ironclad */
	int placed;              /* new units named so far (their ids) */
	bool own_choices;        /* each side decides for itself: the defender's
	                          * choices after a round are left to it */
	bool strong;             /* plays by the plan of sq_strong.h (the `strong`
	                          * player) where it differs from the simple one */
} sq_auto;

/* A player that stops at the turn limit (0: only the game's own end). */
void sq_auto_init(sq_auto *st, long max_turns);

/* The next action for the seat to play, into *out (free it with
 * sqlog_action_finish); choices draws the player's random choices (not the
 * dice).  False when the game is over or the turn limit is reached. */
bool sq_auto_next(const sq_game *g, sq_auto *st, rng *choices, sq_action *out);

/* Each side decides for itself (`orbat play --computer`): the player no
 * longer retreats or withdraws the defender's pieces in the combats it
 * leads; the defender answers with sq_auto_answer or a person. */
void sq_auto_own_choices(sq_auto *st);

/* The defender's answer after a round of the combat under way, for the
 * side attacked: a unit outfought falls back under a cavalry's cover
 * (never out of its capital), a general left alone on the square
 * withdraws.  False when it stays. */
bool sq_auto_answer(const sq_game *g, sq_auto *st, rng *choices, sq_action *out);

#endif
