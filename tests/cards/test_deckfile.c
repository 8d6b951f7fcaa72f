/* The deck model (cards/deckfaces): the ruleset's deck as printed, and the
 * player's deck files with their exact diagnostics (file:line:col, rule
 * "deck"), as scenarios report theirs. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/datadir.h"
#include "base/diag.h"
#include "cards/deckfaces.h"
#include "model/ruleset.h"

typedef struct fixture {
	ruleset *rs;
	cards_deck *deck;
	diag_sink sink;
} fixture;

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof *f);
	if (!f)
		return -1;
	diag_sink_init(&f->sink);
	f->rs = ruleset_load(datadir_get(), "noord-zuid", &f->sink);
	if (!f->rs)
		return -1;
	f->deck = deck_from_ruleset(f->rs);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;
	deck_destroy(f->deck);
	ruleset_destroy(f->rs);
	diag_sink_finish(&f->sink);
	free(f);
	return 0;
}

static deck_status load(fixture *f, const char *xml)
{
	diag_sink_clear(&f->sink);
	return deck_load_memory(f->deck, f->rs, "own.xml", xml, strlen(xml), &f->sink);
}

/* The diagnostics, one formatted line each, joined by newlines. */
static char *diagnostics(const fixture *f)
{
	size_t cap = 1;
	for (size_t i = 0; i < f->sink.count; i++)
		cap += 1024;
	char *out = calloc(1, cap);
	for (size_t i = 0; i < f->sink.count; i++) {
		char line[1024];
		diag_format_one(&f->sink.items[i], line, sizeof line);
		strcat(out, line);
		strcat(out, "\n");
	}
	return out;
}

static void assert_diagnostics(const fixture *f, const char *expected)
{
	char *got = diagnostics(f);
	if (strcmp(got, expected) != 0) {
		fprintf(stderr, "diagnostics differ.\n--- got:\n%s--- expected:\n%s", got, expected);
		free(got);
		fail();
	}
	free(got);
}

/* ---- the ruleset's own deck ---- */

static void test_ruleset_deck(void **state)
{
	fixture *f = *state;
	/* The listed counts of source 001 add up to 58 (it says 60). */
	assert_int_equal(deck_total(f->deck), 58);
	assert_int_equal(deck_total(f->deck), ruleset_deck_size(f->rs));
	deck_design *designs = NULL;
	size_t n = deck_designs(f->deck, &designs);
	/* Four cards for one of three flanks, twelve for no flank. */
	assert_int_equal(n, 4 * 3 + 12);
	assert_string_equal(designs[0].card->id, "recon");
	assert_int_equal(designs[0].flank, DECK_LEFT);
	assert_int_equal(designs[0].count, 4);
	assert_int_equal(designs[1].flank, DECK_CENTRE);
	assert_int_equal(designs[1].count, 5);
	free(designs);

	deck_design *prints = NULL;
	assert_int_equal(deck_print_list(f->deck, false, &prints), 58);
	for (int i = 0; i < 4; i++)
		assert_int_equal(prints[i].flank, DECK_LEFT);
	assert_int_equal(prints[4].flank, DECK_CENTRE);
	free(prints);
	assert_int_equal(deck_print_list(f->deck, true, &prints), 24);
	free(prints);
}

/* ---- valid files ---- */

static const char ADD_OK[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<deck xmlns=\"urn:orbat:deck:1\" mode=\"add\">\n"
	"  <card id=\"ambush\" order=\"special\" any=\"2\">\n"
	"    <name xml:lang=\"en\">Ambush</name>\n"
	"    <name xml:lang=\"nl\">Hinderlaag</name>\n"
	"    <name xml:lang=\"fr\">Embuscade</name>\n"
	"    <text xml:lang=\"en\">One unit in woods\n      may battle first.</text>\n"
	"    <text xml:lang=\"nl\">Eén eenheid in een bos mag eerst vechten.</text>\n"
	"    <text xml:lang=\"fr\">Une unité en forêt peut combattre la première.</text>\n"
	"  </card>\n"
	"</deck>\n";

static void test_add(void **state)
{
	fixture *f = *state;
	assert_int_equal(load(f, ADD_OK), DECK_OK);
	assert_int_equal(f->sink.count, 0);
	assert_int_equal(deck_total(f->deck), 60);
	const deck_face *c = &f->deck->cards[f->deck->card_count - 1];
	assert_string_equal(c->id, "ambush");
	assert_true(c->own);
	assert_int_equal(c->count[DECK_ANY], 2);
	/* Blanks inside a text collapse to one space. */
	assert_string_equal(c->text.text[LANG_EN], "One unit in woods may battle first.");
	assert_string_equal(c->name.text[LANG_NL], "Hinderlaag");
}

static void test_replace(void **state)
{
	fixture *f = *state;
	const char *xml =
		"<deck xmlns=\"urn:orbat:deck:1\" mode=\"replace\">\n"
		"  <card id=\"charge\" order=\"section\" units=\"2\" types=\"cavalry\" left=\"1\" centre=\"2\" right=\"1\">\n"
		"    <name xml:lang=\"en\">Charge</name><name xml:lang=\"nl\">Charge</name><name xml:lang=\"fr\">Charge</name>\n"
		"    <text xml:lang=\"en\">Two cavalry units.</text><text xml:lang=\"nl\">Twee cavalerie-eenheden.</text>\n"
		"    <text xml:lang=\"fr\">Deux unités de cavalerie.</text>\n"
		"  </card>\n"
		"</deck>\n";
	assert_int_equal(load(f, xml), DECK_OK);
	assert_int_equal(f->sink.count, 0);
	assert_int_equal(f->deck->card_count, 1);
	assert_int_equal(deck_total(f->deck), 4);
}

static void test_missing_languages_warn(void **state)
{
	fixture *f = *state;
	const char *xml =
		"<deck xmlns=\"urn:orbat:deck:1\">\n"
		"  <card id=\"ambush\" order=\"special\" any=\"1\">\n"
		"    <name xml:lang=\"en\">Ambush</name>\n"
		"    <text xml:lang=\"en\">One unit in woods may battle first.</text>\n"
		"  </card>\n"
		"</deck>\n";
	assert_int_equal(load(f, xml), DECK_OK);
	assert_diagnostics(f,
		"own.xml:2:3: warning: card 'ambush' has no Dutch name (<name xml:lang=\"nl\">); the English one is printed [deck]\n"
		"own.xml:2:3: warning: card 'ambush' has no French name (<name xml:lang=\"fr\">); the English one is printed [deck]\n"
		"own.xml:2:3: warning: card 'ambush' has no Dutch order text (<text xml:lang=\"nl\">) [deck]\n"
		"own.xml:2:3: warning: card 'ambush' has no French order text (<text xml:lang=\"fr\">) [deck]\n");
	assert_int_equal(deck_total(f->deck), 59);
}

/* ---- invalid files: every error reported, the deck unchanged ---- */

static void test_errors(void **state)
{
	fixture *f = *state;
	const char *xml =
		"<deck xmlns=\"urn:orbat:deck:1\" mode=\"add\" colour=\"red\">\n"
		"  <card id=\"a\" order=\"special\" any=\"-1\" flavour=\"x\">\n"
		"    <name xml:lang=\"en\">A</name><name xml:lang=\"nl\">A</name><name xml:lang=\"fr\">A</name>\n"
		"    <text xml:lang=\"en\">a</text><text xml:lang=\"nl\">a</text><text xml:lang=\"fr\">a</text>\n"
		"    <picture/>\n"
		"  </card>\n"
		"  <card id=\"a\" order=\"sideways\" units=\"0\" types=\"infantry zouaves\" left=\"1\">\n"
		"    <name xml:lang=\"en\">B</name><name xml:lang=\"nl\">B</name><name xml:lang=\"fr\">B</name>\n"
		"    <text xml:lang=\"de\">b</text>\n"
		"  </card>\n"
		"  <card id=\"recon\" order=\"section\" left=\"1\">\n"
		"    <text xml:lang=\"en\">c</text><text xml:lang=\"nl\">c</text><text xml:lang=\"fr\">c</text>\n"
		"  </card>\n"
		"  <cards/>\n"
		"</deck>\n";
	assert_int_equal(load(f, xml), DECK_INVALID);
	/* Sorted by position, as scenario diagnostics are. */
	assert_diagnostics(f,
		"own.xml:1:43: error: unknown attribute 'colour' on <deck> [deck]\n"
		"own.xml:2:3: warning: card 'a' has no copies (left, centre, right and any are all 0); it will not be printed [deck]\n"
		"own.xml:2:32: error: card 'a': any=\"-1\" must be a whole number of copies from 0 to 1000 [deck]\n"
		"own.xml:2:41: error: unknown attribute 'flavour' on <card> [deck]\n"
		"own.xml:5:5: error: unknown element <picture> in <card> [deck]\n"
		"own.xml:7:3: warning: card 'a' has no English order text (<text xml:lang=\"en\">) [deck]\n"
		"own.xml:7:3: warning: card 'a' has no Dutch order text (<text xml:lang=\"nl\">) [deck]\n"
		"own.xml:7:3: warning: card 'a' has no French order text (<text xml:lang=\"fr\">) [deck]\n"
		"own.xml:7:9: error: card id 'a' is used twice in this file [deck]\n"
		"own.xml:7:16: error: card 'a': order 'sideways' is not one of section, each-section, type, section-type, generals, all, special [deck]\n"
		"own.xml:7:33: error: card 'a': units=\"0\" must be a whole number of at least 1, or all [deck]\n"
		"own.xml:7:43: error: card 'a' names unit type 'zouaves', which ruleset 'noord-zuid' does not have [deck]\n"
		"own.xml:9:11: error: card 'a': <text> has xml:lang 'de'; use en, nl or fr [deck]\n"
		"own.xml:11:3: error: card 'recon' has no <name> [deck]\n"
		"own.xml:11:9: error: card id 'recon' is already in the deck of ruleset 'noord-zuid'; choose another id, or mode=\"replace\" to print only your own cards [deck]\n"
		"own.xml:14:3: error: unknown element <cards> in <deck> [deck]\n");
	/* Nothing was applied. */
	assert_int_equal(deck_total(f->deck), 58);
	assert_int_equal(f->deck->card_count, f->rs->deck.card_count);
}

static void test_empty_deck_is_an_error(void **state)
{
	fixture *f = *state;
	const char *xml =
		"<deck xmlns=\"urn:orbat:deck:1\" mode=\"replace\">\n"
		"  <card id=\"zero\" order=\"all\" any=\"0\">\n"
		"    <name xml:lang=\"en\">Zero</name><name xml:lang=\"nl\">Nul</name><name xml:lang=\"fr\">Zéro</name>\n"
		"    <text xml:lang=\"en\">z</text><text xml:lang=\"nl\">z</text><text xml:lang=\"fr\">z</text>\n"
		"  </card>\n"
		"</deck>\n";
	assert_int_equal(load(f, xml), DECK_INVALID);
	assert_diagnostics(f,
		"own.xml:1:1: error: the deck would hold no card at all; give at least one card a count of 1 or more [deck]\n"
		"own.xml:2:3: warning: card 'zero' has no copies (left, centre, right and any are all 0); it will not be printed [deck]\n");
	assert_int_equal(deck_total(f->deck), 58);
}

static void test_wrong_root_and_mode(void **state)
{
	fixture *f = *state;
	assert_int_equal(load(f, "<deck xmlns=\"urn:orbat:scenario:1\"/>\n"), DECK_INVALID);
	assert_diagnostics(f, "own.xml:1:1: error: the root element must be <deck xmlns=\"urn:orbat:deck:1\"> [deck]\n");
	assert_int_equal(load(f, "<deck xmlns=\"urn:orbat:deck:1\" mode=\"merge\">\n</deck>\n"), DECK_INVALID);
	assert_diagnostics(f, "own.xml:1:32: error: mode 'merge' is not add or replace [deck]\n");
}

static void test_not_xml(void **state)
{
	fixture *f = *state;
	assert_int_equal(load(f, "<deck xmlns=\"urn:orbat:deck:1\"><card></deck>"), DECK_INVALID);
	assert_true(f->sink.count >= 1);
	assert_string_equal(f->sink.items[0].rule, "xml");
	diag_sink_clear(&f->sink);
	assert_int_equal(deck_load_file(f->deck, f->rs, "/nonexistent/own-deck.xml", &f->sink), DECK_IO_ERROR);
	assert_int_equal(f->sink.count, 1);
	assert_int_equal(deck_total(f->deck), 58);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_ruleset_deck, setup, teardown),
		cmocka_unit_test_setup_teardown(test_add, setup, teardown),
		cmocka_unit_test_setup_teardown(test_replace, setup, teardown),
		cmocka_unit_test_setup_teardown(test_missing_languages_warn, setup, teardown),
		cmocka_unit_test_setup_teardown(test_errors, setup, teardown),
		cmocka_unit_test_setup_teardown(test_empty_deck_is_an_error, setup, teardown),
		cmocka_unit_test_setup_teardown(test_wrong_root_and_mode, setup, teardown),
		cmocka_unit_test_setup_teardown(test_not_xml, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
