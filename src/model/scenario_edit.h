/* Editing a scenario document, for the studio: typed edits on the XML the
 * author wrote, each returning its exact inverse (undo, redo), and a save
 * that writes the file back as the author wrote it.
 *
 * The libxml2 document is edited, never rewritten: every element, text and
 * comment read from the file keeps its original bytes while it is
 * unchanged (start tags, character references, quoting, blank lines), and
 * only what an edit touched is written anew, indented like its siblings.
 * So a document opened and saved with no edits, or with every edit undone,
 * is the file byte for byte.  After each edit the model (scenario.h) is
 * read again from the bytes a save would write, so its positions are the
 * saved file's.
 *
 * An edit the format cannot hold (an address that is malformed or off the
 * board, an unknown side, an id used already, a piece that is not there,
 * an attribute the element has no room for) is refused with a reason and
 * changes nothing.  An edit that breaks a rule is made: the validator
 * reports it, as it would for a file written by hand.
 *
 * Every op is plain data (strings, numbers, booleans) so that the studio
 * maps JSON to it field by field; the names in the comments are the JSON
 * names (scedit_kind_name and friends give them). */
#ifndef ORBAT_SCENARIO_EDIT_H
#define ORBAT_SCENARIO_EDIT_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"
#include "../text/lang.h"
#include "scenario.h"

struct ruleset;

typedef struct scenario_doc scenario_doc;

/* What an op does ("op" in JSON). */
typedef enum {
	SCEDIT_TERRAIN,  /* "terrain": set a cell's terrain (type given) or clear it (type null) */
	SCEDIT_ADD,      /* "add": add a piece */
	SCEDIT_DELETE,   /* "delete": delete a piece (and what it holds: a ship's cargo) */
	SCEDIT_SET,      /* "set": set or clear one attribute of a piece; a move sets "at" */
	SCEDIT_TEXT,     /* "text": set or clear a text: title, briefing, date, a name, squares */
	SCEDIT_KINDS
} scedit_kind;

/* What an op works on ("piece"). */
typedef enum {
	SCEDIT_SCENARIO,  /* "scenario": id, ruleset, players, turn-limit */
	SCEDIT_BOARD,     /* "board": columns, rows, short-rows, grid */
	SCEDIT_SECTIONS,  /* "sections": west, east (add/delete the element, set either) */
	SCEDIT_SIDE,      /* "side": key union|confederate; home, cards, victory, first
	                   * (square grid: the <forces> of that side, first only) */
	SCEDIT_UNIT,      /* "unit": key = its id */
	SCEDIT_GENERAL,   /* "general" */
	SCEDIT_BRIGADE,   /* "brigade" (noord-zuid) */
	SCEDIT_OBJECTIVE, /* "objective": index = its place among the objectives, from 0 */
	SCEDIT_CITY,      /* "city" (square grid) */
	SCEDIT_SEA_ZONE,  /* "sea-zone" (square grid) */
	SCEDIT_SHIP,      /* "ship" (square grid) */
	SCEDIT_RULE,      /* "rule": a special rule (hex grid): index = its place among the
	                   * rules of <special-rules>, from 0; add: type = its element
	                   * ("crossing", "no-entry", "frozen", "schedule", "sudden-death",
	                   * "exit", "turn-limit", "adjust"), attrs its attributes, items
	                   * its fords or hexes (addresses) or a frozen group's unit ids;
	                   * a schedule's attrs hold its first unit's (id, type, at...) */
	SCEDIT_RULE_HEX,  /* "rule-hex": a ford or hex of rule `index`, at = its address */
	SCEDIT_RULE_UNIT, /* "rule-unit": a unit of rule `index`: key = a frozen unit's ref
	                   * or a scheduled unit's id (add: its attrs); set edits a
	                   * scheduled unit's attributes */
	SCEDIT_PIECES
} scedit_piece;

/* Which text a SCEDIT_TEXT op sets ("text-kind"). */
typedef enum {
	SCEDIT_TITLE,     /* "title": <title xml:lang> */
	SCEDIT_BRIEFING,  /* "briefing": <briefing xml:lang> */
	SCEDIT_DATE,      /* "date": <date>, no language */
	SCEDIT_NAME,      /* "name": <name xml:lang> of an objective, city or sea zone */
	SCEDIT_SQUARES,   /* "squares": the <squares> of a sea zone (cannot be cleared) */
	SCEDIT_TEXT_KINDS
} scedit_text_kind;

#define SCEDIT_MAX_ATTRS 16

/* One attribute as written: name="value". */
typedef struct scedit_attr {
	char *name;
	char *value;
} scedit_attr;

/* One edit.  Fields an op does not use are ignored; strings are borrowed
 * when an op is given, owned by an inverse (scedit_op_finish). */
typedef struct scedit_op {
	scedit_kind kind;          /* "op" */
	scedit_piece piece;        /* "piece" */
	char *key;                 /* "key": the piece's id; a side's id for SCEDIT_SIDE */
	long index;                /* "index": an objective's place, from 0 */

	/* SCEDIT_TERRAIN */
	char *at;                  /* "at": the cell, "C4" (either case) */
	char *type;                /* "type": a terrain id; NULL clears the cell */
	bool fieldworks;           /* "fieldworks" (hex grid only) */

	/* SCEDIT_ADD: where it goes, its attributes in the order to write
	 * them, and its names per language (objective, city, sea zone). */
	char *side;                /* "side": union|confederate (units, generals, brigades, ships) */
	bool reserve;              /* "reserve": a reserve unit (give "entry", not "at") */
	char *ship;                /* "ship": the id of the ship a unit is aboard */
	scedit_attr attrs[SCEDIT_MAX_ATTRS]; /* "attrs": [[name, value], ...] */
	size_t attr_count;
	char *names[LANG_COUNT];   /* "names": {"en": ..., "nl": ..., "fr": ...} */
	char *squares;             /* "squares": a new sea zone's squares, "S1 T1" */
	char *items;               /* "items": a new rule's fords, hexes or unit refs, "F5 J5" */

	/* SCEDIT_SET */
	char *attribute;           /* "attribute" */
	char *value;               /* "value": NULL clears the attribute */

	/* SCEDIT_TEXT */
	scedit_text_kind text_kind; /* "text-kind" */
	lang_id lang;              /* "lang": en|nl|fr (not for date and squares) */
	char *text;                /* "text": NULL removes the element */

	/* Set by the document in inverses only: brings back the very element
	 * (or attribute place) an edit removed, so that undo restores the
	 * bytes.  0 in ops the studio makes; keep it through JSON ("restore"). */
	unsigned long restore;
} scedit_op;

/* Why an edit was refused: a stable id ("edit-address", "edit-side",
 * "edit-duplicate-id", "edit-missing", "edit-attribute", "edit-value",
 * "edit-op") and a sentence for the author, as rules_error has them. */
#define SCEDIT_REASON_LEN 32
#define SCEDIT_MESSAGE_LEN 256
typedef struct scedit_refusal {
	char reason[SCEDIT_REASON_LEN];
	char message[SCEDIT_MESSAGE_LEN];
} scedit_refusal;

/* The JSON names of the enums, and back (false for an unknown name). */
const char *scedit_kind_name(scedit_kind kind);
const char *scedit_piece_name(scedit_piece piece);
const char *scedit_text_kind_name(scedit_text_kind kind);
bool scedit_kind_parse(const char *name, scedit_kind *out);
bool scedit_piece_parse(const char *name, scedit_piece *out);
bool scedit_text_kind_parse(const char *name, scedit_text_kind *out);

/* Free what an inverse owns and zero it. */
void scedit_op_finish(scedit_op *op);

/* Open a scenario file; NULL when it cannot be read or is not a scenario
 * (the sink says why).  data_dir: where the rulesets are. */
scenario_doc *scenario_doc_open(const char *path, const char *data_dir, diag_sink *sink);
/* A new scenario from the starter template of a ruleset (orbat new), its
 * id made from the file name; nothing is written until it is saved. */
scenario_doc *scenario_doc_new(const char *data_dir, const char *ruleset_id, const char *path, diag_sink *sink);
/* The same from bytes in memory, named `path` (the file a save writes). */
scenario_doc *scenario_doc_open_memory(const char *path, const char *bytes, size_t size, const char *data_dir,
	diag_sink *sink);
void scenario_doc_destroy(scenario_doc *d);

/* The model read from the document as it stands, and its ruleset (NULL
 * when the ruleset named cannot be loaded: addresses are then only
 * checked for their form). */
const scenario *scenario_doc_model(const scenario_doc *d);
const struct ruleset *scenario_doc_ruleset(const scenario_doc *d);
/* The bytes a save would write now. */
const char *scenario_doc_bytes(const scenario_doc *d, size_t *size);
/* The bytes the document was opened from. */
const char *scenario_doc_original(const scenario_doc *d, size_t *size);
const char *scenario_doc_path(const scenario_doc *d);
/* Counts the edits applied (inverses too): what the studio compares to
 * know that its view is current. */
unsigned long scenario_doc_generation(const scenario_doc *d);
/* Whether a save would change the file (a new document: always). */
bool scenario_doc_modified(const scenario_doc *d);

/* Apply an edit.  True: done, and *inverse (when given) holds the edit
 * that undoes it (free with scedit_op_finish).  False: refused, *why says
 * why, the document is unchanged. */
bool scenario_doc_apply(scenario_doc *d, const scedit_op *op, scedit_op *inverse, scedit_refusal *why);

/* Write the document to its file (path NULL) or to path, through a
 * temporary file in the same folder renamed over it: a failed save leaves
 * the old file as it was and says why in *error (free it). */
bool scenario_doc_save(scenario_doc *d, const char *path, char **error);

#endif
