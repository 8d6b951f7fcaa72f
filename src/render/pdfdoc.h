/* One PDF product being written: a cairo PDF surface on a temporary file
 * beside the target, with metadata, page labels and bookmarks, renamed
 * into place only when every page has been drawn without error.  A failed
 * product leaves nothing behind. */
#ifndef ORBAT_PDFDOC_H
#define ORBAT_PDFDOC_H

#include <cairo.h>
#include <stdbool.h>

#define PT_PER_MM (72.0 / 25.4)
#define MM(x) ((x) * PT_PER_MM)

typedef struct pdf_meta {
	const char *title;
	const char *subject;
	const char *keywords;
	const char *language;   /* "en", "nl", "fr" */
} pdf_meta;

typedef struct pdfdoc pdfdoc;

/* Start a document at `path`; first page of the given size in mm.  NULL
 * when the folder is not writable (message in *error, to free). */
pdfdoc *pdfdoc_begin(const char *path, double width_mm, double height_mm,
	const pdf_meta *meta, char **error);
cairo_t *pdfdoc_cairo(pdfdoc *doc);
/* Finish the current page and start the next, of the given size. */
void pdfdoc_next_page(pdfdoc *doc, double width_mm, double height_mm);
/* Name the current page in the viewer's page list ("B3", "Union"). */
void pdfdoc_label_page(pdfdoc *doc, const char *label);
/* A bookmark to the current page; returns its id for children
 * (parent 0 = top level). */
int pdfdoc_bookmark(pdfdoc *doc, int parent, const char *title);
/* Finish: on success the file appears at its path atomically.  `ok` false
 * (the caller found an error while drawing) discards it.  Returns false on
 * any failure, with a message in *error. */
bool pdfdoc_end(pdfdoc *doc, bool ok, char **error);

/* The creation date of every product: SOURCE_DATE_EPOCH when set, else
 * a fixed date, so the same input gives byte-identical files. */
void pdfdoc_date(char buf[32]);

#endif
