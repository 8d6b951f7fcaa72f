/* The rules model of one ruleset, loaded from data/rulesets/<id>.xml.
 *
 * Every number of the rules digest lives in those files; this module only
 * knows what the elements mean.  A ruleset may extend another: the child is
 * applied on top of the parent, entry by entry (same id: the attributes it
 * states replace the parent's, a list it states replaces the parent's list;
 * new id: a new entry; absent="true": the entry is removed). */
#ifndef ORBAT_RULESET_H
#define ORBAT_RULESET_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"
#include "../geo/grid.h"
#include "../text/lang.h"

#define RULESET_MAX_RANGE 12
/* Sections a board may be cut into (§3: three on the hex boards). */
#define RULESET_MAX_SECTIONS 8

/* The board's grid (geo/grid.h): picks the grid's functions and the
 * per-grid tables of the rules that differ. */
typedef grid_kind ruleset_grid;

/* A condition on a unit attribute: "weapon=musket"; empty when always. */
typedef struct rs_when {
	char *attribute;
	char *value;
} rs_when;

typedef struct rs_named {
	char *id;
	l10n_text name;
} rs_named;

/* §3: a section of the board as a side sees it from its seat, in order
 * from its left to its right; the grid (grid_ops.sections) says which
 * cells lie in it. */
typedef struct rs_section {
	char *id;            /* "left": what a player names, and a card's attribute */
	char *also;          /* another spelling a player may use; NULL when none */
	l10n_text name;
} rs_section;

/* The mark a counter carries for an attribute's value (ruleset_marks.h). */
typedef struct rs_value_mark {
	char *value;
	l10n_text letter;
} rs_value_mark;

typedef struct rs_attribute {
	char *id;
	l10n_text name;
	rs_named *values;
	size_t value_count;
	rs_value_mark *marks;
	size_t mark_count;
} rs_attribute;

typedef struct rs_allow {
	char *attribute;
	char **values;
	size_t value_count;
	char *default_value;
} rs_allow;

typedef struct rs_move {
	rs_when when;
	int hexes;
	bool battle;
	char *then;          /* e.g. "mount", "dismount"; NULL when none */
} rs_move;

typedef struct rs_dice {
	rs_when when;
	int count;           /* range in hexes */
	int by_distance[RULESET_MAX_RANGE]; /* [0] = adjacent */
} rs_dice;

/* The symbols a unit counter's type box can show, NATO style (<unit-type
 * symbol>, <square-unit symbol>): the painters draw the shape, the data
 * says which type wears which. */
typedef enum rs_symbol {
	RS_SYMBOL_NONE,          /* an empty box */
	RS_SYMBOL_CROSS,         /* corner to corner both ways (infantry) */
	RS_SYMBOL_SLASH,         /* one diagonal (cavalry) */
	RS_SYMBOL_DOT,           /* a filled disc (artillery) */
	RS_SYMBOL_HULL,          /* a ship's hull (gunboat) */
	RS_SYMBOL_ARMOURED_HULL, /* a hull with a casemate (ironclad) */
	RS_SYMBOL_COUNT
} rs_symbol;

/* The symbol names of the data, indexed by rs_symbol. */
extern const char *const ruleset_symbol_names[RS_SYMBOL_COUNT];

typedef struct rs_unit_type {
	char *id;
	l10n_text name;
	int figures;
	rs_symbol symbol;    /* on its counters */
	char *hit_by;        /* die face id */
	int general_dice;
	int hill_dice;
	bool ground_gain;
	rs_when ground_gain_battle; /* §3.5: may battle again after gaining ground when */
	rs_allow *allows;
	size_t allow_count;
	rs_move *moves;
	size_t move_count;
	rs_dice *dice;
	size_t dice_count;
} rs_unit_type;

typedef struct rs_general {
	char *attack_rule;   /* section cited when an attack on a general is refused */
	l10n_text name;
	int figures;
	int move;
	char *hit_by;
	int flags_ignored;
	bool passes_friendly_units;
	bool passes_friendly_generals;
	bool must_follow_unit;  /* an ordered unit's attached general goes along */
	char **attackable_by;  /* unit type ids; empty: any */
	size_t attackable_by_count;
} rs_general;

/* A colour of the print products, 8 bits a channel ("#RRGGBB" in the data). */
typedef struct rs_colour {
	unsigned char r, g, b;
} rs_colour;

/* The symbols the map painters know how to draw over a terrain's fill.
 * The watercourses (stream, river, bridge) join up with the neighbouring
 * cells whose terrain is water or crosses water. */
typedef enum rs_pattern {
	RS_PATTERN_NONE,      /* the fill alone */
	RS_PATTERN_TREES,
	RS_PATTERN_ORCHARD,
	RS_PATTERN_HILL,      /* contour lines inside the cell's outline */
	RS_PATTERN_BUILDINGS,
	RS_PATTERN_FIELD,     /* furrows */
	RS_PATTERN_ROUGH,     /* rocks */
	RS_PATTERN_FENCE,
	RS_PATTERN_STREAM,    /* a broad band of water with its course */
	RS_PATTERN_RIVER,     /* the course line alone, over a water fill */
	RS_PATTERN_BRIDGE,    /* a band of water and a deck across it */
	RS_PATTERN_MOUNTAINS,
	RS_PATTERN_WAVES,
	RS_PATTERN_COUNT
} rs_pattern;

/* The pattern names of the data, indexed by rs_pattern. */
extern const char *const ruleset_pattern_names[RS_PATTERN_COUNT];

/* How a terrain looks on the map and in the legend.  A terrain that states
 * no look is a plain fill with its name written on it, so that a type
 * added in the data never prints as blank paper. */
typedef struct rs_look {
	rs_colour fill;
	rs_pattern pattern;
	bool named;          /* the terrain's name is written on the cell */
	rs_colour label;     /* the colour of that name */
} rs_look;

/* The look of a terrain whose file says nothing about it. */
extern const rs_look ruleset_default_look;

typedef struct rs_terrain {
	char *id;
	l10n_text name;
	bool passable;
	bool stop;
	bool no_battle_on_entry;
	int target_dice;
	int occupant_dice;
	bool blocks_los;
	bool sight_over_adjacent_friends;
	bool water;
	bool crosses_water;
	bool fence_exception;
	bool elevated;       /* a unit type's hill-dice apply here */
	bool unlisted;       /* default="true": the terrain of every cell a scenario does not list */
	char letter;         /* letter="w": the cell's letter on the text board; by default the id's first */
	rs_look look;
} rs_terrain;

typedef struct rs_face {
	char *id;
	l10n_text name;
	int count;
	bool hits_any;
	bool retreat;        /* the flag: the target retreats */
} rs_face;

/* §8.1: one die face of a special card's roll and the unit type it
 * serves (rally: a figure back to a unit of that type; reinforcements: a
 * reserve unit of that type); unit_type "any" serves every type. */
typedef struct rs_card_face {
	char *face;
	char *unit_type;
	/* Resolved once the ruleset is complete, so that play compares no
	 * names: the index of `face` in ruleset.faces, and the unit type
	 * (NULL for "any"). */
	int face_index;
	const rs_unit_type *type;
} rs_card_face;

/* §8: one unit type a dig card (effect="dig") may order to build
 * fieldworks, and how many units of it; the card orders units of one
 * listed type only. */
typedef struct rs_dig {
	char *unit_type;
	int units;
} rs_dig;

/* §8: what a card orders (<card order>), as the referee reads it. */
typedef enum rs_card_order {
	RS_ORDER_NONE,          /* the file states none */
	RS_ORDER_SECTION,       /* units in the section of the copy played */
	RS_ORDER_EACH_SECTION,  /* units in each section */
	RS_ORDER_TYPE,          /* units of the card's types, anywhere */
	RS_ORDER_SECTION_TYPE,  /* units of its types in one section of the player's choice */
	RS_ORDER_GENERALS,      /* generals */
	RS_ORDER_ALL,           /* every unit */
	RS_ORDER_SPECIAL,       /* the card's effect says what it does */
	RS_ORDER_COUNT
} rs_card_order;

/* §8.1: what a special card does (<card effect>). */
typedef enum rs_card_effect {
	RS_EFFECT_NONE,
	RS_EFFECT_COPY_LAST,    /* repeats the opponent's last orders */
	RS_EFFECT_DIG,          /* builds fieldworks */
	RS_EFFECT_SHARPSHOOTER,
	RS_EFFECT_RALLY,
	RS_EFFECT_REINFORCE,
	RS_EFFECT_FALL_BACK,
	RS_EFFECT_COUNT
} rs_card_effect;

/* Whose unit a fall-back card names (<card target>). */
typedef enum rs_card_target {
	RS_TARGET_NONE,
	RS_TARGET_ENEMY,
	RS_TARGET_FRIENDLY,
	RS_TARGET_COUNT
} rs_card_target;

/* Where a fall-back card's unit stops (<card until>). */
typedef enum rs_card_until {
	RS_UNTIL_NONE,
	RS_UNTIL_HOME_ROW,
	RS_UNTIL_COUNT
} rs_card_until;

/* The words of the data for each value, indexed by the enums above; NULL
 * for the _NONE values, which the data does not write. */
extern const char *const ruleset_card_order_names[RS_ORDER_COUNT];
extern const char *const ruleset_card_effect_names[RS_EFFECT_COUNT];
extern const char *const ruleset_card_target_names[RS_TARGET_COUNT];
extern const char *const ruleset_card_until_names[RS_UNTIL_COUNT];

/* rs_card.units: the card states none, or orders all. */
#define RS_CARD_UNITS_NONE 0
#define RS_CARD_UNITS_ALL (-1)
/* More units than a card could ever order: surely a typo. */
#define RS_CARD_UNITS_MAX 999

typedef struct rs_card {
	char *id;
	l10n_text name;
	l10n_text text;
	rs_card_order order;
	int units;           /* how many it orders (2), RS_CARD_UNITS_ALL, or RS_CARD_UNITS_NONE for special cards */
	char *types;         /* unit type ids for type orders */
	/* Copies for each of the ruleset's sections (index into
	 * ruleset.sections), and copies that name none. */
	int section_copies[RULESET_MAX_SECTIONS];
	int any;
	rs_card_effect effect;
	char *emblem;        /* the printed card's emblem (cards/emblem.h); NULL: the default */
	char *rule;          /* section cited for its own refusals (§8.1); NULL: the deck's */
	rs_dig *digs;        /* effect dig: the <dig> entries, in the data's order */
	size_t dig_count;
	bool ground_gain;    /* false: no ground gain in a turn it is played */

	/* §8.1 special effects (rules digest reading); 0, false or NULL where a
	 * card does not state them.  units/types above say which units the
	 * sharpshooter may order, and how many enemy units short-supply names. */
	int dice;            /* dice rolled (reinforcements) */
	bool dice_from_hand; /* dice="hand": one die per card left in hand (rally) */
	int per_face;        /* figures (rally) or reserve units (reinforcements) per serving face */
	rs_card_face *faces; /* which faces serve which unit type; other faces do nothing */
	size_t face_count;
	bool move_first;     /* sharpshooter: the unit may move before it fires */
	bool hits_attached;  /* sharpshooter: a general standing with a unit may be the target */
	char **hit_faces;    /* sharpshooter: the faces that hit the general */
	int *hit_face_indices; /* hit_faces resolved: their indices in ruleset.faces */
	size_t hit_face_count;
	int victory;         /* sharpshooter: victory flags/points for the general removed */
	bool above_full;     /* rally: figures may go above full strength */
	bool revive;         /* rally: a destroyed unit may come back */
	bool arrivals_act;   /* reinforcements: arriving units may move and battle this turn */
	bool entry_home_row; /* reinforcements, entry hex occupied: entry-fallback="home-row", the nearest free
	                      * hex of the home row (false: "none", the unit waits) */
	rs_card_target target; /* fall-back: whose unit is named */
	rs_card_until until; /* fall-back: where the unit stops */
	int blocked_losses;  /* fall-back: figures a blocked unit loses */
	bool leaves_board;   /* fall-back: the unit may be pushed off the board */
	bool general_follows;/* fall-back: an attached general goes with the unit */
} rs_card;

typedef struct rs_threshold {
	char *quality;
	char *unit_type;
	int figures;
} rs_threshold;

/* §11 (square grid): one row of the unit table. */
typedef struct rs_square_unit {
	char *id;
	l10n_text name;
	bool naval;          /* sails the sea zones */
	bool leader;         /* the general: placed with <general> */
	rs_symbol symbol;    /* on its counters */
	int cost;            /* purchase points; -1 when it cannot be bought */
	int move;
	int attack;
	int defend;
	int hits;            /* hits that sink or kill it */
	int carries;         /* land units aboard */
	bool diagonal;       /* fights across a corner too */
	int range;           /* range of fire, squares; 1 = adjacent; 0 for the general, who has none */
	int covers_retreats; /* units whose retreat it may cover per round */
	int cover_range;
	bool fires_first;
	bool coastal_fire;
	char *rule;          /* section cited for its factors and its row of the table */
} rs_square_unit;

/* §11: one step of the square game's turn, in the order played.  The
 * referee knows the steps by id (buy, move, combat, redeploy, place). */
typedef struct rs_square_step {
	char *id;
	l10n_text name;      /* what the player does in it */
	int dice;            /* dice rolled in it; 0: none */
	char *rule;          /* section cited for what is done, or refused, in it */
} rs_square_step;

/* §11: the sections the square game cites besides its steps' and its
 * units', each stated on the element whose facts the rule is about. */
typedef struct rs_square_rules {
	char *ids;           /* <ruleset ids-rule>: a scenario's ids, one set */
	char *turn;          /* <square-players rule>: the order of play */
	char *retreat;       /* <square-play retreat-rule>: covered retreats, withdrawals */
	char *naval;         /* <naval rule>: the sea zones, ships and their combat */
	char *transport;     /* <naval transport-rule>: embarking, sailing, landing */
	char *cargo;         /* <naval cargo-rule>: what a ship carries */
	char *capitals;      /* <capitals rule>: what losing one costs */
	char *generals;      /* <square-combat general-rule>: a general's bonus */
	char *entrench;      /* <square-combat entrench-rule>: infantry in a city */
	char *victory;       /* <square-victory rule> */
	/* The sections the scenario compiler cites for a map and its forces. */
	char *cities;        /* <ruleset cities-rule>: city squares and who holds them */
	char *ports;         /* <naval ports-rule>: the ports a map must hold */
	char *roster;        /* <generals rule>: the generals of each player count */
	char *players;       /* <square-players players-rule>: who plays which piece */
} rs_square_rules;

/* A named place or person of §11 owned by a side: capital, port, general. */
typedef struct rs_square_place {
	char *id;
	l10n_text name;
	char *side;
	char *coast;         /* ports: "east" or "gulf" */
	unsigned players;    /* generals: bit n set when in the n-player hex_game */
} rs_square_place;

/* §11.1: one seat of the square game's turn order: the side (the first
 * side is the one the scenario names with first="true") and which of that
 * side's players sits there (1 or 2). */
typedef struct rs_seat {
	bool second_side;
	int player;
} rs_seat;

/* The most players a square game seats: two sides of two players. */
#define RS_SQUARE_MAX_PLAYERS 4

/* The seats of one player count, in the order they take their turns;
 * count 0 when the ruleset has no game for that many players. */
typedef struct rs_seat_order {
	size_t count;
	rs_seat seats[RS_SQUARE_MAX_PLAYERS];
} rs_seat_order;

typedef struct ruleset {
	char *id;
	char *extends;
	ruleset_grid grid;
	char *rule_prefix;
	/* Sections of both grids stated on the root, which no element of
	 * their own carries: the two sides (<ruleset sides-rule>) and the
	 * unit types a scenario may name (<ruleset units-rule>). */
	char *sides_rule;
	char *units_rule;
	l10n_text name;

	struct {
		int columns, rows;
		bool short_rows;
		int west, east;
		int min_columns, max_columns, min_rows, max_rows;
		char *rule;          /* section cited for a cell off the board (§1) */
	} board;

	rs_named *sides;
	size_t side_count;
	rs_section *sections;
	size_t section_count;
	rs_face *faces;
	size_t face_count;
	rs_attribute *attributes;
	size_t attribute_count;
	rs_unit_type *unit_types;
	size_t unit_type_count;
	rs_general general;
	rs_terrain *terrains;
	size_t terrain_count;

	struct {
		l10n_text name;
		int target_dice;
		bool replaces_terrain_dice;
	} fieldworks;

	struct {
		char *rule;
		int units_per_hex;
		int generals_per_hex;
		int units_with_general;
		bool brigades;
	} stacking;

	struct {
		char *rule;
		int max_units;
		int zone_radius;
	} brigades;

	struct {
		char *rule;
		char *flags_rule;    /* section cited when flags are ignored or saved */
		char *path_rule;     /* ... when a retreat's path is refused (§7.1) */
		char *generals_rule; /* ... for generals in a retreat (§7.2) */
		int hexes_per_flag;
		int general_reduction;
		char **general_reduction_types;
		size_t general_reduction_type_count;
		rs_threshold *thresholds;
		size_t threshold_count;
		bool flags_pass_to_general;  /* §7.2: a destroyed unit's flags go to its general */
		bool blocked_kills_general;  /* flags not taken beyond the figures kill the general */
	} retreat;

	struct {
		char *rule;          /* section of the battle procedure */
		char *dice_rule;     /* section of the battle dice: range, modifiers (§4) */
		char *once_rule;     /* section of one battle per unit and turn (§5) */
		bool adjacent_enemy_binds;
		bool saving_rolls;   /* procedure="saves": the §5.2 sequence */
		/* §5.2 (saves): this many dice showing the target's own symbol
		 * make the first of them a kill that no save undoes; 0: never. */
		int kill_symbols;
	} battle;

	struct {
		char *rule;
		rs_card *cards;
		size_t card_count;
		/* §8: true when a side may discard a card (and draw) whenever it
		 * chooses, instead of playing one; false when it may discard only
		 * while no card in its hand can give an order. */
		bool discard_by_choice;
	} deck;

	struct {
		char *rule;
		bool first_player_required;
	} turn;

	/* The sections the rules engine cites for moves (§3, §3.4 off the
	 * board, §3.5 ground gain), terrain (§6) and sight (§6.1). */
	struct {
		char *rule;
		char *off_board_rule;
		char *ground_gain_rule;
	} movement;
	struct {
		char *rule;
	} terrain_effects;
	struct {
		char *rule;
	} sight;

	struct {
		char *rule;
		int default_target;
		bool target_required;
	} victory;

	/* Square-grid rulesets only (grid="square"). */
	struct {
		rs_square_unit *units;
		size_t unit_count;
		int purchase_points;
		char *limited_unit;
		int purchase_limit;
		bool save_limit;
		int die_faces;
		int general_range;   /* how far a general's bonus reaches (not a range of fire: he has none) */
		int answer_range;    /* a defender fires back only at an attacker this near (squares) */
		int general_bonus;
		char *entrench_unit;
		int entrench_bonus;
		int entrench_general_bonus;
		rs_square_step *steps; /* the turn sequence */
		int placements_per_city; /* new units placed per city or port and turn; 0: no limit */
		size_t step_count;
		int sea_zones;
		int naval_rounds;
		rs_square_place *ports;
		size_t port_count;
		rs_square_place *capitals;
		size_t capital_count;
		int capital_income_loss;
		bool capital_bonus_lost;
		rs_square_place *generals;
		size_t general_count;
		unsigned player_counts; /* bit n set: an n-player game exists */
		rs_square_rules rules;
		/* <square-play>: the readings of §11.1 the referee plays by. */
		struct {
			int stacking;        /* friendly land units per square; 0: no limit */
			bool generals_free;  /* generals move without counting against the roll */
			int zone_steps;      /* steps of a ship's move one sea zone costs */
			int port_steps;      /* steps between a port and its own sea zone */
			bool embark_uses_move; /* embarking counts the unit against the roll */
			int retreat_squares; /* squares a covered unit retreats */
			int withdraw_squares;/* squares a general withdraws */
			bool carry_points;   /* unspent purchase points are saved, without limit */
			bool capture_on_entry; /* a city changes hands when an enemy land unit enters it */
		} play;
	} square;

	/* §11.1 (square grid): the turn order of each player count, indexed
	 * by the number of players (square_seats[4] for four players). */
	rs_seat_order square_seats[RS_SQUARE_MAX_PLAYERS + 1];

	/* §11.1 (square grid): how a side wins.  hold_turns: the enemy's own
	 * turns a taken capital must be held through (0: taking it wins);
	 * wipe_out: a side with no land unit left on the map loses;
	 * limit_by_cities: when a scenario's turn limit runs out, the side
	 * holding more cities wins and equal counts are a draw. */
	struct {
		bool given;          /* the ruleset states <square-victory> */
		int hold_turns;
		bool wipe_out;
		bool limit_by_cities;
	} square_victory;
} ruleset;

/* Rulesets loaded during one run, found by id under a data directory. */
typedef struct ruleset_registry ruleset_registry;

ruleset_registry *ruleset_registry_create(const char *data_dir);
void ruleset_registry_destroy(ruleset_registry *registry);
/* The context's registry (text/context.h), made on first use. */
struct context;
ruleset_registry *ruleset_registry_of(struct context *c);
/* The ruleset with that id, loaded on first use; NULL when unknown or
 * broken (then the reasons are in the sink, rule "ruleset"). */
const ruleset *ruleset_registry_get(ruleset_registry *registry, const char *id, diag_sink *sink);
/* Comma-separated ids of the ruleset files present, for messages. */
char *ruleset_registry_known(ruleset_registry *registry);
/* Whether the id names a ruleset file present under the data directory. */
bool ruleset_registry_has(ruleset_registry *registry, const char *id);

/* Load one ruleset file (and its parents) directly. */
ruleset *ruleset_load(const char *data_dir, const char *id, diag_sink *sink);
void ruleset_destroy(ruleset *rs);

/* Look-ups; NULL when absent. */
const rs_unit_type *ruleset_find_unit_type(const ruleset *rs, const char *id);
const rs_terrain *ruleset_find_terrain(const ruleset *rs, const char *id);
/* The terrain of a cell a scenario does not list: the type the data marks
 * default="true" (a complete ruleset has one); NULL when there is none. */
const rs_terrain *ruleset_unlisted_terrain(const ruleset *rs);
const rs_attribute *ruleset_find_attribute(const ruleset *rs, const char *id);
const rs_named *ruleset_find_side(const ruleset *rs, const char *id);
const rs_square_unit *ruleset_find_square_unit(const ruleset *rs, const char *id);
const rs_square_place *ruleset_find_square_general(const ruleset *rs, const char *id);
const rs_square_step *ruleset_find_square_step(const ruleset *rs, const char *id);
/* §11.1: the turn order of a square game of that many players; NULL when
 * the ruleset has no such game. */
const rs_seat_order *ruleset_square_seats(const ruleset *rs, long players);
/* The symbol on the counters of unit type id: its <unit-type>'s, else
 * its <square-unit>'s; RS_SYMBOL_NONE for a type the ruleset lacks. */
rs_symbol ruleset_unit_symbol(const ruleset *rs, const char *id);
const rs_allow *ruleset_unit_allows(const rs_unit_type *type, const char *attribute);
bool ruleset_allow_has(const rs_allow *allow, const char *value);
/* Total cards in the deck. */
int ruleset_deck_size(const ruleset *rs);
/* The ruleset's card with that id, or the first card with that effect;
 * NULL when absent. */
const rs_card *ruleset_find_card(const ruleset *rs, const char *id);
const rs_card *ruleset_find_card_effect(const ruleset *rs, rs_card_effect effect);
/* The units a card orders as the data writes them ("2", "all"); "" when
 * it states none.  buf holds at least RS_CARD_UNITS_TEXT bytes. */
#define RS_CARD_UNITS_TEXT 16
const char *ruleset_card_units_text(const rs_card *card, char *buf);
/* The id of the die face that makes the target retreat (the first with
 * retreat="true", the flag); NULL when the die has none. */
const char *ruleset_retreat_face(const ruleset *rs);
/* The entry of a dig card for that unit type; NULL when the card does not
 * dig with it. */
const rs_dig *ruleset_card_dig(const rs_card *card, const char *unit_type);
/* A card's order text in one language with its {placeholders} filled from
 * the card's data: {units}, {dice}, {per-face}, {victory}, {blocked-losses},
 * and {dig-TYPE} for each unit type of its <dig> list (dig-infantry).  An unknown placeholder stays as written.
 * Returns an allocated string (free it); "" when the card has no text. */
char *ruleset_card_text(const rs_card *card, lang_id lang);
char *ruleset_card_fill(const rs_card *card, const char *text);
/* A rule id with the ruleset's prefix: rule_id(rs, "3.1") -> "bc-3.1".
 * Returns a pointer into a small rotating buffer. */
const char *ruleset_rule(const ruleset *rs, const char *section);

#endif
