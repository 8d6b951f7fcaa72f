#include "studio_preview.h"

#include <cairo.h>
#include <dlfcn.h>
#include <jansson.h>
#include <math.h>
#include <poppler.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/outtree.h"
#include "../base/util.h"
#include "../print/printset.h"

/* The products a preview offers: those an author checks while making a
 * scenario.  The names are printset's file names. */
static const char *const PRODUCTS[] = { "scenario-sheet", "map-overview", "map-tiles" };
static const char *const PAPERS[] = { "a4", "letter" };

/* The page images: screen resolution, and no side longer than this, so
 * that one image stays a few megabytes while it is drawn. */
#define PREVIEW_DPI 96.0
#define PREVIEW_MAX_PIXELS 1600.0
/* A PDF larger than this is not sent (the tiles of the largest bundled
 * scenario are a fraction of it). */
#define PREVIEW_PDF_MAX (64u * 1024u * 1024u)

struct studio_preview {
	char *dir;               /* the private temporary folder, or NULL */
	char *pdf;               /* the preview's PDF in it, or NULL */
	unsigned long serial;    /* previews made so far */
	/* What the PDF shows. */
	char *file;              /* the scenario's file name in the page */
	char *download;          /* the name offered for the PDF */
	const char *product, *paper;
	lang_id lang;
	unsigned long generation;
	unsigned long long digest; /* of the scenario's bytes it was made from */
	json_t *sizes;           /* [[w, h], ...] in points */
};

/* poppler-glib is opened when the first preview is read, not linked: it
 * and the libraries it pulls in would otherwise be loaded, some megabytes
 * of them, by every orbat command, whose start-up and memory ceiling are
 * measured.  Its headers give the types; these are the calls used.  It is
 * never closed: it registers GObject types for the life of the process. */
typedef struct poppler_calls {
	PopplerDocument *(*document_new_from_file)(const char *uri, const char *password, GError **error);
	int (*document_get_n_pages)(PopplerDocument *document);
	PopplerPage *(*document_get_page)(PopplerDocument *document, int index);
	void (*page_get_size)(PopplerPage *page, double *width, double *height);
	void (*page_render)(PopplerPage *page, cairo_t *cairo);
} poppler_calls;

#define POPPLER_LIBRARY "libpoppler-glib.so.8"

/* The calls, or NULL with a message (free it) when the library is not
 * installed (Debian: libpoppler-glib8). */
static const poppler_calls *poppler_load(char **error)
{
	static poppler_calls calls;
	static bool loaded;
	if (loaded)
		return &calls;
	void *lib = dlopen(POPPLER_LIBRARY, RTLD_NOW | RTLD_LOCAL);
	if (lib) {
		/* POSIX: a function pointer is read through the object pointer
		 * dlsym returns (the cast ISO C leaves undefined). */
		*(void **)&calls.document_new_from_file = dlsym(lib, "poppler_document_new_from_file");
		*(void **)&calls.document_get_n_pages = dlsym(lib, "poppler_document_get_n_pages");
		*(void **)&calls.document_get_page = dlsym(lib, "poppler_document_get_page");
		*(void **)&calls.page_get_size = dlsym(lib, "poppler_page_get_size");
		*(void **)&calls.page_render = dlsym(lib, "poppler_page_render");
		loaded = calls.document_new_from_file && calls.document_get_n_pages && calls.document_get_page
			&& calls.page_get_size && calls.page_render;
	}
	if (!loaded)
		*error = xasprintf("the preview's pages cannot be drawn: %s is missing (install libpoppler-glib8)",
			POPPLER_LIBRARY);
	return loaded ? &calls : NULL;
}

studio_preview *studio_preview_create(void)
{
	return xcalloc(1, sizeof(studio_preview));
}

/* The preview made last goes, its PDF with it. */
static void forget(studio_preview *p)
{
	if (p->pdf)
		unlink(p->pdf);
	free(p->pdf);
	free(p->file);
	free(p->download);
	json_decref(p->sizes);
	p->pdf = p->file = p->download = NULL;
	p->sizes = NULL;
}

void studio_preview_destroy(studio_preview *p)
{
	if (!p)
		return;
	forget(p);
	if (p->dir)
		outtree_remove(p->dir);
	free(p->dir);
	free(p);
}

bool studio_preview_route(const char *path)
{
	return strcmp(path, "/api/preview") == 0 || strcmp(path, "/api/preview/page") == 0
		|| strcmp(path, "/api/preview.pdf") == 0;
}

static const char *one_of(const char *const *names, size_t count, const char *name)
{
	for (size_t i = 0; name && i < count; i++)
		if (strcmp(names[i], name) == 0)
			return names[i];
	return NULL;
}

static json_t *facts(const studio_preview *p, const studio_doc *doc)
{
	bool current = doc && strcmp(doc->name, p->file) == 0 && studio_doc_digest(doc) == p->digest;
	return json_pack("{s:s, s:s, s:s, s:s, s:I, s:I, s:I, s:O, s:b}", "file", p->file, "product", p->product,
		"lang", lang_code(p->lang), "paper", p->paper, "generation", (json_int_t)p->generation, "serial",
		(json_int_t)p->serial, "pages", (json_int_t)json_array_size(p->sizes), "sizes", p->sizes, "current",
		current);
}

/* The PDF's pages and their sizes, read by poppler; NULL with a message
 * (free it) when poppler cannot read it. */
static PopplerDocument *pdf_open(const poppler_calls *pc, const char *path, char **error)
{
	GError *gerror = NULL;
	char *uri = g_filename_to_uri(path, NULL, &gerror);
	PopplerDocument *pdf = uri ? pc->document_new_from_file(uri, NULL, &gerror) : NULL;
	g_free(uri);
	if (!pdf)
		*error = xasprintf("the preview cannot be read: %s", gerror ? gerror->message : "unknown error");
	if (gerror)
		g_error_free(gerror);
	return pdf;
}

/* The name the PDF is offered under: the scenario's id, the product, the
 * language and the paper, of plain characters only. */
static char *download_name(const scenario *sc, const char *product, lang_id lang, const char *paper)
{
	char *name = xasprintf("%s-%s-%s-%s.pdf", sc->id.text ? sc->id.text : "scenario", product, lang_code(lang),
		paper);
	for (char *c = name; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '-'
			|| *c == '.' || *c == '_'))
			*c = '_';
	return name;
}

/* Why the open scenario cannot be printed now, or NULL. */
static const char *unprintable(const studio_doc *doc)
{
	if (!doc)
		return "no scenario is open";
	if (doc->status != VALIDATE_OK || !doc->rs)
		return "the scenario has errors: correct them (see the diagnostics) to preview its print";
	if (!doc->board_ok)
		return "the scenario has no board that can be drawn";
	return NULL;
}

/* Make the product into a fresh folder of the temporary one, then keep
 * its PDF alone as the preview.  False with a message (free it). */
static bool make(studio_preview *p, context *ctx, const studio_doc *doc, const char *product, lang_id lang,
	const char *paper, char **error)
{
	*error = NULL;
	if (!p->dir && !(p->dir = outtree_private_folder("orbat-preview"))) {
		*error = xstrdup("no temporary folder can be made for the preview");
		return false;
	}
	forget(p);
	p->serial++;
	char *run = xasprintf("%s/run-%lu", p->dir, p->serial);
	const char *const products[] = { product, NULL };
	bool ok = printset_make(ctx, doc->sc, doc->rs, products, lang, paper, run, error);
	if (ok) {
		char *made = xasprintf("%s/%s/%s/%s.pdf", run, doc->sc->id.text, lang_code(lang), product);
		p->pdf = xasprintf("%s/preview-%lu.pdf", p->dir, p->serial);
		if (rename(made, p->pdf) != 0) {
			*error = xstrdup("the print code wrote no PDF for the preview");
			ok = false;
		}
		free(made);
	}
	outtree_remove(run);
	free(run);
	const poppler_calls *pc = ok ? poppler_load(error) : NULL;
	PopplerDocument *pdf = pc ? pdf_open(pc, p->pdf, error) : NULL;
	if (!pdf) {
		forget(p);
		return false;
	}
	p->sizes = json_array();
	for (int i = 0, n = pc->document_get_n_pages(pdf); i < n; i++) {
		PopplerPage *page = pc->document_get_page(pdf, i);
		double w = 0, h = 0;
		if (page)
			pc->page_get_size(page, &w, &h);
		json_array_append_new(p->sizes, json_pack("[f, f]", w, h));
		if (page)
			g_object_unref(page);
	}
	g_object_unref(pdf);
	p->file = xstrdup(doc->name);
	p->download = download_name(doc->sc, product, lang, paper);
	p->product = product;
	p->paper = paper;
	p->lang = lang;
	p->generation = scenario_doc_generation(doc->edit);
	p->digest = studio_doc_digest(doc);
	return true;
}

static void post_preview(studio_preview *p, context *ctx, const studio_doc *doc, const studio_request *req,
	lang_id lang, studio_response *resp)
{
	static const char *usage = "expected {\"product\": \"scenario-sheet\" | \"map-overview\" | \"map-tiles\", "
				   "\"lang\": \"en\" | \"nl\" | \"fr\", \"paper\": \"a4\" | \"letter\"}";
	json_error_t jerr;
	json_t *body = json_loadb(req->body ? req->body : "", req->body_size, JSON_REJECT_DUPLICATES, &jerr);
	const json_t *lang_value = json_object_get(body, "lang");
	const char *product = one_of(PRODUCTS, ARRAY_LEN(PRODUCTS), json_string_value(json_object_get(body, "product")));
	const char *paper = one_of(PAPERS, ARRAY_LEN(PAPERS), json_string_value(json_object_get(body, "paper")));
	const char *why = NULL;
	char *error = NULL;
	if (!json_is_object(body) || !product || !paper)
		studio_response_error(resp, 400, usage);
	else if (lang_value && !(json_is_string(lang_value) && lang_parse(json_string_value(lang_value), &lang)))
		studio_response_error(resp, 400, "lang must be en, nl or fr");
	else if ((why = unprintable(doc)))
		studio_response_error(resp, doc ? 422 : 409, why);
	else if (!make(p, ctx, doc, product, lang, paper, &error))
		studio_response_error(resp, 422, error);
	else
		studio_response_json(resp, 200, facts(p, doc));
	free(error);
	json_decref(body);
}

static cairo_status_t png_write(void *closure, const unsigned char *data, unsigned int length)
{
	bytes_put(closure, data, length);
	return CAIRO_STATUS_SUCCESS;
}

/* Page n (from 1) of the PDF drawn on white at the preview's resolution,
 * as PNG bytes, or false with a message (free it). */
static bool page_png(const char *path, long n, byte_buf *png, char **error)
{
	const poppler_calls *pc = poppler_load(error);
	PopplerDocument *pdf = pc ? pdf_open(pc, path, error) : NULL;
	PopplerPage *page = pdf && n <= pc->document_get_n_pages(pdf) ? pc->document_get_page(pdf, (int)n - 1) : NULL;
	if (pdf && !page)
		*error = xstrdup("the preview has no such page");
	if (!page) {
		if (pdf)
			g_object_unref(pdf);
		return false;
	}
	double w, h;
	pc->page_get_size(page, &w, &h);
	double scale = PREVIEW_DPI / 72.0;
	double longest = (w > h ? w : h) * scale;
	if (longest > PREVIEW_MAX_PIXELS)
		scale *= PREVIEW_MAX_PIXELS / longest;
	int width = (int)ceil(w * scale), height = (int)ceil(h * scale);
	cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width > 0 ? width : 1,
		height > 0 ? height : 1);
	cairo_t *cr = cairo_create(surface);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_scale(cr, scale, scale);
	pc->page_render(page, cr);
	cairo_destroy(cr);
	bool ok = cairo_surface_write_to_png_stream(surface, png_write, png) == CAIRO_STATUS_SUCCESS;
	cairo_surface_destroy(surface);
	g_object_unref(page);
	g_object_unref(pdf);
	if (!ok)
		*error = xstrdup("the page image cannot be made");
	return ok;
}

static void get_page(studio_preview *p, const studio_request *req, studio_response *resp)
{
	const char *n_text = studio_request_arg(req, "n");
	long n = 0;
	size_t pages = json_array_size(p->sizes);
	if (!n_text || !parse_int(n_text, 1, 100000, &n)) {
		studio_response_error(resp, 400, "n must be the number of a page of the preview, from 1");
		return;
	}
	if ((size_t)n > pages) {
		studio_response_error(resp, 404, "the preview has no such page");
		return;
	}
	byte_buf png = { 0 };
	char *error = NULL;
	if (page_png(p->pdf, n, &png, &error)) {
		resp->status = 200;
		resp->content_type = "image/png";
		resp->body = (char *)png.p;
		resp->body_size = png.len;
	} else {
		free(png.p);
		studio_response_error(resp, 500, error);
	}
	free(error);
}

static void get_pdf(studio_preview *p, studio_response *resp)
{
	FILE *f = fopen(p->pdf, "rb");
	byte_buf b = { 0 };
	char chunk[65536];
	size_t got;
	while (f && (got = fread(chunk, 1, sizeof chunk, f)) > 0 && b.len <= PREVIEW_PDF_MAX)
		bytes_put(&b, chunk, got);
	bool ok = f && !ferror(f) && b.len <= PREVIEW_PDF_MAX;
	if (f)
		fclose(f);
	if (!ok) {
		free(b.p);
		studio_response_error(resp, 500, "the preview's PDF cannot be read");
		return;
	}
	resp->status = 200;
	resp->content_type = "application/pdf";
	resp->body = (char *)b.p;
	resp->body_size = b.len;
	resp->disposition = xasprintf("inline; filename=\"%s\"", p->download);
}

void studio_preview_handle(studio_preview *p, context *ctx, const studio_doc *doc, const studio_request *req,
	lang_id lang, studio_response *resp)
{
	bool post = strcmp(req->method, "POST") == 0;
	if (post && strcmp(req->path, "/api/preview") == 0)
		post_preview(p, ctx, doc, req, lang, resp);
	else if (post)
		studio_response_error(resp, 405, "only GET");
	else if (!p->pdf)
		studio_response_error(resp, 404, "no preview has been made");
	else if (strcmp(req->path, "/api/preview") == 0)
		studio_response_json(resp, 200, facts(p, doc));
	else if (strcmp(req->path, "/api/preview/page") == 0)
		get_page(p, req, resp);
	else
		get_pdf(p, resp);
}
