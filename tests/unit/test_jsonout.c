/* The one writer of orbat's JSON (base/jsonout): compact lines whose
 * members keep their order, strings that stay whole whatever bytes they
 * are given, reals with the digits they mean and integers as integers,
 * and a write error that the stream keeps for its report. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/diag.h"
#include "base/jsonout.h"

/* What jsonout_line writes of v, as a new string. */
static char *line_of(json_t *v)
{
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	assert_non_null(out);
	assert_true(jsonout_line(out, v));
	assert_int_equal(fclose(out), 0);
	return text;
}

static void check_line(json_t *v, const char *expected)
{
	char *text = line_of(v);
	assert_string_equal(text, expected);
	free(text);
}

static void test_compact_in_order(void **state)
{
	(void)state;
	json_t *o = json_object();
	json_object_set_new(o, "zeta", json_integer(1));
	json_object_set_new(o, "alpha", json_pack("[s, b, n]", "x", 0));
	json_object_set_new(o, "mid", json_object());
	check_line(o, "{\"zeta\":1,\"alpha\":[\"x\",false,null],\"mid\":{}}\n");
}

static void test_strings(void **state)
{
	(void)state;
	/* Quotes, backslashes and line ends escaped; UTF-8 kept as it is. */
	check_line(jsonout_string("a\"b\\c\nd\te \u00e9 \u202f!"), "\"a\\\"b\\\\c\\nd\\te \u00e9 \u202f!\"\n");
	check_line(jsonout_string(NULL), "\"\"\n");
	check_line(jsonout_string_or_null(NULL), "null\n");
	/* A stray byte, a cut sequence, an overlong form and a surrogate:
	 * each byte that is not UTF-8 becomes U+FFFD, the rest stays. */
	check_line(jsonout_string("bad\xff.xml"), "\"bad\xef\xbf\xbd.xml\"\n");
	check_line(jsonout_string("\xc3"), "\"\xef\xbf\xbd\"\n");
	check_line(jsonout_string("\xc0\xaf"), "\"\xef\xbf\xbd\xef\xbf\xbd\"\n");
	check_line(jsonout_string("\xed\xa0\x80z"), "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbdz\"\n");
}

static void test_numbers(void **state)
{
	(void)state;
	json_t *o = json_pack("{s:o, s:o, s:o, s:o, s:o, s:I}", "share", jsonout_real(0.45, 4), "rounded",
		jsonout_real(0.123456, 4), "mean", jsonout_real(12.345678, 2), "whole", jsonout_real(1.0, 4), "zero",
		jsonout_real(0.0, 4), "count", (json_int_t)1234567890123LL);
	/* Never 0.45000000000000001; a real stays a real, an integer an integer. */
	check_line(o, "{\"share\":0.45,\"rounded\":0.1235,\"mean\":12.35,\"whole\":1.0,\"zero\":0.0,"
		"\"count\":1234567890123}\n");
}

static void test_text(void **state)
{
	(void)state;
	char *text = jsonout_text(json_pack("{s:i}", "a", 2));
	assert_string_equal(text, "{\"a\":2}");
	free(text);
	text = jsonout_text(NULL);
	assert_string_equal(text, "null");
	free(text);
}

/* A file's diagnostics as orbat validate writes them (interfaces.md 3). */
static void test_diagnostics(void **state)
{
	(void)state;
	diag_sink sink;
	diag_sink_init(&sink);
	diag_add(&sink, "a.xml", 3, 7, DIAG_ERROR, "bc-3.1", "a \"quoted\" word");
	diag_add(&sink, "a.xml", 0, 0, DIAG_WARNING, "schema", "no line");
	json_t *files = json_array();
	json_array_append_new(files, diag_json_file("a.xml", false, &sink, 0, sink.count));
	json_array_append_new(files, diag_json_file("b.xml", true, &sink, 0, 0));
	check_line(diag_json_document(files),
		"{\"files\":[{\"file\":\"a.xml\",\"valid\":false,\"diagnostics\":["
		"{\"file\":\"a.xml\",\"line\":3,\"column\":7,\"severity\":\"error\",\"rule\":\"bc-3.1\","
		"\"message\":\"a \\\"quoted\\\" word\"},"
		"{\"file\":\"a.xml\",\"line\":0,\"column\":0,\"severity\":\"warning\",\"rule\":\"schema\","
		"\"message\":\"no line\"}]},"
		"{\"file\":\"b.xml\",\"valid\":true,\"diagnostics\":[]}]}\n");
	diag_sink_finish(&sink);
}

/* A full disk: false, and the stream keeps its error for the report. */
static void test_write_error(void **state)
{
	(void)state;
	FILE *full = fopen("/dev/full", "w");
	if (!full)
		skip();
	setvbuf(full, NULL, _IONBF, 0);
	assert_false(jsonout_line(full, json_pack("{s:s}", "a", "b")));
	assert_true(ferror(full));
	fclose(full);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compact_in_order),
		cmocka_unit_test(test_strings),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_diagnostics),
		cmocka_unit_test(test_write_error),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
