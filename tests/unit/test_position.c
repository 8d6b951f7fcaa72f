/* Unit tests of model/position: what stands where, on a hex and on a
 * square board, built from scenario text through the real loader.  The
 * position judges nothing: a second terrain entry or a second city on a
 * cell loses to the first, addresses off the board place nothing, and a
 * hostile file stacking thousands of units on one cell is still linked in
 * file order with each unit's rank. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/util.h"
#include "base/xmldoc.h"
#include "geo/grid.h"
#include "model/position.h"
#include "model/ruleset.h"
#include "model/scenario.h"

typedef struct fixture {
	diag_sink sink;
	xml_document *doc;
	scenario *sc;
	ruleset *rs;
	position *pos;
} fixture;

static void load(fixture *f, const char *ruleset_id, const char *board, const char *body)
{
	const char *data = getenv("ORBAT_DATADIR");
	assert_non_null(data);
	char *xml = xasprintf("<?xml version=\"1.0\"?>\n"
			      "<scenario xmlns=\"urn:orbat:scenario:1\" id=\"t\" ruleset=\"%s\">\n"
			      "<title xml:lang=\"en\">T</title>%s\n%s\n</scenario>\n",
		ruleset_id, board, body);
	diag_sink_init(&f->sink);
	assert_int_equal(xmldoc_load_memory("t.xml", xml, strlen(xml), &f->sink, &f->doc), XMLDOC_OK);
	free(xml);
	f->sc = scenario_from_document(f->doc, &f->sink);
	assert_non_null(f->sc);
	f->rs = ruleset_load(data, ruleset_id, &f->sink);
	assert_non_null(f->rs);
	f->pos = position_create(f->sc, f->rs);
}

static void unload(fixture *f)
{
	position_destroy(f->pos);
	ruleset_destroy(f->rs);
	scenario_destroy(f->sc);
	xmldoc_destroy(f->doc);
	diag_sink_finish(&f->sink);
}

static grid_cell at(const char *address)
{
	grid_cell c;
	assert_true(hex_parse(address, &c));
	return c;
}

static const position_cell *cell(const fixture *f, const char *address)
{
	const position_cell *c = position_at(f->pos, at(address));
	assert_non_null(c);
	return c;
}

/* The index of the unit or general with that id. */
static long unit_index(const fixture *f, const char *id)
{
	for (size_t i = 0; i < f->sc->unit_count; i++)
		if (str_eq(f->sc->units[i].id.text, id))
			return (long)i;
	fail_msg("no unit %s", id);
	return -1;
}

#define HEX_BOARD "<board columns=\"13\" rows=\"9\"/>"

static void test_hex(void **state)
{
	(void)state;
	fixture f;
	load(&f, "battlecry-1999", HEX_BOARD,
		"<terrain><hex at=\"C3\" type=\"woods\"/><hex at=\"C3\" type=\"hill\"/><hex at=\"D4\" type=\"marsh\"/>"
		"<hex at=\"E5\" type=\"river\"/><hex at=\"Z9\" type=\"woods\"/></terrain>"
		"<side id=\"union\" home=\"south\" cards=\"4\" victory=\"3\">"
		"<unit id=\"u1\" type=\"infantry\" at=\"B2\"/><unit id=\"u2\" type=\"infantry\" at=\"B2\"/>"
		"<unit id=\"u3\" type=\"infantry\" at=\"M9\"/><unit id=\"u4\" type=\"infantry\"/>"
		"<general id=\"g1\" at=\"B2\"/></side>"
		"<side id=\"confederate\" home=\"north\" cards=\"4\" victory=\"3\">"
		"<unit id=\"c1\" type=\"infantry\" at=\"B2\"/><general id=\"g2\" at=\"B2\"/>"
		"<general id=\"g3\" at=\"A99\"/></side>"
		"<objective at=\"F5\" vp=\"1\" for=\"both\"/>");
	const position *p = f.pos;
	assert_true(p->board_ok);
	assert_int_equal(p->cell_count, 13 * 5 + 12 * 4);

	/* Terrain: the first entry holds a cell; unknown types read NULL. */
	assert_string_equal(cell(&f, "C3")->terrain->id, "woods");
	assert_int_equal(cell(&f, "C3")->terrain_entry, 0);
	assert_null(cell(&f, "D4")->terrain);
	assert_string_equal(cell(&f, "A1")->terrain->id, "clear");
	assert_int_equal(cell(&f, "A1")->terrain_entry, -1);
	assert_true(position_water(p, at("E5")));
	assert_false(position_water(p, at("C3")));

	/* Units per side, in file order, with their rank. */
	const position_cell *b2 = cell(&f, "B2");
	long u1 = unit_index(&f, "u1"), u2 = unit_index(&f, "u2"), c1 = unit_index(&f, "c1");
	assert_int_equal(b2->units[0].first, u1);
	assert_int_equal(b2->units[0].count, 2);
	assert_int_equal(p->units[u1].next, u2);
	assert_int_equal(p->units[u2].next, -1);
	assert_int_equal(p->units[u1].rank, 0);
	assert_int_equal(p->units[u2].rank, 1);
	assert_int_equal(b2->units[1].first, c1);
	assert_int_equal(b2->units[1].count, 1);
	assert_true(p->units[unit_index(&f, "u3")].placed);
	/* Row 9 is a long row: M9 is its last hex. */
	assert_int_equal(cell(&f, "M9")->units[0].count, 1);
	assert_false(p->units[unit_index(&f, "u4")].placed);

	/* Generals of both sides in one list; an unplaced one in none. */
	assert_int_equal(b2->generals.count, 2);
	assert_int_equal(p->generals[1].rank, 1);
	assert_int_equal(p->generals[b2->generals.first].next, 1);
	assert_false(p->generals[2].placed);

	assert_int_equal(cell(&f, "F5")->objectives.count, 1);
	assert_int_equal(cell(&f, "F5")->objectives.first, 0);
	unload(&f);
}

/* The square board: sea, cities, zones and ships; a <hex> entry names no
 * square; units aboard a ship are not on the board. */
static void test_square(void **state)
{
	(void)state;
	fixture f;
	load(&f, "mb-remastered", "<board columns=\"10\" rows=\"8\" grid=\"square\"/>",
		"<terrain><square at=\"J1\" type=\"sea\"/><square at=\"J2\" type=\"sea\"/>"
		"<hex at=\"A1\" type=\"mountain\"/><square at=\"B2\" type=\"mountain\"/></terrain>"
		"<sea-zone id=\"z1\"><squares>J1 J2 J1</squares></sea-zone>"
		"<sea-zone id=\"z2\"><squares>J2</squares></sea-zone>"
		"<city id=\"boston\" at=\"I1\" side=\"union\" port=\"true\" zone=\"z1\"/>"
		"<city id=\"salem\" at=\"I1\" side=\"union\"/>"
		"<forces side=\"union\"><unit id=\"u1\" type=\"infantry\" at=\"I1\"/>"
		"<ship id=\"s1\" type=\"gunboat\" at=\"J1\"><unit id=\"u2\" type=\"infantry\" at=\"J1\"/></ship>"
		"<general id=\"grant\" at=\"I1\"/></forces>");
	const position *p = f.pos;
	assert_true(p->board_ok);
	assert_int_equal(p->cell_count, 80);
	assert_string_equal(cell(&f, "A1")->terrain->id, "clear");
	assert_string_equal(cell(&f, "B2")->terrain->id, "mountain");
	assert_true(position_water(p, at("J1")));

	/* The first zone to list a square holds it, with the position in its list. */
	assert_int_equal(cell(&f, "J1")->zone, 0);
	assert_int_equal(cell(&f, "J1")->zone_square, 0);
	assert_int_equal(cell(&f, "J2")->zone, 0);
	assert_int_equal(cell(&f, "J2")->zone_square, 1);
	assert_int_equal(cell(&f, "A1")->zone, -1);

	assert_int_equal(cell(&f, "I1")->city, 0);
	assert_int_equal(cell(&f, "J1")->ships.first, 0);
	assert_int_equal(cell(&f, "J1")->ships.count, 1);
	assert_int_equal(cell(&f, "I1")->units[0].count, 1);
	assert_true(p->units[unit_index(&f, "u1")].placed);
	assert_false(p->units[unit_index(&f, "u2")].placed);
	assert_int_equal(cell(&f, "J1")->units[0].count, 0);
	assert_int_equal(cell(&f, "I1")->generals.count, 1);
	unload(&f);
}

/* Off the board: no cell, clear ground, no water; a board the ruleset does
 * not allow places nothing at all. */
static void test_off_board(void **state)
{
	(void)state;
	fixture f;
	load(&f, "battlecry-1999", HEX_BOARD, "<side id=\"union\"><unit id=\"u1\" type=\"infantry\" at=\"M2\"/></side>");
	/* Row 2 is short: it ends at L2. */
	assert_null(position_at(f.pos, at("M2")));
	assert_false(f.pos->units[0].placed);
	assert_null(position_at(f.pos, (grid_cell){ -1, 0 }));
	assert_null(position_at(f.pos, (grid_cell){ 0, 9 }));
	assert_string_equal(position_terrain(f.pos, (grid_cell){ 40, 40 })->id, "clear");
	assert_false(position_water(f.pos, (grid_cell){ 40, 40 }));
	unload(&f);

	load(&f, "battlecry-1999", "<board columns=\"500\" rows=\"9\"/>",
		"<side id=\"union\"><unit id=\"u1\" type=\"infantry\" at=\"A1\"/></side>");
	assert_false(f.pos->board_ok);
	assert_int_equal(f.pos->cell_count, 0);
	assert_null(position_at(f.pos, at("A1")));
	assert_false(f.pos->units[0].placed);
	assert_string_equal(position_terrain(f.pos, at("A1"))->id, "clear");
	unload(&f);

	load(&f, "mb-remastered", "<board columns=\"10\" rows=\"8\" grid=\"square\"/>",
		"<forces side=\"union\"><unit id=\"u1\" type=\"infantry\" at=\"K1\"/>"
		"<unit id=\"u2\" type=\"infantry\" at=\"A9\"/><unit id=\"u3\" type=\"infantry\" at=\"J8\"/></forces>");
	assert_false(f.pos->units[0].placed);
	assert_false(f.pos->units[1].placed);
	assert_true(f.pos->units[2].placed);
	unload(&f);
}

/* Thousands of units on one hex: every one linked in file order, ranked,
 * counted; a third side's units stand on the board in no list. */
static void test_hostile_stacking(void **state)
{
	(void)state;
	enum { N = 20000 };
	size_t cap = (size_t)N * 48 + 64;
	char *body = xmalloc(cap);
	size_t len = (size_t)snprintf(body, cap, "<side id=\"union\">");
	for (int i = 0; i < N; i++)
		len += (size_t)snprintf(body + len, cap - len, "<unit id=\"u%d\" type=\"infantry\" at=\"C3\"/>", i);
	snprintf(body + len, cap - len, "</side><side id=\"confederate\"/><side id=\"third\">"
					"<unit id=\"x\" type=\"infantry\" at=\"C3\"/></side>");
	fixture f;
	load(&f, "battlecry-1999", HEX_BOARD, body);
	free(body);
	const position_cell *c3 = cell(&f, "C3");
	assert_int_equal(c3->units[0].count, N);
	assert_int_equal(c3->units[1].count, 0);
	long u = c3->units[0].first, seen = 0;
	for (; u >= 0; u = f.pos->units[u].next) {
		assert_int_equal(u, seen);
		assert_int_equal(f.pos->units[u].rank, seen);
		seen++;
	}
	assert_int_equal(seen, N);
	assert_true(f.pos->units[N].placed);
	unload(&f);
}

/* The units of both sides on a cell come out of the walk in file order,
 * each once; an empty cell and no cell at all give none. */
static void test_units_walk(void **state)
{
	(void)state;
	fixture f;
	load(&f, "battlecry-1999", HEX_BOARD,
		"<side id=\"union\"><unit id=\"a\" type=\"infantry\" at=\"C3\"/>"
		"<unit id=\"b\" type=\"infantry\" at=\"D4\"/>"
		"<unit id=\"c\" type=\"cavalry\" at=\"C3\"/></side>"
		"<side id=\"confederate\"><unit id=\"d\" type=\"infantry\" at=\"C3\"/>"
		"<unit id=\"e\" type=\"artillery\" at=\"C3\"/></side>");
	const char *expect[] = { "a", "c", "d", "e" };
	position_walk w;
	position_units_begin(cell(&f, "C3"), &w);
	for (size_t i = 0; i < 4; i++)
		assert_int_equal(position_units_next(f.pos, &w), unit_index(&f, expect[i]));
	assert_int_equal(position_units_next(f.pos, &w), -1);
	assert_int_equal(position_units_next(f.pos, &w), -1);

	position_units_begin(cell(&f, "A1"), &w);
	assert_int_equal(position_units_next(f.pos, &w), -1);
	position_units_begin(NULL, &w);
	assert_int_equal(position_units_next(f.pos, &w), -1);
	unload(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hex),
		cmocka_unit_test(test_square),
		cmocka_unit_test(test_off_board),
		cmocka_unit_test(test_hostile_stacking),
		cmocka_unit_test(test_units_walk),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
