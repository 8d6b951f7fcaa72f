#include "check_glyphs.h"

#include <stdio.h>

/* The character c as UTF-8 in buf (room for 5 bytes), ended. */
static void utf8_encode(uint32_t c, char *buf)
{
	unsigned char *b = (unsigned char *)buf;
	if (c < 0x80) {
		*b++ = (unsigned char)c;
	} else if (c < 0x800) {
		*b++ = (unsigned char)(0xC0 | c >> 6);
		*b++ = (unsigned char)(0x80 | (c & 0x3F));
	} else if (c < 0x10000) {
		*b++ = (unsigned char)(0xE0 | c >> 12);
		*b++ = (unsigned char)(0x80 | (c >> 6 & 0x3F));
		*b++ = (unsigned char)(0x80 | (c & 0x3F));
	} else {
		*b++ = (unsigned char)(0xF0 | c >> 18);
		*b++ = (unsigned char)(0x80 | (c >> 12 & 0x3F));
		*b++ = (unsigned char)(0x80 | (c >> 6 & 0x3F));
		*b++ = (unsigned char)(0x80 | (c & 0x3F));
	}
	*b = '\0';
}

static void check_text(const font_coverage *cover, const xml_document *doc, const xmlNode *element,
	const xmlAttr *a, const char *text, diag_sink *sink)
{
	uint32_t first = 0;
	size_t missing = fontcover_missing(cover, text, &first);
	if (!missing)
		return;
	/* The attribute named as written, xml:lang with its prefix. */
	char name[128];
	const char *attr = NULL;
	if (a) {
		if (a->ns && a->ns->prefix)
			snprintf(name, sizeof name, "%s:%s", (const char *)a->ns->prefix, (const char *)a->name);
		else
			snprintf(name, sizeof name, "%s", (const char *)a->name);
		attr = name;
	}
	char shown[8] = "";
	utf8_encode(first, shown);
	int line, column;
	xmldoc_locate(doc, element, attr, &line, &column);
	char where[320];
	if (attr)
		snprintf(where, sizeof where, "the attribute %s of <%s>", attr, (const char *)element->name);
	else
		snprintf(where, sizeof where, "the text of <%s>", (const char *)element->name);
	if (missing == 1)
		diag_add(sink, doc->file, line, column, DIAG_ERROR, "font",
			"%s holds the character %s (U+%04X), which none of the bundled fonts can draw",
			where, shown, (unsigned)first);
	else
		diag_add(sink, doc->file, line, column, DIAG_ERROR, "font",
			"%s holds %zu characters that none of the bundled fonts can draw, the first %s (U+%04X)",
			where, missing, shown, (unsigned)first);
}

static void check_element(const font_coverage *cover, const xml_document *doc, const xmlNode *element,
	diag_sink *sink)
{
	for (const xmlAttr *a = element->properties; a; a = a->next) {
		/* An attribute's value is one text node but where it holds an
		 * entity: read it in place then, without a copy. */
		bool plain = a->children && a->children->type == XML_TEXT_NODE && !a->children->next;
		xmlChar *value = plain ? a->children->content : xmlNodeListGetString(element->doc, a->children, 1);
		if (value) {
			check_text(cover, doc, element, a, (const char *)value, sink);
			if (!plain)
				xmlFree(value);
		}
	}
	for (const xmlNode *c = element->children; c; c = c->next) {
		if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) {
			if (c->content)
				check_text(cover, doc, element, NULL, (const char *)c->content, sink);
		} else if (c->type == XML_ELEMENT_NODE) {
			check_element(cover, doc, c, sink);
		}
	}
}

void check_glyphs(const font_coverage *cover, const xml_document *doc, diag_sink *sink)
{
	const xmlNode *root = xmlDocGetRootElement(doc->doc);
	if (cover && root)
		check_element(cover, doc, root, sink);
}
