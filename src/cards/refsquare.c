/* The reference card of a square-grid ruleset (rules digest §11): what
 * goes on its two pages.  Measuring, scaling and drawing are refcard.c's,
 * the content reftables_square.c's.
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

static void heading(ref_column *c, textbox_ctx *tc, const char *id)
{
	refcolumn_add(c, BLOCK_HEADING, xstrdup(textbox_string(tc, id)), NULL);
}

/* Each line a text block of its own, so a long list breaks between units. */
static void add_lines(ref_column *c, block_kind kind, char **lines, size_t n)
{
	for (size_t i = 0; i < n; i++)
		refcolumn_add(c, kind, lines[i], NULL);
	free(lines);
}

static void square_front(textbox_ctx *tc, const ruleset *rs, ref_column *left, ref_column *right)
{
	heading(left, tc, "ref-sq-units-heading");
	refcolumn_add(left, BLOCK_TABLE, NULL, reftable_square_units(tc, rs));
	refcolumn_add(left, BLOCK_NOTE, xstrdup(textbox_string(tc, "ref-sq-units-note")), NULL);
	heading(left, tc, "ref-sq-purchase-heading");
	refcolumn_add(left, BLOCK_TEXT, reftext_square_purchase(tc, rs), NULL);
	char *entrench = reftext_square_entrench(tc, rs);
	if (entrench) {
		heading(left, tc, "ref-sq-entrench-heading");
		refcolumn_add(left, BLOCK_TEXT, entrench, NULL);
	}

	heading(right, tc, "ref-battle-heading");
	char **lines = NULL;
	size_t n = reftext_square_steps(tc, rs, "ref-sq-combat", &lines);
	for (size_t i = 0; i < n; i++)
		refcolumn_add_step(right, lines[i], i + 1);
	free(lines);
	n = reftext_square_abilities(tc, rs, false, &lines);
	add_lines(right, BLOCK_TEXT, lines, n);
	heading(right, tc, "ref-sq-generals-heading");
	refcolumn_add(right, BLOCK_TEXT, reftext_square_general(tc, rs), NULL);
	refcolumn_add(right, BLOCK_TABLE, NULL, reftable_square_generals(tc, rs));
}

static void square_back(textbox_ctx *tc, const ruleset *rs, ref_column *left, ref_column *right)
{
	heading(left, tc, "ref-turn-heading");
	for (size_t i = 0; i < rs->square.step_count; i++)
		refcolumn_add_step(left, xstrdup(l10n_get(&rs->square.steps[i].name, tc->rc->lang)), i + 1);
	heading(left, tc, "ref-sq-place-heading");
	refcolumn_add(left, BLOCK_TEXT, reftext_square_place(tc, rs), NULL);

	heading(right, tc, "ref-sq-sea-heading");
	refcolumn_add(right, BLOCK_TEXT, reftext_square_sea(tc, rs), NULL);
	refcolumn_add(right, BLOCK_TABLE, NULL, reftable_square_ports(tc, rs));
	char **lines = NULL;
	size_t n = reftext_square_abilities(tc, rs, true, &lines);
	add_lines(right, BLOCK_TEXT, lines, n);
	heading(right, tc, "ref-sq-capitals-heading");
	refcolumn_add(right, BLOCK_TEXT, reftext_square_capitals(tc, rs), NULL);
}

/* Less to say than on a hex card: the type may grow further to fill the
 * sheet. */
const refcard_grid refcard_square_grid = { square_front, square_back, 0.6, 0.5, 1.6 };
