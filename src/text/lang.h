/* The three languages of every user-facing text, and a string in all three. */
#ifndef ORBAT_LANG_H
#define ORBAT_LANG_H

#include <stdbool.h>

typedef enum { LANG_EN, LANG_NL, LANG_FR, LANG_COUNT } lang_id;

typedef struct l10n_text {
	char *text[LANG_COUNT];   /* NULL where the language is missing */
} l10n_text;

/* "en", "nl", "fr" (case-insensitive); false for anything else. */
bool lang_parse(const char *code, lang_id *out);
const char *lang_code(lang_id lang);

/* Set one language from a string (copied); a second value replaces the first. */
void l10n_set(l10n_text *t, lang_id lang, const char *value);
void l10n_finish(l10n_text *t);
/* The text in `lang`, else English, else any language, else "". */
const char *l10n_get(const l10n_text *t, lang_id lang);
bool l10n_complete(const l10n_text *t);
bool l10n_empty(const l10n_text *t);

#endif
