#include "hex_log.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"

static const char *const KEYWORDS[ACT_COUNT] = {
	"orbat-game-log", "scenario", "seed", "first", "hand", "play", "discard", "order", "form",
	"dissolve", "move", "mount", "dismount", "dig", "battle", "save", "defend", "flagsave",
	"retreat", "gain", "draw", "follow", "arrive", "rally",
};

bool hexlog_is_head(gl_kind kind)
{
	return kind == ACT_FORMAT || kind == ACT_SCENARIO || kind == ACT_SEED || kind == ACT_FIRST ||
		kind == ACT_HAND;
}

const char *hexlog_keyword(gl_kind kind)
{
	return (unsigned)kind < ACT_COUNT ? KEYWORDS[kind] : "?";
}

void hexlog_init(gl_log *log)
{
	memset(log, 0, sizeof *log);
}

/* free, called only for what is there: a player makes and drops an
 * action for every choice it weighs, most of whose parts are empty. */
static void drop(void *p)
{
	if (p)
		free(p);
}

static void drop_words(char **words, size_t count)
{
	if (words)
		str_free_words(words, count);
}

void hexlog_action_finish(gl_action *a)
{
	char *owned[] = { a->side, a->subject, a->object, a->card, a->section };
	for (size_t i = 0; i < ARRAY_LEN(owned); i++)
		drop(owned[i]);
	drop_words(a->words, a->word_count);
	drop(a->hexes);
	drop_words(a->faces, a->face_count);
	memset(a, 0, sizeof *a);
}

void hexlog_finish(gl_log *log)
{
	for (size_t i = 0; i < log->count; i++)
		hexlog_action_finish(&log->actions[i]);
	free(log->actions);
	memset(log, 0, sizeof *log);
}

static bool is_section(const char *s)
{
	return strcmp(s, "left") == 0 || strcmp(s, "centre") == 0 || strcmp(s, "center") == 0 ||
		strcmp(s, "right") == 0;
}

static bool take_faces(loglex_tokens *t, int colon, gl_action *a, bool one, rules_error *err)
{
	return loglex_take_faces(t, colon, KEYWORDS[a->kind], one, &a->faces, &a->face_count, &a->faces_given, err);
}

static bool take_hexes(loglex_tokens *t, int from, int to, gl_action *a, rules_error *err)
{
	if (to <= from)
		return true;
	a->hexes = xcalloc((size_t)(to - from), sizeof *a->hexes);
	for (int i = from; i < to; i++) {
		if (!hex_parse(t->tok[i], &a->hexes[a->hex_count]))
			return loglex_fail(err, "'%s' is not a hex address (column letters and a row number, like C4)",
				t->tok[i]);
		a->hex_count++;
	}
	return true;
}

/* Leading optional side, as in "play union recon/left". */
static int optional_side(loglex_tokens *t, int at, gl_action *a)
{
	if (at < t->count && loglex_is_side(t->tok[at])) {
		a->side = xstrdup(t->tok[at]);
		return at + 1;
	}
	return at;
}

/* The keywords that may end an action's words, in any order, each once:
 * alone, and `other` (retreat: off; battle: withdraw; NULL for none),
 * after the first `keep` words (the keyword and the pieces it needs).
 * Sets their flags; returns where they begin. */
static int take_trailing(const loglex_tokens *t, int words, int keep, const char *other, bool *other_flag,
	gl_action *a)
{
	int end = words;
	while (end > keep) {
		const char *w = t->tok[end - 1];
		if (strcmp(w, "alone") == 0 && !a->alone)
			a->alone = true;
		else if (other && strcmp(w, other) == 0 && !*other_flag)
			*other_flag = true;
		else
			break;
		end--;
	}
	return end;
}

static bool parse_tokens(loglex_tokens *t, gl_action *a, rules_error *err)
{
	const char *kw = t->tok[0];
	int kind = loglex_keyword_index(kw, KEYWORDS, ACT_COUNT);
	if (kind < 0)
		return loglex_fail(err, "unknown action '%s'", kw);
	a->kind = (gl_kind)kind;
	int n = t->count;
	int colon = loglex_colon_at(t);
	bool takes_faces = a->kind == ACT_BATTLE || a->kind == ACT_SAVE || a->kind == ACT_DEFEND ||
		a->kind == ACT_FLAGSAVE || a->kind == ACT_PLAY || a->kind == ACT_RALLY;
	if (colon < n && !takes_faces)
		return loglex_fail(err, "'%s' takes no die faces", kw);
	int words = colon;   /* words before ':' including the keyword */

	switch (a->kind) {
	case ACT_FORMAT:
		return loglex_parse_head(LOGLEX_HEAD_FORMAT, t, words, &a->number, NULL, err);
	case ACT_SEED:
		return loglex_parse_head(LOGLEX_HEAD_SEED, t, words, &a->number, NULL, err);
	case ACT_SCENARIO:
		return loglex_parse_head(LOGLEX_HEAD_SCENARIO, t, words, NULL, &a->subject, err);
	case ACT_FIRST:
		return loglex_parse_head(LOGLEX_HEAD_FIRST, t, words, NULL, &a->side, err);
	case ACT_HAND:
		if (words < 2 || !loglex_is_side(t->tok[1]))
			return loglex_fail(err, "'hand' takes a side (union or confederate) and the cards dealt");
		a->side = xstrdup(t->tok[1]);
		for (int i = 2; i < words; i++)
			if (!loglex_is_name(t->tok[i]))
				return loglex_fail(err, "'%s' is not a card", t->tok[i]);
		a->words = loglex_copy_words(t, 2, words, &a->word_count);
		return true;
	case ACT_PLAY:
	case ACT_DISCARD: {
		int i = optional_side(t, 1, a);
		if (i >= words)
			return loglex_fail(err, "'%s' takes a card, like recon/left", kw);
		a->card = xstrdup(t->tok[i++]);
		if (a->kind == ACT_PLAY && i < words) {
			if (!is_section(t->tok[i]))
				return loglex_fail(err, "'%s' is not a section (left, centre or right)", t->tok[i]);
			a->section = xstrdup(strcmp(t->tok[i], "center") == 0 ? "centre" : t->tok[i]);
			i++;
		}
		if (i < words)
			return loglex_fail(err, "unexpected '%s' after the card", t->tok[i]);
		/* A card that rolls (reinforcements, §8.1): its faces. */
		return take_faces(t, colon, a, false, err);
	}
	case ACT_DRAW: {
		int i = optional_side(t, 1, a);
		if (i < words)
			a->card = xstrdup(t->tok[i++]);
		if (i < words)
			return loglex_fail(err, "unexpected '%s' after the card", t->tok[i]);
		return true;
	}
	case ACT_ORDER:
		if (words < 2)
			return loglex_fail(err, "'order' names at least one unit, general or brigade");
		a->words = loglex_copy_words(t, 1, words, &a->word_count);
		return true;
	case ACT_FORM:
		if (words < 4)
			return loglex_fail(err, "'form' takes a brigade id, its general and at least one unit");
		a->subject = xstrdup(t->tok[1]);
		a->object = xstrdup(t->tok[2]);
		a->words = loglex_copy_words(t, 3, words, &a->word_count);
		return true;
	case ACT_DISSOLVE:
	case ACT_MOUNT:
	case ACT_DISMOUNT:
	case ACT_DIG:
		if (words != 2)
			return loglex_fail(err, "'%s' names one %s", kw, a->kind == ACT_DISSOLVE ? "brigade" : "unit");
		a->subject = xstrdup(t->tok[1]);
		return true;
	case ACT_MOVE: {
		/* off: the unit leaves the board by an exit hex (<exit>), from
		 * the last hex named or from where it stands. */
		int end = take_trailing(t, words, 2, "off", &a->off, a);
		if (end < (a->off ? 2 : 3))
			return loglex_fail(err, "'move' takes a unit or general and the hexes it enters");
		a->subject = xstrdup(t->tok[1]);
		return take_hexes(t, 2, end, a, err);
	}
	case ACT_FOLLOW:
		if (words < 3)
			return loglex_fail(err, "'follow' takes a unit or general of the brigade and the hexes it falls back through");
		a->subject = xstrdup(t->tok[1]);
		return take_hexes(t, 2, words, a, err);
	case ACT_RETREAT: {
		int end = take_trailing(t, words, 2, "off", &a->off, a);
		if (end < 2)
			return loglex_fail(err, "'retreat' takes a unit or general and the hexes it retreats through");
		a->subject = xstrdup(t->tok[1]);
		return take_hexes(t, 2, end, a, err);
	}
	case ACT_ARRIVE:
		if (words != 2 && words != 3)
			return loglex_fail(err, "'arrive' names one reserve unit (and the hex it enters when not its entry hex)");
		a->subject = xstrdup(t->tok[1]);
		return take_hexes(t, 2, words, a, err);
	case ACT_GAIN:
		if (words == 3 && strcmp(t->tok[2], "alone") == 0)
			a->alone = true;
		else if (words != 2)
			return loglex_fail(err, "'gain' names the unit that takes the ground (and 'alone' to leave its general)");
		a->subject = xstrdup(t->tok[1]);
		return true;
	case ACT_BATTLE: {
		/* withdraw: the defender's choice; alone: the attacker fights
		 * without its general's extra die. */
		int end = take_trailing(t, words, 3, "withdraw", &a->withdraw, a);
		if (end != 3)
			return loglex_fail(err, "'battle' takes the attacking unit and its target (then ': FACES')");
		a->subject = xstrdup(t->tok[1]);
		a->object = xstrdup(t->tok[2]);
		return take_faces(t, colon, a, false, err);
	}
	case ACT_SAVE:
	case ACT_DEFEND:
	case ACT_FLAGSAVE:
		if (words != 2)
			return loglex_fail(err, "'%s' names one unit (then ': FACES')", kw);
		a->subject = xstrdup(t->tok[1]);
		return take_faces(t, colon, a, a->kind == ACT_DEFEND, err);
	case ACT_RALLY:
		/* Two lines: the roll, then the units (one id a figure). */
		if (words > 1 && colon < n)
			return loglex_fail(err, "'rally' is the roll ('rally : FACES') or the units that take figures back "
				"('rally REF...'), one line each");
		a->words = loglex_copy_words(t, 1, words, &a->word_count);
		return take_faces(t, colon, a, false, err);
	case ACT_COUNT:
		break;
	}
	return loglex_fail(err, "unknown action '%s'", kw);
}

static bool hex_tokens(loglex_tokens *t, void *action, rules_error *err)
{
	return parse_tokens(t, action, err);
}

bool hexlog_parse_line(const char *line, int line_no, gl_action *a, bool *empty, rules_error *err)
{
	memset(a, 0, sizeof *a);
	a->line = line_no;
	bool ok = loglex_read_line(line, empty, hex_tokens, a, err);
	if (!ok)
		hexlog_action_finish(a);
	return ok;
}

static bool hex_action(const char *line, int line_no, void *action, bool *empty, rules_error *err)
{
	return hexlog_parse_line(line, line_no, action, empty, err);
}

size_t hexlog_parse(const char *text, size_t size, const char *file, gl_log *log, diag_sink *sink)
{
	return loglex_collect(text, size, file, sink, hex_action, sizeof *log->actions, (void **)&log->actions,
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

static void words(sbuf *b, char *const *list, size_t count)
{
	for (size_t i = 0; i < count; i++)
		word(b, list[i]);
}

char *hexlog_format(const gl_action *a)
{
	sbuf b = { NULL, 0, 0 };
	put(&b, "");
	word(&b, hexlog_keyword(a->kind));
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
		words(&b, a->words, a->word_count);
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
		words(&b, a->words, a->word_count);
		break;
	case ACT_FORM:
		word(&b, a->subject);
		word(&b, a->object);
		words(&b, a->words, a->word_count);
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
		words(&b, a->faces, a->face_count);
	}
	return b.s;
}
