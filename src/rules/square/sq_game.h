/* The state of a square game (mb-remastered, rules digest §11 and §11.1):
 * every land unit, general and ship with its side, player, square, ship or
 * sea zone and hits; who controls each city; each player's purse (saved
 * points and infantry allowance); whose turn it is and in which step; the movement
 * roll and what moved; the units bought and waiting for placement; the
 * combat under way; the winner.  Built from a scenario's starting position
 * (model/position.h); squares are walked through the grid interface
 * (geo/grid.h).  The referee (sq_referee.h) changes it; `ask` reads it.  No I/O. */
#ifndef ORBAT_RULES_SQUARE_GAME_H
#define ORBAT_RULES_SQUARE_GAME_H

#include <stdbool.h>
#include <stddef.h>

#include "../../geo/grid.h"
#include "../../model/position.h"
#include "../../model/ruleset.h"
#include "../../model/scenario.h"
#include "../rules_error.h"

#define SQ_SIDES 2
#define SQ_MAX_SEATS 4
#define SQ_SIDE_PLAYERS 2    /* players of one side at most (four-player game) */
#define SQ_NO_WINNER (-1)
#define SQ_DRAW 2

typedef enum { SQ_LAND, SQ_GENERAL, SQ_SHIP } sq_piece_kind;

typedef struct sq_piece {
	char *id;
	const rs_square_unit *type;
	sq_piece_kind kind;
	int side;            /* index into sc->sides (0, 1) */
	int player;          /* which of its side's players moves it: 1 or 2 */
	bool alive;          /* false once destroyed */
	bool on_map;         /* land units and generals: standing on a square */
	grid_cell at;        /* land, general: its square; ship: its port's square or last sea square */
	long aboard;         /* land units: the ship carrying it (piece index), -1 ashore */
	long port;           /* ships: the city (port) it lies in, -1 at sea */
	long zone;           /* ships: the sea zone it is in (a port's own zone in port), -1 unknown */
	int hits;            /* hits taken */
	/* This turn. */
	bool counted;        /* counted against the roll of the current movement step */
	bool moved;          /* has made its move of the current movement step */
	bool embarked;       /* embarked in the current movement step (may still land) */
	bool fought;         /* joined a combat or fired this turn */
	long target_cell;    /* the square index it fights against this turn, -1 */
	int naval_rounds;    /* naval rounds fought this turn */
	int cover_round;     /* cavalry: the round of the turn (sq_game.rounds) whose retreat it covered, 0 none */
} sq_piece;

typedef struct sq_city {
	long owner;          /* side index controlling it, -1 none */
	long start;          /* side index that held it at the start */
	grid_cell at;
	bool port;
	long zone;           /* ports: the sea zone index, -1 */
	bool capital_of[SQ_SIDES];
	bool placed;         /* a new unit entered it this turn */
} sq_city;

typedef enum {
	SQ_STEP_BUY,         /* buying (or rolling for movement) */
	SQ_STEP_MOVE,        /* the movement roll is made: moving */
	SQ_STEP_COMBAT,
	SQ_STEP_REDEPLOY,    /* non-combat movement */
	SQ_STEP_PLACE,
	SQ_STEP_OVER,        /* the game has a result */
} sq_step;

typedef struct sq_combat {
	bool active;
	grid_cell target;    /* the defending square */
	int rounds;          /* rounds fought so far */
	bool cleared;        /* no defender is left on the square: the attacker may advance */
	bool advanced;
} sq_combat;

typedef struct sq_seat {
	int side;
	int player;
} sq_seat;

/* One player's purse (§11.1: "Each player receives 5 points to purchase
 * units each turn"): his saved points and infantry allowance. */
typedef struct sq_purse {
	int points;
	int allowance;       /* limited units (infantry) he may still buy */
} sq_purse;

typedef struct sq_bought {
	const rs_square_unit *type;
	int side;
	int player;
} sq_bought;

typedef struct sq_game {
	const position *pos;
	const scenario *sc;
	const ruleset *rs;
	const grid_board *board;
	sq_piece *pieces;
	size_t piece_count, piece_capacity;
	sq_city *cities;     /* parallel to sc->cities */
	size_t city_count;
	size_t zone_count;   /* sc->sea_zones */
	bool *zone_adjacent; /* zone_count * zone_count */
	int players;         /* 2 or 4 */
	sq_seat seats[SQ_MAX_SEATS];
	int seat_count;

	/* Each player's purse, by side and player (1, 2: index player - 1);
	 * with two players only player 1's is used.  Read it with sq_purse_of. */
	sq_purse purses[SQ_SIDES][SQ_SIDE_PLAYERS];
	/* The side retook its capital since its own turn last began: its
	 * generals' bonus returns at the start of its next turn (§11 capitals:
	 * "on his following turn"), not for the rest of the turn of the
	 * retaking nor during the enemy's turn between. */
	bool capital_retaken[SQ_SIDES];

	int turn;            /* turns played so far (one per seat) */
	int seat;            /* whose turn: index into seats */
	sq_step step;
	bool head_done;      /* the first action of play has come */
	bool bought_now;     /* a purchase was made this turn */
	int roll;            /* units that may move in this movement step */
	int counted;         /* units counted against it so far */
	int faces[2];
	int face_count;
	sq_bought *bought;   /* waiting for placement */
	size_t bought_count, bought_capacity;
	sq_combat combat;
	int rounds;          /* combat rounds fought this turn on every square: a cavalry
	                        covers one retreat a round, whichever combat it is */
	int hold[SQ_SIDES];  /* enemy turns ended while the side held the enemy capital */
	long turn_limit;     /* rounds; 0: none */
	int hold_turns;
	bool wipe_out;
	bool limit_by_cities;

	int winner;          /* side index, SQ_DRAW, or SQ_NO_WINNER */
	char result[200];    /* why the game ended ("it took ..."); sq_result says who won */

	/* A trial (sq_game_trial): the ids of its first borrowed_ids pieces
	 * and its zone_adjacent are the original's, not its own. */
	size_t borrowed_ids;
	bool borrowed_zones;
} sq_game;

/* A game at the scenario's start (the position's scenario and ruleset,
 * which must outlive it).  NULL when the position has no usable board. */
sq_game *sq_game_create(const position *pos);
sq_game *sq_game_clone(const sq_game *g);
/* A copy to try one action on and destroy (sq_game_destroy) while `g`
 * stands unchanged: it borrows what never changes, the pieces' ids and
 * the sea zones' neighbours, instead of copying them. */
sq_game *sq_game_trial(const sq_game *g);
void sq_game_destroy(sq_game *g);

/* A new turn for the seat to play: its player's income (§11: points each
 * turn, into his own purse; with four players each player has his own)
 * and infantry allowance; a retaken capital's general bonus back; the
 * turn's marks cleared. */
void sq_begin_turn(sq_game *g);

/* The purse of a side's player (1 or 2), and of the seat to play. */
sq_purse *sq_purse_of(sq_game *g, int side, int player);
const sq_purse *sq_purse_read(const sq_game *g, int side, int player);
const sq_purse *sq_current_purse(const sq_game *g);
/* The side's player (1 or 2) who plays now, or plays its next turn. */
int sq_next_player(const sq_game *g, int side);
/* Who buys from a purse, for messages: "union", or "union player 2" with
 * four players. */
const char *sq_player_name(const sq_game *g, int side, int player, char *buf, size_t size);

/* Look-ups: the piece with that id (alive or not), -1 when none. */
long sq_find(const sq_game *g, const char *id);
/* The city on the square, -1 when none. */
long sq_city_at(const sq_game *g, grid_cell at);
/* The city (or sea zone) with that id, -1 when none. */
long sq_city_by_id(const sq_game *g, const char *id);
long sq_zone_by_id(const sq_game *g, const char *id);
/* The sea zone a square belongs to, -1 when none. */
long sq_zone_of(const sq_game *g, grid_cell at);
/* Friendly land units standing on a square (of side), and whether any
 * enemy of side (land unit or general) stands there. */
int sq_land_count(const sq_game *g, grid_cell at, int side);
bool sq_enemy_at(const sq_game *g, grid_cell at, int side);
/* Land units of a side still in play (on the map or aboard a ship). */
int sq_land_units(const sq_game *g, int side);
/* Cities a side controls. */
int sq_cities_held(const sq_game *g, int side);
/* Whether the enemy holds the side's capital; the city, or -1. */
long sq_capital_lost(const sq_game *g, int side);
/* The side's income at the start of its turn: the purchase points less
 * the capital-loss penalty (§11 capitals), never below zero. */
int sq_income(const sq_game *g, int side);
/* The seat to play, its side and player. */
const sq_seat *sq_current(const sq_game *g);
const char *sq_side_id(const sq_game *g, int side);
/* The side index of a side id, -1 when unknown. */
int sq_side_index(const sq_game *g, const char *id);
/* A ship's free room for land units. */
int sq_ship_room(const sq_game *g, long ship);
/* Whether a land square lies on the coast of the zone (touches one of its
 * squares across a side or a corner). */
bool sq_coastal(const sq_game *g, grid_cell at, long zone);
/* A step of the turn as the ruleset states it: its dice, and the rule id
 * (prefixed) cited for what is done or refused in it.  A ruleset without
 * the step rolls no dice for it and cites its order of play. */
int sq_step_dice(const ruleset *rs, sq_step step);
const char *sq_step_rule(const ruleset *rs, sq_step step);
/* The rule id (prefixed) of one of the ruleset's other square-game
 * sections: SQ_RULE(rs, naval) cites rs->square.rules.naval. */
#define SQ_RULE(rs, topic) ruleset_rule((rs), (rs)->square.rules.topic)

/* ---- combat factors (one computation for `ask` and the referee) ---- */

#define SQ_FACTOR_NOTES 4

typedef struct sq_factor {
	int base;            /* the table's attack or defend factor */
	int factor;          /* with every modifier, before the cap at the die */
	rules_error notes[SQ_FACTOR_NOTES];   /* each modifier, or why none, under its rule */
	int note_count;
} sq_factor;

/* The factor of a piece fighting from (attacking) or at (defending) a
 * square: the general bonus of the nearest friendly general in range
 * (other than itself), lost with the capital and back only on the side's
 * turn after it retook it; infantry entrenched in a city (defending), +2
 * with a general in range instead of the bonus. */
void sq_fight_factor(const sq_game *g, long piece, grid_cell at, bool defending, sq_factor *out);
/* Whether a land unit of that type reaches from one square to another to
 * attack: a neighbour across a side (across a corner too when diagonal),
 * or further within its range. */
bool sq_reaches(const sq_game *g, const rs_square_unit *type, grid_cell from, grid_cell to);
/* Whether the defender rolls against an attack from the square FROM
 * (§11 "who may fire back"): only against an attacker within the ruleset's
 * answer range (002: none answers an attack from 2 squares, artillery
 * included), only a land unit with an attack factor (a general has none),
 * and one that fights only across a side (infantry) not across a corner.
 * When it does not, why (with the rule id) in *why, which may be NULL. */
bool sq_answers(const sq_game *g, long defender, grid_cell from, rules_error *why);
/* A factor capped at the die's faces and at zero. */
int sq_capped(const ruleset *rs, int factor);

#endif
