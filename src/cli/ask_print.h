/* The answers of the rules questions (rules/hex/hex_ask.h) as the commands show
 * them: text for a reader, or one JSON object a line (interfaces.md
 * section 4), for `orbat ask` and the questions of `orbat play`. */
#ifndef ORBAT_ASK_PRINT_H
#define ORBAT_ASK_PRINT_H

#include <stdbool.h>
#include <stdio.h>

#include "../rules/hex/hex_ask.h"

/* Write the answers of r (about g) on out.  A question about nothing
 * writes nothing as text (the caller words the error, r->error and
 * r->label); in JSON it writes an answer with empty results and an
 * "error" field. */
void ask_print(const hex_game *g, const ask_result *r, bool json, FILE *out);

/* A reason in JSON, as every answer (hex or square) has always given it:
 * one string, "MESSAGE [RULE]"; and a list of them as an array. */
void ask_print_json_reason(FILE *out, const rules_error *e);
void ask_print_json_reasons(FILE *out, const rules_error *reasons, int count);

#endif
