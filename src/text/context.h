/* What one run of a command reads from the data folder, made once and
 * passed in: the folder itself, the fonts, the strings, the print and card
 * layouts, the rulesets and the rule texts.  Each is loaded the first time
 * someone asks for it and kept until the context is finished, so that a
 * command that prints a deck and a reference card reads the card layouts
 * once, and a command that needs no fonts never opens them.
 *
 * The context lives in the text layer so that every layer from the text
 * up can be handed it (the render context carries it to the products).
 * Each member is loaded by its own module, which knows how (fonts_of() in
 * text/fonts.h, strings_of() in text/strings.h, layouts_of() in
 * render/layouts.h, cardlayout_of() in cards/cardlayout.h,
 * ruleset_registry_of() in model/ruleset.h, rulebook_of() in
 * model/rulebook.h) and leaves its destructor here with it: a program that
 * only makes and finishes a context (the validating front, cli/front.c)
 * links none of them, nor the print libraries.
 * Where the files lie inside the folder is base/datadir.h's business. */
#ifndef ORBAT_CONTEXT_H
#define ORBAT_CONTEXT_H

#include <stdlib.h>

#include "../base/datadir.h"

/* The members' types, declared by their modules (fonts.h, strings.h and
 * those of the layers above): a program that only passes a context on
 * needs none of their headers (nor Cairo's). */
typedef struct font_library font_library;
typedef struct string_table string_table;
struct layouts;
struct card_layouts;
struct ruleset_registry;
struct rulebook;

typedef struct context {
	char *data_dir;
	font_library *fonts;
	void (*fonts_destroy)(font_library *);
	string_table *strings;
	void (*strings_destroy)(string_table *);
	struct layouts *print_layouts;
	void (*print_layouts_destroy)(struct layouts *);
	struct card_layouts *card_layouts;
	void (*card_layouts_destroy)(struct card_layouts *);
	struct ruleset_registry *rulesets;
	void (*rulesets_destroy)(struct ruleset_registry *);
	struct rulebook *rulebook;
	void (*rulebook_destroy)(struct rulebook *);
} context;

/* The body of the getter of a member read from one part of the folder:
 * the first time, c->MEMBER = LOAD(path of PART, ERR) and DESTROY kept for
 * context_finish; then the member as it was loaded.  A macro, so that the
 * getters of the fonts, strings and layouts say only what differs. */
#define CONTEXT_LOAD_ONCE(c, member, part, load, err, destroy) \
	do { \
		if (!(c)->member) { \
			char *context_part_ = context_path((c), (part)); \
			(c)->member = load(context_part_, (err)); \
			(c)->member##_destroy = (destroy); \
			free(context_part_); \
		} \
	} while (0)

/* A context over the data folder data_dir (copied); nothing is loaded
 * yet. */
void context_init(context *c, const char *data_dir);
/* Destroy everything loaded. */
void context_finish(context *c);

const char *context_data_dir(const context *c);
/* DIR/NAME of one part of the data folder (free it). */
char *context_path(const context *c, datadir_part part);

#endif
