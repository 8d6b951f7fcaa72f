/* The strong automatic player of the hex grid ("strong" in players.h).
 * It weighs every choice with the engine's own answers: the dice a
 * battle rolls (dice.h) and what each face does to the target
 * (battle.h), from which it computes exactly the chance to destroy the
 * target, the figures it expects to take and the flags it expects to
 * force.  With that it picks the card whose orders are worth most now,
 * orders the units that can do most, moves each where its attack is worth
 * more than the fire it draws (a weak unit steps back), and battles the
 * best target first so that later battles finish what earlier ones began.
 * The turns of special cards (reinforcements, rally, sharpshooter,
 * fieldworks, short supply) and the steps of a battle it does not weigh
 * (saves, defensive rolls, retreats) are the simple player's (autoplay.h).
 * It only proposes; the referee judges.  No I/O. */
#ifndef ORBAT_STRONG_H
#define ORBAT_STRONG_H

#include <stdbool.h>

#include "autoplay.h"
#include "gamelog.h"
#include "referee.h"
#include "rng.h"

typedef struct strong_player {
	autoplay simple;    /* the simple player, for what is left to it */
	int turn;           /* the referee's turn the plan belongs to */
	int stage;          /* within the turn */
	bool delegate;      /* a special card's turn: the simple player plays it */
	int cursor;         /* next unit to consider for a move */
	int last_unit;      /* the last battle proposed, never twice */
	int last_battles;
	int brigade;        /* next brigade to consider for a move */
	/* The moves of the brigade on the move: its general first, then the
	 * members, each within his zone of control where it ends (§3.3). */
	int plan_len, plan_pos;
	game_ref plan_who[GAME_MAX_BRIGADE_UNITS + 1];
	hex_coord plan_to[GAME_MAX_BRIGADE_UNITS + 1];
} strong_player;

void strong_init(strong_player *sp);
/* The next action for the side to play (into *a, freed with
 * gamelog_action_finish); false when the game is over. */
bool strong_next(referee *r, strong_player *sp, rng *rnd, gl_action *a);

#endif
