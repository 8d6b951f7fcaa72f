/* What the tests of the game engines and the session share: a scenario
 * loaded through the real compiler, and a game's state as text.  "The
 * state" is what a player can see and what decides the next move: the
 * board and roster as text, turn, side to play, decider, result, and the
 * simple player's next proposal (which reads the hands). */
#ifndef ORBAT_TEST_ENGINE_FIXTURE_H
#define ORBAT_TEST_ENGINE_FIXTURE_H

#include <stddef.h>

#include "base/diag.h"
#include "rules/engine.h"
#include "validate/validate.h"

typedef struct loaded {
	diag_sink sink;
	validator *v;
	scenario *sc;
	const ruleset *rs;
} loaded;

/* A scenario that must compile (the test fails otherwise). */
void load(loaded *l, const char *path);
void unload(loaded *l);

/* The paths of the bundled scenarios (the .xml files of scenarios/), sorted, so a
 * test walks them in the same order on every machine; free with
 * str_free_words. */
char **bundled_scenarios(size_t *count);

/* The state of a game as text, a new string. */
char *state_text(game *g);
/* The test fails unless the two texts are the same, showing the first
 * line that differs. */
void assert_same_text(const char *a, const char *b);
/* The test fails unless both games are in the same state. */
void assert_same_state(game *a, game *b);

#endif
