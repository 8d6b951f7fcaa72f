/* A CMYK, PDF/X copy of a finished deck for print shops, made by
 * Ghostscript (Debian's ghostscript package, run as `gs`): every colour
 * converted to DeviceCMYK through the CMYK profile layouts/cards.xml names
 * (<cmyk profile>: Ghostscript's own as Debian installs it), which the PDF
 * carries as its output intent.  Ghostscript is optional: only
 * this product needs it. */
#ifndef ORBAT_DECKCMYK_H
#define ORBAT_DECKCMYK_H

#include <stdbool.h>

#include "../text/context.h"

/* Whether `gs` and the CMYK profile the context's card layouts name are
 * installed; false with the reason
 * (free it) naming the missing file and the package to install. */
bool deckcmyk_available(context *c, char **why);

/* Convert the PDF at `in` into `out`, written atomically (base/outdir.h).
 * False with a message (free it). */
bool deckcmyk_convert(context *c, const char *in, const char *out, char **error);

#endif
