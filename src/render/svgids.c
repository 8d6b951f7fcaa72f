#include "svgids.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

/* The ids whose numbers come from cairo's process-wide surface counter.
 * The others (clip, mask, pattern, gradients, glyphs) are counted per
 * document by cairo already. */
static const char *const COUNTED[] = { "surface", "image" };

typedef struct id_map {
	size_t prefix;
	unsigned long old_number, new_number;
} id_map;

typedef struct renumbering {
	id_map *map;
	size_t count, cap;
	unsigned long next[ARRAY_LEN(COUNTED)];
} renumbering;

static unsigned long new_number(renumbering *r, size_t prefix, unsigned long old_number)
{
	for (size_t i = 0; i < r->count; i++)
		if (r->map[i].prefix == prefix && r->map[i].old_number == old_number)
			return r->map[i].new_number;
	grow_array((void **)&r->map, &r->cap, r->count + 1, sizeof *r->map);
	r->map[r->count++] = (id_map){ prefix, old_number, ++r->next[prefix] };
	return r->next[prefix];
}

/* The counted prefix at p (after a '"' or '#', where an id or a reference
 * to one begins) followed by digits: its index, and the digits' length in
 * *digits; -1 otherwise. */
static int counted_at(const char *p, const char *end, size_t *digits)
{
	for (size_t k = 0; k < ARRAY_LEN(COUNTED); k++) {
		size_t n = strlen(COUNTED[k]);
		if ((size_t)(end - p) <= n || memcmp(p, COUNTED[k], n) != 0)
			continue;
		size_t d = 0;
		while (p + n + d < end && p[n + d] >= '0' && p[n + d] <= '9' && d < 10)
			d++;
		if (d == 0)
			continue;
		*digits = d;
		return (int)k;
	}
	return -1;
}

char *svgids_renumber(const char *svg, size_t len, size_t *out_len)
{
	renumbering r = { 0 };
	/* Room is made before each byte for it and a whole renumbered id. */
	size_t cap = len + 64, n = 0;
	char *out = xmalloc(cap);
	const char *p = svg, *end = svg + len;
	while (p < end) {
		char c = *p++;
		if (n + 32 > cap) {
			cap *= 2;
			out = xrealloc(out, cap);
		}
		out[n++] = c;
		if (c != '"' && c != '#')
			continue;
		size_t digits = 0;
		int k = counted_at(p, end, &digits);
		if (k < 0)
			continue;
		size_t plen = strlen(COUNTED[k]);
		char number[16];
		memcpy(number, p + plen, digits);
		number[digits] = '\0';
		unsigned long renumbered = new_number(&r, (size_t)k, strtoul(number, NULL, 10));
		n += (size_t)snprintf(out + n, cap - n, "%s%lu", COUNTED[k], renumbered);
		p += plen + digits;
	}
	free(r.map);
	*out_len = n;
	return out;
}
