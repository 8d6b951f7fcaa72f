/* The cache of hyphenation automata (src/text/hyphcache.h): the first load
 * of a pattern file writes the cache, the next reads it, and a dictionary
 * from the cache breaks every word exactly where one built from the
 * patterns does; a damaged cache, a pattern file that changed and a cache
 * folder that cannot be written all fall back on the patterns. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "text/hyphcache.h"
#include "text/hyphen.h"

static const char *const DICTS[] = {
	HYPHEN_DEFAULT_DIR "/hyph_fr.dic",
	HYPHEN_DEFAULT_DIR "/hyph_nl_NL.dic",
	HYPHEN_DEFAULT_DIR "/hyph_en_US.dic",
};

static char cache_root[] = "/tmp/orbat-hyphcache-XXXXXX";

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(cache_root))
		return -1;
	setenv("XDG_CACHE_HOME", cache_root, 1);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[256];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", cache_root);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", cache_root);
	return 0;
}

/* Words to break: real ones, and pseudo-random letter runs of 3 to 20
 * letters that walk far through the automaton. */
static const char *const REAL[] = {
	"ravitaillement", "bevoorradingsproblemen", "reinforcements", "artillerie", "cavalerie",
	"infanterie", "hyphenation", "generaal", "tegenaanval", "communications", "extraordinaire",
};

static size_t word_at(size_t i, char *out, size_t size)
{
	if (i < sizeof REAL / sizeof *REAL) {
		snprintf(out, size, "%s", REAL[i]);
		return strlen(out);
	}
	uint32_t x = (uint32_t)i * 2654435761u + 12345u;
	size_t n = 3 + x % 18;
	for (size_t k = 0; k < n && k + 1 < size; k++) {
		x = x * 1103515245u + 12345u;
		out[k] = (char)('a' + (x >> 16) % 26);
	}
	out[n] = '\0';
	return n;
}

#define WORDS 3000

/* Every word broken by both dictionaries at the same points, with the
 * same replacements. */
static void assert_same_breaks(HyphenDict *a, HyphenDict *b)
{
	for (size_t i = 0; i < WORDS; i++) {
		char word[32], ha[40], hb[40];
		size_t n = word_at(i, word, sizeof word);
		char **rep_a = NULL, **rep_b = NULL;
		int *pos_a = NULL, *pos_b = NULL, *cut_a = NULL, *cut_b = NULL;
		memset(ha, 0, sizeof ha);
		memset(hb, 0, sizeof hb);
		hnj_hyphen_hyphenate3(a, word, (int)n, ha, NULL, &rep_a, &pos_a, &cut_a, 2, 2, 2, 2);
		hnj_hyphen_hyphenate3(b, word, (int)n, hb, NULL, &rep_b, &pos_b, &cut_b, 2, 2, 2, 2);
		assert_memory_equal(ha, hb, n);
		assert_true((rep_a == NULL) == (rep_b == NULL));
		for (size_t k = 0; rep_a && k < n; k++) {
			assert_true((rep_a[k] == NULL) == (rep_b[k] == NULL));
			if (rep_a[k])
				assert_string_equal(rep_a[k], rep_b[k]);
			free(rep_a[k]);
			free(rep_b[k]);
		}
		free(rep_a);
		free(rep_b);
		free(pos_a);
		free(pos_b);
		free(cut_a);
		free(cut_b);
	}
}

static char *cache_file_of(const char *dict)
{
	const char *base = strrchr(dict, '/') + 1;
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "ls '%s/orbat/hyphen/%s'-*.bin 2>/dev/null | head -1", cache_root, base);
	FILE *p = popen(cmd, "r");
	char line[4096] = "";
	assert_non_null(p);
	if (!fgets(line, sizeof line, p))
		line[0] = '\0';
	pclose(p);
	line[strcspn(line, "\n")] = '\0';
	return line[0] ? strdup(line) : NULL;
}

static void test_cached_breaks_as_the_patterns(void **state)
{
	(void)state;
	size_t tried = 0;
	for (size_t d = 0; d < sizeof DICTS / sizeof *DICTS; d++) {
		if (access(DICTS[d], R_OK) != 0)
			continue;   /* that hyphen-* package is not installed */
		tried++;
		HyphenDict *patterns = hnj_hyphen_load(DICTS[d]);
		HyphenDict *first = hyphcache_load(DICTS[d]);
		assert_false(hyphcache_last_was_cached());
		char *file = cache_file_of(DICTS[d]);
		assert_non_null(file);
		HyphenDict *cached = hyphcache_load(DICTS[d]);
		assert_true(hyphcache_last_was_cached());
		assert_same_breaks(patterns, first);
		assert_same_breaks(patterns, cached);
		hnj_hyphen_free(patterns);
		hnj_hyphen_free(first);
		hnj_hyphen_free(cached);
		free(file);
	}
	if (!tried)
		skip();
}

static void write_file(const char *path, const unsigned char *p, size_t n)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(p, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
}

/* A cache cut short or with bytes changed: never used, never a crash, and
 * the words break as the patterns say. */
static void test_damaged_cache_is_not_used(void **state)
{
	(void)state;
	const char *dict = DICTS[0];
	if (access(dict, R_OK) != 0)
		skip();
	HyphenDict *patterns = hnj_hyphen_load(dict);
	hnj_hyphen_free(hyphcache_load(dict));
	char *file = cache_file_of(dict);
	assert_non_null(file);
	FILE *f = fopen(file, "rb");
	assert_non_null(f);
	unsigned char *good = malloc(1 << 22);
	assert_non_null(good);
	size_t len = fread(good, 1, 1 << 22, f);
	fclose(f);
	assert_true(len > 1000);
	unsigned char *bent = malloc(len);
	assert_non_null(bent);
	size_t used_cache = 0;
	for (size_t cut = 0; cut < len; cut += 1 + len / 40) {
		write_file(file, good, cut);
		HyphenDict *d = hyphcache_load(dict);
		assert_non_null(d);
		used_cache += hyphcache_last_was_cached();
		hnj_hyphen_free(d);
	}
	static const unsigned char values[] = { 0x00, 0xff, 0x7f, 0x80, 0x01 };
	for (size_t at = 0; at < len; at += 1 + len / 60) {
		memcpy(bent, good, len);
		bent[at] ^= values[at % sizeof values] | 1;
		write_file(file, bent, len);
		HyphenDict *d = hyphcache_load(dict);
		assert_non_null(d);
		used_cache += hyphcache_last_was_cached();
		if (at % 7 == 0)
			assert_same_breaks(patterns, d);
		hnj_hyphen_free(d);
	}
	assert_int_equal(used_cache, 0);
	/* Read from the patterns, the cache was written whole again. */
	HyphenDict *again = hyphcache_load(dict);
	assert_true(hyphcache_last_was_cached());
	assert_same_breaks(patterns, again);
	hnj_hyphen_free(again);
	hnj_hyphen_free(patterns);
	free(bent);
	free(good);
	free(file);
}

/* A pattern file that changes after it was cached is read again. */
static void test_changed_patterns_are_read_again(void **state)
{
	(void)state;
	if (access(DICTS[0], R_OK) != 0)
		skip();
	char copy[256], cmd[1024];
	snprintf(copy, sizeof copy, "%s/hyph_xx.dic", cache_root);
	snprintf(cmd, sizeof cmd, "cp '%s' '%s'", DICTS[0], copy);
	assert_int_equal(system(cmd), 0);
	hnj_hyphen_free(hyphcache_load(copy));
	hnj_hyphen_free(hyphcache_load(copy));
	assert_true(hyphcache_last_was_cached());
	/* A pattern more, which breaks "zzxzz" where nothing did. */
	FILE *f = fopen(copy, "a");
	assert_non_null(f);
	fputs("z1x\n", f);
	fclose(f);
	HyphenDict *d = hyphcache_load(copy);
	assert_false(hyphcache_last_was_cached());
	char hy[16] = "";
	char **rep = NULL;
	int *pos = NULL, *cut = NULL;
	hnj_hyphen_hyphenate3(d, "zzxzz", 5, hy, NULL, &rep, &pos, &cut, 1, 1, 1, 1);
	assert_true(hy[1] & 1);
	free(rep);
	free(pos);
	free(cut);
	hnj_hyphen_free(d);
}

/* No folder to write the cache in: the patterns, every time. */
static void test_no_cache_folder(void **state)
{
	(void)state;
	if (access(DICTS[0], R_OK) != 0)
		skip();
	setenv("XDG_CACHE_HOME", "/proc/orbat-no-such-folder", 1);
	for (int i = 0; i < 2; i++) {
		HyphenDict *d = hyphcache_load(DICTS[0]);
		assert_non_null(d);
		assert_false(hyphcache_last_was_cached());
		hnj_hyphen_free(d);
	}
	setenv("XDG_CACHE_HOME", cache_root, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cached_breaks_as_the_patterns),
		cmocka_unit_test(test_damaged_cache_is_not_used),
		cmocka_unit_test(test_changed_patterns_are_read_again),
		cmocka_unit_test(test_no_cache_folder),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
