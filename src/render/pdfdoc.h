/* One product being written: a cairo surface on a temporary file beside
 * the target, renamed into place only when every page has been drawn
 * without error, so a failed product leaves nothing behind.  PDF carries
 * metadata, page labels, bookmarks and, where a page is cut, its TrimBox
 * and BleedBox (see pdfboxes.h); PNG carries its resolution; SVG and PNG (single page, for
 * people who build VASSAL or Tabletop Simulator modules) do not. */
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

typedef enum { DOC_PDF, DOC_SVG, DOC_PNG } doc_format;

/* File name extension of a format, without the dot. */
const char *pdfdoc_extension(doc_format format);

/* Start a document at `path`; first page of the given size in mm.  NULL
 * when the folder is not writable (message in *error, to free). */
pdfdoc *pdfdoc_begin(const char *path, double width_mm, double height_mm,
	const pdf_meta *meta, char **error);
/* The same in another format; dpi applies to PNG only.  The cairo context
 * draws in points whatever the format. */
pdfdoc *pdfdoc_begin_as(doc_format format, double dpi, const char *path, double width_mm,
	double height_mm, const pdf_meta *meta, char **error);
cairo_t *pdfdoc_cairo(pdfdoc *doc);
/* Finish the current page and start the next, of the given size (PDF
 * only; a second page of an SVG or PNG fails the document). */
void pdfdoc_next_page(pdfdoc *doc, double width_mm, double height_mm);
/* The current page is cut at the rectangle x, y, w × h (mm from the
 * page's top-left corner) and its art runs `bleed` mm beyond the cut:
 * written as the page's TrimBox and BleedBox (PDF only; the bleed stops
 * at the paper's edge).  A page without this call has only a MediaBox. */
void pdfdoc_set_trim(pdfdoc *doc, double x, double y, double w, double h, double bleed);
/* Undo pdfdoc_set_trim for the current page. */
void pdfdoc_no_trim(pdfdoc *doc);
/* Name the current page in the viewer's page list ("B3", "Union"). */
void pdfdoc_label_page(pdfdoc *doc, const char *label);
/* A bookmark to the current page; returns its id for children
 * (parent 0 = top level). */
int pdfdoc_bookmark(pdfdoc *doc, int parent, const char *title);
/* Finish: on success the file appears at its path atomically.  `ok` false
 * (the caller found an error while drawing) discards it.  Returns false on
 * any failure, with a message in *error. */
bool pdfdoc_end(pdfdoc *doc, bool ok, char **error);

/* How many points on the paper one device unit of a surface prints at:
 * 1 for PDF and SVG (they draw in points), 72/dpi for a PNG (pixels), and
 * what a recording was told (pdfdoc_set_pt_per_unit) for a drawing
 * recorded once and placed at some scale.  Unknown surfaces count 1. */
double pdfdoc_pt_per_unit(cairo_surface_t *surface);
void pdfdoc_set_pt_per_unit(cairo_surface_t *surface, double pt);

/* The creation date of every product: SOURCE_DATE_EPOCH when set (the
 * same input then gives byte-identical files), else the real date. */
void pdfdoc_date(char buf[32]);

#endif
