/* Rules questions for the square-grid ruleset (mb-remastered, rule section
 * 11): may the unit at one square attack the unit at another, with each
 * side's hit chance per round, and is a purchase legal.  Every number comes
 * from the ruleset's square block.  The answers are computed on the
 * scenario model as written (its starting position); the CLI part is
 * ask_square_run, called by `orbat ask` for square-grid scenarios. */
#ifndef ORBAT_ASK_SQUARE_H
#define ORBAT_ASK_SQUARE_H

#include <stdbool.h>
#include <stddef.h>

#include "../cli/command.h"
#include "../geo/square.h"
#include "../model/ruleset.h"
#include "../model/scenario.h"

#define ASK_SQ_MAX_REASONS 12
#define ASK_SQ_REASON_MAX 240

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
	bool error;                    /* a question about nothing (no unit at FROM, off the board) */
	ask_sq_fighter attacker, defender;
	bool fires_first;              /* the attacker's hits land before the defender rolls */
	double defender_hit_effective; /* defender's chance to hit, after a first shot */
	char reasons[ASK_SQ_MAX_REASONS][ASK_SQ_REASON_MAX];
	int reason_count;
} ask_sq_attack;

/* The attack of the first land unit at FROM on the figure at TO. */
void ask_square_attack(const scenario *sc, const ruleset *rs, square_coord from, square_coord to,
	ask_sq_attack *out);

typedef struct ask_sq_buy {
	int cost;
	bool allowed;
	bool error;                    /* a unit name the ruleset does not know */
	int points;                    /* purchase points per turn */
	int points_left;               /* points - cost (negative: over budget) */
	int infantry;                  /* limited units bought */
	int infantry_allowance;        /* limit + saved (limit when saving is off) */
	int infantry_saved;            /* allowance carried to the next turn */
	char reasons[ASK_SQ_MAX_REASONS][ASK_SQ_REASON_MAX];
	int reason_count;
} ask_sq_buy;

/* A purchase of the named units in one turn, with SAVED unused infantry
 * allowance from earlier turns. */
void ask_square_buy(const ruleset *rs, const char *const *units, size_t count, int saved, ask_sq_buy *out);

/* `orbat ask FILE QUERY...` on a square-grid scenario already validated.
 * Returns an exit code as cmd_ask does. */
int ask_square_run(const scenario *sc, const ruleset *rs, char **words, int count, output_format format);

#endif
