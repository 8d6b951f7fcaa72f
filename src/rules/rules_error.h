#ifndef ORBAT_RULES_RULES_ERROR_H
#define ORBAT_RULES_RULES_ERROR_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"

/* Why the engine refuses something: the one way every rules module
 * reports a refusal.  The rule id is a field of its own, so a message made
 * long by a user's ids can be cut without losing the rule it cites; the
 * commands decide how to show it (text "MESSAGE [RULE]", JSON fields). */

#define RULES_ERROR_RULE_LEN 48
#define RULES_ERROR_MESSAGE_LEN 1024

typedef struct rules_error {
	char rule[RULES_ERROR_RULE_LEN];        /* e.g. "bc-7.2", or "log" */
	char message[RULES_ERROR_MESSAGE_LEN];  /* the sentence, no rule in it */
	int line;             /* the log line the fault lies in, when it is an
	                         earlier action than the one refused; else 0 */
} rules_error;

/* The rule id for faults in the log's own form rather than in the game. */
#define RULES_ERROR_LOG_RULE "log"

/* An empty error (no rule, no message). */
void rules_error_clear(rules_error *e);
bool rules_error_set(const rules_error *e);

/* Fill *e with `rule` and the formatted message; returns false so that a
 * refusal reads `return rules_fail(...)`.  A message too long for the
 * buffer is cut and ends in "..."; the rule is never cut into.  The
 * line is left as it is (a caller may have set it first). */
bool rules_fail(rules_error *e, const char *rule, const char *fmt, ...) DIAG_PRINTF(3, 4);
bool rules_vfail(rules_error *e, const char *rule, const char *fmt, va_list ap);

/* While a player weighs what it might do, only yes or no matters: from
 * rules_quiet_begin to rules_quiet_end (nested, on this thread) a refusal
 * writes no sentence and only the rule id RULES_ERROR_LOG_RULE, so that
 * rules_error_set still tells that there was one.  The sentences cost
 * most of the time of a player's checks. */
void rules_quiet_begin(void);
void rules_quiet_end(void);
/* This thread's depth of rules_quiet_begin; read it through rules_quiet,
 * inline because every refusal and every answer with reasons asks. */
extern _Thread_local int rules_quiet_depth;
static inline bool rules_quiet(void)
{
	return rules_quiet_depth > 0;
}
/* The refusal quiet mode writes (the rule id alone); returns false.  For
 * a caller that has found the rules quiet and would build no sentence. */
bool rules_fail_quiet(rules_error *e);

/* Take over another refusal's rule and message (a reason found by a
 * lower module), leaving to->line as it is. */
void rules_error_take(rules_error *to, const rules_error *from);

/* Put the formatted text in front of the message, keeping the rule (a
 * caller that knows more of the context: "'u1' may not enter 0304: "). */
void rules_error_prefix(rules_error *e, const char *fmt, ...) DIAG_PRINTF(2, 3);

/* "MESSAGE [RULE]" into buf, for texts that quote a reason inline. */
void rules_error_format(const rules_error *e, char *buf, size_t size);

/* The reasons of an answer, in the order found, each a rules_error: the
 * steps that explain it (a factor and its modifiers, the purse, the roll)
 * and, for a question about nothing (no piece there, an unknown id), the
 * ones marked as saying why it has no answer.  The rules' questions and
 * the factors a referee and `ask` share fill it; the commands print it. */
#define RULES_REASONS_MAX 16

typedef struct rules_reasons {
	rules_error items[RULES_REASONS_MAX];
	bool errors[RULES_REASONS_MAX];   /* items[i] says why there is no answer */
	int count;
	bool error;       /* the question has no answer (set even when the list was full) */
} rules_reasons;

/* Add a reason under `rule`; returns it, or NULL when the list is full
 * (the reason is then dropped: the first ones are the ones that explain). */
rules_error *rules_reasons_add(rules_reasons *l, const char *rule, const char *fmt, ...) DIAG_PRINTF(3, 4);
/* Add a copy of a reason found elsewhere (a referee's refusal, a note). */
rules_error *rules_reasons_take(rules_reasons *l, const rules_error *e);
/* Add the reason why the question has no answer, and mark the list so. */
void rules_reasons_fail(rules_reasons *l, const char *rule, const char *fmt, ...) DIAG_PRINTF(3, 4);
/* The first reason marked as saying why there is no answer, or NULL. */
const rules_error *rules_reasons_first_error(const rules_reasons *l);

#endif
