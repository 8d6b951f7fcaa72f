/* Hyphenation points for the print products, from libhyphen's pattern
 * dictionaries (Debian hyphen-en-us, hyphen-nl, hyphen-fr).
 *
 * Pango breaks lines but knows no hyphenation: a long Dutch compound in a
 * narrow card box would overflow.  This module inserts U+00AD (soft hyphen)
 * at every point the language's dictionary allows; Pango then breaks there
 * when it must and draws a hyphen only where it broke.
 *
 * Dictionaries are loaded on first use per language, once per process
 * (every hyphenator of the process shares them) until hyphen_keep_only
 * lets them go.  A missing or broken
 * dictionary is not an error: the text comes back unchanged, so output is
 * merely less well broken on a machine without the hyphen-* packages. */
#ifndef ORBAT_HYPHEN_H
#define ORBAT_HYPHEN_H

#include <stdbool.h>

#include "lang.h"

/* Where Debian installs the dictionaries. */
#define HYPHEN_DEFAULT_DIR "/usr/share/hyphen"

typedef struct hyphenator hyphenator;

/* dict_dir NULL: $ORBAT_HYPHEN_DIR when set, else HYPHEN_DEFAULT_DIR. */
hyphenator *hyphen_create(const char *dict_dir);
void hyphen_destroy(hyphenator *h);

/* Read the language's dictionary now, for the hyphenators made later in
 * this process and in processes it forks (dict_dir as for hyphen_create). */
void hyphen_preload(const char *dict_dir, lang_id lang);

/* Free the dictionaries of every language but lang: a process drawing
 * one language after another holds one dictionary, not all.  Those freed
 * are read again when next asked. */
void hyphen_keep_only(lang_id lang);

/* Whether the language's dictionary could be loaded (loads it). */
bool hyphen_available(hyphenator *h, lang_id lang);

/* A copy of utf8 (free it) with U+00AD at each allowed break inside words
 * of at least HYPHEN_MIN_WORD letters.  Existing soft hyphens are kept and
 * none is added to a word that already has one (the author chose). */
char *hyphen_insert(hyphenator *h, lang_id lang, const char *utf8);

#define HYPHEN_MIN_WORD 6

#endif
