/* libFuzzer harness for the scenario compiler: every input goes through the
 * whole of `orbat validate` on a buffer (safe XML loading, the RELAX NG
 * schema pass, the model builder and every semantic check).
 *
 * The validator (compiled schema, rulesets) is built once; the diagnostics
 * sink is cleared after each input so memory stays bounded over millions
 * of runs and LeakSanitizer only sees what one input leaked.
 *
 * Data directory: as fuzz_common.h finds it. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static validator *the_validator;
static diag_sink the_sink;

static void shut_down(void)
{
	fuzz_stop(the_validator);
	the_validator = NULL;
	diag_sink_finish(&the_sink);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_start("fuzz_scenario");
	diag_sink_init(&the_sink);
	the_validator = fuzz_validator(&the_sink);
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
	/* However many problems an input has, one file reports at most
	 * DIAG_MAX_PER_FILE of them and a last line saying how many more. */
	if (the_sink.count > DIAG_MAX_PER_FILE + 1)
		abort();

	diag_sink_clear(&the_sink);
	return 0;
}
