/* The square game's test positions: a bundled scenario through the real
 * scenario compiler, as it is or with its <forces> replaced, and the game
 * at its start.  Shared by the referee, ask and automatic-player tests. */
#ifndef ORBAT_TEST_SQ_FIXTURE_H
#define ORBAT_TEST_SQ_FIXTURE_H

#include "base/diag.h"
#include "model/position.h"
#include "rules/sqgame.h"
#include "validate/validate.h"

typedef struct sq_fixture {
	diag_sink sink;
	validator *v;
	scenario *sc;
	const ruleset *rs;
	position *pos;       /* of sc under rs */
	sq_game *g;          /* at the start of pos */
} sq_fixture;

/* scenarios/FILE as it is (union_forces NULL), or with the children of
 * each side's <forces> replaced by these.  Fails the test when the
 * scenario does not compile. */
void sq_fixture_load(sq_fixture *f, const char *file, const char *union_forces, const char *confederate_forces);
void sq_fixture_unload(sq_fixture *f);
/* A whole file, NUL-terminated (fails the test when unreadable). */
char *sq_fixture_read(const char *path);

#endif
