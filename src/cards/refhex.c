/* The reference card of the hex rulesets: what goes on its two pages, as
 * a table of blocks (refcolumn.h).  Content comes from reftables.c.
 *
 * Front: units (movement, dice by distance), the deck with its counts;
 * terrain, artillery on a hill, the general, the special cards.  Back:
 * the turn and the battle; the die, retreats and their thresholds,
 * ground gain. */
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
	{ .kind = BLOCK_HEADING, .id = "ref-units-heading" },
	{ .kind = BLOCK_TABLE, .table = reftable_units },
	{ .kind = BLOCK_HEADING, .id = "ref-deck-heading", .text = deck_heading },
	{ .kind = BLOCK_TABLE, .table = reftable_deck },
	{ 0 },
};

static const refcard_item FRONT_RIGHT[] = {
	{ .kind = BLOCK_HEADING, .id = "ref-terrain-heading" },
	{ .kind = BLOCK_TABLE, .table = reftable_terrain },
	{ .kind = BLOCK_HEADING, .id = "ref-hill-heading" },
	{ .kind = BLOCK_TEXT, .sentence = reftext_hill },
	{ .kind = BLOCK_HEADING, .sentence = general_heading },
	{ .kind = BLOCK_TEXT, .sentence = reftext_general },
	{ .kind = BLOCK_HEADING, .id = "ref-special-heading", .needs_next = true },
	{ .kind = BLOCK_TEXT, .sentence = reftext_special_cards },
	{ 0 },
};

static const refcard_item BACK_LEFT[] = {
	{ .kind = BLOCK_HEADING, .id = "ref-turn-heading" },
	{ .kind = BLOCK_STEP, .id = "ref-turn", .lines = reftext_steps },
	{ .kind = BLOCK_NOTE, .id = "ref-turn-note", .text = reftext },
	{ .kind = BLOCK_NOTE, .id = "ref-first-roll", .text = first_roll },
	{ .kind = BLOCK_HEADING, .id = "ref-battle-heading" },
	{ .kind = BLOCK_STEP, .id = "ref-battle", .lines = reftext_steps },
	{ 0 },
};

static const refcard_item BACK_RIGHT[] = {
	{ .kind = BLOCK_HEADING, .id = "ref-die-heading" },
	{ .kind = BLOCK_TEXT, .sentence = reftext_die },
	{ .kind = BLOCK_HEADING, .id = "ref-retreat-heading" },
	{ .kind = BLOCK_TEXT, .id = "ref-threshold-intro", .needs_next = true },
	{ .kind = BLOCK_TABLE, .table = reftable_thresholds },
	{ .kind = BLOCK_NOTE, .sentence = reftext_threshold_general },
	{ .kind = BLOCK_STEP, .id = "ref-retreat", .lines = reftext_steps },
	{ .kind = BLOCK_HEADING, .id = "ref-ground-heading" },
	{ .kind = BLOCK_TEXT, .sentence = reftext_ground_gain },
	{ 0 },
};

const refcard_grid refcard_hex_grid = {
	.grid = "hex",
	.front = { FRONT_LEFT, FRONT_RIGHT, 0.55 },
	.back = { BACK_LEFT, BACK_RIGHT, 0.52 },
	.max_scale = 1.25,
	.no_deck = "",
};
