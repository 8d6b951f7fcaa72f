/* The square game's victory and order of play in words (rules digest
 * §11.1), for every print product that states them: the scenario sheet
 * and the reference card.  Every number comes from the ruleset
 * (<square-victory>, <square-players>) or the scenario (turn-limit,
 * players, player="…"); the sentences are the "sq-*" texts of
 * data/i18n/strings.xml.  Each function returns an allocated string (free
 * it), or NULL when there is nothing to say. */
#ifndef ORBAT_VICTORY_H
#define ORBAT_VICTORY_H

#include <stddef.h>

#include "render.h"

/* How a side wins: the enemy capital held, the enemy's land units gone,
 * and the turn limit: the scenario's own when rc->sc is set (or that it
 * has none), else what a scenario's limit would mean. */
char *victory_square_text(const render_ctx *rc);

/* The turn order of every game of the ruleset with two players a side,
 * told by seat ("player 1 of the side that begins, …"), and what each
 * player commands; NULL when no game has more than one player a side. */
char *victory_square_seats(const render_ctx *rc);

/* The scenario's own order of play by side, player and general
 * ("1. Union player 1 (Grant), 2. …"); NULL without a scenario or with
 * one player a side. */
char *victory_square_order(const render_ctx *rc);

/* What each player of one side of the scenario commands, a line per
 * player ("Player 1: Grant — 4 × Infantry, 1 × Ironclad"); NULL with one
 * player a side. */
char *victory_square_players(const render_ctx *rc, size_t side);
/* How many players each side of the scenario has when there are two or
 * more a side (2 in a four-player game); 0 with one player a side. */
int victory_square_player_count(const render_ctx *rc);
/* "Player 2 (Sheridan)": one player of a side, by number and general
 * (free it). */
char *victory_square_commander(const render_ctx *rc, size_t side, long player);

#endif
