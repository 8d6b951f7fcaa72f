/* The referee: applies the actions of a game log to a position, one at a
 * time, in the turn sequence of §9, and refuses the first one the rules do
 * not allow, naming the rule.  A refused action leaves everything as it
 * was, so `orbat play` can ask again.  No I/O. */
#ifndef ORBAT_RULES_HEX_REFEREE_H
#define ORBAT_RULES_HEX_REFEREE_H

#include <stdbool.h>
#include <stddef.h>

#include "battle.h"
#include "deck.h"
#include "dice.h"
#include "hex_game.h"
#include "hex_log.h"
#include "orders.h"

typedef enum {
	PHASE_SETUP,      /* header: scenario, first player, hands */
	PHASE_START,      /* a side is to play or discard a card */
	PHASE_ORDERS,     /* card played: orders may be given */
	PHASE_MOVES,      /* moving */
	PHASE_BATTLES,    /* battling; no more moves */
	PHASE_DISCARDED,  /* card discarded: only the draw remains */
	PHASE_OVER,       /* a side has won */
} referee_phase;

/* The steps of one battle after the roll, in their order (§5.2, §7, §3.5). */
typedef enum {
	STEP_NONE,
	STEP_SAVE,        /* noord-zuid saving dice for hits (required) */
	STEP_DEFEND,      /* noord-zuid defensive roll (optional) */
	STEP_FLAGSAVE,    /* noord-zuid saving dice for flags (optional) */
	STEP_RETREAT,     /* the retreat (required) */
	STEP_FOLLOW,      /* noord-zuid: the brigade falls back with a member
	                     that left it (optional; once begun, until the
	                     brigade stands together) */
	STEP_GAIN,        /* ground gain (optional) */
} battle_step;

typedef struct referee_battle {
	bool active;
	int line;
	int attacker;
	hex_ref target;
	hex_coord target_hex;
	int distance;
	bool withdraw;
	battle_step step;
	battle_count_result count;
	int losses;           /* figures the roll removed */
	int flags;            /* flags the retreater must take before flag saves */
	int retreat_hexes;    /* hexes to retreat */
	hex_ref retreater;
	bool may_defend;
	bool may_gain;
	int follow_brigade;   /* the brigade that may fall back with the retreater, -1 */
	int follow_hexes;     /* hexes the retreater fell back */
	bool follow_started;
	bool supply;          /* not a battle: the fall-back of a short-supply
	                         card (§8.1); no loss when blocked, never off */
	/* Per member slot (the last: the general): stood with the brigade
	 * before the retreat; has fallen back (or is the retreater). */
	bool follow_with[GAME_MAX_BRIGADE_UNITS + 1];
	bool followed[GAME_MAX_BRIGADE_UNITS + 1];
	char note[400];       /* what the roll did, for people (play prints it) */
} referee_battle;

typedef enum {
	RALLY_NONE,       /* no rally owes anything */
	RALLY_ROLL,       /* the dice are owed */
	RALLY_UNITS,      /* the units that take figures back are owed */
} rally_step;

#define REFEREE_RALLY_DICE 64

typedef struct referee_rally {
	rally_step step;
	int dice;             /* dice the roll takes */
	int faces[REFEREE_RALLY_DICE];
	int face_count;
	int figures;          /* figures the roll returns */
} referee_rally;

typedef struct unit_turn {
	bool ordered;
	bool named;           /* named in an order line (§9: once a turn) */
	bool busy;            /* forming or dissolving a brigade, digging */
	bool moved_done;
	int moved;            /* hexes moved */
	bool entered_no_battle;
	bool state_changed;   /* mounted or dismounted this turn */
	bool mounted_now;     /* mounted this turn: no battle after */
	int battles;
	int battles_allowed;
	hex_ref battle_again;  /* the only target of a second battle */
	bool defended;        /* has made its defensive roll this turn */
	bool in_zone;         /* in its brigade general's zone at the start of the turn */
	int move_line;        /* the log line of its move this turn, 0: none */
	bool arrived;         /* a reserve unit that arrived this turn (§8.1) */
} unit_turn;

typedef struct general_turn {
	bool ordered;
	bool named;           /* named in an order line, or as a brigade */
	bool busy;
	bool moved;
	bool spent;           /* has fought beside a unit (its extra die) */
	int move_line;        /* the log line of his move this turn, 0: none */
} general_turn;

/* §8.1 reinforcements: the card's roll, one slot per reserve unit a face
 * may bring (the card's per-face for each face that serves a type). */
#define REFEREE_MAX_ARRIVALS 64

typedef struct referee_arrivals {
	bool active;          /* the roll of a reinforcements card this turn */
	int line;             /* its play line (0 in orbat play) */
	int slots;
	const char *type[REFEREE_MAX_ARRIVALS];  /* the unit type a slot brings, "any" */
	bool used[REFEREE_MAX_ARRIVALS];
} referee_arrivals;

typedef struct referee_hand {
	deck_card *cards;
	int count;
	size_t capacity;
	bool dealt;
} referee_hand;

/* A battle kept between the roll and the apply of its line
 * (referee_keep_battle): its preparation's figures, the dice without
 * their reasons (a kept battle is an allowed one: none is read). */
typedef struct referee_kept_battle {
	bool on;
	const gl_action *action;   /* the line whose battle is kept; NULL: none */
	int attacker;
	hex_ref target;
	unsigned char dice[offsetof(dice_answer, reasons)];
} referee_kept_battle;

typedef struct referee {
	hex_game *g;
	referee_phase phase;
	int side;             /* the side to play, -1 while unknown */
	int turn;             /* turns begun */
	referee_hand hands[GAME_SIDES];
	deck_pool pool;
	order_card current;
	bool has_current;
	bool target_owed;     /* a fall-back card (short-supply) waits for the
	                         enemy unit it names ('order REF', §8.1) */
	referee_arrivals arrivals;  /* reinforcements (§8.1) */
	order_card last_played[GAME_SIDES];
	bool has_last[GAME_SIDES];
	/* §8.1 rally: its roll is owed ('rally : FACES'), then the units that
	 * take the figures back ('rally REF...'); nothing else until then. */
	referee_rally rally;
	order_set orders;
	unit_turn *ut;
	general_turn *gt;
	referee_battle battle;
	bool zone_checked;
	int winner_line;
	unsigned long long seed;
	bool has_seed;
	/* Each face id of the ruleset, written as it is, names its own face
	 * (referee_face): the faces of a log line, most often written so, are
	 * then read by exact comparison first. */
	bool faces_by_id;
	referee_kept_battle kept;
} referee;

/* The referee refuses through the engine's one error type; the old name
 * stays for code written against it. */
typedef rules_error referee_error;

/* The referee keeps a pointer to g and changes it; the caller owns both. */
referee *referee_create(hex_game *g);
/* A deep copy of the referee refereeing `g`, a copy of r->g. */
referee *referee_clone(const referee *r, hex_game *g);
void referee_destroy(referee *r);

/* Apply one action; false with the reason when illegal (nothing changed). */
bool referee_apply(referee *r, const gl_action *a, rules_error *err);
/* At the end of a log: false when a battle still waits for a required
 * step (saving dice, a retreat). */
bool referee_finish(referee *r, rules_error *err);

/* What the pending battle still owes, in words, for a prompt: the required
 * step (*required set) and the optional ones on offer before it.  False
 * when no battle is pending. */
bool referee_owed(referee *r, char *buf, size_t size, bool *required);

/* May the fall-back card in play (short-supply, §8.1) name `unit`?  False
 * with the reason in *err when not. */
bool referee_fall_back_target(const referee *r, int unit, rules_error *err);

/* §8.1 reinforcements: whether the roll of the card in play may still
 * bring reserve unit `unit` of the side to play now (a face left for its
 * type and a hex to land on, hex_game_landing). */
bool referee_may_arrive(const referee *r, int unit);

/* Whether the pending battle still offers its ground gain (the steps
 * before it optional).  For the auto player, which declines a brigade's
 * falling back together. */
bool referee_gain_on_offer(referee *r);

/* The generals who have fought beside a unit this turn (their extra die
 * spent, §4), by general index, in `of`: the struct's own room for up to
 * REFEREE_SPENT_ROOM generals, so that weighing a battle allocates
 * nothing; allocated for more. */
#define REFEREE_SPENT_ROOM 64
typedef struct referee_spent {
	bool *of;
	bool room[REFEREE_SPENT_ROOM];
} referee_spent;

void referee_spent_init(referee_spent *s, const referee *r);
void referee_spent_finish(referee_spent *s);

/* The side whose decision the game waits for now, for a game where each
 * side decides for itself (`orbat play --computer`): during a battle's
 * step the side the rules give it -- the target's for its saving dice and
 * defensive roll, the retreater's for its flag saves, its retreat (the
 * fall-back of a short supply too) and its brigade falling back with it,
 * the attacker's for the ground gain -- else the side to play. */
int referee_decider(const referee *r);

/* The side that decides an action, when it answers a step of the pending
 * battle (save, defend, flagsave, retreat, follow: the step's side, as
 * referee_decider), else the side to play. */
int referee_action_side(const referee *r, const gl_action *a);

/* The deciding side leaves the optional step on offer (a defensive roll,
 * flag saves, a brigade falling back together, the ground gain): the
 * battle goes to its next step, or ends.  Not a line of the log, where the
 * next action skips the optional steps before it.  False with the reason
 * when no battle waits or its step is owed. */
bool referee_pass(referee *r, rules_error *err);

/* For `orbat play`: how many dice the action (written without faces)
 * rolls -- battle, save, defend, flagsave, the play of a card that rolls
 * (reinforcements) -- after every check but the faces.  False with the
 * reason when the action is illegal. */
bool referee_dice_needed(referee *r, const gl_action *a, int *count, rules_error *err);
/* While on (between the roll and the apply of one line, as
 * hex_engine_act does them, nothing else in between), the battle whose
 * dice referee_dice_needed counts is kept for the referee_apply of that
 * very action, which then works its dice and line of sight out once
 * instead of twice.  Off forgets it. */
void referee_keep_battle(referee *r, bool on);

/* Whether `play CARD` rolls dice now: reinforcements (§8.1), or a
 * counter-attack that copies it. */
bool referee_play_rolls(const referee *r, const char *card);

/* The die face named by a word of a log: a face id, case-insensitive, or
 * a unique beginning of one ("inf", "s"); -1 when none. */
int referee_face(const hex_game *g, const char *word);

#endif
