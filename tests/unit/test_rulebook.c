/* The rule catalogue (model/rulebook): loading, look-up by id and prefix,
 * the rulesets a prefix serves, variants, and the broken catalogues that
 * must be refused with a reason.  Small catalogues are written into a
 * temporary data folder whose rulesets/ is the real one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/datadir.h"
#include "model/rulebook.h"
#include "sink_says.h"

#define HEAD "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
#define LANGS3(tag, en, nl, fr) \
	"<" tag " xml:lang=\"en\">" en "</" tag ">" \
	"<" tag " xml:lang=\"nl\">" nl "</" tag ">" \
	"<" tag " xml:lang=\"fr\">" fr "</" tag ">"
#define RULE(id) \
	"<rule id=\"" id "\">" LANGS3("title", "Title " id, "Titel " id, "Titre " id) \
	LANGS3("text", "Text.", "Tekst.", "Texte.") LANGS3("advice", "Do.", "Doe.", "Faites.") "</rule>\n"

static const char BATTLECRY[] = HEAD
	"<rules xmlns=\"urn:orbat:rules:1\" prefix=\"bc\">\n"
	"  <rule id=\"bc-3.1\">\n"
	"    " LANGS3("title", "One unit per hex", "Eén eenheid per hex", "Une unité par hexagone") "\n"
	"    <text xml:lang=\"en\">A hex holds\n      one unit.\n\n      A general may join it.  </text>\n"
	"    <text xml:lang=\"nl\">Een hex bevat één eenheid.</text>\n"
	"    <text xml:lang=\"fr\">Un hexagone contient une unité.</text>\n"
	"    " LANGS3("advice", "Move a unit.", "Verplaats een eenheid.", "Déplacez une unité.") "\n"
	"    <variant ruleset=\"battlecry-150\">"
	LANGS3("text", "A general may pass through.", "Een generaal mag erdoor.", "Un général peut passer.")
	"</variant>\n"
	"  </rule>\n"
	RULE("bc-5.1")
	"</rules>\n";

static const char NOORD_ZUID[] = HEAD
	"<rules xmlns=\"urn:orbat:rules:1\" prefix=\"ntz\">\n" RULE("ntz-5.2") "</rules>\n";

/* Named so that it sorts before the prefixed files: the format rules must
 * still come last. */
static const char FORMAT[] = HEAD
	"<rules xmlns=\"urn:orbat:rules:1\">\n" RULE("xml") RULE("schema") "</rules>\n";

typedef struct tmp_data {
	char dir[64];
	char rules[96];
} tmp_data;

static void write_file(const char *dir, const char *name, const char *content)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(content, f);
	fclose(f);
}

static int tmp_setup(void **state)
{
	tmp_data *t = calloc(1, sizeof *t);
	assert_non_null(t);
	snprintf(t->dir, sizeof t->dir, "/tmp/orbat-rulebook.XXXXXX");
	assert_non_null(mkdtemp(t->dir));
	snprintf(t->rules, sizeof t->rules, "%s/rules", t->dir);
	assert_int_equal(mkdir(t->rules, 0700), 0);
	char rulesets[4096], link[128];
	const char *data = datadir_get();
	if (data[0] == '/') {
		snprintf(rulesets, sizeof rulesets, "%s/rulesets", data);
	} else {
		char cwd[2048];
		assert_non_null(getcwd(cwd, sizeof cwd));
		snprintf(rulesets, sizeof rulesets, "%s/%s/rulesets", cwd, data);
	}
	snprintf(link, sizeof link, "%s/rulesets", t->dir);
	assert_int_equal(symlink(rulesets, link), 0);
	*state = t;
	return 0;
}

static int tmp_teardown(void **state)
{
	tmp_data *t = *state;
	char cmd[256];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", t->dir);
	assert_int_equal(system(cmd), 0);
	free(t);
	return 0;
}

static void write_good(const tmp_data *t)
{
	write_file(t->rules, "battlecry.xml", BATTLECRY);
	write_file(t->rules, "noord-zuid.xml", NOORD_ZUID);
	write_file(t->rules, "a-format.xml", FORMAT);
}

static void test_load_and_find(void **state)
{
	tmp_data *t = *state;
	write_good(t);
	diag_sink sink;
	diag_sink_init(&sink);
	rulebook *rb = rulebook_load(t->dir, &sink);
	assert_non_null(rb);
	assert_int_equal(sink.count, 0);

	/* catalogue order: prefixed files by name, the format rules last */
	assert_int_equal(rulebook_rule_count(rb), 5);
	const char *order[] = { "bc-3.1", "bc-5.1", "ntz-5.2", "xml", "schema" };
	for (size_t i = 0; i < 5; i++)
		assert_string_equal(rulebook_rule_at(rb, i)->id, order[i]);
	assert_null(rulebook_rule_at(rb, 5));

	/* ids ignore case; the section is the id without its prefix */
	const rulebook_rule *r = rulebook_find(rb, "BC-3.1");
	assert_non_null(r);
	assert_string_equal(r->id, "bc-3.1");
	assert_string_equal(r->prefix, "bc");
	assert_string_equal(r->section, "3.1");
	assert_null(rulebook_find(rb, "bc-3"));
	assert_null(rulebook_find(rb, "3.1"));
	assert_null(rulebook_find(rb, NULL));
	const rulebook_rule *x = rulebook_find(rb, "Schema");
	assert_non_null(x);
	assert_null(x->prefix);
	assert_null(x->section);

	/* the blanks of the XML are folded; paragraphs stay apart */
	assert_string_equal(r->text.text[LANG_EN], "A hex holds one unit.\n\nA general may join it.");
	assert_string_equal(l10n_get(&r->title, LANG_NL), "Eén eenheid per hex");

	/* variants: the text for a ruleset gets its variant as a paragraph */
	assert_int_equal(r->variant_count, 1);
	assert_non_null(rulebook_variant_for(r, "battlecry-150"));
	assert_null(rulebook_variant_for(r, "battlecry-1999"));
	assert_null(rulebook_variant_for(r, NULL));
	char *plain = rulebook_text_for(r, "battlecry-1999", LANG_FR);
	char *varied = rulebook_text_for(r, "battlecry-150", LANG_FR);
	assert_string_equal(plain, "Un hexagone contient une unité.");
	assert_string_equal(varied, "Un hexagone contient une unité.\n\nUn général peut passer.");
	free(plain);
	free(varied);

	/* lists by prefix */
	const rulebook_rule *list[8];
	assert_int_equal(rulebook_rules_with_prefix(rb, "bc", list, 8), 2);
	assert_string_equal(list[1]->id, "bc-5.1");
	assert_int_equal(rulebook_rules_with_prefix(rb, NULL, list, 8), 2);
	assert_string_equal(list[0]->id, "xml");
	assert_int_equal(rulebook_rules_with_prefix(rb, "mb", list, 8), 0);
	const char *prefixes[4];
	assert_int_equal(rulebook_prefixes(rb, prefixes, 4), 2);
	assert_string_equal(prefixes[0], "bc");
	assert_string_equal(prefixes[1], "ntz");

	rulebook_destroy(rb);
	diag_sink_finish(&sink);
}

static void test_rulesets_of_a_prefix(void **state)
{
	tmp_data *t = *state;
	write_good(t);
	diag_sink sink;
	diag_sink_init(&sink);
	rulebook *rb = rulebook_load(t->dir, &sink);
	assert_non_null(rb);

	/* from the ruleset files' rule-prefix: parents before children */
	const rulebook_ruleset *sets[8];
	assert_int_equal(rulebook_rulesets_of(rb, "bc", sets, 8), 2);
	assert_string_equal(sets[0]->id, "battlecry-1999");
	assert_string_equal(sets[1]->id, "battlecry-150");
	assert_int_equal(rulebook_rulesets_of(rb, "ntz", sets, 8), 1);
	assert_string_equal(sets[0]->id, "noord-zuid");
	assert_int_equal(rulebook_rulesets_of(rb, "mb", sets, 8), 1);
	assert_int_equal(rulebook_rulesets_of(rb, "zz", sets, 8), 0);
	/* a format rule: every ruleset; max only limits what is filled in */
	assert_int_equal(rulebook_rulesets_of(rb, NULL, sets, 1), rulebook_ruleset_count(rb));
	assert_true(rulebook_ruleset_count(rb) >= 4);

	const rulebook_ruleset *nz = rulebook_find_ruleset(rb, "noord-zuid");
	const rulebook_ruleset *bc150 = rulebook_find_ruleset(rb, "battlecry-150");
	assert_non_null(nz);
	assert_non_null(bc150);
	assert_null(rulebook_find_ruleset(rb, "nosuch"));
	assert_string_equal(bc150->prefix, "bc");
	assert_true(l10n_complete(&bc150->name));
	assert_true(rulebook_applies(rulebook_find(rb, "bc-3.1"), bc150));
	assert_false(rulebook_applies(rulebook_find(rb, "bc-3.1"), nz));
	assert_true(rulebook_applies(rulebook_find(rb, "ntz-5.2"), nz));
	assert_true(rulebook_applies(rulebook_find(rb, "xml"), nz));
	assert_true(rulebook_applies(rulebook_find(rb, "xml"), bc150));

	rulebook_destroy(rb);
	diag_sink_finish(&sink);
}

/* Broken catalogues: each is refused, and the message says why. */
static void test_broken(void **state)
{
	static const struct {
		const char *why;
		const char *file;
		const char *content;
		const char *message;
	} cases[] = {
		{ "an id without the file's prefix", "bc.xml",
		  HEAD "<rules xmlns=\"urn:orbat:rules:1\" prefix=\"bc\">" RULE("ntz-3.2") "</rules>",
		  "does not start with this file's prefix 'bc-'" },
		{ "a prefix alone is no id", "bc.xml",
		  HEAD "<rules xmlns=\"urn:orbat:rules:1\" prefix=\"bc\">" RULE("bc-") "</rules>",
		  "does not start with this file's prefix" },
		{ "an id given twice, whatever its case", "f.xml",
		  HEAD "<rules xmlns=\"urn:orbat:rules:1\">" RULE("xml") RULE("XML") "</rules>",
		  "rule 'XML' is given twice" },
		{ "a rule without an id", "f.xml",
		  HEAD "<rules xmlns=\"urn:orbat:rules:1\"><rule>" LANGS3("title", "a", "b", "c") "</rule></rules>",
		  "<rule> needs an id" },
		{ "a rule without a text", "f.xml",
		  HEAD "<rules xmlns=\"urn:orbat:rules:1\"><rule id=\"xml\">" LANGS3("title", "a", "b", "c")
		  "</rule></rules>",
		  "needs a <title> and a <text>" },
		{ "an unknown language", "f.xml",
		  HEAD "<rules xmlns=\"urn:orbat:rules:1\"><rule id=\"xml\"><title xml:lang=\"de\">x</title>"
		  LANGS3("title", "a", "b", "c") LANGS3("text", "a", "b", "c") "</rule></rules>",
		  "needs xml:lang en, nl or fr" },
		{ "a variant without its ruleset", "bc.xml",
		  HEAD "<rules xmlns=\"urn:orbat:rules:1\" prefix=\"bc\"><rule id=\"bc-1\">" LANGS3("title", "a", "b", "c")
		  LANGS3("text", "a", "b", "c") "<variant>" LANGS3("text", "a", "b", "c") "</variant></rule></rules>",
		  "needs a ruleset" },
		{ "another root", "f.xml", HEAD "<strings xmlns=\"urn:orbat:strings:1\"/>",
		  "the root element must be <rules" },
		{ "not well-formed", "f.xml", HEAD "<rules xmlns=\"urn:orbat:rules:1\">",
		  "not well-formed" },
		{ "no rule at all", "f.xml", HEAD "<rules xmlns=\"urn:orbat:rules:1\"/>",
		  "holds no rule" },
	};
	tmp_data *t = *state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char cmd[256];
		snprintf(cmd, sizeof cmd, "rm -f '%s'/*.xml", t->rules);
		assert_int_equal(system(cmd), 0);
		write_file(t->rules, cases[i].file, cases[i].content);
		diag_sink sink;
		diag_sink_init(&sink);
		rulebook *rb = rulebook_load(t->dir, &sink);
		if (rb)
			fail_msg("%s: loaded", cases[i].why);
		if (!sink_says(&sink, cases[i].message))
			fail_msg("%s: no message with '%s' (first: %s)", cases[i].why, cases[i].message,
				sink.count ? sink.items[0].message : "none");
		diag_sink_finish(&sink);
	}
}

static void test_missing_folder(void **state)
{
	(void)state;
	diag_sink sink;
	diag_sink_init(&sink);
	assert_null(rulebook_load("/nonexistent/orbat-data", &sink));
	assert_true(sink_says(&sink, "cannot read the folder of rule texts"));
	assert_string_equal(sink.items[0].rule, "io");
	diag_sink_finish(&sink);
}

/* The catalogue that ships: it loads, and every rule has its three
 * languages. */
static void test_shipped_catalogue(void **state)
{
	(void)state;
	char path[4096];
	snprintf(path, sizeof path, "%s/rules", datadir_get());
	if (access(path, F_OK) != 0)
		skip();
	diag_sink sink;
	diag_sink_init(&sink);
	rulebook *rb = rulebook_load(datadir_get(), &sink);
	if (!rb)
		fail_msg("the shipped catalogue does not load: %s", sink.count ? sink.items[0].message : "?");
	assert_true(rulebook_rule_count(rb) > 0);
	for (size_t i = 0; i < rulebook_rule_count(rb); i++) {
		const rulebook_rule *r = rulebook_rule_at(rb, i);
		if (!l10n_complete(&r->title) || !l10n_complete(&r->text) || !l10n_complete(&r->advice))
			fail_msg("rule %s lacks a language", r->id);
		const rulebook_ruleset *sets[1];
		if (r->prefix && rulebook_rulesets_of(rb, r->prefix, sets, 1) == 0)
			fail_msg("rule %s: no ruleset has the prefix '%s'", r->id, r->prefix);
	}
	rulebook_destroy(rb);
	diag_sink_finish(&sink);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_load_and_find, tmp_setup, tmp_teardown),
		cmocka_unit_test_setup_teardown(test_rulesets_of_a_prefix, tmp_setup, tmp_teardown),
		cmocka_unit_test_setup_teardown(test_broken, tmp_setup, tmp_teardown),
		cmocka_unit_test(test_missing_folder),
		cmocka_unit_test(test_shipped_catalogue),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
