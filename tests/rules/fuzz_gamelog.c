/* libFuzzer harness for the game-log parser (src/rules/hex/hex_log.c).
 *
 * Feeds arbitrary bytes to hexlog_parse and checks what must hold for
 * any input: every malformed line gives exactly one diagnostic with a line
 * number inside the input, the actions come in line order, and writing an
 * action back (hexlog_format) gives a line that parses again to the same
 * line.  The parser needs only these sources:
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -I src \
 *     tests/rules/fuzz_gamelog.c src/rules/hex/hex_log.c src/base/util.c \
 *     src/base/diag.c src/geo/hex.c -o fuzz_gamelog
 *   ./fuzz_gamelog -max_total_time=60 tests/rules/fuzz-seeds */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "rules/hex/hex_log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int count_lines(const uint8_t *data, size_t size)
{
	int n = 0;
	size_t i = 0;
	while (i < size) {
		n++;
		while (i < size && data[i] != '\n')
			i++;
		if (i < size)
			i++;
	}
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	gl_log log;
	hexlog_init(&log);
	diag_sink sink;
	diag_sink_init(&sink);
	size_t bad = hexlog_parse((const char *)data, size, "fuzz.log", &log, &sink);
	int lines = count_lines(data, size);
	if (bad != sink.count)
		abort();
	for (size_t i = 0; i < sink.count; i++)
		if (sink.items[i].line < 1 || sink.items[i].line > lines || strcmp(sink.items[i].rule, RULES_ERROR_LOG_RULE) != 0)
			abort();
	int last = 0;
	for (size_t i = 0; i < log.count; i++) {
		const gl_action *a = &log.actions[i];
		if (a->line <= last || a->line > lines)
			abort();
		last = a->line;
		/* Written back, an action reads the same. */
		char *text = hexlog_format(a);
		gl_action again;
		bool empty = false;
		rules_error why;
		if (!hexlog_parse_line(text, 1, &again, &empty, &why) || empty)
			abort();
		char *text2 = hexlog_format(&again);
		if (strcmp(text, text2) != 0)
			abort();
		free(text);
		free(text2);
		hexlog_action_finish(&again);
	}
	hexlog_finish(&log);
	diag_sink_finish(&sink);
	return 0;
}
