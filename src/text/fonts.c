#include "fonts.h"

#include <dirent.h>
#include <dlfcn.h>
#include <fontconfig/fontconfig.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <pango/pangofc-fontmap.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "context.h"

/* Pango 1.50 starts two threads for every new font pattern it meets (a
 * family, weight, style, language and size): one to match the pattern,
 * one to sort the fonts for fallback, so that a desktop program with
 * thousands of system fonts is not held up.  Our font set is six files;
 * the match and the sort take microseconds, and the thread around them
 * costs a hundred times that.  Text fitted to its room meets a new size
 * at every try, so a print set made some 1,700 threads, a tenth of its
 * time.
 *
 * So orbat defines g_thread_new, which the dynamic linker hands to Pango
 * in GLib's stead (an executable's symbol comes first), and runs those
 * two jobs at once in the calling thread, where Pango would have waited
 * for them anyway.  Pango takes no lock around them (its patterns are
 * made before anything waits on them), so this is safe; every other
 * thread, Pango's one-time FcInit among them (started under a lock its
 * job takes), is made by GLib as before.  A Pango whose threads have
 * other names simply gets threads again. */
static bool runs_in_caller(const gchar *name)
{
	return name && (strcmp(name, "[pango] FcFontSetMatch") == 0 || strcmp(name, "[pango] FcFontSetSort") == 0);
}

static unsigned long matched_in_caller;

unsigned long fonts_matches_in_caller(void)
{
	return __atomic_load_n(&matched_in_caller, __ATOMIC_RELAXED);
}

GThread *g_thread_new(const gchar *name, GThreadFunc func, gpointer data)
{
	if (runs_in_caller(name)) {
		__atomic_add_fetch(&matched_in_caller, 1, __ATOMIC_RELAXED);
		func(data);
		/* Pango lets go of the thread it was given at once. */
		return g_thread_ref(g_thread_self());
	}
	static GThread *(*glib_thread_new)(const gchar *, GThreadFunc, gpointer);
	GThread *(*real)(const gchar *, GThreadFunc, gpointer) = __atomic_load_n(&glib_thread_new, __ATOMIC_ACQUIRE);
	if (!real) {
		*(void **)&real = dlsym(RTLD_NEXT, "g_thread_new");
		if (!real)
			abort();
		__atomic_store_n(&glib_thread_new, real, __ATOMIC_RELEASE);
	}
	return real(name, func, data);
}

#define FONTS_FAMILIES_MAX 8

struct font_library {
	PangoFontMap *map;       /* on the bundled fonts alone (its FcConfig) */
	PangoContext *context;
	layout_cache *cache;
	/* The families asked for by name ("Noto Serif"), parsed once: a map
	 * draws thousands of words in two or three families. */
	char *family_names[FONTS_FAMILIES_MAX];
	PangoFontDescription *families[FONTS_FAMILIES_MAX];
	int unknown_glyphs;
	char *first_bad_text;
};

/* A font map on config, in points: the user unit of a PDF page, 72 per
 * inch.  NULL when Pango has no FreeType font map. */
static PangoFontMap *new_font_map(FcConfig *config)
{
	PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
	if (!map)
		return NULL;
	pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
	pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(map), 72.0);
	return map;
}

font_library *fonts_create(const char *fonts_dir, char **error)
{
	*error = NULL;
#ifdef __GLIBC__
	/* glibc gives each new thread that allocates an arena of its own,
	 * whose free space is never given back.  Pango's font matching no
	 * longer runs in threads (see g_thread_new above), but its one-time
	 * FcInit still does, and one arena keeps all in one place, where the
	 * next product reuses it. */
	mallopt(M_ARENA_MAX, 1);
#endif
	FcConfig *config = FcConfigCreate();
	DIR *dir = config ? opendir(fonts_dir) : NULL;
	if (!dir) {
		*error = xasprintf("cannot read the fonts in %s", fonts_dir);
		if (config)
			FcConfigDestroy(config);
		return NULL;
	}
	/* File by file: adding a whole folder would make fontconfig try to
	 * write a cache for it. */
	struct dirent *e;
	while ((e = readdir(dir))) {
		size_t n = strlen(e->d_name);
		if (n > 4 && (strcmp(e->d_name + n - 4, ".ttf") == 0 || strcmp(e->d_name + n - 4, ".otf") == 0)) {
			char *path = xasprintf("%s/%s", fonts_dir, e->d_name);
			FcConfigAppFontAddFile(config, (const FcChar8 *)path);
			free(path);
		}
	}
	closedir(dir);
	FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
	if (!set || set->nfont == 0) {
		*error = xasprintf("no font file found in %s", fonts_dir);
		FcConfigDestroy(config);
		return NULL;
	}
	/* Our configuration is the process's too: Pango's font map starts
	 * fontconfig (FcInit) in a thread of its own, which would otherwise read
	 * the machine's whole configuration and font list, a few milliseconds
	 * of every run spent on fonts we never use. */
	FcConfigSetCurrent(config);
	PangoFontMap *map = new_font_map(config);
	FcConfigDestroy(config);   /* the map holds it, and hands it on */
	if (!map) {
		*error = xstrdup("Pango has no FreeType font map");
		return NULL;
	}

	font_library *lib = xcalloc(1, sizeof *lib);
	lib->map = map;
	lib->context = fonts_print_context(map);
	lib->cache = layoutcache_create(map, 0);
	return lib;
}

PangoContext *fonts_print_context(PangoFontMap *map)
{
	PangoContext *ctx = pango_font_map_create_context(map);
	/* Pango rounds glyph positions to whole user units by default; our
	 * units are millimetres on maps, so that would space letters by the
	 * millimetre.  Print wants the designed positions. */
	pango_context_set_round_glyph_positions(ctx, FALSE);
	cairo_font_options_t *options = cairo_font_options_create();
	/* Vector output: no hinting, metrics as designed. */
	cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
	pango_cairo_context_set_font_options(ctx, options);
	cairo_font_options_destroy(options);
	return ctx;
}

void fonts_destroy(font_library *lib)
{
	if (lib) {
		/* The cache first: its layouts hold contexts on the map. */
		layoutcache_destroy(lib->cache);
		for (int i = 0; i < FONTS_FAMILIES_MAX; i++) {
			free(lib->family_names[i]);
			if (lib->families[i])
				pango_font_description_free(lib->families[i]);
		}
		g_object_unref(lib->context);
		g_object_unref(lib->map);
		free(lib->first_bad_text);
		free(lib);
	}
}

PangoFontDescription *fonts_description(font_library *lib, const char *family, double size, bool bold,
	bool italic)
{
	PangoFontDescription *desc = NULL;
	for (int i = 0; i < FONTS_FAMILIES_MAX && !desc; i++) {
		if (!lib->family_names[i]) {
			lib->family_names[i] = xstrdup(family);
			lib->families[i] = pango_font_description_from_string(family);
		}
		if (strcmp(lib->family_names[i], family) == 0)
			desc = pango_font_description_copy(lib->families[i]);
	}
	if (!desc) /* more families than kept: parsed each time */
		desc = pango_font_description_from_string(family);
	pango_font_description_set_absolute_size(desc, size * PANGO_SCALE);
	pango_font_description_set_weight(desc, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	pango_font_description_set_style(desc, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
	return desc;
}

PangoLanguage *fonts_language(lang_id lang)
{
	return pango_language_from_string(lang_code(lang));
}

void fonts_user_space_context(cairo_t *cr, PangoContext *ctx)
{
	/* Font options and resolution for cr's surface, as Pango takes them;
	 * then no transformation: Pango would otherwise choose fonts and
	 * glyph positions for the device's scale, rounded there. */
	pango_cairo_update_context(cr, ctx);
	pango_context_set_matrix(ctx, NULL);
}

PangoLayout *fonts_layout(font_library *lib, cairo_t *cr, lang_id lang, const char *font)
{
	fonts_user_space_context(cr, lib->context);
	pango_context_set_language(lib->context, fonts_language(lang));
	PangoLayout *layout = pango_layout_new(lib->context);
	PangoFontDescription *desc = pango_font_description_from_string(font);
	pango_layout_set_font_description(layout, desc);
	pango_font_description_free(desc);
	/* Also as an attribute, so the language survives context changes. */
	PangoAttrList *attrs = pango_attr_list_new();
	pango_attr_list_insert(attrs, pango_attr_language_new(fonts_language(lang)));
	pango_layout_set_attributes(layout, attrs);
	pango_attr_list_unref(attrs);
	return layout;
}

PangoLayout *fonts_text_layout(font_library *lib, cairo_t *cr, const text_spec *spec)
{
	return layoutcache_get(lib->cache, cr, spec);
}

void fonts_forget(font_library *lib)
{
	/* A font map keeps up to 256 fontsets, each holding its fonts (with
	 * their cairo scaled fonts, HarfBuzz fonts and glyph caches) for every
	 * size and scale asked: megabytes after a product that searches its
	 * type size.  A new map takes over, on the same configuration: the
	 * same fonts, loaded again when asked.  The old one goes with its last
	 * reference. */
	FcConfig *config = pango_fc_font_map_get_config(PANGO_FC_FONT_MAP(lib->map));
	PangoFontMap *map = new_font_map(config);
	if (!map) {
		layoutcache_clear(lib->cache, lib->map);
		return;
	}
	layoutcache_clear(lib->cache, map);
	g_object_unref(lib->context);
	lib->context = fonts_print_context(map);
	g_object_unref(lib->map);
	lib->map = map;
}

layoutcache_stats fonts_cache_stats(const font_library *lib)
{
	return layoutcache_get_stats(lib->cache);
}

void fonts_check(font_library *lib, PangoLayout *layout)
{
	int unknown = pango_layout_get_unknown_glyphs_count(layout);
	if (unknown <= 0)
		return;
	lib->unknown_glyphs += unknown;
	if (!lib->first_bad_text)
		lib->first_bad_text = xstrdup(pango_layout_get_text(layout));
}

int fonts_unknown_glyphs(const font_library *lib)
{
	return lib->unknown_glyphs;
}

const char *fonts_first_bad_text(const font_library *lib)
{
	return lib->first_bad_text ? lib->first_bad_text : "";
}

font_library *fonts_of(context *c, char **error)
{
	*error = NULL;
	CONTEXT_LOAD_ONCE(c, fonts, DATADIR_FONTS, fonts_create, error, fonts_destroy);
	return c->fonts;
}
