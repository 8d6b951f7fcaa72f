/* What the libFuzzer harnesses of tests/fuzz share at start-up and in
 * their checks: libxml2 initialised and quiet, the data and source folders
 * found, the scenario compiler built, a bundled scenario compiled, and a
 * refusal's rule id judged.  Every start-up failure says why on stderr,
 * named after the harness, and exits 2: a fuzzer that cannot start must
 * not look like one that found nothing.
 *
 * Data folder: $ORBAT_DATADIR, else the source tree's data/ given at
 * compile time (ORBAT_FUZZ_DATADIR); source tree: $ORBAT_FUZZ_SOURCEDIR,
 * else ORBAT_FUZZ_SOURCEDIR. */
#ifndef ORBAT_FUZZ_COMMON_H
#define ORBAT_FUZZ_COMMON_H

#include "base/diag.h"
#include "model/ruleset.h"
#include "model/scenario.h"
#include "rules/rules_error.h"
#include "validate/validate.h"

/* libxml2 set up, its generic error output silenced (it would flood the
 * fuzzer's log); `harness` names the messages of the calls below. */
void fuzz_start(const char *harness);
/* The source tree, where the bundled scenarios and the harnesses' lists
 * are. */
const char *fuzz_source_dir(void);
/* The validator, with what the sink holds cleared; exits when the schema
 * or the data cannot be loaded. */
validator *fuzz_validator(diag_sink *sink);
/* A bundled scenario, relative to the source tree, through the whole
 * scenario compiler; exits when it is not valid.  The sink is cleared. */
void fuzz_load_scenario(validator *v, const char *rel, diag_sink *sink, scenario **sc, const ruleset **rs);
/* The validator destroyed and libxml2 cleaned up (NULL: libxml2 only). */
void fuzz_stop(validator *v);

/* Aborts unless the refusal has a message and a whole rule id of its own
 * (not cut, not written into the message too) that is "log" or of the
 * ruleset played (its prefix). */
void fuzz_check_refusal(const ruleset *rs, const rules_error *err);

#endif
