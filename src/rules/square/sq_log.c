#include "sq_log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/util.h"
#include "../loglex.h"

static const char *const KEYWORDS[SQ_ACT_COUNT] = {
	"orbat-game-log", "scenario", "seed", "first", "buy", "roll", "move", "embark", "land", "attack",
	"retreat", "withdraw", "advance", "stop", "naval", "fire", "redeploy", "place", "end",
};

/* The form of each action: the words after the keyword (at least, at
 * most; -1: no limit) and the dice it may carry. */
typedef struct sq_form {
	int min_words, max_words;
	int max_faces;
	const char *usage;
} sq_form;

static const sq_form FORMS[SQ_ACT_COUNT] = {
	[SQ_ACT_BUY] = { 0, -1, 0, "'buy' takes the unit types bought, like buy infantry cavalry" },
	[SQ_ACT_ROLL] = { 0, 0, 2, "'roll' is the movement roll: roll : 3 5" },
	[SQ_ACT_MOVE] = { 2, -1, 0, "'move' takes a unit, general or ship and the squares (ships: sea zones or ports) it enters" },
	[SQ_ACT_EMBARK] = { 2, 2, 0, "'embark' takes a land unit and the ship it boards" },
	[SQ_ACT_LAND] = { 2, 2, 0, "'land' takes a unit aboard a ship and the square it lands on" },
	[SQ_ACT_ATTACK] = { 2, 2, 2, "'attack' takes the attacking unit and its target (then ': ATTACKER-FACE DEFENDER-FACE')" },
	[SQ_ACT_RETREAT] = { 3, 3, 0, "'retreat' takes the unit, the square it retreats to and the cavalry covering it" },
	[SQ_ACT_WITHDRAW] = { 2, 2, 0, "'withdraw' takes a general and the square it withdraws to" },
	[SQ_ACT_ADVANCE] = { 1, 1, 0, "'advance' takes the unit that enters the square the defender left" },
	[SQ_ACT_STOP] = { 0, 0, 0, "'stop' takes nothing: the attacker breaks off the combat" },
	[SQ_ACT_NAVAL] = { 2, 2, 2, "'naval' takes the attacking ship and its target (then ': ATTACKER-FACE DEFENDER-FACE')" },
	[SQ_ACT_FIRE] = { 2, 2, 1, "'fire' takes the artillery and the enemy ship it fires at (then ': FACE')" },
	[SQ_ACT_REDEPLOY] = { 0, 0, 1, "'redeploy' is the non-combat roll: redeploy : 4" },
	[SQ_ACT_PLACE] = { 3, 3, 0, "'place' takes the unit type, the square of the city or port, and the new unit's id" },
	[SQ_ACT_END] = { 0, 0, 0, "'end' takes nothing: the turn is over" },
};

const char *sqlog_keyword(sq_act_kind kind)
{
	return (unsigned)kind < SQ_ACT_COUNT ? KEYWORDS[kind] : "?";
}

bool sqlog_is_head(sq_act_kind kind)
{
	return kind <= SQ_ACT_FIRST;
}

int sqlog_max_faces(sq_act_kind kind)
{
	return (unsigned)kind < SQ_ACT_COUNT ? FORMS[kind].max_faces : 0;
}

void sqlog_init(sq_log *log)
{
	memset(log, 0, sizeof *log);
}

void sqlog_action_finish(sq_action *a)
{
	free(a->subject);
	free(a->object);
	free(a->extra);
	while (a->word_count > 0)
		free(a->words[--a->word_count]);
	free(a->words);
	memset(a, 0, sizeof *a);
}

void sqlog_finish(sq_log *log)
{
	while (log->count > 0)
		sqlog_action_finish(&log->actions[--log->count]);
	free(log->actions);
	memset(log, 0, sizeof *log);
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

void sqlog_action_copy(sq_action *to, const sq_action *from)
{
	*to = *from;
	to->subject = dup_or_null(from->subject);
	to->object = dup_or_null(from->object);
	to->extra = dup_or_null(from->extra);
	to->words = from->word_count ? xcalloc(from->word_count, sizeof *to->words) : NULL;
	for (size_t i = 0; i < from->word_count; i++)
		to->words[i] = xstrdup(from->words[i]);
}

/* The faces after ':' as numbers of a die. */
static bool take_faces(const loglex_tokens *t, int colon, sq_action *a, rules_error *err)
{
	char **faces = NULL;
	size_t n = 0;
	const sq_form *f = &FORMS[a->kind];
	if (!loglex_take_faces(t, colon, KEYWORDS[a->kind], f->max_faces == 1, &faces, &n, &a->faces_given, err))
		return false;
	bool ok = true;
	if (n > (size_t)f->max_faces)
		ok = loglex_fail(err, "'%s' rolls at most %d dice; %zu faces given", KEYWORDS[a->kind], f->max_faces, n);
	for (size_t i = 0; ok && i < n; i++) {
		unsigned long long v;
		if (!loglex_parse_number(faces[i], &v) || v < 1 || v > 99)
			ok = loglex_fail(err, "'%s' is not a die face (a number, 1 to 6 on the usual die)", faces[i]);
		else
			a->faces[a->face_count++] = (int)v;
	}
	for (size_t i = 0; i < n; i++)
		free(faces[i]);
	free(faces);
	return ok;
}

static bool parse_tokens(const loglex_tokens *t, sq_action *a, rules_error *err)
{
	const char *kw = t->tok[0];
	int kind = loglex_keyword_index(kw, KEYWORDS, SQ_ACT_COUNT);
	if (kind < 0)
		return loglex_fail(err, "unknown action '%s' in a square game's log", kw);
	a->kind = (sq_act_kind)kind;
	int colon = loglex_colon_at(t);
	int head = loglex_head_kind(kw);
	if (head >= 0) {
		if (colon < t->count)
			return loglex_fail(err, "'%s' takes no die faces", kw);
		return loglex_parse_head((loglex_head)head, t, colon, &a->number,
			head == LOGLEX_HEAD_FIRST || head == LOGLEX_HEAD_SCENARIO ? &a->subject : NULL, err);
	}
	const sq_form *f = &FORMS[a->kind];
	if (colon < t->count && f->max_faces == 0)
		return loglex_fail(err, "'%s' takes no die faces", kw);
	int words = colon - 1;
	if (words < f->min_words || (f->max_words >= 0 && words > f->max_words))
		return loglex_fail(err, "%s", f->usage);
	for (int i = 1; i < colon; i++)
		if (!loglex_is_name(t->tok[i]))
			return loglex_fail(err, "'%s' is not a name", t->tok[i]);
	switch (a->kind) {
	case SQ_ACT_BUY:
		a->words = loglex_copy_words(t, 1, colon, &a->word_count);
		break;
	case SQ_ACT_MOVE:
		a->subject = xstrdup(t->tok[1]);
		a->words = loglex_copy_words(t, 2, colon, &a->word_count);
		break;
	default:
		if (words >= 1)
			a->subject = xstrdup(t->tok[1]);
		if (words >= 2)
			a->object = xstrdup(t->tok[2]);
		if (words >= 3)
			a->extra = xstrdup(t->tok[3]);
		break;
	}
	return take_faces(t, colon, a, err);
}

static bool square_tokens(loglex_tokens *t, void *action, rules_error *err)
{
	return parse_tokens(t, action, err);
}

bool sqlog_parse_line(const char *line, int line_no, sq_action *a, bool *empty, rules_error *err)
{
	memset(a, 0, sizeof *a);
	a->line = line_no;
	if (loglex_read_line(line, empty, square_tokens, a, err))
		return true;
	sqlog_action_finish(a);
	return false;
}

static bool square_action(const char *line, int line_no, void *action, bool *empty, rules_error *err)
{
	return sqlog_parse_line(line, line_no, action, empty, err);
}

size_t sqlog_parse(const char *text, size_t size, const char *file, sq_log *log, diag_sink *sink)
{
	return loglex_collect(text, size, file, sink, square_action, sizeof *log->actions, (void **)&log->actions,
		&log->count, &log->capacity);
}

char *sqlog_format(const sq_action *a)
{
	size_t cap = 64;
	for (size_t i = 0; i < a->word_count; i++)
		cap += strlen(a->words[i]) + 1;
	cap += (a->subject ? strlen(a->subject) : 0) + (a->object ? strlen(a->object) : 0) +
		(a->extra ? strlen(a->extra) : 0) + 16 * SQ_ACTION_FACES;
	char *s = xmalloc(cap);
	size_t n = (size_t)snprintf(s, cap, "%s", sqlog_keyword(a->kind));
	if (a->kind == SQ_ACT_FORMAT || a->kind == SQ_ACT_SEED)
		n += (size_t)snprintf(s + n, cap - n, " %llu", a->number);
	const char *parts[3] = { a->subject, a->object, a->extra };
	for (int i = 0; i < 3; i++)
		if (parts[i] && (i == 0 || a->kind != SQ_ACT_MOVE))
			n += (size_t)snprintf(s + n, cap - n, " %s", parts[i]);
	for (size_t i = 0; i < a->word_count; i++)
		n += (size_t)snprintf(s + n, cap - n, " %s", a->words[i]);
	if (a->faces_given) {
		n += (size_t)snprintf(s + n, cap - n, " :");
		for (int i = 0; i < a->face_count; i++)
			n += (size_t)snprintf(s + n, cap - n, " %d", a->faces[i]);
	}
	return s;
}
