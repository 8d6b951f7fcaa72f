#include "gamelog.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

static const char *const KEYWORDS[ACT_COUNT] = {
	"orbat-game-log", "scenario", "seed", "first", "hand", "play", "discard", "order", "form",
	"dissolve", "move", "mount", "dismount", "dig", "battle", "save", "defend", "flagsave",
	"retreat", "gain", "draw", "follow", "arrive", "rally",
};

bool gamelog_is_head(gl_kind kind)
{
	return kind == ACT_FORMAT || kind == ACT_SCENARIO || kind == ACT_SEED || kind == ACT_FIRST ||
		kind == ACT_HAND;
}

const char *gamelog_keyword(gl_kind kind)
{
	return (unsigned)kind < ACT_COUNT ? KEYWORDS[kind] : "?";
}

void gamelog_init(gl_log *log)
{
	memset(log, 0, sizeof *log);
}

static void free_list(char **list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(list[i]);
	free(list);
}

void gamelog_action_finish(gl_action *a)
{
	free(a->side);
	free(a->subject);
	free(a->object);
	free(a->card);
	free(a->section);
	free_list(a->words, a->word_count);
	free(a->hexes);
	free_list(a->faces, a->face_count);
	memset(a, 0, sizeof *a);
}

void gamelog_finish(gl_log *log)
{
	for (size_t i = 0; i < log->count; i++)
		gamelog_action_finish(&log->actions[i]);
	free(log->actions);
	memset(log, 0, sizeof *log);
}

/* ---- tokens (shared with the square game's log, sqlog.c) ---- */

#define MAX_TOKEN_LEN GAMELOG_MAX_TOKEN_LEN

typedef gl_tokens tokens;

void gamelog_tokenize(const char *line, gl_tokens *t)
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
		if (len > MAX_TOKEN_LEN) {
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

void gamelog_tokens_free(gl_tokens *t)
{
	for (int i = 0; i < t->count; i++)
		free(t->tok[i]);
	free(t->tok);
	memset(t, 0, sizeof *t);
}

bool gamelog_fail(rules_error *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	rules_vfail(err, GAMELOG_RULE, fmt, ap);
	va_end(ap);
	return false;
}

bool gamelog_is_side(const char *s)
{
	return strcmp(s, "union") == 0 || strcmp(s, "confederate") == 0;
}

static bool is_section(const char *s)
{
	return strcmp(s, "left") == 0 || strcmp(s, "centre") == 0 || strcmp(s, "center") == 0 ||
		strcmp(s, "right") == 0;
}

/* Names of units, generals, brigades, cards, faces: printable, no ':'. */
bool gamelog_is_name(const char *s)
{
	if (!*s || *s == ':')
		return false;
	for (const char *p = s; *p; p++)
		if ((unsigned char)*p <= ' ')
			return false;
	return true;
}

bool gamelog_parse_number(const char *s, unsigned long long *out)
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

char **gamelog_copy_words(const gl_tokens *t, int from, int to, size_t *count)
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
int gamelog_colon_at(const gl_tokens *t)
{
	for (int i = 0; i < t->count; i++)
		if (strcmp(t->tok[i], ":") == 0)
			return i;
	return t->count;
}

bool gamelog_take_faces(const gl_tokens *t, int colon, const char *keyword, bool one, char ***faces,
	size_t *face_count, bool *given, rules_error *err)
{
	if (colon >= t->count)
		return true;
	*given = true;
	for (int i = colon + 1; i < t->count; i++) {
		if (strcmp(t->tok[i], ":") == 0)
			return gamelog_fail(err, "'%s' has a second ':'", keyword);
		if (!gamelog_is_name(t->tok[i]))
			return gamelog_fail(err, "'%s' is not a die face", t->tok[i]);
	}
	if (colon + 1 >= t->count)
		return gamelog_fail(err, "no die faces after ':' (leave out the ':' to let orbat play roll)");
	if (one && t->count - colon - 1 != 1)
		return gamelog_fail(err, "'%s' rolls one die; %d faces given", keyword, t->count - colon - 1);
	*faces = gamelog_copy_words(t, colon + 1, t->count, face_count);
	return true;
}

static bool take_faces(tokens *t, int colon, gl_action *a, bool one, rules_error *err)
{
	return gamelog_take_faces(t, colon, KEYWORDS[a->kind], one, &a->faces, &a->face_count, &a->faces_given, err);
}

static bool take_hexes(tokens *t, int from, int to, gl_action *a, rules_error *err)
{
	if (to <= from)
		return true;
	a->hexes = xcalloc((size_t)(to - from), sizeof *a->hexes);
	for (int i = from; i < to; i++) {
		if (!hex_parse(t->tok[i], &a->hexes[a->hex_count]))
			return gamelog_fail(err, "'%s' is not a hex address (column letters and a row number, like C4)",
				t->tok[i]);
		a->hex_count++;
	}
	return true;
}

/* Leading optional side, as in "play union recon/left". */
static int optional_side(tokens *t, int at, gl_action *a)
{
	if (at < t->count && gamelog_is_side(t->tok[at])) {
		a->side = xstrdup(t->tok[at]);
		return at + 1;
	}
	return at;
}

static const char *const HEAD_KEYWORDS[GL_HEAD_COUNT] = { "orbat-game-log", "scenario", "seed", "first" };

int gamelog_keyword_index(const char *keyword, const char *const *keywords, int count)
{
	for (int k = 0; k < count; k++)
		if (strcmp(keyword, keywords[k]) == 0)
			return k;
	return -1;
}

int gamelog_head_kind(const char *keyword)
{
	return gamelog_keyword_index(keyword, HEAD_KEYWORDS, GL_HEAD_COUNT);
}

bool gamelog_parse_head(gl_head kind, const gl_tokens *t, int words, unsigned long long *number, char **text,
	rules_error *err)
{
	const char *kw = t->tok[0];
	switch (kind) {
	case GL_HEAD_FORMAT:
	case GL_HEAD_SEED:
		if (words != 2 || !gamelog_parse_number(t->tok[1], number))
			return gamelog_fail(err, "'%s' takes one whole number", kw);
		if (kind == GL_HEAD_FORMAT && *number != 1)
			return gamelog_fail(err, "game-log format %llu is not known; this program reads format 1", *number);
		return true;
	case GL_HEAD_SCENARIO:
		if (words != 2 || !gamelog_is_name(t->tok[1]))
			return gamelog_fail(err, "'scenario' takes the scenario id");
		*text = xstrdup(t->tok[1]);
		return true;
	case GL_HEAD_FIRST:
		if (words != 2 || !gamelog_is_side(t->tok[1]))
			return gamelog_fail(err, "'first' takes a side: union or confederate");
		*text = xstrdup(t->tok[1]);
		return true;
	case GL_HEAD_COUNT:
		break;
	}
	return gamelog_fail(err, "unknown action '%s'", kw);
}

bool gamelog_tokens_ok(const gl_tokens *t, rules_error *err)
{
	if (t->bad_char)
		return gamelog_fail(err, "control character in the line");
	if (t->too_long)
		return gamelog_fail(err, "a word longer than %d characters", MAX_TOKEN_LEN);
	return true;
}

static bool parse_tokens(tokens *t, gl_action *a, rules_error *err)
{
	const char *kw = t->tok[0];
	int kind = gamelog_keyword_index(kw, KEYWORDS, ACT_COUNT);
	if (kind < 0)
		return gamelog_fail(err, "unknown action '%s'", kw);
	a->kind = (gl_kind)kind;
	int n = t->count;
	int colon = gamelog_colon_at(t);
	bool takes_faces = a->kind == ACT_BATTLE || a->kind == ACT_SAVE || a->kind == ACT_DEFEND ||
		a->kind == ACT_FLAGSAVE || a->kind == ACT_PLAY || a->kind == ACT_RALLY;
	if (colon < n && !takes_faces)
		return gamelog_fail(err, "'%s' takes no die faces", kw);
	int words = colon;   /* words before ':' including the keyword */

	switch (a->kind) {
	case ACT_FORMAT:
		return gamelog_parse_head(GL_HEAD_FORMAT, t, words, &a->number, NULL, err);
	case ACT_SEED:
		return gamelog_parse_head(GL_HEAD_SEED, t, words, &a->number, NULL, err);
	case ACT_SCENARIO:
		return gamelog_parse_head(GL_HEAD_SCENARIO, t, words, NULL, &a->subject, err);
	case ACT_FIRST:
		return gamelog_parse_head(GL_HEAD_FIRST, t, words, NULL, &a->side, err);
	case ACT_HAND:
		if (words < 2 || !gamelog_is_side(t->tok[1]))
			return gamelog_fail(err, "'hand' takes a side (union or confederate) and the cards dealt");
		a->side = xstrdup(t->tok[1]);
		for (int i = 2; i < words; i++)
			if (!gamelog_is_name(t->tok[i]))
				return gamelog_fail(err, "'%s' is not a card", t->tok[i]);
		a->words = gamelog_copy_words(t, 2, words, &a->word_count);
		return true;
	case ACT_PLAY:
	case ACT_DISCARD: {
		int i = optional_side(t, 1, a);
		if (i >= words)
			return gamelog_fail(err, "'%s' takes a card, like recon/left", kw);
		a->card = xstrdup(t->tok[i++]);
		if (a->kind == ACT_PLAY && i < words) {
			if (!is_section(t->tok[i]))
				return gamelog_fail(err, "'%s' is not a section (left, centre or right)", t->tok[i]);
			a->section = xstrdup(strcmp(t->tok[i], "center") == 0 ? "centre" : t->tok[i]);
			i++;
		}
		if (i < words)
			return gamelog_fail(err, "unexpected '%s' after the card", t->tok[i]);
		/* A card that rolls (reinforcements, §8.1): its faces. */
		return take_faces(t, colon, a, false, err);
	}
	case ACT_DRAW: {
		int i = optional_side(t, 1, a);
		if (i < words)
			a->card = xstrdup(t->tok[i++]);
		if (i < words)
			return gamelog_fail(err, "unexpected '%s' after the card", t->tok[i]);
		return true;
	}
	case ACT_ORDER:
		if (words < 2)
			return gamelog_fail(err, "'order' names at least one unit, general or brigade");
		a->words = gamelog_copy_words(t, 1, words, &a->word_count);
		return true;
	case ACT_FORM:
		if (words < 4)
			return gamelog_fail(err, "'form' takes a brigade id, its general and at least one unit");
		a->subject = xstrdup(t->tok[1]);
		a->object = xstrdup(t->tok[2]);
		a->words = gamelog_copy_words(t, 3, words, &a->word_count);
		return true;
	case ACT_DISSOLVE:
	case ACT_MOUNT:
	case ACT_DISMOUNT:
	case ACT_DIG:
		if (words != 2)
			return gamelog_fail(err, "'%s' names one %s", kw, a->kind == ACT_DISSOLVE ? "brigade" : "unit");
		a->subject = xstrdup(t->tok[1]);
		return true;
	case ACT_MOVE: {
		int end = words;
		if (end > 2 && strcmp(t->tok[end - 1], "alone") == 0) {
			a->alone = true;
			end--;
		}
		if (end < 3)
			return gamelog_fail(err, "'move' takes a unit or general and the hexes it enters");
		a->subject = xstrdup(t->tok[1]);
		return take_hexes(t, 2, end, a, err);
	}
	case ACT_FOLLOW:
		if (words < 3)
			return gamelog_fail(err, "'follow' takes a unit or general of the brigade and the hexes it falls back through");
		a->subject = xstrdup(t->tok[1]);
		return take_hexes(t, 2, words, a, err);
	case ACT_RETREAT: {
		int end = words;
		for (int k = 0; k < 2; k++) {
			if (end > 2 && strcmp(t->tok[end - 1], "alone") == 0 && !a->alone) {
				a->alone = true;
				end--;
			} else if (end > 2 && strcmp(t->tok[end - 1], "off") == 0 && !a->off) {
				a->off = true;
				end--;
			}
		}
		if (end < 2)
			return gamelog_fail(err, "'retreat' takes a unit or general and the hexes it retreats through");
		a->subject = xstrdup(t->tok[1]);
		return take_hexes(t, 2, end, a, err);
	}
	case ACT_ARRIVE:
		if (words != 2 && words != 3)
			return gamelog_fail(err, "'arrive' names one reserve unit (and the hex it enters when not its entry hex)");
		a->subject = xstrdup(t->tok[1]);
		return take_hexes(t, 2, words, a, err);
	case ACT_GAIN:
		if (words == 3 && strcmp(t->tok[2], "alone") == 0)
			a->alone = true;
		else if (words != 2)
			return gamelog_fail(err, "'gain' names the unit that takes the ground (and 'alone' to leave its general)");
		a->subject = xstrdup(t->tok[1]);
		return true;
	case ACT_BATTLE: {
		int end = words;
		/* Trailing keywords, in any order: withdraw (the defender's
		 * choice), alone (the attacker fights without its general's
		 * extra die). */
		while (end > 3) {
			if (strcmp(t->tok[end - 1], "withdraw") == 0 && !a->withdraw)
				a->withdraw = true;
			else if (strcmp(t->tok[end - 1], "alone") == 0 && !a->alone)
				a->alone = true;
			else
				break;
			end--;
		}
		if (end != 3)
			return gamelog_fail(err, "'battle' takes the attacking unit and its target (then ': FACES')");
		a->subject = xstrdup(t->tok[1]);
		a->object = xstrdup(t->tok[2]);
		return take_faces(t, colon, a, false, err);
	}
	case ACT_SAVE:
	case ACT_DEFEND:
	case ACT_FLAGSAVE:
		if (words != 2)
			return gamelog_fail(err, "'%s' names one unit (then ': FACES')", kw);
		a->subject = xstrdup(t->tok[1]);
		return take_faces(t, colon, a, a->kind == ACT_DEFEND, err);
	case ACT_RALLY:
		/* Two lines: the roll, then the units (one id a figure). */
		if (words > 1 && colon < n)
			return gamelog_fail(err, "'rally' is the roll ('rally : FACES') or the units that take figures back "
				"('rally REF...'), one line each");
		a->words = gamelog_copy_words(t, 1, words, &a->word_count);
		return take_faces(t, colon, a, false, err);
	case ACT_COUNT:
		break;
	}
	return gamelog_fail(err, "unknown action '%s'", kw);
}

bool gamelog_read_line(const char *line, bool *empty, gamelog_tokens_fn parse, void *action, rules_error *err)
{
	*empty = false;
	tokens t;
	gamelog_tokenize(line, &t);
	bool ok = gamelog_tokens_ok(&t, err);
	if (ok && t.count == 0)
		*empty = true;
	else if (ok)
		ok = parse(&t, action, err);
	gamelog_tokens_free(&t);
	return ok;
}

static bool hex_tokens(gl_tokens *t, void *action, rules_error *err)
{
	return parse_tokens(t, action, err);
}

bool gamelog_parse_line(const char *line, int line_no, gl_action *a, bool *empty, rules_error *err)
{
	memset(a, 0, sizeof *a);
	a->line = line_no;
	bool ok = gamelog_read_line(line, empty, hex_tokens, a, err);
	if (!ok)
		gamelog_action_finish(a);
	return ok;
}

size_t gamelog_each_line(const char *text, size_t size, const char *file, diag_sink *sink, gamelog_line_fn fn,
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
			diag_add(sink, file, line_no, 0, DIAG_ERROR, GAMELOG_RULE, "NUL byte in the line");
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

/* Where gamelog_collect puts the actions it parses. */
typedef struct collector {
	gamelog_action_fn parse;
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

size_t gamelog_collect(const char *text, size_t size, const char *file, diag_sink *sink, gamelog_action_fn parse,
	size_t action_size, void **actions, size_t *count, size_t *capacity)
{
	collector c = { parse, action_size, actions, count, capacity };
	return gamelog_each_line(text, size, file, sink, collect_line, &c);
}

static bool hex_action(const char *line, int line_no, void *action, bool *empty, rules_error *err)
{
	return gamelog_parse_line(line, line_no, action, empty, err);
}

size_t gamelog_parse(const char *text, size_t size, const char *file, gl_log *log, diag_sink *sink)
{
	return gamelog_collect(text, size, file, sink, hex_action, sizeof *log->actions, (void **)&log->actions,
		&log->count, &log->capacity);
}

/* ---- writing ---- */

typedef struct sbuf {
	char *s;
	size_t len, cap;
} sbuf;

static void put(sbuf *b, const char *s)
{
	size_t n = strlen(s);
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n + 1);
	b->len += n;
}

static void word(sbuf *b, const char *s)
{
	if (b->len)
		put(b, " ");
	put(b, s);
}

char *gamelog_format(const gl_action *a)
{
	sbuf b = { NULL, 0, 0 };
	put(&b, "");
	word(&b, gamelog_keyword(a->kind));
	char hex[HEX_ADDRESS_MAX];
	char num[32];
	switch (a->kind) {
	case ACT_FORMAT:
	case ACT_SEED:
		snprintf(num, sizeof num, "%llu", a->number);
		word(&b, num);
		break;
	case ACT_SCENARIO:
	case ACT_DISSOLVE:
	case ACT_MOUNT:
	case ACT_DISMOUNT:
	case ACT_DIG:
		word(&b, a->subject);
		break;
	case ACT_FIRST:
		word(&b, a->side);
		break;
	case ACT_HAND:
		word(&b, a->side);
		for (size_t i = 0; i < a->word_count; i++)
			word(&b, a->words[i]);
		break;
	case ACT_PLAY:
	case ACT_DISCARD:
	case ACT_DRAW:
		if (a->side)
			word(&b, a->side);
		if (a->card)
			word(&b, a->card);
		if (a->section)
			word(&b, a->section);
		break;
	case ACT_ORDER:
	case ACT_RALLY:
		for (size_t i = 0; i < a->word_count; i++)
			word(&b, a->words[i]);
		break;
	case ACT_FORM:
		word(&b, a->subject);
		word(&b, a->object);
		for (size_t i = 0; i < a->word_count; i++)
			word(&b, a->words[i]);
		break;
	case ACT_MOVE:
	case ACT_RETREAT:
	case ACT_FOLLOW:
	case ACT_ARRIVE:
		word(&b, a->subject);
		for (size_t i = 0; i < a->hex_count; i++)
			word(&b, hex_format(a->hexes[i], hex));
		if (a->off)
			word(&b, "off");
		if (a->alone)
			word(&b, "alone");
		break;
	case ACT_GAIN:
		word(&b, a->subject);
		if (a->alone)
			word(&b, "alone");
		break;
	case ACT_BATTLE:
		word(&b, a->subject);
		word(&b, a->object);
		if (a->alone)
			word(&b, "alone");
		if (a->withdraw)
			word(&b, "withdraw");
		break;
	case ACT_SAVE:
	case ACT_DEFEND:
	case ACT_FLAGSAVE:
		word(&b, a->subject);
		break;
	case ACT_COUNT:
		break;
	}
	if (a->faces_given) {
		word(&b, ":");
		for (size_t i = 0; i < a->face_count; i++)
			word(&b, a->faces[i]);
	}
	return b.s;
}
