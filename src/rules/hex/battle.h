/* Reading a battle roll (§5.1, §5.2, §5.3, §7.3, §7.4): hits, kills,
 * saving dice, and the flags that apply.  Pure arithmetic on a position
 * and the faces rolled; the referee decides when each step happens. */
#ifndef ORBAT_RULES_HEX_BATTLE_H
#define ORBAT_RULES_HEX_BATTLE_H

#include <stdbool.h>
#include <stddef.h>

#include "hex_game.h"

typedef struct battle_count_result {
	int symbol_hits;   /* faces showing the target's own symbol */
	int any_hits;      /* faces that hit anything (crossed sabres) */
	int flags;         /* retreat faces */
	int auto_kills;    /* noord-zuid: the first of two or more symbol hits */
	int savable;       /* noord-zuid: hits that get a saving die */
} battle_count_result;

/* Figures of a unit, or 1 for a general. */
int battle_figures(const hex_game *g, hex_ref target);
/* The die face that hits a target. */
const char *battle_hit_by(const hex_game *g, hex_ref target);

/* The kill threshold of the ruleset (<battle kill-symbols>) as a
 * sentence of the game log opens with it: "Two", or digits past ten. */
const char *battle_kill_words(const hex_game *g);
void battle_count(const hex_game *g, hex_ref target, const int *faces, int n, battle_count_result *r);

/* noord-zuid saving die (§5.2 step 4, §7.4): at distance 2 or more the
 * target's own symbol or crossed sabres save, adjacent only sabres. */
bool battle_save_works(const hex_game *g, hex_ref target, int face, int distance);

/* Losses the roll inflicts: battlecry, every hit; noord-zuid, kills and
 * unsaved hits, never more than the attacker's figures (capped is set
 * when hits were lost that way).  Never more than the target has. */
int battle_losses(const hex_game *g, int attacker, hex_ref target, const battle_count_result *r,
	int saved, bool *capped);

/* How many of `flags` the target must take (§7.3 a general's ignored flag,
 * §7.4 thresholds), after losses leave it `figures` figures.  *note explains
 * ignored flags under their rule (cleared when none are ignored). */
int battle_flags_apply(const hex_game *g, hex_ref target, int flags, int figures, rules_error *note);

/* What reading a roll at a target depends on besides the faces and the
 * attacker's figures (battle_count, battle_save_works, battle_losses,
 * battle_flags_apply): two targets with equal keys read every roll alike.
 * Compared byte for byte (battle_target_key_of clears the padding). */
typedef struct battle_target_key {
	const char *hit_by;            /* the face that hits it */
	const void *type;              /* a unit's type (its threshold's and the
	                                  general's reduction's), NULL for a general */
	const void *threshold;         /* a unit's flag threshold (§7.4), or NULL */
	int kind;                      /* hex_ref_kind */
	int figures;
	int with_general;              /* a unit: a general commands it (§7.3) */
} battle_target_key;

void battle_target_key_of(const hex_game *g, hex_ref target, battle_target_key *k);

#endif
