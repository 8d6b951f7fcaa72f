/* Small allocation and string helpers.  Allocation failure ends the program
 * with exit code 3 (internal error): there is nothing sensible to recover. */
#ifndef ORBAT_UTIL_H
#define ORBAT_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;
char *xvasprintf(const char *fmt, va_list ap);

/* Grow *items to hold at least `need` elements of `size` bytes. */
void grow_array(void **items, size_t *capacity, size_t need, size_t size);
/* The entry with that id in an array of count structs of `size` bytes
 * whose first member is their `char *id` (every id-keyed list of the
 * model and the games is laid out so); NULL when absent or id is NULL. */
const void *array_find_id(const void *items, size_t count, size_t size, const char *id);
/* Free an array of count items of `size` bytes, each by release first
 * (which takes a pointer to the item). */
void array_free(void *items, size_t count, size_t size, void (*release)(void *item));

/* A growing byte buffer: p holds len bytes, cap allocated. */
typedef struct byte_buf {
	unsigned char *p;
	size_t len, cap;
} byte_buf;
/* Append n bytes of data. */
void bytes_put(byte_buf *b, const void *data, size_t n);

/* A growing string: s holds len characters and a NUL once anything was
 * added (str_printf(b, "%s", "") makes an empty one); the caller frees s. */
typedef struct str_buf {
	char *s;
	size_t len, cap;
} str_buf;
/* Append a formatted text. */
void str_printf(str_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* Whether two strings, either possibly NULL, are both there and equal.
 * Inline, and the first bytes compared before strcmp is called: the
 * model's look-ups by id run it thousands of times a scenario (each
 * terrain cell against each terrain type), and most ids differ at once. */
static inline bool str_eq(const char *a, const char *b)
{
	return a && b && a[0] == b[0] && strcmp(a, b) == 0;
}
/* Append the blank-separated words of text to *words (a growing array of
 * fresh strings); returns the new count. */
size_t str_split_words(const char *text, char ***words, size_t count);
/* Whether `word` is one of the space-separated words of `list` (a
 * ruleset's type list such as "infantry artillery"). */
bool str_has_word(const char *list, const char *word);
void str_free_words(char **words, size_t count);
/* The items joined with sep, as a fresh string. */
char *str_join(const char *const *items, size_t count, const char *sep);
/* Parse a whole decimal integer (optional sign, no blanks) into *out. */
bool parse_int(const char *s, long min, long max, long *out);

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#endif
