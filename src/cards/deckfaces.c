#include "deckfaces.h"

#include <libxml/tree.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../base/xmldoc.h"
#include "emblem.h"

/* The kinds of order a card may give, as the ruleset files spell them. */
static const char *const ORDERS[] = {
	"section", "each-section", "type", "section-type", "generals", "all", "special",
};

static const char *const FLANK_IDS[DECK_FLANKS] = { "left", "centre", "right", "any" };

static const char *const LANG_NAMES[LANG_COUNT] = { "English", "Dutch", "French" };

/* More copies of one design than this is surely a typo. */
#define MAX_COPIES 1000

static void card_finish(void *item)
{
	deck_face *c = item;
	char *owned[] = { c->id, c->order, c->units, c->types, c->emblem };
	for (size_t i = 0; i < ARRAY_LEN(owned); i++)
		free(owned[i]);
	l10n_finish(&c->name);
	l10n_finish(&c->text);
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static void copy_l10n(l10n_text *to, const l10n_text *from)
{
	for (int i = 0; i < LANG_COUNT; i++)
		if (from->text[i])
			l10n_set(to, (lang_id)i, from->text[i]);
}

void deck_destroy(cards_deck *deck)
{
	if (!deck)
		return;
	array_free(deck->cards, deck->card_count, sizeof *deck->cards, card_finish);
	free(deck);
}

cards_deck *deck_from_ruleset(const ruleset *rs)
{
	cards_deck *d = xcalloc(1, sizeof *d);
	d->card_count = rs->deck.card_count;
	d->cards = xcalloc(d->card_count ? d->card_count : 1, sizeof *d->cards);
	for (size_t i = 0; i < rs->deck.card_count; i++) {
		const rs_card *src = &rs->deck.cards[i];
		deck_face *c = &d->cards[i];
		c->id = xstrdup(src->id);
		char units[RS_CARD_UNITS_TEXT];
		c->order = dup_or_null(ruleset_card_order_names[src->order]);
		c->units = src->units != RS_CARD_UNITS_NONE ? xstrdup(ruleset_card_units_text(src, units)) : NULL;
		c->types = dup_or_null(src->types);
		c->emblem = dup_or_null(src->emblem);
		copy_l10n(&c->name, &src->name);
		/* The numbers a card states come from its data ({dice}, {units}…),
		 * so the printed text cannot drift from what the referee plays. */
		for (int l = 0; l < LANG_COUNT; l++)
			if (src->text.text[l]) {
				char *filled = ruleset_card_fill(src, src->text.text[l]);
				l10n_set(&c->text, (lang_id)l, filled);
				free(filled);
			}
		for (int f = DECK_LEFT; f <= DECK_RIGHT; f++)
			c->count[f] = src->section_copies[f - DECK_LEFT];
		c->count[DECK_ANY] = src->any;
	}
	return d;
}

int deck_total(const cards_deck *deck)
{
	int total = 0;
	for (size_t i = 0; i < deck->card_count; i++)
		for (int f = 0; f < DECK_FLANKS; f++)
			total += deck->cards[i].count[f];
	return total;
}

size_t deck_designs(const cards_deck *deck, deck_design **out)
{
	size_t n = 0, cap = 0;
	*out = NULL;
	for (size_t i = 0; i < deck->card_count; i++)
		for (int f = 0; f < DECK_FLANKS; f++) {
			if (deck->cards[i].count[f] <= 0)
				continue;
			grow_array((void **)out, &cap, n + 1, sizeof **out);
			(*out)[n++] = (deck_design){ &deck->cards[i], (deck_flank)f, deck->cards[i].count[f] };
		}
	return n;
}

size_t deck_print_list(const cards_deck *deck, bool unique, deck_design **out)
{
	deck_design *designs = NULL;
	size_t count = deck_designs(deck, &designs);
	size_t n = 0, cap = 0;
	*out = NULL;
	for (size_t i = 0; i < count; i++) {
		int copies = unique ? 1 : designs[i].count;
		for (int k = 0; k < copies; k++) {
			grow_array((void **)out, &cap, n + 1, sizeof **out);
			(*out)[n++] = designs[i];
		}
	}
	free(designs);
	return n;
}

/* ---- the deck file ---- */

typedef struct deck_loader {
	const xml_document *doc;
	const ruleset *rs;
	diag_sink *sink;
	bool failed;
} deck_loader;

static void report(deck_loader *ld, diag_severity sev, const xmlNode *node, const char *attr,
	const char *fmt, ...) DIAG_PRINTF(5, 6);

static void report(deck_loader *ld, diag_severity sev, const xmlNode *node, const char *attr,
	const char *fmt, ...)
{
	int line = 0, col = 0;
	if (node)
		xmldoc_locate(ld->doc, node, attr, &line, &col);
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	diag_add(ld->sink, ld->doc->file, line, col, sev, DECK_RULE, "%s", msg);
	free(msg);
	if (sev == DIAG_ERROR)
		ld->failed = true;
}

static bool is_xml_lang(const xmlAttr *a)
{
	return a->ns && str_eq((const char *)a->ns->href, (const char *)XML_XML_NAMESPACE) &&
		str_eq((const char *)a->name, "lang");
}

/* Every attribute of the element must be one of `allowed` (NULL-ended);
 * xml:lang only where lang_ok. */
static void check_attributes(deck_loader *ld, const xmlNode *n, const char *const *allowed, bool lang_ok)
{
	for (const xmlAttr *a = n->properties; a; a = a->next) {
		if (is_xml_lang(a)) {
			if (!lang_ok)
				report(ld, DIAG_ERROR, n, "xml:lang", "<%s> takes no xml:lang attribute", (const char *)n->name);
			continue;
		}
		bool known = false;
		for (size_t i = 0; !a->ns && allowed[i]; i++)
			known |= str_eq((const char *)a->name, allowed[i]);
		if (!known)
			report(ld, DIAG_ERROR, n, (const char *)a->name, "unknown attribute '%s' on <%s>",
				(const char *)a->name, (const char *)n->name);
	}
}

/* Anything but elements of `allowed` (NULL-ended), comments and (unless
 * text_ok) blank text is an error. */
static void check_children(deck_loader *ld, const xmlNode *n, const char *const *allowed, bool text_ok)
{
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (c->type == XML_ELEMENT_NODE) {
			bool known = false;
			for (size_t i = 0; allowed[i]; i++)
				known |= xmldoc_is(c, DECK_NS, allowed[i]);
			if (!known)
				report(ld, DIAG_ERROR, c, NULL, "unknown element <%s> in <%s>", (const char *)c->name,
					(const char *)n->name);
		} else if (!text_ok && (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE)) {
			for (const xmlChar *s = c->content; s && *s; s++)
				if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r') {
					report(ld, DIAG_ERROR, n, NULL, "<%s> holds text outside its elements",
						(const char *)n->name);
					break;
				}
		}
	}
}

/* Runs of blanks become one space; none at either end. */
static char *collapse_blanks(const char *s)
{
	char *out = xmalloc(strlen(s) + 1);
	size_t n = 0;
	bool blank = false;
	for (; *s; s++) {
		if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
			blank = n > 0;
			continue;
		}
		if (blank)
			out[n++] = ' ';
		blank = false;
		out[n++] = *s;
	}
	out[n] = '\0';
	return out;
}

static void read_texts(deck_loader *ld, const xmlNode *card, const char *id, const char *element,
	l10n_text *out)
{
	static const char *const no_children[] = { NULL };
	static const char *const no_attributes[] = { NULL };
	for (const xmlNode *c = card->children; c; c = c->next) {
		if (!xmldoc_is(c, DECK_NS, element))
			continue;
		check_attributes(ld, c, no_attributes, true);
		check_children(ld, c, no_children, true);
		const char *code = xmldoc_lang(c);
		lang_id lang;
		if (!code) {
			report(ld, DIAG_ERROR, c, NULL, "card '%s': <%s> needs xml:lang (en, nl or fr)", id, element);
			continue;
		}
		if (!lang_parse(code, &lang)) {
			report(ld, DIAG_ERROR, c, "xml:lang", "card '%s': <%s> has xml:lang '%s'; use en, nl or fr",
				id, element, code);
			continue;
		}
		if (out->text[lang])
			report(ld, DIAG_ERROR, c, "xml:lang", "card '%s' has two <%s> elements in %s", id, element,
				LANG_NAMES[lang]);
		xmlChar *content = xmlNodeGetContent(c);
		char *text = collapse_blanks(content ? (const char *)content : "");
		xmlFree(content);
		if (!*text)
			report(ld, DIAG_ERROR, c, NULL, "card '%s': <%s xml:lang=\"%s\"> is empty", id, element, code);
		else
			l10n_set(out, lang, text);
		free(text);
	}
}

static bool valid_id(const char *id)
{
	if (!*id)
		return false;
	for (const char *p = id; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
			*p == '-' || *p == '_' || *p == '.'))
			return false;
	return true;
}

static void read_count(deck_loader *ld, const xmlNode *n, const char *id, deck_flank f, deck_face *c)
{
	const char *v = xmldoc_attr(n, FLANK_IDS[f]);
	long x;
	if (!v)
		return;
	if (!parse_int(v, 0, MAX_COPIES, &x)) {
		report(ld, DIAG_ERROR, n, FLANK_IDS[f], "card '%s': %s=\"%s\" must be a whole number of copies from 0 to %d",
			id, FLANK_IDS[f], v, MAX_COPIES);
		return;
	}
	c->count[f] = (int)x;
}

static void check_types(deck_loader *ld, const xmlNode *n, const char *id, const char *types)
{
	char *copy = xstrdup(types);
	bool any = false;
	for (char *save = NULL, *t = strtok_r(copy, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save)) {
		any = true;
		if (!ruleset_find_unit_type(ld->rs, t))
			report(ld, DIAG_ERROR, n, "types", "card '%s' names unit type '%s', which ruleset '%s' does not have",
				id, t, ld->rs->id);
	}
	if (!any)
		report(ld, DIAG_ERROR, n, "types", "card '%s': types=\"\" names no unit type", id);
	free(copy);
}

/* Read one <card>; false when it is unusable (already reported). */
static bool read_card(deck_loader *ld, const xmlNode *n, deck_face *c)
{
	static const char *const attributes[] = { "id", "order", "units", "types", "left", "centre", "right", "any",
		"emblem", NULL };
	static const char *const children[] = { "name", "text", NULL };
	memset(c, 0, sizeof *c);
	c->own = true;
	check_attributes(ld, n, attributes, false);
	check_children(ld, n, children, false);
	const char *id = xmldoc_attr(n, "id");
	if (!id || !valid_id(id)) {
		report(ld, DIAG_ERROR, n, id ? "id" : NULL, "<card> needs an id of letters, digits, '-', '_' or '.'%s%s%s",
			id ? ", not '" : "", id ? id : "", id ? "'" : "");
		return false;
	}
	c->id = xstrdup(id);

	const char *order = xmldoc_attr(n, "order");
	bool order_ok = false;
	for (size_t i = 0; order && i < ARRAY_LEN(ORDERS); i++)
		order_ok |= str_eq(order, ORDERS[i]);
	if (!order)
		report(ld, DIAG_ERROR, n, NULL, "card '%s' needs order= (section, each-section, type, section-type, "
			"generals, all or special)", id);
	else if (!order_ok)
		report(ld, DIAG_ERROR, n, "order", "card '%s': order '%s' is not one of section, each-section, type, "
			"section-type, generals, all, special", id, order);
	c->order = dup_or_null(order);

	const char *units = xmldoc_attr(n, "units");
	long u;
	if (units && !str_eq(units, "all") && !parse_int(units, 1, MAX_COPIES, &u))
		report(ld, DIAG_ERROR, n, "units", "card '%s': units=\"%s\" must be a whole number of at least 1, or all",
			id, units);
	c->units = dup_or_null(units);

	const char *types = xmldoc_attr(n, "types");
	if (types)
		check_types(ld, n, id, types);
	c->types = dup_or_null(types);

	const char *emblem = xmldoc_attr(n, "emblem");
	emblem_kind kind;
	if (emblem && !emblem_find(emblem, &kind))
		report(ld, DIAG_ERROR, n, "emblem", "card '%s': emblem '%s' is not one of %s", id, emblem, emblem_names());
	c->emblem = dup_or_null(emblem);

	for (int f = 0; f < DECK_FLANKS; f++)
		read_count(ld, n, id, (deck_flank)f, c);
	int copies = c->count[DECK_LEFT] + c->count[DECK_CENTRE] + c->count[DECK_RIGHT] + c->count[DECK_ANY];
	if (copies == 0)
		report(ld, DIAG_WARNING, n, NULL, "card '%s' has no copies (left, centre, right and any are all 0); "
			"it will not be printed", id);

	read_texts(ld, n, id, "name", &c->name);
	read_texts(ld, n, id, "text", &c->text);
	if (l10n_empty(&c->name))
		report(ld, DIAG_ERROR, n, NULL, "card '%s' has no <name>", id);
	for (int l = 0; l < LANG_COUNT && !l10n_empty(&c->name); l++)
		if (!c->name.text[l])
			report(ld, DIAG_WARNING, n, NULL, "card '%s' has no %s name (<name xml:lang=\"%s\">); the %s one is printed",
				id, LANG_NAMES[l], lang_code((lang_id)l), c->name.text[LANG_EN] ? "English" : "first");
	for (int l = 0; l < LANG_COUNT; l++)
		if (!c->text.text[l])
			report(ld, DIAG_WARNING, n, NULL, "card '%s' has no %s order text (<text xml:lang=\"%s\">)",
				id, LANG_NAMES[l], lang_code((lang_id)l));
	return true;
}

static deck_status apply_document(cards_deck *deck, const ruleset *rs, const xml_document *doc, diag_sink *sink)
{
	deck_loader ld = { doc, rs, sink, false };
	xmlNodePtr root = xmlDocGetRootElement(doc->doc);
	if (!xmldoc_is(root, DECK_NS, "deck")) {
		report(&ld, DIAG_ERROR, root, NULL, "the root element must be <deck xmlns=\"%s\">", DECK_NS);
		return DECK_INVALID;
	}
	static const char *const root_attributes[] = { "mode", NULL };
	static const char *const root_children[] = { "card", NULL };
	check_attributes(&ld, root, root_attributes, false);
	check_children(&ld, root, root_children, false);
	const char *mode = xmldoc_attr(root, "mode");
	bool replace = str_eq(mode, "replace");
	if (mode && !replace && !str_eq(mode, "add"))
		report(&ld, DIAG_ERROR, root, "mode", "mode '%s' is not add or replace", mode);

	deck_face *cards = NULL;
	size_t count = 0, cap = 0;
	for (const xmlNode *n = root->children; n; n = n->next) {
		if (!xmldoc_is(n, DECK_NS, "card"))
			continue;
		grow_array((void **)&cards, &cap, count + 1, sizeof *cards);
		if (!read_card(&ld, n, &cards[count])) {
			card_finish(&cards[count]);
			continue;
		}
		const char *id = cards[count].id;
		for (size_t i = 0; i < count; i++)
			if (str_eq(cards[i].id, id))
				report(&ld, DIAG_ERROR, n, "id", "card id '%s' is used twice in this file", id);
		for (size_t i = 0; !replace && i < deck->card_count; i++)
			if (str_eq(deck->cards[i].id, id))
				report(&ld, DIAG_ERROR, n, "id", "card id '%s' is already in the deck of ruleset '%s'; "
					"choose another id, or mode=\"replace\" to print only your own cards", id, rs->id);
		count++;
	}

	int total = replace ? 0 : deck_total(deck);
	for (size_t i = 0; i < count; i++)
		for (int f = 0; f < DECK_FLANKS; f++)
			total += cards[i].count[f];
	if (total < 1)
		report(&ld, DIAG_ERROR, root, NULL, "the deck would hold no card at all; give at least one card a count of 1 or more");

	if (ld.failed) {
		array_free(cards, count, sizeof *cards, card_finish);
		return DECK_INVALID;
	}
	if (replace) {
		for (size_t i = 0; i < deck->card_count; i++)
			card_finish(&deck->cards[i]);
		deck->card_count = 0;
	}
	deck->cards = xrealloc(deck->cards, (deck->card_count + count + 1) * sizeof *deck->cards);
	memcpy(deck->cards + deck->card_count, cards, count * sizeof *cards);
	deck->card_count += count;
	free(cards);
	return DECK_OK;
}

static deck_status from_loaded(cards_deck *deck, const ruleset *rs, xmldoc_status st, xml_document *doc,
	diag_sink *sink)
{
	if (st != XMLDOC_OK) {
		xmldoc_destroy(doc);
		return st == XMLDOC_IO_ERROR ? DECK_IO_ERROR : DECK_INVALID;
	}
	/* The deck's diagnostics sorted, at most DIAG_MAX_PER_FILE of them. */
	diag_sink_cap_begin(sink, DIAG_MAX_PER_FILE);
	deck_status result = apply_document(deck, rs, doc, sink);
	diag_sink_cap_end(sink, doc->file);
	xmldoc_destroy(doc);
	return result;
}

deck_status deck_load_file(cards_deck *deck, const ruleset *rs, const char *path, diag_sink *sink)
{
	xml_document *doc = NULL;
	xmldoc_status st = xmldoc_load_file(path, NULL, sink, &doc);
	return from_loaded(deck, rs, st, doc, sink);
}

deck_status deck_load_memory(cards_deck *deck, const ruleset *rs, const char *display_name,
	const char *bytes, size_t size, diag_sink *sink)
{
	xml_document *doc = NULL;
	xmldoc_status st = xmldoc_load_memory(display_name, bytes, size, sink, &doc);
	return from_loaded(deck, rs, st, doc, sink);
}
