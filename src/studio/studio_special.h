/* The open scenario's special rules (<special-rules>) as JSON for the
 * studio's panel: each rule's attributes as the edits name them, its
 * fords, hexes or units, where it is written, and the sentence the
 * scenario sheet prints for it (render/specialtext.c), in the page's
 * language. */
#ifndef ORBAT_STUDIO_SPECIAL_H
#define ORBAT_STUDIO_SPECIAL_H

#include <jansson.h>

#include "../text/context.h"
#include "../text/lang.h"
#include "studio_doc.h"

/* Adds to state:
 *   special: {rules: [{index, kind, line, text|null, attrs: {name: value},
 *             hexes: [address], units: [id], scheduled: [{id, type, at,
 *             figures?}]}]}
 * text is null when the scenario has no board that can be drawn (the
 * sentence names hexes by the board's objectives). */
void studio_special_add(json_t *state, studio_doc *d, context *ctx, lang_id lang);

#endif
