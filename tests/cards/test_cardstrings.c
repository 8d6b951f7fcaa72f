/* The texts of the cards and the reference card (data/i18n/cards.xml):
 * every one in English, Dutch and French, no id shared with another file
 * of data/i18n, French typography, and the same {placeholders} in each
 * language (a translation that drops {n} would print a wrong card).  The
 * texts the square grid's reference card asks for exist, each once per
 * language and not empty. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/datadir.h"
#include "base/diag.h"
#include "base/xmldoc.h"
#include "text/strings.h"

#define STRINGS_NS "urn:orbat:strings:1"

static char *cards_xml(void)
{
	size_t n = strlen(datadir_get()) + 64;
	char *path = malloc(n);
	snprintf(path, n, "%s/i18n/cards.xml", datadir_get());
	return path;
}

/* Load cards.xml alone, through the library's loader. */
static void test_every_string_has_three_languages(void **state)
{
	(void)state;
	char dir[] = "/tmp/orbat-cardstrings-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char link_path[256];
	snprintf(link_path, sizeof link_path, "%s/cards.xml", dir);
	char *target = cards_xml();
	assert_int_equal(symlink(target, link_path), 0);
	diag_sink sink;
	diag_sink_init(&sink);
	string_table *t = strings_load(dir, &sink);
	assert_non_null(t);
	assert_true(strings_count(t) > 100);
	const char *first = NULL;
	size_t incomplete = strings_incomplete(t, &first);
	if (incomplete)
		print_error("%zu strings lack a language, the first is '%s'\n", incomplete, first);
	assert_int_equal(incomplete, 0);
	strings_destroy(t);
	diag_sink_finish(&sink);
	unlink(link_path);
	rmdir(dir);
	free(target);
}

/* With every other file of data/i18n: an id defined twice fails the load. */
static void test_no_id_clash(void **state)
{
	(void)state;
	char dir[512];
	snprintf(dir, sizeof dir, "%s/i18n", datadir_get());
	diag_sink sink;
	diag_sink_init(&sink);
	string_table *t = strings_load(dir, &sink);
	for (size_t i = 0; i < sink.count; i++) {
		char line[1024];
		diag_format_one(&sink.items[i], line, sizeof line);
		print_error("%s\n", line);
	}
	assert_non_null(t);
	assert_true(strings_has(t, "card-count"));
	assert_true(strings_has(t, "ref-battle-1@noord-zuid"));
	strings_destroy(t);
	diag_sink_finish(&sink);
}

static int compare_names(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* {name} placeholders of a text, sorted, joined. */
static void placeholders(const char *s, char *out, size_t size)
{
	char found[32][32];
	int n = 0;
	for (const char *p = strchr(s, '{'); p && n < 32; p = strchr(p + 1, '{')) {
		const char *close = strchr(p, '}');
		if (!close || close - p - 1 >= 32)
			break;
		snprintf(found[n], sizeof found[n], "%.*s", (int)(close - p - 1), p + 1);
		n++;
	}
	qsort(found, (size_t)n, sizeof found[0], compare_names);
	out[0] = '\0';
	for (int i = 0; i < n; i++) {
		strncat(out, found[i], size - strlen(out) - 1);
		strncat(out, ",", size - strlen(out) - 1);
	}
}

/* The bytes of the character before p (UTF-8), as a code point. */
static unsigned prev_char(const char *start, const char *p)
{
	if (p == start)
		return 0;
	const unsigned char *q = (const unsigned char *)p - 1;
	while (q > (const unsigned char *)start && (*q & 0xC0) == 0x80)
		q--;
	unsigned c = *q;
	if (c < 0x80)
		return c;
	int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
	c &= 0x3F >> extra;
	for (int i = 1; i <= extra; i++)
		c = (c << 6) | (q[i] & 0x3F);
	return c;
}

static void test_typography_and_placeholders(void **state)
{
	(void)state;
	char *path = cards_xml();
	diag_sink sink;
	diag_sink_init(&sink);
	xml_document *doc = NULL;
	assert_int_equal(xmldoc_load_file(path, NULL, &sink, &doc), XMLDOC_OK);
	int checked = 0;
	for (xmlNode *n = xmlDocGetRootElement(doc->doc)->children; n; n = n->next) {
		if (!xmldoc_is(n, STRINGS_NS, "string"))
			continue;
		const char *id = xmldoc_attr(n, "id");
		char first_set[512] = "";
		bool have_first = false;
		for (xmlNode *t = n->children; t; t = t->next) {
			if (!xmldoc_is(t, STRINGS_NS, "t"))
				continue;
			xmlChar *content = xmlNodeGetContent(t);
			const char *text = (const char *)content;
			char set[512];
			placeholders(text, set, sizeof set);
			if (!have_first) {
				snprintf(first_set, sizeof first_set, "%s", set);
				have_first = true;
			} else if (strcmp(set, first_set) != 0) {
				print_error("%s: placeholders {%s} in one language, {%s} in another\n", id, first_set, set);
				fail();
			}
			if (strcmp(xmldoc_lang(t), "fr") == 0) {
				for (const char *p = text; *p; p++) {
					if (*p != ':' && *p != ';' && *p != '!' && *p != '?')
						continue;
					unsigned before = prev_char(text, p);
					unsigned want = *p == ':' ? 0x00A0u : 0x202Fu;
					if (before != want) {
						print_error("%s (fr): '%c' must follow U+%04X, not U+%04X: %s\n", id, *p, want, before, text);
						fail();
					}
				}
			} else {
				/* English and Dutch: no space before those signs. */
				for (const char *p = text; *p; p++)
					if ((*p == ':' || *p == ';' || *p == '!' || *p == '?') && p > text && p[-1] == ' ') {
						print_error("%s: space before '%c': %s\n", id, *p, text);
						fail();
					}
			}
			xmlFree(content);
			checked++;
		}
	}
	assert_true(checked >= 300);
	xmldoc_destroy(doc);
	diag_sink_finish(&sink);
	free(path);
}

/* Every text the mb-remastered reference card asks for (src/cards/
 * refsquare.c, reftables_square.c), plural forms and numbered steps
 * spelled out. */
static const char *const SQUARE_IDS[] = {
	"ref-sq-units-heading", "ref-sq-col-cost", "ref-sq-col-move", "ref-sq-col-attack", "ref-sq-col-defend",
	"ref-sq-col-hits", "ref-sq-col-carries", "ref-sq-col-fights", "ref-sq-col-range", "ref-sq-sides-only",
	"ref-sq-corners", "ref-sq-at-sea", "ref-sq-defends-only", "ref-sq-units-note", "ref-sq-purchase-heading",
	"ref-sq-purchase", "ref-sq-limit", "ref-sq-limit-saved", "ref-sq-entrench-heading", "ref-sq-entrench",
	"ref-sq-entrench-general", "ref-sq-combat-1", "ref-sq-combat-2", "ref-sq-combat-3", "ref-sq-combat-4",
	"ref-sq-ability", "ref-sq-fires-first", "ref-sq-reach", "ref-sq-coastal", "ref-sq-covers",
	"ref-sq-unit-one", "ref-sq-unit-other", "ref-sq-carries", "ref-sq-land-unit-one", "ref-sq-land-unit-other",
	"ref-sq-sinks", "ref-sq-generals-heading", "ref-sq-general-bonus", "ref-sq-general-move",
	"ref-sq-col-players", "ref-sq-capitals-heading",
	"ref-sq-capitals", "ref-sq-capital-lost", "ref-sq-capital-bonus", "ref-sq-capital-income",
	"ref-sq-point-one", "ref-sq-point-other", "ref-sq-sea-heading", "ref-sq-sea", "ref-sq-naval-combat",
	"ref-sq-round-one", "ref-sq-round-other", "ref-sq-col-coast", "ref-sq-coast-east", "ref-sq-coast-gulf",
};

static void test_square_card_strings(void **state)
{
	(void)state;
	char *path = cards_xml();
	diag_sink sink;
	diag_sink_init(&sink);
	xml_document *doc = NULL;
	assert_int_equal(xmldoc_load_file(path, NULL, &sink, &doc), XMLDOC_OK);
	size_t n = sizeof SQUARE_IDS / sizeof SQUARE_IDS[0];
	for (size_t i = 0; i < n; i++) {
		/* en, nl, fr: each exactly once, with text. */
		int seen[3] = { 0, 0, 0 };
		int found = 0;
		for (xmlNode *e = xmlDocGetRootElement(doc->doc)->children; e; e = e->next) {
			if (!xmldoc_is(e, STRINGS_NS, "string") || strcmp(xmldoc_attr(e, "id"), SQUARE_IDS[i]) != 0)
				continue;
			found++;
			for (xmlNode *t = e->children; t; t = t->next) {
				if (!xmldoc_is(t, STRINGS_NS, "t"))
					continue;
				const char *lang = xmldoc_lang(t);
				int k = strcmp(lang, "en") == 0 ? 0 : strcmp(lang, "nl") == 0 ? 1 : strcmp(lang, "fr") == 0 ? 2 : -1;
				xmlChar *content = xmlNodeGetContent(t);
				bool empty = !content || !*content;
				xmlFree(content);
				if (k < 0 || empty) {
					print_error("%s: an empty text or an unknown language '%s'\n", SQUARE_IDS[i], lang);
					fail();
				}
				seen[k]++;
			}
		}
		if (found != 1 || seen[0] != 1 || seen[1] != 1 || seen[2] != 1) {
			print_error("%s: defined %d times; en %d, nl %d, fr %d texts (want 1 each)\n", SQUARE_IDS[i], found,
				seen[0], seen[1], seen[2]);
			fail();
		}
	}
	xmldoc_destroy(doc);
	diag_sink_finish(&sink);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_string_has_three_languages),
		cmocka_unit_test(test_no_id_clash),
		cmocka_unit_test(test_typography_and_placeholders),
		cmocka_unit_test(test_square_card_strings),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
