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

/* The share of the page's width the left column takes. */
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

/* The special rules, one block each, or a note that there are none. */
static void rules_blocks(textbox_ctx *tc, ref_column *col)
{
	refcolumn_add(col, BLOCK_HEADING, xstrdup(textbox_string(tc, "sr-heading")), NULL);
	char **lines;
	size_t n = specialtext_lines(tc->rc, &lines);
	for (size_t i = 0; i < n; i++) {
		refcolumn_add(col, BLOCK_TEXT, lines[i], NULL);
		lines[i] = NULL;
	}
	specialtext_free(lines, n);
	if (!n)
		refcolumn_add(col, BLOCK_NOTE, xstrdup(textbox_string(tc, "sr-none")), NULL);
}

/* The units table of the types the scenario uses. */
static void units_blocks(textbox_ctx *tc, ref_column *col)
{
	bool *types = types_used(tc->rc);
	refcolumn_add(col, BLOCK_HEADING, xstrdup(textbox_string(tc, "ref-units-heading")), NULL);
	refcolumn_add(col, BLOCK_TABLE, NULL, reftable_units_of(tc, tc->rc->rs, types));
	free(types);
}

/* The terrain table of what the map shows, as its legend lists it. */
static void terrain_blocks(textbox_ctx *tc, ref_column *col)
{
	const render_ctx *rc = tc->rc;
	terrain_shown shows;
	terrainpaint_shown(rc, &shows);
	bool *terrains = xcalloc(rc->rs->terrain_count + 1, sizeof *terrains);
	for (size_t i = 0; i < shows.count; i++)
		terrains[shows.terrains[i]] = true;
	refcolumn_add(col, BLOCK_HEADING, xstrdup(textbox_string(tc, "ref-terrain-heading")), NULL);
	refcolumn_add(col, BLOCK_TABLE, NULL, reftable_terrain_of(tc, rc->rs, terrains, shows.fieldworks));
	free(terrains);
}

/* The two ways the card is laid out: the rules alone at the left and the
 * tables at the right, or (few rules) the rules and the units at the left
 * and the terrain at the right. */
#define CARD_ARRANGEMENTS 2

static void card_columns(textbox_ctx *tc, int arrangement, ref_column cols[2])
{
	rules_blocks(tc, &cols[0]);
	units_blocks(tc, &cols[arrangement == 0 ? 1 : 0]);
	terrain_blocks(tc, &cols[1]);
}

/* Draws the arrangement whose type is the largest, the first of equals. */
static void card_page(refcard_pdf *p, const char *title)
{
	const render_ctx *rc = p->tc.rc;
	const refcard_grid *grid = refcard_grid_of(rc->rs);
	double max_scale = grid ? grid->max_scale : 1;
	ref_column cols[CARD_ARRANGEMENTS][2] = { { { 0 } } };
	int best = 0;
	double best_scale = -1;
	for (int a = 0; a < CARD_ARRANGEMENTS; a++) {
		card_columns(&p->tc, a, cols[a]);
		double s = refcard_columns_scale(&p->tc, p->cr, p->cl, p->pw, p->ph, cols[a], CARD_LEFT_SHARE, max_scale);
		if (s > best_scale + 1e-9) {
			best = a;
			best_scale = s;
		}
	}
	refcard_draw_columns(&p->tc, p->cr, p->cl, p->pw, p->ph, title, l10n_get(&rc->rs->name, rc->lang), cols[best],
		CARD_LEFT_SHARE, max_scale);
	for (int a = 0; a < CARD_ARRANGEMENTS; a++) {
		refcolumn_finish(&cols[a][0]);
		refcolumn_finish(&cols[a][1]);
	}
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
		card_page(&p, title);
	}
	free(title);
	return refcard_pdf_end(&p, path, error);
}
