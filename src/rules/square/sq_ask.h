/* Rules questions for the square-grid ruleset (mb-remastered, rule section
 * 11) on a square game (sq_game.h): at the scenario's start or after a log
 * replayed through the referee.  May a unit attack a square or fire at a
 * ship (coastal fire), with each side's hit chance per round; is a purchase
 * legal with the side's purse; where may a unit, general or ship go this
 * movement step; where may a ship land its cargo and what may it embark;
 * what is a side's income.  Every verdict comes from the referee (sq_referee.h):
 * the action is applied to a copy of the game (sq_game_clone), or checked
 * with the referee's own check functions; what `ask` adds is the
 * explanation (the factors, the arithmetic).  The answers come back as
 * data, each reason a rules_error (its rule id a field; rules_error.h's
 * rules_reasons, the record the referees and the hex questions use too);
 * a question is read from its words here too (ask_square_parse, as the hex
 * questions' ask_parse) and the answers written as text or JSON
 * (ask_square_write, sq_ask_answer.c), which the square engine answers
 * with (engine.h). */
#ifndef ORBAT_RULES_SQUARE_ASK_H
#define ORBAT_RULES_SQUARE_ASK_H

#include <stdbool.h>
#include <stddef.h>

#include "../../geo/grid.h"
#include "../engine.h"
#include "../rules_error.h"
#include "sq_game.h"

/* A list of names (squares, sea zones, ports, unit ids): new strings,
 * freed with ask_sq_list_free. */
typedef struct ask_sq_list {
	char **items;
	size_t count, capacity;
} ask_sq_list;

void ask_sq_list_free(ask_sq_list *l);

/* One side of an attack: the piece fighting and its factor. */
typedef struct ask_sq_fighter {
	const char *id;                /* NULL when nobody */
	const rs_square_unit *type;
	size_t side;                   /* index into sc->sides */
	bool general;                  /* a general */
	int base;                      /* attack or defend factor of the table */
	int factor;                    /* with every modifier, capped at the die */
	double hit;                    /* chance of a hit per round, 0..1 */
	bool rolls;                    /* false: cannot fire (out of its reach, a ship under coastal fire) */
} ask_sq_fighter;

typedef struct ask_sq_attack {
	grid_cell from, to;            /* to: the ship's port or zone square under coastal fire, when known */
	int distance;                  /* steps, diagonal steps allowed */
	bool coastal;                  /* artillery firing at a ship (coastal fire) */
	const char *zone;              /* coastal fire: the ship's sea zone id */
	bool allowed;
	ask_sq_fighter attacker, defender;
	bool fires_first;              /* the attacker's hits land before the defender rolls */
	double defender_hit_effective; /* defender's chance to hit, after a first shot */
	/* Why: the factors and the geometry; a question about nothing (no unit
	 * at FROM, off the board, an unknown id) is why.error, with the reason
	 * marked so. */
	rules_reasons why;
} ask_sq_attack;

/* The attack of the first land unit at FROM (a square, or a unit's id) on
 * the figure at TO (a square, a unit's or general's id); or, when FROM is
 * artillery and TO a ship (its id, its sea zone's id, or a square of that
 * zone), its coastal fire.  Legal as the referee judges it in the
 * attacker's combat step: this turn's when its player is to play and the
 * combat step is not past, else its next. */
void ask_square_attack(const sq_game *g, const char *from, const char *to, ask_sq_attack *out);

typedef struct ask_sq_buy {
	const char *side;              /* who buys: the side to play */
	int cost;
	bool allowed;
	int points;                    /* purchase points per turn */
	int saved_points;              /* points saved from earlier turns (--saved-points) */
	int available;                 /* points the side may spend now */
	int points_left;               /* available - cost (negative: over budget) */
	int infantry;                  /* limited units bought */
	int infantry_allowance;        /* limit + saved (limit when saving is off) */
	int infantry_saved;            /* allowance carried to the next turn */
	rules_reasons why;             /* why.error: a unit name the ruleset does not know */
} ask_sq_buy;

/* A purchase of the named units by the side to play, judged by the
 * referee: with its purse in the game, plus SAVED_POINTS points and SAVED
 * unused infantry allowance saved from earlier turns (0 after a log: the
 * log says what is saved). */
void ask_square_buy(const sq_game *g, const char *const *units, size_t count, int saved_points, int saved,
	ask_sq_buy *out);

typedef struct ask_sq_moves {
	rules_reasons why;
	const char *piece;             /* its id; NULL on error */
	const char *type;              /* "infantry", "general", "gunboat" */
	int side;
	bool ship;
	const char *step;              /* "movement" or "non-combat": the step answered for */
	bool now;                      /* the step under way (else the piece's next movement step) */
	int move;                      /* its move factor (squares or sea-zone steps) */
	int roll, moved;               /* the roll of the step and the units counted against it */
	bool free;                     /* a general moves free of the roll */
	ask_sq_list places;            /* squares; a ship's sea zones and ports */
} ask_sq_moves;

/* Where the piece named (an id, else the first land unit, else general,
 * on a square) may end its move in its movement step: this step when its
 * player is moving (after the roll or the non-combat roll), else its next
 * movement step with a roll that does not bound it. */
void ask_square_moves(const sq_game *g, const char *what, ask_sq_moves *out);

typedef struct ask_sq_transport {
	rules_reasons why;
	const char *ship;              /* NULL on error */
	const char *type;
	int side;
	const char *port;              /* the port it lies in, NULL at sea */
	const char *zone;              /* its sea zone */
	int carries, room;
	ask_sq_list cargo;             /* units aboard */
	ask_sq_list landings;          /* squares its cargo may land on now */
	bool invasion;                 /* landings from sea (not in port) */
	ask_sq_list embark;            /* units that may embark now */
} ask_sq_transport;

/* Where the ship's cargo may land from where it lies (the squares of its
 * zone's coast without an enemy, or its port), and which units may embark
 * in its port: each as the referee judges it in the ship's movement step. */
void ask_square_transport(const sq_game *g, const char *ship, ask_sq_transport *out);

typedef struct ask_sq_income {
	rules_reasons why;
	const char *side;              /* NULL on error */
	int per_turn;                  /* purchase points of a turn */
	int penalty;                   /* lost to the capital's fall */
	const char *capital_lost;      /* the capital the enemy holds, or NULL */
	int cities_lost;               /* its own cities in enemy hands */
	int income;                    /* per_turn - penalty, never below 0 */
	int points;                    /* points in hand now */
	int allowance;                 /* limited units it may buy now */
	int allowance_per_turn;
	const char *limited;           /* the limited unit type, NULL without */
	bool to_play;                  /* it is this side's turn */
	int player;                    /* four players: whose purse points and allowance are (the side's
	                                  player to play now or next); 0 with two */
} ask_sq_income;

void ask_square_income(const sq_game *g, const char *side, ask_sq_income *out);

/* The id of a side (index into sc->sides), "?" when it has none. */
const char *ask_square_side(const sq_game *g, size_t side);

/* ---- a question as typed, and its answer (sq_ask_parse.c) ---- */

typedef enum { ASK_SQ_ATTACK, ASK_SQ_BUY, ASK_SQ_MOVES, ASK_SQ_TRANSPORT, ASK_SQ_INCOME } ask_sq_kind;

/* The most points or infantry allowance `buy --saved-points/--saved`
 * takes. */
#define ASK_SQ_MAX_SAVED 99

typedef struct ask_sq_query {
	ask_sq_kind kind;
	const char *name;       /* the query word */
	const char *from, *to;  /* attack: as written; moves, transport, income: from */
	const char *list;       /* buy: "infantry,cavalry" as written */
	int saved;              /* buy --saved */
	int saved_points;       /* buy --saved-points */
	bool purse_given;       /* either was written */
} ask_sq_query;

/* Whether a word starts one of the square questions: attack, buy, moves,
 * transport, income. */
bool ask_square_is_query(const char *word);

/* Read one question from words[0..count): the words point into the
 * caller's array, which must outlive the query.  With purse_in_game (after
 * a log, in `orbat play`: the game says what is saved) buy's
 * --saved-points and --saved are refused.  Returns the number of words
 * taken, or 0 with the reason in *err (a usage error, rule "log"). */
int ask_square_parse(char **words, int count, bool purse_in_game, ask_sq_query *q, rules_error *err);

/* The answer to one question; which member of u is set follows the
 * query's kind. */
typedef struct ask_sq_result {
	const ask_sq_query *q;
	bool answered;          /* false: a question about nothing (the reasons marked so say why) */
	char **units;           /* buy: its list split ("infantry,cavalry" and "infantry, cavalry" alike) */
	size_t unit_count;
	union {
		ask_sq_attack attack;
		ask_sq_buy buy;
		ask_sq_moves moves;
		ask_sq_transport transport;
		ask_sq_income income;
	} u;
} ask_sq_result;

/* Answer a question about g into *r (free it with ask_square_result_free,
 * in every case).  True when answered (the answer may be "no"). */
bool ask_square_answer(const sq_game *g, const ask_sq_query *q, ask_sq_result *r);
void ask_square_result_free(ask_sq_result *r);
/* The reasons of an answer, whatever its kind. */
const rules_reasons *ask_square_why(const ask_sq_result *r);

/* Answer a question about g and write the answer on out: text, or one
 * JSON object a line; a question about nothing as the engine's
 * ask_answer says (engine.h): false, in JSON an answer with an "error"
 * field, in text each reason marked as an error through `said`. */
bool ask_square_write(const sq_game *g, const ask_sq_query *q, bool json, FILE *out, game_ask_said_fn *said,
	void *ctx);

#endif
