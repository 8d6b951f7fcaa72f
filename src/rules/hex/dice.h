/* How many dice a battle rolls (§4, §6), with every modifier and every
 * refusal named by its rule.  Position only: what happened earlier in the
 * turn (moves, earlier battles) is the referee's to add. */
#ifndef ORBAT_RULES_HEX_DICE_H
#define ORBAT_RULES_HEX_DICE_H

#include <stdbool.h>

#include "hex_game.h"

typedef struct dice_answer {
	int distance;
	int dice;              /* 0 when the battle is not allowed */
	int total;             /* base plus modifiers, whether allowed or not */
	bool allowed;
	hex_ref target;       /* REF_NONE when nothing to battle there */
	int general;           /* general whose die was added, or -1 */
	int refusal;           /* index of the first refusal in reasons, or -1 */
	bool quiet;            /* asked in quiet mode: no reasons written */
	rules_reasons reasons; /* each modifier or refusal under its rule; last (dice.c) */
} dice_answer;

/* The dice of a battle by `attacker` (a unit index) against the figure at
 * `to`: `target` names it, or REF_NONE to take the enemy unit there (else
 * a lone enemy general).  `general_spent` (may be NULL) marks generals who
 * have already fought beside another unit this turn.  In quiet mode
 * (rules_quiet, as when a player weighs every battle it could fight) no
 * reasons are written and refusal is -1: only the dice, whether the battle
 * is allowed, the target and the general. */
void dice_battle(const hex_game *g, int attacker, hex_coord to, hex_ref target,
	const bool *general_spent, dice_answer *out);

/* dice_battle without its dearest check, the line of sight: `allowed`
 * says the battle is allowed if the line is clear, which
 * dice_sight_clear then asks, so that a player weighing many battles
 * asks it only of the one it would choose.  Quiet mode (no reasons). */
void dice_battle_unsighted(const hex_game *g, int attacker, hex_coord to, hex_ref target,
	const bool *general_spent, dice_answer *out);
/* Whether the battle dice_battle_unsighted allowed is allowed with the
 * line of sight too: what dice_battle says of it. */
bool dice_sight_clear(const hex_game *g, int attacker, hex_coord to, const dice_answer *unsighted);

/* What the dice of a battle owe to the attacker where it stands, whatever
 * its target: its dice entry, the general with it, its hex, the
 * scenario's adjustment, and whether an enemy next to it binds it (asked
 * when first needed).  A player weighing every target of a unit reads
 * them once; valid while nothing on the board moves. */
typedef struct dice_attacker {
	int unit;
	const rs_dice *entry;
	int general;            /* the general with the unit, or -1 */
	bool general_spent;     /* his extra die spent this turn */
	const rs_terrain *own;  /* the attacker's hex; NULL off the board */
	int adjust, adjust_line;
	signed char bound;      /* an enemy adjacent: -1 until asked */
	hex_coord bound_at;
} dice_attacker;

void dice_attacker_init(const hex_game *g, int attacker, const bool *general_spent, dice_attacker *a);
/* dice_battle and dice_battle_unsighted for the attacker `a` describes. */
void dice_battle_from(const hex_game *g, dice_attacker *a, hex_coord to, hex_ref target, dice_answer *out);
void dice_battle_unsighted_from(const hex_game *g, dice_attacker *a, hex_coord to, hex_ref target,
	dice_answer *out);

/* The dice of a sharpshooter card's battle (§8.1): unit `attacker`
 * against enemy general `general`, with the unit's usual dice for the
 * distance, range and line of sight; a general standing with a unit is a
 * target when `attached_ok` (the card's hits-attached). */
void dice_sharpshot(const hex_game *g, int attacker, int general, bool attached_ok, const bool *general_spent,
	dice_answer *out);

/* Whether the unit's type may attack a lone general at all (§5.3: the
 * ruleset's attackable-by list; any type when it lists none). */
bool dice_may_attack_general(const hex_game *g, const hex_unit *u);

/* The range of a unit in hexes and the dice it rolls at `distance`
 * (0 when out of range). */
int dice_range(const hex_unit *u);
int dice_at(const hex_unit *u, int distance);

/* The noord-zuid defensive roll (§5.2 step 6): whether `defender` may
 * answer `attacker` with its one die; reason in *err when not. */
bool dice_defensive(const hex_game *g, int defender, int attacker, rules_error *err);

#endif
