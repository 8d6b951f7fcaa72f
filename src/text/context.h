/* What one run of a command reads from the data folder, made once and
 * passed in: the folder itself, the fonts, the strings, the print and card
 * layouts, the rulesets and the rule texts.  Each is loaded the first time
 * someone asks for it and kept until the context is finished, so that a
 * command that prints a deck and a reference card reads the card layouts
 * once, and a command that needs no fonts never opens them.
 *
 * The context lives in the text layer so that every layer from the text
 * up can be handed it (the render context carries it to the products).
 * The fonts and strings are loaded here; the members of the layers above
 * are loaded by their own modules, which know how (layouts_of() in
 * render/layouts.h, cardlayout_of() in cards/cardlayout.h,
 * ruleset_registry_of() in model/ruleset.h, rulebook_of() in
 * model/rulebook.h), and which leave their destructor here with them.
 * Where the files lie inside the folder is base/datadir.h's business. */
#ifndef ORBAT_CONTEXT_H
#define ORBAT_CONTEXT_H

#include "../base/datadir.h"
#include "../base/diag.h"

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
	string_table *strings;
	/* Loaded and destroyed by the modules of the layers above. */
	struct layouts *print_layouts;
	void (*print_layouts_destroy)(struct layouts *);
	struct card_layouts *card_layouts;
	void (*card_layouts_destroy)(struct card_layouts *);
	struct ruleset_registry *rulesets;
	void (*rulesets_destroy)(struct ruleset_registry *);
	struct rulebook *rulebook;
	void (*rulebook_destroy)(struct rulebook *);
} context;

/* A context over the data folder data_dir (copied); nothing is loaded
 * yet. */
void context_init(context *c, const char *data_dir);
/* Destroy everything loaded. */
void context_finish(context *c);

const char *context_data_dir(const context *c);
/* DIR/NAME of one part of the data folder (free it). */
char *context_path(const context *c, datadir_part part);

/* The fonts of fonts/; NULL with the reason in *error (free it). */
font_library *context_fonts(context *c, char **error);
/* The strings of i18n/; NULL with the diagnostics in sink. */
const string_table *context_strings(context *c, diag_sink *sink);

#endif
