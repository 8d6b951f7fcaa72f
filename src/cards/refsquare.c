/* The reference card of a square-grid ruleset (rules digest §11): what
 * goes on its two pages, as a table of blocks (refcolumn.h).  Content
 * comes from reftables_square.c.
 *
 * Front: the unit table, purchases; combat with each unit's abilities
 * and the ground it takes (cities, ports), the generals (and who plays
 * them), entrenchment.  Back: the turn sequence of the ruleset (whose
 * last step says where new units are placed: no block of its own repeats
 * it), how units move, how a side wins; the sea (zones, ports by coast,
 * ships, carrying land units), the capitals and the order of play with
 * four players.  There is no deck: turns are driven by purchases and the
 * movement dice. */
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
	REF_HEADING("ref-sq-units-heading"), REF_TABLE(reftable_square_units), REF_STRING(BLOCK_NOTE, "ref-sq-units-note"),
	REF_HEADING("ref-sq-purchase-heading"), REF_SAY(BLOCK_TEXT, reftext_square_purchase),
	REF_HEADING_IF("ref-sq-entrench-heading"), REF_SAY(BLOCK_TEXT, reftext_square_entrench),
	REF_HEADING("ref-ground-heading"), REF_SAY(BLOCK_TEXT, reftext_square_taking), REF_END,
};

static const refcard_item FRONT_RIGHT[] = {
	REF_HEADING("ref-battle-heading"), REF_LINES(BLOCK_STEP, "ref-sq-combat", reftext_steps),
	REF_LINES(BLOCK_TEXT, NULL, land_abilities),
	REF_HEADING("ref-sq-generals-heading"), REF_SAY(BLOCK_TEXT, reftext_square_general),
	REF_TABLE(reftable_square_generals), REF_END,
};

static const refcard_item BACK_LEFT[] = {
	REF_HEADING("ref-turn-heading"), REF_LINES(BLOCK_STEP, NULL, turn_steps),
	REF_HEADING("ref-sq-move-heading"), REF_SAY(BLOCK_TEXT, reftext_square_movement),
	REF_HEADING_IF("victory-heading"), REF_SAY(BLOCK_TEXT, reftext_square_victory), REF_END,
};

static const refcard_item BACK_RIGHT[] = {
	REF_HEADING("ref-sq-sea-heading"), REF_SAY(BLOCK_TEXT, reftext_square_sea), REF_TABLE(reftable_square_ports),
	REF_LINES(BLOCK_TEXT, NULL, ship_abilities),
	REF_HEADING_IF("ref-sq-transport-heading"), REF_SAY(BLOCK_TEXT, reftext_square_transport),
	REF_HEADING("ref-sq-capitals-heading"), REF_SAY(BLOCK_TEXT, reftext_square_capitals),
	REF_HEADING_IF("order-of-play"), REF_SAY(BLOCK_TEXT, reftext_square_seats), REF_END,
};

/* Less to say than on a hex card: the type may grow further to fill the
 * sheet. */
const refcard_grid refcard_square_grid = { "square", { FRONT_LEFT, FRONT_RIGHT, 0.6 }, { BACK_LEFT, BACK_RIGHT, 0.5 }, 1.6,
	" (its turns are driven by purchases and the movement dice)", reftext_square_values };
