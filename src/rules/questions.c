/* The rules questions through a game's engine (engine.h): read one after
 * another by the grid's parser, answered in turn by the grid, and the
 * reasons in JSON as every grid's answers give them. */
#include <stdlib.h>

#include "../base/jsonout.h"
#include "../base/util.h"
#include "engine.h"

/* The i-th question of the list. */
static game_question *question_at(const game_questions *q, size_t i)
{
	return (game_question *)((char *)q->items + i * q->engine->ask->query_size);
}

game_questions *game_questions_read(const game_engine *e, char **words, int count, bool after, bool one, int *bad,
	rules_error *why)
{
	game_questions *q = xcalloc(1, sizeof *q);
	q->engine = e;
	q->items = xcalloc((size_t)count + 1, e->ask->query_size);
	int i = 0;
	while (i < count && !(one && q->count == 1)) {
		rules_error_clear(why);
		int took = e->ask->parse(words + i, count - i, after, question_at(q, q->count), why);
		if (took == 0)
			break;
		q->count++;
		i += took;
	}
	if (i < count && q->count == 1 && one)
		rules_fail(why, RULES_ERROR_LOG_RULE, "one question a line; '%s' is one word too many", words[i]);
	else if (i == count && q->count == 0)
		rules_fail(why, RULES_ERROR_LOG_RULE, "name at least one query (%s)", e->ask->names);
	if (i < count || q->count == 0) {
		*bad = i;
		game_questions_free(q);
		return NULL;
	}
	return q;
}

bool game_questions_answer(game *g, const game_questions *q, bool json, FILE *out, game_ask_said_fn *said, void *ctx)
{
	bool all = true;
	for (size_t i = 0; i < q->count; i++)
		if (!q->engine->ask->answer(g, question_at(q, i), json, out, said, ctx))
			all = false;
	return all;
}

void game_questions_free(game_questions *q)
{
	if (q)
		free(q->items);
	free(q);
}

json_t *game_ask_json_reason(const rules_error *e)
{
	char text[RULES_ERROR_MESSAGE_LEN + RULES_ERROR_RULE_LEN + 4];
	rules_error_format(e, text, sizeof text);
	return jsonout_string(text);
}

json_t *game_ask_json_reasons(const rules_reasons *why)
{
	json_t *list = json_array();
	for (int i = 0; i < why->count; i++)
		json_array_append_new(list, game_ask_json_reason(&why->items[i]));
	return list;
}
