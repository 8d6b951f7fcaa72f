/* Hyphenation dictionaries held one language at a time
 * (src/text/hyphen.h): after hyphen_keep_only a freed language is read
 * again when asked and breaks words exactly as before, and a hyphenator
 * made before the dictionaries went keeps working (it holds none of
 * them; under valgrind or the sanitizers a freed one would show). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "text/hyphen.h"

#define SHY "\xC2\xAD"

static const char *const WORDS[] = {
	[LANG_EN] = "the reinforcements arrive",
	[LANG_NL] = "de bevoorradingsproblemen",
	[LANG_FR] = "le ravitaillement",
};

static void test_freed_dictionaries_come_back_the_same(void **state)
{
	(void)state;
	hyphenator *h = hyphen_create(NULL);
	for (int lang = 0; lang < LANG_COUNT; lang++)
		if (!hyphen_available(h, (lang_id)lang))
			skip();   /* the hyphen-* packages are not installed */
	char *first[LANG_COUNT];
	for (int lang = 0; lang < LANG_COUNT; lang++) {
		first[lang] = hyphen_insert(h, (lang_id)lang, WORDS[lang]);
		assert_non_null(strstr(first[lang], SHY));
	}
	/* One language after another, as a print set draws them; the same
	 * hyphenator throughout. */
	for (int round = 0; round < 2; round++) {
		for (int keep = 0; keep < LANG_COUNT; keep++) {
			hyphen_keep_only((lang_id)keep);
			for (int lang = 0; lang < LANG_COUNT; lang++) {
				char *again = hyphen_insert(h, (lang_id)lang, WORDS[lang]);
				assert_string_equal(again, first[lang]);
				free(again);
				/* Asking for another language read it again: keep the
				 * one of this round only once more. */
				hyphen_keep_only((lang_id)keep);
			}
		}
	}
	hyphen_destroy(h);
	/* A hyphenator made afterwards finds them as well. */
	hyphenator *later = hyphen_create(NULL);
	char *nl = hyphen_insert(later, LANG_NL, WORDS[LANG_NL]);
	assert_string_equal(nl, first[LANG_NL]);
	free(nl);
	hyphen_destroy(later);
	for (int lang = 0; lang < LANG_COUNT; lang++)
		free(first[lang]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_freed_dictionaries_come_back_the_same),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
