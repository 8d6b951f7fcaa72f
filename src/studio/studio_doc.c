#include "studio_doc.h"

#include <dirent.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../base/xmldoc.h"
#include "../model/starter.h"
#include "../render/layouts.h"
#include "../text/fonts.h"
#include "../text/strings.h"
#include "studio_guard.h"
#include "studio_tray.h"

/* The model of a file, whatever its errors: the validator hands its model
 * over only when the file is valid, and an author's board is most worth
 * seeing while it is not.  The diagnostics of this reading are the
 * validator's already, and are dropped. */
static scenario *model_read(const char *path, const char *name)
{
	diag_sink scratch;
	diag_sink_init(&scratch);
	xml_document *doc = NULL;
	scenario *sc = NULL;
	if (xmldoc_load_file(path, name, &scratch, &doc) == XMLDOC_OK)
		sc = scenario_from_document(doc, &scratch);
	xmldoc_destroy(doc);
	diag_sink_finish(&scratch);
	return sc;
}

static void drawings_forget(studio_doc *d)
{
	for (int l = 0; l < LANG_COUNT; l++) {
		boardsvg_finish(&d->svg[l]);
		d->svg_made[l] = false;
		d->svg_stale[l] = false;
	}
}

/* The model goes; the drawings made of it stay, to be brought up to
 * date with the next (drawings_forget: they go too). */
static void model_forget(studio_doc *d, bool drawings)
{
	if (drawings)
		drawings_forget(d);
	for (int l = 0; l < LANG_COUNT; l++)
		d->svg_stale[l] = d->svg_made[l];
	position_destroy(d->pos);
	d->pos = NULL;
	d->sc = NULL;
	d->rs = NULL;
	d->board_ok = false;
}

void studio_doc_reload(studio_doc *d, validator *v)
{
	model_forget(d, false);
	diag_sink_clear(&d->diags);
	/* The bytes a save would write, through the validator of orbat
	 * validate: its diagnostics' lines are the saved file's. */
	size_t size;
	const char *bytes = scenario_doc_bytes(d->edit, &size);
	d->status = validator_check_memory(v, d->name, bytes, size, &d->diags, NULL, NULL);
	d->sc = scenario_doc_model(d->edit);
	d->rs = scenario_doc_ruleset(d->edit);
	if (d->sc && d->rs && scenario_grid(d->sc, d->rs, &d->board) && grid_count(&d->board) > 0) {
		d->pos = position_create(d->sc, d->rs);
		d->board_ok = d->pos->board_ok;
	}
}

/* The document made (opened or new) becomes the studio's. */
static bool doc_start(studio_doc *d, validator *v, scenario_doc *edit, const char *path, const char *name,
	diag_sink *sink, char **error)
{
	memset(d, 0, sizeof *d);
	if (!edit) {
		*error = sink->count ? xasprintf("%s: %s", name, sink->items[0].message)
				     : xasprintf("cannot read %s", name);
		return false;
	}
	d->edit = edit;
	d->path = xstrdup(path);
	d->name = xstrdup(name);
	diag_sink_init(&d->diags);
	studio_doc_reload(d, v);
	return true;
}

bool studio_doc_open(studio_doc *d, context *ctx, validator *v, const char *path, const char *name,
	char **error)
{
	*error = NULL;
	diag_sink sink;
	diag_sink_init(&sink);
	scenario_doc *edit = scenario_doc_open(path, context_data_dir(ctx), &sink);
	bool ok = doc_start(d, v, edit, path, name, &sink, error);
	diag_sink_finish(&sink);
	return ok;
}

bool studio_doc_new(studio_doc *d, context *ctx, validator *v, const char *ruleset_id, const char *path,
	const char *name, char **error)
{
	*error = NULL;
	diag_sink sink;
	diag_sink_init(&sink);
	scenario_doc *edit = scenario_doc_new(context_data_dir(ctx), ruleset_id, path, &sink);
	bool ok = doc_start(d, v, edit, path, name, &sink, error);
	diag_sink_finish(&sink);
	return ok;
}

void studio_doc_finish(studio_doc *d)
{
	model_forget(d, true);
	scenario_doc_destroy(d->edit);
	diag_sink_finish(&d->diags);
	free(d->path);
	free(d->name);
	memset(d, 0, sizeof *d);
}

/* The render context of the board in a language: the print products'
 * fonts, strings and layouts.  False with a message (free it). */
static bool board_context(const studio_doc *d, context *ctx, lang_id lang, render_ctx *rc, char **error)
{
	*error = NULL;
	if (!d->board_ok) {
		*error = xstrdup("the scenario has no board that can be drawn");
		return false;
	}
	diag_sink sink;
	diag_sink_init(&sink);
	font_library *fonts = fonts_of(ctx, error);
	const string_table *strings = fonts ? strings_of(ctx, &sink) : NULL;
	const layouts *lay = strings ? layouts_of(ctx, &sink) : NULL;
	if (fonts && !lay && !*error)
		*error = diag_data_error(&sink, 0);
	diag_sink_finish(&sink);
	if (!lay)
		return false;
	*rc = (render_ctx){
		.fonts = fonts,
		.strings = strings,
		.layouts = lay,
		.ctx = ctx,
		.sc = d->sc,
		.rs = d->rs,
		.board = d->board,
		.pos = d->pos,
		.lang = lang,
		.paper = layouts_paper(lay, "a4"),
		.cell_size = layouts_hex_size(lay, d->rs->id),
		.format = DOC_SVG,
		.dpi = 150,
	};
	return true;
}

bool studio_doc_render_ctx(const studio_doc *d, context *ctx, lang_id lang, render_ctx *rc, char **error)
{
	return board_context(d, ctx, lang, rc, error);
}

const boardsvg *studio_doc_board(studio_doc *d, context *ctx, lang_id lang, char **error)
{
	*error = NULL;
	if (d->svg_made[lang] && !d->svg_stale[lang])
		return &d->svg[lang];
	render_ctx rc;
	if (!board_context(d, ctx, lang, &rc, error)) {
		boardsvg_finish(&d->svg[lang]);
		d->svg_made[lang] = d->svg_stale[lang] = false;
		return NULL;
	}
	bool ok = d->svg_made[lang] ? boardsvg_update_tiles(&rc, &d->svg[lang], error)
		: boardsvg_make_tiles(&rc, true, STUDIO_BOARD_TILES, &d->svg[lang], error);
	d->svg_made[lang] = ok;
	d->svg_stale[lang] = false;
	return ok ? &d->svg[lang] : NULL;
}

bool studio_doc_board_whole(studio_doc *d, context *ctx, lang_id lang, boardsvg *out, char **error)
{
	render_ctx rc;
	memset(out, 0, sizeof *out);
	return board_context(d, ctx, lang, &rc, error) && boardsvg_make(&rc, true, out, error);
}

bool studio_doc_board_of(studio_doc *d, context *ctx, lang_id lang, const scenario *sc, boardsvg *out,
	char **error)
{
	render_ctx rc;
	memset(out, 0, sizeof *out);
	if (!board_context(d, ctx, lang, &rc, error))
		return false;
	/* What stands where is indexed anew; the board's cells are the
	 * document's. */
	position *pos = position_create(sc, d->rs);
	rc.sc = sc;
	rc.pos = pos;
	bool made = boardsvg_make(&rc, true, out, error);
	position_destroy(pos);
	return made;
}

/* The cell a diagnostic is about: the address of the element it points
 * at, when that element stands on a cell of the board. */
static bool at_matches(const sc_address *a, const diag *dg, bool column)
{
	return a->text && a->valid && a->pos.line == dg->line && (!column || a->pos.column == dg->column);
}

/* The elements of a scenario that stand on a cell: an array of one kind,
 * where in each element its address and its own position lie. */
typedef struct placed_kind {
	const void *items;
	size_t count, size;
	size_t at, pos;
} placed_kind;

#define PLACED(array, n, type, field) \
	{ (array), (n), sizeof(type), offsetof(type, field), offsetof(type, pos) }

static const sc_address *diag_address(const scenario *sc, const diag *dg, bool column)
{
	const placed_kind kinds[] = {
		PLACED(sc->terrain, sc->terrain_count, sc_terrain, at),
		PLACED(sc->units, sc->unit_count, sc_unit, at),
		PLACED(sc->reserves, sc->reserve_count, sc_unit, entry),
		PLACED(sc->generals, sc->general_count, sc_general, at),
		PLACED(sc->objectives, sc->objective_count, sc_objective, at),
		PLACED(sc->cities, sc->city_count, sc_city, at),
		PLACED(sc->ships, sc->ship_count, sc_ship, at),
	};
	for (size_t k = 0; k < ARRAY_LEN(kinds); k++) {
		for (size_t i = 0; i < kinds[k].count; i++) {
			const char *item = (const char *)kinds[k].items + i * kinds[k].size;
			const sc_address *a = (const sc_address *)(item + kinds[k].at);
			const src_pos *pos = (const src_pos *)(item + kinds[k].pos);
			if (at_matches(a, dg, column) || (!column && pos->line == dg->line))
				return a;
		}
	}
	return NULL;
}

static void diag_cell(const studio_doc *d, const diag *dg, json_t *item)
{
	if (!d->sc || !d->board_ok || dg->line <= 0)
		return;
	const sc_address *a = diag_address(d->sc, dg, true);
	if (!a)
		a = diag_address(d->sc, dg, false);
	if (a && a->valid && grid_on_board(&d->board, a->cell))
		json_object_set_new(item, "cell", json_string(GRID_ADDRESS(a->cell)));
}

static json_t *diagnostics_json(const studio_doc *d)
{
	json_t *list = json_array();
	for (size_t i = 0; i < d->diags.count; i++) {
		const diag *dg = &d->diags.items[i];
		/* validate's fields, but the file: the page has one open. */
		json_t *item = diag_json(dg);
		json_object_del(item, "file");
		diag_cell(d, dg, item);
		json_array_append_new(list, item);
	}
	return list;
}

static json_t *sides_json(const studio_doc *d, lang_id lang)
{
	json_t *list = json_array();
	for (size_t i = 0; d->sc && i < d->sc->side_count; i++) {
		const sc_side *s = &d->sc->sides[i];
		const rs_named *named = d->rs ? ruleset_find_side(d->rs, s->id.text) : NULL;
		const char *id = s->id.text ? s->id.text : "";
		json_array_append_new(list, json_pack("{s:s, s:s, s:b}", "id", id, "name",
			named ? l10n_get(&named->name, lang) : id, "first", s->first));
	}
	return list;
}

/* A string member, or null when the text is missing. */
static json_t *text_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

json_t *studio_doc_state(const studio_doc *d, lang_id lang)
{
	const scenario *sc = d->sc;
	json_t *state = json_object();
	json_object_set_new(state, "file", json_string(d->name));
	json_object_set_new(state, "ruleset", text_or_null(sc ? sc->ruleset.text : NULL));
	json_object_set_new(state, "ruleset_name", text_or_null(d->rs ? l10n_get(&d->rs->name, lang) : NULL));
	json_object_set_new(state, "grid", text_or_null(d->rs ? grid_ops_of(d->rs->grid)->name : NULL));
	json_object_set_new(state, "title", text_or_null(sc ? l10n_get(&sc->title, lang) : NULL));
	json_object_set_new(state, "sides", sides_json(d, lang));
	json_object_set_new(state, "valid", json_boolean(d->status == VALIDATE_OK));
	json_object_set_new(state, "errors", json_integer((json_int_t)d->diags.errors));
	json_object_set_new(state, "warnings", json_integer((json_int_t)d->diags.warnings));
	json_object_set_new(state, "board", json_boolean(d->board_ok));
	json_object_set_new(state, "diagnostics", diagnostics_json(d));
	json_object_set_new(state, "dirty", json_boolean(scenario_doc_modified(d->edit)));
	json_object_set_new(state, "generation", json_integer((json_int_t)scenario_doc_generation(d->edit)));
	studio_tray_add(state, d->sc, d->rs, lang);
	return state;
}

json_t *studio_doc_cells(studio_doc *d, context *ctx, lang_id lang, bool outlines, char **error)
{
	const boardsvg *b = studio_doc_board(d, ctx, lang, error);
	if (!b)
		return NULL;
	json_t *cells = json_array();
	for (size_t i = 0; i < b->cell_count; i++) {
		const boardsvg_cell *c = &b->cells[i];
		json_t *cell = json_pack("{s:s, s:o, s:s, s:s}", "address", c->address, "terrain",
			text_or_null(c->terrain), "standing", c->standing, "section", c->section);
		if (outlines) {
			json_t *points = json_array();
			for (int k = 0; k < c->corner_count; k++)
				json_array_append_new(points, json_pack("[f, f]", c->x[k], c->y[k]));
			json_object_set_new(cell, "points", points);
			json_object_set_new(cell, "cx", json_real(c->cx));
			json_object_set_new(cell, "cy", json_real(c->cy));
		}
		json_array_append_new(cells, cell);
	}
	json_t *tiles = json_array();
	for (size_t i = 0; i < b->tile_count; i++) {
		const boardsvg_tile *t = &b->tiles[i];
		char hash[17];
		snprintf(hash, sizeof hash, "%016llx", t->hash);
		json_array_append_new(tiles, json_pack("{s:f, s:f, s:f, s:f, s:s}", "x", t->x, "y", t->y, "w", t->w, "h",
			t->h, "hash", hash));
	}
	return json_pack("{s:f, s:f, s:o, s:o}", "width", b->width, "height", b->height, "cells", cells, "tiles",
		tiles);
}

static int name_order(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The most files the start page lists: a folder of thousands is not a
 * scenario folder, and each costs a reading. */
#define FOLDER_MAX_FILES 500

/* The folder's *.xml file names that the server may open, sorted. */
static size_t folder_names(const char *folder, char ***out)
{
	size_t count = 0, cap = 0;
	char **names = NULL;
	DIR *dir = opendir(folder);
	for (struct dirent *e; dir && (e = readdir(dir)) && count < FOLDER_MAX_FILES;) {
		size_t n = strlen(e->d_name);
		if (n < 5 || strcmp(e->d_name + n - 4, ".xml") != 0)
			continue;
		char *real = studio_path_inside(folder, e->d_name);
		if (!real)
			continue;
		free(real);
		grow_array((void **)&names, &cap, count + 1, sizeof *names);
		names[count++] = xstrdup(e->d_name);
	}
	if (dir)
		closedir(dir);
	if (count)
		qsort(names, count, sizeof *names, name_order);
	*out = names;
	return count;
}

static json_t *rulesets_json(context *ctx, lang_id lang)
{
	json_t *list = json_array();
	starter_list starters;
	if (!starter_list_load(context_data_dir(ctx), &starters))
		return list;
	ruleset_registry *reg = ruleset_registry_of(ctx);
	for (size_t i = 0; i < starters.count; i++) {
		diag_sink scratch;
		diag_sink_init(&scratch);
		const ruleset *rs = ruleset_registry_get(reg, starters.ids[i], &scratch);
		diag_sink_finish(&scratch);
		json_array_append_new(list, json_pack("{s:s, s:s, s:s}", "id", starters.ids[i], "name",
			rs ? l10n_get(&rs->name, lang) : starters.ids[i], "grid", rs ? grid_ops_of(rs->grid)->name : ""));
	}
	starter_list_finish(&starters);
	return list;
}

json_t *studio_folder_list(context *ctx, const char *folder, lang_id lang)
{
	char **names = NULL;
	size_t count = folder_names(folder, &names);
	json_t *scenarios = json_array();
	for (size_t i = 0; i < count; i++) {
		char *path = xasprintf("%s/%s", folder, names[i]);
		scenario *sc = model_read(path, names[i]);
		if (sc)
			json_array_append_new(scenarios, json_pack("{s:s, s:s, s:o}", "file", names[i], "title",
				l10n_get(&sc->title, lang), "ruleset", text_or_null(sc->ruleset.text)));
		scenario_destroy(sc);
		free(path);
		free(names[i]);
	}
	free(names);
	return json_pack("{s:o, s:o}", "scenarios", scenarios, "rulesets", rulesets_json(ctx, lang));
}

unsigned long long studio_doc_digest(const studio_doc *d)
{
	size_t size;
	const unsigned char *b = (const unsigned char *)scenario_doc_bytes(d->edit, &size);
	unsigned long long h = 14695981039346656037ull;
	for (size_t i = 0; i < size; i++)
		h = (h ^ b[i]) * 1099511628211ull;
	return h;
}
