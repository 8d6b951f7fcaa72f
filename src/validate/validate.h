/* The scenario compiler: XML loading, the schema pass and the semantic
 * checks of the rules model, for one file at a time.  A validator holds
 * what is shared across files (the compiled schema, loaded rulesets). */
#ifndef ORBAT_VALIDATE_H
#define ORBAT_VALIDATE_H

#include <stddef.h>

#include "../base/diag.h"
#include "../model/ruleset.h"
#include "../model/scenario.h"

typedef struct validator validator;

typedef enum {
	VALIDATE_OK,        /* valid: no errors (warnings may exist) */
	VALIDATE_INVALID,   /* errors in the file */
	VALIDATE_IO_ERROR,  /* the file could not be read */
	VALIDATE_DATA_ERROR, /* the scenario's ruleset file is broken: see validator_data_error */
} validate_status;

/* NULL when the data directory lacks the schema (reported in the sink).
 * The validator loads the rulesets its scenarios name into a registry of
 * its own. */
validator *validator_create(const char *data_dir, diag_sink *sink);
/* The same over a run's context (text/context.h): its data folder, and its
 * rulesets (ruleset_registry_of), so that a command that validates and
 * then prints a card reads each ruleset once; the rulesets handed out are
 * then the context's, kept until it is finished. */
struct context;
validator *validator_create_in(struct context *ctx, diag_sink *sink);
void validator_destroy(validator *v);

/* Validate a file or a buffer; diagnostics are appended to the sink and
 * sorted by position.  When out_scenario is given and the file is valid,
 * the model is handed over (free with scenario_destroy) together with its
 * ruleset (owned by the validator). */
validate_status validator_check_file(validator *v, const char *path, diag_sink *sink,
	scenario **out_scenario, const ruleset **out_ruleset);
validate_status validator_check_memory(validator *v, const char *name, const char *bytes,
	size_t size, diag_sink *sink, scenario **out_scenario, const ruleset **out_ruleset);

/* After VALIDATE_DATA_ERROR: the problems of the broken data file (kept
 * apart from the scenario's diagnostics). */
const diag_sink *validator_data_errors(const validator *v);

/* The semantic pass alone, on a model already built. */
void validate_scenario(const scenario *sc, const ruleset *rs, diag_sink *sink);

#endif
