#include "names.h"

#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../model/ruleset_marks.h"

/* The type's name in the page's language, on either grid. */
const char *names_type(const render_ctx *rc, const char *type_id)
{
	const rs_unit_type *hex = ruleset_find_unit_type(rc->rs, type_id);
	if (hex)
		return l10n_get(&hex->name, rc->lang);
	const rs_square_unit *square = ruleset_find_square_unit(rc->rs, type_id);
	if (square)
		return l10n_get(&square->name, rc->lang);
	return NULL;
}

/* 1 + how many units of the side and type come before it: the units on
 * the board first, then the reserves, each in file order. */
static size_t unit_number(const scenario *sc, const sc_unit *u)
{
	size_t n = 1;
	bool reserve = sc->reserves && u >= sc->reserves && u < sc->reserves + sc->reserve_count;
	for (size_t i = 0; i < sc->unit_count && &sc->units[i] != u; i++)
		n += sc->units[i].side == u->side && str_eq(sc->units[i].type.text, u->type.text);
	for (size_t i = 0; reserve && i < sc->reserve_count && &sc->reserves[i] != u; i++)
		n += sc->reserves[i].side == u->side && str_eq(sc->reserves[i].type.text, u->type.text);
	return n;
}

static char *numbered(const render_ctx *rc, const char *type_id, size_t n)
{
	const char *type = names_type(rc, type_id);
	return xasprintf("%s %zu", type ? type : render_string(rc, "col-type"), n);
}

/* How many bytes the first n characters of UTF-8 text s take (all of s
 * when it is shorter): a label never cuts a letter such as "É" in two. */
static size_t utf8_prefix_bytes(const char *s, size_t n)
{
	size_t b = 0;
	while (s[b] && n > 0) {
		b++;
		while ((s[b] & 0xC0) == 0x80)
			b++;
		n--;
	}
	return b;
}

/* Whether the first n characters of a and b are the same text. */
static bool same_prefix(const char *a, const char *b, size_t n)
{
	size_t la = utf8_prefix_bytes(a, n), lb = utf8_prefix_bytes(b, n);
	return la == lb && strncmp(a, b, la) == 0;
}

/* Whether a type other than type_id that the scenario uses has a name
 * starting like name's first n characters. */
static bool prefix_taken(const render_ctx *rc, const char *type_id, const char *name, size_t n)
{
	const scenario *sc = rc->sc;
	/* Units on the board, in reserve, then ships: every piece a label
	 * can stand for. */
	size_t total = sc->unit_count + sc->reserve_count + sc->ship_count;
	for (size_t i = 0; i < total; i++) {
		const char *other = i < sc->unit_count ? sc->units[i].type.text
			: i < sc->unit_count + sc->reserve_count ? sc->reserves[i - sc->unit_count].type.text
			: sc->ships[i - sc->unit_count - sc->reserve_count].type.text;
		if (!other || str_eq(other, type_id))
			continue;
		const char *other_name = names_type(rc, other);
		if (other_name && same_prefix(name, other_name, n))
			return true;
	}
	return false;
}

/* The type's name shortened to the fewest characters that no other type
 * of the scenario shares, a middle dot, and the piece's number: "I·3".
 * The dot keeps it from reading as an address: "I3" is a hex of every
 * hex map and a square of the square map, and no address or tile name
 * has a dot in it. */
static char *short_label(const render_ctx *rc, const char *type_id, size_t number)
{
	const char *name = names_type(rc, type_id);
	if (!name || !*name)
		name = render_string(rc, "col-type");
	size_t n = 1;
	while (name[utf8_prefix_bytes(name, n)] && prefix_taken(rc, type_id, name, n))
		n++;
	return xasprintf("%.*s" NAMES_LABEL_DOT "%zu", (int)utf8_prefix_bytes(name, n), name, number);
}

char *names_unit_label(const render_ctx *rc, const sc_unit *u)
{
	return short_label(rc, u->type.text, unit_number(rc->sc, u));
}

char *names_unit_label_numbered(const render_ctx *rc, const sc_unit *u, size_t number)
{
	return short_label(rc, u->type.text, number);
}

/* 1 + how many ships of the side and type come before it, in file order. */
static size_t ship_number(const scenario *sc, const sc_ship *ship)
{
	size_t n = 1;
	for (size_t i = 0; i < sc->ship_count && &sc->ships[i] != ship; i++)
		n += sc->ships[i].side == ship->side && str_eq(sc->ships[i].type.text, ship->type.text);
	return n;
}

char *names_ship_label(const render_ctx *rc, const sc_ship *ship)
{
	return short_label(rc, ship->type.text, ship_number(rc->sc, ship));
}

char *names_unit(const render_ctx *rc, const sc_unit *u)
{
	if (u->name.text)
		return xstrdup(u->name.text);
	return numbered(rc, u->type.text, unit_number(rc->sc, u));
}

char *names_unit_numbered(const render_ctx *rc, const sc_unit *u, size_t number)
{
	if (u->name.text)
		return xstrdup(u->name.text);
	return numbered(rc, u->type.text, number);
}

char *names_ship(const render_ctx *rc, const sc_ship *ship)
{
	if (ship->name.text)
		return xstrdup(ship->name.text);
	return numbered(rc, ship->type.text, ship_number(rc->sc, ship));
}

char *names_general(const render_ctx *rc, const sc_general *g)
{
	if (g->name.text)
		return xstrdup(g->name.text);
	const rs_square_place *known = ruleset_find_square_general(rc->rs, g->id.text);
	if (known && !l10n_empty(&known->name))
		return xstrdup(l10n_get(&known->name, rc->lang));
	const scenario *sc = rc->sc;
	size_t n = 1;
	for (size_t i = 0; i < sc->general_count && &sc->generals[i] != g; i++)
		n += sc->generals[i].side == g->side;
	return xasprintf("%s %zu", render_string(rc, "general"), n);
}

char *names_brigade(const render_ctx *rc, const sc_brigade *br)
{
	if (br->name.text)
		return xstrdup(br->name.text);
	const sc_general *leader = NULL;
	for (size_t i = 0; i < rc->sc->general_count; i++)
		if (str_eq(rc->sc->generals[i].id.text, br->general.text))
			leader = &rc->sc->generals[i];
	char *general = leader ? names_general(rc, leader) : NULL;
	const char *tmpl = render_string(rc, "brigade-of");
	const char *at = strstr(tmpl, "{general}");
	char *out = at && general ? xasprintf("%.*s%s%s", (int)(at - tmpl), tmpl, general, at + strlen("{general}"))
		: xstrdup(render_string(rc, "col-brigade"));
	free(general);
	return out;
}

const char *names_city(const render_ctx *rc, const sc_city *city)
{
	return scenario_city_name(city, rc->lang);
}

const char *names_unit_value(const render_ctx *rc, const sc_unit *u, const char *attribute)
{
	for (int i = 0; i < SC_UNIT_ATTRIBUTES; i++) {
		if (strcmp(sc_unit_attribute_names[i], attribute) != 0)
			continue;
		if (u->attributes[i].text)
			return u->attributes[i].text;
		const rs_unit_type *t = u->type.text ? ruleset_find_unit_type(rc->rs, u->type.text) : NULL;
		const rs_allow *allow = t ? ruleset_unit_allows(t, attribute) : NULL;
		return allow ? allow->default_value : NULL;
	}
	return NULL;
}

char *names_unit_mark(const render_ctx *rc, const sc_unit *u)
{
	char *marks = NULL;
	for (int i = 0; i < SC_UNIT_ATTRIBUTES; i++) {
		const char *attribute = sc_unit_attribute_names[i];
		const char *mark = ruleset_value_mark(rc->rs, attribute, names_unit_value(rc, u, attribute), rc->lang);
		if (!mark)
			continue;
		char *joined = xasprintf("%s%s", marks ? marks : "", mark);
		free(marks);
		marks = joined;
	}
	return marks;
}
