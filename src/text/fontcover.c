#include "fontcover.h"

#include <fontconfig/fontconfig.h>
#include <fontconfig/fcfreetype.h>
#include <glib.h>
#include <stdlib.h>

#include "../base/util.h"
#include "fonts.h"

struct font_coverage {
	FcCharSet *chars;
	int fonts;
	/* Whether each ASCII character is drawn or needs no glyph: nearly
	 * every character of a scenario, looked up without the charset. */
	bool ascii_ok[128];
};

static void add_file(const char *path, void *user)
{
	font_coverage *c = user;
	int count = 0;
	/* Every face of the file (a collection holds several). */
	for (int face = 0; face < 1 || face < count; face++) {
		FcPattern *p = FcFreeTypeQuery((const FcChar8 *)path, face, NULL, &count);
		if (!p)
			break;
		FcCharSet *cs = NULL;
		if (FcPatternGetCharSet(p, FC_CHARSET, 0, &cs) == FcResultMatch && cs) {
			FcCharSetMerge(c->chars, cs, NULL);
			c->fonts++;
		}
		FcPatternDestroy(p);
	}
}

/* Characters Pango lays out without looking for a glyph. */
static bool needs_no_glyph(gunichar ch)
{
	GUnicodeType t = g_unichar_type(ch);
	return t == G_UNICODE_CONTROL || t == G_UNICODE_FORMAT || t == G_UNICODE_LINE_SEPARATOR ||
		t == G_UNICODE_PARAGRAPH_SEPARATOR || (ch >= 0xFE00 && ch <= 0xFE0F);
}

font_coverage *fontcover_create(const char *fonts_dir)
{
	font_coverage *c = xcalloc(1, sizeof *c);
	c->chars = FcCharSetCreate();
	if (!c->chars || !fonts_each_file(fonts_dir, add_file, c) || c->fonts == 0) {
		fontcover_destroy(c);
		return NULL;
	}
	for (gunichar ch = 0; ch < 128; ch++)
		c->ascii_ok[ch] = needs_no_glyph(ch) || FcCharSetHasChar(c->chars, ch);
	return c;
}

void fontcover_destroy(font_coverage *c)
{
	if (!c)
		return;
	if (c->chars)
		FcCharSetDestroy(c->chars);
	free(c);
}

size_t fontcover_missing(const font_coverage *c, const char *text, uint32_t *first)
{
	size_t missing = 0;
	*first = 0;
	const gchar *end = NULL;
	g_utf8_validate(text, -1, &end);
	for (const gchar *p = text; p < end; p = g_utf8_next_char(p)) {
		unsigned char byte = (unsigned char)*p;
		if (byte < 128 && c->ascii_ok[byte])
			continue;
		gunichar ch = g_utf8_get_char(p);
		if (needs_no_glyph(ch) || FcCharSetHasChar(c->chars, ch))
			continue;
		if (!missing++)
			*first = ch;
	}
	return missing;
}
