/* A scenario's special rules (<special-rules>): what one battle changes in
 * its ruleset, as written, each rule with the source position of its
 * element and attributes so that the checks, the referee and the printed
 * sheet read one model.  Loading judges nothing; validate/check_special.c
 * does. */
#ifndef ORBAT_SPECIAL_RULES_H
#define ORBAT_SPECIAL_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "scenario.h"

typedef enum special_kind {
	SPECIAL_CROSSING,     /* river/stream closed but at its fords */
	SPECIAL_NO_ENTRY,     /* hexes a side may not enter (or end a move in) */
	SPECIAL_FROZEN,       /* units that may not move or battle until a condition */
	SPECIAL_SCHEDULE,     /* reinforcements arriving once a condition is met */
	SPECIAL_SUDDEN_DEATH, /* a hex held at the start of a side's turn wins */
	SPECIAL_EXIT,         /* edge hexes a unit may leave the board by, for flags */
	SPECIAL_TURN_LIMIT,   /* the game ends after N turns of each side */
	SPECIAL_ADJUST,       /* a side's change of the ruleset's numbers */
	SPECIAL_KIND_COUNT
} special_kind;

/* When a frozen group is released or a schedule arrives: the first of the
 * given parts that is met (turn OR flags OR an enemy near).  Parts not
 * written are not given. */
typedef struct special_condition {
	sc_number turn;          /* from this turn of the rule's side on */
	sc_number flags;         /* once flags_side has won this many */
	sc_string flags_side;    /* NULL: the enemy of the rule's side */
	sc_number enemy_within;  /* an enemy unit this near any unit of the group */
} special_condition;

typedef struct special_rule {
	special_kind kind;
	src_pos pos;
	/* side="…" (for="…" on sudden-death): union, confederate or both */
	sc_string side;
	/* crossing: terrain (river, stream, both); no-entry: mode (enter,
	 * end); turn-limit: outcome (objectives, draw, flags). */
	sc_string option;
	/* crossing: its fords; no-entry and exit: their hexes; sudden-death:
	 * its one hex. */
	sc_address *hexes;
	size_t hex_count;
	/* frozen: the ids of its units, as written */
	sc_string *unit_refs;
	size_t unit_ref_count;
	/* schedule: its units (unit.side is not set: the rule's side is) */
	sc_unit *units;
	size_t unit_count;
	special_condition when;  /* frozen and schedule */
	sc_number vp;            /* exit: flags a unit scores (not given: 1) */
	sc_number turns;         /* turn-limit */
	sc_number hand;          /* adjust: cards added to the hand */
	sc_string ground_gain;   /* adjust: "false" takes ground gain away */
	sc_string unit_type;     /* adjust: the unit type whose dice change */
	sc_number dice;          /* adjust: dice added to that type's battles */
} special_rule;

typedef struct special_rules {
	src_pos pos;             /* the first <special-rules> */
	size_t blocks;           /* how many <special-rules> the file has */
	src_pos second;          /* where the second one is */
	special_rule *rules;     /* every rule of every block, in file order */
	size_t count;
	size_t cap;
} special_rules;

special_rules *special_rules_create(void);
/* Append the rules of one <special-rules> element. */
void special_rules_read(special_rules *sr, const xml_document *doc, const xmlNode *block);
void special_rules_destroy(special_rules *sr);

/* The element name of a kind, as written in the file ("no-entry"). */
const char *special_kind_name(special_kind kind);
/* True when at least one part of the condition is written. */
bool special_condition_given(const special_condition *c);

#endif
