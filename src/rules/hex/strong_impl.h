/* What the modules of the strong player (strong.h) share: the worth of
 * what a battle does, of where a unit stands, and the weights of both.
 * strong.c plays the turn; strong_race.c reads the flag race;
 * strong_generals.c orders and places the generals.  Not for other
 * callers. */
#ifndef ORBAT_RULES_HEX_STRONG_IMPL_H
#define ORBAT_RULES_HEX_STRONG_IMPL_H

#include <stdbool.h>

#include "battle.h"
#include "hex_game.h"
#include "moves.h"
#include "hex_referee.h"
#include "strong.h"

/* The worth of what a battle does, in figures taken: destroying a unit
 * or a general gives a victory flag (§10), the point of the game; a flag
 * taken pushes the target back and may break its line. */
#define W_DESTROY 6.0
#define W_FIGURE 1.0
#define W_FLAG 0.35
/* Of the fire a unit draws where it stands, the share counted: the enemy
 * orders only some units and spreads its fire, and we fire first. */
#define W_RISK 0.25
/* Per hex nearer the nearest enemy: enough to close in where nothing is
 * in reach (a side that waits reaches the turn limit, which wins nothing),
 * too little to walk into fire for it. */
#define W_CLOSE 0.45
/* The player's own manner: these weights (the first of strong.c's
 * manners, which a search may trade for another). */
extern const strong_manner *const strong_own_manner;
/* A move must be worth this much more than standing still. */
#define MOVE_MARGIN 0.05

/* strong_battle_odds with the target's key read beforehand (of a figure
 * that is not moved meanwhile): asked of every enemy for one target, or
 * of one enemy from every hex weighed. */
void strong_battle_odds_keyed(const hex_game *g, int attacker, hex_ref target, const battle_target_key *key,
	int dice, int distance, strong_odds *o);

/* A copy of the game without the odds memo (hex_game_clone copies it,
 * a block of up to a hundred kilobytes): for a position to compare
 * with, or a trial of moves, which ask no odds. */
hex_game *strong_game_copy(const hex_game *g);

/* The worth of a battle's odds, its destruction weighed `destroy` (the
 * flag race's weight of a flag, strong_race_*). */
double strong_odds_worth(const strong_odds *o, double destroy);

/* How good it is for the unit to stand where it stands now: the battle
 * it could fight (when `may_battle`), less the fire it draws, less the
 * way to the enemy, plus the objective it holds. */
double strong_standing_worth(const hex_game *g, int unit, bool may_battle, const bool *spent,
	const strong_manner *manner);

/* The living enemy units and generals of a side, with the units' reach,
 * read once for the many hexes one move or plan weighs: each hex asks for
 * the battles to fight there, the fire drawn from them and the way to the
 * nearest.  It holds while the enemy's figures stay as they are; the
 * side's own may be put anywhere meanwhile (a hex is weighed with them put
 * there for the count and put back). */
typedef struct strong_enemies {
	size_t count;
	int *unit;     /* their indices, in the game's order */
	int *range;    /* the reach of each (dice_range) */
	size_t general_count;
	int *general;  /* the generals' indices, in the game's order */
	/* Read when first asked (strong_enemy_key, strong_enemy_move), as
	 * most lists serve a few questions: by figure, units then generals,
	 * what reading a roll at it depends on (battle_target_key_of), the
	 * hexes a unit may move and whether it may battle after a step.
	 * Theirs alone, as the enemy's own figures and generals stand. */
	battle_target_key *key;
	int *move;
	bool *step_fires;
	/* What the dice owe to each unit where it stands (dice_attacker),
	 * for the fire it brings on a hex (strong_enemy_fire). */
	dice_attacker *attacker;
	unsigned char *known;
	/* Per hex index of the board, when first asked
	 * (strong_enemy_distances): made at the first asking. */
	struct strong_distances *distances;
} strong_enemies;
void strong_enemies_init(strong_enemies *e, const hex_game *g, int side);
void strong_enemies_finish(strong_enemies *e);
/* The key of the k-th enemy figure (units, then generals). */
const battle_target_key *strong_enemy_key(const hex_game *g, const strong_enemies *e, size_t k);
/* The hexes the k-th enemy unit may move (moves_max), 0 when it may not
 * battle after moving one (moves_battle_after). */
int strong_enemy_move(const hex_game *g, const strong_enemies *e, size_t k);
/* The dice the k-th enemy unit rolls at `target` on `at`, as
 * dice_battle answers (no general's die spent), its own part read once
 * for the many hexes weighed. */
void strong_enemy_fire(const hex_game *g, const strong_enemies *e, size_t k, hex_coord at, hex_ref target,
	dice_answer *out);
/* Hexes from h to each enemy figure: [1 + k] to the k-th (units, then
 * generals), [0] to the nearest unit plus one (1 when none is left).
 * Read once a hex: each of the many hexes a move weighs asks it of
 * every enemy for the battles, the fire and the way to the nearest, and
 * of the same hexes again for the next unit. */
const unsigned short *strong_enemy_distances(const hex_game *g, const strong_enemies *e, hex_coord h);
/* strong_standing_worth, the enemies read beforehand. */
double strong_standing_worth_among(const hex_game *g, int unit, bool may_battle, const bool *spent,
	const strong_manner *manner, const strong_enemies *e);

/* The standing worth of a unit (strong_standing_worth_among) in parts,
 * for a caller that weighs the fire it draws (the dearest part, and a
 * cost only) only where the rest may beat the best it has found: the
 * worth of its battle, the way to the enemy (a cost) and the objective
 * it holds. */
typedef struct strong_standing {
	double attack, close, objective;
} strong_standing;

/* The parts of a unit's standing worth, the enemies read beforehand. */
void strong_standing_parts(const hex_game *g, int unit, bool may_battle, const bool *spent,
	const strong_manner *manner, const strong_enemies *e, strong_standing *p);
/* The cost of the fire the unit draws where it stands (never below 0). */
double strong_standing_fire(const hex_game *g, int unit, const strong_manner *manner, const strong_enemies *e);
/* The same, noting into dice[k] the dice the k-th enemy unit rolls at
 * it where it has it in reach (dice_battle's), for the flag of the
 * general it stands with (strong_general_exposure_noted) in the same
 * position. */
double strong_standing_fire_noting(const hex_game *g, int unit, const strong_manner *manner, const strong_enemies *e,
	int *dice);
/* The standing worth from its parts less the cost of the fire drawn:
 * with 0, what it may be at most. */
double strong_standing_sum(const strong_standing *p, double fire);

/* The worth of `who` ending its move on h, `steps` hexes away; any
 * worth no more than `beat` (the best found so far) when it cannot be
 * more: the hex is passed by then, whatever its worth. */
typedef double strong_hex_worth(void *ctx, hex_coord h, int steps, double beat);
/* The best hex for `who` to end a move on (hex index), by `worth` against
 * `stay` (its worth where it stands) and MOVE_MARGIN; -1 when staying is
 * best.  *gain: how much better than staying. */
long strong_best_hex(const hex_game *g, hex_ref who, const move_options *o, double stay, strong_hex_worth *worth,
	void *ctx, double *gain);


/* What ordering each of the side to play's living units and generals is
 * worth this turn, by index (units, then generals; 0 for the others);
 * freed by the caller.  Into places[] (by unit, when not NULL), the move
 * each unit that moves alone would make (the others' are left as they
 * are). */
double *strong_order_worths(referee *r, const strong_manner *manner, strong_place *places);
/* The same as kept by the player since its card choice (the player owns
 * them), weighed again when strong_worths_kept says they are not. */
const double *strong_turn_worths(referee *r, strong_player *sp);
/* Whether the worths sp keeps were weighed in this very position, for
 * this side, its generals having done the same. */
bool strong_worths_kept(const referee *r, const strong_player *sp);

/* ---- the flag race (strong_race.c): victory's targets (§10) read from
 * the game, never written here ---- */

/* Flags or points `side` still needs to win; INT_MAX when it has no
 * target. */
int strong_race_short(const hex_game *g, int side);
/* The weight of destroying an enemy figure for `side`: the flag it
 * gives, worth the whole game when it is the last one needed. */
double strong_race_kill(const hex_game *g, int side);
/* The weight of losing a figure of `side`'s: a flag given away, worth
 * more the nearer the enemy stands to its target. */
double strong_race_guard(const hex_game *g, int side);

/* ---- the generals (strong_generals.c) ---- */

/* The worth lost by general `gen` standing where he stands: the flag the
 * enemy may take from him before our next turn, alone or once the units
 * he stands with are gone (weighed as the flag race stands).  The game
 * is changed for the count and put back. */
double strong_general_exposure(hex_game *g, int gen);
/* The same, the enemies of his side read beforehand. */
double strong_general_exposure_among(hex_game *g, int gen, const strong_enemies *e);
/* The same, the dice the enemies roll at the units he stands with noted
 * in this very position (strong_standing_fire_noting): the count of
 * enemy units apart, in the order hex_game_units_at gives the units. */
double strong_general_exposure_noted(hex_game *g, int gen, const strong_enemies *e, const int *noted);
/* What ordering general `gen` is worth this turn: how much better he
 * stands on his best hex than where he is (0 when he had better stay or
 * may not move). */
double strong_general_order_worth(referee *r, int gen);
/* The move of the ordered general who gains most by it (into *a), false
 * when every general had better stay. */
bool strong_general_move(referee *r, gl_action *a);

#endif
