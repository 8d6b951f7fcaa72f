/* Game pieces and log lines in words (line_words.h). */
#include "line_words.h"

#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../render/names.h"

char *line_words_sayv(const render_ctx *rc, const char *id, va_list ap)
{
	if (!rc)
		return NULL;
	const char *pairs[16];
	size_t n = 0;
	for (const char *k; n + 2 < ARRAY_LEN(pairs) && (k = va_arg(ap, const char *));) {
		pairs[n++] = k;
		pairs[n++] = va_arg(ap, const char *);
	}
	pairs[n] = NULL;
	return strings_expand(strings_get(rc->strings, id, rc->lang), pairs);
}

char *line_words_say(const render_ctx *rc, const char *id, ...)
{
	va_list ap;
	va_start(ap, id);
	char *text = line_words_sayv(rc, id, ap);
	va_end(ap);
	return text;
}

/* A name and, when the piece stands on the board, its cell.  Takes
 * name. */
static char *placed(char *name, const sc_address *at)
{
	if (!at->text)
		return name;
	char *both = xasprintf("%s (%s)", name, at->text);
	free(name);
	return both;
}

char *line_words_piece(const render_ctx *rc, const char *id, bool cell)
{
	static const sc_address nowhere = { 0 };
	const scenario *sc = rc ? rc->sc : NULL;
	for (size_t i = 0; sc && id && i < sc->unit_count; i++)
		if (sc->units[i].id.text && strcmp(sc->units[i].id.text, id) == 0)
			return placed(names_unit(rc, &sc->units[i]), cell ? &sc->units[i].at : &nowhere);
	for (size_t i = 0; sc && id && i < sc->general_count; i++)
		if (sc->generals[i].id.text && strcmp(sc->generals[i].id.text, id) == 0)
			return placed(names_general(rc, &sc->generals[i]), cell ? &sc->generals[i].at : &nowhere);
	for (size_t i = 0; sc && id && i < sc->ship_count; i++)
		if (sc->ships[i].id.text && strcmp(sc->ships[i].id.text, id) == 0)
			return placed(names_ship(rc, &sc->ships[i]), cell ? &sc->ships[i].at : &nowhere);
	return xstrdup(id ? id : "?");
}
