#include "jsonout.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* Compact as the hand-written JSON was; reals rounded beforehand
 * (jsonout_real) print in their shortest form with 15 digits; any value,
 * not only an object or an array, may be a line. */
#define JSONOUT_FLAGS (JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15) | JSON_ENCODE_ANY)

/* The length of the UTF-8 sequence at p (1 to 4 bytes, within n), or 0
 * when it is not one: overlong forms, surrogates and code points past
 * U+10FFFF are not, as jansson has it. */
static size_t utf8_length(const unsigned char *p, size_t n)
{
	unsigned c = p[0];
	size_t len;
	unsigned cp;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		len = 2;
		cp = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		len = 3;
		cp = c & 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4;
		cp = c & 0x07;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (p[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

json_t *jsonout_string(const char *s)
{
	if (!s)
		s = "";
	json_t *v = json_string(s);
	if (v)
		return v;
	/* Not UTF-8: each stray byte becomes U+FFFD (3 bytes at most). */
	size_t n = strlen(s);
	char *fixed = xmalloc(3 * n + 1);
	size_t k = 0;
	const unsigned char *p = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		size_t len = utf8_length(p + i, n - i);
		if (len) {
			memcpy(fixed + k, p + i, len);
			k += len;
			i += len;
		} else {
			memcpy(fixed + k, "\xef\xbf\xbd", 3);
			k += 3;
			i++;
		}
	}
	v = json_stringn(fixed, k);
	free(fixed);
	return v ? v : json_string("");
}

json_t *jsonout_string_or_null(const char *s)
{
	return s ? jsonout_string(s) : json_null();
}

json_t *jsonout_real(double x, int decimals)
{
	char text[64];
	snprintf(text, sizeof text, "%.*f", decimals, x);
	return json_real(strtod(text, NULL));
}

bool jsonout_line(FILE *out, json_t *v)
{
	bool ok = v && json_dumpf(v, out, JSONOUT_FLAGS) == 0;
	json_decref(v);
	return fputc('\n', out) != EOF && ok;
}

char *jsonout_text(json_t *v)
{
	char *text = v ? json_dumps(v, JSONOUT_FLAGS) : NULL;
	json_decref(v);
	return text ? text : xstrdup("null");
}
