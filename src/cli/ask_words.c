/* The rules questions as `orbat ask` says them (ask_words.h). */
#include "ask_words.h"

#include <stdio.h>

#include "../base/util.h"

#include "exitcode.h"
#include "options.h"

game_questions *ask_words_read(const game_engine *e, char **words, int count, bool after)
{
	int bad = 0;
	rules_error why;
	game_questions *q = game_questions_read(e, words, count, after, false, &bad, &why);
	/* No question starts with '-': an option put after FILE. */
	if (!q && bad < count && words[bad][0] == '-')
		options_usage("ask", "options go before FILE, not among the queries ('%s')", words[bad]);
	else if (!q)
		options_usage("ask", "%s", why.message);
	return q;
}

static void said(void *ctx, const char *query, const rules_error *why)
{
	(void)ctx;
	fflush(stdout);   /* answers and errors in the order of the questions */
	if (why->rule[0])
		fprintf(stderr, "orbat ask: %s: error: %s [%s]\n", query, why->message, why->rule);
	else
		fprintf(stderr, "orbat ask: %s: error: %s\n", query, why->message);
}

int ask_words_answer(game *g, const game_questions *q, output_format format)
{
	return game_questions_answer(g, q, format == FORMAT_JSON, stdout, said, NULL) ? EXIT_VALID : EXIT_INVALID;
}

void ask_words_in_play(game *g, const char *line, int skip)
{
	char **words = NULL;
	int n = (int)str_split_words(line, &words, 0);
	game_questions *q = ask_words_read(g->impl, words + skip, n - skip, true);
	if (q)
		ask_words_answer(g, q, FORMAT_TEXT);
	game_questions_free(q);
	str_free_words(words, (size_t)n);
}
