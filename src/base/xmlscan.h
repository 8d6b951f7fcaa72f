/* A look at the raw bytes of an XML file before the XML library parses
 * it, to refuse what the library would read wrongly or slowly:
 * - a NUL byte anywhere (XML has no such character; the library stops at
 *   one and would call a file valid whatever follows it);
 * - an encoding other than UTF-8, whether detected from the first bytes
 *   (EBCDIC, UCS-4, UTF-16 with or without a byte order mark) or declared, before
 *   the library converts the text and reports in its own words;
 * - an element with more than XMLSCAN_MAX_ATTRIBUTES attributes: libxml2
 *   2.9 compares each attribute with every earlier one of its element, so
 *   the time grows with the square of their number (80,000 attributes
 *   take 20 s).  With the bound the comparisons of a whole file are at
 *   most XMLSCAN_MAX_ATTRIBUTES times its attributes: linear in its size.
 * - more than XMLSCAN_MAX_ELEMENTS elements: a file within the size limit
 *   could otherwise hold millions, a gigabyte of parsed tree.
 * The scan itself reads every byte once.  Problems go to the sink with
 * rule id "xml" and the line and column of the fault. */
#ifndef ORBAT_XMLSCAN_H
#define ORBAT_XMLSCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

/* Five times the most any of orbat's own files uses on one element. */
#define XMLSCAN_MAX_ATTRIBUTES 64
/* Ten times a 120 x 80 board with every hex and 800 units listed. */
#define XMLSCAN_MAX_ELEMENTS 100000

/* True when the bytes may go to the parser; false after one diagnostic
 * saying why not. */
bool xmlscan_check(const char *file, const char *bytes, size_t size, diag_sink *sink);

/* Whether an encoding name, as declared, means UTF-8 (NULL: none declared). */
bool xmlscan_encoding_is_utf8(const char *name);

/* Past the first `marker` from p on (end when there is none). */
const char *xmlscan_skip_past(const char *p, const char *end, const char *marker);

/* Past the '>' that ends the tag whose name or attributes p is in (a '>'
 * in a quoted value does not end it); `values`, when given, grows by the
 * number of quoted values met: one per attribute. */
const char *xmlscan_skip_tag(const char *p, const char *end, size_t *values);

/* Where attribute `attr` begins in the start tag (or XML declaration) at
 * `tag` ('<'), or NULL; with `value`, also where its value begins and its
 * length.  The tag is read as XML has it: the element's name, then
 * name = "value" pairs, so only names are compared and a value (which may
 * hold any text, '>' too) is passed over at one memchr. */
const char *xmlscan_find_attribute(const char *tag, const char *end, const char *attr,
	const char **value, size_t *value_len);

#endif
