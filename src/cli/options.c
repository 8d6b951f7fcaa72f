#include "options.h"

#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

bool options_parse_langs(const char *text, bool langs[LANG_COUNT])
{
	char *copy = xstrdup(text);
	bool ok = true;
	for (char *save = NULL, *tok = strtok_r(copy, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
		lang_id lang;
		if (!lang_parse(tok, &lang)) {
			ok = false;
			break;
		}
		langs[lang] = true;
	}
	free(copy);
	return ok;
}

void options_default_langs(bool langs[LANG_COUNT])
{
	for (int i = 0; i < LANG_COUNT; i++)
		if (langs[i])
			return;
	for (int i = 0; i < LANG_COUNT; i++)
		langs[i] = true;
}
