/* libFuzzer harness for the last pass over every PDF (src/render/pdfboxes.c),
 * which reads back what cairo wrote.
 *
 * Random bytes rarely look like a PDF, so most inputs damage a real one:
 * a three-page PDF that cairo draws once at start-up, with forms painted
 * several times on a page as the products do.  The first two bytes of an
 * input choose a place in it, the rest are written over it from there; an
 * input whose first byte is '%' is also tried whole, as a PDF of its own.
 * Whatever the bytes, the pass either finishes (a file that starts as a
 * PDF and ends with %%EOF) or refuses with a message, and frees all it
 * took. */
#include <cairo-pdf.h>
#include <cairo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/pdfboxes.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static unsigned char *base;
static size_t base_len, base_cap;

static cairo_status_t collect(void *closure, const unsigned char *bytes, unsigned int length)
{
	(void)closure;
	if (base_len + length > base_cap) {
		base_cap = (base_len + length) * 2;
		base = realloc(base, base_cap);
		if (!base)
			abort();
	}
	memcpy(base + base_len, bytes, length);
	base_len += length;
	return CAIRO_STATUS_SUCCESS;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	cairo_surface_t *s = cairo_pdf_surface_create_for_stream(collect, NULL, 420, 595);
	cairo_pdf_surface_restrict_to_version(s, CAIRO_PDF_VERSION_1_5);
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, "Fuzz (title) \\ 50 %");
	cairo_t *cr = cairo_create(s);
	cairo_rectangle_t extents = { 0, 0, 40, 40 };
	cairo_surface_t *form = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents);
	cairo_t *fc = cairo_create(form);
	cairo_rectangle(fc, 5, 5, 30, 30);
	cairo_fill(fc);
	cairo_destroy(fc);
	for (int page = 0; page < 3; page++) {
		for (int i = 0; i < 3; i++) {
			cairo_set_source_surface(cr, form, 50 + 60 * i, 100 + 30 * page);
			cairo_paint(cr);
		}
		cairo_show_page(cr);
	}
	cairo_surface_destroy(form);
	cairo_destroy(cr);
	cairo_surface_finish(s);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "fuzz_pdfboxes: cairo could not draw the base PDF\n");
		exit(2);
	}
	cairo_surface_destroy(s);
	return 0;
}

static const pdfbox_page BOXES[3] = {
	{ true, { 28.35, 28.35, 391.65, 566.65 }, { 19.84, 19.84, 400.16, 575.16 } },
	{ false, { 0 }, { 0 } },
	{ true, { 10, 10, 410, 585 }, { 0, 0, 420, 595 } },
};

static void finish(const unsigned char *pdf, size_t len)
{
	/* An exact copy, so that a read past the end is caught. */
	unsigned char *copy = malloc(len ? len : 1);
	if (!copy)
		abort();
	memcpy(copy, pdf, len);
	unsigned char *out = NULL;
	size_t out_len = 0;
	char *error = NULL;
	if (pdfboxes_apply(copy, len, BOXES, 3, &out, &out_len, &error)) {
		if (error || !out || out_len < 16 || memcmp(out, "%PDF-", 5) != 0
			|| memcmp(out + out_len - 6, "%%EOF\n", 6) != 0) {
			fprintf(stderr, "fuzz_pdfboxes: a finished PDF that is not whole\n");
			abort();
		}
	} else if (out || !error || !*error) {
		fprintf(stderr, "fuzz_pdfboxes: a refusal without its message\n");
		abort();
	}
	free(out);
	free(error);
	free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size >= 1 && data[0] == '%')
		finish(data, size);
	if (size < 2)
		return 0;
	size_t at = ((size_t)data[0] << 8 | data[1]) * base_len / 65536;
	size_t n = size - 2 < base_len - at ? size - 2 : base_len - at;
	unsigned char *bent = malloc(base_len);
	if (!bent)
		abort();
	memcpy(bent, base, base_len);
	memcpy(bent + at, data + 2, n);
	finish(bent, base_len);
	/* The same bytes put in rather than over: the offsets all move. */
	unsigned char *grown = malloc(base_len + size);
	if (!grown)
		abort();
	memcpy(grown, base, at);
	memcpy(grown + at, data + 2, size - 2);
	memcpy(grown + at + size - 2, base + at, base_len - at);
	finish(grown, base_len + size - 2);
	free(grown);
	free(bent);
	return 0;
}
