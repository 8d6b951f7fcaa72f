/* The rule catalogue as a reader sees it: one rule, or the rules of one
 * ruleset or of all, written in plain text (wrapped for a terminal), one
 * JSON object or a Markdown document, in one language, with the words
 * around the rules (headings, "Ruleset:", "What to do:") from the
 * strings of data/i18n.  `orbat explain` prints through it, the installed
 * rules reference is made by it, and the studio takes a rule's title and
 * text from it as strings, in the page's language. */
#ifndef ORBAT_RULEBOOK_PRINT_H
#define ORBAT_RULEBOOK_PRINT_H

#include <stdbool.h>
#include <stdio.h>

#include "../text/lang.h"
#include "rulebook.h"

typedef struct string_table string_table;

/* In the order of `orbat explain --format`. */
typedef enum { RULEBOOK_TEXT, RULEBOOK_JSON, RULEBOOK_MARKDOWN } rulebook_format;

/* What every entry below reads: the catalogue, the strings of its words,
 * the language and the format. */
typedef struct rulebook_doc {
	const rulebook *rb;
	const string_table *strings;
	lang_id lang;
	rulebook_format format;
} rulebook_doc;

/* One rule, as the ruleset `only` has it (every ruleset's variant when
 * NULL): in text, the title line, its rulesets and section, the wrapped
 * text, the variants and the advice; in Markdown the same under a
 * top-level heading; in JSON one object on a line of its own.  Rules
 * written one after the other are parted by an empty line in text and
 * Markdown: the caller writes it. */
void rulebook_print_rule(FILE *out, const rulebook_doc *d, const rulebook_rule *r, const rulebook_ruleset *only);

/* Every rule of the ruleset `only` (of all rulesets when NULL), by
 * prefix, then the format rules every ruleset shares: in text, an id and
 * title list under a heading per block; in Markdown the rules reference,
 * a title and introduction and each rule whole; in JSON one document
 * {"lang", ["ruleset", "name",] "rules":[...]} and a newline. */
void rulebook_print_catalogue(FILE *out, const rulebook_doc *d, const rulebook_ruleset *only);

/* A rule as the studio shows it, in d's language: its title, and its
 * text with the ruleset's variant (every variant when only is NULL) and
 * the advice, each under its heading, as paragraphs parted by "\n\n",
 * unwrapped.  Both fresh strings. */
void rulebook_rule_words(const rulebook_doc *d, const rulebook_rule *r, const rulebook_ruleset *only, char **title,
	char **text);

/* The names of the rulesets whose rules carry the prefix, joined with
 * ", " ("Battle Cry (1999 edition), Battle Cry (150th ...)"), in d's
 * language; the prefix itself when none.  A fresh string. */
char *rulebook_prefix_names(const rulebook_doc *d, const char *prefix);

/* The ids of every ruleset of the catalogue, sorted and joined with
 * ", ", for the message that names an unknown one.  A fresh string. */
char *rulebook_ruleset_ids(const rulebook *rb);

#endif
