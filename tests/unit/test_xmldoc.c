/* Unit tests of base/xmldoc: safe loading of hostile XML and the source
 * position (line, column in characters) of elements and attributes. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/xmldoc.h"
#include "base/xmlscan.h"

/* ---- fixture: a diagnostics sink per test, a loaded document freed after ---- */

typedef struct fixture {
	diag_sink sink;
	xml_document *doc;
	char *tmpdir;
} fixture;

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof *f);
	if (!f)
		return -1;
	diag_sink_init(&f->sink);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;
	xmldoc_destroy(f->doc);
	diag_sink_finish(&f->sink);
	if (f->tmpdir) {
		rmdir(f->tmpdir);
		free(f->tmpdir);
	}
	free(f);
	return 0;
}

static xmldoc_status load(fixture *f, const char *xml, size_t size)
{
	xmldoc_destroy(f->doc);
	f->doc = NULL;
	diag_sink_clear(&f->sink);
	return xmldoc_load_memory("test.xml", xml, size, &f->sink, &f->doc);
}

static xmldoc_status load_str(fixture *f, const char *xml)
{
	return load(f, xml, strlen(xml));
}

static void dump_diags(const diag_sink *sink)
{
	diag_print_text(sink, 0, sink->count, stderr);
}

/* The n-th element (0-based, document order) with that local name. */
static const xmlNode *find_nth(const xmlNode *n, const char *name, int *nth)
{
	for (; n; n = n->next) {
		if (n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0 && (*nth)-- == 0)
			return n;
		const xmlNode *in = find_nth(n->children, name, nth);
		if (in)
			return in;
	}
	return NULL;
}

static const xmlNode *element(const fixture *f, const char *name, int nth)
{
	assert_non_null(f->doc);
	const xmlNode *n = find_nth(xmlDocGetRootElement(f->doc->doc), name, &nth);
	if (!n)
		fail_msg("no element <%s> in the test document", name);
	return n;
}

/* Assert one diagnostic, rule "xml", whose message holds `part`. */
static void expect_one_xml_error(const fixture *f, const char *part)
{
	if (f->sink.count != 1) {
		dump_diags(&f->sink);
		fail_msg("expected one diagnostic, got %zu", f->sink.count);
	}
	const diag *d = &f->sink.items[0];
	assert_string_equal(d->rule, "xml");
	assert_int_equal(d->severity, DIAG_ERROR);
	assert_string_equal(d->file, "test.xml");
	if (!strstr(d->message, part))
		fail_msg("message '%s' lacks '%s'", d->message, part);
}

/* ---- positions ---- */

typedef struct locate_case {
	const char *what;
	const char *xml;
	const char *element;
	int nth;
	const char *attr;      /* NULL: the element's start tag */
	int line, column;
} locate_case;

#define DECL "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

static const locate_case locate_cases[] = {
	{ "root element", DECL "<r>\n</r>\n", "r", 0, NULL, 2, 1 },
	{ "indented child", DECL "<r>\n    <a/>\n</r>", "a", 0, NULL, 3, 5 },
	{ "two elements on one line, first", DECL "<r>\n  <a/><b x=\"1\"/>\n</r>", "a", 0, NULL, 3, 3 },
	{ "two elements on one line, second", DECL "<r>\n  <a/><b x=\"1\"/>\n</r>", "b", 0, NULL, 3, 7 },
	{ "attribute of the second element", DECL "<r>\n  <a/><b x=\"1\"/>\n</r>", "b", 0, "x", 3, 10 },
	{ "same name twice on a line", "<r><a/><a/><a/></r>", "a", 2, NULL, 1, 12 },
	{ "attribute on the same line", DECL "<r>\n  <u id=\"u1\" at=\"C4\"/>\n</r>", "u", 0, "at", 3, 14 },
	{ "attribute on a continuation line", DECL "<r>\n  <u id=\"u1\"\n     at=\"C4\"/>\n</r>", "u", 0, "at", 4, 6 },
	{ "attribute two lines down after a tab", DECL "<r>\n<u\n id=\"1\"\n\tat = \"C4\"/>\n</r>", "u", 0, "at", 5, 2 },
	{ "attribute name inside another's value", "<r><u title='at=\"x\" id=1' at=\"C4\"/></r>", "u", 0, "at", 1, 27 },
	{ "attribute name as a suffix", "<r><u xat=\"1\" at-x=\"2\" at=\"3\"/></r>", "u", 0, "at", 1, 24 },
	{ "attribute value with >", "<r><u a=\">\" b=\"2\"/><v/></r>", "v", 0, NULL, 1, 20 },
	{ "attribute value with >, attribute after", "<r><u a=\">\" b=\"2\"/></r>", "u", 0, "b", 1, 13 },
	{ "xml:lang attribute", "<r><t lang=\"x\" xml:lang=\"fr\">Essai</t></r>", "t", 0, "xml:lang", 1, 16 },
	{ "missing attribute falls back to the element", DECL "<r>\n  <u id=\"u1\"/>\n</r>", "u", 0, "at", 3, 3 },
	{ "multi-byte UTF-8 counts one column a character", "<r><g n=\"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\"/><h/></r>", "h", 0, NULL, 1, 16 },
	{ "multi-byte UTF-8 before an attribute", "<r>\n<g n=\"Pennsylvani\xC3\xAB \xE2\x80\x94 1863\" at=\"A1\"/></r>", "g", 0, "at", 2, 28 },
	{ "multi-byte text content before an element", "<r>\n  caf\xC3\xA9 \xE2\x80\x94 <h/></r>", "h", 0, NULL, 2, 10 },
	{ "comment before an element", DECL "<!-- <a/> \"a>b\" -->\n<r><!-- <b/> --><b/></r>", "b", 0, NULL, 3, 17 },
	{ "comment before the root", "<!-- <r> -->\n<!--\n<r x=\"1\">\n-->\n<r/>", "r", 0, NULL, 5, 1 },
	{ "comment spanning lines before an element", "<r>\n<!-- one\n two <fake/>\n three -->  <a/></r>", "a", 0, NULL, 4, 13 },
	{ "CDATA before an element", "<r><![CDATA[ <fake/> > ]]><c/></r>", "c", 0, NULL, 1, 27 },
	{ "CDATA spanning lines", "<r>\n<![CDATA[\n<x/>\n]]> <c a=\"1\"/></r>", "c", 0, "a", 4, 8 },
	{ "processing instruction before an element", "<?xml version=\"1.0\"?><?pi data?><r/>", "r", 0, NULL, 1, 33 },
	{ "entity references before an element", "<r><u a=\"&amp;&lt;&#233;\"/>&gt;<v/></r>", "v", 0, NULL, 1, 32 },
	{ "text with > before an element", "<r>a > b<v/></r>", "v", 0, NULL, 1, 9 },
	{ "closing tags in between", "<r>\n  <a><b></b></a>\n  <c></c><d/>\n</r>", "d", 0, NULL, 3, 10 },
	{ "deep nesting then a sibling of the root's child", "<r><a><b><c/></b></a><e/></r>", "e", 0, NULL, 1, 22 },
	{ "prefixed element", "<r xmlns:x=\"urn:x\"><x:w x:at=\"1\" at=\"2\"/></r>", "w", 0, "at", 1, 34 },
	{ "CRLF line ends", "<r>\r\n  <a/>\r\n  <b\r\n   x=\"1\"/>\r\n</r>\r\n", "b", 0, "x", 4, 4 },
};

static int run_locate_cases(fixture *f, const locate_case *cases, size_t count)
{
	int failures = 0;
	for (size_t i = 0; i < count; i++) {
		const locate_case *c = &cases[i];
		if (load_str(f, c->xml) != XMLDOC_OK) {
			dump_diags(&f->sink);
			fail_msg("%s: the document does not load", c->what);
		}
		assert_int_equal(f->sink.count, 0);
		int line = -1, column = -1;
		xmldoc_locate(f->doc, element(f, c->element, c->nth), c->attr, &line, &column);
		if (line != c->line || column != c->column) {
			print_error("%s: <%s>%s%s at %d:%d, expected %d:%d\n", c->what, c->element,
				c->attr ? " @" : "", c->attr ? c->attr : "", line, column, c->line, c->column);
			failures++;
		}
	}
	return failures;
}

static void test_locate_table(void **state)
{
	assert_int_equal(run_locate_cases(*state, locate_cases,
		sizeof locate_cases / sizeof locate_cases[0]), 0);
}

/* BUG: a processing instruction that holds "<" moves the next element onto
 * the PI's inner text: assign_offsets skips a PI only to its first '>',
 * not to its closing "?>" (PI content may hold '<' and '>').
 * Expected <c> at 1:20, actual 1:13. */
static void test_locate_after_processing_instruction(void **state)
{
	static const locate_case cases[] = {
		{ "PI holding < and >", "<r><?pi a > <b/> ?><c/></r>", "c", 0, NULL, 1, 20 },
		{ "PI holding <, element on the next line", "<?pi <x> ?>\n<r a=\"1\"/>", "r", 0, "a", 2, 4 },
	};
	assert_int_equal(run_locate_cases(*state, cases, sizeof cases / sizeof cases[0]), 0);
}

/* BUG: a lone CR ends a line in XML (libxml2 counts it so), but the line
 * table counts only LF: in a file with CR line ends every position is
 * reported on line 1.  Expected <b> at 3:3, actual 1:14. */
static void test_locate_cr_line_ends(void **state)
{
	static const locate_case cases[] = {
		{ "CR line ends", "<r>\r  <a/>\r  <b/>\r</r>", "b", 0, NULL, 3, 3 },
	};
	assert_int_equal(run_locate_cases(*state, cases, sizeof cases / sizeof cases[0]), 0);
}

static void test_locate_every_element(void **state)
{
	/* A larger document: every element's line agrees with libxml2's own
	 * line numbers, and its column points at its '<'. */
	fixture *f = *state;
	const char *xml =
		DECL
		"<!-- a scenario-like file -->\n"
		"<scenario xmlns=\"urn:orbat:scenario:1\" id=\"s\" ruleset=\"battlecry-1999\">\n"
		"  <title xml:lang=\"en\">Caf\xC3\xA9 \xE2\x80\x94 test</title><title xml:lang=\"fr\">Essai</title>\n"
		"  <board columns=\"13\" rows=\"9\"><sections west=\"4\" east=\"4\"/></board>\n"
		"  <![CDATA[ not an element: <side> ]]>\n"
		"  <side id=\"union\"\n"
		"        home=\"south\">\n"
		"    <unit id=\"u1\" type=\"infantry\" at=\"C8\"/>  <unit id=\"u2\" type=\"cavalry\" at=\"D8\"/>\n"
		"    <!-- <unit id=\"fake\"/> -->\n"
		"    <general id=\"g1\" at=\"C8\"/>\n"
		"  </side>\n"
		"</scenario>\n";
	assert_int_equal(load_str(f, xml), XMLDOC_OK);
	size_t checked = 0;
	const xmlNode *stack[32];
	int depth = 0;
	stack[depth++] = xmlDocGetRootElement(f->doc->doc);
	while (depth > 0) {
		const xmlNode *n = stack[--depth];
		for (const xmlNode *c = n->last; c; c = c->prev)
			if (c->type == XML_ELEMENT_NODE && depth < 32)
				stack[depth++] = c;
		int line, column;
		xmldoc_locate(f->doc, n, NULL, &line, &column);
		/* libxml2 numbers an element by the line where its start tag ends */
		assert_true(line >= 1 && line <= (int)xmlGetLineNo((xmlNodePtr)n));
		assert_true(column >= 1);
		/* the byte at the spot is '<' followed by the element's name */
		size_t off = f->doc->line_starts[line - 1];
		for (int k = 1; k < column; k++) {
			off++;
			while ((f->doc->bytes[off] & 0xC0) == 0x80)
				off++;
		}
		assert_int_equal(f->doc->bytes[off], '<');
		assert_memory_equal(f->doc->bytes + off + 1, n->name, strlen((const char *)n->name));
		checked++;
	}
	assert_int_equal(checked, 9);
	int line, column;
	xmldoc_locate(f->doc, element(f, "unit", 1), "at", &line, &column);
	assert_int_equal(line, 9);
	assert_int_equal(column, 75);
	xmldoc_locate(f->doc, element(f, "side", 0), "home", &line, &column);
	assert_int_equal(line, 8);
	assert_int_equal(column, 9);
	xmldoc_locate(f->doc, element(f, "general", 0), NULL, &line, &column);
	assert_int_equal(line, 11);
	assert_int_equal(column, 5);
}

/* Positions do not depend on the order they are asked in: the lookup
 * starts from the last answer, on lines of ASCII alone and on lines with
 * multi-byte characters (backwards, forwards, far down and back up). */
static void test_locate_in_any_order(void **state)
{
	fixture *f = *state;
	const char *xml =
		"\xEF\xBB\xBF<r a=\"1\"><u n=\"\xC3\xA9t\xC3\xA9\" at=\"A1\"/><u n=\"x\" at=\"B2\"/>\n"
		"  <u n=\"plain\" at=\"C3\"/>  <u n=\"ascii\" at=\"D4\"/>\n"
		"  <u n=\"Pennsylvani\xC3\xAB \xE2\x80\x94 1863\" at=\"E5\"/><u n=\"\xF0\x9F\x98\x80\" at=\"F6\"/>\n"
		"\n\n\n\n\n\n\n\n\n\n"
		"  <u n=\"far\" at=\"G7\"/>\n"
		"</r>\n";
	enum { UNITS = 7, ASKS = 2 * UNITS };
	int want_line[ASKS], want_col[ASKS];
	/* In document order, each from a document that has answered nothing. */
	for (int i = 0; i < ASKS; i++) {
		assert_int_equal(load_str(f, xml), XMLDOC_OK);
		xmldoc_locate(f->doc, element(f, "u", i / 2), i % 2 ? "at" : NULL, &want_line[i], &want_col[i]);
	}
	assert_int_equal(want_line[0], 1);
	assert_int_equal(want_col[0], 10);
	assert_int_equal(want_col[3], 39);
	assert_int_equal(want_line[9], 3);
	assert_int_equal(want_col[9], 30);
	assert_int_equal(want_line[13], 14);
	assert_int_equal(want_col[13], 14);
	/* Then on one document in other orders. */
	static const int orders[][ASKS] = {
		{ 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 },
		{ 0, 13, 1, 12, 2, 11, 3, 10, 4, 9, 5, 8, 6, 7 },
		{ 9, 8, 3, 2, 13, 4, 5, 0, 1, 10, 11, 6, 7, 12 },
	};
	assert_int_equal(load_str(f, xml), XMLDOC_OK);
	for (size_t o = 0; o < sizeof orders / sizeof orders[0]; o++) {
		for (int k = 0; k < ASKS; k++) {
			int i = orders[o][k], line, column;
			xmldoc_locate(f->doc, element(f, "u", i / 2), i % 2 ? "at" : NULL, &line, &column);
			if (line != want_line[i] || column != want_col[i])
				fail_msg("order %zu, ask %d: %d:%d, expected %d:%d", o, i, line, column,
					want_line[i], want_col[i]);
		}
	}
}

static void test_locate_without_document(void **state)
{
	fixture *f = *state;
	assert_int_equal(load_str(f, "<r>\n<a/></r>"), XMLDOC_OK);
	int line = -1, column = -1;
	/* no document: libxml2's line, column unknown */
	xmldoc_locate(NULL, element(f, "a", 0), NULL, &line, &column);
	assert_int_equal(line, 2);
	assert_int_equal(column, 0);
	xmldoc_locate(f->doc, NULL, NULL, &line, &column);
	assert_int_equal(line, 0);
	assert_int_equal(column, 0);
}

/* ---- refusing what is not plain UTF-8 XML ---- */

static void test_doctype_refused(void **state)
{
	fixture *f = *state;
	assert_int_equal(load_str(f, DECL "<!DOCTYPE r>\n<r/>"), XMLDOC_INVALID);
	assert_null(f->doc);
	expect_one_xml_error(f, "DOCTYPE");
	assert_int_equal(f->sink.items[0].line, 2);

	assert_int_equal(load_str(f, "<!DOCTYPE r [ <!ELEMENT r EMPTY> ]><r/>"), XMLDOC_INVALID);
	expect_one_xml_error(f, "DOCTYPE");
	assert_int_equal(f->sink.items[0].line, 1);
}

static void test_entity_bomb_refused(void **state)
{
	/* "Billion laughs": refused at the DOCTYPE, before any entity is even
	 * declared, so nothing expands and libxml2 raises no entity error. */
	fixture *f = *state;
	const char *bomb =
		"<?xml version=\"1.0\"?>\n"
		"<!DOCTYPE lolz [\n"
		" <!ENTITY lol \"lol\">\n"
		" <!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
		" <!ENTITY lol2 \"&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;\">\n"
		" <!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">\n"
		" <!ENTITY lol4 \"&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;\">\n"
		" <!ENTITY lol5 \"&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;\">\n"
		" <!ENTITY lol6 \"&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;\">\n"
		" <!ENTITY lol7 \"&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;\">\n"
		" <!ENTITY lol8 \"&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;\">\n"
		" <!ENTITY lol9 \"&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;\">\n"
		"]>\n"
		"<lolz a=\"&lol9;\">&lol9;</lolz>\n";
	assert_int_equal(load_str(f, bomb), XMLDOC_INVALID);
	assert_null(f->doc);
	expect_one_xml_error(f, "DOCTYPE");
	assert_int_equal(f->sink.items[0].line, 2);

	/* quadratic blow-up: one large entity used many times */
	size_t big = 50000, uses = 2000;
	size_t cap = big + uses * 4 + 200;
	char *q = malloc(cap);
	assert_non_null(q);
	size_t n = (size_t)snprintf(q, cap, "<!DOCTYPE r [<!ENTITY a \"");
	memset(q + n, 'a', big);
	n += big;
	n += (size_t)snprintf(q + n, cap - n, "\">]><r>");
	for (size_t i = 0; i < uses; i++) {
		memcpy(q + n, "&a;", 3);
		n += 3;
	}
	n += (size_t)snprintf(q + n, cap - n, "</r>");
	assert_int_equal(load(f, q, n), XMLDOC_INVALID);
	expect_one_xml_error(f, "DOCTYPE");
	free(q);
}

static void test_external_entities_refused(void **state)
{
	fixture *f = *state;
	static const char *const cases[] = {
		"<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><r>&x;</r>",
		"<!DOCTYPE r [<!ENTITY x SYSTEM \"/etc/passwd\">]><r a=\"1\">&x;</r>",
		"<!DOCTYPE r SYSTEM \"http://example.invalid/r.dtd\"><r/>",
		"<!DOCTYPE r PUBLIC \"-//X//DTD R//EN\" \"file:///etc/passwd\"><r/>",
		"<!DOCTYPE r [<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]><r/>",
		"<?xml version=\"1.0\" standalone=\"no\"?>\n\n<!DOCTYPE r [<!ENTITY x SYSTEM \"/etc/hostname\">]>\n<r>&x;</r>",
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_int_equal(load_str(f, cases[i]), XMLDOC_INVALID);
		assert_null(f->doc);
		expect_one_xml_error(f, "DOCTYPE");
		/* nothing of the file leaks into a message */
		assert_null(strstr(f->sink.items[0].message, "root:"));
	}
	assert_int_equal(f->sink.items[0].line, 3);
}

static void test_entity_reference_without_doctype(void **state)
{
	/* An undeclared entity is a well-formedness error, not a fetch. */
	fixture *f = *state;
	assert_int_equal(load_str(f, "<r>\n&x;</r>"), XMLDOC_INVALID);
	assert_true(f->sink.count >= 1);
	assert_string_equal(f->sink.items[0].rule, "xml");
	assert_int_equal(f->sink.items[0].line, 2);
	/* the predefined and character entities are fine */
	assert_int_equal(load_str(f, "<r a=\"&lt;&#233;\">&amp;&gt;&quot;&apos;&#x41;</r>"), XMLDOC_OK);
	xmlChar *text = xmlNodeGetContent(xmlDocGetRootElement(f->doc->doc));
	assert_string_equal((const char *)text, "&>\"'A");
	xmlFree(text);
	assert_string_equal(xmldoc_attr(xmlDocGetRootElement(f->doc->doc), "a"), "<\xC3\xA9");
}

static void test_size_limit_memory(void **state)
{
	fixture *f = *state;
	size_t size = (size_t)XMLDOC_MAX_BYTES + 1;
	char *bytes = malloc(size);
	assert_non_null(bytes);
	memset(bytes, ' ', size);
	memcpy(bytes, "<r>", 3);
	memcpy(bytes + size - 4, "</r>", 4);
	assert_int_equal(load(f, bytes, size), XMLDOC_INVALID);
	assert_null(f->doc);
	expect_one_xml_error(f, "more than the");
	char limit[32];
	snprintf(limit, sizeof limit, "%u", XMLDOC_MAX_BYTES);
	assert_non_null(strstr(f->sink.items[0].message, limit));
	free(bytes);
}

static void test_size_limit_file(void **state)
{
	/* A sparse file over the limit, loaded from disk. */
	fixture *f = *state;
	char tmpl[] = "/tmp/orbat-xmldoc-XXXXXX";
	assert_non_null(mkdtemp(tmpl));
	f->tmpdir = strdup(tmpl);
	char path[256];
	snprintf(path, sizeof path, "%s/big.xml", tmpl);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "<r>", 3), 3);
	assert_int_equal(ftruncate(fd, (off_t)XMLDOC_MAX_BYTES + 10), 0);
	close(fd);
	xmldoc_status st = xmldoc_load_file(path, "big.xml", &f->sink, &f->doc);
	unlink(path);
	assert_int_equal(st, XMLDOC_INVALID);
	assert_null(f->doc);
	assert_int_equal(f->sink.count, 1);
	assert_string_equal(f->sink.items[0].file, "big.xml");
	assert_string_equal(f->sink.items[0].rule, "xml");
	assert_non_null(strstr(f->sink.items[0].message, "more than the"));
}

static void test_io_errors(void **state)
{
	fixture *f = *state;
	assert_int_equal(xmldoc_load_file("/nonexistent/orbat/none.xml", NULL, &f->sink, &f->doc),
		XMLDOC_IO_ERROR);
	assert_null(f->doc);
	assert_int_equal(f->sink.count, 1);
	assert_string_equal(f->sink.items[0].rule, "io");
	assert_string_equal(f->sink.items[0].file, "/nonexistent/orbat/none.xml");
	diag_sink_clear(&f->sink);
	assert_int_equal(xmldoc_load_file("/tmp", "tmp", &f->sink, &f->doc), XMLDOC_IO_ERROR);
	assert_int_equal(f->sink.count, 1);
	assert_string_equal(f->sink.items[0].rule, "io");
	assert_non_null(strstr(f->sink.items[0].message, "not a regular file"));
}

/* A loader's file: its root element checked where it is read, the wrong
 * one named with the line it starts on. */
static void test_load_root(void **state)
{
	fixture *f = *state;
	char tmpl[] = "/tmp/orbat-xmldoc-XXXXXX";
	assert_non_null(mkdtemp(tmpl));
	f->tmpdir = strdup(tmpl);
	char path[256];
	snprintf(path, sizeof path, "%s/layouts.xml", tmpl);
	FILE *out = fopen(path, "w");
	assert_non_null(out);
	fputs("<?xml version=\"1.0\"?>\n<cards xmlns=\"urn:x:1\"/>\n", out);
	fclose(out);

	f->doc = xmldoc_load_root(path, "urn:x:1", "cards", "layouts", &f->sink);
	assert_non_null(f->doc);
	assert_int_equal(f->sink.count, 0);
	xmldoc_destroy(f->doc);

	f->doc = xmldoc_load_root(path, "urn:x:1", "layouts", "layouts", &f->sink);
	assert_null(f->doc);
	assert_int_equal(f->sink.count, 1);
	assert_int_equal(f->sink.items[0].line, 2);
	assert_string_equal(f->sink.items[0].rule, "layouts");
	assert_string_equal(f->sink.items[0].message, "the root element must be <layouts xmlns=\"urn:x:1\">");
	diag_sink_clear(&f->sink);

	f->doc = xmldoc_load_root(path, "urn:y:1", "cards", "layouts", &f->sink);
	assert_null(f->doc);
	assert_int_equal(f->sink.count, 1);
	unlink(path);
	diag_sink_clear(&f->sink);
	assert_null(xmldoc_load_root(path, "urn:x:1", "cards", "layouts", &f->sink));
	assert_string_equal(f->sink.items[0].rule, "io");
}

static void test_utf16_refused(void **state)
{
	fixture *f = *state;
	/* "<r/>" in UTF-16LE and UTF-16BE, each with its byte order mark */
	static const char le[] = "\xFF\xFE<\0r\0/\0>\0";
	static const char be[] = "\xFE\xFF\0<\0r\0/\0>";
	assert_int_equal(load(f, le, sizeof le - 1), XMLDOC_INVALID);
	expect_one_xml_error(f, "UTF-16");
	assert_int_equal(f->sink.items[0].line, 1);
	assert_int_equal(load(f, be, sizeof be - 1), XMLDOC_INVALID);
	expect_one_xml_error(f, "UTF-16");
	/* without a byte order mark but declared */
	static const char decl[] =
		"<\0?\0x\0m\0l\0 \0v\0e\0r\0s\0i\0o\0n\0=\0\"\0" "1\0.\0" "0\0\"\0 \0"
		"e\0n\0c\0o\0d\0i\0n\0g\0=\0\"\0U\0T\0F\0-\0" "1\0" "6\0\"\0?\0>\0<\0r\0/\0>\0";
	assert_int_equal(load(f, decl, sizeof decl - 1), XMLDOC_INVALID);
	assert_null(f->doc);
	assert_true(f->sink.count >= 1);
	assert_string_equal(f->sink.items[0].rule, "xml");
}

static void test_utf8_bom_accepted(void **state)
{
	fixture *f = *state;
	assert_int_equal(load_str(f, "\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<r>\n <a/></r>"), XMLDOC_OK);
	int line, column;
	xmldoc_locate(f->doc, element(f, "a", 0), NULL, &line, &column);
	assert_int_equal(line, 3);
	assert_int_equal(column, 2);
}

/* BUG (minor): the byte order mark counts as a character, so an element
 * on the first line of a file with a UTF-8 BOM is reported one column too
 * far (editors and libxml2 do not count the BOM).  Expected 1:1 and 1:4,
 * actual 1:2 and 1:5. */
static void test_locate_after_utf8_bom(void **state)
{
	static const locate_case cases[] = {
		{ "root after a BOM", "\xEF\xBB\xBF<r><a/></r>", "r", 0, NULL, 1, 1 },
		{ "child after a BOM", "\xEF\xBB\xBF<r><a/></r>", "a", 0, NULL, 1, 4 },
	};
	assert_int_equal(run_locate_cases(*state, cases, sizeof cases / sizeof cases[0]), 0);
}

static void test_declared_encodings(void **state)
{
	fixture *f = *state;
	static const char *const refused[] = { "ISO-8859-1", "iso-8859-1", "latin1", "windows-1252", "US-ASCII" };
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		char xml[200];
		snprintf(xml, sizeof xml, "<?xml version=\"1.0\" encoding=\"%s\"?>\n<r>cafe</r>", refused[i]);
		if (load_str(f, xml) != XMLDOC_INVALID)
			fail_msg("encoding '%s' should be refused", refused[i]);
		assert_null(f->doc);
		if (f->sink.count != 1 || !strstr(f->sink.items[0].message, "must be UTF-8")) {
			dump_diags(&f->sink);
			fail_msg("encoding '%s' refused for another reason", refused[i]);
		}
		expect_one_xml_error(f, "must be UTF-8");
		assert_non_null(strstr(f->sink.items[0].message, refused[i]));
		assert_int_equal(f->sink.items[0].line, 1);
	}
	/* a genuine Latin-1 file, with a byte that is not UTF-8 */
	assert_int_equal(load_str(f, "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<r>caf\xE9</r>"),
		XMLDOC_INVALID);
	expect_one_xml_error(f, "declares the encoding 'ISO-8859-1'; orbat's XML files must be UTF-8");
	assert_int_equal(f->sink.items[0].line, 1);
	assert_int_equal(f->sink.items[0].column, 1);

	static const char *const accepted[] = { "UTF-8", "utf-8", "Utf-8" };
	for (size_t i = 0; i < sizeof accepted / sizeof accepted[0]; i++) {
		char xml[200];
		snprintf(xml, sizeof xml, "<?xml version=\"1.0\" encoding=\"%s\"?>\n<r>caf\xC3\xA9</r>", accepted[i]);
		if (load_str(f, xml) != XMLDOC_OK) {
			dump_diags(&f->sink);
			fail_msg("encoding '%s' should be accepted", accepted[i]);
		}
	}
	/* no declaration: UTF-8 */
	assert_int_equal(load_str(f, "<r>caf\xC3\xA9</r>"), XMLDOC_OK);
}

static void test_invalid_utf8_refused(void **state)
{
	fixture *f = *state;
	assert_int_equal(load_str(f, "<r>\n<a n=\"caf\xE9\"/></r>"), XMLDOC_INVALID);
	assert_null(f->doc);
	assert_true(f->sink.count >= 1);
	assert_string_equal(f->sink.items[0].rule, "xml");
	assert_int_equal(f->sink.items[0].line, 2);
}

typedef struct malformed_case {
	const char *what;
	const char *xml;
	int line, column;
	const char *part;
} malformed_case;

static const malformed_case malformed_cases[] = {
	{ "mismatched end tag", "<r>\n  <a></b>\n</r>\n", 2, 10, "tag mismatch" },
	{ "unclosed attribute quote", "<r>\n<a x=\"1/>\n</r>\n", 3, 1, "Unescaped '<'" },
	{ "missing end of document", "<r>\n<a/>\n", 3, 1, "Premature end" },
	{ "garbage after the root", "<r/>\n<s/>\n", 2, 1, "Extra content" },
	{ "bad attribute syntax", "<r>\n   <a x=1/>\n</r>", 2, 9, "AttValue" },
	{ "two attributes with one name", "<r>\n<a x=\"1\" x=\"2\"/>\n</r>", 2, 15, "redefined" },
	{ "ampersand alone", "<r>\n  fish & chips</r>", 2, 9, "EntityRef" },
	{ "undeclared entity", "<r>\n&x;</r>", 2, 4, "'x' not defined" },
	{ "invalid UTF-8", "<r>\n<a n=\"caf\xE9\"/></r>", 2, 10, "UTF-8" },
	{ "control character", "<r>\n  <a n=\"\x01\"/></r>", 2, 0, NULL },
};

static void test_malformed_position(void **state)
{
	fixture *f = *state;
	for (size_t i = 0; i < sizeof malformed_cases / sizeof malformed_cases[0]; i++) {
		const malformed_case *c = &malformed_cases[i];
		if (load_str(f, c->xml) != XMLDOC_INVALID)
			fail_msg("%s: should be refused", c->what);
		assert_null(f->doc);
		if (f->sink.count < 1)
			fail_msg("%s: no diagnostic", c->what);
		const diag *d = &f->sink.items[0];
		assert_string_equal(d->rule, "xml");
		assert_string_equal(d->file, "test.xml");
		assert_non_null(strstr(d->message, "not well-formed"));
		/* every error has a line, and a column within that line */
		if (d->line < 1 || d->column < 1) {
			dump_diags(&f->sink);
			fail_msg("%s: no position (%d:%d)", c->what, d->line, d->column);
		}
		if (c->line && d->line != c->line) {
			dump_diags(&f->sink);
			fail_msg("%s: line %d, expected %d", c->what, d->line, c->line);
		}
		if (c->column && d->column != c->column) {
			dump_diags(&f->sink);
			fail_msg("%s: column %d, expected %d", c->what, d->column, c->column);
		}
		if (c->part && !strstr(d->message, c->part)) {
			dump_diags(&f->sink);
			fail_msg("%s: message lacks '%s'", c->what, c->part);
		}
	}
}

static void test_embedded_nul_refused(void **state)
{
	fixture *f = *state;
	static const char xml[] = "<r>\n<a/>\0<b/></r>";
	assert_int_equal(load(f, xml, sizeof xml - 1), XMLDOC_INVALID);
	assert_null(f->doc);
	assert_true(f->sink.count >= 1);
	assert_string_equal(f->sink.items[0].rule, "xml");
	assert_int_equal(f->sink.items[0].line, 2);
}

static void test_empty_and_rootless(void **state)
{
	fixture *f = *state;
	assert_int_equal(load(f, "", 0), XMLDOC_INVALID);
	expect_one_xml_error(f, "empty");
	assert_int_equal(load_str(f, "   \n"), XMLDOC_INVALID);
	assert_true(f->sink.count >= 1);
	assert_string_equal(f->sink.items[0].rule, "xml");
	assert_int_equal(load_str(f, DECL "<!-- only a comment -->\n"), XMLDOC_INVALID);
	assert_true(f->sink.count >= 1);
}

static void test_attribute_helpers(void **state)
{
	fixture *f = *state;
	assert_int_equal(load_str(f,
		"<r xmlns=\"urn:orbat:scenario:1\" xmlns:o=\"urn:other\">"
		"<t xml:lang=\"nl\" id=\"x\" o:id=\"y\" empty=\"\">Proef</t><o:t/></r>"), XMLDOC_OK);
	const xmlNode *t = element(f, "t", 0);
	assert_string_equal(xmldoc_attr(t, "id"), "x");
	assert_string_equal(xmldoc_attr(t, "empty"), "");
	assert_null(xmldoc_attr(t, "lang"));
	assert_null(xmldoc_attr(t, "missing"));
	assert_string_equal(xmldoc_lang(t), "nl");
	assert_null(xmldoc_lang(xmlDocGetRootElement(f->doc->doc)));
	assert_true(xmldoc_is(t, "urn:orbat:scenario:1", "t"));
	assert_false(xmldoc_is(t, "urn:other", "t"));
	assert_false(xmldoc_is(t, NULL, "t"));
	assert_false(xmldoc_is(t, "urn:orbat:scenario:1", "r"));
	assert_true(xmldoc_is(element(f, "t", 1), "urn:other", "t"));
	assert_false(xmldoc_is(NULL, NULL, "t"));
	/* the document keeps its bytes and name */
	assert_string_equal(f->doc->file, "test.xml");
	assert_int_equal(f->doc->line_count, 1);
}

static void test_many_errors_capped(void **state)
{
	/* A file full of errors gives a bounded number of diagnostics. */
	fixture *f = *state;
	size_t cap = 100000;
	char *xml = malloc(cap);
	assert_non_null(xml);
	size_t n = (size_t)snprintf(xml, cap, "<r>\n");
	for (int i = 0; i < 2000; i++)
		n += (size_t)snprintf(xml + n, cap - n, "<a x=\"1\" x=\"2\"/>\n");
	n += (size_t)snprintf(xml + n, cap - n, "</r>\n");
	assert_int_equal(load(f, xml, n), XMLDOC_INVALID);
	assert_true(f->sink.count >= 1);
	assert_true(f->sink.count <= 25);
	free(xml);
}

/* A NUL byte after the root element: the parser would stop there and call
 * the file well-formed; the raw scan refuses it where it stands. */
static void test_nul_after_root_refused(void **state)
{
	fixture *f = *state;
	static const char xml[] = "<r/>\n\0<junk a=>";
	assert_int_equal(load(f, xml, sizeof xml - 1), XMLDOC_INVALID);
	assert_int_equal(f->sink.count, 1);
	assert_int_equal(f->sink.items[0].line, 2);
	assert_int_equal(f->sink.items[0].column, 1);
	assert_non_null(strstr(f->sink.items[0].message, "NUL byte"));
}

/* EBCDIC, seen from the first bytes ("<?xm" in code page 037). */
static void test_ebcdic_refused(void **state)
{
	fixture *f = *state;
	static const char xml[] = "\x4C\x6F\xA7\x94\x93\x40\x6F\x6E";
	assert_int_equal(load(f, xml, sizeof xml - 1), XMLDOC_INVALID);
	assert_int_equal(f->sink.count, 1);
	assert_string_equal(f->sink.items[0].message, "the file is encoded in EBCDIC; save it as UTF-8");
}

/* An element with XMLSCAN_MAX_ATTRIBUTES attributes is read; one more is
 * refused at the element, before the parser sees it. */
static void test_attribute_bound(void **state)
{
	fixture *f = *state;
	for (int n = XMLSCAN_MAX_ATTRIBUTES; n <= XMLSCAN_MAX_ATTRIBUTES + 1; n++) {
		char whole[4096];
		size_t len = (size_t)snprintf(whole, sizeof whole, "<r>\n  <e");
		for (int i = 0; i < n; i++)
			len += (size_t)snprintf(whole + len, sizeof whole - len, " a%d='>'", i);
		snprintf(whole + len, sizeof whole - len, "/></r>");
		xmldoc_status st = load_str(f, whole);
		if (n == XMLSCAN_MAX_ATTRIBUTES) {
			assert_int_equal(st, XMLDOC_OK);
		} else {
			assert_int_equal(st, XMLDOC_INVALID);
			assert_int_equal(f->sink.count, 1);
			assert_int_equal(f->sink.items[0].line, 2);
			assert_int_equal(f->sink.items[0].column, 3);
			assert_non_null(strstr(f->sink.items[0].message, "<e> has more than 64 attributes"));
		}
	}
}

/* A file's diagnostics: the first DIAG_MAX_PER_FILE by position, whatever
 * order they came in, and a last line counting the rest. */
static void test_diagnostics_capped(void **state)
{
	fixture *f = *state;
	diag_sink_cap_begin(&f->sink, DIAG_MAX_PER_FILE);
	for (int i = 1000; i >= 1; i--)
		diag_add(&f->sink, "t.xml", i, 1, DIAG_ERROR, "x", "problem %d", i);
	assert_true(f->sink.count <= 2 * DIAG_MAX_PER_FILE);
	diag_sink_cap_end(&f->sink, "t.xml");
	assert_int_equal(f->sink.count, DIAG_MAX_PER_FILE + 1);
	assert_int_equal(f->sink.errors, 1000);
	for (int i = 0; i < DIAG_MAX_PER_FILE; i++)
		assert_int_equal(f->sink.items[i].line, i + 1);
	const diag *last = &f->sink.items[DIAG_MAX_PER_FILE];
	assert_string_equal(last->rule, "more-problems");
	assert_string_equal(last->message,
		"900 more problems of this file are not shown: only the first 100 are, by position");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_locate_table, setup, teardown),
		cmocka_unit_test_setup_teardown(test_locate_after_processing_instruction, setup, teardown),
		cmocka_unit_test_setup_teardown(test_locate_cr_line_ends, setup, teardown),
		cmocka_unit_test_setup_teardown(test_locate_every_element, setup, teardown),
		cmocka_unit_test_setup_teardown(test_locate_in_any_order, setup, teardown),
		cmocka_unit_test_setup_teardown(test_locate_without_document, setup, teardown),
		cmocka_unit_test_setup_teardown(test_doctype_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_entity_bomb_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_external_entities_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_entity_reference_without_doctype, setup, teardown),
		cmocka_unit_test_setup_teardown(test_size_limit_memory, setup, teardown),
		cmocka_unit_test_setup_teardown(test_size_limit_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_io_errors, setup, teardown),
		cmocka_unit_test_setup_teardown(test_utf16_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_utf8_bom_accepted, setup, teardown),
		cmocka_unit_test_setup_teardown(test_locate_after_utf8_bom, setup, teardown),
		cmocka_unit_test_setup_teardown(test_declared_encodings, setup, teardown),
		cmocka_unit_test_setup_teardown(test_invalid_utf8_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_malformed_position, setup, teardown),
		cmocka_unit_test_setup_teardown(test_embedded_nul_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_empty_and_rootless, setup, teardown),
		cmocka_unit_test_setup_teardown(test_attribute_helpers, setup, teardown),
		cmocka_unit_test_setup_teardown(test_many_errors_capped, setup, teardown),
		cmocka_unit_test_setup_teardown(test_nul_after_root_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ebcdic_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_attribute_bound, setup, teardown),
		cmocka_unit_test_setup_teardown(test_diagnostics_capped, setup, teardown),
		cmocka_unit_test_setup_teardown(test_load_root, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
