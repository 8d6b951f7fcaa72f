/* Unit tests of model/scenario_sections: the sections of First Bull Run
 * as each side names them from its seat (§1, §3).  The union's home edge
 * is north, so its left flank is the east of the board and the
 * confederate's left the west; the centre is the same cells for both; a
 * hex cut by a section line is in no list; a square board and a word that
 * names no section give none. */
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
#include "model/ruleset.h"
#include "model/scenario.h"
#include "model/scenario_sections.h"

typedef struct fixture {
	diag_sink sink;
	xml_document *doc;
	scenario *sc;
	ruleset *rs;
} fixture;

/* A bundled scenario, beside the data folder of the source tree. */
static void load(fixture *f, const char *file)
{
	const char *data = getenv("ORBAT_DATADIR");
	assert_non_null(data);
	char *path = xasprintf("%s/../scenarios/%s", data, file);
	diag_sink_init(&f->sink);
	assert_int_equal(xmldoc_load_file(path, file, &f->sink, &f->doc), XMLDOC_OK);
	free(path);
	f->sc = scenario_from_document(f->doc, &f->sink);
	assert_non_null(f->sc);
	f->rs = ruleset_load(data, f->sc->ruleset.text, &f->sink);
	assert_non_null(f->rs);
}

static void unload(fixture *f)
{
	ruleset_destroy(f->rs);
	scenario_destroy(f->sc);
	xmldoc_destroy(f->doc);
	diag_sink_finish(&f->sink);
}

static size_t side_index(const scenario *sc, const char *id)
{
	for (size_t i = 0; i < sc->side_count; i++)
		if (sc->sides[i].id.text && strcmp(sc->sides[i].id.text, id) == 0)
			return i;
	fail_msg("no side %s", id);
	return 0;
}

#define CELLS_MAX 400

/* Whether address is among the n cells. */
static bool holds(const grid_cell *cells, size_t n, const char *address)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(GRID_ADDRESS(cells[i]), address) == 0)
			return true;
	return false;
}

static void seats_turn_the_flanks_round(void **state)
{
	(void)state;
	fixture f;
	load(&f, "first-bull-run.xml");
	size_t un = side_index(f.sc, "union"), cs = side_index(f.sc, "confederate");
	grid_cell a[CELLS_MAX], b[CELLS_MAX];
	size_t n = scenario_section_cells(f.sc, f.rs, un, "left", a, CELLS_MAX);
	size_t m = scenario_section_cells(f.sc, f.rs, cs, "right", b, CELLS_MAX);
	assert_true(n > 0 && n <= CELLS_MAX);
	/* The union's left is the confederate's right: the east. */
	assert_int_equal(n, m);
	assert_memory_equal(a, b, n * sizeof *a);
	assert_true(holds(a, n, "M1") && !holds(a, n, "A1"));
	n = scenario_section_cells(f.sc, f.rs, cs, "left", a, CELLS_MAX);
	assert_true(holds(a, n, "A1") && !holds(a, n, "M1"));
	/* The centre alike from both seats, and its other spelling. */
	n = scenario_section_cells(f.sc, f.rs, un, "centre", a, CELLS_MAX);
	m = scenario_section_cells(f.sc, f.rs, cs, "center", b, CELLS_MAX);
	assert_true(n > 0);
	assert_int_equal(n, m);
	assert_memory_equal(a, b, n * sizeof *a);
	unload(&f);
}

static void lines_cut_cells_out_of_every_section(void **state)
{
	(void)state;
	fixture f;
	load(&f, "first-bull-run.xml");
	grid_board board;
	assert_true(scenario_grid(f.sc, f.rs, &board));
	grid_cell cells[CELLS_MAX];
	size_t total = 0, cut = 0;
	for (size_t i = 0; i < grid_count(&board); i++) {
		unsigned bits = grid_sections(&board, grid_from_index(&board, i));
		cut += bits != 0 && (bits & (bits - 1)) != 0;
	}
	const char *words[] = { "left", "centre", "right" };
	for (size_t k = 0; k < ARRAY_LEN(words); k++) {
		size_t n = scenario_section_cells(f.sc, f.rs, 0, words[k], cells, CELLS_MAX);
		for (size_t i = 0; i < n; i++) {
			unsigned bits = grid_sections(&board, cells[i]);
			assert_true(bits != 0 && (bits & (bits - 1)) == 0);
		}
		total += n;
	}
	assert_true(cut > 0);
	assert_int_equal(total + cut, grid_count(&board));
	/* The count is told whatever room is given. */
	assert_int_equal(scenario_section_cells(f.sc, f.rs, 0, "left", NULL, 0),
		scenario_section_cells(f.sc, f.rs, 0, "left", cells, CELLS_MAX));
	unload(&f);
}

static void no_section_no_cells(void **state)
{
	(void)state;
	fixture f;
	load(&f, "first-bull-run.xml");
	grid_cell cells[4];
	assert_int_equal(scenario_section_cells(f.sc, f.rs, 0, "middle", cells, 4), 0);
	assert_int_equal(scenario_section_cells(f.sc, f.rs, 0, NULL, cells, 4), 0);
	assert_int_equal(scenario_section_cells(f.sc, f.rs, 9, "left", cells, 4), 0);
	unload(&f);
	load(&f, "mb-1861.xml");
	assert_int_equal(scenario_section_cells(f.sc, f.rs, 0, "left", cells, 4), 0);
	unload(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(seats_turn_the_flanks_round),
		cmocka_unit_test(lines_cut_cells_out_of_every_section),
		cmocka_unit_test(no_section_no_cells),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
