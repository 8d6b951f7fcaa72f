#include "rules_data.h"

#include <string.h>

#include "../base/util.h"

/* DATA: every row of this table belongs in data/rulesets/<id>.xml; see the
 * field comments in rules_data.h for the element each one needs. */
static const rules_data_gaps RULES_DATA_GAPS[] = {
	{
		.ruleset_id = "battlecry-1999",
		.flag_face = "flag",
		.hill_terrain = "hill",
		.saving_rolls = false,
		.general_follows = FOLLOW_MAY,
		.general_passes_generals = true,
		.flags_pass_to_general = false,
		.blocked_retreat_kills_general = false,
		.battle_again_after_gain = NULL,
		.ground_gain_after_counter_attack = true,
		.copy_card = "counter-attack",
		.dig_card = "fieldworks",
		.dig_infantry = 2,
		.dig_artillery = 1,
	},
	{
		.ruleset_id = "battlecry-150",
		.flag_face = "flag",
		.hill_terrain = "hill",
		.saving_rolls = false,
		.general_follows = FOLLOW_MUST,
		.general_passes_generals = true,
		.flags_pass_to_general = true,
		.blocked_retreat_kills_general = true,
		.battle_again_after_gain = NULL,
		.ground_gain_after_counter_attack = false,
		.copy_card = "counter-attack",
		.dig_card = "fieldworks",
		.dig_infantry = 2,
		.dig_artillery = 1,
	},
	{
		.ruleset_id = "noord-zuid",
		.flag_face = "flag",
		.hill_terrain = "hill",
		.saving_rolls = true,
		.general_follows = FOLLOW_MAY,
		.general_passes_generals = false,
		.flags_pass_to_general = false,
		.blocked_retreat_kills_general = true,
		.battle_again_after_gain = "state=mounted",
		.ground_gain_after_counter_attack = true,
		.copy_card = "counter-attack",
		.dig_card = "fieldworks",
		.dig_infantry = 2,
		.dig_artillery = 1,
	},
};

const rules_data_gaps *rules_data_for(const ruleset *rs)
{
	for (size_t i = 0; i < ARRAY_LEN(RULES_DATA_GAPS); i++)
		if (rs->id && strcmp(rs->id, RULES_DATA_GAPS[i].ruleset_id) == 0)
			return &RULES_DATA_GAPS[i];
	/* A ruleset of one's own: its rule prefix says which family it reads. */
	if (rs->rule_prefix && strcmp(rs->rule_prefix, "ntz") == 0)
		return &RULES_DATA_GAPS[2];
	return &RULES_DATA_GAPS[0];
}
