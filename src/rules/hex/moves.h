/* Movement and stacking (§3, §3.1, §3.2, §6): which hexes a unit or a
 * general may enter, pass or end on, and where it may end its move. */
#ifndef ORBAT_RULES_HEX_MOVES_H
#define ORBAT_RULES_HEX_MOVES_H

#include <stdbool.h>
#include <stddef.h>

#include "hex_game.h"

typedef struct move_options {
	bool with_general;   /* a unit carries the general of its hex along */
	int max_hexes;       /* < 0: the figure's own allowance */
} move_options;

typedef struct step_verdict {
	bool enter;          /* may enter the hex during this move */
	bool stop;           /* entering it ends the move */
	bool end;            /* may end the move there */
	rules_error why;     /* when it may not enter or end */
} step_verdict;

/* The longest move a figure's type allows (units: their move options for
 * their present attributes; generals: the general's move). */
int moves_max(const hex_game *g, hex_ref who);
/* Whether a unit that moved `hexes` may still battle (§3 table). */
bool moves_battle_after(const hex_game *g, int unit, int hexes);

/* May `who` (with its general when o->with_general) enter `to` during a move? */
void moves_step(const hex_game *g, hex_ref who, bool with_general, hex_coord to, step_verdict *v);

/* Least steps to end on each hex (indexed by hex_index; -1 when it may
 * not end there; the start hex is -1).  Returns how many hexes it may
 * end on. */
int moves_reach(const hex_game *g, hex_ref who, const move_options *o, int *steps);

/* Check a move along `path` (the hexes entered, in order).  False with
 * the reason in *err when illegal. */
bool moves_check_path(const hex_game *g, hex_ref who, const move_options *o,
	const hex_coord *path, int len, rules_error *err);

#endif
