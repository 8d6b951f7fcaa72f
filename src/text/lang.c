#include "lang.h"

#include <stdlib.h>
#include <strings.h>

#include "../base/util.h"

static const char *const codes[LANG_COUNT] = { "en", "nl", "fr" };

bool lang_parse(const char *code, lang_id *out)
{
	for (int i = 0; code && i < LANG_COUNT; i++) {
		if (strcasecmp(code, codes[i]) == 0) {
			*out = (lang_id)i;
			return true;
		}
	}
	return false;
}

const char *lang_code(lang_id lang)
{
	return (unsigned)lang < LANG_COUNT ? codes[lang] : "?";
}

void l10n_set(l10n_text *t, lang_id lang, const char *value)
{
	free(t->text[lang]);
	t->text[lang] = value ? xstrdup(value) : NULL;
}

void l10n_finish(l10n_text *t)
{
	for (int i = 0; i < LANG_COUNT; i++) {
		free(t->text[i]);
		t->text[i] = NULL;
	}
}

const char *l10n_get(const l10n_text *t, lang_id lang)
{
	if (t->text[lang])
		return t->text[lang];
	if (t->text[LANG_EN])
		return t->text[LANG_EN];
	for (int i = 0; i < LANG_COUNT; i++)
		if (t->text[i])
			return t->text[i];
	return "";
}

bool l10n_complete(const l10n_text *t)
{
	for (int i = 0; i < LANG_COUNT; i++)
		if (!t->text[i] || !t->text[i][0])
			return false;
	return true;
}

bool l10n_empty(const l10n_text *t)
{
	for (int i = 0; i < LANG_COUNT; i++)
		if (t->text[i] && t->text[i][0])
			return false;
	return true;
}
