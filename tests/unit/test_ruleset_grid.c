/* Unit tests of how a ruleset picks its grid: the grid attribute names a
 * grid of geo/grid.h, and what a complete ruleset must hold comes from the
 * table of its grid (units, stacking and the deck for hex rulesets;
 * purchases, sea zones and the turn sequence for square ones). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "geo/grid.h"
#include "model/ruleset.h"

static const char *data_dir(void)
{
	const char *d = getenv("ORBAT_DATADIR");
	return d ? d : "data";
}

static void test_bundled_rulesets(void **state)
{
	(void)state;
	static const struct {
		const char *id, *grid;
	} cases[] = {
		{ "battlecry-1999", "hex" }, { "battlecry-150", "hex" }, { "noord-zuid", "hex" }, { "mb-remastered", "square" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		diag_sink sink;
		diag_sink_init(&sink);
		ruleset *rs = ruleset_load(data_dir(), cases[i].id, &sink);
		assert_non_null(rs);
		assert_string_equal(grid_ops_of(rs->grid)->name, cases[i].grid);
		ruleset_destroy(rs);
		diag_sink_finish(&sink);
	}
}

typedef struct tmp_dir {
	char root[64];
	char rulesets[96];
} tmp_dir;

static void write_file(const tmp_dir *t, const char *id, const char *grid)
{
	char path[160];
	snprintf(path, sizeof path, "%s/%s.xml", t->rulesets, id);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<ruleset xmlns=\"urn:orbat:ruleset:1\" id=\"%s\" grid=\"%s\" rule-prefix=\"t\"/>\n", id, grid);
	fclose(f);
}

static void remove_file(const tmp_dir *t, const char *id)
{
	char path[160];
	snprintf(path, sizeof path, "%s/%s.xml", t->rulesets, id);
	unlink(path);
}

static bool says(const diag_sink *sink, const char *part)
{
	for (size_t i = 0; i < sink->count; i++)
		if (strstr(sink->items[i].message, part))
			return true;
	return false;
}

/* Loads a ruleset that must fail; the sink keeps what it said. */
static void load_broken(const tmp_dir *t, const char *id, diag_sink *sink)
{
	diag_sink_init(sink);
	ruleset *rs = ruleset_load(t->root, id, sink);
	if (rs) {
		ruleset_destroy(rs);
		fail_msg("%s should not load", id);
	}
}

static void test_completeness_per_grid(void **state)
{
	(void)state;
	tmp_dir t;
	snprintf(t.root, sizeof t.root, "/tmp/orbat-grid-XXXXXX");
	assert_non_null(mkdtemp(t.root));
	snprintf(t.rulesets, sizeof t.rulesets, "%s/rulesets", t.root);
	assert_int_equal(mkdir(t.rulesets, 0700), 0);
	write_file(&t, "empty-hex", "hex");
	write_file(&t, "empty-square", "square");
	write_file(&t, "cube", "cube");

	diag_sink sink;
	load_broken(&t, "empty-hex", &sink);
	assert_true(says(&sink, "lacks exactly two <side> entries"));
	assert_true(says(&sink, "lacks a <unit-type>"));
	assert_true(says(&sink, "lacks <deck rule>"));
	assert_false(says(&sink, "<square-unit>"));
	diag_sink_finish(&sink);

	load_broken(&t, "empty-square", &sink);
	assert_true(says(&sink, "lacks exactly two <side> entries"));
	assert_true(says(&sink, "lacks a <square-unit>"));
	assert_true(says(&sink, "lacks <naval sea-zones>"));
	assert_false(says(&sink, "<unit-type>"));
	assert_false(says(&sink, "<deck rule>"));
	diag_sink_finish(&sink);

	load_broken(&t, "cube", &sink);
	assert_true(says(&sink, "grid must be hex or square, not 'cube'"));
	diag_sink_finish(&sink);

	remove_file(&t, "empty-hex");
	remove_file(&t, "empty-square");
	remove_file(&t, "cube");
	rmdir(t.rulesets);
	rmdir(t.root);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bundled_rulesets),
		cmocka_unit_test(test_completeness_per_grid),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
