/* The last step of every PDF (src/render/pdfboxes.h): a PDF that cairo
 * draws comes out with the page boxes asked for and on no other page,
 * each dictionary key once, its small objects in compressed object
 * streams, a reproducible /ID, and nothing of the drawing lost; a file it
 * cannot read (cut short, bytes changed, not a PDF) gives an error, never
 * a crash or a half-written file.  Real PDF clients read every product in
 * the print-product suites (qpdf --check, poppler). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo.h>
#include <cmocka.h>
#include <zlib.h>

#include "render/pdfboxes.h"

typedef struct drawn {
	unsigned char *p;
	size_t len, cap;
} drawn;

static cairo_status_t collect(void *closure, const unsigned char *data, unsigned int length)
{
	drawn *d = closure;
	if (d->len + length > d->cap) {
		d->cap = (d->len + length) * 2;
		d->p = realloc(d->p, d->cap);
		if (!d->p)
			return CAIRO_STATUS_NO_MEMORY;
	}
	memcpy(d->p + d->len, data, length);
	d->len += length;
	return CAIRO_STATUS_SUCCESS;
}

/* Three A5 pages as the products draw them: a form painted several times
 * on each (cairo then names it again and again in the page's resources),
 * a line, and a title. */
static drawn draw_pdf(void)
{
	drawn d = { 0 };
	cairo_surface_t *s = cairo_pdf_surface_create_for_stream(collect, &d, 420, 595);
	cairo_pdf_surface_restrict_to_version(s, CAIRO_PDF_VERSION_1_5);
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, "Boxes (test) \\ 50 % «ok»");
	cairo_t *cr = cairo_create(s);
	cairo_rectangle_t extents = { 0, 0, 40, 40 };
	cairo_surface_t *form = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents);
	cairo_t *fc = cairo_create(form);
	cairo_arc(fc, 20, 20, 15, 0, 6.28);
	cairo_fill(fc);
	cairo_destroy(fc);
	for (int page = 0; page < 3; page++) {
		for (int i = 0; i < 4; i++) {
			cairo_save(cr);
			cairo_translate(cr, 50 + 60 * i, 100 + 20 * page);
			cairo_set_source_surface(cr, form, 0, 0);
			cairo_paint(cr);
			cairo_restore(cr);
		}
		cairo_move_to(cr, 50, 300);
		cairo_line_to(cr, 350, 300 + 10 * page);
		cairo_stroke(cr);
		cairo_show_page(cr);
	}
	cairo_surface_destroy(form);
	cairo_destroy(cr);
	cairo_surface_finish(s);
	assert_int_equal(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
	cairo_surface_destroy(s);
	return d;
}

static const pdfbox_page BOXES[3] = {
	{ true, { 28.35, 28.35, 391.65, 566.65 }, { 19.84, 19.84, 400.16, 575.16 } },
	{ false, { 0 }, { 0 } },
	{ true, { 10.5, 12, 409.5, 583 }, { 0, 0, 420, 595 } },
};

static const char *find(const unsigned char *p, size_t len, const char *what)
{
	size_t n = strlen(what);
	for (size_t i = 0; i + n <= len; i++)
		if (memcmp(p + i, what, n) == 0)
			return (const char *)p + i;
	return NULL;
}

static size_t count(const char *text, const char *what)
{
	size_t n = 0;
	for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

/* The objects of every object stream, inflated, one after another. */
static char *object_streams(const unsigned char *pdf, size_t len)
{
	size_t cap = 1 << 20, used = 0;
	char *all = calloc(1, cap);
	assert_non_null(all);
	const unsigned char *p = pdf, *end = pdf + len;
	const char *at;
	while ((at = find(p, (size_t)(end - p), "/Type /ObjStm"))) {
		const char *len_at = strstr(at, "/Length ");
		const char *data = strstr(at, "stream\n");
		assert_non_null(len_at);
		assert_non_null(data);
		data += 7;
		uLongf out = (uLongf)(cap - used - 1);
		assert_int_equal(uncompress((Bytef *)all + used, &out, (const Bytef *)data, strtoul(len_at + 8, NULL, 10)),
			Z_OK);
		used += out;
		p = (const unsigned char *)data;
	}
	return all;
}

static void test_boxes_on_the_pages_asked(void **state)
{
	(void)state;
	drawn d = draw_pdf();
	unsigned char *out = NULL;
	size_t out_len = 0;
	char *error = NULL;
	assert_true(pdfboxes_apply(d.p, d.len, BOXES, 3, &out, &out_len, &error));
	assert_null(error);
	assert_memory_equal(out, "%PDF-1.5", 8);
	assert_true(out_len > 20 && memcmp(out + out_len - 6, "%%EOF\n", 6) == 0);
	assert_non_null(find(out, out_len, "/Type /XRef"));
	assert_non_null(find(out, out_len, "/ID [ <"));
	/* No dictionary is left outside the object streams but the streams'
	 * own, and every page's forms are named once. */
	assert_null(find(out, out_len, "/Type /Page"));
	char *objects = object_streams(out, out_len);
	assert_int_equal(count(objects, "/Type /Page "), 3);
	assert_int_equal(count(objects, "/TrimBox"), 2);
	assert_int_equal(count(objects, "/BleedBox"), 2);
	assert_non_null(strstr(objects, "/TrimBox [ 28.35 28.35 391.65 566.65 ]"));
	assert_non_null(strstr(objects, "/BleedBox [ 19.84 19.84 400.16 575.16 ]"));
	assert_non_null(strstr(objects, "/TrimBox [ 10.5 12 409.5 583 ]"));
	assert_non_null(strstr(objects, "/BleedBox [ 0 0 420 595 ]"));
	for (const char *x = strstr(objects, "/XObject <<"); x; x = strstr(x + 1, "/XObject <<")) {
		const char *close = strstr(x, ">>");
		char first[32] = "";
		sscanf(x + 12, "%31s", first);
		size_t n = 0;
		for (const char *k = strstr(x, first); k && k < close; k = strstr(k + 1, first))
			n++;
		assert_int_equal(n, 1);
	}
	/* The title survives, its escapes as written. */
	assert_non_null(strstr(objects, "/Title"));
	assert_null(strstr(objects, "  "));
	free(objects);

	/* The same drawing, the same bytes. */
	unsigned char *again = NULL;
	size_t again_len = 0;
	assert_true(pdfboxes_apply(d.p, d.len, BOXES, 3, &again, &again_len, &error));
	assert_int_equal(again_len, out_len);
	assert_memory_equal(again, out, out_len);
	free(again);
	free(out);
	free(d.p);
}

static void test_more_boxes_than_pages(void **state)
{
	(void)state;
	drawn d = draw_pdf();
	pdfbox_page four[4] = { BOXES[0], BOXES[1], BOXES[2], BOXES[0] };
	unsigned char *out = (unsigned char *)"untouched";
	size_t out_len = 1;
	char *error = NULL;
	assert_false(pdfboxes_apply(d.p, d.len, four, 4, &out, &out_len, &error));
	assert_null(out);
	assert_int_equal(out_len, 0);
	assert_non_null(strstr(error, "fewer pages"));
	free(error);
	free(d.p);
}

/* One try at a damaged file: done or refused with a reason, never more. */
static void try_damaged(const unsigned char *p, size_t len, size_t *refused)
{
	unsigned char *out = NULL;
	size_t out_len = 0;
	char *error = NULL;
	/* A copy of exactly len bytes, so that a read past it is caught by
	 * the sanitizers and valgrind. */
	unsigned char *copy = malloc(len ? len : 1);
	assert_non_null(copy);
	memcpy(copy, p, len);
	if (pdfboxes_apply(copy, len, BOXES, 3, &out, &out_len, &error)) {
		assert_null(error);
		assert_non_null(out);
		free(out);
	} else {
		assert_null(out);
		assert_non_null(error);
		assert_true(strlen(error) > 10);
		free(error);
		(*refused)++;
	}
	free(copy);
}

static void test_damaged_files(void **state)
{
	(void)state;
	drawn d = draw_pdf();
	size_t refused = 0;
	static const char *const not_pdfs[] = { "", "%PDF-", "%PDF-1.5\n%%EOF\n", "hello, world: no PDF here at all" };
	for (size_t i = 0; i < sizeof not_pdfs / sizeof *not_pdfs; i++)
		try_damaged((const unsigned char *)not_pdfs[i], strlen(not_pdfs[i]), &refused);
	assert_int_equal(refused, 4);
	/* Cut short anywhere: the table at the end is gone or broken. */
	refused = 0;
	size_t cuts = 0;
	for (size_t len = 0; len < d.len; len += 1 + len / 64, cuts++)
		try_damaged(d.p, len, &refused);
	assert_int_equal(refused, cuts);
	/* A byte changed here and there, to each of a few values that matter
	 * to the reader (digits, delimiters, blanks, a NUL). */
	static const unsigned char values[] = { '0', '9', '<', '>', '(', ')', '[', ']', '/', '%', ' ', '\n', 0, 'R' };
	unsigned char *bent = malloc(d.len);
	assert_non_null(bent);
	for (size_t at = 0; at < d.len; at += 7) {
		for (size_t v = 0; v < sizeof values; v++) {
			memcpy(bent, d.p, d.len);
			bent[at] = values[v];
			try_damaged(bent, d.len, &refused);
		}
	}
	free(bent);
	free(d.p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_boxes_on_the_pages_asked),
		cmocka_unit_test(test_more_boxes_than_pages),
		cmocka_unit_test(test_damaged_files),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
