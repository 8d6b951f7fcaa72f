/* The scenario document under edit: the tree with the file's bytes mapped
 * onto its nodes, written back node by node (a node unchanged since it was
 * read is copied from the file), the model read again after each edit,
 * and the atomic save.  The edits are in scenario_edit.c, the tree
 * surgery they are made of in scenario_edit_tree.c. */
#include "scenario_edit_impl.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../base/outdir.h"
#include "../base/xmldoc.h"
#include "starter.h"

/* ---- the attributes of an element, as one string -------------------- */

char *sedit_attr_sig(const xmlNode *node)
{
	str_buf b = { 0 };
	str_printf(&b, "%s", "");
	for (const xmlNs *ns = node->nsDef; ns; ns = ns->next)
		str_printf(&b, "xmlns:%s\x01%s\x02", ns->prefix ? (const char *)ns->prefix : "",
			(const char *)ns->href);
	for (const xmlAttr *a = node->properties; a; a = a->next) {
		xmlChar *v = xmlNodeListGetString(node->doc, a->children, 1);
		str_printf(&b, "%s:%s\x01%s\x02", a->ns && a->ns->prefix ? (const char *)a->ns->prefix : "",
			(const char *)a->name, v ? (const char *)v : "");
		xmlFree(v);
	}
	return b.s;
}

/* ---- mapping the file's bytes onto the nodes ------------------------- */

static size_t count_nodes(const xmlNode *n)
{
	size_t c = 1;
	for (const xmlNode *k = n->children; k; k = k->next)
		c += count_nodes(k);
	return c;
}

static bool starts(const char *s, size_t size, size_t pos, const char *with)
{
	size_t n = strlen(with);
	return pos + n <= size && memcmp(s + pos, with, n) == 0;
}

/* The end of a markup construct opened at pos: the offset just past
 * `close`, or 0 when it never closes. */
static size_t past(const char *s, size_t size, size_t pos, const char *close)
{
	size_t n = strlen(close);
	for (size_t p = pos; p + n <= size; p++)
		if (memcmp(s + p, close, n) == 0)
			return p + n;
	return 0;
}

static bool map_node(scenario_doc *d, xmlNode *n, size_t *pos)
{
	const char *s = d->xml->bytes;
	size_t size = d->xml->size, p = *pos;
	sedit_span *sp = &d->spans[d->span_count++];
	memset(sp, 0, sizeof *sp);
	sp->start = p;
	switch (n->type) {
	case XML_ELEMENT_NODE: {
		if (!starts(s, size, p, "<") || starts(s, size, p, "</") || starts(s, size, p, "<!")
			|| starts(s, size, p, "<?"))
			return false;
		char quote = 0;
		for (p++; p < size; p++) {
			if (quote) {
				if (s[p] == quote)
					quote = 0;
			} else if (s[p] == '"' || s[p] == '\'') {
				quote = s[p];
			} else if (s[p] == '>') {
				break;
			}
		}
		if (p >= size)
			return false;
		sp->end = p + 1;
		sp->empty = s[p - 1] == '/';
		sp->sig = sedit_attr_sig(n);
		n->_private = sp;
		*pos = sp->end;
		if (sp->empty)
			return n->children == NULL;
		for (xmlNode *k = n->children; k; k = k->next)
			if (!map_node(d, k, pos))
				return false;
		if (!starts(s, size, *pos, "</"))
			return false;
		sp->end_start = *pos;
		sp->end_end = past(s, size, *pos, ">");
		if (!sp->end_end)
			return false;
		*pos = sp->end_end;
		return true;
	}
	case XML_TEXT_NODE:
		/* CDATA sections read as text (XML_PARSE_NOCDATA) and join it. */
		while (p < size) {
			if (starts(s, size, p, "<![CDATA[")) {
				p = past(s, size, p, "]]>");
				if (!p)
					return false;
			} else if (s[p] == '<') {
				break;
			} else {
				p++;
			}
		}
		break;
	case XML_COMMENT_NODE:
		p = starts(s, size, p, "<!--") ? past(s, size, p + 4, "-->") : 0;
		break;
	case XML_PI_NODE:
		p = starts(s, size, p, "<?") ? past(s, size, p + 2, "?>") : 0;
		break;
	default:
		return false;
	}
	if (p <= sp->start)
		return false;
	sp->end = p;
	sp->sig = xstrdup(n->content ? (const char *)n->content : "");
	n->_private = sp;
	*pos = p;
	return true;
}

static void clear_private(xmlNode *n)
{
	for (; n; n = n->next) {
		n->_private = NULL;
		if (n->type == XML_ELEMENT_NODE)
			clear_private(n->children);
	}
}

/* The indentation the author uses per level: that of the root's first
 * element child ("  " when there is none). */
static void find_indent_unit(scenario_doc *d, const xmlNode *root)
{
	strcpy(d->indent_unit, "  ");
	for (const xmlNode *k = root->children; k; k = k->next) {
		if (k->type != XML_ELEMENT_NODE)
			continue;
		const xmlNode *t = k->prev;
		if (t && t->type == XML_TEXT_NODE && t->content) {
			const char *nl = strrchr((const char *)t->content, '\n');
			if (nl && strspn(nl + 1, " \t") == strlen(nl + 1) && strlen(nl + 1) > 0
				&& strlen(nl + 1) < sizeof d->indent_unit)
				strcpy(d->indent_unit, nl + 1);
		}
		return;
	}
}

static void map_document(scenario_doc *d)
{
	xmlNode *root = xmlDocGetRootElement(d->xml->doc);
	/* xmldoc keeps element offsets in _private; the edited tree keeps
	 * spans there instead and is never located through xmldoc. */
	clear_private(d->xml->doc->children);
	d->spans = xcalloc(count_nodes(root), sizeof *d->spans);
	d->span_count = 0;
	const char *s = d->xml->bytes;
	size_t size = d->xml->size, p = 0;
	/* The prolog (declaration, comments, blanks) is copied whole: no
	 * edit touches it.  The root is the first '<' followed by a name. */
	while (p < size) {
		if (starts(s, size, p, "<?"))
			p = past(s, size, p, "?>");
		else if (starts(s, size, p, "<!--"))
			p = past(s, size, p, "-->");
		else if (s[p] == '<')
			break;
		else
			p++;
		if (!p)
			return;
	}
	d->root_start = p;
	if (map_node(d, root, &p)) {
		d->root_end = p;
		d->mapped = true;
	} else {
		clear_private(d->xml->doc->children);
	}
	find_indent_unit(d, root);
}

/* ---- writing the tree ------------------------------------------------ */

static void put(byte_buf *b, const char *text)
{
	bytes_put(b, text, strlen(text));
}

static void put_escaped(byte_buf *b, const char *text, bool attribute)
{
	for (const char *c = text; *c; c++) {
		switch (*c) {
		case '&': put(b, "&amp;"); break;
		case '<': put(b, "&lt;"); break;
		case '>': put(b, attribute ? ">" : "&gt;"); break;
		case '"': put(b, attribute ? "&quot;" : "\""); break;
		case '\r': put(b, "&#13;"); break;
		case '\n': put(b, attribute ? "&#10;" : "\n"); break;
		case '\t': put(b, attribute ? "&#9;" : "\t"); break;
		default: bytes_put(b, c, 1);
		}
	}
}

static void put_qname(byte_buf *b, const xmlNs *ns, const xmlChar *name)
{
	if (ns && ns->prefix) {
		put(b, (const char *)ns->prefix);
		put(b, ":");
	}
	put(b, (const char *)name);
}

static void put_start_tag(byte_buf *b, const xmlNode *n)
{
	put(b, "<");
	put_qname(b, n->ns, n->name);
	for (const xmlNs *ns = n->nsDef; ns; ns = ns->next) {
		put(b, ns->prefix ? " xmlns:" : " xmlns");
		if (ns->prefix)
			put(b, (const char *)ns->prefix);
		put(b, "=\"");
		put_escaped(b, (const char *)ns->href, true);
		put(b, "\"");
	}
	for (const xmlAttr *a = n->properties; a; a = a->next) {
		put(b, " ");
		put_qname(b, a->ns, a->name);
		put(b, "=\"");
		xmlChar *v = xmlNodeListGetString(n->doc, a->children, 1);
		put_escaped(b, v ? (const char *)v : "", true);
		xmlFree(v);
		put(b, "\"");
	}
	put(b, n->children ? ">" : "/>");
}

static void put_node(const scenario_doc *d, byte_buf *b, const xmlNode *n)
{
	const sedit_span *sp = d->mapped ? n->_private : NULL;
	const char *src = d->xml->bytes;
	const char *content = n->content ? (const char *)n->content : "";
	switch (n->type) {
	case XML_ELEMENT_NODE: {
		bool same = false;
		if (sp && (!sp->empty || !n->children)) {
			char *sig = sedit_attr_sig(n);
			same = strcmp(sig, sp->sig) == 0;
			free(sig);
		}
		if (same)
			bytes_put(b, src + sp->start, sp->end - sp->start);
		else
			put_start_tag(b, n);
		for (const xmlNode *k = n->children; k; k = k->next)
			put_node(d, b, k);
		if (same) {
			if (!sp->empty)
				bytes_put(b, src + sp->end_start, sp->end_end - sp->end_start);
		} else if (n->children) {
			put(b, "</");
			put_qname(b, n->ns, n->name);
			put(b, ">");
		}
		return;
	}
	case XML_TEXT_NODE:
	case XML_CDATA_SECTION_NODE:
	case XML_COMMENT_NODE:
	case XML_PI_NODE:
		if (sp && strcmp(content, sp->sig) == 0) {
			bytes_put(b, src + sp->start, sp->end - sp->start);
		} else if (n->type == XML_COMMENT_NODE) {
			put(b, "<!--");
			put(b, content);
			put(b, "-->");
		} else if (n->type == XML_PI_NODE) {
			put(b, "<?");
			put(b, (const char *)n->name);
			put(b, " ");
			put(b, content);
			put(b, "?>");
		} else {
			put_escaped(b, content, false);
		}
		return;
	default:
		return;
	}
}

static void serialize(scenario_doc *d)
{
	byte_buf b = { 0 };
	const xmlNode *root = xmlDocGetRootElement(d->xml->doc);
	if (d->mapped) {
		bytes_put(&b, d->xml->bytes, d->root_start);
		put_node(d, &b, root);
		bytes_put(&b, d->xml->bytes + d->root_end, d->xml->size - d->root_end);
	} else {
		/* A file whose bytes could not be followed (never seen in
		 * practice): written anew, comments and blanks kept. */
		put(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
		for (const xmlNode *k = d->xml->doc->children; k; k = k->next) {
			put_node(d, &b, k);
			put(&b, "\n");
		}
	}
	bytes_put(&b, "", 1);
	free(d->current);
	d->current = (char *)b.p;
	d->current_size = b.len - 1;
}

bool sedit_refresh(scenario_doc *d, diag_sink *sink)
{
	serialize(d);
	xml_document *xml = NULL;
	if (xmldoc_load_memory(d->path, d->current, d->current_size, sink, &xml) != XMLDOC_OK)
		return false;
	scenario *sc = scenario_from_document(xml, sink);
	xmldoc_destroy(xml);
	if (!sc)
		return false;
	scenario_destroy(d->model);
	d->model = sc;
	diag_sink quiet;
	diag_sink_init(&quiet);
	d->rs = sc->ruleset.text ? ruleset_registry_get(d->rulesets, sc->ruleset.text, &quiet) : NULL;
	diag_sink_finish(&quiet);
	d->board_ok = scenario_grid(sc, d->rs, &d->board);
	return true;
}

/* ---- opening and closing --------------------------------------------- */

scenario_doc *scenario_doc_open_memory(const char *path, const char *bytes, size_t size, const char *data_dir,
	diag_sink *sink)
{
	xml_document *xml = NULL;
	if (xmldoc_load_memory(path, bytes, size, sink, &xml) != XMLDOC_OK)
		return NULL;
	scenario_doc *d = xcalloc(1, sizeof *d);
	d->path = xstrdup(path);
	d->xml = xml;
	d->rulesets = ruleset_registry_create(data_dir);
	map_document(d);
	if (!sedit_refresh(d, sink)) {
		scenario_doc_destroy(d);
		return NULL;
	}
	return d;
}

scenario_doc *scenario_doc_open(const char *path, const char *data_dir, diag_sink *sink)
{
	xml_document *xml = NULL;
	if (xmldoc_load_file(path, path, sink, &xml) != XMLDOC_OK)
		return NULL;
	scenario_doc *d = scenario_doc_open_memory(path, xml->bytes, xml->size, data_dir, sink);
	if (d) {
		d->saved = xstrndup(xml->bytes, xml->size);
		d->saved_size = xml->size;
	}
	xmldoc_destroy(xml);
	return d;
}

scenario_doc *scenario_doc_new(const char *data_dir, const char *ruleset_id, const char *path, diag_sink *sink)
{
	char *id = starter_id_from_path(path), *text = NULL, *template = NULL;
	size_t len = 0;
	scenario_doc *d = NULL;
	starter_status st = starter_fill(data_dir, ruleset_id, id, &text, &len, &template);
	if (st == STARTER_OK)
		d = scenario_doc_open_memory(path, text, len, data_dir, sink);
	else
		diag_add(sink, path, 0, 0, DIAG_ERROR, "ruleset", "there is no usable starter scenario for ruleset %s (%s)",
			ruleset_id, template ? template : "no template");
	free(id);
	free(text);
	free(template);
	return d;
}

void scenario_doc_destroy(scenario_doc *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->grave_count; i++) {
		if (!d->graves[i].buried)
			continue;
		xmlFreeNode(d->graves[i].node);
		if (d->graves[i].ws)
			xmlFreeNode(d->graves[i].ws);
	}
	free(d->graves);
	for (size_t i = 0; i < d->span_count; i++)
		free(d->spans[i].sig);
	free(d->spans);
	if (d->xml)
		clear_private(d->xml->doc->children);
	xmldoc_destroy(d->xml);
	scenario_destroy(d->model);
	ruleset_registry_destroy(d->rulesets);
	free(d->current);
	free(d->saved);
	free(d->path);
	free(d);
}

const scenario *scenario_doc_model(const scenario_doc *d) { return d->model; }
const struct ruleset *scenario_doc_ruleset(const scenario_doc *d) { return d->rs; }
const char *scenario_doc_path(const scenario_doc *d) { return d->path; }
unsigned long scenario_doc_generation(const scenario_doc *d) { return d->generation; }

const char *scenario_doc_bytes(const scenario_doc *d, size_t *size)
{
	*size = d->current_size;
	return d->current;
}

const char *scenario_doc_original(const scenario_doc *d, size_t *size)
{
	*size = d->xml->size;
	return d->xml->bytes;
}

bool scenario_doc_modified(const scenario_doc *d)
{
	return !d->saved || d->saved_size != d->current_size || memcmp(d->saved, d->current, d->current_size) != 0;
}

bool scenario_doc_save(scenario_doc *d, const char *path, char **error)
{
	*error = NULL;
	const char *target = path ? path : d->path;
	struct stat old;
	bool existed = stat(target, &old) == 0 && S_ISREG(old.st_mode);
	outfile *f = outfile_create(target, error);
	if (!f)
		return false;
	outfile_write(f, d->current, d->current_size);
	if (!outfile_finish(f, true, error))
		return false;
	/* The new file replaces the old one: it keeps its permissions (a
	 * scenario kept private stays so). */
	if (existed)
		(void)chmod(target, old.st_mode & 07777);
	if (!path || strcmp(path, d->path) == 0) {
		free(d->saved);
		d->saved = xstrndup(d->current, d->current_size);
		d->saved_size = d->current_size;
	}
	return true;
}
