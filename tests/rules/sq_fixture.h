/* The square game's test positions: a bundled scenario through the real
 * scenario compiler, as it is or with its <forces> replaced, and the game
 * at its start.  Shared by the referee, ask and automatic-player tests. */
#ifndef ORBAT_TEST_SQ_FIXTURE_H
#define ORBAT_TEST_SQ_FIXTURE_H

#include "base/diag.h"
#include "model/position.h"
#include "rules/square/sq_game.h"
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
/* Renumber every section the square game cites in the fixture's own copy
 * of the ruleset from 11.X to 99.X (mb-11.move becomes mb-99.move): an
 * answer that still cites mb-11 took its rule from somewhere else than
 * the data. */
void sq_fixture_renumber_rules(sq_fixture *f);
/* Apply log lines written by hand, up to a NULL, with no dice (fails the
 * test at a malformed or refused line, naming it and the reason). */
void sq_fixture_apply(sq_game *g, const char *const *lines);
/* A whole file, NUL-terminated (fails the test when unreadable). */
char *sq_fixture_read(const char *path);

#endif
