#include "pdfboxes.h"

#include <qpdf/qpdf-c.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

/* Hundredths of a point (3.5 µm) are far finer than any cut. */
#define BOX_DECIMALS 2

static qpdf_oh new_box(qpdf_data q, const double box[4])
{
	qpdf_oh a = qpdf_oh_new_array(q);
	for (int i = 0; i < 4; i++)
		qpdf_oh_append_item(q, a, qpdf_oh_new_real_from_double(q, box[i], BOX_DECIMALS));
	return a;
}

/* The first error qpdf holds, as a message to free. */
static char *qpdf_message(qpdf_data q, const char *what)
{
	if (qpdf_has_error(q)) {
		qpdf_error e = qpdf_get_error(q);
		return xasprintf("%s: %s", what, qpdf_get_error_full_text(q, e));
	}
	return xasprintf("%s", what);
}

bool pdfboxes_apply(const unsigned char *pdf, size_t len, const pdfbox_page *pages, size_t count,
	unsigned char **out, size_t *out_len, char **error)
{
	*out = NULL;
	*out_len = 0;
	*error = NULL;
	qpdf_data q = qpdf_init();
	/* Errors come back as messages for the caller, never on stderr. */
	qpdf_silence_errors(q);
	qpdf_set_suppress_warnings(q, QPDF_TRUE);
	bool ok = false;
	if (qpdf_read_memory(q, "the drawn PDF", (const char *)pdf, (unsigned long long)len, NULL) & QPDF_ERRORS) {
		*error = qpdf_message(q, "cannot read back the drawn PDF");
		goto done;
	}
	int n = qpdf_get_num_pages(q);
	if (n < 0 || (size_t)n < count) {
		*error = qpdf_message(q, "the drawn PDF has fewer pages than were drawn");
		goto done;
	}
	for (size_t i = 0; i < count; i++) {
		if (!pages[i].has_trim)
			continue;
		qpdf_oh page = qpdf_get_page_n(q, i);
		qpdf_oh_replace_key(q, page, "/TrimBox", new_box(q, pages[i].trim));
		qpdf_oh_replace_key(q, page, "/BleedBox", new_box(q, pages[i].bleed));
	}
	if (qpdf_has_error(q)) {
		*error = qpdf_message(q, "cannot set the page boxes");
		goto done;
	}
	if (qpdf_init_write_memory(q) & QPDF_ERRORS) {
		*error = qpdf_message(q, "cannot write the PDF");
		goto done;
	}
	/* The /ID is a hash of the content, not of the clock: reproducible. */
	qpdf_set_deterministic_ID(q, QPDF_TRUE);
	/* The dictionaries of the pages, fonts and forms packed into compressed
	 * object streams (PDF 1.5, as cairo writes): a tenth off a map. */
	qpdf_set_object_stream_mode(q, qpdf_o_generate);
	if (qpdf_write(q) & QPDF_ERRORS) {
		*error = qpdf_message(q, "cannot write the PDF");
		goto done;
	}
	size_t n_out = qpdf_get_buffer_length(q);
	const unsigned char *buf = qpdf_get_buffer(q);
	if (!buf || !n_out) {
		*error = xasprintf("cannot write the PDF: no output");
		goto done;
	}
	*out = xmalloc(n_out);
	memcpy(*out, buf, n_out);
	*out_len = n_out;
	ok = true;
done:
	qpdf_cleanup(&q);
	return ok;
}
