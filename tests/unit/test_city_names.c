/* Unit tests of a square-map city's name per language (model/scenario):
 * a <name xml:lang="…"> child wins for its language, the name attribute
 * stands for every other language, and without the attribute another
 * language's name or, last, the id is printed, never NULL. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/util.h"
#include "base/xmldoc.h"
#include "model/scenario.h"

typedef struct fixture {
	diag_sink sink;
	xml_document *doc;
	scenario *sc;
} fixture;

static void load(fixture *f, const char *cities)
{
	char *xml = xasprintf("<?xml version=\"1.0\"?>\n"
			      "<scenario xmlns=\"urn:orbat:scenario:1\" id=\"t\" ruleset=\"mb-remastered\">\n"
			      "<title xml:lang=\"en\">T</title><board columns=\"10\" rows=\"10\" grid=\"square\"/>\n"
			      "%s\n</scenario>\n",
		cities);
	diag_sink_init(&f->sink);
	assert_int_equal(xmldoc_load_memory("t.xml", xml, strlen(xml), &f->sink, &f->doc), XMLDOC_OK);
	free(xml);
	f->sc = scenario_from_document(f->doc, &f->sink);
	assert_non_null(f->sc);
}

static void unload(fixture *f)
{
	scenario_destroy(f->sc);
	xmldoc_destroy(f->doc);
	diag_sink_finish(&f->sink);
}

static void test_own_name_wins_for_its_language(void **state)
{
	(void)state;
	fixture f;
	load(&f, "<city id=\"new-orleans\" name=\"New Orleans\" at=\"B9\" side=\"confederate\">"
		 "<name xml:lang=\"fr\">La Nouvelle-Orléans</name></city>");
	assert_int_equal(f.sc->city_count, 1);
	const sc_city *c = &f.sc->cities[0];
	assert_string_equal(scenario_city_name(c, LANG_FR), "La Nouvelle-Orléans");
	assert_string_equal(scenario_city_name(c, LANG_EN), "New Orleans");
	assert_string_equal(scenario_city_name(c, LANG_NL), "New Orleans");
	unload(&f);
}

static void test_attribute_alone_is_every_language(void **state)
{
	(void)state;
	fixture f;
	load(&f, "<city id=\"boston\" name=\"Boston\" at=\"I1\" side=\"union\"/>");
	for (int l = 0; l < LANG_COUNT; l++)
		assert_string_equal(scenario_city_name(&f.sc->cities[0], (lang_id)l), "Boston");
	unload(&f);
}

static void test_children_without_attribute(void **state)
{
	(void)state;
	fixture f;
	/* No attribute and no English: Dutch and English readers get the
	 * name there is, not the id. */
	load(&f, "<city id=\"philadelphia\" at=\"C2\" side=\"union\">"
		 "<name xml:lang=\"fr\">Philadelphie</name></city>");
	const sc_city *c = &f.sc->cities[0];
	assert_string_equal(scenario_city_name(c, LANG_FR), "Philadelphie");
	assert_string_equal(scenario_city_name(c, LANG_EN), "Philadelphie");
	assert_string_equal(scenario_city_name(c, LANG_NL), "Philadelphie");
	unload(&f);
}

static void test_no_name_prints_the_id(void **state)
{
	(void)state;
	fixture f;
	load(&f, "<city id=\"fort\" at=\"C3\" side=\"union\"/><city at=\"C4\" side=\"union\"/>");
	assert_string_equal(scenario_city_name(&f.sc->cities[0], LANG_NL), "fort");
	assert_string_equal(scenario_city_name(&f.sc->cities[1], LANG_NL), "");
	unload(&f);
}

static void test_empty_child_falls_back(void **state)
{
	(void)state;
	fixture f;
	/* The schema refuses an empty name; the model still prints something. */
	load(&f, "<city id=\"mobile\" name=\"Mobile\" at=\"E9\" side=\"confederate\">"
		 "<name xml:lang=\"fr\"></name><name xml:lang=\"xx\">Other</name></city>");
	assert_string_equal(scenario_city_name(&f.sc->cities[0], LANG_FR), "Mobile");
	assert_string_equal(scenario_city_name(&f.sc->cities[0], LANG_EN), "Mobile");
	unload(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_own_name_wins_for_its_language),
		cmocka_unit_test(test_attribute_alone_is_every_language),
		cmocka_unit_test(test_children_without_attribute),
		cmocka_unit_test(test_no_name_prints_the_id),
		cmocka_unit_test(test_empty_child_falls_back),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
