/* Laid-out text, shaped once while it is kept.
 *
 * Print products lay out the same strings again and again: the flank
 * labels and footers of every card, a reference card measured at each
 * candidate type size and then drawn, a map's legend on every page.
 * Shaping (HarfBuzz) and line breaking are most of what text costs, so a
 * layout is kept and handed out again for the same text, font, language,
 * width, wrap mode and alignment.
 *
 * A Pango layout depends on its context too: the kind of surface it will
 * be drawn on (font options) and, left to itself, the transformation.
 * Print text is laid out in user space instead (fonts_user_space_context):
 * with hinting off and glyph positions unrounded, the transformation only
 * moved glyphs by the rounding of its scale (under 0.25 pt on the
 * products), and a layout made once serves a text at every map scale,
 * page scale and angle; the sheet measures its first page at eight
 * scales, the same strings each time.  The cache keeps one context per
 * (surface kind, language) and never changes it afterwards, so a layout
 * it returns never has to be laid out anew; the result is glyph for glyph
 * what a fresh layout from fonts_layout gives.  A left-aligned text that
 * came out on one line is handed out again for any width it fits: it
 * would be that same line.
 *
 * Memory is bounded: past the bound the least recently used layouts go,
 * and layoutcache_clear lets all of them and the contexts go at once. */
#ifndef ORBAT_LAYOUTCACHE_H
#define ORBAT_LAYOUTCACHE_H

#include <cairo.h>
#include <pango/pangocairo.h>
#include <stddef.h>

#include "lang.h"

/* What a layout is made of. */
typedef struct text_spec {
	const char *text;                   /* UTF-8 */
	const PangoFontDescription *font;   /* family, weight, style, size */
	lang_id lang;
	int width;                          /* Pango units; < 0: one line, unwrapped */
	PangoWrapMode wrap;                 /* when width >= 0 */
	PangoAlignment align;
} text_spec;

typedef struct layout_cache layout_cache;

/* The contexts are made on map with the settings of print: glyph positions
 * unrounded, hinting off.  max_bytes bounds the estimated memory of the
 * layouts kept (0: LAYOUTCACHE_DEFAULT_BYTES). */
layout_cache *layoutcache_create(PangoFontMap *map, size_t max_bytes);
void layoutcache_destroy(layout_cache *c);

/* Let every layout and context go (the counts of hits, misses and
 * evictions stay); contexts made from now on are on map (the same map or
 * another).  Layouts handed out before keep their own reference and stay
 * valid. */
void layoutcache_clear(layout_cache *c, PangoFontMap *map);

#define LAYOUTCACHE_DEFAULT_BYTES (6u << 20)

/* The layout of spec for drawing on cr: a reference of its own, release it
 * with g_object_unref.  Do not change it: it is shared. */
PangoLayout *layoutcache_get(layout_cache *c, cairo_t *cr, const text_spec *spec);

typedef struct layoutcache_stats {
	size_t hits, misses, evictions;
	size_t entries, bytes;   /* kept now, estimated */
	size_t contexts;
} layoutcache_stats;

layoutcache_stats layoutcache_get_stats(const layout_cache *c);

#endif
