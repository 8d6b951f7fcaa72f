#include "rules_error.h"

#include <stdio.h>
#include <string.h>

void rules_error_clear(rules_error *e)
{
	e->rule[0] = '\0';
	e->message[0] = '\0';
	e->line = 0;
}

bool rules_error_set(const rules_error *e)
{
	return e->message[0] != '\0' || e->rule[0] != '\0';
}

/* Mark a cut message so a reader knows that text is missing. */
static void mark_cut(char *buf, size_t size, int wanted)
{
	static const char ellipsis[] = "...";
	if (wanted >= 0 && (size_t)wanted >= size && size > sizeof ellipsis)
		memcpy(buf + size - sizeof ellipsis, ellipsis, sizeof ellipsis);
}

_Thread_local int rules_quiet_depth;

void rules_quiet_begin(void)
{
	rules_quiet_depth++;
}

void rules_quiet_end(void)
{
	if (rules_quiet_depth > 0)
		rules_quiet_depth--;
}

bool rules_fail_quiet(rules_error *e)
{
	memcpy(e->rule, RULES_ERROR_LOG_RULE, sizeof RULES_ERROR_LOG_RULE);
	e->message[0] = '\0';
	return false;
}

bool rules_vfail(rules_error *e, const char *rule, const char *fmt, va_list ap)
{
	if (rules_quiet_depth > 0)
		return rules_fail_quiet(e);
	snprintf(e->rule, sizeof e->rule, "%s", rule ? rule : RULES_ERROR_LOG_RULE);
	int n = vsnprintf(e->message, sizeof e->message, fmt, ap);
	mark_cut(e->message, sizeof e->message, n);
	return false;   /* line is the caller's: it may point at an earlier action */
}

bool rules_fail(rules_error *e, const char *rule, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	rules_vfail(e, rule, fmt, ap);
	va_end(ap);
	return false;
}

void rules_error_take(rules_error *to, const rules_error *from)
{
	if (to == from)
		return;
	memcpy(to->rule, from->rule, sizeof to->rule);
	memcpy(to->message, from->message, sizeof to->message);
}

void rules_error_prefix(rules_error *e, const char *fmt, ...)
{
	if (rules_quiet_depth > 0)
		return;
	char head[RULES_ERROR_MESSAGE_LEN];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(head, sizeof head, fmt, ap);
	va_end(ap);
	char old[RULES_ERROR_MESSAGE_LEN];
	memcpy(old, e->message, sizeof old);
	int n = snprintf(e->message, sizeof e->message, "%s%s", head, old);
	mark_cut(e->message, sizeof e->message, n);
}

void rules_error_format(const rules_error *e, char *buf, size_t size)
{
	snprintf(buf, size, "%s [%s]", e->message, e->rule);
}

/* The next reason of the list, marked or not as saying why there is no
 * answer; NULL when the list is full. */
static rules_error *reasons_vadd(rules_reasons *l, bool error, const char *rule, const char *fmt, va_list ap)
{
	if (l->count >= RULES_REASONS_MAX)
		return NULL;
	rules_error *e = &l->items[l->count];
	l->errors[l->count++] = error;
	e->line = 0;
	rules_vfail(e, rule, fmt, ap);
	return e;
}

rules_error *rules_reasons_add(rules_reasons *l, const char *rule, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	rules_error *e = reasons_vadd(l, false, rule, fmt, ap);
	va_end(ap);
	return e;
}

rules_error *rules_reasons_take(rules_reasons *l, const rules_error *from)
{
	rules_error *e = rules_reasons_add(l, from->rule, "%s", from->message);
	if (e)
		e->line = from->line;
	return e;
}

void rules_reasons_fail(rules_reasons *l, const char *rule, const char *fmt, ...)
{
	l->error = true;
	va_list ap;
	va_start(ap, fmt);
	reasons_vadd(l, true, rule, fmt, ap);
	va_end(ap);
}

const rules_error *rules_reasons_first_error(const rules_reasons *l)
{
	for (int i = 0; i < l->count; i++)
		if (l->errors[i])
			return &l->items[i];
	return NULL;
}
