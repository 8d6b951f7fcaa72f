/* Positions for the rules tests, written in one line and built through
 * the real scenario compiler:
 *
 *   fx_game(&f, "battlecry-1999", "woods:D5 hill:E4 hill+fw:F7",
 *           "u inf C7; u gen C7; c inf F4 3 quality=veteran; c gen H2 id=lee")
 *
 * Units: side (u union, home south; c confederate, home north), type (inf,
 * cav, art, gen), hex, then optionally a figure count, attribute=value
 * pairs and id=ID.  Ids default to u1, u2, ... / c1, ... and ug1, cg1 for
 * generals.  Reserve units (§8.1): "ur inf F9" (side u, reserve), the hex
 * their entry hex; ids ur1, ur2, ... / cr1, ...  Options (last argument of fx_game_opts): "rect" for a board
 * without short rows, "cols=N rows=N", "homes=swapped" (union north),
 * "brigade=ID:GENERAL:UNIT,UNIT". */
#ifndef ORBAT_TEST_RULES_FIXTURE_H
#define ORBAT_TEST_RULES_FIXTURE_H

#include <stdbool.h>

#include "base/diag.h"
#include "rules/hex/hex_game.h"
#include "rules/hex/hex_log.h"
#include "rules/hex/hex_referee.h"
#include "validate/validate.h"

typedef struct fixture {
	diag_sink sink;
	validator *v;
	scenario *sc;
	const ruleset *rs;
	hex_game *g;
	referee *ref;
} fixture;

void fx_init(fixture *f);
void fx_finish(fixture *f);
/* cmocka group setup and teardown: a fresh fixture in *state. */
int fx_setup(void **state);
int fx_teardown(void **state);
hex_game *fx_game(fixture *f, const char *ruleset_id, const char *terrain, const char *units);
hex_game *fx_game_opts(fixture *f, const char *ruleset_id, const char *terrain, const char *units, const char *opts);

hex_coord fx_hex(const char *address);
hex_ref fx_ref(const hex_game *g, const char *id);

/* Referee on the fixture's game, hands dealt: apply log lines (separated
 * by newlines).  Returns the 1-based index of the first line refused (0
 * when all pass); the error in *err. */
int fx_play(fixture *f, const char *lines, rules_error *err);
/* The same with the hands given ("recon/left attack/centre ..."). */
int fx_play_hands(fixture *f, const char *union_hand, const char *confederate_hand, const char *lines,
	rules_error *err);

#endif
