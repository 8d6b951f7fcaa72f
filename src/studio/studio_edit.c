#include "studio_edit.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

static bool malformed(scedit_refusal *why, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static bool malformed(scedit_refusal *why, const char *fmt, ...)
{
	snprintf(why->reason, sizeof why->reason, "edit-json");
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why->message, sizeof why->message, fmt, ap);
	va_end(ap);
	return false;
}

/* A string member: absent or null leaves NULL; anything else but a string
 * is malformed. */
static bool member_string(const json_t *value, const char *name, char **out, scedit_refusal *why)
{
	const json_t *m = json_object_get(value, name);
	*out = NULL;
	if (!m || json_is_null(m))
		return true;
	if (!json_is_string(m))
		return malformed(why, "\"%s\" must be a string or null", name);
	*out = (char *)json_string_value(m);
	return true;
}

static bool member_bool(const json_t *value, const char *name, bool *out, scedit_refusal *why)
{
	const json_t *m = json_object_get(value, name);
	*out = false;
	if (!m || json_is_null(m))
		return true;
	if (!json_is_boolean(m))
		return malformed(why, "\"%s\" must be true or false", name);
	*out = json_is_true(m);
	return true;
}

static bool member_count(const json_t *value, const char *name, json_int_t *out, scedit_refusal *why)
{
	const json_t *m = json_object_get(value, name);
	*out = 0;
	if (!m || json_is_null(m))
		return true;
	if (!json_is_integer(m) || json_integer_value(m) < 0)
		return malformed(why, "\"%s\" must be a whole number from 0", name);
	*out = json_integer_value(m);
	return true;
}

/* "op", "piece", "text-kind": a name the edit module knows. */
static bool member_enum(const json_t *value, const char *name, bool required, bool (*parse)(const char *, void *),
	void *out, scedit_refusal *why)
{
	const char *text = json_string_value(json_object_get(value, name));
	if (!text)
		return required ? malformed(why, "\"%s\" is missing", name) : true;
	return parse(text, out) ? true : malformed(why, "\"%s\" names nothing the studio edits", name);
}

static bool parse_kind(const char *s, void *out) { return scedit_kind_parse(s, out); }
static bool parse_piece(const char *s, void *out) { return scedit_piece_parse(s, out); }
static bool parse_text_kind(const char *s, void *out) { return scedit_text_kind_parse(s, out); }
static bool parse_lang(const char *s, void *out) { return lang_parse(s, out); }

/* "attrs": [[name, value], ...] in the order to write them. */
static bool member_attrs(const json_t *value, scedit_op *op, scedit_refusal *why)
{
	const json_t *attrs = json_object_get(value, "attrs");
	if (!attrs || json_is_null(attrs))
		return true;
	if (!json_is_array(attrs) || json_array_size(attrs) > SCEDIT_MAX_ATTRS)
		return malformed(why, "\"%s\" must be a list of at most 16 [name, value] pairs", "attrs");
	for (size_t i = 0; i < json_array_size(attrs); i++) {
		const json_t *pair = json_array_get(attrs, i);
		const char *name = json_string_value(json_array_get(pair, 0));
		const char *val = json_string_value(json_array_get(pair, 1));
		if (!json_is_array(pair) || json_array_size(pair) != 2 || !name || !val)
			return malformed(why, "each of \"%s\" must be [name, value], both strings", "attrs");
		op->attrs[op->attr_count++] = (scedit_attr){ (char *)name, (char *)val };
	}
	return true;
}

/* "names": {"en": ..., "nl": ..., "fr": ...}. */
static bool member_names(const json_t *value, scedit_op *op, scedit_refusal *why)
{
	const json_t *names = json_object_get(value, "names");
	if (!names || json_is_null(names))
		return true;
	if (!json_is_object(names))
		return malformed(why, "\"%s\" must be {\"en\": ..., \"nl\": ..., \"fr\": ...}", "names");
	for (int l = 0; l < LANG_COUNT; l++)
		if (!member_string(names, lang_code((lang_id)l), &op->names[l], why))
			return false;
	return true;
}

bool studio_edit_parse(const json_t *value, scedit_op *op, scedit_refusal *why)
{
	memset(op, 0, sizeof *op);
	if (!json_is_object(value))
		return malformed(why, "an edit is a JSON object");
	json_int_t index, restore;
	bool ok = member_enum(value, "op", true, parse_kind, &op->kind, why)
		&& member_enum(value, "piece", false, parse_piece, &op->piece, why)
		&& member_enum(value, "text-kind", false, parse_text_kind, &op->text_kind, why)
		&& member_enum(value, "lang", false, parse_lang, &op->lang, why)
		&& member_string(value, "key", &op->key, why) && member_string(value, "at", &op->at, why)
		&& member_string(value, "type", &op->type, why) && member_string(value, "side", &op->side, why)
		&& member_string(value, "ship", &op->ship, why) && member_string(value, "squares", &op->squares, why)
		&& member_string(value, "items", &op->items, why)
		&& member_string(value, "attribute", &op->attribute, why)
		&& member_string(value, "value", &op->value, why) && member_string(value, "text", &op->text, why)
		&& member_bool(value, "fieldworks", &op->fieldworks, why)
		&& member_bool(value, "reserve", &op->reserve, why) && member_count(value, "index", &index, why)
		&& member_count(value, "restore", &restore, why) && member_attrs(value, op, why)
		&& member_names(value, op, why);
	if (!ok)
		return false;
	op->index = (long)index;
	op->restore = (unsigned long)restore;
	return true;
}

static void stack_push(studio_stack *s, scedit_op *op, unsigned long group)
{
	grow_array((void **)&s->steps, &s->cap, s->count + 1, sizeof *s->steps);
	s->steps[s->count++] = (studio_step){ *op, group };
	memset(op, 0, sizeof *op);
}

static void stack_clear(studio_stack *s)
{
	for (size_t i = 0; i < s->count; i++)
		scedit_op_finish(&s->steps[i].op);
	s->count = 0;
}

void studio_history_init(studio_history *h)
{
	memset(h, 0, sizeof *h);
}

void studio_history_clear(studio_history *h)
{
	stack_clear(&h->undo);
	stack_clear(&h->redo);
}

void studio_history_finish(studio_history *h)
{
	studio_history_clear(h);
	free(h->undo.steps);
	free(h->redo.steps);
	memset(h, 0, sizeof *h);
}

bool studio_history_can_undo(const studio_history *h)
{
	return h->undo.count > 0;
}

bool studio_history_can_redo(const studio_history *h)
{
	return h->redo.count > 0;
}

bool studio_history_edit(studio_history *h, scenario_doc *d, const scedit_op *op, unsigned long group,
	scedit_refusal *why)
{
	scedit_op inverse;
	memset(&inverse, 0, sizeof inverse);
	if (!scenario_doc_apply(d, op, &inverse, why))
		return false;
	stack_push(&h->undo, &inverse, group);
	stack_clear(&h->redo);
	return true;
}

/* Apply the top step of `from` and put its inverse on `to`, the whole
 * group of it. */
static bool replay(studio_stack *from, studio_stack *to, scenario_doc *d, scedit_refusal *why)
{
	if (!from->count) {
		snprintf(why->reason, sizeof why->reason, "edit-none");
		snprintf(why->message, sizeof why->message, "there is nothing to take back or do again");
		return false;
	}
	unsigned long group = from->steps[from->count - 1].group;
	do {
		studio_step *step = &from->steps[from->count - 1];
		scedit_op inverse;
		memset(&inverse, 0, sizeof inverse);
		if (!scenario_doc_apply(d, &step->op, &inverse, why))
			return false;
		scedit_op_finish(&step->op);
		from->count--;
		stack_push(to, &inverse, group);
	} while (group && from->count && from->steps[from->count - 1].group == group);
	return true;
}

bool studio_history_undo(studio_history *h, scenario_doc *d, scedit_refusal *why)
{
	return replay(&h->undo, &h->redo, d, why);
}

bool studio_history_redo(studio_history *h, scenario_doc *d, scedit_refusal *why)
{
	return replay(&h->redo, &h->undo, d, why);
}
