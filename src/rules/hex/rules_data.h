/* Rules facts the engine reads by name, gathered from the ruleset model
 * (data/rulesets/<id>.xml): which face is the flag, which terrain is a
 * hill, the battle procedure, how generals follow, retreat consequences,
 * and the cards with special effects.  Each field names the data that
 * sets it. */
#ifndef ORBAT_RULES_HEX_RULES_DATA_H
#define ORBAT_RULES_HEX_RULES_DATA_H

#include <stdbool.h>

#include "../../model/ruleset.h"

typedef enum {
	FOLLOW_MAY,   /* the attached general may go along or stay behind */
	FOLLOW_MUST,  /* he must go along (unless he has moved already) */
} rules_follow;

typedef struct rules_data_gaps {
	const char *ruleset_id;
	/* data: <face id="flag" retreat="true"/>: the die face that makes the
	 * target retreat (§5.1, §7.1). */
	const char *flag_face;
	/* data: <terrain id="hill" elevated="true"/>: where a unit type's
	 * hill-dice apply (§4 "artillery on a hill"). */
	const char *hill_terrain;
	/* data: <battle procedure="saves"/>: §5.2 noord-zuid combat (kill on two
	 * matching symbols, saving dice, defensive roll, voluntary withdrawal,
	 * losses capped by the attacker's figures, optional flag saves §7.4). */
	bool saving_rolls;
	/* data: <general follows-unit="may|must"/>: §3.1, an ordered unit's
	 * attached general goes along (1999: may; 150: must; 3.2: may, or is
	 * relieved and stays). */
	rules_follow general_follows;
	/* data: <general passes-friendly-generals="true|false"/>: §3.1 a general
	 * may pass through a hex holding a friendly general; §3.2 never enters
	 * a hex holding another general. */
	bool general_passes_generals;
	/* data: <retreat flags-pass-to-general="true"/>: §7.2 battlecry-150, when
	 * a unit is destroyed the remaining flags apply to its general. */
	bool flags_pass_to_general;
	/* data: <retreat blocked-kills-general="true"/>: §7.4 noord-zuid, more
	 * flags not taken than figures left of a unit under a general kill the
	 * general; 003 (battlecry-150, §7) the same: the losses for flags not
	 * taken reach the general once the unit is gone. */
	bool blocked_retreat_kills_general;
	/* data: <card id="counter-attack" ground-gain="false"/>: 003, no ground
	 * gain in a turn played with a counter-attack card (battlecry-150). */
	bool ground_gain_after_counter_attack;
	/* data: <card id="counter-attack" order="copy-last"/>: §8, the card that
	 * repeats the opponent's last orders. */
	const char *copy_card;
	/* data: <card id="fieldworks" effect="dig">: §8, the card that builds
	 * fieldworks; its <dig unit units> list says for which units. */
	const char *dig_card;
} rules_data_gaps;

/* Read the facts of a ruleset from its model into *out.  The strings are
 * the ruleset's own, so *out is good exactly as long as rs: a game keeps
 * its facts beside the ruleset it borrows (hex_game.h), and nothing is kept
 * here that could outlive a ruleset_destroy. */
void rules_data_read(const ruleset *rs, rules_data_gaps *out);

#endif
