#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(void)
{
	fputs("orbat: out of memory\n", stderr);
	exit(3);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (!p)
		out_of_memory();
	return p;
}

void *xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	if (!p)
		out_of_memory();
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xvasprintf(const char *fmt, va_list ap)
{
	/* Most messages fit a small buffer: one formatting pass for them.
	 * (A NULL buffer would also do, but some compilers warn on it.) */
	char small[256];
	va_list copy;
	va_copy(copy, ap);
	int n = vsnprintf(small, sizeof small, fmt, copy);
	va_end(copy);
	if (n < 0)
		out_of_memory();
	char *p = xmalloc((size_t)n + 1);
	if ((size_t)n < sizeof small)
		memcpy(p, small, (size_t)n + 1);
	else
		vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *p = xvasprintf(fmt, ap);
	va_end(ap);
	return p;
}

void str_printf(str_buf *b, const char *fmt, ...)
{
	va_list ap, again;
	va_start(ap, fmt);
	va_copy(again, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n >= 0) {
		grow_array((void **)&b->s, &b->cap, b->len + (size_t)n + 1, 1);
		vsnprintf(b->s + b->len, (size_t)n + 1, fmt, again);
		b->len += (size_t)n;
	}
	va_end(again);
}

void grow_array(void **items, size_t *capacity, size_t need, size_t size)
{
	if (need <= *capacity)
		return;
	size_t cap = *capacity ? *capacity : 8;
	while (cap < need)
		cap *= 2;
	*items = xrealloc(*items, cap * size);
	*capacity = cap;
}

const void *array_find_id(const void *items, size_t count, size_t size, const char *id)
{
	const char *base = items;
	for (size_t i = 0; i < count; i++) {
		const char *const *entry_id = (const char *const *)(const void *)(base + i * size);
		if (str_eq(*entry_id, id))
			return entry_id;
	}
	return NULL;
}

void array_free(void *items, size_t count, size_t size, void (*release)(void *item))
{
	char *base = items;
	for (size_t i = 0; i < count; i++)
		release(base + i * size);
	free(items);
}

bool parse_int(const char *s, long min, long max, long *out)
{
	if (!s || !*s)
		return false;
	const char *p = s;
	if (*p == '+' || *p == '-')
		p++;
	if (*p < '0' || *p > '9')
		return false;
	errno = 0;
	char *end = NULL;
	long v = strtol(s, &end, 10);
	if (errno || *end != '\0' || v < min || v > max)
		return false;
	*out = v;
	return true;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

size_t str_split_words(const char *text, char ***words, size_t count)
{
	size_t cap = count;
	const char *p = text;
	while (*p) {
		while (is_blank(*p))
			p++;
		const char *start = p;
		while (*p && !is_blank(*p))
			p++;
		if (p > start) {
			/* grow by doubling from the current count */
			if (count == cap)
				grow_array((void **)words, &cap, count + 1, sizeof(char *));
			(*words)[count++] = xstrndup(start, (size_t)(p - start));
		}
	}
	return count;
}

void str_free_words(char **words, size_t count)
{
	for (size_t i = 0; i < count; i++)
		free(words[i]);
	free(words);
}

char *str_join(const char *const *items, size_t count, const char *sep)
{
	size_t total = 1, sep_len = strlen(sep);
	for (size_t i = 0; i < count; i++)
		total += strlen(items[i]) + sep_len;
	char *out = xmalloc(total), *o = out;
	for (size_t i = 0; i < count; i++) {
		if (i) {
			memcpy(o, sep, sep_len);
			o += sep_len;
		}
		size_t n = strlen(items[i]);
		memcpy(o, items[i], n);
		o += n;
	}
	*o = '\0';
	return out;
}

bool str_has_word(const char *list, const char *word)
{
	size_t len = strlen(word);
	for (const char *p = list; *p;) {
		while (*p == ' ')
			p++;
		const char *e = p;
		while (*e && *e != ' ')
			e++;
		if ((size_t)(e - p) == len && len > 0 && strncmp(p, word, len) == 0)
			return true;
		p = e;
	}
	return false;
}

void bytes_put(byte_buf *b, const void *data, size_t n)
{
	grow_array((void **)&b->p, &b->cap, b->len + n, 1);
	memcpy(b->p + b->len, data, n);
	b->len += n;
}
