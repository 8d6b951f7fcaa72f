/* The line machinery every game log shares (docs/game-log.md), the hex
 * log (hex/hex_log.c) and the square game's (square/sq_log.c) alike:
 * words, the ':' before dice faces, '#' comments, the head lines
 * (format, scenario, seed, first), the walk over the lines with their
 * numbers.  What the words of an action mean is each log's own.  No I/O. */
#include "loglex.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

void loglex_tokenize(const char *line, loglex_tokens *t)
{
	memset(t, 0, sizeof *t);
	const char *p = line;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r')
			p++;
		if (*p == '\0' || *p == '#')
			break;
		const char *start = p;
		/* ':' is a word of its own, also when written against a word. */
		if (*p == ':') {
			p++;
		} else {
			while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '#' && *p != ':')
				p++;
		}
		size_t len = (size_t)(p - start);
		for (size_t i = 0; i < len; i++) {
			unsigned char c = (unsigned char)start[i];
			if (c < 0x20 || c == 0x7f)
				t->bad_char = true;
		}
		if (len > LOGLEX_MAX_WORD) {
			t->too_long = true;
			continue;
		}
		if (t->count == t->capacity) {
			t->capacity = t->capacity ? 2 * t->capacity : 16;
			t->tok = xrealloc(t->tok, (size_t)t->capacity * sizeof *t->tok);
		}
		t->tok[t->count++] = xstrndup(start, len);
	}
}

void loglex_tokens_free(loglex_tokens *t)
{
	for (int i = 0; i < t->count; i++)
		free(t->tok[i]);
	free(t->tok);
	memset(t, 0, sizeof *t);
}

bool loglex_fail(rules_error *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	rules_vfail(err, RULES_ERROR_LOG_RULE, fmt, ap);
	va_end(ap);
	return false;
}

bool loglex_is_side(const char *s)
{
	return strcmp(s, "union") == 0 || strcmp(s, "confederate") == 0;
}

/* Names of units, generals, brigades, cards, faces: printable, no ':'. */
bool loglex_is_name(const char *s)
{
	if (!*s || *s == ':')
		return false;
	for (const char *p = s; *p; p++)
		if ((unsigned char)*p <= ' ')
			return false;
	return true;
}

bool loglex_parse_number(const char *s, unsigned long long *out)
{
	if (!*s || !isdigit((unsigned char)*s))
		return false;
	errno = 0;
	char *end = NULL;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || *end)
		return false;
	*out = v;
	return true;
}

char **loglex_copy_words(const loglex_tokens *t, int from, int to, size_t *count)
{
	*count = to > from ? (size_t)(to - from) : 0;
	if (!*count)
		return NULL;
	char **w = xcalloc(*count, sizeof *w);
	for (int i = from; i < to; i++)
		w[i - from] = xstrdup(t->tok[i]);
	return w;
}

/* Split off "... : FACE FACE" at the colon; returns the index of ':' or
 * t->count when absent. */
int loglex_colon_at(const loglex_tokens *t)
{
	for (int i = 0; i < t->count; i++)
		if (strcmp(t->tok[i], ":") == 0)
			return i;
	return t->count;
}

bool loglex_take_faces(const loglex_tokens *t, int colon, const char *keyword, bool one, char ***faces,
	size_t *face_count, bool *given, rules_error *err)
{
	if (colon >= t->count)
		return true;
	*given = true;
	for (int i = colon + 1; i < t->count; i++) {
		if (strcmp(t->tok[i], ":") == 0)
			return loglex_fail(err, "'%s' has a second ':'", keyword);
		if (!loglex_is_name(t->tok[i]))
			return loglex_fail(err, "'%s' is not a die face", t->tok[i]);
	}
	if (colon + 1 >= t->count)
		return loglex_fail(err, "no die faces after ':' (leave out the ':' to let orbat play roll)");
	if (one && t->count - colon - 1 != 1)
		return loglex_fail(err, "'%s' rolls one die; %d faces given", keyword, t->count - colon - 1);
	*faces = loglex_copy_words(t, colon + 1, t->count, face_count);
	return true;
}

static const char *const HEAD_KEYWORDS[LOGLEX_HEAD_COUNT] = { "orbat-game-log", "scenario", "seed", "first" };

int loglex_keyword_index(const char *keyword, const char *const *keywords, int count)
{
	for (int k = 0; k < count; k++)
		if (strcmp(keyword, keywords[k]) == 0)
			return k;
	return -1;
}

int loglex_head_kind(const char *keyword)
{
	return loglex_keyword_index(keyword, HEAD_KEYWORDS, LOGLEX_HEAD_COUNT);
}

bool loglex_parse_head(loglex_head kind, const loglex_tokens *t, int words, unsigned long long *number, char **text,
	rules_error *err)
{
	const char *kw = t->tok[0];
	switch (kind) {
	case LOGLEX_HEAD_FORMAT:
	case LOGLEX_HEAD_SEED:
		if (words != 2 || !loglex_parse_number(t->tok[1], number))
			return loglex_fail(err, "'%s' takes one whole number", kw);
		if (kind == LOGLEX_HEAD_FORMAT && *number != 1)
			return loglex_fail(err, "game-log format %llu is not known; this program reads format 1", *number);
		return true;
	case LOGLEX_HEAD_SCENARIO:
		if (words != 2 || !loglex_is_name(t->tok[1]))
			return loglex_fail(err, "'scenario' takes the scenario id");
		*text = xstrdup(t->tok[1]);
		return true;
	case LOGLEX_HEAD_FIRST:
		if (words != 2 || !loglex_is_side(t->tok[1]))
			return loglex_fail(err, "'first' takes a side: union or confederate");
		*text = xstrdup(t->tok[1]);
		return true;
	case LOGLEX_HEAD_COUNT:
		break;
	}
	return loglex_fail(err, "unknown action '%s'", kw);
}

bool loglex_tokens_ok(const loglex_tokens *t, rules_error *err)
{
	if (t->bad_char)
		return loglex_fail(err, "control character in the line");
	if (t->too_long)
		return loglex_fail(err, "a word longer than %d characters", LOGLEX_MAX_WORD);
	return true;
}

bool loglex_read_line(const char *line, bool *empty, loglex_tokens_fn parse, void *action, rules_error *err)
{
	*empty = false;
	loglex_tokens t;
	loglex_tokenize(line, &t);
	bool ok = loglex_tokens_ok(&t, err);
	if (ok && t.count == 0)
		*empty = true;
	else if (ok)
		ok = parse(&t, action, err);
	loglex_tokens_free(&t);
	return ok;
}

size_t loglex_each_line(const char *text, size_t size, const char *file, diag_sink *sink, loglex_line_fn fn,
	void *ctx)
{
	size_t errors = 0;
	size_t pos = 0;
	int line_no = 0;
	char *line = NULL;
	size_t cap = 0;
	while (pos < size) {
		line_no++;
		size_t start = pos, end = pos;
		while (end < size && text[end] != '\n')
			end++;
		size_t len = end - pos;
		if (len + 1 > cap) {
			cap = len + 1;
			line = xrealloc(line, cap);
		}
		memcpy(line, text + pos, len);
		line[len] = '\0';
		pos = end < size ? end + 1 : end;
		rules_error why;
		if (memchr(text + start, '\0', len)) {
			diag_add(sink, file, line_no, 0, DIAG_ERROR, RULES_ERROR_LOG_RULE, "NUL byte in the line");
			errors++;
			continue;
		}
		if (!fn(ctx, line, line_no, &why)) {
			diag_add(sink, file, line_no, 0, DIAG_ERROR, why.rule, "%s", why.message);
			errors++;
		}
	}
	free(line);
	return errors;
}

/* Where loglex_collect puts the actions it parses. */
typedef struct collector {
	loglex_action_fn parse;
	size_t size;
	void **items;
	size_t *count, *capacity;
} collector;

static bool collect_line(void *ctx, const char *line, int line_no, rules_error *why)
{
	collector *c = ctx;
	grow_array(c->items, c->capacity, *c->count + 1, c->size);
	char *slot = (char *)*c->items + *c->count * c->size;
	bool empty = false;
	if (!c->parse(line, line_no, slot, &empty, why))
		return false;
	if (!empty)
		(*c->count)++;
	return true;
}

size_t loglex_collect(const char *text, size_t size, const char *file, diag_sink *sink, loglex_action_fn parse,
	size_t action_size, void **actions, size_t *count, size_t *capacity)
{
	collector c = { parse, action_size, actions, count, capacity };
	return loglex_each_line(text, size, file, sink, collect_line, &c);
}
