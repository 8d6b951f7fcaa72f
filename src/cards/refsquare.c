/* The reference card of a square-grid ruleset (rules digest §11): what
 * goes on its two pages, as a table of blocks (refcolumn.h).  Content
 * comes from reftables_square.c.
 *
 * Front: the unit table, purchases; combat with each unit's abilities,
 * the generals (and who plays them), entrenchment.  Back: the turn
 * sequence of the ruleset, placing new units; the sea (zones, ports by
 * coast, ships) and the capitals.  There is no deck: turns are driven by
 * purchases and the movement dice. */
#include <stdlib.h>

#include "../base/util.h"
#include "refcolumn.h"
#include "reftables_square.h"

/* The turn is the ruleset's own list of steps, not a text of data/i18n. */
static size_t turn_steps(textbox_ctx *tc, const ruleset *rs, const char *id, char ***out)
{
	(void)id;
	size_t n = rs->square.step_count;
	*out = xcalloc(n ? n : 1, sizeof **out);
	for (size_t i = 0; i < n; i++)
		(*out)[i] = xstrdup(l10n_get(&rs->square.steps[i].name, tc->rc->lang));
	return n;
}

static size_t land_abilities(textbox_ctx *tc, const ruleset *rs, const char *id, char ***out)
{
	(void)id;
	return reftext_square_abilities(tc, rs, false, out);
}

static size_t ship_abilities(textbox_ctx *tc, const ruleset *rs, const char *id, char ***out)
{
	(void)id;
	return reftext_square_abilities(tc, rs, true, out);
}

static const refcard_item FRONT_LEFT[] = {
	{ .kind = BLOCK_HEADING, .id = "ref-sq-units-heading" },
	{ .kind = BLOCK_TABLE, .table = reftable_square_units },
	{ .kind = BLOCK_NOTE, .id = "ref-sq-units-note" },
	{ .kind = BLOCK_HEADING, .id = "ref-sq-purchase-heading" },
	{ .kind = BLOCK_TEXT, .sentence = reftext_square_purchase },
	{ .kind = BLOCK_HEADING, .id = "ref-sq-entrench-heading", .needs_next = true },
	{ .kind = BLOCK_TEXT, .sentence = reftext_square_entrench },
	{ 0 },
};

static const refcard_item FRONT_RIGHT[] = {
	{ .kind = BLOCK_HEADING, .id = "ref-battle-heading" },
	{ .kind = BLOCK_STEP, .id = "ref-sq-combat", .lines = reftext_square_steps },
	{ .kind = BLOCK_TEXT, .lines = land_abilities },
	{ .kind = BLOCK_HEADING, .id = "ref-sq-generals-heading" },
	{ .kind = BLOCK_TEXT, .sentence = reftext_square_general },
	{ .kind = BLOCK_TABLE, .table = reftable_square_generals },
	{ 0 },
};

static const refcard_item BACK_LEFT[] = {
	{ .kind = BLOCK_HEADING, .id = "ref-turn-heading" },
	{ .kind = BLOCK_STEP, .lines = turn_steps },
	{ .kind = BLOCK_HEADING, .id = "ref-sq-place-heading" },
	{ .kind = BLOCK_TEXT, .sentence = reftext_square_place },
	{ 0 },
};

static const refcard_item BACK_RIGHT[] = {
	{ .kind = BLOCK_HEADING, .id = "ref-sq-sea-heading" },
	{ .kind = BLOCK_TEXT, .sentence = reftext_square_sea },
	{ .kind = BLOCK_TABLE, .table = reftable_square_ports },
	{ .kind = BLOCK_TEXT, .lines = ship_abilities },
	{ .kind = BLOCK_HEADING, .id = "ref-sq-capitals-heading" },
	{ .kind = BLOCK_TEXT, .sentence = reftext_square_capitals },
	{ 0 },
};

/* Less to say than on a hex card: the type may grow further to fill the
 * sheet. */
const refcard_grid refcard_square_grid = {
	.grid = "square",
	.front = { FRONT_LEFT, FRONT_RIGHT, 0.6 },
	.back = { BACK_LEFT, BACK_RIGHT, 0.5 },
	.max_scale = 1.6,
	.no_deck = " (its turns are driven by purchases and the movement dice)",
};
