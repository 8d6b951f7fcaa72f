/* The fixed texts of the print products (every XML file of data/i18n), each in
 * English, Dutch and French. */
#ifndef ORBAT_STRINGS_H
#define ORBAT_STRINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"
#include "lang.h"

typedef struct string_table string_table;

/* Load every *.xml of the folder; an id defined twice is an error.  NULL on
 * a broken file (reported in the sink). */
string_table *strings_load(const char *dir, diag_sink *sink);
void strings_destroy(string_table *table);
/* The context's strings (text/context.h), loaded from i18n/ on first use;
 * NULL with the diagnostics in sink. */
struct context;
const string_table *strings_of(struct context *c, diag_sink *sink);
/* The text of `id` in `lang`; the id itself when unknown, so a missing
 * entry shows on the page instead of crashing (tests catch it). */
const char *strings_get(const string_table *table, const char *id, lang_id lang);
bool strings_has(const string_table *table, const char *id);
/* Entries lacking a language: how many, and the first id. */
size_t strings_incomplete(const string_table *table, const char **first_id);
size_t strings_count(const string_table *table);

/* A copy of tmpl (free it) with each {key} replaced by its value; pairs is
 * key, value, key, value, …, NULL.  Unknown keys stay as written. */
char *strings_expand(const char *tmpl, const char *const *pairs);

#endif
