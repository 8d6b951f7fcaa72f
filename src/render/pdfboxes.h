/* The last step of every PDF: cairo writes only a MediaBox, but a print
 * shop trims to the TrimBox and expects art up to the BleedBox.  This
 * module reads the PDF cairo 1.16 has just written (a classic
 * cross-reference table, one level of pages) and writes it anew in one
 * pass: both boxes added to the pages that have a trim, every object but
 * the streams written compactly into compressed object streams (PDF 1.5,
 * with a cross-reference stream), each dictionary key once, and an /ID
 * hashed from the content, so the same input still gives the same bytes.
 *
 * A general PDF library (libqpdf did this before) costs more to load than
 * this pass takes for a whole print set; what it read beyond cairo's
 * output was never needed.  qpdf --check and poppler read every product
 * in the test suites. */
#ifndef ORBAT_PDFBOXES_H
#define ORBAT_PDFBOXES_H

#include <stdbool.h>
#include <stddef.h>

/* One page's boxes in PDF points, in PDF's own coordinates (origin at the
 * bottom-left of the MediaBox).  has_trim false: the page keeps only its
 * MediaBox (a page with no cut, such as a rule sheet). */
typedef struct pdfbox_page {
	bool has_trim;
	double trim[4];     /* llx, lly, urx, ury */
	double bleed[4];
} pdfbox_page;

/* Rewrite `pdf` (len bytes) with the boxes of `pages` (count entries, page
 * 1 first; pages past count keep theirs).  On success *out holds the new
 * file (malloc'd, *out_len bytes).  False with a message in *error (free
 * it) when the PDF cannot be read or written, or when it has fewer pages
 * than boxes were given. */
bool pdfboxes_apply(const unsigned char *pdf, size_t len, const pdfbox_page *pages, size_t count,
	unsigned char **out, size_t *out_len, char **error);

#endif
