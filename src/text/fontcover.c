#include "fontcover.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/regfile.h"
#include "../base/util.h"

/* fonts/coverage.txt (scripts/font-coverage.py): the bundled fonts'
 * characters as ranges, read instead of the fonts themselves so that
 * validation loads no font library (the front program runs validate
 * alone, without the print libraries). */
#define COVERAGE_FILE "coverage.txt"

typedef struct code_range {
	uint32_t lo, hi;
} code_range;

struct font_coverage {
	code_range *ranges;      /* sorted, apart */
	size_t count;
	bool ascii_ok[128];      /* nearly every character, looked up at once */
};

static bool covered(const font_coverage *c, uint32_t ch)
{
	size_t lo = 0, hi = c->count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ch < c->ranges[mid].lo)
			hi = mid;
		else if (ch > c->ranges[mid].hi)
			lo = mid + 1;
		else
			return true;
	}
	return false;
}

font_coverage *fontcover_create(const char *fonts_dir)
{
	char *path = xasprintf("%s/%s", fonts_dir, COVERAGE_FILE);
	const char *why = NULL;
	int fd = regfile_open(path, &why);
	free(path);
	FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
	if (!f)
		return NULL;
	font_coverage *c = xcalloc(1, sizeof *c);
	size_t capacity = 0;
	char line[128];
	uint32_t last = 0;
	bool ok = true;
	while (ok && fgets(line, sizeof line, f)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		unsigned long lo, hi;
		/* Sorted and apart, as the script writes them: anything else is a
		 * damaged file, and no coverage at all. */
		ok = sscanf(line, "%lx-%lx", &lo, &hi) == 2 && lo <= hi && hi <= 0x10FFFF &&
			(c->count == 0 || lo > last);
		if (!ok)
			break;
		grow_array((void **)&c->ranges, &capacity, c->count + 1, sizeof *c->ranges);
		c->ranges[c->count++] = (code_range){ (uint32_t)lo, (uint32_t)hi };
		last = (uint32_t)hi;
	}
	fclose(f);
	if (!ok || c->count == 0) {
		fontcover_destroy(c);
		return NULL;
	}
	for (uint32_t ch = 0; ch < 128; ch++)
		c->ascii_ok[ch] = covered(c, ch);
	return c;
}

void fontcover_destroy(font_coverage *c)
{
	if (!c)
		return;
	free(c->ranges);
	free(c);
}

/* The code point at p and its length in bytes; 0 bytes where the text
 * stops being UTF-8 (the parser has judged the bytes by then). */
static size_t utf8_next(const unsigned char *p, uint32_t *ch)
{
	if (p[0] < 0x80) {
		*ch = p[0];
		return 1;
	}
	size_t len = (p[0] & 0xE0) == 0xC0 ? 2 : (p[0] & 0xF0) == 0xE0 ? 3 : (p[0] & 0xF8) == 0xF0 ? 4 : 0;
	if (!len)
		return 0;
	uint32_t v = p[0] & (0x7F >> len);
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xC0) != 0x80)
			return 0;
		v = v << 6 | (p[i] & 0x3F);
	}
	*ch = v;
	return len;
}

size_t fontcover_missing(const font_coverage *c, const char *text, uint32_t *first)
{
	size_t missing = 0;
	*first = 0;
	const unsigned char *p = (const unsigned char *)text;
	while (*p) {
		if (*p < 128) {
			if (!c->ascii_ok[*p] && !missing++)
				*first = *p;
			p++;
			continue;
		}
		uint32_t ch;
		size_t len = utf8_next(p, &ch);
		if (!len)
			break;
		if (!covered(c, ch) && !missing++)
			*first = ch;
		p += len;
	}
	return missing;
}
