/* What the products call a scenario's pieces: the name the scenario
 * gives, else a name the players read ("Infantry 3": the type's name in
 * the page's language and its number among the side's pieces of that
 * type, in file order), never the internal id (u-inf-3, b-doubleday).
 * Every function returns a string to free. */
#ifndef ORBAT_NAMES_H
#define ORBAT_NAMES_H

#include "render.h"

/* A unit on the board, in reserve or aboard a ship. */
char *names_unit(const render_ctx *rc, const sc_unit *u);
/* A unit the scenario lists outside the board and the reserves (one a
 * special rule brings on), numbered by the caller among its side's units
 * of its type. */
char *names_unit_numbered(const render_ctx *rc, const sc_unit *u, size_t number);
/* A ship of the square game. */
char *names_ship(const render_ctx *rc, const sc_ship *ship);
/* A general: his name, else the ruleset's name for him (square game),
 * else "General 2" among his side's generals. */
char *names_general(const render_ctx *rc, const sc_general *g);
/* A city of the square map, as the page's language names it (not to free). */
const char *names_city(const render_ctx *rc, const sc_city *city);
/* A brigade: its name, else "Brigade" and the name of its general. */
char *names_brigade(const render_ctx *rc, const sc_brigade *br);

/* A unit or ship type's name in the page's language, on either grid;
 * NULL for a type the ruleset does not know.  Not to free. */
const char *names_type(const render_ctx *rc, const char *type_id);

/* A piece's short label, for the reduced maps where its name does not
 * fit: the start of its type's name, as short as tells the scenario's
 * types apart in the page's language, and its number among the side's
 * pieces of that type after a middle dot ("I·3", "C·1"; "In·2" beside an
 * ironclad's "Ir·1"), numbered as names_unit and names_ship number them.
 * The dot is in no address or tile name, so a label never reads as a
 * cell of the map.  Unique within a side; the scenario sheet and the
 * rosters give each label its name. */
#define NAMES_LABEL_DOT "\u00B7"
/* The marks a unit's counter carries for its attribute values (a
 * cavalry unit's "D" when dismounted), as the ruleset gives them in the
 * page's language, in the order of the scenario's attributes, a value
 * not given counting as its type's default; NULL when it has none. */
char *names_unit_mark(const render_ctx *rc, const sc_unit *u);
/* A unit's value of an attribute: as the scenario gives it, else its
 * type's default; NULL when neither.  Not to free. */
const char *names_unit_value(const render_ctx *rc, const sc_unit *u, const char *attribute);
char *names_unit_label(const render_ctx *rc, const sc_unit *u);
char *names_ship_label(const render_ctx *rc, const sc_ship *ship);
/* The label of a unit numbered by the caller (names_unit_numbered). */
char *names_unit_label_numbered(const render_ctx *rc, const sc_unit *u, size_t number);

#endif
