#include "names.h"

#include <stdlib.h>
#include <string.h>

#include "../base/util.h"

/* The type's name in the page's language, on either grid. */
static const char *type_name(const render_ctx *rc, const char *type_id)
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
	const char *type = type_name(rc, type_id);
	return xasprintf("%s %zu", type ? type : render_string(rc, "col-type"), n);
}

char *names_unit(const render_ctx *rc, const sc_unit *u)
{
	if (u->name.text)
		return xstrdup(u->name.text);
	return numbered(rc, u->type.text, unit_number(rc->sc, u));
}

char *names_ship(const render_ctx *rc, const sc_ship *ship)
{
	if (ship->name.text)
		return xstrdup(ship->name.text);
	const scenario *sc = rc->sc;
	size_t n = 1;
	for (size_t i = 0; i < sc->ship_count && &sc->ships[i] != ship; i++)
		n += sc->ships[i].side == ship->side && str_eq(sc->ships[i].type.text, ship->type.text);
	return numbered(rc, ship->type.text, n);
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
