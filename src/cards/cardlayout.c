#include "cardlayout.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../base/xmldoc.h"
#include "../text/context.h"

#define LAYOUTS_NS "urn:orbat:layouts:1"
#define LAYOUTS_RULE "layouts"

/* Largest sensible length: a card or margin beyond a metre is a typo. */
#define MAX_LENGTH 1000.0

static bool read_number(const xml_document *doc, const xmlNode *n, const char *attr, double min,
	double max, double *out, diag_sink *sink)
{
	const char *v = xmldoc_attr(n, attr);
	char *end = NULL;
	double d = v ? strtod(v, &end) : 0;
	if (!v || end == v || *end || !(d >= min && d <= max)) {
		int line, col;
		xmldoc_locate(doc, n, attr, &line, &col);
		diag_add(sink, doc->file, line, col, DIAG_ERROR, LAYOUTS_RULE,
			"<%s> needs %s as a number from %g to %g", (const char *)n->name, attr, min, max);
		return false;
	}
	*out = d;
	return true;
}

/* A number attribute of an element, read into the struct at `offset`. */
typedef struct number_attr {
	const char *name;
	double min, max;
	size_t offset;
} number_attr;

/* The numbers of a <sheet> and of <cutter>: name, range, field. */
static const number_attr SHEET[] = {
	{ "bleed", 0, 20, offsetof(sheet_params, bleed) },
	{ "min-bleed", 0, 20, offsetof(sheet_params, min_bleed) },
	{ "edge", 0, 50, offsetof(sheet_params, edge) },
	{ "mark-length", 0.5, 50, offsetof(sheet_params, mark_length) },
	{ "mark-min", 0.5, 50, offsetof(sheet_params, mark_min) },
	{ "mark-offset", 0, 50, offsetof(sheet_params, mark_offset) },
};

static const number_attr CUTTER[] = {
	{ "inset", 0, 50, offsetof(cutter_marks, inset) }, { "square", 1, 50, offsetof(cutter_marks, square) },
	{ "length", 1, 100, offsetof(cutter_marks, length) },
	{ "thickness", 0.05, 5, offsetof(cutter_marks, thickness) },
	{ "clearance", 0, 50, offsetof(cutter_marks, clearance) },
};

/* Every attribute of the table into `base`; false when one is missing or
 * out of range (each reported). */
static bool read_numbers(const xml_document *doc, const xmlNode *n, const number_attr *attrs, size_t count,
	void *base, diag_sink *sink)
{
	bool ok = true;
	for (size_t i = 0; i < count; i++)
		ok &= read_number(doc, n, attrs[i].name, attrs[i].min, attrs[i].max,
			(double *)((char *)base + attrs[i].offset), sink);
	return ok;
}

/* Report `message` at the element when `bad`; returns bad. */
static bool refuse_if(bool bad, const xml_document *doc, const xmlNode *n, diag_sink *sink, const char *message)
{
	if (bad)
		diag_add(sink, doc->file, (int)xmlGetLineNo((xmlNodePtr)n), 0, DIAG_ERROR, LAYOUTS_RULE, "%s", message);
	return bad;
}

static bool read_size(card_layouts *l, size_t *cap, const xml_document *doc, const xmlNode *n, diag_sink *sink)
{
	const char *id = xmldoc_attr(n, "id");
	if (!id || !*id) {
		diag_add(sink, doc->file, (int)xmlGetLineNo((xmlNodePtr)n), 0, DIAG_ERROR, LAYOUTS_RULE,
			"<size> needs an id");
		return false;
	}
	grow_array((void **)&l->sizes, cap, l->size_count + 1, sizeof *l->sizes);
	card_size *s = &l->sizes[l->size_count++];
	memset(s, 0, sizeof *s);
	s->id = xstrdup(id);
	bool ok = read_number(doc, n, "width", 10, MAX_LENGTH, &s->width, sink);
	ok &= read_number(doc, n, "height", 10, MAX_LENGTH, &s->height, sink);
	if (str_eq(xmldoc_attr(n, "default"), "true"))
		l->default_size = l->size_count - 1;
	return ok;
}

/* A <sheet>: an id (a file with one sheet may leave it out: it is then
 * "print-and-play"), and the default one marked default="true" (else the
 * first). */
static bool read_sheet(card_layouts *l, size_t *cap, const xml_document *doc, const xmlNode *n, diag_sink *sink)
{
	const char *id = xmldoc_attr(n, "id");
	grow_array((void **)&l->sheets, cap, l->sheet_count + 1, sizeof *l->sheets);
	sheet_params *s = &l->sheets[l->sheet_count++];
	memset(s, 0, sizeof *s);
	s->id = xstrdup(id && *id ? id : "print-and-play");
	if (str_eq(xmldoc_attr(n, "default"), "true"))
		l->default_sheet = l->sheet_count - 1;
	bool ok = read_numbers(doc, n, SHEET, sizeof SHEET / sizeof *SHEET, s, sink);
	return ok && !refuse_if(s->min_bleed > s->bleed || s->mark_min > s->mark_length, doc, n, sink,
		"<sheet> needs min-bleed <= bleed and mark-min <= mark-length");
}

/* <cutter>: the marks must fit in their squares. */
static bool read_cutter(cutter_marks *c, const xml_document *doc, const xmlNode *n, diag_sink *sink)
{
	bool ok = read_numbers(doc, n, CUTTER, sizeof CUTTER / sizeof *CUTTER, c, sink);
	return ok && !refuse_if(c->square > c->length || c->thickness > c->length, doc, n, sink,
		"<cutter> needs square and thickness no larger than length");
}

void cardlayout_destroy(card_layouts *l)
{
	if (!l)
		return;
	for (size_t i = 0; i < l->size_count; i++)
		free(l->sizes[i].id);
	free(l->sizes);
	for (size_t i = 0; i < l->sheet_count; i++)
		free(l->sheets[i].id);
	free(l->sheets);
	free(l->cmyk_profile);
	free(l);
}

card_layouts *cardlayout_load(const char *path, diag_sink *sink)
{
	xml_document *doc = xmldoc_load_root(path, LAYOUTS_NS, "cards", LAYOUTS_RULE, sink);
	if (!doc)
		return NULL;
	card_layouts *l = xcalloc(1, sizeof *l);
	size_t cap = 0, sheet_cap = 0;
	bool ok = true, have_face = false, have_tts = false, have_ref = false, have_cutter = false;
	for (xmlNodePtr n = xmlDocGetRootElement(doc->doc)->children; n; n = n->next) {
		if (xmldoc_is(n, LAYOUTS_NS, "size")) {
			ok &= read_size(l, &cap, doc, n, sink);
		} else if (xmldoc_is(n, LAYOUTS_NS, "sheet")) {
			ok &= read_sheet(l, &sheet_cap, doc, n, sink);
		} else if (xmldoc_is(n, LAYOUTS_NS, "cutter")) {
			have_cutter = true;
			ok &= read_cutter(&l->cutter, doc, n, sink);
		} else if (xmldoc_is(n, LAYOUTS_NS, "cmyk")) {
			/* Only the CMYK copy needs it (deckcmyk.c says what is missing). */
			const char *profile = xmldoc_attr(n, "profile");
			free(l->cmyk_profile);
			l->cmyk_profile = profile && *profile ? xstrdup(profile) : NULL;
		} else if (xmldoc_is(n, LAYOUTS_NS, "face")) {
			have_face = true;
			ok &= read_number(doc, n, "safe", 0, 30, &l->face_safe, sink);
		} else if (xmldoc_is(n, LAYOUTS_NS, "tts")) {
			have_tts = true;
			double cols = 0, rows = 0;
			ok &= read_number(doc, n, "columns", 1, 100, &cols, sink);
			ok &= read_number(doc, n, "rows", 1, 100, &rows, sink);
			ok &= read_number(doc, n, "dpi", 36, 1200, &l->tts_dpi, sink);
			double side = 0;
			/* Cairo draws no image beyond 32767 pixels a side. */
			ok &= read_number(doc, n, "max-side", 100, 32767, &side, sink);
			l->tts_max_side = (int)side;
			l->tts_columns = (int)cols;
			l->tts_rows = (int)rows;
		} else if (xmldoc_is(n, LAYOUTS_NS, "refcard")) {
			have_ref = true;
			ok &= read_number(doc, n, "margin", 0, 50, &l->refcard_margin, sink);
			ok &= read_number(doc, n, "gap", 0, 50, &l->refcard_gap, sink);
		}
	}
	if (ok && (!l->size_count || !l->sheet_count || !have_face || !have_tts || !have_ref || !have_cutter)) {
		diag_add(sink, path, 0, 0, DIAG_ERROR, LAYOUTS_RULE,
			"the card layouts need <size>, <sheet>, <cutter>, <face>, <tts> and <refcard>");
		ok = false;
	}
	xmldoc_destroy(doc);
	if (!ok) {
		cardlayout_destroy(l);
		return NULL;
	}
	return l;
}

const card_size *cardlayout_size(const card_layouts *l, const char *id)
{
	if (!id)
		return l->size_count ? &l->sizes[l->default_size] : NULL;
	return array_find_id(l->sizes, l->size_count, sizeof *l->sizes, id);
}

/* "a, b, c": the ids of a list of count entries of that size whose first
 * member is the id (array_find_id), for messages. */
static char *join_ids(const void *items, size_t count, size_t size)
{
	const char *base = items;
	char *out = xstrdup("");
	for (size_t i = 0; i < count; i++) {
		const char *const *id = (const char *const *)(const void *)(base + i * size);
		char *next = xasprintf("%s%s%s", out, i ? ", " : "", *id);
		free(out);
		out = next;
	}
	return out;
}

char *cardlayout_size_ids(const card_layouts *l)
{
	return join_ids(l->sizes, l->size_count, sizeof *l->sizes);
}

const sheet_params *cardlayout_sheet(const card_layouts *l, const char *id)
{
	if (!id)
		return l->sheet_count ? &l->sheets[l->default_sheet] : NULL;
	return array_find_id(l->sheets, l->sheet_count, sizeof *l->sheets, id);
}

char *cardlayout_sheet_ids(const card_layouts *l)
{
	return join_ids(l->sheets, l->sheet_count, sizeof *l->sheets);
}

double cardlayout_max_bleed(const card_layouts *l)
{
	double most = 0;
	for (size_t i = 0; i < l->sheet_count; i++)
		if (l->sheets[i].bleed > most)
			most = l->sheets[i].bleed;
	return most;
}

const card_layouts *cardlayout_of(context *c, diag_sink *sink)
{
	CONTEXT_LOAD_ONCE(c, card_layouts, DATADIR_CARD_LAYOUTS, cardlayout_load, sink, cardlayout_destroy);
	return c->card_layouts;
}

const card_layouts *cardlayout_of_or_error(context *c, char **error)
{
	diag_sink sink;
	diag_sink_init(&sink);
	const card_layouts *l = cardlayout_of(c, &sink);
	if (!l) {
		char line[2048] = "cannot load layouts/cards.xml";
		if (sink.count)
			diag_format_one(&sink.items[0], line, sizeof line);
		*error = xstrdup(line);
	}
	diag_sink_finish(&sink);
	return l;
}
