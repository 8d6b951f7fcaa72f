/* Whether the diagnostics of a unit test say something: one message holds
 * `part`.  The loaders' tests check what a broken file is told by its key
 * words, not by every word of the message. */
#ifndef ORBAT_TESTS_SINK_SAYS_H
#define ORBAT_TESTS_SINK_SAYS_H

#include <stdbool.h>
#include <string.h>

#include "base/diag.h"

static inline bool sink_says(const diag_sink *sink, const char *part)
{
	for (size_t i = 0; i < sink->count; i++)
		if (strstr(sink->items[i].message, part))
			return true;
	return false;
}

#endif
