/* The studio's print preview: one print product of the open scenario as
 * it stands (its unsaved edits too), made by the print code
 * (printset_make) in a chosen language and paper, kept as a PDF in a
 * private temporary folder, and shown to the page one page image at a
 * time (poppler rasterises the very PDF the print shop would get).
 *
 * Routes (past the guards of studio_api.c):
 *   POST /api/preview {"product", "lang"?, "paper"}  make it; its facts
 *   GET  /api/preview             the facts of the one made last
 *   GET  /api/preview/page?n=K    page K (from 1) as a PNG
 *   GET  /api/preview.pdf         the PDF itself, to download
 * The facts: {file, product, lang, paper, generation, serial, pages,
 * sizes: [[w, h] in points per page], current}, current false once the
 * scenario has changed since.  Only the PDF is kept, never page images:
 * each page is drawn when asked for. */
#ifndef ORBAT_STUDIO_PREVIEW_H
#define ORBAT_STUDIO_PREVIEW_H

#include <stdbool.h>

#include "../text/context.h"
#include "../text/lang.h"
#include "studio_api.h"
#include "studio_doc.h"

typedef struct studio_preview studio_preview;

/* Nothing is made on disk until the first preview. */
studio_preview *studio_preview_create(void);
/* Removes the temporary folder and all in it. */
void studio_preview_destroy(studio_preview *p);

/* Whether the path is one of the routes above. */
bool studio_preview_route(const char *path);
/* The answer to a request for one of them; doc is the open scenario or
 * NULL; lang the request's language, the product's unless the body names
 * one. */
void studio_preview_handle(studio_preview *p, context *ctx, const studio_doc *doc, const studio_request *req,
	lang_id lang, studio_response *resp);

#endif
