#include "layoutcache.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "fonts.h"

/* One context per kind of surface and language: a handful in a process.
 * Past this many, layouts are made without keeping them. */
#define MAX_CONTEXTS 24

/* Rough cost of a kept layout beyond its text: the object, its lines and
 * runs, and per byte of text its glyphs and attributes. */
#define ENTRY_OVERHEAD 1024
#define BYTES_PER_TEXT_BYTE 48

typedef struct cache_context {
	cairo_surface_type_t surface;
	lang_id lang;
	PangoContext *context;
} cache_context;

/* What tells two layouts apart, besides the context's own settings. */
typedef struct layout_key {
	PangoContext *context;
	PangoFontDescription *font;   /* owned by an entry, borrowed by a lookup */
	int width, wrap, align;
	char *text;                   /* likewise */
	guint hash;
} layout_key;

typedef struct cache_entry {
	layout_key key;               /* first: the table's key is the entry */
	PangoLayout *layout;
	int natural;                  /* a one-line entry's width, Pango units */
	size_t bytes;
	GList link;            /* in the recency queue; data is the entry */
} cache_entry;

struct layout_cache {
	PangoFontMap *map;
	cache_context contexts[MAX_CONTEXTS];
	size_t context_count;
	GHashTable *entries;   /* key -> cache_entry, owns both */
	GQueue recency;        /* least recently used at the head */
	size_t bytes, max_bytes;
	layoutcache_stats stats;
};

static void entry_free(gpointer p)
{
	cache_entry *e = p;
	g_object_unref(e->layout);
	pango_font_description_free(e->key.font);
	free(e->key.text);
	free(e);
}

static guint key_hash(gconstpointer p)
{
	return ((const layout_key *)p)->hash;
}

static gboolean key_equal(gconstpointer pa, gconstpointer pb)
{
	const layout_key *a = pa, *b = pb;
	return a->hash == b->hash && a->context == b->context && a->width == b->width && a->wrap == b->wrap &&
		a->align == b->align && strcmp(a->text, b->text) == 0 && pango_font_description_equal(a->font, b->font);
}

layout_cache *layoutcache_create(PangoFontMap *map, size_t max_bytes)
{
	layout_cache *c = xcalloc(1, sizeof *c);
	c->map = g_object_ref(map);
	c->max_bytes = max_bytes ? max_bytes : LAYOUTCACHE_DEFAULT_BYTES;
	/* The key is part of its entry, freed with it. */
	c->entries = g_hash_table_new_full(key_hash, key_equal, NULL, entry_free);
	g_queue_init(&c->recency);
	return c;
}

void layoutcache_destroy(layout_cache *c)
{
	if (!c)
		return;
	g_hash_table_destroy(c->entries);
	for (size_t i = 0; i < c->context_count; i++)
		g_object_unref(c->contexts[i].context);
	g_object_unref(c->map);
	free(c);
}

void layoutcache_clear(layout_cache *c, PangoFontMap *map)
{
	/* Each entry is freed with its queue link inside it. */
	g_hash_table_remove_all(c->entries);
	g_queue_init(&c->recency);
	c->bytes = 0;
	for (size_t i = 0; i < c->context_count; i++)
		g_object_unref(c->contexts[i].context);
	c->context_count = 0;
	c->stats.contexts = 0;
	g_object_ref(map);
	g_object_unref(c->map);
	c->map = map;
}

/* A context with the settings of print, for drawing on cr's kind of
 * surface, in user space (fonts_user_space_context). */
static PangoContext *new_context(PangoFontMap *map, cairo_t *cr, lang_id lang)
{
	PangoContext *ctx = fonts_print_context(map);
	fonts_user_space_context(cr, ctx);
	pango_context_set_language(ctx, fonts_language(lang));
	return ctx;
}

/* The kept context for cr's kind of surface and lang; NULL when no more
 * may be kept. */
static cache_context *context_for(layout_cache *c, cairo_t *cr, lang_id lang)
{
	cairo_surface_type_t surface = cairo_surface_get_type(cairo_get_target(cr));
	for (size_t i = 0; i < c->context_count; i++) {
		cache_context *k = &c->contexts[i];
		if (k->surface == surface && k->lang == lang)
			return k;
	}
	if (c->context_count == MAX_CONTEXTS)
		return NULL;
	cache_context *k = &c->contexts[c->context_count++];
	*k = (cache_context){ surface, lang, new_context(c->map, cr, lang) };
	c->stats.contexts = c->context_count;
	return k;
}

static PangoLayout *make_layout(PangoContext *ctx, const text_spec *spec)
{
	PangoLayout *layout = pango_layout_new(ctx);
	pango_layout_set_font_description(layout, spec->font);
	/* The language as an attribute too, as fonts_layout sets it. */
	PangoAttrList *attrs = pango_attr_list_new();
	pango_attr_list_insert(attrs, pango_attr_language_new(fonts_language(spec->lang)));
	pango_layout_set_attributes(layout, attrs);
	pango_attr_list_unref(attrs);
	if (spec->width >= 0) {
		pango_layout_set_width(layout, spec->width);
		pango_layout_set_wrap(layout, spec->wrap);
	}
	pango_layout_set_alignment(layout, spec->align);
	pango_layout_set_text(layout, spec->text, -1);
	return layout;
}

/* A key borrowing spec's font and text: copy them before keeping it. */
static layout_key make_key(const cache_context *k, const text_spec *spec)
{
	int wrap = spec->width >= 0 ? (int)spec->wrap : -1;
	layout_key key = { k->context, (PangoFontDescription *)spec->font, spec->width, wrap, (int)spec->align,
		(char *)spec->text, 0 };
	guint h = g_str_hash(spec->text);
	h = h * 31u + pango_font_description_hash(spec->font);
	h = h * 31u + (guint)spec->width;
	h = h * 31u + (guint)(wrap + 2) * 7u + (guint)spec->align;
	h = h * 31u + g_direct_hash(k->context);
	key.hash = h;
	return key;
}

static void evict(layout_cache *c)
{
	while (c->bytes > c->max_bytes && !g_queue_is_empty(&c->recency)) {
		cache_entry *e = c->recency.head->data;
		g_queue_unlink(&c->recency, &e->link);
		c->bytes -= e->bytes;
		c->stats.evictions++;
		g_hash_table_remove(c->entries, &e->key);
	}
}

/* Keep layout under key (its font and text copied), newest. */
static cache_entry *keep(layout_cache *c, const layout_key *key, const text_spec *spec, PangoLayout *layout)
{
	cache_entry *e = xcalloc(1, sizeof *e);
	e->key = *key;
	e->key.font = pango_font_description_copy(spec->font);
	e->key.text = xstrdup(spec->text);
	e->layout = g_object_ref(layout);
	e->bytes = ENTRY_OVERHEAD + BYTES_PER_TEXT_BYTE * strlen(spec->text);
	e->link.data = e;
	g_hash_table_insert(c->entries, &e->key, e);
	g_queue_push_tail_link(&c->recency, &e->link);
	c->bytes += e->bytes;
	return e;
}

static PangoLayout *hit(layout_cache *c, cache_entry *e)
{
	c->stats.hits++;
	g_queue_unlink(&c->recency, &e->link);
	g_queue_push_tail_link(&c->recency, &e->link);
	return g_object_ref(e->layout);
}

/* The key under which a left-aligned text that came out on one line is
 * kept for every width: a wrapped, left-aligned layout whose text fits
 * its width on one line is that line whatever the width (the sheet asks
 * for its tables' names at eight widths, one per trial scale). */
static layout_key one_line_key(const cache_context *k, const text_spec *spec)
{
	text_spec any = *spec;
	any.width = -2 - (int)spec->wrap;   /* no real width is negative but -1 */
	return make_key(k, &any);
}

PangoLayout *layoutcache_get(layout_cache *c, cairo_t *cr, const text_spec *spec)
{
	cache_context *k = context_for(c, cr, spec->lang);
	if (!k) {
		/* Not kept: a layout of its own, as it was always made. */
		PangoContext *ctx = new_context(c->map, cr, spec->lang);
		PangoLayout *layout = make_layout(ctx, spec);
		g_object_unref(ctx);   /* the layout holds it */
		c->stats.misses++;
		return layout;
	}
	layout_key key = make_key(k, spec);
	cache_entry *e = g_hash_table_lookup(c->entries, &key);
	if (e)
		return hit(c, e);
	bool left_wrapped = spec->width >= 0 && spec->align == PANGO_ALIGN_LEFT;
	layout_key line_key = left_wrapped ? one_line_key(k, spec) : key;
	if (left_wrapped) {
		cache_entry *line = g_hash_table_lookup(c->entries, &line_key);
		if (line && line->natural <= spec->width)
			return hit(c, line);
	}
	c->stats.misses++;
	PangoLayout *layout = make_layout(k->context, spec);
	keep(c, &key, spec, layout);
	if (left_wrapped && pango_layout_get_line_count(layout) == 1 &&
		!g_hash_table_lookup(c->entries, &line_key)) {
		PangoRectangle logical;
		pango_layout_get_extents(layout, NULL, &logical);
		keep(c, &line_key, spec, layout)->natural = logical.x + logical.width;
	}
	/* The new entries are at the tail: they go last, and the caller's
	 * reference is its own, so even a text larger than the bound is
	 * returned. */
	evict(c);
	return layout;
}

layoutcache_stats layoutcache_get_stats(const layout_cache *c)
{
	layoutcache_stats s = c->stats;
	s.entries = g_hash_table_size(c->entries);
	s.bytes = c->bytes;
	return s;
}
