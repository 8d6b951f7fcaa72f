/* The questions of a command line read one after another (ask_words.h). */
#include "ask_words.h"

#include "../base/util.h"
#include "exitcode.h"
#include "options.h"

int ask_words_read(char **words, int count, bool after, ask_words_parse *parse, size_t size, const char *names,
	void **out, size_t *n)
{
	char *queries = xcalloc((size_t)count + 1, size);
	*out = queries;
	*n = 0;
	for (int i = 0; i < count;) {
		rules_error why;
		int took = parse(words + i, count - i, after, queries + *n * size, &why);
		/* No question starts with '-': an option put after FILE. */
		if (took == 0 && words[i][0] == '-')
			return options_usage("ask", "options go before FILE, not among the queries ('%s')", words[i]);
		if (took == 0)
			return options_usage("ask", "%s", why.message);
		(*n)++;
		i += took;
	}
	if (*n == 0)
		return options_usage("ask", "name at least one query (%s)", names);
	return EXIT_VALID;
}
