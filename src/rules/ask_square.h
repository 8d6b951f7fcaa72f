/* Rules questions for the square-grid ruleset (mb-remastered, rule section
 * 11): may the unit at one square attack the unit at another, with each
 * side's hit chance per round, and is a purchase legal.  Every number comes
 * from the ruleset's square block.  The answers are computed on the
 * scenario's starting position (model/position.h) and come back as data:
 * each reason carries its rule id as a field.  Reading the queries and
 * printing the answers is the command line's (cli/ask_square_cli.c). */
#ifndef ORBAT_ASK_SQUARE_H
#define ORBAT_ASK_SQUARE_H

#include <stdbool.h>
#include <stddef.h>

#include "../geo/square.h"
#include "../model/position.h"
#include "../model/ruleset.h"
#include "../model/scenario.h"

#define ASK_SQ_MAX_REASONS 12
#define ASK_SQ_RULE_MAX 48
#define ASK_SQ_REASON_MAX 512

/* One step of an answer, or why the question has none. */
typedef struct ask_sq_reason {
	char rule[ASK_SQ_RULE_MAX];    /* "mb-11.combat" */
	char text[ASK_SQ_REASON_MAX];
	bool error;                    /* the question cannot be answered: this is why */
} ask_sq_reason;

/* One side of an attack: the figure fighting and its factor. */
typedef struct ask_sq_fighter {
	const char *id;                /* NULL when nobody */
	const rs_square_unit *type;
	size_t side;                   /* index into sc->sides */
	bool general;                  /* a general (sc->generals) */
	int base;                      /* attack or defend factor of the table */
	int factor;                    /* with every modifier, capped at the die */
	double hit;                    /* chance of a hit per round, 0..1 */
	bool rolls;                    /* false: cannot fire (out of its reach) */
} ask_sq_fighter;

typedef struct ask_sq_attack {
	square_coord from, to;
	int distance;                  /* steps, diagonal steps allowed */
	bool allowed;
	/* A question about nothing (no unit at FROM, off the board): then
	 * reasons[0] says why. */
	bool error;
	ask_sq_fighter attacker, defender;
	bool fires_first;              /* the attacker's hits land before the defender rolls */
	double defender_hit_effective; /* defender's chance to hit, after a first shot */
	ask_sq_reason reasons[ASK_SQ_MAX_REASONS];
	int reason_count;
} ask_sq_attack;

/* The attack of the first land unit at FROM on the figure at TO, in the
 * position (its scenario and ruleset). */
void ask_square_attack(const position *pos, square_coord from, square_coord to, ask_sq_attack *out);

typedef struct ask_sq_buy {
	int cost;
	bool allowed;
	bool error;                    /* a unit name the ruleset does not know (reasons marked error) */
	int points;                    /* purchase points per turn */
	int points_left;               /* points - cost (negative: over budget) */
	int infantry;                  /* limited units bought */
	int infantry_allowance;        /* limit + saved (limit when saving is off) */
	int infantry_saved;            /* allowance carried to the next turn */
	ask_sq_reason reasons[ASK_SQ_MAX_REASONS];
	int reason_count;
} ask_sq_buy;

/* The id of a fighter's side (index into sc->sides), "?" when it has none. */
const char *ask_square_side(const scenario *sc, size_t side);

/* A purchase of the named units in one turn, with SAVED unused infantry
 * allowance from earlier turns. */
void ask_square_buy(const ruleset *rs, const char *const *units, size_t count, int saved, ask_sq_buy *out);

#endif
