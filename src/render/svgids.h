/* Reproducible SVG: cairo numbers the drawing and image ids of an SVG
 * (<g id="surface18">, <image id="image7">, and the #surface18 that uses
 * them) with a counter of every surface the process has made, so the same
 * map came out with other numbers run to run, after another product in
 * the same process, or between -j 1 and -j 2.  Renumbered in the order
 * they first appear in the file, they depend on the document alone. */
#ifndef ORBAT_SVGIDS_H
#define ORBAT_SVGIDS_H

#include <stddef.h>

/* The SVG text with its surface and image ids renumbered from 1; a new
 * buffer of *out_len bytes (free it). */
char *svgids_renumber(const char *svg, size_t len, size_t *out_len);

#endif
