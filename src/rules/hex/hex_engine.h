/* The hex grid's game behind the engine interface (../engine.h): a
 * position (hex_game.h) and the referee that changes it (hex_referee.h),
 * with the log of hex_log.h, the table of hex_table.h and the players
 * simple (hex_auto.h) and strong (strong.h).  The accessors are for the
 * hex game's own code (its players, its questions, the hex printing of
 * the commands): code for every grid stays on engine.h. */
#ifndef ORBAT_RULES_HEX_ENGINE_H
#define ORBAT_RULES_HEX_ENGINE_H

#include "../engine.h"
#include "hex_game.h"
#include "hex_referee.h"

extern const game_engine hex_engine;
/* Its rules questions (hex_ask_answer.c). */
extern const game_ask_ops hex_ask_ops;

/* The referee of a hex game, and the position it referees. */
referee *hex_engine_referee(game *g);
hex_game *hex_engine_position(game *g);
/* The game as JSON fields (game_engine.state_json): hex_json.c. */
void hex_engine_state_json(game *g, json_t *into);

#endif
