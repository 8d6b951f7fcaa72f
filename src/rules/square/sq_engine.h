/* The square game behind the engine interface (../engine.h): the game of
 * sq_game.h refereed by sq_referee.h, with the log of sq_log.h, the table
 * of sq_table.h and the simple player of sq_auto.h.  The accessor is for
 * the square game's own code (its questions, the square printing of the
 * commands): code for every grid stays on engine.h. */
#ifndef ORBAT_RULES_SQUARE_ENGINE_H
#define ORBAT_RULES_SQUARE_ENGINE_H

#include "../engine.h"
#include "sq_game.h"

extern const game_engine square_engine;
/* Its rules questions (sq_ask_answer.c). */
extern const game_ask_ops sq_ask_ops;

/* The square game of an engine game. */
sq_game *sq_engine_game(game *g);
/* The game as JSON fields (game_engine.state_json): sq_json.c. */
void sq_engine_state_json(game *g, json_t *into);

#endif
