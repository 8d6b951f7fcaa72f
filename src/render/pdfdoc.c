#include "pdfdoc.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../base/outdir.h"
#include "../base/util.h"
#include "pdfboxes.h"
#include "svgids.h"

struct pdfdoc {
	doc_format format;
	double dpi;          /* PNG only */
	char *path;
	outfile *out;
	cairo_surface_t *surface;
	cairo_t *cr;
	int page;            /* 1-based number of the page being drawn */
	bool extra_pages;    /* a second page asked of a one-page format */
	/* PDF and PNG are drawn into memory first: the PDF gets its page
	 * boxes, the PNG its resolution, before either reaches the file. */
	unsigned char *buf;
	size_t len, cap;
	double page_width, page_height;  /* mm, of the page being drawn */
	pdfbox_page *boxes;  /* one per page drawn so far */
	size_t box_cap;
};

static cairo_status_t write_chunk(void *closure, const unsigned char *data, unsigned int length)
{
	pdfdoc *doc = closure;
	/* Kept whole and written at the end: a PDF gets its page boxes, a PNG
	 * its resolution, an SVG its ids renumbered (svgids.h).  The file's
	 * write failures are found there, with their cause. */
	grow_array((void **)&doc->buf, &doc->cap, doc->len + length, 1);
	memcpy(doc->buf + doc->len, data, length);
	doc->len += length;
	return CAIRO_STATUS_SUCCESS;
}

void pdfdoc_date(char buf[32])
{
	/* The real date unless the build asks for a fixed one. */
	time_t t = time(NULL);
	const char *env = getenv("SOURCE_DATE_EPOCH");
	long v;
	if (env && parse_int(env, 0, 253402300799L, &v))
		t = (time_t)v;
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(buf, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

const char *pdfdoc_extension(doc_format format)
{
	return format == DOC_SVG ? "svg" : format == DOC_PNG ? "png" : "pdf";
}

static const cairo_user_data_key_t PT_PER_UNIT;

double pdfdoc_pt_per_unit(cairo_surface_t *surface)
{
	const double *pt = cairo_surface_get_user_data(surface, &PT_PER_UNIT);
	return pt ? *pt : 1.0;
}

void pdfdoc_set_pt_per_unit(cairo_surface_t *surface, double pt)
{
	double *v = xmalloc(sizeof *v);
	*v = pt;
	if (cairo_surface_set_user_data(surface, &PT_PER_UNIT, v, free) != CAIRO_STATUS_SUCCESS)
		free(v);
}

pdfdoc *pdfdoc_begin(const char *path, double width_mm, double height_mm,
	const pdf_meta *meta, char **error)
{
	return pdfdoc_begin_as(DOC_PDF, 0, path, width_mm, height_mm, meta, error);
}

pdfdoc *pdfdoc_begin_as(doc_format format, double dpi, const char *path, double width_mm,
	double height_mm, const pdf_meta *meta, char **error)
{
	*error = NULL;
	if (format == DOC_PNG) {
		double px = width_mm / 25.4 * dpi, py = height_mm / 25.4 * dpi;
		if (dpi <= 0 || px > 32767 || py > 32767) {
			*error = xasprintf("%s would be %.0f × %.0f pixels at %.0f dpi; cairo draws at most 32767 a side",
				path, px, py, dpi);
			/* Not the program's fault: the request asks too much (exit 2). */
			outdir_fail(outdir_current());
			return NULL;
		}
	}
	/* Written under a temporary name beside the target, renamed into place
	 * when finished (or when the open output set commits), removed on
	 * failure or interruption: a product is whole or absent. */
	outfile *out = outfile_create(path, error);
	if (!out)
		return NULL;
	pdfdoc *doc = xcalloc(1, sizeof *doc);
	doc->format = format;
	doc->dpi = dpi;
	doc->page_width = width_mm;
	doc->page_height = height_mm;
	doc->path = xstrdup(path);
	doc->out = out;
	if (format == DOC_PNG) {
		int px = (int)ceil(width_mm / 25.4 * dpi), py = (int)ceil(height_mm / 25.4 * dpi);
		doc->surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, px, py);
		doc->cr = cairo_create(doc->surface);
		cairo_set_source_rgb(doc->cr, 1, 1, 1);
		cairo_paint(doc->cr);
		cairo_scale(doc->cr, dpi / 72.0, dpi / 72.0);
		pdfdoc_set_pt_per_unit(doc->surface, 72.0 / dpi);
	} else if (format == DOC_SVG) {
		doc->surface = cairo_svg_surface_create_for_stream(write_chunk, doc, MM(width_mm), MM(height_mm));
		cairo_svg_surface_restrict_to_version(doc->surface, CAIRO_SVG_VERSION_1_1);
		doc->cr = cairo_create(doc->surface);
	} else {
		doc->surface = cairo_pdf_surface_create_for_stream(write_chunk, doc, MM(width_mm), MM(height_mm));
		cairo_pdf_surface_restrict_to_version(doc->surface, CAIRO_PDF_VERSION_1_5);
		char date[32];
		pdfdoc_date(date);
		cairo_pdf_surface_set_metadata(doc->surface, CAIRO_PDF_METADATA_CREATE_DATE, date);
		cairo_pdf_surface_set_metadata(doc->surface, CAIRO_PDF_METADATA_MOD_DATE, date);
		cairo_pdf_surface_set_metadata(doc->surface, CAIRO_PDF_METADATA_CREATOR, "orbat " ORBAT_VERSION);
		if (meta) {
			if (meta->title)
				cairo_pdf_surface_set_metadata(doc->surface, CAIRO_PDF_METADATA_TITLE, meta->title);
			if (meta->subject)
				cairo_pdf_surface_set_metadata(doc->surface, CAIRO_PDF_METADATA_SUBJECT, meta->subject);
			if (meta->keywords)
				cairo_pdf_surface_set_metadata(doc->surface, CAIRO_PDF_METADATA_KEYWORDS, meta->keywords);
		}
		doc->cr = cairo_create(doc->surface);
	}
	doc->page = 1;
	pdfdoc_no_trim(doc);
	return doc;
}

cairo_t *pdfdoc_cairo(pdfdoc *doc)
{
	return doc->cr;
}

void pdfdoc_next_page(pdfdoc *doc, double width_mm, double height_mm)
{
	if (doc->format != DOC_PDF) {
		doc->extra_pages = true;
		return;
	}
	cairo_show_page(doc->cr);
	doc->page++;
	doc->page_width = width_mm;
	doc->page_height = height_mm;
	pdfdoc_no_trim(doc);
	cairo_pdf_surface_set_size(doc->surface, MM(width_mm), MM(height_mm));
}

void pdfdoc_no_trim(pdfdoc *doc)
{
	grow_array((void **)&doc->boxes, &doc->box_cap, (size_t)doc->page, sizeof *doc->boxes);
	memset(&doc->boxes[doc->page - 1], 0, sizeof *doc->boxes);
}

void pdfdoc_set_trim(pdfdoc *doc, double x, double y, double w, double h, double bleed)
{
	pdfbox_page *b = &doc->boxes[doc->page - 1];
	/* PDF counts y up from the bottom of the page, in points. */
	double ph = doc->page_height;
	b->has_trim = true;
	b->trim[0] = MM(x);
	b->trim[1] = MM(ph - y - h);
	b->trim[2] = MM(x + w);
	b->trim[3] = MM(ph - y);
	/* The bleed stops at the paper (the MediaBox) where it would run off. */
	double pw = doc->page_width;
	b->bleed[0] = MM(fmax(0, x - bleed));
	b->bleed[1] = MM(fmax(0, ph - y - h - bleed));
	b->bleed[2] = MM(fmin(pw, x + w + bleed));
	b->bleed[3] = MM(fmin(ph, ph - y + bleed));
}

void pdfdoc_label_page(pdfdoc *doc, const char *label)
{
	if (doc->format == DOC_PDF)
		cairo_pdf_surface_set_page_label(doc->surface, label);
}

int pdfdoc_bookmark(pdfdoc *doc, int parent, const char *title)
{
	if (doc->format != DOC_PDF)
		return 0;
	char link[32];
	snprintf(link, sizeof link, "page=%d", doc->page);
	return cairo_pdf_surface_add_outline(doc->surface, parent, title, link, CAIRO_PDF_OUTLINE_FLAG_OPEN);
}

/* CRC-32 of PNG chunks (ISO 3309, as zlib computes it). */
static unsigned long png_crc(const unsigned char *p, size_t n)
{
	unsigned long c = 0xffffffffUL;
	for (size_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xedb88320UL & (0UL - (c & 1)));
	}
	return c ^ 0xffffffffUL;
}

static void put_be32(unsigned char *p, unsigned long v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/* Write the PNG with a pHYs chunk after IHDR: cairo's writer leaves the
 * resolution out, and without it a viewer or a print dialog guesses
 * (usually 72 or 96 dpi) and prints the map at the wrong size. */
static void write_png_with_dpi(pdfdoc *doc)
{
	/* Signature (8) and the IHDR chunk (4 + 4 + 13 + 4). */
	const size_t after_ihdr = 33;
	if (doc->len < after_ihdr) {
		outfile_write(doc->out, doc->buf, doc->len);
		return;
	}
	unsigned char phys[21];
	unsigned long per_metre = (unsigned long)lround(doc->dpi / 0.0254);
	put_be32(phys, 9);
	memcpy(phys + 4, "pHYs", 4);
	put_be32(phys + 8, per_metre);
	put_be32(phys + 12, per_metre);
	phys[16] = 1;   /* unit: the metre */
	put_be32(phys + 17, png_crc(phys + 4, 13));
	outfile_write(doc->out, doc->buf, after_ihdr);
	outfile_write(doc->out, phys, sizeof phys);
	outfile_write(doc->out, doc->buf + after_ihdr, doc->len - after_ihdr);
}

bool pdfdoc_end(pdfdoc *doc, bool ok, char **error)
{
	*error = NULL;
	cairo_status_t st = cairo_status(doc->cr);
	cairo_destroy(doc->cr);
	if (doc->format == DOC_PNG && st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_write_to_png_stream(doc->surface, write_chunk, doc);
	cairo_surface_finish(doc->surface);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(doc->surface);
	cairo_surface_destroy(doc->surface);
	bool drawn = ok && st == CAIRO_STATUS_SUCCESS && !doc->extra_pages;
	char *post_error = NULL;
	if (drawn && doc->format == DOC_PDF) {
		unsigned char *pdf = NULL;
		size_t pdf_len = 0;
		drawn = pdfboxes_apply(doc->buf, doc->len, doc->boxes, (size_t)doc->page, &pdf, &pdf_len,
			&post_error);
		if (drawn)
			outfile_write(doc->out, pdf, pdf_len);
		free(pdf);
	} else if (drawn && doc->format == DOC_PNG) {
		write_png_with_dpi(doc);
	} else if (drawn && doc->format == DOC_SVG) {
		size_t svg_len = 0;
		char *svg = svgids_renumber((const char *)doc->buf, doc->len, &svg_len);
		outfile_write(doc->out, svg, svg_len);
		free(svg);
	}
	/* A write failure names its cause in the system's words; otherwise
	 * say what went wrong in the drawing. */
	bool good = outfile_finish(doc->out, drawn, error);
	if (!good && ok && !*error)
		*error = post_error ? xasprintf("writing %s failed: %s", doc->path, post_error) :
			xasprintf("writing %s failed: %s", doc->path,
			doc->extra_pages ? "this product has several pages, which only PDF can hold" :
			cairo_status_to_string(st));
	free(post_error);
	free(doc->buf);
	free(doc->boxes);
	free(doc->path);
	free(doc);
	return good;
}
