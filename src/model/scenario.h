/* The scenario model: what a scenario file says, as written, with the
 * source position of every element and attribute so that each check can
 * point at the spot.  Loading checks nothing but the XML itself; the
 * schema and the semantic checks (validate/) judge the content. */
#ifndef ORBAT_SCENARIO_H
#define ORBAT_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/diag.h"
#include "../base/xmldoc.h"
#include "../geo/grid.h"
#include "../text/lang.h"

#define SCENARIO_NS "urn:orbat:scenario:1"

typedef struct src_pos {
	int line;
	int column;
} src_pos;

/* An address as written, and its parse. */
typedef struct sc_address {
	char *text;          /* NULL when the attribute is missing */
	bool valid;          /* well formed (on the board or not) */
	grid_cell cell;       /* either grid: the square game keeps its squares here too */
	src_pos pos;
} sc_address;

/* An integer attribute: `given` false when absent, `valid` false when it
 * does not read as a whole number (the schema reports that). */
typedef struct sc_number {
	bool given;
	bool valid;
	long value;
	src_pos pos;
} sc_number;

typedef struct sc_string {
	char *text;          /* NULL when absent */
	src_pos pos;
} sc_string;

typedef struct sc_terrain {
	src_pos pos;
	sc_address at;
	sc_string type;
	bool fieldworks;
	src_pos fieldworks_pos;
	bool square;         /* written <square> (square grid), not <hex> */
} sc_terrain;

#define SC_UNIT_ATTRIBUTES 4 /* weapon, quality, state, kind */

typedef struct sc_unit {
	src_pos pos;
	size_t side;
	sc_string id;
	sc_string type;
	sc_string name;
	sc_address at;       /* reserve units: not given */
	sc_number figures;
	sc_string attributes[SC_UNIT_ATTRIBUTES];
	size_t aboard;       /* 1 + index of the ship carrying it; 0 ashore */
	sc_address entry;    /* reserve units: the home-row hex it enters on */
	/* Square grid, four players: which of its side's players moves it
	 * (player="1|2"; not given: player 1).  A unit aboard a ship that
	 * states none is its ship's: the ship's number is copied here and
	 * player_from_ship is set. */
	sc_number player;
	bool player_from_ship;
} sc_unit;

extern const char *const sc_unit_attribute_names[SC_UNIT_ATTRIBUTES];

typedef struct sc_general {
	src_pos pos;
	size_t side;
	sc_string id;
	sc_string name;
	sc_address at;
	sc_number player;    /* square grid: the player he serves; not given: 1 */
} sc_general;

typedef struct sc_brigade {
	src_pos pos;
	size_t side;
	sc_string id;
	sc_string general;
	sc_string name;      /* what the players call it; NULL: named after its general */
	sc_string units_attr;
	char **units;
	size_t unit_count;
} sc_brigade;

typedef struct sc_side {
	src_pos pos;
	sc_string id;
	sc_string home;
	sc_number cards;
	sc_number victory;
	bool first;
	src_pos first_pos;
	bool forces;         /* written <forces side="…"> (square grid) */
} sc_side;

/* Square-grid scenarios (mb-remastered): cities, sea zones, ships. */
typedef struct sc_city {
	src_pos pos;
	sc_string id;
	sc_string name;      /* name="…": the name in every language without its own */
	l10n_text names;     /* <name xml:lang="…"> children: a language's own name */
	sc_address at;
	sc_string side;      /* who controls it at the start */
	bool capital;
	src_pos capital_pos;
	bool port;
	src_pos port_pos;
	sc_string zone;      /* the sea zone a port opens on */
} sc_city;

typedef struct sc_sea_zone {
	src_pos pos;
	sc_string id;
	l10n_text name;
	src_pos squares_pos;
	sc_address *squares;
	size_t square_count;
} sc_sea_zone;

typedef struct sc_ship {
	src_pos pos;
	size_t side;
	sc_string id;
	sc_string type;
	sc_string name;
	sc_address at;
	sc_string zone;
	size_t cargo_count;  /* units whose aboard names this ship */
	sc_number player;    /* square grid: the player who sails it; not given: 1 */
} sc_ship;

typedef struct sc_objective {
	src_pos pos;
	sc_address at;
	sc_number vp;
	sc_string for_side;
	l10n_text name;
} sc_objective;

typedef struct scenario {
	char *file;
	src_pos pos;
	sc_string id;
	sc_string ruleset;
	l10n_text title;
	src_pos title_pos;
	l10n_text briefing;
	src_pos briefing_pos;
	sc_string date;

	src_pos board_pos;
	sc_number columns;
	sc_number rows;
	sc_string short_rows;
	bool has_sections;
	src_pos sections_pos;
	sc_number west;
	sc_number east;

	sc_terrain *terrain;
	size_t terrain_count;
	sc_side *sides;
	size_t side_count;
	sc_unit *units;
	size_t unit_count;
	/* §8.1: units off the board that the reinforcements card may bring on,
	 * from every <reserve> of every side, in file order (unit->side). */
	sc_unit *reserves;
	size_t reserve_count;
	sc_general *generals;
	size_t general_count;
	sc_brigade *brigades;
	size_t brigade_count;
	sc_objective *objectives;
	size_t objective_count;

	sc_string grid;      /* <board grid="…">; NULL when absent (hex) */
	sc_number players;
	sc_number turn_limit; /* square grid: <scenario turn-limit="N">; not given: none */
	sc_city *cities;
	size_t city_count;
	sc_sea_zone *sea_zones;
	size_t sea_zone_count;
	sc_ship *ships;
	size_t ship_count;

	/* <special-rules>: what this battle changes in the ruleset (hex
	 * boards); NULL when the file has none. */
	struct special_rules *special;

	/* How often each once-only element appears, and where the second one
	 * is: the schema lets children come in any order, the compiler checks
	 * the counts. */
	struct sc_element_count {
		size_t count;
		src_pos second;
	} boards, dates, terrains, titles;
} scenario;

struct ruleset;

/* The player a square-grid piece belongs to: its player="…" as written,
 * 1 when absent (or not a number: the compiler reports that). */
long scenario_player(const sc_number *player);

/* The board a scenario plays on: its size and shape, and its section split
 * (as given, else the ruleset's for its standard width, else thirds).
 * False when the size is missing or not a number. */
bool scenario_board(const scenario *sc, const struct ruleset *rs, hex_board *out);
/* The same for either grid: the ruleset decides which. */
bool scenario_grid(const scenario *sc, const struct ruleset *rs, grid_board *out);

/* What a reader of `lang` calls the city: its <name> in that language,
 * else its name attribute, else its name in another language, else its id
 * ("" when it has none of these).  Most cities keep one name everywhere;
 * a few have their own in a language (La Nouvelle-Orléans). */
const char *scenario_city_name(const sc_city *city, lang_id lang);

/* Build the model from a loaded document.  Never fails on content: what
 * is missing stays NULL or not given.  Returns NULL only when the root is
 * not <scenario> in the scenario namespace (reported, rule "schema"). */
scenario *scenario_from_document(const xml_document *doc, diag_sink *sink);
void scenario_destroy(scenario *sc);

/* The loader's readers of one attribute (attr NULL: the element itself),
 * for the parts of the file read by a module of their own
 * (special_rules.c), so that they see values and positions alike. */
src_pos scenario_read_pos(const xml_document *doc, const xmlNode *n, const char *attr);
sc_string scenario_read_string(const xml_document *doc, const xmlNode *n, const char *attr);
sc_number scenario_read_number(const xml_document *doc, const xmlNode *n, const char *attr);
sc_address scenario_read_address(const xml_document *doc, const xmlNode *n, const char *attr);
/* A unit element with id, type, at, figures, name and the unit
 * attributes, into caller memory; scenario_unit_finish frees its texts. */
void scenario_read_unit(const xml_document *doc, const xmlNode *n, size_t side_index, sc_unit *u);
void scenario_unit_finish(sc_unit *u);

#endif
