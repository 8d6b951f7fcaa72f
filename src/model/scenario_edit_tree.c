/* The tree surgery edits are made of: finding children, putting a new
 * element in indented like its siblings, taking one out so that it can
 * come back byte for byte, setting texts and attributes in place.  Nodes
 * are linked by hand, never through libxml2's calls that merge
 * neighbouring texts: a text read from the file must stay the node its
 * bytes belong to. */
#include "scenario_edit_impl.h"

#include <stdlib.h>
#include <string.h>

#include "../base/xmldoc.h"

static bool is_blank_text(const xmlNode *n)
{
	return n && n->type == XML_TEXT_NODE && n->content
		&& strspn((const char *)n->content, " \t\r\n") == strlen((const char *)n->content);
}

static bool named(const xmlNode *n, const char *name)
{
	return xmldoc_is(n, SCENARIO_NS, name);
}

xmlNode *sedit_child(const xmlNode *parent, const char *name)
{
	return parent ? sedit_next_named(parent->children, name) : NULL;
}

xmlNode *sedit_next_named(xmlNode *from, const char *name)
{
	for (xmlNode *k = from; k; k = k->next)
		if (named(k, name))
			return k;
	return NULL;
}

xmlNode *sedit_last_child(const xmlNode *parent, const char *name)
{
	xmlNode *last = NULL;
	for (xmlNode *k = parent->children; k; k = k->next)
		if (named(k, name))
			last = k;
	return last;
}

xmlNode *sedit_new_element(scenario_doc *d, const char *name)
{
	xmlNode *root = xmlDocGetRootElement(d->xml->doc);
	return xmlNewDocNode(d->xml->doc, root->ns, (const xmlChar *)name, NULL);
}

/* Links without libxml2's merging of neighbouring texts, so that every
 * text node read from the file stays the node its bytes belong to. */
static void link_before(xmlNode *parent, xmlNode *next, xmlNode *node)
{
	node->parent = parent;
	node->next = next;
	node->prev = next ? next->prev : parent->last;
	if (node->prev)
		node->prev->next = node;
	else
		parent->children = node;
	if (next)
		next->prev = node;
	else
		parent->last = node;
}

static void unlink_node(xmlNode *node)
{
	xmlUnlinkNode(node);
}

/* The blanks after the last line break before an element: its indent. */
static char *indent_of(const xmlNode *n)
{
	const xmlNode *t = n->prev;
	if (is_blank_text(t)) {
		const char *nl = strrchr((const char *)t->content, '\n');
		if (nl)
			return xstrdup(nl + 1);
	}
	return NULL;
}

static char *child_indent(const scenario_doc *d, const xmlNode *parent)
{
	for (const xmlNode *k = parent->children; k; k = k->next) {
		if (k->type != XML_ELEMENT_NODE)
			continue;
		char *in = indent_of(k);
		if (in)
			return in;
	}
	char *own = parent->parent && parent->parent->type == XML_ELEMENT_NODE ? indent_of(parent) : NULL;
	char *in = xasprintf("%s%s", own ? own : "", d->indent_unit);
	free(own);
	return in;
}

static xmlNode *new_blank(scenario_doc *d, const char *indent)
{
	char *text = xasprintf("\n%s", indent);
	xmlNode *t = xmlNewDocText(d->xml->doc, (const xmlChar *)text);
	free(text);
	return t;
}

void sedit_insert(scenario_doc *d, xmlNode *parent, xmlNode *node, const char *const *after)
{
	xmlNode *anchor = NULL;
	for (size_t i = 0; after && after[i] && !anchor; i++)
		anchor = sedit_last_child(parent, after[i]);
	if (!anchor)
		for (xmlNode *k = parent->children; k; k = k->next)
			if (k->type == XML_ELEMENT_NODE)
				anchor = k;
	char *indent = child_indent(d, parent);
	xmlNode *ws = new_blank(d, indent);
	if (anchor) {
		link_before(parent, anchor->next, ws);
		link_before(parent, ws->next, node);
	} else if (parent->last && is_blank_text(parent->last)) {
		/* The blank before the end tag stays last and keeps indenting
		 * the end tag. */
		link_before(parent, parent->last, ws);
		link_before(parent, parent->last, node);
	} else {
		bool had_children = parent->children != NULL;
		link_before(parent, NULL, ws);
		link_before(parent, NULL, node);
		if (!had_children) {
			char *own = indent_of(parent);
			link_before(parent, NULL, new_blank(d, own ? own : ""));
			free(own);
		}
	}
	free(indent);
}

unsigned long sedit_bury(scenario_doc *d, xmlNode *node)
{
	xmlNode *parent = node->parent;
	grow_array((void **)&d->graves, &d->grave_cap, d->grave_count + 1, sizeof *d->graves);
	sedit_grave *g = &d->graves[d->grave_count++];
	g->parent = parent;
	g->ws = is_blank_text(node->prev) ? node->prev : NULL;
	g->next = node->next;
	g->node = node;
	g->buried = true;
	if (g->ws)
		unlink_node(g->ws);
	unlink_node(node);
	/* A parent left with blanks only goes back to how it was written:
	 * <x/> when it was read so, or away when an edit made it. */
	bool only_blanks = true;
	for (const xmlNode *k = parent->children; k; k = k->next)
		if (!is_blank_text(k))
			only_blanks = false;
	const sedit_span *sp = d->mapped ? parent->_private : NULL;
	if (only_blanks && parent->type == XML_ELEMENT_NODE && parent->parent
		&& parent->parent->type == XML_ELEMENT_NODE) {
		if (sp && sp->empty) {
			while (parent->children) {
				xmlNode *k = parent->children;
				for (size_t i = 0; i < d->grave_count; i++)
					if (d->graves[i].next == k)
						d->graves[i].next = NULL;
				unlink_node(k);
				xmlFreeNode(k);
			}
		} else if (!sp) {
			sedit_bury(d, parent);
		}
	}
	return d->grave_count;
}

static bool in_tree(const xmlNode *n)
{
	while (n && n->type == XML_ELEMENT_NODE)
		n = n->parent;
	return n && n->type == XML_DOCUMENT_NODE;
}

xmlNode *sedit_raise(scenario_doc *d, unsigned long handle, const xmlNode *parent)
{
	if (handle == 0 || handle > d->grave_count)
		return NULL;
	sedit_grave *g = &d->graves[handle - 1];
	if (!g->buried || g->parent != parent || !in_tree(parent))
		return NULL;
	if (g->next && g->next->parent != parent)
		return NULL;
	bool was_empty = parent->children == NULL;
	xmlNode *into = g->parent;
	link_before(into, g->next, g->node);
	if (g->ws)
		link_before(into, g->node, g->ws);
	if (was_empty && g->ws) {
		/* its parent was pruned back to <x/>: the end tag's indent again */
		char *own = indent_of(into);
		link_before(into, NULL, new_blank(d, own ? own : ""));
		free(own);
	}
	g->buried = false;
	return g->node;
}

char *sedit_get_text(const xmlNode *node)
{
	xmlChar *t = xmlNodeGetContent(node);
	char *out = t ? xstrdup((const char *)t) : NULL;
	xmlFree(t);
	return out;
}

void sedit_set_text(xmlNode *node, const char *text)
{
	xmlNode *keep = NULL;
	for (xmlNode *k = node->children, *next; k; k = next) {
		next = k->next;
		if (k->type != XML_TEXT_NODE && k->type != XML_CDATA_SECTION_NODE)
			continue;
		if (!keep && k->type == XML_TEXT_NODE) {
			keep = k;
			continue;
		}
		unlink_node(k);
		xmlFreeNode(k);
	}
	if (keep)
		xmlNodeSetContent(keep, (const xmlChar *)text);
	else
		link_before(node, node->children, xmlNewDocText(node->doc, (const xmlChar *)text));
}

static xmlAttr *find_attr(const xmlNode *node, const char *name, unsigned long *place)
{
	unsigned long i = 1;
	for (xmlAttr *a = node->properties; a; a = a->next, i++)
		if (!a->ns && strcmp((const char *)a->name, name) == 0) {
			if (place)
				*place = i;
			return a;
		}
	return NULL;
}

void sedit_set_attr(xmlNode *node, const char *name, const char *value, unsigned long place)
{
	if (find_attr(node, name, NULL)) {
		xmlSetProp(node, (const xmlChar *)name, (const xmlChar *)value);
		return;
	}
	xmlAttr *a = xmlSetProp(node, (const xmlChar *)name, (const xmlChar *)value);
	if (!a || place == 0)
		return;
	/* Move the new attribute (last) to its old place. */
	xmlAttr *at = node->properties;
	for (unsigned long i = 1; at && i < place; i++)
		at = at->next;
	if (!at || at == a)
		return;
	a->prev->next = NULL;
	a->prev = at->prev;
	a->next = at;
	if (at->prev)
		at->prev->next = a;
	else
		node->properties = a;
	at->prev = a;
}

unsigned long sedit_remove_attr(xmlNode *node, const char *name)
{
	unsigned long place = 0;
	xmlAttr *a = find_attr(node, name, &place);
	if (!a)
		return 0;
	xmlRemoveProp(a);
	return place;
}
