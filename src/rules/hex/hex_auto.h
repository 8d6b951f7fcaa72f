/* A simple automatic player for `orbat play --auto` and the `auto`
 * command: it picks the card that orders the most units, orders them,
 * moves each toward the nearest enemy where it can still battle, battles
 * the target it rolls most dice against, takes every save and defensive
 * roll, retreats where it loses least and always gains ground.  It only
 * proposes actions; the referee judges them like any other.  Dice faces
 * and the card drawn are left out (faces_given false) for the caller to
 * roll and deal.  No I/O. */
#ifndef ORBAT_RULES_HEX_AUTO_H
#define ORBAT_RULES_HEX_AUTO_H

#include <stdbool.h>
#include <stddef.h>

#include "hex_log.h"
#include "hex_referee.h"
#include "../rng.h"

typedef struct autoplay {
	int turn;          /* the referee's turn this plan belongs to */
	int stage;         /* within the turn: orders, moves, battles, draw */
	size_t cursor;     /* next unit to consider in the stage */
	int last_unit;     /* the last battle proposed: never the same twice */
	int last_battles;
	/* Section cards weighed this game that could order nothing, and
	 * something: which question to ask of the next one first (a cost,
	 * never a choice). */
	int section_idle;
	int section_used;
} autoplay;

void autoplay_init(autoplay *ap);
/* The next action for the side to play (filled into *a, to be freed with
 * hexlog_action_finish); false when the game is over or not begun. */
bool autoplay_next(referee *r, autoplay *ap, rng *rnd, gl_action *a);

/* The answer of the side a step of the pending battle belongs to when it
 * is not the side to play (referee_decider; `orbat play --computer`): its
 * saving dice, its defensive roll and flag saves (always taken), its
 * retreat where it loses least.  False when it leaves the step on offer
 * (a brigade falling back together: it never does) or none is its own. */
bool autoplay_answer(referee *r, gl_action *a);

#endif
