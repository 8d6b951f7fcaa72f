/* Options shared by the commands that print: --lang, --paper, -o. */
#ifndef ORBAT_OPTIONS_H
#define ORBAT_OPTIONS_H

#include <stdbool.h>

#include "../text/lang.h"

/* Parse "en,nl" (repeatable) into the flags; false on an unknown code. */
bool options_parse_langs(const char *text, bool langs[LANG_COUNT]);
/* True when no language was chosen: then all three apply. */
void options_default_langs(bool langs[LANG_COUNT]);

#endif
