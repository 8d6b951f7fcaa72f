/* Which characters the bundled fonts can draw: the union of the character
 * sets of the font files of the fonts folder (the files fonts.c loads, and
 * nothing else), kept in the folder's coverage.txt by
 * scripts/font-coverage.py (the font-coverage test sees it stale), so that
 * a scenario can be told at validation which of its texts the print
 * products could not show, instead of a render failing on unknown
 * glyphs. */
#ifndef ORBAT_FONTCOVER_H
#define ORBAT_FONTCOVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct font_coverage font_coverage;

/* NULL when the folder has no coverage.txt or it is damaged. */
font_coverage *fontcover_create(const char *fonts_dir);
void fontcover_destroy(font_coverage *cover);

/* How many characters of the UTF-8 text no bundled font draws, and the
 * first of them in *first.  Characters drawn without a glyph (controls,
 * line breaks, invisible format characters such as a soft hyphen) count
 * as drawn.  Bytes that are not UTF-8 are the parser's business: the text
 * is read only as far as it is valid. */
size_t fontcover_missing(const font_coverage *cover, const char *text, uint32_t *first);

#endif
