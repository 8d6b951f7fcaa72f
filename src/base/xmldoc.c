#include "xmldoc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "regfile.h"
#include "util.h"
#include "xmlscan.h"

typedef struct parse_state {
	const char *file;
	diag_sink *sink;
	bool doctype_seen;
	int doctype_line;
	size_t errors;
} parse_state;

/* One line per diagnostic: libxml2 messages may hold line breaks. */
static void trim_newline(char *s)
{
	for (char *p = s; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	size_t n = strlen(s);
	while (n && s[n - 1] == ' ')
		s[--n] = '\0';
}

/* A few of libxml2's messages speak of its own options and style; say the
 * same in a reader's words.  Others pass as they are. */
static char *plain_message(const char *text)
{
	char *msg = xstrdup(text ? text : "malformed XML");
	trim_newline(msg);
	char *out = NULL;
	if (strncmp(msg, "Input is not proper UTF-8", 25) == 0) {
		const char *bytes = strstr(msg, "Bytes: ");
		out = bytes ? xasprintf("the text is not valid UTF-8 at the bytes %s; save the file as UTF-8", bytes + 7)
			: xstrdup("the text is not valid UTF-8; save the file as UTF-8");
	} else if (strncmp(msg, "Excessive depth in document: ", 29) == 0) {
		out = xasprintf("elements are nested more than %d levels deep", atoi(msg + 29));
	} else if (strcmp(msg, "AttValue length too long") == 0) {
		out = xstrdup("an attribute value is longer than the 10000000 characters allowed");
	}
	if (out) {
		free(msg);
		return out;
	}
	return msg;
}

static void on_parser_error(void *user, xmlErrorPtr error)
{
	xmlParserCtxtPtr ctxt = user;
	parse_state *st = ctxt->_private;
	if (!st || !error || st->doctype_seen)
		return;
	if (error->level == XML_ERR_WARNING)
		return;
	/* After the first few errors libxml2 mostly reports consequences. */
	if (++st->errors > 20)
		return;
	char *msg = plain_message(error->message);
	diag_add(st->sink, st->file, error->line, error->int2, DIAG_ERROR, "xml",
		"the file is not well-formed XML: %s", msg);
	free(msg);
}

/* Called when the parser meets <!DOCTYPE ...>: refuse it before any entity
 * declaration is read, which rules out entity expansion and external
 * entities by construction. */
static void on_internal_subset(void *user, const xmlChar *name,
	const xmlChar *external_id, const xmlChar *system_id)
{
	xmlParserCtxtPtr ctxt = user;
	parse_state *st = ctxt->_private;
	st->doctype_seen = true;
	st->doctype_line = ctxt->input ? ctxt->input->line : 0;
	xmlStopParser(ctxt);
}

/* ---- libxml2's process-wide error handlers ---- */

static xmldoc_guard *active_guard;

/* At most this many messages per guard: the first ones say what is wrong. */
#define GUARD_MAX_MESSAGES 20

static void guard_report(xmldoc_guard *g, const char *file, int line, const char *text)
{
	char *msg = xstrdup(text && *text ? text : "the XML library reported an error");
	trim_newline(msg);
	if (!*msg) {
		free(msg);
		return;
	}
	if (g) {
		if (++g->count <= GUARD_MAX_MESSAGES)
			diag_add(g->sink, file ? file : g->file, line, 0, DIAG_ERROR, g->rule, "%s", msg);
	} else if (file) {
		fprintf(stderr, "orbat: %s:%d: %s\n", file, line, msg);
	} else {
		fprintf(stderr, "orbat: the XML library reports: %s\n", msg);
	}
	free(msg);
}

static void on_global_error(void *user, xmlErrorPtr error)
{
	(void)user;
	if (!error || error->level == XML_ERR_WARNING)
		return;
	/* A message may be about another file than the guarded one: one the
	 * RELAX NG compiler read itself. */
	const char *about = error->file ? error->file :
		error->domain == XML_FROM_IO && error->str1 ? error->str1 : NULL;
	xmldoc_guard *g = active_guard;
	if (about && error->domain == XML_FROM_IO) {
		/* "No such file or directory": say of which file. */
		char *msg = xasprintf("%s: %s", about, error->message ? error->message : "cannot be read");
		guard_report(g, NULL, error->line, msg);
		free(msg);
	} else {
		guard_report(g, about, error->line, error->message);
	}
}

/* Generic messages come in pieces (printf fragments); a line is whole at
 * its newline. */
static void on_generic_error(void *user, const char *fmt, ...)
{
	(void)user;
	va_list ap;
	va_start(ap, fmt);
	char *piece = xvasprintf(fmt, ap);
	va_end(ap);
	xmldoc_guard *g = active_guard;
	static char *unguarded;
	char **pending = g ? &g->pending : &unguarded;
	char *joined = xasprintf("%s%s", *pending ? *pending : "", piece);
	free(piece);
	free(*pending);
	*pending = NULL;
	char *start = joined, *nl;
	while ((nl = strchr(start, '\n'))) {
		*nl = '\0';
		guard_report(g, NULL, 0, start);
		start = nl + 1;
	}
	if (*start)
		*pending = xstrdup(start);
	free(joined);
}

static void quiet_library(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	xmlSetStructuredErrorFunc(NULL, on_global_error);
	xmlSetGenericErrorFunc(NULL, on_generic_error);
}

void xmldoc_guard_begin(xmldoc_guard *g, diag_sink *sink, const char *file, const char *rule)
{
	quiet_library();
	*g = (xmldoc_guard){ .sink = sink, .file = file, .rule = rule, .outer = active_guard };
	active_guard = g;
}

void xmldoc_guard_end(xmldoc_guard *g)
{
	if (g->pending) {
		guard_report(g, NULL, 0, g->pending);
		free(g->pending);
		g->pending = NULL;
	}
	active_guard = g->outer;
}

/* Where each line starts, and which lines are ASCII alone: there a
 * column is a count of bytes. */
static void build_line_table(xml_document *d)
{
	size_t cap = 0, ascii_cap = 0;
	grow_array((void **)&d->line_starts, &cap, 64, sizeof(size_t));
	grow_array((void **)&d->line_ascii, &ascii_cap, 64, 1);
	d->line_starts[0] = 0;
	d->line_count = 1;
	unsigned char high = 0;
	/* Line breaks as XML (and libxml2's line numbers) count them: LF,
	 * CR LF, or a lone CR.  Nearly every byte is above CR and passes the
	 * first test. */
	for (size_t i = 0; i < d->size; i++) {
		unsigned char c = (unsigned char)d->bytes[i];
		high |= c;
		if (c > '\r')
			continue;
		if (c == '\r' && i + 1 < d->size && d->bytes[i + 1] == '\n')
			continue;
		if (c == '\n' || c == '\r') {
			grow_array((void **)&d->line_starts, &cap, d->line_count + 1, sizeof(size_t));
			grow_array((void **)&d->line_ascii, &ascii_cap, d->line_count + 1, 1);
			d->line_ascii[d->line_count - 1] = high < 0x80;
			d->line_starts[d->line_count++] = i + 1;
			high = 0;
		}
	}
	d->line_ascii[d->line_count - 1] = high < 0x80;
}

/* Start tags appear in the source in document order, one per element (no
 * entities are expanded), so walking both in step gives each element its
 * byte offset.  It is kept in the node's _private field, offset + 1. */
static xmlNodePtr next_element(xmlNodePtr n)
{
	if (n->children) {
		for (xmlNodePtr c = n->children; c; c = c->next)
			if (c->type == XML_ELEMENT_NODE)
				return c;
	}
	while (n) {
		for (xmlNodePtr s = n->next; s; s = s->next)
			if (s->type == XML_ELEMENT_NODE)
				return s;
		n = n->parent;
		if (n && n->type != XML_ELEMENT_NODE)
			return NULL;
	}
	return NULL;
}

static void assign_offsets(xml_document *d)
{
	xmlNodePtr node = xmlDocGetRootElement(d->doc);
	const char *p = d->bytes, *end = d->bytes + d->size;
	while (node && p < end) {
		p = memchr(p, '<', (size_t)(end - p));
		if (!p)
			break;
		if (end - p >= 4 && memcmp(p, "<!--", 4) == 0)
			p = xmlscan_skip_past(p + 4, end, "-->");
		else if (end - p >= 9 && memcmp(p, "<![CDATA[", 9) == 0)
			p = xmlscan_skip_past(p + 9, end, "]]>");
		else if (end - p >= 2 && p[1] == '?')
			p = xmlscan_skip_past(p + 2, end, "?>");
		else if (end - p >= 2 && p[1] == '!')
			p = xmlscan_skip_past(p + 2, end, ">");
		else if (end - p >= 2 && p[1] == '/')
			p = xmlscan_skip_tag(p + 2, end, NULL);
		else {
			node->_private = (void *)(uintptr_t)((size_t)(p - d->bytes) + 1);
			node = next_element(node);
			p = xmlscan_skip_tag(p + 1, end, NULL);
		}
	}
}

/* Positions are asked for in nearly document order: the line is looked
 * for from the last answer's down, and on a line with bytes above 127
 * columns are counted from the last answer instead of from the start of
 * the line, which keeps the work linear even when a whole scenario
 * stands on one line. */
struct xmldoc_cursor {
	bool valid;
	size_t offset;
	size_t line;         /* 0-based */
	int column;
};

static bool is_lead_byte(char c)
{
	return ((unsigned char)c & 0xC0) != 0x80;
}

/* The line (0-based) holding offset: the hint's or one of the next few,
 * else found by halving. */
static size_t line_of(const xml_document *d, size_t offset, size_t hint)
{
	for (size_t l = hint; l < d->line_count && l < hint + 4 && d->line_starts[l] <= offset; l++)
		if (l + 1 == d->line_count || offset < d->line_starts[l + 1])
			return l;
	size_t lo = 0, hi = d->line_count;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (d->line_starts[mid] <= offset)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

static void offset_to_position(const xml_document *d, size_t offset, int *line, int *column)
{
	struct xmldoc_cursor *cur = d->cursor;
	if (offset > d->size)
		offset = d->size;
	size_t l = line_of(d, offset, cur->valid ? cur->line : 0);
	size_t from = d->line_starts[l];
	int col = 1;
	if (d->line_ascii[l]) {
		/* No byte order mark either: it is not ASCII. */
		col += (int)(offset - from);
	} else {
		/* A byte order mark is not a column. */
		if (from == 0 && d->size >= 3 && memcmp(d->bytes, "\xEF\xBB\xBF", 3) == 0)
			from = offset < 3 ? offset : 3;
		if (cur->valid && cur->line == l && cur->offset >= from) {
			col = cur->column;
			from = cur->offset;
		}
		if (offset >= from) {
			for (size_t i = from; i < offset; i++)
				col += is_lead_byte(d->bytes[i]);
		} else {
			for (size_t i = offset; i < from; i++)
				col -= is_lead_byte(d->bytes[i]);
		}
	}
	*cur = (struct xmldoc_cursor){ .valid = true, .offset = offset, .line = l, .column = col };
	*line = (int)l + 1;
	*column = col;
}

void xmldoc_locate(const xml_document *d, const xmlNode *node, const char *attr,
	int *line, int *column)
{
	*line = node ? (int)xmlGetLineNo((xmlNodePtr)node) : 0;
	if (*line < 0)
		*line = 0;
	*column = 0;
	if (!d || !node || node->type != XML_ELEMENT_NODE || !node->_private)
		return;
	size_t start = (size_t)(uintptr_t)node->_private - 1;
	size_t at = start;
	if (attr) {
		const char *found = xmlscan_find_attribute(d->bytes + start, d->bytes + d->size, attr, NULL, NULL);
		if (found)
			at = (size_t)(found - d->bytes);
	}
	offset_to_position(d, at, line, column);
}

/* xmldoc_load_memory on bytes of its own (size + 1 allocated, NUL at the
 * end), which it keeps or frees. */
static xmldoc_status load_owned(const char *name, char *bytes, size_t size, diag_sink *sink, xml_document **out)
{
	*out = NULL;
	quiet_library();
	if (size > XMLDOC_MAX_BYTES) {
		diag_add(sink, name, 0, 0, DIAG_ERROR, "xml",
			"the file is %zu bytes long, more than the %u bytes orbat reads",
			size, XMLDOC_MAX_BYTES);
		free(bytes);
		return XMLDOC_INVALID;
	}
	if (size == 0) {
		diag_add(sink, name, 0, 0, DIAG_ERROR, "xml", "the file is empty");
		free(bytes);
		return XMLDOC_INVALID;
	}

	bytes[size] = '\0';
	if (!xmlscan_check(name, bytes, size, sink)) {
		free(bytes);
		return XMLDOC_INVALID;
	}

	xml_document *d = xcalloc(1, sizeof *d);
	d->file = xstrdup(name);
	d->bytes = bytes;
	d->bytes[size] = '\0';
	d->size = size;

	parse_state st = { .file = name, .sink = sink };
	xmlParserCtxtPtr ctxt = xmlCreateMemoryParserCtxt(d->bytes, (int)size);
	if (!ctxt) {
		diag_add(sink, name, 0, 0, DIAG_ERROR, "xml", "the XML parser could not be started");
		xmldoc_destroy(d);
		return XMLDOC_INVALID;
	}
	/* No NOENT (no substitution), no DTDLOAD/DTDATTR, no network; COMPACT
	 * stores short texts inside the nodes, as xmllint does. */
	xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_BIG_LINES | XML_PARSE_COMPACT);
	ctxt->_private = &st;
	ctxt->sax->serror = on_parser_error;
	ctxt->sax->internalSubset = on_internal_subset;
	ctxt->sax->externalSubset = NULL;
	ctxt->sax->initialized = XML_SAX2_MAGIC;
	ctxt->vctxt.error = NULL;
	ctxt->vctxt.warning = NULL;

	xmlParseDocument(ctxt);
	bool well_formed = ctxt->wellFormed && !st.doctype_seen;
	d->doc = ctxt->myDoc;
	ctxt->myDoc = NULL;
	xmlFreeParserCtxt(ctxt);

	if (st.doctype_seen) {
		diag_add(sink, name, st.doctype_line, 0, DIAG_ERROR, "xml",
			"the file has a DOCTYPE declaration; orbat's XML files may not declare a DTD or entities");
	} else if (!well_formed && st.errors == 0) {
		diag_add(sink, name, 0, 0, DIAG_ERROR, "xml", "the file is not well-formed XML");
	}
	if (!well_formed || !d->doc || !xmlDocGetRootElement(d->doc)) {
		if (well_formed)
			diag_add(sink, name, 0, 0, DIAG_ERROR, "xml", "the file has no root element");
		xmldoc_destroy(d);
		return XMLDOC_INVALID;
	}
	if (!xmlscan_encoding_is_utf8((const char *)d->doc->encoding)) {
		diag_add(sink, name, 1, 1, DIAG_ERROR, "xml",
			"the file declares the encoding '%s'; orbat's XML files must be UTF-8",
			(const char *)d->doc->encoding);
		xmldoc_destroy(d);
		return XMLDOC_INVALID;
	}
	build_line_table(d);
	d->cursor = xcalloc(1, sizeof *d->cursor);
	assign_offsets(d);
	*out = d;
	return XMLDOC_OK;
}

xmldoc_status xmldoc_load_memory(const char *name, const char *bytes, size_t size,
	diag_sink *sink, xml_document **out)
{
	/* Too long: load_owned says so, and the bytes are not copied first. */
	if (size > XMLDOC_MAX_BYTES)
		return load_owned(name, xstrdup(""), size, sink, out);
	return load_owned(name, xstrndup(bytes, size), size, sink, out);
}

xmldoc_status xmldoc_load_file(const char *path, const char *display_name,
	diag_sink *sink, xml_document **out)
{
	*out = NULL;
	const char *name = display_name ? display_name : path;
	const char *why = NULL;
	int fd = regfile_open(path, &why);
	if (fd < 0) {
		diag_add(sink, name, 0, 0, DIAG_ERROR, "io", "cannot read the file: %s", why);
		return XMLDOC_IO_ERROR;
	}
	struct stat sb;
	bool regular = fstat(fd, &sb) == 0;
	/* Read at the size the file has, with room for one byte more (the
	 * end of the text, or a file grown since): a file of many read in
	 * four calls, open to close.  Past XMLDOC_MAX_BYTES it is not read
	 * further; load_owned says it is too long. */
	size_t cap = (regular && sb.st_size >= 0 && (unsigned long long)sb.st_size <= XMLDOC_MAX_BYTES ?
		(size_t)sb.st_size : 65536) + 1;
	size_t len = 0;
	char *buf = xmalloc(cap);
	bool failed = false;
	for (;;) {
		if (len == cap)
			grow_array((void **)&buf, &cap, len + 65536, 1);
		ssize_t n = read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			failed = true;
			break;
		}
		len += (size_t)n;
		/* A regular file read short is at its end. */
		if (n == 0 || len > XMLDOC_MAX_BYTES || (regular && len < cap))
			break;
	}
	close(fd);
	if (failed) {
		free(buf);
		diag_add(sink, name, 0, 0, DIAG_ERROR, "io", "cannot read the file");
		return XMLDOC_IO_ERROR;
	}
	if (len == cap)
		grow_array((void **)&buf, &cap, len + 1, 1);
	return load_owned(name, buf, len, sink, out);
}

void xmldoc_destroy(xml_document *d)
{
	if (!d)
		return;
	if (d->doc)
		xmlFreeDoc(d->doc);
	free(d->file);
	free(d->bytes);
	free(d->line_starts);
	free(d->line_ascii);
	free(d->cursor);
	free(d);
}

const char *xmldoc_attr(const xmlNode *node, const char *name)
{
	for (xmlAttrPtr a = node->properties; a; a = a->next) {
		if (a->ns == NULL && strcmp((const char *)a->name, name) == 0) {
			if (a->children && a->children->type == XML_TEXT_NODE && !a->children->next)
				return (const char *)a->children->content;
			return "";
		}
	}
	return NULL;
}

const char *xmldoc_lang(const xmlNode *node)
{
	for (xmlAttrPtr a = node->properties; a; a = a->next) {
		if (a->ns && a->ns->href &&
			strcmp((const char *)a->ns->href, (const char *)XML_XML_NAMESPACE) == 0 &&
			strcmp((const char *)a->name, "lang") == 0) {
			if (a->children && a->children->type == XML_TEXT_NODE)
				return (const char *)a->children->content;
			return "";
		}
	}
	return NULL;
}

bool xmldoc_is(const xmlNode *node, const char *ns, const char *name)
{
	if (!node || node->type != XML_ELEMENT_NODE || strcmp((const char *)node->name, name) != 0)
		return false;
	if (!ns)
		return node->ns == NULL;
	return node->ns && node->ns->href && strcmp((const char *)node->ns->href, ns) == 0;
}

bool xmldoc_root_is(const xml_document *doc, const char *ns, const char *name, const char *rule, diag_sink *sink)
{
	xmlNodePtr root = xmlDocGetRootElement(doc->doc);
	if (xmldoc_is(root, ns, name))
		return true;
	diag_add(sink, doc->file, root ? (int)xmlGetLineNo(root) : 0, 0, DIAG_ERROR, rule,
		"the root element must be <%s xmlns=\"%s\">", name, ns);
	return false;
}

xml_document *xmldoc_load_root(const char *path, const char *ns, const char *name, const char *rule,
	diag_sink *sink)
{
	xml_document *doc = NULL;
	if (xmldoc_load_file(path, NULL, sink, &doc) != XMLDOC_OK)
		return NULL;
	if (xmldoc_root_is(doc, ns, name, rule, sink))
		return doc;
	xmldoc_destroy(doc);
	return NULL;
}
