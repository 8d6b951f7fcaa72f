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
#include "sink_says.h"

static const char *data_dir(void)
{
	const char *d = getenv("ORBAT_DATADIR");
	return d ? d : "data";
}

static void square_sections(const ruleset *rs);

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
		if (strcmp(cases[i].grid, "square") == 0)
			square_sections(rs);
		ruleset_destroy(rs);
		diag_sink_finish(&sink);
	}
}

typedef struct tmp_dir {
	char root[64];
	char rulesets[96];
} tmp_dir;

/* The ruleset file `id` with the root's other attributes and a body. */
static void write_ruleset(const tmp_dir *t, const char *id, const char *attrs, const char *body)
{
	char path[160];
	snprintf(path, sizeof path, "%s/%s.xml", t->rulesets, id);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<ruleset xmlns=\"urn:orbat:ruleset:1\" id=\"%s\" %s>\n%s</ruleset>\n", id, attrs, body);
	fclose(f);
}

static void remove_file(const tmp_dir *t, const char *id)
{
	char path[160];
	snprintf(path, sizeof path, "%s/%s.xml", t->rulesets, id);
	unlink(path);
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

/* A ruleset file of the given body, extending mb-remastered, which the
 * temporary data folder links to. */
static void write_child(const tmp_dir *t, const char *id, const char *body)
{
	write_ruleset(t, id, "extends=\"mb-remastered\" grid=\"square\"", body);
}

static const char *step_rule(const ruleset *rs, const char *step)
{
	const rs_square_step *s = ruleset_find_square_step(rs, step);
	assert_non_null(s);
	return s->rule;
}

/* The sections the square game cites are read from the elements whose
 * facts they are about. */
static void square_sections(const ruleset *rs)
{
	assert_string_equal(rs->board.rule, "11.board");
	const rs_square_rules *r = &rs->square.rules;
	assert_string_equal(r->ids, "11.ids");
	assert_string_equal(r->turn, "11.turn");
	assert_string_equal(r->retreat, "11.retreat");
	assert_string_equal(r->naval, "11.naval");
	assert_string_equal(r->transport, "11.transport");
	assert_string_equal(r->cargo, "11.cargo");
	assert_string_equal(r->capitals, "11.capitals");
	assert_string_equal(r->generals, "11.generals");
	assert_string_equal(r->entrench, "11.entrench");
	assert_string_equal(r->victory, "11.victory");
	assert_string_equal(step_rule(rs, "buy"), "11.purchase");
	assert_string_equal(step_rule(rs, "move"), "11.move");
	assert_string_equal(step_rule(rs, "combat"), "11.combat");
	assert_string_equal(step_rule(rs, "redeploy"), "11.noncombat");
	assert_string_equal(step_rule(rs, "place"), "11.placement");
	assert_int_equal(ruleset_find_square_step(rs, "move")->dice, 2);
	assert_int_equal(ruleset_find_square_step(rs, "redeploy")->dice, 1);
	assert_int_equal(ruleset_find_square_step(rs, "buy")->dice, 0);
	assert_null(ruleset_find_square_step(rs, "muster"));
	for (size_t i = 0; i < rs->square.unit_count; i++)
		assert_string_equal(rs->square.units[i].rule, "11.units");
}

/* A child of mb-remastered may renumber a section; a square unit or step
 * it adds must state its own. */
static void square_sections_of_children(const tmp_dir *t)
{
	diag_sink sink;
	/* The link's target as an absolute path: the data folder may be given
	 * relative to the working folder. */
	char cwd[256], parent[600], link[160];
	assert_non_null(getcwd(cwd, sizeof cwd));
	snprintf(parent, sizeof parent, "%s%s%s/rulesets/mb-remastered.xml", data_dir()[0] == '/' ? "" : cwd,
		data_dir()[0] == '/' ? "" : "/", data_dir());
	snprintf(link, sizeof link, "%s/mb-remastered.xml", t->rulesets);
	assert_int_equal(symlink(parent, link), 0);

	/* A club's renumbering: the rest is inherited. */
	write_child(t, "mb-club", "<naval rule=\"12.sea\"/>\n"
		"<sequence><step id=\"move\" rule=\"12.march\"/></sequence>\n");
	diag_sink_init(&sink);
	ruleset *rs = ruleset_load(t->root, "mb-club", &sink);
	assert_non_null(rs);
	assert_string_equal(rs->square.rules.naval, "12.sea");
	assert_string_equal(rs->square.rules.transport, "11.transport");
	assert_string_equal(step_rule(rs, "move"), "12.march");
	assert_int_equal(ruleset_find_square_step(rs, "move")->dice, 2);
	assert_string_equal(step_rule(rs, "combat"), "11.combat");
	ruleset_destroy(rs);
	diag_sink_finish(&sink);

	/* A unit and a step without their sections. */
	write_child(t, "mb-bare", "<square-unit id=\"dragoon\" cost=\"2\" move=\"2\" attack=\"2\" defend=\"1\"/>\n"
		"<sequence><step id=\"muster\"/></sequence>\n");
	load_broken(t, "mb-bare", &sink);
	assert_true(sink_says(&sink, "lacks a rule on every <square-unit>"));
	assert_true(sink_says(&sink, "lacks a rule on every <sequence> <step>"));
	assert_false(sink_says(&sink, "<naval rule>"));
	diag_sink_finish(&sink);

	remove_file(t, "mb-club");
	remove_file(t, "mb-bare");
	unlink(link);
}

static void test_completeness_per_grid(void **state)
{
	(void)state;
	tmp_dir t;
	snprintf(t.root, sizeof t.root, "/tmp/orbat-grid-XXXXXX");
	assert_non_null(mkdtemp(t.root));
	snprintf(t.rulesets, sizeof t.rulesets, "%s/rulesets", t.root);
	assert_int_equal(mkdir(t.rulesets, 0700), 0);
	/* Empty rulesets of each grid lack everything their grid needs. */
	write_ruleset(&t, "empty-hex", "grid=\"hex\" rule-prefix=\"t\"", "");
	write_ruleset(&t, "empty-square", "grid=\"square\" rule-prefix=\"t\"", "");
	write_ruleset(&t, "cube", "grid=\"cube\" rule-prefix=\"t\"", "");

	diag_sink sink;
	load_broken(&t, "empty-hex", &sink);
	assert_true(sink_says(&sink, "lacks exactly two <side> entries"));
	assert_true(sink_says(&sink, "lacks a <unit-type>"));
	assert_true(sink_says(&sink, "lacks <deck rule>"));
	assert_false(sink_says(&sink, "<square-unit>"));
	assert_false(sink_says(&sink, "ids-rule"));
	diag_sink_finish(&sink);

	load_broken(&t, "empty-square", &sink);
	assert_true(sink_says(&sink, "lacks exactly two <side> entries"));
	assert_true(sink_says(&sink, "lacks a <square-unit>"));
	assert_true(sink_says(&sink, "lacks <naval sea-zones>"));
	/* the sections the square game cites are data too */
	assert_true(sink_says(&sink, "lacks <board rule>"));
	assert_true(sink_says(&sink, "lacks <ruleset ids-rule>"));
	assert_true(sink_says(&sink, "lacks <naval rule>"));
	assert_true(sink_says(&sink, "lacks <square-players rule>"));
	assert_true(sink_says(&sink, "lacks <square-victory rule>"));
	assert_false(sink_says(&sink, "<unit-type>"));
	assert_false(sink_says(&sink, "<deck rule>"));
	diag_sink_finish(&sink);

	load_broken(&t, "cube", &sink);
	assert_true(sink_says(&sink, "grid must be hex or square, not 'cube'"));
	diag_sink_finish(&sink);

	square_sections_of_children(&t);

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
