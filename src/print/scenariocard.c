/* The scenario card (scenariocard.h): the reference card's machinery
 * (cards/refcard.h) on one page whose columns this file fills. */
#include "scenariocard.h"

#include <stdlib.h>

#include "../base/util.h"
#include "../cards/refcard.h"
#include "../cards/refcolumn.h"
#include "../cards/reftables.h"
#include "../model/special_rules.h"
#include "../render/specialtext.h"
#include "../render/terrainpaint.h"

/* The share of the page's width the special rules take: the tables,
 * with a column per distance a unit fires at, want the rest. */
#define CARD_LEFT_SHARE 0.5

/* Marks the unit type of u in used (a flag per rs->unit_types). */
static void mark_type(const ruleset *rs, const sc_unit *u, bool *used)
{
	const rs_unit_type *t = u->type.text ? ruleset_find_unit_type(rs, u->type.text) : NULL;
	if (t)
		used[t - rs->unit_types] = true;
}

/* The unit types the scenario puts on the board, in reserve or brings on
 * by a schedule. */
static bool *types_used(const render_ctx *rc)
{
	const scenario *sc = rc->sc;
	bool *used = xcalloc(rc->rs->unit_type_count + 1, sizeof *used);
	for (size_t i = 0; i < sc->unit_count; i++)
		mark_type(rc->rs, &sc->units[i], used);
	for (size_t i = 0; i < sc->reserve_count; i++)
		mark_type(rc->rs, &sc->reserves[i], used);
	const special_rules *sr = sc->special;
	for (size_t k = 0; sr && k < sr->count; k++)
		for (size_t i = 0; i < sr->rules[k].unit_count; i++)
			mark_type(rc->rs, &sr->rules[k].units[i], used);
	return used;
}

/* Left: the special rules, one block each (or a note that there are
 * none); right: the tables of what the scenario uses, as the map's
 * legend lists its terrain. */
static void card_columns(textbox_ctx *tc, ref_column cols[2])
{
	const render_ctx *rc = tc->rc;
	refcolumn_add(&cols[0], BLOCK_HEADING, xstrdup(textbox_string(tc, "sr-heading")), NULL);
	char **lines;
	size_t n = specialtext_lines(rc, &lines);
	for (size_t i = 0; i < n; i++) {
		refcolumn_add(&cols[0], BLOCK_TEXT, lines[i], NULL);
		lines[i] = NULL;
	}
	specialtext_free(lines, n);
	if (!n)
		refcolumn_add(&cols[0], BLOCK_NOTE, xstrdup(textbox_string(tc, "sr-none")), NULL);

	bool *types = types_used(rc);
	refcolumn_add(&cols[1], BLOCK_HEADING, xstrdup(textbox_string(tc, "ref-units-heading")), NULL);
	refcolumn_add(&cols[1], BLOCK_TABLE, NULL, reftable_units_of(tc, rc->rs, types));
	free(types);
	terrain_shown shows;
	terrainpaint_shown(rc, &shows);
	bool *terrains = xcalloc(rc->rs->terrain_count + 1, sizeof *terrains);
	for (size_t i = 0; i < shows.count; i++)
		terrains[shows.terrains[i]] = true;
	refcolumn_add(&cols[1], BLOCK_HEADING, xstrdup(textbox_string(tc, "ref-terrain-heading")), NULL);
	refcolumn_add(&cols[1], BLOCK_TABLE, NULL, reftable_terrain_of(tc, rc->rs, terrains, shows.fieldworks));
	free(terrains);
}

bool scenariocard_render(const render_ctx *rc, const char *path, char **error)
{
	refcard_pdf p;
	if (!refcard_pdf_begin(&p, rc, path, error))
		return false;
	const char *product = textbox_string(&p.tc, "scenario-card");
	char *title = xasprintf("%s — %s", l10n_get(&rc->sc->title, rc->lang), product);
	if (refcard_pdf_open(&p, path, title, product, error)) {
		pdfdoc_label_page(p.doc, product);
		ref_column cols[2] = { { 0 }, { 0 } };
		card_columns(&p.tc, cols);
		const refcard_grid *grid = refcard_grid_of(rc->rs);
		refcard_draw_columns(&p.tc, p.cr, p.cl, p.pw, p.ph, title, l10n_get(&rc->rs->name, rc->lang), cols,
			CARD_LEFT_SHARE, grid ? grid->max_scale : 1);
		refcolumn_finish(&cols[0]);
		refcolumn_finish(&cols[1]);
	}
	free(title);
	return refcard_pdf_end(&p, path, error);
}
