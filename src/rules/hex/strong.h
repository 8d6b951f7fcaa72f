/* The strong automatic player of the hex grid ("strong" in players.h).
 * It weighs every choice with the engine's own answers: the dice a
 * battle rolls (dice.h) and what each face does to the target
 * (battle.h), from which it computes exactly the chance to destroy the
 * target, the figures it expects to take and the flags it expects to
 * force.  With that it picks the card whose orders are worth most now,
 * orders the units that can do most, moves each where its attack is worth
 * more than the fire it draws (a weak unit steps back), and battles the
 * best target first so that later battles finish what earlier ones began.
 * Its generals go where they lend their unit most and never stand alone
 * in the enemy's reach when a unit can shelter them (strong_generals.c);
 * it weighs every flag as the race to the scenario's targets stands: the
 * last flag it needs is worth the game, a flag given away worth more as
 * the enemy nears its own (strong_race.c).
 * The turns of special cards (reinforcements, rally, sharpshooter,
 * fieldworks, short supply) and the steps of a battle it does not weigh
 * (saves, defensive rolls, retreats) are the simple player's (hex_auto.h).
 * It only proposes; the referee judges.  No I/O. */
#ifndef ORBAT_RULES_HEX_STRONG_H
#define ORBAT_RULES_HEX_STRONG_H

#include <stdbool.h>

#include "hex_auto.h"
#include "hex_log.h"
#include "hex_referee.h"
#include "../rng.h"

/* How boldly the strong player places its units: the share of the fire
 * a unit draws where it stands that counts against a place, and the
 * weight of each hex between it and the nearest enemy.  A searching
 * player weighs the same card played in other manners (its plans). */
typedef struct strong_manner {
	double risk;
	double close;
} strong_manner;


/* Where a unit weighed for its order would best end a move alone: the
 * hex (its index, -1 to stand), how much it gains by it, and whether it
 * leaves its general behind (gl_action alone). */
typedef struct strong_place {
	long hex;
	double gain;
	bool alone;
} strong_place;

typedef struct strong_player {
	autoplay simple;    /* the simple player, for what is left to it */
	const strong_manner *manner;
	int turn;           /* the referee's turn the plan belongs to */
	int stage;          /* within the turn */
	bool delegate;      /* a special card's turn: the simple player plays it */
	int last_unit;      /* the last battle proposed, never twice */
	int last_battles;
	int brigade;        /* next brigade to consider for a move */
	/* The moves of the brigade on the move: its general first, then the
	 * members, each within his zone of control where it ends (§3.3). */
	int plan_len, plan_pos;
	hex_ref plan_who[GAME_MAX_BRIGADE_UNITS + 1];
	hex_coord plan_to[GAME_MAX_BRIGADE_UNITS + 1];
	/* What ordering each figure is worth, weighed for the card and kept
	 * for the orders that follow it: the position they were weighed in
	 * (a copy), the side, what its generals had done (moved, fought), so
	 * that they are used again only where all of it is still the same:
	 * for the orders, and for the first move when nothing has moved. */
	hex_game *worth_at;
	int worth_side;
	unsigned char *worth_marks;
	double *worths;
	strong_place *places;  /* by unit, weighed with the worths */
} strong_player;

/* What a battle does to its target, exactly from the dice odds: the
 * engine's reading of every way `dice` dice can fall (battle_count,
 * saving dice, battle_losses, battle_flags_apply), weighted by its
 * chance. */
typedef struct strong_odds {
	double destroy;   /* chance the target is destroyed */
	double figures;   /* figures it is expected to lose */
	double flags;     /* flags it is expected to take and survive */
} strong_odds;

/* The odds of unit `attacker` rolling `dice` dice (at most 12) at
 * `target` `distance` hexes away (strong_odds.c): from the game's memo,
 * worked out on the first asking. */
void strong_battle_odds(const hex_game *g, int attacker, hex_ref target, int dice, int distance, strong_odds *o);
/* The same, always worked out (what the memo keeps). */
void strong_battle_odds_exact(const hex_game *g, int attacker, hex_ref target, int dice, int distance,
	strong_odds *o);
/* g keeps the odds its copy worked out (the memo with more of them):
 * the copy is still to be destroyed, with the other memo. */
void strong_memo_keep(hex_game *g, hex_game *copy);

void strong_init(strong_player *sp);
/* Play in another manner from now on (PLAYER_MANNER_* of players.h; its
 * own at strong_init): false for a manner it has not. */
bool strong_set_manner(strong_player *sp, int manner);
void strong_finish(strong_player *sp);
/* The next action for the side to play (into *a, freed with
 * hexlog_action_finish); false when the game is over. */
bool strong_next(referee *r, strong_player *sp, rng *rnd, gl_action *a);

#endif
