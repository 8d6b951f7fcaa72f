/* What the modules of the square game's automatic player (sq_auto.h)
 * share: the context of one call, the look-ups, and proposals tried with
 * the referee.  sq_auto.c plays the turn, walks the land and names the
 * helpers; sq_auto_sea.c carries troops by sea and fights there;
 * sq_auto_fight.c fights on land; sq_auto_buy.c buys and places.  Not for
 * other callers. */
#ifndef ORBAT_RULES_SQUARE_AUTO_IMPL_H
#define ORBAT_RULES_SQUARE_AUTO_IMPL_H

#include <stdbool.h>

#include "sq_auto.h"

/* Rounds of one combat before the attacker breaks off whatever the dice. */
#define SQ_AUTO_MAX_ROUNDS 8
/* Actions of one turn before the player moves on to the turn's end: a
 * guard against a plan that never finishes. */
#define SQ_AUTO_MAX_ACTIONS 400
/* How near an enemy land unit makes a city threatened (squares). */
#define SQ_AUTO_THREAT 3

/* What one call works with. */
typedef struct sq_auto_ctx {
	const sq_game *g;
	sq_auto *st;
	rng *r;
	int side, enemy, player;
	long capital;        /* the side's own capital (a city index), -1 none */
	int garrison;        /* land units its capital should hold now */
	sq_action *out;
	int faces;           /* of the combat die: the ruleset's, which the loader requires */
} sq_auto_ctx;

/* ---- sq_auto.c: look-ups, proposals tried with the referee, the land ---- */

/* A piece in play of the side (and, with four players, of the player). */
bool sq_auto_own(const sq_auto_ctx *c, const sq_piece *p);

/* A square a land unit may stand on: on the board, not water, passable. */
bool sq_auto_land_square(const sq_game *g, grid_cell at);

/* Land units a square may hold (the ruleset's stacking; no limit: 1000). */
int sq_auto_stacking(const sq_game *g);

/* Whether the side may put one more land unit on the square. */
bool sq_auto_has_room(const sq_game *g, grid_cell at, int side);

/* Enemy land units (of the side's enemy) within radius squares. */
int sq_auto_enemies_near(const sq_game *g, grid_cell at, int side, int radius);

/* The side's land units and generals in play: the measure of a combat's
 * losses. */
int sq_auto_pieces_alive(const sq_game *g, int side);

/* The side's own capital (a city index), -1 without one. */
long sq_auto_capital_of(const sq_game *g, int side);

/* Whether the square holds either side's capital. */
bool sq_auto_is_capital(const sq_game *g, grid_cell at);

/* A land unit that keeps the capital: it stands there and the garrison
 * would fall short without it. */
bool sq_auto_garrisoned(const sq_auto_ctx *c, const sq_piece *p);

/* Whether the movement (or non-combat) roll lets the piece move. */
bool sq_auto_roll_left(const sq_game *g, const sq_piece *p, int needed);

/* A piece's combat factor there, through the game's own computation,
 * capped at the die. */
int sq_auto_factor(const sq_game *g, long piece, grid_cell at, bool defending);

/* The squares fought over and left this turn, and marking one so. */
bool sq_auto_done_at(const sq_auto *st, long cell);
void sq_auto_mark_done(sq_auto *st, long cell);

/* A new action of a kind with its words (NULL: none), and one more word
 * added to it. */
void sq_auto_make(sq_action *a, sq_act_kind kind, const char *subject, const char *object, const char *extra);
void sq_auto_add_word(sq_action *a, const char *word);

/* Whether the referee accepts the action now: tried on a copy of the game,
 * the dice it leaves out rolled on a scratch stream. */
bool sq_auto_accepted(const sq_game *g, const sq_action *a);

/* The action in *out when the referee accepts it; else nothing. */
bool sq_auto_offer(sq_auto_ctx *c, sq_action *a);

/* sq_auto_offer of an action that has words (a purchase of none is no
 * action: it is dropped, false). */
bool sq_auto_offer_words(sq_auto_ctx *c, sq_action *a);

/* sq_auto_offer of an action made of its words. */
bool sq_auto_offer_simple(sq_auto_ctx *c, sq_act_kind kind, const char *subject, const char *object, const char *extra);

/* Whether a port of the zone that the unit's side holds lies in or next
 * to the unit's square: where its coastal fire reaches the zone. */
bool sq_auto_fire_port(const sq_game *g, const sq_piece *p, long zone);

/* ---- by sea (sq_auto_sea.c) ---- */

/* Zone steps from a zone; parent zones for the way back.  False when the
 * map has no zones to walk (or more than the player follows). */
bool sq_auto_zone_field(const sq_game *g, long from, int *dist, long *parent);

/* Land units of the player standing free in a port (not its garrison). */
int sq_auto_waiting_in(const sq_auto_ctx *c, long city);

/* Troops in a port board the ship lying there (one at a time). */
bool sq_auto_ship_takes_on(sq_auto_ctx *c, long s);

/* A ship sails: with troops to a weak coast, else to fight or to fetch
 * troops. */
bool sq_auto_ship_sails(sq_auto_ctx *c, long s);

/* Troops aboard come ashore. */
bool sq_auto_unit_lands(sq_auto_ctx *c, long piece);

/* Coastal fire and naval combat of a piece. */
bool sq_auto_fires_at_sea(sq_auto_ctx *c, long piece);

/* ---- land combat (sq_auto_fight.c) ---- */

/* What an attack is worth to the attacker: its chance to hit less the
 * defender's chance to answer with a hit, in sixths of a die (scaled by
 * the faces), with a bonus for capitals and cities. */
int sq_auto_attack_value(const sq_auto_ctx *c, long u, long t);

/* The best attacker of the player against an enemy on the square (any
 * square when cell < 0, new combats only), with the attack's value. */
bool sq_auto_best_attack(sq_auto_ctx *c, long cell, long *attacker, long *target, int *value);

/* The defender's choices after a round, made for it: a unit outfought
 * falls back under a cavalry's cover (never out of its capital), a general
 * left alone on the square withdraws. */
bool sq_auto_defender_falls_back(sq_auto_ctx *c, long cell, int attack);

/* Land combat: a new combat, or the next round of the one under way. */
bool sq_auto_phase_attack(sq_auto_ctx *c);

/* ---- purchases and placement (sq_auto_buy.c) ---- */

/* An enemy land unit within SQ_AUTO_THREAT squares of the capital. */
bool sq_auto_capital_threatened(const sq_auto_ctx *c);

/* The capital in danger: more enemy troops close to it than own troops
 * in and around it. */
bool sq_auto_capital_in_danger(const sq_auto_ctx *c);

/* Buy: infantry within the allowance, cavalry and artillery, now and then
 * a gunboat, or save for an ironclad; no more than the cities can take. */
bool sq_auto_buy(sq_auto_ctx *c);

/* Units bought enter the cities (the capital first when it is
 * threatened). */
bool sq_auto_phase_place(sq_auto_ctx *c);

/* ---- the strong player's plan (sq_strong.c) ---- */

/* What an attack is worth to the strong player: the pieces it is
 * expected to kill less those it is expected to lose, by cost, in faces
 * squared, with the capitals and cities at stake. */
int sq_strong_attack_value(const sq_auto_ctx *c, long u, long t);

/* Whether the strong player fights another round with its best attack
 * (attacker u, target t, worth value), or opens a combat with it. */
bool sq_strong_goes_on(const sq_auto_ctx *c, long u, long t, int value);
bool sq_strong_opens(const sq_auto_ctx *c, long u, long t, int value);

/* The strong player's purchase: the unit that wins the fights to come
 * first, infantry within the allowance with what is left. */
bool sq_strong_buy(sq_auto_ctx *c);

/* Where the strong player's land unit heads: its lost capital, else the
 * enemy's capital, where the game is decided. */
bool sq_strong_target(const sq_auto_ctx *c, const sq_piece *p, grid_cell *out);

/* How good a square on the way to the target is for the unit (lower is
 * better), steps the land walk from the square to the target: a gun
 * stands at its range from it, out of the enemy guns' reach where it
 * can; others close in. */
/* How good a square is for the strong player's gun to fire from this
 * turn (lower is better; INT_MAX: no target from there): minus the worth
 * of the best enemy square it hits without an answer. */
int sq_strong_aim(const sq_auto_ctx *c, const sq_piece *p, grid_cell at);

/* Whether the strong player's unit walks into a square to take it: a
 * gun, which would stand in the enemy guns' way, only when no other
 * unit can (last). */
bool sq_strong_walks_in(const sq_piece *p, bool last);

/* Whether the strong player plays a phase of its turn: troops by sea
 * (sea true) only when the movement roll spares units for it. */
bool sq_strong_phase(const sq_auto_ctx *c, bool sea);

/* Whether the defender's unit on the square (a grid index) is better
 * off falling back, as the strong player sees it: the attacker's next
 * shot at it draws no answer, or hits more often than its answer. */
bool sq_strong_outfought(sq_auto_ctx *c, long piece, long cell);

/* Where the strong player's land unit bought enters best (lower is
 * better). */
int sq_strong_place(const sq_auto_ctx *c, const rs_square_unit *t, long city);

int sq_strong_square(const sq_auto_ctx *c, const sq_piece *p, grid_cell at, grid_cell target, int steps);

#endif
