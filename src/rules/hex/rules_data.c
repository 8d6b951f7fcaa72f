#include "rules_data.h"

#include <stdio.h>
#include <string.h>

#include "../../base/util.h"

/* Nothing is cached here: a cache keyed by the ruleset's address served a
 * ruleset loaded after another was destroyed (same address) the old one's
 * facts, with strings already freed. */
void rules_data_read(const ruleset *rs, rules_data_gaps *d)
{
	memset(d, 0, sizeof *d);
	d->ruleset_id = rs->id;
	d->flag_face = ruleset_retreat_face(rs);
	for (size_t i = 0; i < rs->terrain_count; i++)
		if (rs->terrains[i].elevated && !d->hill_terrain)
			d->hill_terrain = rs->terrains[i].id;
	d->saving_rolls = rs->battle.saving_rolls;
	d->general_follows = rs->general.must_follow_unit ? FOLLOW_MUST : FOLLOW_MAY;
	d->general_passes_generals = rs->general.passes_friendly_generals;
	d->flags_pass_to_general = rs->retreat.flags_pass_to_general;
	d->blocked_retreat_kills_general = rs->retreat.blocked_kills_general;
	d->ground_gain_after_counter_attack = true;
	for (size_t i = 0; i < rs->deck.card_count; i++) {
		const rs_card *c = &rs->deck.cards[i];
		if (str_eq(c->effect, "copy-last")) {
			d->copy_card = c->id;
			d->ground_gain_after_counter_attack = c->ground_gain;
		} else if (str_eq(c->effect, "dig")) {
			d->dig_card = c->id;
		}
	}
}
