/* The game-log format (docs/game-log.md): one action per line, `#`
 * comments, blank lines ignored.  The parser checks the syntax only: the
 * words each action takes, hex addresses, the `:` before dice faces.  It
 * reports every malformed line with its line number (rule "log"); the
 * referee judges what the actions mean.  It depends on nothing but the
 * hex addresses and the diagnostics sink, so it can be fuzzed alone. */
#ifndef ORBAT_RULES_HEX_LOG_H
#define ORBAT_RULES_HEX_LOG_H

#include <stdbool.h>
#include <stddef.h>

#include "../../base/diag.h"
#include "../../geo/hex.h"
#include "../loglex.h"
#include "../rules_error.h"

typedef enum {
	ACT_FORMAT,     /* orbat-game-log 1 */
	ACT_SCENARIO,   /* scenario ID */
	ACT_SEED,       /* seed N */
	ACT_FIRST,      /* first SIDE */
	ACT_HAND,       /* hand SIDE CARD... */
	ACT_PLAY,       /* play [SIDE] CARD [SECTION] [: FACE...] (a card that rolls) */
	ACT_DISCARD,    /* discard [SIDE] CARD */
	ACT_ORDER,      /* order REF... */
	ACT_FORM,       /* form BRIGADE GENERAL UNIT... */
	ACT_DISSOLVE,   /* dissolve BRIGADE */
	ACT_MOVE,       /* move REF HEX... [off] [alone] */
	ACT_MOUNT,      /* mount REF */
	ACT_DISMOUNT,   /* dismount REF */
	ACT_DIG,        /* dig REF */
	ACT_BATTLE,     /* battle REF TARGET [alone] [withdraw] [: FACE...] */
	ACT_SAVE,       /* save REF [: FACE...] */
	ACT_DEFEND,     /* defend REF [: FACE] */
	ACT_FLAGSAVE,   /* flagsave REF [: FACE...] */
	ACT_RETREAT,    /* retreat REF [HEX...] [off] [alone] */
	ACT_GAIN,       /* gain REF [alone] */
	ACT_DRAW,       /* draw [SIDE] [CARD] */
	ACT_FOLLOW,     /* follow REF HEX...: noord-zuid, the brigade falls back with a member */
	ACT_ARRIVE,     /* arrive REF [HEX]: a reserve unit the reinforcements card brings (§8.1) */
	ACT_RALLY,      /* rally [: FACE...] (the roll) or rally REF... (one unit a figure), §8.1 */
	ACT_COUNT
} gl_kind;

typedef struct gl_action {
	gl_kind kind;
	int line;
	char *side;           /* NULL when not named */
	char *subject;        /* the first figure named; the brigade of form/dissolve */
	char *object;         /* battle target; form's general */
	char *card;           /* play, discard, draw */
	char *section;        /* play: left, centre, right; NULL when none */
	char **words;         /* hand: cards; order, form: figures */
	size_t word_count;
	hex_coord *hexes;     /* move, retreat, arrive */
	size_t hex_count;
	char **faces;         /* dice faces after ':' */
	size_t face_count;
	bool faces_given;     /* a ':' was written */
	bool alone;           /* the general stays behind; in a battle: keeps his extra die */
	bool withdraw;        /* the defender withdraws one hex (noord-zuid) */
	bool off;             /* the retreat ends off the board; a move leaves
	                         it by an exit hex */
	unsigned long long number;  /* seed, format version */
} gl_action;

typedef struct gl_log {
	gl_action *actions;
	size_t count;
	size_t capacity;
} gl_log;

void hexlog_init(gl_log *log);
void hexlog_finish(gl_log *log);
void hexlog_action_finish(gl_action *a);

/* Parse a whole log.  Every malformed line gives one error in the sink
 * (file, line, rule "log"); well-formed lines are appended to log in
 * order.  Returns the number of malformed lines. */
size_t hexlog_parse(const char *text, size_t size, const char *file, gl_log *log, diag_sink *sink);

/* Parse one line (no newline) into *a; false with the reason in *err
 * (rule "log").  A blank or comment-only line gives true with *empty set. */
bool hexlog_parse_line(const char *line, int line_no, gl_action *a, bool *empty, rules_error *err);

/* The keyword of an action kind ("move"). */
/* Whether the action is one of the log's head lines (format, scenario,
 * seed, first player, hands): what sets a game up rather than plays it. */
bool hexlog_is_head(gl_kind kind);
const char *hexlog_keyword(gl_kind kind);

/* Write an action as one log line (without newline) into a new string. */
char *hexlog_format(const gl_action *a);

#endif
