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
/* A ship of the square game. */
char *names_ship(const render_ctx *rc, const sc_ship *ship);
/* A general: his name, else the ruleset's name for him (square game),
 * else "General 2" among his side's generals. */
char *names_general(const render_ctx *rc, const sc_general *g);
/* A brigade: its name, else "Brigade" and the name of its general. */
char *names_brigade(const render_ctx *rc, const sc_brigade *br);

#endif
