/* The products of a print set drawn one after another in one process:
 * the fonts and laid-out text a product made serve the next one while the
 * heap is small (the poster's labels are the map tiles'), and are let go
 * when the heap in use is over the bound the printer is given. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/datadir.h"
#include "base/diag.h"
#include "base/outdir.h"
#include "base/util.h"
#include "print/printset.h"
#include "validate/validate.h"

/* The parts of one language in PDF, in the order printer_render writes
 * them (print/printset.c): map tiles, overview, poster, ...  The tiles
 * and the poster draw the map at one hex size, so with the same labels. */
enum { PART_TILES = 0, PART_POSTER = 2 };

/* How many layouts the poster had to make after the map tiles, with the
 * printer keeping keep_bytes of heap between products. */
static size_t poster_misses(size_t keep_bytes)
{
	char dir[] = "/tmp/orbat-keep-XXXXXX";
	assert_non_null(mkdtemp(dir));
	diag_sink sink;
	diag_sink_init(&sink);
	validator *v = validator_create(datadir_get(), &sink);
	assert_non_null(v);
	scenario *sc = NULL;
	const ruleset *rs = NULL;
	assert_int_equal(validator_check_file(v, TEST_SCENARIO, &sink, &sc, &rs), VALIDATE_OK);

	context ctx;
	context_init(&ctx, datadir_get());
	printset_options opt = {
		.ctx = &ctx,
		.out_dir = dir,
		.paper = "a4",
		.format = DOC_PDF,
		.quiet = true,
		.keep_bytes = keep_bytes,
	};
	opt.langs[LANG_EN] = true;
	char *error = NULL;
	printer *p = printer_create(&opt, &error);
	assert_non_null(p);
	printset_scenario *ps = printer_prepare(p, sc, rs, &error);
	assert_non_null(ps);
	outdir_open();
	assert_true(printer_render_part(p, ps, PART_TILES, &error));
	layoutcache_stats before = printer_text_stats(p);
	assert_true(printer_render_part(p, ps, PART_POSTER, &error));
	layoutcache_stats after = printer_text_stats(p);
	/* Not committed: the set's files and folders go with it. */
	outdir_close(outdir_current());

	printset_scenario_destroy(ps);
	printer_destroy(p);
	context_finish(&ctx);
	scenario_destroy(sc);
	validator_destroy(v);
	diag_sink_finish(&sink);
	assert_int_equal(rmdir(dir), 0);
	return after.misses - before.misses;
}

static void test_poster_reuses_the_tiles_text(void **state)
{
	(void)state;
	size_t kept = poster_misses(SIZE_MAX);
	size_t let_go = poster_misses(1);
	print_message("poster layouts made: %zu with the tiles' kept, %zu without\n", kept, let_go);
	/* Shiloh's poster has some 130 texts, all but a few the tiles'. */
	assert_true(let_go >= 50);
	assert_true(kept * 4 < let_go);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_poster_reuses_the_tiles_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
