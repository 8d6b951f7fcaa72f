/* The position of a game on a hex board: the terrain, the units and
 * generals with their figures, the brigades, the victory flags of each side.
 * Built from a validated scenario; changed by the referee.  Everything the
 * rules ask about "who stands where" is answered here.  No I/O. */
#ifndef ORBAT_RULES_HEX_GAME_H
#define ORBAT_RULES_HEX_GAME_H

#include <stdbool.h>
#include <stddef.h>

#include "../../geo/hex.h"
#include "../../model/position.h"
#include "../../model/ruleset.h"
#include "../../model/scenario.h"
#include "../rules_error.h"

#define GAME_SIDES 2
#define GAME_MAX_BRIGADE_UNITS 16   /* room; the ruleset's max-units is the limit */

typedef enum { REF_NONE, REF_UNIT, REF_GENERAL } hex_ref_kind;

/* A unit or a general, by index. */
typedef struct hex_ref {
	hex_ref_kind kind;
	int index;
} hex_ref;

typedef struct hex_unit {
	char *id;
	char *name;                 /* display name or NULL */
	int side;
	const rs_unit_type *type;
	/* weapon, quality, state, kind (sc_unit_attribute_names): the value
	 * given or the ruleset's default; NULL when the type has no such
	 * attribute.  Not the unit's own: the ruleset's spelling, a constant,
	 * or a copy the game's names keep (hex_game.c), so that a copy of
	 * the game copies none. */
	const char *attr[SC_UNIT_ATTRIBUTES];
	hex_coord at;
	int figures;
	int full;
	bool alive;                 /* on the board: false once destroyed, and
	                               for a reserve unit until it arrives */
	int brigade;                /* index into brigades, or -1 */
	bool reserve;               /* §8.1: waits off the board for the
	                               reinforcements card (alive false) */
	hex_coord entry;            /* a reserve unit's entry hex (home row) */
	bool scheduled;             /* brought by a <schedule> of the scenario's
	                               special rules: off the board (alive false)
	                               until it arrives at `at` */
	bool exited;                /* left the board by an exit hex (<exit>):
	                               out of the game, its side scored for it */
	/* The first of its type's dice entries whose condition it meets
	 * (hex_game_unit_attrs_changed keeps it), NULL for none: read for
	 * every battle a player weighs, and the conditions cost comparisons
	 * of words. */
	const rs_dice *dice;
	/* Its flag threshold (§7.4: the ruleset's for its type and quality),
	 * NULL for none; kept alike, read for every battle the strong player
	 * weighs the odds of. */
	const rs_threshold *threshold;
	/* Of its type's movement entries whose conditions it meets (kept
	 * alike, read for every move and battle a player weighs): the most
	 * hexes it moves, and the most after which it may still battle (-1:
	 * none lets it). */
	int move_hexes;
	int battle_after_hexes;
} hex_unit;

typedef struct hex_general {
	char *id;
	char *name;
	int side;
	hex_coord at;
	bool alive;
	int brigade;                /* the brigade he commands, or -1 */
} hex_general;

typedef struct hex_brigade {
	char *id;
	int side;
	int general;
	int units[GAME_MAX_BRIGADE_UNITS];
	int unit_count;
	bool alive;                 /* false once dissolved */
} hex_brigade;

typedef struct hex_objective {
	hex_coord at;
	int vp;
	int side;                   /* 0, 1, or -1 for both */
} hex_objective;

typedef struct hex_side {
	char *id;                   /* "union", "confederate" */
	bool home_north;
	int hand_size;
	int target;                 /* victory flags or points to win */
	int flags;                  /* won by destroying enemy units and generals */
	int reserves;               /* reserve units the scenario gives it (§8.1) */
} hex_side;

/* A section as a side names it from its seat: an index into the
 * ruleset's sections (rs->sections, left to right), -1 for none.  The
 * engine counts them from the data. */
typedef int hex_flank;

typedef struct hex_game {
	const ruleset *rs;
	hex_board board;
	char *scenario_id;
	/* The names no action changes (the scenario's id, the sides' ids,
	 * the units' and the generals' ids and names) are shared by a game
	 * and its copies, which the players make for every game they weigh
	 * or play out: the last of them to go frees them (hex_game.c). */
	struct hex_names *names;
	const rs_terrain **terrain;   /* per hex index; the ruleset's default where the scenario lists none */
	/* The lines of sight of this map (sight_lines.h), shared by every game
	 * on it and by copies; NULL when none are kept.  The terrain never
	 * changes once the game is made, so neither do they. */
	struct sight_lines *sight_lines;
	bool *fieldworks;             /* per hex index */
	/* Per hex index: how many living units stand there, kept by every
	 * placing, loss and arrival, so that asking who stands on an empty hex
	 * (most hexes a player or the referee looks at) reads one number. */
	unsigned short *occupants;
	int *lone;                    /* per hex index: the unit there when occupants is 1 */
	/* Per hex index: how many living generals stand there, kept by every
	 * placing, loss and lift of a general, so that asking for the general
	 * of a hex (or of a unit) reads one number where none stands. */
	unsigned char *generals_on;
	hex_objective *objectives;
	size_t objective_count;
	hex_side sides[GAME_SIDES];
	int first_side;               /* -1 when the scenario names none */
	hex_unit *units;
	size_t unit_count;
	/* The units by the hash of their ids (index + 1, 0 for a free slot;
	 * unit_id_slots of them, a power of two): the referee finds the unit
	 * an action names with one comparison, not by reading every id.
	 * Units and ids never change after the game is made. */
	int *unit_by_id;
	size_t unit_id_slots;
	hex_general *generals;
	size_t general_count;
	hex_brigade *brigades;
	size_t brigade_count;
	size_t brigade_capacity;
	int flag_face;                /* index into rs->faces, -1 when none */
	int winner;                   /* -1 while the game goes on */
	/* Per side: the turn it plays now, or is about to play once the other
	 * side has drawn (0 before the first side's first play); the
	 * referee counts it, the special rules read it. */
	int turns[GAME_SIDES];
	/* A game a scenario's special rule ended (hex_special_turn_begins):
	 * why, in words ("" otherwise), the rule's id (its element name), and
	 * whether it ended in a draw (winner -1). */
	char result[320];
	const char *result_rule;
	bool drawn;
	/* The scenario's special rules, compiled (special_table.h; what they
	 * allow now: hex_special.h); NULL when it has none. */
	struct hex_special *special;
	/* A player's memo of answers that depend only on the ruleset and on
	 * the facts its keys name (strong_odds.c): one flat block of
	 * player_memo_size bytes, NULL until first asked, copied with the
	 * game and freed with it.  No answer of the rules reads it. */
	void *player_memo;
	size_t player_memo_size;
} hex_game;

/* A game at the scenario's start.  The scenario must have passed
 * validation with that ruleset; NULL when its board is unusable. */
hex_game *hex_game_create(const scenario *sc, const ruleset *rs);
/* The same from the position of the scenario (model/position.h): what
 * stands where at the start.  The game copies it into its own index, which
 * play then changes; the position is not kept. */
hex_game *hex_game_create_at(const position *pos);
void hex_game_destroy(hex_game *g);
/* Takes unit `unit` off the board (alive false) or puts it back where it
 * stood, without a loss: a player's "what if he were not there". */
void hex_game_unit_lift(hex_game *g, int unit, bool lifted);
/* The same for general `gen`. */
void hex_game_general_lift(hex_game *g, int gen, bool lifted);
/* A deep copy (the ruleset is shared). */
hex_game *hex_game_clone(const hex_game *g);
/* Whether two games stand alike: every figure where
 * and as it is (figures, attributes, brigade, reserve), the brigades, the
 * sides' flags and numbers, the turns, the terrain and fieldworks, the
 * winner, what the special rules remember, the scenario and its
 * objectives.  The ids and names are not compared. */
bool hex_game_same(const hex_game *a, const hex_game *b);

/* Where to write a rule id: ruleset prefix + section, e.g. "bc-3.1". */
void hex_game_rule(const hex_game *g, const char *section, char *buf, size_t size);
/* A refusal under this ruleset's rule `section` (NULL: a fault of the
 * log's form, rule "log"); returns false.  See rules_fail. */
bool hex_game_fail(rules_error *e, const hex_game *g, const char *section, const char *fmt, ...)
	DIAG_PRINTF(4, 5);
/* In quiet mode (rules_quiet: a player weighing thousands of choices) a
 * refusal is its rule id alone, and the words it would have said are not
 * even worked out: the arguments of the message are left unevaluated, so
 * they must have no effect but on the message. */
#define hex_game_fail(e, g, section, ...) \
	(rules_quiet() ? rules_fail_quiet(e) : (hex_game_fail)(e, g, section, __VA_ARGS__))

/* The few inline below are asked millions of times a second by the
 * referee and the players: a call cost more than their reading. */
static inline bool hex_game_on_board(const hex_game *g, hex_coord h)
{
	return hex_on_board(&g->board, h);
}

/* The terrain of a hex (NULL for clear or off the board). */
static inline const rs_terrain *hex_game_terrain(const hex_game *g, hex_coord h)
{
	long idx = hex_index(&g->board, h);
	return idx < 0 ? NULL : g->terrain[idx];
}

const char *hex_game_terrain_id(const hex_game *g, hex_coord h);

static inline bool hex_game_has_fieldworks(const hex_game *g, hex_coord h)
{
	long idx = hex_index(&g->board, h);
	return idx >= 0 && g->fieldworks[idx];
}
bool hex_game_passable(const hex_game *g, hex_coord h);

/* Units of `side` (or any side when side < 0) alive at h: count, and up
 * to max indices in out (which may be NULL). */
int hex_game_units_at(const hex_game *g, hex_coord h, int side, int *out, int max);
/* The general alive at h, or -1. */
int hex_game_general_at(const hex_game *g, hex_coord h);
/* The living units of a side at h, leaving out unit `skip` (-1: none). */
int hex_game_units_at_except(const hex_game *g, hex_coord h, int side, int skip);
/* The living general at h other than `skip`, or -1. */
int hex_game_general_at_except(const hex_game *g, hex_coord h, int skip);
/* Whether an enemy of `side` holds hex h (`there` as written): an enemy
 * unit, or an enemy general other than `self_general`; then *err says so
 * under the ruleset's `section`.  Moves and retreats refuse such a hex
 * alike. */
bool hex_game_enemy_holds(const hex_game *g, hex_coord h, int side, int self_general, const char *section,
	const char *there, rules_error *err);
/* Any unit or general alive at h: the line of sight asks it of every hex
 * on the line, so the counts kept for each hex are read inline. */
bool hex_game_occupied_off_board(const hex_game *g, hex_coord h);
static inline bool hex_game_occupied(const hex_game *g, hex_coord h)
{
	long i = hex_index(&g->board, h);
	if (i < 0)
		return hex_game_occupied_off_board(g, h);
	return g->occupants[i] > 0 || g->generals_on[i] > 0;
}

int hex_game_find_unit(const hex_game *g, const char *id);
int hex_game_find_general(const hex_game *g, const char *id);
int hex_game_find_brigade(const hex_game *g, const char *id);
int hex_game_side_index(const hex_game *g, const char *id);
/* A figure named by its id, else by an address holding exactly one unit
 * (or a lone general).  False when nothing or several match. */
bool hex_game_resolve_ref(const hex_game *g, const char *token, hex_ref *out);
const char *hex_game_ref_id(const hex_game *g, hex_ref r);
static inline int hex_game_ref_side(const hex_game *g, hex_ref r)
{
	if (r.kind == REF_UNIT)
		return g->units[r.index].side;
	if (r.kind == REF_GENERAL)
		return g->generals[r.index].side;
	return -1;
}

static inline hex_coord hex_game_ref_at(const hex_game *g, hex_ref r)
{
	if (r.kind == REF_UNIT)
		return g->units[r.index].at;
	if (r.kind == REF_GENERAL)
		return g->generals[r.index].at;
	return (hex_coord){ -1, -1 };
}

static inline bool hex_game_ref_alive(const hex_game *g, hex_ref r)
{
	if (r.kind == REF_UNIT)
		return g->units[r.index].alive;
	if (r.kind == REF_GENERAL)
		return g->generals[r.index].alive;
	return false;
}
/* Why a figure that is not alive is absent, for messages: "is in reserve,
 * off the board" (§8.1) or "is no longer in play". */
const char *hex_game_ref_absence(const hex_game *g, hex_ref r);

/* An attribute of a unit ("weapon", "quality", "state", "kind"). */
const char *hex_game_unit_attr(const hex_unit *u, const char *attribute);
/* Whether the unit has the attribute value `when` names (hex_game_unit_matches). */
bool hex_game_unit_has(const hex_unit *u, const rs_when *when);
/* After the unit's attributes are set or changed: what it reads of its
 * rules by them (hex_unit.dice, threshold, move_hexes and
 * battle_after_hexes) is found again. */
void hex_game_unit_attrs_changed(const ruleset *rs, hex_unit *u);
/* The flag threshold of the ruleset for the unit's type and quality
 * (§7.4), NULL for none, found afresh: hex_unit.threshold keeps it. */
const rs_threshold *hex_game_unit_threshold(const ruleset *rs, const hex_unit *u);
/* Whether a rule's condition holds for the unit: inline, as most hold
 * always (no attribute named) and the players ask them of every unit's
 * dice and moves. */
static inline bool hex_game_unit_matches(const hex_unit *u, const rs_when *when)
{
	return !when->attribute || hex_game_unit_has(u, when);
}
/* The general who commands the unit (same side, same hex), or -1.
 * Inline where no general stands on the unit's hex, as on most: the
 * dice of every battle a player weighs ask it. */
int hex_game_unit_general_found(const hex_game *g, int unit);
static inline int hex_game_unit_general(const hex_game *g, int unit)
{
	long i = hex_index(&g->board, g->units[unit].at);
	if (i >= 0 && !g->generals_on[i])
		return -1;
	return hex_game_unit_general_found(g, unit);
}
/* Whether general `gen` (-1: none) commands a living brigade: he stays
 * with it, in its zone (§3.3), so a unit he stands with moves alone. */
bool hex_game_general_stays(const hex_game *g, int gen);
/* Units a general commands (friendly units in his hex). */
int hex_game_general_units(const hex_game *g, int general, int *out, int max);

/* Sections the board is cut into (§3): the ruleset's, which the loader
 * holds to the grid's count. */
int hex_game_section_count(const hex_game *g);
/* The section bit (grid_ops.sections: bit i is the i-th from the west)
 * a side's own flank names. */
unsigned hex_game_flank_section(const hex_game *g, int side, hex_flank flank);
/* The flank that a single `section` bit is for `side`: the inverse of
 * hex_game_flank_section. */
hex_flank hex_game_section_flank(const hex_game *g, int side, unsigned section);
/* The flank of the ruleset a player's word names ("left", or a section's
 * other spelling, in any case); -1 for none. */
hex_flank hex_game_flank_parse(const hex_game *g, const char *word);
/* The sections' ids for a message: "left, centre or right".  Returns buf. */
const char *hex_game_section_list(const hex_game *g, char *buf, size_t size);
/* A section as the player of `side` sees it from his seat, in the words of
 * the referee's messages: "left flank (west)", "centre section", "right flank
 * (west)" for the side at the north. */
const char *hex_game_section_words(const hex_game *g, int side, unsigned section, char *buf, size_t size);
/* The row a side retreats toward: -1 north (row decreases) or +1 south. */
int hex_game_home_step(const hex_game *g, int side);
/* On the side's home-edge row. */
bool hex_game_on_home_row(const hex_game *g, int side, hex_coord h);

/* The die face index of a face id, or -1. */
int hex_game_face(const hex_game *g, const char *id);

/* Remove a unit or general from play; the enemy of its owner wins one
 * victory flag (§5.1, §7.1, §10). */
void hex_game_eliminate(hex_game *g, hex_ref r);
/* Move a figure (no checks). */
void hex_game_place(hex_game *g, hex_ref r, hex_coord to);

/* §8.1 reserves.  Reserve units follow the placed ones in g->units;
 * until they arrive they are not alive, so everything that looks at the
 * board passes them by. */
/* Reserve units a side still has off the board. */
int hex_game_reserves_left(const hex_game *g, int side);
/* Where reserve unit `unit` would arrive now: its entry hex when free (no
 * unit or general, ground a unit may enter); else, when `home_row` (the
 * card's entry-fallback="home-row"), the nearest free hexes of its side's home row (two when
 * one lies on each side at the same distance, west first).  Returns how
 * many hexes are in out (0: it cannot arrive now). */
int hex_game_landing(const hex_game *g, int unit, bool home_row, hex_coord out[2]);
/* The reserve unit comes onto the board at `at` (no checks). */
void hex_game_arrive(hex_game *g, int unit, hex_coord at);

/* Victory: flags plus the objectives a side's units stand on (§10). */
int hex_game_score(const hex_game *g, int side);
/* Sets and returns g->winner when a side has reached its target;
 * `acting` is checked first. */
int hex_game_check_victory(hex_game *g, int acting);

#endif
