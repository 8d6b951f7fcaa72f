/* Starter scenarios (model/starter.h): the rulesets offered, the id made
 * from a file name, the template filled with it and nothing else changed,
 * and a written file that never replaces one already there. */
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
#include "base/util.h"
#include "model/starter.h"

static void test_the_rulesets_are_those_with_a_template(void **state)
{
	(void)state;
	starter_list list;
	assert_true(starter_list_load(datadir_get(), &list));
	assert_true(list.count >= 2);
	assert_true(starter_list_has(&list, "battlecry-150"));
	assert_false(starter_list_has(&list, "nope"));
	for (size_t i = 1; i < list.count; i++)
		assert_true(strcmp(list.ids[i - 1], list.ids[i]) < 0);
	char *text = starter_list_text(&list, " or ");
	assert_non_null(strstr(text, " or "));
	free(text);
	starter_list_finish(&list);
	assert_int_equal(list.count, 0);
}

static void id_is(const char *path, const char *want)
{
	char *id = starter_id_from_path(path);
	assert_string_equal(id, want);
	free(id);
}

static void test_the_id_comes_from_the_file_name(void **state)
{
	(void)state;
	id_is("battles/My Battle!.xml", "my-battle");
	id_is("-", STARTER_DEFAULT_ID);
	id_is("../x/.Foo--bar.XML", "foo-bar");
	id_is("!!!.xml", STARTER_DEFAULT_ID);
	char long_name[100];
	memset(long_name, 'a', 70);
	strcpy(long_name + 70, ".xml");
	char *id = starter_id_from_path(long_name);
	assert_int_equal(strlen(id), 64);
	free(id);
}

static void test_the_template_changes_only_its_id(void **state)
{
	(void)state;
	char *text = NULL, *template = NULL;
	size_t len = 0;
	assert_int_equal(starter_fill(datadir_get(), "battlecry-150", "first-test", &text, &len, &template), STARTER_OK);
	assert_int_equal(strlen(text), len);
	assert_null(strstr(text, STARTER_ID_MARKER));
	assert_non_null(strstr(text, "id=\"first-test\""));
	free(text);
	free(template);
	assert_int_equal(starter_fill(datadir_get(), "nope", "x", &text, &len, &template), STARTER_UNREADABLE);
	assert_null(text);
	free(template);
}

static void test_a_file_is_written_once_and_never_replaced(void **state)
{
	(void)state;
	char dir[] = "/tmp/orbat-starter-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char *file = xasprintf("%s/battle.xml", dir);
	char *error = NULL;
	assert_int_equal(starter_write_file(file, "first", 5, &error), STARTER_WRITTEN);
	assert_null(error);
	assert_int_equal(starter_write_file(file, "second", 6, &error), STARTER_EXISTS);
	assert_null(error);
	FILE *f = fopen(file, "r");
	char buf[16] = "";
	assert_non_null(fgets(buf, sizeof buf, f));
	fclose(f);
	assert_string_equal(buf, "first");
	char *nowhere = xasprintf("%s/missing/battle.xml", dir);
	assert_int_equal(starter_write_file(nowhere, "x", 1, &error), STARTER_FAILED);
	assert_non_null(strstr(error, "cannot create"));
	free(error);
	free(nowhere);
	/* Nothing but the file is left behind. */
	assert_int_equal(unlink(file), 0);
	assert_int_equal(rmdir(dir), 0);
	free(file);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_the_rulesets_are_those_with_a_template),
		cmocka_unit_test(test_the_id_comes_from_the_file_name),
		cmocka_unit_test(test_the_template_changes_only_its_id),
		cmocka_unit_test(test_a_file_is_written_once_and_never_replaced),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
