#include "layouts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../base/xmldoc.h"
#include "../text/context.h"

#define LAYOUTS_NS "urn:orbat:layouts:1"

static bool read_length(const xmlNode *n, const char *attr, double *out, const char *file, diag_sink *sink)
{
	const char *v = xmldoc_attr(n, attr);
	char *end = NULL;
	double d = v ? strtod(v, &end) : 0;
	if (!v || end == v || *end || d < 0 || d > 10000) {
		diag_add(sink, file, (int)xmlGetLineNo((xmlNodePtr)n), 0, DIAG_ERROR, "layouts",
			"<%s> needs %s as a length in millimetres", (const char *)n->name, attr);
		return false;
	}
	*out = d;
	return true;
}

/* "#RRGGBB" into 0..1 channels. */
static bool read_colour(const xmlNode *n, layouts_mark *m, const char *file, diag_sink *sink)
{
	const char *v = xmldoc_attr(n, "colour");
	unsigned r, g, b;
	if (!v || strlen(v) != 7 || sscanf(v, "#%2x%2x%2x", &r, &g, &b) != 3) {
		diag_add(sink, file, (int)xmlGetLineNo((xmlNodePtr)n), 0, DIAG_ERROR, "layouts",
			"<%s> needs colour as #RRGGBB", (const char *)n->name);
		return false;
	}
	m->r = r / 255.0;
	m->g = g / 255.0;
	m->b = b / 255.0;
	return true;
}

layouts *layouts_load(const char *path, diag_sink *sink)
{
	xml_document *doc = xmldoc_load_root(path, LAYOUTS_NS, "layouts", "layouts", sink);
	if (!doc)
		return NULL;
	layouts *l = xcalloc(1, sizeof *l);
	size_t paper_cap = 0, hex_cap = 0, mark_cap = 0;
	bool ok = true;
	for (xmlNodePtr n = xmlDocGetRootElement(doc->doc)->children; n; n = n->next) {
		if (xmldoc_is(n, LAYOUTS_NS, "paper")) {
			grow_array((void **)&l->papers, &paper_cap, l->paper_count + 1, sizeof *l->papers);
			paper_size *p = &l->papers[l->paper_count++];
			memset(p, 0, sizeof *p);
			const char *id = xmldoc_attr(n, "id");
			p->id = xstrdup(id ? id : "");
			ok &= read_length(n, "width", &p->width, path, sink);
			ok &= read_length(n, "height", &p->height, path, sink);
		} else if (xmldoc_is(n, LAYOUTS_NS, "hex") || xmldoc_is(n, LAYOUTS_NS, "square")) {
			/* A cell size per ruleset: a ruleset plays on one grid, so
			 * both elements feed one list. */
			grow_array((void **)&l->hexes, &hex_cap, l->hex_count + 1, sizeof *l->hexes);
			struct hex_default *h = &l->hexes[l->hex_count++];
			const char *rs = xmldoc_attr(n, "ruleset");
			h->ruleset = xstrdup(rs ? rs : "*");
			h->size = 0;
			ok &= read_length(n, "size", &h->size, path, sink);
		} else if (xmldoc_is(n, LAYOUTS_NS, "tiles")) {
			ok &= read_length(n, "margin", &l->tile_margin, path, sink);
			ok &= read_length(n, "overlap", &l->tile_overlap, path, sink);
			ok &= read_length(n, "footer", &l->tile_footer, path, sink);
			ok &= read_length(n, "edge", &l->tile_edge, path, sink);
			/* A cut mark runs from 1 mm outside the map to the edge band:
			 * the margin must leave it room to be seen. */
			if (ok && l->tile_margin - 1 - l->tile_edge < LAYOUTS_MIN_MARK) {
				diag_add(sink, path, (int)xmlGetLineNo(n), 0, DIAG_ERROR, "layouts",
					"<tiles> margin %g mm leaves no room for cut marks outside the %g mm edge: "
					"it must be at least %g mm", l->tile_margin, l->tile_edge,
					l->tile_edge + 1 + LAYOUTS_MIN_MARK);
				ok = false;
			}
		} else if (xmldoc_is(n, LAYOUTS_NS, "poster")) {
			ok &= read_length(n, "border", &l->poster_border, path, sink);
			ok &= read_length(n, "bleed", &l->poster_bleed, path, sink);
			ok &= read_length(n, "edge", &l->poster_edge, path, sink);
		} else if (xmldoc_is(n, LAYOUTS_NS, "special-marks")) {
			ok &= read_length(n, "size", &l->mark_size, path, sink);
			ok &= read_length(n, "dx", &l->mark_dx, path, sink);
			ok &= read_length(n, "dy", &l->mark_dy, path, sink);
		} else if (xmldoc_is(n, LAYOUTS_NS, "special-mark")) {
			grow_array((void **)&l->marks, &mark_cap, l->mark_count + 1, sizeof *l->marks);
			layouts_mark *m = &l->marks[l->mark_count++];
			const char *kind = xmldoc_attr(n, "kind");
			m->kind = xstrdup(kind ? kind : "");
			ok &= read_colour(n, m, path, sink);
		}
	}
	xmldoc_destroy(doc);
	if (ok && l->paper_count == 0) {
		diag_add(sink, path, 0, 0, DIAG_ERROR, "layouts", "no <paper> sizes are defined");
		ok = false;
	}
	if (ok)
		return l;
	layouts_destroy(l);
	return NULL;
}

void layouts_destroy(layouts *l)
{
	if (l) {
		for (size_t i = 0; i < l->paper_count; i++)
			free(l->papers[i].id);
		for (size_t i = 0; i < l->hex_count; i++)
			free(l->hexes[i].ruleset);
		for (size_t i = 0; i < l->mark_count; i++)
			free(l->marks[i].kind);
		free(l->papers);
		free(l->hexes);
		free(l->marks);
		free(l);
	}
}

const paper_size *layouts_paper(const layouts *l, const char *id)
{
	size_t i = 0;
	while (i < l->paper_count && !str_eq(l->papers[i].id, id))
		i++;
	return i < l->paper_count ? &l->papers[i] : NULL;
}

const layouts_mark *layouts_mark_of(const layouts *l, const char *kind)
{
	for (size_t i = 0; i < l->mark_count; i++)
		if (str_eq(l->marks[i].kind, kind))
			return &l->marks[i];
	return NULL;
}

double layouts_hex_size(const layouts *l, const char *ruleset_id)
{
	double any = 60;
	for (size_t i = 0; i < l->hex_count; i++) {
		if (str_eq(l->hexes[i].ruleset, ruleset_id))
			return l->hexes[i].size;
		if (str_eq(l->hexes[i].ruleset, "*"))
			any = l->hexes[i].size;
	}
	return any;
}

const layouts *layouts_of(context *c, diag_sink *sink)
{
	CONTEXT_LOAD_ONCE(c, print_layouts, DATADIR_PRINT_LAYOUTS, layouts_load, sink, layouts_destroy);
	return c->print_layouts;
}
