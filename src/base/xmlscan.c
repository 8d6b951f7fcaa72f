#include "xmlscan.h"

#include <libxml/encoding.h>
#include <string.h>
#include <strings.h>

#include "util.h"

static const char UTF8_BOM[] = "\xEF\xBB\xBF";

bool xmlscan_encoding_is_utf8(const char *name)
{
	return !name || strcasecmp(name, "UTF-8") == 0 || strcasecmp(name, "UTF8") == 0;
}

static size_t bom_length(const char *bytes, size_t size)
{
	return size >= 3 && memcmp(bytes, UTF8_BOM, 3) == 0 ? 3 : 0;
}

/* Line and column (1-based; columns count characters, as the parser's
 * diagnostics do, a byte order mark none) of a byte offset.  Called once
 * per refused file. */
static void position_of(const char *bytes, size_t size, size_t offset, int *line, int *column)
{
	int l = 1, c = 1;
	for (size_t i = bom_length(bytes, size); i < offset; i++) {
		unsigned char ch = (unsigned char)bytes[i];
		if (ch == '\n' || (ch == '\r' && (i + 1 >= size || bytes[i + 1] != '\n'))) {
			l++;
			c = 1;
		} else if (ch != '\r' && (ch & 0xC0) != 0x80) {
			c++;
		}
	}
	*line = l;
	*column = c;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The encoding the first bytes show, as libxml2 would guess it: anything
 * but UTF-8 (or no telling) is refused before it converts a byte. */
static bool detected_encoding_ok(const char *file, const char *bytes, size_t size, diag_sink *sink)
{
	xmlCharEncoding enc = xmlDetectCharEncoding((const unsigned char *)bytes, size < 4 ? (int)size : 4);
	if (enc == XML_CHAR_ENCODING_NONE || enc == XML_CHAR_ENCODING_UTF8)
		return true;
	const char *name = xmlGetCharEncodingName(enc);
	diag_add(sink, file, 1, 1, DIAG_ERROR, "xml",
		"the file is encoded in %s; save it as UTF-8", name ? name : "an encoding other than UTF-8");
	return false;
}

/* The encoding named in the XML declaration, if any, must be UTF-8. */
static bool declared_encoding_ok(const char *file, const char *bytes, size_t size, diag_sink *sink)
{
	const char *p = bytes + bom_length(bytes, size), *end = bytes + size;
	if (end - p < 6 || memcmp(p, "<?xml", 5) != 0 || !is_blank(p[5]))
		return true;
	const char *value = NULL;
	size_t len = 0;
	if (!xmlscan_find_attribute(p, xmlscan_skip_past(p, end, "?>"), "encoding", &value, &len))
		return true;
	/* Shown as declared, but never more of it than a name needs. */
	char *name = xstrndup(value, len > 40 ? 40 : len);
	bool ok = len <= 40 && xmlscan_encoding_is_utf8(name);
	if (!ok)
		diag_add(sink, file, 1, 1, DIAG_ERROR, "xml",
			"the file declares the encoding '%s'; orbat's XML files must be UTF-8", name);
	free(name);
	return ok;
}

const char *xmlscan_find_attribute(const char *tag, const char *end, const char *attr,
	const char **value, size_t *value_len)
{
	size_t alen = strlen(attr);
	const char *p = tag + 1;
	while (p < end && !is_blank(*p) && *p != '>' && *p != '/')
		p++;
	for (;;) {
		while (p < end && is_blank(*p))
			p++;
		if (p >= end || *p == '>' || *p == '/')
			return NULL;
		const char *name = p;
		while (p < end && *p != '=' && !is_blank(*p) && *p != '>' && *p != '/')
			p++;
		bool match = (size_t)(p - name) == alen && memcmp(name, attr, alen) == 0;
		while (p < end && is_blank(*p))
			p++;
		if (p >= end || *p != '=')
			return NULL;   /* not well-formed: the parser says so */
		if (match && !value)
			return name;
		p++;
		while (p < end && is_blank(*p))
			p++;
		if (p >= end || (*p != '"' && *p != '\''))
			return NULL;
		const char *close = memchr(p + 1, *p, (size_t)(end - p - 1));
		if (!close)
			return NULL;
		if (match) {
			*value = p + 1;
			*value_len = (size_t)(close - p - 1);
			return name;
		}
		p = close + 1;
	}
}

static bool no_nul_byte(const char *file, const char *bytes, size_t size, diag_sink *sink)
{
	const char *nul = memchr(bytes, '\0', size);
	if (!nul)
		return true;
	int line, column;
	position_of(bytes, size, (size_t)(nul - bytes), &line, &column);
	diag_add(sink, file, line, column, DIAG_ERROR, "xml",
		"the file holds a NUL byte (code 0), which XML does not allow; "
		"it is not a text file, or was damaged");
	return false;
}

const char *xmlscan_skip_past(const char *p, const char *end, const char *marker)
{
	size_t m = strlen(marker);
	for (; p + m <= end; p++) {
		p = memchr(p, marker[0], (size_t)(end - p));
		if (!p || p + m > end)
			return end;
		if (memcmp(p, marker, m) == 0)
			return p + m;
	}
	return end;
}

const char *xmlscan_skip_tag(const char *p, const char *end, size_t *values)
{
	char quote = 0;
	for (; p < end; p++) {
		if (quote) {
			if (*p == quote)
				quote = 0;
		} else if (*p == '"' || *p == '\'') {
			quote = *p;
			if (values)
				++*values;
		} else if (*p == '>') {
			return p + 1;
		}
	}
	return end;
}

static bool is_name_byte(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		c == '-' || c == '_' || c == '.' || c == ':';
}

/* The name of the element whose start tag is at `tag` (at most 40
 * characters of it, "?" when it has none), fresh. */
static char *tag_name(const char *tag, const char *end)
{
	size_t n = 0;
	while (tag + 1 + n < end && n < 40 && is_name_byte(tag[1 + n]))
		n++;
	return n ? xstrndup(tag + 1, n) : xstrdup("?");
}

/* Counts the elements, and the attributes of each start tag: each has
 * one quoted value.
 * Comments, CDATA sections and processing instructions are passed over
 * as the parser does; at a DOCTYPE the scan stops, as the loader refuses
 * the file there before anything after it is parsed. */
static bool elements_bounded(const char *file, const char *bytes, size_t size, diag_sink *sink)
{
	const char *p = bytes, *end = bytes + size;
	long elements = 0;
	int line, column;
	while ((p = memchr(p, '<', (size_t)(end - p)))) {
		size_t left = (size_t)(end - p);
		if (left >= 4 && memcmp(p, "<!--", 4) == 0) {
			p = xmlscan_skip_past(p + 4, end, "-->");
		} else if (left >= 9 && memcmp(p, "<![CDATA[", 9) == 0) {
			p = xmlscan_skip_past(p + 9, end, "]]>");
		} else if (left >= 2 && p[1] == '?') {
			p = xmlscan_skip_past(p + 2, end, "?>");
		} else if (left >= 2 && p[1] == '!') {
			return true;
		} else if (left >= 2 && p[1] == '/') {
			p = xmlscan_skip_past(p + 2, end, ">");
		} else {
			const char *tag = p++;
			if (++elements > XMLSCAN_MAX_ELEMENTS) {
				char *name = tag_name(tag, end);
				position_of(bytes, size, (size_t)(tag - bytes), &line, &column);
				diag_add(sink, file, line, column, DIAG_ERROR, "xml", "the file has more than %d elements, "
					"the most orbat reads in one file (at <%s>)", XMLSCAN_MAX_ELEMENTS, name);
				free(name);
				return false;
			}
			size_t values = 0;
			p = xmlscan_skip_tag(p, end, &values);
			if (values > XMLSCAN_MAX_ATTRIBUTES) {
				char *name = tag_name(tag, end);
				position_of(bytes, size, (size_t)(tag - bytes), &line, &column);
				diag_add(sink, file, line, column, DIAG_ERROR, "xml", "the element <%s> has more "
					"than %d attributes, the most orbat reads on one element",
					name, XMLSCAN_MAX_ATTRIBUTES);
				free(name);
				return false;
			}
		}
		if (p >= end)
			break;
	}
	return true;
}

bool xmlscan_check(const char *file, const char *bytes, size_t size, diag_sink *sink)
{
	return detected_encoding_ok(file, bytes, size, sink) &&
		no_nul_byte(file, bytes, size, sink) &&
		declared_encoding_ok(file, bytes, size, sink) &&
		elements_bounded(file, bytes, size, sink);
}
