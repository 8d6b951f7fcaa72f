/* The rules questions through the engine table (rules/engine.h), as any
 * program asks them without the command line: a question of each grid
 * read from its words, answered on a game at the scenario's start in text
 * and in JSON with the bytes `orbat ask` prints (tests/rules/ask holds its
 * goldens), a question about nothing said through the caller's function,
 * and the words that cannot be read refused with the word at fault. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine_fixture.h"
#include "rules/engine.h"

/* A scenario of the source tree, ORBAT_DATADIR/../PATH. */
static void load_source(loaded *l, const char *path)
{
	const char *data = getenv("ORBAT_DATADIR");
	assert_non_null(data);
	char *full = xasprintf("%s/../%s", data, path);
	load(l, full);
	free(full);
}

/* What `said` was told, one "QUERY: MESSAGE [RULE]" a line. */
typedef struct told {
	char text[4096];
} told;

static void tell(void *ctx, const char *query, const rules_error *why)
{
	told *t = ctx;
	size_t n = strlen(t->text);
	snprintf(t->text + n, sizeof t->text - n, "%s: %s [%s]\n", query, why->message, why->rule);
}

/* The questions of `words` (spaces between) answered on a new game of
 * the scenario: what was written on the stream, and what said was told;
 * *all whether every question had an answer. */
static char *answer(const char *path, const char *words, bool json, told *t, bool *all)
{
	loaded l;
	load_source(&l, path);
	const game_engine *e = game_engine_of(l.rs, NULL);
	assert_non_null(e);
	rules_error why;
	game *g = game_open(e, l.sc, l.rs, &why);
	assert_non_null(g);
	char **w = NULL;
	size_t n = str_split_words(words, &w, 0);
	int bad = -1;
	game_questions *q = game_questions_read(e, w, (int)n, false, false, &bad, &why);
	assert_non_null(q);
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);
	assert_non_null(out);
	memset(t, 0, sizeof *t);
	*all = game_questions_answer(g, q, json, out, tell, t);
	fclose(out);
	game_questions_free(q);
	str_free_words(w, n);
	game_destroy(g);
	unload(&l);
	return text;
}

#define HEX "tests/rules/scenarios/bc-duel.xml"
#define SQUARE "scenarios/mb-1861.xml"

static void test_hex_text(void **state)
{
	(void)state;
	told t;
	bool all = true;
	char *text = answer(HEX, "dice u1 c1 moves A1", false, &t, &all);
	assert_string_equal(text, "dice u1 (F6) c1 (F4): infantry 'u1' against infantry 'c1', distance 2: 3 dice\n"
				  "  infantry at 2 hexes: 3 dice [bc-4]\n");
	assert_false(all);
	assert_string_equal(t.text, "moves A1: no unit or general at A1 [bc-3]\n");
	free(text);
}

static void test_hex_json(void **state)
{
	(void)state;
	told t;
	bool all = true;
	char *text = answer(HEX, "dice u1 c1 moves A1", true, &t, &all);
	assert_string_equal(text,
		"{\"query\":\"dice\",\"from\":\"F6\",\"to\":\"F4\",\"answers\":1,\"unit\":\"u1\",\"distance\":2,\"dice\":3,"
		"\"allowed\":true,\"reasons\":[\"infantry at 2 hexes: 3 dice [bc-4]\"],\"attacker\":\"u1\",\"target\":\"c1\"}\n"
		"{\"query\":\"moves\",\"from\":\"A1\",\"answers\":1,\"unit\":null,\"reachable\":[],"
		"\"error\":\"no unit or general at A1 [bc-3]\"}\n");
	assert_false(all);
	assert_string_equal(t.text, "");   /* in JSON the error is in the answer */
	free(text);
}

static const char SQUARE_INCOME_TEXT[] =
	"income union: 5 points a turn, 0 lost, 5 a turn now; 5 points in hand, 2 infantry allowed\n"
	"  5 purchase points at the start of each of its turns [mb-11.purchase]\n"
	"  no loss: it holds its capital (while the enemy holds it, 1 less for each of its cities lost) "
	"[mb-11.capitals]\n"
	"  5 points in hand now: unspent points are saved (this turn's income included) [mb-11.purchase]\n"
	"  2 infantry may be bought now (2 a turn, the unused allowance saved) [mb-11.purchase]\n";

static void test_square_text(void **state)
{
	(void)state;
	told t;
	bool all = true;
	char *text = answer(SQUARE, "income union moves nowhere", false, &t, &all);
	assert_string_equal(text, SQUARE_INCOME_TEXT);
	assert_false(all);
	assert_string_equal(t.text,
		"moves nowhere: no unit, general or ship 'nowhere' in this game, and no square of that name [mb-11.ids]\n");
	free(text);
	text = answer(SQUARE, "income union", false, &t, &all);
	assert_true(all);
	assert_string_equal(text, SQUARE_INCOME_TEXT);
	free(text);
}

static void test_square_json(void **state)
{
	(void)state;
	told t;
	bool all = true;
	char *text = answer(SQUARE, "income union", true, &t, &all);
	assert_true(all);
	assert_string_equal(text,
		"{\"query\":\"income\",\"side\":\"union\",\"per_turn\":5,\"penalty\":0,\"capital_lost\":null,"
		"\"cities_lost\":0,\"income\":5,\"points\":5,\"allowance\":2,\"allowance_per_turn\":2,\"to_play\":true,"
		"\"reasons\":[\"5 purchase points at the start of each of its turns [mb-11.purchase]\",\"no loss: it holds "
		"its capital (while the enemy holds it, 1 less for each of its cities lost) [mb-11.capitals]\",\"5 points "
		"in hand now: unspent points are saved (this turn's income included) [mb-11.purchase]\",\"2 infantry may "
		"be bought now (2 a turn, the unused allowance saved) [mb-11.purchase]\"]}\n");
	assert_string_equal(t.text, "");
	free(text);
}

/* Words that cannot be read: NULL, the word at fault and why. */
static void refused(const game_engine *e, const char *words, bool one, int at, const char *message)
{
	char **w = NULL;
	size_t n = str_split_words(words, &w, 0);
	int bad = -1;
	rules_error why;
	rules_error_clear(&why);
	game_questions *q = game_questions_read(e, w, (int)n, false, one, &bad, &why);
	assert_null(q);
	assert_int_equal(bad, at);
	assert_string_equal(why.message, message);
	str_free_words(w, n);
}

static void test_reading(void **state)
{
	(void)state;
	const game_engine *hex = game_engine_of_grid(GRID_HEX), *square = game_engine_of_grid(GRID_SQUARE);
	/* Each grid knows its own questions only: the other's are refused
	 * with the words the command says. */
	assert_true(hex->ask->is_query("los") && !hex->ask->is_query("attack"));
	assert_true(square->ask->is_query("attack") && !square->ask->is_query("los"));
	assert_string_equal(hex->ask->refusal_after, " (ask los, dice, moves, retreat)");
	refused(hex, "", false, 0,
		"name at least one query (los, dice, moves, retreat, reinforcements, sharpshooter, rally)");
	refused(square, "", false, 0, "name at least one query (attack, buy, moves, transport, income)");
	refused(hex, "los C4 F6 fly", false, 3,
		"unknown query 'fly' (los, dice, moves, retreat, reinforcements, sharpshooter, rally)");
	/* A line typed in play holds one question. */
	refused(hex, "los C4 F6 los", true, 3, "one question a line; 'los' is one word too many");
}

/* Every engine takes questions: the table filled in whole. */
static void test_every_engine_asks(void **state)
{
	(void)state;
	const game_engine *e;
	for (size_t i = 0; (e = game_engine_at(i)) != NULL; i++) {
		const game_ask_ops *ask = e->ask;
		assert_non_null(ask);
		assert_true(ask->names && ask->names[0] && ask->query_size > 0);
		assert_true(ask->is_query && ask->parse && ask->answer && ask->refusal_before && ask->refusal_after);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hex_text),
		cmocka_unit_test(test_hex_json),
		cmocka_unit_test(test_square_text),
		cmocka_unit_test(test_square_json),
		cmocka_unit_test(test_reading),
		cmocka_unit_test(test_every_engine_asks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
