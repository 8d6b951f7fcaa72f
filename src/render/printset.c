#include "printset.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../base/util.h"
#include "../cards/cards.h"
#include "../text/fonts.h"
#include "../text/strings.h"
#include "layouts.h"
#include "products.h"
#include "render.h"

struct printer {
	printset_options options;
	font_library *fonts;
	string_table *strings;
	layouts *layouts;
};

printer *printer_create(const printset_options *options, char **error)
{
	*error = NULL;
	diag_sink sink;
	diag_sink_init(&sink);
	printer *p = xcalloc(1, sizeof *p);
	p->options = *options;
	char *fonts_dir = xasprintf("%s/fonts", options->data_dir);
	char *strings_path = xasprintf("%s/i18n", options->data_dir);
	char *layouts_path = xasprintf("%s/layouts/print.xml", options->data_dir);
	p->fonts = fonts_create(fonts_dir, error);
	if (p->fonts)
		p->strings = strings_load(strings_path, &sink);
	if (p->strings)
		p->layouts = layouts_load(layouts_path, &sink);
	if (!*error && (!p->strings || !p->layouts)) {
		char line[2048] = "cannot load the print resources";
		if (sink.count)
			diag_format_one(&sink.items[0], line, sizeof line);
		*error = xstrdup(line);
	}
	if (p->layouts && !layouts_paper(p->layouts, options->paper)) {
		*error = xasprintf("unknown paper size '%s'; layouts/print.xml defines a4 and letter", options->paper);
	}
	free(fonts_dir);
	free(strings_path);
	free(layouts_path);
	diag_sink_finish(&sink);
	if (*error) {
		printer_destroy(p);
		return NULL;
	}
	return p;
}

void printer_destroy(printer *p)
{
	if (!p)
		return;
	fonts_destroy(p->fonts);
	strings_destroy(p->strings);
	layouts_destroy(p->layouts);
	free(p);
}

/* mkdir -p */
static bool make_dirs(const char *path, char **error)
{
	char *copy = xstrdup(path);
	for (char *s = copy + 1; ; s++) {
		if (*s == '/' || *s == '\0') {
			char saved = *s;
			*s = '\0';
			if (mkdir(copy, 0777) != 0 && errno != EEXIST) {
				*error = xasprintf("cannot create the folder %s: %s", copy, strerror(errno));
				free(copy);
				return false;
			}
			*s = saved;
			if (!saved)
				break;
		}
	}
	struct stat sb;
	bool ok = stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
	if (!ok)
		*error = xasprintf("%s is not a folder", path);
	free(copy);
	return ok;
}

typedef bool (*product_fn)(const render_ctx *, const char *, char **);

typedef struct product {
	const char *name;    /* file name without extension */
	product_fn render;
	bool needs_deck;     /* left out for a ruleset without order cards */
} product;

/* The ruleset's deck as players use it: every copy, poker size, backs
 * mirrored for long-edge duplex. */
static bool render_deck(const render_ctx *rc, const char *path, char **error)
{
	deck_options opt = { 0 };
	return cards_render_deck(rc, &opt, path, error);
}

static const product PDF_PRODUCTS[] = {
	{ "map-tiles", render_tiles, false },
	{ "map-overview", render_overview, false },
	{ "map-poster", render_poster, false },
	{ "scenario-sheet", render_sheet, false },
	{ "rosters", render_rosters, false },
	{ "order-cards", render_deck, true },
	{ "reference-card", cards_render_refcard, false },
};

/* Images for building digital modules: one page each. */
static const product IMAGE_PRODUCTS[] = {
	{ "map", render_map_image, false },
	{ "scenario-sheet", render_sheet, false },
};

bool printer_render(printer *p, const scenario *sc, const ruleset *rs, FILE *log, char **error)
{
	*error = NULL;
	render_ctx rc = {
		.fonts = p->fonts,
		.strings = p->strings,
		.layouts = p->layouts,
		.sc = sc,
		.rs = rs,
		.paper = layouts_paper(p->layouts, p->options.paper),
		.cell_size = p->options.cell_size > 0 ? p->options.cell_size : layouts_hex_size(p->layouts, rs->id),
		.format = p->options.format,
		.dpi = p->options.dpi > 0 ? p->options.dpi : 150,
	};
	const product *products = rc.format == DOC_PDF ? PDF_PRODUCTS : IMAGE_PRODUCTS;
	size_t product_count = rc.format == DOC_PDF ? ARRAY_LEN(PDF_PRODUCTS) : ARRAY_LEN(IMAGE_PRODUCTS);
	if (!scenario_grid(sc, rs, &rc.board)) {
		*error = xstrdup("the scenario has no usable board");
		return false;
	}
	for (int lang = 0; lang < LANG_COUNT; lang++) {
		if (!p->options.langs[lang])
			continue;
		rc.lang = (lang_id)lang;
		char *dir = xasprintf("%s/%s/%s", p->options.out_dir, sc->id.text, lang_code(rc.lang));
		if (!make_dirs(dir, error)) {
			free(dir);
			return false;
		}
		for (size_t i = 0; i < product_count; i++) {
			if (products[i].needs_deck && ruleset_deck_size(rs) == 0)
				continue;
			char *path = xasprintf("%s/%s.%s", dir, products[i].name, pdfdoc_extension(rc.format));
			int unknown_before = fonts_unknown_glyphs(p->fonts);
			bool ok = products[i].render(&rc, path, error);
			if (!ok && !*error && fonts_unknown_glyphs(p->fonts) > unknown_before)
				*error = xasprintf("%s: the text \"%s\" needs a character the bundled fonts lack; "
					"nothing was written", path, fonts_first_bad_text(p->fonts));
			else if (!ok && !*error)
				*error = xasprintf("%s could not be written", path);
			if (ok && log && !p->options.quiet)
				fprintf(log, "%s\n", path);
			free(path);
			if (!ok) {
				free(dir);
				return false;
			}
		}
		free(dir);
	}
	return true;
}
