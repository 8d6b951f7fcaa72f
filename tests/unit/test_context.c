/* The run's context (text/context.h): each member of the data folder is
 * loaded the first time it is asked for and the same one handed out after,
 * a folder without the file gives NULL with the reason, and finishing
 * the context lets everything go (the memory suite would see a leak). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/datadir.h"
#include "cards/cardlayout.h"
#include "model/rulebook.h"
#include "model/ruleset.h"
#include "render/layouts.h"
#include "text/context.h"
#include "text/fonts.h"
#include "text/strings.h"

static void test_nothing_is_loaded_before_it_is_asked_for(void **state)
{
	(void)state;
	context c;
	context_init(&c, datadir_get());
	assert_string_equal(context_data_dir(&c), datadir_get());
	assert_null(c.fonts);
	assert_null(c.strings);
	assert_null(c.print_layouts);
	assert_null(c.card_layouts);
	assert_null(c.rulesets);
	assert_null(c.rulebook);
	char *path = context_path(&c, DATADIR_CARD_LAYOUTS);
	char *want = datadir_path(datadir_get(), DATADIR_CARD_LAYOUTS);
	assert_string_equal(path, want);
	free(path);
	free(want);
	context_finish(&c);
}

static void test_each_member_is_loaded_once(void **state)
{
	(void)state;
	context c;
	context_init(&c, datadir_get());
	diag_sink sink;
	diag_sink_init(&sink);
	char *error = NULL;
	font_library *fonts = fonts_of(&c, &error);
	assert_non_null(fonts);
	assert_null(error);
	assert_ptr_equal(fonts_of(&c, &error), fonts);
	const string_table *strings = strings_of(&c, &sink);
	assert_non_null(strings);
	assert_ptr_equal(strings_of(&c, &sink), strings);
	const layouts *print = layouts_of(&c, &sink);
	assert_non_null(print);
	assert_non_null(layouts_paper(print, "a4"));
	assert_ptr_equal(layouts_of(&c, &sink), print);
	const card_layouts *cards = cardlayout_of(&c, &sink);
	assert_non_null(cards);
	assert_non_null(cardlayout_size(cards, NULL));
	assert_ptr_equal(cardlayout_of(&c, &sink), cards);
	ruleset_registry *registry = ruleset_registry_of(&c);
	assert_true(ruleset_registry_has(registry, "battlecry-150"));
	assert_ptr_equal(ruleset_registry_of(&c), registry);
	const rulebook *rb = rulebook_of(&c, &sink);
	assert_non_null(rb);
	assert_ptr_equal(rulebook_of(&c, &sink), rb);
	assert_int_equal(sink.errors, 0);
	diag_sink_finish(&sink);
	context_finish(&c);
	assert_null(c.fonts);
	assert_null(c.rulebook);
}

static void test_a_folder_without_the_files_gives_the_reason(void **state)
{
	(void)state;
	context c;
	context_init(&c, "/nonexistent/orbat-data");
	diag_sink sink;
	diag_sink_init(&sink);
	assert_null(strings_of(&c, &sink));
	assert_null(layouts_of(&c, &sink));
	assert_null(cardlayout_of(&c, &sink));
	assert_true(sink.errors > 0);
	char *error = NULL;
	assert_null(fonts_of(&c, &error));
	assert_non_null(error);
	free(error);
	diag_sink_finish(&sink);
	context_finish(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nothing_is_loaded_before_it_is_asked_for),
		cmocka_unit_test(test_each_member_is_loaded_once),
		cmocka_unit_test(test_a_folder_without_the_files_gives_the_reason),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
