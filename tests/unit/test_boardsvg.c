/* The board as SVG for the studio (render/boardsvg.h): the document parses
 * with libxml2 as an <svg> of the size it says, there is one outline per
 * cell of the board with its address, each outline is the cell's as the
 * grid (src/geo) places and traces it, and the hover facts name the
 * terrain and the pieces.  On a hex and a square scenario; and every
 * scenario of the golden corpus of invalid files that has a board is
 * drawn too (the studio shows a scenario with errors), without a crash.
 *
 * usage: test_boardsvg SOURCE_ROOT */
#include <dirent.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <libxml/parser.h>

#include "base/datadir.h"
#include "base/util.h"
#include "base/xmldoc.h"
#include "model/position.h"
#include "model/scenario_edit.h"
#include "render/boardsvg.h"
#include "render/layouts.h"
#include "render/mapgeom.h"
#include "render/pdfdoc.h"
#include "text/context.h"
#include "text/fonts.h"
#include "text/strings.h"

static const char *source_root;
static context ctx;

/* A scenario's model and what drawing it needs, as the studio sets it up. */
typedef struct drawn {
	scenario *sc;
	const ruleset *rs;
	position *pos;
	render_ctx rc;
	boardsvg svg;
} drawn;

/* False when the file gives no board to draw.  tiles: 0 for the whole
 * board in one document, else about how many tiles. */
static bool draw_cut(const char *path, lang_id lang, int tiles, drawn *d)
{
	memset(d, 0, sizeof *d);
	diag_sink sink;
	diag_sink_init(&sink);
	xml_document *doc = NULL;
	if (xmldoc_load_file(path, NULL, &sink, &doc) == XMLDOC_OK)
		d->sc = scenario_from_document(doc, &sink);
	xmldoc_destroy(doc);
	ruleset_registry *reg = ruleset_registry_of(&ctx);
	if (d->sc && d->sc->ruleset.text && ruleset_registry_has(reg, d->sc->ruleset.text))
		d->rs = ruleset_registry_get(reg, d->sc->ruleset.text, &sink);
	char *error = NULL;
	bool ok = d->rs && scenario_grid(d->sc, d->rs, &d->rc.board) && grid_count(&d->rc.board) > 0;
	if (ok) {
		d->pos = position_create(d->sc, d->rs);
		ok = d->pos->board_ok;
	}
	if (ok) {
		const layouts *lay = layouts_of(&ctx, &sink);
		assert_non_null(lay);
		d->rc.fonts = fonts_of(&ctx, &error);
		assert_non_null(d->rc.fonts);
		d->rc.strings = strings_of(&ctx, &sink);
		d->rc.layouts = lay;
		d->rc.ctx = &ctx;
		d->rc.sc = d->sc;
		d->rc.rs = d->rs;
		d->rc.pos = d->pos;
		d->rc.lang = lang;
		d->rc.paper = layouts_paper(lay, "a4");
		d->rc.cell_size = layouts_hex_size(lay, d->rs->id);
		d->rc.format = DOC_SVG;
		d->rc.dpi = 150;
		if (!(tiles ? boardsvg_make_tiles(&d->rc, true, tiles, &d->svg, &error)
				: boardsvg_make(&d->rc, true, &d->svg, &error)))
			fail_msg("%s: %s", path, error);
	}
	diag_sink_finish(&sink);
	return ok;
}

static bool draw(const char *path, lang_id lang, drawn *d)
{
	return draw_cut(path, lang, 0, d);
}

static void drawn_finish(drawn *d)
{
	boardsvg_finish(&d->svg);
	position_destroy(d->pos);
	scenario_destroy(d->sc);
}

/* The document is an <svg> whose viewBox is the size boardsvg states. */
static void check_document(const boardsvg *b)
{
	assert_int_equal(strlen(b->svg), b->svg_size);
	xmlDocPtr doc = xmlReadMemory(b->svg, (int)b->svg_size, "board.svg", NULL, XML_PARSE_NONET | XML_PARSE_HUGE);
	assert_non_null(doc);
	xmlNodePtr root = xmlDocGetRootElement(doc);
	assert_string_equal((const char *)root->name, "svg");
	xmlChar *view = xmlGetProp(root, (const xmlChar *)"viewBox");
	assert_non_null(view);
	double x, y, w, h;
	assert_int_equal(sscanf((const char *)view, "%lf %lf %lf %lf", &x, &y, &w, &h), 4);
	assert_true(fabs(w - b->width) < 0.01 && fabs(h - b->height) < 0.01);
	xmlFree(view);
	xmlFreeDoc(doc);
}

/* One outline per cell, in grid_index order, each the cell's own as the
 * grid traces it at its centre on the map (src/geo), in points. */
static void check_outlines(const drawn *d)
{
	const grid_board *board = &d->rc.board;
	const grid_ops *ops = grid_board_ops(board);
	assert_int_equal(d->svg.cell_count, grid_count(board));
	map_geom g;
	mapgeom_init(&g, board, d->rc.cell_size);
	grid_metrics m;
	ops->metrics(board, d->rc.cell_size, &m);
	for (size_t i = 0; i < d->svg.cell_count; i++) {
		const boardsvg_cell *c = &d->svg.cells[i];
		grid_cell parsed;
		assert_true(grid_parse(board, c->address, &parsed));
		assert_int_equal(grid_index(board, parsed), (long)i);
		double cx, cy, xy[GRID_OUTLINE_MAX][2];
		ops->center(&m, g.frame, g.frame, parsed, &cx, &cy);
		int n = grid_outline(board, &m, cx, cy, 0, xy);
		assert_int_equal(c->corner_count, n);
		assert_int_equal(n, ops->corner_count);
		assert_true(fabs(c->cx - MM(cx)) < 1e-6 && fabs(c->cy - MM(cy)) < 1e-6);
		for (int k = 0; k < n; k++)
			assert_true(fabs(c->x[k] - MM(xy[k][0])) < 1e-6 && fabs(c->y[k] - MM(xy[k][1])) < 1e-6);
		/* Inside the drawing. */
		for (int k = 0; k < n; k++)
			assert_true(c->x[k] >= 0 && c->x[k] <= d->svg.width && c->y[k] >= 0 && c->y[k] <= d->svg.height);
		assert_non_null(c->standing);
		assert_non_null(c->section);
	}
}

static const boardsvg_cell *cell_named(const boardsvg *b, const char *address)
{
	for (size_t i = 0; i < b->cell_count; i++)
		if (strcmp(b->cells[i].address, address) == 0)
			return &b->cells[i];
	fail_msg("no cell %s", address);
	return NULL;
}

static char *bundled(const char *rel)
{
	return xasprintf("%s/%s", source_root, rel);
}

static void test_hex_board(void **state)
{
	(void)state;
	char *path = bundled("tests/golden/invalid/63-unit-on-river.xml");
	drawn d;
	assert_true(draw(path, LANG_EN, &d));
	check_document(&d.svg);
	check_outlines(&d);
	/* <hex at="G5" type="river"/> with the unit u-inf-1 on it. */
	const boardsvg_cell *g5 = cell_named(&d.svg, "G5");
	assert_string_equal(g5->terrain, "River");
	assert_non_null(strstr(g5->standing, "Infantry"));
	assert_non_null(strstr(g5->standing, "(Union)"));
	assert_string_equal(g5->section, "centre");
	assert_string_equal(cell_named(&d.svg, "A1")->standing, "");
	assert_non_null(strstr(cell_named(&d.svg, "A1")->section, "west"));
	drawn_finish(&d);
	/* The facts in the language asked for. */
	assert_true(draw(path, LANG_FR, &d));
	assert_string_equal(cell_named(&d.svg, "G5")->terrain, "Rivière");
	drawn_finish(&d);
	free(path);
}

static void test_square_board(void **state)
{
	(void)state;
	char *path = bundled("scenarios/mb-1861.xml");
	drawn d;
	assert_true(draw(path, LANG_NL, &d));
	check_document(&d.svg);
	check_outlines(&d);
	/* The square grid has no sections. */
	for (size_t i = 0; i < d.svg.cell_count; i++)
		assert_string_equal(d.svg.cells[i].section, "");
	drawn_finish(&d);
	free(path);
}

/* A file like `path` with `from` replaced by `to`, in a temporary file
 * (free and unlink it). */
static char *variant(const char *path, const char *from, const char *to)
{
	FILE *in = fopen(path, "rb");
	assert_non_null(in);
	char bytes[65536];
	size_t size = fread(bytes, 1, sizeof bytes - 1, in);
	fclose(in);
	bytes[size] = '\0';
	char *at = strstr(bytes, from);
	assert_non_null(at);
	char *out = xasprintf("%s/orbat-boardsvg-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	int fd = mkstemp(out);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	assert_non_null(f);
	fprintf(f, "%.*s%s%s", (int)(at - bytes), bytes, to, at + strlen(from));
	assert_int_equal(fclose(f), 0);
	return out;
}

/* Whether the tile comes within `margin` of the point x, y. */
static bool tile_near(const boardsvg_tile *t, double x, double y, double margin)
{
	return x > t->x - margin && x < t->x + t->w + margin && y > t->y - margin && y < t->y + t->h + margin;
}

/* Cut into tiles: they lie side by side over the whole board, each a
 * document of its own size, each running into the next by the overlap;
 * the same board gives the same hashes; a change of one cell's terrain
 * changes the hash of the tile under it and of no tile far from it. */
static void test_tiles(void **state)
{
	(void)state;
	char *path = bundled("tests/golden/invalid/63-unit-on-river.xml");
	drawn whole, d, again;
	assert_true(draw(path, LANG_EN, &whole));
	assert_true(draw_cut(path, LANG_EN, 9, &d));
	assert_null(d.svg.svg);
	assert_true(d.svg.tile_count >= 6 && d.svg.tile_count <= 12);
	assert_true(fabs(d.svg.width - whole.svg.width) < 1e-9 && fabs(d.svg.height - whole.svg.height) < 1e-9);
	size_t across = 0;
	while (across < d.svg.tile_count && d.svg.tiles[across].y == 0)
		across++;
	size_t down = d.svg.tile_count / across;
	assert_int_equal(across * down, d.svg.tile_count);
	double area = 0;
	for (size_t i = 0; i < d.svg.tile_count; i++) {
		const boardsvg_tile *t = &d.svg.tiles[i];
		boardsvg one = { .svg = t->svg, .svg_size = t->svg_size, .width = t->w, .height = t->h };
		check_document(&one);
		/* A tile holds only its share: less than the whole drawing. */
		assert_true(t->svg_size < whole.svg.svg_size);
		size_t col = i % across, row = i / across;
		double w = t->w - (col + 1 < across ? BOARDSVG_TILE_OVERLAP : 0);
		double h = t->h - (row + 1 < down ? BOARDSVG_TILE_OVERLAP : 0);
		assert_true(fabs(t->x - d.svg.width * (double)col / (double)across) < 1e-6);
		assert_true(fabs(t->y - d.svg.height * (double)row / (double)down) < 1e-6);
		assert_true(fabs(w - d.svg.width / (double)across) < 1e-6 && fabs(h - d.svg.height / (double)down) < 1e-6);
		area += w * h;
	}
	assert_true(fabs(area - d.svg.width * d.svg.height) < 1e-3);
	assert_true(draw_cut(path, LANG_EN, 9, &again));
	for (size_t i = 0; i < d.svg.tile_count; i++)
		assert_true(d.svg.tiles[i].hash == again.svg.tiles[i].hash);
	drawn_finish(&again);
	/* G5 becomes woods: the tiles near it change, those far stay. */
	char *changed = variant(path, "<hex at=\"G5\" type=\"river\"/>", "<hex at=\"G5\" type=\"woods\"/>");
	assert_true(draw_cut(changed, LANG_EN, 9, &again));
	const boardsvg_cell *g5 = cell_named(&d.svg, "G5");
	double cell = 0;
	for (int k = 0; k < g5->corner_count; k++)
		cell = fmax(cell, 2 * hypot(g5->x[k] - g5->cx, g5->y[k] - g5->cy));
	size_t kept = 0;
	for (size_t i = 0; i < d.svg.tile_count; i++) {
		const boardsvg_tile *t = &d.svg.tiles[i];
		if (tile_near(t, g5->cx, g5->cy, 0))
			assert_true(t->hash != again.svg.tiles[i].hash);
		else if (!tile_near(t, g5->cx, g5->cy, 2 * cell))
			kept += t->hash == again.svg.tiles[i].hash;
		if (!tile_near(t, g5->cx, g5->cy, 2 * cell))
			assert_true(t->hash == again.svg.tiles[i].hash);
	}
	assert_true(kept > 0);
	drawn_finish(&again);
	unlink(changed);
	free(changed);
	drawn_finish(&d);
	drawn_finish(&whole);
	free(path);
}

/* The studio draws scenarios with errors: every invalid file of the
 * golden corpus with a board is drawn, its outlines sound. */
static void test_invalid_scenarios_draw(void **state)
{
	(void)state;
	char *dir_path = bundled("tests/golden/invalid");
	DIR *dir = opendir(dir_path);
	assert_non_null(dir);
	size_t boards = 0;
	for (struct dirent *e; (e = readdir(dir));) {
		size_t n = strlen(e->d_name);
		if (n < 5 || strcmp(e->d_name + n - 4, ".xml") != 0)
			continue;
		char *path = xasprintf("%s/%s", dir_path, e->d_name);
		drawn d;
		if (draw(path, LANG_EN, &d)) {
			check_outlines(&d);
			boards++;
		}
		drawn_finish(&d);
		free(path);
	}
	closedir(dir);
	free(dir_path);
	/* Most of the corpus has a board; a change that drew none would
	 * pass the loop above unseen. */
	assert_true(boards > 100);
}

/* ---- drawn again after edits ---- */

/* A seeded stream for the edits: the same edits every run. */
static unsigned long next_random(unsigned long *seed)
{
	*seed = *seed * 6364136223846793005ul + 1442695040888963407ul;
	return *seed >> 33;
}

/* Draw the document's scenario as the studio does, into rc (whose pos
 * the caller destroys); false when it has no board. */
static bool edit_context(scenario_doc *doc, render_ctx *rc)
{
	const scenario *sc = scenario_doc_model(doc);
	const ruleset *rs = scenario_doc_ruleset(doc);
	diag_sink sink;
	diag_sink_init(&sink);
	char *error = NULL;
	memset(rc, 0, sizeof *rc);
	bool ok = sc && rs && scenario_grid(sc, rs, &rc->board) && grid_count(&rc->board) > 0;
	if (ok) {
		const layouts *lay = layouts_of(&ctx, &sink);
		assert_non_null(lay);
		rc->fonts = fonts_of(&ctx, &error);
		rc->strings = strings_of(&ctx, &sink);
		rc->layouts = lay;
		rc->ctx = &ctx;
		rc->sc = sc;
		rc->rs = rs;
		rc->pos = position_create(sc, rs);
		rc->lang = LANG_FR;
		rc->paper = layouts_paper(lay, "a4");
		rc->cell_size = layouts_hex_size(lay, rs->id);
		rc->format = DOC_SVG;
		rc->dpi = 150;
	}
	diag_sink_finish(&sink);
	return ok;
}

static const char *random_cell(const render_ctx *rc, unsigned long *seed, char buf[GRID_ADDRESS_MAX])
{
	size_t n = grid_count(&rc->board);
	return grid_format(grid_from_index(&rc->board, next_random(seed) % n), buf);
}

/* One random edit of the kinds an author makes most on the board: paint
 * a cell, add, move, rename or delete a unit, move a general or an
 * objective.  Some are refused (a unit where the grid has no cell...):
 * then nothing changed. */
static void random_edit(scenario_doc *doc, const render_ctx *rc, unsigned long *seed, int step)
{
	const scenario *sc = rc->sc;
	char at[GRID_ADDRESS_MAX], id[40], name[40];
	scedit_op op = { 0 };
	const sc_unit *u = sc->unit_count ? &sc->units[next_random(seed) % sc->unit_count] : NULL;
	switch (next_random(seed) % 8) {
	case 0:
	case 1:
		op = (scedit_op){ .kind = SCEDIT_TERRAIN, .at = (char *)random_cell(rc, seed, at) };
		if (next_random(seed) % 5)
			op.type = rc->rs->terrains[next_random(seed) % rc->rs->terrain_count].id;
		break;
	case 2:
		if (!u)
			return;
		op = (scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_UNIT, .key = u->id.text, .attribute = "at",
			.value = (char *)random_cell(rc, seed, at) };
		break;
	case 3:
		if (!u)
			return;
		op = (scedit_op){ .kind = SCEDIT_DELETE, .piece = SCEDIT_UNIT, .key = u->id.text };
		break;
	case 4:
		/* A unit like another: the map numbers it among its type, and
		 * may number others again. */
		if (!u || u->side >= sc->side_count || !u->type.text)
			return;
		snprintf(id, sizeof id, "t-added-%d", step);
		op = (scedit_op){ .kind = SCEDIT_ADD, .piece = SCEDIT_UNIT, .side = sc->sides[u->side].id.text,
			.attrs = { { "id", id }, { "type", u->type.text }, { "at", (char *)random_cell(rc, seed, at) } },
			.attr_count = 3 };
		break;
	case 5:
		if (!u)
			return;
		snprintf(name, sizeof name, "Brigade %d", step);
		op = (scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_UNIT, .key = u->id.text, .attribute = "name",
			.value = name };
		break;
	case 6:
		if (!sc->general_count)
			return;
		op = (scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_GENERAL,
			.key = sc->generals[next_random(seed) % sc->general_count].id.text, .attribute = "at",
			.value = (char *)random_cell(rc, seed, at) };
		break;
	default:
		if (!sc->objective_count)
			return;
		op = (scedit_op){ .kind = SCEDIT_SET, .piece = SCEDIT_OBJECTIVE,
			.index = (long)(next_random(seed) % sc->objective_count), .attribute = "at",
			.value = (char *)random_cell(rc, seed, at) };
		break;
	}
	scedit_op inverse = { 0 };
	scedit_refusal why;
	if (scenario_doc_apply(doc, &op, &inverse, &why))
		scedit_op_finish(&inverse);
}

/* One update checked: the tiles boardsvg_update_tiles keeps and draws
 * for rc are, hash for hash, those of a drawing made anew, with the same
 * hover facts; counts the tiles kept and drawn again. */
static void check_update(const char *name, int step, const render_ctx *rc, boardsvg *b, size_t *kept,
	size_t *drawn_again)
{
	char *error = NULL;
	char **before = xcalloc(b->tile_count, sizeof *before);
	for (size_t k = 0; k < b->tile_count; k++)
		before[k] = b->tiles[k].svg;
	size_t count = b->tile_count;
	if (!boardsvg_update_tiles(rc, b, &error))
		fail_msg("%s: %s", name, error);
	boardsvg fresh;
	if (!boardsvg_make_tiles(rc, true, 16, &fresh, &error))
		fail_msg("%s: %s", name, error);
	assert_int_equal(b->tile_count, fresh.tile_count);
	assert_int_equal(b->cell_count, fresh.cell_count);
	for (size_t k = 0; k < b->tile_count; k++) {
		if (b->tiles[k].hash != fresh.tiles[k].hash)
			fail_msg("%s, edit %d: tile %zu kept or drawn unlike a new drawing", name, step, k);
		if (count == b->tile_count && before[k] == b->tiles[k].svg)
			(*kept)++;
		else
			(*drawn_again)++;
	}
	for (size_t i = 0; i < b->cell_count; i++)
		assert_string_equal(b->cells[i].standing, fresh.cells[i].standing);
	boardsvg_finish(&fresh);
	free(before);
}

/* Seeded random edits of one scenario file, each followed by an update
 * checked as check_update does. */
static void update_after_edits(const char *path, const char *name, size_t *kept, size_t *drawn_again)
{
	diag_sink sink;
	diag_sink_init(&sink);
	scenario_doc *doc = scenario_doc_open(path, context_data_dir(&ctx), &sink);
	assert_non_null(doc);
	render_ctx rc;
	assert_true(edit_context(doc, &rc));
	boardsvg b;
	char *error = NULL;
	if (!boardsvg_make_tiles(&rc, true, 16, &b, &error))
		fail_msg("%s: %s", path, error);
	unsigned long seed = strlen(name);
	for (int step = 0; step < 8; step++) {
		random_edit(doc, &rc, &seed, step);
		position_destroy((position *)rc.pos);
		assert_true(edit_context(doc, &rc));
		check_update(name, step, &rc, &b, kept, drawn_again);
	}
	boardsvg_finish(&b);
	position_destroy((position *)rc.pos);
	scenario_doc_destroy(doc);
	diag_sink_finish(&sink);
}

/* Drawn again after an edit, only where it changed: after each of many
 * seeded edits on every bundled scenario, and on the golden scenario
 * with a special rule of each kind (whose marks stand on the map), the
 * tiles boardsvg_update_tiles keeps and draws are those of a drawing made
 * anew; and most tiles were kept, not drawn. */
static void test_tiles_update(void **state)
{
	(void)state;
	char *dir_path = bundled("scenarios");
	DIR *dir = opendir(dir_path);
	assert_non_null(dir);
	size_t scenarios = 0, kept = 0, drawn_again = 0;
	for (struct dirent *e; (e = readdir(dir));) {
		size_t n = strlen(e->d_name);
		if (n < 5 || strcmp(e->d_name + n - 4, ".xml") != 0)
			continue;
		char *path = xasprintf("%s/%s", dir_path, e->d_name);
		update_after_edits(path, e->d_name, &kept, &drawn_again);
		free(path);
		scenarios++;
	}
	closedir(dir);
	free(dir_path);
	assert_true(scenarios >= 6);
	char *special = bundled("tests/golden/valid/sr-01-every-special-rule.xml");
	update_after_edits(special, "sr-01-every-special-rule.xml", &kept, &drawn_again);
	free(special);
	/* An update that drew every tile every time would pass the loop. */
	assert_true(kept > drawn_again);
}

/* A whole file as a string (its size in *size); NULL when unreadable. */
static char *read_file_text(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *text = NULL;
	size_t cap = 0, n = 0, got;
	do {
		grow_array((void **)&text, &cap, n + 4097, 1);
		got = fread(text + n, 1, 4096, f);
		n += got;
	} while (got > 0);
	fclose(f);
	text[n] = 0;
	*size = n;
	return text;
}

/* The same after edits of the special rules themselves, which the
 * studio's edits do not reach yet: each step the golden scenario's text
 * with one more rule changed (a ford, an exit, a closed hex moved; a
 * sudden-death hex moved; a crossing given to the other side; the exit
 * taken away), read anew.  Each step redraws the tiles of the hexes that
 * gained or lost a mark, and keeps the others. */
static void test_tiles_special_edits(void **state)
{
	(void)state;
	static const char *const edits[][2] = {
		{ "<ford at=\"F5\"/>", "<ford at=\"G5\"/>" },
		{ "<hex at=\"M9\"/>", "<hex at=\"A5\"/>" },
		{ "<hex at=\"K4\"/>", "<hex at=\"B2\"/>" },
		{ "<sudden-death at=\"G3\"", "<sudden-death at=\"J7\"" },
		{ "<crossing terrain=\"stream\" side=\"union\">", "<crossing terrain=\"stream\" side=\"confederate\">" },
		{ "<exit side=\"confederate\" vp=\"2\">\n      <hex at=\"A5\"/>\n    </exit>", "" },
	};
	char *path = bundled("tests/golden/valid/sr-01-every-special-rule.xml");
	size_t size = 0;
	char *text = read_file_text(path, &size);
	assert_non_null(text);
	diag_sink sink;
	diag_sink_init(&sink);
	/* Each text is read as a document of its own; all are drawn with the
	 * first one's ruleset, as the studio's one document keeps its own:
	 * the rest's hash counts the ruleset by its address. */
	scenario_doc *origin = scenario_doc_open_memory(path, text, size, context_data_dir(&ctx), &sink);
	assert_non_null(origin);
	render_ctx rc;
	assert_true(edit_context(origin, &rc));
	boardsvg b;
	char *error = NULL;
	if (!boardsvg_make_tiles(&rc, true, 16, &b, &error))
		fail_msg("%s: %s", path, error);
	scenario_doc *doc = NULL;
	size_t kept = 0, drawn_again = 0;
	for (size_t e = 0; e < sizeof edits / sizeof edits[0]; e++) {
		char *at = strstr(text, edits[e][0]);
		if (!at)
			fail_msg("edit %zu: '%s' is not in the text", e, edits[e][0]);
		char *next = xasprintf("%.*s%s%s", (int)(at - text), text, edits[e][1], at + strlen(edits[e][0]));
		free(text);
		text = next;
		position_destroy((position *)rc.pos);
		scenario_doc_destroy(doc);
		doc = scenario_doc_open_memory(path, text, strlen(text), context_data_dir(&ctx), &sink);
		assert_non_null(doc);
		assert_true(edit_context(doc, &rc));
		position_destroy((position *)rc.pos);
		rc.rs = scenario_doc_ruleset(origin);
		rc.pos = position_create(rc.sc, rc.rs);
		size_t drawn_before = drawn_again;
		check_update("sr-01 special-rule edits", (int)e, &rc, &b, &kept, &drawn_again);
		if (drawn_again == drawn_before)
			fail_msg("edit %zu ('%s'): no tile drawn again", e, edits[e][0]);
	}
	assert_true(kept > drawn_again);
	boardsvg_finish(&b);
	position_destroy((position *)rc.pos);
	scenario_doc_destroy(doc);
	scenario_doc_destroy(origin);
	diag_sink_finish(&sink);
	free(text);
	free(path);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_boardsvg SOURCE_ROOT\n");
		return 2;
	}
	source_root = argv[1];
	const char *env = getenv("ORBAT_DATADIR");
	context_init(&ctx, env && *env ? env : datadir_get());
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hex_board),
		cmocka_unit_test(test_square_board),
		cmocka_unit_test(test_invalid_scenarios_draw),
		cmocka_unit_test(test_tiles),
		cmocka_unit_test(test_tiles_update),
		cmocka_unit_test(test_tiles_special_edits),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	context_finish(&ctx);
	return failed;
}
