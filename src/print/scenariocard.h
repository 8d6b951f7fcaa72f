/* The scenario card: one landscape page a player keeps beside the board,
 * with the scenario's special rules in plain words and the unit and
 * terrain tables of the reference card cut down to the unit types and
 * terrains this scenario uses.  Hex rulesets (the square game has no
 * special rules and its own card). */
#ifndef ORBAT_SCENARIOCARD_H
#define ORBAT_SCENARIOCARD_H

#include <stdbool.h>

#include "../render/render.h"

bool scenariocard_render(const render_ctx *rc, const char *path, char **error);

#endif
