/* The counter marks of attribute values (model/ruleset_marks.h): the
 * bundled Noord tegen Zuid ruleset marks a dismounted cavalry unit's
 * counter in each language and a mounted one not; a ruleset extending
 * it may add a mark; a mark short of a language, too long or in an
 * unknown language is refused with the reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/datadir.h"
#include "base/diag.h"
#include "model/ruleset.h"
#include "model/ruleset_marks.h"
#include "../unit/sink_says.h"

static const char *data_dir(void)
{
	const char *env = getenv("ORBAT_DATADIR");
	return env && *env ? env : datadir_get();
}

static ruleset *load(const char *dir, const char *id, diag_sink *sink)
{
	diag_sink_init(sink);
	return ruleset_load(dir, id, sink);
}

static void test_bundled_marks(void **state)
{
	(void)state;
	diag_sink sink;
	ruleset *rs = load(data_dir(), "noord-zuid", &sink);
	assert_non_null(rs);
	assert_string_equal(ruleset_value_mark(rs, "state", "dismounted", LANG_EN), "D");
	assert_string_equal(ruleset_value_mark(rs, "state", "dismounted", LANG_NL), "A");
	assert_string_equal(ruleset_value_mark(rs, "state", "dismounted", LANG_FR), "P");
	/* The usual state carries none: only the exception is marked. */
	assert_null(ruleset_value_mark(rs, "state", "mounted", LANG_EN));
	assert_null(ruleset_value_mark(rs, "weapon", "rifle", LANG_EN));
	assert_null(ruleset_value_mark(rs, "no-such", "dismounted", LANG_EN));
	assert_null(ruleset_value_mark(rs, "state", NULL, LANG_EN));
	ruleset_destroy(rs);
	diag_sink_finish(&sink);
}

/* A scratch data folder holding the bundled parents and one child. */
typedef struct scratch {
	char dir[64], rulesets[96];
} scratch;

static void put(const scratch *s, const char *file, const char *content)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", s->rulesets, file);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(content, f);
	fclose(f);
}

static void copy_bundled(const scratch *s, const char *id)
{
	char src[512];
	snprintf(src, sizeof src, "%s/rulesets/%s.xml", data_dir(), id);
	FILE *f = fopen(src, "rb");
	assert_non_null(f);
	static char buf[256 * 1024];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	char file[128];
	snprintf(file, sizeof file, "%s.xml", id);
	put(s, file, buf);
}

static int setup_scratch(void **state)
{
	scratch *s = calloc(1, sizeof *s);
	if (!s)
		return -1;
	snprintf(s->dir, sizeof s->dir, "/tmp/orbat-marks-XXXXXX");
	snprintf(s->rulesets, sizeof s->rulesets, "%s/rulesets", mkdtemp(s->dir) ? s->dir : "");
	if (!s->dir[0] || mkdir(s->rulesets, 0700) != 0) {
		free(s);
		return -1;
	}
	*state = s;
	return 0;
}

static int teardown_scratch(void **state)
{
	scratch *s = *state;
	static const char *const files[] = { "battlecry-1999.xml", "noord-zuid.xml", "child.xml" };
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char path[256];
		snprintf(path, sizeof path, "%s/%s", s->rulesets, files[i]);
		unlink(path);
	}
	rmdir(s->rulesets);
	rmdir(s->dir);
	free(s);
	return 0;
}

#define CHILD_HEAD "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
	"<ruleset xmlns=\"urn:orbat:ruleset:1\" id=\"child\" extends=\"noord-zuid\">\n" \
	"<attribute id=\"state\"><value id=\"mounted\"><mark>"
#define CHILD_TAIL "</mark></value></attribute>\n</ruleset>\n"

/* The child's mark, or the loader's complaint containing `says`. */
static void child_with(const scratch *s, const char *letters, const char *says)
{
	char xml[1024];
	snprintf(xml, sizeof xml, CHILD_HEAD "%s" CHILD_TAIL, letters);
	put(s, "child.xml", xml);
	diag_sink sink;
	ruleset *rs = load(s->dir, "child", &sink);
	if (says) {
		assert_null(rs);
		if (!sink_says(&sink, says))
			fail_msg("no diagnostic says '%s'", says);
	} else {
		if (!rs)
			diag_print_text(&sink, 0, sink.count, stderr);
		assert_non_null(rs);
		assert_string_equal(ruleset_value_mark(rs, "state", "mounted", LANG_NL), "B");
		/* The parent's mark of the other value stays. */
		assert_string_equal(ruleset_value_mark(rs, "state", "dismounted", LANG_NL), "A");
	}
	ruleset_destroy(rs);
	diag_sink_finish(&sink);
}

static void test_child_marks(void **state)
{
	const scratch *s = *state;
	copy_bundled(s, "battlecry-1999");
	copy_bundled(s, "noord-zuid");
	child_with(s, "<letter xml:lang=\"en\">M</letter><letter xml:lang=\"nl\">B</letter>"
		"<letter xml:lang=\"fr\">M</letter>", NULL);
	child_with(s, "<letter xml:lang=\"en\">M</letter><letter xml:lang=\"fr\">M</letter>", "en, nl and fr");
	child_with(s, "<letter xml:lang=\"de\">M</letter>", "xml:lang en, nl or fr");
	child_with(s, "<letter xml:lang=\"en\">Mounted men</letter><letter xml:lang=\"nl\">B</letter>"
		"<letter xml:lang=\"fr\">M</letter>", "a letter or two");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bundled_marks),
		cmocka_unit_test_setup_teardown(test_child_marks, setup_scratch, teardown_scratch),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
