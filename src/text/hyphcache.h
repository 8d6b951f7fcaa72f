/* Hyphenation dictionaries read fast: libhyphen builds its automaton from
 * the pattern file at every load (the Dutch and English patterns take
 * 10 to 20 ms, a fifth of drawing a deck), so the automaton it built is
 * kept in the user's cache folder, $XDG_CACHE_HOME/orbat/hyphen/ (else
 * ~/.cache/orbat/hyphen/), and read back in well under a millisecond.
 *
 * A cached automaton is used only while the pattern file it was built
 * from is the same (path, size, modification time, inode) and the cache
 * file is whole and consistent (every state and transition in range);
 * anything else is read from the pattern file as before, and the cache
 * written anew when it can be (atomically, never a half-written file).
 * No folder to write in, or a full disk, only means no cache. */
#ifndef ORBAT_HYPHCACHE_H
#define ORBAT_HYPHCACHE_H

#include <hyphen.h>
#include <stdbool.h>

/* The dictionary of the pattern file at path, as hnj_hyphen_load gives
 * it (free it with hnj_hyphen_free); NULL when it cannot be read. */
HyphenDict *hyphcache_load(const char *path);

/* Whether the last hyphcache_load of this process took its automaton
 * from the cache (for tests). */
bool hyphcache_last_was_cached(void);

#endif
