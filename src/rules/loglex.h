/* The line machinery every game log shares: the hex log (hex/hex_log.h)
 * and the square game's (square/sq_log.h).  A line is split into words
 * (blanks separate, '#' starts a comment, ':' is a word of its own); the
 * head lines every log begins with are read here; a log is walked line by
 * line with each malformed line reported in a diagnostics sink, under the
 * log's own rule ("log").  What an action's words mean is each log's own.
 * No I/O. */
#ifndef ORBAT_RULES_LOGLEX_H
#define ORBAT_RULES_LOGLEX_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"
#include "rules_error.h"

/* No bound on the words of a line: an order of a big game names every
 * unit it moves, and what orbat writes it must read back.  A word (a
 * name, a hex, a face) is bounded. */
#define LOGLEX_MAX_WORD 200

typedef struct loglex_tokens {
	char **tok;
	int count;
	int capacity;
	bool too_long;
	bool bad_char;
} loglex_tokens;

/* Split a line into words: blanks separate, '#' starts a comment, ':' is
 * a word of its own.  Free with loglex_tokens_free. */
void loglex_tokenize(const char *line, loglex_tokens *t);
void loglex_tokens_free(loglex_tokens *t);
/* False, with the reason (rule "log"), when the line had a control
 * character or an overlong word. */
bool loglex_tokens_ok(const loglex_tokens *t, rules_error *err);

/* Read a line's words and hand them to parse (not called for a blank or
 * comment line: *empty set); false with the reason of a malformed line. */
typedef bool (*loglex_tokens_fn)(loglex_tokens *t, void *action, rules_error *err);
bool loglex_read_line(const char *line, bool *empty, loglex_tokens_fn parse, void *action, rules_error *err);

/* A fault in the form of a line: always under the log's own rule; returns
 * false. */
bool loglex_fail(rules_error *err, const char *fmt, ...) DIAG_PRINTF(2, 3);
bool loglex_is_side(const char *s);
/* Names of units, generals, cards, faces: printable, no ':'. */
bool loglex_is_name(const char *s);
bool loglex_parse_number(const char *s, unsigned long long *out);
char **loglex_copy_words(const loglex_tokens *t, int from, int to, size_t *count);
/* The index of the first ':' word, or t->count when there is none. */
int loglex_colon_at(const loglex_tokens *t);
/* The faces after the ':' at colon (none when colon == t->count): copied
 * into *faces, *given set; one: exactly one face. */
bool loglex_take_faces(const loglex_tokens *t, int colon, const char *keyword, bool one, char ***faces,
	size_t *face_count, bool *given, rules_error *err);

/* The index of keyword in a table of count keywords, or -1. */
int loglex_keyword_index(const char *keyword, const char *const *keywords, int count);

/* The head lines every log begins with. */
typedef enum { LOGLEX_HEAD_FORMAT, LOGLEX_HEAD_SCENARIO, LOGLEX_HEAD_SEED, LOGLEX_HEAD_FIRST, LOGLEX_HEAD_COUNT } loglex_head;
/* The head line a keyword starts, or -1. */
int loglex_head_kind(const char *keyword);
/* A head line's words (before any ':', `words` of them with the keyword):
 * format and seed give *number, scenario and first a new string *text. */
bool loglex_parse_head(loglex_head kind, const loglex_tokens *t, int words, unsigned long long *number, char **text,
	rules_error *err);

/* Call fn on every line of text (newline cut off, line numbers from 1);
 * a line holding a NUL byte, or one fn refuses, gives one error in the
 * sink (file, line, the rule of the refusal).  Returns how many. */
typedef bool (*loglex_line_fn)(void *ctx, const char *line, int line_no, rules_error *err);
size_t loglex_each_line(const char *text, size_t size, const char *file, diag_sink *sink, loglex_line_fn fn,
	void *ctx);
/* Parse every line with parse into an array of actions of action_size
 * bytes (grown as needed), skipping blank lines; errors as above. */
typedef bool (*loglex_action_fn)(const char *line, int line_no, void *action, bool *empty, rules_error *err);
size_t loglex_collect(const char *text, size_t size, const char *file, diag_sink *sink, loglex_action_fn parse,
	size_t action_size, void **actions, size_t *count, size_t *capacity);

#endif
