/* The library's print-set run (print/printset.h): the products the
 * studio's preview asks for are the very files 'orbat render' writes, only
 * those are written, an unknown product writes nothing, and a run tells
 * each scenario's news in order. */
#define _XOPEN_SOURCE 700
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/datadir.h"
#include "base/diag.h"
#include "base/util.h"
#include "print/printset.h"
#include "validate/validate.h"

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void remove_tree(const char *dir)
{
	assert_int_equal(nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS), 0);
}

/* The bytes of a file; NULL when it cannot be read. */
static char *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t cap = 0;
	*size = 0;
	for (;;) {
		grow_array((void **)&buf, &cap, *size + 65536, 1);
		size_t n = fread(buf + *size, 1, 65536, f);
		*size += n;
		if (n < 65536)
			break;
	}
	fclose(f);
	return buf;
}

static bool exists(const char *dir, const char *id, const char *file)
{
	char *path = xasprintf("%s/%s/en/%s", dir, id, file);
	bool ok = access(path, F_OK) == 0;
	free(path);
	return ok;
}

static void assert_same_file(const char *dir_a, const char *dir_b, const char *id, const char *file)
{
	char *a = xasprintf("%s/%s/en/%s", dir_a, id, file), *b = xasprintf("%s/%s/en/%s", dir_b, id, file);
	size_t size_a = 0, size_b = 0;
	char *bytes_a = slurp(a, &size_a), *bytes_b = slurp(b, &size_b);
	assert_non_null(bytes_a);
	assert_non_null(bytes_b);
	assert_int_equal(size_a, size_b);
	assert_memory_equal(bytes_a, bytes_b, size_a);
	free(bytes_a);
	free(bytes_b);
	free(a);
	free(b);
}

/* What a run told, one letter an event: C checked (then the status's
 * digit), F failed, W written. */
typedef struct told {
	char events[64];
	size_t count;
} told;

static void tell(void *arg, const printset_report *r)
{
	told *t = arg;
	static const char letters[] = { [PRINTSET_CHECKED] = 'C', [PRINTSET_FAILED] = 'F', [PRINTSET_WRITTEN] = 'W' };
	if (t->count + 2 < sizeof t->events) {
		t->events[t->count++] = letters[r->event];
		if (r->event == PRINTSET_CHECKED)
			t->events[t->count++] = (char)('0' + r->status);
	}
}

static void test_chosen_products_are_the_render_files(void **state)
{
	(void)state;
	/* PDFs carry their creation date: fixed, as the golden tests do. */
	setenv("SOURCE_DATE_EPOCH", "0", 1);
	char chosen_dir[] = "/tmp/orbat-make-XXXXXX", all_dir[] = "/tmp/orbat-all-XXXXXX";
	assert_non_null(mkdtemp(chosen_dir));
	assert_non_null(mkdtemp(all_dir));
	diag_sink sink;
	diag_sink_init(&sink);
	context ctx;
	context_init(&ctx, datadir_get());
	validator *v = validator_create_in(&ctx, &sink);
	assert_non_null(v);
	scenario *sc = NULL;
	const ruleset *rs = NULL;
	assert_int_equal(validator_check_file(v, TEST_SCENARIO, &sink, &sc, &rs), VALIDATE_OK);
	const char *id = sc->id.text;

	/* The studio's form: two products of a loaded scenario. */
	static const char *const chosen[] = { "rosters", "scenario-sheet", NULL };
	char *error = NULL;
	assert_true(printset_make(&ctx, sc, rs, chosen, LANG_EN, "a4", chosen_dir, &error));
	assert_null(error);
	assert_true(exists(chosen_dir, id, "scenario-sheet.pdf"));
	assert_true(exists(chosen_dir, id, "rosters.pdf"));
	assert_false(exists(chosen_dir, id, "map-tiles.pdf"));
	assert_false(exists(chosen_dir, id, "order-cards.pdf"));

	/* The command's form: the whole set of the file, and what it told. */
	told t = { 0 };
	printset_item items[] = { { .file = TEST_SCENARIO }, { .file = "/nonexistent/orbat-scenario.xml" } };
	printset_run_options run = {
		.print = { .ctx = &ctx, .out_dir = all_dir, .paper = "a4", .format = DOC_PDF, .quiet = true },
		.validator = v,
		.sink = &sink,
		.jobs = 1,
		.report = tell,
		.arg = &t,
	};
	run.print.langs[LANG_EN] = true;
	assert_int_equal(printset_run(&run, items, ARRAY_LEN(items), &error), PRINTSET_UNWRITABLE);
	assert_null(error);
	char expected[] = { 'C', (char)('0' + VALIDATE_OK), 'W', 'C', (char)('0' + VALIDATE_IO_ERROR), '\0' };
	assert_string_equal(t.events, expected);
	assert_true(exists(all_dir, id, "map-tiles.pdf"));
	assert_same_file(chosen_dir, all_dir, id, "scenario-sheet.pdf");
	assert_same_file(chosen_dir, all_dir, id, "rosters.pdf");

	/* A product the set does not have: refused, nothing written. */
	static const char *const unknown[] = { "rosters", "maps", NULL };
	char empty_dir[] = "/tmp/orbat-none-XXXXXX";
	assert_non_null(mkdtemp(empty_dir));
	assert_false(printset_make(&ctx, sc, rs, unknown, LANG_EN, "a4", empty_dir, &error));
	assert_non_null(error);
	assert_non_null(strstr(error, "unknown print product 'maps'"));
	free(error);
	assert_int_equal(rmdir(empty_dir), 0);

	scenario_destroy(sc);
	validator_destroy(v);
	context_finish(&ctx);
	diag_sink_finish(&sink);
	remove_tree(chosen_dir);
	remove_tree(all_dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chosen_products_are_the_render_files),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
