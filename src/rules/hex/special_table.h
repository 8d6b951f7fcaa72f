/* A scenario's special rules (<special-rules>, model/special_rules.h)
 * compiled for one game on a hex board: per hex and side, the rule that
 * closes it, opens it as a ford, forbids ending a move on it or makes it
 * an exit; the frozen groups and schedules with their units by index; the
 * sudden-death hexes, the turn limit and the adjusts.  Built once from the
 * scenario, the board and the terrain when the game is made (hex_game.c
 * owns it); what it allows as the game goes on is hex_special.h's to say.
 * Every rule keeps the line it is written on, for the refusals. */
#ifndef ORBAT_RULES_HEX_SPECIAL_TABLE_H
#define ORBAT_RULES_HEX_SPECIAL_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "../../geo/hex.h"
#include "../../model/ruleset.h"
#include "../../model/scenario.h"
#include "../../model/special_rules.h"

#define SPECIAL_SIDES 2

/* One rule of the scenario as the referee needs it: what it is, where it
 * is written, whom it binds, and the words a refusal quotes.  Copied out
 * of the scenario so that the game does not outlive what it points to. */
typedef struct special_entry {
	special_kind kind;
	int line;
	bool binds[SPECIAL_SIDES];
	char hexes[160];        /* crossing: its fords; exit: its hexes; as a list for messages */
	int vp;                 /* exit: the flags a unit leaving by it scores */
} special_entry;

/* What the rules say of one hex for one side: the rule (index into
 * entries) that closes it, makes it a ford, or forbids ending there; -1
 * for none. */
typedef struct special_cell {
	short closed;
	short ford;
	short no_end;
	short exit;
} special_cell;

/* A frozen group (<frozen>) or a schedule's units (<schedule>): its
 * units by index into the game's units, and what releases or brings
 * them; a part not written is -1. */
typedef struct special_group {
	int line;
	int side;
	int *units;
	int unit_count;
	int turn;               /* from this turn of `side` on */
	int flags;              /* once flags_side has won this many */
	int flags_side;
	int enemy_within;       /* an enemy unit this near a unit of the group */
	/* A frozen group an enemy came near (hex_special_wake): released for
	 * good, as the scenario's sheet reads, whether the enemy stays or not. */
	bool woken;
} special_group;

/* A sudden-death hex (<sudden-death>): who wins by holding it. */
typedef struct special_sudden {
	int line;
	bool binds[SPECIAL_SIDES];
	hex_coord at;
	char address[HEX_ADDRESS_MAX];
} special_sudden;

/* The turn limit (<turn-limit>): turns 0 when the scenario has none. */
typedef struct special_limit {
	int line;
	int turns;
	char outcome[16];        /* objectives, flags, draw */
} special_limit;

/* A side's changed numbers (<adjust>); a part not written is 0 (hand,
 * dice) or true (ground gain). */
typedef struct special_adjust {
	int line;
	int side;
	int hand;
	bool ground_gain;
	char unit_type[48];
	int dice;
} special_adjust;

typedef struct hex_special hex_special;
struct hex_special {
	special_adjust *adjusts;
	size_t adjust_count;
	special_sudden *sudden;
	size_t sudden_count;
	special_limit limit;
	special_entry *entries;
	size_t entry_count;
	special_group *frozen;
	size_t frozen_count;
	/* Per unit index (below frozen_units): the frozen group that holds
	 * it, -1 for none, SPECIAL_GROUPS_SEVERAL when more than one does;
	 * whether a unit is frozen is asked of every unit for every card a
	 * player weighs, and a unit is in one group or none. */
	int *frozen_of;
	size_t frozen_units;
	special_group *schedules;
	size_t schedule_count;
	size_t hexes;            /* cells per side */
	special_cell *cells;     /* [side * hexes + hex index] */
};

/* frozen_of of a unit that several frozen groups hold. */
#define SPECIAL_GROUPS_SEVERAL (-2)

/* What a game gives to build its table from. */
typedef struct special_source {
	const scenario *sc;
	const hex_board *board;
	const rs_terrain *const *terrain;  /* per hex index */
	const char *sides[SPECIAL_SIDES];  /* the side ids, in the game's order */
	/* The game's index of the unit with this id, -1 for none. */
	int (*find_unit)(const void *game, const char *id);
	const void *game;
} special_source;

/* The table of the scenario's special rules; NULL when it has none, so
 * that a scenario without special rules costs nothing and plays exactly
 * as before.  The game's units (schedules' included) must be in place. */
hex_special *special_table_create(const special_source *in);
hex_special *special_table_clone(const hex_special *sp);
void special_table_destroy(hex_special *sp);
/* Whether two tables of the same scenario remember the same of the past
 * (which frozen groups an enemy has woken); both NULL are the same. */
bool special_table_same_state(const hex_special *a, const hex_special *b);
/* The cards <adjust> adds to the hand of `side` (negative: fewer). */
int special_table_hand(const hex_special *sp, int side);

#endif
