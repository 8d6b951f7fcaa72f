/* The studio's edits: a JSON edit from the page made into the edit
 * module's typed op (scenario_edit.h, by its own enum names), and the
 * undo and redo stacks of the inverses it hands back.
 *
 * An edit is {"op", "piece", "key", "index", "at", "type", "fieldworks",
 * "side", "reserve", "ship", "attrs": [[name, value]...], "names": {en,
 * nl, fr}, "squares", "items", "attribute", "value", "text-kind", "lang", "text",
 * "restore"}, each member optional as the op needs it; a string member
 * may be null where the op clears something.  Edits given one nonzero
 * "group" (a drag that paints many cells) are undone and redone as one. */
#ifndef ORBAT_STUDIO_EDIT_H
#define ORBAT_STUDIO_EDIT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "../model/scenario_edit.h"

/* The op that value describes; its strings are borrowed from value.
 * False with why filled ("edit-json", a sentence) when it is malformed. */
bool studio_edit_parse(const json_t *value, scedit_op *op, scedit_refusal *why);

typedef struct studio_step {
	scedit_op op;            /* an inverse, owned */
	unsigned long group;     /* 0: alone */
} studio_step;

typedef struct studio_stack {
	studio_step *steps;
	size_t count, cap;
} studio_stack;

typedef struct studio_history {
	studio_stack undo, redo;
} studio_history;

void studio_history_init(studio_history *h);
void studio_history_finish(studio_history *h);
/* Forget both stacks: another scenario is open. */
void studio_history_clear(studio_history *h);
bool studio_history_can_undo(const studio_history *h);
bool studio_history_can_redo(const studio_history *h);

/* Apply op to d; done: its inverse goes on the undo stack and the redo
 * stack is emptied (a new edit after undo starts a new future). */
bool studio_history_edit(studio_history *h, scenario_doc *d, const scedit_op *op, unsigned long group,
	scedit_refusal *why);
/* Undo the last edit (its whole group), or redo the last undone.  False
 * when there is nothing to undo (redo), or the document refused an
 * inverse (why says so; what was done of the group stays undoable). */
bool studio_history_undo(studio_history *h, scenario_doc *d, scedit_refusal *why);
bool studio_history_redo(studio_history *h, scenario_doc *d, scedit_refusal *why);

#endif
