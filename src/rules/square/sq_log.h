/* The game log of the square game (mb-remastered, docs/game-log.md, "The
 * square game"): the same lines as the hex log (the shared ../loglex.h reads the words,
 * the ':' before dice faces, the comments and the head lines), with a
 * second table of actions.  The parser checks the form only (the words
 * each action takes, faces as whole numbers); the square referee
 * (sq_referee.h) judges what the actions mean. */
#ifndef ORBAT_RULES_SQUARE_LOG_H
#define ORBAT_RULES_SQUARE_LOG_H

#include <stdbool.h>
#include <stddef.h>

#include "../../base/diag.h"
#include "../rules_error.h"

typedef enum {
	SQ_ACT_FORMAT,    /* orbat-game-log 1 */
	SQ_ACT_SCENARIO,  /* scenario ID */
	SQ_ACT_SEED,      /* seed N */
	SQ_ACT_FIRST,     /* first SIDE */
	SQ_ACT_BUY,       /* buy TYPE... */
	SQ_ACT_ROLL,      /* roll [: F F]: the movement roll */
	SQ_ACT_MOVE,      /* move PIECE STEP...: squares; a ship: sea zones or ports */
	SQ_ACT_EMBARK,    /* embark UNIT SHIP */
	SQ_ACT_LAND,      /* land UNIT SQUARE */
	SQ_ACT_ATTACK,    /* attack UNIT TARGET [: A [D]]: one combat round */
	SQ_ACT_RETREAT,   /* retreat UNIT SQUARE CAVALRY: under that cavalry's cover */
	SQ_ACT_WITHDRAW,  /* withdraw GENERAL SQUARE */
	SQ_ACT_ADVANCE,   /* advance UNIT */
	SQ_ACT_STOP,      /* stop: the attacker breaks off the combat */
	SQ_ACT_NAVAL,     /* naval SHIP TARGET [: A D] */
	SQ_ACT_FIRE,      /* fire ARTILLERY SHIP [: F]: coastal fire */
	SQ_ACT_REDEPLOY,  /* redeploy [: F]: the non-combat roll */
	SQ_ACT_PLACE,     /* place TYPE SQUARE ID */
	SQ_ACT_END,       /* end: the turn is over */
	SQ_ACT_COUNT
} sq_act_kind;

#define SQ_ACTION_FACES 4

typedef struct sq_action {
	sq_act_kind kind;
	int line;
	char *subject;        /* the piece acting; scenario id; first side */
	char *object;         /* target, ship, square, cavalry, type of place */
	char *extra;          /* retreat: the covering cavalry; place: the new id */
	char **words;         /* buy: types; move: the steps */
	size_t word_count;
	int faces[SQ_ACTION_FACES];
	int face_count;
	bool faces_given;     /* a ':' was written */
	unsigned long long number;  /* seed, format version */
} sq_action;

/* A whole log: its actions in line order. */
typedef struct sq_log {
	sq_action *actions;
	size_t count, capacity;
} sq_log;

void sqlog_init(sq_log *log);
void sqlog_finish(sq_log *log);
void sqlog_action_finish(sq_action *a);
/* A deep copy. */
void sqlog_action_copy(sq_action *to, const sq_action *from);

/* Parse one line: false with the reason (rule "log"); a blank or comment
 * line gives true with *empty set. */
bool sqlog_parse_line(const char *line, int line_no, sq_action *a, bool *empty, rules_error *err);
/* Parse a whole log: one error in the sink per malformed line; returns how
 * many. */
size_t sqlog_parse(const char *text, size_t size, const char *file, sq_log *log, diag_sink *sink);

const char *sqlog_keyword(sq_act_kind kind);
bool sqlog_is_head(sq_act_kind kind);
/* How many dice faces the action takes at most (0: none). */
int sqlog_max_faces(sq_act_kind kind);
/* The action as one log line, without newline; a new string. */
char *sqlog_format(const sq_action *a);

#endif
