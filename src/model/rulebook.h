/* The rule catalogue: what each rule id that orbat prints means, in plain
 * words, in English, Dutch and French, and what a scenario author or a
 * player does about it.  It lives in the XML files of data/rules/: one per
 * rule-id prefix (`bc`, `ntz`, `mb`) and one without a prefix for the
 * format rules (`xml`, `schema`, `log`, ...) that every ruleset shares.  Which rulesets a
 * prefix serves comes from the ruleset files' `rule-prefix`.
 *
 * This module only loads and looks up; rulebook_print.h writes the rules
 * for readers (orbat explain, the rules reference, the studio). */
#ifndef ORBAT_RULEBOOK_H
#define ORBAT_RULEBOOK_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"
#include "../text/lang.h"

/* How a ruleset of the prefix states the rule differently
 * (<variant ruleset="battlecry-150">). */
typedef struct rulebook_variant {
	char *ruleset;
	l10n_text text;
} rulebook_variant;

typedef struct rulebook_rule {
	char *id;            /* as printed: "bc-3.1", "mb-11.ports", "xml" */
	char *prefix;        /* "bc"; NULL for a format rule */
	const char *section; /* "3.1" (points into id); NULL for a format rule */
	/* Paragraphs separated by one empty line ("\n\n"); the blanks of the
	 * XML source are folded into single spaces. */
	l10n_text title;
	l10n_text text;
	l10n_text advice;
	rulebook_variant *variants;
	size_t variant_count;
} rulebook_rule;

/* A ruleset present under rulesets/, with its (inherited) rule prefix. */
typedef struct rulebook_ruleset {
	char *id;
	char *prefix;
	l10n_text name;
} rulebook_ruleset;

typedef struct rulebook rulebook;

/* Load every XML file of DATA_DIR/rules, and the rule prefixes of the
 * rulesets under DATA_DIR/rulesets.  NULL when the folder cannot be read
 * or a file is broken (a missing root, an id without its file's prefix, an
 * id given twice): the reasons are in the sink, rule "ruleset".  A ruleset file that does not load is left
 * out of the ruleset list (validate reports it). */
rulebook *rulebook_load(const char *data_dir, diag_sink *sink);
void rulebook_destroy(rulebook *rb);
/* The context's rulebook (text/context.h), loaded on first use; NULL
 * when broken, the reasons in the sink. */
struct context;
const rulebook *rulebook_of(struct context *c, diag_sink *sink);

/* Every rule, in catalogue order: the prefixed files by file name, each in
 * its own order, then the format rules. */
size_t rulebook_rule_count(const rulebook *rb);
const rulebook_rule *rulebook_rule_at(const rulebook *rb, size_t index);
/* The rule with that id, ignoring case; NULL when there is none. */
const rulebook_rule *rulebook_find(const rulebook *rb, const char *id);

size_t rulebook_ruleset_count(const rulebook *rb);
const rulebook_ruleset *rulebook_ruleset_at(const rulebook *rb, size_t index);
const rulebook_ruleset *rulebook_find_ruleset(const rulebook *rb, const char *id);
/* The rulesets whose rule ids carry that prefix, in id order, up to max;
 * returns how many there are.  prefix NULL (a format rule): all of them. */
size_t rulebook_rulesets_of(const rulebook *rb, const char *prefix, const rulebook_ruleset **out, size_t max);

/* The prefixes of the catalogue, in catalogue order (format rules not
 * included), up to max; returns how many there are. */
size_t rulebook_prefixes(const rulebook *rb, const char **out, size_t max);
/* Whether the rule is one of that ruleset's: its prefix is the ruleset's,
 * or it is a format rule. */
bool rulebook_applies(const rulebook_rule *rule, const rulebook_ruleset *rs);
/* The rules of one prefix (NULL: the format rules) in catalogue order, up
 * to max; returns how many there are. */
size_t rulebook_rules_with_prefix(const rulebook *rb, const char *prefix, const rulebook_rule **out, size_t max);

/* The variant of a rule for one ruleset, or NULL. */
const rulebook_variant *rulebook_variant_for(const rulebook_rule *rule, const char *ruleset_id);
/* The rule as it applies to a ruleset, in one language: its text, followed
 * by the ruleset's variant as a further paragraph when there is one.  A
 * fresh string.  ruleset_id NULL: the text alone. */
char *rulebook_text_for(const rulebook_rule *rule, const char *ruleset_id, lang_id lang);

#endif
