/* The game-log format (docs/game-log.md): one action per line, `#`
 * comments, blank lines ignored.  The parser checks the syntax only: the
 * words each action takes, hex addresses, the `:` before dice faces.  It
 * reports every malformed line with its line number (rule "log"); the
 * referee judges what the actions mean.  It depends on nothing but the
 * hex addresses and the diagnostics sink, so it can be fuzzed alone. */
#ifndef ORBAT_GAMELOG_H
#define ORBAT_GAMELOG_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"
#include "../geo/hex.h"
#include "rules_error.h"

#define GAMELOG_RULE RULES_ERROR_LOG_RULE

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
	ACT_MOVE,       /* move REF HEX... [alone] */
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
	bool off;             /* the retreat ends off the board */
	unsigned long long number;  /* seed, format version */
} gl_action;

typedef struct gl_log {
	gl_action *actions;
	size_t count;
	size_t capacity;
} gl_log;

void gamelog_init(gl_log *log);
void gamelog_finish(gl_log *log);
void gamelog_action_finish(gl_action *a);

/* Parse a whole log.  Every malformed line gives one error in the sink
 * (file, line, rule "log"); well-formed lines are appended to log in
 * order.  Returns the number of malformed lines. */
size_t gamelog_parse(const char *text, size_t size, const char *file, gl_log *log, diag_sink *sink);

/* Parse one line (no newline) into *a; false with the reason in *err
 * (rule "log").  A blank or comment-only line gives true with *empty set. */
bool gamelog_parse_line(const char *line, int line_no, gl_action *a, bool *empty, rules_error *err);

/* The keyword of an action kind ("move"). */
/* Whether the action is one of the log's head lines (format, scenario,
 * seed, first player, hands): what sets a game up rather than plays it. */
bool gamelog_is_head(gl_kind kind);
const char *gamelog_keyword(gl_kind kind);

/* Write an action as one log line (without newline) into a new string. */
char *gamelog_format(const gl_action *a);

/* ---- The line machinery every game log shares (the hex log here, the
 * square game's log in sqlog.c): words, the ':' before dice faces, '#'
 * comments, the head lines, and the walk over the lines. ---- */

/* No bound on the words of a line: an order of a big game names every
 * unit it moves, and what orbat writes it must read back.  A word (a
 * name, a hex, a face) is bounded. */
#define GAMELOG_MAX_TOKEN_LEN 200

typedef struct gl_tokens {
	char **tok;
	int count;
	int capacity;
	bool too_long;
	bool bad_char;
} gl_tokens;

/* Split a line into words: blanks separate, '#' starts a comment, ':' is
 * a word of its own.  Free with gamelog_tokens_free. */
void gamelog_tokenize(const char *line, gl_tokens *t);
void gamelog_tokens_free(gl_tokens *t);
/* False, with the reason (rule "log"), when the line had a control
 * character or an overlong word. */
bool gamelog_tokens_ok(const gl_tokens *t, rules_error *err);

/* Read a line's words and hand them to parse (not called for a blank or
 * comment line: *empty set); false with the reason of a malformed line. */
typedef bool (*gamelog_tokens_fn)(gl_tokens *t, void *action, rules_error *err);
bool gamelog_read_line(const char *line, bool *empty, gamelog_tokens_fn parse, void *action, rules_error *err);

/* A fault in the form of a line: always under the log's own rule; returns
 * false. */
bool gamelog_fail(rules_error *err, const char *fmt, ...) DIAG_PRINTF(2, 3);
bool gamelog_is_side(const char *s);
/* Names of units, generals, cards, faces: printable, no ':'. */
bool gamelog_is_name(const char *s);
bool gamelog_parse_number(const char *s, unsigned long long *out);
char **gamelog_copy_words(const gl_tokens *t, int from, int to, size_t *count);
/* The index of the first ':' word, or t->count when there is none. */
int gamelog_colon_at(const gl_tokens *t);
/* The faces after the ':' at colon (none when colon == t->count): copied
 * into *faces, *given set; one: exactly one face. */
bool gamelog_take_faces(const gl_tokens *t, int colon, const char *keyword, bool one, char ***faces,
	size_t *face_count, bool *given, rules_error *err);

/* The index of keyword in a table of count keywords, or -1. */
int gamelog_keyword_index(const char *keyword, const char *const *keywords, int count);

/* The head lines every log begins with. */
typedef enum { GL_HEAD_FORMAT, GL_HEAD_SCENARIO, GL_HEAD_SEED, GL_HEAD_FIRST, GL_HEAD_COUNT } gl_head;
/* The head line a keyword starts, or -1. */
int gamelog_head_kind(const char *keyword);
/* A head line's words (before any ':', `words` of them with the keyword):
 * format and seed give *number, scenario and first a new string *text. */
bool gamelog_parse_head(gl_head kind, const gl_tokens *t, int words, unsigned long long *number, char **text,
	rules_error *err);

/* Call fn on every line of text (newline cut off, line numbers from 1);
 * a line holding a NUL byte, or one fn refuses, gives one error in the
 * sink (file, line, the rule of the refusal).  Returns how many. */
typedef bool (*gamelog_line_fn)(void *ctx, const char *line, int line_no, rules_error *err);
size_t gamelog_each_line(const char *text, size_t size, const char *file, diag_sink *sink, gamelog_line_fn fn,
	void *ctx);
/* Parse every line with parse into an array of actions of action_size
 * bytes (grown as needed), skipping blank lines; errors as above. */
typedef bool (*gamelog_action_fn)(const char *line, int line_no, void *action, bool *empty, rules_error *err);
size_t gamelog_collect(const char *text, size_t size, const char *file, diag_sink *sink, gamelog_action_fn parse,
	size_t action_size, void **actions, size_t *count, size_t *capacity);

#endif
