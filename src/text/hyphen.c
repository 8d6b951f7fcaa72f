#include "hyphen.h"

#include <glib.h>
#include <hyphen.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/util.h"
#include "hyphcache.h"

/* Longest word handed to libhyphen; longer runs are left alone. */
#define MAX_WORD_CHARS 80

#define SOFT_HYPHEN 0x00ADu

typedef struct lang_dict {
	bool tried;
	HyphenDict *dict;
	bool utf8;          /* else ISO-8859-1, as hyph_nl_NL.dic is */
} lang_dict;

struct hyphenator {
	char *dir;   /* its dictionaries are the process's (process_dicts) */
};

/* Dictionaries loaded in this process, per folder and language: reading
 * one (the Dutch patterns take some 8 ms) happens once however many
 * products of that language ask.  hyphen_keep_only lets the other
 * languages' go (close to a megabyte each); a hyphenator looks its
 * dictionary up here at each use, so none is left holding a freed one. */
typedef struct loaded_dicts {
	char *dir;
	lang_dict langs[LANG_COUNT];
} loaded_dicts;

static loaded_dicts *process_dicts;
static size_t process_dict_count, process_dict_cap;

static loaded_dicts *dicts_of(const char *dir)
{
	for (size_t i = 0; i < process_dict_count; i++)
		if (strcmp(process_dicts[i].dir, dir) == 0)
			return &process_dicts[i];
	grow_array((void **)&process_dicts, &process_dict_cap, process_dict_count + 1, sizeof *process_dicts);
	loaded_dicts *d = &process_dicts[process_dict_count++];
	memset(d, 0, sizeof *d);
	d->dir = xstrdup(dir);
	return d;
}

/* File names Debian uses, best first (the others are links or regional
 * copies). */
static const char *const DICT_FILES[LANG_COUNT][3] = {
	[LANG_EN] = { "hyph_en_US.dic", "hyph_en_GB.dic", "hyph_en.dic" },
	[LANG_NL] = { "hyph_nl_NL.dic", "hyph_nl.dic", NULL },
	[LANG_FR] = { "hyph_fr.dic", "hyph_fr_FR.dic", NULL },
};

/* Shortest piece before and after a break.  The US patterns are made for
 * a three-letter tail; Dutch and French typography allow two. */
static const int LEFT_MIN[LANG_COUNT] = { [LANG_EN] = 2, [LANG_NL] = 2, [LANG_FR] = 2 };
static const int RIGHT_MIN[LANG_COUNT] = { [LANG_EN] = 3, [LANG_NL] = 2, [LANG_FR] = 2 };

hyphenator *hyphen_create(const char *dict_dir)
{
	hyphenator *h = xcalloc(1, sizeof *h);
	const char *env = getenv("ORBAT_HYPHEN_DIR");
	h->dir = xstrdup(dict_dir ? dict_dir : env && *env ? env : HYPHEN_DEFAULT_DIR);
	return h;
}

void hyphen_destroy(hyphenator *h)
{
	/* The dictionaries stay: they belong to the process (process_dicts). */
	if (h)
		free(h->dir);
	free(h);
}

/* The dictionary's first line names its encoding; libhyphen keeps it but
 * only as a flag we cannot portably read, so look for ourselves. */
static bool file_is_utf8(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	char line[64] = "";
	bool utf8 = fgets(line, sizeof line, f) && strncmp(line, "UTF-8", 5) == 0;
	fclose(f);
	return utf8;
}

/* The language's dictionary in dir, read on the first call in the process
 * (or the first after hyphen_keep_only let it go). */
static lang_dict *process_dict(const char *dir, lang_id lang)
{
	lang_dict *d = &dicts_of(dir)->langs[lang];
	if (d->tried)
		return d;
	d->tried = true;
	for (size_t i = 0; i < ARRAY_LEN(DICT_FILES[lang]) && DICT_FILES[lang][i]; i++) {
		char *path = xasprintf("%s/%s", dir, DICT_FILES[lang][i]);
		/* hnj_hyphen_load prints to stderr on a missing file: check first. */
		if (access(path, R_OK) == 0) {
			d->dict = hyphcache_load(path);
			d->utf8 = file_is_utf8(path);
		}
		free(path);
		if (d->dict)
			break;
	}
	return d;
}

static lang_dict *load(hyphenator *h, lang_id lang)
{
	if ((int)lang < 0 || lang >= LANG_COUNT)
		return NULL;
	lang_dict *d = process_dict(h->dir, lang);
	return d->dict ? d : NULL;
}

void hyphen_keep_only(lang_id lang)
{
	for (size_t i = 0; i < process_dict_count; i++) {
		for (int other = 0; other < LANG_COUNT; other++) {
			lang_dict *d = &process_dicts[i].langs[other];
			if (other == (int)lang || !d->tried)
				continue;
			if (d->dict)
				hnj_hyphen_free(d->dict);
			/* Read again if asked again. */
			*d = (lang_dict){ 0 };
		}
	}
}

void hyphen_preload(const char *dict_dir, lang_id lang)
{
	hyphenator *h = hyphen_create(dict_dir);
	hyphen_available(h, lang);
	hyphen_destroy(h);
}

bool hyphen_available(hyphenator *h, lang_id lang)
{
	return h && load(h, lang) != NULL;
}

/* Break positions of one word given as code points: breaks[k] true means a
 * soft hyphen may follow character k. */
static void word_breaks(const lang_dict *d, lang_id lang, const gunichar *chars, size_t n, bool *breaks)
{
	/* The word in the dictionary's encoding, lower case, and for each
	 * character the index of its last byte there. */
	char word[MAX_WORD_CHARS * 6 + 1];
	size_t last_byte[MAX_WORD_CHARS];
	size_t len = 0;
	for (size_t k = 0; k < n; k++) {
		gunichar c = g_unichar_tolower(chars[k]);
		if (d->utf8) {
			len += (size_t)g_unichar_to_utf8(c, word + len);
		} else {
			if (c > 0xFF)
				return;   /* not representable: leave the word alone */
			word[len++] = (char)c;
		}
		last_byte[k] = len - 1;
	}
	word[len] = '\0';

	char *hyphens = xcalloc(len + 5, 1);
	char **rep = NULL;
	int *pos = NULL, *cut = NULL;
	int rc = hnj_hyphen_hyphenate3(d->dict, word, (int)len, hyphens, NULL, &rep, &pos, &cut,
		LEFT_MIN[lang], RIGHT_MIN[lang], 0, 0);
	if (rc == 0) {
		for (size_t k = 0; k + 1 < n; k++) {
			size_t b = last_byte[k];
			/* A non-standard break (rep) changes the spelling, which a
			 * soft hyphen cannot express: skip those. */
			if ((hyphens[b] & 1) && !(rep && rep[b]))
				breaks[k] = true;
		}
	}
	if (rep) {
		for (size_t i = 0; i < len; i++)
			free(rep[i]);
		free(rep);
	}
	free(pos);
	free(cut);
	free(hyphens);
}

static void append(char **out, size_t *len, size_t *cap, const char *bytes, size_t n)
{
	grow_array((void **)out, cap, *len + n + 1, 1);
	memcpy(*out + *len, bytes, n);
	*len += n;
	(*out)[*len] = '\0';
}

char *hyphen_insert(hyphenator *h, lang_id lang, const char *utf8)
{
	lang_dict *d = h ? load(h, lang) : NULL;
	if (!d || !g_utf8_validate(utf8, -1, NULL))
		return xstrdup(utf8);

	char *out = NULL;
	size_t len = 0, cap = 0;
	append(&out, &len, &cap, "", 0);
	const char *p = utf8;
	while (*p) {
		gunichar c = g_utf8_get_char(p);
		if (!g_unichar_isalpha(c) && c != SOFT_HYPHEN) {
			const char *next = g_utf8_next_char(p);
			append(&out, &len, &cap, p, (size_t)(next - p));
			p = next;
			continue;
		}
		/* A word: letters, perhaps with the author's soft hyphens. */
		const char *start = p;
		gunichar chars[MAX_WORD_CHARS];
		size_t n = 0;
		bool has_soft = false, too_long = false;
		while (*p) {
			gunichar w = g_utf8_get_char(p);
			if (!g_unichar_isalpha(w) && w != SOFT_HYPHEN)
				break;
			if (w == SOFT_HYPHEN)
				has_soft = true;
			else if (n < MAX_WORD_CHARS)
				chars[n++] = w;
			else
				too_long = true;
			p = g_utf8_next_char(p);
		}
		if (has_soft || too_long || n < HYPHEN_MIN_WORD) {
			append(&out, &len, &cap, start, (size_t)(p - start));
			continue;
		}
		bool breaks[MAX_WORD_CHARS] = { false };
		word_breaks(d, lang, chars, n, breaks);
		const char *q = start;
		for (size_t k = 0; k < n; k++) {
			const char *next = g_utf8_next_char(q);
			append(&out, &len, &cap, q, (size_t)(next - q));
			if (breaks[k])
				append(&out, &len, &cap, "\xC2\xAD", 2);
			q = next;
		}
	}
	return out;
}
