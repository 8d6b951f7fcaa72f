#include "printset.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../base/outdir.h"
#include "../base/util.h"
#include "../cards/cardlayout.h"
#include "../cards/cards.h"
#include "../render/layouts.h"
#include "../render/products.h"
#include "../render/render.h"
#include "../text/fonts.h"
#include "../text/hyphen.h"
#include "../text/strings.h"

struct printer {
	printset_options options;
	font_library *fonts;     /* the context's, as the strings and layouts */
	const string_table *strings;
	const layouts *layouts;
	bool write_failed;       /* the last printer_render failed in the system */
};

void printer_destroy(printer *p)
{
	free(p);
}

bool printset_resources(context *c, diag_sink *sink, char **error)
{
	*error = NULL;
	if (!fonts_of(c, error) || !strings_of(c, sink) || !layouts_of(c, sink))
		return false;
	/* The order cards and the reference card read the card layouts when
	 * they are drawn; reading them here too reports a broken file as a
	 * broken installation before anything is written. */
	return cardlayout_of(c, sink) != NULL;
}

printer *printer_create(const printset_options *options, char **error)
{
	*error = NULL;
	diag_sink sink;
	diag_sink_init(&sink);
	printer *p = xcalloc(1, sizeof *p);
	p->options = *options;
	if (printset_resources(options->ctx, &sink, error)) {
		p->fonts = fonts_of(options->ctx, error);
		p->strings = strings_of(options->ctx, &sink);
		p->layouts = layouts_of(options->ctx, &sink);
		if (!layouts_paper(p->layouts, options->paper))
			*error = xasprintf("unknown paper size '%s'; layouts/print.xml defines a4 and letter",
				options->paper);
	} else if (!*error) {
		*error = diag_data_error(&sink, 0);
	}
	diag_sink_finish(&sink);
	if (*error) {
		printer_destroy(p);
		return NULL;
	}
	return p;
}

typedef bool (*product_fn)(const render_ctx *, const char *, char **);

typedef struct product {
	const char *name;    /* file name without extension */
	product_fn render;
	bool needs_deck;     /* left out for a ruleset without order cards */
} product;

/* The ruleset's deck as players use it: every copy, poker size, backs
 * mirrored for long-edge duplex and moved by the printer's back offset. */
static bool render_deck(const printer *p, const render_ctx *rc, const char *path, char **error)
{
	deck_options opt = { .back_offset = { p->options.back_offset[0], p->options.back_offset[1] } };
	return cards_render_deck(rc, &opt, path, error);
}

static const product PDF_PRODUCTS[] = {
	{ "map-tiles", render_tiles, false },
	{ "map-overview", render_overview, false },
	{ "map-poster", render_poster, false },
	{ "scenario-sheet", render_sheet, false },
	{ "rosters", render_rosters, false },
	{ "order-cards", NULL, true },   /* render_deck */
	{ "reference-card", cards_render_refcard, false },
};

/* Images for building digital modules: one page each. */
static const product IMAGE_PRODUCTS[] = {
	{ "map", render_map_image, false },
	{ "scenario-sheet", render_sheet, false },
};

struct printset_scenario {
	render_ctx rc;           /* all but the language */
	position *pos;
	const product *products;
	size_t product_count;
	lang_id langs[LANG_COUNT];
	size_t lang_count;
};

void printset_scenario_destroy(printset_scenario *ps)
{
	if (ps)
		position_destroy(ps->pos);
	free(ps);
}

printset_scenario *printer_prepare(printer *p, const scenario *sc, const ruleset *rs, char **error)
{
	*error = NULL;
	printset_scenario *ps = xcalloc(1, sizeof *ps);
	ps->rc = (render_ctx){
		.fonts = p->fonts,
		.strings = p->strings,
		.layouts = p->layouts,
		.ctx = p->options.ctx,
		.sc = sc,
		.rs = rs,
		.paper = layouts_paper(p->layouts, p->options.paper),
		.cell_size = p->options.cell_size > 0 ? p->options.cell_size : layouts_hex_size(p->layouts, rs->id),
		.format = p->options.format,
		.dpi = p->options.dpi > 0 ? p->options.dpi : 150,
		.panel_width = p->options.panel_width,
		.panel_height = p->options.panel_height,
		.setup = p->options.setup,
	};
	bool pdf = ps->rc.format == DOC_PDF;
	ps->products = pdf ? PDF_PRODUCTS : IMAGE_PRODUCTS;
	ps->product_count = pdf ? ARRAY_LEN(PDF_PRODUCTS) : ARRAY_LEN(IMAGE_PRODUCTS);
	for (int lang = 0; lang < LANG_COUNT; lang++)
		if (p->options.langs[lang])
			ps->langs[ps->lang_count++] = (lang_id)lang;
	if (!scenario_grid(sc, rs, &ps->rc.board)) {
		*error = xstrdup("the scenario has no usable board");
		free(ps);
		return NULL;
	}
	/* What stands where, built once for every product and language. */
	ps->pos = position_create(sc, rs);
	ps->rc.pos = ps->pos;
	return ps;
}

/* The bytes malloc has handed out and not had back; where the C library
 * cannot tell, as good as unbounded: every product then starts afresh.
 * An allocator in front of glibc's (a sanitizer's) leaves its figures at
 * 0, which a program with its fonts loaded never has. */
static size_t heap_in_use(void)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
	struct mallinfo2 mi = mallinfo2();
	size_t used = mi.uordblks + mi.hblkhd;
	return used ? used : SIZE_MAX;
#else
	return SIZE_MAX;
#endif
}

size_t printset_part_count(const printset_scenario *ps)
{
	return ps->lang_count * ps->product_count;
}

bool printset_part_is_language_start(const printset_scenario *ps, size_t part)
{
	return part % ps->product_count == 0;
}

bool printer_render_part(printer *p, const printset_scenario *ps, size_t part, char **error)
{
	*error = NULL;
	p->write_failed = false;
	render_ctx rc = ps->rc;
	rc.lang = ps->langs[part / ps->product_count];
	/* What the products before made is kept while it is small: the fonts
	 * at the sizes they asked for and the texts they laid out (the
	 * poster's labels are the map tiles').  Loading them anew for every
	 * product was an eighth of a print set's work.  Past the bound they
	 * go, and the hyphenation dictionaries of other languages always do:
	 * a process holds some 12 MiB of heap and then some at most, where
	 * keeping it all over many scenarios would grow without end. */
	if (heap_in_use() > (p->options.keep_bytes ? p->options.keep_bytes : PRINTSET_KEEP_BYTES))
		fonts_forget(p->fonts);
	hyphen_keep_only(rc.lang);
	const product *pr = &ps->products[part % ps->product_count];
	outdir *out = outdir_current();
	bool failed_before = outdir_write_failed(out);
	char *dir = xasprintf("%s/%s/%s", p->options.out_dir, rc.sc->id.text, lang_code(rc.lang));
	bool ok = outdir_make_dirs(out, dir, error);
	if (ok && !(pr->needs_deck && ruleset_deck_size(rc.rs) == 0)) {
		char *path = xasprintf("%s/%s.%s", dir, pr->name, pdfdoc_extension(rc.format));
		int unknown_before = fonts_unknown_glyphs(p->fonts);
		ok = pr->render ? pr->render(&rc, path, error) : render_deck(p, &rc, path, error);
		if (!ok && !*error && fonts_unknown_glyphs(p->fonts) > unknown_before)
			*error = xasprintf("%s: the text \"%s\" needs a character the bundled fonts lack; "
				"nothing was written", path, fonts_first_bad_text(p->fonts));
		else if (!ok && !*error)
			*error = xasprintf("%s could not be written", path);
		free(path);
	}
	free(dir);
	/* A failure the folder or the disk caused (a set that failed before
	 * this part failed the same way). */
	p->write_failed = !ok && (outdir_write_failed(out) || failed_before);
	return ok;
}

bool printer_commit(const printer *p, const printset_scenario *ps, FILE *log, char **error)
{
	char *folder = xasprintf("%s/%s", p->options.out_dir, ps->rc.sc->id.text);
	bool ok = outdir_commit_folder(outdir_current(), folder, log, error);
	free(folder);
	return ok;
}

bool printer_render(printer *p, const scenario *sc, const ruleset *rs, FILE *log, char **error)
{
	*error = NULL;
	p->write_failed = false;
	printset_scenario *ps = printer_prepare(p, sc, rs, error);
	if (!ps)
		return false;
	/* The scenario's whole print set is one output set: it appears when
	 * every product of every language is written, and a failure leaves the
	 * folders as they were (earlier files untouched, no new empty folder). */
	outdir *out = outdir_open();
	bool ok = true;
	for (size_t part = 0; ok && part < printset_part_count(ps); part++)
		ok = printer_render_part(p, ps, part, error);
	if (ok)
		ok = printer_commit(p, ps, p->options.quiet ? NULL : log, error);
	p->write_failed = outdir_write_failed(out);
	outdir_close(out);
	printset_scenario_destroy(ps);
	return ok;
}

/* A panel smaller than this leaves no room for a map between the tile
 * margins, footer and overlap; larger than a PDF page cannot be written. */
#define PANEL_MIN_MM 200.0
#define PANEL_MAX_MM 5000.0

bool printset_panel_size(const char *text, double *width, double *height, char **error)
{
	/* The ISO sizes a print shop's roll or a plotter takes. */
	static const struct { const char *id; double w, h; } named[] = {
		{ "a0", 841, 1189 },
		{ "a1", 594, 841 },
		{ "a2", 420, 594 },
	};
	*error = NULL;
	for (size_t i = 0; i < ARRAY_LEN(named); i++) {
		if (str_eq(text, named[i].id)) {
			*width = named[i].w;
			*height = named[i].h;
			return true;
		}
	}
	char *end = NULL;
	double w = strtod(text, &end), h = 0;
	bool ok = end != text && (*end == 'x' || *end == 'X');
	if (ok) {
		const char *rest = end + 1;
		h = strtod(rest, &end);
		ok = end != rest && !*end;
	}
	if (!ok || !(w >= PANEL_MIN_MM && w <= PANEL_MAX_MM && h >= PANEL_MIN_MM && h <= PANEL_MAX_MM)) {
		*error = xasprintf("--poster-panel takes a0, a1, a2 or WIDTHxHEIGHT in millimetres, each from %.0f to %.0f "
			"(for example 900x1200), not '%s'", PANEL_MIN_MM, PANEL_MAX_MM, text);
		return false;
	}
	*width = w;
	*height = h;
	return true;
}

layoutcache_stats printer_text_stats(const printer *p)
{
	return fonts_cache_stats(p->fonts);
}

bool printer_write_failed(const printer *p)
{
	return p->write_failed;
}
