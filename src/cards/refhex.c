/* The reference card of the hex rulesets: what goes on its two pages, as
 * a table of blocks (refcolumn.h).  Content comes from reftables.c.
 *
 * Front: units (movement, dice by distance), the deck with its counts;
 * terrain, artillery on a hill, the general, sharing a hex (and
 * brigades), and where the card has room (a text for the ruleset) how
 * the flanks are read.  Back: the turn, the battle,
 * line of sight, a general with a unit and alone; the die, retreats and
 * their thresholds, ground gain, victory, the special cards.  The two
 * pages are about as full, since both take the fuller one's type size. */
#include <stdio.h>
#include <stdlib.h>

#include "../base/util.h"
#include "refcolumn.h"

/* "The deck (60 cards)": the heading carries the deck's size. */
static char *deck_heading(textbox_ctx *tc, const ruleset *rs, const char *id)
{
	char total[16];
	snprintf(total, sizeof total, "%d", ruleset_deck_size(rs));
	const char *pairs[] = { "total", total, NULL };
	return textbox_expand(textbox_string(tc, id), pairs);
}

/* The general's heading is his name in the ruleset. */
static char *general_heading(textbox_ctx *tc, const ruleset *rs)
{
	return xstrdup(l10n_get(&rs->general.name, tc->rc->lang));
}

/* Who moves first is rolled for unless the scenario must say. */
static char *first_roll(textbox_ctx *tc, const ruleset *rs, const char *id)
{
	return rs->turn.first_player_required ? NULL : reftext(tc, rs, id);
}

static const refcard_item FRONT_LEFT[] = {
	REF_HEADING("ref-units-heading"), REF_TABLE(reftable_units),
	REF_TEXT(BLOCK_HEADING, "ref-deck-heading", deck_heading), REF_TABLE(reftable_deck), REF_END,
};

static const refcard_item FRONT_RIGHT[] = {
	REF_HEADING("ref-terrain-heading"), REF_TABLE(reftable_terrain),
	REF_HEADING("ref-hill-heading"), REF_SAY(BLOCK_TEXT, reftext_hill),
	REF_SAY(BLOCK_HEADING, general_heading), REF_SAY(BLOCK_TEXT, reftext_general),
	REF_HEADING_IF("ref-stacking-heading"), REF_SAY(BLOCK_TEXT, reftext_stacking),
	REF_HEADING_IF("ref-sections-heading"), REF_TEXT(BLOCK_TEXT, "ref-sections", reftext_optional), REF_END,
};

static const refcard_item BACK_LEFT[] = {
	REF_HEADING("ref-turn-heading"), REF_LINES(BLOCK_STEP, "ref-turn", reftext_steps),
	REF_TEXT(BLOCK_NOTE, "ref-turn-note", reftext), REF_TEXT(BLOCK_NOTE, "ref-first-roll", first_roll),
	REF_HEADING("ref-battle-heading"), REF_LINES(BLOCK_STEP, "ref-battle", reftext_steps),
	REF_HEADING("ref-los-heading"), REF_SAY(BLOCK_TEXT, reftext_los),
	REF_HEADING("ref-generals-heading"), REF_SAY(BLOCK_TEXT, reftext_general_attached),
	REF_SAY(BLOCK_TEXT, reftext_general_alone), REF_END,
};

/* The thresholds' introduction and note only with the thresholds. */
static const refcard_item BACK_RIGHT[] = {
	REF_HEADING("ref-die-heading"), REF_SAY(BLOCK_TEXT, reftext_die),
	REF_HEADING("ref-retreat-heading"), { .kind = BLOCK_TEXT, .id = "ref-threshold-intro", .needs_next = true },
	REF_TABLE(reftable_thresholds), REF_SAY(BLOCK_NOTE, reftext_threshold_general),
	REF_LINES(BLOCK_STEP, "ref-retreat", reftext_steps),
	REF_HEADING("ref-ground-heading"), REF_SAY(BLOCK_TEXT, reftext_ground_gain),
	REF_HEADING("victory-heading"), REF_SAY(BLOCK_TEXT, reftext_victory),
	REF_HEADING_IF("ref-special-heading"), REF_SAY(BLOCK_TEXT, reftext_special_cards), REF_END,
};

const refcard_grid refcard_hex_grid = { "hex", { FRONT_LEFT, FRONT_RIGHT, 0.55 }, { BACK_LEFT, BACK_RIGHT, 0.52 }, 1.25, "",
	reftext_hex_values };
