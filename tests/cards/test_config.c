/* The user's configuration file (base/config): where it is looked for,
 * back-offset read and checked, and every malformed file refused with
 * its file and line; plus the card emblems' names (cards/emblem). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/config.h"
#include "cards/emblem.h"

static char dir[] = "/tmp/orbat-config-XXXXXX";

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char path[256];
	snprintf(path, sizeof path, "%s/orbat.conf", dir);
	unlink(path);
	rmdir(dir);
	return 0;
}

/* Write `text` as the file and load it. */
static bool load(const char *text, orbat_config *out, char **error)
{
	char path[256];
	snprintf(path, sizeof path, "%s/orbat.conf", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return config_load(path, out, error);
}

static void test_parse_offset(void **state)
{
	(void)state;
	double v[2] = { 9, 9 };
	assert_true(config_parse_offset("1.5,-0.5", v));
	assert_true(v[0] == 1.5 && v[1] == -0.5);
	assert_true(config_parse_offset(" -2 , 3 ", v));
	assert_true(v[0] == -2 && v[1] == 3);
	assert_true(config_parse_offset("10,-10", v));
	assert_true(config_parse_offset("-0,0", v));
	assert_true(v[0] == 0 && v[1] == 0);
	static const char *const bad[] = { "", "1", "1,", ",1", "1,2,3", "a,b", "1.5;2", "10.01,0", "0,-11",
		"nan,0", "inf,0", "1e3,0", "1 2,3", NULL };
	for (size_t i = 0; bad[i]; i++) {
		v[0] = v[1] = 7;
		assert_false(config_parse_offset(bad[i], v));
		assert_true(v[0] == 7 && v[1] == 7);   /* untouched */
	}
}

static void test_load(void **state)
{
	(void)state;
	orbat_config c;
	char *error = NULL;
	assert_true(load("# printer\n\n  back-offset = 1.5, -0.5  \r\n", &c, &error));
	assert_null(error);
	assert_true(c.has_back_offset);
	assert_true(c.back_offset[0] == 1.5 && c.back_offset[1] == -0.5);
	assert_true(load("# nothing set\n", &c, &error));
	assert_false(c.has_back_offset);

	char path[256];
	snprintf(path, sizeof path, "%s/missing.conf", dir);
	assert_true(config_load(path, &c, &error));   /* no file: no error */
	assert_false(c.has_back_offset);
	assert_false(config_load(dir, &c, &error));   /* a folder is no file */
	assert_non_null(strstr(error, "cannot read"));
	free(error);
}

static void test_malformed(void **state)
{
	(void)state;
	static const struct { const char *text, *want; } cases[] = {
		{ "back-offset = 1\n", "orbat.conf:1: back-offset takes X,Y" },
		{ "# x\nbackoffset = 1,1\n", "orbat.conf:2: unknown key 'backoffset'" },
		{ "back-offset 1,1\n", "orbat.conf:1: expected 'key = value'" },
		{ "back-offset = 1,1\nback-offset = 2,2\n", "orbat.conf:2: back-offset is given twice" },
		{ "back-offset = 20,0\n", "from -10 to 10" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		orbat_config c;
		char *error = NULL;
		assert_false(load(cases[i].text, &c, &error));
		assert_non_null(error);
		if (!strstr(error, cases[i].want))
			fail_msg("'%s' gave '%s', not '%s'", cases[i].text, error, cases[i].want);
		free(error);
	}
}

static void test_default_path(void **state)
{
	(void)state;
	setenv("XDG_CONFIG_HOME", "/x/conf", 1);
	setenv("HOME", "/home/me", 1);
	char *p = config_default_path();
	assert_string_equal(p, "/x/conf/orbat/orbat.conf");
	free(p);
	setenv("XDG_CONFIG_HOME", "relative", 1);   /* ignored, as the XDG rules say */
	p = config_default_path();
	assert_string_equal(p, "/home/me/.config/orbat/orbat.conf");
	free(p);
	unsetenv("XDG_CONFIG_HOME");
	unsetenv("HOME");
	assert_null(config_default_path());
}

static void test_emblem_names(void **state)
{
	(void)state;
	/* Every kind has a name that finds it, and the message lists it. */
	for (int k = 0; k < EMBLEM_COUNT; k++) {
		int found = 0;
		char name[32];
		const char *list = emblem_names();
		for (const char *p = list; *p;) {
			size_t n = strcspn(p, ",");
			snprintf(name, sizeof name, "%.*s", (int)n, p);
			emblem_kind kind;
			if (emblem_find(name, &kind) && kind == (emblem_kind)k)
				found++;
			p += n;
			while (*p == ',' || *p == ' ')
				p++;
		}
		assert_int_equal(found, 1);
	}
	emblem_kind kind;
	assert_false(emblem_find("sabers", &kind));
	assert_false(emblem_find(NULL, &kind));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_offset),
		cmocka_unit_test(test_load),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_default_path),
		cmocka_unit_test(test_emblem_names),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
