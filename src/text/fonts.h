/* The bundled fonts, and nothing else.
 *
 * A private fontconfig configuration holds only the files of fonts/, and a
 * Pango font map uses it, so output never depends on the machine's fonts.
 * A text that needs a glyph those fonts lack is an error: the library
 * counts unknown glyphs and the caller refuses to write the product. */
#ifndef ORBAT_FONTS_H
#define ORBAT_FONTS_H

#include <cairo.h>
#include <pango/pangocairo.h>
#include <stdbool.h>

#include "lang.h"
#include "layoutcache.h"

typedef struct font_library font_library;

/* The two families of the print products. */
#define FONT_TITLE "Old Standard TT"
#define FONT_TEXT "Noto Sans"

/* NULL when the folder holds no usable font (message in *error, to free). */
font_library *fonts_create(const char *fonts_dir, char **error);
void fonts_destroy(font_library *lib);
/* The context's fonts (text/context.h), loaded from fonts/ on first use;
 * NULL with the reason in *error (free it). */
struct context;
font_library *fonts_of(struct context *c, char **error);

/* A new context on map with the settings of print: glyph positions
 * unrounded, hinting off (free with g_object_unref). */
PangoContext *fonts_print_context(PangoFontMap *map);

/* Set ctx for laying out text to be drawn on cr, in cr's user space: the
 * surface's font options, and no transformation, so that a text has the
 * same layout whatever cr's scale or angle (Pango's renderer draws it
 * through cr's transformation all the same). */
void fonts_user_space_context(cairo_t *cr, PangoContext *ctx);

/* A layout for drawing on cr, in the given language, with a font such as
 * "Noto Sans Bold 9" (size in points = user units when cr draws in points;
 * see fonts_layout_mm).  Free with g_object_unref. */
PangoLayout *fonts_layout(font_library *lib, cairo_t *cr, lang_id lang, const char *font);

/* A layout of spec for drawing on cr, from the library's cache of laid-out
 * text (layoutcache.h): a reference of its own (g_object_unref it), not to
 * be changed.  Every product draws its text through here, so a string is
 * shaped once for each font, width and language until fonts_forget (the
 * print set calls it between products once its heap has grown). */
PangoLayout *fonts_text_layout(font_library *lib, cairo_t *cr, const text_spec *spec);
layoutcache_stats fonts_cache_stats(const font_library *lib);

/* Let the laid-out text and the loaded fonts go: kept over many products
 * (their sizes, scales and strings) they become most of a process's
 * memory.  The fonts come back the same when next asked. */
void fonts_forget(font_library *lib);

/* The font of a family ("Noto Serif") at an absolute size (user units),
 * bold and italic or not: a new description (pango_font_description_free
 * it), the family's name parsed once per library. */
PangoFontDescription *fonts_description(font_library *lib, const char *family, double size, bool bold,
	bool italic);

/* Check a laid-out text: counts its unknown glyphs into the library. */
void fonts_check(font_library *lib, PangoLayout *layout);
/* Unknown glyphs met since creation, and the first text that had one. */
int fonts_unknown_glyphs(const font_library *lib);
const char *fonts_first_bad_text(const font_library *lib);

/* How many of Pango's font matches ran in the thread that asked for them
 * instead of a thread of their own (see fonts.c): a new font pattern makes
 * two. */
unsigned long fonts_matches_in_caller(void);

/* The Pango language tag for a language ("en", "nl", "fr"). */
PangoLanguage *fonts_language(lang_id lang);

#endif
