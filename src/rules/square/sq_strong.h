/* The square game's strong player (mb-remastered, `--player strong`): the
 * automatic player of sq_auto.h with a plan laid over it.  It buys the
 * units that win the fights to come (artillery, which fires first and
 * unanswered from two squares, and infantry to hold cities), weighs each
 * attack by the pieces it expects to kill and to lose, fights an
 * unanswered bombardment to the end and breaks off a combat that goes
 * badly, holds its capital and strikes at the enemy's.  Like the simple
 * player it only proposes what the referee accepts, and the same game,
 * state and choice stream give the same proposal.  No I/O. */
#ifndef ORBAT_RULES_SQUARE_STRONG_H
#define ORBAT_RULES_SQUARE_STRONG_H

#include "sq_auto.h"

/* A strong player that stops at the turn limit (0: only the game's own
 * end); play it with sq_auto_next and sq_auto_answer. */
void sq_strong_init(sq_auto *st, long max_turns);

#endif
