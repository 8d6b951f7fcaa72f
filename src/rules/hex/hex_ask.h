/* The rules questions of `orbat ask` and of `orbat play` on a position:
 * line of sight, dice, moves, retreat, and the special cards' questions.
 * A question names its figure by a hex address or by the id of a unit (or
 * general); a noord-zuid hex may hold two units, and a question about
 * such a hex is answered for each.  The answers come back as data
 * (ask_result), so that a program or a test can read the fields, and are
 * written as text or JSON by ask_write (hex_ask_answer.c), which the hex
 * engine answers with (engine.h).  A question about nothing comes back as
 * a rules_error. */
#ifndef ORBAT_RULES_HEX_ASK_H
#define ORBAT_RULES_HEX_ASK_H

#include <stdbool.h>
#include <stddef.h>
#include "../engine.h"
#include "dice.h"
#include "hex_game.h"
#include "los.h"
#include "retreat.h"

typedef enum { ASK_LOS, ASK_DICE, ASK_MOVES, ASK_RETREAT, ASK_REINFORCEMENTS, ASK_SHARPSHOOTER, ASK_RALLY } ask_kind;

typedef struct ask_query {
	ask_kind kind;
	const char *name;       /* the query word: los, dice, moves, retreat */
	const char *from_word;  /* as typed: a hex address or a unit/general id;
	                           reinforcements and rally: a side id */
	const char *to_word;    /* los and dice; NULL otherwise */
	int flags;              /* retreat */
} ask_query;

/* Whether a word starts one of the questions: los, dice, moves, retreat,
 * and the special cards': reinforcements SIDE (the side's reserve units
 * left, their entry hexes and where each would arrive now), sharpshooter
 * (whom the unit may shoot at) and rally (which units may take figures
 * back). */
bool ask_is_query(const char *word);

/* Read one question from words[0..count): the words point into the
 * caller's array, which must outlive the query.  Returns the number of
 * words taken, or 0 with the reason in *err (a usage error, rule "log"). */
int ask_parse(char **words, int count, ask_query *q, rules_error *err);

/* Where a question's FROM or TO points: a hex, and the figure it named
 * (a unit or a general), if any. */
typedef struct ask_place {
	hex_coord at;
	int unit;      /* the unit named by its id, else -1 */
	int general;   /* the general named by his id, else -1 */
	bool known;    /* at is set */
	char shown[HEX_ADDRESS_MAX + 80];  /* "F4", or "ub (F4)" */
} ask_place;

/* los: one answer, about the unit named, else the only unit there (-1:
 * none, or a general). */
typedef struct ask_los_answer {
	int unit;
	los_result sight;
} ask_los_answer;

typedef struct ask_dice_answer {
	int unit;          /* the attacker */
	dice_answer dice;
} ask_dice_answer;

typedef struct ask_moves_answer {
	hex_ref who;
	int max_hexes;
	int general;       /* the general the unit takes along, else -1 */
	hex_coord *reachable;     /* where the figure may end its move */
	size_t reachable_count;
	hex_coord *battle_after;  /* units: where it may still battle from */
	size_t battle_after_count;
	hex_coord *general_reachable;  /* the general on his own */
	size_t general_reachable_count;
	/* Of `reachable`, the fords of a scenario's <crossing> rule, each
	 * with the line the rule is written on: a river or stream hex the
	 * figure enters only there. */
	hex_coord *fords;
	int *ford_lines;
	size_t ford_count;
} ask_moves_answer;

typedef struct ask_retreat_answer {
	hex_ref who;
	hex_coord at;
	int figures;
	int applied;              /* flags to take */
	rules_error ignored;      /* flags ignored, under their rule; empty if none */
	retreat_outcome *outcomes;
	int outcome_count;
	hex_coord *destinations;  /* distinct ends, in board order */
	size_t destination_count;
	int losses;               /* the least loss over the choices */
	bool eliminated;          /* every choice destroys the figure */
} ask_retreat_answer;

typedef struct ask_arrival {
	int unit;                 /* a reserve unit of the side */
	hex_coord lands[2];       /* where it would arrive now */
	int land_count;
	bool on_entry;            /* on its own entry hex */
} ask_arrival;

typedef struct ask_reinforcements_answer {
	int side;
	const rs_card *card;      /* the card that brings reserve units */
	int left;                 /* reserve units still off the board */
	ask_arrival *arrivals;    /* every reserve unit of the side */
	int arrival_count;
} ask_reinforcements_answer;

typedef struct ask_shot {
	int general;              /* an enemy general in play */
	int with_unit;            /* the unit he stands with, else -1 */
	dice_answer dice;
} ask_shot;

typedef struct ask_sharpshooter_answer {
	int unit;
	const rs_card *card;
	bool allowed;             /* the card may order this unit */
	int victory;              /* what a general removed is worth */
	ask_shot *targets;
	int target_count;
} ask_sharpshooter_answer;

typedef struct ask_rally_unit {
	int unit;
	int room;                 /* figures it may take back */
} ask_rally_unit;

typedef struct ask_rally_answer {
	int side;
	const rs_card *card;
	int dice;
	int room;                 /* figures in all */
	ask_rally_unit *units;    /* the side's units that lost figures */
	int unit_count;
} ask_rally_answer;

/* One answer; which member is set follows the query's kind. */
typedef struct ask_item {
	union {
		ask_los_answer los;
		ask_dice_answer dice;
		ask_moves_answer moves;
		ask_retreat_answer retreat;
		ask_reinforcements_answer reinforcements;
		ask_sharpshooter_answer sharpshooter;
		ask_rally_answer rally;
	} u;
} ask_item;

#define ASK_MAX_ANSWERS 2

/* The answers to one question. */
typedef struct ask_result {
	const ask_query *q;
	bool answered;            /* false: a question about nothing, see error */
	rules_error error;        /* why not answered */
	ask_place from, to;       /* resolved as far as they could be */
	int distance;             /* FROM to TO, when both are known; else 0 */
	char rule[RULES_ERROR_RULE_LEN];  /* the rule the answers stand under */
	char label[200];          /* the query word and its FROM as shown, e.g. "dice A1" */
	int answers;              /* answers given (two units on a hex: 2); 1 when not answered */
	int count;                /* items set: answers, or 0 when not answered */
	ask_item items[ASK_MAX_ANSWERS];
} ask_result;

/* Answer a question about g into *r (free it with ask_result_free, in
 * every case).  True when answered (the answer may be "no"); false when
 * the question is about nothing (no figure there, a hex off the board, an
 * unknown id): r->error then holds the reason and its rule. */
bool ask_answer(const hex_game *g, const ask_query *q, ask_result *r);
void ask_result_free(ask_result *r);

/* Answer a question about g and write the answers on out: text, or one
 * JSON object a line; a question about nothing as the engine's
 * ask_answer says (engine.h): false, in JSON an answer with empty results
 * and an "error" field, in text its reason through `said`. */
bool ask_write(const hex_game *g, const ask_query *q, bool json, FILE *out, game_ask_said_fn *said, void *ctx);

#endif
