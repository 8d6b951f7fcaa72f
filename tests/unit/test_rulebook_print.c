/* The rule catalogue as a reader sees it (model/rulebook_print): one rule
 * in each language and each format, as orbat explain and the studio take
 * it from the library, over the bundled data folder.  The whole catalogue
 * byte for byte is the explain suite's golden file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/datadir.h"
#include "base/util.h"
#include "model/rulebook_print.h"
#include "text/context.h"
#include "text/strings.h"

static const lang_id LANGS[] = { LANG_EN, LANG_NL, LANG_FR };

typedef struct fixture {
	context ctx;
	diag_sink sink;
	rulebook_doc doc;
	const rulebook_rule *rule;          /* bc-3.1: two rulesets, a variant, advice */
	const rulebook_ruleset *classic;    /* battlecry-1999: the variant is not its */
} fixture;

static int setup(void **state)
{
	fixture *f = calloc(1, sizeof *f);
	context_init(&f->ctx, datadir_get());
	diag_sink_init(&f->sink);
	f->doc.strings = strings_of(&f->ctx, &f->sink);
	f->doc.rb = rulebook_of(&f->ctx, &f->sink);
	assert_non_null(f->doc.strings);
	assert_non_null(f->doc.rb);
	f->rule = rulebook_find(f->doc.rb, "bc-3.1");
	f->classic = rulebook_find_ruleset(f->doc.rb, "battlecry-1999");
	assert_non_null(f->rule);
	assert_non_null(f->classic);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	fixture *f = *state;
	diag_sink_finish(&f->sink);
	context_finish(&f->ctx);
	free(f);
	return 0;
}

/* The rule as rulebook_print_rule writes it; a fresh string. */
static char *printed(const rulebook_doc *d, const rulebook_rule *r, const rulebook_ruleset *only)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&buf, &size);
	assert_non_null(out);
	rulebook_print_rule(out, d, r, only);
	assert_int_equal(fclose(out), 0);
	return buf;
}

static const char *label(const fixture *f, const char *id)
{
	return strings_get(f->doc.strings, id, f->doc.lang);
}

/* Whether s holds part. */
static bool holds(const char *s, const char *part)
{
	return strstr(s, part) != NULL;
}

/* Text: the title line, the rulesets and section lines in the language's
 * words, the text wrapped at 78 columns, the variant and the advice under
 * their headings. */
static void check_text(const fixture *f, const char *out)
{
	const rulebook_rule *r = f->rule;
	char *head = xasprintf("bc-3.1 \u2014 %s\n%s battlecry-1999, battlecry-150\n%s 3.1\n\n",
		l10n_get(&r->title, f->doc.lang), label(f, "explain-rulesets"), label(f, "explain-section"));
	assert_memory_equal(out, head, strlen(head));
	free(head);
	size_t col = 0;
	for (const char *p = out; *p; p++) {
		if (*p == '\n')
			col = 0;
		else if (((unsigned char)*p & 0xC0) != 0x80)
			assert_true(++col <= 78);
	}
	assert_true(holds(out, label(f, "explain-advice")));
	assert_true(holds(out, "\n\n"));
	assert_int_equal(out[strlen(out) - 1], '\n');
	assert_false(holds(out, "\n\n\n"));
}

/* Markdown: a top heading with the title, one paragraph a line, the
 * variant and the advice in bold lead-ins. */
static void check_markdown(const fixture *f, const char *out)
{
	char *head = xasprintf("# bc-3.1 \u2014 %s\n\n", l10n_get(&f->rule->title, f->doc.lang));
	assert_memory_equal(out, head, strlen(head));
	free(head);
	char *advice = xasprintf("\n**%s** ", label(f, "explain-advice"));
	assert_true(holds(out, advice));
	free(advice);
	assert_true(holds(out, "\n**"));
	assert_int_equal(out[strlen(out) - 1], '\n');
}

/* JSON: one object on one line, in the language asked for. */
static void check_json(const fixture *f, const char *out)
{
	char *head = xasprintf("{\"id\":\"bc-3.1\",\"lang\":\"%s\",\"prefix\":\"bc\",\"section\":\"3.1\","
		"\"format_rule\":false,\"rulesets\":[\"battlecry-1999\",\"battlecry-150\"],\"title\":",
		lang_code(f->doc.lang));
	assert_memory_equal(out, head, strlen(head));
	free(head);
	assert_true(holds(out, ",\"variants\":[{\"ruleset\":\"battlecry-150\",\"name\":"));
	size_t len = strlen(out);
	assert_string_equal(out + len - 4, "}]}\n");
	assert_ptr_equal(strchr(out, '\n'), out + len - 1);
}

static void test_one_rule_in_each_language_and_format(void **state)
{
	fixture *f = *state;
	for (size_t l = 0; l < sizeof LANGS / sizeof *LANGS; l++) {
		f->doc.lang = LANGS[l];
		f->doc.format = RULEBOOK_TEXT;
		char *text = printed(&f->doc, f->rule, NULL);
		check_text(f, text);
		f->doc.format = RULEBOOK_MARKDOWN;
		char *md = printed(&f->doc, f->rule, NULL);
		check_markdown(f, md);
		f->doc.format = RULEBOOK_JSON;
		char *json = printed(&f->doc, f->rule, NULL);
		check_json(f, json);
		/* Each language its own words: no two alike. */
		if (LANGS[l] == LANG_FR)
			assert_true(holds(text, "\u00a0:"));
		else
			assert_false(holds(text, "\u00a0:"));
		free(text);
		free(md);
		free(json);
	}
}

/* One ruleset's rule: its own id alone, and no other ruleset's variant. */
static void test_a_ruleset_shows_its_own_variant_only(void **state)
{
	fixture *f = *state;
	f->doc.lang = LANG_EN;
	f->doc.format = RULEBOOK_TEXT;
	char *text = printed(&f->doc, f->rule, f->classic);
	assert_true(holds(text, "\nRuleset: battlecry-1999\n"));
	assert_false(holds(text, "battlecry-150"));
	free(text);
	f->doc.format = RULEBOOK_JSON;
	char *json = printed(&f->doc, f->rule, f->classic);
	assert_true(holds(json, "\"rulesets\":[\"battlecry-1999\"]"));
	assert_true(holds(json, "\"variants\":[]}"));
	free(json);
}

/* The studio's strings: the title, and the text with the variant and the
 * advice under their headings, unwrapped. */
static void test_words_for_the_studio(void **state)
{
	fixture *f = *state;
	f->doc.lang = LANG_NL;
	char *title = NULL, *text = NULL;
	rulebook_rule_words(&f->doc, f->rule, NULL, &title, &text);
	assert_string_equal(title, l10n_get(&f->rule->title, LANG_NL));
	const char *body = l10n_get(&f->rule->text, LANG_NL);
	assert_memory_equal(text, body, strlen(body));
	char *tail = xasprintf("\n\n%s\n\n%s", label(f, "explain-advice"), l10n_get(&f->rule->advice, LANG_NL));
	size_t len = strlen(text);
	assert_true(len > strlen(tail));
	assert_string_equal(text + len - strlen(tail), tail);
	assert_true(holds(text, "\n\nBij Battle Cry (jubileumeditie 150 jaar):\n\n"));
	free(tail);
	free(title);
	free(text);
	rulebook_rule_words(&f->doc, f->rule, f->classic, &title, &text);
	assert_false(holds(text, "jubileumeditie"));
	free(title);
	free(text);
}

/* What an unknown ruleset's message lists, and a prefix's names. */
static void test_names_for_messages(void **state)
{
	fixture *f = *state;
	f->doc.lang = LANG_EN;
	char *ids = rulebook_ruleset_ids(f->doc.rb);
	assert_true(holds(ids, "battlecry-150, battlecry-1999"));
	free(ids);
	char *names = rulebook_prefix_names(&f->doc, "bc");
	assert_true(holds(names, "Battle Cry (150th anniversary edition)"));
	assert_true(holds(names, ", "));
	free(names);
	names = rulebook_prefix_names(&f->doc, "zz");
	assert_string_equal(names, "zz");
	free(names);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_rule_in_each_language_and_format),
		cmocka_unit_test(test_a_ruleset_shows_its_own_variant_only),
		cmocka_unit_test(test_words_for_the_studio),
		cmocka_unit_test(test_names_for_messages),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
