/* Every text of a scenario file must be drawable with the bundled fonts:
 * the print products show titles, briefings, names and ids, and a
 * character no bundled font has would fail the render.  The check reads
 * the document itself (every text and attribute value), so a text the
 * format gains later is covered too. */
#ifndef ORBAT_CHECK_GLYPHS_H
#define ORBAT_CHECK_GLYPHS_H

#include "../base/diag.h"
#include "../base/xmldoc.h"
#include "../text/fontcover.h"

void check_glyphs(const font_coverage *cover, const xml_document *doc, diag_sink *sink);

#endif
