/* The last step of every PDF: cairo writes only a MediaBox, but a print
 * shop trims to the TrimBox and expects art up to the BleedBox.  This
 * module rewrites the finished PDF with libqpdf, adding both boxes to the
 * pages that have a trim, and gives the document a deterministic /ID so
 * the same input still gives the same bytes. */
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
