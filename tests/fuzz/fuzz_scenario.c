/* libFuzzer harness for the scenario compiler: every input goes through the
 * whole of `orbat validate` on a buffer (safe XML loading, the RELAX NG
 * schema pass, the model builder and every semantic check).
 *
 * The validator (compiled schema, rulesets) is built once; the diagnostics
 * sink is cleared after each input so memory stays bounded over millions
 * of runs and LeakSanitizer only sees what one input leaked.
 *
 * Data directory: $ORBAT_DATADIR, else the source tree's data/ given at
 * compile time (ORBAT_FUZZ_DATADIR). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <libxml/parser.h>
#include <libxml/xmlerror.h>

#include "base/diag.h"
#include "validate/validate.h"

#ifndef ORBAT_FUZZ_DATADIR
#define ORBAT_FUZZ_DATADIR "data"
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static validator *the_validator;
static diag_sink the_sink;

/* libxml2's generic error output would flood the fuzzer's log. */
static void quiet_xml_errors(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

static void shut_down(void)
{
	validator_destroy(the_validator);
	the_validator = NULL;
	diag_sink_finish(&the_sink);
	xmlCleanupParser();
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	xmlInitParser();
	xmlSetGenericErrorFunc(NULL, quiet_xml_errors);

	const char *data_dir = getenv("ORBAT_DATADIR");
	if (!data_dir || !*data_dir)
		data_dir = ORBAT_FUZZ_DATADIR;

	diag_sink_init(&the_sink);
	the_validator = validator_create(data_dir, &the_sink);
	if (!the_validator) {
		fprintf(stderr, "fuzz_scenario: cannot load the schema from %s "
			"(set ORBAT_DATADIR to the folder holding schema/ and rulesets/)\n", data_dir);
		for (size_t i = 0; i < the_sink.count; i++)
			fprintf(stderr, "  %s: %s\n", the_sink.items[i].file, the_sink.items[i].message);
		exit(2);
	}
	diag_sink_clear(&the_sink);
	atexit(shut_down);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	validator_check_memory(the_validator, "fuzz.xml", (const char *)data, size,
		&the_sink, NULL, NULL);

	/* Touch every record: a dangling or unterminated string in a diagnostic
	 * shows up here under AddressSanitizer rather than going unnoticed. */
	size_t total = 0;
	for (size_t i = 0; i < the_sink.count; i++) {
		const diag *d = &the_sink.items[i];
		char line[512];
		diag_format_one(d, line, sizeof line);
		total += (size_t)line[0];
	}
	(void)total;

	diag_sink_clear(&the_sink);
	return 0;
}
