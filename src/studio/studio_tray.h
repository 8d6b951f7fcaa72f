/* What the studio's trays and panels show of the open scenario, as JSON
 * for the page: the ruleset's terrain and unit types to place (their ids
 * and names in the page's language, from the ruleset data), the pieces on
 * the board with every attribute the inspector edits, and the battle info
 * and texts of the panels.  Read from the model, which the edit module
 * reads again after every edit, so the page shows what a save writes. */
#ifndef ORBAT_STUDIO_TRAY_H
#define ORBAT_STUDIO_TRAY_H

#include <jansson.h>

#include "../model/ruleset.h"
#include "../model/scenario.h"
#include "../text/lang.h"

/* Adds to state:
 *   tray: {terrains: [{id, name, passable}], sides: [{id, name, units:
 *          [{id, name, piece, allows?: [{attribute, values, default}]}],
 *          generals: [{id, name, players}] (square grid)}], attributes:
 *          [{id, name, values: [{id, name}]}], fieldworks: NAME|null,
 *          brigades: bool, reserves: bool, brigade_units: N}
 *          (piece: unit, general, ship)
 *   pieces: {units, generals, objectives, cities, sea_zones, ships, brigades}
 *   info: {id, columns, rows, short_rows, sections: {west, east}|null, date,
 *          players, turn_limit, sides: [{id, name, home, cards, victory, first}]}
 *   texts: {title: {en, nl, fr}, briefing: {en, nl, fr}}
 * sc or rs may be NULL: the parts they give are then empty. */
void studio_tray_add(json_t *state, const scenario *sc, const ruleset *rs, lang_id lang);

#endif
