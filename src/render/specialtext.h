/* A scenario's special rules (model/special_rules.h) in plain words, one
 * sentence per rule, in the page's language: what the scenario sheet and
 * the scenario's reminder card print.  The sentences are templates of
 * data/i18n/strings.xml ("sr-…") filled from the model: the sides and
 * terrain as the ruleset names them, hexes by their addresses (with an
 * objective's name where one stands there), units by the names and short
 * labels the maps give them.  Nothing the author typed but names. */
#ifndef ORBAT_SPECIALTEXT_H
#define ORBAT_SPECIALTEXT_H

#include <stddef.h>

#include "render.h"

/* The scenario's rules, one sentence each, in file order; returns how
 * many (0: none, *out NULL).  Free with specialtext_free. */
size_t specialtext_lines(const render_ctx *rc, char ***out);
void specialtext_free(char **lines, size_t count);

#endif
